"""The reference implementation behind the driver protocol, hosting many tables.

Games are found by id: every subpackage of ``statemachines`` that exposes
``make_engine()`` is one: a ``statemachines.kit.Engine`` (``game_id``,
``facts`` for ``hello``, ``new``, ``load``, ``describe``).  Tables
live in a dict: opening and closing one costs the same at 50,000 tables as at 0.
"""

from __future__ import annotations

import importlib
import itertools
import pkgutil

import statemachines
from casebook import __version__
from casebook.errors import BadRequest, Unsupported
from casebook.protocol import PROTOCOL_VERSION


def discover_engines() -> dict:
    engines = {}
    for info in pkgutil.iter_modules(statemachines.__path__):
        if not info.ispkg:
            continue
        module = importlib.import_module(f"statemachines.{info.name}")
        if hasattr(module, "make_engine"):
            engine = module.make_engine()
            engines[engine.game_id] = engine
    return engines


class ReferenceImplementation:
    """Tables of every reference game, keyed by a string id."""

    # Calls on different tables may run at once (casebook serve --listen calls it from each connection's thread):
    # a table is its own model, and what the games share (their machines, the cache of loadable states) allows it.
    concurrent_tables = True

    def __init__(self, engines: dict | None = None):
        self.engines = discover_engines() if engines is None else engines
        self.tables: dict = {}
        self._ids = itertools.count(1)

    def hello(self) -> dict:
        return {
            "name": "casebook-reference",
            "version": __version__,
            "protocol": PROTOCOL_VERSION,
            "games": {gid: e.facts for gid, e in sorted(self.engines.items())},
        }

    def _engine(self, game: str):
        if not isinstance(game, str):
            raise BadRequest(f"game must be a string id, got {game!r}")
        try:
            return self.engines[game]
        except KeyError:
            raise Unsupported(f"no game {game!r}; this implementation offers {sorted(self.engines)}") from None

    def _table(self, table: str):
        try:
            return self.tables[table]
        except (KeyError, TypeError):
            raise BadRequest(f"no table {table!r}") from None

    def _host(self, model) -> str:
        table = str(next(self._ids))
        self.tables[table] = model
        return table

    def new(self, game: str, options: dict) -> str:
        return self._host(self._engine(game).new(options))

    def load(self, game: str, state: dict) -> str:
        return self._host(self._engine(game).load(state))

    def describe(self, game: str) -> dict:
        return self._engine(game).describe()

    def state(self, table: str) -> dict:
        return self._table(table).state()

    def view(self, table: str, player: str | None) -> dict:
        return self._table(table).view(player)

    def legal(self, table: str) -> dict:
        return self._table(table).legal()

    def apply(self, table: str, actor: str, action: dict) -> list:
        return self._table(table).apply(actor, action)

    def close(self, table: str) -> None:
        self._table(table).close()
        del self.tables[table]


def make_implementation() -> ReferenceImplementation:
    """Entry point of the ``casebook.implementations`` group."""
    return ReferenceImplementation()
