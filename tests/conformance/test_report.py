"""The report folds scenarios into clauses, lists every clause, and diffs against a baseline."""

from __future__ import annotations

import pytest

from casebook.conformance import report as rep
from casebook.verdicts import invariant_of

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
        {
            "clauses": ["XX-SET-02"],
            "game": "xx",
            "name": "dealt",
            "status": "unsupported",
            "message": "unsupported: declines @optional",
        },
    ]
    report = rep.build({"spec": "s", "name": "n", "version": "1"}, catalog(tmp_path), results)
    assert report["clauses"]["XX-SET-01"]["status"] == "failed"
    assert report["clauses"]["XX-SET-02"]["status"] == "unsupported"
    assert report["totals"] == {"passed": 0, "partial": 0, "failed": 1, "blocked": 0, "unsupported": 1, "not_run": 0}
    assert rep.failed(report)
    assert set(report) >= {"implementation", "generated", "clauses", "totals"}


def test_a_clause_never_run_says_so(tmp_path):
    results = [{"clauses": ["XX-SET-01"], "game": "xx", "name": "three cards", "status": "passed", "message": ""}]
    report = rep.build({"spec": "s", "name": "n", "version": "1"}, catalog(tmp_path), results)
    assert report["clauses"]["XX-SET-01"]["status"] == "partial"  # one example of two is not a whole clause
    assert report["clauses"]["XX-SET-01"]["summary"] == "1 of 2 examples passed, 1 not run"
    assert [s["status"] for s in report["clauses"]["XX-SET-01"]["scenarios"]] == ["passed", "not_run"]
    assert report["clauses"]["XX-SET-02"]["status"] == "not_run"
    assert not rep.failed(report)


def test_the_baseline_diff_shows_what_changed(tmp_path):
    def report(statuses):
        return {
            "generated": "then",
            "clauses": {cid: {"game": "xx", "rule": cid.lower(), "status": s} for cid, s in statuses.items()},
        }

    changes = rep.diff(
        report({"XX-A-01": "passed", "XX-A-02": "passed", "XX-A-03": "failed"}),
        report({"XX-A-01": "passed", "XX-A-02": "failed", "XX-A-04": "passed"}),
    )
    assert [(c["clause"], c["before"], c["after"]) for c in changes["changed"]] == [("XX-A-02", "passed", "failed")]
    assert [c["clause"] for c in changes["added"]] == ["XX-A-04"]
    assert [c["clause"] for c in changes["removed"]] == ["XX-A-03"]


def test_a_clause_is_never_passed_when_some_examples_were_declined(tmp_path):
    results = [
        {"clauses": ["XX-SET-01"], "game": "xx", "name": "three cards", "status": "passed", "message": ""},
        {
            "clauses": ["XX-SET-01"],
            "game": "xx",
            "name": "no peeking",
            "status": "unsupported",
            "message": "unsupported: declines @model-board",
        },
    ]
    report = rep.build({"spec": "s", "name": "n", "version": "1"}, catalog(tmp_path), results)
    clause = report["clauses"]["XX-SET-01"]
    assert (clause["status"], clause["summary"]) == ("partial", "1 of 2 examples passed, 1 unsupported")
    assert report["totals"]["partial"] == 1 and report["totals"]["passed"] == 0
    assert not rep.failed(report)


def test_fold_gives_one_verdict_per_mix():
    assert rep.fold(["passed", "passed"]) == "passed"
    assert rep.fold(["passed", "failed", "unsupported"]) == "failed"
    assert rep.fold(["unsupported", "not_run"]) == "unsupported"
    assert rep.fold(["not_run"]) == "not_run"
    assert rep.fold(["skipped"]) == rep.fold(["skipped", "not_run"]) == "not_run"  # a skip is no verdict


def test_the_site_and_the_report_fold_alike():
    """One fold: the site shows the status the report counts (a clause of skipped examples was once two things)."""
    from casebook.site import results

    assert results.fold is rep.fold


