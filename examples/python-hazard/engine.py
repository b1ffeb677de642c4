"""Feuerdiamant's hazard and event steps: a small engine written from Casebook's published docs only.

It was written from the site's field reference (casebook/schemas/feuerdiamant.json
in words) and the clauses, not from the reference engine.  It plays a turn's
roll, the hazard step (FD-HAZ-*) and the event step for the tokens that move
indicators or lay roadblocks (FD-EVT-01..03, FD-HAZ-05); it declines the rest,
by phase, from the schema's own table of which clauses each phase cites.  It
deals the set-up's face-down cards and tokens only because every scenario
starts from a position the engine under test dealt itself; it does not claim
the set-up's clauses.

    casebook verify --impl "cmd:python examples/python-hazard/engine.py" --game feuerdiamant --list
    casebook fuzz   --impl "cmd:python examples/python-hazard/engine.py" --game feuerdiamant
"""

from __future__ import annotations

from casebook import schemas
from casebook.author import Rules, Unsupported

SCHEMA = schemas.load("feuerdiamant")  # the published schema: names, phases and the clauses each cites
PLAYED = ("rolling", "hazard", "events")
DIE = ["brown", "blue", "red", "white", "star", "star"]  # FD-MOD-03: four colours and two stars
COLOURS = SCHEMA["$defs"]["colour"]["enum"]
SPACES = next(e["properties"]["space"]["enum"] for e in SCHEMA["$defs"]["event"]["oneOf"]
              if e.get("properties", {}).get("type") == {"const": "event_token_placed"})  # the spaces that hold event tokens
OTHER_TOKENS = ("shuffle two suspects", "Palisades Park and Hospital")  # FD-EVT-04/05: they touch the board's persons
POOLS = {"events": "event token", "persons": "person", "clues": "clue", "detective": "detective card", "obstacles": "obstacle"}
LAST_SPACE = 15  # an indicator on the last space ends the game (FD-END-04), a part this engine declines


def x2(g, obstacle: str) -> int:
    """2 while the obstacle lies on the board, else 1 (FD-OBS-06..10)."""
    return 2 if any(slot["obstacle"] == obstacle for slot in g["board"].values()) else 1


# -- the protocol: hello's facts and declines (casebook.author does the wire, tables, errors) -------------
def declined() -> list[str]:
    """Every clause of the phases it does not play, the event tokens it does not carry out, and the modelled parts it lacks."""
    clauses = {c for p in SCHEMA["phases"] if p["name"] not in PLAYED for c in p["clauses"]}
    cards = {f"FD-CARD-{n:02d}" for n in range(1, 20)}  # detective cards may be played in any step: none is played here
    return sorted(clauses | cards | {"FD-EVT-04", "FD-EVT-05", "FD-EVT-06", "FD-EVT-07", "FD-HAZ-06", "FD-TURN-02",
                                     "FD-TURN-03", "FD-TURN-04"})


