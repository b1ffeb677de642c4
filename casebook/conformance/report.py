"""The conformance report: per clause, did the implementation keep it?

The report is the JSON the docs' conformance page reads
(results/conformance/<name>.json)::

    {"implementation": {"spec", "name", "version"}, "generated": ISO time,
     "suite": {"casebook": version, "features": sha256, "steps": sha256, "edited": bool, ...},
     "roots": [{"clause", "game", "rule", "summary", "example", "message",
                "blocks": [{"clause", "rule", "status", "examples"}]}],
     "clauses": {"CD-SET-01": {"game", "feature", "rule", "status", "summary",
                               "scenarios": [{"name", "status", "message", "needs",
                                              "blocked_by"?, "failure"?}]}},
     "totals": {"passed", "partial", "failed", "blocked", "unsupported", "not_run"},
     "properties": [{"name", "game", "status", "message", "invariant"}],
     "invariants": {"views_are_redactions": {"status", "failed_in", "passed_in"}}}

A clause's status folds its examples' with ``casebook.rulebook.fold``, the
one fold the site uses too: any failed -> failed; all passed -> passed; some
passed, the others declined in ``hello`` or not run -> partial ("2 of 3
examples, 1 unsupported": a clause is never passed on part of its
examples); none passed, some declined -> unsupported; else (only skipped or
not run) not_run.  Every clause of the features appears, so a clause that was never
run (another game selected) says so.

One deviation, one verdict (issue 44): before folding, ``casebook.verdicts.attribute`` gives each failure to
the clause whose deviation it is.  An example that passes through another clause (``@needs:<id>``) is
``blocked by`` it when that clause fails for the engine, not failed; ``roots`` lists the clauses that fail on
their own, each with what it blocks: the report, its console summary and the site lead with them, and
``--baseline`` compares them.

A property test that fails names the invariant of ``casebook.properties.random_play`` that
did not hold (``casebook.verdicts.invariant_of`` reads it from the typed
exception); each invariant gets its own verdict.
"""

from __future__ import annotations

import datetime as _dt
import json
from pathlib import Path

from casebook.atomic import write_text
from casebook.contract import REPORT_FORMAT
from casebook.names import terminal
from casebook.rulebook import BLOCKED, CLAUSE_ID, CLAUSE_STATUSES, PROPERTY_STATUSES, fold, read_game, summary
from casebook.verdicts import attribute, roots, unsupported_reason

STATUSES = CLAUSE_STATUSES  # the report's totals, in this order


def catalog(features: Path, games: list[str] | None = None) -> dict[str, dict]:
    """Every clause of the feature files: its game, section, wording, tags and scenario names."""
    clauses: dict[str, dict] = {}
    if not features.is_dir():
        return clauses
    for folder in sorted(p for p in features.iterdir() if p.is_dir()):
        if games and folder.name not in games:
            continue
        for clause in read_game(folder.name, folder).clauses:
            if not CLAUSE_ID.match(clause.id):  # a Rule without an id: the conventions test names it
                continue
            section = clause.section
            clauses[clause.id] = {
                "examples": [
                    {"name": e.name, "tags": sorted({*clause.tags, clause.id, *e.tags})} for e in clause.examples
                ],
                "game": folder.name,
                "feature": section.name,
                "feature_file": f"{folder.name}/{section.path.name}",
                "rule": clause.text,
                "tags": sorted(clause.tags),
                "declared": [e.name for e in clause.examples],
            }
    return clauses


# -- what a hello runs (verify --list); what each decline removes: casebook.conformance.decline_costs ----------


