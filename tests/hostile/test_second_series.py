"""Hostile input, second series (issue 27): one test per case, each failing before its fix.

F1 the suite's edition covers every file pytest reads; F2 the reference is always Casebook's own; F3-F5 load()
refuses states random play could not finish; F6 player names that are protocol keys; F8 entry points that fail
are one line; F9 the terminal never gets C1 or bidirectional controls; F10 state() shares nothing.
(F7, the size of a described board, is the site's: tests/hostile/ has its own file for it.)
"""

from __future__ import annotations

import random
import shutil
import sys
import textwrap
from pathlib import Path

import pytest

from casebook.cli import main
from casebook.conformance import suite
from casebook.errors import GameError
from casebook.impls import SpecError, open_implementation
from casebook.names import printable
from casebook.protocol import Table
from statemachines.reference import ReferenceImplementation

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def reference():
    return open_implementation("reference")


def refused(call) -> str:
    with pytest.raises(GameError) as caught:
        call()
    assert caught.value.code == "bad_request", caught.value
    return caught.value.message


def play_until(reference, game: str, options: dict, until, seed: int = 1, moves: int = 3000) -> Table:
    """A table of ``game`` played at random (seeded) until ``until(state)`` holds."""
    rng, table = random.Random(seed), Table.new(reference, game, options)
    for _ in range(moves):
        if until(table.state()):
            return table
        move = rng.choice(table.legal()["moves"])
        table.apply(move["actor"], move["action"])
    pytest.fail(f"no such {game} position in {moves} random moves")


# -- F1 ---------------------------------------------------------------------------------------------
def test_f1_a_root_conftest_that_changes_the_judge_makes_the_suite_read_as_edited(tmp_path):
    copy = tmp_path / "suite"
    for name in ("features", "step_defs"):
        shutil.copytree(ROOT / name, copy / name, ignore=shutil.ignore_patterns("__pycache__"))
    for game in suite.games(ROOT):
        if (ROOT / "tests" / game).is_dir():
            shutil.copytree(ROOT / "tests" / game, copy / "tests" / game, ignore=shutil.ignore_patterns("__pycache__"))
    for path in suite.harness_files(ROOT):  # pyproject.toml, the conftests, tests/'s helper modules (tests/games.py)
        (copy / path.relative_to(ROOT)).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(path, copy / path.relative_to(ROOT))
    assert suite.edition(copy, "1")["edited"] is False  # a faithful copy is the shipped edition
    (copy / "conftest.py").write_text('import os\nos.environ["CASEBOOK_VERIFY_IMPL"] = "reference"\n')
    edition = suite.edition(copy, "1")
    assert edition["edited"] is True and edition["edited_parts"] == ["steps"]
    assert "EDITED SUITE" in suite.headline(edition)


# -- F2 and F8: entry points ------------------------------------------------------------------------------
def distribution(folder: Path, name: str, entry: str, module: str) -> None:
    """An installed distribution ``name`` registering ``entry`` in casebook.implementations, with ``module``'s code."""
    info = folder / f"{name}-1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(f"[casebook.implementations]\n{entry}\n")
    (folder / f"{name.replace('-', '_')}.py").write_text(textwrap.dedent(module))


