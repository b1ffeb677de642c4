"""Cluedo: Die drei ??? under random legal play, through whichever driver --impl names.

Chance and players draw from a seeded RNG; Hypothesis only picks seeds, table
sizes and the variant (derandomized, so CI is deterministic).  On every step:

* cards_are_conserved: the 21 clue cards are each in exactly one place;
* views_never_leak: no view holds a secret, another player's slot, or a card
  that did not reach that viewer through an event addressed to them;
* illegal_actions_change_nothing: a random action that legal() does not list
  gets its typed error and leaves the state as it was;
* every event fits the game's JSON Schema;
and every 20th step: three sampled moves legal() lists are accepted by
apply() (each on a copy loaded from the canonical state), load(state()) is
the identity, and the state and every view fit the JSON Schema.  Those are
the 20 Hypothesis games; the 300 more check conservation on every step and
that each game ends.

Termination: the rulebook has no turn limit, and neither has the engine.  A
random player who enters the Headquarters accuses with probability 324/325,
and a wrong accusation removes them from the race, so random games end: we
assert every one does within MAX_STEPS (the longest seen is under 1,000).
"""

from __future__ import annotations

import json
import os
import random
from importlib import resources

import jsonschema
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from casebook.errors import GameError
from casebook.protocol import CHANCE, Table, leaks, redact
from casebook.testing import choose

GAME = "cluedo_drei"
MAX_STEPS = 5_000
_SCHEMA = json.loads(resources.files("casebook.schemas").joinpath(f"{GAME}.json").read_text())
CARDS = _SCHEMA["$defs"]["card"]["enum"]
PLACES = _SCHEMA["$defs"]["place"]["enum"]
INVESTIGATORS = _SCHEMA["$defs"]["player"]["enum"]
TERMINAL = {"solved", "unsolved"}
VALID = {k: jsonschema.Draft202012Validator(_SCHEMA["$defs"][k]) for k in ("state", "view", "event")}


def in_process(request) -> bool:
    return request.config.getoption("--impl") == "reference"


def options_for(n: int, duel: bool) -> dict:
    return {"players": INVESTIGATORS[:2], "variant": "duel"} if duel else {"players": INVESTIGATORS[:n]}


# -- invariants ----------------------------------------------------------------------
def cards_are_conserved(state: dict) -> None:
    secret = state["secret"]
    places = list(secret["undealt"]) + list(secret.get("side_cards", [])) + list(state["surplus"])
    places += list(secret["case_file"].values()) if secret["case_file"] else []
    places += [c for p in state["players"] for c in state["private"][p]["hand"]]
    assert sorted(places) == sorted(CARDS), f"cards not conserved: {sorted(places)}"
    assert state["hand_sizes"] == {p: len(state["private"][p]["hand"]) for p in state["players"]}


