"""Die drei ??? und der Feuerdiamant — the reference engine on the kit: options, guards, callbacks.

Facts come from rules.py, the turn and the protocol's words from machine.py.
``options_<trigger>`` say who may do what now; the rows pick what follows
and their callbacks carry the move out.  Each detective card's legality and
effect sit together in ``CARDS``.  The state ``self.s`` is the canonical JSON.
"""

from __future__ import annotations

from collections import Counter
from typing import Callable, NamedTuple

from casebook.errors import BadRequest
from statemachines.kit import Game, chance, chance_by_count, guard, memo, offer, offered_when

from . import rules as R
from .machine import (
    ACTIONS,
    DETECTIVE_CARDS,
    EVENT_STEP,
    FACE_DOWN,
    HAZARD,
    INVENTORY,
    LOST,
    MOVEMENT,
    PERSON,
    ROLLING,
    SET_ASIDE,
    SETUP,
    PHASE_CLAUSES,
    STATE,
    STATES,
    TRANSITIONS,
    WON,
    EVENTS as EVENT_TABLE,
)


class Card(NamedTuple):  # a detective card's rule: when, with which fields (options), and what it does (effect)
    any_time: bool
    options: Callable[["Feuerdiamant"], list[dict]]
    effect: Callable[["Feuerdiamant", dict], None]


