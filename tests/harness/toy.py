"""A two-player toy game on the shared core, for testing the harness without a real game.

Chance deals each player a private card (1–3); then each bets 1 or 2, A first.
"""

from __future__ import annotations

from statemachines.core import GameModel, shared_machine, uniform
from statemachines.reference import ReferenceImplementation

STATES = ["dealing", "betting", {"name": "over", "final": True}]
TRANSITIONS = [
    {"trigger": "deal", "source": "dealing", "dest": "betting", "conditions": "all_dealt"},
    {"trigger": "deal", "source": "dealing", "dest": "dealing"},  # row order: the first whose guard holds wins
    {"trigger": "bet", "source": "betting", "dest": "over", "conditions": "all_bet"},
    {"trigger": "bet", "source": "betting", "dest": "betting"},
]


class Toy(GameModel):
    machine = shared_machine(STATES, TRANSITIONS, "dealing")

    def __init__(self, players=("A", "B"), cards=None, bets=None, phase="dealing"):
        self.players = list(players)
        self.cards = dict(cards or {})
        self.bets = dict(bets or {})
        super().__init__()
        if phase != "dealing":
            self.machine.set_state(phase, model=self)

    def all_dealt(self, actor, action):
        return len(self.cards) + 1 == len(self.players)

    def all_bet(self, actor, action):
        return len(self.bets) + 1 == len(self.players)

    def _moves(self):
        if self.phase == "dealing":
            return uniform([{"type": "deal", "to": self.players[len(self.cards)], "card": c} for c in (1, 2, 3)])
        if self.phase == "betting":
            player = self.players[len(self.bets)]
            return [{"actor": player, "action": {"type": "bet", "amount": a}} for a in (1, 2)]
        return []

    def _shape_error(self, actor, action):
        if action["type"] not in ("deal", "bet"):
            return f"unknown action type {action['type']!r}"
        return None

    def _perform(self, actor, action):
        if action["type"] == "deal":
            self.deal(actor, action)
            self.cards[action["to"]] = action["card"]
            return [{"type": "dealt", "to": action["to"], "private": {action["to"]: {"card": action["card"]}}}]
        self.bet(actor, action)
        self.bets[actor] = action["amount"]
        return [{"type": "bet", "player": actor, "amount": action["amount"]}]

    def to_json(self):
        return {
            "game": "toy",
            "players": list(self.players),
            "phase": self.phase,
            "bets": dict(self.bets),
            "private": {p: {"card": c} for p, c in self.cards.items()},
        }


class ToyEngine:
    game_id = "toy"
    facts = {"players": [2, 2], "declines": []}
    schema = {"$defs": {"state": {"type": "object", "required": ["game", "players", "phase"]}}}

    def new(self, options):
        return Toy(options.get("players", ("A", "B")))

    def load(self, state):
        cards = {p: slot["card"] for p, slot in state.get("private", {}).items()}
        return Toy(state["players"], cards, state["bets"], state["phase"])


def make() -> ReferenceImplementation:
    return ReferenceImplementation(engines={"toy": ToyEngine()})
