"""Serve any in-process implementation over stdio: JSON-RPC 2.0, one message per line.

``casebook serve`` runs this for the reference.  Requests::

    {"jsonrpc": "2.0", "id": 1, "method": "new", "params": {"game": "cluedo_drei", "options": {...}}}

Results are the in-process return values (``new``/``load`` → ``{"table": id}``,
``apply`` → ``{"events": [...]}``, ``step`` → ``{"events": [...], "legal": {...}}``
plus ``"state"`` and ``"views"`` when asked with ``"state": true``, ``"views": true``).
A refused ``step`` that asked for the state carries it in its error's
``data.state`` (what a client looks at next, after a refusal).
``legal`` may name an ``actor`` and ``apply``/``step`` a ``viewer``: the player's
forms (their own moves, events redacted for them).  ``describe`` and ``step``
are optional for an engine: the server answers them from the other calls when
the implementation has none.  A rejected request answers with an error object
whose ``data.code`` is the protocol's error name (``illegal_action`` …).

One process hosts every table of a run, so no line may stop it.  The line is
read as bytes; whatever arrives is answered, then the next line is read:

=====================================================  ===========================================================
what arrives                                           the answer
=====================================================  ===========================================================
not UTF-8, not JSON, ``NaN``/``Infinity``              -32700, ``id`` null
over ``--max-line`` bytes (skipped, never kept)        -32600, ``id`` null
nested over 100 deep, a number of over 40 digits       -32600, ``id`` null
not an object, a batch, an ``id`` of another type      -32600, ``id`` null (an ``id`` is a string, an integer or null)
no ``"jsonrpc": "2.0"``, a ``method`` not a string     -32600, with its ``id``
a method the server does not have                      -32601
``params`` not an object; unknown, missing, mistyped   -32602, ``data.code`` ``bad_request``
a request the engine refuses                           -32000, ``data.code`` its typed error (``illegal_action`` …)
an engine bug                                          -32000, ``data.code`` ``internal_error``
a notification (no ``id``)                             nothing, even when it fails (JSON-RPC 2.0 §4.1)
=====================================================  ===========================================================

A message quotes a bad value in a few dozen characters, never whole.  The
params of each method, with their types, are the table ``METHODS``.

Optionally (``casebook serve --max-tables N --idle-timeout SECONDS``) the
server caps its open tables: ``new``/``load`` beyond the cap are refused with
``data.code`` ``table_limit``; and it closes a table left without a call for
that long: a later call on it is a ``bad_request`` that says so.  That clock
is the server's, never a game's.
"""

from __future__ import annotations

import collections
import contextlib
import sys
import threading
import time
from dataclasses import dataclass
from typing import IO, Callable

from casebook.errors import BadRequest, GameError, TableLimit
from casebook.names import brief
from casebook.protocol import Implementation, describe, player_legal, redact_events, step
from casebook.wire import EOF, MAX_LINE, LineReader, TooLong, WireError, dumps, parse

# JSON-RPC codes for our typed errors; ``data.code`` carries the protocol's name.
GAME_ERROR = -32000
PARSE_ERROR = -32700
INVALID_REQUEST = -32600
METHOD_NOT_FOUND = -32601
INVALID_PARAMS = -32602

MAX_ID = 256  # characters of a string id: an id is echoed in the answer, so it stays small
MAX_MESSAGE = 1000  # characters of an error message (an engine's too)
REMEMBER_EXPIRED = 10_000  # expired table ids kept, to tell "expired" from "never was"


@dataclass(frozen=True)
class Param:
    name: str
    types: tuple[type, ...]  # the Python types of the JSON values accepted
    required: bool = True

    def kind(self) -> str:
        names = {
            str: "a string",
            dict: "an object",
            list: "an array",
            int: "an integer",
            bool: "true or false",
            type(None): "null",
        }
        return " or ".join(names[t] for t in self.types)


@dataclass(frozen=True)
class Method:
    params: tuple[Param, ...] = ()
    wrap: Callable | None = None  # the in-process result → the wire's (None: as it is)
    opens: bool = False  # answers a new table id
    closes: bool = False  # forgets its table


