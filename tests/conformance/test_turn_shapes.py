"""Turn shapes (issue 45 item 2): the kit maps the usual shapes of an engine's turn onto the game's phases, as
declared options (casebook/turn_shapes.py), in Python and over the wire; what each shape costs is measured.

The toys (tests/conformance/shaped_toys.py) are the reference's rules with their turn reshaped: open until pass,
accuse at any time, no dice, single-action turn.  The fast tests show each mapping at work on one position and show
where it cannot help; the slow one runs ``casebook verify`` on every toy, its shape declared and not, and checks the
clauses that fail against ``casebook/conformance/turn_shape_costs.json``, the figures the wrap-an-engine guide gives.
"""

from __future__ import annotations

import json
import random
import sys

import pytest

from casebook.errors import GameError
from casebook.impls import open_implementation, opened
from casebook.turn_shapes import BadTurnShape, dice_types, shape_problems
from tests.conformance.deviant_toys import ENV
from tests.conformance.helpers import ROOT, verified
from tests.conformance.shaped_toys import Shaped

PLAYERS = {"players": ["Justus Jonas", "Peter Shaw", "Bob Andrews"]}
COSTS = ROOT / "casebook" / "conformance" / "turn_shape_costs.json"
GUIDE = ROOT / "casebook" / "conformance" / "wrap-an-engine.md"


def types(engine, table) -> set[str]:
    return {m["action"]["type"] for m in engine.legal(table)["moves"]}


def play_until(engine, table, phase: str, limit: int = 400) -> None:
    """Plays seeded random moves, never an accusation, until the state's phase is ``phase``."""
    rng = random.Random(0)
    for _ in range(limit):
        if engine.state(table)["phase"] == phase:
            return
        moves = [m for m in engine.legal(table)["moves"] if m["action"]["type"] != "accuse"]
        move = rng.choice(moves)
        engine.apply(table, move["actor"], move["action"])
    raise AssertionError(f"never reached {phase}")


def first_turn(toy: str):
    engine = Shaped(toy)
    table = engine.new("cluedo_drei", PLAYERS)
    play_until(engine, table, "starting_turn")
    return engine, table


def test_open_until_pass_the_kit_passes_where_the_pass_is_alone_and_leaves_it_where_it_is_a_choice():
    for toy, passes in (("open_until_pass", True), ("open_until_pass:unmapped", False)):
        engine, table = first_turn(toy)
        play_until(engine, table, "answering" if passes else "accusing")
        player = engine.state(table)["current"]
        if passes:  # the answer is the turn's last move: the kit plays the engine's pass with it
            move = engine.legal(table)["moves"][0]
            events = engine.apply(table, move["actor"], move["action"])
            assert engine.state(table)["current"] != player and "end_turn" not in types(engine, table)
            assert [e["type"] for e in events][-1] == "turn"
        else:  # without the shape declared, the open turn shows: a lone end_turn the game's phases never list
            assert types(engine, table) == {"end_turn"} and engine.state(table)["current"] == player


def test_any_time_lists_an_accusation_only_where_the_phase_takes_one_and_refuses_it_elsewhere():
    engine, table = first_turn("accuse_any_time")
    unmapped, other = first_turn("accuse_any_time:unmapped")
    assert "accuse" in types(unmapped, other) and "accuse" not in types(engine, table)
    accusation = next(m for m in unmapped.legal(other)["moves"] if m["action"]["type"] == "accuse")
    before = engine.state(table)
    with pytest.raises(GameError) as refused:
        engine.apply(table, accusation["actor"], accusation["action"])
    assert refused.value.code == "illegal_action" and engine.state(table) == before


def test_no_dice_declines_the_games_dice_so_a_roll_is_unsupported_and_the_move_comes_first():
    assert dice_types("cluedo_drei") == {"roll", "roll_dice"} and dice_types("heist") == {"roll", "roll_dice"}
    engine = Shaped("no_dice")
    table = engine.new("cluedo_drei", PLAYERS)
    play_until(engine, table, "starting_turn")
    player = engine.state(table)["current"]
    assert "move" in types(engine, table) and not types(engine, table) & {"roll", "roll_dice"}
    with pytest.raises(GameError) as refused:
        engine.apply(table, player, {"type": "roll_dice"})
    assert refused.value.code == "unsupported"


def test_the_no_dice_shapes_dice_are_declared_once_for_the_kit_hello_and_fuzz():
    """The dice a ``no_dice`` shape declines are hello's ``declined_actions`` (as kit_bridge.schema.json has it), so
    fuzz's decline (``declined_in``, read from hello) leaves them out in every phase, as the kit refuses them: before,
    only the kit knew them, and fuzz compared and chose a roll the engine never plays."""
    from casebook.conformance.differential import declined_in

    engine, reference = Shaped("no_dice"), open_implementation("reference")
    assert engine.hello()["declined_actions"] == {"cluedo_drei": ["roll", "roll_dice"]}
    assert "declined_actions" not in Shaped("no_dice:unmapped").hello()
    declined = declined_in(reference, "cluedo_drei", engine.hello())
    roll = {"actor": "Peter Shaw", "action": {"type": "roll_dice"}}
    assert declined.types == {"roll", "roll_dice"} and declined.move("starting_turn", roll)
    assert not declined_in(reference, "cluedo_drei", Shaped("no_dice:unmapped").hello()).move("starting_turn", roll)


