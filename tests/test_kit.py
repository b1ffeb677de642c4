"""The game kit itself (statemachines/kit/): what every game gets from it, shown on the real games and the toy.

The hostile loads issue 12 reproduced, each refused as bad_request; an engine
error inside a move leaves the table as it was; a listed move always names its
row; new() and close() cost the same however many tables are open; the
committed schemas are the generated ones.
"""

from __future__ import annotations

import copy
import gc
import json
import pickle
import random
import time
from pathlib import Path

import pytest

from casebook.errors import BadRequest, GameError
from casebook.protocol import CHANCE
from casebook.readonly import ReadOnlyDict
from statemachines.kit import Game, InternalError, QuestionRound, RollOff
from statemachines.reference import ReferenceImplementation
from statemachines.schemas import write_all
from tests.harness.parlour import Parlour
from tests.harness.toy import Toy, make

REF = ReferenceImplementation()


def dealt(game: str, options: dict) -> dict:
    """The first position where a player acts,
    chance drawn from a seeded RNG (always its first move could tie for ever)."""
    table, rng = REF.new(game, options), random.Random(0)
    while REF.legal(table)["to_act"] == [CHANCE]:
        REF.apply(table, CHANCE, rng.choice(REF.legal(table)["moves"])["action"])
    return REF.state(table)


def refused(game: str, state: dict) -> str:
    with pytest.raises(GameError) as error:
        REF.load(game, state)
    assert error.value.code == "bad_request", error.value
    return error.value.message


def test_the_committed_schemas_are_the_generated_ones():
    assert write_all(check=True) == [], "run casebook regenerate --only schemas and commit the result"


def test_feuerdiamant_refuses_invented_cards_and_a_float_difficulty():
    state = dealt("feuerdiamant", {"players": ["Justus", "Peter"]})
    state["hands"]["Justus"] += ["Recall", "Recall"]
    assert "too many" in refused("feuerdiamant", state)
    with pytest.raises(BadRequest):
        REF.new("feuerdiamant", {"players": ["Justus", "Peter"], "difficulty": 2.0})


def test_cluedo_refuses_a_relabelled_duel_an_incomplete_variant_and_made_up_markers():
    duel = dealt("cluedo_drei", {"players": ["Justus Jonas", "Peter Shaw"], "variant": "duel"})
    refused("cluedo_drei", {**duel, "options": {**duel["options"], "variant": "classic"}})
    refused("cluedo_drei", {**duel, "options": {k: v for k, v in duel["options"].items() if k != "variant"}})
    refused("cluedo_drei", {**duel, "markers": {**duel["markers"], "made up": None}})


def test_a_stuck_state_is_refused():
    state = dealt("feuerdiamant", {})  # the event step with no event token activated: nothing could be carried out
    roll = {"hazard": "red", "movement": 2, "colour": "red", "bonus": 0}
    assert "cannot be played" in refused(
        "feuerdiamant", {**state, "phase": "events", "activated": [], "draws": [], "roll": roll}
    )


def test_a_state_loaded_again_is_the_same_table_and_a_refused_one_stays_refused():
    state = dealt("cluedo_drei", {"players": ["Justus Jonas", "Peter Shaw", "Bob Andrews"]})
    first, again = (
        REF.load("cluedo_drei", state),
        REF.load("cluedo_drei", json.loads(json.dumps(state))),
    )  # the second from load()'s memory
    assert REF.state(first) == REF.state(again) == state and REF.legal(first) == REF.legal(again)
    REF.apply(again, *(lambda m: (m["actor"], m["action"]))(REF.legal(again)["moves"][0]))
    assert REF.state(REF.load("cluedo_drei", state)) == state, (
        "a table loaded from memory shares nothing with the others"
    )
    stuck = {**state, "current": "Skinner Norris"}
    refused("cluedo_drei", stuck)
    refused("cluedo_drei", stuck)


def rolled(table, *dice: int):
    for d in dice:
        table.apply(CHANCE, {"type": "roll", "dice": [d]})
    return table


