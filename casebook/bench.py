"""``casebook bench``: the benchmark.  It reports ratios and rates, never pass/fail on time.

Every figure is measured ``--repeat`` times (at least 3) and the median is
printed beside the spread, so one slow moment of a busy machine does not
make the number.  Side by side, in one run:

  * random play per game and player count (seeded; at most ``--budget`` seconds of games
    per figure, so a long game is measured on fewer games): moves per second, the
    throughput every game has, and games per second where every random game ended.
    The players are the property tests' own where the suite's ``tests/<game>/test_random_play.py``
    defines ``policy(state, legal, rng)`` (P.I.'s names its true case now and then, as a
    detective would once sure: uniform random tries name one of 1,680 solutions and
    never end a five-player round), else uniform.  A random game stops at
    ``--max-moves`` moves (the row says how many games ended and how many hit the cap):
    a benchmark measures an engine's speed, not how lucky dice are;
  * memory per live, dealt game (tracemalloc over many tables; goal <= 50 KiB);
  * ``new()`` at many open tables as a ratio to ``new()`` at none (goal <= 2x);
  * the suite's cost per scenario as a ratio to an empty pytest-bdd scenario
    (goal <= 2x), with the slowest scenarios' own ratios;
  * a full ``casebook verify`` over stdio as a ratio to in process (goal <= 1.5x), and over
    WebSocket (``casebook serve --listen``) beside it;
  * round trips per second over WebSocket, on one connection and on 8.

The reference is reached through its ``reference`` entry point, like any
engine: the harness never imports the engines.
"""

from __future__ import annotations

import gc
import importlib.util
import json
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

from casebook import settings
from casebook.impls import close_implementation, open_implementation
from casebook.pytest_command import pytest_command
from casebook.protocol import CHANCE, Table
from casebook.properties.random_play import policy_step, random_step

ROOT = Path(__file__).resolve().parent.parent
MAX_STEPS = 20_000  # a bound on one random game, so a bug shows as "did not end", not a hang
MAX_MOVES = 2_000  # the benchmark's default cap on one random game: longer games are cut here, counted as capped
MIN_REPEAT = 3
# The suite ÷ floor pairs swing by ±20 % on a shared 2-core machine (2.12-2.89x among three on 2026-12-04): at least
# this many pairs (~8 s each), so that their median moves less than the changes it is read for.
SUITE_PAIRS = 7
MEMORY_GOAL_KIB = 50  # a live, dealt game
SCENARIO_GOAL, SLOWEST_GOAL = 2, 30  # a scenario ÷ an empty pytest-bdd scenario: on average, and the slowest one
NEW_GOAL = 2  # new() at many open tables ÷ at none
VERIFY_GOAL = 1.5  # a full verify over stdio ÷ in process
LEGAL_GOAL = ("pi", "cluedo_drei")  # the first game's legal() costs no more than the second's (issue 32)
LEGAL_ROUNDS = 5  # legal() of a position: the least of this many plays of the same positions


def register(parser) -> None:
    """The options of ``casebook bench`` (the CLI builds the subparser)."""
    parser.add_argument("--games", type=int, default=100, help="random games per game id and player count, per repeat")
    parser.add_argument(
        "--budget",
        type=float,
        default=20.0,
        help="seconds of random games per game id, player count and repeat, at most (default 20)",
    )
    parser.add_argument(
        "--max-moves",
        type=int,
        default=MAX_MOVES,
        help=f"stop a random game after this many moves and count it as capped, not ended (default {MAX_MOVES:,}): "
        "uniform random play need not end a game (a P.I. try names one of 1,680 solutions), so the rows "
        "report moves/s for every game, and games/s only where every random game ended",
    )
    parser.add_argument(
        "--repeat",
        type=int,
        default=MIN_REPEAT,
        help=f"measure each figure this many times (at least {MIN_REPEAT}); print medians",
    )
    parser.add_argument("--tables", type=int, default=50_000, help="open tables for the new() row (default 50,000)")
    parser.add_argument(
        "--game", action="append", help="only this game (repeatable); default: every game the engine offers"
    )
    parser.add_argument(
        "--impl", default="reference", help="the engine to measure (default: the reference, by its entry point)"
    )
    parser.add_argument("--quick", action="store_true", help="skip the suite and verify ratios (minutes)")
    parser.add_argument("--no-verify", action="store_true", help="skip only the verify ratio (the longest figure)")


