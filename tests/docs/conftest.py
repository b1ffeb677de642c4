"""Fixtures of the site's tests: a toy project (features, results) and a Cucumber JSON writer.

The toy project under tests/docs/fixture/ has one game, ``toy_game``, with a
rule, a ruling, an outline, a data table, a doc string, a variant section and
an optional clause: every shape the generator must render.  Its Cucumber JSON
is written by the tests from the parsed features, so line numbers never drift.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from casebook.site.results import fill
from casebook.rulebook import read_games

FIXTURE = Path(__file__).resolve().parent / "fixture"
ROOT = Path(__file__).resolve().parents[2]


def cucumber(features: Path, outcome) -> list:
    """A pytest-bdd style Cucumber JSON for every example; ``outcome(example name, row values)`` → status."""
    out = []
    for game in read_games(features):
        for section in game.sections:
            elements = []
            background = section.background
            for clause in section.clauses:
                for example in clause.examples:
                    runs = [(t.header, r.values) for t in example.tables for r in t.rows] or [((), ())]
                    for header, values in runs:
                        status = outcome(example.name, tuple(values))
                        if status is None:
                            continue
                        steps = background + clause.background + example.steps
                        elements.append(
                            {
                                "keyword": example.keyword,
                                "id": f"test_{example.line}",
                                "name": example.name,
                                "line": example.line,
                                "description": "",
                                "tags": [],
                                "type": "scenario",
                                "steps": [
                                    {
                                        "keyword": s.keyword,
                                        "name": fill(s.text, list(header), list(values)),
                                        "line": s.line,
                                        "match": {"location": ""},
                                        "result": {
                                            "status": "failed"
                                            if status == "failed" and i == len(steps) - 1
                                            else "passed",
                                            "duration": 1,
                                        }
                                        | (
                                            {"error_message": "AssertionError: it did not"}
                                            if status == "failed" and i == len(steps) - 1
                                            else {}
                                        ),
                                    }
                                    for i, s in enumerate(steps)
                                ],
                            }
                        )
            out.append(
                {
                    "keyword": "Feature",
                    "uri": f"features/{game.id}/{section.path.name}",
                    "name": section.name,
                    "id": section.path.name,
                    "line": 1,
                    "description": "",
                    "language": "en",
                    "tags": [],
                    "elements": elements,
                }
            )
    return out


def default_outcome(name: str, values: tuple) -> str | None:
    """Most examples pass; one fails; one outline row fails; the Duel never ran."""
    if name == "the last player hands on to the first":
        return "failed"
    if values == ("Carol", "the knife"):
        return "failed"
    if "peek" in name or "four cards" in name:
        return None
    return "passed"


@pytest.fixture
def toy_project(tmp_path) -> Path:
    """A copy of the toy project with results of a run, laid out like the repository."""
    root = tmp_path / "project"
    shutil.copytree(FIXTURE / "features", root / "features")
    shutil.copytree(FIXTURE / "results", root / "results")
    (root / "results" / "cucumber.json").write_text(json.dumps(cucumber(root / "features", default_outcome)))
    return root


def pytest_configure(config):
    config.addinivalue_line(
        "markers", "browser: drives the built site in headless Chromium (tests/docs/test_browser.py)"
    )
