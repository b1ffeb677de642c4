"""Cluedo: Die drei ??? (Winning Moves, 2015) — the reference engine.

2–6 investigators; the basic game with or without Advantage cards; the Duel
for two players or teams (no Advantage cards, four face-down cards beside
the board).  Chance: the case file, the Duel's four cards, the deal, every
roll of the two dice, every Advantage draw.  Information: imperfect (hands,
cards shown, the case file).
"""

from statemachines.kit import Engine

from .engine import CluedoDrei


def make_engine() -> Engine:
    return Engine(CluedoDrei)
