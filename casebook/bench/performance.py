"""The performance page (docs/performance.md): its tables generated from data, never typed.  docs/performance.json
holds the goals, the figures of the last timed ``./run.sh`` runs and the earlier sessions' rows; docs/bench.json is
the last ``casebook bench --json`` run, whose figures the page's bench table shows beside their goals."""

from __future__ import annotations

import json
import re
from pathlib import Path

from casebook.bench.figures import (
    LEGAL_GOAL,
    MEMORY_GOAL_KIB,
    NEW_GOAL,
    SCENARIO_GOAL,
    SLOWEST_GOAL,
    VERIFY_GOAL,
    play_goal_met,
)

ROOT = Path(__file__).resolve().parents[2]
PERFORMANCE_DATA = ROOT / "docs" / "performance.json"  # the goals and the timed runs' figures, kept as data
BENCH_DATA = ROOT / "docs" / "bench.json"  # the last ``casebook bench --json docs/bench.json``


def read_data() -> tuple[dict, dict | None]:
    """docs/performance.json, and docs/bench.json where a bench run was kept."""
    bench = json.loads(BENCH_DATA.read_text(encoding="utf-8")) if BENCH_DATA.exists() else None
    return json.loads(PERFORMANCE_DATA.read_text(encoding="utf-8")), bench


def table(head: list[str], rows: list[list[str]]) -> str:
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    return "\n".join(lines + ["| " + " | ".join(row) + " |" for row in rows]) + "\n"


def performance_tables(data: dict, bench: dict | None = None) -> dict[str, str]:
    """docs/performance.md's tables from docs/performance.json: the goals (also the README's), the last run's figures
    and the earlier sessions' row by row.  The page holds each between ``<!-- performance: NAME -->`` and
    ``<!-- /performance -->``; tests/docs/test_performance_page.py keeps them equal."""

    last = data["last_run"]
    return {
        "goals": table(["what", "goal"], [[g["what"], g["goal"]] for g in data["goals"]]),
        "last": f"Last figures ({last['when']}, {last['commit']}; {last['conditions']}):\n\n"
        + table(["figure", "value"], [[f["figure"], f["value"]] for f in last["figures"]]),
        "earlier": table(data["earlier"]["columns"], data["earlier"]["rows"]),
        **({"bench": bench_table(bench)} if bench else {}),
    }


def with_performance_tables(text: str, data: dict, bench: dict | None = None) -> str:
    """``text`` with each ``<!-- performance: NAME -->`` ... ``<!-- /performance -->`` block generated afresh."""
    for name, body in performance_tables(data, bench).items():
        text = re.sub(
            rf"(<!-- performance: {name} -->\n).*?(<!-- /performance -->)",
            lambda m: m.group(1) + body + m.group(2),
            text,
            flags=re.S,
        )
    return text