def test_the_roll_off_hook_needs_one_highest_total_and_the_tied_roll_again():
    table = rolled(Parlour.new({}), 3, 3, 1)  # Ann and Ben tie: they roll again, Bot is out of the running
    assert table.s["start_waiting"] == ["Ann", "Ben"] and table.phase == "rolling_for_start"
    assert not table.decides_start(CHANCE, {"dice": [5]}) and not Parlour.new({}).decides_start(CHANCE, {"dice": [6]})
    rolled(table, 2, 1)
    assert table.phase == "asking" and table.current == "Ann" and table.s["start_waiting"] == []
    assert Parlour.new({}).roll_pips([3]) == 6  # the game's own count (roll_pips)


def test_the_question_round_hook_stops_at_the_first_holder_to_the_left():
    table = rolled(Parlour.new({}), 1, 6, 2)  # Ben starts
    assert table.first_holder({"key"}, lambda p: table.s["private"][p]["hand"]) == (["Bot"], "Ann")
    assert table.first_holder({"map"}, lambda p: table.s["private"][p]["hand"]) == (
        ["Bot", "Ann"],
        None,
    )  # his own card
    assert table.others_from_the_left("Bot") == ["Ann", "Ben"]


def test_a_seat_the_engine_plays_is_offered_only_its_choice():
    table = rolled(Parlour.new({}), 1, 2, 6)  # the Bot starts
    assert table.legal()["moves"] == [{"actor": "Bot", "action": {"type": "ask", "card": "rope"}}]
    person = rolled(Parlour.new({}), 6, 2, 1)
    assert len(person.legal()["moves"]) == 3  # a person's seat: every move


def test_the_public_log_keeps_public_events_only_and_shares_nothing():
    table = rolled(Parlour.new({}), 6, 2, 1)
    table.apply("Ann", {"type": "ask", "card": "map"})
    log = table.state()["log"]
    assert [e["type"] for e in log] == ["rolled", "rolled", "rolled", "starts", "showed"]  # no whisper (unlogged)
    assert log[-1] == {"type": "showed", "by": "Ben"} and "private" not in json.dumps(log)
    table.s["start_rolls"]["Ann"].append(9)
    assert log[0]["dice"] == [6], "the log holds copies"


# What a game may define that the kit also defines: the documented hooks (docs/write-a-game-engine.md)
HOOKS = {"setup", "derive", "check", "check_options", "triggers", "normalise_options", "engine_plays", "roll_pips"}


@pytest.mark.parametrize("game", sorted(REF.engines))
def test_a_game_grows_the_kit_by_its_hooks_and_overrides_no_other_kit_method(game):
    cls = REF.engines[game].game
    kit = {
        n
        for part in (Game, QuestionRound, RollOff)
        for n, v in vars(part).items()
        if callable(v) or isinstance(v, (classmethod, staticmethod, property))
    }
    overridden = {n for n in vars(cls) if n in kit}
    assert overridden <= HOOKS, f"{game} overrides kit methods that are no hook: {sorted(overridden - HOOKS)}"
    assert not {n for n in overridden if n.startswith("_") and not n.startswith("__")}


def test_every_hook_is_documented_and_the_parlour_toy_uses_each():
    guide = (Path(__file__).resolve().parents[1] / "docs" / "write-a-game-engine.md").read_text(encoding="utf-8")
    assert all(f"`{h}" in guide for h in HOOKS | {"public_log", "unlogged"})
    used = {n for n in vars(Parlour) if n in HOOKS} | ({"public_log"} if Parlour.public_log else set())
    assert used >= {"normalise_options", "engine_plays", "roll_pips", "public_log"} and Parlour.unlogged


def test_normalised_options_are_the_options_every_call_sees():
    assert Parlour.new({"players": ["Ann", "Ben"]}).players == ["Ann", "Ben", "Bot"]
    with pytest.raises(BadRequest):
        Parlour.new({"players": ["Ann"]})  # the hook fills in; the kit still checks


