"""The step layer's conventions (issue 48 item 2): a sentence's meaning is a named function, not a long lambda.

A failing Then names the function that checked it (step_defs/vocabulary.py's ``judge``), and a traceback or ``-k``
names it too; an anonymous lambda names nothing.  So a lambda in step_defs/ (in a ``Fact``, an action table, a
step) is kept only while it is a short expression:

- written on one line (``ast.unparse``), it is at most ``SHORT`` (70) columns, parameters included;
- it holds no lambda, no conditional within a conditional, no ``and``/``or`` of more than two operands, and at
  most one comprehension.

Anything longer is a ``def`` whose name says what the sentence means (``def may_move_on_with(st, player, n)``),
placed beside its table in the game's own step module.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
STEP_FILES = sorted((ROOT / "step_defs").glob("*.py"))
SHORT = 70  # columns of a lambda written on one line, ``lambda`` and its parameters included

COMPREHENSIONS = (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)


def too_long(node: ast.Lambda) -> str | None:
    """Why ``node`` is more than a short expression, or None."""
    text = ast.unparse(node)
    inside = list(ast.walk(node.body))
    if len(text) > SHORT:
        return f"{len(text)} columns on one line (at most {SHORT})"
    if any(isinstance(n, ast.Lambda) for n in inside):
        return "a lambda inside a lambda"
    if any(
        isinstance(n, ast.IfExp) and any(isinstance(m, ast.IfExp) for m in ast.walk(n) if m is not n) for n in inside
    ):
        return "a conditional within a conditional"
    if any(isinstance(n, ast.BoolOp) and len(n.values) > 2 for n in inside):
        return "an and/or of more than two operands"
    if sum(isinstance(n, COMPREHENSIONS) for n in inside) > 1:
        return "more than one comprehension"
    return None


def long_lambdas(source: str, name: str) -> list[str]:
    """``file:line: why`` for every lambda of ``source`` that is more than a short expression."""
    return [
        f"{name}:{node.lineno}: {why}: {ast.unparse(node)[:100]}"
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Lambda) and (why := too_long(node))
    ]


def test_there_are_step_files():
    assert len(STEP_FILES) > 5, STEP_FILES


def test_no_lambda_in_the_steps_is_more_than_a_short_expression():
    found = [line for path in STEP_FILES for line in long_lambdas(path.read_text(encoding="utf-8"), path.name)]
    assert not found, "lambdas longer than a short expression; make each a def named for its meaning:\n" + "\n".join(
        found
    )


@pytest.mark.parametrize(
    "source, why",
    [
        (
            'F = Fact("{n:d}", check=lambda st, n: len(st.view(None)["private"]["somebody"]["all_hands"]) == n)',
            "columns",
        ),
        ("f = lambda: lambda table: table", "a lambda inside a lambda"),
        ("f = lambda a: 1 if a else 2 if a > 1 else 3", "a conditional within a conditional"),
        ("f = lambda a, b, c: a and b and c", "more than two operands"),
        ("f = lambda xs: [y for x in xs for y in [x for _ in x]]", "more than one comprehension"),
    ],
)
def test_the_limit_finds_each_kind_of_long_lambda(source, why):
    found = long_lambdas(source, "planted.py")
    assert len(found) == 1 and found[0].startswith("planted.py:1: ") and why in found[0], found


@pytest.mark.parametrize(
    "source",
    [
        'F = Fact("{player:player} is out", check=lambda st, player: player in st["out"])',
        "f = lambda a: 1 if a else 2",
        "f = lambda a, b: a and b",
        "f = lambda xs: sorted(x for x in xs)",
    ],
)
def test_the_limit_keeps_a_short_expression(source):
    assert long_lambdas(source, "planted.py") == []


# -- a failing Then names the function that checked it -----------------------------------------------------------
class Seen:
    """A hand-made position as a Then reads it (tests/conformance/test_messages.py's shape): state, views, moves."""

    def __init__(self, state, moves=()):
        self.state, self.legal = state, {"to_act": sorted({m["actor"] for m in moves}), "moves": list(moves)}

    def __getitem__(self, key):
        return self.state[key]

    def get(self, key, default=None):
        return self.state.get(key, default)

    def view(self, player):
        return self.state


ROLL = [{"actor": "chance", "action": {"type": "roll", "dice": [1, 1]}}]
ROLLING = {"phase": "rolling_for_start", "start_waiting": ["Blue", "Red"]}


def failure(fact, seen, **args) -> str:
    from step_defs.vocabulary import judge

    with pytest.raises(AssertionError) as failed:
        judge(fact, seen, args)
    return str(failed.value)


def test_a_failing_then_names_its_check():
    from step_defs.vocabulary import SHARED, judge

    rolled_next = SHARED["roll-off"]  # "the dice are rolled next for {player}", checked by a named function
    judge(rolled_next, Seen(ROLLING, ROLL), {"player": "Blue"})  # it holds: nothing raised
    message = failure(rolled_next, Seen(ROLLING, ROLL), player="Red")
    assert message == (
        "not so: the game goes on (phase rolling_for_start), chance to act "
        "(checked by step_defs.vocabulary.rolled_next_for)"
    )
    lacking = failure(rolled_next, Seen({"phase": "rolling_for_start"}, ROLL), player="Red")  # no start_waiting
    assert lacking.endswith("lacks the field start_waiting (checked by step_defs.vocabulary.rolled_next_for)")


def test_a_denied_sentence_names_the_check_it_negates_and_a_lambda_names_nothing():
    from step_defs.phrases import Fact
    from step_defs.vocabulary import negation, rolled_next_for

    denied = Fact("the dice are not rolled next for {player:player}", check=negation(rolled_next_for))
    assert failure(denied, Seen(ROLLING, ROLL), player="Blue").endswith(
        "(checked by not step_defs.vocabulary.rolled_next_for)"
    )
    anonymous = Fact("the game goes on", check=lambda st: st["phase"] == "over")
    assert (
        failure(anonymous, Seen(ROLLING, ROLL)) == "not so: the game goes on (phase rolling_for_start), chance to act"
    )


def test_a_new_games_steps_keep_the_limit(tmp_path):
    """``casebook new-game`` writes step_defs/<game>.py from a template: the file it writes keeps the limit too."""
    from casebook import scaffold

    rulebook = tmp_path / "demo.en.txt"
    rulebook.write_text("1. SET-UP\nEach player takes a card.\n\n2. PLAY\nThe first player bets.\n", encoding="utf-8")
    steps = scaffold.plan(ROOT, "demo", rulebook)["step_defs/demo.py"]
    assert "Fact(" in steps and long_lambdas(steps, "demo.py") == []
