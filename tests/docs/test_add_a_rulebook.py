"""The guide "Add a rulebook" (docs/add-a-rulebook.md) matches the code it teaches: its files exist (P.I.'s for
``<game>``), its commands parse, its kit hooks are the kit's, and the step helpers it names are where it says."""

from __future__ import annotations

import importlib
import re
import shlex
from pathlib import Path

import pytest

from casebook import scaffold
from casebook.cli import build_parser
from statemachines.kit import Game, QuestionRound, RollOff

ROOT = Path(__file__).resolve().parents[2]
GUIDE = (ROOT / "docs" / "add-a-rulebook.md").read_text(encoding="utf-8")


def test_every_file_the_guide_names_exists_for_pi():
    named = {m for m in re.findall(r"`([\w<>./-]+/[\w<>.-]*)`", GUIDE) if not m.startswith(("../", "shared/"))}
    assert len(named) > 10
    scaffolded = {
        f"features/<game>/{scaffold.FEATURE}",
        "features/<game>/01-<section>.feature",
    }  # a new game's, not P.I.'s
    missing = [
        p for p in named - scaffolded if not (ROOT / p.replace("<game>", "pi").replace("<file>", "pi.fr")).exists()
    ]
    assert not missing, missing


def test_every_casebook_command_in_the_guide_parses():
    lines = [
        line.split("#")[0].strip()
        for block in re.findall(r"```sh\n(.*?)```", GUIDE, re.S)
        for line in block.splitlines()
    ]
    commands = [
        shlex.split(line.replace("<game>", "pi").replace("<file>", "pi.fr"))[1:]
        for line in lines
        if line.startswith("casebook ")
    ]
    assert {c[0] for c in commands} >= {"new-game", "regenerate", "docs"}
    for argv in commands + [["regenerate", "--check"]]:
        build_parser().parse_args(argv)  # argparse exits (SystemExit) on an unknown command or flag


def test_the_hooks_the_guide_lists_are_the_kits():
    table = GUIDE.split("### The kit's hooks")[1].split("\n\n")[2]
    hooks = re.findall(r"^\| `(\w+)", table, re.M) + re.findall(r"^\| `\w+`, `(\w+)`", table, re.M)
    assert {"normalise_options", "engine_plays", "public_log", "unlogged", "roll_pips"} <= set(hooks)
    kit = (Game, QuestionRound, RollOff)  # the game and the mixins a game opts into
    assert all(any(hasattr(k, h) for k in kit) for h in hooks), hooks
    helpers = ["first_holder", "others_from_the_left", "decides_start", "start_roll", "start_ties", "start_winner"]
    assert all(f"`{h}" in GUIDE and any(hasattr(k, h) for k in kit) for h in helpers)


@pytest.mark.parametrize(
    "module, names",
    [
        (
            "step_defs.hidden_information",
            ["hidden", "knowers", "only_told", "own_slots_only", "everybody_sees", "shown_in_public", "told_in_public"],
        ),
        ("step_defs.components", ["Components", "lying_at"]),
        ("step_defs.phrases", ["Fact", "Types"]),
        ("step_defs.vocabulary", ["install", "starts", "played", "requests", "ways", "shared"]),
        ("step_defs.question_round", ["dealers", "actions", "chance", "facts"]),
    ],
)
def test_the_step_helpers_the_guide_names_are_where_it_says(module, names):
    assert f"step_defs/{module.split('.')[1]}.py" in GUIDE
    found = importlib.import_module(module)
    for name in names:
        assert f"`{name}" in GUIDE or f"{name}(" in GUIDE, name
        assert hasattr(found, name) or hasattr(getattr(found, "Components", None), name), f"{module}.{name}"
    assert hasattr(importlib.import_module("step_defs.components").Components, "lying_at")
    assert hasattr(importlib.import_module("step_defs.position").Seen, "as_likely")