class Feuerdiamant(Game):
    """One table of Feuerdiamant."""

    info, names, board, facts = R.INFO, R.NAMES, R.BOARD, R.FACTS
    phases, transitions, actions, events, state_fields, inventory = (
        STATES,
        TRANSITIONS,
        ACTIONS,
        EVENT_TABLE,
        STATE,
        INVENTORY,
    )
    phase_clauses = PHASE_CLAUSES

    # -- set-up, derived fields, load checks -------------------------------------------------
    def setup(self) -> None:
        players, level = self.players, self.s["options"]["difficulty"]
        self.s.update(
            {
                "current": players[0],
                "turn": 1,  # FD-TURN-03: the first named player begins
                "figures": {p: R.CENTRAL_OFFICE for p in players},  # FD-SET-02
                "tracks": {c: {"indicator": level, "tokens": []} for c in R.COLOURS},  # FD-SET-01
                "activated": [],
                "roll": None,
                "board": {loc: {"person": None, "clue": None, "obstacle": None} for loc in R.BOARD_LOCATIONS},
                "roadblocks": [],
                "beside_board": [],
                "suspect_track": {s: [] for s in R.SUSPECTS},
                "hands": {p: [] for p in players},
                "stacks": {},
                "box": {"events": [], "obstacles": [], "detective": []},
                # FD-SET-03/05/06: the set-up is dealt by chance, one card or token at a time
                "draws": [{"pool": "events", "to": f"{c}:{n}"} for c in R.COLOURS for n in R.EVENT_SPACES]
                + [{"pool": "persons", "to": loc} for loc in R.BOARD_LOCATIONS]
                + [{"pool": "clues", "to": SET_ASIDE}]
                + [{"pool": "clues", "to": loc} for loc in R.BOARD_LOCATIONS],
                "uncovered": [],
                "cleared": [],
                "set_aside": None,
                "outcome": None,
                "secret": {
                    "persons": {},
                    "clues": {},
                    "set_aside": None,
                    "pools": {
                        "events": sorted(R.EVENT_TOKENS.elements()),
                        "persons": sorted(R.PERSONS),
                        "clues": sorted(R.CLUES),
                        "detective": sorted(R.DETECTIVE_DECK.elements()),
                        "obstacles": sorted(R.OBSTACLES),
                        "shuffle": [],
                    },
                },
            }
        )

    def derive(self) -> None:
        """The pools' sizes, and FD-UNC-01/FD-IDEA-02: cases uncovered and suspects cleared by the clues visible."""
        s = self.s
        s["stacks"] = {p: len(s["secret"]["pools"][p]) for p in R.POOLS}
        visible = [c for clues in s["suspect_track"].values() for c in clues]
        visible += [b["clue"] for b in s["board"].values() if b["clue"] not in (None, FACE_DOWN)]
        visible += [s["set_aside"]] if s["set_aside"] else []
        colours, suspects = Counter(R.CLUES[c][1] for c in visible), Counter(R.CLUES[c][0] for c in visible)
        uncovered = [c for c in R.COLOURS if colours[c] == R.CLUES_PER_CASE]
        for c in uncovered:
            if c not in s["uncovered"]:
                self.emit("case_uncovered", colour=c, case=R.CASES[c])
        s["uncovered"], s["cleared"] = uncovered, [x for x in R.SUSPECTS if suspects[x] == R.CLUES_PER_SUSPECT]

    def check(self) -> None:
        """What the specs cannot say: face-down cards, pending draws and activated tokens must point at something."""
        s, phase, secret = self.s, self.phase, self.s["secret"]
        tokens = Counter((c, t["space"]) for c, track in s["tracks"].items() for t in track["tokens"])
        targets = Counter((d["pool"].replace("shuffle", "persons"), d["to"]) for d in s["draws"])
        wrong = {  # why -> whether it is so
            "a card is face down exactly when secret holds it": any(
                (b["person"] == FACE_DOWN) != (loc in secret["persons"])
                or (b["clue"] == FACE_DOWN) != (loc in secret["clues"])
                for loc, b in s["board"].items()
            ),
            "a full hazard track ends the game (FD-END-04)": phase not in (SETUP, WON, LOST)
            and max(t["indicator"] for t in s["tracks"].values()) >= R.TRACK_LAST,
            f"phase {phase} and the roll do not go together": phase not in (WON, LOST)
            and (s["roll"] is None) != (phase in (SETUP, ROLLING)),
            "the person step follows a person just turned face up here": phase == PERSON
            and self._person_here() in (None, FACE_DOWN),
            # FD-HLP-06 (@ruling): only suspects go into hiding (¶53, ¶112); no rule puts a helper beside the board
            "only suspects lie beside the board": bool(set(s["beside_board"]) - set(R.SUSPECTS)),
            "one event token per space; an activated one lies on its track": max(tokens.values(), default=1) > 1
            or any((a["colour"], a["space"]) not in tokens for a in s["activated"]),
            "a draw is queued from a pool too small, or to a place already taken": any(
                n > len(secret["pools"][pool]) for pool, n in Counter(d["pool"] for d in s["draws"]).items()
            )
            or any((n > 1 and pool != "detective") or not self._free(pool, to) for (pool, to), n in targets.items()),
            "one clue is set aside: unseen, about to be drawn, or turned up by the accusation": (
                secret["set_aside"] is None
            )
            != (("clues", SET_ASIDE) in targets or s["set_aside"] is not None),
        }
        for why, so in wrong.items():
            if so:
                raise BadRequest(why)

    def _free(self, pool: str, to: str) -> bool:
        """Whether a draw from ``pool`` may go to ``to``: an empty space of a track, an empty slot, a player."""
        if pool == "events":
            colour, _, space = to.partition(":")
            return (
                colour in R.COLOURS
                and space.isdigit()
                and int(space) in R.EVENT_SPACES
                and self._token_at(colour, int(space)) is None
            )
        if pool == "detective" or to == SET_ASIDE:
            return (
                to in self.players if pool == "detective" else pool == "clues" and self.s["secret"]["set_aside"] is None
            )
        return (
            to in self.s["board"]
            and self.s["board"][to][{"persons": "person", "clues": "clue", "obstacles": "obstacle"}[pool]] is None
        )

    # -- small readers -------------------------------------------------------------------------
    def _here(self) -> str:
        return self.s["figures"][self.current]

    def _person_here(self) -> str | None:
        here = self._here()
        return self.s["board"][here]["person"] if here in self.s["board"] else None

    def _obstacles(self) -> set[str]:
        return {b["obstacle"] for b in self.s["board"].values() if b["obstacle"]}

    def _pool(self, name: str) -> list:
        return self.s["secret"]["pools"][name]

    def _deck_allows_drawing(self) -> bool:
        return bool(self._pool("detective")) and R.NO_DETECTIVE_CARDS not in self._obstacles()

    def _blocked(self, loc: str) -> bool:
        """FD-OBS-01: a location with an obstacle allows nothing but removing it."""
        return loc in self.s["board"] and self.s["board"][loc]["obstacle"] is not None

    def _usable_here(self) -> bool:
        return self._here() in self.s["board"] and not self._blocked(self._here())

    def _token_at(self, colour: str, space: int) -> str | None:
        return next((t["token"] for t in self.s["tracks"][colour]["tokens"] if t["space"] == space), None)

    def _first_token_ahead(self, colour: str) -> dict | None:
        """FD-CARD-07/08: the first event token beyond the indicator on that track."""
        track = self.s["tracks"][colour]
        return min(
            (t for t in track["tokens"] if t["space"] > track["indicator"]), key=lambda t: t["space"], default=None
        )

    def _face_up_suspects(self) -> dict[str, str]:
        return {loc: b["person"] for loc, b in self.s["board"].items() if b["person"] in R.SUSPECTS}

    def _empty_locations(self) -> list[str]:
        return [loc for loc, b in self.s["board"].items() if b["person"] is None]

    def _back_options(self) -> list[dict]:  # FD-CARD-14: never back beyond the first space
        return [{"colour": c} for c in R.COLOURS if self.s["tracks"][c]["indicator"] > R.TRACK_FIRST]

    def _ahead_options(self) -> list[dict]:
        return [{"colour": c} for c in R.COLOURS if self._first_token_ahead(c)]

    # -- options: who may do what now ------------------------------------------------------
    def triggers(self) -> tuple[str, ...]:
        """A pending draw interrupts the phase: until it is made, it is the only move; without one there is none."""
        return ("draw",) if self.s["draws"] else tuple(t for t in super().triggers() if t != "draw")

    def options_draw(self):
        return chance_by_count("card", Counter(self._pool(self.s["draws"][0]["pool"])))

    @memo(lambda self: None)
    def options_roll(self):  # FD-TURN-01: both dice at once
        faces = Counter(R.HAZARD_FACES)
        return chance(
            ({"hazard": h, "movement": m} for h in faces for m in R.MOVEMENT_FACES),
            [faces[h] for h in faces for _ in R.MOVEMENT_FACES],
        )

    def options_move_hazard_indicator(self):
        face = self.s["roll"]["hazard"]
        return offer(self.current, ({"colour": c} for c in (R.COLOURS if face == "star" else [face])))  # FD-HAZ-02

    def options_carry_out_event(self):
        head = self.s["activated"][0]
        if self._token_at(head["colour"], head["space"]) == "shuffle two suspects":
            up = sorted(self._face_up_suspects().values())
            if len(up) > 2:  # FD-EVT-05: the active player picks the two
                return offer(self.current, ({"suspects": [a, b]} for i, a in enumerate(up) for b in up[i + 1 :]))
        return offer(self.current)

    def options_move(self):
        """FD-MOV-01/02/05: up to the allowance along paths, no roadblocked space entered."""
        roll = self.s["roll"]
        allowance = max(
            0, roll["movement"] + roll["bonus"] - (2 if R.MOVEMENT_MINUS_2 in self._obstacles() else 0)
        )  # FD-OBS-11/12
        blocked = {R.ROADBLOCK_SPACE[p] for p in self.s["roadblocks"]}
        seen, frontier = {self._here()}, [self._here()]
        for _ in range(allowance):
            frontier = [
                n
                for space in frontier
                for n in R.SPACES[space]
                if n not in seen and n not in blocked and not seen.add(n)
            ]
        return offer(self.current, ({"to": space} for space in sorted(seen)))

    options_reveal_clue = offered_when(lambda g: g._usable_here() and g.s["board"][g._here()]["clue"] == FACE_DOWN)
    options_reveal_person = offered_when(lambda g: g._usable_here() and g._person_here() == FACE_DOWN)

    def options_interrogate(self):
        """FD-INT-02/03/08: a face-up suspect here, and any clue on a location without an obstacle."""
        if not self._usable_here() or self._person_here() not in R.SUSPECTS or R.NO_SUSPECTS in self._obstacles():
            return []  # FD-OBS-02
        return offer(
            self.current,
            ({"clue_at": loc} for loc, b in self.s["board"].items() if b["clue"] is not None and b["obstacle"] is None),
        )

    def options_use_helper(self):
        helper = self._person_here()
        if not self._usable_here() or helper not in R.HELPERS or R.NO_HELPERS in self._obstacles():
            return []  # FD-OBS-03
        use = {"helper": helper}
        if helper == "Morton":  # FD-HLP-01/02
            return offer(
                self.current,
                (use | {"person": p, "to": loc} for p in self.s["beside_board"] for loc in self._empty_locations()),
            )
        if helper == "Uncle Titus":  # FD-HLP-03/04
            return offer(
                self.current,
                [use | {"obstacle_at": loc} for loc, b in self.s["board"].items() if b["obstacle"]]
                + [use | {"path": p} for p in self.s["roadblocks"]],
            )
        return offer(self.current, [use]) if self._deck_allows_drawing() else []  # FD-HLP-05: Aunt Mathilda

    def _second_figure_here(self) -> bool:
        """FD-REM-01/02: removing needs a second figure on this location."""
        here = self._here()
        return here in R.LOCATIONS and sum(1 for p in self.players if self.s["figures"][p] == here) >= 2

    options_remove_obstacle = offered_when(lambda g: g._second_figure_here() and g._blocked(g._here()))

    def options_remove_roadblock(self):
        if not self._second_figure_here() or self._blocked(self._here()):
            return []  # FD-OBS-01: on a blocked location the obstacle is the only thing to remove
        return offer(self.current, ({"path": p} for p in self.s["roadblocks"] if self._here() in R.PATH_ENDS[p]))

    options_draw_detective_card = offered_when(
        lambda g: g._here() == R.CENTRAL_OFFICE and g._deck_allows_drawing()
    )  # FD-CO-01/02

    def options_play(self):
        """FD-CARD-*: any player's any-time cards in every deciding phase; the active player's others at the end."""
        if R.NO_DETECTIVE_CARDS in self._obstacles():
            return []  # FD-OBS-04
        moves = []
        for player in self.players:
            for card in sorted(set(self.s["hands"][player])):
                rule = CARDS[card]
                if rule.any_time or (player == self.current and self.phase == DETECTIVE_CARDS):  # FD-CARD-06
                    moves += offer(player, ({"card": card, **fields} for fields in rule.options(self)))
        return moves

    def options_accuse(self):
        return offer(self.current, ({"suspect": s} for s in R.SUSPECTS))  # FD-END-01

    # -- guards (pure) -----------------------------------------------------------------------
    a_draw_is_pending = guard(lambda g: bool(g.s["draws"]))
    an_event_is_activated = guard(lambda g: bool(g.s["activated"]))
    a_track_is_full = guard(lambda g: g.s["outcome"] is not None)

    def ignores_the_hazard_die(self, actor, action) -> bool:
        return action["card"] == R.IGNORE_HAZARD_DIE

    def names_the_culprit(self, actor, action) -> bool:
        return R.CLUES[self.s["secret"]["set_aside"]][0] == action["suspect"]

    # -- callbacks: chance ------------------------------------------------------------------------
    def place_drawn(self, actor, action) -> None:
        draw, card = self.s["draws"].pop(0), action["card"]
        pool, to = draw["pool"], draw["to"]
        self._pool(pool).remove(card)
        if pool == "events":
            colour, space = to.split(":")
            self.s["tracks"][colour]["tokens"].append({"space": int(space), "token": card})
            self.emit("event_token_placed", colour=colour, space=int(space), token=card)
        elif pool == "obstacles":  # FD-ACT-03: the token lies face up on the location
            self.s["board"][to]["obstacle"] = card
            self.emit("obstacle_placed", location=to, obstacle=card)
        elif pool == "detective":
            self.s["hands"][to] = sorted(self.s["hands"][to] + [card])
            self.emit("detective_card_drawn", player=to, card=card)
        elif to == SET_ASIDE:
            self.s["secret"]["set_aside"] = card
            self.emit("clue_set_aside", secret={"clue": card})
        else:  # a person (also one being shuffled) or a clue, face down on the board
            kind = "clue" if pool == "clues" else "person"
            self.s["secret"][kind + "s"][to] = card
            self.s["board"][to][kind] = FACE_DOWN
            self.emit(f"{kind}_placed_face_down", location=to, secret={kind: card})

    def _queue(self, pool: str, to: str, n: int = 1) -> None:
        """Queue up to n draws from a pool, never more than it holds (FD-ACT-04, FD-CO-02, FD-HLP-05)."""
        queued = sum(1 for d in self.s["draws"] if d["pool"] == pool)
        self.s["draws"] += [{"pool": pool, "to": to}] * max(0, min(n, len(self._pool(pool)) - queued))

    def earn_detective_cards(self, actor=None, action=None, n: int = 1) -> None:
        if R.NO_DETECTIVE_CARDS not in self._obstacles():  # FD-OBS-04: not even for a removal
            self._queue("detective", self.current, n)

    def record_roll(self, actor, action) -> None:
        self.s["roll"] = {"hazard": action["hazard"], "movement": action["movement"], "colour": None, "bonus": 0}
        self.emit("dice_rolled", hazard=action["hazard"], movement=action["movement"])

    # -- callbacks: hazard and events ----------------------------------------------------------------
    def _advance(self, colour: str, steps: int) -> None:
        """FD-HAZ-03/04: each token reached or passed is activated, nearest first; the last space loses."""
        track = self.s["tracks"][colour]
        for _ in range(steps):
            if self.s["outcome"]:
                return
            track["indicator"] += 1
            space = track["indicator"]
            reached = {"colour": colour, "space": space}
            if self._token_at(colour, space) is not None and reached not in self.s["activated"]:  # FD-HAZ-06: once
                self.s["activated"].append(reached)
                self.emit("event_activated", colour=colour, space=space, token=self._token_at(colour, space))
            if space >= R.TRACK_LAST:  # FD-END-04; the AUTO row ends the game
                self.s["outcome"] = {
                    "result": LOST,
                    "winners": [],
                    "track": colour,
                    "case": R.CASES[colour],
                    "reason": R.LOSS[colour],
                }
                self.emit("game_lost", track=colour, reason=R.LOSS[colour])
        self.emit("hazard_indicator_moved", colour=colour, to=track["indicator"])

    def advance_hazard_die(self, actor, action) -> None:
        self.s["roll"]["colour"] = action["colour"]
        self._advance(action["colour"], 2 if R.HAZARD_DIE_X2 in self._obstacles() else 1)  # FD-OBS-06/07

    def _take_token(self, colour: str, space: int) -> str:
        tokens = self.s["tracks"][colour]["tokens"]
        token = next(t for t in tokens if t["space"] == space)
        tokens.remove(token)
        self.s["activated"] = [a for a in self.s["activated"] if (a["colour"], a["space"]) != (colour, space)]
        return token["token"]

    def carry_out(self, actor, action) -> None:
        head = self.s["activated"][0]
        token = self._take_token(head["colour"], head["space"])
        self.emit("event_carried_out", colour=head["colour"], space=head["space"], token=token)
        if token.startswith(R.ROADBLOCK_PREFIX):  # FD-EVT-02: roadblocks go onto the board
            self.s["roadblocks"] = sorted(set(self.s["roadblocks"]) | {token[len(R.ROADBLOCK_PREFIX) :]})
            return
        self.s["box"]["events"].append(token)  # FD-HAZ-05: every other token goes into the box
        if token[0] in "12" and token[1] == " ":  # FD-EVT-01: one or two hazard symbols
            self._advance(
                token[2:], int(token[0]) * (2 if R.EVENT_SYMBOLS_X2 in self._obstacles() else 1)
            )  # FD-OBS-09/10
        elif token == "double the hazard die":  # FD-EVT-03, FD-OBS-08
            if self.s["roll"]["colour"]:
                self._advance(self.s["roll"]["colour"], 2 if R.HAZARD_DIE_X2 in self._obstacles() else 1)
        elif token == "Palisades Park and Hospital":  # FD-EVT-04
            for loc in ("Palisades Park", "Hospital"):
                if self.s["board"][loc]["person"] in R.SUSPECTS:
                    self._hide(loc)
        elif token == "shuffle two suspects":  # FD-EVT-05
            self._shuffle_suspects(action.get("suspects"))

    def _shuffle_suspects(self, chosen: list | None) -> None:
        up = self._face_up_suspects()
        where = sorted(loc for loc, s in up.items() if s in (chosen or up.values()))
        if len(where) == 1:  # a lone face-up suspect is turned face down where it lies
            self.s["secret"]["persons"][where[0]] = up[where[0]]
            self.s["board"][where[0]]["person"] = FACE_DOWN
        elif len(where) == 2:
            for loc in where:
                self._pool("shuffle").append(up[loc])
                self.s["board"][loc]["person"] = None
                self.s["draws"].append({"pool": "shuffle", "to": loc})
            self._pool("shuffle").sort()

    def _hide(self, loc: str) -> None:
        person = self.s["board"][loc]["person"]
        self.s["board"][loc]["person"] = None
        self.s["beside_board"] = sorted(self.s["beside_board"] + [person])
        self.emit("suspect_hides", suspect=person, location=loc)

    # -- callbacks: movement and actions --------------------------------------------------------------
    def move_figure(self, actor, action) -> None:
        self.s["figures"][actor] = action["to"]
        self.emit("figure_moved", player=actor, to=action["to"])

    def _turn_clue_up(self, loc: str) -> bool:
        """Reveal the face-down clue at loc; True when its obstacle symbol brings a token (FD-ACT-03/04)."""
        clue = self.s["secret"]["clues"].pop(loc)
        self.s["board"][loc]["clue"] = clue
        self.emit("clue_revealed", location=loc, clue=clue, suspect=R.CLUES[clue][0], colour=R.CLUES[clue][1])
        if R.CLUES[clue][2] and len(self._pool("obstacles")) > sum(
            1 for d in self.s["draws"] if d["pool"] == "obstacles"
        ):
            self._queue("obstacles", loc)
            return True
        return False

    def reveal_clue_here(self, actor, action) -> None:
        self._turn_clue_up(self._here())

    def reveal_person_here(self, actor, action) -> None:
        here = self._here()
        person = self.s["secret"]["persons"].pop(here)
        self.s["board"][here]["person"] = person
        self.emit("person_revealed", location=here, person=person)

    def interrogate_suspect(self, actor, action) -> None:
        here, loc = self._here(), action["clue_at"]
        suspect = self.s["board"][here]["person"]
        if self.s["board"][loc]["clue"] == FACE_DOWN and self._turn_clue_up(loc):
            self.emit("interrogation_cut_short", suspect=suspect, location=loc)  # FD-INT-07
            return
        clue = self.s["board"][loc]["clue"]
        if R.CLUES[clue][0] == suspect:  # FD-INT-04/05: a match
            self.s["board"][loc]["clue"] = None
            self.s["suspect_track"][suspect].append(clue)
            self.emit("interrogation_succeeded", suspect=suspect, clue=clue)
            self._queue("clues", loc)
            self.earn_detective_cards()
        else:  # FD-INT-06: a mismatch; the suspect goes into hiding
            self.emit("interrogation_failed", suspect=suspect, clue=clue)
            self._hide(here)

    def call_helper(self, actor, action) -> None:
        self.emit("helper_used", helper=action["helper"])
        if action["helper"] == "Morton":
            self._return_person(action["person"], action["to"])
        elif action["helper"] == "Uncle Titus":
            self._remove(action.get("obstacle_at"), action.get("path"))
        else:
            self.earn_detective_cards(n=2)

    def _return_person(self, person: str, loc: str) -> None:
        self.s["beside_board"].remove(person)
        self.s["board"][loc]["person"] = person
        self.emit("person_returned", person=person, location=loc)

    def _remove(self, obstacle_at: str | None, path: str | None) -> None:
        """FD-REM-01, FD-HLP-03, FD-OBS-05:
        a removed obstacle or roadblock goes into the box and earns a detective card."""
        if obstacle_at:
            token, self.s["board"][obstacle_at]["obstacle"] = self.s["board"][obstacle_at]["obstacle"], None
            self.s["box"]["obstacles"].append(token)
            self.emit("obstacle_removed", location=obstacle_at, obstacle=token)
        else:
            self.s["roadblocks"].remove(path)
            self.s["box"]["events"].append(R.ROADBLOCK_PREFIX + path)
            self.emit("roadblock_removed", path=path)
        self.earn_detective_cards()

    def remove_here(self, actor, action) -> None:
        self._remove(self._here() if action["type"] == "remove_obstacle" else None, action.get("path"))

    # -- callbacks: detective cards and the end ---------------------------------------------------------
    def _move_back(self, colour: str, steps: int) -> None:
        track = self.s["tracks"][colour]
        track["indicator"] = max(R.TRACK_FIRST, track["indicator"] - steps)  # FD-CARD-14
        self.emit("hazard_indicator_moved", colour=colour, to=track["indicator"])

    def _discard_first_ahead(self, colour: str) -> None:
        token = self._first_token_ahead(colour)
        self._take_token(colour, token["space"])
        self.s["box"]["events"].append(token["token"])
        self.emit("event_token_discarded", colour=colour, space=token["space"], token=token["token"])

    def play_card(self, actor, action) -> None:
        self.s["hands"][actor].remove(action["card"])
        self.s["box"]["detective"].append(action["card"])  # FD-CARD-13
        self.emit("detective_card_played", player=actor, card=action["card"])
        CARDS[action["card"]].effect(self, action)

    def open_the_case(self, actor, action) -> None:
        clue, self.s["secret"]["set_aside"] = self.s["secret"]["set_aside"], None
        culprit = R.CLUES[clue][0]
        result = WON if culprit == action["suspect"] else LOST  # FD-IDEA-04: one outcome for the whole table
        self.s.update(
            set_aside=clue,
            outcome={
                "result": result,
                "winners": list(self.players) if result == WON else [],
                "accused": action["suspect"],
                "culprit": culprit,
            },
        )
        self.emit("accused", player=actor, suspect=action["suspect"], clue=clue, culprit=culprit, result=result)

    def pass_turn(self, actor, action) -> None:
        self.s["current"] = self.players[
            (self.players.index(self.current) + 1) % len(self.players)
        ]  # FD-TURN-03: clockwise
        self.s["turn"] += 1
        self.s["roll"] = None
        self.emit("turn_ended", next=self.current)


