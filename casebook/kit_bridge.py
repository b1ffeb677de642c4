"""The engine author's kit over the wire: an engine in any language answers a few pure calls, Casebook does the rest.

The engine is a long-lived process speaking JSON-RPC 2.0 lines on stdin/stdout (the framing of the driver protocol),
with no tables, no views and no checks of its own: every call carries the whole state.

==========================================  =================================================================
``hello()``                                 ``{name, version, protocol, games}`` as the driver's ``hello``, and
                                            optionally ``declined_actions`` ``{game: [types]}``, ``names``
                                            ``{game: {kind: {schema name: engine name}}}`` (checked, below) and
                                            ``turn_shape`` ``{game: shape}`` (casebook/turn_shapes.py)
``new(game, options, seed)``                the new game's state (optional: a refusal if it does not deal)
``legal(game, state)``                      ``[{actor, action, p?}]``, in any order
``apply(game, state, move)``                ``{state, events}``; ``move`` is ``{actor, action}``, one it listed
``load(game, state)``                       the state it will play from (optional: the state as given)
==========================================  =================================================================

A refusal is a JSON-RPC error whose ``data`` is ``{code, message}`` with a protocol code (``unsupported``,
``illegal_action``, …).  ``casebook/kit_bridge.schema.json`` is the call protocol as JSON Schema.

``KitEngine(command)`` wraps such a process as a ``casebook.adapter.Rules``: the kit's tables, ``legal()``'s order,
typed errors before ``apply`` reaches the engine (schema, game over, not your turn, declined type, unlisted move),
the schema check of a loaded state, the generic redaction of views and the driver protocol's ``hello``.
``casebook verify --impl "kit:node my-engine.js"`` runs it in process; ``python -m casebook.kit_bridge node
my-engine.js`` serves it as a ``cmd:`` engine.

``names``: an engine whose cards or places have names of its own says, per game and per kind of the schema
(``$defs.<kind>.enum``), which of its names stands for each of Casebook's.  ``check_names`` judges the mapping:
every name of the kind mapped, none unknown, no engine name used twice, one name alike in every kind.  A wrong
mapping refuses that game at start (``new``/``load``) with ``UnmappedNames``, saying what is missing.  A right one
is used: the kit sends the engine its own names and reads its answers back into Casebook's (``Translation``), so an
engine with names of its own needs no glue for them.
"""

from __future__ import annotations

import atexit
import json
import shlex
import sys
from functools import lru_cache
from pathlib import Path

from casebook import schemas
from casebook.adapter import Rules, Unsupported
from casebook.errors import DriverFailure
from casebook.names import brief
from casebook.transports.rpc import DEFAULT_TIMEOUT, METHOD_NOT_FOUND, NoSuchMethod, Session
from casebook.transports.stdio import PipeChannel

__all__ = ["KitEngine", "Translation", "UnmappedNames", "call_problem", "check_names", "name_problems"]

OPTIONAL_CALLS = ("new", "load")


CALLS = Path(__file__).with_name("kit_bridge.schema.json")  # shipped in the wheel beside this module (setup.py)


@lru_cache(maxsize=1)
def call_protocol() -> dict:
    return json.loads(CALLS.read_text(encoding="utf-8"))


def call_problem(call: str, answer) -> str | None:
    """What is wrong with an engine's answer to ``call``, by the call protocol's JSON Schema, or None."""
    import jsonschema  # the checker's, imported where it is used (the kit's own import stays light)

    protocol = call_protocol()
    error = jsonschema.exceptions.best_match(
        jsonschema.Draft202012Validator({**protocol["calls"][call]["result"], "$defs": protocol["$defs"]}).iter_errors(
            answer
        )
    )
    if error is None:
        return None
    where = "/".join(map(str, error.absolute_path))
    return f"{where or 'the answer'}: {error.message}"


class UnmappedNames(Unsupported):
    """An engine's name mapping that does not cover a game's schema names exactly once: the game cannot start."""


def name_problems(game: str, names: dict) -> list[str]:
    """What is wrong with ``names`` (``{kind: {schema name: engine name}}``) for ``game``'s schema, one line each."""
    defs = schemas.load(game)["$defs"]
    problems = []
    for kind, mapping in sorted(names.items()):
        enum = defs.get(kind, {}).get("enum")
        if enum is None:
            kinds = sorted(k for k, d in defs.items() if "enum" in d)
            problems.append(f"{kind!r} is no kind of name in the {game} schema (kinds: {', '.join(kinds)})")
            continue
        if not isinstance(mapping, dict):
            problems.append(f"{kind}: a mapping {{schema name: engine name}} is wanted, not {type(mapping).__name__}")
            continue
        listed = {str(n) for n in enum}  # a JSON object's keys are strings: a die face 6 is mapped as "6"
        missing = [n for n in enum if str(n) not in mapping]
        unknown = sorted(n for n in mapping if n not in listed)
        engine_names = list(mapping.values())
        twice = sorted({str(n) for n in engine_names if engine_names.count(n) > 1})
        for what, found in (
            ("not mapped", missing),
            ("not in the schema", unknown),
            ("engine names used twice", twice),
        ):
            if found:
                problems.append(f"{kind}: {what}: {', '.join(map(str, found))}")
    return problems + crossed_names(names)


def crossed_names(names: dict) -> list[str]:
    """Problems across kinds: one schema name mapped to two engine names, or one engine name standing for two schema
    names (Cluedo's ``card`` holds its suspects: both kinds must map them alike), which no translation could undo."""
    to_engine, to_schema, problems = {}, {}, []
    for kind, mapping in sorted(names.items()):
        for name, theirs in mapping.items() if isinstance(mapping, dict) else ():
            if to_engine.setdefault(name, (theirs, kind))[0] != theirs:
                problems.append(f"{name} is {to_engine[name][0]} in {to_engine[name][1]} but {theirs} in {kind}")
            if to_schema.setdefault(theirs, (name, kind))[0] != name:
                problems.append(
                    f"{theirs} stands for {to_schema[theirs][0]} in {to_schema[theirs][1]} and {name} in {kind}"
                )
    return problems


