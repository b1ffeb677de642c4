"""The roll-off for the first turn, for the games whose rulebook has one (Cluedo, the heist game): everybody rolls
in turn and the tied highest roll again.  It lives on the state's ``start_waiting`` (who still rolls, in order) and
``start_rolls`` (the rolls of those still in the running).  A game opts in by inheriting ``RollOff`` before ``Game``,
naming ``decides_start`` as the guard of the row that ends the roll-off, and checking a loaded state with
``roll_off_problem``."""

from __future__ import annotations


def roll_off_problem(state: dict, players: list[str], phase: str, before: tuple[str, ...], rolling: str) -> str | None:
    """What is wrong with a loaded state's roll-off for the first turn (``start_waiting``, ``start_rolls``), or None.

    Before ``rolling`` (in the phases ``before``) everybody waits, in seating order, and nobody has rolled; while
    rolling, those still to roll are players in seating order; after it nobody waits (a game may keep the rolls).
    Random play relies on it: ``decides_start`` reads the last waiting player's roll (issue 27, F4)."""
    waiting, rolls = state["start_waiting"], state["start_rolls"]
    if phase in before:
        return (
            None
            if waiting == list(players) and not rolls
            else f"before {rolling} everybody waits to roll, in seating order"
        )
    if phase == rolling:
        in_order = [p for p in players if p in waiting]
        return None if waiting and waiting == in_order else f"{rolling} needs players still to roll, in seating order"
    return None if not waiting else f"after {rolling} nobody waits to roll"


class RollOff:
    """The roll-off's guard and steps, on the table's ``self.s`` and ``self.players``; ``roll_pips`` is a hook."""

    def roll_pips(self, dice: list) -> int:
        """Hook: what a roll counts in the roll-off (Cluedo's question mark counts one)."""
        return sum(dice)

    def decides_start(self, actor, action) -> bool:
        """Guard: this roll is the last of its round and, with the rolls before it, one total alone is the highest."""
        waiting = self.s["start_waiting"]
        if len(waiting) > 1:
            return False
        totals = [self.roll_pips(d) for d in dict(self.s["start_rolls"], **{waiting[0]: action["dice"]}).values()]
        return totals.count(max(totals)) == 1

    def start_roll(self, dice: list) -> str:
        """Record the next player's roll-off roll; who rolled."""
        roller = self.s["start_waiting"].pop(0)
        self.s["start_rolls"][roller] = dice
        return roller

    def start_ties(self) -> list[str]:
        """After the round's last roll: the players tied for the highest, who roll again (none while the round runs)."""
        s = self.s
        if s["start_waiting"]:
            return []
        best = max(self.roll_pips(d) for d in s["start_rolls"].values())
        s["start_waiting"] = [
            p for p in self.players if p in s["start_rolls"] and self.roll_pips(s["start_rolls"][p]) == best
        ]
        s["start_rolls"] = {p: s["start_rolls"][p] for p in s["start_waiting"]}  # the others' old rolls no longer count
        return list(s["start_waiting"])

    def start_winner(self) -> str:
        """The one highest roll-off total: who starts (nobody waits any more)."""
        rolls = self.s["start_rolls"]
        best = max(self.roll_pips(d) for d in rolls.values())
        self.s["start_waiting"] = []
        return next(p for p, dice in rolls.items() if self.roll_pips(dice) == best)
