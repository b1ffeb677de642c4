"""``casebook regenerate --check`` (issue 29 item 3): stale generated files fail CI, by name.

The first test is CI's guard: the checkout's schemas and perft counts are what the reference generates now (the
positions are dealt again by tests/test_positions.py, a whole run of the scenarios).  The others make a file stale
in a small copy of the checkout (the packages, features and steps: no tests, no site) and read what --check says.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

from casebook.cli import main
from casebook.commands import regenerate

ROOT = Path(__file__).resolve().parent.parent


def test_no_generated_schema_or_perft_count_is_stale(monkeypatch, capsys):
    monkeypatch.chdir(ROOT)
    for step in ("schemas", "perft"):
        assert main(["regenerate", "--check", "--only", step]) == 0, capsys.readouterr().out
        assert "every generated file is up to date" in capsys.readouterr().out


def small_copy(to: Path) -> Path:
    """What regenerate reads and runs: mkdocs.yml (a checkout's mark), the packages, the features and the steps."""
    for part in ("casebook", "statemachines", "features", "step_defs"):
        shutil.copytree(ROOT / part, to / part, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy2(ROOT / "mkdocs.yml", to / "mkdocs.yml")
    return to


def check(copy: Path, *argv: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(copy), "COLUMNS": "200"}
    return subprocess.run(
        [sys.executable, "-m", "casebook.cli", "regenerate", "--check", *argv],
        cwd=copy,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_a_stale_schema_or_perft_count_is_named_and_fails_the_check_and_nothing_is_written(tmp_path):
    copy = small_copy(tmp_path / "copy")
    schema, perft = copy / "casebook" / "schemas" / "pi.json", copy / "casebook" / "conformance" / "perft" / "pi.json"
    schema.write_text(
        schema.read_text(encoding="utf-8").replace('"title": "P.I."', '"title": "P.I. (old)"'), encoding="utf-8"
    )
    fixture = json.loads(perft.read_text(encoding="utf-8"))
    fixture["positions"] = [{**fixture["positions"][0], "counts": [999]}]  # depth 1 only: counted again at once
    perft.write_text(json.dumps(fixture), encoding="utf-8")
    before = {p: p.read_bytes() for p in (schema, perft)}

    done = check(copy, "--only", "schemas")
    assert done.returncode == 1 and "stale: casebook/schemas/pi.json" in done.stdout, done.stdout + done.stderr
    assert "feuerdiamant" not in done.stdout  # only the stale file is named
    done = check(copy, "--only", "perft", "--game", "pi")
    assert done.returncode == 1 and "stale: casebook/conformance/perft/pi.json" in done.stdout, (
        done.stdout + done.stderr
    )
    assert {p: p.read_bytes() for p in (schema, perft)} == before  # --check writes nothing


def test_stale_positions_are_named_from_a_recording_in_a_temporary_folder(tmp_path, monkeypatch):
    """The comparison on its own (the recording is a whole run of the scenarios: tests/test_positions.py runs it)."""
    root = tmp_path / "checkout"
    for game, text in (("pi", "{}\n"), ("heist", "{}\n")):
        (root / "features" / game).mkdir(parents=True)
        (root / "features" / game / "positions.json").write_text(text, encoding="utf-8")
    recorded = []

    def record(root_, games, out, folder):
        recorded.append(folder)
        for game in games:  # the run deals pi's published starts, and one start heist does not publish
            (folder / game).mkdir(parents=True)
            (folder / game / "positions.json").write_text(
                "{}\n" if game == "pi" else '{\n  "deal {}": {}\n}\n', encoding="utf-8"
            )
        return True

    monkeypatch.setattr(regenerate, "_record", record)
    stale: list[str] = []
    assert regenerate.positions(root, ["heist", "pi"], None, stale)
    assert stale == ["features/heist/positions.json"]
    assert recorded[0] != root / "features" and not recorded[0].exists()  # a temporary folder, gone after the check
    assert (root / "features" / "heist" / "positions.json").read_text(encoding="utf-8") == "{}\n"
