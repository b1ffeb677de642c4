"""The driver protocol: the one boundary between Casebook and any engine.

An *implementation* hosts many tables (games in progress).  Whether it lives
in this process or behind a pipe, it answers the same calls:

=================================  ===========================================
``hello()``                        facts: name, version, protocol, games, declined tags
``new(game, options)``             start a table; returns its id (a string)
``load(game, state)``              start a table from a canonical state; returns its id
``state(table)``                   the canonical state (JSON), enough to rebuild it
``view(table, player)``            what ``player`` may see (``None``: a spectator)
``legal(table)``                   ``{"to_act": [...], "moves": [...]}`` (see below)
``apply(table, actor, action)``    the events it caused, or a typed error
``close(table)``                   forget the table
``describe(game)``                 optional: phases, transitions, clauses, board
``step(table, actor, action)``     optional: ``apply``, then ``legal``, ``state``, views, in one call
=================================  ===========================================

``legal()`` follows OpenSpiel: ``to_act`` lists who must act now (a player,
several players for simultaneous choices, ``"chance"`` or ``"clock"``);
``moves`` is a list of ``{"actor": a, "action": {...}}`` sorted by actor then
canonical JSON of the action; chance moves also carry ``"p"``, and a chance
node's ``p`` sum to 1.  Both are empty only once the game is over.

Chance and time are actors.  An engine never rolls a die nor reads a clock:
every roll, shuffle and draw is a move of ``"chance"`` with a probability,
and a timer ends only by a move of ``"clock"``, listed while the timer runs
and without ``"p"``::

    {"actor": "clock", "action": {"type": "expire", "timer": "turn"}}

Simultaneous sealed choices: ``to_act`` names every player who has still to
choose, and each applies their own move.  Until the last one has chosen, a
choice lives in the chooser's ``private`` slot, and the public part says only
*that* they chose (``"chosen": ["p1"]``); a player who has chosen has no move
left (unless the rules let them change it).  The last choice reveals them
all at once, in the rulebook's order, in one event.

Secrets have an address.  In a state, ``"secret"`` holds what nobody sees
(the case file, a stack's order) and ``"private": {player: {...}}`` what only
that player sees; events use the same two keys.  A view is the state with
``secret`` dropped and ``private`` cut down to the viewer's own slot, so the
no-leak check is generic (``leaks``).

Canonical JSON (``canonical``) is RFC 8785, the JSON Canonicalization
Scheme: object keys sorted, no whitespace, strings in UTF-8 with JSON's
shortest escapes, numbers as ECMAScript spells them.  It is how moves are
sorted and compared, so an engine in any language sorts ``legal()`` by the
same text (its JCS library will do).  States, actions and events carry only
integers; the one float of the protocol is a chance move's ``p``, which
Python spells as JCS does except for a whole number (``1.0``, JCS ``1``)
and below 1e-6 (``1e-07``, JCS ``1e-7``): compare probabilities as numbers.

Two roles use the calls.  The *referee* (the harness, a server hosting a
game) sees everything: ``state()``, ``legal()`` with every actor's moves,
chance's outcomes included, and raw events.  A *player* sees only their
part: ``view(table, player)``, ``legal(table, actor=player)`` (who is to act,
and that player's own moves only), and events redacted for them
(``redact_events``).  Anything facing a player must use the player's form:
the referee's ``legal()`` at a deal lists every card dealt.
"""

from __future__ import annotations

from json.encoder import JSONEncoder, c_make_encoder, encode_basestring
from typing import Any, Iterable, Protocol, runtime_checkable

from casebook.errors import GameError, Unsupported

PROTOCOL_VERSION = "1.1"  # 1.1 adds the optional describe and step, legal(actor=…); 1.0 engines still speak it
CHANCE = "chance"  # the actor of every die roll, shuffle and draw; its moves carry "p"
CLOCK = "clock"  # the actor that ends timers: {"type": "expire", "timer": name}, no "p"
NOT_PLAYERS = (CHANCE, CLOCK)

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


