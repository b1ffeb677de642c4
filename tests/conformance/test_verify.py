"""``casebook verify`` end to end: the reference passes, the Node example fails exactly its
deviation's clauses, and every kind of broken engine is a named failure, never a crash or a hang.

Verify runs pytest itself, so each run here is a subprocess.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import uuid

import pytest

from casebook import settings
from casebook.conformance import report as rep
from tests.conformance.helpers import FAKE, ROOT, alive, harness_words, processes_with

GAME = "cluedo_drei"
NODE = shutil.which("node")
GUIDE = ROOT / "casebook" / "conformance" / "validate-your-engine.md"
NODE_DIR = ROOT / "examples" / "node-cluedo"
pytestmark = pytest.mark.skipif(not (ROOT / "features" / GAME).is_dir(), reason=f"no features/{GAME} yet")


def verify(tmp_path, spec: str, *args: str, timeout: float = 10) -> tuple[int, dict, str]:
    out = tmp_path / "results"
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "casebook.cli",
            "verify",
            "--impl",
            spec,
            "--game",
            GAME,
            "--out",
            str(out),
            "--no-progress",
            "--timeout",
            str(timeout),
            *args,
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    reports = [p for p in (out / "conformance").glob("*.json")]
    assert len(reports) == 1, run.stdout + run.stderr
    return run.returncode, json.loads(reports[0].read_text()), run.stdout + run.stderr


def statuses(report: dict, status: str) -> set[str]:
    return {cid for cid, c in report["clauses"].items() if c["status"] == status}


@pytest.mark.slow  # a verify run, a fuzz search or a wire fuzz: out of the inner loop (pytest -m 'not slow')
def test_the_reference_passes_every_clause_and_writes_every_file(tmp_path):
    code, report, output = verify(tmp_path, "reference", "--no-properties")
    assert code == 0, output
    assert report["totals"]["failed"] == report["totals"]["not_run"] == report["totals"]["unsupported"] == 0
    assert set(report["clauses"]) == set(rep.catalog(ROOT / "features", [GAME]))
    assert {"spec", "name", "version"} <= set(report["implementation"])
    assert (tmp_path / "results" / "cucumber.json").exists()  # the reference's run is the docs' "last run"
    assert (tmp_path / "results" / "conformance" / "casebook-reference.junit.xml").exists()
    assert "Setup" in (tmp_path / "results" / "conformance" / "casebook-reference.txt").read_text()


@pytest.mark.slow  # a verify run, a fuzz search or a wire fuzz: out of the inner loop (pytest -m 'not slow')
@pytest.mark.skipif(NODE is None, reason="node is not installed")
def test_the_node_example_fails_exactly_the_clauses_of_its_deviation(tmp_path):
    expected = set(json.loads((NODE_DIR / "expected-failures.json").read_text())["clauses"])
    declined = set(json.loads((NODE_DIR / "declines.json").read_text())["declines"])
    # A baseline where every clause passed: the regression view must name what changed.
    baseline = tmp_path / "baseline.json"
    everything = rep.catalog(ROOT / "features", [GAME])
    before = rep.build({"spec": "before", "name": "before"}, everything, [], [])
    for clause in before["clauses"].values():
        clause["status"] = "passed"
    baseline.write_text(json.dumps(before))
    code, report, output = verify(tmp_path, f"cmd:{NODE} {NODE_DIR / 'engine.js'}", "--baseline", str(baseline))
    assert code == 1, output
    assert statuses(report, "failed") == expected, output
    unsupported = statuses(report, "unsupported")
    assert all(c in declined or "variant-duel" in report["clauses"][c]["tags"] for c in unsupported)
    assert statuses(report, "passed") == set(report["clauses"]) - expected - unsupported, (
        "a clause it plays did not pass"
    )
    assert statuses(report, "not_run") == set()
    assert report["implementation"]["name"] == "node-cluedo-example"
    assert not harness_words(report), harness_words(report)  # what the engine answered, never the harness's Python
    # CD-SET-02's Then says what the engine dealt, and where it stands
    assert (
        "not so: they hold Justus Jonas 5, Peter Shaw 5, Bob Andrews 4, Uncle Titus 4; "
        "the game goes on (phase starting_turn)"
        in next(s["message"] for s in report["clauses"]["CD-SET-02"]["scenarios"] if "four-4-4-2" in s["name"])
    )
    changed = {c["clause"]: (c["before"], c["after"]) for c in report["baseline_changes"]["changed"]}
    assert {c for c, (_, after) in changed.items() if after == "failed"} == expected
    assert (tmp_path / "results" / "conformance" / "cucumber" / "node-cluedo-example.json").exists()
    assert not (tmp_path / "results" / "cucumber.json").exists(), (
        "another engine's run must not pose as the suite's last run"
    )
    # The guide quotes this run's numbers: generated here (CASEBOOK_WRITE_GUIDE=1 writes them), never typed.
    text = GUIDE.read_text(encoding="utf-8")
    if settings.WRITE_GUIDE.get():
        GUIDE.write_text(rep.with_counts(text, "node-cluedo", report), encoding="utf-8")
    assert rep.with_counts(text, "node-cluedo", report) == text, (
        f"the guide's numbers for examples/node-cluedo are stale; this run: {rep.counts_sentence(report)} "
        "(rerun this test with CASEBOOK_WRITE_GUIDE=1)"
    )


# One engine that breaks in every way, each once, at the Nth call of a method over the whole run.
FAULTS = {
    "leak:view:2": "view_leak",
    "crash:apply:40": "crashed",
    "garbage:state:60": "not_json",
    "hang:legal:90": "timeout",
    "bad-state:state:120": "schema_violation",
    "out-of-protocol:legal:120": "out_of_protocol",  # the selected scenarios make about 140 legal calls
}


@pytest.mark.slow  # a verify run, a fuzz search or a wire fuzz: out of the inner loop (pytest -m 'not slow')
def test_a_broken_engine_gives_named_failures_and_the_run_finishes(tmp_path, monkeypatch):
    token = uuid.uuid4().hex
    pidfile = tmp_path / "child.pid"
    monkeypatch.setenv("FAKE_CHILD_PIDFILE", str(pidfile))
    monkeypatch.setenv("FAKE_COUNTER_FILE", str(tmp_path / "calls.json"))
    faults = " ".join(f"--fault {f}" for f in FAULTS)
    spec = f"cmd:{sys.executable} {FAKE} {faults} --once --tag {token}"
    code, report, output = verify(
        tmp_path,
        spec,
        "--clause",
        "CD-SET-*",
        "--clause",
        "CD-QUE-*",
        "--clause",
        "CD-TRN-*",
        "--no-properties",
        timeout=1,
    )
    assert code == 1, output  # named failures, not a crash of the runner (2) nor a pass
    scenarios = [s for c in report["clauses"].values() for s in c["scenarios"] if s["status"] != "not_run"]
    causes = sorted(s["message"].split(":", 1)[0] for s in scenarios if s["status"] == "failed")
    assert causes == sorted(FAULTS.values()), [s["message"][:100] for s in scenarios if s["status"] == "failed"]
    assert sum(s["status"] == "passed" for s in scenarios) > 10, (
        "after a fault the engine must be restarted and the run go on"
    )
    assert not harness_words(report), harness_words(report)
    assert processes_with(token) == [], "an engine process outlived the run"
    assert pidfile.exists() and not alive(int(pidfile.read_text())), "the hung engine's child was orphaned"


def test_the_harness_words_check_can_fail():
    """What the checks above rely on: a message showing the harness's Python is found, an engine's own is not."""
    report = {
        "clauses": {
            "CD-SET-01": {"scenarios": [{"message": "not so: <lambda>() failed"}, {"message": "illegal_action: no"}]}
        },
        "properties": [{"name": "random play", "message": "KeyError: 'hands'"}, {"name": "perft"}],
    }
    assert [w.split(":", 1)[0] for w in harness_words(report)] == ["CD-SET-01", "random play"]


@pytest.mark.parametrize(
    "text, says",
    [
        ("[]", "$: [] is not of type"),  # a Cucumber JSON, given by mistake
        ('{"format": "casebook-conformance/1", "clauses": {}}', '"implementation" is a required property'),
        ("a report, once", "not JSON"),
    ],
)
def test_a_baseline_that_is_not_a_report_stops_verify_before_it_runs(tmp_path, text, says):
    """Checked against the one report schema before the engine starts:
    named, with the fault, never a crash after the run."""
    from casebook.commands.verify import verify as run_verify

    baseline = tmp_path / "base line.json"
    baseline.write_text(text, encoding="utf-8")
    result = run_verify(
        "cmd:/nonexistent/engine --stdio", games=[GAME], baseline=str(baseline), out=tmp_path / "results"
    )
    assert result.exit == 2 and result.report is None and result.hello is None  # the engine was never started
    (problem,) = result.problems
    assert "base line.json" in problem and "is not a conformance report" in problem and says in problem, problem
    assert not (tmp_path / "results").exists()


def test_a_report_verify_wrote_is_a_baseline_it_reads(tmp_path):
    from casebook.contract import read_report

    clauses = rep.catalog(ROOT / "features", [GAME])
    report = rep.build({"spec": "s", "name": "n", "version": "1"}, clauses, [], [])
    path = rep.write(report, tmp_path / "r.json")
    assert read_report(path)["clauses"].keys() == clauses.keys()
