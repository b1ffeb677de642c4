"""What a player alone may know, read from a state: the strings in a JSON value, and a listed move that differs
from another only in names its player alone holds
(the check ``events_are_private`` in casebook.properties.random_play plays both)."""

from __future__ import annotations

import marshal

from casebook.protocol import CHANCE, CLOCK, redact


def private_twin(state: dict, legal: dict, move: dict) -> dict | None:
    """Another listed move of ``move``'s player and kind that differs from it only in names that player alone holds
    (in their ``private`` slot): which of their cards to show or to pass.
    None for chance, the clock, or no such move."""
    actor, action = move["actor"], move["action"]
    if actor in (CHANCE, CLOCK):
        return None
    # a seat's name is public even where their private slot mentions it (whom they passed to, whom they noted):
    # asking Yellow rather than Blue is no hidden choice
    mine = set(strings(state.get("private", {}).get(actor, {}))) - set(state.get("private", {}))
    for other in legal["moves"]:
        theirs = other["action"]
        if (
            other["actor"] != actor
            or theirs == action
            or theirs.keys() != action.keys()
            or theirs.get("type") != action.get("type")
        ):
            continue
        changed = [k for k in action if action[k] != theirs[k]]
        if all(
            set(strings([action[k], theirs[k]])) <= mine
            and all(isinstance(v, (str, list)) for v in (action[k], theirs[k]))
            for k in changed
        ):
            return other
    return None


def strings(value, keys: bool = False) -> list[str]:
    """Every string in a JSON value (with ``keys``, the objects' keys too: a name used as a key is public)."""
    out, todo = [], [value]
    while todo:
        v = todo.pop()
        if isinstance(v, dict):
            todo.extend(v.values())
            out.extend(v.keys() if keys else ())
        elif isinstance(v, list):
            todo.extend(v)
        elif isinstance(v, str):
            out.append(v)
    return out


class Redactions:
    """``redact(document, viewer)`` for each viewer, to compare with, not to hand out: the top-level parts that hold
    neither hiding key are shared with ``document`` instead of copied, so a comparison of a whole view runs in C.
    Which parts hold one is read once from marshal's bytes (the keys' words are in them wherever the keys are)."""

    def __init__(self, document: dict):
        self.plain, self.hiding = {}, {}
        for key, value in document.items():
            (self.hiding if key in ("secret", "private") or _may_hide(value) else self.plain)[key] = value

    def __call__(self, viewer: str | None) -> dict:
        return {**self.plain, **redact(self.hiding, viewer)}


def _may_hide(value) -> bool:
    if not isinstance(value, (dict, list)):
        return False
    try:
        raw = marshal.dumps(value)
    except ValueError:  # not plain JSON (an engine's own types): redacted the long way
        return True
    return b"secret" in raw or b"private" in raw
