"""The mutants generated from the kit's tables, and how patch.py applies them (pure functions, no engine run)."""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest

from casebook.mutation import patch
from casebook.mutation.runner import EQUIVALENTS, read_equivalents, sample
from casebook.mutation.tables import OPERATORS, from_counts, from_rows, game_module, generate, row_keys
from tests import games as what_games_have

ROOT = Path(__file__).resolve().parents[2]
GAMES = what_games_have.games()
ROWS = [
    {
        "trigger": "ask",
        "source": "turn",
        "dest": "answer",
        "conditions": "someone_holds",
        "before": "note",
        "clauses": ["XX-QUE-01"],
    },
    {
        "trigger": "ask",
        "source": ["turn", "late"],
        "dest": "turn",
        "unless": "is_last",
        "after": ["pass_turn", "log"],
        "clauses": ["XX-QUE-02"],
    },
    {"trigger": "roll", "source": "dice", "dest": "turn", "clauses": ["XX-DIE-01"]},
    {"trigger": "auto", "source": "turn", "dest": "over", "conditions": ["all_out", "late_enough"]},
]
STATES = [
    {"name": "turn", "actor": "player"},
    {"name": "late", "actor": "player"},
    {"name": "dice", "actor": "chance"},
    {"name": "answer", "actor": "player"},
    {"name": "over", "final": True},
]


def by_id(mutants):
    return {m.id: m for m in mutants}


def test_rows_give_each_operator_with_the_row_clauses():
    made = by_id(from_rows("xx", ROWS, STATES))
    assert made["xx:drop-condition:ask:turn>answer:someone_holds"].clauses == ("XX-QUE-01",)
    assert (
        made["xx:negate-condition:ask:turn|late>turn:is_last"].change
        == "“ask” from turn or late to turn needs “is last” instead of “not is last”"
    )
    assert {i for i in made if ":drop-callback:" in i} == {
        "xx:drop-callback:ask:turn>answer:note",
        "xx:drop-callback:ask:turn|late>turn:pass_turn",
        "xx:drop-callback:ask:turn|late>turn:log",
    }
    swap = made["xx:swap-rows:ask:turn>answer:ask:turn|late>turn"]
    assert swap.clauses == ("XX-QUE-01", "XX-QUE-02") and swap.recipe["rows"] == [0, 1]
    assert (
        made["xx:drop-condition:auto:turn>over:late_enough"].change
        == "the automatic step from turn to over no longer needs “late enough”"
    )
    assert made["xx:offer-next:ask"].clauses == ("XX-QUE-01", "XX-QUE-02")
    assert "xx:offer-next:roll" not in made  # chance's move: no seat to hand it to


def test_patch_drops_negates_and_swaps_rows_in_place():
    def edited(mutant_id):
        rows = [dict(r) for r in ROWS]
        patch.edit_rows(rows, by_id(from_rows("xx", ROWS, STATES))[mutant_id].recipe)
        return rows

    assert edited("xx:drop-condition:auto:turn>over:all_out")[3]["conditions"] == ["late_enough"]
    negated = edited("xx:negate-condition:ask:turn>answer:someone_holds")[0]
    assert negated["conditions"] == [] and negated["unless"] == ["someone_holds"]
    assert edited("xx:drop-callback:ask:turn|late>turn:pass_turn")[1]["after"] == ["log"]
    assert [r["dest"] for r in edited("xx:swap-rows:ask:turn>answer:ask:turn|late>turn")[:2]] == ["turn", "answer"]
    with pytest.raises(
        patch.MutantError
    ):  # a table that changed since the mutant was made: said, never applied elsewhere
        patch.edit_rows(
            [dict(r) for r in ROWS[1:]],
            by_id(from_rows("xx", ROWS, STATES))["xx:drop-callback:ask:turn>answer:note"].recipe,
        )


def test_counts_come_from_rules_with_the_clause_of_their_comment(tmp_path):
    rules = tmp_path / "rules.py"
    rules.write_text(
        "# -- the table (XX-SET-01) --\nPLAYERS = 2\nLOW, HIGH = 2, 5  # XX-SET-02\n"
        'DECK = {"taxi": 6, "tip": 4}  # XX-CMP-08\nFACES = (1, 2, 3)\nNAME = "x"\n'
    )
    made = by_id(from_counts("xx", "xx.rules", rules))
    assert set(made) == {
        f"xx:count:{n}{s}1" for n in ("PLAYERS", "LOW", "HIGH", "DECK['taxi']", "DECK['tip']") for s in "+-"
    }
    assert made["xx:count:PLAYERS+1"].clauses == ("XX-SET-01",) and made["xx:count:HIGH-1"].clauses == ("XX-SET-02",)
    assert made["xx:count:DECK['taxi']-1"].change == "DECK['taxi'] is 5 instead of 6"
    source = rules.read_text()
    assert 'DECK = {"taxi": 7, "tip": 4}' in patch.edit_source(source, made["xx:count:DECK['taxi']+1"].recipe)
    assert "LOW, HIGH = 2, 4" in patch.edit_source(source, made["xx:count:HIGH-1"].recipe)


