"""The pytest plugin: a bad --impl stops the run with one readable message."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_an_unknown_implementation_stops_the_run_with_one_message():
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "step_defs", "--impl=nonsense"],
        cwd=ROOT, capture_output=True, text=True,
    )
    assert run.returncode == 4, run.stdout[-2000:]
    assert "no implementation 'nonsense'" in run.stdout
    assert "error" not in run.stdout.lower().split("no implementation")[0], "no per-scenario errors before the message"
