"""What the last runs said: pytest-bdd's Cucumber JSON and the conformance reports.

Both are optional.  A fresh clone has neither, and every example then shows
"not run".  pytest-bdd writes its Cucumber JSON only from the controlling
process (xdist workers do not write it), so a run split over several
processes or jobs may leave several files: every ``cucumber*.json`` in the
results folder is read, the newest file winning where two ran the same example.

A Cucumber element is matched to its example by feature file and line; the
rows of a Scenario Outline share that line, so a row is matched by its steps'
text with the row's values filled in, and failing that by its position.

Every file is read within the wire's limits (casebook/wire.py: nesting, numbers, and size: a report as large as
one message may be, Cucumber JSON ``CUCUMBER_SIZE``): a file beyond them is refused with a message naming it, and
the other files still build (a report nested 100,000 deep once ended ``docs build`` in a RecursionError).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from pathlib import Path

from casebook.contract import NotAReport, read_report
from casebook.wire import MAX_DEPTH, MAX_LINE, WireError, parse
from casebook.names import REFERENCE_NAME, brief, is_reference, slug
from casebook.rulebook import CLAUSE_STATUSES, NOT_RUN, Example, Game, Result, fold


CUCUMBER_SIZE = 8 * MAX_LINE  # a whole run's Cucumber JSON: every step of ~900 scenarios, with their messages


def within_limits(path: Path, size: int = MAX_LINE):
    """The JSON in ``path``, read as the wire reads a message; ``WireError`` (``OSError``) saying what is wrong."""
    if path.stat().st_size > size:  # never read whole first
        raise WireError("too_large", f"{path.stat().st_size} bytes (at most {size})")
    return parse(path.read_bytes() or b"[]", max_line=size, max_depth=MAX_DEPTH)


@dataclass
class Run:
    """One Cucumber element: a run of an example or of one outline row."""

    status: str
    message: str
    steps: list[str]


@dataclass
class LastRun:
    """The scenario results of the last run, by (game, feature file name, line)."""

    runs: dict[tuple[str, str, int], list[Run]] = field(default_factory=dict)
    files: list[Path] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    @property
    def when(self) -> str:
        if not self.files:
            return ""
        newest = max(p.stat().st_mtime for p in self.files)
        return dt.datetime.fromtimestamp(newest, dt.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")


def element_status(element: dict) -> tuple[str, str]:
    statuses = [s.get("result", {}).get("status", "") for s in element.get("steps", [])]
    message = next(
        (
            s["result"].get("error_message", "")
            for s in element.get("steps", [])
            if s.get("result", {}).get("status") == "failed"
        ),
        "",
    )
    if "failed" in statuses:
        return "failed", message
    if "skipped" in statuses:
        return "skipped", message
    if statuses and all(s == "passed" for s in statuses):
        return "passed", ""
    return NOT_RUN, message


def read_cucumber(results: Path | None) -> LastRun:
    last = LastRun()
    if results is None or not results.is_dir():
        return last
    files = sorted(results.glob("cucumber*.json"), key=lambda p: p.stat().st_mtime)
    for path in files:
        try:
            features = within_limits(path, CUCUMBER_SIZE)
        except (OSError, WireError) as exc:
            last.problems.append(f"{path.name}: not readable as Cucumber JSON ({exc})")
            continue
        if not isinstance(features, list):
            last.problems.append(f"{path.name}: not a Cucumber JSON list of features")
            continue
        last.files.append(path)
        fresh: dict[tuple[str, str, int], list[Run]] = {}
        for feature in features:
            if not isinstance(feature, dict):
                continue
            parts = Path(str(feature.get("uri", ""))).parts
            if len(parts) < 2:
                continue
            game, name = parts[-2], parts[-1]
            for element in feature.get("elements", []):
                status, message = element_status(element)
                steps = [s.get("name", "") for s in element.get("steps", [])]
                fresh.setdefault((game, name, int(element.get("line", 0))), []).append(Run(status, message, steps))
        last.runs.update(fresh)  # a newer file replaces what an older one said of the same example
    return last


def fill(template: str, header: list[str], values: list[str]) -> str:
    for name, value in zip(header, values):
        template = template.replace(f"<{name}>", value)
    return template


def attach_example(example: Example, runs: list[Run], source: str) -> None:
    if not example.is_outline:
        if runs:
            run = runs[-1]
            example.result = Result(run.status, run.message, source)
        return
    unused = list(runs)
    for table in example.tables:
        for row in table.rows:
            wanted = [fill(s.text, table.header, row.values) for s in example.steps]
            match = next((r for r in unused if r.steps[-len(wanted) :] == wanted), None) if wanted else None
            if match is None and unused:
                match = unused[0]  # same order as the table: pytest parametrizes rows in order
            if match is not None:
                unused.remove(match)
                row.result = Result(match.status, match.message, source)
    example.result = Result(fold(r.status for r in example.runs()), "", source)


def attach(games: list[Game], last: LastRun) -> None:
    """Give every example of every game its result in the last run (or leave it "not run")."""
    source = ", ".join(p.name for p in last.files)
    for game in games:
        for section in game.sections:
            for example in [e for c in section.clauses for e in c.examples] + section.loose:
                runs = last.runs.get((game.id, section.path.name, example.line), [])
                attach_example(example, runs, source)


# -- conformance reports (written by ``casebook verify``) ---------------------


@dataclass
class Report:
    """One implementation validated: which clauses it passes."""

    file: str
    spec: str
    name: str
    version: str
    generated: str
    clauses: dict[str, dict]
    totals: dict[str, int]
    roots: list[dict] = field(default_factory=list)  # the clauses that fail on their own, with what they block

    @property
    def label(self) -> str:
        """The name and version the engine gave, bounded; a claim to be the reference is marked as one."""
        text = brief(f"{self.name} {self.version}".strip(), 120) or self.file
        if self.name == REFERENCE_NAME and not is_reference(self.spec):
            text += f" (claimed by {brief(self.spec, 60)})"
        return text

    @property
    def slug(self) -> str:
        """For HTML ids: the file's stem made safe (a stem with spaces would become attributes)."""
        return slug(Path(self.file).stem)


