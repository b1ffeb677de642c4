"""Hostile states: a played state with random edits must be refused with bad_request, or play on cleanly.

``mutate`` edits a copy of a state (values swapped, dropped, duplicated,
retyped or renamed; the phase changed); ``refused_or_plays_on`` loads it and
judges the answer with the random-play checks of ``casebook.properties.random_play``.
"""

from __future__ import annotations

import json
import random

from casebook.errors import GameError
from casebook.protocol import Table
from casebook.properties.random_play import Checks, Laws, listed_moves_apply, load_is_identity, uniform_policy


def mutate(state: dict, schema: dict, rng: random.Random) -> dict:
    """A copy of ``state`` with one to three random edits: values swapped, dropped, duplicated, retyped or renamed."""
    out = json.loads(json.dumps(state))
    sets = [d["enum"] for d in schema["$defs"].values() if isinstance(d, dict) and "enum" in d]
    names = [v for values in sets for v in values]
    phases = [p["name"] for p in schema.get("phases", [])]
    for _ in range(rng.randint(1, 3)):
        parent, key = _random_slot(out, rng)
        if parent is None:
            continue
        old = parent[key]
        choice = rng.randrange(11)
        kin = [values for values in sets if isinstance(old, str) and old in values]
        if choice >= 9 and kin:  # another name of the same kind: the shape holds, the meaning may not
            parent[key] = rng.choice(rng.choice(kin))
            continue
        if choice == 0 and isinstance(parent, dict):
            del parent[key]
        elif choice == 1 and isinstance(parent, list):
            parent.insert(key, json.loads(json.dumps(old)))
        elif choice == 2 and isinstance(parent, list):
            del parent[key]
        elif choice == 3:
            parent[key] = rng.choice(names + phases + state["players"] + [None, 0, 1, -1, 2.0, True, "", [], {}])
        elif choice == 4 and isinstance(old, int) and not isinstance(old, bool):
            parent[key] = old + rng.choice([-1, 1, 20])
        elif choice == 5 and isinstance(parent, dict):
            parent[rng.choice(names + ["made up"])] = json.loads(json.dumps(old))
        elif choice == 6:
            other_parent, other_key = _random_slot(out, rng)
            if other_parent is not None:
                parent[key], other_parent[other_key] = other_parent[other_key], old
        elif choice == 7 and phases:
            out["phase"] = rng.choice(phases)
        else:
            parent[key] = rng.choice(state["players"]) if isinstance(old, str) else None
    return out


def _random_slot(value, rng: random.Random):
    """A random (container, key) inside ``value``, deeper ones as likely as shallow ones."""
    slots, todo = [], [value]
    while todo:
        v = todo.pop()
        items = v.items() if isinstance(v, dict) else enumerate(v) if isinstance(v, list) else ()
        for k, child in items:
            slots.append((v, k))
            todo.append(child)
    return rng.choice(slots) if slots else (None, None)


def refused_or_plays_on(impl, game: str, state: dict, rng: random.Random, moves: int = 8) -> str:
    """Load a (possibly broken) state: "refused" with bad_request, or "played" on cleanly.  Anything else raises."""
    try:
        table = Table.load(impl, game, state)
    except GameError as exc:
        assert exc.code == "bad_request", f"a broken state gives {exc.code}, not bad_request: {exc.message}"
        return "refused"
    checks = Checks(game)
    try:
        loaded = table.state()
        load_is_identity(impl, game, loaded, table.legal())
        for _ in range(moves):
            current, legal = table.state(), table.legal()
            checks.legal_is_well_formed(current, legal)
            checks.components_are_conserved(current, Laws(game, lambda seed: {}))
            if not legal["moves"]:
                break
            listed_moves_apply(impl, game, current, rng.sample(legal["moves"], min(2, len(legal["moves"]))))
            move = uniform_policy(current, legal, rng)
            table.apply(move["actor"], move["action"])
        return "played"
    finally:
        table.close()
