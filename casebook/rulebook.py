"""The rulebook as Casebook reads it: games, sections, clauses, examples, and what a run made of them.

One reader for every tool: the site, ``casebook verify``'s report and the
house-rule tests all read ``features/<game>/*.feature`` here, with the
official Gherkin parser (never regular expressions).  This module is pure:
it imports neither pytest nor an engine, so folding a report costs no more
than reading JSON (the Gherkin parser is imported only to read).

Vocabulary, as the design fixes it: a ``Feature`` is one rulebook section
(its description names the section it transcribes), a ``Rule`` is one clause
tagged with its id (``@CD-ELM-02``), its scenarios are the clause's examples.

Statuses.  An example (one run of a scenario, or of one outline row) is one
of ``EXAMPLE_STATUSES``: ``passed``, ``failed``, ``blocked`` (it failed,
but it passes through another clause's behaviour, ``@needs:<id>``, that failed
for the engine: the deviation is that clause's, see
``casebook.conformance.report``), ``unsupported`` (declined in ``hello``: the
engine said it does not play that part; or Casebook answered in the engine's
place, which is never the engine's pass), ``skipped`` (pytest skipped it for
another reason) or ``not_run``.  A clause folds its examples into one of
``CLAUSE_STATUSES`` (``fold``): any failed -> ``failed``; all passed ->
``passed``; some passed -> ``partial`` (a clause is never passed on part of
its examples); none passed and some blocked -> ``blocked``; none passed and
some declined -> ``unsupported``; else -> ``not_run``.  Ruling: a clause
whose examples were only skipped is ``not_run``, on the site and in the
report alike: a skip is no verdict about the engine, so the clause was not
judged.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

# A clause's id: game prefix, section, number (``CD-ELM-02``); the pytest plugin binds it as a marker.
CLAUSE_ID = re.compile(r"^[A-Z]{2}-[A-Z0-9]+-\d{2,}$")

NOT_RUN = "not_run"
UNTRANSCRIBED = "untranscribed"  # the tag of a section's placeholder Rule, while the rulebook is in transcription
BLOCKED = "blocked"  # failed through another clause that failed for the engine (``@needs:<id>``): not its own verdict
EXAMPLE_STATUSES = ("passed", "failed", BLOCKED, "unsupported", "skipped", NOT_RUN)
CLAUSE_STATUSES = ("passed", "partial", "failed", BLOCKED, "unsupported", NOT_RUN)
PROPERTY_STATUSES = ("passed", "failed", "unsupported", NOT_RUN)  # a property test's verdict, and an invariant's


def fold(statuses) -> str:
    """One clause status (``CLAUSE_STATUSES``) for its examples' statuses; see the module doc."""
    seen = set(statuses)
    if "failed" in seen:
        return "failed"
    if seen == {"passed"}:
        return "passed"
    if "passed" in seen:
        return "partial"  # some passed, the others were not run, skipped, blocked or declined
    if BLOCKED in seen:
        return BLOCKED
    return "unsupported" if "unsupported" in seen else NOT_RUN


def summary(statuses: list[str]) -> str:
    """What a clause's verdict rests on, e.g. "2 of 3 examples passed, 1 unsupported"."""
    counts = {s: statuses.count(s) for s in EXAMPLE_STATUSES if s in statuses}
    rest = ", ".join(f"{n} {s.replace('_', ' ')}" for s, n in counts.items() if s != "passed")
    return f"{counts.get('passed', 0)} of {len(statuses)} example{'s' * (len(statuses) != 1)} passed" + (
        f", {rest}" if rest else ""
    )


@dataclass
class Step:
    keyword: str  # "Given", "When", "Then", "And", "But", "*"
    text: str
    line: int
    table: list[list[str]] | None = None  # first row is the header, as Gherkin writes it
    doc: str | None = None


@dataclass
class Result:
    """One run of one example (or of one row of an outline)."""

    status: str = NOT_RUN  # one of EXAMPLE_STATUSES
    message: str = ""
    source: str = ""  # where the result came from (cucumber.json, a conformance report)


@dataclass
class Row:
    """One row of a Scenario Outline's Examples table: itself an example that runs."""

    values: list[str]
    line: int
    result: Result = field(default_factory=Result)


@dataclass
class ExampleTable:
    name: str
    tags: list[str]
    header: list[str]
    rows: list[Row]


@dataclass
class Example:
    keyword: str  # "Example", "Scenario", "Scenario Outline"…
    name: str
    line: int
    tags: list[str]
    description: str
    steps: list[Step]
    tables: list[ExampleTable] = field(default_factory=list)  # only for outlines
    result: Result = field(default_factory=Result)  # for outlines: the worst row
    anchor: str = ""

    @property
    def is_outline(self) -> bool:
        return bool(self.tables)

    def runs(self) -> list[Result]:
        """Each run of this example: one, or one per outline row."""
        if self.is_outline:
            return [row.result for t in self.tables for row in t.rows]
        return [self.result]


