"""Each example reaches its position by its own subject (issue 25 item 3).

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
        env={**os.environ, OUT: str(out)},
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
