"""Running ``casebook`` as a user does, for the hostile tests: a subprocess (verify runs pytest itself)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.conformance.helpers import FAKE, ROOT

GAME, CLAUSE = "cluedo_drei", "CD-SET-01"  # one quick clause: these tests judge the harness, not the rules


def casebook(*args: str, cwd: Path = ROOT, timeout: float = 300) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    return subprocess.run(
        [sys.executable, "-m", "casebook.cli", *map(str, args)],
        cwd=cwd,
        capture_output=True,
        text=True,
        errors="replace",
        timeout=timeout,
        env=env,
    )  # the tests' engines import from ROOT


def fake(*args: str) -> str:
    """The spec of a fake engine serving the reference, with extra arguments (``--name …``, ``--fault …``)."""
    import shlex

    return "cmd:" + shlex.join([sys.executable, FAKE, *args])


def verify(out: Path, spec: str, *args: str, clause: str = CLAUSE) -> subprocess.CompletedProcess:
    return casebook(
        "verify",
        "--impl",
        spec,
        "--game",
        GAME,
        "--clause",
        clause,
        "--no-properties",
        "--no-progress",
        "--timeout",
        "5",
        "--out",
        out,
        *args,
    )


def files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}
