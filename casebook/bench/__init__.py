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

``--json FILE`` keeps the same figures as data (docs/bench.json is the last run's, and the performance page's
bench table is generated from it: casebook/bench/performance.py).  The reference is reached through its
``reference`` entry point, like any engine: the harness never imports the engines.

The package, by concern: figures.py (a figure and the goals), play.py (the engine's own figures), suite.py (the
suite's and verify's cost), wire.py (round trips over WebSocket), report.py (the printed lines), performance.py
(the performance page), timer.py (the pytest plugin that times each test).
"""

from __future__ import annotations

import datetime
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

from casebook.atomic import write_text
from casebook.bench import report
from casebook.bench.figures import LEGAL_GOAL, MIN_REPEAT, SLOWEST_GOAL, Figure, each, measure, paired
from casebook.bench.play import (
    LEGAL_ROUNDS,
    MAX_MOVES,
    legal_costs,
    legal_seconds,
    memory_per_game,
    new_at_scale,
    options_for,
    random_games_within,
    suite_policy,
)
from casebook.bench.suite import FLOOR_STEPS, SUITE_PAIRS, suite_and_floor, verify_ratio
from casebook.bench.wire import websocket_figures
from casebook.impls import close_implementation, open_implementation

ROOT = Path(__file__).resolve().parents[2]


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
    parser.add_argument(
        "--json",
        metavar="FILE",
        type=Path,
        help="also write the figures as JSON (docs/bench.json is what the performance page is generated from)",
    )


def main(args) -> int:
    repeat = max(getattr(args, "repeat", MIN_REPEAT), MIN_REPEAT)
    impl = open_implementation(getattr(args, "impl", "reference"))
    try:
        run = measure_all(impl, args, repeat)
    finally:
        close_implementation(impl)
    if getattr(args, "json", None):
        write_text(args.json, json.dumps(run, indent=1, ensure_ascii=False) + "\n")
        print(f"\nfigures written to {args.json}")
    return 0


def commit() -> str | None:
    """The checkout's commit, when the benchmark runs from one (a figure is read against a version); None from an
    installed package or where git is not at hand."""
    try:
        found = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True)
    except OSError:
        return None
    return (found.stdout.strip() or None) if found.returncode == 0 else None


def measure_all(impl, args, repeat: int) -> dict:
    """Every section measured in turn, each printed as soon as it is measured (a run takes minutes): the figures."""
    hello = impl.hello()
    run = {
        "when": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
        "commit": commit(),
        "engine": hello["name"],
        "engine_version": hello.get("version", ""),
        "python": sys.version.split()[0],
        "cores": os.cpu_count(),
        "repeat": repeat,
        "max_moves": getattr(args, "max_moves", MAX_MOVES),
        # what else the machine was doing: ratios are paired against it, rates are not
        "load_before": os.getloadavg(),
    }
    say(report.header_lines(run))
    try:
        return measure_sections(impl, args, repeat, hello, run)
    finally:
        run["load_after"] = os.getloadavg()


def measure_sections(impl, args, repeat: int, hello: dict, run: dict) -> dict:
    games = {g: f for g, f in hello["games"].items() if not getattr(args, "game", None) or g in args.game}
    run["random_play"], run["play_summary"] = random_play(impl, args, repeat, games, run["max_moves"])
    say(report.play_summary_lines(run["play_summary"], LEGAL_ROUNDS))
    run["new_at_scale"] = new_rows(impl, games, getattr(args, "tables", 50_000), repeat)
    say(report.new_lines(run["new_at_scale"]))
    run["websocket"] = websocket_figures(getattr(args, "impl", "reference"), games)
    say(report.websocket_lines(run["websocket"]))
    from casebook.conformance.campaign import bench_figures

    run["campaign"] = bench_figures()
    say(report.campaign_lines(run["campaign"]))
    if args.quick:
        return run
    run["suite"] = suite_figures(repeat)
    say(report.suite_lines(run["suite"]))
    if getattr(args, "no_verify", False):
        return run
    run["verify"] = verify_figures(repeat)
    say(report.verify_lines(run["verify"]))
    return run


def say(lines: list[str]) -> None:
    if lines:
        print("\n".join(lines), flush=True)


def random_play(impl, args, repeat: int, games: dict, cap: int) -> tuple[list[dict], dict]:
    """A row per game and player count (the fewest and the most), each printed as measured; and the summary: the
    slowest game against the others, and legal()'s cost of one game against another's (LEGAL_GOAL)."""
    rows, speeds, position_costs, on_play_costs, per_move_costs = [], {}, {}, {}, {}
    budget = getattr(args, "budget", None)
    for game, facts in games.items():
        low, high = facts.get("players", [2, 4])
        policy = suite_policy(game)
        for n in sorted({low, high}):
            options = options_for(facts, n)
            runs = [
                random_games_within(
                    impl, game, options, args.games, seed=1 + i, budget=budget, max_moves=cap, policy=policy
                )
                for i in range(repeat)
            ]
            speed = Figure([m / seconds for _, m, seconds, _ in runs])
            costs = [legal_costs(impl, game, options) for _ in range(max(repeat, MIN_REPEAT))]  # µs below
            legal, per_move = (Figure([1e6 * c[i] for c in costs]) for i in (0, 1))
            on_play = (
                legal
                if policy is None
                else measure(repeat, lambda: 1e6 * legal_seconds(impl, game, options, policy=policy))
            )
            ended, played = min((e, p) for e, _, _, p in runs)
            every = all(e == p for e, _, _, p in runs)
            row = {
                "game": game,
                "players": n,
                "moves_per_second": speed.as_dict(),
                "games_per_second": statistics.median(p / s for _, _, s, p in runs) if every else None,
                "moves_per_game": statistics.median(m / played for _, m, _, played in runs),
                "kib_per_game": measure(repeat, lambda: memory_per_game(impl, game, options) / 1024).median,
                "legal_us": legal.median,
                "legal_us_per_move": per_move.median,
                "legal_on_play_us": on_play.median,
                "player": "suite" if policy else "uniform",
                "ended": ended,
                "played": played,
            }
            rows.append(row)
            say([report.play_line(row)])
            speeds.setdefault(game, []).append(speed.median)
            position_costs.setdefault(game, []).append(legal.median)
            on_play_costs.setdefault(game, []).append(on_play.median)
            per_move_costs.setdefault(game, []).append(per_move.median)
    summary: dict = {}
    if len(speeds) > 1:
        slowest = min(speeds, key=lambda g: min(speeds[g]))
        others = statistics.median(v for g, vs in speeds.items() if g != slowest for v in vs)
        summary["slowest"] = {"game": slowest, "ratio": min(speeds[slowest]) / others}
    if all(g in position_costs for g in LEGAL_GOAL):
        mine, theirs = (max(position_costs[g]) for g in LEGAL_GOAL)
        played = {g: max(on_play_costs[g]) for g in LEGAL_GOAL}
        summary["legal"] = {
            "uniform_ratio": mine / theirs,
            "played_ratio": played[LEGAL_GOAL[0]] / played[LEGAL_GOAL[1]],
            "played": played,
            "per_move_ratio": max(per_move_costs[LEGAL_GOAL[0]]) / max(per_move_costs[LEGAL_GOAL[1]]),
        }
    return rows, summary


def new_rows(impl, games: dict, tables: int, repeat: int) -> list[dict]:
    rows = []
    for game, facts in games.items():
        empty, full = new_at_scale(impl, game, options_for(facts, facts.get("players", [2])[0]), tables, repeat)
        rows.append({"game": game, "tables": tables, "empty": empty.as_dict(), "full": full.as_dict()})
    return rows


def suite_figures(repeat: int) -> dict:
    """The suite's scenarios against empty pytest-bdd scenarios, in back-to-back pairs."""
    runs, floor_runs, matched_runs, steps = suite_and_floor(max(repeat, SUITE_PAIRS))
    per_test = {name: statistics.median(r[1].get(name, 0.0) for r in runs) for name in runs[0][1]}
    empty_each = (
        statistics.median(t for _, cases in floor_runs for t in cases.values())
        or Figure([each(r) for r in floor_runs]).median
    )
    ratios = sorted(((t / empty_each, name) for name, t in per_test.items()), reverse=True)
    return {
        "scenarios": len(per_test),
        "scenario": Figure([each(r) for r in runs]).as_dict(),
        "floor": Figure([each(r) for r in floor_runs]).as_dict(),
        "empty_each": empty_each,
        "pairs": paired(runs, floor_runs).as_dict(),
        "matched": paired(runs, matched_runs).as_dict(),
        "steps": steps,
        "floor_steps": FLOOR_STEPS,
        "per_scenario_median": statistics.median(r for r, _ in ratios),
        "per_scenario_p90": ratios[len(ratios) // 10][0],
        "over_goal": sum(r > SLOWEST_GOAL for r, _ in ratios),
        "slowest": [{"ratio": r, "scenario": name} for r, name in ratios[:5]],
    }


def verify_figures(repeat: int) -> dict:
    """A full verify over stdio and over WebSocket, each in pairs with one in process."""
    from casebook.serve.websocket import served

    figures = {}
    inproc, stdio, ratio = verify_ratio(repeat)
    figures["stdio"] = {
        "over": "stdio",
        "in_process": inproc.as_dict(),
        "served": stdio.as_dict(),
        "ratio": ratio.as_dict(),
    }
    with served("reference") as (address, _):
        inproc, online, ratio = verify_ratio(repeat, spec=address)
    figures["websocket"] = {
        "over": "WebSocket",
        "in_process": inproc.as_dict(),
        "served": online.as_dict(),
        "ratio": ratio.as_dict(),
    }
    return figures