GAME = Param("game", (str,))
TABLE = Param("table", (str,))
ACTOR = Param("actor", (str,))
ACTION = Param("action", (dict,))
VIEWER = Param("viewer", (str, type(None)), required=False)  # a player's form: events as they see them


def _table(table_id):
    return {"table": table_id}


def _nothing(_):
    return {}


# The wire's methods: one row each.  Names, order and types of the params are checked here,
# so an implementation only ever sees the types the protocol promises.
METHODS: dict[str, Method] = {
    "hello": Method(),
    "new": Method((GAME, Param("options", (dict,))), _table, opens=True),
    "load": Method((GAME, Param("state", (dict,))), _table, opens=True),
    "state": Method((TABLE,)),
    "view": Method((TABLE, Param("player", (str, type(None)), required=False))),
    "legal": Method((TABLE, Param("actor", (str, type(None)), required=False))),
    "apply": Method((TABLE, ACTOR, ACTION, VIEWER)),
    "close": Method((TABLE,), _nothing, closes=True),
    "describe": Method((GAME,)),
    "step": Method(
        (
            TABLE,
            ACTOR,
            ACTION,
            VIEWER,
            Param("state", (bool, type(None)), required=False),
            Param("views", (bool, type(None)), required=False),
        )
    ),
}


def _dispatch(impl: Implementation, name: str, args: list):
    """One request on the implementation; the player's forms and the optional calls need nothing more of it."""
    if name == "describe":
        return describe(impl, *args)
    if name == "legal":
        table, actor = args
        legal = impl.legal(table)
        return legal if actor is None else player_legal(legal, actor)
    if name in ("apply", "step"):
        table, actor, action, viewer, *wanted = args
        referee = viewer is None  # the state and everyone's views are for the referee only
        if name == "step":
            with_state = referee and wanted[0] is True
            try:
                result = step(
                    impl, table, actor, action, with_state=with_state, with_views=referee and wanted[1] is True
                )
            except GameError as exc:  # refused: the state comes along all the same, for the look that follows
                if with_state:
                    try:
                        exc.data = {"state": impl.state(table)}
                    except GameError:  # no such table: the refusal says so already
                        pass
                raise
        else:
            result = {"events": impl.apply(table, actor, action)}
        if not referee:  # a player's client: events as they see them, their own moves, never the state
            result["events"] = redact_events(result["events"], viewer)
            if result.get("legal") is not None:
                result["legal"] = player_legal(result["legal"], viewer)
        return result
    return getattr(impl, name)(*args)


class RequestError(Exception):
    """A line refused before the implementation saw it."""

    def __init__(self, code: int, message: str, rid=None):
        super().__init__(message)
        self.code, self.message, self.rid = code, message, rid


def _valid_id(rid) -> bool:
    # bool is an int in Python, not in JSON-RPC; floats (NaN/Infinity never parse) are refused too.
    return rid is None or type(rid) is int or (type(rid) is str and len(rid) <= MAX_ID)


def _error(rid, code: int, message: str, data: dict | None = None) -> dict:
    error = {"code": code, "message": brief(message, MAX_MESSAGE)}
    if data is not None:
        error["data"] = {**data, "message": brief(str(data.get("message", message)), MAX_MESSAGE)}
    return {"jsonrpc": "2.0", "id": rid, "error": error}


def bad_request(rid, code: int, message: str) -> dict:
    """An error for a request that never reached the engine: typed ``bad_request`` for the client."""
    return _error(rid, code, message, {"code": BadRequest.code, "message": message})


class TableCount:
    """The tables open on a whole server, against its cap (``None``: no cap).  Over WebSocket every connection's
    ``Server`` shares one, so ``--max-tables`` bounds the server, not each connection; their calls run in threads of
    their own, so a table is counted (``reserve``) before the engine opens it, under a lock."""

    def __init__(self, cap: int | None = None):
        self.cap, self.open = cap, 0
        self._lock = threading.Lock()

    def reserve(self) -> None:
        with self._lock:
            if self.cap is not None and self.open >= self.cap:
                raise TableLimit(f"this server hosts at most {self.cap} open tables: close one first")
            self.open += 1

    def release(self) -> None:
        with self._lock:
            self.open -= 1


