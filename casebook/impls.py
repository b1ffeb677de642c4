"""Choosing the implementation under test from a spec string.

``reference``                 the reference engines, in this process
``python:pkg.module:factory`` any Python package; ``factory()`` returns an Implementation
``cmd:COMMAND``               any program speaking JSON-RPC lines on stdin/stdout
``ws://HOST:PORT/PATH``       a game server speaking JSON-RPC over WebSocket (``wss://``: over TLS)
``NAME``                      an entry point of the ``casebook.implementations`` group
"""

from __future__ import annotations

import importlib
from contextlib import contextmanager
from importlib.metadata import entry_points
from typing import Iterator

from casebook.errors import DriverFailure
from casebook.protocol import Implementation
from casebook.stdio import DEFAULT_TIMEOUT, StdioImplementation

GROUP = "casebook.implementations"


class SpecError(ValueError):
    """An --impl spec that names nothing we can load."""


def open_implementation(spec: str, timeout: float = DEFAULT_TIMEOUT) -> Implementation:
    spec = spec.strip()
    if spec.startswith("cmd:"):
        command = spec[4:].strip()
        if not command:
            raise SpecError('cmd: needs a command, e.g. --impl "cmd:casebook serve"')
        return StdioImplementation(command, timeout=timeout)
    if spec.startswith(("ws://", "wss://")):
        from casebook.transports.websocket import WebSocketImplementation  # the library only where it is used

        if not spec.split("://", 1)[1].split("/", 1)[0]:
            raise SpecError(f"{spec.split(':', 1)[0]}: needs a host and port, e.g. --impl ws://127.0.0.1:8765/")
        return WebSocketImplementation(spec, timeout=timeout)
    if spec.startswith("python:"):
        target = spec[7:]
        module_name, _, factory = target.partition(":")
        if not module_name or not factory:
            raise SpecError(f"python: spec is python:package.module:factory, got {spec!r}")
        try:
            module = importlib.import_module(module_name)
            return getattr(module, factory)()
        except (ImportError, AttributeError) as exc:
            raise SpecError(f"cannot load {target}: {exc}") from exc
    found = [ep for ep in entry_points(group=GROUP) if ep.name == spec]
    if not found:
        names = sorted(ep.name for ep in entry_points(group=GROUP))
        raise SpecError(f"no implementation {spec!r}; entry points: {names}; or use python:… / cmd:… / ws://…")
    return found[0].load()()


def close_implementation(impl: Implementation) -> None:
    shutdown = getattr(impl, "shutdown", None)
    if shutdown is not None:
        shutdown()


@contextmanager
def opened(spec: str, timeout: float = DEFAULT_TIMEOUT) -> Iterator[Implementation]:
    """The implementation ``spec`` names, open for the ``with`` block and closed after it, whatever happens."""
    impl = open_implementation(spec, timeout=timeout)
    try:
        yield impl
    finally:
        close_implementation(impl)


__all__ = ["open_implementation", "close_implementation", "opened", "SpecError", "DriverFailure"]
