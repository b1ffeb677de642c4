"""The client side of the stdio transport: an engine in any language, behind a pipe.

One process per run hosts many tables.  The client must survive a badly
behaved engine, and always finish.  Each fault becomes a ``DriverFailure``
naming its cause; the process is then killed and started afresh on the next
call (tables of the dead process are gone):

``crashed``          it exited, or closed its input or output
``timeout``          no answer within the per-call timeout
``deadline``         the run's overall deadline passed (``deadline=``, or
                     ``CASEBOOK_DEADLINE`` in the environment: ``casebook verify`` sets it)
``not_json``         an answer that is not UTF-8 JSON (NaN, a stray print, bytes)
``too_large``        an answer longer, deeper or with longer integers than ``casebook.wire`` allows
``out_of_protocol``  JSON, but not the answer asked for (wrong id, a hello without games…)
``protocol_version`` a major protocol version other than ours
``cannot_start``     the command does not run at all

Requests may be in flight together (``send``): each is written at once and
its answer read when the caller takes it, or when a later answer is needed,
in the order asked.  A fault then fails every request in flight by its name.

How it stays bounded: stdout and stderr are read as bytes by two threads,
each holding at most one line (``max_line``; stderr keeps only a short tail);
requests are written without blocking (an engine that stops reading is a
timeout, not a hang); every wait is cut at the timeout and at the deadline.

How nothing outlives it: the engine runs in its own session and process
group, and carries a token in its environment that its descendants inherit.
Killing it kills the group, every descendant found through /proc (also those
that called ``setsid()``, or whose parent already died), and every process
holding the token.  The reader threads own their pipes and close them at
end of file: closing a pipe a thread is blocked on would block the closer.
"""

from __future__ import annotations

import atexit
import collections
import os
import select
import shlex
import signal
import subprocess
import threading
import time
import uuid
from pathlib import Path

from casebook.contract import check_hello
from casebook.errors import ERRORS, DriverFailure, GameError, Unsupported, error_from_json
from casebook.names import brief
from casebook.protocol import Answered, player_legal
from casebook.wire import CHUNK, EOF, MAX_LINE, LineReader, TooLong, WireError, dumps, parse

DEFAULT_TIMEOUT = 10.0
OPTIONAL_METHODS = ("describe", "step")  # an engine may lack these: JSON-RPC's "method not found" means unsupported
METHOD_NOT_FOUND = -32601
START_TIMEOUT = 15.0  # the handshake also pays for the engine's start-up (imports on a cold, busy machine)
ENV_DEADLINE = "CASEBOOK_DEADLINE"  # seconds since the epoch after which no call waits any more
ENV_TOKEN = "CASEBOOK_ENGINE_TOKEN"  # marks an engine's processes, whatever their parent or session
STDERR_LINES, STDERR_WIDTH, STDERR_PARTIAL = 20, 300, 1 << 16
EXIT_POLL = 0.25  # seconds between looks at whether the engine still runs, while waiting for an answer


def _env_deadline() -> float | None:
    """The deadline from the environment, as a ``time.monotonic()`` instant."""
    text = os.environ.get(ENV_DEADLINE)
    try:
        at = float(text) if text else None
    except ValueError:
        return None
    return None if at is None else time.monotonic() + (at - time.time())


# -- the engine's processes, found through /proc ----------------------------------
def _processes() -> dict[int, tuple[int, bytes]]:
    """pid -> (parent pid, environment) of every live process we may read; {} without /proc."""
    found = {}
    try:
        entries = [e for e in os.listdir("/proc") if e.isdigit()]
    except OSError:
        return found
    for entry in entries:
        try:
            stat = Path(f"/proc/{entry}/stat").read_bytes()
            fields = stat.rsplit(b")", 1)[1].split()
            if fields[0] == b"Z":  # a zombie is dead already; its parent reaps it
                continue
            try:
                environ = Path(f"/proc/{entry}/environ").read_bytes()
            except OSError:  # another user's process: not ours to kill
                environ = b""
            found[int(entry)] = (int(fields[1]), environ)
        except (OSError, IndexError, ValueError):
            continue
    return found


