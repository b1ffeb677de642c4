"""The report folds scenarios into clauses, lists every clause, and diffs against a baseline."""

from __future__ import annotations

from casebook.conformance import report as rep

FEATURE = """\
Feature: Setup
  Transcribes "Setup" of the rulebook.

  @XX-SET-01
  Rule: the case file holds one card of each kind
    Example: three cards
      Given a game
      Then it holds three

    Example: no peeking
      Given a game
      Then nobody sees it

  @XX-SET-02 @optional
  Rule: the rest is dealt
    Example: dealt
      Given a game
      Then all is dealt
"""


def catalog(tmp_path):
    (tmp_path / "xx").mkdir()
    (tmp_path / "xx" / "01-setup.feature").write_text(FEATURE)
    return rep.catalog(tmp_path)


def test_the_catalog_lists_every_clause_with_its_section(tmp_path):
    clauses = catalog(tmp_path)
    assert sorted(clauses) == ["XX-SET-01", "XX-SET-02"]
    assert clauses["XX-SET-01"]["feature"] == "Setup"
    assert clauses["XX-SET-01"]["declared"] == ["three cards", "no peeking"]
    assert clauses["XX-SET-02"]["tags"] == ["optional"]


def test_a_clause_folds_its_scenarios(tmp_path):
    results = [
        {"clauses": ["XX-SET-01"], "game": "xx", "name": "three cards", "status": "passed", "message": ""},
        {"clauses": ["XX-SET-01"], "game": "xx", "name": "no peeking", "status": "failed", "message": "view_leak: …"},
        {"clauses": ["XX-SET-02"], "game": "xx", "name": "dealt", "status": "unsupported", "message": "unsupported: declines @optional"},
    ]
    report = rep.build({"spec": "s", "name": "n", "version": "1"}, catalog(tmp_path), results)
    assert report["clauses"]["XX-SET-01"]["status"] == "failed"
    assert report["clauses"]["XX-SET-02"]["status"] == "unsupported"
    assert report["totals"] == {"passed": 0, "failed": 1, "unsupported": 1, "not_run": 0}
    assert rep.failed(report)
    assert set(report) >= {"implementation", "generated", "clauses", "totals"}


def test_a_clause_never_run_says_so(tmp_path):
    results = [{"clauses": ["XX-SET-01"], "game": "xx", "name": "three cards", "status": "passed", "message": ""}]
    report = rep.build({"spec": "s", "name": "n", "version": "1"}, catalog(tmp_path), results)
    assert report["clauses"]["XX-SET-01"]["status"] == "passed"
    assert [s["status"] for s in report["clauses"]["XX-SET-01"]["scenarios"]] == ["passed", "not_run"]
    assert report["clauses"]["XX-SET-02"]["status"] == "not_run"
    assert not rep.failed(report)


def test_the_baseline_diff_shows_what_changed(tmp_path):
    def report(statuses):
        return {"generated": "then", "clauses": {cid: {"game": "xx", "rule": cid.lower(), "status": s} for cid, s in statuses.items()}}

    changes = rep.diff(report({"XX-A-01": "passed", "XX-A-02": "passed", "XX-A-03": "failed"}),
                       report({"XX-A-01": "passed", "XX-A-02": "failed", "XX-A-04": "passed"}))
    assert [(c["clause"], c["before"], c["after"]) for c in changes["changed"]] == [("XX-A-02", "passed", "failed")]
    assert [c["clause"] for c in changes["added"]] == ["XX-A-04"]
    assert [c["clause"] for c in changes["removed"]] == ["XX-A-03"]