class Figure:
    """One measured quantity: its samples, their median and spread."""

    def __init__(self, samples: list[float]):
        self.samples = samples

    @property
    def median(self) -> float:
        return statistics.median(self.samples)

    def spread(self, digits: int = 2) -> str:
        return f"[{min(self.samples):.{digits}f}…{max(self.samples):.{digits}f}]"


def measure(repeat: int, one) -> Figure:
    return Figure([one() for _ in range(max(repeat, MIN_REPEAT))])


# -- games per second, memory ------------------------------------------------------
def suite_policy(game: str):
    """The player of the suite's property tests for ``game`` (``policy`` in tests/<game>/test_random_play.py),
    or None."""
    from casebook.conformance.suite import shipped_root

    path = shipped_root() / "tests" / game / "test_random_play.py"
    if not path.exists():
        return None
    spec = importlib.util.spec_from_file_location(f"casebook_bench_{game}_random_play", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return getattr(module, "policy", None)


def random_games_within(
    impl,
    game: str,
    options: dict,
    count: int,
    seed: int = 1,
    budget: float | None = None,
    max_moves: int = MAX_STEPS,
    policy=None,
) -> tuple[int, int, float, int]:
    """(games ended, moves played, seconds, games played) for up to ``count`` random games from a seeded RNG.

    With a ``budget`` (seconds), no new game starts once it is spent: a game whose random games run
    to thousands of moves is still measured, on fewer games, instead of holding the whole benchmark
    for hours.  At least one game is always played.  A game still going after ``max_moves`` moves
    is left there: played, not ended.
    """
    rng, step = random.Random(seed), (random_step if policy is None else policy_step(policy))
    ended = moves = played = 0
    start = time.perf_counter()
    for _ in range(count):
        if played and budget is not None and time.perf_counter() - start >= budget:
            break
        played += 1
        table = Table.new(impl, game, options)
        for _ in range(min(max_moves, MAX_STEPS)):
            if step(table, rng) is None:
                ended += 1
                break
            moves += 1
        else:
            ended += not table.legal()["moves"]  # the cap's last move may have ended it
        table.close()
    return ended, moves, time.perf_counter() - start, played


def legal_seconds(
    impl, game: str, options: dict, positions: int = 1500, seed: int = 1, policy=None, rounds: int = LEGAL_ROUNDS
) -> float:
    """The mean time of a position's first ``legal()`` (what a player pays each move), over the positions of uniform
    random games from a seeded RNG: the same positions for every version of an engine.  With ``policy`` (a game's
    own random player, ``policy(state, legal, rng)``), over the positions that player reaches instead: a uniform
    player may sit where real play does not (P.I.'s tries solutions, and the face-up row stays).

    The same games are played ``rounds`` times (an engine's answers depend only on its inputs: the same seed reaches
    the same positions) and each position counts with the least of its times: one pass's mean moved with the machine
    and with a garbage collection landing in it (Cluedo at six players: 8.3 µs in one run, 18.0 in another; the least of
    seven, 5.9 to 6.4)."""
    plays = [_first_legal_times(impl, game, options, positions, seed, policy) for _ in range(rounds)]
    return statistics.fmean(min(times) for times in zip(*plays))  # each play times exactly ``positions`` positions


def _first_legal_times(impl, game: str, options: dict, positions: int, seed: int, policy) -> list[float]:
    """Each position's first ``legal()``, in seconds, over ``positions`` positions of seeded random games."""
    rng, times = random.Random(seed), []
    while len(times) < positions:
        table = impl.new(game, options)
        try:
            for _ in range(MAX_STEPS):
                started = time.perf_counter()
                legal = impl.legal(table)
                times.append(time.perf_counter() - started)
                if not legal["moves"] or len(times) >= positions:
                    break
                move = rng.choice(legal["moves"]) if policy is None else policy(impl.state(table), legal, rng)
                impl.apply(table, move["actor"], move["action"])
        finally:
            impl.close(table)
    return times


def deal_until_players_act(table: Table, rng: random.Random) -> None:
    """Resolve the set-up's chance moves, so the table is a game in play."""
    for _ in range(1000):
        if table.legal()["to_act"] != [CHANCE]:
            return
        random_step(table, rng)


def memory_per_game(impl, game: str, options: dict, count: int = 300) -> float:
    """Bytes per live, dealt table: allocations while ``count`` tables stay open."""
    rng = random.Random(2)
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    tables = []
    for _ in range(count):
        table = Table.new(impl, game, options)
        deal_until_players_act(table, rng)
        tables.append(table)
    gc.collect()
    after = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    for table in tables:
        table.close()
    return (after - before) / count


# -- new() as tables pile up ----------------------------------------------------------
def new_seconds(impl, game: str, options: dict, samples: int = 30) -> float:
    """The median time of one ``new()`` (closed again, untimed, so the count of open tables stays)."""
    times = []
    for _ in range(samples):
        started = time.perf_counter()
        table = impl.new(game, options)
        times.append(time.perf_counter() - started)
        impl.close(table)
    return statistics.median(times)


def new_at_scale(impl, game: str, options: dict, tables: int, repeat: int) -> tuple[Figure, Figure]:
    """``new()`` with no other table open, and with ``tables`` open: one figure each."""
    empty = measure(repeat, lambda: new_seconds(impl, game, options))
    opened = [impl.new(game, options) for _ in range(tables)]
    try:
        full = measure(repeat, lambda: new_seconds(impl, game, options))
    finally:
        for table in opened:  # in creation order: each close then finds its table first
            impl.close(table)
    return empty, full


# -- the suite ---------------------------------------------------------------------------
def _env() -> dict:
    return dict(os.environ, PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}")


def pytest_durations(args: list[str], cwd: Path, steps: dict | None = None) -> tuple[float, dict[str, float]]:
    """pytest's own session time (start-up excluded) and each passed test's own duration, timed by
    casebook/bench_timer.py (``steps``, if given, takes each passed scenario's number of steps).  ``cwd`` is the suite's
    root: its pytest.ini configures the run where it has one (the empty scenarios), else its pyproject.toml."""
    config = cwd / "pytest.ini" if (cwd / "pytest.ini").is_file() else None
    with tempfile.TemporaryDirectory() as tmp:
        times = Path(tmp) / "times.json"
        env = _env()
        env[settings.BENCH_TIMES.name] = str(times)
        out = subprocess.run(
            pytest_command(cwd, "-q", "-p", "casebook.bench_timer", *args, config=config),
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
        (folder / "test_empty.py").write_text(
            "from pytest_bdd import given, when, then, scenarios\n"
            "scenarios('empty.feature')\n"
            "@given('nothing')\ndef _g(): pass\n"
            "@when('nothing happens')\ndef _w(): pass\n"
            "@then('nothing changed')\ndef _t(): pass\n"
        )
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


def each(run: tuple[float, dict]) -> float:
    """A session's time per test it passed."""
    seconds, cases = run
    return seconds / max(len(cases), 1)


def paired(runs: list, floors: list) -> Figure:
    """Each run's time per test ÷ its pair's."""
    return Figure([each(run) / each(floor) for run, floor in zip(runs, floors)])


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


# -- round trips over WebSocket -----------------------------------------------------------
def calls_per_second(address: str, game: str, options: dict, connections: int, seconds: float = 2.0) -> float:
    """``legal()`` calls answered per second by the server at ``address``,
    each connection asking in turn (no pipelining)."""
    import threading

    from casebook.transports.websocket import WebSocketImplementation

    counts = [0] * connections
    clients = [WebSocketImplementation(address) for _ in range(connections)]
    tables = [client.new(game, options) for client in clients]
    start = threading.Barrier(connections)

    def ask(i: int) -> None:
        start.wait()
        end = time.perf_counter() + seconds
        while time.perf_counter() < end:
            clients[i].legal(tables[i])
            counts[i] += 1

    threads = [threading.Thread(target=ask, args=(i,)) for i in range(connections)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    for client in clients:
        client.shutdown()
    return sum(counts) / seconds


def websocket_calls(spec: str, games: dict) -> None:
    """Round trips per second to ``casebook serve --listen`` serving ``spec``, on one connection and on 8."""
    from casebook.serve.websocket import served

    game, facts = next(iter(games.items()))
    options = options_for(facts, facts.get("players", [2])[0])
    with served(spec) as (address, _):
        one = Figure([calls_per_second(address, game, options, 1) for _ in range(MIN_REPEAT)])
        eight = Figure([calls_per_second(address, game, options, 8) for _ in range(MIN_REPEAT)])
    print(
        f"\nWebSocket round trips (casebook serve --listen, legal() of a {game} table, "
        "one call at a time per connection)"
    )
    print(
        f"  1 connection: {one.median:.0f} calls/s {one.spread(0)};  8 connections: "
        f"{eight.median:.0f} calls/s {eight.spread(0)} in all"
        f"   (no goal set: a rate to compare versions by)"
    )
    from casebook.serve.fairness import bench_line

    print(bench_line(spec))


# -- the report ---------------------------------------------------------------------------
def options_for(facts: dict, players: int) -> dict:
    names = facts.get("player_names") or [f"P{i}" for i in range(1, players + 1)]
    return {"players": names[:players]}


def main(args) -> int:
    repeat = max(getattr(args, "repeat", MIN_REPEAT), MIN_REPEAT)
    impl = open_implementation(getattr(args, "impl", "reference"))
    try:
        return _report(impl, args, repeat)
    finally:
        close_implementation(impl)


def _report(impl, args, repeat: int) -> int:
    hello = impl.hello()
    print(
        f"Casebook benchmark — {hello['name']} {hello['version']}, Python {sys.version.split()[0]}, "
        f"{os.cpu_count()} cores; medians of {repeat} [min…max]\n"
    )
    cap = getattr(args, "max_moves", MAX_MOVES)
    print(
        f"random games cut at {cap:,} moves; games/s only where every game ended (else —); "
        f"ended: games that ended / games played (and how many hit the cap), in the repeat that ended fewest;\n"
        f"player: the property tests' own (suite) or uniform.  Goals: every game ends, {MEMORY_GOAL_KIB} KiB a game "
        f"at most, every game's moves/s near the others'\n"
    )
    print(
        f"{'game':<16}{'players':>8}{'moves/s':>10}{'':<20}{'games/s':>9}{'moves/game':>11}{'KiB/game':>10}"
        f"{'legal µs':>10}  {'player':<8}ended"
    )
    games = {g: f for g, f in hello["games"].items() if not getattr(args, "game", None) or g in args.game}
    speeds: dict[str, list[float]] = {}
    legal_costs: dict[str, list[float]] = {}
    on_play_costs: dict[str, list[float]] = {}  # legal() on the positions of the player that games/s uses
    for game, facts in games.items():
        low, high = facts.get("players", [2, 4])
        policy = suite_policy(game)
        for n in sorted({low, high}):
            options = options_for(facts, n)
            budget = getattr(args, "budget", None)
            runs = [
                random_games_within(
                    impl, game, options, args.games, seed=1 + i, budget=budget, max_moves=cap, policy=policy
                )
                for i in range(repeat)
            ]
            speed = Figure([m / seconds for _, m, seconds, _ in runs])
            speeds.setdefault(game, []).append(speed.median)
            kib = measure(repeat, lambda: memory_per_game(impl, game, options) / 1024)
            legal = measure(repeat, lambda: 1e6 * legal_seconds(impl, game, options))
            legal_costs.setdefault(game, []).append(legal.median)
            on_play = (
                legal
                if policy is None
                else measure(repeat, lambda: 1e6 * legal_seconds(impl, game, options, policy=policy))
            )
            on_play_costs.setdefault(game, []).append(on_play.median)
            moves = statistics.median(m / played for _, m, _, played in runs)
            ended, played = min((e, p) for e, _, _, p in runs)
            every = all(e == p for e, _, _, p in runs)
            rate = f"{statistics.median(p / seconds for _, _, seconds, p in runs):>9.2f}" if every else f"{'—':>9}"
            print(
                f"{game:<16}{n:>8}{speed.median:>10.0f} "
                f"{speed.spread(0):<19}{rate}{moves:>11.0f}{kib.median:>10.1f}{legal.median:>10.1f}  "
                f"{'suite' if policy else 'uniform':<8}{ended}/{played}{'' if every else f', {played - ended} capped'}"
                "   (goal: every game ends, "
                f"<= {MEMORY_GOAL_KIB} KiB{'' if every and kib.median <= MEMORY_GOAL_KIB else ': missed'})"
            )
    if len(speeds) > 1:
        slowest = min(speeds, key=lambda g: min(speeds[g]))
        others = statistics.median(v for g, vs in speeds.items() if g != slowest for v in vs)
        print(
            f"\nslowest game ({slowest}) ÷ the median of the others, moves/s: {min(speeds[slowest]) / others:.2f}x   "
            f"(goal: at the speed of the others, near 1x)"
        )
    if LEGAL_GOAL[0] in legal_costs and LEGAL_GOAL[1] in legal_costs:
        mine, theirs = (max(legal_costs[g]) for g in LEGAL_GOAL)
        print(
            f"legal µs: a position's first legal(), the least of {LEGAL_ROUNDS} plays (uniform random positions); "
            f"{LEGAL_GOAL[0]} ÷ {LEGAL_GOAL[1]}, the costlier player counts: {mine / theirs:.2f}x   "
            f"(goal <= 1x: the 1,680 solutions cost no more than {LEGAL_GOAL[1]}'s moves)"
        )
        mine, theirs = (max(on_play_costs[g]) for g in LEGAL_GOAL)
        print(
            "  the same on the positions of each game's player above (the suite's where it has one): "
            f"{mine / theirs:.2f}x   "
            f"(no goal of its own; {LEGAL_GOAL[0]} {mine:.1f} µs, {LEGAL_GOAL[1]} {theirs:.1f} µs)"
        )

    tables = getattr(args, "tables", 50_000)
    print(f"\nnew() as tables stay open (goal: within {NEW_GOAL}x)")
    for game, facts in games.items():
        empty, full = new_at_scale(impl, game, options_for(facts, facts.get("players", [2])[0]), tables, repeat)
        print(
            f"  {game:<14} new() at {tables:,} open tables ÷ at 0: {full.median / empty.median:5.2f}x   "
            f"({1e6 * empty.median:.1f} µs → {1e6 * full.median:.1f} µs a call)   (goal <= {NEW_GOAL}x)"
        )
    websocket_calls(getattr(args, "impl", "reference"), games)
    from casebook.conformance.campaign import bench_lines

    print("\nfuzz campaign on a local Dask cluster (the reference against itself, Small Detectives)")
    print("\n".join(bench_lines()))
    if args.quick:
        return 0

    print("\nsuite cost (pytest's session time, start-up excluded)")
    runs, floor_runs, matched_runs, steps = suite_and_floor(max(repeat, SUITE_PAIRS))
    per_test = {name: statistics.median(r[1].get(name, 0.0) for r in runs) for name in runs[0][1]}
    scenario, floor, pairs = (
        Figure([each(r) for r in runs]),
        Figure([each(r) for r in floor_runs]),
        paired(runs, floor_runs),
    )
    empty_each = statistics.median(t for _, cases in floor_runs for t in cases.values()) or floor.median
    print(
        f"  (each test's own time: an empty scenario {1000 * empty_each:.2f} ms; the rest of a session is collection)"
    )
    print(
        "  scenarios in process: "
        f"{len(per_test)}, {1000 * scenario.median:.2f} ms each {scenario.spread(4)}   (goal: the ratio below)"
    )
    print(f"  empty pytest-bdd scenario: {1000 * floor.median:.2f} ms each {floor.spread(4)}   (the floor: no goal)")
    print(
        f"  cost per scenario / empty scenario, median of {len(pairs.samples)} pairs: "
        f"{pairs.median:.2f}x {pairs.spread(2)}   "
        f"(goal <= {SCENARIO_GOAL}x)"
    )
    matched = paired(runs, matched_runs)
    print(
        f"  the suite's scenarios have {steps:.1f} steps on average, the empty one {FLOOR_STEPS}: "
        f"÷ an empty scenario of {round(steps)} steps, {matched.median:.2f}x {matched.spread(2)}   "
        "(no goal: what of the cost is pytest-bdd's per step)"
    )
    ratios = sorted(((t / empty_each, name) for name, t in per_test.items()), reverse=True)
    print(
        f"  per scenario, ÷ an empty one: median {statistics.median(r for r, _ in ratios):.2f}x, "
        f"90th percentile {ratios[len(ratios) // 10][0]:.2f}x; the slowest (goal: none over {SLOWEST_GOAL}x, "
        f"{sum(r > SLOWEST_GOAL for r, _ in ratios)} are):"
    )
    for ratio, name in ratios[:5]:
        print(f"    {ratio:7.1f}x  {name.split('::')[-1][:90]}")

    if getattr(args, "no_verify", False):
        return 0
    print("\nfull casebook verify (features and property tests)")
    inproc, stdio, ratio = verify_ratio(repeat)
    print(f"  in process {inproc.median:.1f} s {inproc.spread(1)}, over stdio {stdio.median:.1f} s {stdio.spread(1)}")
    print(
        f"  stdio / in process, median of {len(ratio.samples)} pairs: "
        f"{ratio.median:.2f}x {ratio.spread(2)}   (goal <= {VERIFY_GOAL}x)"
    )
    from casebook.serve.websocket import served

    with served("reference") as (address, _):
        inproc, online, ratio = verify_ratio(repeat, spec=address)
    print(
        f"  in process {inproc.median:.1f} s {inproc.spread(1)}, "
        f"over WebSocket {online.median:.1f} s {online.spread(1)}"
    )
    print(
        f"  WebSocket / in process, median of {len(ratio.samples)} pairs: {ratio.median:.2f}x {ratio.spread(2)}   "
        f"(no goal of its own set; stdio's is <= {VERIFY_GOAL}x)"
    )
    return 0


# -- the performance page ----------------------------------------------------------------------------------------
PERFORMANCE_DATA = ROOT / "docs" / "performance.json"  # the last run's figures and the goals, kept as data


def performance_tables(data: dict) -> dict[str, str]:
    """docs/performance.md's tables from docs/performance.json: the goals (also the README's), the last run's figures
    and the earlier sessions' row by row.  The page holds each between ``<!-- performance: NAME -->`` and
    ``<!-- /performance -->``; tests/docs/test_performance_page.py keeps them equal."""

    def table(head: list[str], rows: list[list[str]]) -> str:
        lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
        return "\n".join(lines + ["| " + " | ".join(row) + " |" for row in rows]) + "\n"

    last = data["last_run"]
    return {
        "goals": table(["what", "goal"], [[g["what"], g["goal"]] for g in data["goals"]]),
        "last": f"Last figures ({last['when']}, {last['commit']}; {last['conditions']}):\n\n"
        + table(["figure", "value"], [[f["figure"], f["value"]] for f in last["figures"]]),
        "earlier": table(data["earlier"]["columns"], data["earlier"]["rows"]),
    }


def with_performance_tables(text: str, data: dict) -> str:
    """``text`` with each ``<!-- performance: NAME -->`` ... ``<!-- /performance -->`` block generated afresh."""
    for name, body in performance_tables(data).items():
        text = re.sub(
            rf"(<!-- performance: {name} -->\n).*?(<!-- /performance -->)",
            lambda m: m.group(1) + body + m.group(2),
            text,
            flags=re.S,
        )
    return text
