"""Choosing the implementation under test from a spec string.

``reference``                 the reference engines, in this process
``python:pkg.module:factory`` any Python package; ``factory()`` returns an Implementation
``cmd:COMMAND``               any program speaking JSON-RPC lines on stdin/stdout
``kit:COMMAND``               any program answering the kit's pure calls on whole states (``casebook.kit_bridge``)
``ws://HOST:PORT/PATH``       a game server speaking JSON-RPC over WebSocket (``wss://``: over TLS)
``NAME``                      an entry point of the ``casebook.implementations`` group

``reference`` is always the reference shipped with Casebook: another distribution that registers an entry point
of that name is refused by name, never obeyed (issue 27, F2).  A factory that fails, or makes something that is
not an implementation, is one line naming it (F8), whichever way it was named.
"""

from __future__ import annotations

import importlib
from contextlib import contextmanager
from importlib.metadata import entry_points
from typing import Iterator

from casebook.errors import DriverFailure
from casebook.protocol import Implementation
from casebook.transports.rpc import DEFAULT_TIMEOUT
from casebook.transports.stdio import StdioImplementation

GROUP = "casebook.implementations"
REFERENCE = "reference"
REFERENCE_FACTORY = "statemachines.reference:make_implementation"
KIT_FACTORY = (
    "casebook.kit_bridge:KitEngine"  # kit:COMMAND, an engine answering the kit's calls (casebook/kit_bridge.py)
)
CALLS = ("hello", "new", "load", "state", "view", "legal", "apply", "close")  # what every implementation answers


class SpecError(ValueError):
    """An --impl spec that names nothing we can load."""


def open_implementation(spec: str, timeout: float = DEFAULT_TIMEOUT) -> Implementation:
    spec = spec.strip()
    if spec.startswith("cmd:"):
        command = spec[4:].strip()
        if not command:
            raise SpecError('cmd: needs a command, e.g. --impl "cmd:casebook serve"')
        return StdioImplementation(command, timeout=timeout)
    if spec.startswith("kit:"):
        command = spec[4:].strip()
        if not command:
            raise SpecError('kit: needs a command, e.g. --impl "kit:node my-engine.js"')
        # loaded by name as every engine is (the reference too): the kit is an engine's side, above the harness
        module_name, _, factory = KIT_FACTORY.partition(":")
        make = getattr(importlib.import_module(module_name), factory)
        return _made(lambda: make(command, timeout=timeout), f"kit:{command}")
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
            make = getattr(module, factory)
        except (ImportError, AttributeError) as exc:
            raise SpecError(f"cannot load {target}: {exc}") from exc
        return _made(make, target)
    found = [ep for ep in entry_points(group=GROUP) if ep.name == spec]
    if spec == REFERENCE:
        return _reference(found)
    if not found:
        names = sorted(ep.name for ep in entry_points(group=GROUP))
        raise SpecError(f"no implementation {spec!r}; entry points: {names}; or use python:… / cmd:… / kit:… / ws://…")
    point = found[0]
    what = f"entry point {spec!r} ({point.value}{_from(point)})"
    try:
        make = point.load()
    except Exception as exc:  # an entry point naming a missing module, or whose module fails on import
        raise SpecError(f"cannot load {what}: {type(exc).__name__}: {exc}") from None
    return _made(make, what)


def _from(point) -> str:
    dist = getattr(point, "dist", None)
    return f", from the distribution {dist.name} {dist.version}" if dist is not None else ""


def _reference(found: list) -> Implementation:
    """Casebook's own reference, through its own entry point, whatever else the environment registers under its name."""
    foreign = [ep for ep in found if ep.value.replace(" ", "") != REFERENCE_FACTORY]
    if foreign:
        names = "; ".join(f"{ep.value}{_from(ep)}" for ep in foreign)
        raise SpecError(
            f"the implementation name 'reference' is Casebook's own, but {names} registers it in {GROUP}: "
            "uninstall it or rename its entry point"
        )
    if not found:
        raise SpecError(f"no entry point 'reference' in {GROUP}: Casebook is not installed (pip install -e .)")
    return _made(found[0].load(), "the reference")


def _made(make, what: str) -> Implementation:
    """``make()``, or one line saying why it gave no implementation."""
    try:
        impl = make()
    except Exception as exc:  # the engine's own failure, named rather than shown as a traceback
        raise SpecError(f"{what} failed to make an implementation: {type(exc).__name__}: {exc}") from None
    missing = [call for call in CALLS if not callable(getattr(impl, call, None))]
    if missing:
        raise SpecError(
            f"{what} made a {type(impl).__name__}, which is no implementation: it lacks {', '.join(missing)}"
        )
    return impl


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
