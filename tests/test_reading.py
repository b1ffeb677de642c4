"""Every statement of a game's reading has a clause or a reason it is no rule; every open question a @ruling."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from casebook.reading import check, read_reading
from casebook.rulebook import read_game, read_games
from casebook.trace import read_trace

FEATURES = Path(__file__).resolve().parents[1] / "features"
GAMES = [g.id for g in read_games(FEATURES)]


@pytest.mark.parametrize("game", GAMES)
def test_every_statement_and_question_of_the_reading_is_answered(game):
    rules = read_game(game, FEATURES / game)
    trace = read_trace(rules, FEATURES / game)
    if trace.in_transcription and not (FEATURES / game / "reading.yml").is_file():
        pytest.skip(f"{game} is in transcription: its reading comes with the features")
    reading = read_reading(game, FEATURES / game)
    assert reading.count("statement") and reading.count("question"), f"{game}: the reading lists nothing"
    problems = check(reading, rules, trace.paragraphs)
    assert not problems, "\n".join(problems)


# -- the checker itself can fail --------------------------------------------------

RULES = """\
    Feature: X
      @TO-X-01
      Rule: a rule
        Source: X ¶2

        Example: it holds
          Given a game

      @TO-X-02 @ruling
      Rule: a ruling
        We decided.
        Source: X ¶3

        Example: it holds
          Given a game
"""


def _problems(tmp_path: Path, entries: str) -> list[str]:
    folder = tmp_path / "toy"
    folder.mkdir()
    (folder / "01-x.feature").write_text(textwrap.dedent(RULES))
    (folder / "reading.yml").write_text("game: toy\nentries:\n" + textwrap.indent(textwrap.dedent(entries), ""))
    return check(read_reading("toy", folder), read_game("toy", folder), [1, 2, 3])


GOOD = """\
- {id: R1, paragraph: 2, kind: statement, clause: [TO-X-01], text: a rule}
- {id: R2, paragraph: 1, kind: statement, not_a_rule: a heading, text: the title}
- {id: Q1, paragraph: 3, kind: question, clause: [TO-X-02], text: 'what then?'}
"""


def test_a_reading_with_every_entry_answered_passes(tmp_path):
    assert _problems(tmp_path, GOOD) == []


@pytest.mark.parametrize(
    "entry, complaint",
    [
        ("{id: R3, paragraph: 2, kind: statement, text: a rule}", "neither a clause nor a reason"),
        ("{id: R3, paragraph: 2, kind: statement, not_a_rule: '', text: a rule}", "neither a clause nor a reason"),
        ("{id: R3, paragraph: 2, kind: statement, clause: [TO-X-09], text: a rule}", "does not have: ['TO-X-09']"),
        ("{id: Q2, paragraph: 2, kind: question, clause: [TO-X-01], text: 'what?'}", "none of ['TO-X-01'] is tagged"),
        ("{id: Q2, paragraph: 2, kind: question, not_a_rule: silent, text: 'what?'}", "'not a rule' does not"),
        ("{id: R3, paragraph: 1, kind: statement, clause: [TO-X-01], text: a rule}", "none of which cites"),
        ("{id: R3, paragraph: 9, kind: statement, not_a_rule: flavour, text: a rule}", "paragraphs the trace does not"),
        ("{id: R1, paragraph: 2, kind: statement, clause: [TO-X-01], text: again}", "uses the id R1 twice"),
        ("{id: R3, paragraph: 2, kind: rule, clause: [TO-X-01], text: a rule}", "not one of"),
    ],
)
def test_an_entry_left_unanswered_is_named(tmp_path, entry, complaint):
    problems = _problems(tmp_path, GOOD + "- " + entry + "\n")
    assert any(complaint in p for p in problems), problems