def test_the_baseline_diff_compares_each_example(tmp_path):
    def report(first, second):
        scenarios = [{"name": "three cards", "status": first}, {"name": "no peeking", "status": second}]
        return {
            "clauses": {
                "XX-SET-01": {"game": "xx", "rule": "r", "status": rep.fold([first, second]), "scenarios": scenarios}
            }
        }

    before, after = report("passed", "unsupported"), report("failed", "unsupported")
    changes = rep.diff(before, after)
    assert changes["examples"] == [
        {"clause": "XX-SET-01", "example": "three cards", "before": "passed", "after": "failed"}
    ]
    # an example declined before and failing now was never passed: not a regression
    assert rep.diff(report("passed", "unsupported"), report("passed", "failed"))["regressions"] == []
    same = rep.diff(report("passed", "failed"), report("failed", "passed"))
    assert [(e["example"], e["before"], e["after"]) for e in same["examples"]] == [
        ("no peeking", "failed", "passed"),
        ("three cards", "passed", "failed"),
    ]
    assert same["changed"] == []  # the clause failed both times: only the per-example view shows what moved
    assert same["regressions"] == [{"clause": "XX-SET-01", "example": "three cards", "rule": "r"}]


def test_the_console_report_prints_the_whole_assertion_diff(tmp_path):
    from rich.console import Console

    message = (
        "assertion failed (step: Then x): assert {'a': 1, 'b': 2} == {'a': 1, 'b': 3}\n"
        "  Differing items:\n"
        "  {'b': 2} != {'b': 3}"
    )
    results = [{"clauses": ["XX-SET-01"], "game": "xx", "name": "three cards", "status": "failed", "message": message}]
    report = rep.build({"spec": "s", "name": "n", "version": "1"}, catalog(tmp_path), results)
    console = Console(record=True, width=200)
    rep.render(report, console)
    text = console.export_text()
    assert "Differing items:" in text and "{'b': 2} != {'b': 3}" in text


def test_each_invariant_gets_its_own_verdict():
    properties = [
        {"name": "tests/xx/test_random_play.py::test_a", "status": "passed", "message": ""},
        {
            "name": "tests/xx/test_random_play.py::test_b",
            "status": "failed",
            "message": "…",
            "invariant": "views_are_redactions",
        },
    ]
    verdicts = rep.invariants(properties)
    assert verdicts["views_are_redactions"]["status"] == "failed"
    assert verdicts["views_are_redactions"]["failed_in"] == ["tests/xx/test_random_play.py::test_b"]
    assert verdicts["load_is_identity"]["status"] == "passed"
    assert (
        rep.invariants([{"name": "t", "status": "unsupported", "message": ""}])["load_is_identity"]["status"]
        == "unsupported"
    )


def test_a_failed_random_game_names_the_invariant_it_broke():
    import pytest

    from casebook.properties.random_play import Laws, random_sim_test

    class Lying:  # the reference, except that load() forgets who is to act
        def __init__(self):
            from casebook.impls import open_implementation

            self.impl = open_implementation("reference")

        def __getattr__(self, name):
            return getattr(self.impl, name)

        def legal(self, table):
            legal = self.impl.legal(table)
            return legal if table in self.fresh else {**legal, "moves": legal["moves"][1:] or legal["moves"]}

        def new(self, game, options):
            table = self.impl.new(game, options)
            self.fresh = {table}
            return table

    laws = Laws("feuerdiamant", lambda seed: {"players": ["Justus", "Peter"], "difficulty": 1}, max_steps=50)
    with pytest.raises(AssertionError) as excinfo:
        random_sim_test(Lying(), laws, 1)
    assert invariant_of(excinfo.value) == "load_is_identity"


def test_an_invariant_fails_with_its_name_whatever_calls_it():
    """The name travels in the exception (InvariantBroken), not in the traceback's frames:
    a wrapper or a rename of the runner changes nothing."""
    from casebook.errors import DriverFailure, InvariantBroken
    from casebook.properties.random_play import INVARIANTS, invariant

    @invariant
    def cards_are_dealt_face_down(state):
        assert state["face"] == "down", "a card lies face up"

    @invariant
    def the_engine_answers(state):
        raise DriverFailure("crashed", "the engine died")

    def wrapped(check):  # any frame in between
        return check({"face": "up"})

    with pytest.raises(InvariantBroken) as broken:
        wrapped(cards_are_dealt_face_down)
    assert invariant_of(broken.value) == "cards_are_dealt_face_down" and broken.value.message.startswith(
        "a card lies face up"
    )
    with pytest.raises(
        DriverFailure
    ) as fault:  # an engine fault stays one (its cause shows), tagged with the invariant
        wrapped(the_engine_answers)
    assert invariant_of(fault.value) == "the_engine_answers" and fault.value.cause == "crashed"
    assert invariant_of(ValueError("outside every invariant")) is None
    assert "cards_are_dealt_face_down" in INVARIANTS
    INVARIANTS.remove("cards_are_dealt_face_down"), INVARIANTS.remove("the_engine_answers")


