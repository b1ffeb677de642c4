"""``casebook bench``'s printed report: each section's lines from the figures the section measured (the same
figures ``--json`` writes), so what is printed and what is kept are one."""

from __future__ import annotations

from casebook.bench.figures import (
    LEGAL_GOAL,
    MEMORY_GOAL_KIB,
    NEW_GOAL,
    SCENARIO_GOAL,
    SLOWEST_GOAL,
    VERIFY_GOAL,
    every_game_ended,
    play_goal_met,
    spread,
)


def header_lines(run: dict) -> list[str]:
    return [
        f"Casebook benchmark — {run['engine']} {run['engine_version']}, Python {run['python']}, "
        f"{run['cores']} cores, load average {run['load_before'][0]:.1f}; medians of {run['repeat']} [min…max]",
        "",
        f"random games cut at {run['max_moves']:,} moves; games/s only where every game ended (else —); "
        "ended: games that ended / games played (and how many hit the cap), in the repeat that ended fewest;",
        f"player: the property tests' own (suite) or uniform.  Goals: every game ends, {MEMORY_GOAL_KIB} KiB a game "
        "at most, every game's moves/s near the others'",
        "",
        f"{'game':<16}{'players':>8}{'moves/s':>10}{'':<20}{'games/s':>9}{'moves/game':>11}{'KiB/game':>10}"
        f"{'legal µs':>10}  {'player':<8}ended",
    ]


def play_line(row: dict) -> str:
    """One row of random play: a game at one player count."""
    every = every_game_ended(row)
    rate = f"{row['games_per_second']:>9.2f}" if every else f"{'—':>9}"
    capped = "" if every else f", {row['played'] - row['ended']} capped"
    return (
        f"{row['game']:<16}{row['players']:>8}{row['moves_per_second']['median']:>10.0f} "
        f"{spread(row['moves_per_second'], 0):<19}{rate}{row['moves_per_game']:>11.0f}{row['kib_per_game']:>10.1f}"
        f"{row['legal_us']:>10.1f}  {row['player']:<8}{row['ended']}/{row['played']}{capped}"
        f"   (goal: every game ends, <= {MEMORY_GOAL_KIB} KiB{'' if play_goal_met(row) else ': missed'})"
    )


def play_summary_lines(summary: dict, legal_rounds: int) -> list[str]:
    lines = []
    if summary.get("slowest"):
        slowest = summary["slowest"]
        lines += [
            "",
            f"slowest game ({slowest['game']}) ÷ the median of the others, moves/s: {slowest['ratio']:.2f}x   "
            "(goal: at the speed of the others, near 1x)",
        ]
    if summary.get("legal"):
        legal, mine, theirs = summary["legal"], *LEGAL_GOAL
        lines += [
            f"legal µs: a position's first legal(), the least of {legal_rounds} plays (uniform random positions); "
            f"{mine} ÷ {theirs}, the costlier player counts: {legal['uniform_ratio']:.2f}x   "
            f"(goal <= 1x: the 1,680 solutions cost no more than {theirs}'s moves)",
            "  the same on the positions of each game's player above (the suite's where it has one): "
            f"{legal['played_ratio']:.2f}x   "
            f"(no goal of its own; {mine} {legal['played'][mine]:.1f} µs, {theirs} {legal['played'][theirs]:.1f} µs)",
            f"  per move listed (each position's time ÷ the moves it lists), {mine} ÷ {theirs}: "
            f"{legal['per_move_ratio']:.2f}x   (goal <= 1x: the yardstick the owner set for {mine}'s legal())",
        ]
    return lines


def new_lines(rows: list[dict]) -> list[str]:
    lines = ["", f"new() as tables stay open (goal: within {NEW_GOAL}x)"]
    for row in rows:
        empty, full = row["empty"]["median"], row["full"]["median"]
        lines.append(
            f"  {row['game']:<14} new() at {row['tables']:,} open tables ÷ at 0: {full / empty:5.2f}x   "
            f"({1e6 * empty:.1f} µs → {1e6 * full:.1f} µs a call)   (goal <= {NEW_GOAL}x)"
        )
    return lines


