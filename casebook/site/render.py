"""The generated pages: Markdown (with raw HTML bodies) for every game, clause and result.

``Site.build()`` reads everything once; ``Site.pages()`` returns ``{path: text}``
for mkdocs and ``Site.nav()`` the navigation (game → rulebook section → clause:
the clauses are each section page's table of contents).

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
import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from casebook.site import engines as engines_mod
from casebook.site import pictures, tracepage
from casebook.site.fields import field_reference
from casebook.site.html import LABELS, badge, chip, esc, href, kind_badge, md_heading_text, table
from casebook.site.results import LastRun, Report, attach, read_cucumber, read_reports
from casebook.site.spec import NOT_RUN, Clause, Example, Game, Section, Step, read_games
from casebook.site.wording import engine_only, plain

KIND_TITLES = {
    "rule": "the rulebook says it",
    "ruling": "the rulebook is silent or ambiguous: our decision, with its reason",
    "variant": "applies only in a variant",
    "optional": "an implementation may decline it",
    "model": "depends on a fact we modelled",
}
# Words a player's question carries that say nothing about the rules (lunr's English stop words
# go too); and no word shorter than this gets a wildcard (docs/javascripts/search-worker.js).
FILLER = ("happen", "happens", "happened", "allow", "allowed", "need", "needs", "anyone", "anybody", "anything",
          "someone", "somebody", "something", "now", "really", "okay", "please", "still")
MIN_LENGTH = 4
# The stemmer (Porter's) joins "moves" and "move" but not the forms of an irregular verb: a player
# who asks whether they "draw" a card must find "a drawn card", and "shown" must find "show".
# Each group is one verb; a question's word in a group is also searched as the group's other forms.
IRREGULAR = ("draw drew drawn", "show showed shown", "see saw seen", "take took taken", "give gave given",
             "go went gone", "choose chose chosen", "hide hid hidden", "lie lay lain", "get got gotten",
             "win won", "lose lost", "hold held", "keep kept", "deal dealt", "find found",
             "throw threw thrown", "begin began begun", "tell told", "fall fell fallen")
# A clause's section title is a field of its own in the search index, as documentation search
# indexes a heading's parents: a question's word that names the section ("Advantage", "Bar")
# counts for every clause in it, less than a word of the clause itself (its heading weighs 1000,
# Material's boost for a title) and far more than one of its examples (1).
SECTION_BOOST = 100.0
STATUS_ORDER = ("passed", "failed", "partial", "unsupported", "skipped", NOT_RUN)

# Pages other parts of the harness write in Markdown, published as they are when present:
# (source beside the code it documents, page in the site, title in the nav).
GUIDES = (("casebook/conformance/validate-your-engine.md", "protocol/validate-your-engine.md", "Validate your own engine"),
          ("casebook/conformance/wrap-an-engine.md", "protocol/wrap-an-engine.md", "Wrap an engine you already have"))

# Pages made of what other pages say (a register, an index, results, the protocol): kept out of
# the search index (Material's own front matter), so a search lands on the clause itself.
NOT_SEARCHED = "---\nsearch:\n  exclude: true\n---\n\n"

# The switch between the two audiences of a page; casebook.js keeps the choice across pages.
AUDIENCE = (
    '<div class="cb-audience" data-search-exclude><label><input type="checkbox" class="cb-audience-toggle"> '
    "For engine authors: show each example's last result, tags, feature files and the examples only an engine meets</label></div>"
)
ENGINE = ' class="cb-engine-only" data-search-exclude'


@dataclass
class Site:
    root: Path
    results: Path | None
    titles: dict = field(default_factory=dict)  # game id → {"title":…, "rulebook":…}
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
    referred: dict = field(default_factory=dict)  # clause id → the clauses whose "See also" names it
    traces: dict = field(default_factory=dict)  # game id → its rulebook trace (casebook.trace), when it has one

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
            self.engines = engines_mod.engine_infos({g.id: {c.id for c in g.clauses} for g in self.games}, self.problems, self.engine)
        for game in self.games:
            schema = engines_mod.schema_of(game.id, self.root)
            if schema is not None:
                self.schemas[game.id] = schema
            self.questions[game.id] = self.read_questions(game)
            self.synonyms[game.id] = self.read_synonyms(game)
            trace = tracepage.read(self, game)
            if trace is not None:
                self.traces[game.id] = trace
            for clause in game.clauses:
                for other in clause.see_also:
                    self.referred.setdefault(other, []).append(clause.id)
        return self

    def game_file(self, game: Game, name: str):
        """A per-game YAML file beside the features (questions.yml, synonyms.yml), or None."""
        path = self.root / "features" / game.id / name
        if not path.is_file():
            return None
        try:
            return yaml.safe_load(path.read_text(encoding="utf-8"))
        except yaml.YAMLError as exc:
            self.problems.append(f"features/{game.id}/{name} is not YAML: {exc}")
            return None

    def read_questions(self, game: Game) -> dict:
        """features/<game>/questions.yml: {topic: [{ask, clauses}]}; every clause id is checked."""
        data = self.game_file(game, "questions.yml")
        if data is None:
            return {}
        known = {c.id for c in game.clauses}
        out: dict[str, list[dict]] = {}
        if not isinstance(data, dict):
            self.problems.append(f"features/{game.id}/questions.yml: expected topics, each a list of questions")
            return out
        for topic, items in data.items():
            for item in items if isinstance(items, list) else []:
                ask, ids = (item.get("ask"), item.get("clauses")) if isinstance(item, dict) else (None, None)
                if not isinstance(ask, str) or not isinstance(ids, list) or not ids:
                    self.problems.append(f"features/{game.id}/questions.yml ({topic}): each question is {{ask: text, clauses: [ids]}}, not {item!r:.80}")
                    continue
                unknown = [i for i in ids if i not in known]
                if unknown:
                    self.problems.append(f"features/{game.id}/questions.yml: {ask!r} links to {unknown}, which {game.id} does not have")
                out.setdefault(str(topic), []).append({"ask": ask, "clauses": [i for i in ids if i in known]})
        return out

    def read_synonyms(self, game: Game) -> dict[str, list[str]]:
        """features/<game>/synonyms.yml: a player's word or phrase → the word(s) the features use."""
        data = self.game_file(game, "synonyms.yml")
        if not isinstance(data, dict):
            if data is not None:
                self.problems.append(f"features/{game.id}/synonyms.yml: expected a mapping of player words to the features' words")
            return {}
        return {str(k).lower(): [str(w).lower() for w in (v if isinstance(v, list) else [v])] for k, v in data.items()}

    def search_data(self) -> dict:
        """What casebook's search worker needs beside the index (javascripts/search-worker.js)."""
        games, synonyms = {}, []
        for game in self.games:
            title = self.title(game.id)
            names = {" ".join(game.id.split("_"))}
            short = self.titles.get(game.id, {}).get("short")
            # a game is named by its whole short name: "detectives" alone is a word of P.I. and of
            # Feuerdiamant's detective cards, and must not send the search to Small Detectives
            names.add(" ".join(re.findall(r"[a-z0-9\u00c0-\u024f]+", short.lower())) if short else game.id.split("_")[0])
            games[game.id] = {"title": title, "names": sorted(names)}
            for phrase, words in self.synonyms.get(game.id, {}).items():
                synonyms.append([" ".join(phrase.split()), " ".join(words).split(), game.id])
        forms = [group.split() for group in IRREGULAR if len(group.split()) > 1]
        return {"games": games, "synonyms": synonyms, "filler": list(FILLER), "min_length": MIN_LENGTH, "forms": forms}

    def search_index(self, index: dict) -> dict:
        """Material's search index, plus what casebook's search worker reads and each clause's section (SECTION_BOOST)."""
        index.setdefault("config", {})["casebook"] = self.search_data()
        docs = index.get("docs", [])
        pages = {d["location"]: d.get("title", "") for d in docs if "#" not in d.get("location", "#")}
        clauses = {c.id for g in self.games for c in g.clauses}
        for doc in docs:
            page, _, anchor = doc.get("location", "").partition("#")
            if anchor in clauses and page in pages:
                doc["section"] = pages[page]
        index["config"].setdefault("fields", {})["section"] = {"boost": SECTION_BOOST}
        return index

    def title(self, game: str) -> str:
        info = self.engines.get(game)
        facts = info.facts if info else {}
        described = (info.describe or {}) if info else {}
        given = self.titles.get(game, {}).get("title") or facts.get("title") or described.get("title")
        return str(given or game.replace("_", " ").title())

    def players(self, game: str) -> str:
        info = self.engines.get(game)
        return players_text(info.facts["players"]) if info and info.facts.get("players") else ""

    def link(self, here: str, to: str, anchor: str = "") -> str:
        return href(here, to, anchor, self.directory_urls)

    def clause_page(self, clause: Clause) -> str:
        return f"games/{clause.game}/{clause.section.slug}.md"

    def clause_link(self, here: str, clause: Clause) -> str:
        return f'<a class="cb-clause-id" href="{esc(self.link(here, self.clause_page(clause), clause.id))}">{esc(clause.id)}</a>'

    def all_clauses(self) -> list[Clause]:
        return [c for g in self.games for c in g.clauses]

    # -- navigation --------------------------------------------------------------
    def nav_games(self) -> list:
        out = []
        for game in self.games:
            entries: list = [f"games/{game.id}/index.md"]
            if self.questions.get(game.id):
                entries.append({"Table questions": f"games/{game.id}/questions.md"})
            entries += [{s.title: f"games/{game.id}/{s.slug}.md"} for s in game.sections]
            entries += [{"Rulings": f"games/{game.id}/rulings.md"}, {"Variants": f"games/{game.id}/variants.md"}]
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
            pages[f"games/{game.id}/index.md"] = self.game_page(game)
            for section in game.sections:
                pages[f"games/{game.id}/{section.slug}.md"] = self.section_page(game, section)
            if self.questions.get(game.id):
                pages[f"games/{game.id}/questions.md"] = NOT_SEARCHED + self.questions_page(game)
            pages[f"games/{game.id}/rulings.md"] = NOT_SEARCHED + self.rulings_page(game)
            pages[f"games/{game.id}/variants.md"] = NOT_SEARCHED + self.variants_page(game)
            if game.id in self.traces:
                pages[tracepage.path(game.id)] = NOT_SEARCHED + tracepage.trace_page(self, game)
        for game_id in self.schemas:
            pages[f"protocol/{game_id}.md"] = NOT_SEARCHED + self.schema_page(game_id)
        for source, page, _ in self.guides():
            pages[page] = NOT_SEARCHED + source.read_text(encoding="utf-8")
        return pages

    # The counts line used on many pages.
    def totals(self, clauses: list[Clause]) -> str:
        counts = Counter(c.status for c in clauses)
        parts = [f"{badge(s)} {counts[s]}" for s in STATUS_ORDER if counts[s]]
        return f'<p class="cb-totals">{len(clauses)} clauses · {" · ".join(parts) if parts else "none yet"}</p>'

    def last_run_note(self) -> str:
        if self.last.files:
            return f'<p class="cb-lastrun">Results of the last run: {esc(", ".join(p.name for p in self.last.files))}, {esc(self.last.when)}.</p>'
        return '<p class="cb-lastrun">No results yet: every example shows <em>not run</em>. Run the suite with <code>--cucumberjson=results/cucumber.json</code>, then build again.</p>'

    def games_page(self) -> str:
        here = "games/index.md"
        body = self.games_list(here) if self.games else "<p>No game has features yet.</p>"
        return f"# Games\n\n{body}\n"

    def games_list(self, here: str) -> str:
        """Every game that has features, each with its one-line summary and player count (the home page, the games page)."""
        items = []
        for game in self.games:
            summary = self.titles.get(game.id, {}).get("summary") or first_line(game.sections[0].description if game.sections else "")
            players = self.players(game.id)
            links = [f'<a href="{esc(self.link(here, f"games/{game.id}/{game.sections[0].slug}.md"))}">the rules</a>'] if game.sections else []
            if self.questions.get(game.id):
                links.append(f'<a href="{esc(self.link(here, f"games/{game.id}/questions.md"))}">table questions</a>')
            links.append(f'<a href="{esc(self.link(here, f"games/{game.id}/rulings.md"))}">rulings</a>')
            if game.id in self.traces:
                links.append(f'<a href="{esc(self.link(here, tracepage.path(game.id)))}">rulebook trace</a>')
            items.append(
                f'<li class="cb-game"><a class="cb-game-title" href="{esc(self.link(here, f"games/{game.id}/index.md"))}">{esc(self.title(game.id))}</a>'
                + (f' <span class="cb-players">{esc(players)} players</span>' if players else "")
                + (f'<br><span class="cb-summary">{esc(summary)}</span>' if summary else "")
                + f'<br><span class="cb-game-links">{" · ".join(links)}</span></li>'
            )
        return f'<ul class="cb-games">{"".join(items)}</ul>' 

    def game_page(self, game: Game) -> str:
        here = f"games/{game.id}/index.md"
        info = self.engines.get(game.id)
        rulebook = self.titles.get(game.id, {}).get("rulebook", "")
        out = [f"# {md_heading_text(self.title(game.id))}\n", AUDIENCE]
        summary = self.titles.get(game.id, {}).get("summary")
        if summary:
            out.append(f'<p class="cb-summary">{esc(summary)}</p>')
        facts = []
        if self.players(game.id):
            facts.append(("players", esc(self.players(game.id))))
        if rulebook:
            facts.append(("rulebook", esc(rulebook)))
        if info and info.facts:
            for key in ("variants", "optional", "declines"):
                if info.facts.get(key):
                    facts.append((key, ", ".join(f"<code>{esc(v)}</code>" for v in info.facts[key])))
        facts.append(("game id", f"<code>{esc(game.id)}</code>"))
        out.append(f'<div data-search-exclude>{table(["", ""], [[k, v] for k, v in facts], raw=True)}</div>')
        if self.questions.get(game.id):
            out.append(
                f'<p class="cb-settle"><a class="md-button md-button--primary" href="{esc(self.link(here, f"games/{game.id}/questions.md"))}">'
                "Settle a question</a> the questions players ask at the table, each answered by its clauses.</p>"
            )
        out.append(f'<div{ENGINE}>{self.totals(game.clauses)}{self.last_run_note()}</div>')
        out.append("\n## Rulebook sections { #sections }\n")
        rows = []
        for s in game.sections:
            counts = Counter(c.status for c in s.clauses)
            rows.append(
                [
                    esc(s.order),
                    f'<a href="{esc(self.link(here, f"games/{game.id}/{s.slug}.md"))}">{esc(s.title)}</a>',
                    esc(first_line(s.description)),
                    str(len(s.clauses)),
                    f'<span class="cb-engine-only">{" ".join(f"{badge(st)} {counts[st]}" for st in STATUS_ORDER if counts[st]) or ("<em>parse error</em>" if s.error else "")}</span>',
                ]
            )
        out.append(f'<div data-search-exclude>{table(["#", "section", "transcribes", "clauses", "last run"], rows, raw=True)}</div>')
        out.append(
            f'\n<p>Also: the <a href="{esc(self.link(here, f"games/{game.id}/rulings.md"))}">rulings register</a>, '
            f'the <a href="{esc(self.link(here, f"games/{game.id}/variants.md"))}">variants</a>'
            + (f', the <a class="cb-trace-link" href="{esc(self.link(here, tracepage.path(game.id)))}">rulebook trace</a> (every paragraph of the rulebook and its clauses)' if game.id in self.traces else "")
            + (f', the <a href="{esc(self.link(here, f"protocol/{game.id}.md"))}">JSON Schema</a>' if game.id in self.schemas else "")
            + ".</p>\n"
        )
        described = info.describe if info else None
        out.append("\n## Turn structure { #turn-structure }\n")
        if described and described["phases"]:
            out.append(self.diagram(here, game, described))
        else:
            out.append(f'<p class="cb-missing">No turn diagram: {esc(info.error if info else "no engine was asked")}.</p>\n')
        out.append("\n## The board { #board }\n")
        if described and described.get("board") and described["board"]["locations"]:
            out.append(self.board(game, described["board"]))
        else:
            why = "the engine describes no board" if described else (info.error if info else "no engine was asked")
            out.append(f'<p class="cb-missing">No board drawn: {esc(why)}.</p>\n')
        if game.problems:
            out.append("\n## Problems found while reading { #problems }\n")
            out.append("<ul>" + "".join(f"<li>{esc(p)}</li>" for p in game.problems) + "</ul>\n")
        return "\n".join(out) + "\n"

    def diagram(self, here: str, game: Game, described: dict) -> str:
        """The turn as a picture (phases and verbs), then each phase's clauses, then every transition."""
        by_id = {c.id: c for c in game.clauses}
        links = {box: {"name": phase, "href": f"#phase-{slug(phase)}"} for box, phase in pictures.diagram_links(described).items()}
        linked, total = pictures.linked_share(described, [c.id for c in game.clauses])
        parts = [
            f'<div class="cb-diagram" data-search-exclude data-game="{esc(game.id)}" data-links="{esc(json.dumps(links))}">'
            f'<details class="cb-diagram-source cb-engine-only"><summary>the diagram\'s mermaid source, drawn from the engine\'s describe answer</summary>'
            f'<pre class="cb-mermaid-source">{esc(pictures.turn_diagram(described))}</pre></details></div>',
            '<p class="cb-hint">Each box is a phase of the turn, each arrow a verb of the rulebook. Click a phase for the clauses that govern it; '
            f"the guards and effects of every verb are in the table below. {linked} of {total} clauses are linked to a phase.</p>",
        ]
        rows, row_ids = [], []
        for phase, cited in pictures.phase_clauses(described).items():
            p = next(x for x in described["phases"] if x["name"] == phase)
            cell = " ".join(f'{self.clause_link(here, by_id[i])}<span class="cb-hidden-sm"> {esc(by_id[i].text)}</span><br>' for i in cited if i in by_id)
            who = {"player": "a player", "players": "several players at once", "chance": "chance", "clock": "the clock"}.get(p.get("actor"), "nobody: the game is over" if p.get("final") else "")
            rows.append([f"<strong>{esc(pictures.words(phase))}</strong><br><small>{esc(p.get('summary') or '')}</small>", esc(who), cell or '<span class="cb-missing">no clause linked yet</span>'])
            row_ids.append(f"phase-{slug(phase)}")
        parts.append("\n### Phases and the clauses that govern them { #phases }\n")
        parts.append(f'<div data-search-exclude>{table(["phase", "who acts", "clauses"], rows, raw=True, row_ids=row_ids)}</div>')
        rows = []
        for t in described["transitions"]:
            dest = t.get("dest")
            rows.append(
                [
                    f"<code>{esc(t['verb'])}</code>",
                    esc(pictures.words(t["source"])),
                    esc(pictures.words(dest)) if dest is not None else "<em>stays</em>",
                    "<br>".join(f"<code>{esc(g)}</code>" for g in t.get("conditions") or []) + "".join(f"<br>not <code>{esc(g)}</code>" for g in t.get("unless") or []),
                    "<br>".join(f"<code>{esc(e)}</code>" for e in t.get("effects") or []),
                    " ".join(self.clause_link(here, by_id[i]) for i in t.get("clauses") or [] if i in by_id),
                ]
            )
        parts.append("\n### Every verb, with its guards and effects { #transitions }\n")
        parts.append(
            '<p class="cb-hint">Rows in the engine\'s order: for one verb in one phase, the first row whose guards hold is taken.</p>'
            f'<div data-search-exclude>{table(["verb", "from", "to", "only if", "effects", "clauses"], rows, raw=True)}</div>'
        )
        return "\n".join(parts) + "\n"

    def board(self, game: Game, board: dict) -> str:
        title = self.title(game.id)
        rows = [[esc(p["a"]), esc(p["b"]), esc(p.get("length", "")), esc(p.get("kind", ""))] for p in board["paths"]]
        return (
            f'<figure class="cb-board" data-search-exclude data-locations="{len(board["locations"])}" data-paths="{len(board["paths"])}">'
            + pictures.board_svg(board, title)
            + f'<figcaption>The board as the engine models it: {len(board["locations"])} locations and {len(board["paths"])} paths; '
            "a dot on a path is one space between its ends. Hover over a place for its name.</figcaption></figure>\n"
            + f'<details class="cb-board-paths" data-search-exclude><summary>Every path</summary>{table(["from", "to", "spaces between", "kind"], rows, raw=True)}</details>\n'
        )

    def section_page(self, game: Game, section: Section) -> str:
        here = f"games/{game.id}/{section.slug}.md"
        out = [f"# {md_heading_text(section.title)}\n", AUDIENCE]
        meta = f'<p class="cb-source" data-search-exclude>{esc(self.title(game.id))}<span class="cb-engine-only"> · <code>features/{esc(game.id)}/{esc(section.path.name)}</code></span></p>'
        out.append(meta)
        if section.description:
            out.append(paragraphs(section.description, "cb-transcribes"))
        if section.error:
            out.append(f'<div class="admonition failure"><p class="admonition-title">This section does not parse</p><pre>{esc(section.error)}</pre></div>')
        if section.tags:
            out.append('<p class="cb-tags cb-engine-only" data-search-exclude>' + " ".join(chip(t) for t in section.tags) + "</p>")
        out.append(f'<div{ENGINE}>{self.totals(section.clauses)}</div>')
        if section.background:
            out.append('<div class="cb-background" data-search-exclude><p class="cb-label">Every example of this section starts with</p>' + steps_html(section.background) + "</div>")
        for clause in section.clauses:
            out.append(self.clause_html(here, clause))
        if section.loose:
            out.append("\n## Examples outside any clause { #loose-examples }\n")
            out.append('<p class="cb-missing">These scenarios belong to no Rule, so no clause id points at them.</p>')
            for example in section.loose:
                out.append(example_html(example))
        return "\n".join(out) + "\n"

    def clause_html(self, here: str, clause: Clause) -> str:
        heading = f"\n## {md_heading_text(clause.id)} · {md_heading_text(clause.text)} {{ #{clause.id} .cb-clause }}\n"
        kinds = " ".join(kind_badge(k, KIND_TITLES.get(k, "")) for k in clause.kinds)
        tags = " ".join(chip(t) for t in clause.tags if t not in ("ruling",))
        permalink = self.link(here, "clauses.md", clause.id)
        meta = (
            f'<div class="cb-clause-meta" data-search-exclude>{kinds} <span class="cb-engine-only">{badge(clause.status)} {tags}</span> '
            f'<a class="cb-permalink" href="{esc(permalink)}" title="a link to this clause that never changes">permalink</a> '
            f'<span class="cb-where cb-engine-only">{esc(clause.section.path.name)}:{clause.line}</span></div>'
        )
        parts = [heading, meta]
        described = tracepage.without_source(clause.description)
        if described:
            label = "Our ruling, and why" if clause.is_ruling else "Note"
            parts.append(f'<div class="cb-why"><p class="cb-label">{label}</p>{paragraphs(described)}</div>')
        parts.append(tracepage.source_html(self, here, clause))
        related = self.related(clause)
        if related:
            links = ", ".join(f'{self.clause_link(here, c)} <span class="cb-related-text">{esc(c.text)}</span>' for c in related)
            parts.append(f'<p class="cb-see-also" data-search-exclude><span class="cb-label">See also</span> {links}</p>')
        if clause.background:
            parts.append('<div class="cb-background" data-search-exclude><p class="cb-label">Every example of this clause starts with</p>' + steps_html(clause.background) + "</div>")
        shown = [e for e in clause.examples if not example_is_engine_only(e)]
        for example in clause.examples:
            parts.append(example_html(example, engine=example not in shown))
        if clause.examples and not shown:
            parts.append('<p class="cb-missing cb-player-only">This clause\'s examples check what only an engine meets: switch to the engine authors\' view above to see them.</p>')
        if not clause.examples:
            parts.append('<p class="cb-missing">This clause has no example yet, so nothing checks it.</p>')
        return "\n".join(parts) + "\n"

    def related(self, clause: Clause) -> list[Clause]:
        """The clauses its "See also" line names and those whose line names it: one declaration, both ways."""
        by_id = {c.id: c for c in self.all_clauses()}
        ids = clause.see_also + [i for i in self.referred.get(clause.id, []) if i not in clause.see_also]
        return [by_id[i] for i in ids if i in by_id and i != clause.id]

    def questions_page(self, game: Game) -> str:
        """Table questions: what players ask, in their words, each answered by its clauses (features/<game>/questions.yml)."""
        here = f"games/{game.id}/questions.md"
        by_id = {c.id: c for c in game.clauses}
        out = [
            f"# Table questions: {md_heading_text(self.title(game.id))}\n",
            "<p>The questions players ask while playing, in their own words. Each is settled by the clauses under it; "
            "follow a clause for its examples, and for the reason where the rulebook left it to us.</p>",
        ]
        for topic, questions in self.questions.get(game.id, {}).items():
            out.append(f"\n## {md_heading_text(topic)}\n")
            for q in questions:
                answers = "".join(f"<li>{self.clause_link(here, by_id[i])} {esc(by_id[i].text)}{' <em>(our ruling)</em>' if by_id[i].is_ruling else ''}</li>" for i in q["clauses"] if i in by_id)
                out.append(f'<div class="cb-question"><p class="cb-ask">{esc(q["ask"])}</p><ul class="cb-answers">{answers}</ul></div>')
        return "\n".join(out) + "\n"

    def rulings_page(self, game: Game) -> str:
        """Every ruling with its reason: first those about play, which players argue about; the models of facts the rulebook leaves out last."""
        here = f"games/{game.id}/rulings.md"
        rulings = [c for c in game.clauses if c.is_ruling]
        play = [c for c in rulings if not c.models]
        models = [c for c in rulings if c.models]
        out = [
            f"# Rulings: {md_heading_text(self.title(game.id))}\n",
            "<p>Where the rulebook is silent or ambiguous, we decided. Each ruling is a clause like any other, "
            "with examples that check it; here are all of them with the reason given.</p>",
        ]
        if not rulings:
            out.append("<p>No rulings yet.</p>")
        for heading, anchor, group, intro in (
            ("How the game is played", "play", play, ""),
            ("What the rulebook does not show: our model", "model", models,
             "<p>Facts the rulebook's text leaves out (the board's paths, the cards' and tokens' texts), which an engine needs. "
             "Clauses that depend on them carry a <code>@model-…</code> tag, and an engine with another model may decline them.</p>"),
        ):
            if not group:
                continue
            if play and models:
                out.append(f"\n## {heading} {{ #{anchor} }}\n{intro}")
            for c in group:
                level = "###" if play and models else "##"
                out.append(f"\n{level} {md_heading_text(c.id)} · {md_heading_text(c.text)} {{ #{c.id} }}\n")
                out.append(
                    f'<div class="cb-clause-meta"><span class="cb-engine-only">{badge(c.status)}</span> in <a href="{esc(self.link(here, self.clause_page(c), c.id))}">{esc(c.section.title)}</a> '
                    + f'<span class="cb-engine-only">{" ".join(chip(t) for t in c.tags if t != "ruling")}</span>'
                    + "</div>"
                )
                reason = tracepage.without_source(c.description)
                out.append(f'<div class="cb-why">{paragraphs(reason) if reason else "<p class=cb-missing>No reason given yet.</p>"}</div>')
                out.append(tracepage.source_html(self, here, c))
        return "\n".join(out) + "\n"

    def variants_page(self, game: Game) -> str:
        here = f"games/{game.id}/variants.md"
        info = self.engines.get(game.id)
        out = [f"# Variants: {md_heading_text(self.title(game.id))}\n"]
        facts = info.facts if info else {}
        out.append("\n## Player counts and options { #options }\n")
        if facts.get("players"):
            out.append(f"<p>Players: <strong>{esc(players_text(facts['players']))}</strong>.</p>")
        for key, label in (("variants", "Variants the reference offers"), ("optional", "Optional rules"), ("declines", "Declined")):
            if facts.get(key):
                out.append(f"<p>{label}: " + ", ".join(f"<code>{esc(v)}</code>" for v in facts[key]) + ".</p>")
        options = (self.schemas.get(game.id) or {}).get("$defs", {}).get("options")
        if options:
            out.append("<p>The options a game starts from (<code>new(game, options)</code>), from the game's JSON Schema:</p>")
            out.append(options_table(options))
        elif not facts:
            out.append('<p class="cb-missing">No reference engine or schema yet to say which options a game takes.</p>')
        groups: dict[str, list[Clause]] = {}
        for c in game.clauses:
            for t in c.tags:
                if t.startswith(("variant-", "players-", "difficulty-")) or t == "optional" or t.startswith("model-"):
                    groups.setdefault(t, []).append(c)
        out.append("\n## Clauses that apply only sometimes { #clauses }\n")
        if not groups:
            out.append("<p>Every clause of this game applies in every game.</p>")
        for tag in sorted(groups, key=variant_order):
            out.append(f"\n### {md_heading_text(variant_title(tag))} {{ #{tag} }}\n")
            rows = [[self.clause_link(here, c), esc(c.text), esc(c.section.title), badge(c.status)] for c in groups[tag]]
            out.append(table(["clause", "says", "section", "last run"], rows, raw=True))
        return "\n".join(out) + "\n"

    def coverage_page(self) -> str:
        here = "coverage.md"
        clauses = self.all_clauses()
        out = ["# Coverage\n", "<p>Every clause against the last run of the suite. A clause passes when all its examples pass.</p>", self.last_run_note(), self.totals(clauses)]
        for game in self.games:
            out.append(f"\n## {md_heading_text(self.title(game.id))} {{ #{game.id} }}\n")
            counts = Counter(c.status for c in game.clauses)
            # passed, failed and not run always; the rarer outcomes only when some clause has them
            shown = [st for st in STATUS_ORDER if st in ("passed", "failed", NOT_RUN) or counts[st]]
            rows = []
            for s in game.sections:
                here_counts = Counter(c.status for c in s.clauses)
                examples = sum(len(c.runs()) for c in s.clauses)
                rows.append(
                    [f'<a href="{esc(self.link(here, f"games/{game.id}/{s.slug}.md"))}">{esc(s.title)}</a>', str(len(s.clauses)), str(examples)]
                    + [str(here_counts[st]) if here_counts[st] else "" for st in shown]
                )
            rows.append(["<strong>total</strong>", f"<strong>{len(game.clauses)}</strong>", f"<strong>{sum(len(c.runs()) for c in game.clauses)}</strong>"] + [f"<strong>{counts[st]}</strong>" if counts[st] else "" for st in shown])
            out.append(table(["section", "clauses", "examples"] + [LABELS[s] for s in shown], rows, raw=True))
            rows = [[self.clause_link(here, c), esc(c.text), " ".join(kind_badge(k) for k in c.kinds), "".join(badge(r.status) for r in c.runs()) or "—", badge(c.status)] for c in game.clauses]
            out.append(f'<details class="cb-clause-list"><summary>All {len(game.clauses)} clauses of {esc(self.title(game.id))}</summary>')
            out.append(table(["clause", "says", "kind", "examples", "clause"], rows, raw=True))
            out.append("</details>")
        if not self.games:
            out.append("<p>No game has features yet.</p>")
        return "\n".join(out) + "\n"

    def conformance_page(self) -> str:
        here = "conformance.md"
        out = [
            "# Conformance\n",
            "<p>Each implementation validated with <code>casebook verify</code> leaves a report in "
            "<code>results/conformance/</code>; this page shows, for each, which clauses it passes. "
            "A clause an implementation declines in its <code>hello</code> (a variant, an optional rule, a modelled fact) "
            "is <em>unsupported</em>, not failed.</p>",
        ]
        if not self.reports:
            out.append('<p class="cb-missing">No implementation has been validated yet: no report in <code>results/conformance/</code>.</p>')
            out.append("<p>To validate one: <code>casebook verify --impl \"cmd:./my-engine --stdio\"</code>, then build the site again.</p>")
        else:
            out.append("\n## Implementations { #implementations }\n")
            rows = []
            for r in self.reports:
                total = sum(r.totals.values()) or 1
                rows.append(
                    [f'<a href="#impl-{esc(r.slug)}">{esc(r.label)}</a>', f"<code>{esc(r.spec)}</code>", esc(r.generated)]
                    + [str(r.totals.get(s, 0)) for s in ("passed", "partial", "failed", "unsupported", NOT_RUN)]
                    + [f"{100 * r.totals.get('passed', 0) / total:.0f}%"]
                )
            out.append(table(["implementation", "spec", "validated", "passed", "partly supported", "failed", "unsupported", "not run", "passing"], rows, raw=True))
            out.append("\n## Clauses × implementations { #matrix }\n")
            known = {c.id: c for c in self.all_clauses()}
            ids = sorted(set(known) | {i for r in self.reports for i in r.clauses}, key=lambda i: (known[i].game if i in known else "~", i))
            rows = []
            for i in ids:
                name = self.clause_link(here, known[i]) if i in known else f'<code>{esc(i)}</code> <span class="cb-missing">(not in the features)</span>'
                rows.append([name] + [badge(r.clauses.get(i, {}).get("status", NOT_RUN)) + (f' <small>{esc(r.clauses[i]["summary"])}</small>' if r.clauses.get(i, {}).get("status") == "partial" and r.clauses[i].get("summary") else "") for r in self.reports] + [badge(known[i].status) if i in known else ""])
            out.append(table(["clause"] + [esc(r.label) for r in self.reports] + ["reference, last run"], rows, raw=True))
            for r in self.reports:
                out.append(f"\n## {md_heading_text(r.label)} {{ #impl-{r.slug} }}\n")
                out.append(f"<p><code>{esc(r.spec)}</code> · validated {esc(r.generated)} · report <code>{esc(r.file)}</code></p>")
                failing = [(i, e) for i, e in sorted(r.clauses.items()) if e.get("status") == "failed"]
                if not failing:
                    out.append("<p>No clause fails.</p>")
                for i, e in failing:
                    link = self.clause_link(here, known[i]) if i in known else f"<code>{esc(i)}</code>"
                    msgs = "".join(f'<li>{esc(s.get("name", ""))}: {badge(s.get("status", NOT_RUN))}<pre>{esc(s.get("message", ""))}</pre></li>' for s in e.get("scenarios", []) if s.get("status") != "passed")
                    out.append(f'<details class="cb-failure"><summary>{link} {esc(e.get("rule", ""))}</summary><ul>{msgs}</ul></details>')
        return "\n".join(out) + "\n"

    def clause_index_page(self) -> str:
        here = "clauses.md"
        out = [
            "# Clause index\n",
            "<p>Every clause by its id. A clause's id never changes, so <code>clauses/#CD-ELM-02</code> style links "
            "are permanent: they lead to the clause wherever its section page lives. On its section page, "
            "the clause's anchor is its id too.</p>",
        ]
        for game in self.games:
            out.append(f"\n## {md_heading_text(self.title(game.id))} {{ #game-{game.id} }}\n")
            rows, ids = [], []
            for c in game.clauses:
                target = self.link(here, self.clause_page(c), c.id)
                rows.append([f'<a class="cb-clause-id" data-permalink="{esc(c.id)}" href="{esc(target)}">{esc(c.id)}</a>', esc(c.text), esc(c.section.title), badge(c.status)])
                ids.append(c.id)
            out.append(table(["id", "clause", "section", "last run"], rows, raw=True, row_ids=ids))
        return "\n".join(out) + "\n"

    def protocol_page(self) -> str:
        here = "protocol/index.md"
        from casebook.site.protocol_doc import protocol_markdown

        out = ["# The driver protocol\n"]
        for _, page, title in self.guides():
            out.append(f'<p>New here? <a href="{esc(self.link(here, page))}">{esc(title)}</a> walks through it step by step.</p>')
        out.append(protocol_markdown())
        if self.schemas:
            out.append("\n## JSON Schemas per game { #schemas }\n")
            out.append("<ul>" + "".join(f'<li><a href="{esc(self.link(here, f"protocol/{g}.md"))}">{esc(self.title(g))}</a> (<a href="{esc(self.link(here, f"schemas/{g}.json"))}">{esc(g)}.json</a>)</li>' for g in sorted(self.schemas)) + "</ul>")
        return "\n".join(out) + "\n"

    def schema_page(self, game_id: str) -> str:
        here = f"protocol/{game_id}.md"
        schema = self.schemas[game_id]
        out = [
            f"# {md_heading_text(self.title(game_id))}: JSON Schema\n",
            f'<p>The file: <a href="{esc(self.link(here, f"schemas/{game_id}.json"))}"><code>casebook/schemas/{esc(game_id)}.json</code></a> '
            "(JSON Schema draft 2020-12). The reference validates every <code>load()</code> against <code>$defs.state</code>.</p>",
        ]
        if schema.get("description"):
            out.append(paragraphs(str(schema["description"])))
        out.append(field_reference(schema))  # every field, action and event in words (casebook/site/fields.py)
        out.append("\n## The schema, part by part { #schema }\n")
        for name, sub in schema.get("$defs", {}).items():
            out.append(f"\n## {md_heading_text(name)} {{ #{name} }}\n")
            if isinstance(sub, dict) and sub.get("description"):
                out.append(paragraphs(str(sub["description"])))
            out.append(f'<details class="cb-schema"><summary>$defs.{esc(name)}</summary><pre><code class="language-json">{esc(json.dumps(sub, indent=2, ensure_ascii=False))}</code></pre></details>')
        return "\n".join(out) + "\n"


