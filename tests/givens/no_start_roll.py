"""Toy engines on the kit: the reference Cluedo and heist games without the roll for who starts (issue 25 item 2).

After the deal the first seat starts at once, as if it had rolled highest: ``legal()`` lists no start roll.  A
scenario whose Given would have rolled for the start is dealt without one (the Givens ask before they move), so
judged by the suite these engines lose only the clauses about the roll for who starts.

    casebook verify --impl python:tests.givens.no_start_roll:make --game cluedo_drei --no-properties
"""

from __future__ import annotations

from statemachines.cluedo_drei.engine import CluedoDrei
from statemachines.kit import Engine, Game
from statemachines.heist.engine import Heist
from statemachines.reference import ReferenceImplementation

ROLL_OFF = "rolling_for_start"


def without_the_roll_off(game: type[Game]) -> type[Game]:
    """``game`` with the deal's last card going straight to the first seat's turn;
    the roll-off phase and its rows gone."""

    def first_seat_starts(self, actor, action):
        self.s.update(
            start_waiting=[], start_rolls={self.players[0]: [6, 6]}
        )  # as if the first seat had rolled highest
        self.begin_first_turn(actor, action)

    rows = []
    for row in game.transitions:
        if row["source"] == ROLL_OFF:
            continue
        if row["dest"] == ROLL_OFF:
            after = row.get("after") or []
            row = dict(
                row, dest="starting_turn", after=[*([after] if isinstance(after, str) else after), "first_seat_starts"]
            )
        rows.append(row)
    return type(
        f"{game.__name__}WithoutRollOff",
        (game,),
        {
            "transitions": rows,
            "phases": [p for p in game.phases if p["name"] != ROLL_OFF],
            "phase_clauses": {k: v for k, v in game.phase_clauses.items() if k != ROLL_OFF},
            "first_seat_starts": first_seat_starts,
        },
    )


def make() -> ReferenceImplementation:
    """Both games, each without its roll for who starts (``--impl python:tests.givens.no_start_roll:make``)."""
    return ReferenceImplementation(engines={g.info.id: Engine(without_the_roll_off(g)) for g in (CluedoDrei, Heist)})
