"""P.I. (Martin Wallace, Treefrog 2012; as played on Board Game Arena) — the reference engine.

2–5 players, three rounds; each player solves their own case (culprit, place,
crime), held by the player to their right.  Variants: the engine places the
discs and cubes (as on BGA, the default) or the neighbour holding the case
does (as at the table).  Chance: the tiles on the board, the case cards, every
evidence card turned up.  Information: imperfect (each player knows one case,
never their own).
"""

from statemachines.kit import Engine

from .engine import PI


def make_engine() -> Engine:
    return Engine(PI)
