"""The WebSocket transport, client side: an engine that is a game server, one JSON-RPC message per text frame.

``--impl ws://host:port/path`` (or ``wss://``: TLS, checked against the
system's certificate authorities, or the file named by ``SSL_CERT_FILE``).
One connection per run hosts many tables; a dropped connection fails the
requests in flight (``crashed``: the scenario in flight fails, by name) and
the next call connects afresh, its tables gone.

The ``websockets`` library does the handshake, the framing and the close;
its reader thread holds at most one message of ``max_line`` bytes (a
longer one closes the connection: ``too_large``).  Frames are uncompressed
(a loopback or a LAN gains nothing from it, and a bound on a compressed
frame is not a bound on memory), and no keep-alive pings are sent: the
per-call timeout already says when a server stopped answering.  A request
that the server does not read is a timeout too: the socket's send waits at
most the call's timeout (``SO_SNDTIMEO``).
"""

from __future__ import annotations

import atexit
import socket
import struct
import time

from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI
from websockets.sync.client import connect

from casebook.errors import DriverFailure
from casebook.names import brief
from casebook.transports.client import Client, Fault
from casebook.wire import EOF, TooLong

CLOSE_TIMEOUT = 2.0  # seconds a polite close waits for the server's closing frame
# Close codes (RFC 6455 §7.4.1) the client itself sends when an answer breaks a bound.
MESSAGE_TOO_BIG, INVALID_DATA = 1009, 1007


def _send_timeout(sock: socket.socket, seconds: float) -> None:
    """A blocking send on ``sock`` gives up after ``seconds`` (the library's sends have no timeout of their own)."""
    whole = int(seconds)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDTIMEO, struct.pack("ll", whole, int((seconds - whole) * 1e6)))
    except (OSError, struct.error):  # pragma: no cover - a platform without it: sends are not cut
        pass


def _closed(exc: ConnectionClosed) -> str:
    """How a closed connection is told in a failure: who closed it, and why."""
    if exc.rcvd is not None:
        reason = f": {brief(exc.rcvd.reason, 200)}" if exc.rcvd.reason else ""
        return f"the server closed the connection (code {exc.rcvd.code}{reason})"
    return "the connection dropped (no closing frame)"


class SocketChannel:
    """One WebSocket connection to the server."""

    def __init__(self, url: str, max_line: int, timeout: float):
        self.url, self.max_line, self.timeout = url, max_line, timeout
        self.ws = None
        self.end: str | None = None

    def open(self, until: float) -> None:
        try:
            # entered as a context manager would (the library's way since 17.1), closed by close() below
            self.ws = connect(self.url, open_timeout=max(0.1, until - time.monotonic()), max_size=self.max_line,
                              compression=None, ping_interval=None, close_timeout=CLOSE_TIMEOUT).__enter__()
        except (OSError, TimeoutError, InvalidHandshake, InvalidURI, ValueError) as exc:
            raise DriverFailure("cannot_start", f"cannot connect to {brief(self.url, 200)}: "
                                                f"{brief(str(exc) or type(exc).__name__, 300)}") from None
        _send_timeout(self.ws.socket, self.timeout)

    def write(self, data: bytes, until: float, method: str) -> None:
        try:
            self.ws.send(data[:-1], text=True)  # the line without its newline: the frame is the message
        except ConnectionClosed as exc:
            if isinstance(exc.__cause__, (BlockingIOError, TimeoutError)):
                raise Fault("timeout", f"the server did not read the {method} request in time") from None
            raise Fault("crashed", f"{_closed(exc)} before {method}") from None

    def read(self, until: float):
        """One answer as bytes; ``None`` at ``until``; ``EOF`` once the connection is closed."""
        try:
            message = self.ws.recv(timeout=max(0.0, until - time.monotonic()))
        except TimeoutError:
            return None
        except ConnectionClosed as exc:
            sent = exc.sent.code if exc.sent is not None and exc.rcvd is None else None
            if sent == MESSAGE_TOO_BIG:
                return TooLong(self.max_line + 1)
            if sent == INVALID_DATA:
                raise Fault("not_json", "an answer frame that is not UTF-8") from None
            self.end = _closed(exc)
            return EOF
        if isinstance(message, bytes):
            raise Fault("out_of_protocol", f"a binary frame of {len(message)} bytes: answers are text frames")
        return message.encode("utf-8", "surrogatepass")

    def ended(self) -> str:
        return self.end or "the connection closed"

    def tail(self) -> str:
        return ""

    def close(self, polite: bool) -> None:
        if self.ws is None:
            return
        if not polite:  # a server that broke a bound gets no closing handshake to wait for
            try:
                self.ws.socket.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
        self.ws.close()


class WebSocketImplementation(Client):
    """Speaks JSON-RPC 2.0 to the server at ``url``, one message per text frame."""

    engine = "the server"

    def __init__(self, url: str, timeout: float | None = None, **limits):
        super().__init__(**({"timeout": timeout} if timeout is not None else {}), **limits)
        self.url = url
        atexit.register(self.shutdown)

    def _channel(self) -> SocketChannel:
        return SocketChannel(self.url, self.max_line, self.timeout)


__all__ = ["WebSocketImplementation", "SocketChannel"]