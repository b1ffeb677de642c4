"""Small HTML helpers for the generated pages.

Clause bodies are written as raw HTML inside Markdown pages: Gherkin text may
hold any character, and escaping it once for HTML is simpler and safer than
escaping it for Markdown.  Headings stay Markdown so that the table of
contents, the navigation and the search index see every clause.
"""

from __future__ import annotations

import html
import posixpath

from casebook.names import printable

LABELS = {
    "passed": "passed",
    "failed": "failed",
    "skipped": "skipped",
    "unsupported": "unsupported",
    "not_run": "not run",
    "partial": "partly run",
}


def esc(text) -> str:
    """Text for HTML, in a body or an attribute: escaped, and without ANSI escapes or control characters
    (an engine's name or message may hold any of them)."""
    return html.escape(printable(str(text)), quote=True)


def md_heading_text(text: str) -> str:
    """Text safe inside a Markdown heading: no emphasis, links, attribute lists, raw tags or escapes."""
    out = []
    for ch in printable(text).replace("\n", " "):
        if ch in "\\`*_{}[]()#+!|":
            out.append("\\" + ch)
        elif ch == "<":
            out.append("&lt;")
        elif ch == "&":
            out.append("&amp;")
        else:
            out.append(ch)
    return "".join(out)


def badge(status: str) -> str:
    return f'<span class="cb-badge cb-status-{esc(status)}" title="last run: {esc(LABELS.get(status, status))}">{esc(LABELS.get(status, status))}</span>'


def kind_badge(kind: str, title: str = "") -> str:
    return f'<span class="cb-kind cb-kind-{esc(kind)}" title="{esc(title or kind)}">{esc(kind)}</span>'


def chip(tag: str) -> str:
    return f'<span class="cb-tag">@{esc(tag)}</span>'


def table(header: list[str], rows: list[list[str]], *, raw: bool = False, row_ids: list[str] | None = None, wrap: bool = True) -> str:
    """An HTML table; cells are escaped unless ``raw`` (already HTML).

    ``wrap`` puts it in Material's scroll wrapper, as Markdown tables are; a table
    inside an example (a step's data) stays bare so that it can be indented.
    """
    cell = (lambda c: c) if raw else esc
    head = "".join(f"<th>{cell(h)}</th>" for h in header)
    body = []
    for i, row in enumerate(rows):
        rid = f' id="{esc(row_ids[i])}"' if row_ids and row_ids[i] else ""
        body.append(f"<tr{rid}>" + "".join(f"<td>{cell(c)}</td>" for c in row) + "</tr>")
    thead = f"<thead><tr>{head}</tr></thead>" if any(header) else ""
    if not wrap:
        return f'<table>{thead}<tbody>{"".join(body)}</tbody></table>'
    return f'<div class="md-typeset__scrollwrap"><div class="md-typeset__table"><table>{thead}<tbody>{"".join(body)}</tbody></table></div></div>'


def page_url(path: str, directory_urls: bool = True) -> str:
    """The URL mkdocs gives a page, relative to the site root ('' for the home page)."""
    stem = path[:-3] if path.endswith(".md") else path
    if stem == "index":
        return ""
    if stem.endswith("/index"):
        return stem[: -len("index")]
    return stem + "/" if directory_urls else stem + ".html"


def href(from_page: str, to: str, anchor: str = "", directory_urls: bool = True) -> str:
    """A relative link from one generated page to a page (``x.md``) or a file, with an optional anchor."""
    here = page_url(from_page, directory_urls)
    target = page_url(to, directory_urls) if to.endswith(".md") else to
    base = here if (here.endswith("/") or here == "") else posixpath.dirname(here)
    if target == here:
        link = ""
    else:
        link = posixpath.relpath(target or ".", base or ".")
        if (target.endswith("/") or target == "") and not link.endswith("/"):
            link += "/"
        if link == "./" and anchor:
            link = ""
    return link + (f"#{anchor}" if anchor else "") or "./"
