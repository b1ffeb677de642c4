"""Actions a game's legal() does not list, drawn from its published schema: the refusals the property tests send
(``refusals_change_nothing`` in casebook.properties.random_play).  Well formed (every value as the schema allows it:
ranges, minLength, maxLength, patterns), or one time in five malformed by construction."""

from __future__ import annotations

import random
import re
import string
from re import _parser as regex_parser  # re's own parser: a pattern's parts, to draw a text it matches

from casebook.protocol import CHANCE, CLOCK

ANY_CHARACTER = string.ascii_letters + string.digits + " "  # what "." and a negated class draw from


def forms(node: dict) -> list[dict]:
    """The object forms of a oneOf (a form may itself be a oneOf of forms)."""
    if "oneOf" in node:
        return [f for option in node["oneOf"] for f in forms(option)]
    return [node]


class UnlistedActions:
    """The game's action forms (the schema's ``$defs.action``), and values for their fields drawn from the schema."""

    def __init__(self, schema: dict):
        self.schema = schema
        self.actions = [(a["properties"]["type"]["const"], a) for a in forms(schema["$defs"]["action"])]

    def draw(self, state: dict, legal: dict, rng: random.Random):
        """An action legal() does not list: well formed (from the schema), or one time in five malformed."""
        actors = [*state["players"], CHANCE, CLOCK]
        if rng.random() < 0.2:
            kind, form = rng.choice(self.actions)
            action = {"type": kind, **self.fields(form, state, rng)}
            # malformed by construction: no action has a field "no such field", a missing type or a float
            broken = rng.choice(
                [
                    {"type": "no such action"},
                    {k: v for k, v in action.items() if k != "type"},
                    {**action, "no such field": 1},
                    {**action, **{k: 2.0 for k in list(action)[1:2]}},
                ]
            )
            if broken != action:
                return rng.choice(actors), broken, {"bad_request"}
        for _ in range(20):
            kind, form = rng.choice(self.actions)
            actor, action = rng.choice(actors + legal["to_act"]), {"type": kind, **self.fields(form, state, rng)}
            if not any(m["actor"] == actor and m["action"] == action for m in legal["moves"]):
                return (
                    actor,
                    action,
                    ({"illegal_action"} if actor in legal["to_act"] or not legal["to_act"] else {"not_your_turn"}),
                )
        return None, None, None

    def fields(self, form: dict, state: dict, rng: random.Random) -> dict:
        props, required = form["properties"], set(form.get("required", []))
        return {
            k: self.value(s, state, rng)
            for k, s in props.items()
            if k != "type" and (k in required or rng.random() < 0.3)
        }

    def value(self, node: dict, state: dict, rng: random.Random):
        if "$ref" in node or "allOf" in node:
            name = (node.get("$ref") or node["allOf"][0]["$ref"]).rsplit("/", 1)[1]
            if name == "player":
                return rng.choice(state["players"])  # a player at this table: a name of another game is malformed
            return self.value(self.schema["$defs"][name], state, rng)
        for key in ("oneOf", "anyOf"):
            if key in node:
                return self.value(rng.choice(node[key]), state, rng)
        if "const" in node or "enum" in node:
            return node["const"] if "const" in node else rng.choice(node["enum"])
        kind = node.get("type")
        if kind == "integer":
            low = node.get("minimum", node.get("exclusiveMinimum", -1) + 1)
            high = node.get("maximum", node.get("exclusiveMaximum", low + 13) - 1)
            return rng.randint(low, max(low, high))
        if kind == "boolean":
            return rng.random() < 0.5
        if kind == "array":
            size = rng.randint(node.get("minItems", 0), node.get("maxItems", node.get("minItems", 0) + 2))
            return [self.value(node["items"], state, rng) for _ in range(size)]
        if kind == "object":
            return self.fields(node, state, rng)
        return text(node, state["players"], rng)


def text(node: dict, players: list[str], rng: random.Random) -> str:
    """A string the schema allows (minLength, maxLength, pattern): a well-formed value, so that the engine judges the
    move (illegal_action), not its form (bad_request).  A player's name or "x" where they fit, else one drawn from
    the pattern, or characters enough for minLength."""
    low, high, pattern = node.get("minLength", 0), node.get("maxLength"), node.get("pattern")

    def fits(value: str) -> bool:
        return low <= len(value) <= (high if high is not None else len(value)) and (
            pattern is None or re.search(pattern, value) is not None
        )

    fitting = [v for v in [*players, "x", ""] if fits(v)]
    if fitting:
        return rng.choice(fitting)
    for _ in range(20):
        value = matching(pattern, rng) if pattern else "".join(rng.choice(ANY_CHARACTER) for _ in range(low))
        if fits(value):
            return value
    raise ValueError(f"no string drawn fits the schema {node} (casebook.properties.unlisted_moves.text)")


def matching(pattern: str, rng: random.Random) -> str:
    """A random string that ``pattern`` matches, from re's parse of it (literals, classes, repeats, groups,
    alternatives; anchors match the empty string)."""
    return _draw(regex_parser.parse(pattern), rng)


def _draw(parsed, rng: random.Random) -> str:
    out = []
    for op, arg in parsed:
        name = str(op)
        if name == "LITERAL":
            out.append(chr(arg))
        elif name == "ANY":
            out.append(rng.choice(ANY_CHARACTER))
        elif name == "IN":
            out.append(_one_of(arg, rng))
        elif name in ("MAX_REPEAT", "MIN_REPEAT", "POSSESSIVE_REPEAT"):
            low, high, item = arg
            out.extend(_draw(item, rng) for _ in range(rng.randint(low, min(high, low + 3))))
        elif name in ("SUBPATTERN", "ATOMIC_GROUP"):
            out.append(_draw(arg[-1], rng))
        elif name == "BRANCH":
            out.append(_draw(rng.choice(arg[1]), rng))
    return "".join(out)  # AT (anchors) and the rest add nothing


def _one_of(items, rng: random.Random) -> str:
    """A character of a class ``[...]``: one of its literals or ranges; for a negated class, one it leaves out."""
    allowed: list[str] = []
    negated = False
    for op, arg in items:
        name = str(op)
        if name == "NEGATE":
            negated = True
        elif name == "LITERAL":
            allowed.append(chr(arg))
        elif name == "RANGE":
            allowed.extend(chr(c) for c in range(arg[0], min(arg[1], arg[0] + 94) + 1))
        elif name == "CATEGORY":
            allowed.extend(c for c in ANY_CHARACTER if re.fullmatch(_CATEGORIES.get(str(arg), "."), c))
    if negated:
        allowed = [c for c in ANY_CHARACTER if c not in allowed]
    return rng.choice(allowed or list(ANY_CHARACTER))


_CATEGORIES = {
    "CATEGORY_DIGIT": r"\d",
    "CATEGORY_NOT_DIGIT": r"\D",
    "CATEGORY_WORD": r"\w",
    "CATEGORY_NOT_WORD": r"\W",
    "CATEGORY_SPACE": r"\s",
    "CATEGORY_NOT_SPACE": r"\S",
}
