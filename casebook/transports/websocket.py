"""The WebSocket transport, client side: an engine that is a game server, one JSON-RPC message per text frame.

``--impl ws://host:port/path`` (or ``wss://``: TLS, checked against the
system's certificate authorities, or the file named by ``SSL_CERT_FILE``).
One connection per run hosts many tables; a dropped connection fails the
requests in flight (``crashed``: the scenario in flight fails, by name) and
the next call connects afresh, its tables gone.

The ``websockets`` library does the handshake, the framing, the pongs and
the close, in its sans-I/O form: the socket is read and written here, in
the calling thread, as the stdio pipes are (``casebook.wire.readable``).  A
reader thread would cost a thread switch per answer, more than the round
trip on loopback.  So every wait is cut at the call's timeout and at the
run's deadline, a request the server does not read is a timeout, and at
most one message of ``max_line`` bytes is held (a longer one:
``too_large``).  Frames are uncompressed (a loopback or a LAN gains nothing
from it, and a bound on a compressed frame is not a bound on memory), and
no pings are sent: the per-call timeout already says when a server stopped
answering.
"""

from __future__ import annotations

import atexit
import collections
import select
import socket
import ssl
import time

from websockets.client import ClientProtocol
from websockets.exceptions import InvalidURI, PayloadTooBig
from websockets.frames import Frame, Opcode
from websockets.http11 import Response
from websockets.protocol import State
from websockets.uri import parse_uri

from casebook.errors import DriverFailure
from casebook.names import brief
from casebook.transports.client import Client
from casebook.transports.rpc import Fault, send_all
from casebook.wire import CHUNK, EOF, TooLong, readable

CLOSE_TIMEOUT = 2.0  # seconds a polite close waits for the server's closing frame
WOULD_BLOCK = (BlockingIOError, ssl.SSLWantReadError, ssl.SSLWantWriteError)


