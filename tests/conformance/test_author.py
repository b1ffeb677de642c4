"""The engine author's kit: a wrapped engine is its rules glue; the kit answers the protocol, and
``verify --list`` and the guide's decline tables say what a hello runs."""

from __future__ import annotations

import copy
import subprocess
import sys

import pytest

from casebook.adapter import Rules
from casebook.conformance import report as rep
from casebook.conformance.decline_costs import removed_by
from casebook.errors import BadRequest, IllegalAction, NotYourTurn, Unsupported
from casebook.impls import open_implementation
from casebook.protocol import Table
from tests.conformance.helpers import ROOT


class HazardOnly(Rules):
    """Moves the hazard indicator the roll names (any on a star), nothing else: the glue of a tiny engine."""

    name, version = "hazard-only", "0.1"
    games = {"feuerdiamant": {"declines": ["model-board"]}}

    def restore(self, game, state):
        return state

    def snapshot(self, g):
        return copy.deepcopy(g)

    def moves(self, g):
        if g["phase"] != "hazard":
            return []
        face = g["roll"]["hazard"]
        colours = sorted(g["tracks"]) if face == "star" else [face]
        return [{"actor": g["current"], "action": {"type": "move_hazard_indicator", "colour": c}} for c in colours]

    def play(self, g, actor, action):
        g["tracks"][action["colour"]]["indicator"] += 1
        g["phase"] = "movement"
        return [{"type": "hazard_indicator_moved", "colour": action["colour"]}]


@pytest.fixture(scope="module")
def hazard_state():
    """A position in the hazard step, played on the reference (the test's fixture, not the engine's knowledge)."""
    reference = open_implementation("reference")
    table = Table.new(reference, "feuerdiamant", {"players": ["Justus", "Peter"], "difficulty": 2})
    while table.state()["phase"] != "hazard":
        moves = table.legal()["moves"]
        table.apply(moves[0]["actor"], moves[0]["action"])
    return table.state()


def test_the_kit_answers_the_protocol_with_typed_errors(hazard_state):
    engine = HazardOnly()
    hello = engine.hello()
    assert (hello["name"], hello["games"]) == ("hazard-only", {"feuerdiamant": {"declines": ["model-board"]}})
    table = Table.load(engine, "feuerdiamant", hazard_state)
    legal = table.legal()
    assert legal["to_act"] == [hazard_state["current"]] and legal["moves"]
    other = next(p for p in hazard_state["players"] if p != hazard_state["current"])
    before = table.state()
    refusals = [
        (other, legal["moves"][0]["action"], NotYourTurn),
        (hazard_state["current"], {"type": "move_hazard_indicator", "colour": "purple"}, BadRequest),
        (hazard_state["current"], {"type": "end_turn"}, IllegalAction),
        (
            "chance",
            {"type": "roll", "hazard": "red", "movement": 2.0},
            BadRequest,
        ),  # the schema calls 2.0 an integer; the protocol does not
    ]
    for actor, action, error in refusals:
        with pytest.raises(error):
            table.apply(actor, action)
        assert table.state() == before, f"{error.__name__} changed the state"
    colour = legal["moves"][0]["action"]["colour"]
    table.apply(legal["moves"][0]["actor"], legal["moves"][0]["action"])
    assert table.state()["tracks"][colour]["indicator"] == before["tracks"][colour]["indicator"] + 1
    with pytest.raises(BadRequest):
        Table.load(engine, "feuerdiamant", {**hazard_state, "phase": "nowhere"})
    with pytest.raises(Unsupported):
        engine.new("cluedo_drei", {})


class HazardDeclinesTheHazard(HazardOnly):
    """The same glue, whose author declines the only type it lists at the hazard step (an engine without dice)."""

    declined_actions = {"feuerdiamant": {"move_hazard_indicator"}}


