"""One deviation, one verdict (issue 44 item 2): a failure through another clause's deviation is that clause's.

An example tagged ``@needs:<id>`` passes through that clause's behaviour to reach its own subject; when that clause
fails for the engine, the example is ``blocked by`` it, and the report leads with the clauses that fail on their own.
"""

from __future__ import annotations

from rich.console import Console

from casebook.conformance import report as rep
from casebook.contract import problems

FEATURE = """\
Feature: Turns
  Transcribes "Turns" of the rulebook.

  @XX-TRN-01
  Rule: the turn passes on after a question
    Example: passes on
      Given a game
      Then the next player is to act

  @XX-TRN-02
  Rule: a player asks one question
    @needs:XX-TRN-01
    Example: one question
      Given a game
      Then one question

    Example: a question names three cards
      Given a game
      Then three cards

  @XX-TRN-03
  Rule: a shown card is seen by the asker only
    @needs:XX-TRN-02
    Example: shown privately
      Given a game
      Then only the asker sees it

  @XX-TRN-04 @passages
  Rule: the passage is offered after a roll
    Example: offered
      Given a game
      Then the passage is listed

  @XX-TRN-05
  Rule: no passage before the roll
    @needs:XX-TRN-04
    Example: refused
      Given a game
      Then the passage is refused
"""

IMPL = {"spec": "s", "name": "toy", "version": "1"}


def catalog(tmp_path):
    (tmp_path / "xx").mkdir(parents=True, exist_ok=True)
    (tmp_path / "xx" / "01-turns.feature").write_text(FEATURE)
    return rep.catalog(tmp_path)


def result(clause, name, status, needs=(), message=""):
    return {"clauses": [clause], "needs": list(needs), "game": "xx", "name": name, "status": status, "message": message}


def run(tmp_path, turn_passes="failed", asks="failed", names="passed", shown="failed"):
    return rep.build(
        IMPL,
        catalog(tmp_path),
        [
            result("XX-TRN-01", "passes on", turn_passes, message="assertion failed: Blue is still to act"),
            result("XX-TRN-02", "one question", asks, ["XX-TRN-01"], "assertion failed: Blue asks again"),
            result("XX-TRN-02", "a question names three cards", names),
            result("XX-TRN-03", "shown privately", shown, ["XX-TRN-02"], "assertion failed: nobody was shown"),
            result("XX-TRN-04", "offered", "unsupported", message="unsupported: declines @passages"),
            result("XX-TRN-05", "refused", "passed", ["XX-TRN-04"]),
        ],
    )


def test_an_example_through_a_failed_clause_is_blocked_by_it_not_failed(tmp_path):
    report = run(tmp_path)
    asks = report["clauses"]["XX-TRN-02"]
    blocked = asks["scenarios"][0]
    assert (blocked["status"], blocked["message"], blocked["blocked_by"]) == (
        "blocked",
        "blocked by XX-TRN-01",
        ["XX-TRN-01"],
    )
    assert blocked["failure"] == "assertion failed: Blue asks again"  # its own failure is kept, not shown as the cause
    assert asks["status"] == "partial"  # one passed, one blocked: not failed
    shown = report["clauses"]["XX-TRN-03"]
    assert shown["status"] == "blocked"  # blocked through a clause that is itself only blocked
    assert report["totals"]["failed"] == 1 and report["totals"]["blocked"] == 1
    assert not problems("report", report)


def test_the_report_leads_with_the_root_deviation_and_what_it_blocks(tmp_path):
    report = run(tmp_path)
    assert [r["clause"] for r in report["roots"]] == ["XX-TRN-01"]
    root = report["roots"][0]
    assert root["message"] == "assertion failed: Blue is still to act"
    assert [(b["clause"], b["examples"]) for b in root["blocks"]] == [
        ("XX-TRN-02", ["one question"]),
        ("XX-TRN-03", ["shown privately"]),
    ]
    console = Console(record=True, width=200)
    rep.render(report, console)
    lines = console.export_text().splitlines()
    assert lines[0] == "Conformance of toy 1: 1 root deviation: XX-TRN-01"
    assert "blocks 2 example(s) of XX-TRN-02, XX-TRN-03" in lines[4]


def test_a_failure_whose_needed_clause_passes_is_its_own(tmp_path):
    report = run(tmp_path, turn_passes="passed")
    assert report["clauses"]["XX-TRN-02"]["status"] == "failed"
    assert [r["clause"] for r in report["roots"]] == ["XX-TRN-02"]
    assert report["clauses"]["XX-TRN-03"]["status"] == "blocked"


def test_clauses_that_only_block_each_other_keep_their_failures(tmp_path):
    """A cycle of needs with no failure of its own outside it: the report never blames nobody."""
    clauses = catalog(tmp_path)
    report = rep.build(
        IMPL,
        clauses,
        [
            result("XX-TRN-01", "passes on", "failed", ["XX-TRN-02"]),
            result("XX-TRN-02", "one question", "failed", ["XX-TRN-01"]),
        ],
    )
    assert {r["clause"] for r in report["roots"]} == {"XX-TRN-01", "XX-TRN-02"}
    assert report["clauses"]["XX-TRN-01"]["status"] == report["clauses"]["XX-TRN-02"]["status"] == "failed"


def test_a_refusal_is_no_pass_where_the_engine_lacks_the_thing_refused(tmp_path):
    """A clause of refusals only needs the clause that offers the thing: without it, no <thing> here."""
    refusal = run(tmp_path)["clauses"]["XX-TRN-05"]
    assert refusal["status"] == "unsupported"
    assert refusal["scenarios"][0]["message"] == (
        "unsupported: no @passages here: this example passes through XX-TRN-04, "
        "and XX-TRN-04 is unsupported (declines @passages)"
    )


def test_the_baseline_compares_root_causes(tmp_path):
    before, after = run(tmp_path), run(tmp_path, turn_passes="passed")
    changes = rep.diff(before, after)
    assert changes["roots"] == {
        "before": ["XX-TRN-01"],
        "after": ["XX-TRN-02"],
        "new": ["XX-TRN-02"],
        "gone": ["XX-TRN-01"],
    }
    console = Console(record=True, width=200)
    rep.render(after, console, changes)
    assert "root deviations: 1 → 1; new: XX-TRN-02; gone: XX-TRN-01" in console.export_text()


def test_the_sites_conformance_page_leads_with_the_root_deviations(tmp_path):
    from casebook.site.render import Site

    report = run(tmp_path / "features")
    rep.write(report, tmp_path / "results" / "conformance" / "toy.json")
    page = Site(tmp_path, tmp_path / "results", with_engines=False).build().conformance_page()
    roots = page.index('class="cb-roots"')
    assert "<code>XX-TRN-01</code>" in page[: page.index("## Clauses")]  # in the implementations table
    assert "Blue is still to act" in page[roots:] and "blocks " in page[roots:]
    assert page.index("XX-TRN-02", roots) < page.index("Every failed clause")  # what it blocks, under the root
