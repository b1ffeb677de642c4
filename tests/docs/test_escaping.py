"""A hostile string anywhere a page takes text is text, never markup: escaping is the templates' default.

Every value reaches the pages through Jinja2 templates with autoescape (casebook/site/templating.py),
so no page builder has to remember to escape.  This test puts one hostile string in every place a
value comes from (an engine's hello and describe, the feature files, the table questions, a
conformance report, a mutation result, mkdocs.yml's titles), renders every page as mkdocs does
(attr_list included: it turned names into attributes once, issue 12), and finds no tag, attribute
or event handler of its own in any of them.
"""

from __future__ import annotations

import json
import markdown

from casebook.site import mutation
from casebook.site.engines import EngineInfo, check_describe
from casebook.site.render import Site
from casebook.site.templating import render
from tests.hostile.test_names import Attributes

HOSTILE = (
    "<script>alert(1)</script><img src=x onerror=alert(2)>"
    "\" onmouseover=\"alert(3)' onfocus='alert(4) { #x .y onclick=alert(5) } \x1b[31m"
)
FEATURE = f'''Feature: Hostile {HOSTILE}
  Transcribes {HOSTILE}

  @TG-XSS-01
  Rule: A clause that says {HOSTILE}
    {HOSTILE}

    Example: an example named {HOSTILE}
      Given a step with "{HOSTILE}" and <{HOSTILE}>
      And a table:
        | {HOSTILE.replace("|", "")} |
        | {HOSTILE.replace("|", "")} |
      Then a doc string:
        """
        {HOSTILE}
        """
'''


def hostile_describe() -> dict:
    return {
        "game": "toy_game",
        "title": HOSTILE,
        "initial": HOSTILE,
        "phases": [
            {
                "name": HOSTILE,
                "parent": None,
                "final": False,
                "actor": "player",
                "summary": HOSTILE,
                "clauses": ["TG-XSS-01"],
            },
            {"name": "over", "parent": None, "final": True, "actor": None, "summary": "", "clauses": []},
        ],
        "transitions": [
            {
                "verb": HOSTILE,
                "source": HOSTILE,
                "dest": "over",
                "conditions": [HOSTILE],
                "unless": [HOSTILE],
                "effects": [HOSTILE],
                "clauses": ["TG-XSS-01"],
            }
        ],
        "board": {
            "locations": [{"name": HOSTILE, "kind": HOSTILE}, {"name": "b", "kind": "space"}],
            "paths": [{"a": HOSTILE, "b": "b", "length": 2, "kind": HOSTILE}],
        },
    }


def hostile_site(root) -> Site:
    folder = root / "features" / "toy_game"
    (folder / "03-hostile.feature").write_text(FEATURE, encoding="utf-8")
    (folder / "questions.yml").write_text(
        json.dumps({HOSTILE: [{"ask": HOSTILE, "clauses": ["TG-XSS-01"]}]}), encoding="utf-8"
    )
    (root / "results" / "conformance" / "hostile.json").write_text(
        json.dumps(
            {
                "implementation": {"spec": HOSTILE, "name": HOSTILE, "version": HOSTILE},
                "generated": HOSTILE,
                "clauses": {
                    "TG-XSS-01": {
                        "status": "failed",
                        "rule": HOSTILE,
                        "scenarios": [{"name": HOSTILE, "status": "failed", "message": HOSTILE}],
                    },
                    HOSTILE: {"status": "partial", "summary": HOSTILE},
                },
            }
        ),
        encoding="utf-8",
    )
    (root / "results" / "mutation").mkdir()
    (root / "results" / "mutation" / "toy_game.json").write_text(
        json.dumps(
            {
                "format": mutation.FORMAT,
                "game": "toy_game",
                "casebook": "0",
                "features": mutation.features_digest(root),
                "mutants": [
                    {
                        "id": HOSTILE,
                        "operator": HOSTILE,
                        "clauses": ["TG-XSS-01"],
                        "change": HOSTILE,
                        "verdict": "survived",
                        "killed_by": None,
                    }
                ],
                "clauses": {"TG-XSS-01": {"tried": 1, "killed": 0, "survived": 1, "timeout": 0, "equivalent": 0}},
            }
        ),
        encoding="utf-8",
    )
    site = Site(
        root,
        root / "results",
        titles={"toy_game": {"title": HOSTILE, "summary": HOSTILE, "rulebook": HOSTILE}},
        with_engines=False,
    ).build()
    problems: list[str] = []
    described = check_describe("toy_game", hostile_describe(), {c.id for c in site.all_clauses()}, problems)
    assert not problems, problems  # well-formed, so every hostile string reaches the pages
    site.engines["toy_game"] = EngineInfo(
        "toy_game", facts={"players": [HOSTILE, 3], "variants": [HOSTILE], "optional": [HOSTILE]}, describe=described
    )
    site.schemas["toy_game"] = {
        "description": HOSTILE,
        "$defs": {"options": {"properties": {HOSTILE: {"type": HOSTILE, "enum": [HOSTILE], "description": HOSTILE}}}},
    }
    return site


def test_a_hostile_string_is_text_on_every_page(toy_project):
    site = hostile_site(toy_project)
    assert "toy_game" in site.mutation, "the mutation result was read (so its change is on the page)"
    pages = site.pages()
    pages["index.md"] = site.games_list("index.md")
    seen = 0
    for path, text in pages.items():
        html = markdown.markdown(text, extensions=["attr_list", "tables", "toc", "def_list", "pymdownx.details"])
        parser = Attributes()
        parser.feed(html)
        assert not parser.tags & {"script", "img", "iframe"}, (path, parser.tags)
        assert not {a for a in parser.attributes if a.startswith("on")}, (path, parser.attributes)
        assert "\x1b" not in html, path
        seen += "alert(1)" in html
    assert seen >= 8, f"the hostile string reached only {seen} pages: the test would prove nothing"
    section = pages["games/toy_game/hostile.md"]
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in section  # shown, as text


def test_the_templates_escape_by_default():
    assert render("macros.j2") is not None
    out = render(
        "games_list.html",
        here="index.md",
        games=[{"id": "g", "title": HOSTILE, "players": "", "summary": HOSTILE, "links": [(HOSTILE, "x.md")]}],
    )
    assert "<script>" not in out and "<img" not in out and "&lt;script&gt;" in out and "\x1b" not in out