def plan(hello: dict, clauses: dict[str, dict]) -> dict[str, dict]:
    """Per clause, before any run: which examples a ``hello`` runs, which it declines, and why.

    ``{"CD-TRN-03": {"game", "rule", "status": "runs" | "partial" | "unsupported", "summary",
    "examples": [{"name", "runs": bool, "why"}]}}``: the same test the pytest plugin applies.
    """
    out = {}
    for cid, info in clauses.items():
        examples = [
            {"name": e["name"], "why": unsupported_reason(hello, info["game"], set(e["tags"]) | {cid}) or ""}
            for e in info.get("examples", [])
        ]
        running = sum(not e["why"] for e in examples)
        status = "runs" if running == len(examples) else "partial" if running else "unsupported"
        out[cid] = {
            "game": info["game"],
            "rule": info["rule"],
            "status": status,
            "examples": examples,
            "summary": f"{running} of {len(examples)} examples run" if status == "partial" else "",
        }
    return out


# -- numbers the guides quote, from a run ----------------------------------------------------
def counts_sentence(report: dict) -> str:
    """What a guide says of an example engine's run: its passed, failed and unsupported clause counts."""
    t = report["totals"]
    return f"{t['passed']} clauses passed, {t['failed']} failed and {t['unsupported']} unsupported" + (
        f" ({t['partial']} partly supported)" if t.get("partial") else ""
    )


def with_counts(text: str, name: str, report: dict) -> str:
    """``text`` (a guide) with the counts between ``<!-- counts: NAME -->`` and ``<!-- /counts -->``
    taken from ``report``."""
    start, end = f"<!-- counts: {name} -->", "<!-- /counts -->"
    head, found, rest = text.partition(start)
    if not found or end not in rest:
        raise ValueError(f"the guide has no {start}…{end} block")
    return head + start + counts_sentence(report) + end + rest.split(end, 1)[1]


# -- property tests: one verdict per invariant -----------------------------------
def invariants(properties: list[dict]) -> dict[str, dict]:
    """Per invariant: failed in the tests that broke it, passed when some test ran every check through."""
    whole = [p["name"] for p in properties if p["status"] == "passed"]
    out: dict[str, dict] = {}
    for p in properties:
        if p["status"] == "failed" and p.get("invariant"):
            entry = out.setdefault(p["invariant"], {"status": "failed", "failed_in": [], "passed_in": whole})
            entry["failed_in"].append(p["name"])
    from casebook.properties.random_play import INVARIANTS

    for name in INVARIANTS:
        if name not in out:
            statuses = {p["status"] for p in properties}
            status = "passed" if whole else "unsupported" if statuses == {"unsupported"} else "not_run"
            out[name] = {"status": status, "failed_in": [], "passed_in": whole}
    return dict(sorted(out.items()))


def build(
    implementation: dict,
    clauses: dict[str, dict],
    results: list[dict],
    properties: list[dict] | None = None,
    extra: dict | None = None,
) -> dict:
    """Fold scenario results (``{"clauses", "game", "name", "status", "message"}``) into the report."""
    per_clause: dict[str, list[dict]] = {cid: [] for cid in clauses}
    for result in results:
        for cid in result.get("clauses", []):
            per_clause.setdefault(cid, []).append(
                {k: result[k] for k in ("name", "status", "message")}
                | {"nodeid": result.get("nodeid", ""), "needs": list(result.get("needs") or ())}
            )
    for cid, scenarios in per_clause.items():
        ran = {s["name"].split(" [")[0] for s in scenarios}
        scenarios += [
            {"name": name, "status": "not_run", "message": ""}
            for name in clauses.get(cid, {}).get("declared", [])
            if name not in ran
        ]
    attribute(per_clause)  # a failure through another clause's deviation is that clause's: "blocked by"
    out = {}
    for cid in sorted(per_clause):
        info = clauses.get(cid, {})
        scenarios = per_clause[cid]
        out[cid] = {
            "game": info.get("game", next((r["game"] for r in results if cid in r.get("clauses", [])), "")),
            "feature": info.get("feature", ""),
            "feature_file": info.get("feature_file", ""),
            "rule": info.get("rule", ""),
            "tags": info.get("tags", []),
            "status": fold([s["status"] for s in scenarios]),
            "summary": summary([s["status"] for s in scenarios]),
            "scenarios": scenarios,
        }
    totals = {status: sum(1 for c in out.values() if c["status"] == status) for status in STATUSES}
    report = {
        "format": REPORT_FORMAT,
        "implementation": implementation,
        **({"suite": extra["suite"]} if extra and "suite" in extra else {}),  # the header: judged against which edition
        "generated": _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds"),
        "roots": root_deviations(out, roots(per_clause)),
        "clauses": out,
        "totals": totals,
    }
    if properties is not None:
        report["properties"] = properties
        report["properties_totals"] = {s: sum(1 for p in properties if p["status"] == s) for s in PROPERTY_STATUSES}
        report["invariants"] = invariants(properties)
    report.update(extra or {})
    return report


