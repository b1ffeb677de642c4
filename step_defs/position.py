"""The table a scenario plays on: the position its Givens build, the starts dealt once, and the moves Givens make.

A Given edits a canonical state; it is loaded once, when a When or Then needs it (``Position``).  A start
("Given a game of ...") is dealt once per implementation and options and then loaded from the cache; an engine
that declines ``@setup`` starts from the reference's deal, published in features/<game>/positions.json.

Givens ask before they move (issue 25): a set-up routine plays only chance moves the engine lists (``chance_move``,
``play_first``); where the engine lists none that fits, the scenario is ``unsupported: the engine has no <move>
here``, never failed, for its clause is not about that move.
"""

from __future__ import annotations

import copy
import json
import marshal
from functools import cached_property
from pathlib import Path
from typing import Any, Callable

import pytest

from casebook import settings
from casebook.contract import P_TOLERANCE, is_chance_node
from casebook.errors import GameError
from casebook.protocol import CHANCE, CLOCK, canonical, redact
from casebook.properties.privacy import strings
from casebook.properties.random_play import attempt
from casebook.verdicts import UNSUPPORTED


def viewers(state: dict) -> list:
    """Every player of a state, and an onlooker (None: what the table shows everybody)."""
    return [*state["players"], None]


class Seen(dict):
    """The canonical state a fact is checked on, with the table's legal moves and views at hand (fetched when asked),
    the outcome of the scenario's last action (its events, the state before), and what the scenario began from
    (``beginning``: the state its table was loaded from, None if unknown; ``said``: what its players' moves said
    aloud)."""

    def __init__(self, table, outcome=None, position=None):
        super().__init__(table.state())
        self.table, self.outcome, self._views = table, outcome, {}
        self.beginning = position.beginning if position is not None else None
        self.said = frozenset(position.said) if position is not None else frozenset()

    @cached_property
    def legal(self) -> dict:
        return self.table.legal()

    def view(self, player: str | None) -> dict:
        if player not in self._views:
            self._views[player] = self.table.view(player)
        return self._views[player]

    @property
    def viewers(self) -> list:
        return viewers(self)

    def as_likely(self) -> list[dict]:
        """Chance's listed actions when chance alone acts, each as likely (the probabilities summing to 1); else []."""
        p = [m.get("p", 0) for m in self.legal["moves"]]
        return (
            [m["action"] for m in self.legal["moves"]]
            if is_chance_node(self.legal) and max(p) - min(p) < P_TOLERANCE
            else []
        )

    def chance(self, field: str, value) -> float | None:
        """The probability that chance's next move has ``field`` = ``value`` (None unless chance is to act,
        its moves summing to 1)."""
        moves = self.legal["moves"]
        if not is_chance_node(self.legal):
            return None
        return sum(m["p"] for m in moves if m["action"].get(field) == value)

    def told(self, kind: str, knowers, **fields) -> bool:
        """The last event ``kind``: every viewer is told ``fields``, and only ``knowers`` are told more (its private
        part); what the private part names shows in no other viewer's copy of it, under whatever key."""
        last = [e for e in self.table.log if e["type"] == kind][-1:]
        if not last:
            return False
        secret = set(strings([redact(last[0], v).get("private") for v in knowers]))
        return all(
            all(redact(last[0], v).get(k) == x for k, x in fields.items())
            and (v in knowers) == (redact(last[0], v) != redact(last[0], None))
            and (v in knowers or not secret & set(strings(redact(last[0], v))))
            for v in self.viewers
        )


FEATURES = Path(__file__).resolve().parent.parent / "features"
_published: dict[
    str, dict
] = {}  # game -> {position name: canonical state}, read from features/<game>/positions.json once
recorded: dict[str, dict] = {}  # game -> {position name: state}, what a recording run dealt (conftest writes it)
_hellos: dict[int, dict] = {}  # id(implementation) -> its hello, asked once


def position_name(deal: Callable, options: dict) -> str:
    """A start's name in positions.json: the deal routine and the options (sorted keys: one spelling per start)."""
    return f"{deal.__qualname__} {json.dumps(options, sort_keys=True)}"


def published(game: str) -> dict:
    """The starting positions the reference dealt for ``game`` (features/<game>/positions.json; none: {})."""
    if game not in _published:
        path = FEATURES / game / "positions.json"
        _published[game] = json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}
    return _published[game]


def declines_setup(implementation, game: str) -> bool:
    """Whether the engine's hello declines ``@setup`` for ``game`` (it does not deal:
    it starts from published positions)."""
    key = id(implementation)
    if key not in _hellos:
        _hellos[key] = implementation.hello()
    return "setup" in _hellos[key].get("games", {}).get(game, {}).get("declines", [])


def positions_json(positions: dict) -> str:
    """positions.json's text: names sorted, one start a line,
    each state's own key order kept (a Then may check an order)."""
    lines = [f"  {json.dumps(name)}: {json.dumps(positions[name], ensure_ascii=False)}" for name in sorted(positions)]
    return "{\n" + ",\n".join(lines) + "\n}\n"


