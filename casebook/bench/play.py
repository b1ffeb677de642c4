"""The engine's own figures, reached through the protocol like any engine: random play (moves and games per second),
the cost of a position's ``legal()``, memory per live game, and ``new()`` as tables pile up."""

from __future__ import annotations

import gc
import importlib.util
import random
import statistics
import time
import tracemalloc

from casebook.bench.figures import Figure, measure
from casebook.properties.random_play import policy_step, random_step
from casebook.protocol import CHANCE, Table

MAX_STEPS = 20_000  # a bound on one random game, so a bug shows as "did not end", not a hang
MAX_MOVES = 2_000  # the benchmark's default cap on one random game: longer games are cut here, counted as capped
LEGAL_ROUNDS = 5  # legal() of a position: the least of this many plays of the same positions


def options_for(facts: dict, players: int) -> dict:
    """The options of a table of ``players`` players, named as the engine's hello names them."""
    names = facts.get("player_names") or [f"P{i}" for i in range(1, players + 1)]
    return {"players": names[:players]}


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


def legal_costs(
    impl, game: str, options: dict, positions: int = 1500, seed: int = 1, policy=None, rounds: int = LEGAL_ROUNDS
) -> tuple[float, float]:
    """The mean time of a position's first ``legal()`` (what a player pays each move), and the same divided by the
    moves each position lists (an ended position's by one: the yardstick the owner set for P.I.'s ``legal()``, where
    a position listing 1,680 solutions may cost more than one listing a roll); both from one set of plays.

    The positions are those of uniform random games from a seeded RNG: the same positions for every version of an
    engine.  With ``policy`` (a game's own random player, ``policy(state, legal, rng)``), those that player reaches
    instead: a uniform player may sit where real play does not (P.I.'s tries solutions, and the face-up row stays).

    The same games are played ``rounds`` times (an engine's answers depend only on its inputs: the same seed reaches
    the same positions, listing as many moves each time) and each position counts with the least of its times: one
    pass's mean moved with the machine and with a garbage collection landing in it (Cluedo at six players: 8.3 µs in
    one run, 18.0 in another; the least of seven, 5.9 to 6.4)."""
    plays = [_first_legal(impl, game, options, positions, seed, policy) for _ in range(rounds)]
    least = [(min(seconds for seconds, _ in same), same[0][1]) for same in zip(*plays)]  # ``positions`` each
    return statistics.fmean(t for t, _ in least), statistics.fmean(t / max(n, 1) for t, n in least)


def legal_seconds(
    impl,
    game: str,
    options: dict,
    positions: int = 1500,
    seed: int = 1,
    policy=None,
    rounds: int = LEGAL_ROUNDS,
    per_move: bool = False,
) -> float:
    """One of ``legal_costs``: a position's, or with ``per_move`` a listed move's."""
    return legal_costs(impl, game, options, positions, seed, policy, rounds)[1 if per_move else 0]


def _first_legal(impl, game: str, options: dict, positions: int, seed: int, policy) -> list[tuple[float, int]]:
    """Each position's first ``legal()``: its seconds and the moves it listed, over ``positions`` positions of seeded
    random games."""
    rng, times = random.Random(seed), []
    while len(times) < positions:
        table = impl.new(game, options)
        try:
            for _ in range(MAX_STEPS):
                started = time.perf_counter()
                legal = impl.legal(table)
                times.append((time.perf_counter() - started, len(legal["moves"])))
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
