"""The question round, for the games whose rulebook has one (Cluedo, the heist game): a question goes round to
the left until someone holds a named card.  A game opts in by inheriting ``QuestionRound`` before ``Game``."""

from __future__ import annotations

from typing import Callable


class QuestionRound:
    """Helpers on the table (``self.players``, ``self.current``) for a question that goes round to the left."""

    def others_from_the_left(self, player: str) -> list[str]:
        """Everybody else, starting with the player to the left of ``player`` (clockwise)."""
        i = self.players.index(player)
        return self.players[i + 1 :] + self.players[:i]

    def first_holder(self, named: set, hand: Callable[[str], list]) -> tuple[list[str], str | None]:
        """The question round: from the current player's left, the players who hold none of ``named`` (passed) and
        the first who holds one (or None): Cluedo's and the heist game's question alike."""
        passed = []
        for other in self.others_from_the_left(self.current):
            if named.intersection(hand(other)):
                return passed, other
            passed.append(other)
        return passed, None
