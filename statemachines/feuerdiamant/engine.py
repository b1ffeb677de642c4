"""The reference model of Feuerdiamant: guards, effects, legal/apply/view.

Canonical state (see casebook/schemas/feuerdiamant.json)::

    game, players, phase, difficulty, active, turn
    figures        {player: space}               a location or a fingerprint space
    tracks         {colour: {indicator, tokens: [{space, token}]}}
    activated      [{colour, space}]             event tokens reached, not yet carried out
    roll           {hazard, movement, colour, bonus} | null   this turn's dice
    board          {location: {person, clue, obstacle}}     "face down" hides a card
    roadblocks     [path]                        roadblocks lying on the board
    beside_board   [person]                      persons in hiding, face up
    suspect_track  {suspect: [clue]}             clues matched by interrogations
    hands          {player: [card]}              detective cards (public: a cooperative game)
    stacks         {pool: count}                 how many cards each face-down pool holds
    box            {events, obstacles, detective}  what has left the game
    draws          [{pool, to}]                  chance draws an effect has queued
    uncovered, cleared, set_aside, outcome
    secret         {persons, clues, set_aside, pools}  what nobody sees

Legality lives in the guards (``can_*``, named in machine.py); ``_moves``
enumerates with the same helpers, so ``apply`` (core) accepts exactly that.
"""

from __future__ import annotations

from collections import Counter

from casebook.protocol import CHANCE
from statemachines.legacy import GameModel, json_copy, shared_machine

from . import rules as R
from .machine import (
    ACTION, ANY_TIME_PHASES, DETECTIVE_CARDS, EVENTS, HAZARD, INITIAL, LOST, MOVEMENT, PERSON,
    ROLLING, SETUP, STATES, TRANSITIONS, WON,
)

FACE_DOWN = "face down"
SET_ASIDE = "set aside"
BOARD_LOCATIONS = tuple(loc for loc in R.LOCATIONS if loc != R.CENTRAL_OFFICE)
POOLS = ("events", "persons", "clues", "detective", "obstacles", "shuffle")

# action type -> the keys it may carry (besides "type"); shape errors are bad_request
ACTION_KEYS = {
    "draw": {"card"}, "roll": {"hazard", "movement"},
    "move_hazard_indicator": {"colour"}, "carry_out_event": {"suspects"},
    "move": {"to"}, "reveal_clue": set(), "reveal_person": set(), "interrogate": {"clue_at"},
    "use_helper": {"helper", "person", "to", "obstacle_at", "path"},
    "remove_obstacle": set(), "remove_roadblock": {"path"}, "draw_detective_card": set(), "end_action": set(),
    "play": {"card", "colour", "space", "choice", "path", "person", "to"},
    "accuse": {"suspect"}, "end_turn": set(),
}
VOCABULARY = {
    "colour": set(R.COLOURS), "hazard": set(R.HAZARD_FACES), "movement": set(R.MOVEMENT_FACES),
    "to": set(R.SPACES), "clue_at": set(R.LOCATIONS), "obstacle_at": set(R.LOCATIONS),
    "path": set(R.PATH_NAMES), "helper": set(R.HELPERS), "person": set(R.PERSONS),
    "suspect": set(R.SUSPECTS), "space": set(R.EVENT_SPACES),
    "choice": {"draw", "move back", "discard event"},
}


