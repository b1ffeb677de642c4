"""Planted leaks (issue 50): for every kind of secret a game has, the reference changed so that one kind of event
tells it to people who may not know it (tests/secrets/planted.py), and that game's scenarios run against it.  Each
leak must fail at least one scenario, and fail it on a sentence ("not so"), not by a crash of the wrapper.

A run stops at the first failure (``-x``): the test names the scenario that caught each leak.  The runs of one game
take 3-4 s each on a quiet machine, so a game's test is marked slow where it plants more than three leaks."""

from __future__ import annotations

import pytest

from tests.secrets.planted import LEAKS
from tests.secrets.scenarios import failing_scenarios

SPEC = "python:tests.secrets.planted:{game}__{leak}"


def caught(game: str, leak: str) -> dict[str, str]:
    return failing_scenarios(game, SPEC.format(game=game, leak=leak), first_only=True)


@pytest.mark.parametrize(
    "game", [pytest.param(g, marks=[pytest.mark.slow] if len(LEAKS[g]) > 3 else []) for g in sorted(LEAKS)]
)
def test_every_planted_leak_fails_a_scenario_of_its_game(game, record_property):
    missed, crashed, catches = [], [], {}
    for leak in LEAKS[game]:
        failed = caught(game, leak)
        if not failed:
            missed.append(leak)
        elif not any("AssertionError" in why for why in failed.values()):
            crashed.append(f"{leak}: {failed}")
        else:
            catches[leak] = next(iter(failed))
    record_property("caught_by", catches)
    print("\n".join(f"{game} {leak}: caught by {test}" for leak, test in catches.items()))
    assert not missed, f"{game}: no scenario fails when the reference leaks {missed}"
    assert not crashed, f"{game}: the planted leaks broke the scenarios otherwise than on a sentence: {crashed}"


def test_the_wrapper_alone_fails_no_scenario():
    """The control: the wrapper planting nothing (every event passed on as a copy) passes all of P.I.'s scenarios,
    so a failure above is the leak's, not the wrapper's."""
    assert failing_scenarios("pi", "python:tests.secrets.planted:unchanged") == {}
