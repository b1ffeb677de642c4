"""``casebook new-game`` and ``casebook regenerate`` (issue 29 item 3).

The scaffold's parts are checked here quickly: sections cut at the rulebook's headings, the placeholders' ids,
and every refusal (a typed error, nothing written).  The "done when" test scaffolds a game into a copy of the
checkout, runs its tests, builds the site strict with it, writes a first clause, and regenerates its files.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from casebook.pytest_command import pytest_command
from casebook import settings
from casebook import scaffold
from casebook.cli import main

ROOT = Path(__file__).resolve().parent.parent

# A rulebook written for this test (no real game's text): headings alone between blank lines, a list item, a
# title line before the first section heading.
RULEBOOK = """\
Demo Rulebook

Goal of the Game

Each player tries to hold the highest card when the betting ends.

Setup

The dealer gives every player one card, face down.
Players sit in a circle.

Playing

On your turn, bet one or two chips.
• A bet cannot be taken back.
Play passes to the left.

End of the Game

When everybody has bet, the cards are shown and the highest card wins.
"""


def book(tmp_path: Path, text: str = RULEBOOK, name: str = "demo.en.txt") -> Path:
    folder = tmp_path / "books"
    folder.mkdir(exist_ok=True)
    (folder / name).write_text(text, encoding="utf-8")
    return folder / name


# -- the rulebook's sections ---------------------------------------------------------------------
def test_sections_start_at_the_headings_and_number_paragraphs_as_the_trace_does():
    sections = scaffold.sections_of(RULEBOOK.splitlines())
    assert [(s.title, s.numbers) for s in sections] == [
        ("Demo Rulebook", [1]),
        ("Goal of the Game", [2, 3]),
        ("Setup", [4, 5, 6]),
        ("Playing", [7, 8, 9, 10]),
        ("End of the Game", [11, 12]),
    ]


def test_without_blank_lines_a_short_line_that_ends_no_sentence_is_a_heading():
    text = "\n".join(
        [
            "Opening words of the book, before any heading.",
            "Setup",
            "Deal the cards.",
            "- a list item",
            "| a | table |",
            "Play",
            "Take turns.",
        ]
    )
    sections = scaffold.sections_of(text.splitlines())
    assert [(s.title, s.numbers) for s in sections] == [
        ("Before the first heading", [1]),
        ("Setup", [2, 3, 4, 5]),
        ("Play", [6, 7]),
    ]


def test_a_title_twice_gets_a_number_and_every_placeholder_a_unique_id():
    sections = scaffold.sections_of(
        ["# Contents", "x.", "# Contents", "y.", "# Déroulement d'un tour", "z.", "# Dealing", "w."]
    )
    scaffold.section_codes(sections, "XY")
    assert [s.title for s in sections] == ["Contents", "Contents (2)", "Déroulement d'un tour", "Dealing"]
    assert [s.clause for s in sections] == ["XY-CONT-00", "XY-CONT2-00", "XY-DERO-00", "XY-DEAL-00"]


def test_the_plan_holds_every_file_a_game_has_beside_its_features(tmp_path):
    """The per-game YAML files the five games keep beside their features, empty: each is read as "none yet"."""
    files = scaffold.plan(ROOT, "demo", book(tmp_path), title="Demo Game")
    beside = {Path(p).name for p in files if p.startswith("features/demo/")}
    assert beside == {"00-in-transcription.feature", "trace.yml", *scaffold.PER_GAME_YAML}
    assert beside - {"00-in-transcription.feature"} <= {p.name for p in (ROOT / "features" / "pi").iterdir()} - {
        "positions.json"
    }
    assert yaml.safe_load(files["features/demo/subjects.yml"]) == {"parts": {}, "also": {}}
    assert all(yaml.safe_load(files[f"features/demo/{n}"]) is None for n in ("questions.yml", "synonyms.yml"))
    assert yaml.safe_load(files["statemachines/demo/equivalent-mutants.yml"]) is None  # beside the engine


# -- refusals: a typed error, nothing written -------------------------------------------------------
def written_paths() -> set[str]:
    listed = subprocess.run(
        ["git", "status", "--porcelain", "--untracked-files=all"], cwd=ROOT, capture_output=True, text=True
    )
    return set(listed.stdout.splitlines())


@pytest.mark.parametrize(
    "game_id, error",
    [
        ("Demo", scaffold.BadGameId),
        ("9lives", scaffold.BadGameId),
        ("a-b", scaffold.BadGameId),
        ("class", scaffold.BadGameId),
        ("x", scaffold.BadGameId),
        ("pi", scaffold.GameExists),
        ("kit", scaffold.GameExists),
        ("vocabulary", scaffold.GameExists),
    ],
)
def test_an_id_that_is_bad_or_taken_is_refused(tmp_path, game_id, error):
    with pytest.raises(error):
        scaffold.plan(ROOT, game_id, book(tmp_path))


def test_a_missing_or_empty_rulebook_is_refused(tmp_path):
    with pytest.raises(scaffold.NoRulebook, match="no rulebook file"):
        scaffold.plan(ROOT, "demo", tmp_path / "nowhere.txt")
    with pytest.raises(scaffold.NoRulebook, match="no paragraph"):
        scaffold.plan(ROOT, "demo", book(tmp_path, "\n  \n"))
    with pytest.raises(scaffold.NoRulebook, match="UTF-8"):
        (tmp_path / "latin1.txt").write_bytes("Règles\n".encode("latin-1"))
        scaffold.plan(ROOT, "demo", tmp_path / "latin1.txt")


def test_a_clause_prefix_of_another_game_is_refused(tmp_path):
    with pytest.raises(scaffold.GameExists, match="PI is pi's"):
        scaffold.plan(ROOT, "pieces", book(tmp_path))  # its initials would be PI
    with pytest.raises(scaffold.BadGameId):
        scaffold.plan(ROOT, "demo", book(tmp_path), prefix="D1")
    assert scaffold.plan(ROOT, "pieces", book(tmp_path), prefix="PC")  # the way out the error names


def test_force_replaces_a_game_and_lists_only_its_files(tmp_path):
    root = tmp_path / "checkout"
    for path in (
        "features/demo/trace.yml",
        "statemachines/demo/engine.py",
        "statemachines/core.py",
        "step_defs/demo.py",
        "casebook/conformance/perft/demo.json",
    ):
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text("", encoding="utf-8")
    with pytest.raises(scaffold.GameExists, match="--force"):
        scaffold.plan(root, "demo", book(tmp_path))
    assert scaffold.replaced(root, "demo") == [
        "features/demo",
        "statemachines/demo",
        "step_defs/demo.py",
        "casebook/conformance/perft/demo.json",
    ]
    assert "statemachines/demo/engine.py" in scaffold.plan(root, "demo", book(tmp_path), replacing=True)
    with pytest.raises(scaffold.GameExists):  # no game of that id: a kit module is never replaced
        scaffold.plan(root, "core", book(tmp_path), replacing=True)
    scaffold.remove_game(root, scaffold.replaced(root, "demo"))
    assert scaffold.replaced(root, "demo") == [] and (root / "statemachines" / "core.py").is_file()


def test_the_default_prefix_is_the_initials_of_the_words_besides_joining_ones(tmp_path):
    assert scaffold.plan(ROOT, "bulls_and_cows", book(tmp_path))["features/bulls_and_cows/trace.yml"]
    assert scaffold.choose_prefix(ROOT, "bulls_and_cows", None) == "BC"
    assert scaffold.choose_prefix(ROOT, "tale_of_two_cities", None) == "TT"
    assert scaffold.choose_prefix(ROOT, "sherlock", None) == "SH"


@pytest.mark.parametrize(
    "argv, says",
    [
        (["new-game", "pi", "--rulebook", "{book}"], "GameExists: the id 'pi' is taken"),
        (["new-game", "Not-An-Id", "--rulebook", "{book}"], "BadGameId"),
        (["new-game", "demo", "--rulebook", "{missing}"], "NoRulebook: no rulebook file"),
    ],
)
def test_the_command_refuses_with_the_errors_name_and_writes_nothing(tmp_path, monkeypatch, capsys, argv, says):
    monkeypatch.chdir(ROOT)
    before = written_paths()
    argv = [a.format(book=book(tmp_path), missing=tmp_path / "missing.txt") for a in argv]
    assert main(argv) == 2
    out = capsys.readouterr().out
    assert says in " ".join(out.split()) and "nothing was written" in out
    assert written_paths() == before


def test_both_commands_refuse_outside_a_checkout(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert main(["regenerate"]) == 2
    assert main(["new-game", "demo", "--rulebook", str(book(tmp_path))]) == 2
    assert "is not inside a Casebook checkout" in capsys.readouterr().out
    assert not (tmp_path / "features").exists()


# -- done when: a new game in a copy of the checkout -----------------------------------------------------
FIRST_CLAUSE = """\
Feature: Playing
  The rulebook's section on a turn.

  @DE-PLAY-01
  Rule: Players bet in seating order, one or two chips each
    Source: Playing ¶8, ¶10

    Example: North bets first, then East
      Given a game of North and East
      Then it is North's turn
      When North bets 2
      Then it is East's turn
      And East may bet 1
      And East cannot bet 3

    Example: East may not bet before North
      Given a game of North and East
      When East tries to bet 1
      Then the action is rejected as not_your_turn
      And the game is exactly as it was

    Example: the high card wins
      Given a game of North and East
      And North holds the high card
      And East holds the low card
      When North bets 1
      And East bets 2
      Then North has won