def test_a_cached_list_of_moves_is_listed_in_order_and_handed_out_read_only():
    """P.I.'s 1,680 solutions are built once per player (@memo) and handed out as the same read-only moves at every
    call: sorted with the other moves as if merged; a caller's edit is refused, readably, and changes nothing; a
    copy is plain and editable; a listed move applies as handed out, and so does a shallow copy of it."""
    table = REF.load("pi", dealt("pi", {"players": ["Red", "Blue"]}))
    legal = REF.legal(table)
    moves = legal["moves"]
    assert {m["action"]["type"] for m in moves} == {"place", "take", "solve"} and len(moves) > 1680
    assert moves == sorted(
        moves, key=lambda m: (m["actor"], json.dumps(m["action"], sort_keys=True, separators=(",", ":")))
    )
    other = REF.load("pi", REF.state(table))
    solve = next(m for m in moves if m["action"]["type"] == "solve")
    for edit in (
        lambda: moves[0]["action"].update(type="changed"),
        lambda: moves[-1].__setitem__("actor", "changed"),
        lambda: solve["action"].pop("crime"),
        lambda: solve.clear(),
    ):
        with pytest.raises(TypeError, match="read-only .* copy it to edit it"):
            edit()
    moves.append("mine")  # the list itself is the caller's own
    again = REF.legal(table)
    assert again == REF.legal(other) and again["moves"] == moves[:-1] and again["moves"][0] is moves[0]
    mine = copy.deepcopy(solve)
    mine["action"]["crime"] = "changed"
    assert type(mine["action"]) is dict and json.loads(json.dumps(solve)) == solve != mine
    assert pickle.loads(pickle.dumps(solve)) == solve and type(pickle.loads(pickle.dumps(solve))) is dict
    REF.apply(table, solve["actor"], solve["action"])  # what is listed applies as listed


def test_a_shallow_copy_of_a_listed_move_applies_and_leaves_the_move_as_listed():
    """A caller's ``dict(action)`` keeps the move's read-only lists (a roll's dice): the table takes a plain copy."""
    table = REF.new("cluedo_drei", {})
    while not any(m["action"]["type"] == "roll" for m in REF.legal(table)["moves"]):
        REF.apply(table, CHANCE, REF.legal(table)["moves"][0]["action"])
    roll = next(m for m in REF.legal(table)["moves"] if m["action"]["type"] == "roll")
    listed = json.loads(json.dumps(roll))
    REF.apply(table, roll["actor"], dict(roll["action"]))
    assert roll == listed


def test_an_error_inside_a_move_leaves_the_table_as_it_was(monkeypatch):
    table = Toy.new({})
    before = table.state()

    def broken(self, actor, action):
        self.s["private"]["A"] = {"card": action["card"]}  # mutate first, then fail
        raise KeyError("a bug")

    monkeypatch.setattr(Toy, "give_card", broken)
    move = table.legal()["moves"][0]
    with pytest.raises(InternalError):
        table.apply(move["actor"], move["action"])
    assert table.state() == before and table.legal()["moves"][0] == move


def test_a_move_that_changes_nothing_is_an_engine_error_and_leaves_the_table(monkeypatch):
    """A deal that deals nothing would be chance's move for ever (the state, and so legal(), stays the same): the kit
    refuses it as an internal error instead of playing it,
    so a rule change that drops a set-up callback fails at once."""
    table = Toy.new({})
    before = table.state()
    monkeypatch.setattr(Toy, "give_card", lambda self, actor, action: self.emit("dealt", to=action["to"], private={}))
    move = table.legal()["moves"][0]
    with pytest.raises(InternalError, match="changed nothing in phase dealing"):
        table.apply(move["actor"], move["action"])
    assert table.state() == before and table.legal()["moves"][0] == move
    monkeypatch.undo()  # the deal as written: the same move changes the state, and is played
    assert table.apply(move["actor"], move["action"]) and table.state() != before