class SocketChannel:
    """One WebSocket connection to the server."""

    def __init__(self, url: str, max_line: int):
        self.url, self.max_line = url, max_line
        self.sock: socket.socket | None = None
        self.frames: collections.deque = collections.deque()  # received, not yet taken
        self.parts: list[bytes] | None = None  # the fragments of a message not yet whole
        self.binary = False

    # -- the connection's life -------------------------------------------------------------
    def open(self, until: float) -> None:
        def cannot(why) -> DriverFailure:
            return DriverFailure(
                "cannot_start",
                f"cannot connect to {brief(self.url, 200)}: {brief(str(why) or type(why).__name__, 300)}",
            )

        try:
            uri = parse_uri(self.url)
        except InvalidURI as exc:
            raise cannot(exc) from None
        try:
            sock = socket.create_connection((uri.host, uri.port), timeout=max(0.1, until - time.monotonic()))
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)  # a request is one small write: send it now
            if uri.secure:  # the TLS handshake under the same timeout
                sock = ssl.create_default_context().wrap_socket(sock, server_hostname=uri.host)
        except OSError as exc:  # refused, unreachable, timed out, a certificate nobody vouches for
            raise cannot(exc) from None
        sock.setblocking(False)
        self.sock, self.protocol = sock, ClientProtocol(uri, max_size=self.max_line)
        self.poller, self.both = select.poll(), select.poll()  # answers to read; or room to write
        self.poller.register(sock, select.POLLIN)
        self.both.register(sock, select.POLLIN | select.POLLOUT)
        self.protocol.send_request(self.protocol.connect())
        try:
            self._flush(until, "the handshake")
            while not any(isinstance(event, Response) for event in self.frames):
                if not self._pull(until):
                    raise Fault("timeout", "no answer to the handshake in time")
                if self.protocol.state is State.CLOSED and not self.frames:
                    raise Fault("crashed", "the server closed the connection during the handshake")
        except Fault as fault:
            self.close(polite=False)
            raise cannot(fault.detail) from None
        if self.protocol.handshake_exc is not None:
            self.close(polite=False)
            raise cannot(self.protocol.handshake_exc)
        while self.frames and not isinstance(self.frames[0], Frame):
            self.frames.popleft()  # the handshake's response

    def close(self, polite: bool) -> None:
        if self.sock is None:
            return
        if polite and self.protocol.state is State.OPEN:  # a closing frame, and a moment for the server's
            try:
                self.protocol.send_close()
                until = time.monotonic() + CLOSE_TIMEOUT
                self._flush(until, "close")
                while self.protocol.state is not State.CLOSED and self._pull(until):
                    self.frames.clear()
            except Fault:
                pass
        self.sock.close()
        self.sock = None

    def ended(self) -> str:
        rcvd = self.protocol.close_rcvd
        if rcvd is not None:
            reason = f": {brief(rcvd.reason, 200)}" if rcvd.reason else ""
            return f"the server closed the connection (code {rcvd.code}{reason})"
        return "the connection dropped (no closing frame)"

    def tail(self) -> str:
        return ""

    # -- one message each way --------------------------------------------------------------
    def write(self, data: bytes, until: float, method: str) -> None:
        if self.protocol.state is not State.OPEN:
            raise Fault("crashed", f"{self.ended()} before {method}")
        self.protocol.send_text(data[:-1])  # the line without its newline: the frame is the message
        self._flush(until, method)

    def read(self, until: float):
        """One answer as bytes; ``TooLong``; ``EOF`` once the connection is closed; ``None`` at ``until``."""
        while True:
            while self.frames:
                message = self._take(self.frames.popleft())
                if message is not None:
                    return message
            if self.protocol.state is State.CLOSED or self.protocol.close_rcvd is not None:
                problem = self.protocol.parser_exc
                if isinstance(problem, PayloadTooBig):
                    return TooLong(self.max_line + 1)
                if isinstance(problem, UnicodeDecodeError):
                    raise Fault("not_json", "an answer frame that is not UTF-8")
                if problem is not None and not isinstance(problem, EOFError):
                    raise Fault("out_of_protocol", f"a broken frame: {brief(str(problem), 200)}")
                return EOF
            if not self._pull(until):
                return None

    def _take(self, frame):
        """A whole text message from the frames as they come (``None`` until one is whole)."""
        if not isinstance(frame, Frame) or frame.opcode not in (Opcode.TEXT, Opcode.BINARY, Opcode.CONT):
            return None  # pings are answered by the protocol, pongs and the close are its business
        if frame.opcode is not Opcode.CONT:
            self.parts, self.binary = [], frame.opcode is Opcode.BINARY
        self.parts.append(frame.data)
        if not frame.fin:
            return None
        message, self.parts = b"".join(self.parts), None
        if self.binary:
            raise Fault("out_of_protocol", f"a binary frame of {len(message)} bytes: answers are text frames")
        return message

    # -- the socket ----------------------------------------------------------------------------
    def _pull(self, until: float) -> bool:
        """Wait for bytes until ``until`` (``False`` if none came), give them to the protocol, send what it answers."""
        pending = isinstance(self.sock, ssl.SSLSocket) and self.sock.pending()
        if not pending and not readable(self.poller, max(0.0, until - time.monotonic())):
            return False
        self._receive()
        return True

    def _pump(self) -> None:
        if self.poller.poll(0):
            self._receive(answer=False)

    def _receive(self, answer: bool = True) -> None:
        """Read what came into the protocol; ``answer``: send what it answers (not while a send is under way)."""
        try:
            data = self.sock.recv(CHUNK)
        except WOULD_BLOCK:
            return
        except OSError:  # reset by the peer
            data = b""
        if data:
            self.protocol.receive_data(data)
        else:
            self.protocol.receive_eof()
        self.frames.extend(self.protocol.events_received())
        if answer:
            try:
                self._flush(
                    time.monotonic(), "a pong"
                )  # pongs and the closing frame's echo go now, or with the next request
            except Fault:
                pass

    def _flush(self, until: float, what: str) -> None:
        """Send what the protocol has to send without blocking past ``until``; read meanwhile (a server may
        be waiting for room to answer before it reads on)."""
        chunks = self.protocol.data_to_send()
        try:
            send_all(
                self.sock.send,
                b"".join(chunks),
                until,
                lambda left: self.both.poll(left * 1000),
                self._pump,
                WOULD_BLOCK,
            )
        except TimeoutError:
            raise Fault("timeout", f"the server did not read {what} in time") from None
        except OSError:
            raise Fault("crashed", f"the connection broke before {what}") from None
        if chunks and chunks[-1] == b"":  # the protocol ends our half of the connection
            try:
                self.sock.shutdown(socket.SHUT_WR)
            except OSError:
                pass


class WebSocketImplementation(Client):
    """Speaks JSON-RPC 2.0 to the server at ``url``, one message per text frame."""

    engine = "the server"

    def __init__(self, url: str, timeout: float | None = None, **limits):
        super().__init__(**({"timeout": timeout} if timeout is not None else {}), **limits)
        self.url = url
        atexit.register(self.shutdown)

    def _channel(self) -> SocketChannel:
        return SocketChannel(self.url, self.max_line)


__all__ = ["WebSocketImplementation", "SocketChannel"]
