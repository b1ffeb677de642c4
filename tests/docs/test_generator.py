"""The site generator: reading features and results, and the pages it writes.

Fast tests on the toy project (tests/docs/fixture); one builds it with
``mkdocs build --strict`` end to end, the browser test (test_browser.py)
then drives the real site.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from casebook import settings
from casebook.site import engines, links, protocol_doc, search, wording
from casebook.site.pictures import board_places, turn_graph, turn_mermaid, turn_phone
from casebook.site.pictures.board import board_svg
from casebook.site.render import Site
from casebook.site.results import attach, read_cucumber, read_reports
from casebook.rulebook import CLAUSE_ID, fold, read_games

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
        (["not_run", "skipped"], "not_run"),  # a skip is no verdict: casebook.rulebook's ruling
        (["unsupported", "skipped"], "unsupported"),
    ],
)
def test_one_status_for_many_runs(statuses, expected):
    assert fold(statuses) == expected


def test_conformance_reports_are_read():
    reports, problems = read_reports(FIXTURE / "results")
    assert not problems
    (report,) = reports
    assert report.label == "toy-engine 0.2"
    assert report.clauses["TG-ELM-02"]["status"] == "failed"


def test_a_file_that_is_not_a_report_is_a_problem_named_by_the_report_schema(tmp_path):
    folder = tmp_path / "conformance"
    folder.mkdir()
    good = json.loads((FIXTURE / "results" / "conformance" / "toy-engine.json").read_text(encoding="utf-8"))
    (folder / "good.json").write_text(json.dumps(good), encoding="utf-8")
    (folder / "cucumber.json").write_text("[]", encoding="utf-8")
    (folder / "notes.json").write_text("not json", encoding="utf-8")
    (folder / "old.json").write_text(json.dumps({**good, "totals": {"passed": "1"}}), encoding="utf-8")
    reports, problems = read_reports(tmp_path)
    assert [r.file for r in reports] == ["good.json"]
    assert sorted(p.split(":")[0] for p in problems) == [
        "conformance/cucumber.json",
        "conformance/notes.json",
        "conformance/old.json",
    ]
    assert all("not a conformance report" in p for p in problems), problems
    assert any("$.totals" in p for p in problems), problems  # where the schema found the fault


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
    assert entries[1] == {
        "At a glance": "games/toy_game/at-a-glance.md"
    }  # where a player who has not read the rulebook starts
    assert entries[2] == {"Table questions": "games/toy_game/questions.md"}  # then settling a question
    assert entries[3] == {"The turn": "games/toy_game/the-turn.md"}
    assert {"Rulings": "games/toy_game/rulings.md"} in entries


def test_text_from_features_is_escaped(tmp_path):
    folder = tmp_path / "features" / "odd_game"
    folder.mkdir(parents=True)
    (folder / "01-odd.feature").write_text(
        "Feature: Odd <b>\n  @OG-ODD-01\n  Rule: a *star* and a <script>alert(1)</script> { #x }\n"
        '    Example: e <i>\n      Then "<img src=x>" holds\n'
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
    assert links.href(here, to, anchor) == expected


# -- engines, diagrams, the protocol page ------------------------------------------------------


DESCRIBED = FIXTURE / "describe"
DESCRIBING = "python:tests.docs.describing:make"


def described(game: str) -> dict:
    return json.loads((DESCRIBED / f"{game}.json").read_text())


def real_clauses(game: str) -> list[str]:
    return [c.id for g in read_games(ROOT / "features") if g.id == game for c in g.clauses]


@pytest.mark.parametrize("game", ["cluedo_drei", "feuerdiamant"])
def test_the_turn_diagram_has_phases_and_verbs_only(game):
    answer = engines.check_describe(game, described(game), set(real_clauses(game)), problems := [])
    assert not problems, problems
    source = turn_mermaid.turn_diagram(answer)
    assert source.startswith("flowchart TB\n")
    named = {
        g
        for t in answer["transitions"]
        if t["verb"] != turn_graph.AUTO
        for g in t["conditions"] + t["unless"] + t["effects"]
    }
    assert not [g for g in named if f"|{turn_graph.label(g)}|" in source], (
        "a verb's guards and effects belong in the table, not the picture"
    )
    for phase in answer["phases"]:
        assert f'"{turn_graph.label(phase["name"])}"' in source
    edges, fans = turn_graph.drawn_edges(answer)
    fanned = {said for said, _ in fans}
    drawn = {turn_graph.verb_label(t) for t in answer["transitions"] if t["dest"] not in (None, t["source"])} - fanned
    assert all(said in source for said in drawn)
    assert "|auto" not in source and "auto|" not in source, "an automatic step is named by what makes it happen"
    assert "from " not in source and "[*]" not in source, "no pseudo-boxes"


def test_the_turn_reads_downwards_with_the_final_phases_last():
    answer = engines.check_describe("cluedo_drei", described("cluedo_drei"), set(real_clauses("cluedo_drei")), [])
    source = turn_mermaid.turn_diagram(answer)
    ids = turn_mermaid.phase_ids(answer)
    order = {ids[p["name"]]: i for i, p in enumerate(answer["phases"])}
    for line in source.splitlines():
        if "-->" in line:  # every drawn arrow goes down the engine's order, or to a copy (againN)
            source_id, _, rest = line.strip().partition(" -->")
            target = rest.rsplit(" ", 1)[1]
            assert target.startswith("again") or order[target] > order[source_id], line
    finals = [ids[p["name"]] for p in answer["phases"] if p.get("final")]
    last = [ids[p["name"]] for p in answer["phases"] if not p.get("final")][-1]
    assert all(f"{last} ~~~ {f}" in source or f"{last} -->" in source for f in finals)


def test_a_step_from_many_phases_into_one_is_said_once_under_the_picture():
    answer = engines.check_describe("feuerdiamant", described("feuerdiamant"), set(real_clauses("feuerdiamant")), [])
    source = turn_mermaid.turn_diagram(answer)
    (fan,) = [f for f in turn_graph.fan_ins(answer) if f["dest"] == "lost" and f["count"] >= 3]
    assert fan["label"] not in source, "drawn from each phase it leaves"


@pytest.mark.parametrize("game", ["cluedo_drei", "feuerdiamant"])
def test_at_least_four_fifths_of_the_clauses_are_linked_to_a_phase(game):
    answer = engines.check_describe(game, described(game), set(real_clauses(game)), [])
    linked, total = turn_graph.linked_share(answer, real_clauses(game))
    assert total and linked / total >= 0.8, f"{game}: {linked}/{total}"


def test_the_board_is_drawn_with_every_location_and_path_and_names_escaped():
    board = {
        "locations": [
            {"name": "Zentrale", "kind": "central office", "x": 0.1, "y": 0.9},
            {"name": "<script>alert(1)</script>", "kind": "location"},
            {"name": "Ring 1", "kind": "space"},
        ],
        "paths": [
            {"a": "Zentrale", "b": "<script>alert(1)</script>", "length": 2, "kind": "path"},
            {"a": "Ring 1", "b": "Zentrale", "length": 0, "kind": "secret passage"},
        ],
    }
    svg = board_svg(board, "Toy")
    assert svg.count('class="cb-board-location"') == 3 and svg.count('class="cb-board-path') == 2
    assert svg.count('class="cb-board-step"') == 2  # a path with two spaces between its ends
    assert "<script>" not in svg and "&lt;script&gt;" in svg
    # a secret passage: the same mark on both its places, no line (pictures/board_lines.py says why)
    assert svg.count('class="cb-board-mark"') == 2 and "cb-board-secret" not in svg
    # the only place of its kind, named in the board's own language, is labelled by its kind too (issue 51)
    assert "Central Office (Zentrale)</text>" in svg
    positions = board_places.layout(board)
    assert positions["Zentrale"] == (0.1, 0.9) and all(0 <= x <= 1 and 0 <= y <= 1 for x, y in positions.values())


class Silent:
    """An engine that offers the game but does not answer describe."""

    def hello(self):
        return {"games": {"toy_game": {"players": [3, 5]}}}


def test_an_engine_without_describe_gives_a_note_not_a_crash(toy_project, monkeypatch):
    import casebook.impls

    monkeypatch.setattr(casebook.impls, "open_implementation", lambda spec: Silent())
    site = Site(toy_project, toy_project / "results").build()
    info = site.engines["toy_game"]
    assert info.facts == {"players": [3, 5]} and info.describe is None and "does not answer describe" in info.error
    page = site.pages()["games/toy_game/index.md"]
    assert "No turn diagram: the engine" in page and "No board drawn" in page and "3–5" in page
    assert not [p for p in site.problems if "describe" in p]


def test_the_game_page_draws_from_describe_with_every_phase_linked_to_its_clauses():
    site = Site(ROOT, ROOT / "no-results", engine=DESCRIBING).build()
    assert not site.problems, site.problems
    for game in site.games:
        page = site.pages()[f"games/{game.id}/index.md"]
        answer = site.engines[game.id].describe
        assert answer, site.engines[game.id].error
        assert 'class="cb-diagram cb-player-only"' in page
        if answer["board"]:  # a game without a board (Bulls and Cows) says so instead of drawing one
            assert 'class="cb-board-svg"' in page, game.id
        else:
            assert "No board drawn: the engine describes no board" in page, game.id
        for phase in answer["phases"]:
            assert f'id="phase-{phase["name"]}"' in page
        assert "<th>only if</th>" in page  # the guards' table under the picture


def test_engine_notation_becomes_players_words():
    assert wording.plain("Then the action is rejected as illegal_action") == "Then that is not allowed"
    assert (
        wording.plain("And 1 detective cards are to be drawn for Peter")
        == "And 1 detective card is to be drawn for Peter"
    )
    assert (
        wording.plain('Peter may move to "Schrottplatz~Zentrale:2"')
        == "Peter may move to fingerprint 2 on the path from Schrottplatz to Zentrale"
    )
    assert wording.plain("the view of Peter Shaw shows Mr. Grey") == "Peter Shaw sees Mr. Grey"
    assert wording.plain("Justus Jonas rolls 3 and 5") == "Justus Jonas rolls 3 and 5"
    assert wording.engine_only('And Justus sends {"type": "teleport"}') and not wording.engine_only(
        "Then the action is rejected as illegal_action"
    )


def test_a_section_page_speaks_to_players_and_keeps_the_engine_view_behind_the_switch(toy_project):
    page = toy_site(toy_project).pages()["games/toy_game/the-turn.md"]
    assert 'class="cb-audience-toggle"' in page
    assert (
        '<span class="cb-engine-only" data-search-exclude><span class="cb-badge' in page
    )  # results are for engine authors
    assert '<span class="cb-where cb-engine-only">01-the-turn.feature:' in page


def test_the_engine_view_keeps_the_players_words_and_the_protocols_apart():
    """Issue 51: with the switch on, both spellings show; they read "not allowed (in the protocol: ...)",
    never "not allowedthe action is rejected as ..." run together."""
    import re

    from casebook.rulebook import Step
    from casebook.site.templating import environment
    from casebook.site.viewmodels import step_view

    macros = environment().get_template("examples.j2").make_module({"here": "", "directory_urls": True})
    shown = str(macros.step(step_view(Step("Then", "the action is rejected as illegal_action", 1))))
    text = re.sub(r"<[^>]+>", "", shown)
    assert "that is not allowed (in the protocol: the action is rejected as illegal_action)" in text, text


def test_see_also_is_declared_once_and_rendered_both_ways(toy_project):
    site = toy_site(toy_project)
    trn, elm = clause(site, "TG-TRN-01"), clause(site, "TG-ELM-02")
    assert trn.see_also == ["TG-ELM-02"] and "See also" not in trn.description
    assert [c.id for c in site.related(trn)] == ["TG-ELM-02"] and [c.id for c in site.related(elm)] == ["TG-TRN-01"]
    page = site.pages()["games/toy_game/the-turn.md"]
    assert page.count('class="cb-see-also"') == 2


def test_a_see_also_or_a_table_question_that_names_no_clause_fails_the_build(toy_project):
    feature = toy_project / "features" / "toy_game" / "01-the-turn.feature"
    feature.write_text(feature.read_text().replace("See also: TG-ELM-02", "See also: TG-ELM-99"))
    (toy_project / "features" / "toy_game" / "questions.yml").write_text(
        "Turns:\n  - ask: Who is next?\n    clauses: [TG-TRN-77]\n"
    )
    site = toy_site(toy_project)
    assert any("TG-ELM-99" in p for p in site.problems) and any("TG-TRN-77" in p for p in site.problems)


def test_table_questions_link_to_their_clauses_and_the_game_page_links_to_them(toy_project):
    site = toy_site(toy_project)
    pages = site.pages()
    questions = pages["games/toy_game/questions.md"]
    assert "search:\n  exclude: true" in questions
    assert "Does a player who is out still show cards?" in questions and 'href="../the-turn/#TG-ELM-02"' in questions
    assert 'href="questions/"' in pages["games/toy_game/index.md"]
    (entry,) = site.nav_games()
    assert {"Table questions": "games/toy_game/questions.md"} in entry["Toy Game"]


def test_generated_registers_stay_out_of_search_and_clause_pages_stay_in(toy_project):
    pages = toy_site(toy_project).pages()
    for path in (
        "games/toy_game/rulings.md",
        "games/toy_game/variants.md",
        "coverage.md",
        "conformance.md",
        "clauses.md",
        "protocol/index.md",
        "games/index.md",
    ):
        assert pages[path].startswith("---\nsearch:\n  exclude: true\n---"), path
    assert not pages["games/toy_game/the-turn.md"].startswith("---")


def test_the_rulings_register_opens_with_the_rulings_about_play(toy_project):
    feature = toy_project / "features" / "toy_game" / "01-the-turn.feature"
    feature.write_text(feature.read_text().replace("@TG-LOG-03", "@TG-LOG-03 @ruling"))
    rulings = toy_site(toy_project).pages()["games/toy_game/rulings.md"]
    assert (
        rulings.index("How the game is played")
        < rulings.index("TG-ELM-02")
        < rulings.index("our model")
        < rulings.index("TG-LOG-03")
    )


def test_search_data_carries_each_games_title_and_player_words(toy_project):
    (toy_project / "features" / "toy_game" / "synonyms.yml").write_text(
        "knocked out: eliminated\nwent first: [youngest, starts]\n"
    )
    data = search.search_data(toy_site(toy_project))
    assert data["games"]["toy_game"]["title"] == "Toy Game" and "toy" in data["games"]["toy_game"]["names"]
    assert ["knocked out", ["eliminated"], "toy_game"] in data["synonyms"] and [
        "went first",
        ["youngest", "starts"],
        "toy_game",
    ] in data["synonyms"]


def test_a_rulebook_in_another_language_gives_the_glossary_its_words_and_search_knows_them(toy_project):
    """Issue 26: the printed rulebook's own words (French, Catalan) as a player holding it types them."""
    (toy_project / "features" / "toy_game" / "synonyms.yml").write_text(
        "knocked out: eliminated\nrulebook:\n  language: French\n  words:\n    éliminé: eliminated\n    pénalité: "
        "penalty\n"
    )
    site = toy_site(toy_project)
    assert site.synonyms["toy_game"] == {"knocked out": ["eliminated"]}  # the rulebook part is no player's word
    glossary = site.pages()["games/toy_game/glossary.md"]
    assert "<th>the printed rulebook (French)</th>" in glossary
    row = glossary[glossary.index('<tr id="eliminated">') :].split("</tr>")[0]
    assert "<td>knocked out</td>" in row and '<td lang="fr">éliminé</td>' in row, row
    assert '<tr id="penalty"><td><strong>penalty</strong></td><td></td><td lang="fr">pénalité</td></tr>' in glossary
    data = search.search_data(site)
    assert ["elimine", ["eliminated"], "toy_game"] in data["synonyms"] and [
        "penalite",
        ["penalty"],
        "toy_game",
    ] in data["synonyms"]


