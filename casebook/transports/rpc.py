"""JSON-RPC 2.0 over any channel: the framing, the handshake, requests in flight, and faults by name.

One engine (a process, a connection) hosts many tables.  The client must
survive a badly behaved engine, and always finish.  Each fault becomes a
``DriverFailure`` naming its cause; the channel is then closed and opened
afresh on the next call (tables of the dead process or connection are gone):

``crashed``          it exited or closed its end (a process's pipes, a connection)
``timeout``          no answer within the per-call timeout
``deadline``         the run's overall deadline passed (``deadline=``, or
                     ``CASEBOOK_DEADLINE`` in the environment: ``casebook verify`` sets it)
``not_json``         an answer that is not UTF-8 JSON (NaN, a stray print, bytes)
``too_large``        an answer longer, deeper or with longer integers than ``casebook.wire`` allows
``out_of_protocol``  JSON, but not the answer asked for (wrong id, a hello without games…)
``protocol_version`` a major protocol version other than ours
``cannot_start``     the command does not run, or the server cannot be reached

Requests may be in flight together: each is written at once and its answer
read when the caller takes it, or when a later answer is needed, in the
order asked.  A fault then fails every request in flight by its name.

A channel (``casebook.transports.stdio``, ``casebook.transports.websocket``)
only carries messages: ``open``, ``write`` one request, ``read`` one answer
within a time, ``close``.  Everything about JSON-RPC is here, once; the
driver protocol's calls are ``casebook.transports.client``.
"""

from __future__ import annotations

import collections
import time
from typing import Protocol

from casebook import settings
from casebook.errors import ERRORS, DriverFailure, GameError, Unsupported, error_from_json
from casebook.names import brief
from casebook.contract import check_hello
from casebook.wire import EOF, MAX_LINE, TooLong, WireError, dumps, parse

DEFAULT_TIMEOUT = 10.0
OPTIONAL_METHODS = ("describe", "step")  # an engine may lack these: JSON-RPC's "method not found" means unsupported
METHOD_NOT_FOUND = -32601
START_TIMEOUT = 15.0  # the handshake also pays for the engine's start-up (imports on a cold, busy machine)


class Fault(Exception):
    """A channel's fault (``cause``, ``detail``): the client fails every request in flight with it."""

    def __init__(self, cause: str, detail: str):
        super().__init__(detail)
        self.cause, self.detail = cause, detail


class Channel(Protocol):
    """Carries one message at a time each way; never waits past the instant it is given."""

    def open(self, until: float) -> None: ...  # start the process, or connect; DriverFailure("cannot_start")
    def write(self, data: bytes, until: float, method: str) -> None: ...  # one request (a JSON line); Fault
    def read(self, until: float): ...  # one answer (bytes), TooLong, EOF, or None at ``until``
    def ended(self) -> str: ...  # after EOF: how it ended ("the engine exited (code 3)")
    def tail(self) -> str: ...  # what the engine said on the side (stderr), for failure messages
    def close(self, polite: bool) -> None: ...  # polite: give it a moment to end by itself


def send_all(send, data: bytes, until: float, room, pump, blocked: tuple = (BlockingIOError,)) -> None:
    """Write ``data`` with ``send`` (non-blocking: it raises one of ``blocked`` when full)
    and never wait past ``until``.

    While the peer does not read, ``room(seconds)`` waits for room and ``pump()`` reads
    what the peer wrote meanwhile: a peer blocked on writing its answers would never
    read on.  ``TimeoutError`` at ``until``; any other ``OSError`` as ``send`` raised it.
    """
    view = memoryview(data)
    while view:
        try:
            view = view[send(view) :]
            continue
        except blocked:
            pass
        left = until - time.monotonic()
        if left <= 0:
            raise TimeoutError
        room(left)
        pump()


def env_deadline() -> float | None:
    """The deadline from the environment, as a ``time.monotonic()`` instant."""
    text = settings.DEADLINE.get()  # seconds since the epoch after which no call waits any more
    try:
        at = float(text) if text else None
    except ValueError:
        return None
    return None if at is None else time.monotonic() + (at - time.time())


def frame(rid: int, method: str, params: dict) -> bytes:
    """One request, as the wire carries it: a JSON-RPC 2.0 object on one line."""
    return dumps({"jsonrpc": "2.0", "id": rid, "method": method, "params": params})


class NoSuchMethod(Unsupported):
    """The engine answered "method not found" to an optional call (``describe``, ``step``)."""