# -- rendering helpers -----------------------------------------------------------


def slug(name: str) -> str:
    """A phase name as an HTML id: letters, digits, - and _ only."""
    return "".join(ch if ch.isalnum() or ch in "-_" else "-" for ch in str(name)) or "phase"


def players_text(players) -> str:
    if isinstance(players, (list, tuple)) and len(players) == 2:
        return f"{players[0]}–{players[1]}" if players[0] != players[1] else str(players[0])
    return ", ".join(str(p) for p in players) if isinstance(players, (list, tuple)) else str(players)


def first_line(text: str) -> str:
    return text.strip().splitlines()[0] if text.strip() else ""


def paragraphs(text: str, css: str = "") -> str:
    cls = f' class="{css}"' if css else ""
    paras = [p for p in text.split("\n\n") if p.strip()]
    return "".join(f"<p{cls}>{esc(' '.join(p.split()))}</p>" for p in paras)


def step_text_html(text: str) -> str:
    """A step's text with quoted values and <outline parameters> set apart, so names stand out."""
    out, quoted = [], False
    for i, piece in enumerate(text.split('"')):
        if i > 0:
            out.append("&#8221;</span>" if quoted else '<span class="cb-value">&#8220;')
            quoted = not quoted
        out.append(mark_params(piece))
    if quoted:  # an odd quote: close the span we opened
        out.append("</span>")
    return "".join(out)


