"""The published JSON Schemas of the games, and what they say beyond validation.

``casebook/schemas/<game>.json`` is generated from the reference's tables
(``python -m statemachines.schemas``) and is part of the protocol: steps,
random play and the validator read every name from it.  Besides ``$defs``
(names, options, state, view, action, event) a schema carries:

* ``phases``: the machine's phases (name, who acts, a summary, clause ids);
* ``inventory``: every component of the game and where in a state it may lie,
  ``{kind: {"count": {name: n}, "at": [path, ...]}}``.  A path is dotted keys,
  ``*`` standing for every key or item (``private.*.hand.*``); an entry
  ``{"path": p, "prefix": s}`` counts ``s + value``.  Strings at those places
  that are not names of the kind ("face down", null) are not components.
"""

from __future__ import annotations

import json
from collections import Counter
from functools import lru_cache
from importlib import resources


@lru_cache(maxsize=None)
def _text(game: str) -> str:
    return resources.files(__name__).joinpath(f"{game}.json").read_text(encoding="utf-8")


def load(game: str) -> dict:
    """A game's published schema (a fresh copy); FileNotFoundError when there is none."""
    if not isinstance(game, str) or not game.replace("_", "").isalnum():
        raise FileNotFoundError(f"no schema for {game!r}")
    return json.loads(_text(game))


def games() -> list[str]:
    return sorted(p.name[:-5] for p in resources.files(__name__).iterdir() if p.name.endswith(".json"))


def names(schema: dict, name: str) -> list:
    """The members of a named set (``$defs/<name>``), in the schema's order."""
    return list(schema["$defs"][name]["enum"])


def _at(value, parts: list[str]) -> list:
    """The values at a dotted path (``*``: every key or item)."""
    nodes = [value]
    for head in parts:
        found: list = []
        for node in nodes:
            if head == "*":
                found.extend(node.values() if isinstance(node, dict) else node if isinstance(node, list) else ())
            elif isinstance(node, dict) and head in node:
                found.append(node[head])
        nodes = found
    return nodes


def count(inventory: dict, state: dict) -> dict[str, dict[str, int]]:
    """Each kind of component in ``state``: how many of each name lie at the kind's places (names seen only).
    Plain dicts, not Counters: random play counts at every step, and Counter's == walks both sides in Python."""
    found = {}
    for kind, entry in inventory.items():
        members = entry["count"]
        seen: dict[str, int] = {}
        for where in entry["at"]:
            path, prefix = (where, "") if isinstance(where, str) else (where["path"], where["prefix"])
            for value in _at(state, path.split(".")):
                name = prefix + value if isinstance(value, str) else None
                if name in members:
                    seen[name] = seen.get(name, 0) + 1
        found[kind] = seen
    return found


def inventory_problems(inventory: dict, state: dict) -> list[str]:
    """Why the components of ``state`` are not exactly the game's (empty: they are)."""
    problems = []
    for kind, seen in count(inventory, state).items():
        expected = {k: n for k, n in inventory[kind]["count"].items() if n}
        if seen != expected:
            extra, missing = Counter(seen) - Counter(expected), Counter(expected) - Counter(seen)
            what = [f"{n} {name!r} too many" for name, n in sorted(extra.items())]
            what += [f"{n} {name!r} missing" for name, n in sorted(missing.items())]
            problems.append(f"{kind}: " + ", ".join(what))
    return problems
