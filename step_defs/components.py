"""Putting components where a Given says: one set of state edits for every game, read from the schema's inventory.

The published schema's ``inventory`` names every component and the paths it may lie at (``private.*.hand.*``,
``secret.case_file.*``, ``tiles.*.suspect``).  ``Components`` edits a canonical state by those paths only:

    CARDS = Components(SCHEMA, "clue card", names="card")
    CARDS.put(state, "painting", ("private", "Bob", "hand"), pins)   # into a list, or into a slot
    CARDS.hold(state, "Bob", ["painting", "Strand"], pins)          # a hand holds (or, none=True, lacks) them
    CARDS.take(state, "painting"); CARDS.move(state, "painting", ("surplus",)); CARDS.everything(state)
    CARDS.lying_at(state, "secret.case_file")                        # the names lying there (hidden_information.py)
    lose(schema, state, "painting")                                  # a copy that has lost a card: counts broken

``put`` swaps the component with one lying where it goes, one no earlier Given placed: the counts still add up.
``pins`` are the scenario's (``Position.pins``: a Given's ``put`` that names a ``pins`` parameter gets them): the
names a Given placed, or the slot's path for a component the game has several of alike (P.I.'s "no suspect" tiles).
A slot keyed by a name set (the case file's ``suspect``) takes only that set's names; a component that cannot go
back where the placed one came from trades places with a third that can (the Police keeps a culprit and a weapon).
"""

from __future__ import annotations

from typing import Any, Iterator


class Components:
    """Where the components of one inventory kind lie in a canonical state; lists at ``sorted_at`` stay sorted as
    the engine keeps them (``order``: the schema's order of the names, or ``"alphabetical"``)."""

    def __init__(
        self,
        schema: dict,
        kind: str,
        names: str | None = None,
        hand: str = "private.*.hand",
        sorted_at: tuple = ("private.*.hand",),
        order: str = "schema",
    ):
        entry = schema["inventory"][kind]
        self.paths = _paths(entry)
        self.count = entry["count"]
        names = names or kind  # the $defs name of the components' names, where it differs from the inventory's kind
        listed = schema["$defs"][names]["enum"]
        self.names = frozenset(listed)
        self.order = {n: i for i, n in enumerate(listed)}.get if order == "schema" else str
        self.sorted_at = [tuple(p.split(".")) for p in sorted_at]
        self.sets = {
            k: frozenset(d["enum"])
            for k, d in schema["$defs"].items()
            if k != names and isinstance(d, dict) and set(d.get("enum", [0])) < self.names
        }
        self.hand = tuple(hand.split("."))

    # -- reading -------------------------------------------------------------------------------------------
    def slots(self, state: dict) -> Iterator[tuple[Any, Any, tuple]]:
        """(container, key, path) of every place the inventory names, whatever lies there."""
        for pattern in self.paths:
            yield from _slots(state, pattern, ())

    def locate(self, state: dict, name: str, pins=frozenset()) -> tuple[Any, Any, tuple]:
        """Where ``name`` lies (a slot whose path is pinned is passed over: a placed one of several alike)."""
        found = next(((c, k, at) for c, k, at in self.slots(state) if c[k] == name and at not in pins), None)
        assert found is not None, f"{name!r} lies nowhere the inventory names"
        return found

    def lying_at(self, state: dict, path: str) -> list:
        """The components lying at or below ``path`` (``"secret.hideout"``), in the state's order."""
        prefix = tuple(path.split("."))
        return [
            c[k]
            for c, k, at in self.slots(state)
            if tuple(map(str, at[: len(prefix)])) == prefix and c[k] in self.names
        ]

    def everything(self, state: dict) -> list:
        """Every component that lies anywhere the inventory names, sorted."""
        return sorted((c[k] for c, k, _ in self.slots(state) if c[k] in self.names), key=str)

    def fits(self, name: str, at: tuple) -> bool:
        """Whether ``name`` may lie at the path ``at``: a map's entry keyed by a name set (the case file's
        ``suspect``: the inventory's path ends in ``*``) takes only that set's names."""
        return at[-1] not in self.sets or not self._under_a_wildcard(at) or name in self.sets[at[-1]]

    def _under_a_wildcard(self, at: tuple) -> bool:
        return any(len(p) == len(at) and p[-1] == "*" and _matches(p, at) for p in self.paths)

    # -- editing -------------------------------------------------------------------------------------------
    def put(self, state: dict, name: str, into: tuple, pins: set, avoid=()) -> None:
        """Put ``name`` at ``into`` (a path to a list, or to a slot), sending where it was one component from there
        that no Given placed (nor ``avoid``); ``name`` is pinned there.  An empty list or slot just takes it."""
        into = tuple(into)
        parent, last = _at(state, into[:-1]), into[-1]
        target = parent.get(last) if isinstance(parent, dict) else parent[last]
        if isinstance(target, list):
            here = [(c, target, i, (*into, i)) for i, c in enumerate(target)]
        else:
            assert self.fits(name, into), f"{name} cannot lie at {'.'.join(map(str, into))}"
            here = [(target, parent, last, into)] if target is not None else []
        if any(c == name for c, *_ in here):
            pass
        elif not here:  # nothing to send back
            self.take(state, name)
            if isinstance(target, list):
                target.append(name)
            else:
                parent[last] = name
        else:
            source, key, at = self.locate(state, name, pins)
            free = [h for h in here if h[0] not in pins and h[3] not in pins and h[0] not in avoid]
            victim = next((h for h in free if self.fits(h[0], at)), None) or self._via_third(
                state, free, at, pins, name
            )
            source[key], victim[1][victim[2]] = victim[0], name
        self._sort(state)
        pins.add(name if self.count.get(name, 1) == 1 else into)

    def _via_third(self, state: dict, free: list, at: tuple, pins: set, name: str) -> tuple:
        """No free component at the target may go to ``at``, where ``name`` was: one that can trades places with
        a third that can (the third then leaves the target for ``at``)."""
        for victim in free:
            for c, k, there in self.slots(state):
                third = c[k]
                if (
                    third in self.names
                    and third != name
                    and third not in pins
                    and there not in pins
                    and there != victim[3]
                    and self.fits(third, at)
                    and self.fits(victim[0], there)
                ):
                    c[k], victim[1][victim[2]] = victim[0], third
                    return (third, *victim[1:])
        there = ", ".join(map(str, (v[0] for v in free))) or "nothing that a Given may move"
        raise AssertionError(f"nothing at the target can make room for {name} (it holds {there})")

    def swap(self, state: dict, a: str, b: str) -> None:
        """``a`` and ``b`` change places."""
        (ca, ka, _), (cb, kb, _) = self.locate(state, a), self.locate(state, b)
        ca[ka], cb[kb] = b, a
        self._sort(state)

    def hold(self, state: dict, player: str, names, pins: set, none: bool = False) -> None:
        """``player``'s hand holds every one of ``names`` (or, ``none``, not one of them: each goes to another hand)."""
        hand = lambda p: tuple(p if k == "*" else k for k in self.hand)  # noqa: E731
        for name in names:
            if not none:
                self.put(state, name, hand(player), pins, avoid=names)
            elif name in _at(state, hand(player)):
                other = next(
                    q
                    for q in state["players"]
                    if q != player and any(c not in pins and c not in names for c in _at(state, hand(q)))
                )
                self.put(state, name, hand(other), pins, avoid=names)
                pins.discard(name)

    def take(self, state: dict, name: str) -> None:
        """Lift ``name`` from where it lies: out of its list or map, or its slot left empty (null)."""
        container, key, at = self.locate(state, name)
        if isinstance(container, list) or self._under_a_wildcard(at):
            del container[key]
        else:
            container[key] = None

    def move(self, state: dict, name: str, into: tuple) -> None:
        """Lift ``name`` and add it to the list at ``into``: the counts still add up."""
        self.take(state, name)
        _at(state, into).append(name)
        self._sort(state)

    def _sort(self, state: dict) -> None:
        for pattern in self.sorted_at:
            for container, key, _ in list(_slots(state, pattern, ())):
                if isinstance(container[key], list):
                    container[key].sort(key=self.order)


