"""``casebook serve --listen HOST:PORT``: an implementation served over WebSocket, one JSON-RPC message per text frame.

The requests, answers and refusals are those of stdio (``casebook.serve.stdio``
answers both), and what a network adds is bounded the same way.  Many
connections are served at once, each with its own tables: a call may name
only a table its connection opened, and a connection's tables are closed
when it ends.  A table left without a call for ``--idle-timeout`` seconds
(15 minutes unless told) is closed, whether or not another call comes.
``--max-tables`` counts the tables open on the whole server, every
connection's together: 4,096 unless told (at the kit's goal of 50 KiB a dealt
table, at most ~200 MiB), beyond which ``new``/``load`` are refused
(``table_limit``).  Engine calls run off the event loop, in threads, each
connection's in the order it sent them: a long call keeps no other
connection waiting, nor the server's pings and handshakes.  An engine whose
tables share nothing says so (``concurrent_tables = True``: the reference
does) and is called from several connections at once; any other (an engine
behind a pipe answers one request at a time) takes its calls in turn, and
what needs no engine call (a bad request) is answered meanwhile.  A client
that sends a thousand requests without waiting does not make another wait
for them (the other's median wait stays within a few times its wait alone).

A browser sends the page's ``Origin`` with its WebSocket handshake, and any
page the user opens may try a loopback address: the server accepts no
browser origin unless ``--allow-origin`` names it (repeatable; ``*`` accepts
any), and answers a handshake from another with 403.  Clients that are not
browsers (verify, the transports, scripts) send no Origin and are served.

A frame over ``--max-line`` bytes closes its connection with code 1009, and
text that is not UTF-8 with code 1007 (the WebSocket library never holds
more than the limit); a binary frame, and every bad message stdio refuses,
is answered with an error, and the connection serves on.  A peer that stops
answering the server's pings is dropped (a dead peer, a half-closed
connection), and at most 4,096 connections are open at once.

It binds to loopback unless told otherwise (``--listen 0.0.0.0:PORT``), and
says so.  Port 0 picks a free port; the first line on stdout is the address
it listens on (``ws://127.0.0.1:PORT/``), for scripts and tests to read.
Any path is served.  With ``--certfile`` (and ``--keyfile``) it speaks TLS
(``wss://``).
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import os
import resource
import signal
import ssl
import subprocess
import sys
import threading
import time
from http import HTTPStatus

from websockets.asyncio.server import serve as websocket_serve
from websockets.exceptions import ConnectionClosed

from casebook.serve.stdio import INVALID_REQUEST, Server, TableCount, bad_request
from casebook.wire import MAX_LINE, dumps

IDLE = 900.0  # seconds a table may go without a call before the server closes it
MAX_TABLES = 4096  # tables open on the whole server unless --max-tables says otherwise
MAX_CONNECTIONS = 4096
SWEEP_EVERY = 5.0  # seconds between looks for idle tables (at most; less with a short idle time)


class ListenError(ValueError):
    """A --listen address we cannot read."""


def parse_listen(text: str) -> tuple[str, int]:
    """``HOST:PORT``, ``[IPv6]:PORT`` or ``PORT`` (loopback) → (host, port)."""
    host, sep, port = text.strip().rpartition(":")
    if not sep:
        host, port = "127.0.0.1", text.strip()
    host = host.strip("[]") or "127.0.0.1"
    if not port.isdigit() or int(port) > 65535:
        raise ListenError(f"--listen takes HOST:PORT (PORT 0 picks a free one), got {text!r}")
    return host, int(port)


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _more_files() -> None:
    """Each connection is a file descriptor: take the hard limit, not the soft default (often 1,024)."""
    try:
        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        wanted = hard if hard != resource.RLIM_INFINITY else 65536
        if soft != resource.RLIM_INFINITY and soft < wanted:
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
    except (ValueError, OSError):  # pragma: no cover - not allowed here: the soft limit it is
        pass


BINARY = "a binary frame: a request is a text frame holding one JSON-RPC message"


async def serve_websocket(
    impl,
    host: str,
    port: int,
    *,
    idle: float | None = IDLE,
    max_tables: int | None = MAX_TABLES,
    allow_origins: tuple[str, ...] = (),
    max_line: int = MAX_LINE,
    max_connections: int = MAX_CONNECTIONS,
    certfile: str | None = None,
    keyfile: str | None = None,
    out=None,
    err=None,
    stop: asyncio.Future | None = None,
) -> None:
    """Serve the opened implementation ``impl`` until ``stop`` is done (or SIGTERM/SIGINT), printing the address
    to ``out`` once listening.  The caller opens and closes it (``casebook.impls.opened``): transports sit below
    the layer that resolves an ``--impl`` spec."""
    out, err = out or sys.stdout, err or sys.stderr
    servers: set[Server] = set()
    count = TableCount(max_tables)  # every connection's tables, against one cap
    # an engine that cannot take calls from several connections at once takes them in turn
    turns = None if getattr(impl, "concurrent_tables", False) is True else threading.Lock()
    tls = None
    if certfile:
        tls = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        tls.load_cert_chain(certfile, keyfile)

    async def connection(ws) -> None:
        server = Server(impl, idle=idle, max_line=max_line, private=True, count=count, engine_turns=turns)
        servers.add(server)
        try:
            async for message in ws:
                if isinstance(message, bytes):
                    reply = dumps(bad_request(None, INVALID_REQUEST, BINARY))
                elif not message.strip():  # as a blank line over stdio: nothing to answer
                    continue
                else:  # off the loop; the next message is read once this one is answered, so they keep their order
                    reply = await loop.run_in_executor(None, server.reply, message)
                if reply is not None:
                    await ws.send(reply[:-1], text=True)
        except ConnectionClosed:  # dropped, half-closed, or a frame over the limit: its tables go with it
            pass
        finally:
            servers.discard(server)
            await asyncio.to_thread(server.close_all)  # an engine call: it may wait for its turn

    def admit(ws, request):
        if len(ws.server.connections) > max_connections:
            return ws.respond(HTTPStatus.SERVICE_UNAVAILABLE, f"at most {max_connections} connections\n")
        return None

    def expire_idle(connected: list[Server], now: float) -> None:
        for server in connected:
            server.expire(now, wait=False)  # a connection in the middle of a call expires its tables itself

    async def sweep() -> None:
        while True:
            await asyncio.sleep(min(SWEEP_EVERY, idle / 2))
            await asyncio.to_thread(expire_idle, list(servers), time.monotonic())  # closing a table is an engine call

    _more_files()
    loop = asyncio.get_running_loop()
    stop = stop or loop.create_future()
    for signum in (signal.SIGTERM, signal.SIGINT):
        try:
            loop.add_signal_handler(signum, lambda: stop.done() or stop.set_result(None))
        except (NotImplementedError, RuntimeError, ValueError):  # not the main thread (a test), or no signals here
            pass
    async with websocket_serve(
        connection,
        host,
        port,
        max_size=max_line,
        compression=None,
        ssl=tls,
        process_request=admit,
        origins=None if "*" in allow_origins else [None, *allow_origins],  # None: a client that sends no Origin
    ) as listening:
        bound = listening.sockets[0].getsockname()
        shown = f"[{bound[0]}]" if ":" in bound[0] else bound[0]
        url = f"{'wss' if tls else 'ws'}://{shown}:{bound[1]}/"
        print(url, file=out, flush=True)
        if is_loopback(host):
            print(
                f"casebook serve: listening on {url} (loopback only: other machines cannot connect; "
                f"--listen 0.0.0.0:{bound[1]} opens it to them)",
                file=err,
                flush=True,
            )
        else:
            print(
                f"casebook serve: listening on {url}, open to the network: whoever reaches this port can open "
                f"tables{'' if tls else '; no TLS (give --certfile/--keyfile, or put a TLS proxy in front)'}",
                file=err,
                flush=True,
            )
        sweeper = asyncio.create_task(sweep()) if idle else None
        await stop
        if sweeper:
            sweeper.cancel()


def listen(impl, address: str, **options) -> int:
    host, port = parse_listen(address)
    try:
        asyncio.run(serve_websocket(impl, host, port, **options))
    except OSError as exc:
        print(f"casebook serve: cannot listen on {host}:{port}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    return 0


# -- a server in a child process, for a benchmark, a test or a script ------------------------------
def read_address(proc, wait: float = 60.0, prefix: bytes = b"ws") -> str:
    """The first line ``proc`` prints on stdout that starts with ``prefix``: the address it listens on."""
    import select

    end = time.monotonic() + wait
    while time.monotonic() < end:
        if proc.poll() is not None:
            raise RuntimeError(
                f"the server exited ({proc.returncode}): {proc.stderr.read().decode(errors='replace')[-2000:]}"
            )
        if select.select([proc.stdout], [], [], 0.2)[0]:
            line = proc.stdout.readline()
            if line.startswith(prefix):
                return line.decode().strip()
    raise RuntimeError(f"the server printed no address within {wait:g} s")


@contextlib.contextmanager
def listening(argv: list[str], cwd=None, env=None, prefix: bytes = b"ws"):
    """Start ``argv`` (a server that prints its address first), yield (address, process), stop it by its PID."""
    proc = subprocess.Popen(
        argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=cwd, env=env, start_new_session=True
    )
    try:
        yield read_address(proc, prefix=prefix), proc
    finally:
        if proc.poll() is None:
            os.kill(proc.pid, signal.SIGTERM)
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                os.kill(proc.pid, signal.SIGKILL)
                proc.wait()
        proc.stdout.close()
        proc.stderr.close()


def served(spec: str = "reference", *options: str, env=None):
    """``casebook serve --listen 127.0.0.1:0 --impl SPEC`` in a child process: yields (ws://… address, process)."""
    return listening(
        [sys.executable, "-m", "casebook.cli", "serve", "--impl", spec, "--listen", "127.0.0.1:0", *options], env=env
    )
