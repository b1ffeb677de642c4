"""The rulebook trace: every paragraph of a rulebook, and the clauses that transcribe it.

As test262 ties each test to a section of the spec, every Rule cites where in
the rulebook it comes from, in one description line::

    Source: Game Sequence ¶31, ¶33-35
    Source: Setup ¶43; Turn Sequence ¶67     (a clause drawn from two sections)

A *paragraph* is a non-empty line of the rulebook's text file, numbered from 1
in file order over the whole file (headings count), so the numbers are stable
and checkable without any heading heuristics.  Each game keeps
``features/<game>/trace.yml``::

    rulebook: feuerdiamant.en.txt
    sections:
      - title: Game Idea       # the rulebook's heading (English gloss for ca/fr texts)
        paragraphs: 5-9        # the global paragraph numbers of the section
    no_rule:                   # paragraphs that carry no rule, and why
      5: heading
      7: flavour text
    untraced: [6, 8-9]         # while the rulebook is in transcription: paragraphs not yet done (casebook new-game
                               # lists every paragraph here); the site shows such a game "in transcription"

Clauses per paragraph are derived from the Source lines: one source of truth.
Every paragraph is either cited by a Rule, listed under ``no_rule`` or (in
transcription) listed as ``untraced``, exactly one of the three.  A Rule
tagged ``@untranscribed`` (a section's placeholder) cites nothing.
``check()`` says what is wrong; ``Trace`` is what the site draws.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from casebook import settings
from casebook.rulebook import Clause, Game

SOURCE_LINE = re.compile(r"^\s*Source:\s*(?P<cited>.*)$", re.MULTILINE)
_CITED = re.compile(r"^(?P<section>[^¶]*?)\s*(?P<refs>¶.*)$")
_REF = re.compile(r"^¶\s*(\d+)(?:\s*[-–]\s*¶?\s*(\d+))?$")


class TraceError(ValueError):
    """A trace file or a Source line that cannot be read."""


def parse_refs(text: str) -> list[int]:
    """``"¶12, ¶14-16"`` -> ``[12, 14, 15, 16]``."""
    numbers: list[int] = []
    for part in (p.strip() for p in text.split(",")):
        match = _REF.match(part)
        if not match:
            raise TraceError(f"cannot read the paragraph reference {part!r} (write ¶12 or ¶12-14)")
        first, last = int(match[1]), int(match[2] or match[1])
        if last < first:
            raise TraceError(f"the range {part!r} runs backwards")
        numbers.extend(range(first, last + 1))
    return numbers


def parse_range(value) -> list[int]:
    """A section's ``paragraphs``: ``5-9``, ``12`` or a list of those."""
    if isinstance(value, int) and not isinstance(value, bool):
        return [value]
    if isinstance(value, list):
        return [n for item in value for n in parse_range(item)]
    if isinstance(value, str):
        return parse_refs(", ".join("¶" + p.strip().lstrip("¶") for p in value.split(",")))
    raise TraceError(f"paragraphs must be a number, a range like 5-9 or a list, got {value!r}")


@dataclass
class Citation:
    clause: Clause
    section: str
    paragraphs: list[int]


@dataclass
class TraceSection:
    title: str
    paragraphs: list[int]


@dataclass
class Trace:
    """One game's trace: its sections, the paragraphs with no rule, and every citation."""

    game: str
    rulebook: str
    sections: list[TraceSection]
    no_rule: dict[int, str]
    citations: list[Citation]
    problems: list[str] = field(default_factory=list)
    untraced: list[int] = field(default_factory=list)  # not yet transcribed (in transcription)

    @property
    def in_transcription(self) -> bool:
        return bool(self.untraced)

    def clauses_of(self, paragraph: int) -> list[Clause]:
        return [c.clause for c in self.citations if paragraph in c.paragraphs]

    def section_of(self, paragraph: int) -> TraceSection | None:
        return next((s for s in self.sections if paragraph in s.paragraphs), None)

    @property
    def paragraphs(self) -> list[int]:
        return [n for s in self.sections for n in s.paragraphs]


def citations_of(clause: Clause) -> list[tuple[str, list[int]]] | None:
    """The (section title, paragraphs) a clause cites, or None when it has no Source line."""
    match = SOURCE_LINE.search(clause.description or "")
    if not match:
        return None
    cited = []
    for part in match["cited"].strip().rstrip(".").split(";"):
        one = _CITED.match(part.strip())
        if not one or not one["section"].strip():
            raise TraceError(f"cannot read {part.strip()!r} (write: <section title> ¶12, ¶14-16)")
        cited.append((one["section"].strip().strip('"'), parse_refs(one["refs"])))
    return cited


