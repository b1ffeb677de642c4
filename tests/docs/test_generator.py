"""The site generator: reading features and results, and the pages it writes.

Fast tests on the toy project (tests/docs/fixture); one builds it with
``mkdocs build --strict`` end to end, the browser test (test_browser.py)
then drives the real site.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from casebook.site import engines, html, protocol_doc
from casebook.site.render import Site
from casebook.site.results import attach, read_cucumber, read_reports
from casebook.site.spec import CLAUSE_ID, read_games, summarize

from .conftest import FIXTURE, ROOT, cucumber, default_outcome


def toy_site(root: Path, results: Path | None = None) -> Site:
    return Site(root, results if results is not None else root / "results", with_engines=False).build()


def clause(site: Site, clause_id: str):
    return next(c for c in site.all_clauses() if c.id == clause_id)


# -- reading the features -------------------------------------------------------------


def test_every_rule_becomes_a_clause_with_its_id_wording_and_examples():
    (game,) = read_games(FIXTURE / "features")
    assert game.id == "toy_game"
    assert [s.slug for s in game.sections] == ["the-turn", "duel"]  # the page name drops the order number
    assert [c.id for c in game.clauses] == ["TG-TRN-01", "TG-ELM-02", "TG-LOG-03", "TG-DUE-01", "TG-DUE-02"]
    turn = game.clauses[0]
    assert turn.text == "The players take turns clockwise, starting with the youngest"
    assert [e.name for e in turn.examples] == ["Bob follows Alice", "the last player hands on to the first"]
    assert [s.keyword for s in turn.examples[0].steps] == ["Given", "When", "Then"]
    assert game.sections[0].background[0].text == "a 3-player toy game"
    assert not game.problems


def test_kinds_come_from_the_tags_and_a_section_tag_reaches_its_clauses():
    (game,) = read_games(FIXTURE / "features")
    kinds = {c.id: c.kinds for c in game.clauses}
    assert kinds["TG-TRN-01"] == ["rule"]
    assert kinds["TG-ELM-02"] == ["ruling"]
    assert kinds["TG-LOG-03"] == ["rule", "model"]
    assert kinds["TG-DUE-01"] == ["rule", "variant"]  # @variant-duel sits on the Feature
    assert kinds["TG-DUE-02"] == ["rule", "variant", "optional"]
    ruling = game.clauses[1]
    assert "we keep them answering" in ruling.description
    assert "\n" in ruling.description or len(ruling.description) > 40


def test_tables_doc_strings_and_outlines_are_kept():
    (game,) = read_games(FIXTURE / "features")
    ruling = game.clauses[1]
    table = ruling.examples[0].steps[1].table
    assert table == [["card", "kind"], ["the rope", "weapon"]]
    outline = ruling.examples[1]
    assert outline.is_outline and outline.tables[0].header == ["who", "card"]
    assert [r.values for r in outline.tables[0].rows] == [["Bob", "the rope"], ["Carol", "the knife"]]
    assert game.clauses[2].examples[0].steps[1].doc == "Bob showed a card to Alice"


def test_a_broken_feature_or_a_rule_without_id_is_reported_not_fatal(tmp_path):
    folder = tmp_path / "features" / "bad_game"
    folder.mkdir(parents=True)
    (folder / "01-ok.feature").write_text("Feature: Ok\n  Rule: no id here\n    Example: e\n      Then it holds\n")
    (folder / "02-broken.feature").write_text("Then a step before any Feature\nFeature: Broken\n")
    (game,) = read_games(tmp_path / "features")
    assert any("no id" in p or "0 clause ids" in p for p in game.problems)
    assert any("Gherkin parser" in p for p in game.problems)
    assert game.sections[1].error and game.sections[1].clauses == []


def test_no_features_no_games(tmp_path):
    assert read_games(tmp_path / "nowhere") == []


# -- results ------------------------------------------------------------------------------


def test_results_attach_to_examples_and_outline_rows(toy_project):
    site = toy_site(toy_project)
    turn = clause(site, "TG-TRN-01")
    assert [e.result.status for e in turn.examples] == ["passed", "failed"]
    assert "did not" in turn.examples[1].result.message
    assert turn.status == "failed"
    rows = clause(site, "TG-ELM-02").examples[1].tables[0].rows
    assert [r.result.status for r in rows] == ["passed", "failed"]
    assert clause(site, "TG-ELM-02").status == "failed"
    assert clause(site, "TG-LOG-03").status == "passed"
    assert clause(site, "TG-DUE-01").status == "not_run"


def test_outline_rows_are_matched_by_their_steps_not_their_order(toy_project):
    data = json.loads((toy_project / "results" / "cucumber.json").read_text())
    elements = data[0]["elements"]
    outline = [i for i, e in enumerate(elements) if e["name"] == "any eliminated player answers"]
    elements[outline[0]], elements[outline[1]] = elements[outline[1]], elements[outline[0]]
    (toy_project / "results" / "cucumber.json").write_text(json.dumps(data))
    rows = clause(toy_site(toy_project), "TG-ELM-02").examples[1].tables[0].rows
    assert [r.result.status for r in rows] == ["passed", "failed"]


def test_a_fresh_clone_without_results_shows_everything_not_run(toy_project):
    site = toy_site(toy_project, toy_project / "no-results-here")
    assert {c.status for c in site.all_clauses()} == {"not_run"}
    assert "No results yet" in site.coverage_page()
    assert "No implementation has been validated yet" in site.conformance_page()


def test_results_split_over_several_files_are_merged(toy_project):
    """A run split over processes (xdist workers write no Cucumber JSON) can leave one file per job."""
    results = toy_project / "results"
    everything = json.loads((results / "cucumber.json").read_text())
    (results / "cucumber.json").unlink()
    (results / "cucumber-1.json").write_text(json.dumps(everything[:1]))
    (results / "cucumber-2.json").write_text(json.dumps(everything[1:]))
    site = toy_site(toy_project)
    assert clause(site, "TG-TRN-01").examples[0].result.status == "passed"
    assert len(site.last.files) == 2


def test_an_unreadable_results_file_is_a_problem_not_a_crash(toy_project):
    (toy_project / "results" / "cucumber-bad.json").write_text("{not json")
    site = toy_site(toy_project)
    assert any("cucumber-bad.json" in p for p in site.problems)
    assert clause(site, "TG-TRN-01").examples[0].result.status == "passed"


def test_an_empty_cucumber_file_means_not_run(tmp_path):
    (tmp_path / "cucumber.json").write_text("")
    games = read_games(FIXTURE / "features")
    attach(games, read_cucumber(tmp_path))
    assert {c.status for g in games for c in g.clauses} == {"not_run"}


@pytest.mark.parametrize(
    "statuses, expected",
    [
        ([], "not_run"),
        (["passed", "passed"], "passed"),
        (["passed", "failed"], "failed"),
        (["passed", "not_run"], "partial"),
        (["not_run", "skipped"], "skipped"),
        (["unsupported", "skipped"], "unsupported"),
    ],
)
def test_one_status_for_many_runs(statuses, expected):
    assert summarize(statuses) == expected


def test_conformance_reports_are_read():
    reports, problems = read_reports(FIXTURE / "results")
    assert not problems
    (report,) = reports
    assert report.label == "toy-engine 0.2"
    assert report.clauses["TG-ELM-02"]["status"] == "failed"


# -- pages ----------------------------------------------------------------------------------


def test_a_section_page_anchors_each_clause_by_its_id_and_shows_examples_and_badges(toy_project):
    site = toy_site(toy_project)
    page = site.pages()["games/toy_game/the-turn.md"]
    assert "\n## TG-ELM-02 · An eliminated player still shows cards when asked { #TG-ELM-02 .cb-clause }\n" in page
    assert 'id="TG-ELM-02-ex1"' in page and "Our ruling, and why" in page
    assert page.count('class="cb-example ') == 5
    assert "cb-status-passed" in page and "cb-status-failed" in page
    assert "<th>card</th><th>kind</th>" in page  # a data table is a table
    assert '<span class="cb-param">&lt;who&gt;</span>' in page
    assert "Bob showed a card to Alice" in page
    assert "AssertionError: it did not" in page  # why it failed


def test_rulings_register_variants_coverage_and_index(toy_project):
    site = toy_site(toy_project)
    pages = site.pages()
    rulings = pages["games/toy_game/rulings.md"]
    assert "{ #TG-ELM-02 }" in rulings and "we keep them answering" in rulings and "TG-TRN-01" not in rulings
    variants = pages["games/toy_game/variants.md"]
    assert "The Duel variant" in variants and "Only with 2 players" in variants and "Optional clauses" in variants
    coverage = pages["coverage.md"]
    assert "<td>The turn</td>" not in coverage and "The turn</a>" in coverage
    assert "<strong>5</strong>" in coverage  # total clauses of the game
    index = pages["clauses.md"]
    assert 'id="TG-DUE-02"' in index and 'data-permalink="TG-DUE-02"' in index
    conformance = pages["conformance.md"]
    assert "toy-engine 0.2" in conformance and "Bob showed nothing" in conformance


def test_navigation_is_game_then_sections():
    site = toy_site(FIXTURE)
    (entry,) = site.nav_games()
    (entries,) = entry.values()
    assert entries[0] == "games/toy_game/index.md"
    assert entries[1] == {"The turn": "games/toy_game/the-turn.md"}
    assert {"Rulings": "games/toy_game/rulings.md"} in entries


def test_text_from_features_is_escaped(tmp_path):
    folder = tmp_path / "features" / "odd_game"
    folder.mkdir(parents=True)
    (folder / "01-odd.feature").write_text(
        "Feature: Odd <b>\n  @OG-ODD-01\n  Rule: a *star* and a <script>alert(1)</script> { #x }\n"
        "    Example: e <i>\n      Then \"<img src=x>\" holds\n"
    )
    page = Site(tmp_path, None, with_engines=False).build().pages()["games/odd_game/odd.md"]
    assert "<script>" not in page and "<img" not in page and "<i>" not in page
    assert "\\*star\\*" in page and "\\{ \\#x \\}" in page


@pytest.mark.parametrize(
    "here, to, anchor, expected",
    [
        ("games/g/sec.md", "games/g/rulings.md", "X-Y-01", "../rulings/#X-Y-01"),
        ("games/g/index.md", "games/g/sec.md", "", "sec/"),
        ("coverage.md", "games/g/sec.md", "A-B-02", "../games/g/sec/#A-B-02"),
        ("clauses.md", "clauses.md", "A-B-02", "#A-B-02"),
        ("protocol/index.md", "schemas/g.json", "", "../schemas/g.json"),
        ("games/g/index.md", "index.md", "", "../../"),
    ],
)
def test_links_between_generated_pages(here, to, anchor, expected):
    assert html.href(here, to, anchor) == expected


# -- engines, diagrams, the protocol page ------------------------------------------------------


def test_clause_citations_in_code_are_read_with_ranges():
    assert engines.cited("# TG-DUE-01..03: and (TG-TRN-01), not TG-X") == ["TG-DUE-01", "TG-DUE-02", "TG-DUE-03", "TG-TRN-01"]
    functions = engines.citations_of_functions(FIXTURE / "machine_sample.py")
    assert functions["someone_can_show"] == ["TG-DUE-01", "TG-DUE-02"]
    assert functions["pass_turn"] == ["TG-TRN-01"]
    rows = engines.row_comments(FIXTURE / "machine_sample.py", "TRANSITIONS")
    assert engines.cited(rows[0]) == ["TG-ELM-02"] and engines.cited(rows[1]) == ["TG-LOG-03"]
    states = engines.row_comments(FIXTURE / "machine_sample.py", "STATES")
    assert engines.cited(states[0]) == ["TG-TRN-01"] and states[1] == ""


def test_the_diagram_is_tidied_for_a_page():
    drawn = "---\nMy game\n---\nstateDiagram-v2\n  direction LR\n  state \"a\" as a\n  Class a s_active\n  [*] --> a\n"
    tidy = engines.tidy_diagram(drawn)
    assert tidy.startswith('---\ntitle: "My game"\n---\nstateDiagram-v2\n  direction TB\n')
    assert "Class a s_default" in tidy


def test_every_reference_engine_draws_a_diagram_and_links_phases_to_clauses():
    games = read_games(ROOT / "features")
    problems: list[str] = []
    infos = engines.engine_infos({g.id: {c.id for c in g.clauses} for g in games}, problems)
    assert not [p for p in problems if "does not load" in p or "registry failed" in p], problems
    for game, info in infos.items():
        if info.error == "no reference engine yet":
            continue
        assert any(line.startswith("stateDiagram") for line in info.diagram.splitlines()[:5]), game
        assert info.states, f"{game}: no phases read from its machine"
        known = {c.id for g in games if g.id == game for c in g.clauses}
        assert all(i in known for ids in info.state_clauses.values() for i in ids)


def test_the_protocol_page_is_made_from_the_docstrings():
    text = protocol_doc.protocol_markdown()
    assert "<td><code>hello()</code></td>" in text  # the reST table became a table
    assert "<code>illegal_action</code>" in text  # the typed errors
    assert "<pre><code>{&quot;jsonrpc&quot;: &quot;2.0&quot;" in text  # a literal block from the wire docstring
    assert "``" not in text


# -- the whole build ----------------------------------------------------------------------------


def mkdocs_build(project: Path, out: Path) -> subprocess.CompletedProcess:
    """Build a project with the real mkdocs.yml, hooks and hand-written docs."""
    for name in ("mkdocs.yml", "docs", "casebook"):
        if not (project / name).exists():
            (project / name).symlink_to(ROOT / name)
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1", CASEBOOK_RESULTS=str(project / "results"))
    if (ROOT / "build" / "vendor").is_dir():  # reuse the vendored mermaid rather than fetch it again
        cached = sorted((ROOT / "build" / "vendor").glob("mermaid-*.min.js"))
        if cached:
            env["CASEBOOK_MERMAID_JS"] = str(cached[-1])
    return subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-f", str(project / "mkdocs.yml"), "-d", str(out)],
        cwd=project,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_the_toy_project_builds_strict_with_anchors_and_a_searchable_id(toy_project, tmp_path):
    done = mkdocs_build(toy_project, tmp_path / "site")
    assert done.returncode == 0, done.stderr
    section = (tmp_path / "site" / "games" / "toy_game" / "the-turn" / "index.html").read_text()
    assert 'id="TG-ELM-02"' in section
    search = json.loads((tmp_path / "site" / "search" / "search_index.json").read_text())
    assert any(d["location"].endswith("#TG-ELM-02") for d in search["docs"])
    assert (tmp_path / "site" / "javascripts" / "vendor" / "mermaid.min.js").stat().st_size > 100_000


def test_clause_ids_match_the_plugin_pattern():
    from casebook.pytest_plugin import CLAUSE_ID as PLUGIN_CLAUSE_ID

    assert CLAUSE_ID.pattern == PLUGIN_CLAUSE_ID.pattern


def test_the_cucumber_writer_of_these_tests_is_honest():
    """The helper must produce what pytest-bdd writes: one element per run, steps with results."""
    data = cucumber(FIXTURE / "features", default_outcome)
    names = [e["name"] for f in data for e in f["elements"]]
    assert names.count("any eliminated player answers") == 2
    assert "four cards set aside" not in names


def test_the_players_words_make_a_clause_findable(toy_project):
    site = toy_site(toy_project)
    site.glossary = {"eliminated": ["knocked out", "eliminated"], "the youngest": ["first player"]}
    page = site.pages()["games/toy_game/the-turn.md"]
    assert "In other words: <em>knocked out</em></p>" in page  # never the word the clause already uses
    assert "In other words: <em>first player</em>" in page
