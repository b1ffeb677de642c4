"""Feuerdiamant under random play (casebook.properties.random_play's runner), through whichever driver --impl names.

What this game adds to the runner's checks: its options (2-4 players, all five
difficulties in turn), a policy that explores (locations rather than
fingerprints, an action rather than none, a card now and then; it accuses when
five suspects are cleared or, rarely, as a guess, so games run over many real
turns), its conservation law (at most six obstacles on the board), its step laws
(indicators go back only by a card that allows it, by at most what it allows; a
full track ends the game at once; no public event names a face-down person;
every event token an indicator reaches or passes is activated at once, and the
activated tokens are carried out first reached first, each exactly once, unless
a card ignores one) and its outcome law (won only by naming the suspect of the
clue set aside).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from casebook.settings import FD_GAMES
from casebook import schemas
from casebook.protocol import CHANCE, redact
from casebook.properties.random_play import Laws, choose, random_sim_test

GAME = "feuerdiamant"
SCHEMA = schemas.load(GAME)
LOCATIONS = set(schemas.names(SCHEMA, "location"))
SUSPECT_OF = {clue: facts["suspect"] for clue, facts in SCHEMA["facts"]["clues"].items()}
LAST_SPACE = SCHEMA["$defs"]["state"]["properties"]["tracks"]["properties"]["red"]["properties"]["indicator"]["maximum"]
PLAYED: Counter = Counter()  # action types the policy chose: the games must reach interrogations, helpers and cards
BACK_BY_CARD = {
    "Investigation Success": 1,
    "Central Office": 2,
    "Morton": 2,
    "Uncle Titus": 2,
    "Aunt Mathilda": 2,
}  # FD-CARD-05/07/09


def options(seed: int) -> dict:
    return {"players": ["Justus", "Peter", "Bob", "Cotta"][: 2 + seed % 3], "difficulty": 1 + seed % 5}


def explore(state: dict, legal: dict, rng: random.Random) -> dict:
    move = choices(state, legal, rng)
    PLAYED[move["action"]["type"]] += 1
    return move


def choices(state: dict, legal: dict, rng: random.Random) -> dict:
    """Chance by its odds; players look for something to do and rarely guess the culprit."""
    if legal["to_act"] == [CHANCE]:
        return choose(legal["moves"], rng)
    actor = rng.choice(legal["to_act"])
    kinds: dict[str, list] = {}
    for m in legal["moves"]:
        if m["actor"] == actor:
            kinds.setdefault(m["action"]["type"], []).append(m)
    uncleared = [m for m in kinds.get("accuse", []) if m["action"]["suspect"] not in state["cleared"]]
    if uncleared and (len(uncleared) == 1 or rng.random() < 0.004):  # FD-IDEA-03: five cleared name the culprit
        return rng.choice(uncleared)
    if "play" in kinds and rng.random() < 0.3:
        return rng.choice(kinds["play"])
    if "move" in kinds:
        to_location = [m for m in kinds["move"] if m["action"]["to"] in LOCATIONS]
        return rng.choice(to_location if to_location and rng.random() < 0.8 else kinds["move"])
    doing = [m for kind, ms in kinds.items() if kind not in ("end_action", "end_turn", "accuse", "play") for m in ms]
    if doing and rng.random() < 0.9:
        return rng.choice(doing)
    return rng.choice(
        kinds.get("end_action", []) + kinds.get("end_turn", []) or [m for ms in kinds.values() for m in ms]
    )


def at_most_six_obstacles(state: dict) -> None:
    assert sum(1 for b in state["board"].values() if b["obstacle"]) <= 6  # FD-ACT-04


def step_laws(before: dict, move: dict, after: dict, events: list) -> None:
    back = {c: before["tracks"][c]["indicator"] - after["tracks"][c]["indicator"] for c in before["tracks"]}
    back = {c: n for c, n in back.items() if n > 0}
    if back:  # FD-CARD-14 and the cards that move an indicator back
        action = move["action"]
        assert action["type"] == "play" and action["card"] in BACK_BY_CARD, (back, move)
        assert list(back) == [action["colour"]] and back[action["colour"]] <= BACK_BY_CARD[action["card"]], (back, move)
    if any(t["indicator"] >= LAST_SPACE for t in after["tracks"].values()):  # FD-END-04: at once
        assert after["phase"] == "lost" and after["outcome"]["track"] in after["tracks"], after["outcome"]
    events_are_carried_out_once_in_order(before, move, after, events)
    face_down = (
        set(after["secret"]["persons"].values())
        | set(after["secret"]["pools"]["persons"])
        | set(after["secret"]["pools"]["shuffle"])
    )
    for event in events:
        assert redact(event, None).get("person") not in face_down, f"the public log shows a face-down person: {event}"


def events_are_carried_out_once_in_order(before: dict, move: dict, after: dict, events: list) -> None:
    """FD-HAZ-03/04/05: a token an indicator reaches or passes is activated at once; activated tokens are carried
    out one at a time, first reached first, each exactly once (it leaves its track), unless a card ignores one."""
    queue = [(a["colour"], a["space"]) for a in before["activated"]]
    waiting = set(
        queue
    )  # FD-HAZ-06: reached again after a card moved the indicator back, a waiting token is not activated twice
    for event in events:
        where = (event.get("colour"), event.get("space"))
        if event["type"] == "event_activated":
            assert where not in queue, f"{where} activated twice"
            queue.append(where)
        elif event["type"] == "event_carried_out":
            assert queue and queue[0] == where, f"carried out {where}, but the first activated is {queue[:1]}"
            queue.pop(0)
            assert all(t["space"] != where[1] for t in after["tracks"][where[0]]["tokens"]), (
                f"{where} carried out but still on its track"
            )
    action = move["action"]
    if (
        action["type"] == "play"
        and action["card"] == "Ignore an Event Token"
        and (action["colour"], action["space"]) in queue
    ):
        queue.remove((action["colour"], action["space"]))  # FD-CARD-03: ignored, never carried out
    assert queue == [(a["colour"], a["space"]) for a in after["activated"]], (queue, after["activated"], move)
    reached = {(e["colour"], e["space"]) for e in events if e["type"] == "event_activated"}
    for colour, track in before["tracks"].items():
        top = after["tracks"][colour]["indicator"]
        passed = [
            t for t in track["tokens"] if track["indicator"] < t["space"] <= top and (colour, t["space"]) not in waiting
        ]
        if top > track["indicator"]:  # an indicator went forward: every token it reached or passed is activated
            assert all((colour, t["space"]) in reached for t in passed), (colour, passed, events)


def outcome_law(state: dict, log: list) -> None:
    """FD-END-02/03/04: won only by naming the culprit; lost by a wrong name or a full track; together."""
    move, outcome = log[-1][0], state["outcome"]
    if move["action"]["type"] == "accuse":
        right = SUSPECT_OF[state["set_aside"]] == move["action"]["suspect"]
        assert outcome["result"] == ("won" if right else "lost") and outcome["winners"] == (
            state["players"] if right else []
        )
    else:
        assert outcome["result"] == "lost" and state["tracks"][outcome["track"]]["indicator"] >= LAST_SPACE


LAWS = Laws(GAME, options, policy=explore, conservation=at_most_six_obstacles, outcome=outcome_law, step_law=step_laws)


@settings(max_examples=10, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31))
def test_random_games_keep_every_invariant(implementation, seed):
    assert random_sim_test(implementation, LAWS, seed)["phase"] in ("won", "lost")


@pytest.mark.slow  # the long run: ./run.sh test gives it a step of its own; fewer games over other drivers
def test_hundreds_of_random_games_end_with_every_invariant_kept(implementation, request):
    """290 games in process, 50 over other drivers (CASEBOOK_FD_GAMES overrides):
    they reach real turns, not a first-turn guess."""
    games = FD_GAMES.number(290 if request.config.getoption("--impl") == "reference" else 50)
    PLAYED.clear()  # these games' own moves: the Hypothesis test above may have run first in this process
    finals = [
        random_sim_test(implementation, LAWS, seed, load_every=10, views_every=5, sample_moves=1)
        for seed in range(games)
    ]
    turns = sorted(f["turn"] for f in finals)
    assert turns[games // 2] >= 8 and any(f["phase"] == "lost" for f in finals), turns
    assert all(PLAYED[kind] for kind in ("interrogate", "use_helper", "play", "reveal_person", "reveal_clue")), PLAYED