@dataclass
class Clause:
    id: str  # e.g. "CD-ELM-02"; a Rule without an id gets a placeholder and a problem
    text: str  # the Rule's name: the clause in our own words
    description: str  # for a @ruling: what we decided and why
    tags: list[str]  # the Rule's own tags plus the feature's, without "@" and without the id
    line: int
    background: list[Step]
    examples: list[Example]
    game: str = ""
    section: "Section | None" = field(default=None, repr=False)
    see_also: list[str] = field(default_factory=list)  # clause ids its "See also:" line names

    @property
    def is_ruling(self) -> bool:
        return "ruling" in self.tags

    @property
    def variants(self) -> list[str]:
        """The variants a clause belongs to: @variant-duel → "duel"; also difficulty and player counts."""
        return [t for t in self.tags if t.startswith(("variant-", "players-", "difficulty-"))]

    @property
    def is_optional(self) -> bool:
        return "optional" in self.tags

    @property
    def untranscribed(self) -> bool:
        """A placeholder for a rulebook section not transcribed yet (``casebook new-game`` writes them): no example,
        no Source line; the site shows it as such."""
        return UNTRANSCRIBED in self.tags

    @property
    def models(self) -> list[str]:
        return [t for t in self.tags if t.startswith("model-")]

    @property
    def kinds(self) -> list[str]:
        """What kind of clause this is, for badges: rule (the rulebook says it), ruling, variant, optional, model;
        a section's placeholder is only that (untranscribed)."""
        if self.untranscribed:
            return [UNTRANSCRIBED]
        kinds = ["ruling" if self.is_ruling else "rule"]
        if any(t.startswith("variant-") for t in self.tags):
            kinds.append("variant")
        if self.is_optional:
            kinds.append("optional")
        if self.models:
            kinds.append("model")
        return kinds

    def runs(self) -> list[Result]:
        return [r for e in self.examples for r in e.runs()]

    @property
    def status(self) -> str:
        return fold(r.status for r in self.runs())


@dataclass
class Section:
    """One feature file: one rulebook section."""

    game: str
    path: Path
    slug: str  # stable page name: the file name without its order number
    order: str  # "03" from "03-movement.feature"
    name: str
    description: str
    tags: list[str]
    background: list[Step]
    clauses: list[Clause]
    loose: list[Example]  # scenarios outside any Rule (the conventions forbid them; shown, not hidden)
    error: str = ""  # a parse error: the section still gets a page that says so

    @property
    def title(self) -> str:
        return self.name or self.slug.replace("-", " ").capitalize()


@dataclass
class Game:
    id: str
    sections: list[Section]
    problems: list[str] = field(default_factory=list)

    @property
    def clauses(self) -> list[Clause]:
        return [c for s in self.sections for c in s.clauses]


def tag_names(node: dict) -> list[str]:
    return [t["name"].lstrip("@") for t in node.get("tags", [])]


SEE_ALSO = "See also:"


def see_also(description: str) -> tuple[str, list[str]]:
    """A clause's description without its "See also:" line, and the clause ids that line names.

    The line is how the features declare that other clauses make exceptions to this one or
    depend on it (``See also: FD-CARD-11, FD-HLP-02``); the site links them both ways.
    """
    kept, ids = [], []
    for line in description.splitlines():
        if line.startswith(SEE_ALSO):
            words = line[len(SEE_ALSO) :].replace(",", " ").replace(";", " ").split()
            ids += [w.strip(".()") for w in words if CLAUSE_ID.match(w.strip(".()")) and w.strip(".()") not in ids]
        else:
            kept.append(line)
    return "\n".join(kept).strip(), ids


def clean_description(text: str | None) -> str:
    """Gherkin keeps a description's indentation; the site wants its paragraphs."""
    lines = [line.strip() for line in (text or "").splitlines()]
    return "\n".join(lines).strip()


def read_steps(raw: list[dict]) -> list[Step]:
    steps = []
    for s in raw:
        table = None
        if "dataTable" in s:
            table = [[c["value"] for c in row["cells"]] for row in s["dataTable"]["rows"]]
        doc = s["docString"]["content"] if "docString" in s else None
        steps.append(Step(s["keyword"].strip(), s["text"], s["location"]["line"], table, doc))
    return steps


def read_example(raw: dict) -> Example:
    tables = []
    for ex in raw.get("examples", []):
        header = [c["value"] for c in ex["tableHeader"]["cells"]] if ex.get("tableHeader") else []
        rows = [Row([c["value"] for c in r["cells"]], r["location"]["line"]) for r in ex.get("tableBody", [])]
        tables.append(ExampleTable(ex.get("name", ""), tag_names(ex), header, rows))
    return Example(
        keyword=raw["keyword"].strip(),
        name=raw["name"],
        line=raw["location"]["line"],
        tags=tag_names(raw),
        description=clean_description(raw.get("description")),
        steps=read_steps(raw.get("steps", [])),
        tables=tables,
    )