def root_deviations(out: dict[str, dict], blocking: dict[str, set[str]]) -> list[dict]:
    """The report's lead: each clause that fails on its own, with its first failure and what it blocks; the ones
    that block most first within a game (fix them first: their blocked examples run again)."""
    entries = []
    for cid, blocked in blocking.items():
        clause = out[cid]
        first = next(s for s in clause["scenarios"] if s["status"] == "failed")
        blocks = [
            {
                "clause": other,
                "rule": out[other]["rule"],
                "status": out[other]["status"],
                "examples": [s["name"] for s in out[other]["scenarios"] if s["status"] == BLOCKED],
            }
            for other in sorted(blocked)
        ]
        entries.append(
            {
                "clause": cid,
                "game": clause["game"],
                "rule": clause["rule"],
                "summary": clause["summary"],
                "example": first["name"],
                "message": first["message"],
                "blocks": blocks,
            }
        )
    return sorted(entries, key=lambda e: (e["game"], -sum(len(b["examples"]) for b in e["blocks"]), e["clause"]))


def failed(report: dict) -> bool:
    """Exit non-zero: a supported clause failed, or a property test of a supported game failed."""
    return report["totals"].get("failed", 0) > 0 or any(p["status"] == "failed" for p in report.get("properties", []))


def diff(baseline: dict, report: dict) -> dict:
    """Which clauses changed status since ``baseline``: the regression view of a rule change."""
    old, new = baseline.get("clauses", {}), report.get("clauses", {})
    changed = [
        {
            "clause": cid,
            "game": new[cid]["game"],
            "rule": new[cid]["rule"],
            "before": old[cid]["status"],
            "after": new[cid]["status"],
        }
        for cid in sorted(set(old) & set(new))
        if old[cid]["status"] != new[cid]["status"]
    ]
    added = [
        {"clause": cid, "game": new[cid]["game"], "rule": new[cid]["rule"], "after": new[cid]["status"]}
        for cid in sorted(set(new) - set(old))
    ]
    removed = [
        {
            "clause": cid,
            "game": old[cid].get("game", ""),
            "rule": old[cid].get("rule", ""),
            "before": old[cid]["status"],
        }
        for cid in sorted(set(old) - set(new))
    ]
    return {
        "baseline": baseline.get("generated", ""),
        "baseline_suite": baseline.get("suite", {}),
        "roots": roots_changed(baseline, report),
        "changed": changed,
        "added": added,
        "removed": removed,
        "examples": examples_changed(baseline, report),
        "regressions": regressions(baseline, report),
    }


def roots_changed(baseline: dict, report: dict) -> dict:
    """The root deviations of both reports, by clause id: which are new, which are gone (fixed, or now blocked).

    A baseline written before roots were reported (no ``roots``) counts its failed clauses as its roots."""
    if "roots" in baseline:
        old = [r["clause"] for r in baseline["roots"]]
    else:
        old = sorted(cid for cid, c in baseline.get("clauses", {}).items() if c.get("status") == "failed")
    new = [r["clause"] for r in report.get("roots", [])]
    return {
        "before": old,
        "after": new,
        "new": [c for c in new if c not in old],
        "gone": [c for c in old if c not in new],
    }


