"""An engine with failures for the chunk tests: the reference, except that in Small Detectives nobody may ask
(``ask`` is never legal and always refused), so the clauses that ask fail, the same in any share of a run."""

from __future__ import annotations

from casebook.errors import IllegalAction
from statemachines.reference import ReferenceImplementation


class NeverAsks(ReferenceImplementation):
    def hello(self) -> dict:
        return {**super().hello(), "name": "never-asks"}

    def legal(self, table):
        legal = super().legal(table)
        moves = [m for m in legal["moves"] if m["action"].get("type") != "ask"]
        return {**legal, "moves": moves, "to_act": sorted({m["actor"] for m in moves})}

    def apply(self, table, actor, action):
        if isinstance(action, dict) and action.get("type") == "ask":
            raise IllegalAction("nobody asks here")
        return super().apply(table, actor, action)


def make() -> NeverAsks:
    return NeverAsks()
