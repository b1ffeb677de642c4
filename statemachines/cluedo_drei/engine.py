"""Cluedo: Die drei ??? — the reference engine on the kit: options, guards, callbacks.

Facts come from rules.py, the turn and the protocol's words from machine.py.
``options_<trigger>`` say who may do what now; the rows of machine.py pick
what follows (guards, pure) and carry the move out (callbacks).  Nothing is
random: the case file, the deal, every roll and every Advantage draw is a
chance move.  The state ``self.s`` is the canonical JSON itself.
"""

from __future__ import annotations

from functools import lru_cache

from casebook.errors import BadRequest
from statemachines.kit import Game, QuestionRound, RollOff, chance, chance_by_count, memo, offer, roll_off_problem

from . import rules as R
from .machine import ACTIONS, EVENTS, INVENTORY, PHASE_CLAUSES, STATE, STATES, TRANSITIONS

CASE_KEYS = ("suspect", "item", "location")
SETUP_PHASES = ("filling_case_file", "setting_aside", "dealing", "rolling_for_start")
_ADVANTAGE = frozenset(R.ADVANTAGE_SPACES)


def new_turn() -> dict:
    return {"dice": None, "pips": 0, "card": None, "question": None, "answerer": None, "tipped": None}


def pips(dice) -> int:
    return R.PIPS[dice[0]] + R.PIPS[dice[1]]


@lru_cache(maxsize=None)
def destinations(origin: str, roll: int, advantage_cards: bool) -> tuple[str, ...]:
    """Where a roll of ``roll`` pips may take a pawn standing on ``origin`` (a place or a path space).

    CD-MOV-02..06: steps go along path spaces only, back and forth allowed; a
    place is entered through its door with at most ``roll`` steps and the rest
    is forfeited (so no walk passes through a place, CD-PAS-05); an Advantage
    space may be stopped on with fewer steps when the cards are in play
    (CD-ADV-02); any other path space needs exactly ``roll`` steps.  A pawn
    leaving a place may not come back into it in the same move (CD-MOV-07).
    Other pawns are not looked at: they never block (CD-MOV-09).
    """
    if origin in R.DOOR_SPACES:
        left, frontier, step = origin, set(R.DOOR_SPACES[origin]), 1  # stepping out of the door is the first step
    else:
        left, frontier, step = None, {origin}, 0
    found: set[str] = set()
    while True:
        if step >= 1 and advantage_cards:
            found.update(s for s in frontier if s in _ADVANTAGE)
        if step >= roll:  # ">=": a zero roll from a place must not loop
            found.update(frontier)
            break
        for space in frontier:  # one more step goes through a door
            found.update(p for p in R.ENTRANCES.get(space, ()) if p != left)
        frontier = {n for s in frontier for n in R.NEIGHBOURS[s]}
        step += 1
    return tuple(sorted(found))


