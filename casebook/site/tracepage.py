"""The per-game "Rulebook trace" page, and each clause's Source line linked to it.

Built from casebook/trace.py: the trace file names every paragraph of the
rulebook (a non-empty line of its text, numbered from 1) by section, and the
clauses of a paragraph are those whose ``Source:`` line cites it.  The page
lists every section, paragraph by paragraph: its number (no quotation: a
reader holds the printed rulebook), its clauses linked with their last
results, or the reason it carries no rule.  A clause's Source line links
back to its paragraphs, so the two are one click apart.

    games/<game>/rulebook-trace.md      #p12 is paragraph 12, #s-<section> a section
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from casebook.site.html import badge, esc, md_heading_text, table
from casebook.site.spec import Clause, Game
from casebook.trace import SOURCE_LINE, Trace, TraceError, check, citations_of, read_trace

if TYPE_CHECKING:  # pragma: no cover
    from casebook.site.render import Site

PAGE = "rulebook-trace.md"
_REF = re.compile(r"¶\s*(\d+)(?:\s*[-–]\s*¶?\s*(\d+))?")


def path(game_id: str) -> str:
    return f"games/{game_id}/{PAGE}"


def read(site: "Site", game: Game) -> Trace | None:
    """The game's trace, when features/<game>/trace.yml exists; what is wrong with it joins the site's problems."""
    folder = site.root / "features" / game.id
    if not (folder / "trace.yml").is_file():
        return None
    trace = read_trace(game, folder)
    site.problems += [f"features/{game.id}/trace.yml: {p}" for p in check(trace)]
    return trace


def section_anchor(title: str) -> str:
    return "s-" + ("".join(ch if ch.isalnum() else "-" for ch in title.lower()).strip("-") or "section")


def without_source(description: str) -> str:
    """A clause's description without its Source line (the site shows that line linked, apart)."""
    return SOURCE_LINE.sub("", description or "").strip()


def source_html(site: "Site", here: str, clause: Clause) -> str:
    """The clause's Source line, each paragraph reference a link to its row on the trace page."""
    trace = site.traces.get(clause.game)
    match = SOURCE_LINE.search(clause.description or "")
    if trace is None or match is None:
        return ""
    try:
        citations_of(clause)  # only a line the trace can read is linked
    except TraceError:
        return ""
    parts = []
    for part in match["cited"].strip().rstrip(".").split(";"):
        section, _, refs = part.strip().partition("¶")
        refs = "¶" + refs
        links = [
            f'<a href="{esc(site.link(here, path(clause.game), f"p{m[1]}"))}">{esc(m[0])}</a>'
            for m in _REF.finditer(refs)
        ]
        parts.append(f'{esc(section.strip())} {", ".join(links)}')
    return f'<p class="cb-source-line" data-search-exclude><span class="cb-label">Source</span> {"; ".join(parts)}</p>'


def trace_page(site: "Site", game: Game) -> str:
    here = path(game.id)
    trace = site.traces[game.id]
    paragraphs = trace.paragraphs
    transcribed = [n for n in paragraphs if trace.clauses_of(n)]
    cited = {c.clause.id for c in trace.citations}
    out = [
        f"# Rulebook trace: {md_heading_text(site.title(game.id))}\n",
        f'<p class="cb-trace-intro">Every paragraph of the rulebook <code>{esc(trace.rulebook)}</code>, section by section. '
        "A paragraph is a non-empty line of the rulebook's text, numbered from 1 through the whole text, headings included, "
        "so ¶12 is the twelfth. Each is transcribed by the clauses listed (follow one for its examples), "
        "or it carries no rule, and the reason is given. No paragraph is quoted: hold the rulebook beside this page.</p>",
        f'<p class="cb-totals">{len(paragraphs)} paragraphs · {len(transcribed)} transcribed by {len(cited)} clauses · '
        f"{len(paragraphs) - len(transcribed)} carry no rule</p>",
    ]
    rows = []
    for section in trace.sections:
        numbers = section.paragraphs
        done = sum(1 for n in numbers if trace.clauses_of(n))
        span = f"¶{numbers[0]}–¶{numbers[-1]}" if len(numbers) > 1 else f"¶{numbers[0]}" if numbers else ""
        rows.append([f'<a href="#{esc(section_anchor(section.title))}">{esc(section.title)}</a>', esc(span), str(done), str(len(numbers) - done)])
    out.append(f'<div data-search-exclude>{table(["section", "paragraphs", "transcribed", "no rule"], rows, raw=True)}</div>')
    for section in trace.sections:
        out.append(f"\n## {md_heading_text(section.title)} {{ #{section_anchor(section.title)} }}\n")
        rows, ids = [], []
        for n in section.paragraphs:
            clauses = list({c.id: c for c in trace.clauses_of(n)}.values())  # a clause citing a paragraph twice shows once
            if clauses:
                cell = "<br>".join(f'{site.clause_link(here, c)} <span class="cb-related-text">{esc(c.text)}</span> {badge(c.status)}' for c in clauses)
            elif n in trace.no_rule:
                cell = f'<span class="cb-no-rule">no rule: {esc(trace.no_rule[n])}</span>'
            else:
                cell = '<span class="cb-missing">neither transcribed nor marked as carrying no rule</span>'
            rows.append([f'<a class="cb-paragraph" href="#p{n}">¶{n}</a>', cell])
            ids.append(f"p{n}")
        out.append(f'<div class="cb-trace" data-search-exclude>{table(["¶", "clauses, or why it carries no rule"], rows, raw=True, row_ids=ids)}</div>')
    return "\n".join(out) + "\n"