def _examples(clause: dict) -> dict[str, str]:
    return {s.get("name", ""): s.get("status", "not_run") for s in clause.get("scenarios", [])}


def examples_changed(baseline: dict, report: dict) -> list[dict]:
    """Per example of the clauses both reports hold:
    which changed status (a clause may keep its verdict while they do)."""
    old, new = baseline.get("clauses", {}), report.get("clauses", {})
    out = []
    for cid in sorted(set(old) & set(new)):
        before, after = _examples(old[cid]), _examples(new[cid])
        for name in sorted(set(before) | set(after)):
            if before.get(name) != after.get(name):
                out.append(
                    {"clause": cid, "example": name, "before": before.get(name, "—"), "after": after.get(name, "—")}
                )
    return out


def regressions(baseline: dict, report: dict) -> list[dict]:
    """What passed in ``baseline`` and fails now: clauses by id, property tests by name.

    ``verify --fail-on regression`` fails on these alone, so an engine's CI stays green
    while it still fails clauses it never passed, and turns red the day it breaks one it kept.
    """
    old, new = baseline.get("clauses", {}), report.get("clauses", {})
    out = [
        {"clause": cid, "rule": new[cid].get("rule", "")}
        for cid in sorted(set(old) & set(new))
        if old[cid].get("status") == "passed" and new[cid]["status"] == "failed"
    ]
    named = {r["clause"] for r in out}
    # a partly supported clause regresses too, when one of the examples it passed fails now
    out += [
        {"clause": e["clause"], "example": e["example"], "rule": new[e["clause"]].get("rule", "")}
        for e in examples_changed(baseline, report)
        if e["clause"] not in named and e["before"] == "passed" and e["after"] == "failed"
    ]
    before = {p.get("name"): p.get("status") for p in baseline.get("properties", [])}
    out += [
        {"property": p["name"]}
        for p in report.get("properties", [])
        if p["status"] == "failed" and before.get(p["name"]) == "passed"
    ]
    return out


def render_edition(report: dict, console) -> None:
    """The header line: which rulebook text judged the engine (a verdict means nothing without its edition)."""
    from casebook.conformance.suite import headline

    if "suite" in report:
        edited = report["suite"].get("edited")
        console.print(
            terminal(headline(report["suite"]), 1000),
            style="bold red" if edited else None,
            highlight=False,
            soft_wrap=True,
        )


def render_regressions(report: dict, changes: dict, console) -> None:
    """After the changes since a baseline: which of them are regressions, and whether the rulebook moved too."""
    theirs = changes.get("baseline_suite", {}).get("features")
    if theirs and theirs != report.get("suite", {}).get("features"):
        console.print(
            f"[yellow]the baseline was judged against another edition of the features ({theirs[:12]}): "
            "a change may come from the rulebook, not from the engine[/yellow]"
        )
    regressed = changes.get("regressions", [])
    console.print(
        f"[bold {'red' if regressed else 'green'}]{len(regressed)} regression(s): passed in the baseline, failed now[/]"
    )
    for r in regressed:
        console.print(f"  [red]{r.get('clause') or r.get('property')}[/red] {r.get('rule', '')}", highlight=False)


