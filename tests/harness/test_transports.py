"""The protocol's calls behave the same in process, over stdio and over WebSocket, typed errors included."""

from __future__ import annotations

import importlib
import sys

import pytest

from casebook.contract import P_TOLERANCE
from casebook.errors import BadRequest, DriverFailure, IllegalAction, NotYourTurn, Unsupported
from casebook.protocol import Table, leaks, redact
from casebook.serve.stdio import handle
from casebook.transports.stdio import StdioImplementation
from tests.harness.listening import casebook_listen
from tests.harness.toy import make

SERVE_TOY = [sys.executable, "-m", "casebook.cli", "serve", "--impl", "python:tests.harness.toy:make"]


@pytest.fixture(scope="module")
def toy_server():
    """``casebook serve --listen`` on a free loopback port, serving the toy game: its address."""
    with casebook_listen() as (address, _):
        yield address


@pytest.fixture(params=["in-process", "stdio", "websocket"])
def impl(request):
    if request.param == "in-process":
        yield make()
    elif request.param == "websocket":
        from casebook.transports.websocket import WebSocketImplementation

        connected = WebSocketImplementation(request.getfixturevalue("toy_server"), timeout=20)
        yield connected
        connected.shutdown()
    else:
        stdio = StdioImplementation(SERVE_TOY, timeout=20)
        yield stdio
        stdio.shutdown()


def dealt(impl, a=1, b=3) -> Table:
    table = Table.new(impl, "toy", {})
    table.apply("chance", {"type": "deal", "to": "A", "card": a})
    table.apply("chance", {"type": "deal", "to": "B", "card": b})
    return table


def test_hello_states_protocol_and_games(impl):
    hello = impl.hello()
    assert hello["protocol"].startswith("1.")
    assert set(hello["games"]) == {"toy"}


def test_chance_moves_carry_probabilities_summing_to_one(impl):
    legal = Table.new(impl, "toy", {}).legal()
    assert legal["to_act"] == ["chance"]
    assert abs(sum(m["p"] for m in legal["moves"]) - 1) < P_TOLERANCE


def test_a_game_runs_to_its_end(impl):
    table = dealt(impl)
    table.apply("A", {"type": "bet", "amount": 2})
    events = table.apply("B", {"type": "bet", "amount": 1})
    assert events == [{"type": "bet", "player": "B", "amount": 1}]
    assert table.legal() == {"to_act": [], "moves": []}
    with pytest.raises(IllegalAction, match="over"):
        table.apply("A", {"type": "bet", "amount": 1})


@pytest.mark.parametrize(
    "actor, action, error",
    [
        ("B", {"type": "bet", "amount": 1}, NotYourTurn),
        ("A", {"type": "bet", "amount": 3}, IllegalAction),
        ("A", {"type": "fold"}, BadRequest),
        ("A", ["bet"], BadRequest),
        ("Z", {"type": "bet", "amount": 1}, BadRequest),
    ],
)
def test_refusals_are_typed_and_change_nothing(impl, actor, action, error):
    table = dealt(impl)
    before = table.state()
    with pytest.raises(error) as refused:
        table.apply(actor, action)
    assert refused.value.message
    assert table.state() == before


def test_unknown_game_and_table(impl):
    with pytest.raises(Unsupported):
        impl.new("chess", {})
    with pytest.raises((BadRequest, DriverFailure)):
        impl.state("no-such-table")


def test_load_of_state_is_the_identity(impl):
    table = dealt(impl, 2, 2)
    table.apply("A", {"type": "bet", "amount": 1})
    again = Table.load(impl, "toy", table.state())
    assert again.state() == table.state()
    assert again.legal() == table.legal()


def test_views_hide_other_players_cards(impl):
    table = dealt(impl, 1, 3)
    assert table.view("A")["private"] == {"A": {"card": 1}}
    assert table.view(None)["private"] == {}
    for viewer in ("A", "B", None):
        assert leaks(table.view(viewer), viewer) == []


