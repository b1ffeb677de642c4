"""Events are private too (issue 25 item 8): a bystander's copy of an event never carries the card that changed hands.

The random-play invariant ``events_are_private`` (casebook/properties/random_play.py) plays,
beside a move where a player chose
among their own hidden cards, the other choice on a copy, and asks that every seat who cannot tell the two outcomes
apart in its view gets the same events.  Here: one such moment per game that has one (the games, and the action
types that may be one, read from each game's schema: ``private_choices``), found by the game's own random play and
driven through the protocol only, where the bystanders' events must not name the card; and an engine that tells
every seat which card was shown fails the invariant, though the older check (names hidden from a seat) passed it.
"""

from __future__ import annotations

import importlib
import random

import pytest

from casebook import schemas
from casebook.errors import InvariantBroken
from casebook.impls import open_implementation
from casebook.protocol import Table, redact
from casebook.properties.privacy import private_twin, strings
from casebook.properties.random_play import random_sim_test


def _refs(node) -> set[str]:
    """The named sets (``$defs/<name>``) a field's values, or its items', are drawn from."""
    if not isinstance(node, dict):
        return set()
    found = {node["$ref"].rsplit("/", 1)[1]} if isinstance(node.get("$ref"), str) else set()
    for key in ("items", "allOf", "anyOf", "oneOf"):
        inner = node.get(key)
        for part in inner if isinstance(inner, list) else [inner] if inner else []:
            found |= _refs(part)
    return found


def private_choices(schema: dict) -> set[str]:
    """The action types by which a player chooses among hidden cards of their own, as the game's schema publishes
    them: a field of the action drawn from the same named set as a list in a player's ``private`` slot (their hand).
    P.I. has none (a case is held, not a list chosen from), nor Feuerdiamant (no private slots).  A type that also
    names public things (Cluedo's question) is a candidate only: a private choice is a move whose other choice
    differs in nothing a bystander sees, which ``private_moment`` looks for."""
    defs = schema.get("$defs", {})
    slot = ((defs.get("state") or {}).get("properties") or {}).get("private") or {}
    held = set()
    for node in ((slot.get("additionalProperties") or {}).get("properties") or {}).values():
        if isinstance(node, dict) and node.get("type") == "array":
            held |= _refs(node.get("items"))
    chance = {"chance", "clock"}  # a phase's actor: chance's and the clock's moves are no one's choice
    by_players = {t for p in schema.get("phases", []) if p.get("actor") not in chance for t in p.get("actions") or {}}
    out = set()
    for alternative in (defs.get("action") or {}).get("oneOf", []):
        for variant in alternative.get("oneOf", [alternative]):
            props = {**alternative.get("properties", {}), **variant.get("properties", {})}
            kind = props["type"]["const"]
            if kind in by_players and any(_refs(field) & held for name, field in props.items() if name != "type"):
                out.add(kind)
    return out


# game -> the action types of its private choices, for every game whose schema has some (a sixth game too)
GAMES = {game: kinds for game in schemas.games() if (kinds := private_choices(schemas.load(game)))}


def laws_of(game: str):
    module = importlib.import_module(f"tests.{game}.test_random_play")
    return getattr(module, "LAWS", None)


def private_moment(impl, game: str, laws, seed: int, kinds: set[str]):
    """The first move of ``kinds`` in a random game where a player chose among their own hidden cards,
    the other choice differs
    only in hidden places, and a bystander sees neither: (state before, move, twin, events, after, the twin's after)."""
    rng, table = random.Random(seed), Table.new(impl, game, laws.options(seed))
    try:
        for _ in range(laws.max_steps):
            state, legal = table.state(), table.legal()
            if not legal["moves"]:
                return None
            move = laws.policy(state, legal, rng)
            twin = private_twin(state, legal, move)
            events = table.apply(move["actor"], move["action"])
            if twin is None or move["action"]["type"] not in kinds:
                continue
            copy = Table.load(impl, game, state)
            copy.apply(twin["actor"], twin["action"])
            other, after = copy.state(), table.state()
            copy.close()
            seats = [p for p in after["players"] if p != move["actor"] and redact(after, p) == redact(other, p)]
            if other != after and redact(other, None) == redact(after, None) and seats:
                return state, move, twin, events, after, other
    finally:
        table.close()
    return None


