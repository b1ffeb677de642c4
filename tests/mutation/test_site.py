"""What ``casebook mutate`` writes is what the site reads: the per-clause strength shows on the clause's page, the
game page and the Coverage page (casebook/site/mutation.py), built here from a small result of the runner."""

from __future__ import annotations

import json
import shutil

import pytest

from casebook.mutation.runner import FORMAT, Outcome, write_result
from casebook.mutation.tables import Mutant
from casebook.site import mutation as reader
from casebook.site.render import Site
from tests.docs.conftest import FIXTURE, cucumber, default_outcome


@pytest.fixture
def toy_project(tmp_path):
    root = tmp_path / "project"
    shutil.copytree(FIXTURE / "features", root / "features")
    shutil.copytree(FIXTURE / "results", root / "results")
    (root / "results" / "cucumber.json").write_text(json.dumps(cucumber(root / "features", default_outcome)))
    return root


def outcome(mutant_id, operator, clauses, change, verdict, killed_by=None, reason=None):
    return Outcome(Mutant(mutant_id, operator, tuple(clauses), change, {}), verdict, killed_by, reason, 1.5)


OUTCOMES = [
    outcome(
        "toy_game:negate-condition:pass:turn>turn:is_last",
        "negate-condition",
        ["TG-TRN-01"],
        "“pass” from turn to turn needs “not is last” instead of “is last”",
        "killed",
        "step_defs/toy.py::test_bob_follows_alice",
    ),
    outcome(
        "toy_game:drop-callback:pass:turn>turn:hand_on",
        "drop-callback",
        ["TG-TRN-01"],
        "“pass” from turn to turn no longer does “hand on”",
        "killed",
        "step_defs/toy.py::test_carol_follows_bob",
    ),
    outcome(
        "toy_game:swap-rows:show:answer>turn:show:answer>turn#2",
        "swap-rows",
        ["TG-ELM-02"],
        "swapping the order of the rows “show” from answer to turn and “show” from answer to turn",
        "survived",
    ),
    outcome(
        "toy_game:count:HAND+1",
        "count",
        ["TG-ELM-02"],
        "HAND is 4 instead of 3",
        "equivalent",
        reason="the toy game never counts hands",
    ),
    outcome("toy_game:count:HAND-1", "count", ["TG-ELM-02"], "HAND is 2 instead of 3", "timeout"),
]


def test_the_written_result_is_the_format_the_site_reads(toy_project):
    path = toy_project / "results" / "mutation" / "toy_game.json"
    data = write_result(path, "toy_game", toy_project, OUTCOMES, {o.mutant.id for o in OUTCOMES})
    assert data["format"] == FORMAT == reader.FORMAT and data["features"] == reader.features_digest(toy_project)
    assert set(data["mutants"][0]) == {
        "id",
        "operator",
        "clauses",
        "change",
        "verdict",
        "killed_by",
        "reason",
        "seconds",
    }
    assert data["clauses"] == {
        "TG-ELM-02": {"tried": 3, "killed": 0, "survived": 1, "timeout": 1, "equivalent": 1},
        "TG-TRN-01": {"tried": 2, "killed": 2, "survived": 0, "timeout": 0, "equivalent": 0},
    }
    site = Site(toy_project, toy_project / "results", with_engines=False).build()
    assert not site.problems, site.problems
    turn = site.pages()["games/toy_game/the-turn.md"]
    assert "2 of 2 rule changes caught" in turn  # TG-TRN-01
    assert "0 of 2 rule changes caught" in turn  # TG-ELM-02: the equivalent one is not counted against it
    assert "swapping the order of the rows “show” from answer to turn" in turn  # the survivor, in a designer's words
    assert "no longer does “hand on”" not in turn  # a caught change needs no words
    assert "rule changes tried on the engine" in site.pages()["coverage.md"]


def test_a_partial_run_refines_the_last_full_one(toy_project):
    path = toy_project / "results" / "mutation" / "toy_game.json"
    write_result(path, "toy_game", toy_project, OUTCOMES, {o.mutant.id for o in OUTCOMES})
    again = outcome(
        "toy_game:swap-rows:show:answer>turn:show:answer>turn#2",
        "swap-rows",
        ["TG-ELM-02"],
        "swapped",
        "killed",
        "test_x",
    )
    data = write_result(path, "toy_game", toy_project, [again], {o.mutant.id for o in OUTCOMES})
    assert len(data["mutants"]) == len(OUTCOMES) and data["clauses"]["TG-ELM-02"]["killed"] == 1
    gone = write_result(
        path, "toy_game", toy_project, [again], {again.mutant.id}
    )  # mutants no longer generated are dropped
    assert [m["id"] for m in gone["mutants"]] == [again.mutant.id]
