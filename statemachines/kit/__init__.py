"""The game kit: every reference game is written the same short way on it.  How: docs/write-a-game-engine.md
(tests/harness/toy.py is a whole game in 60 lines; tests/harness/parlour.py uses every hook).

    game.py            ``Game`` (one table: the tables, new/load, legal/apply/view), ``Engine``, ``GameInfo``
    options.py         building an ``options_<trigger>()``: ``offer``, ``chance``, ``chance_by_count``, ...
    moves.py           listed moves built once and shared (``memo``): the invariant that makes it safe
    question_round.py  ``QuestionRound``, a mixin for the games with a question that goes round to the left
    roll_off.py        ``RollOff``, a mixin for the games with a roll-off for the first turn
"""

from .game import AUTO, Engine, Game, GameInfo, InternalError, Option, json_copy
from .moves import memo
from .options import chance, chance_by_count, guard, offer, offered_when
from .question_round import QuestionRound
from .roll_off import RollOff, roll_off_problem

__all__ = [
    "AUTO",
    "Engine",
    "Game",
    "GameInfo",
    "InternalError",
    "Option",
    "QuestionRound",
    "RollOff",
    "chance",
    "chance_by_count",
    "guard",
    "json_copy",
    "memo",
    "offer",
    "offered_when",
    "roll_off_problem",
]