def test_f2_an_entry_point_taking_the_reference_name_is_refused_by_name(tmp_path, monkeypatch, capsys):
    distribution(tmp_path, "impostor", "reference = impostor:make", "def make():\n    return object()\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(SpecError, match="impostor 1.0 registers it"):
        open_implementation("reference")
    assert main(["hello", "--impl", "reference"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "impostor" in err and "Traceback" not in err


@pytest.mark.parametrize(
    "module, says",
    [
        (
            "raise ImportError('a dependency is missing')\n",
            "cannot load entry point 'broken' (broken_engine:make, from the distribution broken-engine 1.0): "
            "ImportError",
        ),
        (None, "ModuleNotFoundError: No module named 'broken_engine'"),
        (
            "def make():\n    raise RuntimeError('no licence file')\n",
            "failed to make an implementation: RuntimeError: no licence file",
        ),
        (
            "def make():\n    return {'hello': 'world'}\n",
            "made a dict, which is no implementation: it lacks hello, new",
        ),
    ],
)
def test_f8_an_entry_point_engine_that_fails_is_one_line(tmp_path, monkeypatch, capsys, module, says):
    distribution(tmp_path, "broken-engine", "broken = broken_engine:make", module or "")
    if module is None:
        (tmp_path / "broken_engine.py").unlink()
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "broken_engine", raising=False)  # each case imports its own module
    assert main(["hello", "--impl", "broken"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("casebook: ") and err.count("\n") == 1 and says in err, err


# -- F3, F4, F5: states random play could not finish ------------------------------------------------------
def test_f3_heist_refuses_a_path_shown_backwards(reference):
    table = play_until(reference, "heist", {}, lambda s: s["phase"] == "moving" and len(s["turn"]["path"]) >= 2, seed=3)
    state = table.state()
    reference.load("heist", state)  # the position as played loads
    state["turn"]["path"].reverse()
    assert "turn.path" in refused(lambda: reference.load("heist", state))


def test_f4_cluedo_refuses_a_roll_off_with_nobody_waiting_while_setting_aside(reference):
    table = play_until(
        reference,
        "cluedo_drei",
        {"players": ["Justus Jonas", "Peter Shaw"], "variant": "duel"},
        lambda s: s["phase"] == "setting_aside",
    )
    state = table.state()
    reference.load("cluedo_drei", state)
    state["start_waiting"] = []
    assert "everybody waits to roll" in refused(lambda: reference.load("cluedo_drei", state))


def test_f5_heist_refuses_a_bot_whose_notes_contradict_the_cards(reference):
    options = {"players": ["Anna", "Bernat", "Pip"], "bots": {"Pip": "easy"}, "variant": "private"}
    state = play_until(reference, "heist", options, lambda s: s["phase"] == "starting_turn").state()
    reference.load("heist", state)
    notes, hand = state["private"]["Pip"]["notes"], state["private"]["Pip"]["hand"]
    hidden = state["secret"]["hideout"]["gang"]
    for wrong in ({"seen": "in hand"}, {"seen": "shown", "by": "Anna"}):  # the hidden gang member, ruled out
        edited = dict(
            state,
            private={
                **state["private"],
                "Pip": {**state["private"]["Pip"], "notes": {**notes, "who": {**notes["who"], hidden: wrong}}},
            },
        )
        assert "notes" in refused(lambda: reference.load("heist", edited))
    own = next(c for c in hand if c in notes["who"])  # the assistant forgetting the bot's own card
    edited = dict(
        state,
        private={
            **state["private"],
            "Pip": {**state["private"]["Pip"], "notes": {**notes, "who": {**notes["who"], own: None}}},
        },
    )
    assert "does not note" in refused(lambda: reference.load("heist", edited))


# -- F6 -------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("game", ["heist", "feuerdiamant"])
@pytest.mark.parametrize("name", ["private", "secret"])
def test_f6_a_player_may_not_be_named_after_a_protocol_key(reference, game, name):
    assert "cannot name a player" in refused(lambda: reference.new(game, {"players": [name, "Bob"]}))
    state = Table.new(reference, game, {"players": ["Alice", "Bob"]}).state()
    renamed = {k: v for k, v in state.items() if k not in ("options", "players")}
    renamed.update(options={**state["options"], "players": [name, "Bob"]}, players=[name, "Bob"])
    refused(lambda: reference.load(game, renamed))


# -- F9 ---------------------------------------------------------------------------------------------------
class Defacing(ReferenceImplementation):
    """The reference, but its described title carries a C1 CSI and a right-to-left override."""

    def describe(self, game):
        return {**super().describe(game), "title": "P.I.\x9b31m \u202eevil\u202c"}


def make_defacing():
    return Defacing()


def test_f9_describe_and_the_edition_line_lose_c1_and_bidirectional_controls(capsys):
    from casebook.names import terminal_json

    assert main(["describe", "--impl", f"python:{__name__}:make_defacing", "--game", "pi"]) == 0
    out = capsys.readouterr().out
    assert "\x9b" not in out and "\u202e" not in out and "\\u202e" in out and "\\u009b" in out
    assert printable("engine \u202eeman\u2066 \x85x") == "engine eman x"  # what verify's header and report go through
    assert terminal_json({"name": "Jachthafen \u00fc\u202e"}) == '{\n  "name": "Jachthafen \u00fc\\u202e"\n}'


# -- F10 --------------------------------------------------------------------------------------------------
def shared(value, seen: dict, path: str = "$") -> list[str]:
    """Paths where a list or object already met elsewhere in ``value`` appears again."""
    if not isinstance(value, (dict, list)):
        return []
    if id(value) in seen:
        return [f"{seen[id(value)]} is {path}"]
    seen[id(value)] = path
    items = value.items() if isinstance(value, dict) else enumerate(value)
    return [p for k, v in items for p in shared(v, seen, f"{path}.{k}")]


@pytest.mark.parametrize("game", ["small_detectives", "heist", "cluedo_drei", "feuerdiamant", "pi"])
def test_f10_a_state_shares_nothing_within_itself(reference, game):
    rng, found = random.Random(f"aliasing {game}"), []
    moves = (
        40 if game == "pi" else 400
    )  # P.I.'s legal() lists thousands of accusations: a few rounds of questions suffice
    for _ in range(3):
        table = Table.new(reference, game, {})
        for _ in range(moves):
            found += shared(table.state(), {})
            legal = table.legal()
            if not legal["moves"] or found:
                break
            move = rng.choice(legal["moves"])
            table.apply(move["actor"], move["action"])
    assert not found, found[:3]
