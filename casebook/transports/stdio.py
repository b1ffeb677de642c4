"""The stdio transport: an engine in any language, behind a pipe, one JSON-RPC message per line.

One process per run hosts many tables; ``casebook.transports.client`` speaks
the protocol and names the faults, ``casebook.transports.process`` starts
and kills the process.  Here: the pipes.

How it stays bounded: stdout is read in the calling thread, holding at most
one line (``max_line``, ``casebook.wire.LineReader``), and stderr by a
thread that keeps a short tail; requests are written without blocking (an
engine that stops reading is a timeout, not a hang), and while one waits to
be written the answers already written are read, so an engine blocked on a
full output pipe reads on; every wait is cut at the timeout and at the
deadline.
"""

from __future__ import annotations

import atexit
import os
import select
import shlex
import time
from functools import partial

from casebook.transports.client import Client
from casebook.transports.rpc import Fault, send_all
from casebook.transports.process import EngineProcess
from casebook.wire import EOF, MAX_LINE, LineReader

EXIT_POLL = 0.25  # seconds between looks at whether the engine still runs, while waiting for an answer
POLITE_EXIT = 2.0  # seconds a shut-down engine has to exit by itself once its input ends


class PipeChannel:
    """The engine's stdin and stdout."""

    def __init__(self, argv: list[str], max_line: int):
        self.argv, self.max_line = argv, max_line
        self.process: EngineProcess | None = None

    def open(self, until: float) -> None:
        self.process = process = EngineProcess(self.argv)
        self.fd = process.popen.stdin.fileno()
        os.set_blocking(self.fd, False)
        self.poller = select.poll()  # while a request waits to be written: room to write, or answers to read
        self.poller.register(self.fd, select.POLLOUT)
        self.poller.register(process.popen.stdout.fileno(), select.POLLIN)
        self.reader = LineReader(process.popen.stdout, self.max_line)

    def write(self, data: bytes, until: float, method: str) -> None:
        """Write a request without ever blocking past ``until``.

        While the engine does not read, answers it already wrote are read into the
        reader's buffer: an engine blocked on a full output pipe would never read on.
        """
        try:
            send_all(
                partial(os.write, self.fd), data, until, lambda left: self.poller.poll(left * 1000), self.reader.pump
            )
        except TimeoutError:
            raise Fault("timeout", f"the engine did not read the {method} request in time") from None
        except OSError:
            raise Fault("crashed", f"the engine closed its input before {method}") from None

    def read(self, until: float):
        """The next line (or TooLong); ``EOF`` once the engine is gone, ``None`` at ``until``.

        The engine may die while a process it left keeps its stdout open, and then no
        end of file ever comes: so the wait looks at the process now and then.
        """
        while True:
            left = until - time.monotonic()
            line = self.reader.next(min(left, EXIT_POLL))
            if line is not None:
                return line
            if self.process.poll() is not None:  # gone: take what it wrote before it went, if anything
                line = self.reader.next(EXIT_POLL)
                return EOF if line is None else line
            if left <= EXIT_POLL:
                return None

    def ended(self) -> str:
        code = self.process.poll()
        return f"the engine exited (code {code})" if code is not None else "the engine closed its output"

    def tail(self) -> str:
        return self.process.tail() if self.process is not None else ""

    def close(self, polite: bool) -> None:
        if self.process is None:
            return
        if polite:
            self.process.end_input(POLITE_EXIT)
        self.process.kill()
        self.reader.close()


class StdioImplementation(Client):
    """Speaks JSON-RPC 2.0 lines to ``command``'s stdin/stdout."""

    def __init__(self, command: str | list[str], timeout: float | None = None, **limits):
        super().__init__(**({"timeout": timeout} if timeout is not None else {}), **limits)
        self.argv = shlex.split(command) if isinstance(command, str) else list(command)
        atexit.register(self.shutdown)

    def _channel(self) -> PipeChannel:
        return PipeChannel(self.argv, self.max_line)

    @property
    def proc(self):
        """The engine's process (``subprocess.Popen``) while it runs, else ``None``."""
        return self.channel.process.popen if self.channel is not None else None


__all__ = ["StdioImplementation", "PipeChannel", "MAX_LINE"]