class Server:
    """Answers request lines for one implementation; optionally caps and expires its tables."""

    def __init__(
        self,
        impl: Implementation,
        *,
        max_tables: int | None = None,
        idle: float | None = None,
        max_line: int = MAX_LINE,
        clock: Callable[[], float] = time.monotonic,
        private: bool = False,
        count: TableCount | None = None,
        engine_turns: contextlib.AbstractContextManager | None = None,
    ):
        """``private``: the implementation is shared with other servers (one per connection), and a
        call may name only a table this server opened: another connection's are not there.  ``count``: the
        tables open on the whole server, shared by those servers (else this server's own, capped at
        ``max_tables``).  ``engine_turns``: held around each engine call, where the servers sharing the
        implementation call it from threads of their own and it takes one call at a time (a lock)."""
        self.impl = impl
        self.idle, self.max_line, self.clock, self.private = idle, max_line, clock, private
        self.count = count or TableCount(max_tables)
        self.engine_turns = engine_turns or contextlib.nullcontext()
        # A call, and the sweep of idle tables, one at a time: over WebSocket a call runs in a thread while the
        # sweep runs on the event loop (re-entrant: a call expires idle tables first).
        self.busy = threading.RLock()
        self.tables: collections.OrderedDict[str, float] = collections.OrderedDict()  # id -> last call, oldest first
        self.expired: collections.OrderedDict[str, None] = collections.OrderedDict()

    # -- one line ---------------------------------------------------------------
    def handle(self, line: bytes | str) -> dict | None:
        """The answer to one line; ``None`` for a notification (no ``id``), which is never answered."""
        try:
            request = self._request(line)
        except RequestError as exc:
            return bad_request(exc.rid, exc.code, exc.message)
        rid, notification = request.get("id"), "id" not in request
        try:
            response = {"jsonrpc": "2.0", "id": rid, "result": self._call(request)}
        except RequestError as exc:
            response = bad_request(rid, exc.code, exc.message)
        except GameError as exc:
            response = _error(rid, GAME_ERROR, exc.message, exc.to_json())
        except Exception as exc:  # an engine bug must not kill the table server
            message = f"internal error: {type(exc).__name__}: {brief(str(exc), MAX_MESSAGE)}"
            response = _error(rid, GAME_ERROR, message, {"code": "internal_error", "message": message})
        return None if notification else response

    def _request(self, line: bytes | str) -> dict:
        """The request object, checked against JSON-RPC 2.0 §4; else ``RequestError``."""
        try:
            request = parse(line, max_line=self.max_line)
        except WireError as exc:
            raise RequestError(PARSE_ERROR if exc.kind == "not_json" else INVALID_REQUEST, exc.message) from None
        if isinstance(request, list):
            raise RequestError(INVALID_REQUEST, "batch requests are not supported: send one request a line")
        if not isinstance(request, dict):
            raise RequestError(INVALID_REQUEST, f"a request is a JSON object, got {brief(request)}")
        if not _valid_id(request.get("id")):
            raise RequestError(
                INVALID_REQUEST,
                f"id must be a string (≤ {MAX_ID} characters), an integer or null, got {brief(request['id'])}",
            )
        rid = request.get("id")
        if request.get("jsonrpc") != "2.0":
            raise RequestError(INVALID_REQUEST, 'not a JSON-RPC 2.0 request: "jsonrpc" must be "2.0"', rid)
        if not isinstance(request.get("method"), str):
            raise RequestError(INVALID_REQUEST, f"method must be a string, got {brief(request.get('method'))}", rid)
        return request

    def _call(self, request: dict):
        name = request["method"]
        method = METHODS.get(name)
        if method is None:
            raise RequestError(METHOD_NOT_FOUND, f"no method {brief(name)}; methods are {sorted(METHODS)}")
        args = self._arguments(name, method, request.get("params", {}))
        now = self.clock()
        self.expire(now)
        table = args[0] if method.params and method.params[0] is TABLE else None
        if table is not None:
            self._touch(table, now)
        if method.opens:
            self.count.reserve()
        try:
            with self.engine_turns:
                result = _dispatch(self.impl, name, args)
        except BaseException:
            if method.opens:
                self.count.release()
            raise
        if method.opens:
            self.tables[str(result)] = now
        if method.closes and self.tables.pop(table, None) is not None:
            self.count.release()
        return method.wrap(result) if method.wrap else result

    @staticmethod
    def _arguments(name: str, method: Method, params) -> list:
        if not isinstance(params, dict):
            raise RequestError(INVALID_PARAMS, f"params must be an object of named values, got {brief(params)}")
        known = {p.name for p in method.params}
        unknown = sorted(brief(k, 40) for k in params if k not in known)
        if unknown:
            raise RequestError(
                INVALID_PARAMS, f"{name} takes no {', '.join(unknown[:5])}; its params are {sorted(known)}"
            )
        args = []
        for param in method.params:
            if param.name not in params:
                if param.required:
                    raise RequestError(INVALID_PARAMS, f"{name} needs {param.name}")
                args.append(None)
                continue
            value = params[param.name]
            if type(value) not in param.types:
                raise RequestError(INVALID_PARAMS, f"{name}: {param.name} must be {param.kind()}, got {brief(value)}")
            args.append(value)
        return args

    # -- table cap and idle expiry ------------------------------------------------
    def _touch(self, table: str, now: float) -> None:
        if table in self.tables:
            self.tables[table] = now
            self.tables.move_to_end(table)
        elif table in self.expired:
            raise BadRequest(f"no table {brief(table)}: it was closed after {self.idle:g} s without a call")
        elif self.private:
            raise BadRequest(f"no table {brief(table)} on this connection")

    def close_all(self) -> None:
        """Close every table this server opened (its connection ended)."""
        with self.busy:
            while self.tables:
                table, _ = self.tables.popitem(last=False)
                self.count.release()
                self._close(table)

    def expire(self, now: float, wait: bool = True) -> None:
        """Close the tables idle for longer than ``idle``; the oldest are first, so this costs what it closes.
        ``wait=False``: not while a call is under way (that call expires them itself)."""
        if self.idle is None or not self.busy.acquire(blocking=wait):
            return
        try:
            while self.tables:
                table, last = next(iter(self.tables.items()))
                if now - last <= self.idle:
                    return
                del self.tables[table]
                self.count.release()
                self.expired[table] = None
                if len(self.expired) > REMEMBER_EXPIRED:
                    self.expired.popitem(last=False)
                self._close(table)
        finally:
            self.busy.release()

    def _close(self, table: str) -> None:
        try:
            with self.engine_turns:
                self.impl.close(table)
        except Exception:  # the table may be gone already; closing it must fail no request
            pass

    # -- the loop -----------------------------------------------------------------
    def reply(self, line: bytes | str) -> bytes | None:
        """The answer to one line (or WebSocket message) as the bytes of one line; ``None`` if none is due."""
        with self.busy:
            response = self.handle(line)
        if response is None:
            return None
        try:
            return dumps(response)
        except (TypeError, ValueError) as exc:  # the engine answered something that is not JSON
            message = f"internal error: the result is not JSON: {brief(str(exc))}"
            return dumps(
                _error(response.get("id"), GAME_ERROR, message, {"code": "internal_error", "message": message})
            )

    def serve(self, stdin: IO[bytes], stdout: IO[bytes]) -> None:
        reader = LineReader(stdin, self.max_line, serving=True)
        while (line := reader.next()) is not EOF:
            if isinstance(line, TooLong):
                data = dumps(
                    bad_request(None, INVALID_REQUEST, f"a line of {line.size} bytes (at most {self.max_line})")
                )
            elif not line.strip():
                continue
            elif (data := self.reply(line)) is None:
                continue
            try:
                stdout.write(data)
                stdout.flush()
            except (BrokenPipeError, ValueError, OSError):  # the client went away
                return


def handle(impl: Implementation, line: bytes | str) -> dict | None:
    """Answer one request line with no table cap or expiry; ``None`` for a notification."""
    return Server(impl).handle(line)


def serve(impl: Implementation, stdin: IO[bytes] | None = None, stdout: IO[bytes] | None = None, **limits) -> None:
    """Serve ``impl`` on stdin/stdout (bytes; the standard streams by default) until the input ends."""
    Server(impl, **limits).serve(stdin or sys.stdin.buffer, stdout or sys.stdout.buffer)
