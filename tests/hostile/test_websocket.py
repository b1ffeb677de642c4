"""The WebSocket transport against hostile peers, both ways, as tests/hostile does for stdio.

The server (``casebook serve --listen``) answers every bad message stdio
answers, the same way, and serves on; a frame over its limit, or text that
is not UTF-8, closes that connection only (RFC 6455 codes 1009 and 1007);
a binary frame is answered with an error; a half-closed connection ends
with its tables; a thousand idle connections cost it little and block
nobody.  The client names each fault of a hostile server, within the
per-call timeout, and connects afresh for the next call.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import json
import resource
import shutil
import socket
import subprocess
import threading
import time

import psutil
import pytest
from websockets.asyncio.client import connect as async_connect
from websockets.asyncio.server import serve as websocket_serve
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from casebook.errors import BadRequest, DriverFailure
from casebook.protocol import Table
from casebook.serve.stdio import Server
from casebook.serve.websocket import serve_websocket
from casebook.transports.websocket import WebSocketImplementation
from tests.harness.listening import casebook_listen
from tests.harness.toy import make
from tests.hostile.bad_lines import CORPUS, INVALID_REQUEST, NO_REPLY, request
from tests.hostile.test_engines import failure, within
from tests.hostile.test_server import check

SHARED = make()  # served by the in-process server below, so a test can look at its tables


def shared():
    return SHARED


def utf8(line: bytes) -> bool:
    try:
        line.decode("utf-8")
        return True
    except UnicodeDecodeError:
        return False


TEXT = [c for c in CORPUS if utf8(c[1])]
NOT_TEXT = [c for c in CORPUS if not utf8(c[1])]


@contextlib.contextmanager
def in_process(**options):
    """``serve_websocket`` in a thread of this process, serving ``SHARED``: yields its address."""
    loop = asyncio.new_event_loop()
    stop, out = loop.create_future(), io.StringIO()
    serving = loop.create_task(
        serve_websocket(SHARED, "127.0.0.1", 0, out=out, err=io.StringIO(), stop=stop, **options)
    )
    thread = threading.Thread(target=loop.run_until_complete, args=(serving,), daemon=True)
    thread.start()
    end = time.monotonic() + 30
    while not out.getvalue() and time.monotonic() < end and thread.is_alive():
        time.sleep(0.02)
    try:
        yield out.getvalue().strip()
    finally:
        loop.call_soon_threadsafe(lambda: stop.done() or stop.set_result(None))
        thread.join(10)
        loop.close()


@pytest.fixture(scope="module")
def served():
    with casebook_listen() as (address, proc):
        yield address, proc


def ask(ws, line: bytes | str, timeout: float = 20):
    ws.send(line if isinstance(line, str) else line.decode("utf-8"))
    return json.loads(ws.recv(timeout=timeout))


def opened(address: str, **options):
    return connect(address, max_size=None, open_timeout=20, compression=None, **options)


# -- the server ------------------------------------------------------------------------------------
def test_every_bad_message_stdio_answers_is_answered_the_same_and_the_table_lives_on(served):
    address, _ = served
    with opened(address) as ws:
        table = ask(ws, request("new", {"game": "toy", "options": {}}, rid=100))["result"]["table"]
        for name, line, expected in TEXT:
            ws.send(line.decode("utf-8"))
            ws.send(request("hello", rid="after").decode())  # a marker: the next answer is the bad line's, or this one
            answer = json.loads(ws.recv(timeout=20))
            if expected == NO_REPLY:
                assert answer["id"] == "after", f"{name}: a notification was answered: {answer}"
                continue
            check(answer, expected)
            assert len(json.dumps(answer)) < 3000, f"{name}: the answer echoes too much"
            assert json.loads(ws.recv(timeout=20))["id"] == "after"
        state = ask(ws, request("state", {"table": table}, rid=101))
        assert state["id"] == 101 and "result" in state, state


@pytest.mark.parametrize("name, line, expected", NOT_TEXT, ids=[c[0] for c in NOT_TEXT])
def test_a_text_frame_that_is_not_utf8_closes_its_connection_only(served, name, line, expected):
    address, _ = served
    with opened(address) as ws:
        ws.send(line, text=True)  # the library sends the bytes as they are
        with pytest.raises(ConnectionClosed) as closed:
            ws.recv(timeout=20)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1007
    with opened(address) as other:
        assert ask(other, request())["result"]["name"]


def test_an_oversized_frame_closes_its_connection_without_being_kept():
    with casebook_listen("python:tests.harness.toy:make", "--max-line", "100000") as (address, proc):
        with opened(address) as ws:
            ws.send('{"x":"' + "y" * 3_000_000 + '"}')
            with pytest.raises(ConnectionClosed) as closed:
                ws.recv(timeout=20)
            assert closed.value.rcvd.code == 1009
        with opened(address) as other:
            assert ask(other, request())["result"]["name"]
        assert psutil.Process(proc.pid).memory_info().rss < 150 * 2**20


def test_deep_json_is_answered_and_the_connection_serves_on(served):
    address, _ = served
    with opened(address) as ws:
        answer = ask(ws, "[" * 100_000 + "]" * 100_000)
        assert answer["error"]["code"] == INVALID_REQUEST and answer["id"] is None
        assert "deep" in answer["error"]["message"]
        assert ask(ws, request())["result"]["name"]


def test_a_binary_frame_is_answered_with_an_error_and_the_connection_serves_on(served):
    address, _ = served
    with opened(address) as ws:
        ws.send(request())  # bytes: a binary frame
        answer = json.loads(ws.recv(timeout=20))
        assert answer["error"]["code"] == INVALID_REQUEST and answer["id"] is None
        assert "binary" in answer["error"]["message"]
        assert ask(ws, request())["result"]["name"]


def test_a_half_closed_connection_ends_with_its_tables():
    with in_process() as address:
        ws = opened(address).__enter__()
        assert ask(ws, request("new", {"game": "toy", "options": {}}))["result"]["table"] in SHARED.tables
        ws.send(request("new", {"game": "toy", "options": {}}, rid=2).decode())
        ws.socket.shutdown(socket.SHUT_WR)  # our half closed without a closing frame: the server reads end of file
        end = time.monotonic() + 20
        while SHARED.tables and time.monotonic() < end:
            time.sleep(0.05)
        assert not SHARED.tables, "the tables of a connection that ended are closed"
        ws.close()
        with opened(address) as other:
            assert ask(other, request())["result"]["name"]


def test_a_call_may_name_only_a_table_of_its_own_connection():
    with in_process() as address, opened(address) as mine, opened(address) as theirs:
        table = ask(mine, request("new", {"game": "toy", "options": {}}))["result"]["table"]
        refused = ask(theirs, request("state", {"table": table}))
        assert refused["error"]["data"]["code"] == "bad_request" and "on this connection" in refused["error"]["message"]
        assert ask(mine, request("state", {"table": table}))["result"]["game"] == "toy"


def test_idle_tables_are_closed_without_waiting_for_a_call():
    with in_process(idle=0.5) as address, opened(address) as ws:
        table = ask(ws, request("new", {"game": "toy", "options": {}}))["result"]["table"]
        end = time.monotonic() + 20
        while table in SHARED.tables and time.monotonic() < end:
            time.sleep(0.05)
        assert table not in SHARED.tables
        late = ask(ws, request("state", {"table": table}))
        assert "without a call" in late["error"]["message"]


def test_a_thousand_idle_connections_block_nobody(served):
    address, proc = served
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < 2500 <= hard or hard == resource.RLIM_INFINITY:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, 4096) if hard != resource.RLIM_INFINITY else 4096, hard))
    before = psutil.Process(proc.pid).memory_info().rss

    async def idle_then_play():
        idle = []
        for _ in range(10):  # in batches: a burst of 1,000 handshakes at once is another test
            idle += await asyncio.gather(
                *[async_connect(address, open_timeout=60, compression=None) for _ in range(100)]
            )
        try:
            grown = psutil.Process(proc.pid).memory_info().rss - before
            player = WebSocketImplementation(address, timeout=20)
            try:
                table = Table.new(player, "toy", {})
                assert await asyncio.to_thread(table.legal) == {"to_act": ["chance"], "moves": table.legal()["moves"]}
            finally:
                player.shutdown()
            return grown
        finally:
            await asyncio.gather(*[ws.close() for ws in idle])

    grown = asyncio.run(idle_then_play())
    assert grown < 200 * 2**20, f"1,000 idle connections cost the server {grown / 2**20:.0f} MB"


def test_casebook_serve_listens_on_loopback_and_says_so(served):
    address, proc = served
    assert address.startswith("ws://127.0.0.1:") and int(address.rsplit(":", 1)[1].rstrip("/")) > 0
    assert all(
        c.laddr.ip == "127.0.0.1" for c in psutil.Process(proc.pid).net_connections("tcp") if c.status == "LISTEN"
    )


# -- the client, against a hostile server ----------------------------------------------------------
def hostile(fault: str, on: str, state: dict):
    """A handler that serves the toy game and breaks on the first ``on`` call of each connection (``fault``)."""

    async def handler(ws):
        server = Server(make())
        async for message in ws:
            parsed = json.loads(message)
            if parsed.get("method") == on and not state.get("done"):
                state["done"] = True
                rid = parsed["id"]
                if fault == "drop":
                    ws.transport.abort()  # no closing frame: the connection just goes
                    return
                if fault == "silent":
                    continue
                if fault == "close":
                    await ws.close(1011, "going away")
                    return
                answers = {
                    "deep": "[" * 100_000 + "]" * 100_000,
                    "huge-int": f'{{"jsonrpc":"2.0","id":{rid},"result":{{"n":{"9" * 5000}}}}}',
                    "nan": f'{{"jsonrpc":"2.0","id":{rid},"result":{{"n":NaN}}}}',
                    "wrong-id": f'{{"jsonrpc":"2.0","id":{rid + 7},"result":{{}}}}',
                    "oversized": '{"x":"' + "y" * 3_000_000 + '"}',
                    "binary": b'{"jsonrpc":"2.0","id":%d,"result":{}}' % rid,
                    "not-utf8": b'{"jsonrpc":"2.0","id":%d,"result":"\xff"}' % rid,
                }
                frame = answers[fault]
                await ws.send(frame, text=True) if fault == "not-utf8" else await ws.send(frame)
                continue
            await ws.send(server.reply(message)[:-1].decode())

    return handler


@contextlib.contextmanager
def hostile_server(fault: str, on: str = "state"):
    loop, state = asyncio.new_event_loop(), {}
    ready, stop = threading.Event(), None
    box = {}

    async def main():
        nonlocal stop
        stop = loop.create_future()
        async with websocket_serve(hostile(fault, on, state), "127.0.0.1", 0, compression=None, max_size=None) as s:
            box["port"] = s.sockets[0].getsockname()[1]
            ready.set()
            await stop

    thread = threading.Thread(target=loop.run_until_complete, args=(main(),), daemon=True)
    thread.start()
    ready.wait(20)
    try:
        yield f"ws://127.0.0.1:{box['port']}/"
    finally:
        loop.call_soon_threadsafe(lambda: stop.done() or stop.set_result(None))
        thread.join(10)
        loop.close()


@pytest.mark.parametrize(
    "fault, cause",
    [
        ("deep", "too_large"),
        ("huge-int", "too_large"),
        ("oversized", "too_large"),
        ("nan", "not_json"),
        ("not-utf8", "not_json"),
        ("binary", "out_of_protocol"),
        ("wrong-id", "out_of_protocol"),
        ("drop", "crashed"),
        ("close", "crashed"),
    ],
)
def test_a_hostile_answer_fails_fast_by_name_and_the_next_call_connects_afresh(fault, cause):
    with hostile_server(fault) as address:
        client = WebSocketImplementation(address, timeout=30, max_line=1_000_000)
        table = within(20, lambda: Table.new(client, "toy", {}))
        started = time.monotonic()
        assert failure(40, table.state).cause == cause
        assert time.monotonic() - started < 10, "a bad answer fails at once, not at the timeout"
        with pytest.raises(DriverFailure) as lost:
            table.legal()
        assert lost.value.cause == "table_lost"
        assert within(20, lambda: Table.new(client, "toy", {}).state())["game"] == "toy", (
            "the next call connects afresh"
        )
        assert client.restarts == 1
        within(10, client.shutdown)


def test_a_dropped_connection_fails_every_request_in_flight_by_the_same_name():
    with hostile_server("drop", on="view") as address:
        client = WebSocketImplementation(address, timeout=30)
        table = within(20, lambda: Table.new(client, "toy", {}))
        view, legal = table.send("view", "A"), table.send("legal")
        assert failure(20, legal.result).cause == "crashed"
        assert failure(5, view.result).cause == "crashed"
        within(10, client.shutdown)


def test_a_server_that_never_answers_is_a_timeout():
    with hostile_server("silent") as address:
        client = WebSocketImplementation(address, timeout=1.0)
        table = within(20, lambda: Table.new(client, "toy", {}))
        assert failure(10, table.state).cause == "timeout"
        within(10, client.shutdown)


def test_the_run_deadline_ends_the_wait():
    with hostile_server("silent") as address:
        client = WebSocketImplementation(address, timeout=60, deadline=2)
        table = within(20, lambda: Table.new(client, "toy", {}))
        assert failure(10, table.state).cause == "deadline"
        assert failure(5, lambda: client.new("toy", {})).cause == "deadline"
        within(10, client.shutdown)


def test_a_server_that_stops_reading_is_a_timeout_not_a_hang():
    listener = socket.create_server(("127.0.0.1", 0))  # answers the handshake, then never reads again
    port = listener.getsockname()[1]

    def accept():
        conn, _ = listener.accept()
        key = [
            line.split(b":", 1)[1].strip()
            for line in conn.recv(65536).split(b"\r\n")
            if line.lower().startswith(b"sec-websocket-key")
        ][0]
        import base64
        import hashlib

        accept_key = base64.b64encode(hashlib.sha1(key + b"258EAFA5-E914-47DA-95CA-C5AB0DC85B11").digest())
        conn.sendall(
            b"HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            b"Sec-WebSocket-Accept: " + accept_key + b"\r\n\r\n"
        )
        hello = json.dumps(
            {"jsonrpc": "2.0", "id": 1, "result": {"name": "deaf", "protocol": "1.0", "games": {"toy": {}}}}
        ).encode()
        conn.recv(65536)
        conn.sendall(bytes([0x81, 126]) + len(hello).to_bytes(2, "big") + hello)
        time.sleep(30)
        conn.close()

    threading.Thread(target=accept, daemon=True).start()
    client = WebSocketImplementation(f"ws://127.0.0.1:{port}/", timeout=1.0)
    within(20, client.hello)
    fault = failure(
        20, lambda: client.load("toy", {"padding": "x" * 50_000_000})
    )  # far more than the socket buffers hold
    assert fault.cause == "timeout", fault
    within(10, client.shutdown)
    listener.close()


def test_a_server_that_is_not_there_cannot_start():
    with socket.create_server(("127.0.0.1", 0)) as probe:
        port = probe.getsockname()[1]
    client = WebSocketImplementation(f"ws://127.0.0.1:{port}/", timeout=1.0)
    assert failure(30, client.hello).cause == "cannot_start"


def test_a_table_of_another_connection_is_refused_through_the_client():
    with in_process() as address:
        mine, theirs = WebSocketImplementation(address, timeout=20), WebSocketImplementation(address, timeout=20)
        try:
            table = mine.new("toy", {})
            generation = table.split(":")[0]
            theirs.hello()
            with pytest.raises(BadRequest):
                theirs.state(f"{generation}:{table.split(':', 1)[1]}")
        finally:
            mine.shutdown()
            theirs.shutdown()


# -- TLS ----------------------------------------------------------------------------------------------
@pytest.mark.skipif(shutil.which("openssl") is None, reason="openssl makes the test certificate")
def test_wss_with_a_certificate_the_client_is_told_to_trust(tmp_path, monkeypatch):
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(
        [
            "openssl",
            "req",
            "-x509",
            "-newkey",
            "rsa:2048",
            "-nodes",
            "-keyout",
            str(key),
            "-out",
            str(cert),
            "-days",
            "1",
            "-subj",
            "/CN=127.0.0.1",
            "-addext",
            "subjectAltName=IP:127.0.0.1",
        ],
        check=True,
        capture_output=True,
        timeout=60,
    )
    with casebook_listen("python:tests.harness.toy:make", "--certfile", str(cert), "--keyfile", str(key)) as (
        address,
        _,
    ):
        assert address.startswith("wss://127.0.0.1:")
        untrusted = WebSocketImplementation(address, timeout=10)
        assert failure(30, untrusted.hello).cause == "cannot_start", "a certificate nobody vouches for is refused"
        monkeypatch.setenv("SSL_CERT_FILE", str(cert))  # as the guide says: trust a test certificate
        trusted = WebSocketImplementation(address, timeout=10)
        try:
            assert within(30, lambda: Table.new(trusted, "toy", {}).state())["game"] == "toy"
        finally:
            trusted.shutdown()
