"""Toy engines with ONE deviation each, as public Clue engines have them (issue 44's Done-when), on the author's kit.

Each toy is the reference's rules (the Cluedo and heist game classes of statemachines/) with one thing changed,
behind ``casebook.adapter.Rules``: what an engine author writes.  ``CASEBOOK_TOY_DEVIATION=<name>`` picks the
deviation when the factory runs, so ``casebook verify --impl python:tests.conformance.deviant_toys:make`` finds it
in its environment; ``python -m tests.conformance.deviant_toys`` serves the same toy over stdio (the toy that
hangs must be judged there, where a call over its time limit is killed).

A toy that lacks a part engines commonly lack (markers, the start roll, the secret passages) declines the tag
that marks it, as its author would (heist's notes assistant and timers, which no tag marks, by clause id); the
others decline nothing: their deviation is a bug.
"""

from __future__ import annotations

import threading

from casebook import settings
from casebook.adapter import Rules, Unsupported
from statemachines.cluedo_drei.engine import CluedoDrei
from statemachines.cluedo_drei.machine import TRANSITIONS as CLUEDO_ROWS
from statemachines.cluedo_drei.rules import HEADQUARTERS
from statemachines.kit import offer
from statemachines.heist.engine import Heist
from statemachines.heist.machine import TRANSITIONS as HEIST_ROWS
from statemachines.heist.rules import GANG, METHODS, PLACES

ENV = settings.TOY_DEVIATION.name


# -- the deviations, each a mixin over a game class ----------------------------------------------------------
class SkipsASeatAtElimination:
    """The turn after a wrong accusation goes to the second player to the left still in the race, not the first."""

    def pass_turn(self, actor, action):
        self._skipping = action.get("type") == "accuse" and self.current in self.s["out"]
        try:
            super().pass_turn(actor, action)
        finally:
            self._skipping = False

    def others_from_the_left(self, player):
        order = super().others_from_the_left(player)
        if getattr(self, "_skipping", False):
            racing = [p for p in order if p not in self.s["out"]]
            if len(racing) > 1:
                order.remove(racing[0])
        return order


class EliminatedNeverShow:
    """A player out of the race is passed over in the question round, as if they held none of the named cards."""

    def first_holder(self, named, hand):
        return super().first_holder(named, lambda p: [] if p in self.s["out"] else hand(p))


class FirstMatchingCardAlways:
    """The answerer has no choice: only the first named card of their (sorted) hand may be shown."""

    def options_show(self):
        moves = super().options_show()
        return moves[:1] if self.phase == "answering" else moves


class NoMarkers:
    """A question moves no marker (token): they stay where they were."""

    markers = "markers"

    def ask(self, actor, action):
        before = dict(self.s[self.markers])
        super().ask(actor, action)
        self.s[self.markers] = before


class NoStartRoll:
    """Nobody rolls for the start: the first seat begins once the cards are dealt."""

    def begin_without_rolling(self, actor, action):
        self.s.update(start_waiting=[], start_rolls={self.players[0]: [6, 6]})
        self.begin_first_turn(actor, action)

    @staticmethod
    def rows(rows: list[dict]) -> list[dict]:
        """The deal's last row leads to the first turn, begun without the roll-off."""
        out = []
        for row in rows:
            if row["dest"] == "rolling_for_start" and row["source"] != "rolling_for_start":
                after = row.get("after") or []
                row = {**row, "dest": "starting_turn", "after": [*([after] if isinstance(after, str) else after)]}
                row["after"].append("begin_without_rolling")
            out.append(row)
        return out


class NoAssistantNoTimers:
    """No notes assistant (every sheet stays blank, nobody's assistant is on, nobody switches it) and no timers (the
    clock never acts): two parts an online engine commonly lacks that no tag marks, so its author declines them by
    clause id.  A room that asks for either (the assistant on, a turn timer) is one it cannot open: ``unsupported``,
    as a position that holds either is one it cannot load."""

    @classmethod
    def check_options(cls, options):
        super().check_options(options)
        asks = options["notes_assistant"] and options["variant"] != "tutorial"  # the tutorial's is implied, not asked
        if asks or options["turn_timer"] != "off":
            raise Unsupported("this engine has no notes assistant and no turn timer")

    def setup(self):
        super().setup()
        for mine in self.s["private"].values():
            mine["assistant"] = False  # there is none: not a bot's (HO-BOT-01), not the learner's (HO-NOT-12)

    def _check_notes(self, player):
        """What this engine keeps of a sheet: nothing (the reference's check asks a bot's assistant to be on)."""
        mine = self.s["private"][player]
        if mine["assistant"] or any(entry for cards in mine["notes"].values() for entry in cards.values()):
            raise Unsupported(f"this engine has no notes assistant: {player}'s sheet stays blank")

    def _note(self, player, card, entry):
        pass  # there is no assistant to write the sheet

    def options_expire(self):
        return []

    def options_switch_notes_assistant(self):
        return []


# heist's notes assistant (with the bots', which keep one, and the tutorial's, always on) and timers, by clause id
NO_ASSISTANT_NO_TIMERS = [
    *(f"HO-NOT-{n:02}" for n in (4, 6, 7, 8, 9, 10, 11, 12)),
    "HO-BOT-01",
    *(f"HO-TIM-{n:02}" for n in (2, 3, 5, 6, 7, 8)),
    "HO-QUE-10",  # the 15 seconds to show a card run (the show timer)
    "HO-QUE-11",  # and what happens when they run out
]


