"""The toy game (tests/harness/toy.py) with two planted rare deviations, for the campaign tests: B may not bet 2
when A holds a 3 and B a 1 (legal() omits it, about one game in 18), and a bet of 2 by A on a 2 is told as a bet of
1 (the events differ, about one game in 6).  Each deviation depends on the dealt cards only, so a seed
shows the same ones on any worker."""

from __future__ import annotations

from casebook.errors import IllegalAction
from tests.harness.toy import make as make_toy


class Planted:
    def __init__(self):
        self.inner = make_toy()

    def __getattr__(self, name):
        return getattr(self.inner, name)

    def _cards(self, table) -> dict:
        return {p: c["card"] for p, c in self.inner.state(table)["private"].items()}

    def _rare(self, table) -> bool:
        cards = self._cards(table)
        return cards.get("A") == 3 and cards.get("B") == 1 and "A" in self.inner.state(table)["bets"]

    def legal(self, table):
        legal = self.inner.legal(table)
        if self._rare(table):
            moves = [m for m in legal["moves"] if not (m["actor"] == "B" and m["action"].get("amount") == 2)]
            return {**legal, "moves": moves}
        return legal

    def apply(self, table, actor, action):
        if actor == "B" and action.get("amount") == 2 and self._rare(table):
            raise IllegalAction("B may not bet 2 here")
        holds_two = actor == "A" and self._cards(table).get("A") == 2
        events = self.inner.apply(table, actor, action)
        if holds_two and action.get("amount") == 2:  # told as a bet of 1
            return [{**e, "amount": 1} if e.get("type") == "bet" else e for e in events]
        return events


def make() -> Planted:
    return Planted()
