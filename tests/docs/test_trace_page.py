"""The per-game "Rulebook trace" page (casebook/site/tracepage.py), without a browser.

Each game with a features/<game>/trace.yml gets a page listing every paragraph of its
rulebook by section: the clauses whose Source line cites it, with their last results,
or the reason it carries no rule.  No paragraph is quoted.  Each clause's Source line
links to its paragraphs' rows.  The browser test (test_browser.py) clicks through it.
"""

from __future__ import annotations

import html

import re
import shutil
import textwrap

import pytest

from casebook.site import tracepage
from casebook.site.render import Site
from casebook.trace import rulebook_paragraphs, rulebooks_folder

from .conftest import FIXTURE, ROOT


@pytest.fixture(scope="module")
def site() -> Site:
    return Site(ROOT, ROOT / "results", with_engines=False).build()


def traced(site: Site):
    return [g for g in site.games if g.id in site.traces]


def rows(page: str) -> dict[int, str]:
    """Paragraph number -> the HTML of its row."""
    return {int(n): body for n, body in re.findall(r'<tr id="p(\d+)">(.*?)</tr>', page)}


def test_the_games_with_a_trace_file_have_a_trace_page_in_the_nav(site):
    games = traced(site)
    assert {"cluedo_drei", "feuerdiamant"} <= {g.id for g in games}
    pages = site.pages()
    nav = {g: entries for item in site.nav_games() for g, entries in item.items()}
    for game in games:
        assert tracepage.path(game.id) in pages
        assert {"Rulebook trace": tracepage.path(game.id)} in nav[site.title(game.id)]
        assert "rulebook-trace/" in pages[f"games/{game.id}/index.md"], "the game page links its trace"
    assert not [p for p in site.problems if "trace" in p], site.problems


def test_every_paragraph_has_a_row_with_its_clauses_or_its_reason(site):
    for game in traced(site):
        trace = site.traces[game.id]
        page = site.pages()[tracepage.path(game.id)]
        found = rows(page)
        assert sorted(found) == trace.paragraphs, game.id
        for n, row in found.items():
            linked = re.findall(r'class="cb-clause-id" href="[^"]*#([A-Z]+-[A-Z]+-\d+)"', row)
            assert linked == list(dict.fromkeys(c.id for c in trace.clauses_of(n))), (game.id, n)
            if linked:
                assert "cb-badge" in row, f"{game.id} ¶{n}: its clauses' last results"
            else:
                assert "no rule: " in row and html.unescape(row).count(trace.no_rule[n]), (game.id, n)
        for section in trace.sections:
            assert f"{{ #{tracepage.section_anchor(section.title)} }}" in page


def test_the_page_quotes_no_paragraph_of_the_rulebook(site):
    folder = rulebooks_folder()
    if folder is None:
        pytest.skip("the rulebook texts are not at hand (set CASEBOOK_RULEBOOKS to their folder)")
    for game in traced(site):
        page = site.pages()[tracepage.path(game.id)]
        long = [p for p in rulebook_paragraphs(folder / site.traces[game.id].rulebook) if len(p) > 40]
        assert long and not [p for p in long if p in page], game.id


def test_a_clause_shows_its_source_line_linked_to_its_paragraphs(site):
    pages = site.pages()
    clause = next(c for c in site.all_clauses() if c.id == "CD-SET-02")
    page = pages[site.clause_page(clause)]
    start = page.index('id="CD-SET-02-ex1"') if 'id="CD-SET-02-ex1"' in page else len(page)
    head = page[page.index("CD-SET-02 ·") : start]
    assert '<p class="cb-source-line"' in head and 'href="../rulebook-trace/#p43">¶43</a>' in head
    assert "Source: Setup" not in head, "the raw Source line is not repeated in the note"
    rulings = pages["games/cluedo_drei/rulings.md"]
    assert "cb-source-line" in rulings and "Source: " not in rulings


def test_a_game_without_a_trace_file_has_no_trace_page(tmp_path):
    root = tmp_path / "project"
    shutil.copytree(FIXTURE / "features", root / "features")
    toy = Site(root, root / "results", with_engines=False).build()
    assert toy.traces == {} and not [p for p in toy.pages() if p.endswith(tracepage.PAGE)]
    assert not toy.problems


def test_an_untraced_paragraph_is_a_problem_of_the_build(tmp_path):
    """A trace file that leaves a paragraph out makes ``mkdocs build --strict`` fail (the problems are warnings)."""
    root = tmp_path / "project"
    shutil.copytree(FIXTURE / "features", root / "features")
    (root / "features" / "toy_game" / "trace.yml").write_text(
        textwrap.dedent("""\
        rulebook: toy.txt
        sections:
          - title: Everything
            paragraphs: 1-3
        no_rule:
          1: heading
    """)
    )
    toy = Site(root, root / "results", with_engines=False).build()
    assert "toy_game" in toy.traces
    assert any("¶2 is neither transcribed" in p for p in toy.problems), toy.problems
