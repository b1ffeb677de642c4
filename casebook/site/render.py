"""The generated pages: Markdown (with raw HTML bodies) for every game, clause and result.

``Site.build()`` reads everything once; ``Site.pages()`` returns ``{path: text}``
for mkdocs and ``Site.nav_games()`` the navigation (game → rulebook section → clause:
the clauses are each section page's table of contents).  Each page is a template of
casebook/site/templates/ filled with a view-model (casebook/site/viewmodels.py): every value
is escaped by default (casebook/site/templating.py).

Paths (stable, so links into the site survive):

    games/<game>/index.md           the game: facts, sections, turn diagram, board
    games/<game>/<section>.md       one rulebook section; each clause anchored by its id
    games/<game>/questions.md       table questions, in players' words, linked to clauses
    games/<game>/rulings.md         the rulings register
    games/<game>/variants.md        player counts, options, variant clauses
    coverage.md  conformance.md  clauses.md (permalinks: clauses/#CD-ELM-02)
    protocol/index.md  protocol/<game>.md
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from casebook.site import engines as engines_mod
from casebook.site import results as results_mod
from casebook.site import glance, mutation, readers, search, tracepage, viewmodels, wording
from casebook.site.pictures.board import board_view
from casebook.site.fields import field_reference
from casebook.site.links import href
from casebook.site.results import LastRun, Report, attach, read_cucumber, read_reports
from casebook.rulebook import CLAUSE_STATUSES, NOT_RUN, Clause, Game, Section, read_games
from casebook.site.templating import render
from casebook.site.viewmodels import STATUS_ORDER, example_is_engine_only

# Pages other parts of the harness write in Markdown, published as they are when present:
# (source beside the code it documents, page in the site, title in the nav).
GUIDES = (
    ("casebook/conformance/validate-your-engine.md", "protocol/validate-your-engine.md", "Validate your own engine"),
    ("casebook/conformance/wrap-an-engine.md", "protocol/wrap-an-engine.md", "Wrap an engine you already have"),
)

# Pages made of what other pages say (a register, an index, results, the protocol): kept out of
# the search index (Material's own front matter), so a search lands on the clause itself.
NOT_SEARCHED = "---\nsearch:\n  exclude: true\n---\n\n"
WIDE = "---\nhide:\n  - toc\n---\n\n"  # Material's front matter: no table of contents beside the page


def about_of(schema: dict | None) -> dict:
    """What the site says of a game, from its schema's "game" (generated from the game's GameInfo,
    kept nowhere else)."""
    about = (schema or {}).get("game") or {}
    named = {
        "title": about.get("title"),
        "short": about.get("short"),
        "summary": about.get("summary"),
        "rulebook": about.get("edition"),
    }
    return {k: str(v) for k, v in named.items() if isinstance(v, str) and v.strip()}


@dataclass
class Site:
    root: Path
    results: Path | None
    titles: dict = field(
        default_factory=dict
    )  # game id → {"title", "short", "summary", "rulebook"}: the schema's "game" (GameInfo)
    directory_urls: bool = True
    with_engines: bool = True
    engine: str | None = None  # the implementation asked for facts and describe (default: the reference)
    games: list[Game] = field(default_factory=list)
    engines: dict = field(default_factory=dict)
    last: LastRun = field(default_factory=LastRun)
    reports: list[Report] = field(default_factory=list)
    schemas: dict = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)
    questions: dict = field(default_factory=dict)  # game id → {topic: [{"ask": …, "clauses": [ids]}]}
    synonyms: dict = field(default_factory=dict)  # game id → {a player's word: [the features' words]}
    rulebook_words: dict = field(
        default_factory=dict
    )  # game id → {"language", "words": {the rulebook's word: [the features' words]}}
    referred: dict = field(default_factory=dict)  # clause id → the clauses whose "See also" names it
    traces: dict = field(default_factory=dict)  # game id → its rulebook trace (casebook.trace), when it has one
    taught: dict = field(default_factory=dict)  # game id → its features/<game>/glance.yml, checked (glance.read_taught)
    mutation: dict = field(default_factory=dict)  # game id → its mutation result (casebook.site.mutation), when fresh
    validating: str = (
        ""  # while the reference is validated in the background: where its progress goes ($CASEBOOK_VALIDATING)
    )

    # -- reading -----------------------------------------------------------------
    def build(self) -> "Site":
        self.games = read_games(self.root / "features")
        for game in self.games:
            self.problems += game.problems
        self.last = read_cucumber(self.results)
        self.problems += self.last.problems
        attach(self.games, self.last)
        self.reports, problems = read_reports(self.results)
        self.problems += problems
        if self.with_engines:
            self.engines = engines_mod.engine_infos(
                {g.id: {c.id for c in g.clauses} for g in self.games}, self.problems, self.engine
            )
        for game in self.games:
            schema = engines_mod.schema_of(game.id, self.root)
            if schema is not None:
                self.schemas[game.id] = schema
            self.titles[game.id] = {**about_of(schema), **self.titles.get(game.id, {})}  # mkdocs.yml may still override
            self.questions[game.id] = readers.read_questions(self.root, game, self.problems)
            self.synonyms[game.id] = readers.read_synonyms(self.root, game, self.problems)
            self.taught[game.id] = glance.read_taught(self.root, game, self.problems)
            self.rulebook_words[game.id] = readers.read_rulebook_words(self.root, game, self.problems)
            trace = tracepage.read(self, game)
            if trace is not None:
                self.traces[game.id] = trace
            result = mutation.read(self.results, game, self.root / "features", self.problems)
            if result is not None:
                self.mutation[game.id] = result
            for clause in game.clauses:
                for other in clause.see_also:
                    self.referred.setdefault(other, []).append(clause.id)
        return self

    def search_index(self, index: dict) -> dict:
        return search.search_index(self, index)

    def title(self, game: str) -> str:
        info = self.engines.get(game)
        facts = info.facts if info else {}
        described = (info.describe or {}) if info else {}
        given = self.titles.get(game, {}).get("title") or facts.get("title") or described.get("title")
        return str(given or game.replace("_", " ").title())

    def players(self, game: str) -> str:
        info = self.engines.get(game)
        return viewmodels.players_text(info.facts["players"]) if info and info.facts.get("players") else ""

    def link(self, here: str, to: str, anchor: str = "") -> str:
        return href(here, to, anchor, self.directory_urls)

    def clause_page(self, clause: Clause) -> str:
        return f"games/{clause.game}/{clause.section.slug}.md"

    def all_clauses(self) -> list[Clause]:
        return [c for g in self.games for c in g.clauses]

    def render(self, template: str, here: str, **view) -> str:
        return render(
            template,
            here=here,
            directory_urls=self.directory_urls,
            page_of=self.clause_page,
            KIND_TITLES=viewmodels.KIND_TITLES,
            **view,
        )

    # -- navigation --------------------------------------------------------------
    def nav_games(self) -> list:
        out = []
        for game in self.games:
            entries: list = [f"games/{game.id}/index.md", {"At a glance": glance.path(game.id)}]
            if self.questions.get(game.id):
                entries.append({"Table questions": f"games/{game.id}/questions.md"})
            entries += [{s.title: f"games/{game.id}/{s.slug}.md"} for s in game.sections]
            entries += [{"Rulings": f"games/{game.id}/rulings.md"}, {"Variants": f"games/{game.id}/variants.md"}]
            if self.has_glossary(game.id):
                entries.append({"Glossary": f"games/{game.id}/glossary.md"})
            if game.id in self.traces:
                entries.append({"Rulebook trace": tracepage.path(game.id)})
            out.append({self.title(game.id): entries})
        return out

    def guides(self) -> list[tuple[Path, str, str]]:
        return [(self.root / source, page, title) for source, page, title in GUIDES if (self.root / source).is_file()]

    def nav_protocol(self) -> list:
        return (
            ["protocol/index.md"]
            + [{title: page} for _, page, title in self.guides()]
            + [{f"{self.title(g)} schema": f"protocol/{g}.md"} for g in sorted(self.schemas)]
        )

    # -- pages ------------------------------------------------------------------
    def pages(self) -> dict[str, str]:
        pages = {
            "games/index.md": NOT_SEARCHED + self.games_page(),
            "coverage.md": NOT_SEARCHED + self.coverage_page(),
            "conformance.md": NOT_SEARCHED + self.conformance_page(),
            "clauses.md": NOT_SEARCHED + self.clause_index_page(),
            "protocol/index.md": NOT_SEARCHED + self.protocol_page(),
        }
        for game in self.games:
            # no table of contents beside the game page: its turn pictures take the column's whole width, so that
            # at 1400 px they are drawn at their own text size (Cluedo's halves are 1,100 px wide; issue 51)
            pages[f"games/{game.id}/index.md"] = WIDE + self.game_page(game)
            pages[glance.path(game.id)] = NOT_SEARCHED + self.glance_page(
                game
            )  # it repeats clauses: a search lands on them
            for section in game.sections:
                pages[f"games/{game.id}/{section.slug}.md"] = self.section_page(game, section)
            if self.questions.get(game.id):
                pages[f"games/{game.id}/questions.md"] = NOT_SEARCHED + self.questions_page(game)
            pages[f"games/{game.id}/rulings.md"] = NOT_SEARCHED + self.rulings_page(game)
            pages[f"games/{game.id}/variants.md"] = NOT_SEARCHED + self.variants_page(game)
            if self.has_glossary(game.id):
                pages[f"games/{game.id}/glossary.md"] = NOT_SEARCHED + self.glossary_page(game)
            if game.id in self.traces:
                pages[tracepage.path(game.id)] = NOT_SEARCHED + tracepage.trace_page(self, game)
        for game_id in self.schemas:
            pages[f"protocol/{game_id}.md"] = NOT_SEARCHED + self.schema_page(game_id)
        for source, page, _ in self.guides():
            pages[page] = NOT_SEARCHED + source.read_text(encoding="utf-8")
        return pages

    def games_page(self) -> str:
        body = self.games_list("games/index.md") if self.games else "<p>No game has features yet.</p>"
        return f"# Games\n\n{body}\n"

    def games_list(self, here: str) -> str:
        """Every game that has features, each with its one-line summary and player count
        (the home page, the games page)."""
        games = []
        for game in self.games:
            links = [("the rules", f"games/{game.id}/{game.sections[0].slug}.md")] if game.sections else []
            if self.questions.get(game.id):
                links.append(("table questions", f"games/{game.id}/questions.md"))
            links.append(("rulings", f"games/{game.id}/rulings.md"))
            if game.id in self.traces:
                links.append(("rulebook trace", tracepage.path(game.id)))
            summary = self.titles.get(game.id, {}).get("summary") or viewmodels.first_sentence(
                game.sections[0].description if game.sections else ""
            )
            games.append(
                {
                    "id": game.id,
                    "title": self.title(game.id),
                    "players": self.players(game.id),
                    "summary": summary,
                    "links": links,
                    "untraced": len(self.traces[game.id].untraced) if game.id in self.traces else 0,
                }
            )
        return self.render("games_list.html", here, games=games).rstrip("\n")

    def game_page(self, game: Game) -> str:
        info = self.engines.get(game.id)
        facts: list = []
        if self.players(game.id):
            facts.append(("players", self.players(game.id)))
        if self.titles.get(game.id, {}).get("rulebook"):
            facts.append(("rulebook", self.titles[game.id]["rulebook"]))
        for key in ("variants", "optional", "declines"):
            if info and info.facts.get(key):
                facts.append((key, [str(v) for v in info.facts[key]]))
        facts.append(("game id", [game.id]))
        sections = [
            {
                "section": s,
                "transcribes": viewmodels.first_sentence(s.description),
                "counts": viewmodels.counts_of(s.clauses),
            }
            for s in game.sections
        ]
        described = info.describe if info else None
        why = info.error if info else "no engine was asked"
        board = described.get("board") if described else None
        return self.render(
            "game.md.j2",
            f"games/{game.id}/index.md",
            game=game,
            title=self.title(game.id),
            summary=self.titles.get(game.id, {}).get("summary"),
            trace=self.traces.get(game.id),
            facts=facts,
            has_questions=bool(self.questions.get(game.id)),
            totals=viewmodels.totals(game.clauses),
            last=self.last,
            sections=sections,
            glance_page=glance.path(game.id),
            trace_page=tracepage.path(game.id) if game.id in self.traces else None,
            has_schema=game.id in self.schemas,
            has_glossary=self.has_glossary(game.id),
            diagram=viewmodels.diagram_view(
                described,
                {c.id: c for c in game.clauses},
                [c.id for c in game.clauses],
                self.taught.get(game.id, {}).get("picture_words"),
            )
            if described and described["phases"]
            else None,
            no_diagram=why,
            board=board_view(board, self.title(game.id)) if board and board["locations"] else None,
            no_board="the engine describes no board" if described else why,
            mutation=mutation.game_summary(self.mutation.get(game.id)),
        )

    def glance_page(self, game: Game) -> str:
        """The game at a glance: components, set-up, a turn, the end, the board (casebook/site/glance.py)."""
        info = self.engines.get(game.id)
        described = info.describe if info else None
        board = described.get("board") if described else None
        return self.render(
            "glance.md.j2",
            glance.path(game.id),
            game=game,
            title=self.title(game.id),
            summary=self.titles.get(game.id, {}).get("summary"),
            players=self.players(game.id),
            has_questions=bool(self.questions.get(game.id)),
            v=glance.glance_view(
                game,
                described,
                self.titles.get(game.id, {}).get("glance"),
                self.schemas.get(game.id),
                self.taught.get(game.id),
            ),
            board=board_view(board, self.title(game.id)) if board and board["locations"] else None,
        )

    def section_page(self, game: Game, section: Section) -> str:
        clauses = [self.clause_view(c) for c in section.clauses]
        return self.render(
            "section.md.j2",
            f"games/{game.id}/{section.slug}.md",
            game=game,
            section=section,
            game_title=self.title(game.id),
            description=viewmodels.paragraphs(section.description),
            model=wording.model_section(section),
            totals=viewmodels.totals(section.clauses),
            background=[viewmodels.step_view(s) for s in section.background],
            clauses=clauses,
            loose=[viewmodels.example_view(e) for e in section.loose],
        )

    def clause_view(self, clause: Clause) -> dict:
        shown = [e for e in clause.examples if not example_is_engine_only(e)]
        return {
            "clause": clause,
            "engine": wording.engine_clause(clause),  # the engine authors' alone: shown only in their view
            "tags": [t for t in clause.tags if t != "ruling"],
            "why": viewmodels.paragraphs(tracepage.without_source(clause.description)),
            "source": tracepage.source_view(self, clause),
            "related": self.related(clause),
            "background": [viewmodels.step_view(s) for s in clause.background],
            "examples": [viewmodels.example_view(e, engine=e not in shown) for e in clause.examples],
            "shown": shown,
            "pinned": mutation.clause_strength(self.mutation.get(clause.game), clause.id),
        }

    def related(self, clause: Clause) -> list[Clause]:
        """The clauses its "See also" line names and those whose line names it: one declaration, both ways."""
        by_id = {c.id: c for c in self.all_clauses()}
        ids = clause.see_also + [i for i in self.referred.get(clause.id, []) if i not in clause.see_also]
        return [by_id[i] for i in ids if i in by_id and i != clause.id]

    def questions_page(self, game: Game) -> str:
        """Table questions: what players ask, in their words,
        each answered by its clauses (features/<game>/questions.yml)."""
        by_id = {c.id: c for c in game.clauses}
        topics = [
            (topic, [{"ask": q["ask"], "clauses": [by_id[i] for i in q["clauses"] if i in by_id]} for q in questions])
            for topic, questions in self.questions.get(game.id, {}).items()
        ]
        return self.render("questions.md.j2", f"games/{game.id}/questions.md", title=self.title(game.id), topics=topics)

    def rulings_page(self, game: Game) -> str:
        """Every ruling with its reason: first those about play, which players argue about;
        the models of facts the rulebook leaves out last."""
        rulings = [c for c in game.clauses if c.is_ruling]
        groups = [
            {
                "heading": heading,
                "anchor": anchor,
                "clauses": [
                    {
                        "clause": c,
                        "tags": [t for t in c.tags if t != "ruling"],
                        "why": viewmodels.paragraphs(tracepage.without_source(c.description)),
                        "source": tracepage.source_view(self, c),
                    }
                    for c in group
                ],
            }
            for heading, anchor, group in (
                ("How the game is played", "play", [c for c in rulings if not c.models]),
                ("What the rulebook does not show: our model", "model", [c for c in rulings if c.models]),
            )
            if group
        ]
        return self.render("rulings.md.j2", f"games/{game.id}/rulings.md", title=self.title(game.id), groups=groups)

    def variants_page(self, game: Game) -> str:
        info = self.engines.get(game.id)
        facts = info.facts if info else {}
        options = (self.schemas.get(game.id) or {}).get("$defs", {}).get("options")
        groups: dict[str, list[Clause]] = {}
        for c in game.clauses:
            for t in c.tags:
                if t.startswith(("variant-", "players-", "difficulty-")) or t == "optional" or t.startswith("model-"):
                    groups.setdefault(t, []).append(c)
        return self.render(
            "variants.md.j2",
            f"games/{game.id}/variants.md",
            title=self.title(game.id),
            players=viewmodels.players_text(facts["players"]) if facts.get("players") else "",
            facts=[
                (label, [str(v) for v in facts[key]])
                for key, label in (
                    ("variants", "Variants the reference offers"),
                    ("optional", "Optional rules"),
                    ("declines", "Declined"),
                )
                if facts.get(key)
            ],
            options=viewmodels.options_view(options) if options else None,
            has_facts=bool(facts),
            groups=[
                {"tag": t, "title": viewmodels.variant_title(t), "clauses": groups[t]}
                for t in sorted(groups, key=viewmodels.variant_order)
            ],
        )

    def has_glossary(self, game_id: str) -> bool:
        return bool(self.synonyms.get(game_id) or self.rulebook_words.get(game_id))

    def glossary_page(self, game: Game) -> str:
        """The players' words for what the rules name otherwise (features/<game>/synonyms.yml), by the rules' word;
        where the printed rulebook is in another language, its own word for each too."""
        by_term: dict[str, tuple[list[str], list[str]]] = {}
        for said, terms in self.synonyms.get(game.id, {}).items():
            by_term.setdefault(" ".join(terms), ([], []))[0].append(said)
        rulebook = self.rulebook_words.get(game.id) or {}
        for printed, terms in rulebook.get("words", {}).items():
            by_term.setdefault(" ".join(terms), ([], []))[1].append(printed)
        return self.render(
            "glossary.md.j2",
            f"games/{game.id}/glossary.md",
            title=self.title(game.id),
            game=game.id,
            general=True,
            entries=[(term, said, printed) for term, (said, printed) in sorted(by_term.items())],
            language=rulebook.get("language"),
        )

    def coverage_page(self) -> str:
        games = []
        for game in self.games:
            counts = Counter(c.status for c in game.clauses)
            # passed, failed and not run always; the rarer outcomes only when some clause has them
            shown = [st for st in STATUS_ORDER if st in ("passed", "failed", NOT_RUN) or counts[st]]
            sections = []
            for s in game.sections:
                here_counts = Counter(c.status for c in s.clauses)
                sections.append(
                    {
                        "section": s,
                        "examples": sum(len(c.runs()) for c in s.clauses),
                        "counts": [here_counts[st] for st in shown],
                    }
                )
            games.append(
                {
                    "game": game,
                    "title": self.title(game.id),
                    "shown": shown,
                    "sections": sections,
                    "counts": [counts[st] for st in shown],
                    "examples": sum(len(c.runs()) for c in game.clauses),
                    "mutation": mutation.coverage_table(self.mutation.get(game.id), game),
                }
            )
        return self.render(
            "coverage.md.j2", "coverage.md", last=self.last, totals=viewmodels.totals(self.all_clauses()), games=games
        )

    def conformance_page(self) -> str:
        """Each implementation per game (issue 51): what it offers, and of that what passes; the matrix grouped by
        game.  The figures are casebook/site/results.py's (report_figures)."""
        known = {c.id: c for c in self.all_clauses()}
        groups = results_mod.clauses_by_game(self.reports, {i: c.game for i, c in known.items()})
        reports = []
        for r in self.reports:
            failing = [
                {
                    "id": i,
                    "clause": known.get(i),
                    "rule": e.get("rule", ""),
                    "scenarios": [
                        {"name": s.get("name", ""), "status": s.get("status", NOT_RUN), "message": s.get("message", "")}
                        for s in e.get("scenarios", [])
                        if s.get("status") != "passed"
                    ],
                }
                for i, e in sorted(r.clauses.items())
                if e.get("status") == "failed"
            ]
            roots = [
                {
                    "id": root["clause"],
                    "clause": known.get(root["clause"]),
                    "rule": root.get("rule", ""),
                    "example": root.get("example", ""),
                    "message": root.get("message", ""),
                    "blocks": [{**b, "id": b["clause"], "clause": known.get(b["clause"])} for b in root["blocks"]],
                }
                for root in r.roots
            ]
            reports.append(
                {"report": r, "figures": results_mod.report_figures(r, groups), "roots": roots, "failing": failing}
            )
        matrix = []
        for n, (game, ids) in enumerate(groups.items()):
            rows = []
            for i in ids:
                cells = []
                for r in self.reports:
                    entry = r.clauses.get(i, {})
                    status = entry.get("status", NOT_RUN)
                    cells.append({"status": status, "summary": entry.get("summary") if status == "partial" else ""})
                rows.append({"id": i, "clause": known.get(i), "cells": cells})
            figures = [r["figures"]["games"][n] for r in reports]
            matrix.append({"game": game, "title": self.title(game), "rows": rows, "figures": figures})
        return self.render(
            "conformance.md.j2",
            "conformance.md",
            reports=reports,
            matrix=matrix,
            validating=self.validating,
            statuses=CLAUSE_STATUSES,
        )

    def clause_index_page(self) -> str:
        games = [{"game": g, "title": self.title(g.id)} for g in self.games]
        return self.render("clauses.md.j2", "clauses.md", games=games)

    def protocol_page(self) -> str:
        from markupsafe import Markup

        from casebook.site.protocol_doc import protocol_markdown

        return self.render(
            "protocol.md.j2",
            "protocol/index.md",
            guides=[(page, title) for _, page, title in self.guides()],
            body=Markup(protocol_markdown()),
            schemas=[(g, self.title(g)) for g in sorted(self.schemas)],
        )

    def schema_page(self, game_id: str) -> str:
        from markupsafe import Markup

        schema = self.schemas[game_id]
        parts = [
            (
                name,
                viewmodels.paragraphs(str(sub["description"]))
                if isinstance(sub, dict) and sub.get("description")
                else [],
                json.dumps(sub, indent=2, ensure_ascii=False),
            )
            for name, sub in schema.get("$defs", {}).items()
        ]
        return self.render(
            "schema.md.j2",
            f"protocol/{game_id}.md",
            game=game_id,
            title=self.title(game_id),
            description=viewmodels.paragraphs(str(schema.get("description") or "")),
            fields=Markup(field_reference(schema)),  # every field, action and event in words (casebook/site/fields.py)
            parts=parts,
        )