def test_a_malformed_rulebook_part_of_the_synonyms_is_a_problem_not_a_crash(toy_project):
    (toy_project / "features" / "toy_game" / "synonyms.yml").write_text("rulebook: [pénalité]\n")
    site = toy_site(toy_project)
    assert site.rulebook_words["toy_game"] == {} and any("rulebook is {language" in p for p in site.problems), (
        site.problems
    )


def test_the_protocol_page_is_made_from_the_docstrings():
    text = protocol_doc.protocol_markdown()
    assert "<td><code>hello()</code></td>" in text  # the reST table became a table
    assert "<code>illegal_action</code>" in text  # the typed errors
    assert "<pre><code>{&quot;jsonrpc&quot;: &quot;2.0&quot;" in text  # a literal block from the wire docstring
    assert "``" not in text


# -- the whole build ----------------------------------------------------------------------------


def mkdocs_build(project: Path, out: Path, impl: str | None = None) -> subprocess.CompletedProcess:
    """Build a project with the real mkdocs.yml, hooks and hand-written docs (``impl``: the engine to ask)."""
    for name in ("mkdocs.yml", "docs", "casebook"):
        if not (project / name).exists():
            (project / name).symlink_to(ROOT / name)
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1", **{settings.RESULTS.name: str(project / "results")})
    if impl:
        env[settings.IMPL.name] = impl
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))
    if (ROOT / "build" / "vendor").is_dir():  # reuse the vendored mermaid rather than fetch it again
        cached = sorted((ROOT / "build" / "vendor").glob("mermaid-*.min.js"))
        if cached:
            env[settings.MERMAID_JS.name] = str(cached[-1])
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
    notice = (tmp_path / "site" / "javascripts" / "vendor" / "mermaid.LICENSE.txt").read_text()
    assert "MIT" in notice and "Copyright (c) 2014 Knut Sveidqvist" in notice, "mermaid's licence goes with every copy"


