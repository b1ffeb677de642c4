"""Small Detectives under random play (casebook.properties.random_play's runner), through whichever driver --impl names.

The runner checks every step (well-formed legal(), views as redactions, events
hiding what a viewer may not see, the inventory of 15 action cards and 8 house
tiles, refusals changing nothing, load identity, termination).  This game adds:

* its options: 2 to 5 players, by seed;
* a policy that ends games: On Wheels goes to the Police half the time, and a
  detective there reports 3 times in 4, naming the case from the referee's
  state one time in 5 (so both ways to win occur) and otherwise at random;
* its conservation: public hand sizes count the hands;
* its step law: a reveal turns over at most one card of each player (the
  two-player game's second card stays face down), and a player leaves the game
  only by their own wrong report, one at a time, in order;
* its outcome law: solved only by a report equal to the tiles under the Police
  (SD-OBJ-01); the last detective left wins only when all the others failed
  (SD-END-02); a stalemate only when no card left can take anyone to the Police
  (SD-END-04, checked with the four cards that surely could).
"""

from __future__ import annotations

import random

import pytest

from casebook import settings
from casebook import schemas
from casebook.protocol import CHANCE
from casebook.properties.random_play import Laws, choose, random_sim_test

GAME = "small_detectives"
COLOURS = schemas.names(schemas.load(GAME), "player")
SURE_MOVERS = {
    "On Wheels",
    "Informant",
    "Unexpected",
    "Foot Patrol 001",
}  # each reaches the Police from anywhere, in time


def options(seed: int) -> dict:
    return {"players": COLOURS[: 2 + seed % 4]}


def policy(state: dict, legal: dict, rng: random.Random) -> dict:
    actor = rng.choice(legal["to_act"])
    mine = [m for m in legal["moves"] if m["actor"] == actor]
    kinds = {m["action"]["type"] for m in mine}
    if mine[0]["actor"] != CHANCE and "name" in kinds and rng.random() < 0.75:
        right = {"actor": mine[0]["actor"], "action": {"type": "name", **state["secret"]["police"]}}
        return right if rng.random() < 0.2 else rng.choice([m for m in mine if m["action"]["type"] == "name"])
    police = [m for m in mine if m["action"]["type"] == "go" and m["action"]["to"] == "Police"]
    if police and rng.random() < 0.5:  # none where the mover already stands on the Police (a loaded state may)
        return police[0]
    return choose(mine, rng)


def hands_are_counted(state: dict) -> None:
    assert state["hand_sizes"] == {p: len(state["private"][p]["hand"]) for p in state["players"]}


def step_law(before: dict, move: dict, after: dict, events: list) -> None:
    for event in events:
        if event["type"] == "revealed":
            shown = [c["player"] for c in event["cards"]]
            assert len(shown) == len(set(shown)), f"a reveal turned over two cards of one player: {event}"
    gone = after["out"][len(before["out"]) :]
    assert after["out"][: len(before["out"])] == before["out"], "a player came back into the game"
    assert not gone or (
        gone == [move["actor"]]
        and move["action"]["type"] == "name"
        and not after["private"][move["actor"]]["report"]["right"]
    ), f"{gone} left the game after {move}"


def outcome_law(state: dict, log: list) -> None:
    outcome, private = state["outcome"], state["private"]
    inside = [p for p in state["players"] if p not in state["out"]]
    assert all(private[p]["report"]["right"] is False for p in state["out"]), "a player is out without a wrong report"
    if outcome["result"] == "solved":
        (move, _) = log[-1]
        assert move["action"] == {"type": "name", **state["secret"]["police"]} and outcome["winner"] == move["actor"]
        assert outcome["case"] == state["secret"]["police"]
    elif outcome["result"] == "last_detective":
        assert inside == [outcome["winner"]] and log[-1][0]["action"]["type"] == "name", "the last player left wins"
    else:
        left = {c for p in inside for c in private[p]["hand"]}
        assert outcome["winner"] is None and not left & SURE_MOVERS and len(state["players"]) > 2, left


LAWS = Laws(
    GAME, options, policy=policy, conservation=hands_are_counted, outcome=outcome_law, step_law=step_law, max_steps=4000
)


@pytest.mark.slow  # the long run: ./run.sh test gives it a step of its own; fewer games over other drivers
def test_random_games_of_2_to_5_players_hold_every_invariant(implementation, request):
    """120 games in process (30 for each number of players), 12 over other drivers (CASEBOOK_SD_GAMES overrides)."""
    in_process = request.config.getoption("--impl") == "reference"
    games = settings.SD_GAMES.number(120 if in_process else 12)
    ends = [
        random_sim_test(
            implementation, LAWS, seed, load_every=1 if in_process else 10, views_every=1 if in_process else 5
        )
        for seed in range(games)
    ]
    results = {(len(s["players"]), s["outcome"]["result"]) for s in ends}
    for n in range(2, 6):
        assert not in_process or {(n, "solved"), (n, "last_detective")} <= results, (
            f"{n} players: the games ended only by {results}"
        )
    assert (2, "stalemate") not in results, "two players keep the plain moves: no stalemate"
