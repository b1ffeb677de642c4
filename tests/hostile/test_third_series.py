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
import time
from pathlib import Path

from casebook import settings
from casebook.pytest import feature_cache
from casebook.pytest_command import pytest_command

ROOT = Path(__file__).resolve().parents[2]
GAME, CLAUSE = "small_detectives", "SD-CMP-01"  # one quick clause: these tests judge the harness, not the rules


def run(
    *args: str, cwd: Path = ROOT, env: dict | None = None, timeout: float = 300, program: tuple = (sys.executable,)
) -> subprocess.CompletedProcess:
    path = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))
    return subprocess.run(
        [*program, *map(str, args)],
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
    env = {settings.CACHE_DIR.name: str(cache), "PYTHONDONTWRITEBYTECODE": ""}
    collect = pytest_command(copy, "-q", "--collect-only", f"step_defs/{GAME}.py")
    first = run(*collect, cwd=copy, env=env, program=())
    assert first.returncode == 0, first.stdout + first.stderr
    kept = sorted((cache / "features").iterdir()) if (cache / "features").is_dir() else []
    payload = pickle.dumps(Planted(marker))
    for path in kept:  # the cache's own names, the right keys
        path.write_bytes(payload)
        path.with_suffix(".pickle").write_bytes(payload)
    for feature in (copy / "features" / GAME).glob("*.feature"):  # where main read its pickles
        (feature.parent / "__pycache__").mkdir(exist_ok=True)
        (feature.parent / "__pycache__" / f"{feature.name}.{feature_cache.TAG}.pickle").write_bytes(payload)
    again = run(*collect, cwd=copy, env=env, program=())
    assert again.returncode == 0 and not marker.exists(), again.stdout + again.stderr
    verified = run(
        *("-m", "casebook.cli", "verify", "--suite", copy, "--game", GAME, "--clause", CLAUSE),
        *("--no-properties", "--no-progress", "--out", tmp_path / "out"),
        env=env,
    )
    assert "passed" in verified.stdout and not marker.exists(), verified.stdout + verified.stderr
    assert len(kept) == len(list((copy / "features" / GAME).glob("*.feature"))), kept  # every file was kept
    assert all(p.read_bytes() != payload for p in kept)  # and each rewritten from its feature file


# -- C2 ---------------------------------------------------------------------------------------------
PAUSE = '''
import os, pathlib, time

seen = 0


def pytest_runtest_teardown(item):
    """After some scenarios have dealt their starts: say so, then wait for the test's ^C."""
    global seen
    seen += 1
    if seen == 20:
        pathlib.Path(os.environ["PAUSED_AT"]).write_text("20")
        time.sleep(120)
'''


def test_c2_an_interrupted_regenerate_leaves_every_file_whole_and_names_what_it_did_not_regenerate(tmp_path):
    """^C while the positions step's scenarios run (after 20 of them dealt their starts): positions.json is the old
    one, not a file with the other starts missing, and the message names it and the step after it."""
    import signal
    import time

    from tests.test_regenerate import small_copy

    copy = small_copy(tmp_path / "copy")
    shutil.copy(ROOT / "pyproject.toml", copy / "pyproject.toml")  # pytest's settings: where the features are
    (tmp_path / "plugins").mkdir()
    (tmp_path / "plugins" / "pause_after_twenty.py").write_text(PAUSE)
    published = copy / "features" / "heist" / "positions.json"
    before = published.read_bytes()
    paused = tmp_path / "paused"
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(copy), str(tmp_path / "plugins")]),
        "PYTEST_ADDOPTS": "-p pause_after_twenty",
        "PAUSED_AT": str(paused),
        "COLUMNS": "300",
    }
    process = subprocess.Popen(
        [sys.executable, "-m", "casebook.cli", "regenerate", "--only", "positions", "--game", "heist"],
        cwd=copy,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,  # a process group of its own, as a terminal's ^C reaches
    )
    deadline = time.monotonic() + 240
    while not paused.exists() and process.poll() is None and time.monotonic() < deadline:
        time.sleep(0.1)
    assert paused.exists(), process.communicate()[0] if process.poll() is not None else "never paused"
    os.killpg(process.pid, signal.SIGINT)
    output = process.communicate(timeout=60)[0]
    assert published.read_bytes() == before, output
    assert "not regenerated" in output and "features/heist/positions.json" in output, output
    assert "Traceback" not in output and process.returncode == 130, output
    assert [p.name for p in published.parent.iterdir() if p.name.endswith(".tmp")] == []


