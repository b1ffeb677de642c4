"""Bulls and Cows: the facts, as data.

Two players, a secret code each (four different digits), guesses in turn answered with bulls and cows.  No board,
no chance, no bots: every move is a player's.
"""

from __future__ import annotations

from itertools import permutations

from statemachines.kit import GameInfo

GAME_ID = "bulls_and_cows"
TITLE = "Bulls and Cows"
RULEBOOK = "bulls-and-cows.en.txt"

PLAYERS = ("North", "South")  # BC-TURN-01: North is the first player (a @ruling on who sits first)
DIGITS = "0123456789"
LENGTH = 4  # BC-CODE-01
CODES = tuple("".join(p) for p in permutations(DIGITS, LENGTH))  # every code and every guess: 5,040

NAMES = {"player": (PLAYERS, "the two players, the first player first")}

INFO = GameInfo(
    id=GAME_ID,
    title=TITLE,
    rulebook=RULEBOOK,
    players=(2, 2),
    default_players=PLAYERS,
    player_names=PLAYERS,
    tag_kinds=("ruling",),
    short="Bulls and Cows",
    summary="Two players each break the other's secret four-digit code by guesses answered in bulls and cows.",
    edition="a pencil-and-paper game; this text was written for Casebook's tests",
)


def score(secret: str, guess: str) -> tuple[int, int]:
    """BC-SCORE-01: (bulls, cows) of ``guess`` against ``secret``."""
    bulls = sum(a == b for a, b in zip(secret, guess))
    return bulls, len(set(secret) & set(guess)) - bulls
