"""A two-player toy game on the game kit, for testing the harness without a real game.

Chance deals each player a private card (1–3); then each bets 1 or 2, A first.
It is also the smallest example of a game written on statemachines/kit/.
"""

from __future__ import annotations

from statemachines.kit import Engine, Game, GameInfo, chance, offer
from statemachines.reference import ReferenceImplementation
from statemachines.schemas import Int, MapOf

STATES = [
    {"name": "dealing", "actor": "chance", "summary": "a card to each player"},
    {"name": "betting", "actor": "player", "summary": "each bets 1 or 2, in seating order"},
    {"name": "over", "final": True, "summary": "everybody has bet"},
]
TRANSITIONS = [
    {"trigger": "deal", "source": "dealing", "dest": "betting", "conditions": "all_dealt", "before": "give_card"},
    {
        "trigger": "deal",
        "source": "dealing",
        "dest": "dealing",
        "before": "give_card",
    },  # row order: the first whose guard holds wins
    {"trigger": "bet", "source": "betting", "dest": "over", "conditions": "all_bet", "before": "place_bet"},
    {"trigger": "bet", "source": "betting", "dest": "betting", "before": "place_bet"},
]


class Toy(Game):
    info = GameInfo(id="toy", title="Toy", rulebook="", players=(2, 2), default_players=("A", "B"))
    names = {"player": (None, "any two names"), "card": ((1, 2, 3), "the cards")}
    phases, transitions = STATES, TRANSITIONS
    actions = {
        "deal": ("chance deals a card", {"to": "player", "card": "card"}),
        "bet": ("a player bets", {"amount": int}),
    }
    events = {
        "dealt": ("a card was dealt", {"to": "player", "private": MapOf("player", {"card": "card"})}),
        "bet": ("a bet was placed", {"player": "player", "amount": Int(1, 2)}),
    }
    state_fields = {"bets": (MapOf("player", Int(1, 2)), "bets so far"), "private": MapOf("player", {"card": "card"})}

    def setup(self):
        self.s.update(bets={}, private={})

    def all_dealt(self, actor, action):
        return len(self.s["private"]) + 1 == len(self.players)

    def all_bet(self, actor, action):
        return len(self.s["bets"]) + 1 == len(self.players)

    def options_deal(self):
        return chance({"to": self.players[len(self.s["private"])], "card": c} for c in (1, 2, 3))

    def options_bet(self):
        return offer(self.players[len(self.s["bets"])], ({"amount": a} for a in (1, 2)))

    def give_card(self, actor, action):
        self.s["private"][action["to"]] = {"card": action["card"]}
        self.emit("dealt", to=action["to"], private={action["to"]: {"card": action["card"]}})

    def place_bet(self, actor, action):
        self.s["bets"][actor] = action["amount"]
        self.emit("bet", player=actor, amount=action["amount"])


def make() -> ReferenceImplementation:
    return ReferenceImplementation(engines={"toy": Engine(Toy)})