# -- the detective cards: each card's options (besides "card") and effect, side by side -------------------
def _with_person_here(card: str, blocker: str, then: Callable) -> Callable:
    """FD-CARD-08/09: a person's card needs that person face up where the player stands, and no blocking obstacle."""
    return lambda g: then(g) if g._usable_here() and g._person_here() == card and blocker not in g._obstacles() else []


def _central_office_options(g: Feuerdiamant) -> list[dict]:  # FD-CARD-07
    if g._here() != R.CENTRAL_OFFICE:
        return []
    return (
        ([{"choice": "draw"}] if g._deck_allows_drawing() else [])
        + [o | {"choice": "move back"} for o in g._back_options()]
        + [o | {"choice": "discard event"} for o in g._ahead_options()]
    )


CENTRAL_OFFICE_CHOICES: dict[str, Callable[[Feuerdiamant, dict], None]] = {  # FD-CARD-07: the card's three uses
    "draw": lambda g, a: g.earn_detective_cards(n=2),
    "move back": lambda g, a: g._move_back(a["colour"], R.CENTRAL_OFFICE_BACK),
    "discard event": lambda g, a: g._discard_first_ahead(a["colour"]),
}


CARDS: dict[str, Card] = {
    # FD-CARD-03: any token still on a track, even one just activated
    R.IGNORE_EVENT: Card(
        True,
        lambda g: [{"colour": c, "space": t["space"]} for c in R.COLOURS for t in g.s["tracks"][c]["tokens"]],
        lambda g, a: g.s["box"]["events"].append(g._take_token(a["colour"], a["space"])),
    ),
    # FD-CARD-04: only before the die's result is carried out; the machine's HAZARD row skips the step
    R.IGNORE_HAZARD_DIE: Card(True, lambda g: [{}] if g.phase == HAZARD else [], lambda g, a: None),
    # FD-CARD-05: one indicator one space back
    R.INVESTIGATION_SUCCESS: Card(True, lambda g: g._back_options(), lambda g, a: g._move_back(a["colour"], 1)),
    # FD-CARD-02: useful only until the figure has moved
    R.MOVEMENT_PLUS_3: Card(
        True,
        lambda g: [{}] if g.phase in (HAZARD, EVENT_STEP, MOVEMENT) else [],  # the event step too (FD-CARD-02)
        lambda g, a: g.s["roll"].update(bonus=g.s["roll"]["bonus"] + R.MOVEMENT_BONUS),
    ),  # the active player's, whoever plays it
    R.CENTRAL_OFFICE_CARD: Card(False, _central_office_options, lambda g, a: CENTRAL_OFFICE_CHOICES[a["choice"]](g, a)),
    # FD-CARD-10: the obstacle where the figure stands, without a second figure
    R.REMOVE_OBSTACLE: Card(
        False, lambda g: [{}] if g._blocked(g._here()) else [], lambda g, a: g._remove(g._here(), None)
    ),
    # FD-CARD-11: a roadblock next to the figure's location, without a second figure
    R.REMOVE_ROADBLOCK: Card(
        False,
        lambda g: [{"path": p} for p in g.s["roadblocks"] if g._usable_here() and g._here() in R.PATH_ENDS[p]],
        lambda g, a: g._remove(None, a["path"]),
    ),
    # FD-CARD-12 (@ruling): a person from beside the board onto any location without one
    R.RECALL: Card(
        False,
        lambda g: [{"person": p, "to": loc} for p in g.s["beside_board"] for loc in g._empty_locations()],
        lambda g, a: g._return_person(a["person"], a["to"]),
    ),
    # FD-CARD-08: a suspect's card puts the first token ahead of one indicator into the box
    **{
        s: Card(
            False,
            _with_person_here(s, R.NO_SUSPECTS, Feuerdiamant._ahead_options),
            lambda g, a: g._discard_first_ahead(a["colour"]),
        )
        for s in R.SUSPECTS
    },
    # FD-CARD-09: a helper's card moves one indicator back two spaces
    **{
        h: Card(
            False,
            _with_person_here(h, R.NO_HELPERS, Feuerdiamant._back_options),
            lambda g, a: g._move_back(a["colour"], R.HELPER_CARD_BACK),
        )
        for h in R.HELPERS
    },
}