class Sent:
    """A request written to the engine: its answer is read when a caller needs it or a later one.

    Answers come in the order asked, so reading the answer to one request
    first reads (and settles) every earlier one.  ``result()`` returns the
    settled value or raises what the answer meant (a typed refusal, a fault).
    """

    __slots__ = ("client", "rid", "method", "until", "cause", "wait", "settle", "refused", "settled", "value", "error")

    def __init__(
        self, client: "Session", rid: int, method: str, until: float, cause: str, wait: float, settle, refused
    ):
        self.client, self.rid, self.method, self.until, self.cause, self.wait = client, rid, method, until, cause, wait
        self.settle, self.refused = settle, refused
        self.settled, self.value, self.error = False, None, None

    def result(self):
        while not self.settled:
            self.client._read_answer()
        if self.error is not None:
            raise self.error
        return self.value


class Session:
    """JSON-RPC 2.0 over ``self.channel`` (made by ``_channel()``): the handshake, requests in flight, faults."""

    engine = "the engine"  # how failure messages name the other end

    def __init__(self, timeout: float = DEFAULT_TIMEOUT, *, deadline: float | None = None, max_line: int = MAX_LINE):
        """``deadline``: seconds from now after which every call fails (default: ``CASEBOOK_DEADLINE``)."""
        self.timeout = timeout
        self.deadline = time.monotonic() + deadline if deadline is not None else env_deadline()
        self.max_line = max_line
        self.channel: Channel | None = None  # open while not None
        self.restarts = 0
        self._ids = 0
        self._hello: dict | None = None
        self._generation = 0  # bumped at each start; tables carry the generation they live in
        self._unread: set[int] = set()  # ids of requests sent without waiting (close): their answers are skipped
        self._inflight: collections.deque[Sent] = collections.deque()  # requests whose answers are unread, oldest first

    def _channel(self) -> Channel:  # pragma: no cover - each transport makes its own
        raise NotImplementedError

    def _started(self) -> None:
        """A new process or connection: what a subclass kept of the old one is forgotten here."""

    # -- the channel's life -------------------------------------------------------
    def _check_deadline(self, method: str) -> None:
        if self.deadline is not None and time.monotonic() >= self.deadline:
            raise DriverFailure("deadline", f"the run's overall deadline has passed; {method} not sent")

    def _start(self) -> None:
        self._check_deadline("hello")
        channel = self._channel()
        channel.open(time.monotonic() + max(self.timeout, START_TIMEOUT))
        self.channel = channel
        self._generation += 1
        self._unread = set()  # answers of the process that died are never coming
        self._inflight = collections.deque()
        self._started()
        hello = self._call("hello", {}, timeout=max(self.timeout, START_TIMEOUT))
        try:
            self._hello = check_hello(hello)
        except DriverFailure:
            self._close(polite=False)
            raise

    def _close(self, polite: bool, failure: DriverFailure | None = None) -> None:
        while self._inflight:  # their answers are lost with the channel
            lost = self._inflight.popleft()
            lost.error = failure or DriverFailure(
                "crashed", f"{self.engine} was stopped before it answered {lost.method}"
            )
            lost.settled = True
        channel, self.channel = self.channel, None
        if channel is not None:
            channel.close(polite)

    def shutdown(self) -> None:
        self._close(polite=True)

    def _fail(self, cause: str, detail: str) -> DriverFailure:
        """Close the channel for a fault; every request still in flight fails with it (their answers are lost)."""
        tail = self.channel.tail() if self.channel is not None else ""
        failure = DriverFailure(cause, detail + (f"\nengine stderr:\n{tail}" if tail else ""))
        self._close(False, failure)
        self.restarts += 1
        return failure

    # -- one call -------------------------------------------------------------------
    def _until(self, timeout: float | None) -> tuple[float, str, float]:
        wait = timeout or self.timeout
        until, cause = time.monotonic() + wait, "timeout"
        if self.deadline is not None and self.deadline < until:
            until, cause = self.deadline, "deadline"
        return until, cause, wait

    def _write(self, data: bytes, until: float, method: str) -> None:
        try:
            self.channel.write(data, until, method)
        except Fault as fault:
            raise self._fail(fault.cause, fault.detail) from None

    def _ask(self, method: str, params: dict, settle=None, refused=None, timeout: float | None = None) -> Sent:
        """Write one request now; its answer is read by the first call that needs it (see ``Sent``).

        ``settle(result)`` turns the wire's result into the caller's answer (shape checks, what
        came along kept); it runs when the answer is read, in the order asked, and
        ``refused(error)`` when the answer is a typed refusal.
        """
        self._check_deadline(method)
        if self.channel is None:
            self._start()
        until, cause, wait = self._until(timeout)
        self._ids += 1
        sent = Sent(self, self._ids, method, until, cause, wait, settle, refused)
        self._write(frame(sent.rid, method, params), until, method)
        self._inflight.append(sent)
        return sent

    def _tell(self, method: str, params: dict) -> None:
        """Write one request whose answer nobody waits for: it is skipped when it comes, error or not."""
        self._check_deadline(method)
        self._ids += 1
        self._unread.add(self._ids)
        self._write(frame(self._ids, method, params), self._until(None)[0], method)

    def _call(self, method: str, params: dict, timeout: float | None = None):
        return self._ask(method, params, timeout=timeout).result()

    def _read_answer(self) -> None:
        """Read the answer to the oldest request in flight and settle it;
        a broken answer fails every request in flight."""
        sent = self._inflight[0]
        method, rid = sent.method, sent.rid
        while True:
            try:
                line = self.channel.read(sent.until)
            except Fault as fault:
                raise self._fail(fault.cause, f"answer to {method}: {fault.detail}") from None
            if line is None:
                what = (
                    f"no answer to {method} within {sent.wait:g} s"
                    if sent.cause == "timeout"
                    else f"the run's deadline passed during {method}"
                )
                raise self._fail(sent.cause, what)
            if line is EOF:
                raise self._fail("crashed", f"{self.channel.ended()} during {method}")
            if isinstance(line, TooLong):
                raise self._fail("too_large", f"answer to {method}: more than {self.max_line} bytes")
            try:
                answer = parse(line, max_line=self.max_line)
            except WireError as exc:
                raise self._fail(
                    exc.kind, f"answer to {method}: {exc.message}: {brief(line.decode('utf-8', 'replace'), 200)}"
                ) from None
            if isinstance(answer, dict) and type(answer.get("id")) is int and answer["id"] in self._unread:
                self._unread.discard(answer["id"])  # the answer to a close sent without waiting: dropped, error or not
                continue
            break
        if (
            not isinstance(answer, dict)
            or answer.get("jsonrpc") != "2.0"
            or type(answer.get("id")) is not int
            or answer["id"] != rid
        ):
            raise self._fail(
                "out_of_protocol", f"answer to {method} #{rid} is {brief(line.decode('utf-8', 'replace'), 200)}"
            )
        self._inflight.popleft()
        try:
            if "error" in answer:
                error = self._refusal(method, answer["error"])
                if isinstance(error, GameError) and sent.refused is not None:
                    sent.refused(error)
                raise error
            if "result" not in answer:
                raise self._fail("out_of_protocol", f"answer to {method} has neither result nor error")
            sent.value = answer["result"] if sent.settle is None else sent.settle(answer["result"])
        except (GameError, DriverFailure) as exc:
            sent.error = exc
        sent.settled = True

    def _refusal(self, method: str, error) -> Exception:
        """What an error answer means for the caller: a typed refusal, an optional call missing, or an engine error."""
        data = error.get("data") if isinstance(error, dict) else None
        # "method not found" first: a server may also type it as bad_request in data
        if method in OPTIONAL_METHODS and isinstance(error, dict) and error.get("code") == METHOD_NOT_FOUND:
            return NoSuchMethod(f"{self.engine} does not offer {method}")
        if isinstance(data, dict) and data.get("code") in ERRORS:
            return error_from_json({**data, "message": brief(str(data.get("message", "")), 2000)})
        return DriverFailure("engine_error", f"{method}: {brief(error, 300)}")

    def _shaped(self, method: str, key: str | None = None, kind: type | tuple = dict):
        """A ``settle`` that checks a result's shape: ``result[key]`` (or the result) of ``kind``."""

        def settle(result):
            if key is not None:
                if not isinstance(result, dict) or key not in result:
                    raise self._fail("out_of_protocol", f"{method} answered {brief(result, 200)}, expected a {key!r}")
                result = result[key]
            if not isinstance(result, kind) or isinstance(result, bool):
                expected = " or ".join(k.__name__ for k in (kind if isinstance(kind, tuple) else (kind,)))
                raise self._fail("out_of_protocol", f"{method} answered a {type(result).__name__}, expected {expected}")
            return result

        return settle

    def _result(self, method: str, params: dict, key: str | None = None, kind: type | tuple = dict):
        return self._ask(method, params, self._shaped(method, key, kind)).result()

    # -- tables ---------------------------------------------------------------------
    def _table_id(self, table: str) -> str:
        return f"{self._generation}:{table}"

    def _remote(self, table: str) -> str:
        generation, _, remote = str(table).partition(":")
        if generation != str(self._generation) or self.channel is None:
            raise DriverFailure("table_lost", f"table {table} died with an earlier {self.engine} process or connection")
        return remote

    def hello(self) -> dict:
        if self._hello is None or self.channel is None:
            self._start()
        return self._hello
