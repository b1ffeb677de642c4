"""Differential fuzzing finds a departure, shrinks it to a short record, and replay reproduces it."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys

import pytest

from casebook.conformance.differential import differences, replay
from casebook.conformance.fuzzing import fuzz
from casebook.errors import BadRequest
from casebook.impls import open_implementation
from casebook.protocol import Table
from tests.conformance.helpers import ROOT, TOY_SPEC

MUTANT = "python:tests.conformance.deviant_engines:forgets_big_bet_of_b"


def test_the_reference_agrees_with_itself_over_stdio():
    reference = open_implementation(TOY_SPEC)
    served = open_implementation(f"cmd:{sys.executable} -m casebook.cli serve --impl {TOY_SPEC}")
    try:
        assert fuzz(reference, served, "toy", examples=15, seed=1) is None
    finally:
        served.shutdown()


def test_a_departure_is_found_and_shrunk_to_the_shortest_game_that_shows_it():
    record = fuzz(open_implementation(TOY_SPEC), open_implementation(MUTANT), "toy", examples=30, seed=3)
    assert record is not None
    # The shortest game that shows it: deal A, deal B, A bets; then B's legal moves differ.
    assert [s["actor"] for s in record["steps"]] == ["chance", "chance", "A"]
    assert record["disagreement"]["what"] == "legal"
    assert any("moves" in line for line in record["disagreement"]["detail"])


@pytest.mark.slow  # a verify run, a fuzz search or a wire fuzz: out of the inner loop (pytest -m 'not slow')
def test_replay_reproduces_a_saved_record_and_clears_an_agreeing_engine(tmp_path):
    record = fuzz(open_implementation(TOY_SPEC), open_implementation(MUTANT), "toy", examples=30, seed=3)
    path = tmp_path / "toy.json"
    path.write_text(json.dumps(record))
    assert replay(open_implementation(TOY_SPEC), open_implementation(MUTANT), record) is not None
    assert replay(open_implementation(TOY_SPEC), open_implementation(TOY_SPEC), record) is None
    cli = [sys.executable, "-m", "casebook.cli", "replay", str(path), "--reference", TOY_SPEC, "--impl"]
    assert subprocess.run([*cli, MUTANT], cwd=ROOT, capture_output=True).returncode == 1
    assert subprocess.run([*cli, TOY_SPEC], cwd=ROOT, capture_output=True).returncode == 0


def test_differences_name_the_paths():
    assert differences({"a": [1, 2], "b": 1}, {"a": [1, 3], "c": 1}) == [
        "$.a[1]: reference 2 ≠ implementation 3",
        "$.b: missing in the implementation",
        "$.c: only in the implementation",
    ]


# -- on the real games ------------------------------------------------------------
NODE = shutil.which("node")
NODE_ENGINE = ROOT / "examples" / "node-cluedo" / "engine.js"
needs_cluedo = pytest.mark.skipif(
    "cluedo_drei" not in open_implementation("reference").hello()["games"], reason="no cluedo_drei yet"
)


@pytest.mark.slow  # a verify run, a fuzz search or a wire fuzz: out of the inner loop (pytest -m 'not slow')
@needs_cluedo
def test_cluedo_over_stdio_agrees_with_cluedo_in_process():
    served = open_implementation("cmd:" + " ".join([sys.executable, "-m", "casebook.cli", "serve"]))
    try:
        assert fuzz(open_implementation("reference"), served, "cluedo_drei", examples=6, seed=2, max_steps=120) is None
    finally:
        served.shutdown()


@pytest.mark.slow  # a verify run, a fuzz search or a wire fuzz: out of the inner loop (pytest -m 'not slow')
@needs_cluedo
@pytest.mark.skipif(NODE is None, reason="node is not installed")
def test_fuzz_finds_the_node_engines_deviation_in_a_minimal_game(tmp_path):
    """The deviation (every card dealt) shows first in a 4-player game, the moment the reference lays the surplus."""
    path = tmp_path / "node.json"
    cli = [sys.executable, "-m", "casebook.cli"]
    spec = f"cmd:{NODE} {NODE_ENGINE}"
    found = subprocess.run(
        [*cli, "fuzz", "--impl", spec, "--game", "cluedo_drei", "--examples", "40", "--seed", "1", "--out", str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert found.returncode == 1, found.stdout + found.stderr
    record = json.loads(path.read_text())
    assert len(record["options"]["players"]) in (4, 5)
    # the case file, then every card the reference deals: 16 for four players, 15 for five
    assert len(record["steps"]) == 1 + 18 - 18 % len(record["options"]["players"])
    assert record["disagreement"]["what"].startswith("events(")
    replayed = subprocess.run([*cli, "replay", str(path), "--impl", spec], cwd=ROOT, capture_output=True, text=True)
    assert replayed.returncode == 1 and "disagreement reproduced" in replayed.stdout


class PlainOnly:
    """The reference, behind an ``apply`` that takes only plain ``dict`` and ``list`` (as a strict engine may): the
    reference hands out its moves read-only, and what fuzz plays on the other side must still be plain JSON."""

    def __init__(self):
        self.inner = open_implementation("reference")

    def apply(self, table, actor, action):
        if not is_plain(action):
            raise BadRequest(f"not plain JSON: {type(action).__name__}")
        return self.inner.apply(table, actor, action)

    def __getattr__(self, name):
        return getattr(self.inner, name)


def is_plain(value) -> bool:
    if type(value) is dict:
        return all(is_plain(v) for v in value.values())
    if type(value) is list:
        return all(is_plain(v) for v in value)
    return not isinstance(value, (dict, list))


@needs_cluedo
def test_fuzz_hands_the_other_engine_plain_actions_though_the_reference_lists_read_only_moves():
    reference = open_implementation("reference")
    table = Table.new(reference, "cluedo_drei", {})
    assert not is_plain(table.legal()["moves"][0]["action"])  # else this test compares nothing
    assert fuzz(reference, PlainOnly(), "cluedo_drei", examples=3, seed=1, max_steps=60) is None
