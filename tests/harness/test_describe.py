"""describe(game) of the implementation under test: in the published shape, or ``unsupported`` (it is optional)."""

from __future__ import annotations

import jsonschema
import pytest

from casebook.errors import Unsupported
from casebook.contract import DESCRIBE as DESCRIBE_SCHEMA
from casebook.protocol import describe
from casebook.rulebook import CLAUSE_ID


def games(hello) -> list[str]:
    return sorted(hello["games"])


def test_describe_answers_in_the_published_shape_or_says_unsupported(implementation, hello):
    answered = 0
    for game in games(hello):
        try:
            answer = describe(implementation, game)
        except Unsupported:
            continue
        answered += 1
        jsonschema.validate(answer, DESCRIBE_SCHEMA)
        phases = {p["name"] for p in answer["phases"]}
        assert answer["game"] == game and answer["initial"] in phases
        assert all(p["parent"] in phases for p in answer["phases"] if p["parent"] is not None)
        assert all(t["source"] in phases and t["dest"] in phases for t in answer["transitions"]), game
        cited = [c for part in answer["phases"] + answer["transitions"] for c in part["clauses"]]
        assert all(CLAUSE_ID.match(c) for c in cited), [c for c in cited if not CLAUSE_ID.match(c)]
        board = answer["board"]
        if board is not None:
            names = {loc["name"] for loc in board["locations"]}
            assert all(p["a"] in names and p["b"] in names for p in board["paths"]), game
    if answered == 0:
        pytest.skip(f"unsupported: {hello.get('name')} does not describe its games")


def test_describe_of_an_unknown_game_is_refused(implementation):
    with pytest.raises((Unsupported,)):
        describe(implementation, "no-such-game")
