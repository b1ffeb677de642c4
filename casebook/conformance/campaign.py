"""Fuzz campaigns on Dask (``casebook fuzz --workers N`` or ``--scheduler tcp://HOST:8786``): millions of random games
spread over the cores of one machine or a cluster, deterministic by seed, saved as they go and resumable.

A campaign plays the games of a range of seeds, one game per seed: the seed alone chooses every move (a
``random.Random(seed)``), so a game is the same on any worker.  The seeds are handed out in batches (Dask tasks); a
worker plays its batch through ``Differential`` (the same comparison as ``casebook fuzz``), and a disagreement is
minimized where it is found (steps dropped one at a time while the replay still shows the same disagreement) and
sent back as a replay record.  Of the records showing one disagreement (``Disagreement.signature``) the campaign
keeps the one of the lowest seed, so its result for a seed range is the same whatever the number of workers and
the order the batches end in.

The campaign's file (``--campaign FILE``, JSON) is rewritten whole after each batch (casebook/atomic.py): the
batches done, the disagreements found, the games and moves played.  A campaign stopped (its time limit, ^C,
SIGTERM, a worker lost for good) keeps what its finished batches found; run the same command again and it plays
only the batches not done, and a disagreement it already holds is never added twice.

Dask is an optional extra (``pip install 'casebook[cluster]'``); without it ``--workers`` says so.

    run(spec, game, seeds=range(...), workers=N | scheduler=ADDR, path=FILE, ...)  the campaign, saved in FILE
    play_batch(...)                                                                one batch, on a worker
"""

from __future__ import annotations

import json
import os
import random
import socket
import time
from dataclasses import asdict
from pathlib import Path

from casebook.atomic import write_text
from casebook.conformance.differential import REPLAY_FORMAT, Differential, InvalidOptions, play, player_ids, replay

FORMAT = "casebook-campaign/1"
INSTALL = "pip install 'casebook[cluster]'  (Dask: dask[distributed])"
PROBE_EVERY = 10  # one move in ten, on average, is a probe of a move the reference refuses


class NoDask(RuntimeError):
    """``--workers`` or ``--scheduler`` without Dask installed."""


class CampaignMismatch(ValueError):
    """A campaign file of another campaign (another engine, game, seed range or batch size): not resumed."""


def dask():
    try:
        import distributed
    except ImportError:
        raise NoDask(f"--workers and --scheduler run on Dask, which is not installed: {INSTALL}") from None
    return distributed


# -- on a worker --------------------------------------------------------------------------------------------------
_OPENED: dict[tuple[str, float], object] = {}  # each worker process opens an engine once, for all its batches


def _engine(spec: str, timeout: float):
    from casebook.impls import open_implementation

    key = (spec, timeout)
    if key not in _OPENED:
        _OPENED[key] = open_implementation(spec, timeout)
    return _OPENED[key]


def one_game(reference, implementation, game: str, seed: int, options: dict, max_steps: int):
    """The game of ``seed``: (its record if the two sides disagree, else None; the moves played)."""
    rng = random.Random(seed)
    steps: list[dict] = []
    diff = Differential(reference, implementation, game)
    try:
        problem = play(
            diff,
            options,
            steps,
            max_steps=max_steps,
            pick=rng.randrange,
            probe=lambda: rng.randrange(PROBE_EVERY) == 0,
        )
        players = player_ids(diff.ref.state()) if diff.ref is not None else []
    except InvalidOptions:
        return None, 0
    finally:
        diff.close()
    if problem is None:
        return None, len(steps)
    record = {
        "format": REPLAY_FORMAT,
        "game": game,
        "seed": seed,
        "options": options,
        "steps": steps,
        "disagreement": {**asdict(problem), "signature": problem.signature(players)},
        "summary": str(problem),
        "reference_only": diff.skipped,
    }
    return record, len(steps)


