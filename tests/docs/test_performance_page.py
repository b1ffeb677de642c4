"""The performance page (docs/performance.md) and the README's goals are generated from docs/performance.json,
the last measured run kept as data: neither may drift from it."""

from __future__ import annotations

import copy
import json
from pathlib import Path

from casebook.bench import PERFORMANCE_DATA, with_performance_tables

ROOT = Path(__file__).resolve().parents[2]
DATA = json.loads(PERFORMANCE_DATA.read_text(encoding="utf-8"))


def test_the_performance_page_holds_the_tables_of_the_last_run():
    page = (ROOT / "docs" / "performance.md").read_text(encoding="utf-8")
    assert page.count("<!-- performance: ") == 3
    assert with_performance_tables(page, DATA) == page, "regenerate: casebook.bench.with_performance_tables"


def test_the_readmes_goals_are_the_pages():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "<!-- performance: goals -->" in readme and "docs/performance.md" in readme
    assert with_performance_tables(readme, DATA) == readme


def test_a_figure_changed_in_the_data_shows_as_a_stale_page():
    page = (ROOT / "docs" / "performance.md").read_text(encoding="utf-8")
    changed = copy.deepcopy(DATA)
    changed["last_run"]["figures"][0]["value"] = "1 min"
    assert with_performance_tables(page, changed) != page
