"""The online heist game (a digital Cluedo-like game; rules page heist-online.ca.txt) — the reference engine.

2 to 6 seats, bots included; private rooms may seat Easy, Normal or Hard bots;
public rooms and the tutorial ("learn by playing": one learner, two Easy
bots, a coach).  Chance: the hideout, the four face-down cards of the
two-seat game, the deal, every roll.  Clock: the 15 seconds to show a card
and the turn timer.  Information: imperfect (hands, cards shown, face-down
cards, the hideout, the notes sheets, the coach).
"""

from statemachines.kit import Engine

from .engine import Heist


def make_engine() -> Engine:
    return Engine(Heist)
