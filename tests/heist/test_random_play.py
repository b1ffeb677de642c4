"""The online heist game under random play (casebook.properties.random_play's runner),
through whichever driver --impl names.

What this game adds to the runner's checks: its rooms (2 to 6 seats, bots of
every level, public and private rooms, turn timers, the assistant's default,
the tutorial), a policy (a person accuses one time in five when they may;
the clock ends a timer one time in ten while it runs), its conservation law
(the deal's shares, four face-down cards with two seats), step laws (a timer
runs out only by the clock's move and never while a bot acts; a bot's move is
one a person could make; the case log names no card privately seen; only
those still in take turns) and its outcome law (solved only by an accusation
equal to the hideout; unsolved only when every seat is out; no bot ever
accuses wrongly).
"""

from __future__ import annotations

import random

import pytest

from casebook import settings
from casebook import schemas
from casebook.protocol import CHANCE, CLOCK, Table
from casebook.properties.random_play import Laws, choose, random_sim_test

GAME = "heist"
SCHEMA = schemas.load(GAME)
KINDS = ("gang", "method", "place")
SEATS = ["Anna", "Bernat", "Carla", "Dani", "Emma", "Ferran"]
ROOMS = [  # seed % len(ROOMS): every size, every level, every timer, both rooms and the tutorial
    {"players": SEATS[:2]},
    {"players": SEATS[:3], "notes_assistant": True},
    {"players": SEATS[:4], "turn_timer": 30},
    {"players": SEATS[:5], "variant": "public"},
    {"players": SEATS[:6], "turn_timer": 60},
    {"players": ["Anna", "Rook"], "bots": {"Rook": "hard"}, "turn_timer": 45},
    {"players": ["Anna", "Pip", "Nyx", "Rook"], "bots": {"Pip": "easy", "Nyx": "normal", "Rook": "hard"}},
    {"variant": "tutorial", "players": ["Anna"]},
]


def policy(state: dict, legal: dict, rng: random.Random) -> dict:
    actor = rng.choice([a for a in legal["to_act"] if a != CLOCK or rng.random() < 0.1] or legal["to_act"])
    mine = [m for m in legal["moves"] if m["actor"] == actor]
    accusing = [m for m in mine if m["action"]["type"] == "accuse"]
    others = [m for m in mine if m["action"]["type"] != "accuse"]
    return rng.choice(accusing) if accusing and (rng.random() < 0.2 or not others) else choose(others or mine, rng)


def conservation(state: dict) -> None:
    """HO-DIS-03..05: every seat within one card of the others, the first seats first; four face down with two seats."""
    if state["phase"] in ("hiding", "laying", "dealing"):
        return
    sizes = [len(state["private"][p]["hand"]) for p in state["players"]]
    assert sizes == sorted(sizes, reverse=True) and sizes[0] - sizes[-1] <= 1, sizes
    assert len(state["face_down"]) == (4 if len(sizes) == 2 else 0) and sum(sizes) == 18 - len(state["face_down"])
    assert state["current"] not in state["out"] or state["phase"] == "unsolved", "a player out has the turn"


def step_law(before: dict, move: dict, after: dict, events: list) -> None:
    bots = after["options"].get("bots", {})
    ran_out = [e for e in events if e["type"] == "timer_ran_out"]
    assert bool(ran_out) == (move["actor"] == CLOCK), f"HO-TIM-04: a timer ran out by {move}"
    acting = before["turn"]["answerer"] if before["phase"] == "answering" else before["current"]
    assert move["actor"] != CLOCK or acting not in bots, "HO-PRE-14: the clock ended a bot's timer"
    for entry in after["log"][
        len(before["log"]) :
    ]:  # HO-LOG-04/05, HO-DIS-09: the log never names a card seen privately
        assert not {"private", "secret", "card", "named", "hideout"} & set(entry) or entry["type"] == "closed", entry
    if move["actor"] in bots and move["action"]["type"] == "accuse":
        assert all(move["action"][k] == before["secret"]["hideout"][k] for k in KINDS), (
            "HO-PRE-13: a bot accused wrongly"
        )


def outcome_law(state: dict, log: list) -> None:
    """HO-ACC-04/08: solved only by the accuser naming the hideout; unsolved only when every seat is out."""
    (move, _), outcome = log[-1], state["outcome"]
    assert move["action"]["type"] == "accuse", f"the game ended by {move}"
    named = {k: move["action"][k] for k in KINDS}
    if outcome["result"] == "solved":
        assert named == outcome["hideout"] == state["secret"]["hideout"] and outcome["winners"] == [move["actor"]]
    else:
        assert (
            named != outcome["hideout"]
            and sorted(state["out"]) == sorted(state["players"])
            and outcome["winners"] == []
        )
    assert not set(state["out"]) & set(state["options"].get("bots", {})), "HO-BOT-01: a bot accused wrongly"


LAWS = Laws(
    GAME,
    lambda seed: ROOMS[seed % len(ROOMS)],
    policy=policy,
    conservation=conservation,
    outcome=outcome_law,
    step_law=step_law,
    max_steps=20_000,
)


@pytest.mark.slow  # the long run: ./run.sh test gives it a step of its own; fewer games over other drivers
def test_many_random_games_hold_the_invariants_on_every_step(implementation, request):
    """96 games in process (each room 12 times), 16 over other drivers (CASEBOOK_HEIST_GAMES overrides)."""
    games = settings.HEIST_GAMES.number(96 if request.config.getoption("--impl") == "reference" else 16)
    ends = [random_sim_test(implementation, LAWS, seed, load_every=50, views_every=5)["phase"] for seed in range(games)]
    assert set(ends) <= {"solved", "unsolved"} and len(ends) == games


def test_a_bots_move_is_one_a_person_in_its_seat_could_make(implementation):
    """HO-PRE-11: at every bot move of a few games, the same state with the bot made a person lists that move too."""
    rng, checked = random.Random(5), 0
    for seed in (5, 6, 13, 14):
        table = Table.new(implementation, GAME, ROOMS[seed % len(ROOMS)])
        while table.legal()["moves"]:
            legal, state = table.legal(), table.state()
            bots = state["options"].get("bots", {})
            if legal["to_act"] != [CHANCE] and legal["to_act"][0] in bots and state["options"]["variant"] != "tutorial":
                person = {
                    **state,
                    "options": {**state["options"], "bots": {b: v for b, v in bots.items() if b != legal["to_act"][0]}},
                }
                twin = Table.load(implementation, GAME, person)
                assert legal["moves"][0] in twin.legal()["moves"], legal["moves"][0]
                twin.close()
                checked += 1
            move = policy(state, legal, rng)
            table.apply(move["actor"], move["action"])
        table.close()
    assert checked > 20, checked
