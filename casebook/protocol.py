"""The driver protocol: the one boundary between Casebook and any engine.

An *implementation* hosts many tables (games in progress).  Whether it lives
in this process or behind a pipe, it answers the same calls:

=========================  ===================================================
``hello()``                facts: name, version, protocol, games, declined tags
``new(game, options)``     start a table; returns its id (a string)
``load(game, state)``      start a table from a canonical state; returns its id
``state(table)``           the canonical state (JSON), enough to rebuild it
``view(table, player)``    what ``player`` may see (``None``: a spectator)
``legal(table)``           ``{"to_act": [...], "moves": [...]}`` (see below)
``apply(table, actor, action)``  the events it caused, or a typed error
``close(table)``           forget the table
=========================  ===================================================

``legal()`` follows OpenSpiel: ``to_act`` lists who must act now (a player,
several players for simultaneous choices, or ``"chance"``); ``moves`` is a
list of ``{"actor": a, "action": {...}}`` sorted by actor then canonical JSON
of the action; chance moves also carry ``"p"``, and a chance node's ``p``
sum to 1.  Both are empty only once the game is over.

Secrets have an address.  In a state, ``"secret"`` holds what nobody sees
(the case file, a stack's order) and ``"private": {player: {...}}`` what only
that player sees; events use the same two keys.  A view is the state with
``secret`` dropped and ``private`` cut down to the viewer's own slot, so the
no-leak check is generic (``leaks``).
"""

from __future__ import annotations

import json
from typing import Any, Iterable, Protocol, runtime_checkable

PROTOCOL_VERSION = "1.0"
CHANCE = "chance"
CLOCK = "clock"  # the actor whose moves expire timers: engines never read the wall clock

Json = Any


@runtime_checkable
class Implementation(Protocol):
    """What every transport offers: the calls above, table ids as strings."""

    def hello(self) -> dict: ...
    def new(self, game: str, options: dict) -> str: ...
    def load(self, game: str, state: dict) -> str: ...
    def state(self, table: str) -> dict: ...
    def view(self, table: str, player: str | None) -> dict: ...
    def legal(self, table: str) -> dict: ...
    def apply(self, table: str, actor: str, action: dict) -> list: ...
    def close(self, table: str) -> None: ...


def canonical(value: Json) -> str:
    """One spelling per JSON value: sorted keys, no spaces.  Used to sort and compare."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def sort_moves(moves: Iterable[dict]) -> list[dict]:
    return sorted(moves, key=lambda m: (m["actor"], canonical(m["action"])))


def redact(document: dict, viewer: str | None) -> dict:
    """The part of a state or event that ``viewer`` may see (``None``: nobody's secrets)."""
    out = {}
    for key, value in document.items():
        if key == "secret":
            continue
        if key == "private":
            mine = value.get(viewer) if viewer is not None else None
            out[key] = {viewer: mine} if mine is not None else {}
        elif isinstance(value, dict):
            out[key] = redact(value, viewer)
        elif isinstance(value, list):
            out[key] = [redact(v, viewer) if isinstance(v, dict) else v for v in value]
        else:
            out[key] = value
    return out


def leaks(view: Json, viewer: str | None, path: str = "$") -> list[str]:
    """Paths in ``view`` where a secret or another player's private slot shows."""
    found = []
    if isinstance(view, dict):
        for key, value in view.items():
            here = f"{path}.{key}"
            if key == "secret":
                found.append(here)
            elif key == "private" and isinstance(value, dict):
                found += [f"{here}.{k}" for k in value if k != viewer]
                found += leaks(value.get(viewer), viewer, here) if viewer in value else []
            else:
                found += leaks(value, viewer, here)
    elif isinstance(view, list):
        for i, value in enumerate(view):
            found += leaks(value, viewer, f"{path}[{i}]")
    return found


class Table:
    """One game in progress on an implementation: the handle step definitions hold."""

    def __init__(self, impl: Implementation, game: str, table_id: str):
        self.impl, self.game, self.id = impl, game, table_id
        self.log: list[dict] = []  # every event applied through this handle, unredacted

    @classmethod
    def new(cls, impl: Implementation, game: str, options: dict) -> "Table":
        return cls(impl, game, impl.new(game, options))

    @classmethod
    def load(cls, impl: Implementation, game: str, state: dict) -> "Table":
        return cls(impl, game, impl.load(game, state))

    def state(self) -> dict:
        return self.impl.state(self.id)

    def view(self, player: str | None) -> dict:
        return self.impl.view(self.id, player)

    def legal(self) -> dict:
        return self.impl.legal(self.id)

    def moves_of(self, actor: str) -> list[dict]:
        return [m["action"] for m in self.legal()["moves"] if m["actor"] == actor]

    def apply(self, actor: str, action: dict) -> list:
        events = self.impl.apply(self.id, actor, action)
        self.log.extend(events)
        return events

    def close(self) -> None:
        self.impl.close(self.id)

    def __repr__(self) -> str:
        return f"Table({self.game}#{self.id})"
