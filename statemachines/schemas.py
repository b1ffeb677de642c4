"""Field specs: one description of a game's JSON, from which its JSON Schema is generated and its loads are checked.

A game writes the shape of its options, state, actions and events once, as
plain Python values (in machine.py), with the names of rules.py:

    "suspect"                      one of the names rules.NAMES["suspect"] (a ``$defs`` entry)
    "player"                       a player of this table
    int, bool, str                 a JSON integer (never 2.0), boolean, string
    Int(1, 15)                     an integer in a range
    [T]  /  ListOf(T, 2, 2)        an array of T (bounds, uniqueness)
    {"a": T, "b?": T}              an object with exactly these fields ("?": may be absent)
    (T, "what it means")           T with a description (anywhere)
    MapOf(K, T) / Record(K, T)     an object keyed by names of K: some of them / every one of them
    PerPlayer(T)                   an object keyed by exactly this table's players
    Maybe(T), OneOf(A, B), Enum(...), Const(v)

``python -m statemachines.schemas`` writes casebook/schemas/<game>.json from
these specs (``--check`` fails when a committed file differs); ``checker()``
turns a spec into a validator that also knows the table (its players), so a
load is refused with a path and a reason (``$.positions: …``).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any, Callable

from casebook.atomic import write_text
from casebook.errors import BadRequest

SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema"
ROOT = Path(__file__).resolve().parent.parent


# -- the spec types ----------------------------------------------------------------
class Spec:
    doc: str | None = None

    def schema(self, names: dict) -> dict:  # pragma: no cover - abstract
        raise NotImplementedError

    def check(self, value, ctx: "Ctx", path: str) -> None:  # pragma: no cover - abstract
        raise NotImplementedError


class Ctx:
    """What a check knows besides the value: the game's names and this table's players (None: any)."""

    def __init__(self, names: dict[str, frozenset], players: list[str] | None):
        self.names, self.players = names, players


def fail(path: str, message: str):
    raise BadRequest(f"{path}: {message}")


def _is_int(value) -> bool:
    return type(value) is int  # bool is an int subclass and 2.0 a float: neither is an integer here


# Free player names may be anything but the protocol's actors and its keys of hidden information: a player named
# "private" or "secret" would be a key of PerPlayer objects that redact() reads as hidden (issue 27, F6).
NOT_PLAYER_NAMES = ("chance", "clock", "private", "secret")


class Name(Spec):
    """One of a named set (``$defs/<name>``); "player" is a player of this table."""

    def __init__(self, name: str):
        self.name = name

    def schema(self, names):
        return {"$ref": f"#/$defs/{self.name}"}

    def check(self, value, ctx, path):
        if self.name == "player" and ctx.players is not None:
            if value not in ctx.players:
                fail(path, f"{value!r} is not a player at this table {ctx.players}")
            return
        allowed = ctx.names.get(self.name)
        if allowed is None:  # free player names: any non-empty string but the protocol's own actors
            if type(value) is not str or not value or value in NOT_PLAYER_NAMES:
                fail(path, f"{value!r} cannot name a player")
            return
        if not isinstance(value, (str, int)) or isinstance(value, bool) or value not in allowed:
            fail(path, f"{value!r} is no {self.name}")


class Scalar(Spec):
    def __init__(self, kind: type, low: int | None = None, high: int | None = None):
        self.kind, self.low, self.high = kind, low, high

    def schema(self, names):
        out: dict = {"type": {int: "integer", bool: "boolean", str: "string"}[self.kind]}
        if self.low is not None:
            out["minimum" if self.kind is int else "minLength"] = self.low
        if self.high is not None:
            out["maximum"] = self.high
        return out

    def check(self, value, ctx, path):
        if self.kind is int:
            if not _is_int(value):
                fail(path, f"{value!r} is not an integer")
            if (self.low is not None and value < self.low) or (self.high is not None and value > self.high):
                fail(path, f"{value} is outside {self.low}..{self.high}")
        elif type(value) is not self.kind:
            fail(path, f"{value!r} is not a {self.kind.__name__}")
        elif self.kind is str and self.low is not None and len(value) < self.low:
            fail(path, "may not be empty")


def Int(low: int | None = None, high: int | None = None) -> Scalar:
    return Scalar(int, low, high)


class Const(Spec):
    def __init__(self, value):
        self.value = value

    def schema(self, names):
        return {"const": self.value}

    def check(self, value, ctx, path):
        if value != self.value or type(value) is not type(self.value):
            fail(path, f"must be {self.value!r}")


class Enum(Spec):
    def __init__(self, *values):
        self.values = values
        self._set = frozenset(values)

    def schema(self, names):
        return {"enum": list(self.values)}

    def check(self, value, ctx, path):
        hashable = isinstance(value, (str, int)) and not isinstance(value, bool)
        if not (hashable and value in self._set) and not (value is None and None in self._set):
            fail(path, f"{value!r} is not one of {list(self.values)}")


class ListOf(Spec):
    def __init__(self, item, low: int = 0, high: int | None = None, unique: bool = False):
        self.item, self.low, self.high, self.unique = spec(item), low, high, unique

    def schema(self, names):
        out = {"type": "array", "items": self.item.schema(names)}
        if self.low:
            out["minItems"] = self.low
        if self.high is not None:
            out["maxItems"] = self.high
        if self.unique:
            out["uniqueItems"] = True
        return out

    def check(self, value, ctx, path):
        if type(value) is not list:
            fail(path, "is not an array")
        if len(value) < self.low or (self.high is not None and len(value) > self.high):
            fail(path, f"holds {len(value)} items, not {self.low}..{self.high if self.high is not None else 'any'}")
        allowed = ctx.names.get(self.item.name) if isinstance(self.item, Name) and self.item.name != "player" else None
        if allowed is None or not all(type(v) is str and v in allowed for v in value):  # names of a set: one pass
            for i, item in enumerate(value):
                self.item.check(item, ctx, f"{path}[{i}]")
        if self.unique and len({json.dumps(v, sort_keys=True) for v in value}) != len(value):
            fail(path, "holds an item twice")


class Obj(Spec):
    """Exactly these fields; a name ending in "?" may be absent."""

    def __init__(self, fields: dict):
        self.fields = {k.rstrip("?"): spec(v) for k, v in fields.items()}
        self.required = [k for k in fields if not k.endswith("?")]

    def schema(self, names):
        return {
            "type": "object",
            "properties": {k: v.schema(names) for k, v in self.fields.items()},
            "required": list(self.required),
            "additionalProperties": False,
        }

    def check(self, value, ctx, path):
        if type(value) is not dict:
            fail(path, "is not an object")
        extra = set(value) - set(self.fields)
        if extra:
            fail(path, f"has no field {sorted(extra)[0]!r}; fields are {sorted(self.fields)}")
        for k in self.required:
            if k not in value:
                fail(path, f"lacks {k!r}")
        for k, v in value.items():
            self.fields[k].check(v, ctx, f"{path}.{k}")


class MapOf(Spec):
    """An object keyed by names of ``key`` (each at most once; ``every``: each exactly once)."""

    def __init__(self, key: str, value, every: bool = False):
        self.key, self.value, self.every = Name(key), spec(value), every

    def schema(self, names):
        if self.every and self.key.name != "player":
            value = self.value.schema(names)
            keys = list(names[self.key.name])
            return {
                "type": "object",
                "properties": {k: value for k in keys},
                "required": keys,
                "additionalProperties": False,
            }
        return {
            "type": "object",
            "propertyNames": self.key.schema(names),
            "additionalProperties": self.value.schema(names),
        }

    def check(self, value, ctx, path):
        if type(value) is not dict:
            fail(path, "is not an object")
        for k, v in value.items():
            self.key.check(k, ctx, f"{path} key")
            self.value.check(v, ctx, f"{path}.{k}")
        if self.every:
            expected = (
                ctx.players if self.key.name == "player" and ctx.players is not None else ctx.names[self.key.name]
            )
            if len(value) != len(expected):
                missing = sorted(set(expected) - set(value))
                fail(path, f"needs one entry for each of {sorted(expected)}; missing {missing}")


def Record(key: str, value) -> MapOf:
    return MapOf(key, value, every=True)


def PerPlayer(value) -> MapOf:
    return MapOf("player", value, every=True)


class Maybe(Spec):
    def __init__(self, inner):
        self.inner = spec(inner)

    def schema(self, names):
        return {"anyOf": [self.inner.schema(names), {"type": "null"}]}

    def check(self, value, ctx, path):
        if value is not None:
            self.inner.check(value, ctx, path)


class OneOf(Spec):
    def __init__(self, *options):
        self.options = [spec(o) for o in options]

    def schema(self, names):
        # A name may belong to two sets ("Aunt Mathilda" is a person and a detective card): then it
        # fits two forms, which JSON Schema's oneOf refuses; check() takes the first that fits, as anyOf does.
        key = "anyOf" if all(isinstance(o, Name) for o in self.options) else "oneOf"
        return {key: [o.schema(names) for o in self.options]}

    def check(self, value, ctx, path):
        reasons = []
        for option in self.options:
            try:
                option.check(value, ctx, path)
                return
            except BadRequest as exc:
                reasons.append(exc.message)
        fail(path, "fits none of its forms: " + " | ".join(reasons))


class Doc(Spec):
    def __init__(self, inner, doc: str):
        self.inner, self.doc = spec(inner), doc

    def schema(self, names):
        out = dict(self.inner.schema(names))
        if "$ref" in out and len(out) == 1:
            return {"allOf": [out], "description": self.doc}  # a bare $ref takes no siblings in older drafts
        out["description"] = self.doc
        return out

    def check(self, value, ctx, path):
        self.inner.check(value, ctx, path)


def spec(value) -> Spec:
    """A spec from its short spelling (see the module doc)."""
    if isinstance(value, Spec):
        return value
    if isinstance(value, str):
        return Name(value)
    if value in (int, bool, str):
        return Scalar(value, 1 if value is str else None)
    if isinstance(value, tuple) and len(value) == 2 and isinstance(value[1], str):
        return Doc(value[0], value[1])
    if isinstance(value, list) and len(value) == 1:
        return ListOf(value[0])
    if isinstance(value, dict):
        return Obj(value)
    if value is None:
        return Const(None)
    raise TypeError(f"not a spec: {value!r}")


def typed(kind: str, fields) -> Spec:
    """An action or event: ``{"type": kind, **fields}``; ``fields`` may be OneOf(dict, dict) for alternatives."""
    if isinstance(fields, OneOf):
        return OneOf(*[typed(kind, option) for option in fields.options])
    body = fields if isinstance(fields, Obj) else Obj(fields)
    out = Obj({})
    out.fields = {"type": Const(kind), **body.fields}
    out.required = ["type", *body.required]
    return out


def checker(value_spec, names: dict[str, frozenset]) -> Callable[[Any, list | None, str], None]:
    """A validator: ``check(value, players, path)`` raises BadRequest with the path of the first problem."""
    s = spec(value_spec)

    def check(value, players: list[str] | None = None, path: str = "$") -> None:
        s.check(value, Ctx(names, players), path)

    return check


# -- the generator --------------------------------------------------------------------
def game_schema(game) -> dict:
    """The JSON Schema document of a game (a ``Game`` subclass): names, options, state, view, action, event."""
    info = game.info
    names = {n: (list(v) if v is not None else None) for n, (v, _) in game.names.items()}
    defs: dict = {}
    for name, (values, doc) in game.names.items():
        if values is None:  # free player names: anything but the protocol's own actors and keys
            defs[name] = {"type": "string", "minLength": 1, "not": {"enum": list(NOT_PLAYER_NAMES)}, "description": doc}
        else:
            defs[name] = {"enum": list(values), "description": doc}
    options = spec(game.options_spec()).schema(names)
    for name, option in game.options_fields().items():
        options["properties"][name]["default"] = option.default
        if option.clauses:
            options["properties"][name].update(clauses=list(option.clauses), without=option.value_without_its_clauses())
            if option.played_by:
                options["properties"][name]["played_by"] = list(option.played_by)
    options["required"] = []
    defs["options"] = {"description": "what new() takes; a field left out takes its default", **options}
    defs["state"] = {
        "description": "the canonical state: load(state()) rebuilds the table exactly",
        **spec(game.state_spec()).schema(names),
    }
    defs["view"] = {
        "description": "what one player (or a spectator) sees: "
        "the state without 'secret', with only their own 'private' slot",
        **spec(game.view_spec()).schema(names),
    }
    defs["action"] = {
        "description": "what apply() takes: its type is the machine's trigger",
        "oneOf": [
            {"description": doc, **typed(trigger, fields).schema(names)}
            for trigger, (doc, fields) in sorted(game.actions.items())
        ],
    }
    defs["event"] = {
        "description": "what apply() returns, one per thing that happened",
        "oneOf": [
            {"description": doc, **typed(kind, fields).schema(names)}
            for kind, (doc, fields) in sorted(game.events.items())
        ],
    }
    actions = game.phase_actions()  # each phase's action types and where they lead: the kit's turn shapes read them
    return {
        "$schema": SCHEMA_DIALECT,
        "$id": f"https://casebook.example/schemas/{info.id}.json",
        "title": f"{info.title}: options, state, view, action, event",
        "description": (
            "Generated by `python -m statemachines.schemas` from the game's rules.py and machine.py; do not edit. "
            "Hidden information lives only under 'secret' (nobody sees it) and 'private' (one player each)."
        ),
        # what the site says of the game: kept in GameInfo only, published here for every reader (the site among them)
        "game": {
            "id": info.id,
            "title": info.title,
            "short": info.short or info.title,
            "summary": info.summary,
            "rulebook": info.rulebook,
            "edition": info.edition,
        },
        "phases": [{**p, "actions": actions[p["name"]]} for p in game.phase_table()],
        "inventory": game.inventory_table(),
        "facts": game.facts,
        "$defs": defs,
    }


def write_all(check: bool = False) -> list[str]:
    """Write (or, with ``check``, compare) casebook/schemas/<game>.json for every reference game;
    the files that differ."""
    from statemachines.reference import discover_engines

    differ = []
    for game_id, engine in sorted(discover_engines().items()):
        text = json.dumps(engine.game.schema(), indent=1, ensure_ascii=False) + "\n"
        path = ROOT / "casebook" / "schemas" / f"{game_id}.json"
        if path.exists() and path.read_text(encoding="utf-8") == text:
            continue
        differ.append(str(path.relative_to(ROOT)))
        if not check:
            write_text(path, text)
    return differ


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    check = "--check" in argv
    differ = write_all(check=check)
    for path in differ:
        print(("differs from the generated schema: " if check else "wrote ") + path)
    return 1 if check and differ else 0


if __name__ == "__main__":
    raise SystemExit(main())