def mark_params(text: str) -> str:
    out, rest = [], text
    while "<" in rest and ">" in rest[rest.index("<"):]:
        start = rest.index("<")
        end = rest.index(">", start)
        name = rest[start + 1 : end]
        if not name or name != name.strip() or "<" in name:
            out.append(esc(rest[: end + 1]))
        else:
            out.append(esc(rest[:start]) + f'<span class="cb-param">&lt;{esc(name)}&gt;</span>')
        rest = rest[end + 1 :]
    out.append(esc(rest))
    return "".join(out)


def step_html(step: Step) -> str:
    """A step in players' words; where the glossary changed it, the engine's text too, for engine authors."""
    said = plain(step.text)
    text = step_text_html(said)
    if said != step.text:
        text = f'<span class="cb-plain">{text}</span><span{ENGINE}>{step_text_html(step.text)}</span>'
    return f'<span class="cb-kw cb-kw-{esc(step.keyword.lower())}">{esc(step.keyword)}</span> {text}'


def steps_html(steps: list[Step]) -> str:
    items = []
    for s in steps:
        extra = ""
        if s.table:
            header, *rows = s.table
            extra = table([plain(h) for h in header], [[plain(c) for c in row] for row in rows], wrap=False)
        if s.doc is not None:
            extra += f"<pre class=\"cb-doc\">{esc(s.doc)}</pre>"
        items.append(f"<li>{step_html(s)}{extra}</li>")
    return f'<ul class="cb-steps">{"".join(items)}</ul>'


