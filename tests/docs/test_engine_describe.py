"""A malformed ``describe`` is reported in the contract's words, and the site still builds its pages.

The shape of a describe answer is written once (``casebook.contract.DESCRIBE`` and
``describe_problems``); the site only salvages the parts the contract finds no fault with.
"""

from __future__ import annotations

from casebook import contract
from casebook.site import engines
from casebook.site.render import Site


def phase(name, **extra) -> dict:
    return {"name": name, "parent": None, "final": False, "actor": "player", "summary": "", "clauses": [], **extra}


def transition(verb, source, dest, **extra) -> dict:
    return {
        "verb": verb,
        "source": source,
        "dest": dest,
        "conditions": [],
        "unless": [],
        "effects": [],
        "clauses": [],
        **extra,
    }


def malformed() -> dict:
    """One fault of each kind: shape (a phase without a name, a bad actor), references (a transition to no
    phase, a path to no location, a clause the features lack), and one that orphans a transition."""
    return {
        "game": "toy_game",
        "title": "Toy",
        "initial": "start",
        "phases": [
            phase("start", clauses=["TG-TRN-01", "XX-NOPE-01"]),
            {"actor": "player"},
            phase("odd", actor="referee"),
            phase("over", final=True, actor=None),
        ],
        "transitions": [
            transition("go", "start", "nowhere"),
            transition("stay", "start", None),
            transition("end", "start", "over"),
            transition("weird", "odd", "over"),
        ],
        "board": {"locations": [{"name": "here"}], "paths": [{"a": "here", "b": "there", "length": 1}]},
    }


def test_the_contract_finds_each_fault_where_it_lies():
    found = {(p.where, p.what) for p in contract.describe_problems(malformed(), {"TG-TRN-01"})}
    wheres = {w for w, _ in found}
    assert {
        ("phases", 0, "clauses", 1),
        ("phases", 1),
        ("phases", 2, "actor"),
        ("transitions", 0, "dest"),
        ("board", "paths", 0, "b"),
    } <= wheres, found
    assert "'nowhere' is not one of its phases" in {w for _, w in found}
    good = malformed()
    good["phases"] = [phase("start", clauses=["TG-TRN-01"]), phase("over", final=True, actor=None)]
    good["transitions"], good["board"] = [transition("end", "start", "over")], None
    assert contract.describe_problems(good, {"TG-TRN-01"}) == []  # the check can pass


def test_a_malformed_describe_is_reported_in_the_contracts_words_and_its_good_parts_kept():
    problems: list[str] = []
    checked = engines.check_describe("toy_game", malformed(), {"TG-TRN-01"}, problems)
    assert problems == [f"toy_game: {p}" for p in contract.describe_problems(malformed(), {"TG-TRN-01"})]
    assert any('describe at $.phases[1]: "name" is a required property' in p for p in problems), problems
    assert [p["name"] for p in checked["phases"]] == ["start", "over"] and checked["phases"][0]["clauses"] == [
        "TG-TRN-01"
    ]
    assert [t["verb"] for t in checked["transitions"]] == ["stay", "end"]  # "weird" left the dropped phase "odd"
    assert checked["board"] == {"locations": [{"name": "here"}], "paths": []}
    assert contract.describe_problems(checked, {"TG-TRN-01"}) == [], "what is kept is whole"
    assert engines.check_describe("toy_game", ["not", "an", "object"], set(), problems) is None
    assert problems[-1].startswith("toy_game: describe at $: ") and 'is not of type "object"' in problems[-1]


class Malformed:
    """An engine that offers the toy game and describes it badly."""

    def hello(self):
        return {"name": "malformed", "protocol": "1.0", "games": {"toy_game": {"players": [3, 5]}}}

    def describe(self, game):
        answer = malformed()
        answer["phases"][0]["clauses"] = ["TG-TRN-01", "XX-NOPE-01"]
        return answer


def test_the_site_still_builds_its_pages_from_a_malformed_describe(toy_project, monkeypatch):
    import casebook.impls

    monkeypatch.setattr(casebook.impls, "open_implementation", lambda spec: Malformed())
    site = Site(toy_project, toy_project / "results").build()
    said = [p for p in site.problems if p.startswith("toy_game: describe at $")]
    assert any("'nowhere' is not one of its phases" in p for p in said) and any(
        "'XX-NOPE-01' is not a clause of the features" in p for p in said
    ), site.problems
    page = site.pages()["games/toy_game/index.md"]
    assert 'class="cb-diagram cb-player-only"' in page and 'id="phase-start"' in page and 'id="phase-odd"' not in page
    assert "XX-NOPE-01" not in page
