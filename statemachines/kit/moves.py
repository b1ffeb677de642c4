"""Moves as ``legal()`` lists them: built once, read-only, and shared between positions and tables.

A listed move is an entry ``((actor, canonical JSON of the action), ReadOnlyDict(actor=, action=[, p=]))``: the key is
what ``legal()`` sorts by and ``apply()`` looks an action up by; the move is what ``legal()`` hands out.  Building one
costs a canonical key and two dicts, and a position lists the same moves as the last (every turn offers the same
passes, P.I. offers its 1,680 solutions at every turn), so moves are kept and handed out again.

The invariant that makes that safe, and the one place it is stated:

    An entry depends only on (trigger, actor, p, fields), and is never changed once built.

* Never changed: the move is read-only (``casebook.readonly``: an edit raises, so a caller cannot change what the
  next position hands out), the key is a string, and ``apply()`` keeps a plain copy of the action it is sent.
* Depends only on those four: ``_entries`` names an entry by the marshal bytes of ``(trigger, actor, p, fields)``
  (version 2: no back-references), and marshal spells each type apart, as JSON must: 1, 1.0 and True are equal in
  Python and three moves in JSON, so they get three names (and a list of dice is named too).  Fields that are not
  plain data cannot be named and are built each time.  One value may get two names (a string interned or not):
  that is a second entry, never a wrong one.
* Bounded: ``_MET`` keeps at most ``MET_KEPT`` entries (~1 KiB each) and is forgotten all at once when full: a cache,
  never a leak.  ``memo`` keeps its own lists (``Built``), one per value of its key, sorted once.

tests/test_kit.py checks each part (the types kept apart, unplain fields built each time, the cache forgotten when
full, a memo's list handed out read-only and in order).
"""

from __future__ import annotations

import marshal
from functools import wraps
from operator import itemgetter
from typing import Any, Callable

from casebook.protocol import canonical
from casebook.readonly import ReadOnlyDict, read_only


class Built(list):
    """Moves already built and sorted (what @memo caches), with what legal() and apply() read of them, made once:
    a big list (P.I.'s 1,680 solutions) is handed out as the same read-only moves, never sorted or keyed again."""

    def __init__(self, entries):
        super().__init__(entries)
        self.moves = [m for _, m in self]
        self.keys = frozenset(k for k, _ in self)
        self.actors = frozenset(k[0] for k in self.keys)


def memo(key: Callable[[Any], Any]):
    """Cache an ``options_<trigger>`` whose moves depend only on ``key(self)``: built and sorted once."""

    def decorate(fn):
        trigger = fn.__name__.removeprefix("options_")
        cache: dict = {}

        @wraps(fn)
        def cached(self):
            k = key(self)
            built = cache.get(k)
            if built is None:
                built = cache[k] = Built(sorted(_entries(trigger, fn(self), met=None), key=_first))
            return built

        return cached

    return decorate


_first = itemgetter(0)  # an entry's key, what legal()'s order sorts by (no Python call per entry)


_MET: dict = {}
MET_KEPT = 20_000


def _entries(trigger: str, options, met: dict | None = _MET) -> list[tuple]:
    """(key, move) of each option, the move read-only: legal() hands out these very moves."""
    out = []
    for actor, fields, p in options:
        try:
            name = None if met is None else marshal.dumps((trigger, actor, p, fields), 2)
        except ValueError:  # not plain data (a dict subclass among the fields): built each time
            name = None
        entry = None if name is None else met.get(name)
        if entry is None:
            entry = _entry(trigger, actor, fields, p)
            if name is not None:
                if len(met) >= MET_KEPT:
                    met.clear()
                met[name] = entry
        out.append(entry)
    return out


def _entry(trigger: str, actor: str, fields: dict, p) -> tuple:
    action = {"type": trigger, **fields}
    key, action = canonical(action), read_only(action)
    return (actor, key), ReadOnlyDict(actor=actor, action=action) if p is None else ReadOnlyDict(
        actor=actor, action=action, p=p
    )