def minimized(reference, implementation, record: dict, tries: int = 300) -> dict:
    """``record`` with every step dropped, one at a time from the last, whose absence keeps the same disagreement
    (a deterministic shrink: the same record gives the same result on any worker)."""
    signature = record["disagreement"]["signature"]
    steps = list(record["steps"])
    i = len(steps) - 2  # the last step is where they part: kept
    while i >= 0 and tries > 0:
        tries -= 1
        shorter = {**record, "steps": steps[:i] + steps[i + 1 :]}
        problem = _replayed(reference, implementation, shorter)
        if problem is not None and problem.signature(_players(reference, shorter)) == signature:
            steps = shorter["steps"]
        i -= 1
    return {**record, "steps": steps, "minimized_from": len(record["steps"])}


def _replayed(reference, implementation, record: dict):
    try:
        return replay(reference, implementation, record)
    except Exception:  # a step the reference now refuses (the shorter game is not one): not a shorter record
        return None


def _players(reference, record: dict) -> list[str]:
    return [str(p) for p in (record.get("options") or {}).get("players", [])] or record["disagreement"].get(
        "players", []
    )


def play_batch(
    spec: str, reference_spec: str, game: str, seeds: list[int], options: dict, max_steps: int, timeout: float
) -> dict:
    """A batch of seeds, on a worker: what it played and the disagreements it found, each minimized."""
    reference, implementation = _engine(reference_spec, timeout), _engine(spec, timeout)
    started = time.perf_counter()
    found, moves = {}, 0
    for seed in seeds:
        record, played = one_game(reference, implementation, game, seed, options, max_steps)
        moves += played
        if record is not None and record["disagreement"]["signature"] not in found:
            found[record["disagreement"]["signature"]] = minimized(reference, implementation, record)
    return {
        "first": seeds[0],
        "games": len(seeds),
        "moves": moves,
        "seconds": time.perf_counter() - started,
        "worker": f"{socket.gethostname()}:{os.getpid()}",
        "found": list(found.values()),
    }


# -- the campaign -------------------------------------------------------------------------------------------------
def batches(seeds: range, size: int) -> list[list[int]]:
    return [list(seeds[i : i + size]) for i in range(0, len(seeds), size)]


def fresh(spec: str, reference: str, game: str, seeds: range, batch: int, options: dict, max_steps: int) -> dict:
    return {
        "format": FORMAT,
        "impl": spec,
        "reference": reference,
        "game": game,
        "seeds": [seeds.start, seeds.stop],
        "batch": batch,
        "options": options,
        "max_steps": max_steps,
        "done": [],
        "games": 0,
        "moves": 0,
        "found": {},
    }


def load(path: Path | None, expected: dict) -> dict:
    """The campaign saved in ``path`` if it is this one; a fresh one if there is none."""
    if path is None or not path.exists():
        return expected
    state = json.loads(path.read_text(encoding="utf-8"))
    keys = ("format", "impl", "reference", "game", "seeds", "batch", "options", "max_steps")
    differ = [k for k in keys if state.get(k) != expected[k]]
    if differ:
        raise CampaignMismatch(
            f"{path} holds another campaign (its {', '.join(differ)} differ): give another --campaign file"
        )
    return state


def merge_found(state: dict, found: list[dict]) -> list[dict]:
    """Add the records of one batch; per disagreement the lowest seed's stays.  Returns the new disagreements."""
    new = []
    for record in found:
        signature = record["disagreement"]["signature"]
        kept = state["found"].get(signature)
        if kept is None:
            new.append(record)
        if kept is None or record["seed"] < kept["seed"]:
            state["found"][signature] = record
    return new