def example_is_engine_only(example: Example) -> bool:
    return any(engine_only(s.text) for s in example.steps)


def failure_html(message: str) -> str:
    if not message:
        return ""
    return f'<details class="cb-failure"><summary>why it failed</summary><pre>{esc(message.strip())}</pre></details>'


def example_html(example: Example, engine: bool = False) -> str:
    """One example; ``engine``: it checks what only an engine meets, so it shows only in the engine authors' view."""
    status = example.result.status
    head = (
        f'<div class="cb-example-head"><span class="cb-engine-only" data-search-exclude>{badge(status)}</span> <span class="cb-example-keyword">{esc(example.keyword)}:</span> '
        f'<span class="cb-example-name">{esc(example.name)}</span> '
        + f'<span class="cb-engine-only" data-search-exclude>{" ".join(chip(t) for t in example.tags)}</span>'
        + (f' <a class="cb-anchor" href="#{esc(example.anchor)}" title="link to this example" data-search-exclude>¶</a>' if example.anchor else "")
        + "</div>"
    )
    body = [head]
    if example.description:
        body.append(paragraphs(example.description, "cb-example-description"))
    body.append(steps_html(example.steps))
    if example.is_outline:
        for t in example.tables:
            rows = [[esc(plain(v)) for v in row.values] + [f'<span class="cb-engine-only">{badge(row.result.status)}{failure_html(row.result.message)}</span>'] for row in t.rows]
            label = f'<p class="cb-label">{esc(t.name) or "Examples"} ' + f'<span class="cb-engine-only">{" ".join(chip(x) for x in t.tags)}</span></p>'
            body.append(label + table([esc(h) for h in t.header] + ['<span class="cb-engine-only">last run</span>'], rows, raw=True, wrap=False))
    else:
        body.append(f'<div class="cb-engine-only" data-search-exclude>{failure_html(example.result.message)}</div>')
    anchor = f' id="{esc(example.anchor)}"' if example.anchor else ""
    hidden = " cb-engine-only" if engine else ""
    extra = " data-search-exclude" if engine else ""
    return f'<div class="cb-example cb-example-{esc(status)}{hidden}"{anchor}{extra}>' + "".join(body) + "</div>"


