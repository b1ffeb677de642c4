"""The second independent example (examples/python-hazard):
under 20 statements of protocol, and the report its author sees."""

from __future__ import annotations

import ast
import json
import re
import subprocess
import sys

import pytest

from casebook.errors import GameError
from tests.conformance.helpers import ROOT, fuzz_hazard

HERE = ROOT / "examples" / "python-hazard"
SPEC = f"cmd:{sys.executable} {HERE / 'engine.py'}"
sys.path.insert(0, str(HERE))
from engine import HazardEngine  # noqa: E402  (the example is a script, not a package)


def statements_by_part(source: str) -> dict[str, int]:
    """Statements (docstrings aside) of the protocol part (with the ``__main__`` block) and of the rules part: a count
    the formatter cannot change, where lines were (ruff wraps one long expression over many)."""

    def line(marker: str) -> int:
        return source[: source.index(marker)].count("\n") + 1

    protocol, rules, main = line("# -- the protocol"), line("# -- the rules"), line('if __name__ == "__main__":')
    counts = {"protocol": 0, "rules": 0}
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.stmt) or (isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)):
            continue
        if protocol <= node.lineno < rules or node.lineno >= main:
            counts["protocol"] += 1
        elif rules <= node.lineno < main:
            counts["rules"] += 1
    return counts


def test_the_protocol_takes_under_20_statements_and_the_rest_is_rules():
    counts = statements_by_part((HERE / "engine.py").read_text(encoding="utf-8"))
    assert counts["protocol"] < 20, counts
    assert counts["rules"] > 2 * counts["protocol"], counts


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    out = tmp_path_factory.mktemp("hazard")
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "casebook.cli",
            "verify",
            "--impl",
            SPEC,
            "--game",
            "feuerdiamant",
            "--out",
            str(out),
            "--no-progress",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]  # nothing fails: every clause it plays passes
    return json.loads((out / "conformance" / "python-hazard-example.json").read_text()), run.stdout


def test_the_clause_report_passes_what_it_plays_and_names_why_the_rest_is_unsupported(report):
    data, printed = report
    status = {c: v["status"] for c, v in data["clauses"].items()}
    passed = sorted(c for c, s in status.items() if s == "passed")
    # Issue 11 item 1: a scenario assumes only what its clause is about, so no clause it plays fails or is lost
    # through a part it declines (the movement step an example ends in, a token that touches the board's persons).
    assert passed == [
        "FD-EVT-01",
        "FD-EVT-02",
        "FD-EVT-03",
        "FD-HAZ-01",
        "FD-HAZ-02",
        "FD-HAZ-03",
        "FD-HAZ-04",
        "FD-HAZ-05",
        "FD-MOD-02",
        "FD-MOD-03",
        "FD-OBS-06",
        "FD-OBS-07",
        "FD-OBS-08",
        "FD-OBS-09",
        "FD-OBS-10",
        "FD-TURN-01",
    ]
    assert set(status.values()) == {"passed", "unsupported"}
    declined = set(HazardEngine.games["feuerdiamant"]["declines"])
    unsupported = {c for c, s in status.items() if s == "unsupported"}
    setup = {
        c
        for c, v in data["clauses"].items()
        if any("declines" in s["message"] and "@setup" in s["message"] for s in v["scenarios"])
    }
    assert unsupported and unsupported <= declined | setup
    assert (
        "setup" in declined and {"FD-SET-02", "FD-SET-09"} <= setup
    )  # it does not deal: the set-up's clauses go with it
    for clause in unsupported:  # each says which decline removed it
        messages = [s["message"] for s in data["clauses"][clause]["scenarios"]]
        assert all(m.startswith("unsupported") for m in messages), (clause, messages)
    assert {p["status"] for p in data["properties"]} == {"unsupported"}
    assert "16 passed, 0 partly supported, 0 failed, 94 unsupported" in printed


def test_it_does_not_deal_every_scenario_hands_it_the_published_position():
    """It declines @setup: ``new`` answers unsupported, so the 25 examples it passes all started from a loaded deal."""
    with pytest.raises(GameError) as refused:
        HazardEngine().new("feuerdiamant", {"players": ["Justus", "Peter"], "difficulty": 1})
    assert refused.value.code == "unsupported"


def test_fuzz_compares_every_step_it_plays_and_finds_no_disagreement():
    assert fuzz_hazard(HazardEngine()) == []


def test_fuzz_finds_a_wrong_phase_after_a_move_even_when_that_phase_is_declined():
    """An engine that skips the hazard step after the roll lands in the movement step, which it declines:
    still a disagreement."""

    class SkipsHazard(HazardEngine):
        def play(self, g, actor, action):
            events = super().play(g, actor, action)
            if action["type"] == "roll":
                g["phase"] = "movement"
            return events

    found = fuzz_hazard(SkipsHazard(), limit=1)
    assert [r["disagreement"]["what"] for r in found] == ["scope"]
    assert found[0]["steps"][-1]["action"]["type"] == "roll"
    assert re.search(r"outside what it plays", found[0]["summary"])