def run(
    spec: str,
    game: str,
    *,
    seeds: range,
    batch: int = 50,
    workers: int | None = None,
    scheduler: str | None = None,
    path: Path | None = None,
    reference: str = "reference",
    options: dict | None = None,
    max_steps: int = 200,
    timeout: float = 10.0,
    seconds: float | None = None,
    progress=None,
) -> dict:
    """Play the campaign's batches not done yet on Dask, saving ``path`` after each; returns the campaign (with
    ``stopped`` saying why it ended early, if it did).  ``progress(state, per_worker)`` is called after each batch."""
    distributed = dask()
    state = load(path, fresh(spec, reference, game, seeds, batch, options or {}, max_steps))
    todo = [b for b in batches(seeds, batch) if b[0] not in set(state["done"])]
    per_worker: dict[str, dict] = {}
    state.pop("stopped", None)
    if not todo:
        return state
    if scheduler:
        client = distributed.Client(scheduler)
    else:
        cluster = distributed.LocalCluster(
            n_workers=workers or 1, threads_per_worker=1, processes=True, dashboard_address=None
        )
        client = distributed.Client(cluster)
    deadline = time.monotonic() + seconds if seconds else None
    submitted = time.perf_counter()  # the cluster is up: from here the campaign's wall time (throughput)
    try:
        futures = [
            client.submit(play_batch, spec, reference, game, b, options or {}, max_steps, timeout, pure=False)
            for b in todo
        ]
        try:
            for future in distributed.as_completed(futures):
                try:
                    done = future.result()
                except Exception as exc:  # a worker lost for good (KilledWorker), an engine that failed: not done
                    state.setdefault("lost", []).append(f"{type(exc).__name__}: {str(exc)[:200]}")
                    continue
                merge_found(state, done["found"])
                state["done"] = sorted({*state["done"], done["first"]})
                state["games"] += done["games"]
                state["moves"] += done["moves"]
                mine = per_worker.setdefault(done["worker"], {"games": 0, "moves": 0, "seconds": 0.0, "found": 0})
                for key in ("games", "moves", "seconds"):
                    mine[key] += done[key]
                mine["found"] += len(done["found"])
                if path is not None:
                    save(state, path)
                if progress is not None:
                    progress(state, per_worker)
                if deadline is not None and time.monotonic() >= deadline:
                    state["stopped"] = f"time limit ({seconds:g} s)"
                    break
        except KeyboardInterrupt:
            state["stopped"] = "interrupted"
        if len(state["done"]) < len(batches(seeds, batch)) and "stopped" not in state and state.get("lost"):
            state["stopped"] = "workers lost"
        for future in futures:
            future.cancel()
        state["wall_seconds"] = round(state.get("wall_seconds", 0) + time.perf_counter() - submitted, 3)
    finally:
        client.close()
        if not scheduler:
            cluster.close()
    if path is not None:
        save(state, path)
    return state


def save(state: dict, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    write_text(path, json.dumps(state, indent=1, ensure_ascii=False, sort_keys=True) + "\n")


def records(state: dict) -> list[dict]:
    """The disagreements found, as replay records, in seed order."""
    return sorted(state["found"].values(), key=lambda r: r["seed"])


def throughput(workers: int, game: str = "small_detectives", games: int = 120, batch: int = 5) -> float:
    """Games a second of a campaign of the reference against itself on a local cluster of ``workers`` processes
    (the cluster's start excluded): ``casebook bench``'s figure."""
    state = run("reference", game, seeds=range(games), batch=batch, workers=workers)
    return state["games"] / state["wall_seconds"]


CAMPAIGN_GOAL = 1.6  # 2 local workers ÷ 1, on a 2-core machine


def bench_figures() -> dict:
    """``casebook bench``'s campaign figures: games/s with 1 and 2 local workers and their ratio (goal:
    CAMPAIGN_GOAL), or why there are none (``unavailable``)."""
    try:
        dask()
    except NoDask as exc:
        return {"unavailable": str(exc)}
    one, two = throughput(1), throughput(2)
    return {"one": one, "two": two, "ratio": two / one, "goal": CAMPAIGN_GOAL, "cores": os.cpu_count()}