def options_table(options: dict) -> str:
    props = options.get("properties", {}) if isinstance(options, dict) else {}
    required = set(options.get("required", [])) if isinstance(options, dict) else set()
    rows = []
    for name, spec in props.items():
        spec = spec if isinstance(spec, dict) else {}
        allowed = []
        if "enum" in spec:
            allowed.append(", ".join(json.dumps(v, ensure_ascii=False) for v in spec["enum"]))
        if "minimum" in spec or "maximum" in spec:
            allowed.append(f"{spec.get('minimum', '')}–{spec.get('maximum', '')}")
        if "const" in spec:
            allowed.append(json.dumps(spec["const"], ensure_ascii=False))
        if "default" in spec:
            allowed.append(f"default {json.dumps(spec['default'], ensure_ascii=False)}")
        rows.append([f"<code>{esc(name)}</code>" + (" (required)" if name in required else ""), esc(spec.get("type", "")), esc("; ".join(allowed)), esc(spec.get("description", ""))])
    if not rows:
        return f"<pre><code>{esc(json.dumps(options, indent=2))}</code></pre>"
    return table(["option", "type", "allowed", "meaning"], rows, raw=True)


def variant_order(tag: str) -> tuple:
    for i, prefix in enumerate(("players-", "difficulty-", "variant-", "optional", "model-")):
        if tag.startswith(prefix):
            return (i, tag)
    return (9, tag)


def variant_title(tag: str) -> str:
    if tag.startswith("players-"):
        return f"Only with {tag[len('players-'):]} players"
    if tag.startswith("difficulty-"):
        return f"Only at difficulty {tag[len('difficulty-'):]}"
    if tag.startswith("variant-"):
        return f"The {tag[len('variant-'):].replace('-', ' ').title()} variant"
    if tag == "optional":
        return "Optional clauses (an implementation may decline them)"
    if tag.startswith("model-"):
        return f"Clauses that depend on our model of the {tag[len('model-'):].replace('-', ' ')}"
    return tag
