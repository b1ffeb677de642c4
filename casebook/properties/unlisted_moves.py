"""Actions a game's legal() does not list, drawn from its published schema: the refusals the property tests send
(``refusals_change_nothing`` in casebook.properties.random_play).
Well formed, or one time in five malformed by construction."""

from __future__ import annotations

import random

from casebook.protocol import CHANCE, CLOCK


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
            return rng.randint(node.get("minimum", 0), node.get("maximum", node.get("minimum", 0) + 12))
        if kind == "boolean":
            return rng.random() < 0.5
        if kind == "array":
            size = rng.randint(node.get("minItems", 0), node.get("maxItems", node.get("minItems", 0) + 2))
            return [self.value(node["items"], state, rng) for _ in range(size)]
        if kind == "object":
            return self.fields(node, state, rng)
        return rng.choice(state["players"] + ["", "x"])