class Position:
    """The table a scenario plays on.  Givens edit a canonical state; it is loaded once, when a When or Then needs it.

    ``dealt(options, deal)`` starts from the position ``deal`` reaches from ``new(options)``: dealt once per
    implementation and options, then loaded from the cache (a scenario assumes only what its clause is about).
    An engine that declines ``@setup`` is never asked to deal: it starts from the reference's deal, published in
    features/<game>/positions.json (a start the file lacks is dealt as before).
    A full engine is judged on its own deal.
    """

    _dealt: dict = {}

    def __init__(self, implementation, open_table, game: str):
        self.implementation, self.open, self.game = implementation, open_table, game
        self.outcome = None  # the last action's
        self.pins: set = set()  # components a Given placed: later Givens do not move them away (Components)
        self.said: list[str] = []  # what the players' accepted moves said aloud (hidden_information's ``explained``)
        self._state: dict | None = None
        self._table = None
        self._start: bytes | None = None  # the state the table began from, marshalled (an engine may keep the dict)

    @property
    def beginning(self) -> dict | None:
        """The state the scenario's table began from: the one loaded, or a new table's before its first move."""
        return None if self._start is None else marshal.loads(self._start)

    def began(self) -> None:
        """Called before a When plays: a new table's state is kept as its start, while nothing has moved yet."""
        if self._start is None and self._table is not None and not self._table.log:
            self._start = marshal.dumps(self._table.state())

    def new(self, options: dict) -> None:
        self._table, self._state, self._start = self.open(options), None, None

    def dealt(self, options: dict, deal: Callable) -> None:
        name = position_name(deal, options)
        recording = settings.RECORD_POSITIONS.get()
        if not recording and declines_setup(self.implementation, self.game) and name in published(self.game):
            self._table, self._state = None, copy.deepcopy(published(self.game)[name])
            return
        key = (id(self.implementation), self.game, name)
        if key not in self._dealt:
            table = self.open(options)
            deal(table)
            state = table.state()
            if recording:
                recorded.setdefault(self.game, {})[name] = state
            self._dealt[key] = marshal.dumps(state)
        self._table, self._state = None, marshal.loads(self._dealt[key])  # a fresh copy to edit

    def start(self, options: dict, deal: Callable | None) -> None:
        """A new table (``deal`` None: as ``new`` left it), or the position ``deal`` reaches from it (``dealt``)."""
        self.new(options) if deal is None else self.dealt(options, deal)

    def edit(self, change: Callable[[dict], None]) -> None:
        if self._state is None:
            self._state = self._table.state()
        change(self._state)
        self._table = None

    @property
    def table(self):
        if self._table is None:
            self._start = marshal.dumps(self._state)
            self._table, self._state = self.open(state=self._state), None
        return self._table


def acted(position, actor: str, action: dict, trying: bool):
    position.began()
    outcome = position.outcome = attempt(position.table, actor, action)
    if not trying and outcome.error is not None:
        raise AssertionError(f"expected {actor} {json.dumps(action)} to be accepted: {outcome}")
    if outcome.error is None:
        position.said += said_aloud(outcome)
    return outcome


def said_aloud(outcome) -> list[str]:
    """What a player's accepted move says to the table: its names, but those its player alone held (which card they
    chose to show, the cards of a sealed choice); chance and the clock say nothing (a card dealt is no word said)."""
    if outcome.actor in (CHANCE, CLOCK):
        return []
    own = set(strings(outcome.before.get("private", {}).get(outcome.actor)))
    return [s for s in strings(outcome.action) if s not in own]


def refusal(call: Callable[[], Any]):
    """The typed error a request gets, or None when it is accepted."""
    try:
        call()
    except GameError as exc:
        return exc
    return None


def chance_move(table, action: dict) -> None:
    """Chance's ``action``, played only if the engine lists it now;
    else the scenario is unsupported (a Given's move)."""
    if not any(m["actor"] == CHANCE and canonical(m["action"]) == canonical(action) for m in table.legal()["moves"]):
        pytest.skip(f"{UNSUPPORTED}the engine has no {action.get('type')} {canonical(without_type(action))} here")
    table.apply(CHANCE, action)


def chance_deals(table, types: tuple) -> None:
    """While chance is to act with moves of ``types`` (the deal), the first it lists."""
    while is_chance_node(legal := table.legal()) and legal["moves"][0]["action"]["type"] in types:
        table.apply(CHANCE, legal["moves"][0]["action"])


def roll_for_start(table, first: list, others: list) -> None:
    """The rolls for who starts, one a seat, ``first`` for the first and ``others`` for the rest (the first seat
    starts): each while chance is to act, and only if the engine lists it.  An engine that rolls for no start (a
    player acts after the deal) is dealt without one; one that rolls otherwise makes the scenario unsupported."""
    for dice in [first] + [others] * (len(table.state()["players"]) - 1):
        if not is_chance_node(table.legal()):
            return
        chance_move(table, {"type": "roll", "dice": dice})


def without_type(action: dict) -> dict:
    return {k: v for k, v in action.items() if k != "type"}


def play_first(table, phases) -> None:
    """While the table is in one of ``phases``, play the first move listed (a routine: chance deals, players answer)."""
    while table.state()["phase"] in phases:
        move = table.legal()["moves"][0]
        table.apply(move["actor"], move["action"])


def try_load(open_table, state: dict):
    """Load the edited state: the typed refusal it gets,
    or None when it is accepted (a copy of the game that breaks a rule)."""
    return refusal(lambda: open_table(state=state))
