"""A server started on a free loopback port for a test, and stopped by its PID: ``casebook serve --listen`` or any other."""

from __future__ import annotations

import contextlib
import os
import select
import signal
import subprocess
import sys
import time

SERVE = [sys.executable, "-m", "casebook.cli", "serve"]
TOY = "python:tests.harness.toy:make"


def read_address(proc: subprocess.Popen, wait: float = 60.0, prefix: bytes = b"ws") -> str:
    """The first line the server prints that starts with ``prefix``: the address it listens on."""
    end = time.monotonic() + wait
    while time.monotonic() < end:
        if proc.poll() is not None:
            raise RuntimeError(f"the server exited ({proc.returncode}): {proc.stderr.read().decode(errors='replace')[-2000:]}")
        ready, _, _ = select.select([proc.stdout], [], [], 0.2)
        if ready:
            line = proc.stdout.readline()
            if line.startswith(prefix):
                return line.decode().strip()
    raise RuntimeError(f"the server printed no address within {wait:g} s")


@contextlib.contextmanager
def listening(argv: list[str], cwd=None, env=None, prefix: bytes = b"ws"):
    """Start ``argv`` (it prints its address), yield (address, process), stop it by its PID."""
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=cwd, env=env, start_new_session=True)
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


def casebook_listen(impl: str = TOY, *options: str):
    """``casebook serve --listen 127.0.0.1:0 --impl IMPL``: yields (ws://… address, process)."""
    return listening(SERVE + ["--impl", impl, "--listen", "127.0.0.1:0", *options], prefix=b"ws")
