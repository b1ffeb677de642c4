"""One contract, one definition (casebook.contract): each shape checked in one place, and checked against the others.

* the probability tolerance is one number, and every checker (verify's wrapper, the random-play
  invariant, the steps) says the same of a distribution just inside or just outside it;
* a conformance report validates against the published report schema;
* the kit's state check (statemachines/kit/) and the published schema agree on a corpus of states;
* ``canonical()`` is RFC 8785 (JCS): it matches the rfc8785 library on the states of every game.
"""

from __future__ import annotations

import importlib
import json
import random
from pathlib import Path

import pytest
import rfc8785

from casebook import contract, schemas
from casebook.conformance.validating import ValidatingImplementation, schema_accepts
from casebook.errors import BadRequest, DriverFailure
from casebook.protocol import CHANCE, canonical
from casebook.properties.hostile_states import mutate
from casebook.properties.random_play import Checks

ROOT = Path(__file__).resolve().parents[2]
GAMES = schemas.games()
# the games with published starting positions (a game in transcription has none until its scenarios deal one)
POSITIONED = [g for g in GAMES if (ROOT / "features" / g / "positions.json").is_file()]


def chance_legal(p_last: float) -> dict:
    moves = [{"actor": CHANCE, "action": {"face": f}, "p": p} for f, p in (("a", 0.5), ("b", p_last))]
    return {"to_act": [CHANCE], "moves": moves}


class Fixed:
    """An implementation whose legal() is one fixed answer."""

    def __init__(self, legal):
        self.answer = legal

    def legal(self, table):
        return self.answer


@pytest.mark.parametrize(
    "off, ok", [(0.0, True), (contract.P_TOLERANCE / 10, True), (contract.P_TOLERANCE * 10, False), (1e-7, False)]
)
def test_every_checker_holds_probabilities_to_the_one_tolerance(off, ok):
    legal = chance_legal(0.5 - off)
    assert (not contract.legal_problems(legal)) is ok
    wrapped = ValidatingImplementation(Fixed(legal))
    if ok:
        wrapped.legal("1")
    else:
        with pytest.raises(DriverFailure, match="sum to"):
            wrapped.legal("1")
    invariant = Checks.__new__(Checks)
    invariant.finals = {"over"}
    if ok:
        invariant.legal_is_well_formed({"phase": "rolling"}, legal)
    else:
        with pytest.raises(AssertionError, match="sum to"):
            invariant.legal_is_well_formed({"phase": "rolling"}, legal)
    assert contract.is_chance_node(legal) is ok  # what the steps ask before reading a probability


@pytest.mark.parametrize(
    "legal, says",
    [
        (
            {"to_act": ["B", "A"], "moves": [{"actor": "A", "action": {}}, {"actor": "B", "action": {}}]},
            "sorted actors",
        ),
        (
            {"to_act": ["A"], "moves": [{"actor": "A", "action": {"x": 2}}, {"actor": "A", "action": {"x": 1}}]},
            "not sorted",
        ),
        ({"to_act": ["A"], "moves": [{"actor": "A", "action": {}}, {"actor": "A", "action": {}}]}, "twice"),
        ({"to_act": ["A"], "moves": [{"actor": "A", "action": {}, "p": 1}]}, "legal at $.moves[0]"),
        ({"to_act": ["chance"], "moves": [{"actor": "chance", "action": {}}]}, '"p" is a required property'),
        ({"to_act": ["clock"], "moves": [{"actor": "clock", "action": {"type": "tick"}}]}, "$.moves[0].action"),
        ({"to_act": "A", "moves": []}, "$.to_act"),
    ],
)
def test_legal_problems_name_what_is_wrong(legal, says):
    found = contract.legal_problems(legal)
    assert found and says in found[0], found


def test_moves_exist_exactly_while_the_game_is_not_over():
    assert contract.legal_problems({"to_act": [], "moves": []}, over=False)
    assert contract.legal_problems({"to_act": ["A"], "moves": [{"actor": "A", "action": {}}]}, over=True)
    assert not contract.legal_problems({"to_act": [], "moves": []}, over=True)


@pytest.mark.parametrize(
    "hello, cause",
    [
        ({"name": "x", "protocol": "1.1", "games": {"pi": {"declines": ["setup"]}}}, None),
        ({"name": " ", "protocol": "1.1", "games": {}}, "out_of_protocol"),
        ({"name": "x", "protocol": "1.1", "games": {"pi": {"declines": "setup"}}}, "out_of_protocol"),
        ({"name": "x", "protocol": "2.0", "games": {}}, "protocol_version"),
        (["not", "an", "object"], "out_of_protocol"),
    ],
)
def test_hello_is_checked_by_its_schema(hello, cause):
    if cause is None:
        assert contract.check_hello(hello) is hello
    else:
        with pytest.raises(DriverFailure) as failure:
            contract.check_hello(hello)
        assert failure.value.cause == cause


