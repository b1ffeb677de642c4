"""Every rulebook paragraph is traced to its clauses, and every clause to its paragraphs."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from casebook.rulebook import read_game, read_games
from casebook.trace import TraceError, check, parse_refs, read_trace, rulebooks_folder

FEATURES = Path(__file__).resolve().parents[1] / "features"
GAMES = [g.id for g in read_games(FEATURES)]


@pytest.mark.parametrize("game", GAMES)
def test_every_paragraph_and_every_rule_is_traced(game):
    trace = read_trace(read_game(game, FEATURES / game), FEATURES / game)
    problems = check(trace)
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("game", GAMES)
def test_trace_lists_exactly_the_rulebooks_paragraphs(game):
    folder = rulebooks_folder()
    if folder is None:
        pytest.skip("the rulebook texts are not at hand (set CASEBOOK_RULEBOOKS to their folder)")
    trace = read_trace(read_game(game, FEATURES / game), FEATURES / game)
    assert trace.rulebook, f"{game}/trace.yml names no rulebook file"
    path = folder / trace.rulebook
    assert path.is_file(), f"{game}/trace.yml names {trace.rulebook}, which is not in {folder}"
    problems = check(trace, path)
    assert not problems, "\n".join(problems)


# -- the checker itself can fail --------------------------------------------------

RULEBOOK = "Heading\n\nFirst rule sentence.\n  \nSecond rule sentence.\nA picture caption.\n"


def _game(tmp_path: Path, trace: str, rules: str) -> tuple:
    folder = tmp_path / "toy"
    folder.mkdir()
    (folder / "01-x.feature").write_text("Feature: X\n" + textwrap.indent(textwrap.dedent(rules), "  "))
    (folder / "trace.yml").write_text(textwrap.dedent(trace))
    (tmp_path / "toy.txt").write_text(RULEBOOK)
    game = read_game("toy", folder)
    return read_trace(game, folder), tmp_path / "toy.txt"


GOOD_TRACE = """\
    rulebook: toy.txt
    sections:
      - title: Heading
        paragraphs: 1-4
    no_rule:
      1: heading
      4: picture caption
"""

RULE = """\
    @TO-X-{n:02d}
    Rule: clause {n}
      {source}
      Example: e
        Given something
"""


def _rules(*sources: str) -> str:
    return "".join(RULE.format(n=n, source=s) for n, s in enumerate(sources, 1))


def test_a_complete_trace_passes(tmp_path):
    trace, book = _game(tmp_path, GOOD_TRACE, _rules("Source: Heading ¶2", "Source: Heading ¶3"))
    assert check(trace, book) == []
    assert [c.id for c in trace.clauses_of(3)] == ["TO-X-02"]


def test_a_paragraph_with_neither_clause_nor_reason_fails(tmp_path):
    trace, book = _game(tmp_path, GOOD_TRACE, _rules("Source: Heading ¶2"))
    assert check(trace, book) == ["toy: ¶3 is neither transcribed by a clause nor marked as carrying no rule"]


def test_a_rule_without_source_fails(tmp_path):
    trace, book = _game(tmp_path, GOOD_TRACE, _rules("Source: Heading ¶2-3", "no source here"))
    assert check(trace, book) == ["toy: TO-X-02 has no 'Source: <section> ¶n' line in its description"]


def test_a_trace_that_misses_a_rulebook_paragraph_fails(tmp_path):
    short = GOOD_TRACE.replace("1-4", "1-3").replace("      4: picture caption\n", "")
    trace, book = _game(tmp_path, short, _rules("Source: Heading ¶2-3"))
    assert check(trace) == []  # consistent in itself...
    assert check(trace, book) == [
        "toy: toy.txt has 4 paragraphs; the trace lists 3 (up to 3)"
    ]  # ...but not with the text


def test_citing_a_paragraph_of_another_section_or_marked_no_rule_fails(tmp_path):
    trace, book = _game(tmp_path, GOOD_TRACE, _rules("Source: Heading ¶2-4", "Source: Elsewhere ¶3"))
    problems = check(trace, book)
    assert "toy: TO-X-02 cites a section 'Elsewhere' the trace does not have (it has ['Heading'])" in problems
    assert "toy: ¶4 is cited by ['TO-X-01'] and also marked as carrying no rule" in problems


def test_paragraph_references_are_parsed_strictly():
    assert parse_refs("¶12, ¶14-16") == [12, 14, 15, 16]
    assert parse_refs("¶3–4") == [3, 4]
    for bad in ("12", "¶", "¶5-3", "¶x"):
        with pytest.raises(TraceError):
            parse_refs(bad)


# -- a rulebook in transcription: paragraphs listed as untraced, sections' placeholders --------------------

PLACEHOLDER = """\
    @TO-X-00 @untranscribed
    Rule: Heading: not yet transcribed
      A placeholder: no example, no Source line.
"""


def test_untraced_paragraphs_are_no_problem_and_make_the_game_in_transcription(tmp_path):
    trace, book = _game(tmp_path, GOOD_TRACE + "    untraced: [2, 3]\n", PLACEHOLDER)
    assert check(trace, book) == [] and trace.in_transcription and trace.untraced == [2, 3]
    (tmp_path / "done").mkdir()
    done, _ = _game(tmp_path / "done", GOOD_TRACE, _rules("Source: Heading ¶2-3"))
    assert not done.in_transcription


def test_a_paragraph_cited_or_without_rule_is_no_longer_untraced(tmp_path):
    trace, book = _game(tmp_path, GOOD_TRACE + "    untraced: [1-3]\n", _rules("Source: Heading ¶2"))
    assert check(trace, book) == [
        "toy: ¶1 is marked as carrying no rule and still listed as untraced: take it out of untraced",
        "toy: ¶2 is cited by ['TO-X-01'] and still listed as untraced: take it out of untraced",
    ]


def test_untraced_paragraphs_outside_every_section_are_named(tmp_path):
    trace, book = _game(tmp_path, GOOD_TRACE + "    untraced: [2, 3, 9]\n", PLACEHOLDER)
    assert check(trace, book) == ["toy: untraced names paragraphs outside every section: [9]"]


def _problems(tmp_path: Path, rules: str) -> list[str]:
    tmp_path.mkdir(parents=True, exist_ok=True)
    _game(tmp_path, GOOD_TRACE, rules)
    return read_game("toy", tmp_path / "toy").problems


def test_a_placeholder_needs_no_example_but_one_with_examples_is_a_problem(tmp_path):
    assert _problems(tmp_path / "ok", PLACEHOLDER) == []
    assert read_game("toy", tmp_path / "ok" / "toy").clauses[0].kinds == ["untranscribed"]
    with_example = _problems(tmp_path / "example", PLACEHOLDER + "      Example: e\n        Given something\n")
    assert [p.split(": ", 1)[1] for p in with_example] == [
        "the clause TO-X-00 has examples but is tagged @untranscribed: it is transcribed, drop the tag"
    ]
    bare = _problems(
        tmp_path / "bare", _rules("Source: Heading ¶2").replace("      Example: e\n        Given something\n", "")
    )
    assert [p.split(": ", 1)[1] for p in bare] == [
        "the clause TO-X-01 has no example"
    ]  # a Rule that is no placeholder still needs one