class Describes(Protocol):
    """Optional: an implementation that can describe a game (see ``describe``)."""

    def describe(self, game: str) -> dict: ...


class Steps(Protocol):
    """Optional: ``apply`` and the ``legal()`` after it in one call (one round trip on a wire)."""

    def step(self, table: str, actor: str, action: dict) -> dict: ...  # {"events", "legal"[, "state", "views"]}


class Pending(Protocol):
    """A call asked now whose answer is taken later: ``result()`` returns it, or raises what the call raised."""

    def result(self) -> Any: ...


class Sends(Protocol):
    """Optional: ask a call now, take its answer later (the stdio client writes the request at once)."""

    def send(self, method: str, *args) -> Pending: ...  # args as the call's: (table, ...), or (game, state) for load


class Answered:
    """A call made at once; its answer (or what it raised) kept for ``result()``."""

    def __init__(self, call, *args):
        try:
            self.value, self.error = call(*args), None
        except Exception as exc:  # raised again by result(), where the caller takes the answer
            self.value, self.error = None, exc

    def result(self) -> Any:
        if self.error is not None:
            raise self.error
        return self.value


class Then:
    """A pending answer passed through ``then`` when it is taken (once):
    a wrapper's checks, run where the caller takes it."""

    def __init__(self, pending: Pending, then):
        self.pending, self.then, self.answer = pending, then, None

    def result(self) -> Any:
        if self.answer is None:
            self.answer = Answered(lambda: self.then(self.pending.result()))
        return self.answer.result()


def send(impl, method: str, *args) -> Pending:
    """``method`` (``load``, ``state``, ``view``, ``legal``, ``apply``), asked now, its answer taken by ``.result()``.

    ``args`` are the call's own.  Over stdio the engine works on the request
    while the caller goes on with its own checks, and several requests share
    one wait; answers keep the order asked in.  Any other implementation
    answers at once.  Only a class that defines ``send`` itself is sent to: a
    wrapper that forwards unknown attributes to an inner implementation must
    not be bypassed.
    """
    if getattr(type(impl), "send", None) is not None:
        return impl.send(method, *args)
    return Answered(getattr(impl, method), *args)


def expire(timer: str) -> dict:
    """The clock's move that ends ``timer``, as ``legal()`` lists it while the timer runs."""
    return {"actor": CLOCK, "action": {"type": "expire", "timer": timer}}


def describe(impl, game: str) -> dict:
    """``describe(game)`` of an implementation that offers it; ``Unsupported`` from one that does not.

    The answer is plain JSON: ``{"game", "title", "initial", "phases": [...],
    "transitions": [...], "board": null | {"locations": [...], "paths": [...]}}``
    (its schema: ``casebook.contract.DESCRIBE``, published in the protocol pages).
    """
    call = getattr(impl, "describe", None)
    if call is None:
        raise Unsupported("this implementation does not describe its games")
    return call(game)


def players_of(state: dict) -> list[str]:
    """The player ids of a canonical state (its ``players``: ids, or objects with an ``id`` or ``name``)."""
    players = state.get("players", []) if isinstance(state, dict) else []
    return [p if isinstance(p, str) else str(p.get("id", p.get("name"))) for p in players if isinstance(p, (str, dict))]


def step(impl, table: str, actor: str, action: dict, with_state: bool = False, with_views: bool = False) -> dict:
    """Apply a move; get ``{"events", "legal"[, "state", "views"]}`` after it,
    in one call where the implementation offers ``step``.

    ``views`` lists ``{"player": p, "view": ...}`` for every player and the
    spectator (``null``).  The move is what counts: when a call after it is
    refused (an engine that declines the phase it led to answers
    ``unsupported``), its part comes back as ``None``, and the next call says
    why.  An engine's own ``step`` may leave ``state`` and ``views`` out.
    """
    call = getattr(impl, "step", None)
    if call is not None:
        return call(table, actor, action)
    result = {"events": impl.apply(table, actor, action)}
    for name in ("legal", "state") if with_state or with_views else ("legal",):
        try:
            result[name] = getattr(impl, name)(table)
        except GameError:
            result[name] = None
    if with_views and result["state"] is not None:
        try:
            result["views"] = [{"player": p, "view": impl.view(table, p)} for p in [*players_of(result["state"]), None]]
        except GameError:
            result["views"] = None
    if not with_state:
        result.pop("state", None)
    return result