def test_a_hand_written_text_must_occur_once():
    recipe = {"kind": "text", "module": "m", "old": "x = 1", "new": "x = 2"}
    assert patch.edit_source("x = 1\n", recipe) == "x = 2\n"
    with pytest.raises(patch.MutantError):
        patch.edit_source("x = 1\nx = 1\n", recipe)


def possible_operators(game: str) -> set[str]:
    """The operators a game's tables give something to change (all six for the five first games; Bulls and Cows has
    no two rows of one trigger from one phase, so no swap), read from its machine.py as the site's reader sees it."""
    machine = importlib.import_module(f"statemachines.{game}.machine")
    rows = machine.TRANSITIONS
    acting = {s["name"] for s in machine.STATES if s.get("actor") in ("player", "players")}
    shapes = {
        "drop-condition": any(r.get("conditions") or r.get("unless") for r in rows),
        "drop-callback": any(r.get("before") or r.get("after") for r in rows),
        "swap-rows": any(
            a["trigger"] == b["trigger"] and {*_listed(a["source"])} & {*_listed(b["source"])}
            for i, a in enumerate(rows)
            for b in rows[i + 1 :]
        ),
        "offer-next": any(r["trigger"] != "auto" and acting & {*_listed(r["source"])} for r in rows),
        "count": True,  # every rules.py counts something
    }
    possible = {op for op, present in shapes.items() if present}
    return possible | ({"negate-condition"} if "drop-condition" in possible else set())


def _listed(value) -> list:
    return value if isinstance(value, list) else [value]


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_mutants_of_its_rows_with_clauses(game):
    mutants = generate(game, ROOT)
    assert len({m.id for m in mutants}) == len(mutants)
    operators = {m.operator for m in mutants}
    assert possible_operators(game) <= operators, operators
    assert all(m.clauses for m in mutants if m.operator != "count"), [m.id for m in mutants if not m.clauses]
    assert all(m.change and m.operator in OPERATORS for m in mutants)


@pytest.mark.parametrize("game", GAMES)
def test_every_mutant_marked_equivalent_exists_with_a_reason(game):
    marked = read_equivalents(game)  # raises on a mark without a reason
    assert not set(marked) - {m.id for m in generate(game, ROOT)}, (
        f"statemachines/{game}/{EQUIVALENTS} names mutants that are gone"
    )


def test_the_sample_is_the_same_every_time_and_spans_the_operators():
    mutants = generate("cluedo_drei", ROOT)
    first, again = sample(mutants, 8), sample(list(reversed(mutants)), 8)
    assert [m.id for m in first] == [m.id for m in again] and len(first) == 8
    assert len({m.operator for m in first}) >= 6


def test_row_keys_are_unique():
    for game in GAMES:
        keys = row_keys(game_module(game, "machine").TRANSITIONS)
        assert len(set(keys)) == len(keys), game


def test_a_hand_written_text_is_anchored_on_the_definition_that_holds_it():
    source = "X = 1\n\n\nclass G:\n    def a(self):\n        x = 1\n\n    def b(self):\n        x = 1\n        y = 2\n"
    recipe = {"kind": "text", "module": "m", "within": "G.b", "old": "x = 1", "new": "x = 3"}
    assert patch.edit_source(source, recipe).endswith("def b(self):\n        x = 3\n        y = 2\n")
    assert "def a(self):\n        x = 1\n" in patch.edit_source(source, recipe), "the same text elsewhere is kept"
    with pytest.raises(patch.MutantError, match="occurs 0 times"):
        patch.edit_source(source, {**recipe, "within": "X"})
    with pytest.raises(patch.MutantError, match="0 definitions named 'G.c'"):
        patch.edit_source(source, {**recipe, "within": "G.c"})


@pytest.mark.parametrize("game", GAMES)
def test_every_hand_written_mutant_changes_its_anchor_once(game):
    for mutant in (m for m in generate(game, ROOT) if m.operator == "hand"):
        recipe = mutant.recipe
        source = (ROOT / (recipe["module"].replace(".", "/") + ".py")).read_text(encoding="utf-8")
        assert recipe["within"] and patch.edit_source(source, recipe) != source, mutant.id
