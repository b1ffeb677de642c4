"""Each example reaches its position by its own subject (issue 25 item 3), and asserts only its own subject (issue 44).

Every example is run against the reference wrapped to note what it sends (sent.py).  A move of an action type that
features/<game>/subjects.yml gives to one part of the rules (the passages, the Advantage cards, the timers, the
board walks ...) is flagged unless the example's clause is about that part or is listed with a reason.  The
set-up's chance moves, sent by a Given (a deal, a roll for who starts), are left aside: a Given asks before it
moves (test_givens_ask.py).
"""

from __future__ import annotations

import fnmatch
import json
import os
import re
import subprocess
from collections import defaultdict
from pathlib import Path

import pytest
import yaml

from casebook.pytest_command import pytest_command
from casebook import schemas
from casebook.rulebook import read_game
from tests.givens.sent import OUT

ROOT = Path(__file__).resolve().parents[2]
GAMES = sorted(p.parent.name for p in (ROOT / "features").glob("*/subjects.yml"))


def subjects(game: str) -> dict:
    return yaml.safe_load((ROOT / "features" / game / "subjects.yml").read_text(encoding="utf-8"))


def allowed(spec: dict, clause: str, kind: str) -> bool:
    """Whether an example of ``clause`` may send an action of ``kind``."""
    homes = spec["parts"].get(kind)
    return (
        homes is None
        or any(fnmatch.fnmatchcase(clause, h) for h in homes)
        or kind in (spec["also"] or {}).get(clause, {})
    )