class Feuerdiamant(GameModel):
    machine = shared_machine(STATES, TRANSITIONS, INITIAL)

    def __init__(self, data: dict, phase: str):
        super().__init__()
        self.s = data
        self.players = data["players"]
        if phase != INITIAL:
            self.machine.set_state(phase, model=self)

    # -- construction --------------------------------------------------------------
    @classmethod
    def new(cls, players: list[str], difficulty: int) -> "Feuerdiamant":
        data = {
            "game": R.GAME_ID, "players": list(players), "difficulty": difficulty,
            "active": players[0], "turn": 1,  # FD-TURN-03: the first named player begins
            "figures": {p: R.CENTRAL_OFFICE for p in players},  # FD-SET-02
            "tracks": {c: {"indicator": difficulty, "tokens": []} for c in R.COLOURS},  # FD-SET-01
            "activated": [], "roll": None,
            "board": {loc: {"person": None, "clue": None, "obstacle": None} for loc in BOARD_LOCATIONS},
            "roadblocks": [], "beside_board": [],
            "suspect_track": {s: [] for s in R.SUSPECTS},
            "hands": {p: [] for p in players},
            "box": {"events": [], "obstacles": [], "detective": []},
            "uncovered": [], "cleared": [], "set_aside": None, "outcome": None,
            "secret": {
                "persons": {}, "clues": {}, "set_aside": None,
                "pools": {
                    "events": sorted(R.EVENT_TOKENS.elements()), "persons": sorted(R.PERSONS),
                    "clues": sorted(R.CLUES), "detective": sorted(R.DETECTIVE_DECK.elements()),
                    "obstacles": sorted(R.OBSTACLES), "shuffle": [],
                },
            },
        }
        # FD-SET-03/05/06: the set-up is dealt by chance, one card or token at a time
        draws = [{"pool": "events", "to": f"{c}:{n}"} for c in R.COLOURS for n in R.EVENT_SPACES]
        draws += [{"pool": "persons", "to": loc} for loc in BOARD_LOCATIONS]
        draws += [{"pool": "clues", "to": SET_ASIDE}] + [{"pool": "clues", "to": loc} for loc in BOARD_LOCATIONS]
        data["draws"] = draws
        data["stacks"] = {}
        model = cls(data, INITIAL)
        model._count_stacks()
        return model

    @classmethod
    def from_json(cls, state: dict) -> "Feuerdiamant":
        data = json_copy(state)
        phase = data.pop("phase")
        model = cls(data, phase)
        model._events = []
        model._count_stacks()  # derived fields follow the cards, so an edited state stays coherent
        model._update_findings()
        return model

    def to_json(self) -> dict:
        out = json_copy(self.s)
        out["phase"] = self.phase
        return out

    # -- small readers -------------------------------------------------------------
    @property
    def active(self) -> str:
        return self.s["active"]

    def _here(self) -> str:
        return self.s["figures"][self.active]

    def _obstacles(self) -> set[str]:
        return {b["obstacle"] for b in self.s["board"].values() if b["obstacle"]}

    def _pool(self, name: str) -> list:
        return self.s["secret"]["pools"][name]

    def _deck_allows_drawing(self) -> bool:
        return bool(self._pool("detective")) and R.NO_DETECTIVE_CARDS not in self._obstacles()

    def _blocked(self, loc: str) -> bool:
        """FD-OBS-01: a location with an obstacle allows nothing but removing it."""
        return loc in self.s["board"] and self.s["board"][loc]["obstacle"] is not None

    def _count_stacks(self) -> None:
        self.s["stacks"] = {p: len(self._pool(p)) for p in POOLS}

    def _face_up_suspects(self) -> dict[str, str]:
        return {loc: b["person"] for loc, b in self.s["board"].items() if b["person"] in R.SUSPECTS}

    def _token_at(self, colour: str, space: int) -> str | None:
        for t in self.s["tracks"][colour]["tokens"]:
            if t["space"] == space:
                return t["token"]
        return None

    def _first_token_ahead(self, colour: str) -> dict | None:
        """FD-CARD-07/08: the first event token beyond the indicator on that track."""
        track = self.s["tracks"][colour]
        ahead = [t for t in track["tokens"] if t["space"] > track["indicator"]]
        return min(ahead, key=lambda t: t["space"]) if ahead else None

    def _empty_locations(self) -> list[str]:
        return [loc for loc, b in self.s["board"].items() if b["person"] is None]

    # -- guards (named in machine.py) ------------------------------------------------
    def a_draw_is_pending(self, *_) -> bool:
        return bool(self.s["draws"])

    def an_event_is_activated(self, *_) -> bool:
        return bool(self.s["activated"])

    def can_move_hazard_indicator(self, actor, action) -> bool:
        return actor == self.active and action.get("colour") in self._hazard_colours()

    def can_reach(self, actor, action) -> bool:
        return actor == self.active and action.get("to") in self._reachable()

    def clue_lies_face_down_here(self, actor, action) -> bool:
        here = self._here()
        return here in self.s["board"] and not self._blocked(here) and self.s["board"][here]["clue"] == FACE_DOWN

    def person_lies_face_down_here(self, actor, action) -> bool:
        here = self._here()
        return here in self.s["board"] and not self._blocked(here) and self.s["board"][here]["person"] == FACE_DOWN

    def can_interrogate(self, actor, action) -> bool:
        return action.get("clue_at") in self._interrogation_targets()

    def can_use_helper(self, actor, action) -> bool:
        return action in self._helper_uses()

    def can_remove_here(self, actor, action) -> bool:
        return action in self._removals()

    def can_draw_in_central_office(self, actor, action) -> bool:
        return self._here() == R.CENTRAL_OFFICE and self._deck_allows_drawing()

    def card_is_playable(self, actor, action) -> bool:
        return {"actor": actor, "action": action} in self._card_plays()

    def names_the_culprit(self, actor, action) -> bool:
        return R.CLUES[self.s["secret"]["set_aside"]][0] == action["suspect"]

    # -- enumerators ------------------------------------------------------------------
    def _hazard_colours(self) -> list[str]:
        face = self.s["roll"]["hazard"]
        return list(R.COLOURS) if face == "star" else [face]  # FD-HAZ-02: the star lets you choose

    def _allowance(self) -> int:
        roll = self.s["roll"]
        minus = 2 if R.MOVEMENT_MINUS_2 in self._obstacles() else 0  # FD-OBS-11/12
        return max(0, roll["movement"] + roll["bonus"] - minus)

    def _reachable(self) -> set[str]:
        """FD-MOV-01/02/05: up to the allowance along paths, no roadblocked space entered."""
        blocked = {R.ROADBLOCK_SPACE[p] for p in self.s["roadblocks"]}
        start = self._here()
        seen, frontier = {start}, [start]
        for _ in range(self._allowance()):
            nxt = []
            for space in frontier:
                for n in R.SPACES[space]:
                    if n not in seen and n not in blocked:
                        seen.add(n)
                        nxt.append(n)
            frontier = nxt
        return seen

    def _interrogated(self) -> str | None:
        """The face-up suspect the active player may interrogate here, if any."""
        here = self._here()
        if here not in self.s["board"] or self._blocked(here) or R.NO_SUSPECTS in self._obstacles():
            return None  # FD-OBS-02
        person = self.s["board"][here]["person"]
        return person if person in R.SUSPECTS else None

    def _interrogation_targets(self) -> list[str]:
        """FD-INT-03/08: any clue on the board, face up or down, where no obstacle lies."""
        if self.phase not in (ACTION, PERSON) or self._interrogated() is None:
            return []
        return [loc for loc, b in self.s["board"].items() if b["clue"] is not None and b["obstacle"] is None]

    def _helper_uses(self) -> list[dict]:
        here = self._here()
        if self.phase not in (ACTION, PERSON) or here not in self.s["board"] or self._blocked(here):
            return []
        helper = self.s["board"][here]["person"]
        if helper not in R.HELPERS or R.NO_HELPERS in self._obstacles():
            return []  # FD-OBS-03
        use = {"type": "use_helper", "helper": helper}
        if helper == "Morton":  # FD-HLP-01
            return [use | {"person": p, "to": loc} for p in self.s["beside_board"] for loc in self._empty_locations()]
        if helper == "Uncle Titus":  # FD-HLP-03/04
            return [use | {"obstacle_at": loc} for loc, b in self.s["board"].items() if b["obstacle"]] + [
                use | {"path": p} for p in self.s["roadblocks"]
            ]
        return [use] if self._deck_allows_drawing() else []  # FD-HLP-05: Aunt Mathilda

    def _removals(self) -> list[dict]:
        """FD-REM-01: a second figure on this location lets you remove its obstacle or an adjacent roadblock."""
        here = self._here()
        if self.phase != ACTION or here not in R.LOCATIONS:
            return []
        if sum(1 for p in self.players if self.s["figures"][p] == here) < 2:
            return []
        if self._blocked(here):
            return [{"type": "remove_obstacle"}]  # FD-OBS-01: the only action left there
        return [{"type": "remove_roadblock", "path": p} for p in self.s["roadblocks"] if here in R.PATH_ENDS[p]]

    def _card_plays(self) -> list[dict]:
        """Every detective card anyone may play now (FD-CARD-*), as moves."""
        if self.phase not in ANY_TIME_PHASES or self.s["draws"]:
            return []
        if R.NO_DETECTIVE_CARDS in self._obstacles():
            return []  # FD-OBS-04
        moves = []
        for player in self.players:
            cards = set(self.s["hands"][player])
            for card in sorted(cards & set(R.ANY_TIME)):
                moves += [{"actor": player, "action": a} for a in self._any_time_options(card)]
            if player == self.active and self.phase == DETECTIVE_CARDS:
                for card in sorted(cards - set(R.ANY_TIME)):
                    moves += [{"actor": player, "action": a} for a in self._end_of_turn_options(card)]
        return moves

    def _any_time_options(self, card: str) -> list[dict]:
        play = {"type": "play", "card": card}
        tracks = self.s["tracks"]
        if card == R.IGNORE_EVENT:  # FD-CARD-03: any token still on a track
            return [play | {"colour": c, "space": t["space"]} for c in R.COLOURS for t in tracks[c]["tokens"]]
        if card == R.IGNORE_HAZARD_DIE:  # FD-CARD-04: only before the result is carried out
            return [play] if self.phase == HAZARD else []
        if card == R.INVESTIGATION_SUCCESS:  # FD-CARD-05
            return [play | {"colour": c} for c in R.COLOURS if tracks[c]["indicator"] > R.TRACK_FIRST]
        if card == R.MOVEMENT_PLUS_3:  # FD-CARD-02: useful only until the figure has moved
            return [play] if self.phase in (HAZARD, EVENTS, MOVEMENT) else []
        return []

    def _end_of_turn_options(self, card: str) -> list[dict]:
        play = {"type": "play", "card": card}
        here = self._here()
        tracks = self.s["tracks"]
        at_location = here in self.s["board"] and not self._blocked(here)
        person_here = self.s["board"][here]["person"] if at_location else None
        back = [play | {"colour": c} for c in R.COLOURS if tracks[c]["indicator"] > R.TRACK_FIRST]
        ahead = [play | {"colour": c} for c in R.COLOURS if self._first_token_ahead(c)]
        if card == R.CENTRAL_OFFICE_CARD:  # FD-CARD-07
            if here != R.CENTRAL_OFFICE:
                return []
            options = [play | {"choice": "draw"}] if self._deck_allows_drawing() else []
            options += [a | {"choice": "move back"} for a in back]
            return options + [a | {"choice": "discard event"} for a in ahead]
        if card in R.SUSPECTS:  # FD-CARD-08
            ok = person_here == card and R.NO_SUSPECTS not in self._obstacles()
            return ahead if ok else []
        if card in R.HELPERS:  # FD-CARD-09
            ok = person_here == card and R.NO_HELPERS not in self._obstacles()
            return back if ok else []
        if card == R.REMOVE_OBSTACLE:  # FD-CARD-10
            return [play] if self._blocked(here) else []
        if card == R.REMOVE_ROADBLOCK:  # FD-CARD-11
            return [play | {"path": p} for p in self.s["roadblocks"] if here in R.PATH_ENDS[p]] if at_location else []
        if card == R.RECALL:  # FD-CARD-12
            return [play | {"person": p, "to": loc} for p in self.s["beside_board"] for loc in self._empty_locations()]
        return []

    # -- legal moves ----------------------------------------------------------------------
    def _moves(self) -> list[dict]:
        phase = self.phase
        if phase in (WON, LOST):
            return []
        if self.s["draws"]:
            return self._chance_draws()
        if phase == ROLLING:  # FD-TURN-01: both dice at once
            faces = Counter(R.HAZARD_FACES)
            n = len(R.HAZARD_FACES) * len(R.MOVEMENT_FACES)
            return [
                {"actor": CHANCE, "action": {"type": "roll", "hazard": h, "movement": m}, "p": k / n}
                for h, k in faces.items() for m in R.MOVEMENT_FACES
            ]
        me = self.active
        mine: list[dict] = []
        if phase == HAZARD:
            mine = [{"type": "move_hazard_indicator", "colour": c} for c in self._hazard_colours()]
        elif phase == EVENTS:
            mine = self._event_options()
        elif phase == MOVEMENT:
            mine = [{"type": "move", "to": s} for s in sorted(self._reachable())]
        elif phase in (ACTION, PERSON):
            mine = self._action_options()
        elif phase == DETECTIVE_CARDS:  # FD-END-01: accuse, or end the turn
            mine = [{"type": "accuse", "suspect": s} for s in R.SUSPECTS] + [{"type": "end_turn"}]
        return [{"actor": me, "action": a} for a in mine] + self._card_plays()

    def _chance_draws(self) -> list[dict]:
        pool = Counter(self._pool(self.s["draws"][0]["pool"]))
        total = sum(pool.values())
        return [{"actor": CHANCE, "action": {"type": "draw", "card": c}, "p": k / total} for c, k in sorted(pool.items())]

    def _event_options(self) -> list[dict]:
        head = self.s["activated"][0]
        if self._token_at(head["colour"], head["space"]) == "shuffle two suspects":
            up = sorted(self._face_up_suspects().values())
            if len(up) > 2:  # FD-EVT-05: the active player picks the two
                return [{"type": "carry_out_event", "suspects": [a, b]} for i, a in enumerate(up) for b in up[i + 1:]]
        return [{"type": "carry_out_event"}]

    def _action_options(self) -> list[dict]:
        options = [{"type": "end_action"}]
        here = self._here()
        if self.phase == ACTION and here in self.s["board"]:
            if self.clue_lies_face_down_here(None, None):
                options.append({"type": "reveal_clue"})
            if self.person_lies_face_down_here(None, None):
                options.append({"type": "reveal_person"})
        options += [{"type": "interrogate", "clue_at": loc} for loc in self._interrogation_targets()]
        options += self._helper_uses() + self._removals()
        if self.phase == ACTION and self.can_draw_in_central_office(None, None):
            options.append({"type": "draw_detective_card"})
        return options

    # -- shape ------------------------------------------------------------------------------
    def _shape_error(self, actor: str, action: dict) -> str | None:
        kind = action["type"]
        if kind not in ACTION_KEYS:
            return f"no action {kind!r}; actions are {sorted(ACTION_KEYS)}"
        extra = set(action) - {"type"} - ACTION_KEYS[kind]
        if extra:
            return f"{kind} takes no {sorted(extra)}"
        for key, value in action.items():
            if key in VOCABULARY and not _hashable_in(value, VOCABULARY[key]):
                return f"{key}={value!r} names nothing in this game"
        if kind == "play" and action.get("card") not in R.DETECTIVE_DECK:
            return f"no detective card {action.get('card')!r}"
        if kind == "carry_out_event" and "suspects" in action:
            s = action["suspects"]
            if not (isinstance(s, list) and len(s) == 2 and all(_hashable_in(x, set(R.SUSPECTS)) for x in s)):
                return "suspects must name two suspects"
        return None

    # -- perform ------------------------------------------------------------------------------
    def _perform(self, actor: str, action: dict) -> list[dict]:
        self._events: list[dict] = []
        kind = action["type"]
        if kind == "play":
            card = action["card"]
            trigger = ("ignore_hazard_die" if card == R.IGNORE_HAZARD_DIE
                       else "play_any_time_card" if card in R.ANY_TIME else "play_end_of_turn_card")
        elif kind == "roll":
            trigger = "roll_dice"
        else:
            trigger = kind
        fired = getattr(self, trigger)(actor, action)
        assert fired, f"guard refused a listed move {action}"
        self._after(actor, action)
        self._settle()
        self._count_stacks()
        self._invalidate()
        return self._events

    def _after(self, actor: str, action: dict) -> None:
        """The effect of the move just fired (legality was settled before the machine moved)."""
        getattr(self, "_do_" + action["type"])(actor, action)

    def _settle(self) -> None:
        """Automatic steps: a full track loses; a finished set-up or event list moves on."""
        while True:
            if self.s["outcome"] and self.phase not in (WON, LOST):
                self.hazard_track_full()
            elif self.phase == SETUP and not self.s["draws"]:
                self.finish_setup()
            elif self.phase == EVENTS and not self.s["activated"] and not self.s["draws"]:
                self.finish_events()
            else:
                break
        self._update_findings()

    def _emit(self, **event) -> None:
        self._events.append(event)

    # chance ----------------------------------------------------------------------------------
    def _do_draw(self, actor, action) -> None:
        draw = self.s["draws"].pop(0)
        card, pool, to = action["card"], draw["pool"], draw["to"]
        self._pool(pool).remove(card)
        secret = self.s["secret"]
        if pool == "events":
            colour, space = to.split(":")
            self.s["tracks"][colour]["tokens"].append({"space": int(space), "token": card})
            self._emit(type="event_token_placed", colour=colour, space=int(space), token=card)
        elif pool in ("persons", "shuffle"):
            secret["persons"][to] = card
            self.s["board"][to]["person"] = FACE_DOWN
            self._emit(type="person_placed_face_down", location=to, secret={"person": card})
        elif pool == "clues" and to == SET_ASIDE:
            secret["set_aside"] = card
            self._emit(type="clue_set_aside", secret={"clue": card})
        elif pool == "clues":
            secret["clues"][to] = card
            self.s["board"][to]["clue"] = FACE_DOWN
            self._emit(type="clue_placed_face_down", location=to, secret={"clue": card})
        elif pool == "obstacles":  # FD-ACT-03: the token lies face up on the location
            self.s["board"][to]["obstacle"] = card
            self._emit(type="obstacle_placed", location=to, obstacle=card)
        elif pool == "detective":
            self.s["hands"][to] = sorted(self.s["hands"][to] + [card])
            self._emit(type="detective_card_drawn", player=to, card=card)

    def _queue(self, pool: str, to: str, n: int = 1) -> None:
        """Queue up to n draws from a pool, never more than it holds (FD-ACT-04, FD-CO-02, FD-HLP-05)."""
        queued = sum(1 for d in self.s["draws"] if d["pool"] == pool)
        for _ in range(max(0, min(n, len(self._pool(pool)) - queued))):
            self.s["draws"].append({"pool": pool, "to": to})

    def _earn_detective_cards(self, n: int = 1) -> None:
        if R.NO_DETECTIVE_CARDS not in self._obstacles():  # FD-OBS-04: not even for a removal
            self._queue("detective", self.active, n)

    def _do_roll(self, actor, action) -> None:
        self.s["roll"] = {"hazard": action["hazard"], "movement": action["movement"], "colour": None, "bonus": 0}
        self._emit(type="dice_rolled", hazard=action["hazard"], movement=action["movement"])

    # hazard and events ---------------------------------------------------------------------------
    def _advance(self, colour: str, steps: int) -> None:
        """FD-HAZ-03/04: each token reached or passed is activated, nearest first; the last space loses."""
        track = self.s["tracks"][colour]
        for _ in range(steps):
            if self.s["outcome"]:
                return
            track["indicator"] += 1
            space = track["indicator"]
            if self._token_at(colour, space) is not None:
                self.s["activated"].append({"colour": colour, "space": space})
                self._emit(type="event_activated", colour=colour, space=space, token=self._token_at(colour, space))
            if space >= R.TRACK_LAST:  # FD-END-04
                self.s["outcome"] = {"result": "lost", "track": colour, "case": R.CASES[colour], "reason": R.LOSS[colour]}
                self._emit(type="game_lost", track=colour, reason=R.LOSS[colour])
        self._emit(type="hazard_indicator_moved", colour=colour, to=track["indicator"])

    def _do_move_hazard_indicator(self, actor, action) -> None:
        colour = action["colour"]
        self.s["roll"]["colour"] = colour
        doubled = R.HAZARD_DIE_X2 in self._obstacles()  # FD-OBS-06 (the star too: FD-OBS-07)
        self._advance(colour, 2 if doubled else 1)

    def _take_token(self, colour: str, space: int) -> str:
        tokens = self.s["tracks"][colour]["tokens"]
        token = next(t for t in tokens if t["space"] == space)
        tokens.remove(token)
        self.s["activated"] = [a for a in self.s["activated"] if (a["colour"], a["space"]) != (colour, space)]
        return token["token"]

    def _do_carry_out_event(self, actor, action) -> None:
        head = self.s["activated"][0]
        token = self._take_token(head["colour"], head["space"])
        self._emit(type="event_carried_out", colour=head["colour"], space=head["space"], token=token)
        if token.startswith(R.ROADBLOCK_PREFIX):  # FD-EVT-02: roadblocks go onto the board
            path = token[len(R.ROADBLOCK_PREFIX):]
            self.s["roadblocks"] = sorted(set(self.s["roadblocks"]) | {path})
            return
        self.s["box"]["events"].append(token)  # FD-HAZ-05: every other token goes into the box
        if token[0] in "12" and token[1] == " ":  # FD-EVT-01: one or two hazard symbols
            times = 2 if R.EVENT_SYMBOLS_X2 in self._obstacles() else 1  # FD-OBS-09/10
            self._advance(token[2:], int(token[0]) * times)
        elif token == "double the hazard die":  # FD-EVT-03, FD-OBS-08
            colour = self.s["roll"]["colour"]
            if colour:
                self._advance(colour, 2 if R.HAZARD_DIE_X2 in self._obstacles() else 1)
        elif token == "Palisades Park and Hospital":  # FD-EVT-04
            for loc in ("Palisades Park", "Hospital"):
                self._hide_if_suspect(loc)
        elif token == "shuffle two suspects":  # FD-EVT-05
            up = self._face_up_suspects()
            chosen = action.get("suspects") or sorted(up.values())
            where = sorted(loc for loc, s in up.items() if s in chosen)
            if len(where) == 1:
                loc = where[0]
                self.s["secret"]["persons"][loc] = up[loc]
                self.s["board"][loc]["person"] = FACE_DOWN
            elif len(where) == 2:
                for loc in where:
                    self._pool("shuffle").append(up[loc])
                    self.s["board"][loc]["person"] = None
                    self.s["draws"].append({"pool": "shuffle", "to": loc})
                self._pool("shuffle").sort()

    def _hide_if_suspect(self, loc: str) -> None:
        person = self.s["board"][loc]["person"]
        if person in R.SUSPECTS:
            self.s["board"][loc]["person"] = None
            self.s["beside_board"] = sorted(self.s["beside_board"] + [person])
            self._emit(type="suspect_hides", suspect=person, location=loc)

    # movement -------------------------------------------------------------------------------------
    def _do_move(self, actor, action) -> None:
        self.s["figures"][actor] = action["to"]
        self._emit(type="figure_moved", player=actor, to=action["to"])

    # actions ----------------------------------------------------------------------------------------
    def _turn_clue_up(self, loc: str) -> bool:
        """Reveal the face-down clue at loc; True when its obstacle symbol brings a token (FD-ACT-03/04)."""
        clue = self.s["secret"]["clues"].pop(loc)
        self.s["board"][loc]["clue"] = clue
        self._emit(type="clue_revealed", location=loc, clue=clue, suspect=R.CLUES[clue][0], colour=R.CLUES[clue][1])
        if R.CLUES[clue][2] and len(self._pool("obstacles")) > sum(1 for d in self.s["draws"] if d["pool"] == "obstacles"):
            self._queue("obstacles", loc)
            return True
        return False

    def _do_reveal_clue(self, actor, action) -> None:
        self._turn_clue_up(self._here())

    def _do_reveal_person(self, actor, action) -> None:
        here = self._here()
        person = self.s["secret"]["persons"].pop(here)
        self.s["board"][here]["person"] = person
        self._emit(type="person_revealed", location=here, person=person)

    def _do_interrogate(self, actor, action) -> None:
        here, loc = self._here(), action["clue_at"]
        suspect = self.s["board"][here]["person"]
        if self.s["board"][loc]["clue"] == FACE_DOWN and self._turn_clue_up(loc):
            self._emit(type="interrogation_cut_short", suspect=suspect, location=loc)  # FD-INT-07
            return
        clue = self.s["board"][loc]["clue"]
        if R.CLUES[clue][0] == suspect:  # FD-INT-04/05: a match
            self.s["board"][loc]["clue"] = None
            self.s["suspect_track"][suspect].append(clue)
            self._emit(type="interrogation_succeeded", suspect=suspect, clue=clue)
            self._queue("clues", loc)
            self._earn_detective_cards()
        else:  # FD-INT-06: a mismatch; the suspect goes into hiding
            self.s["board"][here]["person"] = None
            self.s["beside_board"] = sorted(self.s["beside_board"] + [suspect])
            self._emit(type="interrogation_failed", suspect=suspect, clue=clue)
            self._emit(type="suspect_hides", suspect=suspect, location=here)

    def _do_use_helper(self, actor, action) -> None:
        helper = action["helper"]
        self._emit(type="helper_used", helper=helper)
        if helper == "Morton":
            self._return_person(action["person"], action["to"])
        elif helper == "Uncle Titus":
            self._remove(action.get("obstacle_at"), action.get("path"))
        else:
            self._earn_detective_cards(2)

    def _return_person(self, person: str, loc: str) -> None:
        self.s["beside_board"].remove(person)
        self.s["board"][loc]["person"] = person
        self._emit(type="person_returned", person=person, location=loc)

    def _remove(self, obstacle_at: str | None, path: str | None) -> None:
        """FD-REM-01, FD-HLP-03, FD-OBS-05: a removed obstacle or roadblock goes into the box and earns a detective card."""
        if obstacle_at:
            token = self.s["board"][obstacle_at]["obstacle"]
            self.s["board"][obstacle_at]["obstacle"] = None
            self.s["box"]["obstacles"].append(token)
            self._emit(type="obstacle_removed", location=obstacle_at, obstacle=token)
        else:
            self.s["roadblocks"].remove(path)
            self.s["box"]["events"].append(R.ROADBLOCK_PREFIX + path)
            self._emit(type="roadblock_removed", path=path)
        self._earn_detective_cards()

    def _do_remove_obstacle(self, actor, action) -> None:
        self._remove(self._here(), None)

    def _do_remove_roadblock(self, actor, action) -> None:
        self._remove(None, action["path"])

    def _do_draw_detective_card(self, actor, action) -> None:
        self._earn_detective_cards()

    def _do_end_action(self, actor, action) -> None:
        pass

    # detective cards ------------------------------------------------------------------------------------
    def _move_back(self, colour: str, steps: int) -> None:
        track = self.s["tracks"][colour]
        track["indicator"] = max(R.TRACK_FIRST, track["indicator"] - steps)
        self._emit(type="hazard_indicator_moved", colour=colour, to=track["indicator"])

    def _discard_first_ahead(self, colour: str) -> None:
        token = self._first_token_ahead(colour)
        self._take_token(colour, token["space"])
        self.s["box"]["events"].append(token["token"])
        self._emit(type="event_token_discarded", colour=colour, space=token["space"], token=token["token"])

    def _do_play(self, actor, action) -> None:
        card = action["card"]
        self.s["hands"][actor].remove(card)
        self.s["box"]["detective"].append(card)
        self._emit(type="detective_card_played", player=actor, card=card)
        if card == R.IGNORE_EVENT:
            token = self._take_token(action["colour"], action["space"])
            self.s["box"]["events"].append(token)
        elif card == R.IGNORE_HAZARD_DIE:
            pass  # the machine skipped the hazard step
        elif card == R.INVESTIGATION_SUCCESS:
            self._move_back(action["colour"], 1)
        elif card == R.MOVEMENT_PLUS_3:
            self.s["roll"]["bonus"] += R.MOVEMENT_BONUS  # for the active player, whoever played it
        elif card == R.CENTRAL_OFFICE_CARD:
            choice = action["choice"]
            if choice == "draw":
                self._earn_detective_cards(2)
            elif choice == "move back":
                self._move_back(action["colour"], R.CENTRAL_OFFICE_BACK)
            else:
                self._discard_first_ahead(action["colour"])
        elif card in R.SUSPECTS:
            self._discard_first_ahead(action["colour"])
        elif card in R.HELPERS:
            self._move_back(action["colour"], R.HELPER_CARD_BACK)
        elif card == R.REMOVE_OBSTACLE:
            self._remove(self._here(), None)
        elif card == R.REMOVE_ROADBLOCK:
            self._remove(None, action["path"])
        elif card == R.RECALL:
            self._return_person(action["person"], action["to"])

    def _do_accuse(self, actor, action) -> None:
        clue = self.s["secret"]["set_aside"]
        self.s["secret"]["set_aside"] = None
        self.s["set_aside"] = clue
        culprit = R.CLUES[clue][0]
        result = WON if culprit == action["suspect"] else LOST
        self.s["outcome"] = {"result": result, "accused": action["suspect"], "culprit": culprit}
        self._emit(type="accused", player=actor, suspect=action["suspect"], clue=clue, culprit=culprit, result=result)

    def _do_end_turn(self, actor, action) -> None:
        i = self.players.index(self.active)
        self.s["active"] = self.players[(i + 1) % len(self.players)]  # FD-TURN-03: clockwise
        self.s["turn"] += 1
        self.s["roll"] = None
        self._emit(type="turn_ended", next=self.s["active"])

    # findings --------------------------------------------------------------------------------------------
    def _update_findings(self) -> None:
        """FD-UNC-01 and FD-IDEA-02: cases uncovered, suspects cleared, by the clues visible."""
        visible = [c for clues in self.s["suspect_track"].values() for c in clues]
        visible += [b["clue"] for b in self.s["board"].values() if b["clue"] not in (None, FACE_DOWN)]
        if self.s["set_aside"]:
            visible.append(self.s["set_aside"])
        colours = Counter(R.CLUES[c][1] for c in visible)
        suspects = Counter(R.CLUES[c][0] for c in visible)
        uncovered = [c for c in R.COLOURS if colours[c] == R.CLUES_PER_CASE]
        for c in uncovered:
            if c not in self.s["uncovered"]:
                self._emit(type="case_uncovered", colour=c, case=R.CASES[c])
        self.s["uncovered"] = uncovered
        self.s["cleared"] = [s for s in R.SUSPECTS if suspects[s] == R.CLUES_PER_SUSPECT]


def _hashable_in(value, allowed: set) -> bool:
    try:
        return value in allowed
    except TypeError:
        return False