def lose(schema: dict, state: dict, name: str) -> None:
    """A copy of the game that has lost ``name``, a component of any kind: it goes from every list the inventory
    names (a slot holding it is left empty), so the counts no longer add up."""
    for entry in schema["inventory"].values():
        for pattern in _paths(entry):
            for container, key, _ in reversed(list(_slots(state, pattern, ()))):
                if container[key] == name:
                    if isinstance(container, list):
                        del container[key]
                    else:
                        container[key] = None


def out_of_the_race(state: dict, player: str) -> None:
    """``player`` is out (the state's ``out``); on their own turn the turn passes to the next seat still in, as the
    rules would (CD-ACC-08, HO-ACC-05)."""
    state["out"].append(player)
    if state["current"] == player:
        seats = state["players"][state["players"].index(player) + 1 :] + state["players"]
        state["current"] = next(q for q in seats if q not in state["out"])


def _paths(entry: dict) -> list[tuple]:
    """An inventory entry's paths, split (a path with a prefix, Feuerdiamant's roadblocks, by its path)."""
    return [tuple((p if isinstance(p, str) else p["path"]).split(".")) for p in entry["at"]]


def _matches(pattern: tuple, at: tuple) -> bool:
    return all(p == "*" or p == str(a) for p, a in zip(pattern, at))


def _at(state, path):
    for key in path:
        state = state[key]
    return state


def _slots(node, path: tuple, at: tuple):
    """(container, key, path so far) of every place ``path`` (``*``: any key or index) reaches in ``node``."""
    head, rest = path[0], path[1:]
    if head == "*":
        keys = range(len(node)) if isinstance(node, list) else list(node) if isinstance(node, dict) else []
    else:
        keys = [head] if isinstance(node, dict) and head in node else []
    for key in keys:
        if not rest:
            yield node, key, (*at, key)
        elif isinstance(node[key], (dict, list)):
            yield from _slots(node[key], rest, (*at, key))
