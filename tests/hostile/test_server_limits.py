"""Hostile input, third series (issue 46), C3: the WebSocket server's limits hold for the server, not per connection.

``--max-tables`` counts every connection's tables together, and a cap holds when none is given; no browser page
can open the server's tables unless ``--allow-origin`` names it; and one client that floods the server with requests
does not make another wait for them.
"""

from __future__ import annotations

import json
import time

import pytest
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect

from casebook.serve import fairness, websocket
from casebook.serve.fairness import request
from casebook.serve.websocket import served

MAX_TABLES = getattr(websocket, "MAX_TABLES", 4096)  # (main of issue 46's day had none: its tests fail, not error)


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
def test_c3_a_client_flooding_the_server_does_not_make_another_wait_behind_its_calls():
    """A light client's call, beside one sending 200 requests at a time, waits behind a few of its calls at most
    (the median over 180 calls; counted, not timed, so a busy machine cannot move it: before issue 46, 62 to 74;
    after, 2).  The wait in milliseconds and its ratio to the wait alone are casebook bench's (goal 5x)."""
    with served("reference") as (address, _):
        turns = [fairness.waits(address, fairness.FLOOD)["turns"]]
        if turns[0] > 5:  # once more, before it is called a failure
            turns.append(fairness.waits(address, fairness.FLOOD)["turns"])
    assert min(turns) <= 5, turns