def cards_in(value) -> set[str]:
    if isinstance(value, dict):
        return set().union(*(cards_in(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(cards_in(v) for v in value)) if value else set()
    return {value} if value in CARDS else set()


def views_never_leak(table: Table, players: list[str], known: dict[str, set]) -> None:
    for viewer in [*players, None]:
        view = table.view(viewer)
        assert not leaks(view, viewer), f"{viewer} sees {leaks(view, viewer)}"
        if viewer is not None:
            mine = cards_in(view["private"].get(viewer, {}))
            assert mine <= known[viewer], f"{viewer}'s view holds {sorted(mine - known[viewer])} that no event gave them"
        if view["phase"] not in TERMINAL:
            assert view["solution"] is None, "the case file is public before the end"


def learn(known: dict[str, set], events: list[dict]) -> None:
    """What each player may know: the cards events addressed to them privately."""
    for event in events:
        for player in known:
            known[player] |= cards_in(redact(event, player).get("private", {}).get(player, {}))


def random_action(rng: random.Random, players: list[str]) -> tuple[str, dict]:
    """A well-formed action of any type, with any values: mostly not legal now."""
    card = rng.choice(CARDS)
    kind = rng.choice(["roll_dice", "secret_passage", "move", "question", "show", "accuse", "end_turn", "look", "discard", "follow", "draw", "deal", "roll"])
    action = {
        "move": {"to": rng.choice(PLACES + ["Ring 1", "Lane B2"])},
        "question": {"suspect": rng.choice(CARDS[:6]), "item": rng.choice(CARDS[6:12]), "location": rng.choice(CARDS[12:])},
        "accuse": {"suspect": rng.choice(CARDS[:6]), "item": rng.choice(CARDS[6:12]), "location": rng.choice(PLACES)},
        "show": {"card": card}, "deal": {"card": card}, "look": {"slot": rng.randint(1, 4)},
        "follow": {"to": rng.choice(PLACES)}, "draw": {"card": rng.choice(["taxi", "headquarters", "tip_off"])},
        "roll": {"dice": [rng.choice(["?", 2, 3, 4, 5, 6]), rng.choice(["?", 2, 3, 4, 5, 6])]},
    }.get(kind, {})
    return rng.choice([*players, CHANCE]), {"type": kind, **action}


MALFORMED = [{"type": "fly"}, {"type": "move"}, {"type": "move", "to": 7}, {"type": "look", "slot": "2"}, {"type": "question", "suspect": "Brittany"}, {"kind": "roll_dice"}]


def illegal_actions_change_nothing(table: Table, state: dict, legal: dict, rng: random.Random, players: list[str]) -> None:
    listed = {(m["actor"], json.dumps(m["action"], sort_keys=True)) for m in legal["moves"]}
    if rng.random() < 0.2:
        actor, action, expected = rng.choice(players), rng.choice(MALFORMED), "bad_request"
    else:
        actor, action = random_action(rng, players)
        if (actor, json.dumps(action, sort_keys=True)) in listed:
            return
        expected = "illegal_action" if actor in legal["to_act"] or not legal["to_act"] else "not_your_turn"
    try:
        table.apply(actor, action)
    except GameError as exc:
        assert exc.code == expected, f"{actor} {action} -> {exc.code}: expected {expected}"
    else:
        pytest.fail(f"accepted an action legal() does not list: {actor} {action}")
    assert table.state() == state, f"a refused action changed the state: {actor} {action}"


def load_is_identity(impl, state: dict) -> None:
    copy = Table.load(impl, GAME, state)
    try:
        assert copy.state() == state, "load(state()) is not the identity"
    finally:
        copy.close()


def every_listed_move_is_accepted(impl, table: Table, state: dict, rng: random.Random, sample: int) -> None:
    moves = table.legal()["moves"]
    for move in rng.sample(moves, min(sample, len(moves))):
        copy = Table.load(impl, GAME, state)
        try:
            copy.apply(move["actor"], move["action"])  # raises a GameError if refused
        finally:
            copy.close()


def play(impl, options: dict, seed: int, *, full: bool) -> int:
    """One random game; returns its number of moves.  ``full``: every invariant on every step."""
    rng = random.Random(seed)
    table = Table.new(impl, GAME, options)
    players = table.state()["players"]
    known = {p: set() for p in players}
    every = 20 if full else 0  # a load per listed move is the dearest check: every 20th step, 3 moves
    try:
        for step in range(MAX_STEPS):
            state, legal = table.state(), table.legal()
            cards_are_conserved(state)
            if full:
                views_never_leak(table, players, known)
                illegal_actions_change_nothing(table, state, legal, rng, players)
            if every and step % every == 0:
                VALID["state"].validate(state)
                for viewer in [*players, None]:
                    VALID["view"].validate(table.view(viewer))
                load_is_identity(impl, state)
                every_listed_move_is_accepted(impl, table, state, rng, sample=3)
            if not legal["moves"]:
                assert state["phase"] in TERMINAL and legal["to_act"] == []
                if full:
                    load_is_identity(impl, state)
                return step
            assert legal["to_act"], "moves without anyone to act"
            if legal["to_act"] == [CHANCE]:
                assert abs(sum(m["p"] for m in legal["moves"]) - 1) < 1e-9, "chance probabilities do not sum to 1"
            actor = rng.choice(legal["to_act"])
            move = choose([m for m in legal["moves"] if m["actor"] == actor], rng)
            events = table.apply(move["actor"], move["action"])
            if full:
                for event in events:
                    VALID["event"].validate(event)
            learn(known, events)
        pytest.fail(f"a random game (seed {seed}, {options}) did not end in {MAX_STEPS} moves")
    finally:
        table.close()


# -- the tests -------------------------------------------------------------------------
@settings(max_examples=20, derandomize=True, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), n=st.integers(2, 6), duel=st.booleans())
def test_random_games_hold_every_invariant(implementation, seed, n, duel):
    play(implementation, options_for(n, duel and n == 2), seed, full=True)


def test_hundreds_of_random_games_end_with_the_cards_conserved(implementation, request):
    """300 games in process (2-6 players and the Duel, 50 each); 40 through other drivers, to keep CI short."""
    games = int(os.environ.get("CASEBOOK_CLUEDO_GAMES", 300 if in_process(request) else 40))
    tables = [(n, False) for n in range(2, 7)] + [(2, True)]
    lengths = []
    for k in range(games):
        n, duel = tables[k % len(tables)]
        lengths.append(play(implementation, options_for(n, duel), seed=1000 + k, full=False))
    assert len(lengths) == games and max(lengths) < MAX_STEPS


def test_a_right_accusation_ends_any_game(implementation):
    """Whatever random play has done, the accuser in the Headquarters naming the case file wins."""
    rng = random.Random(7)
    table = Table.new(implementation, GAME, {"players": INVESTIGATORS[:4]})
    for _ in range(120):
        legal = table.legal()
        if not legal["moves"]:
            break
        move = choose([m for m in legal["moves"] if m["actor"] == legal["to_act"][0]], rng)
        table.apply(move["actor"], move["action"])
    state = table.state()
    table.close()
    assert state["phase"] not in TERMINAL, "pick a seed whose game is still running after 120 moves"
    player = next(p for p in state["players"] if p not in state["out"])
    state.update(phase="accusing", current=player)
    state["positions"][player] = "Headquarters"
    state["turn"] = {"dice": None, "pips": 0, "card": None, "question": None, "answerer": None, "tipped": None}
    table = Table.load(implementation, GAME, state)
    try:
        table.apply(player, {"type": "accuse", **state["secret"]["case_file"]})
        assert table.legal() == {"to_act": [], "moves": []}
        assert table.view(None)["winner"] == player
    finally:
        table.close()


# -- canonical states from elsewhere --------------------------------------------------------
PHASES = _SCHEMA["$defs"]["state"]["properties"]["phase"]["enum"]
ODD_VALUES = [None, 0, 1, 5, "Justus Jonas", "Uncle Titus", "taxi", "Strand", "Headquarters", "Ring 3", [], {}, ["?", 2]]


@pytest.fixture(scope="module")
def sample_states(implementation) -> list[dict]:
    """States met in a few random games: 2-6 players and the Duel."""
    rng, states = random.Random(11), []
    for n, duel in [(2, True), (3, False), (4, False), (6, False)]:
        table = Table.new(implementation, GAME, options_for(n, duel))
        for _ in range(MAX_STEPS):
            states.append(table.state())
            legal = table.legal()
            if not legal["moves"]:
                break
            table.apply(**{k: v for k, v in choose([m for m in legal["moves"] if m["actor"] == legal["to_act"][0]], rng).items() if k != "p"})
        table.close()
    return states


@settings(max_examples=150, derandomize=True, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_a_loaded_state_is_refused_or_plays_on(implementation, sample_states, data):
    """A schema-valid state that does not hang together is refused as bad_request; one that loads
    is rebuilt exactly and its legal moves are accepted (a crash would be any other error)."""
    state = json.loads(json.dumps(data.draw(st.sampled_from(sample_states))))
    for _ in range(data.draw(st.integers(1, 3))):
        field = data.draw(st.sampled_from(["phase", "current", "turn", "positions"]))
        if field == "phase":
            state["phase"] = data.draw(st.sampled_from(PHASES))
        elif field == "current":
            state["current"] = data.draw(st.sampled_from(state["players"] + [None]))
        elif field == "turn":
            state["turn"][data.draw(st.sampled_from(sorted(state["turn"])))] = data.draw(st.sampled_from(ODD_VALUES))
        else:
            state["positions"][data.draw(st.sampled_from(state["players"]))] = data.draw(st.sampled_from(["Strand", "Headquarters", "Ring 3", "Lane A3"]))
    try:
        table = Table.load(implementation, GAME, state)
    except GameError as exc:
        assert exc.code == "bad_request", exc
        return
    try:
        assert table.state() == state, "load(state) is not the identity"
        rng = random.Random(data.draw(st.integers(0, 1000)))
        for _ in range(10):
            legal = table.legal()
            if not legal["moves"]:
                break
            move = choose([m for m in legal["moves"] if m["actor"] == legal["to_act"][0]], rng)
            table.apply(move["actor"], move["action"])
    finally:
        table.close()
