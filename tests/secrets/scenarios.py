"""Running one game's scenarios against an implementation, in a pytest of its own: which ones fail."""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

from casebook.pytest_command import pytest_command

ROOT = Path(__file__).resolve().parents[2]
FAILED = re.compile(r"^FAILED (.+?)(?: - (.*))?$", re.M)


def failing_scenarios(game: str, impl: str, first_only: bool = False, timeout: float = 300) -> dict[str, str]:
    """The scenarios of ``game`` (step_defs/<game>.py, in a pytest of its own, no workers) that fail against
    ``impl``: test id -> the start of its failure; with ``first_only``, the run stops at the first (``-x``).  A run
    that collected nothing, or broke, raises."""
    options = ["-q", "-rf", "-p", "no:xdist", *(["-x"] if first_only else [])]
    argv = pytest_command(ROOT, f"step_defs/{game}.py", *options, impl=impl)
    done = subprocess.run(
        argv, cwd=ROOT, capture_output=True, text=True, timeout=timeout, env={**os.environ, "COLUMNS": "400"}
    )
    if done.returncode not in (0, 1) or not re.search(r"\d+ (passed|failed)", done.stdout):
        raise RuntimeError(
            f"the scenarios of {game} did not run against {impl}:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
        )
    return {test: why or "" for test, why in FAILED.findall(done.stdout)}