def family(pid: int, token: str | None) -> list[int]:
    """The engine ``pid``'s descendants and every process carrying its token (not this process)."""
    processes = _processes()
    mark = f"{ENV_TOKEN}={token}".encode() if token else None
    children: dict[int, list[int]] = collections.defaultdict(list)
    for child, (parent, _) in processes.items():
        children[parent].append(child)
    found, todo = set(), [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            if child not in found:
                found.add(child)
                todo.append(child)
    if mark is not None:
        found |= {p for p, (_, environ) in processes.items() if mark in environ.split(b"\0")}
    found.discard(os.getpid())
    return sorted(found)


def _signal(pid: int, group: bool = False) -> None:
    try:
        (os.killpg if group else os.kill)(pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


# -- the engine's stderr -----------------------------------------------------------------
def _drain(stream, tail: collections.deque) -> None:
    """The last lines of the engine's stderr, for failure messages; any bytes, any length."""
    fd, partial = stream.fileno(), bytearray()
    try:
        while True:
            chunk = os.read(fd, CHUNK)
            if not chunk:
                break
            *done, rest = (bytes(partial) + chunk).split(b"\n")
            tail.extend(brief(line.decode("utf-8", "replace"), STDERR_WIDTH) for line in done[-STDERR_LINES:])
            partial = bytearray(rest[-STDERR_PARTIAL:])  # a line without end keeps only its last part
        if partial:
            tail.append(brief(partial.decode("utf-8", "replace"), STDERR_WIDTH))
    except OSError:
        pass
    finally:
        stream.close()


class NoSuchMethod(Unsupported):
    """The engine answered "method not found" to an optional call (``describe``, ``step``)."""


class _Sent:
    """A request written to the engine: its answer is read when a caller needs it or a later one.

    Answers come in the order asked, so reading the answer to one request
    first reads (and settles) every earlier one.  ``result()`` returns the
    settled value or raises what the answer meant (a typed refusal, a fault).
    """

    __slots__ = ("client", "rid", "method", "until", "cause", "wait", "settle", "refused", "settled", "value", "error")

    def __init__(self, client: "StdioImplementation", rid: int, method: str, until: float, cause: str, wait: float,
                 settle, refused):
        self.client, self.rid, self.method, self.until, self.cause, self.wait = client, rid, method, until, cause, wait
        self.settle, self.refused = settle, refused
        self.settled, self.value, self.error = False, None, None

    def result(self):
        while not self.settled:
            self.client._read_answer()
        if self.error is not None:
            raise self.error
        return self.value


class StdioImplementation:
    """Speaks JSON-RPC 2.0 lines to ``command``'s stdin/stdout."""

    def __init__(self, command: str | list[str], timeout: float = DEFAULT_TIMEOUT, *,
                 deadline: float | None = None, max_line: int = MAX_LINE):
        """``deadline``: seconds from now after which every call fails (default: ``CASEBOOK_DEADLINE``)."""
        self.argv = shlex.split(command) if isinstance(command, str) else list(command)
        self.timeout = timeout
        self.deadline = time.monotonic() + deadline if deadline is not None else _env_deadline()
        self.max_line = max_line
        self.proc: subprocess.Popen | None = None
        self.restarts = 0
        self._ids = 0
        self._hello: dict | None = None
        self._token: str | None = None
        self._stderr: collections.deque = collections.deque(maxlen=STDERR_LINES)
        self._generation = 0  # bumped at each start; tables carry the generation they live in
        self._no_step = False  # set once the engine answers that it has no ``step``
        self._has_step = False  # set once it answers a ``step``: moves are then sent without waiting
        self._epochs: dict[str, int] = {}  # table -> moves asked on it (see _moved)
        self._unread: set[int] = set()  # ids of requests sent without waiting (close): their answers are skipped
        self._inflight: collections.deque[_Sent] = collections.deque()  # requests whose answers are unread, oldest first
        self._looked: set[str] = set()  # tables whose state the caller asked for since their last move
        self._fetched: dict[str, dict] = {}  # table -> what its last step brought along: "legal", "state" (see apply)
        atexit.register(self.shutdown)

    # -- process lifecycle ----------------------------------------------------
    def _check_deadline(self, method: str) -> None:
        if self.deadline is not None and time.monotonic() >= self.deadline:
            raise DriverFailure("deadline", f"the run's overall deadline has passed; {method} not sent")

    def _start(self) -> None:
        self._check_deadline("hello")
        self._token = uuid.uuid4().hex
        try:
            self.proc = subprocess.Popen(
                self.argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                bufsize=0,
                start_new_session=True,  # its own session and process group: we can kill all it spawned
                env={**os.environ, ENV_TOKEN: self._token},
            )
        except OSError as exc:
            raise DriverFailure("cannot_start", f"{brief(shlex.join(self.argv), 200)}: {exc.strerror or exc}") from None
        os.set_blocking(self.proc.stdin.fileno(), False)
        self._poller = select.poll()  # while a request waits to be written: room to write, or answers to read
        self._poller.register(self.proc.stdin.fileno(), select.POLLOUT)
        self._poller.register(self.proc.stdout.fileno(), select.POLLIN)
        self._reader = LineReader(self.proc.stdout, self.max_line)
        self._stderr = collections.deque(maxlen=STDERR_LINES)
        threading.Thread(target=_drain, args=(self.proc.stderr, self._stderr), daemon=True).start()
        self._generation += 1
        self._unread = set()  # answers of the process that died are never coming
        self._inflight = collections.deque()
        self._fetched = {}
        hello = self._call("hello", {}, timeout=max(self.timeout, START_TIMEOUT))
        try:
            self._hello = check_hello(hello)
        except DriverFailure:
            self._kill()
            raise

    def _kill(self, failure: DriverFailure | None = None) -> None:
        while self._inflight:  # their answers are lost with the process
            lost = self._inflight.popleft()
            lost.error = failure or DriverFailure("crashed", f"the engine was stopped before it answered {lost.method}")
            lost.settled = True
        proc, self.proc = self.proc, None
        if proc is None:
            return
        # Find the family while the tree is whole, then kill: a child that left the group is
        # still a descendant (or carries the token once its parent is gone).
        victims = family(proc.pid, self._token)
        _signal(proc.pid, group=True)
        for pid in victims:
            _signal(pid)
        try:
            proc.wait(timeout=5)
        except subprocess.TimeoutExpired:  # pragma: no cover - SIGKILL does not wait long
            pass
        for pid in family(proc.pid, self._token):  # any spawned between the look and the kill
            _signal(pid)
        try:
            proc.stdin.close()  # ours; stderr belongs to its reader thread
        except OSError:
            pass
        self._reader.close()

    def shutdown(self) -> None:
        if self.proc is not None:
            try:
                self.proc.stdin.close()  # end of input: a polite engine exits
                self.proc.wait(timeout=2)
            except (OSError, subprocess.TimeoutExpired):
                pass
            self._kill()

    def _fail(self, cause: str, detail: str) -> DriverFailure:
        """Kill the engine for a fault; every request still in flight fails with it (their answers are lost)."""
        tail = "\n".join(self._stderr) if self.proc is not None else ""
        failure = DriverFailure(cause, detail + (f"\nengine stderr:\n{tail}" if tail else ""))
        self._kill(failure)
        self.restarts += 1
        return failure

    # -- one call -------------------------------------------------------------
    def _send(self, data: bytes, until: float, cause: str, method: str) -> None:
        """Write a request without ever blocking past ``until``.

        While the engine does not read, answers it already wrote are read into the
        reader's buffer: an engine blocked on a full output pipe would never read on.
        """
        fd, view = self.proc.stdin.fileno(), memoryview(data)
        while view:
            try:
                view = view[os.write(fd, view):]
                continue
            except BlockingIOError:
                pass
            except OSError:
                raise self._fail("crashed", f"the engine closed its input before {method}") from None
            left = until - time.monotonic()
            if left <= 0:
                raise self._fail(cause, f"the engine did not read the {method} request in time")
            self._poller.poll(left * 1000)
            self._reader.pump()

    def _next_line(self, until: float):
        """The next line (or TooLong); ``EOF`` once the engine is gone, ``None`` at ``until``.

        The engine may die while a process it left keeps its stdout open, and then no
        end of file ever comes: so the wait looks at the process now and then.
        """
        while True:
            left = until - time.monotonic()
            line = self._reader.next(min(left, EXIT_POLL))
            if line is not None:
                return line
            if self.proc.poll() is not None:  # gone: take what it wrote before it went, if anything
                line = self._reader.next(EXIT_POLL)
                return EOF if line is None else line
            if left <= EXIT_POLL:
                return None

    def _ask(self, method: str, params: dict, settle=None, refused=None, timeout: float | None = None) -> "_Sent":
        """Write one request now; its answer is read by the first call that needs it (see ``_Sent``).

        ``settle(result)`` turns the wire's result into the caller's answer (shape checks, what
        came along kept); it runs when the answer is read, in the order asked, and
        ``refused(error)`` when the answer is a typed refusal.
        """
        self._check_deadline(method)
        if self.proc is None:
            self._start()
        wait = timeout or self.timeout
        until, cause = time.monotonic() + wait, "timeout"
        if self.deadline is not None and self.deadline < until:
            until, cause = self.deadline, "deadline"
        self._ids += 1
        sent = _Sent(self, self._ids, method, until, cause, wait, settle, refused)
        self._send(dumps({"jsonrpc": "2.0", "id": sent.rid, "method": method, "params": params}), until, cause, method)
        self._inflight.append(sent)
        return sent

    def _call(self, method: str, params: dict, timeout: float | None = None):
        return self._ask(method, params, timeout=timeout).result()

    def _read_answer(self) -> None:
        """Read the answer to the oldest request in flight and settle it; a broken answer fails every request in flight."""
        sent = self._inflight[0]
        method, rid = sent.method, sent.rid
        while True:
            line = self._next_line(sent.until)
            if line is None:
                what = f"no answer to {method} within {sent.wait:g} s" if sent.cause == "timeout" else f"the run's deadline passed during {method}"
                raise self._fail(sent.cause, what)
            if line is EOF:
                code = self.proc.poll()
                raise self._fail("crashed", f"the engine {'exited (code %s)' % code if code is not None else 'closed its output'} during {method}")
            if isinstance(line, TooLong):
                raise self._fail("too_large", f"answer to {method}: more than {self.max_line} bytes without a newline")
            try:
                answer = parse(line, max_line=self.max_line)
            except WireError as exc:
                raise self._fail(exc.kind, f"answer to {method}: {exc.message}: {brief(line.decode('utf-8', 'replace'), 200)}") from None
            if isinstance(answer, dict) and type(answer.get("id")) is int and answer["id"] in self._unread:
                self._unread.discard(answer["id"])  # the answer to a close sent without waiting: dropped, error or not
                continue
            break
        if not isinstance(answer, dict) or answer.get("jsonrpc") != "2.0" or type(answer.get("id")) is not int or answer["id"] != rid:
            raise self._fail("out_of_protocol", f"answer to {method} #{rid} is {brief(line.decode('utf-8', 'replace'), 200)}")
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
            return NoSuchMethod(f"the engine does not offer {method}")
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

    # -- the protocol -----------------------------------------------------------
    def hello(self) -> dict:
        if self._hello is None or self.proc is None:
            self._start()
        return self._hello

    def _table_id(self, table: str) -> str:
        return f"{self._generation}:{table}"

    def _remote(self, table: str) -> str:
        generation, _, remote = str(table).partition(":")
        if generation != str(self._generation) or self.proc is None:
            raise DriverFailure("table_lost", f"table {table} died with an earlier engine process")
        return remote

    def new(self, game: str, options: dict) -> str:
        return self._table_id(str(self._result("new", {"game": game, "options": options}, "table", (str, int))))

    def load(self, game: str, state: dict) -> str:
        return self._ask_load(game, state).result()

    def _ask_load(self, game: str, state: dict):
        shaped = self._shaped("load", "table", (str, int))
        return self._ask("load", {"game": game, "state": state}, lambda result: self._table_id(str(shaped(result))))

    def _take(self, table: str, key: str):
        """What the last step brought for this call, once (the caller may edit it); else None."""
        fetched = self._fetched.get(table)
        return None if fetched is None else fetched.pop(key, None)

    def _moved(self, table: str) -> int:
        """A move is asked on ``table``: what came along before is stale.  Returns the table's new epoch.

        An answer brings state along only while its table's epoch is the one it was asked in,
        so an answer read late never overwrites what a later move brought.
        """
        self._fetched.pop(table, None)
        self._looked.discard(table)
        epoch = self._epochs[table] = self._epochs.get(table, 0) + 1
        return epoch

    def _bring(self, table: str, epoch: int, **fetched) -> None:
        if self._epochs.get(table) == epoch:
            self._fetched[table] = fetched

    def send(self, method: str, *args):
        """Ask ``load``, ``state``, ``view``, ``legal`` or ``apply`` now; ``.result()`` takes the answer (``casebook.protocol.send``).

        The request is written at once and the engine works on it while the caller goes on;
        reading its answer first reads the answers to everything asked before it.
        """
        asks = {"load": self._ask_load, "state": self._ask_state, "view": self._ask_view, "legal": self._ask_legal,
                "apply": self._ask_apply}
        if method not in asks:
            raise ValueError(f"send: {method!r} is not one of {sorted(asks)}")
        return asks[method](*args)

    def state(self, table: str) -> dict:
        return self._ask_state(table).result()

    def view(self, table: str, player: str | None) -> dict:
        return self._ask_view(table, player).result()

    def legal(self, table: str, actor: str | None = None) -> dict:
        return self._ask_legal(table, actor).result()

    def apply(self, table: str, actor: str, action: dict) -> list:
        """A move, sent as ``step`` where the engine has it: the next ``legal()`` comes along, and ``state()``.

        The state is asked for when the caller looked at it after the table's previous move
        (a random game looks after every move, a copy loaded to try one move never does), and
        comes along with a refusal too.  Each is kept for the next call that asks for it, once:
        a move and the looks after it cost one round trip instead of three, while the caller
        asks exactly as it would ask an engine in process (and verify checks each answer when
        it is asked for, not when it comes).
        """
        return self._ask_apply(table, actor, action).result()

    def _ask_state(self, table: str):
        remote = self._remote(table)
        self._looked.add(table)
        state = self._take(table, "state")
        return Answered(lambda: state) if state is not None else self._ask("state", {"table": remote}, self._shaped("state"))

    def _ask_view(self, table: str, player: str | None):
        # Never brought along: a caller looks at one view or two of a move, and in a game whose players
        # keep notes each view is nearly the size of the state; fetching those costs less than carrying all.
        return self._ask("view", {"table": self._remote(table), "player": player}, self._shaped("view"))

    def _ask_legal(self, table: str, actor: str | None = None):
        remote = self._remote(table)
        legal = self._take(table, "legal")
        if legal is not None:
            return Answered(lambda: legal if actor is None else player_legal(legal, actor))
        if actor is None:
            return self._ask("legal", {"table": remote}, self._shaped("legal"))
        # an engine that knows only the referee's form answers every move: cut it here too
        shaped = self._shaped("legal")
        return self._ask("legal", {"table": remote, "actor": actor}, lambda result: player_legal(shaped(result), actor))

    def _ask_apply(self, table: str, actor: str, action: dict):
        remote = self._remote(table)
        if self._no_step:
            self._moved(table)
            return self._ask("apply", {"table": remote, "actor": actor, "action": action}, self._shaped("apply", "events", list))
        if not self._has_step:  # the first move learns whether the engine offers step: asked and answered at once
            return Answered(self._first_apply, table, remote, actor, action)
        return self._ask_step(table, remote, actor, action, bring=True)

    def _first_apply(self, table: str, remote: str, actor: str, action: dict) -> list:
        try:
            return self._ask_step(table, remote, actor, action, bring=True).result()
        except NoSuchMethod:
            self._no_step = True
            return self._ask_apply(table, actor, action).result()

    # -- optional calls (protocol 1.1) --------------------------------------------
    def describe(self, game: str) -> dict:
        return self._result("describe", {"game": game})

    def _ask_step(self, table: str, remote: str, actor: str, action: dict, bring: bool):
        """One ``step`` request (``NoSuchMethod`` from an engine without it).

        ``bring``: for ``apply``, whose caller gets the events and later asks for the rest:
        the ``legal`` and ``state`` that came along are kept for those calls, and so is the
        state that came along with a refusal.
        """
        looked = table in self._looked
        epoch = self._moved(table)

        def settle(result):
            self._has_step = True
            if (not isinstance(result, dict) or not isinstance(result.get("events"), list)
                    or not isinstance(result.get("legal"), (dict, type(None)))
                    or not isinstance(result.get("state"), (dict, type(None)))):
                raise self._fail("out_of_protocol", f"step answered {brief(result, 200)}, expected events and legal")
            if not bring:
                return result
            self._bring(table, epoch, legal=result.get("legal"), state=result.get("state"))
            return result["events"]

        def refused(error: GameError) -> None:  # the state after a refusal may come along: kept for the look that follows
            self._has_step = True
            state = error.data.get("state")
            if bring and isinstance(state, dict):
                self._bring(table, epoch, state=state)

        return self._ask("step", {"table": remote, "actor": actor, "action": action, "state": looked}, settle, refused)

    def step(self, table: str, actor: str, action: dict) -> dict:
        """``apply`` and the next ``legal()`` (and the state, as for ``apply``) in one round trip.

        Two calls with an engine that lacks ``step``.
        """
        remote = self._remote(table)
        if not self._no_step:
            try:
                return self._ask_step(table, remote, actor, action, bring=False).result()
            except NoSuchMethod:
                self._no_step = True
        result = {"events": self.apply(table, actor, action)}
        try:
            result["legal"] = self.legal(table)
        except GameError:  # the move stands; the next legal() call will say why this one was refused
            result["legal"] = None
        return result

    def close(self, table: str) -> None:
        """Sent without waiting for the answer (one round trip saved per table); the next call skips it."""
        self._moved(table)
        self._epochs.pop(table, None)
        try:
            remote = self._remote(table)
        except DriverFailure:
            return  # its process is gone already
        self._check_deadline("close")
        self._ids += 1
        self._unread.add(self._ids)
        request = dumps({"jsonrpc": "2.0", "id": self._ids, "method": "close", "params": {"table": remote}})
        self._send(request, time.monotonic() + self.timeout, "timeout", "close")