def test_a_single_action_turn_is_offered_one_phase_at_a_time_and_sent_whole():
    engine, table = first_turn("single_action")
    play_until(engine, table, "moving")
    player, start = engine.state(table)["current"], engine.state(table)
    into = [m for m in engine.legal(table)["moves"] if m["action"]["type"] == "move"]
    assert into and all(m["action"].keys() == {"type", "to"} for m in into)  # the turn's first choice, not the turn
    entered = None
    for move in into:  # a move into a clue location: the question comes next, in the same turn
        probe = Shaped("single_action")
        other = probe.load("cluedo_drei", start)
        if probe.apply(other, player, move["action"]) == [] and types(probe, other) == {"question"}:
            entered = move
            break
    assert entered is not None
    assert engine.apply(table, player, entered["action"]) == []  # held: the engine has not played it yet
    assert engine.state(table) == start and types(engine, table) == {"question"}
    question = engine.legal(table)["moves"][0]
    events = engine.apply(table, player, question["action"])
    assert {"entered", "questioned"} <= {e["type"] for e in events}
    assert engine.state(table)["positions"][player] == entered["action"]["to"]


@pytest.mark.parametrize(
    "shape, problem",
    [
        ({"pass": "pass"}, "pass: 'pass' is no cluedo_drei action"),
        ({"any_time": "accuse"}, "any_time: a list of action types is wanted"),
        ({"open": True}, "'open' is no turn shape"),
        ({"no_dice": "yes"}, "no_dice: true or false"),
    ],
)
def test_a_shape_the_kit_cannot_map_refuses_the_game_at_start_saying_why(shape, problem):
    assert any(p.startswith(problem) for p in shape_problems("cluedo_drei", shape))
    engine = Shaped("open_until_pass")
    engine.turn_shapes = {"cluedo_drei": shape}
    with pytest.raises(BadTurnShape) as refused:
        engine.new("cluedo_drei", PLAYERS)
    assert refused.value.code == "unsupported" and problem in refused.value.message
    assert shape_problems("pi", {"no_dice": True}) == ["no_dice: pi has no dice to do without"]


def test_over_the_wire_hello_declares_the_shape_and_the_kit_maps_it():
    with opened(f"kit:{sys.executable} -m tests.conformance.shaped_toys open_until_pass") as impl:
        assert impl.hello()["name"] == "kit-toy-open_until_pass"
        local = Shaped("open_until_pass")
        start = local.state(local.new("cluedo_drei", PLAYERS))
        table = impl.load("cluedo_drei", start)
        play_until(impl, table, "answering")
        player = impl.state(table)["current"]
        move = impl.legal(table)["moves"][0]
        impl.apply(table, move["actor"], move["action"])
        assert impl.state(table)["current"] != player and "end_turn" not in types(impl, table)


# -- what each shape costs, measured ------------------------------------------------------------------------------
RUNS = [
    ("open_until_pass", "cluedo_drei"),
    ("accuse_any_time", "cluedo_drei"),
    ("accuse_any_time", "heist"),
    ("no_dice", "cluedo_drei"),
    ("single_action", "cluedo_drei"),
]


def measured(toy: str, game: str, out) -> dict:
    report, _ = verified(
        "python:tests.conformance.shaped_toys:make",
        game,
        out,
        "--no-properties",
        "--no-progress",
        "-n",
        "0",
        env={ENV: toy, "PYTHONPATH": str(ROOT)},
    )
    statuses = {cid: c["status"] for cid, c in report["clauses"].items() if c["game"] == game}
    return {
        "failed": sorted(r["clause"] for r in report["roots"]),
        "unsupported": sorted(c for c, s in statuses.items() if s in ("unsupported", "partial")),
        "passed": sum(s == "passed" for s in statuses.values()),
    }


@pytest.mark.slow
@pytest.mark.parametrize(("shape", "game"), RUNS)
def test_what_each_shape_costs_is_what_the_guide_says(shape, game, tmp_path):
    recorded = json.loads(COSTS.read_text(encoding="utf-8"))[shape][game]
    mapped, unmapped = measured(shape, game, tmp_path / "mapped"), measured(f"{shape}:unmapped", game, tmp_path / "no")
    assert {"mapped": mapped, "unmapped": unmapped} == recorded, json.dumps({"mapped": mapped, "unmapped": unmapped})


def test_the_guide_gives_the_measured_costs():
    costs = json.loads(COSTS.read_text(encoding="utf-8"))
    guide = GUIDE.read_text(encoding="utf-8")
    for shape, games in costs.items():
        for game, runs in games.items():
            row = next(line for line in guide.splitlines() if line.startswith(f"| `{shape}` | {game} |"))
            assert (
                f"{len(runs['mapped']['failed'])} failed" in row and f"{len(runs['unmapped']['failed'])} failed" in row
            )
            assert all(c in row for c in runs["mapped"]["failed"]), row