UNTRANSLATED = ("type", "phase")  # their values are the protocol's words (action types, phases), never a game's names


class Translation:
    """The engine's names and Casebook's, both ways, from a checked mapping ``{kind: {schema name: engine name}}``.

    Every string of a state, move, option or event, as a value or as a key, that is one of the names mapped is
    translated, except the values of ``type`` and ``phase``.  A name maps to one name in every kind it is in
    (``crossed_names``), so the result never depends on the kind a string was meant as.  Names that are numbers (a
    die's faces) are compared as JSON has them and left as they are."""

    def __init__(self, names: dict):
        pairs = {(n, e) for mapping in names.values() for n, e in mapping.items() if isinstance(e, str) and n != e}
        self.to_engine = dict(pairs)
        self.to_casebook = {e: n for n, e in pairs}

    def engine(self, value):
        return _translated(value, self.to_engine)

    def casebook(self, value):
        return _translated(value, self.to_casebook)


def _translated(value, table: dict):
    if not table:
        return value
    if isinstance(value, str):
        return table.get(value, value)
    if isinstance(value, list):
        return [_translated(item, table) for item in value]
    if isinstance(value, dict):
        return {table.get(k, k): v if k in UNTRANSLATED else _translated(v, table) for k, v in value.items()}
    return value


def check_names(game: str, names: dict) -> None:
    """``UnmappedNames`` naming every problem of the mapping, or nothing."""
    problems = name_problems(game, names)
    if problems:
        raise UnmappedNames(f"the engine's names for {game} do not match the schema's: " + "; ".join(problems))


class _KitSession(Session):
    """The JSON-RPC session with the engine's process: faults by name, timeouts, typed refusals."""

    engine = "the kit engine"

    def __init__(self, argv: list[str], timeout: float):
        super().__init__(timeout)
        self.argv = argv

    def _channel(self) -> PipeChannel:
        return PipeChannel(self.argv, self.max_line)

    def _refusal(self, method: str, error) -> Exception:
        if method in OPTIONAL_CALLS and isinstance(error, dict) and error.get("code") == METHOD_NOT_FOUND:
            return NoSuchMethod(f"{self.engine} does not offer {method}")
        return super()._refusal(method, error)

    def call(self, method: str, params: dict, key: str | None = None, kind: type | tuple = dict):
        return self._result(method, params, key, kind)


class KitEngine(Rules):
    """A process answering the kit's calls, as a ``Rules``: the game object is ``{"state": …}``, replaced per move."""

    def __init__(self, command: str | list[str], timeout: float = DEFAULT_TIMEOUT):
        super().__init__()
        self.session = _KitSession(shlex.split(command) if isinstance(command, str) else list(command), timeout)
        hello = self.session.hello()
        problem = call_problem("hello", hello)
        if problem:
            raise DriverFailure("out_of_protocol", f"hello does not fit casebook/kit_bridge.schema.json: {problem}")
        self.name, self.version = hello["name"], hello.get("version", "0.0")
        self.games = hello["games"]
        self.declined_actions = {g: set(types) for g, types in (hello.get("declined_actions") or {}).items()}
        self.names = hello.get("names") or {}
        self._translations: dict[str, Translation] = {}  # game -> its names both ways, once they are checked
        self.turn_shapes = hello.get("turn_shape") or {}  # game -> shape: the kit maps it (casebook.turn_shapes)
        atexit.register(self.shutdown)

    def shutdown(self) -> None:
        self.session.shutdown()

    def _offered(self, game: str) -> str:
        game = super()._offered(game)
        check_names(game, self.names.get(game, {}))  # at start: a game whose names do not match never begins
        self._translations.setdefault(game, Translation(self.names.get(game, {})))
        return game

    # -- the rules glue, each a call --------------------------------------------------------------------------
    # -- the rules glue, each a call; the game object keeps the state in Casebook's names ------------------
    def _call(self, game: str, method: str, params: dict, kind: type = dict):
        """A call in the engine's names, its answer in Casebook's."""
        names = self._translations[game]
        return names.casebook(self.session.call(method, {"game": game, **names.engine(params)}, kind=kind))

    def start(self, game, options):
        try:
            state = self._call(game, "new", {"options": options, "seed": 0})
        except NoSuchMethod:
            raise Unsupported(f"{self.name} does not deal {game}: load a state instead") from None
        return {"game": game, "state": state}

    def restore(self, game, state):
        try:
            state = self._call(game, "load", {"state": state})
        except NoSuchMethod:
            pass  # no loader: the published state is the engine's own
        return {"game": game, "state": state}

    def snapshot(self, g):
        return g["state"]

    def moves(self, g):
        return self._call(g["game"], "legal", {"state": g["state"]}, kind=list)

    def play(self, g, actor, action):
        move = {"actor": actor, "action": action}
        after = self._call(g["game"], "apply", {"state": g["state"], "move": move})
        if not isinstance(after.get("state"), dict) or not isinstance(after.get("events"), list):
            raise DriverFailure("out_of_protocol", f"apply answered {brief(after, 200)}: no state and events")
        g["state"] = after["state"]  # only once the engine answered: a refusal leaves the game as it was
        return after["events"]


if __name__ == "__main__":  # python -m casebook.kit_bridge node my-engine.js: the same engine as a cmd: engine
    KitEngine(sys.argv[1:]).serve()
