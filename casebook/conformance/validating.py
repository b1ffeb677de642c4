"""The verifying side of the protocol: check everything an implementation answers.

``ValidatingImplementation`` wraps any implementation (in process or over
stdio) and checks each answer before a step definition sees it:

* ``state()`` against the game's ``$defs.state``, ``view()`` against
  ``$defs.view``, each action in ``legal()`` against ``$defs.action``, each
  event against ``$defs.event`` (casebook/schemas/<game>.json);
* ``hello()``, ``legal()`` and ``step()`` against the protocol itself
  (``casebook.contract``: their schemas, and ``legal_problems``: ``to_act``
  is the sorted set of actors of ``moves``, moves are sorted, chance moves
  carry ``p`` summing to 1);
* ``view(player)`` shows no secret and no other player's private slot.

A broken answer raises ``DriverFailure`` whose ``cause`` names it
(``schema_violation``, ``out_of_protocol``, ``view_leak``), so the scenario
fails with that name rather than with a confusing assertion three steps later.

Cost: the schemas are checked by jsonschema-rs (compiled, about 10 µs a
state; the pure-Python ``jsonschema`` took 4 ms, more than the move itself,
and is kept only to word the error once an answer fails).  Each distinct
action is checked once; states, views and events are all checked for the
first ``FULL`` answers of each kind per game (every scenario's, in practice)
and then one in ``EVERY``, which keeps long random games affordable.  The
legal() and no-leak checks run on every answer.
"""

from __future__ import annotations

import json
from functools import lru_cache

import jsonschema

try:  # compiled (Rust): the fast yes/no; a platform without its wheel falls back to jsonschema alone
    import jsonschema_rs
except ImportError:  # pragma: no cover - every platform we test has the wheel
    jsonschema_rs = None

from casebook import settings
from casebook import schemas
from casebook.errors import DriverFailure
from casebook.impls import close_implementation, open_implementation
from casebook.contract import check_hello, legal_problems, problems
from casebook.protocol import Pending, Then, canonical, leaks, send


@lru_cache(maxsize=None)
def game_schema(game: str) -> dict | None:
    """The published schema of a game, or None when the harness has none (a toy game)."""
    try:
        return schemas.load(game)
    except (FileNotFoundError, OSError, json.JSONDecodeError):
        return None


def _validators(schema: dict, part: str):
    """(fast yes/no, the one that words the error) for ``$defs.<part>``; (None, None) without that part."""
    defs = schema.get("$defs", {})
    if part not in defs:
        return None, None
    # Validate against the whole document so "$ref": "#/$defs/…" resolves.
    document = {
        **{k: v for k, v in schema.items() if k in ("$schema", "$id")},
        "$defs": defs,
        "$ref": f"#/$defs/{part}",
    }
    cls = jsonschema.validators.validator_for(schema, default=jsonschema.Draft202012Validator)
    wording = cls(document)
    fast = jsonschema_rs.validator_for(document) if jsonschema_rs is not None else wording
    return fast, wording


_VALIDATORS: dict[tuple[int, str], tuple] = {}


def _compiled(game: str, part: str, schema: dict | None = None) -> tuple:
    schema = schema or game_schema(game)
    if not schema:
        return None, None
    key = (id(schema), part)
    if key not in _VALIDATORS:
        _VALIDATORS[key] = _validators(schema, part)
    return _VALIDATORS[key]


def schema_accepts(game: str, part: str, value, schema: dict | None = None) -> bool:
    """Whether ``value`` passes ``$defs.<part>`` of the game's schema (the fast check alone; True without a schema)."""
    fast, _ = _compiled(game, part, schema)
    return fast is None or fast.is_valid(value)


def schema_error(game: str, part: str, value, schema: dict | None = None) -> str | None:
    """Why ``value`` fails ``$defs.<part>`` of the game's schema, or None (also when there is no schema)."""
    fast, wording = _compiled(game, part, schema)
    if fast is None or fast.is_valid(value):
        return None
    error = jsonschema.exceptions.best_match(wording.iter_errors(value))  # the most telling of the errors
    if error is None:  # the two libraries disagree: say so rather than pass it
        return f"$defs.{part}: refused by jsonschema-rs, accepted by jsonschema (report it): {canonical(value)[:200]}"
    return f"$defs.{part} at {error.json_path}: {error.message[:300]}"


