"""How fairly a WebSocket server shares itself (issue 46): another client's median wait beside a heavy client.

A light client asks for a state, one call at a time, every 2 ms; a heavy client, in a process of its own, asks for
heist's legal moves (its dearest call) ``window`` at a time without waiting for the answers, again and again.  The
light client's calls are timed in rounds, the heavy client paused in one round and running in the next, so that
what else the machine does weighs on both alike.  ``casebook bench`` prints the ratio to the wait alone (goal: 5x);
the tests count how many of the heavy client's calls a light call waited behind (a busy machine slows the server's
turns, but does not change how many a light call waits), where the ratio to an idle server's wait grows with the
machine's load.
"""

from __future__ import annotations

import bisect
import json
import multiprocessing
import statistics
import time

FLOOD, ONE_AT_A_TIME = 200, 1
GOAL = 5.0  # another client's median wait beside a flooding client, at most this many times its wait alone


def request(rid: int, method: str, **params) -> str:
    return json.dumps({"jsonrpc": "2.0", "id": rid, "method": method, "params": params})


def opened(ws, game: str) -> str:
    ws.send(request(1, "new", game=game, options={}))
    return json.loads(ws.recv())["result"]


def heavy_client(address: str, running, stop, window: int, answered) -> None:
    """Sends until ``stop``; puts on ``answered`` when each of its answers came (time.monotonic: one clock for every
    process of the machine)."""
    from websockets.sync.client import connect

    times = []
    with connect(address, max_size=None) as ws:
        table = opened(ws, "heist")
        while not stop.is_set():
            if not running.wait(0.05):
                continue
            for i in range(window):
                ws.send(request(i + 2, "legal", table=table))
            for _ in range(window):
                ws.recv(decode=False)
                times.append(time.monotonic())
    answered.put(times)


def waits(address: str, window: int, rounds: int = 12, calls: int = 15) -> dict:
    """The light client's median wait with the heavy client paused (False) and running (True), and (``"turns"``)
    the median number of the heavy client's answers that came while one light call waited: what the light call
    waited behind, counted in the server's work, which a busy machine slows but does not change."""
    from websockets.sync.client import connect

    running, stop, answered = multiprocessing.Event(), multiprocessing.Event(), multiprocessing.Queue()
    heavy = multiprocessing.Process(target=heavy_client, args=(address, running, stop, window, answered))
    heavy.start()  # a process of its own: its own GIL
    timed: dict[bool, list[float]] = {False: [], True: []}
    spans: list[tuple[float, float]] = []
    try:
        with connect(address, max_size=None) as ws:
            table = opened(ws, "cluedo_drei")
            for n in range(2 * rounds):
                busy = n % 2 == 1
                running.set() if busy else running.clear()
                time.sleep(0.1)  # the heavy client's window answered (paused) or under way (running)
                for i in range(calls):
                    start, sent = time.perf_counter(), time.monotonic()
                    ws.send(request(i + 2, "state", table=table))
                    ws.recv()
                    timed[busy].append(time.perf_counter() - start)
                    if busy:
                        spans.append((sent, time.monotonic()))
                    time.sleep(0.002)
    finally:
        stop.set()
        times = sorted(answered.get(timeout=60))
        heavy.join(timeout=30)
    turns = [bisect.bisect(times, end) - bisect.bisect(times, begin) for begin, end in spans]
    return {**{busy: statistics.median(values) for busy, values in timed.items()}, "turns": statistics.median(turns)}


def wait_ratio(address: str, window: int = FLOOD) -> float:
    """Another client's median wait beside the heavy client ÷ its median wait alone."""
    found = waits(address, window)
    return found[True] / found[False]


def bench_figures(spec: str = "reference") -> dict:
    """``casebook bench``'s fairness figures: another client's median wait, in seconds, alone and beside one sending
    FLOOD requests at a time, their ratio (goal: GOAL), and how many of the other's calls it waited behind."""
    from casebook.serve.websocket import served

    with served(spec) as (address, _):
        found = waits(address, FLOOD)
    alone, beside = found[False], found[True]
    return {
        "alone": alone,
        "beside": beside,
        "ratio": beside / alone,
        "goal": GOAL,
        "flood": FLOOD,
        "turns": found["turns"],
    }
