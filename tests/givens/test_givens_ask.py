"""Givens ask before they move (issue 25 item 2).

A Given that needs a chance move (the case file, the deal, the rolls for who starts) plays only a move the engine
lists; where it lists none that fits, the scenario is ``unsupported: the engine has no <move> here``, never failed.
An engine on the kit with no roll for who starts (no_start_roll.py) loses exactly the clauses of that roll.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from casebook.impls import open_implementation
from casebook.protocol import CHANCE, Table
from casebook.verdicts import UNSUPPORTED
from step_defs.position import chance_move, roll_for_start

ROOT = Path(__file__).resolve().parents[2]
TOY = "python:tests.givens.no_start_roll:make"
GAMES = ("cluedo_drei", "heist")


def roll_off_clauses(game: str) -> set[str]:
    """The clauses the reference cites for its roll for who starts (describe(): the phase's clauses)."""
    phases = open_implementation("reference").describe(game)["phases"]
    return {c for p in phases if p["name"] == "rolling_for_start" for c in p["clauses"]}


@pytest.mark.slow
def test_an_engine_with_no_start_roll_loses_only_the_clauses_of_that_roll(tmp_path):
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "casebook.cli",
            "verify",
            "--impl",
            TOY,
            *(a for g in GAMES for a in ("--game", g)),
            "--no-properties",
            "--out",
            str(tmp_path),
            "--name",
            "no-start-roll",
            "--no-progress",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=900,
    )
    report = json.loads((tmp_path / "conformance" / "no-start-roll.json").read_text())
    lost = {c for c, v in report["clauses"].items() if v["status"] != "passed"}
    expected = set().union(*(roll_off_clauses(g) for g in GAMES))
    assert expected and lost == expected, (sorted(lost - expected), sorted(expected - lost), run.stdout[-2000:])
    assert {report["clauses"][c]["status"] for c in lost} <= {"failed", "unsupported"}
    assert sum(v["status"] == "passed" for v in report["clauses"].values()) > 150  # the rest was judged, not skipped


def test_an_engine_with_no_start_roll_is_dealt_without_one():
    table = Table.new(
        open_implementation(TOY), "cluedo_drei", {"players": ["Justus Jonas", "Peter Shaw"], "variant": "classic"}
    )
    while table.legal()["to_act"] == [CHANCE]:
        table.apply(CHANCE, table.legal()["moves"][0]["action"])
    roll_for_start(table, [6, 6], [5, 6])  # a player is to act: nothing to roll
    assert table.legal()["to_act"] == ["Justus Jonas"] and table.state()["phase"] == "starting_turn"


def test_a_chance_move_the_engine_does_not_list_makes_the_scenario_unsupported():
    table = Table.new(
        open_implementation("reference"),
        "cluedo_drei",
        {"players": ["Justus Jonas", "Peter Shaw"], "variant": "classic"},
    )
    before = table.state()
    with pytest.raises(pytest.skip.Exception) as skipped:
        chance_move(table, {"type": "roll", "dice": [6, 6]})  # the case file is filled first: no roll is listed
    assert str(skipped.value).startswith(UNSUPPORTED + "the engine has no roll") and table.state() == before
    chance_move(table, {"type": "fill_case_file", "suspect": "Mr. Grey", "item": "painting", "location": "Strand"})
    assert table.state()["phase"] != before["phase"]
