"""Hostile input, third series (issue 46): one test per case, each failing before its fix.

C1 no code from the parse cache; C2 no half-written generated file; C3 a server with limits (tests/hostile/
test_server_limits.py); C4 new-game's input; C5 the site's reader of reports; C6 read-only checkouts.
"""

from __future__ import annotations

import os
import pickle
import shutil
import subprocess
import sys
from pathlib import Path

from casebook.pytest import feature_cache

ROOT = Path(__file__).resolve().parents[2]
GAME, CLAUSE = "small_detectives", "SD-CMP-01"  # one quick clause: these tests judge the harness, not the rules


def run(*args: str, cwd: Path = ROOT, env: dict | None = None, timeout: float = 300) -> subprocess.CompletedProcess:
    path = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))
    return subprocess.run(
        [sys.executable, *map(str, args)],
        cwd=cwd,
        capture_output=True,
        text=True,
        errors="replace",
        timeout=timeout,
        env={**os.environ, "PYTHONPATH": path, **(env or {})},
    )


def suite_copy(folder: Path) -> Path:
    """A copy of the suite (one game's features, the steps) that verify --suite and pytest can run."""
    copy = folder / "suite"
    shutil.copytree(ROOT / "features" / GAME, copy / "features" / GAME, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(ROOT / "step_defs", copy / "step_defs", ignore=shutil.ignore_patterns("__pycache__"))
    (copy / "tests").mkdir()
    for name in ("pyproject.toml", "tests/__init__.py"):
        shutil.copy(ROOT / name, copy / name)
    return copy


class Planted:
    """Unpickling this creates ``marker``: what a planted cache file would run."""

    def __init__(self, marker: Path):
        self.marker = str(marker)

    def __reduce__(self):
        return open, (self.marker, "w")


# -- C1 ---------------------------------------------------------------------------------------------
def test_c1_a_planted_pickle_runs_nowhere_a_cache_is_read(tmp_path):
    """A pickle where the cache was read before issue 46 (``features/<game>/__pycache__/<file>.<tag>.pickle``) and
    in place of every file the cache keeps now, by its own name: collection and verify create no file."""
    copy, cache, marker = suite_copy(tmp_path), tmp_path / "cache", tmp_path / "ran-code"
    env = {"CASEBOOK_CACHE_DIR": str(cache), "PYTHONDONTWRITEBYTECODE": ""}
    collect = ("-m", "pytest", "-q", "--collect-only", "-p", "no:cacheprovider", f"step_defs/{GAME}.py")
    first = run(*collect, cwd=copy, env=env)
    assert first.returncode == 0, first.stdout + first.stderr
    kept = sorted((cache / "features").iterdir()) if (cache / "features").is_dir() else []
    payload = pickle.dumps(Planted(marker))
    for path in kept:  # the cache's own names, the right keys
        path.write_bytes(payload)
        path.with_suffix(".pickle").write_bytes(payload)
    for feature in (copy / "features" / GAME).glob("*.feature"):  # where main read its pickles
        (feature.parent / "__pycache__").mkdir(exist_ok=True)
        (feature.parent / "__pycache__" / f"{feature.name}.{feature_cache.TAG}.pickle").write_bytes(payload)
    again = run(*collect, cwd=copy, env=env)
    assert again.returncode == 0 and not marker.exists(), again.stdout + again.stderr
    verified = run(
        *("-m", "casebook.cli", "verify", "--suite", copy, "--game", GAME, "--clause", CLAUSE),
        *("--no-properties", "--no-progress", "--out", tmp_path / "out"),
        env=env,
    )
    assert "passed" in verified.stdout and not marker.exists(), verified.stdout + verified.stderr
    assert len(kept) == len(list((copy / "features" / GAME).glob("*.feature"))), kept  # every file was kept
    assert all(p.read_bytes() != payload for p in kept)  # and each rewritten from its feature file