def write(report: dict, path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    return write_text(path, json.dumps(report, indent=2, ensure_ascii=False) + "\n")


# -- the readable summary ------------------------------------------------------
def sections(report: dict) -> dict[str, dict[str, dict[str, int]]]:
    """game -> section (feature file) -> status counts, in feature order."""
    out: dict[str, dict[str, dict[str, int]]] = {}
    for clause in sorted(report["clauses"].values(), key=lambda c: (c["game"], c.get("feature_file", ""))):
        section = clause.get("feature") or clause.get("feature_file") or "?"
        counts = out.setdefault(clause["game"], {}).setdefault(section, dict.fromkeys(STATUSES, 0))
        counts[clause["status"]] += 1
    return out


def render(report: dict, console, changes: dict | None = None, limit: int = 40) -> None:
    """Print the summary: per game and section, then what failed and why, then what changed.

    Every text from the engine or the report (names, messages) goes through ``terminal``:
    an engine named ``[/bold]`` or with ANSI escapes prints as text, never as markup.
    """
    from rich.table import Table as RichTable

    t = terminal
    impl = report["implementation"]
    console.print(
        f"[bold]Conformance of {t(impl.get('name'), 200)} {t(impl.get('version'), 80)}[/bold]: {t(lead(report))}",
        highlight=False,
    )
    console.print(f"  ({t(impl.get('spec'), 300)})", highlight=False)
    render_edition(report, console)
    render_roots(report, console, limit)
    for game, per_section in sections(report).items():
        table = RichTable(title=t(game), title_justify="left", show_footer=True)
        table.add_column("section", footer="total")
        for status in STATUSES:
            style = {"passed": "green", "partial": "yellow", "failed": "red", BLOCKED: "magenta"}.get(status, "dim")
            total = sum(c[status] for c in per_section.values())
            table.add_column(status.replace("_", " "), justify="right", style=style, footer=str(total))
        for section, counts in per_section.items():
            table.add_row(t(section), *(str(counts[s]) for s in STATUSES))
        console.print(table)
    failures = [(cid, c) for cid, c in report["clauses"].items() if c["status"] == "failed"]
    if failures:
        console.print(f"[bold red]{len(failures)} clause(s) failed[/bold red] (their failures, whole)")
        for cid, clause in failures[:limit]:
            console.print(
                f"  [red]{t(cid)}[/red] {t(clause['rule'])}  ({t(clause.get('summary', ''))})", highlight=False
            )
            for scenario in [s for s in clause["scenarios"] if s["status"] == "failed"]:
                console.print(f"    {t(scenario['name'])}:", highlight=False)
                console.print(indented(scenario["message"], t), highlight=False, soft_wrap=True)
        if len(failures) > limit:
            console.print(f"  … and {len(failures) - limit} more (see the JSON report)")
    blocked = [(cid, c) for cid, c in report["clauses"].items() if c["status"] == BLOCKED]
    if blocked:
        console.print(f"[bold magenta]{len(blocked)} clause(s) blocked[/bold magenta] by another clause's deviation")
        for cid, clause in blocked[:limit]:
            by = sorted({b for s in clause["scenarios"] for b in s.get("blocked_by", ())})
            console.print(f"  [magenta]{t(cid)}[/magenta] blocked by {t(', '.join(by))}  {t(clause['rule'])}")
    partial = [(cid, c) for cid, c in report["clauses"].items() if c["status"] == "partial"]
    if partial:
        console.print(f"[bold yellow]{len(partial)} clause(s) partly supported[/bold yellow]")
        for cid, clause in partial[:limit]:
            console.print(
                f"  [yellow]{t(cid)}[/yellow] {t(clause.get('summary', ''))}  {t(clause['rule'])}", highlight=False
            )
        if len(partial) > limit:
            console.print(f"  … and {len(partial) - limit} more (see the JSON report)")
    props = report.get("properties", [])
    bad = [p for p in props if p["status"] == "failed"]
    if props:
        console.print(
            f"property tests: {sum(p['status'] == 'passed' for p in props)} passed, {len(bad)} failed, "
            f"{sum(p['status'] == 'unsupported' for p in props)} unsupported, "
            f"{sum(p['status'] == 'not_run' for p in props)} not run"
        )
        for name, entry in report.get("invariants", {}).items():
            style = {"passed": "green", "failed": "red", "unsupported": "yellow"}.get(entry["status"], "dim")
            console.print(
                f"  invariant {t(name)}: [{style}]{entry['status'].replace('_', ' ')}[/{style}]", highlight=False
            )
        for p in bad[:limit]:
            console.print(f"  [red]{t(p['name'])}[/red] (invariant: {t(p.get('invariant') or '?')}):", highlight=False)
            console.print(indented(p["message"], t), highlight=False, soft_wrap=True)
    if changes is not None:
        moved = changes["changed"] + changes["added"] + changes["removed"]
        console.print(
            f"[bold]since the baseline ({t(changes['baseline'])}): {len(changes['changed'])} changed, "
            f"{len(changes['added'])} new, {len(changes['removed'])} gone, "
            f"{len(changes.get('examples', []))} example(s) changed[/bold]"
        )
        for c in moved:
            console.print(
                f"  {t(c['clause'])}: {t(c.get('before', '—'))} → {t(c.get('after', '—'))}  {t(c['rule'])}",
                highlight=False,
            )
        for e in changes.get("examples", [])[: limit * 5]:
            console.print(
                f"    {t(e['clause'])} / {t(e['example'])}: {t(e['before'])} → {t(e['after'])}", highlight=False
            )
        rooted = changes.get("roots")
        if rooted:
            console.print(
                f"  root deviations: {len(rooted['before'])} → {len(rooted['after'])}; "
                f"new: {t(', '.join(rooted['new']) or 'none')}; gone: {t(', '.join(rooted['gone']) or 'none')}",
                highlight=False,
            )
        render_regressions(report, changes, console)
    totals = report["totals"]
    console.print(
        f"[bold]clauses: {totals['passed']} passed, {totals.get('partial', 0)} partly supported, "
        f"{totals['failed']} failed, {totals.get(BLOCKED, 0)} blocked, {totals['unsupported']} unsupported, "
        f"{totals['not_run']} not run[/bold]"
    )


def lead(report: dict) -> str:
    """The report's first words: its root deviations by clause id, or that none failed."""
    found = report.get("roots", [])
    if not found:
        return "no clause fails"
    return f"{len(found)} root deviation{'s' * (len(found) != 1)}: " + ", ".join(r["clause"] for r in found)


def render_roots(report: dict, console, limit: int = 40) -> None:
    """What is wrong with the engine, one deviation a line, each with the clauses it blocks."""
    t = terminal
    for root in report.get("roots", [])[:limit]:
        first = (root["message"] or "").strip().splitlines() or [""]
        console.print(f"  [red]{t(root['clause'])}[/red] {t(root['rule'])}", highlight=False)
        console.print(f"      {t(root.get('example', ''))}: {t(first[0], MAX_LINE_WIDTH)}", highlight=False)
        if root["blocks"]:
            examples = sum(len(b["examples"]) for b in root["blocks"])
            console.print(
                f"      blocks {examples} example(s) of {t(', '.join(b['clause'] for b in root['blocks']))}",
                highlight=False,
            )
    if len(report.get("roots", [])) > limit:
        console.print(f"  … and {len(report['roots']) - limit} more (see the JSON report)")


MAX_MESSAGE_LINES = 80  # of one failure in the console and .txt: pytest's whole diff, bounded against a runaway engine
MAX_LINE_WIDTH = 300  # of one line there: a state dumped on one line is the JSON report's business, not the console's


def indented(message: str, t) -> str:
    """A failure's whole message (pytest's assertion diff), indented under its example."""
    lines = (message or "").rstrip().splitlines() or [""]
    shown = [f"      {t(line, MAX_LINE_WIDTH)}" for line in lines[:MAX_MESSAGE_LINES]]
    if len(lines) > MAX_MESSAGE_LINES or any(len(line) > MAX_LINE_WIDTH for line in lines):
        shown.append(
            f"      … {max(len(lines) - MAX_MESSAGE_LINES, 0)} more lines, and every line whole, in the JSON report"
        )
    return "\n".join(shown)