def websocket_lines(ws: dict) -> list[str]:
    fair = ws["fairness"]
    return [
        "",
        f"WebSocket round trips (casebook serve --listen, legal() of a {ws['game']} table, "
        "one call at a time per connection)",
        f"  1 connection: {ws['one']['median']:.0f} calls/s {spread(ws['one'], 0)};  8 connections: "
        f"{ws['eight']['median']:.0f} calls/s {spread(ws['eight'], 0)} in all   (no goal set: a rate to compare "
        "versions by)",
        f"  another client's median wait: {1000 * fair['alone']:.2f} ms alone, {1000 * fair['beside']:.2f} ms beside "
        f"one sending {fair['flood']} requests at a time: {fair['ratio']:.1f}x   (goal <= {fair['goal']:g}x); it "
        f"waited behind {fair['turns']:g} of the other's calls (median)",
    ]


def campaign_lines(campaign: dict) -> list[str]:
    head = ["", "fuzz campaign on a local Dask cluster (the reference against itself, Small Detectives)"]
    if "unavailable" in campaign:
        return head + [f"  {campaign['unavailable']}"]
    return head + [
        f"  1 worker {campaign['one']:.1f} games/s, 2 workers {campaign['two']:.1f} games/s: "
        f"{campaign['ratio']:.2f}x   (goal >= {campaign['goal']}x on {campaign['cores']} cores)"
    ]


def suite_lines(suite: dict) -> list[str]:
    pairs, matched, scenario, floor = suite["pairs"], suite["matched"], suite["scenario"], suite["floor"]
    ratios = suite["slowest"]
    return [
        "",
        "suite cost (pytest's session time, start-up excluded)",
        f"  (each test's own time: an empty scenario {1000 * suite['empty_each']:.2f} ms; the rest of a session is "
        "collection)",
        f"  scenarios in process: {suite['scenarios']}, {1000 * scenario['median']:.2f} ms each "
        f"{spread({k: 1000 * scenario[k] for k in ('min', 'max')}, 2)}   (goal: the ratio below)",
        f"  empty pytest-bdd scenario: {1000 * floor['median']:.2f} ms each "
        f"{spread({k: 1000 * floor[k] for k in ('min', 'max')}, 2)}   (the floor: no goal)",
        f"  cost per scenario / empty scenario, median of {len(pairs['samples'])} pairs: "
        f"{pairs['median']:.2f}x {spread(pairs)}   (goal <= {SCENARIO_GOAL}x)",
        f"  the suite's scenarios have {suite['steps']:.1f} steps on average, the empty one {suite['floor_steps']}: "
        f"÷ an empty scenario of {round(suite['steps'])} steps, {matched['median']:.2f}x {spread(matched)}   "
        "(no goal: what of the cost is pytest-bdd's per step)",
        f"  per scenario, ÷ an empty one: median {suite['per_scenario_median']:.2f}x, 90th percentile "
        f"{suite['per_scenario_p90']:.2f}x; the slowest (goal: none over {SLOWEST_GOAL}x, {suite['over_goal']} are):",
        *(f"    {r['ratio']:7.1f}x  {r['scenario'].split('::')[-1][:90]}" for r in ratios),
    ]


def verify_lines(verify: dict) -> list[str]:
    lines = ["", "full casebook verify (features and property tests)"]
    for name, pair in verify.items():
        goal = f"goal <= {VERIFY_GOAL}x" if name == "stdio" else f"no goal of its own set; stdio's is <= {VERIFY_GOAL}x"
        here, there, ratio = pair["in_process"], pair["served"], pair["ratio"]
        lines += [
            f"  in process {here['median']:.1f} s {spread(here, 1)}, over {pair['over']} {there['median']:.1f} s "
            f"{spread(there, 1)}",
            f"  {pair['over']} / in process, median of {len(ratio['samples'])} pairs: {ratio['median']:.2f}x "
            f"{spread(ratio)}   ({goal})",
        ]
    return lines