def test_c2_a_write_stopped_by_sigterm_leaves_the_old_file_and_no_temporary_one(tmp_path):
    """SIGTERM in the middle of a write (the content given in parts, the last one never comes)."""
    import signal
    import time

    target = tmp_path / "report.json"
    target.write_text('{"old": true}\n')
    child = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sys, time\n"
            "from casebook.atomic import replacing, terminated_as_interrupt\n"
            "with terminated_as_interrupt():\n"
            "    try:\n"
            f"        with replacing({str(target)!r}) as f:\n"
            "            f.write('{\"new\": ')\n"
            "            f.flush()\n"
            "            print('half', flush=True)\n"
            "            time.sleep(60)\n"
            "            f.write('true}')\n"
            "    except KeyboardInterrupt:\n"
            "        print('stopped: report.json not written', flush=True)\n",
        ],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert child.stdout.readline() == "half\n"
    time.sleep(0.2)
    child.send_signal(signal.SIGTERM)
    assert child.communicate(timeout=30)[0] == "stopped: report.json not written\n"
    assert target.read_text() == '{"old": true}\n'
    assert sorted(p.name for p in tmp_path.iterdir()) == ["report.json"]


def test_c2_a_rewritten_file_keeps_its_mode(tmp_path):
    from casebook.atomic import write_text

    target = tmp_path / "index.html"
    target.write_text("old")
    target.chmod(0o644)
    write_text(target, "new")
    assert target.read_text() == "new" and target.stat().st_mode & 0o777 == 0o644
    fresh = write_text(tmp_path / "fresh.html", "new")
    umask = os.umask(0)
    os.umask(umask)
    assert fresh.stat().st_mode & 0o777 == 0o666 & ~umask  # as open() would make it, not mkstemp's 0o600


def test_c2_a_folder_put_in_place_has_a_folder_s_mode_and_keeps_nothing_of_the_old(tmp_path):
    import tempfile

    from casebook.atomic import replace_folder

    site = tmp_path / "site"
    site.mkdir()
    (site / "old.html").write_text("old")
    built = Path(tempfile.mkdtemp(dir=tmp_path))  # private, 0o700
    (built / "index.html").write_text("new")
    replace_folder(built, site)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"] and [p.name for p in site.iterdir()] == ["index.html"]
    umask = os.umask(0)
    os.umask(umask)
    assert site.stat().st_mode & 0o777 == 0o777 & ~umask


# -- C4 ---------------------------------------------------------------------------------------------
def rulebook_file(folder: Path) -> Path:
    path = folder / "glass.txt"
    path.write_text("Setup\n\nTurn the glass over.\n\nPlay\n\nWhen the sand has run, the round ends.\n")
    return path


def test_c4_an_id_or_prefix_with_a_trailing_newline_is_refused_by_type(tmp_path):
    import pytest

    from casebook import scaffold

    for game, prefix in (("glass\n", None), ("glass", "GL\n")):
        with pytest.raises(scaffold.BadGameId):
            scaffold.plan(ROOT, game, rulebook_file(tmp_path), prefix=prefix)


def test_c4_reserved_words_are_refused_by_type_not_a_syntax_error(tmp_path):
    import pytest

    from casebook import scaffold

    for game in ("none", "true", "false"):
        with pytest.raises(scaffold.BadGameId, match="not a Python keyword nor false, none, true"):
            scaffold.plan(ROOT, game, rulebook_file(tmp_path))


def test_c4_a_title_is_text_in_every_file_never_code(tmp_path):
    """A title that would end a docstring and run code (and a backslash escape Python refuses): every module still
    compiles, nothing runs on import, and the title reads back as given."""
    import ast

    from casebook import scaffold

    marker = tmp_path / "ran-code"
    title = f'Sand """; open({str(marker)!r}, "w"); """ \\N glass'
    files = scaffold.plan(ROOT, "hourglass", rulebook_file(tmp_path), title=title, prefix="HG")
    for path, text in files.items():
        if path.endswith(".py"):
            tree = ast.parse(text)
            assert not [n for n in ast.walk(tree) if isinstance(n, ast.Call) and getattr(n.func, "id", "") == "open"]
    rules = files["statemachines/hourglass/rules.py"]
    assert ast.get_docstring(ast.parse(rules)).startswith(title + ":")
    assert ast.get_docstring(ast.parse(files["statemachines/hourglass/engine.py"])).startswith(title + " — ")
    assert not marker.exists()