def test_junit_test_names_carry_the_clause_id(tmp_path):
    from casebook.conformance.runner import label_junit

    path = tmp_path / "run.junit.xml"
    path.write_text(
        '<?xml version="1.0" encoding="utf-8"?><testsuites><testsuite name="pytest">'
        '<testcase classname="step_defs.cluedo_drei" name="test_three_cards[Red]" time="0.1"/>'
        '<testcase classname="tests.cluedo_drei.test_random_play" name="test_random_play" time="1"/>'
        "</testsuite></testsuites>",
        encoding="utf-8",
    )
    label_junit(
        path,
        {
            "step_defs/cluedo_drei.py::test_three_cards[Red]": {"clauses": ["CD-SET-01"]},
            "tests/cluedo_drei/test_random_play.py::test_random_play": {"clauses": []},
        },
    )
    names = [c.get("name") for c in __import__("xml.etree.ElementTree").etree.ElementTree.parse(path).iter("testcase")]
    assert names == ["CD-SET-01 test_three_cards[Red]", "test_random_play"]


def test_the_console_shows_a_failure_bounded_and_the_json_keeps_it_whole():
    from casebook.names import terminal

    dump = "state: " + "x" * 2000
    shown = rep.indented(f"assertion failed: the red marker is on 3, not 4\n{dump}", terminal)
    assert "the red marker is on 3, not 4" in shown and "x" * 400 not in shown
    assert shown.rstrip().endswith("every line whole, in the JSON report")


def test_a_property_test_failed_in_a_worker_keeps_the_invariant_it_broke():
    """Under verify -n the exception stays in the xdist worker: the report carries the invariant's name across."""
    from types import SimpleNamespace

    from casebook.conformance.runner import VerifyPlugin
    from casebook.pytest.plugin import INVARIANT_KEY, ITEM_KEY, MESSAGE_KEY

    plugin = VerifyPlugin(progress=False)
    nodeid = "tests/pi/test_random_play.py::test_random_games_hold_every_invariant[3p]"
    report = SimpleNamespace(
        nodeid=nodeid,
        when="call",
        failed=True,
        skipped=False,
        passed=False,
        longrepr="…",
        **{
            ITEM_KEY: {"kind": "property", "clauses": [], "game": "pi", "name": nodeid},
            MESSAGE_KEY: "assertion failed: refusals_change_nothing: …",
            INVARIANT_KEY: "refusals_change_nothing",
        },
    )
    plugin.pytest_runtest_logreport(report)
    (result,) = plugin.property_results()
    assert (result["status"], result["invariant"]) == ("failed", "refusals_change_nothing")


def test_a_failure_keeps_the_steps_own_words_not_what_pytest_rewrote():
    """pytest's assertion rewriting appends the failed expression and how each part was computed (a step's check as
    <lambda>, the state as a dict): the message keeps the step's own words, or the bare comparison when it has none."""
    from casebook.verdicts import failure_message

    def rewritten(check, state):
        assert check(state), "not so: they hold 5, 5, 4, 4"

    with pytest.raises(AssertionError) as failed:
        rewritten(lambda st: st["n"] == 4, {"n": 5, "secret": "the case file"})
    assert "<lambda>" in str(failed.value)  # what pytest did: the test can fail
    message = failure_message(failed.value, "Then each player holds 4 cards")
    assert message == "assertion failed (step: Then each player holds 4 cards): not so: they hold 5, 5, 4, 4"

    def bare(xs):
        assert len(xs) == 4

    with pytest.raises(AssertionError) as failed:
        bare([1, 2, 3])
    assert failure_message(failed.value) == "assertion failed: assert 3 == 4"
