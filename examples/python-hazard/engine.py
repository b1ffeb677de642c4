"""Feuerdiamant's hazard and event steps: a small engine written from Casebook's published docs only.

It was written from the site's field reference (casebook/schemas/feuerdiamant.json
in words) and the clauses, not from the reference engine.  It plays a turn's
roll, the hazard step (FD-HAZ-*) and the event step for the tokens that move
indicators or lay roadblocks (FD-EVT-01..03, FD-HAZ-05); it declines the rest,
by phase, from the schema's own table of which clauses each phase cites.  It
does not deal: it declines the set-up (``setup``), so every scenario hands it
the reference's dealt position (features/feuerdiamant/positions.json) by
``load``, and ``new`` answers ``unsupported``.

    casebook verify --impl "cmd:python examples/python-hazard/engine.py" --game feuerdiamant --list
    casebook fuzz   --impl "cmd:python examples/python-hazard/engine.py" --game feuerdiamant
"""

from __future__ import annotations

from casebook import schemas
from casebook.adapter import Rules, Unsupported

SCHEMA = schemas.load("feuerdiamant")  # the published schema: names, phases and the clauses each cites
PLAYED = ("rolling", "hazard", "events")
DIE = ["brown", "blue", "red", "white", "star", "star"]  # FD-MOD-03: four colours and two stars
COLOURS = SCHEMA["$defs"]["colour"]["enum"]
OTHER_TOKENS = ("shuffle two suspects", "Palisades Park and Hospital")  # FD-EVT-04/05: they touch the board's persons
LAST_SPACE = 15  # an indicator on the last space ends the game (FD-END-04), a part this engine declines


def x2(g, obstacle: str) -> int:
    """2 while the obstacle lies on the board, else 1 (FD-OBS-06..10)."""
    return 2 if any(slot["obstacle"] == obstacle for slot in g["board"].values()) else 1


# -- the protocol: hello's facts and declines (casebook.adapter does the wire, tables, errors) -------------
def declined() -> list[str]:
    """The set-up, every clause of the phases it does not play, the event tokens it does not carry out,
    and the modelled parts it lacks."""
    clauses = {c for p in SCHEMA["phases"] if p["name"] not in PLAYED for c in p["clauses"]}
    cards = {f"FD-CARD-{n:02d}" for n in range(1, 20)}  # detective cards may be played in any step: none is played here
    return sorted(
        clauses
        | cards
        | {
            "setup",
            "FD-EVT-04",
            "FD-EVT-05",
            "FD-EVT-06",
            "FD-EVT-07",
            "FD-HAZ-06",
            "FD-TURN-02",
            "FD-TURN-03",
            "FD-TURN-04",
        }
    )


class HazardEngine(Rules):
    name, version = "python-hazard-example", "0.1"
    copy_on_play = True  # a move that runs into a declined part (a full track) is refused whole
    games = {"feuerdiamant": {"players": [2, 4], "declines": declined()}}

    def restore(self, game, state):
        return state  # the published state is this engine's own model

    def snapshot(self, g):
        return g

    # -- the rules (no ``start``: it does not deal, so the kit's ``new`` answers unsupported) --------------
    def moves(self, g):
        phase, player = g["phase"], g["current"]
        if phase == "rolling":  # FD-TURN-01: chance rolls both dice at once
            return [
                {
                    "actor": "chance",
                    "action": {"type": "roll", "hazard": face, "movement": pips},
                    "p": DIE.count(face) / (len(DIE) * 6),
                }
                for face in sorted(set(DIE))
                for pips in range(1, 7)
            ]
        if phase == "hazard":  # FD-HAZ-01/02: the die's colour, or any colour on a star
            face = g["roll"]["hazard"]
            return [
                {"actor": player, "action": {"type": "move_hazard_indicator", "colour": c}}
                for c in (COLOURS if face == "star" else [face])
            ]
        if phase == "events" and self._token(g, g["activated"][0]) not in OTHER_TOKENS:
            return [{"actor": player, "action": {"type": "carry_out_event"}}]
        raise Unsupported(
            f"this engine plays only the roll, the hazard step and symbol or roadblock tokens, not {phase}"
        )

    def play(self, g, actor, action):
        events = []
        if action["type"] == "roll":
            g["roll"] = {"hazard": action["hazard"], "movement": action["movement"], "colour": None, "bonus": 0}
            events.append({"type": "dice_rolled", "hazard": action["hazard"], "movement": action["movement"]})
            g["phase"] = "hazard"
            return events
        elif action["type"] == "move_hazard_indicator":
            g["roll"]["colour"] = action["colour"]
            self._advance(g, action["colour"], x2(g, "Hazard Die x2"), events)  # FD-OBS-06/07: x2 doubles the die
        else:
            self._carry_out(g, g["activated"].pop(0), events)
        g["phase"] = "events" if g["activated"] else "movement"  # FD-HAZ-03: tokens first, then the figure moves
        return events

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
                    events.append(
                        {"type": "event_activated", "colour": colour, "space": t["space"], "token": t["token"]}
                    )
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
