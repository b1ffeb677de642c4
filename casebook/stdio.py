"""The client side of the stdio transport: an engine in any language, behind a pipe.

One process per run hosts many tables.  The client must survive a badly
behaved engine: a crash, a hang (per-call timeout), a line that is not JSON,
an answer out of protocol.  Each becomes a ``DriverFailure`` naming the cause;
the process is then killed (its whole process group, so nothing is orphaned)
and started afresh on the next call.  Tables of the dead process are gone.
"""

from __future__ import annotations

import atexit
import collections
import json
import os
import queue
import shlex
import signal
import subprocess
import threading

from casebook.errors import DriverFailure, GameError, Unsupported, error_from_json
from casebook.protocol import PROTOCOL_VERSION, player_legal

DEFAULT_TIMEOUT = 10.0
OPTIONAL_METHODS = ("describe", "step")  # an engine may lack these: JSON-RPC's "method not found" means unsupported
METHOD_NOT_FOUND = -32601
START_TIMEOUT = 15.0  # the handshake also pays for the engine's start-up (imports on a cold, busy machine)


class NoSuchMethod(Unsupported):
    """The engine answered "method not found" to an optional call (``describe``, ``step``)."""


class StdioImplementation:
    """Speaks JSON-RPC 2.0 lines to ``command``'s stdin/stdout."""

    def __init__(self, command: str | list[str], timeout: float = DEFAULT_TIMEOUT):
        self.argv = shlex.split(command) if isinstance(command, str) else list(command)
        self.timeout = timeout
        self.proc: subprocess.Popen | None = None
        self.restarts = 0
        self._ids = 0
        self._hello: dict | None = None
        self._generation = 0  # bumped at each start; tables carry the generation they live in
        self._no_step = False  # set once the engine answers that it has no ``step``
        atexit.register(self.shutdown)

    # -- process lifecycle ----------------------------------------------------
    def _start(self) -> None:
        self.proc = subprocess.Popen(
            self.argv,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            encoding="utf-8",
            bufsize=1,
            start_new_session=True,  # its own process group: we can kill all it spawned
        )
        self._lines: queue.Queue = queue.Queue()
        self._stderr = collections.deque(maxlen=20)
        threading.Thread(target=self._pump, args=(self.proc.stdout, self._lines), daemon=True).start()
        threading.Thread(target=self._drain, args=(self.proc.stderr, self._stderr), daemon=True).start()
        self._generation += 1
        hello = self._call("hello", {}, timeout=max(self.timeout, START_TIMEOUT))
        if not isinstance(hello, dict) or "protocol" not in hello:
            self._kill()
            raise DriverFailure("out_of_protocol", f"hello answered {hello!r}")
        if str(hello["protocol"]).split(".")[0] != PROTOCOL_VERSION.split(".")[0]:
            self._kill()
            raise DriverFailure("protocol_version", f"engine speaks {hello['protocol']}, Casebook {PROTOCOL_VERSION}")
        self._hello = hello

    @staticmethod
    def _pump(stream, lines: queue.Queue) -> None:
        for line in stream:
            lines.put(line)
        lines.put(None)  # end of file: the process closed stdout or died

    @staticmethod
    def _drain(stream, tail: collections.deque) -> None:
        for line in stream:
            tail.append(line.rstrip("\n"))

    def _kill(self) -> None:
        proc, self.proc = self.proc, None
        if proc is None:
            return
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
        try:
            proc.wait(timeout=5)
        except subprocess.TimeoutExpired:  # pragma: no cover - SIGKILL does not wait long
            pass
        for stream in (proc.stdin, proc.stdout, proc.stderr):
            try:
                stream.close()
            except Exception:
                pass

    def shutdown(self) -> None:
        if self.proc is not None:
            try:
                self.proc.stdin.close()
                self.proc.wait(timeout=2)
            except Exception:
                pass
            self._kill()

    def _fail(self, cause: str, detail: str) -> DriverFailure:
        tail = "\n".join(self._stderr) if self.proc is not None else ""
        self._kill()
        self.restarts += 1
        return DriverFailure(cause, detail + (f"\nengine stderr:\n{tail}" if tail else ""))

    # -- one call -------------------------------------------------------------
    def _call(self, method: str, params: dict, timeout: float | None = None):
        if self.proc is None:
            self._start()
        self._ids += 1
        rid = self._ids
        message = json.dumps({"jsonrpc": "2.0", "id": rid, "method": method, "params": params})
        try:
            self.proc.stdin.write(message + "\n")
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError, ValueError):
            raise self._fail("crashed", f"the engine closed its input before {method}") from None
        try:
            line = self._lines.get(timeout=timeout or self.timeout)
        except queue.Empty:
            raise self._fail("timeout", f"no answer to {method} within {timeout or self.timeout:g} s") from None
        if line is None:
            code = self.proc.poll()
            raise self._fail("crashed", f"the engine exited (code {code}) during {method}")
        try:
            answer = json.loads(line)
        except json.JSONDecodeError:
            raise self._fail("not_json", f"answer to {method} is not JSON: {line[:200]!r}") from None
        if not isinstance(answer, dict) or answer.get("jsonrpc") != "2.0" or answer.get("id") != rid:
            raise self._fail("out_of_protocol", f"answer to {method} #{rid} is {line[:200]!r}")
        if "error" in answer:
            error = answer["error"]
            data = error.get("data") if isinstance(error, dict) else None
            if isinstance(data, dict) and data.get("code") in ("illegal_action", "not_your_turn", "bad_request", "unsupported"):
                raise error_from_json(data)
            if method in OPTIONAL_METHODS and isinstance(error, dict) and error.get("code") == METHOD_NOT_FOUND:
                raise NoSuchMethod(f"the engine does not offer {method}")
            raise DriverFailure("engine_error", f"{method}: {error!r}")
        if "result" not in answer:
            raise self._fail("out_of_protocol", f"answer to {method} has neither result nor error")
        return answer["result"]

    def _result(self, method: str, params: dict, key: str | None = None, kind: type | tuple = dict):
        result = self._call(method, params)
        if key is not None:
            if not isinstance(result, dict) or key not in result:
                raise self._fail("out_of_protocol", f"{method} answered {result!r}, expected a {key!r}")
            result = result[key]
        if not isinstance(result, kind):
            expected = " or ".join(k.__name__ for k in (kind if isinstance(kind, tuple) else (kind,)))
            raise self._fail("out_of_protocol", f"{method} answered a {type(result).__name__}, expected {expected}")
        return result

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
        return self._table_id(str(self._result("load", {"game": game, "state": state}, "table", (str, int))))

    def state(self, table: str) -> dict:
        return self._result("state", {"table": self._remote(table)})

    def view(self, table: str, player: str | None) -> dict:
        return self._result("view", {"table": self._remote(table), "player": player})

    def legal(self, table: str, actor: str | None = None) -> dict:
        if actor is None:
            return self._result("legal", {"table": self._remote(table)})
        # An engine that knows only the referee's form answers with every move: cut it down here too.
        return player_legal(self._result("legal", {"table": self._remote(table), "actor": actor}), actor)

    def apply(self, table: str, actor: str, action: dict) -> list:
        return self._result("apply", {"table": self._remote(table), "actor": actor, "action": action}, "events", list)

    # -- optional calls (protocol 1.1) --------------------------------------------
    def describe(self, game: str) -> dict:
        return self._result("describe", {"game": game})

    def step(self, table: str, actor: str, action: dict) -> dict:
        """``apply`` and the next ``legal()`` in one round trip; two calls with an engine that lacks ``step``."""
        remote = self._remote(table)
        if not self._no_step:
            try:
                result = self._result("step", {"table": remote, "actor": actor, "action": action, "state": True, "views": True})
            except NoSuchMethod:
                self._no_step = True
            else:
                if (not isinstance(result.get("events"), list) or not isinstance(result.get("legal"), (dict, type(None)))
                        or not isinstance(result.get("state"), (dict, type(None)))
                        or not isinstance(result.get("views"), (list, type(None)))):
                    raise self._fail("out_of_protocol", f"step answered {str(result)[:200]}, expected events and legal")
                return result
        result = {"events": self.apply(table, actor, action)}
        try:
            result["legal"] = self.legal(table)
        except GameError:  # the move stands; the next legal() call will say why this one was refused
            result["legal"] = None
        return result

    def close(self, table: str) -> None:
        try:
            remote = self._remote(table)
        except DriverFailure:
            return  # its process is gone already
        self._call("close", {"table": remote})
