"""Hostile input, third series (issue 46), C3: the WebSocket server's limits hold for the server, not per connection.

``--max-tables`` counts every connection's tables together, and a cap holds when none is given; no browser page
can open the server's tables unless ``--allow-origin`` names it; and one client that floods the server with requests
does not make another wait for them.
"""

from __future__ import annotations

import json
import multiprocessing
import statistics
import time

import pytest
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect

from casebook.serve import websocket
from casebook.serve.websocket import served

MAX_TABLES = getattr(websocket, "MAX_TABLES", 4096)  # (main of issue 46's day had none: its tests fail, not error)


def request(rid: int, method: str, **params) -> str:
    return json.dumps({"jsonrpc": "2.0", "id": rid, "method": method, "params": params})


def opened(ws, game: str = "small_detectives") -> dict:
    ws.send(request(1, "new", game=game, options={}))
    return json.loads(ws.recv())


def test_c3_max_tables_counts_the_tables_of_every_connection_together():
    with served("reference", "--max-tables", "3") as (address, _), connect(address) as second:
        with connect(address) as first:
            answers = [opened(ws) for ws in (first, second, first, second, first, second)]
        assert ["result" in a for a in answers] == [True, True, True, False, False, False], answers
        assert answers[3]["error"]["data"]["code"] == "table_limit"
        time.sleep(0.5)  # the first connection's two tables close with it
        assert [("result" in opened(second)) for _ in range(3)] == [True, True, False]


def test_c3_a_server_given_no_cap_has_the_documented_one():
    """Requests sent without waiting for answers: MAX_TABLES + 1 new tables, the last one refused."""
    with served("reference") as (address, _), connect(address, max_size=None) as ws:
        for i in range(MAX_TABLES + 1):
            ws.send(request(i, "new", game="small_detectives", options={}))
        answers = [json.loads(ws.recv(timeout=60)) for _ in range(MAX_TABLES + 1)]
    refused = [a["id"] for a in answers if "error" in a]
    assert refused == [MAX_TABLES], refused[:5]
    assert answers[-1]["error"]["data"]["code"] == "table_limit"


def test_c3_no_browser_origin_is_accepted_unless_allowed():
    with served("reference") as (address, _):
        with pytest.raises(InvalidStatus) as refused:
            connect(address, origin="https://any-page.example")
        assert refused.value.response.status_code == 403
        with connect(address) as ws:  # no Origin: not a browser
            assert "result" in opened(ws)
    with served("reference", "--allow-origin", "https://rules.example") as (address, _):
        with connect(address, origin="https://rules.example") as ws:
            assert "result" in opened(ws)
        with pytest.raises(InvalidStatus):
            connect(address, origin="https://any-page.example")


# -- fairness ------------------------------------------------------------------------------------------------------
def heavy_client(address: str, running, stop, window: int) -> None:
    """While ``running`` is set, asks for heist's legal moves (its dearest call) ``window`` at a time without
    waiting for the answers, again and again: the server has always more of its work than it can do."""
    with connect(address, max_size=None) as ws:
        table = opened(ws, "heist")["result"]
        while not stop.is_set():
            if not running.wait(0.05):
                continue
            for i in range(window):
                ws.send(request(i + 2, "legal", table=table))
            for _ in range(window):
                ws.recv(decode=False)


def wait_ratio(address: str, window: int = 200, rounds: int = 12, calls: int = 15) -> float:
    """Another client's median round trip (a state, one call at a time) beside the heavy client ÷ with the heavy
    client paused: rounds of each in turn, so that what else the machine does weighs on both alike."""
    running, stop = multiprocessing.Event(), multiprocessing.Event()
    heavy = multiprocessing.Process(target=heavy_client, args=(address, running, stop, window))  # its own GIL
    heavy.start()
    waits: dict[bool, list[float]] = {False: [], True: []}
    try:
        with connect(address, max_size=None) as ws:
            table = opened(ws, "cluedo_drei")["result"]
            for n in range(2 * rounds):
                busy = n % 2 == 1
                running.set() if busy else running.clear()
                time.sleep(0.1)  # the heavy client's window answered (paused) or under way (running)
                for i in range(calls):
                    start = time.perf_counter()
                    ws.send(request(i + 2, "state", table=table))
                    ws.recv()
                    waits[busy].append(time.perf_counter() - start)
                    time.sleep(0.002)
    finally:
        stop.set()
        heavy.join(timeout=30)
    return statistics.median(waits[True]) / statistics.median(waits[False])


def test_c3_a_client_flooding_the_server_does_not_starve_another():
    """Within 5x idle.  A busy machine slows both medians alike, but a server kept busy waits for the CPU more often
    than an idle one woken by a request: the best of five tries is taken (before issue 46, on this 2-core machine
    busy with other suites: 24x to 67x every try; after: 3.3x to 7.3x)."""
    with served("reference") as (address, _):
        ratios = []
        for _ in range(5):
            ratios.append(wait_ratio(address))
            if ratios[-1] <= 5:
                break
    assert min(ratios) <= 5, ratios
