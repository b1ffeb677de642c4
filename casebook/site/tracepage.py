"""The per-game "Rulebook trace" page, and each clause's Source line linked to it.

Built from casebook/trace.py: the trace file names every paragraph of the
rulebook (a non-empty line of its text, numbered from 1) by section, and the
clauses of a paragraph are those whose ``Source:`` line cites it.  The page
lists every section, paragraph by paragraph (templates/trace.md.j2): its
number (no quotation: a reader holds the printed rulebook), its clauses
linked with their last results, or the reason it carries no rule.  A clause's Source line links
back to its paragraphs, so the two are one click apart.

    games/<game>/rulebook-trace.md      #p12 is paragraph 12, #s-<section> a section
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from casebook.rulebook import Clause, Game
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


def source_view(site: "Site", clause: Clause) -> list[dict]:
    """The clause's Source line as parts ({section, page, refs: [{text, anchor}]}), each reference a link to its
    paragraph's row on the trace page (templates/source_line.html); [] when the trace cannot read it."""
    trace = site.traces.get(clause.game)
    match = SOURCE_LINE.search(clause.description or "")
    if trace is None or match is None:
        return []
    try:
        citations_of(clause)  # only a line the trace can read is linked
    except TraceError:
        return []
    parts = []
    for part in match["cited"].strip().rstrip(".").split(";"):
        section, _, refs = part.strip().partition("¶")
        refs = "¶" + refs
        parts.append(
            {
                "section": section.strip(),
                "page": path(clause.game),
                "refs": [{"text": m[0], "anchor": f"p{m[1]}"} for m in _REF.finditer(refs)],
            }
        )
    return parts


def trace_page(site: "Site", game: Game) -> str:
    here = path(game.id)
    trace = site.traces[game.id]
    transcribed = [n for n in trace.paragraphs if trace.clauses_of(n)]
    untraced = set(trace.untraced)
    sections = []
    for section in trace.sections:
        numbers = section.paragraphs
        done = sum(1 for n in numbers if trace.clauses_of(n))
        waiting = sum(1 for n in numbers if n in untraced and not trace.clauses_of(n))
        rows = [
            {
                "n": n,
                "clauses": list(
                    {c.id: c for c in trace.clauses_of(n)}.values()
                ),  # a clause citing a paragraph twice shows once
                "no_rule": trace.no_rule.get(n),
                "untraced": n in untraced,
            }
            for n in numbers
        ]
        sections.append(
            {
                "title": section.title,
                "anchor": section_anchor(section.title),
                "done": done,
                "untraced": waiting,
                "rest": len(numbers) - done - waiting,
                "rows": rows,
                "span": f"¶{numbers[0]}–¶{numbers[-1]}" if len(numbers) > 1 else f"¶{numbers[0]}" if numbers else "",
            }
        )
    return site.render(
        "trace.md.j2",
        here,
        title=site.title(game.id),
        trace=trace,
        paragraphs=len(trace.paragraphs),
        transcribed=len(transcribed),
        cited=len({c.clause.id for c in trace.citations}),
        sections=sections,
        untraced=sum(s["untraced"] for s in sections),
    )
