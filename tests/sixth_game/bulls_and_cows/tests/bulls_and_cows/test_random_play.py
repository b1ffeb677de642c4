"""Bulls and Cows under random legal play on the shared runner (casebook.properties.random_play.random_sim_test).

Uniform guessing names the other's code once in 5,040 tries, so a uniform game hardly ends: ``policy`` (read by
the shared tests too) guesses, a quarter of the time, the code the referee's state holds.  The game's laws:

* step law: a code once set down never changes (BC-CODE-01); every answer is the guess's bulls and cows (BC-SCORE-01);
* outcome: the winners are the players who guessed four bulls, after a complete round (BC-END-01, BC-END-02).
"""

from __future__ import annotations

import random

from casebook.properties.random_play import Laws, random_sim_test, uniform_policy

GAME = "bulls_and_cows"


def policy(state, legal, rng: random.Random) -> dict:
    if state["phase"] == "guessing" and rng.random() < 0.25:  # the referee may look: the other's code
        other = next(p for p in state["players"] if p != state["current"])
        return {"actor": state["current"], "action": {"type": "guess", "code": state["private"][other]["code"]}}
    return uniform_policy(state, legal, rng)


def step_law(before, move, after, events) -> None:
    for p in before["players"]:
        assert before["private"][p]["code"] in (None, after["private"][p]["code"]), "a code set down never changes"
    for g in after["guesses"]:
        secret = next(after["private"][p]["code"] for p in after["players"] if p != g["player"])
        bulls = sum(a == b for a, b in zip(secret, g["code"]))
        assert (g["bulls"], g["cows"]) == (bulls, len(set(secret) & set(g["code"])) - bulls), g


def outcome(state, log) -> None:
    assert len(state["guesses"]) % 2 == 0, "both players guessed as often"
    broke = [p for p in state["players"] if any(g["player"] == p and g["bulls"] == 4 for g in state["guesses"])]
    assert broke and state["outcome"] == {"result": "over", "winners": broke}


def test_random_games_hold_every_invariant(implementation):
    laws = Laws(GAME, lambda seed: {}, policy, outcome=outcome, step_law=step_law, max_steps=200)
    for seed in range(3):
        final = random_sim_test(implementation, laws, seed, load_every=5, views_every=5)
        assert final["phase"] == "over"
