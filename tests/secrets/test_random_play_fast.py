"""The random-play runner's privacy checks in the fast selection (issue 50): Small Detectives and the heist game play
their random games only in runs marked slow, so a secret told to every seat passed ``pytest -m 'not slow'``.  Here a
few fixed seeds play in the fast run, and a test shows them catch planted leaks (tests/secrets/planted.py) in
process: the leak the scenarios missed before (a look told to every seat), and a deal told to every seat.

Seeds: Small Detectives 0 and 1 (two and three players: a question at the Bar and a report at the Police happen),
the heist game 0 (the two-seat game, with cards face down); Cluedo's and Feuerdiamant's fast runs are their own
``test_random_play.py`` (20 and 10 games), P.I.'s runs every number of players."""

from __future__ import annotations

import pytest

from casebook.errors import InvariantBroken
from casebook.properties.random_play import random_sim_test
from tests.cluedo_drei.test_random_play import LAWS as CLUEDO
from tests.heist.test_random_play import LAWS as HEIST
from tests.secrets.planted import LEAKS, Leaky
from tests.small_detectives.test_random_play import LAWS as SMALL_DETECTIVES

FAST = {"small_detectives": (SMALL_DETECTIVES, (0, 1)), "heist": (HEIST, (0,)), "cluedo_drei": (CLUEDO, (0,))}


def play(implementation, game: str) -> None:
    laws, seeds = FAST[game]
    for seed in seeds:
        random_sim_test(implementation, laws, seed, load_every=20)


@pytest.mark.parametrize("game", ["small_detectives", "heist"])
def test_a_few_fixed_random_games_hold_every_invariant(implementation, game):
    play(implementation, game)


@pytest.mark.parametrize(
    "game, leak",
    [
        ("small_detectives", "looked_everyone"),
        ("small_detectives", "asked"),
        ("heist", "dealt_everyone"),
        ("heist", "showed"),
        ("cluedo_drei", "dealt_everyone"),
    ],
)
def test_the_fast_random_games_catch_a_planted_leak(game, leak):
    with pytest.raises(InvariantBroken) as broken:
        play(Leaky(*LEAKS[game][leak]), game)
    assert broken.value.invariant in ("log_hides_secrets", "events_are_private"), broken.value