def test_the_private_choices_are_read_from_the_schema():
    """A toy schema: ``show`` names a card of the hand, ``ask`` a player, ``deal`` is chance's; P.I. and Feuerdiamant
    publish none."""
    schema = {
        "$defs": {
            "state": {
                "properties": {
                    "private": {
                        "additionalProperties": {
                            "properties": {"hand": {"type": "array", "items": {"$ref": "#/$defs/card"}}}
                        }
                    }
                }
            },
            "action": {
                "oneOf": [
                    {"properties": {"type": {"const": "show"}, "card": {"allOf": [{"$ref": "#/$defs/card"}]}}},
                    {"properties": {"type": {"const": "ask"}, "player": {"$ref": "#/$defs/player"}}},
                    {"properties": {"type": {"const": "deal"}, "card": {"$ref": "#/$defs/card"}}},
                ]
            },
        },
        "phases": [
            {"actor": "chance", "actions": {"deal": ["asking"]}},
            {"actor": "player", "actions": {"ask": ["showing"], "show": ["asking"]}},
        ],
    }
    assert private_choices(schema) == {"show"}
    assert GAMES, "no game publishes a private choice: the test below would compare nothing"
    assert not private_choices(schemas.load("pi")) and not private_choices(schemas.load("feuerdiamant"))


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_bystander_is_not_told_the_card_that_changed_hands(game):
    impl = open_implementation("reference")
    moment = next(
        filter(None, (private_moment(impl, game, laws_of(game), seed, GAMES[game]) for seed in range(6))), None
    )
    assert moment is not None, f"{game}: random play met no private choice: the test would compare nothing"
    state, move, twin, events, after, other = moment
    chosen = set(strings(move["action"])) - set(strings(twin["action"]))  # the card(s) this choice names, the other not
    bystanders = [p for p in after["players"] if p != move["actor"] and redact(after, p) == redact(other, p)]
    assert chosen and bystanders, (move, twin)
    for seat in [*bystanders, None]:
        told = set(strings([redact(e, seat) for e in events]))
        assert not told & chosen, f"{game}: {seat} is told {sorted(told & chosen)} by {events}"
    receivers = [p for p in after["players"] if p != move["actor"] and p not in bystanders]
    for seat in receivers:  # whoever the card went to is told it: the check above is not vacuous
        assert set(strings([redact(e, seat) for e in events])) & chosen, (seat, events)


class TellsEveryone:
    """The reference, but a ``shown`` event's private parts are also copied into its public part: an engine that
    sends the shown card in every seat's copy (a card the question named, so no name hidden from a seat shows)."""

    def __init__(self):
        self.inner = open_implementation("reference")

    def apply(self, table, actor, action):
        events = self.inner.apply(table, actor, action)
        for event in [e for e in events if e.get("type") == "shown"]:
            for slot in list((event.get("private") or {}).values()):
                event.update({k: v for k, v in slot.items() if k not in event})
        return events

    def __getattr__(self, name):
        return getattr(self.inner, name)


def test_an_engine_that_tells_every_seat_the_shown_card_breaks_events_are_private():
    laws = laws_of("cluedo_drei")
    random_sim_test(open_implementation("reference"), laws, 0, load_every=50, sample_moves=0)  # the reference holds it
    with pytest.raises(InvariantBroken) as broken:
        random_sim_test(TellsEveryone(), laws, 0, load_every=50, sample_moves=0)
    assert broken.value.invariant == "events_are_private", broken.value


def test_the_redactions_a_check_compares_with_are_redact_s_and_still_see_a_nested_slot():
    """``Redactions`` shares the parts that hide nothing instead of copying them: the same redaction for every viewer,
    a slot nested under a shared-looking key is still redacted, and a value marshal cannot read is walked."""
    from casebook.properties.privacy import Redactions
    from casebook.readonly import read_only

    document = {
        "phase": "play",
        "board": {"rooms": [1, 2], "note": {"private": {"A": 1, "B": 2}}},
        "log": [{"type": "shown", "private": {"A": {"card": "x"}}}, [{"secret": 1}]],
        "odd": read_only({"k": [1]}),
        "secret": {"case": "y"},
        "private": {"A": {"hand": ["p"]}, "B": {"hand": ["q"]}},
    }
    redactions = Redactions(document)
    assert set(redactions.plain) == {"phase"} and set(redactions.hiding) == {"board", "log", "odd", "secret", "private"}
    for viewer in ("A", "B", None):
        assert redactions(viewer) == redact(document, viewer)
    leaky = {**redact(document, "A"), "board": document["board"]}  # B's nested slot shown to A
    assert leaky != redactions("A")


class TellsTheCase:
    """The reference, but every move's first event also names a card of the case file, in its public part."""

    def __init__(self):
        self.inner = open_implementation("reference")

    def apply(self, table, actor, action):
        events = self.inner.apply(table, actor, action)
        case = strings(self.inner.state(table).get("secret", {}))
        if events and case:
            events[0]["note"] = case[0]
        return events

    def __getattr__(self, name):
        return getattr(self.inner, name)


def test_an_engine_whose_events_name_the_case_file_breaks_log_hides_secrets():
    laws = laws_of("cluedo_drei")
    with pytest.raises(InvariantBroken) as broken:
        random_sim_test(TellsTheCase(), laws, 0, load_every=50, sample_moves=0)
    assert broken.value.invariant == "log_hides_secrets", broken.value