def test_clause_ids_match_the_plugin_pattern():
    from casebook.pytest.plugin import CLAUSE_ID as PLUGIN_CLAUSE_ID

    assert CLAUSE_ID.pattern == PLUGIN_CLAUSE_ID.pattern


def test_the_cucumber_writer_of_these_tests_is_honest():
    """The helper must produce what pytest-bdd writes: one element per run, steps with results."""
    data = cucumber(FIXTURE / "features", default_outcome)
    names = [e["name"] for f in data for e in f["elements"]]
    assert names.count("any eliminated player answers") == 2
    assert "four cards set aside" not in names


def test_the_site_never_imports_or_parses_an_engine():
    """Issue 9: the site knows an engine only through the protocol (casebook.impls, hello, describe)."""
    from tests.test_conventions import imported_modules

    offenders = {
        p.name: sorted(m for m in imported_modules(p) if m.split(".")[0] == "statemachines")
        for p in (ROOT / "casebook" / "site").glob("*.py")
    }
    assert not {k: v for k, v in offenders.items() if v}, offenders
    for path in (ROOT / "casebook" / "site").glob("*.py"):
        source = path.read_text(encoding="utf-8")
        assert "machine.py" not in source and "ast.parse" not in source, f"{path.name} reads engine source"


def test_at_a_glance_splits_the_set_up_from_the_turn_by_where_play_comes_back():
    """A phase's arrow to itself is no turn coming back (Cluedo deals card by card: its dealing is set-up, not the
    turn), and chance phases the play comes back to once per round, before the turns loop on a later phase, set each
    round up (P.I. seeds the board, deals the cases and turns the evidence up at every round)."""
    from casebook.site.pictures.turn_graph import turn_phases

    def described(phases, arrows):
        return {
            "phases": [{"name": n, "actor": a, "final": a == "final"} for n, a in phases],
            "transitions": [{"source": s, "dest": d} for s, d in arrows],
        }

    dealing = described(
        [("dealing", "chance"), ("turn", "player"), ("won", "final")],
        [("dealing", "dealing"), ("dealing", "turn"), ("turn", "turn"), ("turn", "won")],
    )
    setup, turn, finals = turn_phases(dealing)
    assert (
        [p["name"] for p in setup] == ["dealing"]
        and [p["name"] for p in turn] == ["turn"]
        and [p["name"] for p in finals] == ["won"]
    )
    assert not setup[0]["each_round"]

    rounds = described(
        [
            ("seeding", "chance"),
            ("turning_up", "chance"),
            ("playing", "player"),
            ("turn_over", None),
            ("over", "final"),
        ],
        [
            ("seeding", "turning_up"),
            ("turning_up", "playing"),
            ("playing", "turn_over"),
            ("turn_over", "playing"),
            ("turn_over", "seeding"),
            ("turn_over", "over"),
        ],
    )
    setup, turn, _ = turn_phases(rounds)
    assert [(p["name"], p["each_round"]) for p in setup] == [("seeding", True), ("turning_up", True)]
    assert [p["name"] for p in turn] == ["playing", "turn_over"]

    dice_first = described(
        [("setup", "chance"), ("rolling", "chance"), ("moving", "players"), ("over", "final")],
        [("setup", "rolling"), ("rolling", "moving"), ("moving", "rolling"), ("moving", "over")],
    )
    setup, turn, _ = turn_phases(
        dice_first
    )  # a turn that starts with a roll keeps it: only one place the play comes back to
    assert [p["name"] for p in setup] == ["setup"] and [p["name"] for p in turn] == ["rolling", "moving"]


