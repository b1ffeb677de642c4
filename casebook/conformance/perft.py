"""Perft: the exact number of distinct action sequences from a position, chance expanded.

From a published canonical state, ``perft(d)`` counts the sequences of
exactly ``d`` moves (chance outcomes, and each actor's choice when several
act at once, are moves like any other) that ``legal()`` allows; a sequence
that reaches the end of the game early is not counted at the deeper levels.
An engine that agrees on these numbers enumerates the same moves in the
same positions, whatever its language: a cheap, exact cross-check.

Fixtures live in casebook/conformance/perft/<game>.json::

    {"game": "cluedo_drei", "positions": [{"name": ..., "state": {...}, "counts": [n1, n2, ...]}]}

The walk reloads each position with ``load`` rather than undoing moves, so
it needs nothing beyond the protocol.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from casebook.atomic import write_text
from casebook.protocol import Table

FIXTURES = Path(__file__).resolve().parent / "perft"


def perft(impl, game: str, state: dict, depth: int, budget: int | None = None) -> list[int]:
    """Counts of sequences of length 1..depth from ``state``; stop early past ``budget`` nodes."""
    counts = [0] * depth
    nodes = 0

    def walk(position: dict, level: int) -> None:
        nonlocal nodes
        table = Table.load(impl, game, position)
        try:
            moves = table.legal()["moves"]
        finally:
            table.close()
        counts[level] += len(moves)
        nodes += len(moves)
        if budget is not None and nodes > budget:
            raise OverBudget(nodes)
        if level + 1 == depth:
            return
        for move in moves:
            child = Table.load(impl, game, position)
            try:
                child.apply(move["actor"], move["action"])
                after = child.state()
            finally:
                child.close()
            walk(after, level + 1)

    if depth > 0:
        walk(state, 0)
    return counts


class OverBudget(Exception):
    pass


def check(impl, game: str, position: dict, depth: int | None = None, on_depth=None) -> dict:
    """Compare ``impl``'s counts with a fixture's, one depth at a time, stopping at the first that differs.

    Returns ``{"status": "ok" | "differs" | "unsupported" | "error", "expected", "got", "depth", "message"}``:
    ``got`` holds the counts compared so far, ``depth`` the depth that differs (or the last one checked).
    ``on_depth(depth, count, expected)`` is told after each depth (progress).  Deeper counts cost
    the branching factor times more, so a difference at depth 1 never waits for depth 4.
    """
    from casebook.errors import DriverFailure, GameError

    expected = position["counts"][:depth] if depth else position["counts"]
    got: list[int] = []
    for level in range(1, len(expected) + 1):
        try:
            counts = perft(impl, game, position["state"], level)
        except GameError as exc:
            status = (
                "unsupported" if exc.code == "unsupported" else "error"
            )  # unsupported: the walk left the part it declines
            return {
                "status": status,
                "expected": expected,
                "got": got,
                "depth": level,
                # the status names an unsupported walk; an error's message names its code
                "message": exc.message if status == "unsupported" else f"{exc.code}: {exc.message}",
            }
        except DriverFailure as exc:
            return {
                "status": "error",
                "expected": expected,
                "got": got,
                "depth": level,
                "message": f"{exc.cause}: {exc.detail[:200]}",
            }
        got.append(counts[-1])
        if on_depth is not None:
            on_depth(level, counts[-1], expected[level - 1])
        if counts[-1] != expected[level - 1]:
            return {
                "status": "differs",
                "expected": expected,
                "got": got,
                "depth": level,
                "message": f"depth {level}: {counts[-1]} sequences, the fixture says {expected[level - 1]}",
            }
    return {"status": "ok", "expected": expected, "got": got, "depth": len(expected), "message": ""}


def fixture_path(game: str, directory: Path = FIXTURES) -> Path:
    return directory / f"{game}.json"


def load_fixtures(game: str, directory: Path = FIXTURES) -> list[dict]:
    path = fixture_path(game, directory)
    if not path.exists():
        return []
    return json.loads(path.read_text(encoding="utf-8"))["positions"]


def published_games(directory: Path = FIXTURES) -> list[str]:
    return sorted(p.stem for p in directory.glob("*.json"))


def generate(
    impl,
    game: str,
    options: dict,
    *,
    positions: int = 3,
    seed: int = 1,
    max_depth: int = 4,
    budget: int = 1500,
    walk: tuple[int, ...] = (0, 25, 40),
) -> list[dict]:
    """Pick positions (the start and after seeded random play), each as deep as the budget allows, and at least to
    depth 1 (a count of the moves listed there): a published position always has a count to compare."""
    from casebook.properties.random_play import random_step

    out = []
    rng = random.Random(seed)
    table = Table.new(impl, game, options)
    played = 0
    for target in walk[:positions]:
        while played < target and random_step(table, rng) is not None:
            played += 1
        state = table.state()
        if not table.legal()["moves"]:
            break
        counts = perft(impl, game, state, 1)  # depth 1 is one legal(), whatever its length: never over budget
        for depth in range(2, max_depth + 1):
            try:
                counts = perft(impl, game, state, depth, budget=budget)
            except OverBudget:  # the moves of one ply times the next (Bulls and Cows: 10,080 codes, then 5,040 each)
                break
        name = "the start" if played == 0 else f"after {played} random moves (seed {seed})"
        if options:
            name += f", options {json.dumps(options, ensure_ascii=False)}"
        out.append({"name": name, "state": state, "counts": counts})
    table.close()
    return out


def cut_by_budget(positions: list[dict], max_depth: int = 4) -> list[str]:
    """What ``generate`` could not count as deep as ``max_depth`` within its budget, said for the contributor: a
    position whose game goes on after its last counted depth."""
    return [
        f"{p['name']}: counted to depth {len(p['counts'])} only ({p['counts'][-1]} sequences there; the next depth "
        "exceeds the node budget, --budget)"
        for p in positions
        if 0 < len(p["counts"]) < max_depth and p["counts"][-1]
    ]


class NothingToCount(ValueError):
    """A position without counts: its fixture would compare nothing (and a test of it would pass on nothing)."""


def write_fixtures(game: str, positions: list[dict], directory: Path = FIXTURES) -> Path:
    empty = [p["name"] for p in positions if not p["counts"]]
    if empty or not positions:
        raise NothingToCount(f"{game}: no count to publish for {', '.join(empty) or 'any position'}")
    path = fixture_path(game, directory)
    path.parent.mkdir(parents=True, exist_ok=True)
    doc = {
        "game": game,
        "about": "perft counts: distinct action sequences of length 1..N from each state, chance expanded "
        "(casebook perft); generated from the reference",
        "positions": positions,
    }
    return write_text(path, json.dumps(doc, indent=1, ensure_ascii=False) + "\n")
