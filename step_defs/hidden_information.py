"""Who sees what: the checks every game makes of hidden information, on the protocol's views and on the scenario's
events as each viewer was told them.  They read only the protocol's conventions (a view's own ``private`` slot, its
``outcome``, an event's per-viewer ``private`` part) and the schema's names, so they serve every game:

    Fact("no view shows the hideout", check=lambda st: hidden(st, CARDS.lying_at(st, "secret.hideout")))
    Fact("nobody but {player:player} has seen the hideout", check=lambda st, player: alone_knows(st, player, ...))
    Fact("no view shows another player's hand", check=own_slots_only)
    Fact("everybody sees the case file: ...", check=lambda st, ...: everybody_sees(st, "case_file", {...}))

A viewer *knows* a name when it shows in their own slot of their view, in the outcome their view shows, in the
private part of an event told to them (``None``, the onlooker, has no slot), or anywhere else in their copy of the
scenario (their view, every event as told to them, under any key) unless it is *explained*: they could read it before
the scenario began (their view of its start) or a player's move said it aloud (an accusation names three cards).  So
a secret an engine tells in a public part, under a key of its own, or in a private part addressed to the wrong seat,
makes its reader a knower.  What every viewer reads (the public part of an event, of a view) is apart:
``told_in_public``, ``shown_in_public``.  Only string values count, never keys (a notes sheet lists every card as a
key), and a name counts wherever it stands: a check errs towards failing, never towards passing.

What a name cannot show (which of three named cards was wrong), the moment of disclosure shows by playing it again
(``unaffected``): on twins of the position before it, in which a secret changes places with a card of the same kind
its knower holds, every other seat must be told the same and shown the same.
"""

from __future__ import annotations

from typing import Iterable

from casebook import schemas
from casebook.errors import GameError
from casebook.properties.privacy import strings  # every string value in a JSON value: the property tests' reading too
from casebook.protocol import Table, leaks, redact, redact_events
from step_defs.position import viewers


def shows(value, wanted) -> bool:
    """Whether an object equal to ``wanted`` shows anywhere in a JSON value (a case, a hand, as a whole)."""
    children = value.values() if isinstance(value, dict) else value if isinstance(value, list) else ()
    return value == wanted or any(shows(c, wanted) for c in children)


def privately_known(st, viewer) -> set[str]:
    """What ``viewer`` is told privately: their own slot, the outcome their view shows, their part of the events."""
    view = st.view(viewer)
    told = [e["private"].get(viewer) for e in st.table.log if isinstance(e.get("private"), dict) and viewer is not None]
    return set(strings([view.get("private", {}).get(viewer), view.get("outcome"), told]))


def seen_by(st, viewer) -> set[str]:
    """Every string ``viewer``'s copy of the scenario shows, under any key: their view, every event as told to them."""
    return set(strings([st.view(viewer), redact_events(st.table.log, viewer)]))


def explained(st, viewer) -> set[str]:
    """What ``viewer`` may read without being told a secret: their view of the scenario's start, and what the players'
    moves said aloud (``Seen.beginning``, ``Seen.said``).  A start not known: the view now (what it shows is no
    news)."""
    start = getattr(st, "beginning", None)
    before = redact(start, viewer) if start is not None else st.view(viewer)
    return set(strings(before)) | set(getattr(st, "said", ()))


def known_by(st, viewer) -> set[str]:
    """What ``viewer`` knows: what they are told privately, and what else their copy shows that nothing explains."""
    return privately_known(st, viewer) | (seen_by(st, viewer) - explained(st, viewer))


def knowers(st, names: Iterable[str]) -> set:
    """The viewers (None: the onlooker) who know one of ``names``."""
    names = set(names)
    return {v for v in viewers(st) if names & known_by(st, v)}


def told_in_public(st, names: Iterable[str], skip: tuple = ()) -> set[str]:
    """Which of ``names`` the public part of the scenario's events shows (events of a type in ``skip`` aside)."""
    return set(names) & set(strings([redact(e, None) for e in st.table.log if e["type"] not in skip]))


def shown_in_public(st, names: Iterable[str]) -> set[str]:
    """Which of ``names`` the public part of any view or event shows (for names that are no board words: a place
    card of Cluedo or the heist game also names a square every view shows)."""
    public = [redact(st.view(v), None) for v in viewers(st)]
    return (set(names) & set(strings(public))) | told_in_public(st, names)


def hidden(st, names: Iterable[str]) -> bool:
    """No view leaks (a secret, another's slot), nobody knows one of ``names`` and no event shows one in public."""
    names = set(names)
    return (
        bool(names)
        and not any(leaks(st.view(v), v) for v in viewers(st))
        and not knowers(st, names)
        and not told_in_public(st, names)
    )


