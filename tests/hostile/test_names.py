"""Names from engines reach files, the terminal and the site safely; no engine writes as the reference.

Issue 12 reproduced each: ``--name 'x onmouseover=alert(1) tabindex=1'`` became
attributes of the conformance page's heading (attr_list) and the alert ran; an
engine saying it is ``casebook-reference`` replaced the reference's results;
``--name ../../x`` wrote outside the output folder; ANSI escapes reached the
terminal and the HTML raw; a ``[/bold]`` in a name was a rich traceback.
"""

from __future__ import annotations

import json
from html.parser import HTMLParser

import markdown
import pytest

from casebook.names import report_name, slug, terminal
from casebook.site.html import esc, md_heading_text
from casebook.site.render import Site
from tests.hostile.run import fake, files, verify

XSS_NAME = "x onmouseover=alert(1) tabindex=1"
ANSI = "\x1b[31mred\x1b[0m\x1b]0;title\x07\x9b2J"


class Attributes(HTMLParser):
    """Every tag and attribute name in a page."""

    def __init__(self):
        super().__init__()
        self.tags: set[str] = set()
        self.attributes: set[str] = set()

    def handle_starttag(self, tag, attrs):
        self.tags.add(tag)
        self.attributes |= {name for name, _ in attrs}


def conformance_html(results) -> str:
    """The conformance page as mkdocs renders it (attr_list is what turned a name into attributes)."""
    page = Site(results.parent, results, with_engines=False).build().conformance_page()
    return markdown.markdown(page, extensions=["attr_list", "tables", "toc", "pymdownx.details"])


def handlers(page: str) -> set[str]:
    parser = Attributes()
    parser.feed(page)
    return {a for a in parser.attributes if a.startswith("on")} | (parser.tags & {"script", "img", "iframe"})


def test_a_name_given_with_attributes_cannot_add_attributes_to_the_page(tmp_path):
    out = tmp_path / "results"
    run = verify(out, "reference", "--name", XSS_NAME)
    assert run.returncode == 0, run.stdout + run.stderr
    assert [p.name for p in (out / "conformance").glob("*.json")] == [f"{slug(XSS_NAME)}.json"]
    page = conformance_html(out)
    assert "alert(1)" not in "".join(handlers(page)) and not handlers(page), handlers(page)
    assert 'tabindex="1"' not in page


def test_a_hello_name_with_markup_html_and_escapes_is_text_everywhere(tmp_path):
    out = tmp_path / "results"
    name = f"[/bold][red]<img src=x onerror=alert(1)>{ANSI} {{ #x onclick=alert(2) }}"
    run = verify(out, fake("--name", name))
    assert run.returncode == 0 and "Traceback" not in run.stderr, run.stdout + run.stderr
    assert "\x1b" not in run.stdout + run.stderr and "\x9b" not in run.stdout + run.stderr
    assert "[/bold][red]" in run.stdout  # printed as itself, not taken as rich markup
    (report,) = (out / "conformance").glob("*.json")
    assert json.loads(report.read_text())["implementation"]["name"] == name  # the report keeps what it said
    page = conformance_html(out)
    assert not handlers(page), handlers(page)
    assert "\x1b" not in page and "\x9b" not in page and "\x07" not in page


def test_an_engine_claiming_to_be_the_reference_does_not_replace_its_results(tmp_path):
    out = tmp_path / "results"
    assert verify(out, "reference").returncode == 0
    reference = files(out)
    assert "cucumber.json" in reference and "conformance/casebook-reference.json" in reference
    run = verify(out, fake("--name", "casebook-reference"))
    assert run.returncode == 0, run.stdout + run.stderr
    after = files(out)
    assert {k: after[k] for k in reference} == reference, "the reference's files were overwritten"
    impostor = json.loads((out / "conformance" / "claims-casebook-reference.json").read_text())
    assert impostor["implementation"]["reference"] is False
    assert "conformance/cucumber/claims-casebook-reference.json" in after
    labels = {r.file: r.label for r in Site(out.parent, out, with_engines=False).build().reports}
    assert labels["casebook-reference.json"].startswith("casebook-reference ")
    assert "claimed by cmd:" in labels["claims-casebook-reference.json"]


@pytest.mark.parametrize("how", ["--name", "hello"])
def test_no_name_writes_outside_the_output_folder(tmp_path, how):
    out = tmp_path / "a" / "b" / "results"
    spec, args = ("reference", ["--name", "../../x"]) if how == "--name" else (fake("--name", "../../../x"), [])
    run = verify(out, spec, *args)
    assert run.returncode == 0, run.stdout + run.stderr
    written = [p.relative_to(tmp_path) for p in tmp_path.rglob("*") if p.is_file()]
    assert written and all(str(p).startswith("a/b/results/") for p in written), written


@pytest.mark.parametrize("fault", ["hello-games-string", "hello-no-name", "deep", "huge-int"])
def test_a_hostile_hello_is_a_named_failure_of_verify_not_a_traceback(tmp_path, fault):
    run = verify(tmp_path / "results", fake("--fault", f"{fault}:hello"))
    assert run.returncode == 2, run.stdout + run.stderr
    assert "Traceback" not in run.stderr and "cannot start the implementation" in run.stdout
    assert ("out_of_protocol" if fault.startswith("hello") else "too_large") in run.stdout


# -- the functions each sink uses ------------------------------------------------------------
@pytest.mark.parametrize(
    "name, expected",
    [
        ("../../x", "x"),
        ("..", "implementation"),
        (XSS_NAME, "x-onmouseover-alert-1-tabindex-1"),
        ("Casebook Reference", "casebook-reference"),
        (ANSI + "engine", "redengine"),
        ("a" * 500, "a" * 64),
        ("/etc/passwd", "etc-passwd"),
        (".hidden", "hidden"),
    ],
    ids=["parent", "dots", "attributes", "spaces", "ansi", "long", "absolute", "hidden"],
)
def test_a_slug_is_a_bare_safe_file_name(name, expected):
    assert slug(name) == expected


def test_only_the_reference_spec_may_take_the_reference_name():
    assert report_name("reference", "casebook-reference") == "casebook-reference"
    assert report_name("cmd:casebook serve", "casebook-reference") == "claims-casebook-reference"
    assert report_name("cmd:./evil", "anything", "Casebook-Reference") == "claims-casebook-reference"


def test_terminal_and_html_text_lose_escapes_and_markup():
    from rich.console import Console

    console = Console(record=True, width=200, force_terminal=True)
    console.print(terminal("[/bold]" + ANSI + "[link=file:///etc]x"))
    text = console.export_text()
    assert "[/bold]red" in text and "[link=file:///etc]x" in text
    assert esc(ANSI + "<b>") == "red&lt;b&gt;"
    assert md_heading_text("a { #id onclick=x }\nb") == "a \\{ \\#id onclick=x \\} b"


def test_a_report_file_of_a_bad_shape_is_a_problem_not_a_crash(tmp_path):
    folder = tmp_path / "results" / "conformance"
    folder.mkdir(parents=True)
    (folder / "odd.json").write_text(json.dumps({"implementation": "x", "clauses": {"A-B-01": "passed"}}))
    site = Site(tmp_path, tmp_path / "results", with_engines=False).build()
    assert site.reports == [] and any("odd.json" in p for p in site.problems)


def test_casebook_hello_names_a_hostile_hello_instead_of_a_traceback():
    from tests.hostile.run import casebook

    run = casebook("hello", "--impl", fake("--fault", "deep:hello"))
    assert run.returncode == 2 and "too_large" in run.stderr and "Traceback" not in run.stderr, run.stderr
