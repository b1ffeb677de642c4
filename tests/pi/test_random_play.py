"""P.I. under random legal play on the shared runner (casebook.properties.random_play.random_sim_test),
2 to 5 players, both answering variants.

The runner checks what every game owes (legal() well formed, views are redactions, the log hides secrets, the
inventory, refusals change nothing, load(state()) is the identity, listed moves apply, termination).  P.I. adds:

* policy: a player places a detective or takes a card most turns, and now and then names a solution, half the time
  their true case (read from the referee's state), so games end;
* conservation (every step): cases share no element and each is one suspect, location and crime (PI-GOAL-01/02);
  each player holds exactly their left neighbour's case (PI-TIP-01); no unsolved case shows outside secret and private;
  every disc and cube equals what the case calls for, recounted here from the tiles, the cases and describe()'s paths
  (PI-DET-06..09, PI-EVI-03..06);
* step law: points follow 7/5/3/1/0 by discovery turn, 0 unsolved (PI-SOLV-02..04, -08); detectives never come back
  (PI-DET-05); only the answering neighbour acts while solved (PI-TURN-03, PI-TIP-05);
* outcome: totals are points less two a penalty, winners by total, then detectives, then fewer penalties (PI-END-*).
"""

from __future__ import annotations

import random

import pytest

from casebook import schemas
from casebook.properties.random_play import Laws, random_sim_test, uniform_policy

GAME = "pi"
SCHEMA = schemas.load(GAME)
PLAYERS = schemas.names(SCHEMA, "player")
KIND_OF = {n: k for k in ("suspect", "location", "crime") for n in schemas.names(SCHEMA, k)}
TABLE = (7, 5, 3, 1, 0)
OPTIONS = [{"players": PLAYERS[:n], "variant": v} for n in range(2, 6) for v in ("engine-answers", "neighbour-answers")]


def cases(state) -> dict:
    return {slot["case_of"]: slot["case"] for slot in state["private"].values()}


def triples(value):
    """Every object in a JSON value shaped like a case."""
    if isinstance(value, dict):
        if set(value) == {"suspect", "location", "crime"}:
            yield value
        for v in value.values():
            yield from triples(v)
    elif isinstance(value, list):
        for v in value:
            yield from triples(v)


def conservation(near: dict):
    def law(state) -> None:
        seats, held = state["players"], cases(state)
        assert [s["case_of"] for s in (state["private"][p] for p in seats)] == seats[1:] + seats[:1], (
            "each holds the left neighbour's case"
        )
        named = [n for c in held.values() for n in c.values()]
        assert len(named) == len(set(named)) and all(KIND_OF[v] == k for c in held.values() for k, v in c.items()), held
        public = {k: v for k, v in state.items() if k not in ("secret", "private", "rounds", "revealed")}
        assert not [c for c in triples(public) if c in held.values()], "a case shows in public"
        where = {t[k]: loc for loc, t in state["tiles"].items() for k in ("suspect", "crime")} | {
            loc: loc for loc in near
        }
        for m in state["marks"]:
            case = held[m["player"]]
            if m["by"] == "detective":
                spots = [where[e] for e in case.values()]
                want = (spots.count(m["on"]), sum(s in near[m["on"]] for s in spots))
            else:
                mine = case[KIND_OF[m["on"]]]
                want = (1, 0) if mine == m["on"] else (0, int(where[mine] in near[where[m["on"]]]))
            assert (m["discs"], m["cubes"]) == want, f"{m} but the case calls for {want}"

    return law


def step_law(before, move, after, events) -> None:
    assert all(after["detectives"][p] <= before["detectives"][p] for p in after["players"]), (
        "detectives never come back"
    )
    assert move["actor"] not in before["solved"] or before["phase"] == "answering", "a solved player sits out"
    rounds = after["rounds"] + ([] if after["phase"] == "over" else [{"solved": after["solved"]}])
    for r, record in enumerate(rounds):
        turns = sorted(set(record["solved"].values()))
        for p in after["players"]:
            t = record["solved"].get(p)
            assert after["points"][p][r] == (TABLE[min(turns.index(t), 4)] if t else 0), (p, r, record, after["points"])


def outcome(state, log) -> None:
    assert state["phase"] == "over" and state["round"] == 3
    totals = {p: sum(state["points"][p]) - 2 * state["penalties"][p] for p in state["players"]}
    rank = {p: (totals[p], state["detectives"][p], -state["penalties"][p]) for p in state["players"]}
    assert state["outcome"] == {
        "result": "over",
        "totals": totals,
        "winners": [p for p in state["players"] if rank[p] == max(rank.values())],
    }


def policy(state, legal, rng: random.Random) -> dict:
    if state["phase"] != "playing":
        return uniform_policy(state, legal, rng)
    if rng.random() < 0.15:  # name the true case: the referee may look
        return {"actor": state["current"], "action": {"type": "solve", **cases(state)[state["current"]]}}
    moves = legal["moves"]
    if rng.random() < 0.97:  # a detective or a card, uniformly: drawn from the whole list until one is (1,680 of the
        # ~1,700 moves are tries, so this is cheaper than listing the others), listed only after 200 misses
        for _ in range(200):
            move = rng.choice(moves)
            if move["action"]["type"] != "solve":
                return move
        others = [m for m in moves if m["action"]["type"] != "solve"]
        if others:
            return rng.choice(others)
    return rng.choice(moves)


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: f"{len(o['players'])}p-{o['variant']}")
def test_random_games_hold_every_invariant(implementation, request, options):
    near: dict = {}
    for path in implementation.describe(GAME)["board"]["paths"]:
        near.setdefault(path["a"], set()).add(path["b"])
        near.setdefault(path["b"], set()).add(path["a"])
    laws = Laws(GAME, lambda seed: options, policy, conservation(near), outcome, step_law, max_steps=3000)
    games = 2 if request.config.getoption("--impl") == "reference" else 1
    for seed in range(games):
        final = random_sim_test(implementation, laws, seed, load_every=10, views_every=5)
        assert final["phase"] == "over"