# -- C5 ---------------------------------------------------------------------------------------------
def test_c5_a_report_beyond_the_wire_s_limits_is_refused_by_name_and_the_others_build(tmp_path):
    """Nested 100,000 deep (a RecursionError in docs build before), and larger than a message may be: each named,
    the good report read, the Cucumber JSON and mutation results likewise."""
    import json

    from casebook.rulebook import Game
    from casebook.site import mutation
    from casebook.site.results import read_cucumber, read_reports

    fixture = ROOT / "tests" / "docs" / "fixture" / "results" / "conformance" / "toy-engine.json"
    folder = tmp_path / "conformance"
    folder.mkdir()
    (folder / "good.json").write_bytes(fixture.read_bytes())
    deep = "[" * 100_000 + "]" * 100_000
    (folder / "deep.json").write_text(deep)
    with open(folder / "huge.json", "wb") as f:  # sparse: larger than the limit, nothing to read
        f.truncate(17 * 1024 * 1024)
    reports, problems = read_reports(tmp_path)
    assert [r.file for r in reports] == ["good.json"]
    assert sorted(p.split(":")[0] for p in problems) == ["conformance/deep.json", "conformance/huge.json"], problems
    assert any("nested more than 100 deep" in p for p in problems) and any("at most" in p for p in problems)
    (tmp_path / "cucumber.json").write_text(deep)
    (tmp_path / "cucumber-2.json").write_text(json.dumps([]))
    last = read_cucumber(tmp_path)
    assert [p.split(":")[0] for p in last.problems] == ["cucumber.json"] and len(last.files) == 1
    (tmp_path / "mutation").mkdir()
    (tmp_path / "mutation" / "toy_game.json").write_text(deep)
    problems = []
    game = Game(id="toy_game", sections=[])
    assert mutation.read(tmp_path, game, tmp_path / "features" / "toy_game", problems, digest="any") is None
    assert problems and problems[0].startswith("mutation/toy_game.json"), problems


# -- C6 ---------------------------------------------------------------------------------------------
def read_only(folder: Path, *argv, cwd: Path = ROOT, timeout: float = 120) -> subprocess.CompletedProcess:
    """``argv`` run with ``folder`` mounted read-only (a mount namespace of its own: nothing else sees it)."""
    import pytest

    if not shutil.which("unshare"):
        pytest.skip("no unshare: a read-only mount cannot be made here")
    probe = subprocess.run(
        ["unshare", "-m", "sh", "-c", 'mount --bind -o ro "$1" "$1"', "sh", str(folder)], capture_output=True
    )
    if probe.returncode:
        pytest.skip(f"a read-only bind mount is not allowed here: {probe.stderr.decode(errors='replace')[:200]}")
    script = 'mount --bind -o ro "$1" "$1" && shift && exec "$@"'
    return run_as_is(["unshare", "-m", "sh", "-c", script, "sh", str(folder), *map(str, argv)], cwd, timeout)


def run_as_is(argv: list[str], cwd: Path, timeout: float) -> subprocess.CompletedProcess:
    path = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))
    return subprocess.run(
        argv,
        cwd=cwd,
        capture_output=True,
        text=True,
        errors="replace",
        timeout=timeout,
        env={**os.environ, "PYTHONPATH": path, "COLUMNS": "300"},
    )


def refused_at_once(done: subprocess.CompletedProcess, folder: Path, option: str) -> None:
    said = done.stdout + done.stderr
    assert done.returncode == 2 and f"cannot write in {folder}" in said and option in said, said
    assert "Traceback" not in said and "Read-only file system" in said, said


def test_c6_commands_that_write_refuse_a_read_only_folder_first_and_say_where_instead(tmp_path):
    """verify, mutate, fuzz, perft --generate and docs build, each told to write in a read-only folder: refused
    before any work (mutate before its first mutant; main ran them all, then died writing), naming the option."""
    ro = tmp_path / "ro"
    ro.mkdir()
    cli = (sys.executable, "-m", "casebook.cli")
    start = time.monotonic()
    done = read_only(ro, *cli, "verify", "--game", GAME, "--clause", CLAUSE, "--no-properties", "--out", ro / "res")
    refused_at_once(done, ro / "res", "--out")
    refused_at_once(read_only(ro, *cli, "mutate", "--game", GAME, "--out", ro / "mutation"), ro / "mutation", "--out")
    done = read_only(ro, *cli, "fuzz", "--impl", "reference", "--game", GAME, "--out", ro / "found.json")
    refused_at_once(done, ro, "--out")
    done = read_only(ro, *cli, "perft", "--generate", "--game", GAME, "--fixtures", ro / "perft")
    refused_at_once(done, ro / "perft", "--fixtures")
    refused_at_once(read_only(ro, *cli, "docs", "build", "--site-dir", ro / "site"), ro, "--site-dir")
    assert time.monotonic() - start < 90  # no command did its work first
    assert list(ro.iterdir()) == []


def test_c6_regenerate_in_a_read_only_checkout_is_refused_before_any_step(tmp_path):
    from tests.test_regenerate import small_copy

    copy = small_copy(tmp_path / "copy")
    done = read_only(copy, sys.executable, "-m", "casebook.cli", "regenerate", "--game", GAME, cwd=copy)
    refused_at_once(done, copy / "casebook" / "schemas", "writable clone")
    assert "== schemas" not in done.stdout