def test_a_position_where_every_listed_move_is_declined_is_unsupported_not_the_end(hazard_state):
    """Issue 45 item 4: the kit once answered such a position with an empty legal(), "the game is over", and every
    example that passed through it failed (a kit toy declining roll_dice: 36 Cluedo clauses failed, 29 heist ones);
    now legal() is unsupported (a part the engine declines) and a move there is refused as before the decline."""
    table = Table.load(HazardDeclinesTheHazard(), "feuerdiamant", hazard_state)
    with pytest.raises(Unsupported, match="move_hazard_indicator"):
        table.legal()
    current = hazard_state["current"]
    other = next(p for p in hazard_state["players"] if p != current)
    with pytest.raises(NotYourTurn):  # it is still somebody's turn: not "the game is over"
        table.apply(other, {"type": "move_hazard_indicator", "colour": "red"})
    with pytest.raises(Unsupported):
        table.apply(current, {"type": "move_hazard_indicator", "colour": "red"})
    with pytest.raises(IllegalAction, match="may not"):
        table.apply(current, {"type": "end_turn"})
    assert table.state() == hazard_state


def test_after_the_end_every_move_is_illegal_action(hazard_state):
    """CD-OBJ-01 and its kind: once nothing is listed (the game is over), a move is illegal_action for anyone,
    never not_your_turn."""
    table = Table.load(HazardOnly(), "feuerdiamant", hazard_state)
    move = table.legal()["moves"][0]
    table.apply(move["actor"], move["action"])
    assert table.legal() == {"to_act": [], "moves": []}
    over = table.state()
    for actor in hazard_state["players"]:
        with pytest.raises(IllegalAction, match="the game is over"):
            table.apply(actor, move["action"])
    assert table.state() == over


class HazardNoPass(HazardOnly):
    """The same glue, whose engine also offers end_turn: an action type its author declines."""

    declined_actions = {"feuerdiamant": {"end_turn"}}

    def moves(self, g):
        return super().moves(g) + (
            [{"actor": g["current"], "action": {"type": "end_turn"}}] if g["phase"] == "hazard" else []
        )

    def play(self, g, actor, action):
        assert action["type"] != "end_turn", "a declined action type never reaches play"
        return super().play(g, actor, action)


def test_a_declined_action_type_is_listed_nowhere_and_unsupported(hazard_state):
    table = Table.load(HazardNoPass(), "feuerdiamant", hazard_state)
    legal, before = table.legal(), table.state()
    assert legal["moves"] and all(m["action"]["type"] != "end_turn" for m in legal["moves"])
    with pytest.raises(Unsupported, match="end_turn"):
        table.apply(hazard_state["current"], {"type": "end_turn"})
    assert table.state() == before
    with pytest.raises(BadRequest):  # malformed stays bad_request, declined or not
        table.apply(hazard_state["current"], {"type": "end_turn", "no such field": 1})


def test_a_declined_action_type_costs_only_itself_game_over_and_turn_come_first(hazard_state):
    """Issue 44 item 5: CD-OBJ-01 and CD-TRN-03 probe with a move; an engine that declines that move's type still
    answers "the game is over" and "not your turn" as every engine does, so it keeps those clauses."""
    table = Table.load(HazardNoPass(), "feuerdiamant", hazard_state)
    other = next(p for p in hazard_state["players"] if p != hazard_state["current"])
    with pytest.raises(NotYourTurn):
        table.apply(other, {"type": "end_turn"})
    move = table.legal()["moves"][0]
    table.apply(move["actor"], move["action"])
    assert table.legal()["moves"] == []  # the hazard ended the game
    with pytest.raises(IllegalAction, match="the game is over"):
        table.apply(hazard_state["current"], {"type": "end_turn"})


def test_verify_list_says_what_a_hello_runs_without_running_it():
    spec = "python:tests.conformance.test_author:HazardOnly"
    run = subprocess.run(
        [sys.executable, "-m", "casebook.cli", "verify", "--impl", spec, "--game", "feuerdiamant", "--list"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    planned = rep.plan(HazardOnly().hello(), rep.catalog(ROOT / "features", ["feuerdiamant"]))
    unsupported = sorted(c for c, v in planned.items() if v["status"] == "unsupported")
    assert unsupported and all(c in run.stdout for c in unsupported)
    assert "declines @model-board" in run.stdout
    assert f"{len(unsupported)} unsupported" in " ".join(run.stdout.split())


def test_a_decline_removes_the_clauses_tagged_with_it():
    clauses = rep.catalog(ROOT / "features", ["cluedo_drei"])
    removed = {r["clause"] for r in removed_by(clauses)["cluedo_drei"]["variant-duel"]}
    assert removed == {c for c, i in clauses.items() if any("variant-duel" in e["tags"] for e in i["examples"])}
    assert all(r["on_subject"] for r in removed_by(clauses)["cluedo_drei"]["variant-duel"])