def test_new_and_close_cost_the_same_with_fifty_thousand_tables_open():
    impl = make()

    def cost() -> float:  # the best of several batches: a busy machine only ever adds time
        best = float("inf")
        for _ in range(5):
            start = time.perf_counter()
            for _ in range(200):
                impl.close(impl.new("toy", {}))
            best = min(best, time.perf_counter() - start)
        return best

    gc.collect()
    # the collector's walk over what lives already is the same before and after: only new() and close() differ
    gc.freeze()
    try:
        empty = cost()
        open_tables = [impl.new("toy", {}) for _ in range(50_000)]
        gc.freeze()  # nor does it walk the 50,000 tables: a busy machine made that walk 4x the cost (not the engine's)
        crowded = cost()
    finally:
        gc.unfreeze()
    # What this guards: no scan of the open tables (one would cost thousands of times more).  The bound is
    # 20x, not near 1x: at load 10 on 2 cores the best batch still measured 3.3x; the fine figure (goal
    # within 2x) is casebook bench's "new() as tables stay open", a benchmark, not this test.
    assert crowded < 20 * empty, f"new()+close() at 50,000 tables: {crowded / empty:.2f}x the cost at 0"
    for table in open_tables:
        impl.close(table)


def test_describe_gives_phases_transitions_clauses_and_the_board():
    for game in ("cluedo_drei", "feuerdiamant"):
        described = REF.describe(game)
        phases = {p["name"] for p in described["phases"]}
        assert described["initial"] in phases and all(
            t["source"] in phases and t["dest"] in phases for t in described["transitions"]
        )
        assert all(p["clauses"] for p in described["phases"]), "every phase cites its clauses"
        board = described["board"]
        names = {spot["name"] for spot in board["locations"]}
        assert all(p["a"] in names and p["b"] in names for p in board["paths"]) and json.dumps(described)
    assert (
        len(REF.describe("feuerdiamant")["board"]["paths"]) == 17
        and len(REF.describe("feuerdiamant")["board"]["locations"]) == 10
    )


def test_an_action_nested_deeper_than_python_follows_is_refused_as_bad_request():
    table = REF.new("cluedo_drei", {})
    before, deep = REF.state(table), []
    for _ in range(100_000):
        deep = [deep]
    with pytest.raises(BadRequest, match="nests deeper"):
        REF.apply(table, CHANCE, {"type": "roll", "dice": deep})
    assert REF.state(table) == before


def test_a_move_met_before_is_reused_by_what_it_is_made_of_types_included(monkeypatch):
    """The kit reuses a read-only move built at an earlier position (any table): 1, 1.0 and True are one key in Python
    and three moves in JSON, and so are [1, 2] and [1, 2.0]; a move whose fields are not plain data is built each time;
    the cache forgets all at once when full."""
    from statemachines.kit import moves

    met = {}
    first, again = (moves._entries("bet", [("A", {"amount": 1}, None)], met) for _ in range(2))
    assert first[0] is again[0]
    kinds = [moves._entries("bet", [("A", {"amount": v}, 0.5)], met)[0] for v in (1, 1.0, True)]
    assert [json.dumps(move["action"]["amount"]) for _, move in kinds] == ["1", "1.0", "true"]
    assert [key for key, _ in kinds] == [
        ("A", '{"amount":1,"type":"bet"}'),
        ("A", '{"amount":1.0,"type":"bet"}'),
        ("A", '{"amount":true,"type":"bet"}'),
    ]
    dice, same, floats = (
        moves._entries("roll", [("chance", {"dice": d}, 0.5)], met)[0] for d in ([1, 2], [1, 2], [1, 2.0])
    )
    assert dice is same and dice[1] == {"actor": "chance", "action": {"type": "roll", "dice": [1, 2]}, "p": 0.5}
    assert json.dumps(floats[1]["action"]["dice"]) == "[1, 2.0]" and len(met) == 6
    odd = [moves._entries("look", [("A", {"at": ReadOnlyDict(x=1)}, None)], met)[0] for _ in range(2)]
    assert odd[0] is not odd[1] and odd[0] == odd[1] and len(met) == 6
    monkeypatch.setattr(moves, "MET_KEPT", 5)
    for amount in range(2, 12):
        moves._entries("bet", [("A", {"amount": amount}, None)], met)
    assert 0 < len(met) <= 5
