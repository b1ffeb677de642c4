"""What the suite costs: the scenarios' pytest time beside as many empty pytest-bdd scenarios (pytest-bdd's own
floor), and a full ``casebook verify`` over stdio or WebSocket beside in process, each in back-to-back pairs."""

from __future__ import annotations

import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from casebook import settings
from casebook.bench.figures import MIN_REPEAT, Figure
from casebook.pytest_command import pytest_command

ROOT = Path(__file__).resolve().parents[2]
EMPTY_STEPS = Path(__file__).with_name("empty_steps.py")  # the empty scenarios' step definitions
# The suite ÷ floor pairs swing by ±20 % on a shared 2-core machine (2.12-2.89x among three on 2026-12-04): at least
# this many pairs (~8 s each), so that their median moves less than the changes it is read for.
SUITE_PAIRS = 7


def _env() -> dict:
    return dict(os.environ, PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}")


def pytest_durations(args: list[str], cwd: Path, steps: dict | None = None) -> tuple[float, dict[str, float]]:
    """pytest's own session time (start-up excluded) and each passed test's own duration, timed by
    casebook/bench/timer.py (``steps``, if given, takes each passed scenario's number of steps).  ``cwd`` is the suite's
    root: its pytest.ini configures the run where it has one (the empty scenarios), else its pyproject.toml."""
    config = cwd / "pytest.ini" if (cwd / "pytest.ini").is_file() else None
    with tempfile.TemporaryDirectory() as tmp:
        times = Path(tmp) / "times.json"
        env = _env()
        env[settings.BENCH_TIMES.name] = str(times)
        out = subprocess.run(
            pytest_command(cwd, "-q", "-p", "casebook.bench.timer", *args, config=config),
            cwd=cwd,
            env=env,
            capture_output=True,
            text=True,
        )
        tail = out.stdout.strip().splitlines()[-1] if out.stdout.strip() else out.stderr
        seconds = re.search(r"in ([\d.]+)s", tail)
        if not seconds or not times.exists():
            raise RuntimeError(f"pytest {' '.join(args)} did not report: {tail}")
        told = json.loads(times.read_text())
        cases = told["times"]
        if steps is not None:
            steps.update((k, n) for k, n in told["steps"].items() if k in cases)
    return float(seconds.group(1)), cases


FLOOR_STEPS = 3  # the goal's floor: an empty scenario of a Given, a When and a Then


def empty_scenarios(count: int, steps: int = FLOOR_STEPS) -> tuple[float, dict[str, float]]:
    """``count`` scenarios whose ``steps`` steps (a Given, a When, Thens) do nothing: pytest-bdd's own floor."""
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        lines = ["Feature: empty", ""]
        for i in range(count):
            lines += [
                f"  Scenario: nothing {i}",
                "    Given nothing",
                "    When nothing happens",
                "    Then nothing changed",
            ]
            lines += ["    And nothing changed"] * max(steps - FLOOR_STEPS, 0) + [""]
        (folder / "empty.feature").write_text("\n".join(lines))
        shutil.copyfile(EMPTY_STEPS, folder / "test_empty.py")
        (folder / "pytest.ini").write_text("[pytest]\n")
        return pytest_durations(["-p", "no:casebook", *NOT_MEASURED, "test_empty.py"], folder)


# Plugins neither session's scenarios use, left out of both: hypothesis imports itself for its terminal summary, a
# constant that, added to both sessions, only pulled the ratio towards 1.
NOT_MEASURED = ["-p", "no:hypothesispytest"]


def suite_and_floor(repeat: int) -> tuple[list, list, list, float]:
    """The suite's scenarios and as many empty ones, as ``repeat`` pairs run back to back: a pair sees the same load on
    both sides, so the pairs' ratios hold still where the ratio of medians taken minutes apart does not.  Beside each
    pair, as many empty scenarios of as many steps as the suite's on average (pytest-bdd's own cost of that many
    steps, to tell it from ours); and that average."""
    runs, floors, matched, steps = [], [], [], {}
    for _ in range(repeat):
        runs.append(pytest_durations([*NOT_MEASURED, "step_defs"], ROOT, steps))
        floors.append(empty_scenarios(len(runs[-1][1])))
        mean = statistics.fmean(steps.values()) if steps else FLOOR_STEPS
        matched.append(empty_scenarios(len(runs[-1][1]), round(mean)))
    return runs, floors, matched, mean


def verify_seconds(spec: str) -> float:
    """A full ``casebook verify`` (features and property tests): pytest's session time, from the report."""
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run(
            [
                sys.executable,
                "-m",
                "casebook.cli",
                "verify",
                "--impl",
                spec,
                "--out",
                tmp,
                "--no-progress",
                "--name",
                "bench",
            ],
            cwd=ROOT,
            env=_env(),
            capture_output=True,
            text=True,
        )
        report = Path(tmp) / "conformance" / "bench.json"
        if not report.exists():
            raise RuntimeError(f"casebook verify --impl {spec} wrote no report")
        return float(json.loads(report.read_text())["seconds"])


def verify_ratio(
    repeat: int, seconds=verify_seconds, spec: str = "cmd:casebook serve"
) -> tuple[Figure, Figure, Figure]:
    """Full verify in process and over ``spec`` (stdio), in pairs: (in process, ``spec``, ÷ in process of each pair).

    One right after the other: a virtual machine's speed drifts by tens of percent within
    minutes, and a pair sees the same drift on both sides, so the pairs' ratios hold still
    where the ratio of two medians taken minutes apart does not.
    """
    pairs = [(seconds("reference"), seconds(spec)) for _ in range(max(repeat, MIN_REPEAT))]
    return (
        Figure([here for here, _ in pairs]),
        Figure([there for _, there in pairs]),
        Figure([there / here for here, there in pairs]),
    )
