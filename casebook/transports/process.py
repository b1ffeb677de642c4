"""An engine's process: started in a session of its own, its stderr's tail kept, killed with all it spawned.

Nothing outlives it: the engine runs in its own session and process group,
and carries a token in its environment that its descendants inherit.
Killing it kills the group, every descendant psutil finds (also those that
called ``setsid()``), and every process holding the token (those whose
parent already died, so no parent link leads to them).  psutil reads the
process table the same way on Linux, macOS and the BSDs.

stderr is read as bytes by a thread that keeps only a short tail, for
failure messages: an engine that writes megabytes there is never blocked
on a full pipe.  The thread owns the pipe and closes it at end of file:
closing a pipe a thread is blocked on would block the closer.
"""

from __future__ import annotations

import collections
import os
import shlex
import signal
import subprocess
import threading
import uuid

import psutil

from casebook import settings
from casebook.errors import DriverFailure
from casebook.names import brief

ENV_TOKEN = settings.ENGINE_TOKEN.name  # marks an engine's processes, whatever their parent or session
STDERR_LINES, STDERR_WIDTH, STDERR_PARTIAL = 20, 300, 1 << 16
READ_CHUNK = 1 << 16


def family(pid: int, token: str | None) -> list[int]:
    """The engine ``pid``'s descendants and every process carrying its token (never this process)."""
    found: set[int] = set()
    try:
        found |= {child.pid for child in psutil.Process(pid).children(recursive=True)}
    except psutil.Error:  # gone already: its orphans still carry the token
        pass
    if token:
        for process in psutil.process_iter():
            try:
                if process.environ().get(ENV_TOKEN) == token:
                    found.add(process.pid)
            except psutil.Error:  # gone, a zombie, or another user's: not ours to kill
                continue
    found.discard(os.getpid())
    return sorted(found)


def _kill(pid: int, group: bool = False) -> None:
    try:
        (os.killpg if group else os.kill)(pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


def _drain(stream, tail: collections.deque) -> None:
    """The last lines of the engine's stderr, for failure messages; any bytes, any length."""
    fd, partial = stream.fileno(), bytearray()
    try:
        while True:
            chunk = os.read(fd, READ_CHUNK)
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


class EngineProcess:
    """``argv`` running with pipes on stdin, stdout and stderr; ``kill()`` leaves nothing of it behind."""

    def __init__(self, argv: list[str]):
        self.token = uuid.uuid4().hex
        self.stderr_tail: collections.deque = collections.deque(maxlen=STDERR_LINES)
        try:
            self.popen = subprocess.Popen(
                argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                bufsize=0,
                start_new_session=True,  # its own session and process group: we can kill all it spawned
                env={**os.environ, ENV_TOKEN: self.token},
            )
        except OSError as exc:
            raise DriverFailure("cannot_start", f"{brief(shlex.join(argv), 200)}: {exc.strerror or exc}") from None
        threading.Thread(target=_drain, args=(self.popen.stderr, self.stderr_tail), daemon=True).start()

    @property
    def pid(self) -> int:
        return self.popen.pid

    def poll(self) -> int | None:
        """Its exit code once it has exited, else ``None``."""
        return self.popen.poll()

    def tail(self) -> str:
        return "\n".join(self.stderr_tail)

    def end_input(self, wait: float) -> None:
        """End of input, then up to ``wait`` seconds to exit: a polite engine does."""
        try:
            self.popen.stdin.close()
            self.popen.wait(timeout=wait)
        except (OSError, subprocess.TimeoutExpired):
            pass

    def kill(self) -> None:
        """Kill it and everything it spawned; its stdin is closed (stdout is its reader's, stderr its drain's)."""
        # Find the family while the tree is whole, then kill: a child that left the group is
        # still a descendant (or carries the token once its parent is gone).
        victims = family(self.pid, self.token)
        _kill(self.pid, group=True)
        for pid in victims:
            _kill(pid)
        try:
            self.popen.wait(timeout=5)
        except subprocess.TimeoutExpired:  # pragma: no cover - SIGKILL does not wait long
            pass
        for pid in family(self.pid, self.token):  # any spawned between the look and the kill
            _kill(pid)
        try:
            self.popen.stdin.close()
        except OSError:
            pass