def alone_knows(st, player: str, names: Iterable[str]) -> bool:
    """``player`` knows one of ``names`` and nobody else does, by name or by what the last move told them."""
    names = set(names)
    return knowers(st, names) == {player} and unaffected(st, names, {player})


def own_slots_only(st) -> bool:
    """Every view shows its viewer's own private slot at most, and leaks nothing."""
    return all(set(st.view(v).get("private", {})) <= {v} and not leaks(st.view(v), v) for v in viewers(st))


def everybody_sees(st, key: str, value) -> bool:
    """Every view (the onlooker's too) shows ``value`` under ``key`` in the outcome."""
    return all((st.view(v)["outcome"] or {}).get(key) == value for v in viewers(st))


def only_told(st, kind: str, players: Iterable[str]) -> bool:
    """The scenario's last event ``kind`` tells its private part to exactly ``players``, what that part names shows
    in nobody else's copy of that event, and nobody else knows it (a card shown, a card looked at)."""
    last = [e for e in st.table.log if e["type"] == kind][-1:]
    if not last or set(last[0].get("private") or {}) != set(players):
        return False
    secret = set(strings(last[0]["private"]))
    others = [v for v in viewers(st) if v not in set(players)]
    return knowers(st, secret) == set(players) and not any(secret & set(strings(redact(last[0], v))) for v in others)


# -- the moment of disclosure, played again on twins -----------------------------------------------------------------
def unaffected(st, names: set, knowing: set) -> bool:
    """The scenario's last move, played again on twins of the position before it (``twins``): wherever the table's
    public part comes out the same, every viewer outside ``knowing`` gets the same events and the same view.  True
    when there is nothing to play again (no move, a refused one, or none that ended the scenario) or no twin."""
    outcome = st.outcome
    if outcome is None or outcome.error is not None or not ended_the_scenario(st.table.log, outcome.events):
        return True
    others = [v for v in viewers(st) if v not in knowing]
    for twin in twins(st.table.game, outcome.before, names, knowing):
        try:
            copy = Table.load(st.table.impl, st.table.game, twin)
        except GameError:
            continue  # the engine does not take this twin: nothing to compare
        try:
            events = copy.apply(outcome.actor, outcome.action)
            if copy.view(None) != st.view(None):
                continue  # the secret decided something everybody sees (an accusation came out right)
            if any(
                redact_events(events, v) != redact_events(outcome.events, v) or copy.view(v) != st.view(v)
                for v in others
            ):
                return False
        except GameError:
            continue  # refused on the twin: only its actor could tell
        finally:
            copy.close()
    return True


def ended_the_scenario(log: list, events: list) -> bool:
    """Whether ``events`` (the last move's) are the last of the scenario's log: nothing was played after that move."""
    return bool(events) and len(log) >= len(events) and all(a is b for a, b in zip(log[-len(events) :], events))


def twins(game: str, state: dict, names: set, knowing: set) -> list[dict]:
    """Copies of ``state`` in which one of ``names`` lying in ``secret`` changes places with a name of the same kind
    (the smallest of the schema's sets holding both) that a player in ``knowing`` alone holds.  Every occurrence of
    the two in ``secret`` and in the knowers' slots is swapped, and neither shows anywhere else, so nobody else's view
    of the twin differs."""
    kinds = [set(d["enum"]) for d in schemas.load(game)["$defs"].values() if isinstance(d.get("enum"), list)]
    private = state.get("private", {})
    secret = set(strings(state.get("secret", {})))
    held = set(strings([private[p] for p in knowing if p in private])) - secret
    elsewhere = set(strings([v for k, v in state.items() if k not in ("secret", "private")]))
    elsewhere |= set(strings([slot for p, slot in private.items() if p not in knowing]))
    out = []
    for a in sorted((secret & names) - elsewhere):
        kind = min((k for k in kinds if a in k), key=len, default=set())
        for b in sorted((held & kind) - elsewhere):
            twin = {**state, "secret": swapped(state["secret"], a, b)}
            twin["private"] = {p: swapped(slot, a, b) if p in knowing else slot for p, slot in private.items()}
            out.append(twin)
    return out


def swapped(value, a: str, b: str):
    """``value`` with every string ``a`` made ``b`` and every ``b`` made ``a`` (keys too: a map keyed by card)."""
    if isinstance(value, dict):
        return {swapped(k, a, b): swapped(v, a, b) for k, v in value.items()}
    if isinstance(value, list):
        return [swapped(v, a, b) for v in value]
    return b if value == a else a if value == b else value
