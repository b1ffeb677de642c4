"""load() accepts only states that can be played: every game, including the ones still to come.

States met in random games of each game the implementation offers are
mutated (values swapped, dropped, duplicated, retyped, renamed; the phase
changed) by the thousand.  Each must be refused as bad_request, or load and
then play on cleanly: load(state()) is the identity, legal() is well formed,
the components add up, listed moves are accepted and random moves raise
nothing (casebook.testing.refused_or_plays_on).  A crash, another error code,
a stuck or a broken table fails.
"""

from __future__ import annotations

import os
import random
from collections import Counter

import pytest

from casebook import schemas
from casebook.protocol import Table
from casebook.testing import mutate, random_step, refused_or_plays_on


def played_states(impl, game: str, games: int, rng: random.Random) -> list[dict]:
    """Every state of a few random games with the default options."""
    states = []
    for _ in range(games):
        table = Table.new(impl, game, {})
        states.append(table.state())
        while random_step(table, rng) is not None and len(states) < 20_000:
            states.append(table.state())
        table.close()
    return states


@pytest.mark.parametrize("game", schemas.games())
def test_a_mutated_state_is_refused_or_plays_on(implementation, hello, request, game):
    if game not in hello["games"]:
        pytest.skip(f"unsupported: game {game} not offered")
    mutations = int(os.environ.get("CASEBOOK_MUTATIONS", 2000 if request.config.getoption("--impl") == "reference" else 200))
    rng = random.Random(f"mutations of {game}")
    schema, states = schemas.load(game), played_states(implementation, game, 10, rng)
    verdicts = Counter(refused_or_plays_on(implementation, game, mutate(rng.choice(states), schema, rng), rng) for _ in range(mutations))
    assert verdicts["refused"] and verdicts["played"], verdicts  # both kinds occur: the mutations are neither all fatal nor all harmless
