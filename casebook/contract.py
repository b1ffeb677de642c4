"""The protocol's shapes, written once: JSON Schemas, and the few rules a schema cannot say.

Every answer an engine gives that is not a game's own JSON (states, views,
actions and events: ``casebook/schemas/<game>.json``) has its shape here, as
a JSON Schema (draft 2020-12), as Bowtie keeps each protocol message:

=====================  ====================================================
``hello``              ``{"name", "protocol", "version"?, "games": {id: {"declines"?: [tag]}}}``
``legal``              ``{"to_act": [actor], "moves": [{"actor", "action", "p"?}]}``
``step``               ``{"events": [...], "legal": legal | null, "state"?, "views"?}``
``describe``           phases, transitions, clauses, board (what the docs draw)
``report``             ``casebook-conformance/1``, the JSON report of ``casebook verify``
=====================  ====================================================

verify's checking wrapper, the transports, the random-play invariants, the
steps and the site all check with ``problems(kind, value)`` (and
``legal_problems`` for ``legal()``); the protocol pages publish the same
dictionaries (``SCHEMAS``).  Hand code is kept for what a schema cannot say:
``to_act`` is the sorted set of the moves' actors, moves are sorted and
unique, chance probabilities sum to 1 within ``P_TOLERANCE``, and moves exist
exactly while the game is not over.

Pure and light: no pytest, no engine; the schemas compile (jsonschema-rs,
about 10 µs a check) the first time they are used.
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from casebook.errors import DriverFailure
from casebook.names import brief
from casebook.protocol import CHANCE, CLOCK, PROTOCOL_VERSION, canonical
from casebook.rulebook import BLOCKED, CLAUSE_STATUSES, EXAMPLE_STATUSES, PROPERTY_STATUSES

# Chance probabilities must sum to 1 within this.  Summing n floats errs by about n x 1e-16, so
# honest arithmetic over any deck passes; an engine that rounds to six digits (1/3 as 0.333333) does not.
P_TOLERANCE = 1e-9
REPORT_FORMAT = "casebook-conformance/1"
DRAFT = "https://json-schema.org/draft/2020-12/schema"

_NAMES = {"type": "array", "items": {"type": "string"}}
_TEXT = {"type": "string", "minLength": 1, "pattern": r"\S"}

HELLO = {
    "$schema": DRAFT,
    "title": "hello(): who the engine is and what it plays",
    "type": "object",
    "required": ["name", "protocol", "games"],
    "properties": {
        "name": _TEXT,
        "version": {"type": "string"},
        "protocol": {
            **_TEXT,
            "description": f"major.minor; Casebook speaks {PROTOCOL_VERSION}, any 1.x engine is heard",
        },
        "games": {
            "type": "object",
            "additionalProperties": {
                "type": "object",
                "properties": {"declines": {**_NAMES, "description": "tags whose examples the engine does not play"}},
            },
        },
    },
}

MOVE = {
    "type": "object",
    "required": ["actor", "action"],
    "properties": {
        "actor": {"type": "string"},
        "action": {"type": "object"},
        "p": {"type": "number", "exclusiveMinimum": 0, "maximum": 1},
    },
    "allOf": [
        # chance moves carry their probability, no other move does
        {
            "if": {"properties": {"actor": {"const": CHANCE}}},
            "then": {"required": ["p"]},
            "else": {"not": {"required": ["p"]}},
        },
        # the clock only ends timers
        {
            "if": {"properties": {"actor": {"const": CLOCK}}},
            "then": {
                "properties": {
                    "action": {
                        "type": "object",
                        "required": ["type", "timer"],
                        "properties": {"type": {"const": "expire"}, "timer": {"type": "string"}},
                    }
                }
            },
        },
    ],
}

LEGAL = {
    "$schema": DRAFT,
    "title": "legal(): who must act now, and every legal move",
    "type": "object",
    "required": ["to_act", "moves"],
    "properties": {"to_act": _NAMES, "moves": {"type": "array", "items": MOVE}},
}

STEP = {
    "$schema": DRAFT,
    "title": "step(table, actor, action): apply, then what follows it, in one call",
    "type": "object",
    "required": ["events", "legal"],
    "properties": {
        "events": {"type": "array", "items": {"type": "object"}},
        "legal": {
            "oneOf": [{"type": "null"}, {k: v for k, v in LEGAL.items() if k not in ("$schema", "title")}],
            "description": "null: legal() after the move was refused (the next call says why)",
        },
        "state": {"type": ["object", "null"]},
        "views": {
            "oneOf": [
                {"type": "null"},
                {
                    "type": "array",
                    "items": {
                        "type": "object",
                        "required": ["player", "view"],
                        "properties": {"player": {"type": ["string", "null"]}, "view": {"type": "object"}},
                    },
                },
            ]
        },
    },
}

DESCRIBE = {
    "$schema": DRAFT,
    "title": "describe(game): what the docs draw",
    "type": "object",
    "required": ["game", "title", "initial", "phases", "transitions", "board"],
    "properties": {
        "game": {"type": "string"},
        "title": {"type": "string"},
        "initial": {"type": "string"},
        "phases": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["name", "parent", "final", "actor", "summary", "clauses"],
                "properties": {
                    "name": {"type": "string", "minLength": 1},
                    "parent": {"type": ["string", "null"]},
                    "final": {"type": "boolean"},
                    "actor": {"enum": ["player", "chance", "clock", "players", None]},
                    "summary": {"type": "string"},
                    "clauses": _NAMES,
                },
            },
        },
        "transitions": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["verb", "source", "dest", "conditions", "unless", "effects", "clauses"],
                "properties": {
                    "verb": {"type": "string"},
                    "source": {"type": "string"},
                    "dest": {"type": ["string", "null"], "description": "null: the move stays in its phase (internal)"},
                    "conditions": _NAMES,
                    "unless": _NAMES,
                    "effects": _NAMES,
                    "clauses": _NAMES,
                },
            },
        },
        # null, or an object (required/properties bind objects only:
        # a bad path is reported where it lies, not as "no oneOf")
        "board": {
            "type": ["object", "null"],
            "required": ["locations", "paths"],
            "properties": {
                "locations": {
                    "type": "array",
                    "items": {
                        "type": "object",
                        "required": ["name"],
                        "properties": {
                            "name": {"type": "string"},
                            "kind": {"type": "string"},
                            "x": {"type": "number", "minimum": 0, "maximum": 1},
                            "y": {"type": "number", "minimum": 0, "maximum": 1},
                        },
                    },
                },
                "paths": {
                    "type": "array",
                    "items": {
                        "type": "object",
                        "required": ["a", "b"],
                        "properties": {
                            "a": {"type": "string"},
                            "b": {"type": "string"},
                            "length": {
                                "type": "integer",
                                "minimum": 0,
                                "description": "the spaces between a and b (0: neighbours)",
                            },
                            "kind": {"type": "string"},
                        },
                    },
                },
            },
        },
    },
}

_COUNTS = {"type": "integer", "minimum": 0}
REPORT = {
    "$schema": DRAFT,
    "title": f"{REPORT_FORMAT}: the JSON report of casebook verify",
    "type": "object",
    "required": ["format", "implementation", "generated", "clauses", "totals"],
    "properties": {
        "format": {"const": REPORT_FORMAT},
        "implementation": {
            "type": "object",
            "required": ["spec", "name"],
            "properties": {
                "spec": {"type": "string"},
                "name": {"type": ["string", "null"]},
                "version": {"type": ["string", "null"]},
            },
        },
        "generated": {"type": "string"},
        "suite": {"type": "object"},
        "clauses": {
            "type": "object",
            "additionalProperties": {
                "type": "object",
                "required": ["game", "rule", "status", "summary", "scenarios"],
                "properties": {
                    "game": {"type": "string"},
                    "feature": {"type": "string"},
                    "feature_file": {"type": "string"},
                    "rule": {"type": "string"},
                    "tags": _NAMES,
                    "summary": {"type": "string"},
                    "status": {"enum": list(CLAUSE_STATUSES)},
                    "scenarios": {
                        "type": "array",
                        "items": {
                            "type": "object",
                            "required": ["name", "status"],
                            "properties": {
                                "name": {"type": "string"},
                                "status": {"enum": list(EXAMPLE_STATUSES)},
                                "message": {"type": "string"},
                            },
                        },
                    },
                },
            },
        },
        "roots": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["clause", "game", "rule", "message", "blocks"],
                "properties": {
                    "clause": {"type": "string"},
                    "game": {"type": "string"},
                    "rule": {"type": "string"},
                    "message": {"type": "string"},
                    "blocks": {
                        "type": "array",
                        "items": {
                            "type": "object",
                            "required": ["clause", "examples"],
                            "properties": {"examples": _NAMES},
                        },
                    },
                },
            },
        },
        "totals": {
            "type": "object",
            # a report written before examples could be blocked (issue 44) has no "blocked" count: it read as none
            "required": [s for s in CLAUSE_STATUSES if s != BLOCKED],
            "properties": {s: _COUNTS for s in CLAUSE_STATUSES},
        },
        "properties": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["name", "game", "status"],
                "properties": {
                    "name": {"type": "string"},
                    "game": {"type": "string"},
                    "status": {"enum": list(PROPERTY_STATUSES)},
                    "message": {"type": "string"},
                    "invariant": {"type": ["string", "null"]},
                },
            },
        },
        "invariants": {
            "type": "object",
            "additionalProperties": {
                "type": "object",
                "required": ["status"],
                "properties": {"status": {"enum": list(PROPERTY_STATUSES)}, "failed_in": _NAMES, "passed_in": _NAMES},
            },
        },
    },
}

SCHEMAS = {"hello": HELLO, "legal": LEGAL, "step": STEP, "describe": DESCRIBE, "report": REPORT}

# STEP with its legal() taken as an object: what a transport checks of every step answer, on the hot path.  The legal()
# that came along is checked as every legal() answer is, where it is taken (verify's wrapper), not twice: LEGAL costs
# about 18 us on a 30-move answer, this envelope about 1.5 us (jsonschema-rs reads only what it checks, not the state).
STEP_ENVELOPE = {**STEP, "properties": {**STEP["properties"], "legal": {"type": ["object", "null"]}}}
_DERIVED = {"step envelope": STEP_ENVELOPE}


@lru_cache(maxsize=None)
def _validator(kind: str):
    try:
        import jsonschema_rs
    except ImportError:  # pragma: no cover - every platform we test has the wheel
        import jsonschema

        return jsonschema.Draft202012Validator(SCHEMAS.get(kind) or _DERIVED[kind])
    return jsonschema_rs.validator_for(SCHEMAS.get(kind) or _DERIVED[kind])


class Problem(NamedTuple):
    """One way an answer breaks the contract: where in it (a JSON path as a tuple of keys and indices) and what."""

    kind: str
    where: tuple
    what: str

    def __str__(self) -> str:
        path = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in self.where)
        return f"{self.kind} at ${path}: {self.what}"


def located(kind: str, value) -> list[Problem]:
    """Every way ``value`` is not a well-formed ``kind`` answer (``SCHEMAS``), each with where it lies."""
    validator = _validator(kind)
    if validator.is_valid(value):
        return []
    return [
        Problem(kind, tuple(getattr(e, "instance_path", None) or getattr(e, "absolute_path", ())), e.message[:300])
        for e in validator.iter_errors(value)
    ]


@lru_cache(maxsize=None)
def _options_validator(game: str):
    import jsonschema_rs

    from casebook import schemas

    return jsonschema_rs.validator_for({"$ref": "#/$defs/options", "$defs": schemas.load(game)["$defs"]})


def options_problems(game: str, options) -> list[Problem]:
    """Why ``options`` do not fit what ``new`` takes in ``game`` (its published ``$defs.options``), each located."""
    return [
        Problem("options", tuple(e.instance_path), e.message[:300])
        for e in _options_validator(game).iter_errors(options)
    ]


def problems(kind: str, value, limit: int = 5) -> list[str]:
    """Why ``value`` is not a well-formed ``kind`` answer (``SCHEMAS``): where and what, at most ``limit``;
    [] when it is."""
    return [str(p) for p in located(kind, value)[:limit]]


class NotAReport(ValueError):
    """A file given as a conformance report that is not one (``REPORT``): which file, and what is wrong with it."""

    def __init__(self, file, why: str):
        super().__init__(f"{file} is not a {REPORT_FORMAT} report: {why}")
        self.file, self.why = str(file), why


def read_report(path) -> dict:
    """The conformance report in the file ``path``, checked against ``REPORT``; else ``NotAReport`` naming the file."""
    import json
    from pathlib import Path

    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as exc:
        raise NotAReport(path, f"cannot be read ({exc.strerror or exc})") from None
    except UnicodeDecodeError:
        raise NotAReport(path, "not UTF-8 text") from None
    except ValueError as exc:
        raise NotAReport(path, f"not JSON ({exc})") from None
    found = problems("report", data, limit=3)
    if found:
        raise NotAReport(path, "; ".join(found))
    return data


def describe_problems(answer, clauses: set[str] | None = None) -> list[Problem]:
    """What is wrong with a ``describe`` answer: its shape (``DESCRIBE``), then the references a schema cannot say.

    A transition leaves and enters phases the answer names, ``initial`` and each ``parent`` are phases,
    each board path joins named locations, and (given the features' ``clauses``) every cited clause exists.
    """
    found = located("describe", answer)
    if not isinstance(answer, dict):
        return found

    def items(key, inside=None):
        value = (inside if inside is not None else answer).get(key)
        return [(i, x) for i, x in enumerate(value) if isinstance(x, dict)] if isinstance(value, list) else []

    def unknown(where, value, names, what):
        if isinstance(value, str) and value not in names:
            found.append(Problem("describe", where, f"{value!r} is not {what}"))

    phases = {p["name"] for _, p in items("phases") if isinstance(p.get("name"), str)}
    unknown(("initial",), answer.get("initial"), phases, "one of its phases")
    for i, p in items("phases"):
        unknown(("phases", i, "parent"), p.get("parent"), phases, "one of its phases")
    for i, t in items("transitions"):
        unknown(("transitions", i, "source"), t.get("source"), phases, "one of its phases")
        unknown(("transitions", i, "dest"), t.get("dest"), phases, "one of its phases")
    board = answer.get("board")
    if isinstance(board, dict):
        places = {loc["name"] for _, loc in items("locations", board) if isinstance(loc.get("name"), str)}
        for i, path in items("paths", board):
            for end in ("a", "b"):
                unknown(("board", "paths", i, end), path.get(end), places, "one of its locations")
    if clauses is not None:
        for key in ("phases", "transitions"):
            for i, item in items(key):
                cited = item.get("clauses")
                for j, clause in enumerate(cited if isinstance(cited, list) else []):
                    unknown((key, i, "clauses", j), clause, clauses, "a clause of the features")
    return found


def legal_problems(legal, over: bool | None = None) -> list[str]:
    """What is wrong with a ``legal()`` answer: its shape (``LEGAL``), then the rules a schema cannot say.

    ``over``: whether the game is over, when the caller knows (then moves must be empty, else not).
    """
    found = problems("legal", legal)
    if found:
        return found
    moves = legal["moves"]
    actors = sorted({m["actor"] for m in moves})
    if legal["to_act"] != actors:
        found.append(f"legal() to_act {legal['to_act']} is not the sorted actors of its moves {actors}")
    keys = [(m["actor"], canonical(m["action"])) for m in moves]
    if keys != sorted(keys):
        found.append("legal() moves are not sorted by actor, then canonical JSON of the action")
    if len(set(keys)) != len(keys):
        found.append("legal() lists the same move twice")
    chance = [m["p"] for m in moves if m["actor"] == CHANCE]
    if chance and abs(sum(chance) - 1) > P_TOLERANCE:
        found.append(f"chance probabilities sum to {sum(chance)!r}, not 1 (within {P_TOLERANCE})")
    if over is not None and bool(moves) == over:
        found.append(f"legal() lists {len(moves)} moves in a game that is {'over' if over else 'not over'}")
    return found


def is_chance_node(legal: dict) -> bool:
    """Chance alone is to act, and its moves are a well-formed distribution."""
    return legal.get("to_act") == [CHANCE] and not legal_problems(legal)


def check_hello(hello) -> dict:
    """``hello`` if it has the protocol's shape (``HELLO``) and a major version Casebook speaks,
    else ``DriverFailure``."""
    found = problems("hello", hello, limit=1)
    if found:
        raise DriverFailure("out_of_protocol", f"{found[0]}; it answered {brief(hello, 200)}")
    if hello["protocol"].split(".")[0] != PROTOCOL_VERSION.split(".")[0]:
        raise DriverFailure(
            "protocol_version", f"engine speaks {brief(hello['protocol'], 40)}, Casebook {PROTOCOL_VERSION}"
        )
    return hello
