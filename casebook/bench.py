"""``casebook bench``: the benchmark.  It reports ratios and rates, never pass/fail on time.

Side by side, in one run:
  * random complete games per second, per game (reference, in process, seeded);
  * memory per live game (tracemalloc over many dealt tables; goal <= 50 KiB);
  * the suite's cost per scenario as a ratio to an empty pytest-bdd scenario (goal <= 2x);
  * the whole suite over stdio as a ratio to in process (goal <= 1.5x).
"""

from __future__ import annotations

import gc
import os
import random
import re
import subprocess
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

from casebook.protocol import CHANCE, Table
from casebook.testing import random_step

ROOT = Path(__file__).resolve().parent.parent
MAX_STEPS = 20_000  # a bound on one random game, so a bug shows as "did not end", not a hang


def play_random_games(impl, game: str, players: list[str], count: int, seed: int = 1) -> tuple[int, int, float]:
    """(games ended, moves played, seconds) for ``count`` random games from a seeded RNG."""
    rng = random.Random(seed)
    ended = moves = 0
    start = time.perf_counter()
    for _ in range(count):
        table = Table.new(impl, game, {"players": players})
        for _ in range(MAX_STEPS):
            if random_step(table, rng) is None:
                ended += 1
                break
            moves += 1
        table.close()
    return ended, moves, time.perf_counter() - start


def deal_until_players_act(table: Table, rng: random.Random) -> None:
    """Resolve the set-up's chance moves, so the table is a game in play."""
    for _ in range(1000):
        legal = table.legal()
        if legal["to_act"] != [CHANCE]:
            return
        random_step(table, rng)


def memory_per_game(impl, game: str, players: list[str], count: int = 300) -> float:
    """Bytes per live, dealt table: allocations while ``count`` tables stay open."""
    rng = random.Random(2)
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    tables = []
    for _ in range(count):
        table = Table.new(impl, game, {"players": players})
        deal_until_players_act(table, rng)
        tables.append(table)
    gc.collect()
    after = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    for table in tables:
        table.close()
    return (after - before) / count


def pytest_seconds(args: list[str], cwd: Path) -> tuple[float, int]:
    """pytest's own session time (start-up excluded) and the number of tests passed."""
    env = dict(os.environ, PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}")
    out = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *args], cwd=cwd, env=env, capture_output=True, text=True)
    tail = out.stdout.strip().splitlines()[-1] if out.stdout.strip() else out.stderr
    seconds = re.search(r"in ([\d.]+)s", tail)
    passed = re.search(r"(\d+) passed", tail)
    if not seconds or not passed:
        raise RuntimeError(f"pytest {' '.join(args)} did not report: {tail}")
    return float(seconds.group(1)), int(passed.group(1))


def empty_scenarios_seconds(count: int) -> float:
    """Time of ``count`` scenarios whose steps do nothing: pytest-bdd's own floor."""
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        lines = ["Feature: empty", ""]
        for i in range(count):
            lines += [f"  Scenario: nothing {i}", "    Given nothing", "    When nothing happens", "    Then nothing changed", ""]
        (folder / "empty.feature").write_text("\n".join(lines))
        (folder / "test_empty.py").write_text(
            "from pytest_bdd import given, when, then, scenarios\n"
            "scenarios('empty.feature')\n"
            "@given('nothing')\ndef _g(): pass\n"
            "@when('nothing happens')\ndef _w(): pass\n"
            "@then('nothing changed')\ndef _t(): pass\n"
        )
        (folder / "pytest.ini").write_text("[pytest]\n")
        seconds, passed = pytest_seconds(["-p", "no:casebook", "test_empty.py"], folder)
    return seconds / passed


def main(args) -> int:
    from statemachines.reference import ReferenceImplementation

    impl = ReferenceImplementation(validate=False)
    hello = impl.hello()
    print(f"Casebook benchmark — {hello['name']} {hello['version']}, Python {sys.version.split()[0]}, {os.cpu_count()} cores\n")
    print(f"{'game':<16}{'players':>8}{'games/s':>10}{'moves/game':>12}{'KiB/game':>10}  ended")
    for game, facts in hello["games"].items():
        low, high = facts.get("players", [2, 4])
        names = facts.get("player_names") or [f"P{i}" for i in range(1, high + 1)]
        for n in sorted({low, high}):
            players = names[:n]
            ended, moves, seconds = play_random_games(impl, game, players, args.games)
            kib = memory_per_game(impl, game, players) / 1024
            print(f"{game:<16}{n:>8}{args.games / seconds:>10.1f}{moves / args.games:>12.0f}{kib:>10.1f}  {ended}/{args.games}")
    if args.quick:
        return 0
    print("\nsuite cost (pytest's session time, start-up excluded)")
    inproc, scenarios = pytest_seconds(["step_defs"], ROOT)
    floor = empty_scenarios_seconds(scenarios)
    print(f"  scenarios in process: {scenarios} in {inproc:.2f} s = {1000 * inproc / scenarios:.2f} ms each")
    print(f"  empty pytest-bdd scenario: {1000 * floor:.2f} ms each")
    print(f"  cost per scenario / empty scenario: {inproc / scenarios / floor:.2f}x   (goal <= 2x)")
    whole, tests = pytest_seconds([], ROOT)
    over_stdio, _ = pytest_seconds(["--impl=cmd:casebook serve"], ROOT)
    print(f"  whole suite ({tests} tests): in process {whole:.2f} s, over stdio {over_stdio:.2f} s")
    print(f"  stdio / in process: {over_stdio / whole:.2f}x   (goal <= 1.5x)")
    return 0