def read_trace(game: Game, folder: Path) -> Trace:
    """Read ``trace.yml`` and every Rule's Source line; problems are collected, not raised."""
    problems: list[str] = []
    path = folder / "trace.yml"
    try:
        raw = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    except FileNotFoundError:
        raw = {}
        problems.append(f"{game.id}: no trace file {path.name}")
    except yaml.YAMLError as exc:
        raw = {}
        problems.append(f"{game.id}: {path.name} is not YAML: {exc}")
    sections = []
    for entry in raw.get("sections") or []:
        try:
            sections.append(TraceSection(str(entry["title"]), parse_range(entry["paragraphs"])))
        except (KeyError, TypeError, TraceError) as exc:
            problems.append(f"{game.id}: a trace section cannot be read ({entry!r}): {exc}")
    no_rule = {}
    for key, reason in (raw.get("no_rule") or {}).items():
        try:
            numbers = parse_range(key)
        except TraceError as exc:
            problems.append(f"{game.id}: no_rule key {key!r}: {exc}")
            continue
        if not isinstance(reason, str) or not reason.strip():
            problems.append(f"{game.id}: paragraph {key} is marked as carrying no rule without a reason")
        for n in numbers:
            no_rule[n] = str(reason)
    untraced: list[int] = []
    try:
        untraced = sorted(set(parse_range(raw.get("untraced") or [])))
    except TraceError as exc:
        problems.append(f"{game.id}: untraced cannot be read: {exc}")
    citations = []
    for clause in game.clauses:
        if clause.untranscribed:  # a placeholder: nothing of its section is transcribed yet
            continue
        try:
            cited = citations_of(clause)
        except TraceError as exc:
            problems.append(f"{game.id}: {clause.id} has an unreadable Source line: {exc}")
            continue
        if cited is None:
            problems.append(f"{game.id}: {clause.id} has no 'Source: <section> ¶n' line in its description")
            continue
        citations.extend(Citation(clause, section, numbers) for section, numbers in cited)
    return Trace(game.id, str(raw.get("rulebook", "")), sections, no_rule, citations, problems, untraced)


def rulebooks_folder() -> Path | None:
    """Where the rulebook texts are, if at hand: $CASEBOOK_RULEBOOKS, else a ``shared/rulebooks``
    folder beside this checkout or any folder above it (the workplace keeps them there)."""
    if settings.RULEBOOKS.get():
        folder = Path(settings.RULEBOOKS.get())
        return folder if folder.is_dir() else None
    for start in (Path(__file__).resolve(), Path.cwd().resolve()):
        for ancestor in start.parents:
            if (ancestor / "shared" / "rulebooks").is_dir():
                return ancestor / "shared" / "rulebooks"
    return None


def rulebook_paragraphs(path: Path) -> list[str]:
    """The rulebook's paragraphs: its non-empty lines, in order (paragraph n is item n-1)."""
    return [line.strip() for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def check(trace: Trace, rulebook: Path | None = None) -> list[str]:
    """Everything wrong with a trace; with the rulebook text at hand, also that it lists exactly its paragraphs."""
    problems = list(trace.problems)
    listed = trace.paragraphs
    doubles = sorted({n for n in listed if listed.count(n) > 1})
    if doubles:
        problems.append(f"{trace.game}: paragraphs listed in two sections: {doubles}")
    if listed and sorted(listed) != list(range(1, max(listed) + 1)):
        missing = sorted(set(range(1, max(listed) + 1)) - set(listed))
        problems.append(f"{trace.game}: the sections skip paragraphs {missing}")
    if rulebook is not None:
        count = len(rulebook_paragraphs(rulebook))
        if sorted(set(listed)) != list(range(1, count + 1)):
            problems.append(
                f"{trace.game}: {rulebook.name} has {count} paragraphs; "
                f"the trace lists {len(set(listed))} (up to {max(listed, default=0)})"
            )
    titles = {s.title for s in trace.sections}
    cited: set[int] = set()
    for citation in trace.citations:
        where = f"{trace.game}: {citation.clause.id} cites"
        if citation.section not in titles:
            problems.append(f"{where} a section {citation.section!r} the trace does not have (it has {sorted(titles)})")
            continue
        section = next(s for s in trace.sections if s.title == citation.section)
        outside = [n for n in citation.paragraphs if n not in section.paragraphs]
        if outside:
            problems.append(f"{where} ¶{outside} which are not in section {citation.section!r}")
        cited.update(citation.paragraphs)
    untraced = set(trace.untraced)
    for n in listed:
        if n in cited and n in trace.no_rule:
            problems.append(
                f"{trace.game}: ¶{n} is cited by {[c.id for c in trace.clauses_of(n)]} "
                "and also marked as carrying no rule"
            )
        elif n in untraced and (n in cited or n in trace.no_rule):
            done = f"cited by {[c.id for c in trace.clauses_of(n)]}" if n in cited else "marked as carrying no rule"
            problems.append(f"{trace.game}: ¶{n} is {done} and still listed as untraced: take it out of untraced")
        elif n not in cited and n not in trace.no_rule and n not in untraced:
            problems.append(f"{trace.game}: ¶{n} is neither transcribed by a clause nor marked as carrying no rule")
    stray = sorted(n for n in trace.no_rule if n not in listed)
    if stray:
        problems.append(f"{trace.game}: no_rule names paragraphs outside every section: {stray}")
    stray = sorted(n for n in untraced if n not in listed)
    if stray:
        problems.append(f"{trace.game}: untraced names paragraphs outside every section: {stray}")
    return problems