def test_a_report_has_the_published_shape(tmp_path):
    from casebook.conformance import report as rep

    features = tmp_path / "features" / "xx"
    features.mkdir(parents=True)
    (features / "01-set.feature").write_text(
        "Feature: Set-up\n  @XX-SET-01\n  Rule: three cards\n    Example: dealt\n      Given x\n      Then y\n",
        encoding="utf-8",
    )
    clauses = rep.catalog(tmp_path / "features")
    results = [{"clauses": ["XX-SET-01"], "game": "xx", "name": "dealt", "status": "skipped", "message": "no"}]
    properties = [{"name": "tests/xx/test_random_play.py::test_x", "game": "xx", "status": "passed", "message": ""}]
    report = rep.build({"spec": "s", "name": "n", "version": "1"}, clauses, results, properties)
    assert contract.problems("report", report) == []
    assert report["clauses"]["XX-SET-01"]["status"] == "not_run"
    report["totals"]["partly"] = report["totals"].pop("partial")
    assert contract.problems("report", report)  # the schema can fail


# -- the kit and the published schema agree --------------------------------------------------
def corpus(game: str, rng: random.Random, mutations: int = 300) -> list[dict]:
    """The game's published positions, and mutations of them (values swapped, dropped, retyped, renamed), as JSON.

    Through JSON as over a wire: a mutation may rename a key to a number, which JSON spells as a string.
    """
    positions = list(json.loads((ROOT / "features" / game / "positions.json").read_text(encoding="utf-8")).values())
    schema = schemas.load(game)
    return positions + [json.loads(json.dumps(mutate(rng.choice(positions), schema, rng))) for _ in range(mutations)]


# What the kit checks and a JSON Schema cannot say: facts that tie one field to another.
# A seat name of the game that is not at this table (a private slot keyed "South" at a table of North and East): the
# schema knows the game's seat names, not which sit at this table (seen first in a scaffolded game's corpus).
ONLY_THE_KIT = ("$.players must be options.players", "needs one entry for each of", "is not a player at this table")


def kit_verdict(game: str, state) -> str | None:
    """Why the kit's own check of a loaded state's shape refuses it (statemachines/kit/, as load() runs it), or None."""
    cls = importlib.import_module(f"statemachines.{game}").make_engine().game
    try:
        if type(state) is not dict or state.get("game") != game:
            raise BadRequest(f"not a {game} state")
        cls._check_options(state.get("options"), None, "$.options")
        cls.check_options(state["options"])
        if state.get("players") != state["options"]["players"]:
            raise BadRequest("$.players must be options.players")
        cls._check_state(state, state["players"])
    except BadRequest as refused:
        return str(refused)
    return None


@pytest.mark.parametrize("game", POSITIONED)
def test_the_kits_state_check_agrees_with_the_published_schema(game):
    """Every state the schema refuses, the kit refuses; the kit refuses more only for what a schema cannot say."""
    states = corpus(game, random.Random(f"agreement of {game}"))
    judged = [(kit_verdict(game, s), not schema_accepts(game, "state", s), s) for s in states]
    looser = [canonical(s)[:300] for kit, published, s in judged if published and not kit]
    assert not looser, f"the kit loads {len(looser)} states the published schema refuses: {looser[:3]}"
    stricter = [
        (kit, canonical(s)[:200])
        for kit, published, s in judged
        if kit and not published and not any(k in kit for k in ONLY_THE_KIT)
    ]
    assert not stricter, f"the kit refuses {len(stricter)} states the published schema accepts: {stricter[:3]}"
    assert {kit is None for kit, _, _ in judged} == {
        True,
        False,
    }  # the corpus holds states of both kinds: the test can fail


# -- canonical JSON is RFC 8785 ----------------------------------------------------------------
@pytest.mark.parametrize("game", POSITIONED)
def test_canonical_is_rfc8785(game):
    positions = json.loads((ROOT / "features" / game / "positions.json").read_text(encoding="utf-8"))
    for name, state in positions.items():
        assert canonical(state).encode("utf-8") == rfc8785.dumps(state), name


@pytest.mark.parametrize(
    "value", [{"é": "ü", "a": [1, -0, 2**40], "\u20ac": '\u0007\n"'}, {"b": True, "a": None, "": {}}]
)
def test_canonical_is_rfc8785_on_awkward_values(value):
    assert canonical(value).encode("utf-8") == rfc8785.dumps(value)


def test_states_actions_and_events_carry_no_float():
    """What keeps canonical() exactly JCS on states: Python and ECMAScript spell integers alike, not every float."""
    floats = [
        (game, path)
        for game in GAMES
        for path, node in walk(schemas.load(game)["$defs"])
        if node.get("type") == "number"
    ]
    assert not floats, floats


def walk(node, path="$"):
    if isinstance(node, dict):
        yield path, node
        for key, child in node.items():
            yield from walk(child, f"{path}.{key}")
    elif isinstance(node, list):
        for i, child in enumerate(node):
            yield from walk(child, f"{path}[{i}]")
