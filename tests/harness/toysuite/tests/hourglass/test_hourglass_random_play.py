"""Random play of the hourglass toy on the implementation under test: every invariant, every step."""

from toyplay import check_random_games


def test_random_games_keep_every_invariant(implementation):
    check_random_games(
        implementation, "hourglass", [{}, {"turn_timer": None}, {"turn_timer": 60, "turns": 9}], games=40
    )