@pytest.fixture(scope="module")
def sent(tmp_path_factory) -> list[dict]:
    """Every move every example sends, as sent.py notes it (one in-process run of the whole suite)."""
    out = tmp_path_factory.mktemp("sent") / "sent.json"
    run = subprocess.run(
        pytest_command(
            ROOT, "-q", "step_defs", "-p", "no:xdist", "-p", "tests.givens.sent", impl="python:tests.givens.sent:make"
        ),
        cwd=ROOT,
        # the plugin is a module of this checkout's tests/, which the pytest script does not put on sys.path
        env={**os.environ, OUT: str(out), "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert run.returncode == 0, run.stdout[-3000:]
    return json.loads(out.read_text(encoding="utf-8"))


@pytest.mark.slow
def test_no_example_plays_another_part_of_the_rules_to_reach_its_position(sent):
    examples = defaultdict(list)  # node id -> the action types it sent, beyond the set-up
    flagged, used = defaultdict(set), set()
    for move in sent:
        if move["step"] == "given" and move["actor"] == "chance":
            continue  # the set-up
        examples[move["test"]].append(move["type"])
        spec = subjects(move["game"])
        for clause in move["clauses"]:
            if move["type"] in (spec["also"] or {}).get(clause, {}):
                used.add((clause, move["type"]))
            if not allowed(spec, clause, move["type"]):
                flagged[f"{clause} {move['test'].split('::')[1]}"].add(
                    f"{move['type']} ({move['step']} {move['text']!r})"
                )
    assert len(examples) > 500  # the examples were run and noted: a recorder that noted nothing would pass
    assert not flagged, "examples that play another part of the rules to reach their position:\n" + "\n".join(
        f"  {k}: {sorted(v)}" for k, v in sorted(flagged.items())
    )
    listed = {(c, k) for g in GAMES for c, kinds in (subjects(g)["also"] or {}).items() for k in kinds}
    assert listed <= used, f"listed in subjects.yml but sent by no example of that clause: {sorted(listed - used)}"


@pytest.mark.parametrize("game", GAMES)
def test_the_subjects_name_the_games_actions_and_clauses(game):
    spec = subjects(game)
    actions = set(re.findall(r'"type": \{"const": "(\w+)"\}', json.dumps(schemas.load(game)["$defs"]["action"])))
    clauses = {c.id for c in read_game(game, ROOT / "features" / game).clauses}
    assert set(spec["parts"]) <= actions, sorted(set(spec["parts"]) - actions)
    for kind, homes in spec["parts"].items():
        assert all(fnmatch.filter(clauses, h) for h in homes), (
            kind,
            [h for h in homes if not fnmatch.filter(clauses, h)],
        )
    for clause, kinds in (spec["also"] or {}).items():
        assert clause in clauses and set(kinds) <= set(spec["parts"]) and all(kinds.values()), (
            clause,
            kinds,
        )  # each with a reason


def test_the_check_flags_a_passage_taken_to_reach_a_question():
    spec = subjects("cluedo_drei")
    assert not allowed(spec, "CD-TRN-03", "secret_passage") and allowed(spec, "CD-PAS-01", "secret_passage")
    assert allowed(spec, "CD-TRN-03", "question")  # a type no part owns is any clause's


# -- what a Then asserts (issue 44 item 1) -------------------------------------------------------------------------
# A Then's subject, from its text: the sentences of step_defs/<game>.py (and question_round.py's) that check it.  A
# Then of no subject here (a refusal, the state unchanged, a board position, a count) is any clause's.
SUBJECTS = {
    "turn": r"it is (still )?.+'s turn",  # who is to take a turn now
    "markers": r"the (markers?|tokens?) of .+ stands? .+|every marker stands beside the board",
    "seen": r"(?!nobody |only ).+ has (not )?seen (?!the card in slot|the hideout)(?!.* beside the board$).+",
    "answerer": r".+ must show a card|.+ found no evidence, in that order",  # who answers a question
    "cards to show": r".+ must show one of .+",  # which cards the answerer may show
    "unanswered": r"nobody shows a card|nobody could show a card",  # a question nobody could answer
    "not asked": r".+ is not asked",  # where the question stops
    "after the question": r".+ must accuse or end the turn",  # what the player to act may do next
    "out": r".+ is (not )?out( of the race)?",  # a wrong accusation's consequence
    "secret looked at": r"nobody but .+ has (looked into the case file|seen the hideout)"
    r"|(?!everybody ).+ sees the hideout: .+",  # who has looked into the secret cards
    "outcome": r".+ (has|have) won the game|the case remains unsolved|the game is (?!exactly )\w+"
    r"|the game goes on|everybody sees the (case file|hideout): .+",  # whether and how the game ended
}


def subject_of(text: str) -> str | None:
    return next((name for name, regex in SUBJECTS.items() if re.fullmatch(regex, text)), None)


def then_steps(steps) -> list:
    """The Then steps (and the Ands and Buts after a Then) of an example."""
    out, kind = [], None
    for step in steps:
        kind = step.keyword if step.keyword in ("Given", "When", "Then") else kind
        if kind == "Then":
            out.append(step)
    return out


def owns(spec: dict, clause: str, subject: str) -> bool:
    homes = (spec.get("thens") or {}).get(subject)
    return homes is None or any(fnmatch.fnmatchcase(clause, h) for h in homes)


def misplaced_thens(spec: dict, clauses) -> tuple[dict[str, list[str]], set]:
    """The Thens that assert another clause's subject, by example; and the (clause, subject) allowances used."""
    flagged, used = defaultdict(list), set()
    also = spec.get("thens_also") or {}
    for clause in clauses:
        for example in clause.examples:
            for step in then_steps(clause.background + example.steps):
                subject = subject_of(step.text)
                if subject is None or owns(spec, clause.id, subject):
                    continue
                if subject in also.get(clause.id, {}):
                    used.add((clause.id, subject))
                    continue
                flagged[f"{clause.id} {example.name!r}"].append(f"{subject}: Then {step.text}")
    return flagged, used


@pytest.mark.parametrize("game", GAMES)
def test_every_then_asserts_its_own_clauses_subject(game):
    spec, clauses = subjects(game), read_game(game, ROOT / "features" / game).clauses
    flagged, used = misplaced_thens(spec, clauses)
    assert not flagged, "Thens that assert another clause's subject (move them to its examples; @needs:<id>):\n" + (
        "\n".join(f"  {k}: {v}" for k, v in sorted(flagged.items()))
    )
    listed = {(c, s) for c, subjects_ in (spec.get("thens_also") or {}).items() for s in subjects_}
    assert listed <= used, f"thens_also lists what no Then of that clause asserts: {sorted(listed - used)}"


@pytest.mark.parametrize("game", GAMES)
def test_the_then_subjects_name_the_games_clauses(game):
    spec, ids = subjects(game), {c.id for c in read_game(game, ROOT / "features" / game).clauses}
    assert set(spec.get("thens") or {}) <= set(SUBJECTS), sorted(set(spec.get("thens") or {}) - set(SUBJECTS))
    for subject, homes in (spec.get("thens") or {}).items():
        assert all(fnmatch.filter(ids, h) for h in homes), (subject, [h for h in homes if not fnmatch.filter(ids, h)])
    for clause, reasons in (spec.get("thens_also") or {}).items():
        assert clause in ids and set(reasons) <= set(SUBJECTS) and all(reasons.values()), (clause, reasons)


def test_every_subject_is_read_from_some_then():
    """A subject whose sentence no Then says any more (a phrase reworded) would let its Thens go unchecked."""
    texts = [
        step.text
        for game in GAMES
        for clause in read_game(game, ROOT / "features" / game).clauses
        for example in clause.examples
        for step in then_steps(clause.background + example.steps)
    ]
    dead = [name for name, regex in SUBJECTS.items() if not any(re.fullmatch(regex, t) for t in texts)]
    assert not dead, f"subjects no Then asserts: {dead}"


def test_the_then_check_flags_a_turn_asserted_by_the_case_files_clause():
    """CD-ACC-03 (a wrong accusation puts the accuser out) asserting whose turn follows is flagged: the turn at an
    elimination is CD-ACC-08's (issue 44's engine that skips a seat failed CD-ACC-03 for it)."""
    from casebook.rulebook import Clause, Example, Step

    def clause(id_, *thens):
        steps = [Step("When", "Justus Jonas accuses Mr. Grey, the golden belt and the Memorial Hospital", 2)]
        steps += [Step("Then" if k == 0 else "And", t, 3 + k) for k, t in enumerate(thens)]
        return Clause(id_, "", "", [], 1, [], [Example("Example", "wrong", 2, [], "", steps)])

    spec = subjects("cluedo_drei")
    flagged, _ = misplaced_thens(
        spec, [clause("CD-ACC-03", "Justus Jonas is out of the race", "it is Peter Shaw's turn")]
    )
    assert list(flagged.values()) == [["turn: Then it is Peter Shaw's turn"]]
    assert misplaced_thens(spec, [clause("CD-ACC-08", "it is Peter Shaw's turn")])[0] == {}
    assert subject_of("the markers of Dick Perry and the golden belt stand in Highschool") == "markers"
    assert subject_of("the game is exactly as it was") is None


# -- @needs:<clause> (issue 44 item 2) -----------------------------------------------------------------------------
NEEDS = "needs:"


def wrong_needs(clauses) -> list[str]:
    """The ``@needs:<id>`` tags that name no clause of ``clauses``' game, or the example's own clause."""
    ids = {c.id for c in clauses}
    return [
        f"{c.id} {e.name!r}: @{t}"
        for c in clauses
        for e in c.examples
        for t in [*e.tags, *c.tags]
        if t.startswith(NEEDS) and (t[len(NEEDS) :] not in ids or t[len(NEEDS) :] == c.id)
    ]


@pytest.mark.parametrize("game", GAMES)
def test_needs_names_another_clause_of_the_same_game(game):
    """``@needs:<id>`` on an example names the clause whose behaviour it passes through: an existing clause of the
    same game, never the example's own (the report says "blocked by <id>" when that clause fails)."""
    clauses = read_game(game, ROOT / "features" / game).clauses
    assert any(t.startswith(NEEDS) for c in clauses for e in c.examples for t in e.tags) or game not in (
        "cluedo_drei",
        "heist",
    )  # the tags were read: a reader that dropped them would pass
    wrong = wrong_needs(clauses)
    assert not wrong, "@needs naming no other clause of the game:\n" + "\n".join(wrong)


def test_the_needs_check_flags_its_own_clause_and_another_games():
    from casebook.rulebook import Clause, Example

    def clause(id_, *tags):
        return Clause(id_, "", "", [], 1, [], [Example("Example", "e", 2, list(tags), "", [])])

    clauses = [clause("CD-END-01"), clause("CD-TRN-03", "needs:CD-END-01")]
    assert wrong_needs(clauses) == []
    assert wrong_needs([*clauses, clause("CD-ACC-08", "needs:CD-ACC-08")]) == ["CD-ACC-08 'e': @needs:CD-ACC-08"]
    assert wrong_needs([*clauses, clause("CD-ACC-08", "needs:HO-ACC-05")]) == ["CD-ACC-08 'e': @needs:HO-ACC-05"]
