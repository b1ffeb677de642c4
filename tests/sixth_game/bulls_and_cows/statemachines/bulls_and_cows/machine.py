"""Bulls and Cows: the turn as tables (data only).

Both players set down a code, sealed (``choosing``); then they guess in turn, the first player first
(``guessing``); after a round in which a code was broken the game is ``over``.
"""

from statemachines.kit import AUTO
from statemachines.schemas import Enum, Int, ListOf, Maybe, MapOf, PerPlayer, Scalar

from . import rules as R

CODE = (Scalar(str, 1), "four different digits, such as 4071 (BC-CODE-01)")
BULLS = (Int(0, R.LENGTH), "digits of the guess in their place in the code (BC-SCORE-01)")
COWS = (Int(0, R.LENGTH), "digits of the guess that the code holds in another place (BC-SCORE-01)")

STATES = [
    {
        "name": "choosing",
        "actor": "players",
        "summary": "each player sets down a secret code",
        "clauses": ["BC-CODE-01", "BC-CODE-02"],
    },
    {
        "name": "guessing",
        "actor": "player",
        "summary": "the players guess in turn",
        "clauses": ["BC-TURN-01", "BC-SCORE-01"],
    },
    {
        "name": "over",
        "final": True,
        "summary": "a code was broken and the round is complete",
        "clauses": ["BC-END-01", "BC-END-02"],
    },
]

TRANSITIONS = [
    {
        "trigger": "choose_code",
        "source": "choosing",
        "dest": "choosing",
        "before": "keep_code",
        "clauses": ["BC-CODE-01"],
    },
    {
        "trigger": AUTO,
        "source": "choosing",
        "dest": "guessing",
        "conditions": "both_chose",
        "after": "open_guessing",
        "clauses": ["BC-TURN-01"],
    },
    {
        "trigger": "guess",
        "source": "guessing",
        "dest": "guessing",
        "before": "answer_guess",
        "clauses": ["BC-SCORE-01"],
    },
    # BC-END-01: only a complete round ends the game, so both players guess as often
    {
        "trigger": AUTO,
        "source": "guessing",
        "dest": "over",
        "conditions": ["round_complete", "a_code_is_broken"],
        "after": "declare",
        "clauses": ["BC-END-01", "BC-END-02"],
    },
]

ACTIONS = {
    "choose_code": ("a player sets down their secret code", {"code": CODE}),
    "guess": ("the current player guesses the other's code", {"code": CODE}),
}

EVENTS = {
    "code_chosen": (
        "a player set down a code, seen only by them",
        {"player": "player", "private": MapOf("player", {"code": CODE})},
    ),
    "answered": ("a guess and its answer", {"player": "player", "code": CODE, "bulls": BULLS, "cows": COWS}),
    "over": ("the game is over: who broke the other's code", {"winners": ["player"]}),
}

STATE = {
    "current": (Maybe("player"), "whose turn it is to guess; null while codes are set down and when the game is over"),
    "chosen": (ListOf("player", 0, 2), "who has set down a code, in seating order"),
    "guesses": (
        [{"player": "player", "code": CODE, "bulls": BULLS, "cows": COWS}],
        "every guess and its answer, in order",
    ),
    "outcome": (
        Maybe(
            {"result": (Enum("over"), "the final phase"), "winners": (["player"], "who broke the code; both: a draw")}
        ),
        "null until the game is over",
    ),
    "private": PerPlayer({"code": (Maybe(CODE), "the player's secret code, null until set down")}),
}

INVENTORY: dict = {}  # no component is counted: a code is written, not dealt
