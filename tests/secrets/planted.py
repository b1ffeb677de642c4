"""Planted leaks: the reference engine, except that one kind of event also tells its secret to people who may not
know it.  Each is an implementation (``--impl=python:tests.secrets.planted:<game>__<leak>``) that wraps the
reference through the driver protocol, never editing statemachines/: its ``apply`` returns the reference's events
with one kind changed.  A suite whose secret checks are sound fails under every one
(tests/secrets/test_planted_leaks.py).

Two ways to leak, as an engine's author might slip:

* ``public``: the event's hidden part (its ``secret``, or what its ``private`` part tells) is copied into its
  public part, under a key of its own (``"leak"``): whatever the key, every viewer reads it;
* ``everyone``: the event's ``private`` part is addressed to every seat (the protocol's shape kept: only the
  addressees are wrong);

and two that tell what a player said wrong (``wrong``): an accusation's event lists which named cards were wrong.
"""

from __future__ import annotations

from typing import Callable

from casebook.impls import open_implementation

CASE = {
    "cluedo_drei": ("suspect", "item", "location"),
    "pi": ("suspect", "location", "crime"),
}


def hidden_part(event: dict) -> object:
    """What an event tells some eyes only: its ``secret``, or every addressee's ``private`` part."""
    return event["secret"] if "secret" in event else list(event["private"].values())


def public(event: dict, state: dict) -> dict:
    return {**event, "leak": hidden_part(event)}


def everyone(event: dict, state: dict) -> dict:
    told = next(iter(event["private"].values()))
    return {**event, "private": {p: told for p in state["players"]}}


def wrong_in_cluedo(event: dict, state: dict) -> dict:
    """The accusation's event lists which of the three named cards are not in the case file."""
    case = state["secret"]["case_file"]
    return {**event, "wrong": [event[k] for k in CASE["cluedo_drei"] if event[k] != case[k]]}


def wrong_in_pi(event: dict, state: dict) -> dict:
    """P.I.: a wrong solution's event lists which of the three named elements are not the player's case."""
    case = next(slot["case"] for slot in state["private"].values() if slot["case_of"] == event["player"])
    return {**event, "wrong": [k for k in CASE["pi"] if event[k] != case.get(k)]}


# game -> leak name -> (the event type it changes, how): every kind of secret the game has, where it travels
LEAKS: dict[str, dict[str, tuple[str, Callable[[dict, dict], dict]]]] = {
    "cluedo_drei": {
        "case_file_filled": ("case_file_filled", public),  # the case file, as it is filled
        "out": ("out", public),  # the case file, shown to the wrong accuser
        "accused_wrong": ("accused", wrong_in_cluedo),  # which named cards were wrong
        "dealt": ("dealt", public),  # a hand, as it is dealt
        "dealt_everyone": ("dealt", everyone),
        "shown": ("shown", public),  # the card shown in a question round
        "set_aside": ("set_aside", public),  # the Duel's cards beside the board
        "looked": ("looked", public),  # one of them, looked at
    },
    "heist": {
        "hidden": ("hidden", public),  # the hideout, as it is filled
        "accused": ("accused", public),  # the hideout, opened by the accuser alone
        "laid": ("laid", public),  # a face-down card on a place
        "looked": ("looked", public),  # one of them, looked at
        "dealt": ("dealt", public),
        "dealt_everyone": ("dealt", everyone),
        "showed": ("showed", public),
    },
    "feuerdiamant": {
        "person_placed_face_down": ("person_placed_face_down", public),
        "clue_placed_face_down": ("clue_placed_face_down", public),
        "clue_set_aside": ("clue_set_aside", public),  # the culprit's clue
    },
    "small_detectives": {
        "hidden": ("hidden", public),  # the culprit and weapon under the Police
        "laid": ("laid", public),  # a clue under a house
        "dealt": ("dealt", public),
        "chose": ("chose", public),  # a sealed choice of cards
        "looked": ("looked", public),  # a clue looked at
        "looked_everyone": ("looked", everyone),
        "asked": ("asked", public),  # a question at the Bar and its answer
        "reported": ("reported", public),  # what a report at the Police named
        "out": ("out", public),  # the hand of a player out, face down
    },
    "pi": {
        "case_card_drawn": ("case_card_drawn", public),  # a card of the neighbour's case
        "case_card_drawn_everyone": ("case_card_drawn", everyone),
        "tried_wrong": ("tried", wrong_in_pi),  # which named elements of a wrong solution were wrong
    },
}


class Leaky:
    """The reference, except that events of type ``kind`` (None: every event) go through ``plant(event, state)``,
    the state after the move."""

    def __init__(self, kind: str | None, plant: Callable[[dict, dict], dict]):
        self.inner, self.kind, self.plant = open_implementation("reference"), kind, plant

    def hello(self) -> dict:
        return self.inner.hello()

    def new(self, game: str, options: dict) -> str:
        return self.inner.new(game, options)

    def load(self, game: str, state: dict) -> str:
        return self.inner.load(game, state)

    def state(self, table: str) -> dict:
        return self.inner.state(table)

    def view(self, table: str, player: str | None) -> dict:
        return self.inner.view(table, player)

    def legal(self, table: str) -> dict:
        return self.inner.legal(table)

    def describe(self, game: str) -> dict:
        return self.inner.describe(game)

    def apply(self, table: str, actor: str, action: dict) -> list:
        events = self.inner.apply(table, actor, action)
        if not any(self.changes(e) for e in events):
            return events
        state = self.inner.state(table)
        return [self.plant(e, state) if self.changes(e) else e for e in events]

    def changes(self, event: dict) -> bool:
        return (self.kind is None or event.get("type") == self.kind) and planted(event, self.plant)

    def close(self, table: str) -> None:
        self.inner.close(table)


def planted(event: dict, plant) -> bool:
    """Whether ``plant`` has something to leak in ``event`` (a right accusation has no wrong card)."""
    return plant not in (wrong_in_cluedo, wrong_in_pi) or event.get("right") is False


def copied(event: dict, state: dict) -> dict:
    """The control: every event passes through the wrapper as a copy, and nothing leaks."""
    return dict(event)


def __getattr__(name: str):
    """``<game>__<leak>``: a factory of that planted leak (``--impl=python:tests.secrets.planted:pi__tried_wrong``);
    ``unchanged``: the wrapper planting nothing."""
    if name == "unchanged":
        return lambda: Leaky(None, copied)
    game, _, leak = name.partition("__")
    if leak not in LEAKS.get(game, {}):
        raise AttributeError(name)
    return lambda: Leaky(*LEAKS[game][leak])
