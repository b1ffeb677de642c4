"""Die drei ??? und der Feuerdiamant (Reiner Knizia, Kosmos 2013): the reference engine.

A cooperative game for 2–4 players: unmask the culprit before a hazard
indicator reaches the last space of its track.  Options::

    {"players": ["Justus", "Peter", "Bob"], "difficulty": 2}

The set-up (event tokens, person cards, clue cards, the clue set aside) is
dealt by chance moves right after ``new``; so is every later draw.
"""

from __future__ import annotations

from casebook.errors import BadRequest
from casebook.protocol import CHANCE
from statemachines.legacy import load_schema, mermaid_diagram

from . import rules
from .engine import Feuerdiamant
from .machine import INITIAL, STATES, TRANSITIONS

FACTS = {
    "players": list(rules.PLAYERS),
    "difficulty": list(rules.DIFFICULTIES),
    "variants": [],
    "optional": [],
    "declines": [],
}


class FeuerdiamantEngine:
    game_id = rules.GAME_ID
    facts = FACTS

    def __init__(self) -> None:
        self.schema = load_schema(self.game_id)

    def new(self, options: dict) -> Feuerdiamant:
        players = options.get("players", ["Justus", "Peter", "Bob", "Cotta"])
        difficulty = options.get("difficulty", 1)
        unknown = set(options) - {"players", "difficulty"}
        if unknown:
            raise BadRequest(f"unknown options {sorted(unknown)}; options are players, difficulty")
        low, high = rules.PLAYERS
        if (not isinstance(players, list) or not low <= len(players) <= high
                or not all(isinstance(p, str) and p and p != CHANCE for p in players)
                or len(set(players)) != len(players)):
            raise BadRequest(f"players must be {low} to {high} distinct names, got {players!r}")
        if isinstance(difficulty, bool) or difficulty not in rules.DIFFICULTIES:
            raise BadRequest(f"difficulty must be one of {list(rules.DIFFICULTIES)}, got {difficulty!r}")
        return Feuerdiamant.new(players, difficulty)

    def load(self, state: dict) -> Feuerdiamant:
        if state.get("game") != self.game_id:
            raise BadRequest(f"not a {self.game_id} state: game={state.get('game')!r}")
        return Feuerdiamant.from_json(state)

    def diagram(self) -> str:
        return mermaid_diagram(STATES, TRANSITIONS, INITIAL, "Die drei ??? und der Feuerdiamant: a turn")


def make_engine() -> FeuerdiamantEngine:
    return FeuerdiamantEngine()
