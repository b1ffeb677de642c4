"""Implementations that depart from the reference in one small way, for the differential tests."""

from __future__ import annotations

from tests.harness.toy import make


class ForgetsBigBetOfB:
    """The toy game, except that B may never bet 2 (legal() omits it and apply() refuses it)."""

    def __init__(self):
        self.inner = make()

    def __getattr__(self, name):
        return getattr(self.inner, name)

    def legal(self, table):
        legal = self.inner.legal(table)
        moves = [m for m in legal["moves"] if not (m["actor"] == "B" and m["action"] == {"type": "bet", "amount": 2})]
        return {"to_act": sorted({m["actor"] for m in moves}), "moves": moves}

    def apply(self, table, actor, action):
        if actor == "B" and action == {"type": "bet", "amount": 2}:
            from casebook.errors import IllegalAction

            raise IllegalAction("B bets small")
        return self.inner.apply(table, actor, action)


def forgets_big_bet_of_b():
    return ForgetsBigBetOfB()