class ValidatingImplementation:
    """An Implementation that checks the answers of ``inner``; see the module doc."""

    FULL, EVERY = 300, 20  # check the first 300 states (views, events) per game, then every 20th

    def __init__(self, inner, schemas: dict[str, dict] | None = None, check_leaks: bool = True):
        self.inner = inner
        self.schemas = dict(schemas or {})
        self.check_leaks = check_leaks
        self._games: dict[str, str] = {}  # table id -> game
        self._valid_actions: set[str] = set()
        self._calls: dict[tuple[str, str], int] = {}

    # -- checks -----------------------------------------------------------------
    def _sampled(self, game: str, part: str) -> bool:
        """Whether to check this answer: the first ``FULL`` of each kind, then one in ``EVERY``.

        A schema mistake is almost always systematic, so it shows in the first answers;
        checking every answer of a long random game would cost more than the play.
        """
        key = (game, part)
        n = self._calls[key] = self._calls.get(key, 0) + 1
        return n <= self.FULL or n % self.EVERY == 0

    def _check(self, game: str, part: str, value, what: str) -> None:
        if not game:
            return
        if part != "action" and not self._sampled(game, part):
            return
        if part == "action":  # the same moves come back at every turn: check each spelling once
            spelling = canonical(value)
            if spelling in self._valid_actions:
                return
        problem = schema_error(game, part, value, self.schemas.get(game))
        if problem:
            raise DriverFailure("schema_violation", f"{what} fails the {game} schema {problem}")
        if part == "action":
            self._valid_actions.add(spelling)

    def _game(self, table: str) -> str | None:
        return self._games.get(table)

    def _check_legal(self, game: str, legal) -> None:
        found = legal_problems(legal)
        if found:
            raise DriverFailure("out_of_protocol", found[0])
        for move in legal["moves"]:
            self._check(game, "action", move["action"], f"legal move {canonical(move)[:200]}")

    # -- the protocol -----------------------------------------------------------
    def hello(self) -> dict:
        return check_hello(self.inner.hello())

    def new(self, game: str, options: dict) -> str:
        table = self.inner.new(game, options)
        self._games[table] = game
        return table

    def load(self, game: str, state: dict) -> str:
        return self._load(game, state, self.inner.load(game, state))

    def _load(self, game: str, state: dict, table: str) -> str:
        self._games[table] = game
        return table

    def state(self, table: str) -> dict:
        return self._state(table, self.inner.state(table))

    def _state(self, table: str, state):
        game = self._game(table)
        if game:
            self._check_state(game, state)
        return state

    def _check_state(self, game: str, state) -> None:
        self._check(game, "state", state, "state()")
        missing = [k for k in ("game", "players", "phase") if not isinstance(state, dict) or k not in state]
        if missing:
            raise DriverFailure("schema_violation", f"state() lacks {', '.join(missing)}")

    def view(self, table: str, player: str | None) -> dict:
        return self._view(table, player, self.inner.view(table, player))

    def _view(self, table: str, player: str | None, view):
        self._check_view(self._game(table), player, view)
        return view

    def _check_view(self, game: str | None, player: str | None, view) -> None:
        if self.check_leaks:  # before the schema: a leak is the more telling name for a view with secrets
            found = leaks(view, player)
            if found:
                raise DriverFailure("view_leak", f"view({player}) shows hidden information at {', '.join(found[:5])}")
        if game:
            self._check(game, "view", view, f"view({player})")

    def legal(self, table: str) -> dict:
        return self._legal(table, self.inner.legal(table))

    def _legal(self, table: str, legal):
        self._check_legal(self._game(table) or "", legal)
        return legal

    def apply(self, table: str, actor: str, action: dict) -> list:
        return self._apply(table, actor, action, self.inner.apply(table, actor, action))

    def send(self, method: str, *args) -> Pending:
        """Asked of the inner implementation now (``casebook.protocol.send``); checked as the call is when taken."""
        checks = {
            "load": self._load,
            "state": self._state,
            "view": self._view,
            "legal": self._legal,
            "apply": self._apply,
        }
        if method not in checks:
            raise ValueError(f"send: {method!r} is not one of {sorted(checks)}")
        return Then(send(self.inner, method, *args), lambda answer: checks[method](*args, answer))

    def _apply(self, table: str, actor: str, action: dict, events):
        game = self._game(table)
        if not isinstance(events, list):
            raise DriverFailure("out_of_protocol", f"apply() must return a list of events, got {type(events).__name__}")
        if game:
            for event in events:
                self._check(game, "event", event, f"event {canonical(event)[:200]}")
        return events

    @property
    def step(self):
        """Offered only when the inner implementation offers it (``Table`` then batches its calls)."""
        if getattr(self.inner, "step", None) is None:
            raise AttributeError("step")
        return self._step

    def _step(self, table: str, actor: str, action: dict) -> dict:
        result = self.inner.step(table, actor, action)
        found = problems("step envelope", result, limit=1)  # its legal() is checked below, as every legal() answer
        if found:
            raise DriverFailure("out_of_protocol", f"{found[0]}; got {str(result)[:200]}")
        game = self._game(table)
        if game:
            for event in result["events"]:
                self._check(game, "event", event, f"event {canonical(event)[:200]}")
        if result.get("legal") is not None:  # None: legal() after the move was refused; the next call says why
            self._check_legal(game or "", result["legal"])
        if result.get("state") is not None and game:
            self._check_state(game, result["state"])
        for seen in result.get("views") or []:
            self._check_view(game, seen.get("player"), seen["view"])
        return result

    def close(self, table: str) -> None:
        self._games.pop(table, None)
        self.inner.close(table)

    def shutdown(self) -> None:
        close_implementation(self.inner)

    def __getattr__(self, name):  # restarts, proc… of a stdio inner, for diagnostics
        if name == "inner":
            raise AttributeError(name)
        return getattr(self.inner, name)


def implementation() -> ValidatingImplementation:
    """Factory for ``--impl=python:casebook.conformance.validating:implementation``.

    ``casebook verify`` sets ``CASEBOOK_VERIFY_IMPL`` to the real spec, so the
    plugin's ``implementation`` fixture gets the wrapped one without changes.
    """
    spec = settings.VERIFY_IMPL.get("reference")
    timeout = float(settings.VERIFY_TIMEOUT.get("10"))
    return ValidatingImplementation(open_implementation(spec, timeout=timeout))
