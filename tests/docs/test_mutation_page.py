"""Issue 31: how firmly each clause is pinned, built from a small mutation result (results/mutation/<game>.json).

A fresh result (its features digest is the site's) shows on the clause, the game page and the
Coverage page; a stale one (another digest) and an absent one show nothing, never an old number.
"""

from __future__ import annotations

import json

from casebook.site import mutation
from casebook.site.render import Site


def result(root, digest: str | None = None) -> dict:
    return {
        "format": mutation.FORMAT,
        "game": "toy_game",
        "casebook": "0.1.0",
        "features": digest if digest is not None else mutation.features_digest(root),
        "mutants": [
            {
                "id": "toy:row-negate:1",
                "operator": "negate a row's condition",
                "clauses": ["TG-TRN-01"],
                "change": "the turn passes counter-clockwise",
                "verdict": "killed",
                "killed_by": "test_bob_follows_alice",
                "reason": None,
                "seconds": 0.4,
            },
            {
                "id": "toy:row-swap:2",
                "operator": "swap two rows",
                "clauses": ["TG-ELM-02"],
                "change": "swapping the order of the two answer rows went unnoticed",
                "verdict": "survived",
                "killed_by": None,
                "reason": None,
                "seconds": 0.5,
            },
            {
                "id": "toy:count:3",
                "operator": "change a count",
                "clauses": ["TG-ELM-02"],
                "change": "a hand of one card more",
                "verdict": "equivalent",
                "killed_by": None,
                "reason": "the toy game never counts hands",
                "seconds": 0.2,
            },
        ],
        "clauses": {
            "TG-TRN-01": {"tried": 7, "killed": 7, "survived": 0, "timeout": 0, "equivalent": 0},
            "TG-ELM-02": {"tried": 3, "killed": 1, "survived": 1, "timeout": 0, "equivalent": 1},
        },
    }


def site_with(root, data: dict | None) -> Site:
    if data is not None:
        (root / "results" / "mutation").mkdir(exist_ok=True)
        (root / "results" / "mutation" / "toy_game.json").write_text(json.dumps(data))
    return Site(root, root / "results", with_engines=False).build()


def test_a_fresh_result_shows_on_the_clause_the_game_page_and_the_coverage_page(toy_project):
    site = site_with(toy_project, result(toy_project))
    pages = site.pages()
    turn = pages["games/toy_game/the-turn.md"]
    assert "7 of 7 rule changes caught" in turn
    assert "1 of 2 rule changes caught" in turn  # the equivalent change is not counted against the clause
    assert "swapping the order of the two answer rows went unnoticed" in turn
    assert "the turn passes counter-clockwise" not in turn  # a caught change needs no words
    # the game counts mutants, not mutant-clause pairs (the clauses' 10 tried): 3 tried, 1 equivalent
    assert "1 of 2 rule changes tried on the engine were caught" in pages["games/toy_game/index.md"]
    coverage = pages["coverage.md"]
    assert "rule changes tried on the engine" in coverage
    assert (
        "<td><strong>3</strong></td><td><strong>1</strong></td><td><strong>1</strong></td>" in coverage
    )  # tried, caught, unnoticed: mutants
    assert not site.problems


def test_a_mutant_touching_several_clauses_counts_once_in_the_game(toy_project):
    data = result(toy_project)
    data["mutants"][0]["clauses"] = ["TG-TRN-01", "TG-ELM-02"]
    data["clauses"]["TG-ELM-02"]["tried"] += 1
    data["clauses"]["TG-ELM-02"]["killed"] += 1
    pages = site_with(toy_project, data).pages()
    assert "1 of 2 rule changes tried on the engine were caught" in pages["games/toy_game/index.md"]


def test_a_stale_or_absent_result_shows_nothing(toy_project):
    for data in (result(toy_project, digest="0" * 64), None):
        pages = site_with(toy_project, data).pages()
        for page in ("games/toy_game/the-turn.md", "games/toy_game/index.md", "coverage.md"):
            assert "rule changes" not in pages[page] and "Pinned" not in pages[page], (data and data["features"], page)


def test_a_malformed_result_is_a_problem_not_a_crash(toy_project):
    bad = result(toy_project)
    bad["clauses"] = ["not", "an", "object"]
    site = site_with(toy_project, bad)
    assert any("mutation/toy_game.json" in p for p in site.problems)
    assert "rule changes" not in site.pages()["coverage.md"]