class HazardEngine(Rules):
    name, version = "python-hazard-example", "0.1"
    copy_on_play = True  # a move that runs into a declined part (a full track) is refused whole
    games = {"feuerdiamant": {"players": [2, 4], "declines": declined()}}

    def restore(self, game, state):
        return state  # the published state is this engine's own model

    def snapshot(self, g):
        return g

    # -- the rules ----------------------------------------------------------------------
    def start(self, game, options):
        """The table before the deal, as the field reference describes it; the deal is chance's ``draw`` moves."""
        defaults = {k: v["default"] for k, v in SCHEMA["$defs"]["options"]["properties"].items()}
        options = {**defaults, **options}
        players, level, names = options["players"], options["difficulty"], SCHEMA["$defs"]
        pools = {pool: sorted(c for c, n in SCHEMA["inventory"][kind]["count"].items() for _ in range(n)) for pool, kind in POOLS.items()}
        places = names["board_location"]["enum"]
        draws = ([{"pool": "events", "to": f"{c}:{s}"} for c in COLOURS for s in SPACES]
                 + [{"pool": "persons", "to": loc} for loc in places] + [{"pool": "clues", "to": to} for to in ["set aside", *places]])
        return {"game": game, "options": options, "players": players, "phase": "setup", "current": players[0], "turn": 1,
                "figures": {p: "Zentrale" for p in players}, "tracks": {c: {"indicator": level, "tokens": []} for c in COLOURS},
                "activated": [], "roll": None, "board": {loc: {"person": None, "clue": None, "obstacle": None} for loc in places},
                "roadblocks": [], "beside_board": [], "suspect_track": {s: [] for s in names["suspect"]["enum"]},
                "hands": {p: [] for p in players}, "stacks": {**{k: len(v) for k, v in pools.items()}, "shuffle": 0},
                "box": {"events": [], "obstacles": [], "detective": []}, "draws": draws, "uncovered": [], "cleared": [],
                "set_aside": None, "outcome": None,
                "secret": {"persons": {}, "clues": {}, "set_aside": None, "pools": {**pools, "shuffle": []}}}

    def moves(self, g):
        phase, player = g["phase"], g["current"]
        if phase == "setup":  # FD-SET-*: each pending draw takes any card left in its pool
            pool = g["secret"]["pools"][g["draws"][0]["pool"]]
            return [{"actor": "chance", "action": {"type": "draw", "card": c}, "p": pool.count(c) / len(pool)} for c in sorted(set(pool))]
        if phase == "rolling":  # FD-TURN-01: chance rolls both dice at once
            return [{"actor": "chance", "action": {"type": "roll", "hazard": face, "movement": pips},
                     "p": DIE.count(face) / (len(DIE) * 6)} for face in sorted(set(DIE)) for pips in range(1, 7)]
        if phase == "hazard":  # FD-HAZ-01/02: the die's colour, or any colour on a star
            face = g["roll"]["hazard"]
            return [{"actor": player, "action": {"type": "move_hazard_indicator", "colour": c}}
                    for c in (COLOURS if face == "star" else [face])]
        if phase == "events" and self._token(g, g["activated"][0]) not in OTHER_TOKENS:
            return [{"actor": player, "action": {"type": "carry_out_event"}}]
        raise Unsupported(f"this engine plays only the roll, the hazard step and symbol or roadblock tokens, not {phase}")

    def play(self, g, actor, action):
        events = []
        if action["type"] == "draw":
            self._deal(g, g["draws"].pop(0), action["card"], events)
        elif action["type"] == "roll":
            g["roll"] = {"hazard": action["hazard"], "movement": action["movement"], "colour": None, "bonus": 0}
            events.append({"type": "dice_rolled", "hazard": action["hazard"], "movement": action["movement"]})
            g["phase"] = "hazard"
            return events
        elif action["type"] == "move_hazard_indicator":
            g["roll"]["colour"] = action["colour"]
            self._advance(g, action["colour"], x2(g, "Hazard Die x2"), events)  # FD-OBS-06/07: x2 doubles the die
        else:
            self._carry_out(g, g["activated"].pop(0), events)
        if g["phase"] == "setup":
            g["phase"] = "setup" if g["draws"] else "rolling"
        else:
            g["phase"] = "events" if g["activated"] else "movement"  # FD-HAZ-03: tokens first, then the figure moves
        return events

    def _deal(self, g, draw, card, events):
        pool, to = draw["pool"], draw["to"]
        g["secret"]["pools"][pool].remove(card)
        g["stacks"][pool] -= 1
        if pool == "events":
            colour, space = to.split(":")
            g["tracks"][colour]["tokens"].append({"space": int(space), "token": card})
            events.append({"type": "event_token_placed", "colour": colour, "space": int(space), "token": card})
        elif to == "set aside":
            g["secret"]["set_aside"] = card
            events.append({"type": "clue_set_aside", "secret": {"clue": card}})
        else:
            kind = pool[:-1]  # "persons" -> "person"
            g["board"][to][kind], g["secret"][pool][to] = "face down", card
            events.append({"type": f"{kind}_placed_face_down", "location": to, "secret": {kind: card}})

    def _advance(self, g, colour, spaces, events):
        """FD-HAZ-03/04, FD-EVT-01: each space reached or passed activates its token, in the order reached."""
        track = g["tracks"][colour]
        for _ in range(spaces):
            if track["indicator"] + 1 >= LAST_SPACE:
                raise Unsupported("a full hazard track ends the game (FD-END-04): not played here")
            track["indicator"] += 1
            for t in track["tokens"]:
                if t["space"] == track["indicator"]:
                    g["activated"].append({"colour": colour, "space": t["space"]})
                    events.append({"type": "event_activated", "colour": colour, "space": t["space"], "token": t["token"]})
        events.append({"type": "hazard_indicator_moved", "colour": colour, "to": track["indicator"]})

    def _token(self, g, at):
        return next(t["token"] for t in g["tracks"][at["colour"]]["tokens"] if t["space"] == at["space"])

    def _carry_out(self, g, at, events):
        """FD-HAZ-05: a roadblock goes onto the board, any other token into the box; FD-EVT-01..03: its effect."""
        token = self._token(g, at)
        tokens = g["tracks"][at["colour"]]["tokens"]
        tokens[:] = [t for t in tokens if t["space"] != at["space"]]
        events.append({"type": "event_carried_out", **at, "token": token})
        if token.startswith("roadblock "):
            g["roadblocks"].append(token.removeprefix("roadblock "))  # FD-EVT-02
            return
        g["box"]["events"].append(token)
        if token == "double the hazard die":  # FD-EVT-03: the die's result once more; FD-OBS-08: doubled again by x2
            self._advance(g, g["roll"]["colour"], x2(g, "Hazard Die x2"), events)
        else:  # "2 blue": two spaces of blue; FD-OBS-09/10: "Event Symbols x2" doubles only the token's symbols
            count, colour = token.split(" ")
            self._advance(g, colour, int(count) * x2(g, "Event Symbols x2"), events)


if __name__ == "__main__":
    HazardEngine().serve()
