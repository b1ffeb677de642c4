"""verify's schema checks: the compiled validator (jsonschema-rs) says yes and no exactly as jsonschema does.

verify asks jsonschema-rs whether an answer fits and jsonschema only to word
the error; if the two read a schema differently, verify would pass what the
schema forbids (or fail what it allows) without anyone noticing.  So both
judge every published starting position and hundreds of broken copies of them.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from casebook.conformance.validating import _validators, game_schema, schema_error
from tests import games as what_games_have

ROOT = Path(__file__).resolve().parents[2]
GAMES = what_games_have.games()
REFUSED_SHARE = 0.8  # of the broken copies: each game's schema refuses 91-94% of them (a count would favour big states)
ODD_VALUES = [None, "no such thing", -1, 2.5, [], {}, True]


def starts(game: str) -> list[dict]:
    """The game's published starts; the test skips, saying why, a game that publishes none yet."""
    if not (ROOT / "features" / game / "positions.json").is_file():
        pytest.skip(
            f"{game} publishes no start yet (features/{game}/positions.json: casebook regenerate --game {game})"
        )
    return list(json.loads((ROOT / "features" / game / "positions.json").read_text(encoding="utf-8")).values())


def broken_copies(state: dict):
    """Each top-level field left out, and each replaced by values of every other JSON type; one extra field."""
    for key in state:
        left_out = {k: v for k, v in state.items() if k != key}
        yield f"without {key}", left_out
        for value in ODD_VALUES:
            changed = copy.copy(state)
            changed[key] = value
            yield f"{key}={value!r}", changed
    yield "an extra field", {**state, "invented": 1}


@pytest.mark.slow  # a verify run, a fuzz search or a wire fuzz: out of the inner loop (pytest -m 'not slow')
@pytest.mark.parametrize("game", GAMES)
def test_the_compiled_and_the_python_validator_agree_on_states(game):
    fast, wording = _validators(game_schema(game), "state")
    refused = tried = 0
    for state in starts(game)[:4]:  # the others are deals of the same shape (and jsonschema is slow)
        assert fast.is_valid(state) and wording.is_valid(state), f"a published {game} start fails its own schema"
        for what, broken in broken_copies(state):
            verdict = wording.is_valid(broken)
            assert fast.is_valid(broken) == verdict, (
                f"{game} state {what}: jsonschema says {verdict}, jsonschema-rs not"
            )
            refused += not verdict
            tried += 1
    assert refused >= REFUSED_SHARE * tried, f"only {refused} of {tried} broken {game} states refused: they test little"


@pytest.mark.parametrize("game", GAMES)
def test_a_refused_state_gets_jsonschemas_words(game):
    state = dict(starts(game)[0], phase=["not", "a", "phase"])
    problem = schema_error(game, "state", state)
    assert problem is not None and problem.startswith("$defs.state at $.phase"), problem
