"""Who sees what: the checks every game makes of hidden information, on the protocol's views and on the scenario's
events as each viewer was told them.  They read only the protocol's conventions (a view's own ``private`` slot, its
``outcome``, an event's per-viewer ``private`` part) and the schema's names, so they serve every game:

    Fact("no view shows the hideout", check=lambda st: hidden(st, CARDS.lying_at(st, "secret.hideout")))
    Fact("nobody but {player:player} has seen the hideout", check=lambda st, player: knowers(st, ...) == {player})
    Fact("no view shows another player's hand", check=own_slots_only)
    Fact("everybody sees the case file: ...", check=lambda st, ...: everybody_sees(st, "case_file", {...}))

A viewer *knows* a name privately when it shows in their own slot of their view, in the outcome their view shows,
or in the private part of an event told to them (``None``, the onlooker, has no slot).  What every viewer reads
(the public part of an event, of a view) is apart: ``told_in_public``, ``shown_in_public``.  Only string values
count, never keys (a notes sheet lists every card as a key), and a name counts wherever it stands: a check errs
towards failing, never towards passing.
"""

from __future__ import annotations

from typing import Iterable

from casebook.properties.privacy import strings  # every string value in a JSON value: the property tests' reading too
from casebook.protocol import leaks, redact
from step_defs.position import viewers


def shows(value, wanted) -> bool:
    """Whether an object equal to ``wanted`` shows anywhere in a JSON value (a case, a hand, as a whole)."""
    children = value.values() if isinstance(value, dict) else value if isinstance(value, list) else ()
    return value == wanted or any(shows(c, wanted) for c in children)


def known_by(st, viewer) -> set[str]:
    """What ``viewer`` knows privately: their own slot, the outcome their view shows, their part of the events."""
    view = st.view(viewer)
    told = [e["private"].get(viewer) for e in st.table.log if isinstance(e.get("private"), dict) and viewer is not None]
    return set(strings([view.get("private", {}).get(viewer), view.get("outcome"), told]))


def knowers(st, names: Iterable[str]) -> set:
    """The viewers (None: the onlooker, through an outcome) who know one of ``names`` privately."""
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


def own_slots_only(st) -> bool:
    """Every view shows its viewer's own private slot at most, and leaks nothing."""
    return all(set(st.view(v).get("private", {})) <= {v} and not leaks(st.view(v), v) for v in viewers(st))


def everybody_sees(st, key: str, value) -> bool:
    """Every view (the onlooker's too) shows ``value`` under ``key`` in the outcome."""
    return all((st.view(v)["outcome"] or {}).get(key) == value for v in viewers(st))


def only_told(st, kind: str, players: Iterable[str]) -> bool:
    """The scenario's last event ``kind`` tells its private part to exactly ``players``, and what that part names
    nobody else knows (a card shown, a card looked at)."""
    last = [e for e in st.table.log if e["type"] == kind][-1:]
    if not last or set(last[0].get("private") or {}) != set(players):
        return False
    return knowers(st, strings(last[0]["private"])) == set(players)
