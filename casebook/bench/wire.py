"""Round trips per second to ``casebook serve --listen``, on one connection and on several."""

from __future__ import annotations

import threading
import time

from casebook.bench.figures import MIN_REPEAT, Figure
from casebook.bench.play import options_for


def calls_per_second(address: str, game: str, options: dict, connections: int, seconds: float = 2.0) -> float:
    """``legal()`` calls answered per second by the server at ``address``,
    each connection asking in turn (no pipelining)."""
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


def websocket_figures(spec: str, games: dict) -> dict:
    """Round trips per second to ``casebook serve --listen`` serving ``spec`` (``legal()`` of the first game's table,
    one call at a time per connection), on one connection and on 8; and the fairness figures beside a flooding
    client (casebook/serve/fairness.py)."""
    from casebook.serve.fairness import bench_figures
    from casebook.serve.websocket import served

    game, facts = next(iter(games.items()))
    options = options_for(facts, facts.get("players", [2])[0])
    with served(spec) as (address, _):
        one = Figure([calls_per_second(address, game, options, 1) for _ in range(MIN_REPEAT)])
        eight = Figure([calls_per_second(address, game, options, 8) for _ in range(MIN_REPEAT)])
    return {"game": game, "one": one.as_dict(), "eight": eight.as_dict(), "fairness": bench_figures(spec)}