def test_at_a_glance_teaches_the_first_turn_in_players_words():
    """Issue 51: each game's glance names every move a player chooses, with what it does; Small Detectives'
    fifteen cards with their numbers; P.I.'s discs, cubes, five detectives and scoring; and no engine wording
    outside the engine authors' view."""
    import re

    site = Site(ROOT, ROOT / "no-results").build()
    pages = site.pages()
    for game in site.games:
        page = pages[f"games/{game.id}/at-a-glance.md"]
        assert '<ul class="cb-glance cb-moves">' in page and "<li><strong>" in page, game.id
        # what a player sees: the page without the engine-only parts
        shown = re.sub(r'<(ul|li|div|span)[^>]*class="[^"]*cb-engine-only[^"]*"[^>]*>.*?</\1>', "", page, flags=re.S)
        for engine in ("bad_request", "illegal_action", "refused", "neighbour-answers", "does not know"):
            assert engine not in shown, (game.id, engine)
    sd = pages["games/small_detectives/at-a-glance.md"]
    # the cards a table: number, name, effect; the four Foot Patrols, one effect, a row
    # each effect in its clause's words, without the name the row says beside them (issue 51)
    assert "<td>first</td><td><strong>Shadowing</strong></td><td>comes first" in sd
    assert "<td>001–004</td><td><strong>Foot Patrol ×4</strong></td><td>moves its player" in sd
    assert "<td>014</td><td><strong>Telephone Call</strong></td>" in sd
    assert len(re.findall(r"<tr><td>(?:first|\d{3}(?:–\d{3})?)</td><td><strong>", sd)) == 12
    pi = pages["games/pi/at-a-glance.md"]
    for said in ("one disc for each element", "one cube for each element", "five detectives for the whole game"):
        assert said in pi, said
    assert "7 points in the first discovery turn" in pi and "penalty of two points" in pi.replace("−", "-")
    fd = pages["games/feuerdiamant/at-a-glance.md"]
    for move in (
        "a. Reveal a clue card",
        "b. Reveal a person card",
        "c. Remove an obstacle",
        "d. Draw a detective card",
    ):
        assert f"<strong>{move}" in fd, move


