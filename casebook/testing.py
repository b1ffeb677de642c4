"""Helpers that step definitions and property tests share.  They speak only the protocol."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from casebook.errors import GameError
from casebook.protocol import CHANCE, Table, canonical, leaks


@dataclass
class Outcome:
    """What one attempted action did: its events, or the typed error and the state before."""

    actor: str
    action: dict
    before: dict
    events: list = field(default_factory=list)
    error: GameError | None = None

    def __repr__(self) -> str:
        result = f"{self.error.code}: {self.error.message}" if self.error else f"{len(self.events)} events"
        return f"{self.actor} {canonical(self.action)} -> {result}"


def attempt(table: Table, actor: str, action: dict) -> Outcome:
    """Apply an action that may be refused; keep the state before to prove nothing changed."""
    outcome = Outcome(actor, action, table.state())
    try:
        outcome.events = table.apply(actor, action)
    except GameError as exc:
        outcome.error = exc
    return outcome


def choose(moves: list[dict], rng: random.Random) -> dict:
    """One legal move: chance by its probabilities, players uniformly."""
    if moves and moves[0]["actor"] == CHANCE:
        return rng.choices(moves, weights=[m["p"] for m in moves])[0]
    return rng.choice(moves)


def random_step(table: Table, rng: random.Random) -> dict | None:
    """Play one random legal move; ``None`` once the game is over."""
    moves = table.legal()["moves"]
    if not moves:
        return None
    actor = rng.choice(sorted({m["actor"] for m in moves}))
    move = choose([m for m in moves if m["actor"] == actor], rng)
    table.apply(move["actor"], move["action"])
    return move


def view_leaks(table: Table, players: list[str]) -> dict[str, list[str]]:
    """For each viewer (and a spectator), the paths where hidden information shows."""
    found = {}
    for viewer in [*players, None]:
        paths = leaks(table.view(viewer), viewer)
        if paths:
            found[str(viewer)] = paths
    return found
