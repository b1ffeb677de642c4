"""The pieces behind the install test, checked in process:
the edition a report names, and what counts as a regression."""

from __future__ import annotations

import shutil
from pathlib import Path

from casebook.cli import main
from casebook.conformance import report as rep
from casebook.conformance import suite

ROOT = Path(__file__).resolve().parents[2]


def copy_suite(to: Path) -> Path:
    for name in ("features", "step_defs"):
        shutil.copytree(ROOT / name, to / name, ignore=shutil.ignore_patterns("__pycache__"))
    for game in suite.games(ROOT):
        if (ROOT / "tests" / game).is_dir():
            shutil.copytree(ROOT / "tests" / game, to / "tests" / game, ignore=shutil.ignore_patterns("__pycache__"))
    for path in suite.harness_files(ROOT):  # the settings and the tests/ package pytest reads besides
        shutil.copy(path, to / path.relative_to(ROOT))
    return to


def test_the_shipped_suite_is_this_checkout_and_reads_as_not_edited():
    assert suite.shipped_root() == ROOT  # the editable install: no packaged copy beside the code
    edition = suite.edition(ROOT, "9.9")
    assert edition["edited"] is False and edition["source"] == "checkout" and edition["casebook"] == "9.9"
    assert suite.headline(edition).startswith(
        f"rulebook edition: Casebook 9.9, features {edition['features'][:12]} (as shipped"
    )


def test_a_copy_is_the_same_edition_and_an_edit_is_named(tmp_path):
    copy = copy_suite(tmp_path / "copy")
    assert suite.fingerprint(copy) == suite.fingerprint(ROOT)
    assert suite.edition(copy, "1")["edited"] is False
    steps = copy / "step_defs" / "conftest.py"
    steps.write_text(steps.read_text() + "\n# a local tweak\n")
    edition = suite.edition(copy, "1")
    assert edition["edited"] is True and edition["edited_parts"] == ["steps"]
    assert edition["features"] == edition["shipped"]["features"]  # the rule text is the shipped one; the judge is not
    assert "EDITED SUITE: its step definitions differ" in suite.headline(edition)


def test_the_digest_ignores_line_endings_and_files_that_do_not_travel(tmp_path):
    copy = copy_suite(tmp_path / "copy")
    before = suite.fingerprint(copy)["features"]
    feature = sorted((copy / "features").rglob("*.feature"))[0]
    feature.write_bytes(feature.read_bytes().replace(b"\n", b"\r\n"))
    (copy / "features" / "notes.swp").write_text("an editor's swap file")
    assert suite.fingerprint(copy)["features"] == before
    feature.write_text(feature.read_text() + "# one more line\n")
    assert suite.fingerprint(copy)["features"] != before


def clause(status: str) -> dict:
    return {"status": status, "rule": "a rule", "game": "g"}


def test_a_regression_is_only_passed_then_failed():
    baseline = {
        "clauses": {
            "A": clause("passed"),
            "B": clause("failed"),
            "C": clause("passed"),
            "D": clause("unsupported"),
            "E": clause("passed"),
        },
        "properties": [
            {"name": "tests/g/test_x.py::t1", "status": "passed"},
            {"name": "tests/g/test_x.py::t2", "status": "failed"},
        ],
    }
    now = {
        "clauses": {
            "A": clause("failed"),
            "B": clause("failed"),
            "C": clause("unsupported"),
            "D": clause("failed"),
            "F": clause("failed"),
        },
        "properties": [
            {"name": "tests/g/test_x.py::t1", "status": "failed"},
            {"name": "tests/g/test_x.py::t2", "status": "failed"},
        ],
    }
    # B failed before too, C is declined now, D was never passed, E is gone, F is new: none of them regressed
    assert rep.regressions(baseline, now) == [{"clause": "A", "rule": "a rule"}, {"property": "tests/g/test_x.py::t1"}]
    assert rep.diff(baseline, now)["regressions"] == rep.regressions(baseline, now)


def test_fail_on_regression_needs_a_baseline(capsys):
    assert main(["verify", "--fail-on", "regression", "--game", "cluedo_drei"]) == 2
    assert "--fail-on regression needs --baseline" in capsys.readouterr().out
