"""Differential fuzzing finds a departure, shrinks it to a short record, and replay reproduces it."""

from __future__ import annotations

import json
import subprocess
import sys

from casebook.conformance.differential import differences, fuzz, replay
from casebook.impls import open_implementation
from tests.conformance.helpers import ROOT, TOY_SPEC

MUTANT = "python:tests.conformance.mutants:forgets_big_bet_of_b"


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


def test_replay_reproduces_a_saved_record_and_clears_an_agreeing_engine(tmp_path):
    record = fuzz(open_implementation(TOY_SPEC), open_implementation(MUTANT), "toy", examples=30, seed=3)
    path = tmp_path / "toy.json"
    path.write_text(json.dumps(record))
    assert replay(open_implementation(TOY_SPEC), open_implementation(MUTANT), record) is not None
    assert replay(open_implementation(TOY_SPEC), open_implementation(TOY_SPEC), record) is None
    cli = [sys.executable, "-m", "casebook.conformance", "replay", str(path), "--reference", TOY_SPEC, "--impl"]
    assert subprocess.run([*cli, MUTANT], cwd=ROOT, capture_output=True).returncode == 1
    assert subprocess.run([*cli, TOY_SPEC], cwd=ROOT, capture_output=True).returncode == 0


def test_differences_name_the_paths():
    assert differences({"a": [1, 2], "b": 1}, {"a": [1, 3], "c": 1}) == [
        "$.a[1]: reference 2 ≠ implementation 3",
        "$.b: missing in the implementation",
        "$.c: only in the implementation",
    ]