def test_the_site_lists_every_clause_status_a_report_can_give():
    """A status the report folds to (``blocked`` since issue 44) must not vanish from the site's counts."""
    from casebook.rulebook import CLAUSE_STATUSES
    from casebook.site.viewmodels import STATUS_ORDER

    assert set(CLAUSE_STATUSES) <= set(STATUS_ORDER)


@pytest.mark.parametrize("game", ["small_detectives", "pi"])
def test_the_engine_authors_phone_pictures_wrap_their_guards_to_fit_the_column(game):
    """Issue 51: on a phone the engine authors' guards side by side ("when someone at the police", "then step back,
    pass cards, begin round") made two of Small Detectives' pictures 429 and 529 px wide in a 343 px column.  Their
    phone pictures set an arrow's words on short lines, and each is estimated to fit; the players' words, and every
    desk picture, are as they were (no line broken)."""
    answer = engines.check_describe(game, described(game), set(real_clauses(game)), [])
    broken = 0
    for player in (True, False):
        for sub, part, across, _ in turn_phone.narrow_pictures(answer, player):
            phone = turn_mermaid.drawing(answer, sub, player, part, across=across, phone=True)[0]
            assert "<br>" not in turn_mermaid.drawing(answer, sub, player, part, across=across)[0]
            if player:
                assert "<br>" not in phone, phone
                continue
            lines = [line for said in re.findall(r"\|([^|]*)\|", phone) for line in said.split("<br>")]
            assert all(len(line) <= turn_mermaid.PHONE_LINE or " " not in line for line in lines), phone
            assert turn_phone.widest_px(phone) <= turn_phone.PHONE_PX, phone
            broken += phone.count("<br>")
    assert broken, f"{game}: no engine author's guard long enough to wrap"