def read_reports(results: Path | None) -> tuple[list[Report], list[str]]:
    """Every conformance report in ``results/conformance``, each checked against the one report schema
    (``casebook.contract.REPORT``); a file that is not one is a problem the site shows, never a crash."""
    reports, problems = [], []
    folder = results / "conformance" if results is not None else None
    if folder is None or not folder.is_dir():
        return reports, problems
    for path in sorted(folder.glob("*.json")):
        try:
            within_limits(path)  # a cheap look first: the report's own reader (json) has no limits
            data = read_report(path)
        except (OSError, WireError) as exc:
            problems.append(f"conformance/{path.name}: not a conformance report ({exc})")
            continue
        except NotAReport as exc:
            problems.append(f"conformance/{path.name}: not a conformance report ({exc.why})")
            continue
        impl = data["implementation"]
        reports.append(
            Report(
                file=path.name,
                spec=impl["spec"],
                name=str(impl["name"] or path.stem),
                version=str(impl.get("version") or ""),
                generated=data["generated"],
                clauses=data["clauses"],
                totals=data["totals"],
                roots=data.get("roots", []),
            )
        )
    return reports, problems


# -- the conformance page's figures --------------------------------------------


def game_figures(report: Report, game: str, clause_ids: list[str]) -> dict:
    """One implementation on one game: its clauses counted by status (a clause the report lacks is not run).

    ``offered`` is False when the engine ran nothing of the game (every clause unsupported or not run: a one-game
    engine's other games); ``passing`` is the share of the clauses it supports that pass, so that a Cluedo-only
    engine passing all of Cluedo reads 100 %, not 8 % (issue 51: the other games counted as unsupported)."""
    statuses = [report.clauses.get(i, {}).get("status", NOT_RUN) for i in clause_ids]
    counts = {s: statuses.count(s) for s in CLAUSE_STATUSES}
    supported = len(statuses) - counts["unsupported"]
    offered = any(s not in ("unsupported", NOT_RUN) for s in statuses)
    return {
        "game": game,
        "counts": counts,
        "clauses": len(statuses),
        "supported": supported,
        "offered": offered,
        "passing": round(100 * counts["passed"] / supported) if offered and supported else None,
    }


def report_figures(report: Report, games: dict[str, list[str]]) -> dict:
    """An implementation's figures per game (``games``: game id -> its clause ids, in the features' order, and the
    report's clauses of games the features lack under their own ids), and over the games it offers."""
    per_game = [game_figures(report, g, ids) for g, ids in games.items()]
    offered = [f for f in per_game if f["offered"]]
    passed = sum(f["counts"]["passed"] for f in offered)
    supported = sum(f["supported"] for f in offered)
    return {
        "games": per_game,
        "offered": [f["game"] for f in offered],
        "counts": {s: sum(f["counts"][s] for f in offered) for s in CLAUSE_STATUSES},
        "passing": round(100 * passed / supported) if supported else None,
    }


def clauses_by_game(reports: list[Report], known: dict[str, str]) -> dict[str, list[str]]:
    """Every clause id, grouped by game: the features' (``known``: id -> game, in their order) and then any a report
    names that the features do not have (under the game the report gives it)."""
    out: dict[str, list[str]] = {}
    for clause_id, game in known.items():
        out.setdefault(game, []).append(clause_id)
    for report in reports:
        for clause_id, entry in sorted(report.clauses.items()):
            if clause_id not in known and clause_id not in out.get(str(entry.get("game")), []):
                out.setdefault(str(entry.get("game")), []).append(clause_id)
    return out
