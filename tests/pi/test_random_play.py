"""P.I. under random legal play, through whichever driver --impl names: 2 to 5 players, both answering variants.

Options: every player count and variant.  Policy: chance by its probabilities;
a player places a detective or takes a card most turns, and now and then names
a solution, half the time their true case (read from the referee's state), so
games end.  Invariants on every step (the game's own laws first):

* cases_share_no_element: every case is one suspect, location and crime, no name in two cases (PI-GOAL-01/02);
* marks_tell_the_truth: every disc and cube count equals what the case calls for, recomputed
  here from the tiles, the cases and the board's paths of describe() (PI-DET-06..09, PI-EVI-03..06);
* scores_follow_the_table: 7/5/3/1/0 by discovery turn, 0 unsolved; totals and winners at the end (PI-SOLV-02..04, PI-END-*);
* views_never_leak: a player's private slot is their left neighbour's case; nobody sees an own unsolved case (PI-TIP-01);
* the generic ones: to_act and chance probabilities, a refused unlisted move changes nothing,
  load(state()) is the identity (sampled), detectives never come back, every game ends.
"""

from __future__ import annotations

import random

import pytest

from casebook import schemas
from casebook.errors import GameError
from casebook.protocol import CHANCE, Table, leaks
from casebook.testing import choose

GAME = "pi"
SCHEMA = schemas.load(GAME)
PLAYERS = schemas.names(SCHEMA, "player")
KIND_OF = {n: k for k in ("suspect", "location", "crime") for n in schemas.names(SCHEMA, k)}
TABLE = (7, 5, 3, 1, 0)
MAX_STEPS = 3_000
OPTIONS = [{"players": PLAYERS[:n], "variant": v} for n in range(2, 6) for v in ("engine-answers", "neighbour-answers")]


def cases(state) -> dict:
    return {slot["case_of"]: slot["case"] for slot in state["private"].values()}


def cases_share_no_element(state) -> None:
    named = [n for c in cases(state).values() for n in c.values()]
    assert len(named) == len(set(named)), f"two cases share an element: {cases(state)}"
    assert all(KIND_OF[v] == k for c in cases(state).values() for k, v in c.items())


def marks_tell_the_truth(state, near: dict) -> None:
    where = {t[k]: loc for loc, t in state["tiles"].items() for k in ("suspect", "crime")}
    where.update({loc: loc for loc in near})  # a place is where it is
    for m in state["marks"]:
        case = cases(state)[m["player"]]
        if m["by"] == "detective":
            spots = [where[e] for e in case.values()]
            want = (spots.count(m["on"]), sum(s in near[m["on"]] for s in spots))
        else:
            mine = case[KIND_OF[m["on"]]]
            want = (1, 0) if mine == m["on"] else (0, int(where[mine] in near[where[m["on"]]]))
        assert (m["discs"], m["cubes"]) == want, f"{m} but the case calls for {want}"


def scores_follow_the_table(state) -> None:
    rounds = state["rounds"] + ([] if state["phase"] == "over" else [{"solved": state["solved"]}])
    for r, record in enumerate(rounds):
        turns = sorted(set(record["solved"].values()))
        for p in state["players"]:
            t = record["solved"].get(p)
            assert state["points"][p][r] == (TABLE[min(turns.index(t), 4)] if t else 0), (p, r, record, state["points"])
    if state["outcome"]:
        totals = {p: sum(state["points"][p]) - 2 * state["penalties"][p] for p in state["players"]}
        rank = {p: (totals[p], state["detectives"][p], -state["penalties"][p]) for p in state["players"]}
        assert state["outcome"] == {"totals": totals, "winners": [p for p in state["players"] if rank[p] == max(rank.values())]}


def views_never_leak(table: Table, state) -> None:
    """Each view is the spectator's plus the viewer's own slot, which is their left neighbour's case; no unsolved case is public."""
    seats, public = state["players"], table.view(None)
    assert "secret" not in public and public.pop("private") == {}, f"the spectator sees {leaks(public, None)}"
    for viewer in seats:
        view = table.view(viewer)
        left = seats[(seats.index(viewer) + 1) % len(seats)]
        assert view.pop("private") == {viewer: {"case_of": left, "case": cases(state)[left]}}, f"{viewer}'s slot"
        assert view == public, f"{viewer}'s view differs from the spectator's outside their own slot"
    shown = {k: v for k, v in public.items() if k != "rounds"}  # rounds: the cases of rounds played out
    hidden = [c for p, c in cases(state).items() if p not in state["revealed"] and len(c) == 3]
    assert not any(c in hidden for c in triples(shown)), "an unsolved case shows in public"


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


def pick(moves: list[dict], state, rng: random.Random) -> dict:
    if moves[0]["actor"] == CHANCE or state["phase"] != "playing":
        return choose(moves, rng)
    if rng.random() < 0.12:  # name the true case: the referee may look
        return {"actor": state["current"], "action": {"type": "solve", **cases(state)[state["current"]]}}
    others = [m for m in moves if m["action"]["type"] != "solve"]
    return rng.choice(others if others and rng.random() < 0.97 else moves)


def play(impl, options: dict, seed: int, load_every: int) -> int:
    rng, table = random.Random(seed), Table.new(impl, GAME, options)
    near: dict = {}
    for path in impl.describe(GAME)["board"]["paths"]:
        near.setdefault(path["a"], set()).add(path["b"])
        near.setdefault(path["b"], set()).add(path["a"])
    try:
        for step in range(MAX_STEPS):
            state, legal = table.state(), table.legal()
            cases_share_no_element(state)
            marks_tell_the_truth(state, near)
            scores_follow_the_table(state)
            views_never_leak(table, state)
            assert legal["to_act"] == sorted({m["actor"] for m in legal["moves"]})
            if legal["to_act"] == [CHANCE]:
                assert abs(sum(m["p"] for m in legal["moves"]) - 1) < 1e-9
            if step % load_every == 0:
                again = Table.load(impl, GAME, state)
                assert again.state() == state and again.legal() == legal, "load(state()) is the identity"
                again.close()
                probe = rng.choice([(p, {"type": t, **f}) for p in state["players"] for t, f in
                                    (("place", {"location": "Skid Row"}), ("answer", {"discs": 3, "cubes": 0}), ("take", {"card": "Arson"}))])
                if {"actor": probe[0], "action": probe[1]} not in legal["moves"]:
                    with pytest.raises(GameError):
                        table.apply(*probe)
                    assert table.state() == state, "a refused move changed the game"
            if not legal["moves"]:
                assert state["phase"] == "over" and state["round"] == 3
                return step
            move = pick(legal["moves"], state, rng)
            table.apply(move["actor"], move["action"])
            after = table.state()
            assert all(after["detectives"][p] <= state["detectives"][p] for p in state["players"]), "detectives never come back"
            assert move["actor"] not in state["solved"] or state["phase"] == "answering", "a solved player sat out"
        raise AssertionError(f"no end after {MAX_STEPS} moves: {options}")
    finally:
        table.close()


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: f"{len(o['players'])}p-{o['variant']}")
def test_random_games_hold_every_invariant(implementation, request, options):
    games = 3 if request.config.getoption("--impl") == "reference" else 1
    for k in range(games):
        play(implementation, options, seed=k, load_every=7)
