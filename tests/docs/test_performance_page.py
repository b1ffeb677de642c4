"""The performance page (docs/performance.md) and the README's goals are generated from docs/performance.json,
the last measured run kept as data: neither may drift from it."""

from __future__ import annotations

import copy
from pathlib import Path

from casebook.bench.performance import bench_table, read_data, with_performance_tables

ROOT = Path(__file__).resolve().parents[2]
DATA, BENCH = read_data()


def test_the_performance_page_holds_the_tables_of_the_last_run():
    page = (ROOT / "docs" / "performance.md").read_text(encoding="utf-8")
    assert page.count("<!-- performance: ") == 4
    assert with_performance_tables(page, DATA, BENCH) == page, "regenerate: casebook.bench.performance.with_performance_tables"


def test_the_readmes_goals_are_the_pages():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "<!-- performance: goals -->" in readme and "docs/performance.md" in readme
    assert with_performance_tables(readme, DATA) == readme


def test_a_figure_changed_in_the_data_shows_as_a_stale_page():
    page = (ROOT / "docs" / "performance.md").read_text(encoding="utf-8")
    changed = copy.deepcopy(DATA)
    changed["last_run"]["figures"][0]["value"] = "1 min"
    assert with_performance_tables(page, changed) != page


def test_the_bench_table_is_the_last_bench_runs_json():
    """docs/bench.json is what ``casebook bench --json`` wrote; the page's bench table is generated from it, so a
    figure changed in the JSON makes the page stale, and every random-play row of the run is on the page."""
    page = (ROOT / "docs" / "performance.md").read_text(encoding="utf-8")
    assert BENCH is not None and bench_table(BENCH) in page
    for row in BENCH["random_play"]:
        assert f"random play, {row['game']} at {row['players']}" in page
    changed = copy.deepcopy(BENCH)
    changed["new_at_scale"][0]["full"]["median"] *= 10
    assert with_performance_tables(page, DATA, changed) != page


def test_a_missed_goal_says_so():
    changed = copy.deepcopy(BENCH)
    changed["new_at_scale"][0]["full"]["median"] = 10 * changed["new_at_scale"][0]["empty"]["median"]
    assert "**missed**" in bench_table(changed).split(f"open tables ÷ at none, {changed['new_at_scale'][0]['game']}")[1]
