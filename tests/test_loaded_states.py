"""load() accepts only states that can be played: every game, including the ones still to come.

States met in random games of each game the implementation offers are
mutated (values swapped, dropped, duplicated, retyped, renamed; the phase
changed) by the thousand.  Each must be refused as bad_request, or load and
then play on cleanly: load(state()) is the identity, legal() is well formed,
the components add up, listed moves are accepted and random moves raise
nothing (casebook.properties.random_play.refused_or_plays_on).  A crash, another error code,
a stuck or a broken table fails.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

import pytest

from casebook import settings
from casebook import schemas
from casebook.errors import GameError
from casebook.properties.hostile_states import mutate, refused_or_plays_on
from casebook.protocol import Table, canonical
from tests import games as what_games_have

# Each game is played by its own random-play policy where it has one (tests/<game>/test_random_play.py's
# ``policy``): P.I.'s uniform random tries name one of 1,680 solutions, so a uniform game is thousands of wrong tries
# and the 20,000-state cap took 9 minutes; Bulls and Cows' uniform guesses break a code once in 5,040.  Their
# policies name the true answer now and then, so the games end and reach their final phases.


def played_states(impl, game: str, games: int, rng: random.Random) -> list[dict]:
    """Every state of a few random games with the default options."""
    states = []
    for _ in range(games):
        table = Table.new(impl, game, {})
        states.append(table.state())
        step = what_games_have.step(game)
        while step(table, rng) is not None and len(states) < 20_000:
            states.append(table.state())
        table.close()
    return states


@pytest.mark.slow  # thousands of loads in process: ./run.sh test gives it a step of its own; 200 over other drivers
@pytest.mark.parametrize("game", schemas.games())
def test_a_mutated_state_is_refused_or_plays_on(implementation, hello, request, game):
    if game not in hello["games"]:
        pytest.skip(f"unsupported: game {game} not offered")
    mutations = settings.MUTATIONS.number(2000 if request.config.getoption("--impl") == "reference" else 200)
    rng = random.Random(f"mutations of {game}")
    schema, states = schemas.load(game), played_states(implementation, game, 10, rng)
    verdicts = Counter(
        refused_or_plays_on(implementation, game, mutate(rng.choice(states), schema, rng), rng)
        for _ in range(mutations)
    )
    assert verdicts["refused"] and verdicts["played"], (
        verdicts
    )  # both kinds occur: the mutations are neither all fatal nor all harmless


# -- the long run (issue 27): every accepted state is played to a final phase ------------------------------------
SLOW_MUTATIONS = 10_000
MOVES_TO_THE_END = 5_000  # random play ends every game of these rules well within this (P.I. by its policy)
FIGURES = Path("results") / "hostile"  # loaded-states-<game>.json: the figures the note gives


def refused_or_played_to_the_end(impl, game: str, state: dict, rng: random.Random, final: set[str]) -> str:
    """ "refused" (bad_request), or "ended": loaded and played by random play to a final phase.  A state that loads
    but cannot be played to the end (an error, a position with no move before the end, a game that goes on and on)
    fails the test: load() must refuse what random play could not finish."""
    try:
        table = Table.load(impl, game, state)
    except GameError as exc:
        assert exc.code == "bad_request", f"a broken state gives {exc.code}, not bad_request: {exc.message}"
        return "refused"
    step = what_games_have.step(game)
    try:
        for _ in range(MOVES_TO_THE_END):
            if step(table, rng) is None:
                phase = table.state()["phase"]
                assert phase in final, f"no move left in phase {phase}, which is not final"
                return "ended"
        raise AssertionError(f"still playing after {MOVES_TO_THE_END} moves: {canonical(state)[:2000]}")
    finally:
        table.close()


@pytest.mark.slow
@pytest.mark.parametrize("game", schemas.games())
def test_ten_thousand_mutated_states_are_refused_or_played_to_a_final_phase(implementation, hello, request, game):
    if game not in hello["games"]:
        pytest.skip(f"unsupported: game {game} not offered")
    mutations = settings.SLOW_MUTATIONS.number(
        SLOW_MUTATIONS if request.config.getoption("--impl") == "reference" else 500
    )
    rng = random.Random(f"long run of {game}")
    schema, states = schemas.load(game), played_states(implementation, game, 10, rng)
    final = {p["name"] for p in schema["phases"] if p["final"]}
    verdicts = Counter(
        refused_or_played_to_the_end(implementation, game, mutate(rng.choice(states), schema, rng), rng, final)
        for _ in range(mutations)
    )
    FIGURES.mkdir(parents=True, exist_ok=True)
    (FIGURES / f"loaded-states-{game}.json").write_text(
        json.dumps(
            {"game": game, "impl": request.config.getoption("--impl"), "mutated": mutations, **verdicts},
            indent=2,
            sort_keys=True,
        )
        + "\n"
    )
    print(
        f"\n{game}: {mutations} mutated states, {verdicts['refused']} refused with bad_request, "
        f"{verdicts['ended']} played to a final phase"
    )
    assert verdicts["refused"] + verdicts["ended"] == mutations and verdicts["refused"] and verdicts["ended"], verdicts