def test_many_tables_share_one_process(impl):
    first, second = dealt(impl, 1, 1), dealt(impl, 3, 3)
    first.apply("A", {"type": "bet", "amount": 2})
    assert second.state()["bets"] == {}
    first.close()
    with pytest.raises((BadRequest, DriverFailure)):
        first.state()


def test_redact_and_leaks_find_every_secret():
    state = {"secret": {"case": 1}, "private": {"A": {"h": 1}, "B": {"h": 2}}, "log": [{"private": {"B": {"x": 1}}}]}
    view = redact(state, "A")
    assert view == {"private": {"A": {"h": 1}}, "log": [{"private": {}}]}
    assert leaks(view, "A") == []
    assert sorted(leaks(state, "A")) == ["$.log[0].private.B", "$.private.B", "$.secret"]


def test_server_answers_bad_wire_input_with_errors():
    impl = make()
    assert handle(impl, "{not json")["error"]["code"] == -32700
    assert handle(impl, '{"jsonrpc": "2.0", "id": 1, "method": "shuffle"}')["error"]["code"] == -32601
    assert handle(impl, '{"jsonrpc": "2.0", "id": 2, "method": "new", "params": {}}')["error"]["code"] == -32602
    refused = handle(impl, '{"jsonrpc": "2.0", "id": 3, "method": "new", "params": {"game": "go", "options": {}}}')
    assert refused["error"]["data"]["code"] == "unsupported"


@pytest.mark.slow  # a verify run, a fuzz search or a wire fuzz: out of the inner loop (pytest -m 'not slow')
@pytest.mark.parametrize("game", ["small_detectives", "heist"])
def test_a_seed_plays_the_same_game_in_process_and_over_stdio(game):
    """The runner sends requests ahead over stdio and asks at once in process:
    the same calls, the same draws, the same game."""
    from casebook.impls import open_implementation
    from casebook.properties.random_play import random_sim_test

    laws = importlib.import_module(f"tests.{game}.test_random_play").LAWS
    served = StdioImplementation([sys.executable, "-m", "casebook.cli", "serve"], timeout=20)
    try:
        for seed in (0, 5):
            here = random_sim_test(open_implementation("reference"), laws, seed, load_every=3, views_every=2)
            there = random_sim_test(served, laws, seed, load_every=3, views_every=2)
            assert there == here, f"{game} seed {seed} ended elsewhere over stdio"
    finally:
        served.shutdown()


# An engine whose step answers are each wrong in one way the step schema names (casebook.contract.STEP).
BAD_STEPS = r"""
import json, sys
answers = json.loads(sys.argv[1])
for line in sys.stdin:
    request = json.loads(line)
    method = request["method"]
    if method == "hello":
        result = {"name": "bad-steps", "protocol": "1.0", "games": {"toy": {}}}
    elif method == "new":
        result = {"table": "1"}
    elif method == "step":
        result = answers.pop(0)
    else:
        result = {}
    if "id" in request:
        print(json.dumps({"jsonrpc": "2.0", "id": request["id"], "result": result}), flush=True)
"""


@pytest.mark.parametrize(
    "answer, where",
    [
        ({"events": "moved", "legal": None}, "$.events"),
        ({"events": [], "legal": [], "state": None}, "$.legal"),
        ({"events": [], "legal": None, "state": "the state"}, "$.state"),
        ({"events": [], "legal": None, "views": [{"view": {}}]}, "$.views"),
        ({"legal": None}, '"events" is a required property'),
    ],
)
def test_a_step_answer_is_checked_by_the_step_schema(answer, where):
    """The client's check of a step answer is the contract's (its legal() is checked where it is taken)."""
    import json

    engine = StdioImplementation([sys.executable, "-c", BAD_STEPS, json.dumps([answer, answer])], timeout=20)
    try:
        table = Table.new(engine, "toy", {})
        with pytest.raises(DriverFailure) as failure:
            table.apply("A", {"type": "pass"})
        assert failure.value.cause == "out_of_protocol" and where in failure.value.detail, failure.value.detail
    finally:
        engine.shutdown()