class HeistTokens(NoMarkers):
    markers = "tokens"


def without(rows: list[dict], trigger: str) -> list[dict]:
    return [row for row in rows if row["trigger"] != trigger]


# Cluedo: the turn stays open after a card is shown (the asker must end it, as in the Headquarters).
TURN_STAYS_OPEN_ROWS = [
    {**row, "dest": "accusing", "after": None} if row["trigger"] == "show" and row["source"] == "answering" else row
    for row in CLUEDO_ROWS
]


class CluedoTurnStaysOpen(CluedoDrei):
    transitions = TURN_STAYS_OPEN_ROWS

    def triggers(self):
        if self.phase == "accusing" and self._place() != HEADQUARTERS:
            return ("end_turn",)  # an open turn outside the Headquarters: it only ends
        return super().triggers()


class CluedoAccusesAnywhere(CluedoDrei):
    """An accusation at the start of the turn or instead of moving, wherever the pawn stands (where a question is
    due, the question still comes first: that is another deviation, of CD-QUE-08)."""

    transitions = CLUEDO_ROWS + [
        {**row, "source": ["starting_turn", "moving"]} for row in CLUEDO_ROWS if row["trigger"] == "accuse"
    ]


class HeistAccusesAnywhere(Heist):
    def options_accuse(self):
        return offer(
            self.current, ({"gang": g, "method": m, "place": p} for g in GANG for m in METHODS for p in PLACES)
        )


def _game(base, *mixins, rows=None, **attrs):
    body = dict(attrs)
    if rows is not None:
        body["transitions"] = rows
    return type(f"{base.__name__}With{''.join(m.__name__ for m in mixins)}", (*mixins, base), body)


# name -> ({game: game class}, {game: declined tags}, {game: declined action types})
TOYS = {
    "turn_stays_open": ({"cluedo_drei": CluedoTurnStaysOpen}, {}, {}),
    "skips_a_seat_at_elimination": (
        {"cluedo_drei": _game(CluedoDrei, SkipsASeatAtElimination), "heist": _game(Heist, SkipsASeatAtElimination)},
        {},
        {},
    ),
    "eliminated_never_show": (
        {"cluedo_drei": _game(CluedoDrei, EliminatedNeverShow), "heist": _game(Heist, EliminatedNeverShow)},
        {},
        {},
    ),
    "first_matching_card_always": (
        {"cluedo_drei": _game(CluedoDrei, FirstMatchingCardAlways), "heist": _game(Heist, FirstMatchingCardAlways)},
        {},
        {},
    ),
    "accuses_anywhere": ({"cluedo_drei": CluedoAccusesAnywhere, "heist": HeistAccusesAnywhere}, {}, {}),
    "no_markers": (
        {"cluedo_drei": _game(CluedoDrei, NoMarkers), "heist": _game(Heist, HeistTokens)},
        {"cluedo_drei": ["model-markers"], "heist": ["model-tokens"]},
        {},
    ),
    "no_start_roll": (
        {
            "cluedo_drei": _game(CluedoDrei, NoStartRoll, rows=NoStartRoll.rows(CLUEDO_ROWS)),
            "heist": _game(Heist, NoStartRoll, rows=NoStartRoll.rows(HEIST_ROWS)),
        },
        {"cluedo_drei": ["model-start-roll"], "heist": ["model-start-roll"]},
        {},
    ),
    "no_passage": (
        {
            "cluedo_drei": _game(CluedoDrei, rows=without(CLUEDO_ROWS, "secret_passage")),
            "heist": _game(Heist, rows=without(HEIST_ROWS, "take_secret_passage")),
        },
        {"cluedo_drei": ["model-passages"], "heist": ["model-passages"]},
        {},  # declared once: fuzz derives secret_passage and take_secret_passage from the tag (issue 45 item 4)
    ),
    "loops_when_all_are_wrong": ({"cluedo_drei": CluedoDrei, "heist": Heist}, {}, {}),
    "no_assistant_no_timers": ({"heist": _game(Heist, NoAssistantNoTimers)}, {"heist": NO_ASSISTANT_NO_TIMERS}, {}),
}


class Deviant(Rules):
    """The reference's rules of one toy's games, on the kit."""

    version = "0"

    def __init__(self, deviation: str):
        super().__init__()
        classes, declines, actions = TOYS[deviation]
        self.name, self.classes = f"toy-{deviation.replace('_', '-')}", classes
        self.games = {g: {"declines": list(declines.get(g, []))} for g in classes}
        self.declined_actions = actions
        self.hangs = deviation == "loops_when_all_are_wrong"

    def start(self, game, options):
        return self.classes[game].new(options)

    def restore(self, game, state):
        return self.classes[game].load(state)

    def snapshot(self, g):
        return g.state()

    def moves(self, g):
        return g.legal()["moves"]

    def play(self, g, actor, action):
        events = g.apply(actor, action)
        if self.hangs and g.state()["phase"] == "unsolved":
            threading.Event().wait()  # the last wrong accusation never returns: only a killed process ends this call
        return events

    def view(self, table, player):
        return self._game(table)[1].view(player)


def make() -> Deviant:
    return Deviant(settings.TOY_DEVIATION.get())


if __name__ == "__main__":
    make().serve()
