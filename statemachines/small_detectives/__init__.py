"""Small Detectives (Charles Chevallier & Bruno Faidutti, Pixie Games, 2017) — the reference engine.

2–5 detectives; every round each player lays an action card face down (two
with two players), Shadowing is carried out first, the others by number;
then the houses, the Bar and the Police take effect and the cards pass on.
Chance: the two tiles under the Police, the six houses, the deal.
Information: imperfect (hands, sealed cards, house clues, Bar questions,
reports at the Police).
"""

from statemachines.kit import Engine

from .engine import SmallDetectives


def make_engine() -> Engine:
    return Engine(SmallDetectives)
