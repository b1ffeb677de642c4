"""Small Detectives under random legal play, through whichever driver --impl names.

Chance draws by its probabilities, players from a seeded RNG (see ``policy``).
On every step of every game, 2 to 5 players:

* components_are_conserved: the 15 action cards and the 8 house tiles each lie
  in exactly one place the schema's inventory names, and the public hand sizes
  count the hands;
* views_never_leak: no view holds a secret or another player's slot, every
  player's view is the spectator's plus their own slot, and no sealed card,
  hand card or clue shows in the spectator's view;
* public_log_hides_clues: the public part of an event names no clue (the end,
  when the case is shown, excepted) and no card of a sealed choice;
* illegal_actions_change_nothing: an action legal() does not list is refused
  with its typed error and state() stays as it was;
* load_is_identity: load(state()) rebuilds the same state (every step in
  process, every 10th over other drivers);
* the outcome law at the end: a game is won only by a report equal to the
  tiles under the Police (SD-OBJ-01), or by the last player left when all the
  others were wrong there (SD-END-02); a player is out only after a wrong report.
"""

from __future__ import annotations

import json
import random

import pytest

from casebook import schemas
from casebook.errors import GameError
from casebook.protocol import CHANCE, Table, canonical, leaks, redact
from casebook.testing import choose

GAME = "small_detectives"
SCHEMA = schemas.load(GAME)
COLOURS, CLUES, CARDS = (schemas.names(SCHEMA, n) for n in ("player", "clue", "card"))
MAX_STEPS = 4_000
TYPES = [o["properties"]["type"]["const"] for o in SCHEMA["$defs"]["action"]["oneOf"]]


def policy(table: Table, state: dict, moves: list[dict], rng: random.Random) -> dict:
    """Uniform, except: On Wheels goes to the Police half the time and a detective there reports 3 times in 4,
    naming the case from the referee's state one time in 5, so games end and both ways to win occur."""
    if moves[0]["actor"] == CHANCE:
        return choose(moves, rng)
    kinds = {m["action"]["type"] for m in moves}
    if "name" in kinds and rng.random() < 0.75:
        case = state["secret"]["police"]
        return {"actor": moves[0]["actor"], "action": {"type": "name", **case}} if rng.random() < 0.2 else \
            rng.choice([m for m in moves if m["action"]["type"] == "name"])
    if "go" in kinds and rng.random() < 0.5:
        return next(m for m in moves if m["action"]["to"] == "Police")
    return rng.choice(moves)


def components_are_conserved(state: dict) -> None:
    assert not schemas.inventory_problems(schemas.load(GAME)["inventory"], state), schemas.inventory_problems(SCHEMA["inventory"], state)
    assert state["hand_sizes"] == {p: len(state["private"][p]["hand"]) for p in state["players"]}


def views_never_leak(table: Table, state: dict) -> None:
    public = table.view(None)
    assert not leaks(public, None) and public["private"] == {}, leaks(public, None)
    hidden = [c for p in state["players"] for c in state["private"][p]["hand"] + state["private"][p].get("choice", [])]
    text = json.dumps(public)
    assert not [c for c in hidden + (CLUES if state["outcome"] is None else []) if f'"{c}"' in text], "the spectator sees a hidden card or clue"
    for viewer in state["players"]:
        view = table.view(viewer)
        assert not leaks(view, viewer) and set(view.pop("private")) <= {viewer}
        assert view == {k: v for k, v in public.items() if k != "private"}, f"{viewer}'s view differs from the spectator's"


def public_log_hides_clues(events: list[dict], sealed: list[str]) -> None:
    """``sealed``: the cards face down before the move; a reveal turns over one card a player, the rest stay hidden."""
    for event in events:
        if event["type"] == "revealed":
            shown = [c["player"] for c in event["cards"]]
            assert len(shown) == len(set(shown)), f"a reveal turned over two cards of one player: {event}"
            sealed = [c for c in sealed if c not in {x["card"] for x in event["cards"]}]
        elif event["type"] not in ("solved", "stalemate"):  # the end shows the case to all
            text = json.dumps(redact(event, None))
            assert not [x for x in CLUES + sealed if f'"{x}"' in text], f"the public log shows {event}"