"""


# the tests that look across games (the others are per game, parametrized by its id): house rules, describe()
ACROSS = "unique_and_prefixed or never_import or imports_another or published_shape"


def copy_of_the_checkout(to: Path) -> Path:
    """The files git knows (committed or not, never ignored ones), copied: what a clone with this change holds."""
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT,
        capture_output=True,
        check=True,
    )
    for name in filter(None, listed.stdout.decode().split("\0")):
        source = ROOT / name
        if source.is_file() and not name.startswith(("examples/", "tests/install/")):
            (to / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, to / name)
    return to


def passed(done: subprocess.CompletedProcess) -> set[str]:
    """The names of the tests a ``pytest -rA`` run says passed."""
    return {line.split("::")[-1] for line in done.stdout.splitlines() if line.startswith("PASSED ")}


def run(copy: Path, env: dict, *argv: str) -> subprocess.CompletedProcess:
    done = subprocess.run(list(argv), cwd=copy, env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, f"{' '.join(argv)}:\n{done.stdout[-4000:]}\n{done.stderr[-3000:]}"
    return done


# a copy, a scaffold, its tests, a strict site build, a regeneration: 100-165 s at load 9-15 on 2 cores (~30 s CPU)
@pytest.mark.slow
def test_a_new_game_scaffolded_into_a_copy_passes_its_tests_and_shows_in_transcription_on_the_site(tmp_path):
    copy = copy_of_the_checkout(tmp_path / "copy")
    rulebook = book(tmp_path)
    env = {
        **os.environ,
        "PYTHONPATH": str(copy),
        settings.RULEBOOKS.name: str(rulebook.parent),
        "NO_MKDOCS_2_WARNING": "1",
        settings.RESULTS.name: str(tmp_path / "results"),
        settings.MUTATIONS.name: "200",
        settings.SLOW_MUTATIONS.name: "200",
    }  # mutated states loaded: the toy's check() holds
    cached = sorted((ROOT / "build" / "vendor").glob("mermaid-*.min.js"))
    if cached:  # the vendored mermaid, rather than fetching it again
        env[settings.MERMAID_JS.name] = str(cached[-1])
    casebook = [sys.executable, "-m", "casebook.cli"]
    run(copy, env, *casebook, "new-game", "demo", "--rulebook", str(rulebook), "--title", "Demo Game")
    for path in (
        "statemachines/demo/engine.py",
        "features/demo/trace.yml",
        "features/demo/subjects.yml",
        "step_defs/demo.py",
        "tests/demo/test_random_play.py",
        "casebook/schemas/demo.json",
    ):
        assert (copy / path).is_file(), path
    again = subprocess.run(
        [*casebook, "new-game", "demo", "--rulebook", str(rulebook)], cwd=copy, env=env, capture_output=True, text=True
    )
    assert again.returncode == 2 and "GameExists" in again.stdout

    # its tests: the toy's random play, the house rules, the trace (every paragraph untraced is no problem), and the
    # tests every game meets (its schema under the contract, its describe(), its fields on the site); -k picks the
    # demo's parameters, its folders' tests and the tests across games
    pytest_run = pytest_command(copy, "-q", "-rA", "-p", "no:xdist", "-k", ACROSS + " or demo")
    own = [
        "tests/demo",
        "step_defs/demo.py",
        "tests/test_conventions.py",
        "tests/test_trace.py",
        "tests/conformance/test_contract.py",
        "tests/harness/test_describe.py",
        "tests/docs/test_fields.py",
        "tests/test_loaded_states.py",
        "tests/givens/test_subjects.py",
    ]
    done = run(copy, env, *pytest_run, *own)
    assert "SKIPPED" not in done.stdout  # the trace is checked against the rulebook's text too
    assert {
        "test_random_games_hold_every_invariant[4p]",
        "test_trace_lists_exactly_the_rulebooks_paragraphs[demo]",
        "test_clause_ids_are_unique_and_prefixed",
        "test_describe_answers_in_the_published_shape_or_says_unsupported",
        "test_a_mutated_state_is_refused_or_plays_on[demo]",
        "test_the_subjects_name_the_games_actions_and_clauses[demo]",
    } <= passed(done)

    # the site, strict: the game is listed in transcription, its placeholders and untraced paragraphs shown
    run(copy, env, sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-d", str(tmp_path / "site"))
    site = tmp_path / "site"
    assert "in transcription: 12 paragraphs to go" in (site / "games" / "index.html").read_text()
    assert "Demo Game" in (site / "games" / "demo" / "index.html").read_text()
    assert (
        "12 of 12 paragraphs of the rulebook are not transcribed yet"
        in (site / "games" / "demo" / "index.html").read_text()
    )
    trace_page = (site / "games" / "demo" / "rulebook-trace" / "index.html").read_text()
    assert trace_page.count("not yet transcribed</span>") == 12
    placeholders = (site / "games" / "demo" / "in-transcription" / "index.html").read_text()
    assert 'id="DE-PLAY-00"' in placeholders and "cb-kind-untranscribed" in placeholders

    # a first clause: its paragraphs leave `untraced`, its examples pass on the toy, regenerate records its start
    (copy / "features" / "demo" / "03-playing.feature").write_text(FIRST_CLAUSE, encoding="utf-8")
    trace = copy / "features" / "demo" / "trace.yml"
    trace.write_text(trace.read_text(encoding="utf-8").replace("  - 8\n", "").replace("  - 10\n", ""), encoding="utf-8")
    done = run(copy, env, *casebook, "regenerate", "--game", "demo")
    assert "the scenarios of demo: 3 passed" in " ".join(done.stdout.split())  # the positions step runs them
    assert (copy / "features" / "demo" / "positions.json").read_text().count(
        "\n"
    ) == 3  # one start: "{", the start, "}"
    perft = copy / "casebook" / "conformance" / "perft" / "demo.json"
    fixture = json.loads(perft.read_text(encoding="utf-8"))
    assert fixture["game"] == "demo" and fixture["positions"][0]["counts"][:2] == [
        3,
        9,
    ]  # 3 cards for North, then for East
    # a published position is counted again to its depth, its name and state kept
    perft.write_text(
        json.dumps({**fixture, "positions": [{**fixture["positions"][0], "name": "kept", "counts": [7, 7]}]}),
        encoding="utf-8",
    )
    run(copy, env, *casebook, "regenerate", "--only", "perft", "--game", "demo")
    assert [(p["name"], p["counts"]) for p in json.loads(perft.read_text(encoding="utf-8"))["positions"]] == [
        ("kept", [3, 9])
    ]
    done = run(copy, env, *casebook, "regenerate", "--check", "--game", "demo")  # and now nothing generated is stale
    assert "every generated file is up to date" in done.stdout
    # what the published start and perft counts make checkable: the contract on states, the reference's counts
    done = run(copy, env, *pytest_run, *own, "tests/conformance/test_perft.py")
    assert "SKIPPED" not in done.stdout
    assert {
        "test_the_kits_state_check_agrees_with_the_published_schema[demo]",
        "test_published_perft_counts_hold[demo-0]",
        "test_the_high_card_wins",
    } <= passed(done)