def bench_table(run: dict) -> str:
    """The bench run's figures, each beside its goal and whether it met it."""

    def goal(met: bool | None, text: str) -> str:
        return text if met is None else f"{text}: {'met' if met else '**missed**'}"

    rows = []
    for row in run["random_play"]:
        speed = row["moves_per_second"]
        rows.append(
            [
                f"random play, {row['game']} at {row['players']} ({row['player']} player)",
                f"{speed['median']:,.0f} moves/s [{speed['min']:,.0f}…{speed['max']:,.0f}]; "
                + (f"{row['games_per_second']:.2f} games/s; " if row["games_per_second"] is not None else "")
                + f"{row['ended']}/{row['played']} ended; {row['kib_per_game']:.1f} KiB a game; "
                f"legal() {row['legal_us']:.1f} µs",
                goal(play_goal_met(row), f"every game ends, ≤ {MEMORY_GOAL_KIB} KiB"),
            ]
        )
    summary = run.get("play_summary", {})
    if "slowest" in summary:
        slowest = summary["slowest"]
        rows.append(
            [
                f"slowest game's moves/s ({slowest['game']}) ÷ the others' median",
                f"{slowest['ratio']:.2f}×",
                "near 1×",
            ]
        )
    if "legal" in summary:
        mine, theirs = LEGAL_GOAL
        rows.append(
            [
                f"legal() of a position, {mine} ÷ {theirs}",
                f"{summary['legal']['uniform_ratio']:.2f}× (uniform positions); "
                f"{summary['legal']['played_ratio']:.2f}× (each game's own player)",
                goal(summary["legal"]["uniform_ratio"] <= 1, "≤ 1× (issue 32's yardstick)"),
            ]
        )
        if "per_move_ratio" in summary["legal"]:  # runs since the owner judged P.I.'s legal() per move listed
            rows.append(
                [
                    f"legal() per move listed, {mine} ÷ {theirs}",
                    f"{summary['legal']['per_move_ratio']:.2f}×",
                    goal(summary["legal"]["per_move_ratio"] <= 1, "≤ 1× (the owner's yardstick)"),
                ]
            )
    for row in run["new_at_scale"]:
        ratio = row["full"]["median"] / row["empty"]["median"]
        rows.append(
            [
                f"new() at {row['tables']:,} open tables ÷ at none, {row['game']}",
                f"{ratio:.2f}×",
                goal(ratio <= NEW_GOAL, f"≤ {NEW_GOAL}×"),
            ]
        )
    ws = run["websocket"]
    rows.append(
        [
            f"WebSocket round trips, legal() of a {ws['game']} table",
            f"{ws['one']['median']:,.0f} calls/s on 1 connection, {ws['eight']['median']:,.0f} on 8",
            "none: a rate to compare versions by",
        ]
    )
    fair = ws["fairness"]
    rows.append(
        [
            f"another client's wait beside one sending {fair['flood']} requests at a time ÷ alone",
            f"{fair['ratio']:.1f}×",
            goal(fair["ratio"] <= fair["goal"], f"≤ {fair['goal']:g}×"),
        ]
    )
    campaign = run["campaign"]
    rows.append(
        ["fuzz campaign, 2 Dask workers ÷ 1"]
        + (
            [campaign["unavailable"], "—"]
            if "unavailable" in campaign
            else [
                f"{campaign['ratio']:.2f}× ({campaign['one']:.1f} → {campaign['two']:.1f} games/s)",
                goal(campaign["ratio"] >= campaign["goal"], f"≥ {campaign['goal']}× on {campaign['cores']} cores"),
            ]
        )
    )
    if run.get("suite"):
        suite = run["suite"]
        rows.append(
            [
                "a scenario ÷ an empty pytest-bdd scenario",
                f"{suite['pairs']['median']:.2f}× (÷ one of {round(suite['steps'])} steps: "
                f"{suite['matched']['median']:.2f}×); "
                f"{suite['over_goal']} over {SLOWEST_GOAL}×",
                goal(suite["pairs"]["median"] <= SCENARIO_GOAL and not suite["over_goal"], f"≤ {SCENARIO_GOAL}×"),
            ]
        )
    for pair in (run.get("verify") or {}).values():
        ratio = pair["ratio"]["median"]
        rows.append(
            [
                f"a full verify over {pair['over']} ÷ in process",
                f"{ratio:.2f}×",
                goal(ratio <= VERIFY_GOAL, f"≤ {VERIFY_GOAL}×") if pair["over"] == "stdio" else "none of its own",
            ]
        )
    skipped = [name for name in ("suite", "verify") if not run.get(name)]
    head = (
        f"`casebook bench` on {run['when']} ({run['commit'] or 'no checkout'}; "
        f"{run['engine']} {run['engine_version']}, "
        f"Python {run['python']}, {run['cores']} cores; medians of {run['repeat']})"
        + (f"; not measured in that run: {', '.join(skipped)}" if skipped else "")
        + (
            f"; the machine's load average {run['load_before'][0]:.1f} at the start, {run['load_after'][0]:.1f} at the "
            "end (2 cores: above 2, other work shared them, and rates fell with it)"
            if "load_before" in run and "load_after" in run
            else ""
        )
        + ":\n\n"
    )
    return head + table(["figure", "value", "goal"], rows)