class CluedoDrei(QuestionRound, RollOff, Game):
    """One table of Cluedo: Die drei ???."""

    info, names, board = R.INFO, R.NAMES, R.BOARD
    phases, transitions, actions, events, state_fields, inventory = (
        STATES,
        TRANSITIONS,
        ACTIONS,
        EVENTS,
        STATE,
        INVENTORY,
    )
    phase_clauses = PHASE_CLAUSES

    # -- options across fields, set-up, derived fields, load checks ----------------------------
    @classmethod
    def check_options(cls, options: dict) -> None:
        if options["variant"] == "duel":
            if len(options["players"]) != 2:
                raise BadRequest("the Duel is for exactly 2 players or teams")  # CD-DUE-01
            if options["advantage_cards"]:
                raise BadRequest(
                    "the Duel is played without Advantage cards "
                    '(two players who want them ask for the variant "classic")'
                )  # CD-DUE-02, CD-SET-08

    @classmethod
    def normalise_options(cls, options):
        if (
            isinstance(options, dict)
            and "variant" not in options
            and isinstance(options.get("players"), list)
            and len(options["players"]) == 2
        ):
            options = {
                **options,
                "variant": "duel",
            }  # CD-DUE-08: two players or teams play the Duel (CD-SET-08: unless they ask for "classic")
        if isinstance(options, dict) and options.get("variant") == "duel" and "advantage_cards" not in options:
            options = {**options, "advantage_cards": False}  # CD-DUE-02: the Duel's default
        return super().normalise_options(options)

    def setup(self) -> None:
        players, duel = self.players, self.duel
        self.s.update(
            {
                "dealing_to": None,
                "hand_sizes": {},
                "surplus": [],
                "side_cards": 0,
                "positions": {p: R.start_space(p) for p in players},  # CD-SET-04
                "markers": {m: None for m in R.SUSPECTS + R.ITEMS},  # CD-SET-05: beside the board
                "start_rolls": {},
                "start_waiting": list(players),
                "current": None,
                "turn": new_turn(),
                "out": [],
                "advantage": {"stack": dict(R.ADVANTAGE_DECK), "discard": dict.fromkeys(R.ADVANTAGE_DECK, 0)}
                if self.cards_in_play
                else None,
                "outcome": None,
                "secret": {"case_file": None, "undealt": list(R.CARDS), **({"side_cards": []} if duel else {})},
                "private": {p: {"hand": [], "shown": [], **({"side_cards": {}} if duel else {})} for p in players},
            }
        )

    def derive(self) -> None:
        s = self.s
        s["hand_sizes"] = {p: len(s["private"][p]["hand"]) for p in self.players}
        s["side_cards"] = len(s["secret"].get("side_cards", []))
        s["dealing_to"] = self._recipient() if s["phase"] == "dealing" else None

    def check(self) -> None:
        """What the specs cannot say: the phase, the variant and the turn record must agree."""
        s, phase, turn, secret = self.s, self.phase, self.s["turn"], self.s["secret"]
        duel, private = self.duel, s["private"]
        if ("side_cards" in secret) != duel or any(("side_cards" in private[p]) != duel for p in self.players):
            raise BadRequest("cards beside the board belong to the Duel, and to every Duel state")  # CD-DUE-01
        if (s["advantage"] is None) == self.cards_in_play:
            raise BadRequest("advantage must be present exactly when advantage_cards is on")
        if (secret["case_file"] is None) != (phase == "filling_case_file"):
            raise BadRequest(
                f"phase {phase} and a {'filled' if secret['case_file'] else 'empty'} case file do not go together"
            )
        if phase not in SETUP_PHASES and phase != "unsolved" and s["current"] is None:
            raise BadRequest(f"phase {phase} needs a current player")
        if phase == "filling_case_file" and len(secret["undealt"]) != len(R.CARDS):
            raise BadRequest("before the case file is filled every card is undealt")
        side = secret.get("side_cards", [])
        if phase == "setting_aside" and len(side) >= R.DUEL_SIDE_CARDS:
            raise BadRequest("setting aside stops at four cards beside the board")
        if phase == "dealing" and (
            duel
            and len(side) != R.DUEL_SIDE_CARDS
            or sum(s["hand_sizes"].values()) >= self._share() * len(self.players)
        ):
            raise BadRequest("dealing comes after the Duel's four cards and stops once every player holds their share")
        if phase not in ("filling_case_file", "setting_aside", "dealing") and secret["undealt"]:
            raise BadRequest(f"phase {phase} comes after the deal")
        problem = roll_off_problem(
            s, self.players, phase, ("filling_case_file", "setting_aside", "dealing"), "rolling_for_start"
        )
        if problem:
            raise BadRequest(problem)  # CD-TRN-01/02 (issue 27, F4)
        needs = {"answering": "answerer", "showing_tip": "tipped", "playing_advantage": "card", "moving": "pips"}
        if phase in needs and not turn[needs[phase]]:
            raise BadRequest(f"phase {phase} needs turn.{needs[phase]}")
        if phase == "answering" and (
            turn["question"] is None
            or turn["answerer"] == s["current"]
            or not set(turn["question"].values()) & set(private[turn["answerer"]]["hand"])
        ):
            raise BadRequest("the answerer must be another player holding a card asked about")
        if phase == "questioning" and s["positions"][s["current"]] not in R.LOCATIONS:
            raise BadRequest("questioning happens in a clue location")
        if phase == "accusing" and s["positions"][s["current"]] != R.HEADQUARTERS:
            raise BadRequest("accusing happens in the Headquarters")
        if phase in ("drawing", "playing_advantage") and not self.cards_in_play:
            raise BadRequest(f"phase {phase} needs Advantage cards")
        if phase not in SETUP_PHASES and s["current"] in s["out"]:
            raise BadRequest("a player out of the race takes no turn")  # CD-ACC-08

    # -- small readers ---------------------------------------------------------------------
    @property
    def duel(self) -> bool:
        return self.s["options"]["variant"] == "duel"

    @property
    def cards_in_play(self) -> bool:
        return self.s["options"]["advantage_cards"]

    def hand(self, player: str) -> list[str]:
        return self.s["private"][player]["hand"]

    def _place(self) -> str:
        return self.s["positions"][self.current]

    def _share(self) -> int:
        # CD-SET-02: everybody the same number; the Duel's four are set aside first
        return (len(R.CARDS) - 3 - (R.DUEL_SIDE_CARDS if self.duel else 0)) // len(self.players)

    def _recipient(self) -> str:
        return self.players[sum(len(self.hand(p)) for p in self.players) % len(self.players)]

    def _pile(self) -> dict:
        adv = self.s["advantage"]
        return adv["stack"] if sum(adv["stack"].values()) else adv["discard"]  # CD-ADV-04: reshuffle the discards

    # -- options: who may do what now ------------------------------------------------------
    @memo(lambda self: None)
    def options_fill_case_file(self):
        return chance(
            {"suspect": s, "item": i, "location": loc} for s in R.SUSPECTS for i in R.ITEMS for loc in R.LOCATIONS
        )

    def options_set_aside(self):
        return chance({"card": c} for c in self.s["secret"]["undealt"])

    options_deal = options_set_aside

    @memo(lambda self: None)
    def options_roll(self):
        return chance({"dice": [a, b]} for a in R.DIE_FACES for b in R.DIE_FACES)

    def options_secret_passage(self):
        return offer(self.current) if self._place() in R.SECRET_PASSAGES else []  # CD-PAS-01

    def options_draw(self):
        return chance_by_count("card", self._pile())

    def options_follow(self):
        """CD-ADV-05: what the drawn card lets the player do (besides putting it away)."""
        kind, here = self.s["turn"]["card"], self._place()
        if kind == "taxi":
            return offer(self.current, ({"to": loc} for loc in R.LOCATIONS if loc != here))
        if kind == "headquarters":
            return [] if here == R.HEADQUARTERS else offer(self.current, [{"to": R.HEADQUARTERS}])
        return offer(self.current, ({"player": q} for q in self.others_from_the_left(self.current) if self.hand(q)))

    @memo(lambda self: (self.current, self._place(), self.s["turn"]["pips"], self.cards_in_play))
    def options_move(self):
        return offer(
            self.current, ({"to": d} for d in destinations(self._place(), self.s["turn"]["pips"], self.cards_in_play))
        )

    @memo(lambda self: (self.current, self._place()))
    def options_question(self):
        """CD-QUE-02: any suspect and any item, and the location the asker is in."""
        return offer(
            self.current, ({"suspect": s, "item": i, "location": self._place()} for s in R.SUSPECTS for i in R.ITEMS)
        )

    def options_show(self):
        turn = self.s["turn"]
        if self.phase == "answering":  # CD-QUE-04: one of the cards asked about
            shower, named = turn["answerer"], set(turn["question"].values())
            return offer(shower, ({"card": c} for c in self.hand(shower) if c in named))
        return offer(turn["tipped"], ({"card": c} for c in self.hand(turn["tipped"])))

    def options_look(self):
        seen = self.s["private"][self.current]["side_cards"]
        slots = range(1, len(self.s["secret"]["side_cards"]) + 1)
        return offer(self.current, ({"slot": k} for k in slots if str(k) not in seen))

    @memo(lambda self: self.current)
    def options_accuse(self):
        """CD-ACC-01: any suspect, item and clue location may be named."""
        return offer(
            self.current,
            ({"suspect": s, "item": i, "location": loc} for s in R.SUSPECTS for i in R.ITEMS for loc in R.LOCATIONS),
        )

    # -- guards (pure: they read, never write) -------------------------------------------------
    def is_duel(self, actor, action):
        return self.duel

    def completes_side_row(self, actor, action):
        return len(self.s["secret"]["side_cards"]) + 1 == R.DUEL_SIDE_CARDS

    def completes_deal(self, actor, action):
        return sum(len(self.hand(p)) for p in self.players) + 1 == self._share() * len(self.players)

    def roll_pips(self, dice) -> int:
        return pips(dice)  # CD-TRN-04: the question mark counts one

    def shows_question_mark(self, actor, action):
        return R.QUESTION_MARK in action["dice"]

    def without_advantage_cards(self, actor, action):
        return not self.cards_in_play

    def card_is_taxi(self, actor, action):
        return self.s["turn"]["card"] == "taxi"

    def card_is_headquarters(self, actor, action):
        return self.s["turn"]["card"] == "headquarters"

    def pips_left(self, actor, action):
        return self.s["turn"]["pips"] > 0

    def into_clue_location(self, actor, action):
        return action["to"] in R.LOCATIONS

    def into_headquarters(self, actor, action):
        return action["to"] == R.HEADQUARTERS

    def onto_advantage_space(self, actor, action):
        return action["to"] in _ADVANTAGE

    def someone_can_show(self, actor, action):
        return self.first_holder({action[k] for k in CASE_KEYS}, self.hand)[1] is not None

    def side_card_to_look_at(self, actor, action):
        return self.duel and len(self.s["private"][self.current]["side_cards"]) < len(self.s["secret"]["side_cards"])

    def accusation_is_right(self, actor, action):
        return all(action[k] == self.s["secret"]["case_file"][k] for k in CASE_KEYS)

    def last_in_the_race(self, actor, action):
        return len(self.s["out"]) + 1 == len(self.players)

    # -- callbacks: the set-up ---------------------------------------------------------------
    def put_in_case_file(self, actor, action):
        case = {k: action[k] for k in CASE_KEYS}
        self.s["secret"]["case_file"] = case
        for card in case.values():
            self.s["secret"]["undealt"].remove(card)
        self.emit("case_file_filled", secret={"case_file": dict(case)})

    def lay_side_card(self, actor, action):
        secret = self.s["secret"]
        secret["undealt"].remove(action["card"])
        secret["side_cards"].append(action["card"])
        self.emit("set_aside", slot=len(secret["side_cards"]), secret={"card": action["card"]})

    def deal_card(self, actor, action):
        to = self._recipient()
        self.s["secret"]["undealt"].remove(action["card"])
        self.hand(to).append(action["card"])
        self.hand(to).sort()
        self.emit("dealt", to=to, private={to: {"card": action["card"]}})

    def lay_surplus(self, actor, action):
        # CD-SET-02: what cannot be dealt evenly lies face up for everybody
        self.s["surplus"], self.s["secret"]["undealt"] = sorted(self.s["secret"]["undealt"]), []
        self.emit("surplus", cards=list(self.s["surplus"]))

    def record_start_roll(self, actor, action):
        roller = self.start_roll(action["dice"])  # CD-TRN-01
        self.emit("rolled", player=roller, dice=action["dice"], pips=pips(action["dice"]))

    def settle_start_round(self, actor, action):
        tied = self.start_ties()  # CD-TRN-02 (@ruling): players tied for the highest roll roll again
        if tied:
            self.emit("tie", players=tied)

    def begin_first_turn(self, actor, action):
        self.s["current"] = self.start_winner()
        self.emit("turn", player=self.current)

    # -- callbacks: the turn -------------------------------------------------------------------
    def go_through_passage(self, actor, action):
        self._enter(R.SECRET_PASSAGES[self._place()], via="secret passage")

    def record_roll(self, actor, action):
        self.s["turn"].update(dice=action["dice"], pips=pips(action["dice"]))
        self.emit("rolled", player=self.current, dice=action["dice"], pips=self.s["turn"]["pips"])

    def take_advantage_card(self, actor, action):
        adv = self.s["advantage"]
        if self._pile() is adv["discard"]:
            adv["stack"], adv["discard"] = adv["discard"], adv["stack"]
            self.emit("advantage_reshuffled")
        adv["stack"][action["card"]] -= 1
        self.s["turn"]["card"] = action["card"]
        self.emit("drew", player=self.current, card=action["card"])

    def _discard(self) -> None:
        self.s["advantage"]["discard"][self.s["turn"]["card"]] += 1  # CD-ADV-03
        self.s["turn"]["card"] = None

    def follow_advantage_card(self, actor, action):
        kind = self.s["turn"]["card"]
        self._discard()
        self.emit("played", player=self.current, card=kind)
        if "to" in action:  # taxi or headquarters: the move is made, the pips left forfeited
            self.s["turn"]["pips"] = 0
            self._enter(action["to"], via="advantage card")
        else:
            self.s["turn"]["tipped"] = action["player"]

    def discard_advantage_card(self, actor, action):
        self.emit("put_away", player=self.current, card=self.s["turn"]["card"])
        self._discard()

    def show_tip_card(self, actor, action):
        self._show(self.s["turn"]["tipped"], action["card"])
        self.s["turn"]["tipped"] = None

    def move_pawn(self, actor, action):
        self.s["turn"]["pips"] = 0  # CD-MOV-04: what is left of the roll is forfeited
        if action["to"] in R.DOOR_SPACES:
            self._enter(action["to"], via="door")
        else:
            self.s["positions"][self.current] = action["to"]
            self.emit("moved", player=self.current, to=action["to"])

    def _enter(self, place: str, via: str) -> None:
        self.s["positions"][self.current] = place
        self.emit("entered", player=self.current, place=place, via=via)

    def ask(self, actor, action):
        question = {k: action[k] for k in CASE_KEYS}
        self.s["markers"][question["suspect"]] = self.s["markers"][question["item"]] = question["location"]  # CD-QUE-03
        self.s["turn"]["question"] = question
        self.emit("questioned", player=self.current, **question)
        passed, answerer = self.first_holder(
            set(question.values()), self.hand
        )  # CD-QUE-04; CD-ACC-04: players out still answer
        for q in passed:
            self.emit("no_evidence", player=q)  # CD-QUE-05
        if answerer is None:
            self.emit("nobody_showed")  # CD-QUE-06
        self.s["turn"]["answerer"] = answerer

    def show_card(self, actor, action):
        self._show(self.s["turn"]["answerer"], action["card"])

    def _show(self, shower: str, card: str) -> None:
        # CD-QUE-04: only the asker sees which card; everybody sees that one was shown
        self.s["private"][self.current]["shown"].append({"card": card, "by": shower})
        self.emit("shown", by=shower, to=self.current, private={self.current: {"card": card}, shower: {"card": card}})

    def look_at_side_card(self, actor, action):
        card = self.s["secret"]["side_cards"][action["slot"] - 1]  # CD-DUE-04: it goes back in the same place
        self.s["private"][self.current]["side_cards"][str(action["slot"])] = card
        self.emit("looked", player=self.current, slot=action["slot"], private={self.current: {"card": card}})

    def open_case_file(self, actor, action):
        case = dict(self.s["secret"]["case_file"])  # CD-ACC-02: shown to all as proof
        self.s["outcome"] = {"result": "solved", "winners": [self.current], "case_file": case}
        self.emit("accused", player=self.current, **{k: action[k] for k in CASE_KEYS}, right=True)
        self.emit("solved", player=self.current, case_file=dict(case))

    def drop_out(self, actor, action):
        # CD-ACC-03: out of the race; the case file goes back unseen by the others
        case = dict(self.s["secret"]["case_file"])
        self.s["out"].append(self.current)
        self.s["private"][self.current]["case_file"] = case
        self.emit("accused", player=self.current, **{k: action[k] for k in CASE_KEYS}, right=False)
        self.emit("out", player=self.current, private={self.current: {"case_file": dict(case)}})

    def reveal_unsolved(self, actor, action):
        case = dict(self.s["secret"]["case_file"])  # CD-ACC-05
        self.s.update(outcome={"result": "unsolved", "winners": [], "case_file": case}, current=None, turn=new_turn())
        self.emit("unsolved", case_file=dict(case))

    def pass_turn(self, actor, action):
        # CD-TRN-03: to the left; CD-ACC-08: players out of the race take no more turns
        self.s["current"] = next(
            q for q in self.others_from_the_left(self.current) + [self.current] if q not in self.s["out"]
        )
        self.s["turn"] = new_turn()
        self.emit("turn", player=self.current)