def illegal_actions_change_nothing(table: Table, state: dict, legal: dict, rng: random.Random) -> None:
    actor = rng.choice(state["players"] + [CHANCE])
    action = rng.choice([{"type": rng.choice(TYPES)}, {"type": "play", "cards": [rng.choice(CARDS)]},
                         {"type": "name", "culprit": rng.choice(CLUES[:4]), "weapon": rng.choice(CLUES[4:])},
                         {"type": "go", "to": "Police"}, {"type": "move", "tiles": rng.randint(1, 4)}, {"type": "fly"}])
    if any(m["actor"] == actor and canonical(m["action"]) == canonical(action) for m in legal["moves"]):
        return
    with pytest.raises(GameError) as refused:
        table.apply(actor, action)
    assert refused.value.code in ("bad_request", "illegal_action", "not_your_turn")
    assert refused.value.code != "not_your_turn" or actor not in legal["to_act"]
    assert table.state() == state, f"a refused {actor} {action} changed the state"


def outcome_law(state: dict) -> None:
    outcome, private = state["outcome"], state["private"]
    assert all(private[p]["report"]["right"] is False for p in state["out"]), "a player is out without a wrong report"
    inside = [p for p in state["players"] if p not in state["out"]]
    if outcome["by"] == "report":
        assert private[outcome["winner"]]["report"] == {**state["secret"]["police"], "right": True} == {**outcome["case"], "right": True}
    elif outcome["by"] == "last_left":
        assert inside == [outcome["winner"]], "the last player left wins"
    else:  # SD-END-04: no card left brings anyone to the Police; only On Wheels, Informant and Unexpected would surely
        left = {c for p in inside for c in private[p]["hand"]}
        assert outcome["winner"] is None and not left & {"On Wheels", "Informant", "Unexpected", "Foot Patrol 001"}, left


def play(impl, players: list[str], seed: int, load_every: int) -> str:
    rng, table = random.Random(seed), Table.new(impl, GAME, {"players": players})
    try:
        for step in range(MAX_STEPS):
            state, legal = table.state(), table.legal()
            components_are_conserved(state)
            views_never_leak(table, state)
            illegal_actions_change_nothing(table, state, legal, rng)
            if step % load_every == 0 or not legal["moves"]:
                copy = Table.load(impl, GAME, state)
                assert copy.state() == state, "load(state()) is not the identity"
                copy.close()
            if not legal["moves"]:
                outcome_law(state)
                return state["outcome"]["by"]
            if legal["to_act"] == [CHANCE]:
                assert abs(sum(m["p"] for m in legal["moves"]) - 1) < 1e-9
            actor = rng.choice(legal["to_act"])
            move = policy(table, state, [m for m in legal["moves"] if m["actor"] == actor], rng)
            sealed = [c for p in players for c in state["private"][p].get("choice", [])]
            public_log_hides_clues(table.apply(move["actor"], move["action"]), sealed)
            out = table.view(None)["out"]
            assert out[:len(state["out"])] == state["out"] and len(out) - len(state["out"]) <= 1, "players leave one at a time, in order"
        pytest.fail(f"a random game of {players} (seed {seed}) did not end in {MAX_STEPS} moves")
    finally:
        table.close()


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_random_games(implementation, request, n):
    in_process = request.config.getoption("--impl") == "reference"
    games = 40 if in_process else 4
    ends = [play(implementation, COLOURS[:n], seed, 1 if in_process else 10) for seed in range(games)]
    assert {"report", "last_left"} <= set(ends) or not in_process, f"{n} players: the games ended only by {set(ends)}"
    assert n > 2 or "stalemate" not in ends, "two players keep the plain moves: no stalemate"