def section_slug(path: Path) -> tuple[str, str]:
    """("03", "movement") from 03-movement.feature: the page name survives a renumbering."""
    stem = path.stem
    head, _, rest = stem.partition("-")
    if head.isdigit() and rest:
        return head, rest
    return "", stem


def read_section(game: str, path: Path, problems: list[str]) -> Section:
    from gherkin.errors import (
        CompositeParserException,
        ParserException,
    )  # here: the statuses alone stay light to import
    from gherkin.parser import Parser

    order, slug = section_slug(path)
    text = path.read_text(encoding="utf-8")
    try:
        document = Parser().parse(text)
    except (CompositeParserException, ParserException) as exc:
        problems.append(f"{game}/{path.name}: the Gherkin parser refuses it: {exc}")
        return Section(game, path, slug, order, "", "", [], [], [], [], error=str(exc))
    feature = document.get("feature")
    if not feature:
        problems.append(f"{game}/{path.name}: no Feature")
        return Section(game, path, slug, order, "", "", [], [], [], [], error="no Feature in this file")
    feature_tags = tag_names(feature)
    section = Section(
        game=game,
        path=path,
        slug=slug,
        order=order,
        name=feature["name"],
        description=clean_description(feature.get("description")),
        tags=feature_tags,
        background=[],
        clauses=[],
        loose=[],
    )
    for child in feature["children"]:
        if "background" in child:
            section.background = read_steps(child["background"]["steps"])
        elif "scenario" in child:
            section.loose.append(read_example(child["scenario"]))
        elif "rule" in child:
            section.clauses.append(read_clause(game, section, child["rule"], feature_tags, problems))
    return section


def read_clause(game: str, section: Section, rule: dict, feature_tags: list[str], problems: list[str]) -> Clause:
    own = tag_names(rule)
    ids = [t for t in own if CLAUSE_ID.match(t)]
    where = f"{game}/{section.path.name}:{rule['location']['line']}"
    if len(ids) != 1:
        problems.append(f"{where}: the Rule {rule['name']!r} has {len(ids)} clause ids {ids}")
    clause_id = ids[0] if ids else f"{game}-line-{rule['location']['line']}"
    # A feature-wide tag (a whole section that is the Duel) applies to every clause in it.
    tags = [t for t in own if not CLAUSE_ID.match(t)]
    tags += [t for t in feature_tags if t not in tags and not CLAUSE_ID.match(t)]
    background: list[Step] = []
    examples = []
    for child in rule.get("children", []):
        if "background" in child:
            background = read_steps(child["background"]["steps"])
        elif "scenario" in child:
            examples.append(read_example(child["scenario"]))
    if UNTRANSCRIBED in tags and examples:
        problems.append(
            f"{where}: the clause {clause_id} has examples but is tagged @{UNTRANSCRIBED}: "
            "it is transcribed, drop the tag"
        )
    elif not examples and UNTRANSCRIBED not in tags:
        problems.append(f"{where}: the clause {clause_id} has no example")
    description, also = see_also(clean_description(rule.get("description")))
    clause = Clause(
        id=clause_id,
        text=rule["name"],
        description=description,
        tags=tags,
        line=rule["location"]["line"],
        background=background,
        examples=examples,
        game=game,
        section=section,
        see_also=also,
    )
    for n, example in enumerate(examples, 1):
        example.anchor = f"{clause_id}-ex{n}"
    return clause


def read_game(game: str, folder: Path) -> Game:
    problems: list[str] = []
    sections = [read_section(game, path, problems) for path in sorted(folder.glob("*.feature"))]
    result = Game(game, sections, problems)
    seen: dict[str, str] = {}
    for clause in result.clauses:
        if clause.id in seen:
            problems.append(
                f"{game}: the clause id {clause.id} is used twice ({seen[clause.id]} and {clause.section.path.name})"
            )
        seen.setdefault(clause.id, clause.section.path.name)
    for clause in result.clauses:
        for other in clause.see_also:
            if other not in seen:
                problems.append(
                    f'{game}/{clause.section.path.name}:{clause.line}: {clause.id} says "See also: '
                    f'{other}", but {game} has no clause {other}'
                )
    slugs = [s.slug for s in sections]
    for slug in {s for s in slugs if slugs.count(s) > 1}:
        problems.append(f"{game}: two sections share the page name {slug!r}")
    return result


def read_games(features: Path) -> list[Game]:
    """Every game with a folder under features/, in id order; a missing folder means none."""
    if not features.is_dir():
        return []
    return [read_game(p.name, p) for p in sorted(features.iterdir()) if p.is_dir() and any(p.glob("*.feature"))]