def player_legal(legal: dict, actor: str) -> dict:
    """The player's form of ``legal()``: who is to act (public), and only ``actor``'s own moves.

    The referee's ``legal()`` lists every actor's moves, chance's outcomes
    included (the cards a deal may give): nothing to show a player.
    """
    return {"to_act": list(legal["to_act"]), "moves": [m for m in legal["moves"] if m["actor"] == actor]}


def redact_events(events: list, viewer: str | None) -> list:
    """Events as ``viewer`` may see them: the same redaction as a view."""
    return [redact(e, viewer) if isinstance(e, dict) else e for e in events]


def _not_json(value):
    raise TypeError(f"not JSON: {value!r}")


# One spelling per JSON value: sorted keys, no spaces, UTF-8.  Used to sort and compare, so it is hot (legal()
# keys every move with it): one C encoder made once; json.dumps builds a new encoder per call, three times the cost.
if c_make_encoder is not None:
    _ENCODE = c_make_encoder(None, _not_json, encode_basestring, None, ":", ",", True, False, True)

    def canonical(value: Json) -> str:
        """One spelling per JSON value: RFC 8785 (JCS) for the protocol's values (see the module doc).
        Used to sort and compare."""
        return "".join(_ENCODE(value, 0))
else:  # pragma: no cover - a Python without the C accelerator
    canonical = JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode


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
    """One game in progress on an implementation: the handle step definitions hold.

    It asks the implementation each time; batching is the transport's business (the
    stdio client sends a move as ``step`` and answers the looks after it from what came
    along), so whatever wraps the implementation (verify's checks) sees every call.
    """

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

    def legal(self, actor: str | None = None) -> dict:
        """The referee's ``legal()``; with ``actor``, that player's form (``player_legal``)."""
        legal = self.impl.legal(self.id)
        return legal if actor is None else player_legal(legal, actor)

    def send(self, method: str, *args) -> Pending:
        """Ask ``method`` now, take the answer later with ``.result()`` (see ``send``);
        a move's events join the log when taken."""
        pending = send(self.impl, method, self.id, *args)
        return Then(pending, self._logged) if method == "apply" else pending

    def _logged(self, events: list) -> list:
        self.log.extend(events)
        return events

    def moves_of(self, actor: str) -> list[dict]:
        return [m["action"] for m in self.legal()["moves"] if m["actor"] == actor]

    def apply(self, actor: str, action: dict) -> list:
        events = self.impl.apply(self.id, actor, action)
        self.log.extend(events)
        return events

    def seat(self, player: str) -> "Seat":
        return Seat(self, player)

    def close(self) -> None:
        self.impl.close(self.id)

    def __repr__(self) -> str:
        return f"Table({self.game}#{self.id})"


class Seat:
    """A player's side of a table: their view, their own moves, events as they see them."""

    def __init__(self, table: Table, player: str):
        self.table, self.player = table, player

    def view(self) -> dict:
        return self.table.view(self.player)

    def legal(self) -> dict:
        return self.table.legal(actor=self.player)

    def apply(self, action: dict) -> list:
        return redact_events(self.table.apply(self.player, action), self.player)

    def log(self) -> list:
        """Every event of the table so far, as this player saw it."""
        return redact_events(self.table.log, self.player)

    def __repr__(self) -> str:
        return f"Seat({self.player} at {self.table!r})"
