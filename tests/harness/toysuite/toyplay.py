"""Random play of the toy games with every invariant on every step (the toys' property tests).

Shared by the toy suite (``casebook verify --suite tests/harness/toysuite``)
and tests/harness/test_toys.py, which runs it in process and over stdio.
"""

from __future__ import annotations

import random

from casebook.errors import GameError
from casebook.protocol import CHANCE, CLOCK, Table, canonical, leaks
from casebook.properties.random_play import attempt, random_step

MAX_STEPS = 500


def check_step(table: Table, rng: random.Random) -> None:
    state, legal = table.state(), table.legal()
    players = state["players"]
    actors = sorted({m["actor"] for m in legal["moves"]})
    assert legal["to_act"] == actors, "to_act is the sorted set of the moves' actors"
    clock = [m for m in legal["moves"] if m["actor"] == CLOCK]
    for move in clock:  # the clock ends only running timers, and time has no probabilities
        assert "p" not in move and move["action"]["type"] == "expire", move
        assert move["action"]["timer"] in state.get("timers", {}), (
            f"clock may end {move['action']['timer']}, which is not running"
        )
    assert {m["action"]["timer"] for m in clock} == set(state.get("timers", {})), "every running timer can be ended"
    if "chosen" in state and legal["moves"]:  # sealed choices: who chose has no move; everyone else is asked
        assert actors == sorted(p for p in players if p not in state["chosen"])
    for viewer in [*players, None]:
        view = table.view(viewer)
        assert leaks(view, viewer) == [], f"view({viewer}) leaks"
        if viewer is not None:
            mine = table.legal(actor=viewer)
            assert mine["to_act"] == legal["to_act"] and all(m["actor"] == viewer for m in mine["moves"])
    again = Table.load(table.impl, table.game, state)
    try:
        assert again.state() == state and again.legal() == legal, "load(state()) is the identity"
    finally:
        again.close()
    probe = rng.choice(
        [
            (rng.choice(players), {"type": "choose", "card": rng.choice([0, 1, 2, 3])}),
            (rng.choice(players), {"type": rng.choice(["mark", "pass", "confirm", "dispute"])}),
            (CLOCK, {"type": "expire", "timer": rng.choice(["turn", "confirm", "bell"])}),
            (rng.choice(players), {"type": "nonsense"}),
        ]
    )
    listed = {canonical([m["actor"], m["action"]]) for m in legal["moves"]}
    if canonical(list(probe)) not in listed:
        refused = attempt(table, *probe)
        assert isinstance(refused.error, GameError), f"an unlisted move was accepted: {refused}"
        assert table.state() == state, f"a refusal changed the game: {refused}"


def check_random_games(impl, game: str, options: list[dict], games: int = 20, seed: int = 0) -> int:
    """Play ``games`` random games per options; return the moves played.  Fails on the first broken invariant."""
    played = 0
    for i, opts in enumerate(options * games):
        rng = random.Random(seed * 1000 + i)
        table = Table.new(impl, game, opts)
        try:
            for _ in range(MAX_STEPS):
                check_step(table, rng)
                players = table.state()["players"]
                before = len(table.log)
                if random_step(table, rng) is None:
                    break
                played += 1
                for viewer in players:  # what a player is told: the events, redacted for them
                    seen = table.seat(viewer).log()[before:]
                    assert leaks(seen, viewer) == []
                reveal = [e for e in table.log[before:] if e["type"] == "revealed"]
                if reveal:  # all at once, in seat order, each player once
                    assert [c["player"] for c in reveal[0]["cards"]] == players
            else:
                raise AssertionError(f"{game} {opts}: no end after {MAX_STEPS} moves")
            assert table.legal() == {"to_act": [], "moves": []}
            assert CHANCE not in table.state().get("players", [])
        finally:
            table.close()
    return played
