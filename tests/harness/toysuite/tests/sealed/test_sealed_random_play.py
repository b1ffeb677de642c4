"""Random play of the sealed toy on the implementation under test: every invariant, every step."""

from toyplay import check_random_games


def test_random_games_keep_every_invariant(implementation):
    check_random_games(
        implementation, "sealed", [{}, {"players": ["A", "B"]}, {"players": ["N", "E", "S", "W"]}], games=40
    )
