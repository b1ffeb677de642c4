"""The site's HTML comes from Jinja2 templates (casebook/site/templates/), escaped by default.

Every ``{{ value }}`` is HTML-escaped unless it is already markup (a macro's output, or a
value marked with ``Markup``), and made printable first (no ANSI escapes or control
characters: an engine's ``describe`` or name may hold any of them).  So a value from an
engine, a feature file or a report cannot become markup by a forgotten call: the safe way
is the default way.  Python builds what a page shows (casebook/site/render.py and its
helpers); the templates only lay it out.

The pages are Markdown with raw HTML bodies: headings stay Markdown (the table of contents,
the navigation and the search index see every clause) and go through the ``heading``
filter, which makes text safe inside a Markdown heading.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, StrictUndefined, pass_context
from markupsafe import Markup

from casebook.names import printable
from casebook.site import wording
from casebook.site.links import href

TEMPLATES = Path(__file__).resolve().parent / "templates"

LABELS = {
    "passed": "passed",
    "failed": "failed",
    "skipped": "skipped",
    "unsupported": "unsupported",
    "not_run": "not run",
    "partial": "partly run",
}


def _finalize(value):
    """Each ``{{ }}`` value before it is escaped: None shows nothing, text loses control characters."""
    if value is None:
        return ""
    if isinstance(value, Markup):
        return value
    return printable(str(value))


def md_heading_text(text) -> str:
    """Text safe inside a Markdown heading: no emphasis, links, attribute lists, raw tags or escapes."""
    out = []
    for ch in printable(str(text)).replace("\n", " "):
        if ch in "\\`*_{}[]()#+!|":
            out.append("\\" + ch)
        elif ch == "<":
            out.append("&lt;")
        elif ch == "&":
            out.append("&amp;")
        else:
            out.append(ch)
    return "".join(out)


@pass_context
def _url(context, to: str, anchor: str = "") -> str:
    """A relative link from the page being rendered (``here``) to a page or file, with an optional anchor."""
    return href(context["here"], to, anchor, context.get("directory_urls", True))


@lru_cache(maxsize=1)
def environment() -> Environment:
    env = Environment(
        loader=FileSystemLoader(str(TEMPLATES)),
        autoescape=True,
        finalize=_finalize,
        undefined=StrictUndefined,  # a name the view-model lacks is an error, not an empty cell
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    env.filters["heading"] = lambda text: Markup(md_heading_text(text))
    env.filters["label"] = lambda status: LABELS.get(status, status)
    env.globals["url"] = _url
    env.globals["LABELS"] = LABELS
    env.globals["for_engines"] = wording.for_engines  # what only engine authors read (issue 51)
    env.globals["engine_clause"] = wording.engine_clause
    return env


def render(template: str, **view) -> str:
    """The template filled from the view-model; ``view["here"]`` is the page's path (links are relative to it)."""
    return environment().get_template(template).render(**view)
