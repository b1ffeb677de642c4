"""Read-only JSON: what an in-process engine may hand out instead of a fresh copy, and the way back to plain JSON.

An engine that lists the same moves again and again (P.I.'s 1,680 solutions at every turn of a position) may build
them once and hand out the same objects each time, read-only: a caller's edit then raises a readable ``TypeError``
and changes nothing, instead of editing what the next caller is given.  Over a wire nothing changes: these are a
``dict`` and a ``list`` to ``json`` and orjson alike.  ``plain`` gives back plain JSON to whoever must pass a value on
to an engine that takes only plain ``dict`` and ``list`` (``copy.deepcopy`` and pickle give plain JSON too).
"""

from __future__ import annotations

from typing import Any

EDIT = (
    "is read-only (legal() hands out the same moves at every call): "
    "copy it to edit it, e.g. casebook.readonly.plain(move)"
)


class _ReadOnly:
    """What both read-only kinds share: every edit refused; a copy (``copy``, ``copy.deepcopy``, pickle) is plain."""

    __slots__ = ()
    kind: type  # the plain kind: dict or list

    def _refuse(self, *args, **kwargs):
        raise TypeError(f"this {self.kind.__name__} {EDIT}")

    def __copy__(self):
        return self.kind(self)

    def __deepcopy__(self, memo):
        return plain(self)

    def __reduce__(self):
        return self.kind, (plain(self),)


class ReadOnlyDict(_ReadOnly, dict):
    __slots__ = ()
    kind = dict
    __setitem__ = __delitem__ = __ior__ = clear = pop = popitem = setdefault = update = _ReadOnly._refuse


class ReadOnlyList(_ReadOnly, list):
    __slots__ = ()
    kind = list
    __setitem__ = __delitem__ = __iadd__ = __imul__ = append = clear = extend = insert = pop = remove = reverse = (
        sort
    ) = _ReadOnly._refuse


def read_only(value: Any) -> Any:
    """``value`` (plain JSON) as read-only JSON, all the way down; strings, numbers, booleans and null as they are."""
    if isinstance(value, dict):
        for v in value.values():
            if type(v) not in _LEAVES:
                return ReadOnlyDict({k: read_only(v) for k, v in value.items()})
        return ReadOnlyDict(value)  # flat, as most actions are: copied in C
    if isinstance(value, list):
        return ReadOnlyList([read_only(v) for v in value])
    return value


_LEAVES = frozenset({str, int, float, bool, type(None)})  # most of a move: read as they are, without a call


def plain(value: Any) -> Any:
    """A plain, fresh copy of JSON that may hold read-only parts (or any ``dict`` and ``list`` subclass)."""
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [plain(v) for v in value]
    return value
