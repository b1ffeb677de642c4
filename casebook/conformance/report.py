"""The conformance report: per clause, did the implementation keep it?

The report is the JSON the docs' conformance page reads
(results/conformance/<name>.json)::

    {"implementation": {"spec", "name", "version"}, "generated": ISO time,
     "suite": {"casebook": version, "features": sha256, "steps": sha256, "edited": bool, ...},
     "clauses": {"CD-SET-01": {"game", "feature", "rule", "status",
                               "scenarios": [{"name", "status", "message"}]}},
     "totals": {"passed", "failed", "unsupported", "not_run"}}

A clause's status folds its scenarios': any failed -> failed; else any
passed -> passed; else any unsupported (declined in ``hello``) ->
unsupported; else not_run.  Every clause of the features appears, so a
clause that was never run (another game selected) says so.
"""

from __future__ import annotations

import datetime as _dt
import json
from pathlib import Path

from gherkin.parser import Parser

from casebook.names import slug, terminal
from casebook.pytest_plugin import CLAUSE_ID

STATUSES = ("passed", "failed", "unsupported", "not_run")
REPORT_FORMAT = "casebook-conformance/1"


def _tags(node) -> list[str]:
    return [t["name"].lstrip("@") for t in node.get("tags", [])]


def catalog(features: Path, games: list[str] | None = None) -> dict[str, dict]:
    """Every clause of the feature files: its game, section, wording, tags and scenario names."""
    clauses: dict[str, dict] = {}
    if not features.is_dir():
        return clauses
    for folder in sorted(p for p in features.iterdir() if p.is_dir()):
        if games and folder.name not in games:
            continue
        for path in sorted(folder.glob("*.feature")):
            document = Parser().parse(path.read_text(encoding="utf-8"))
            feature = document.get("feature") or {}
            for child in feature.get("children", []):
                rule = child.get("rule")
                if not rule:
                    continue
                ids = [t for t in _tags(rule) if CLAUSE_ID.match(t)]
                if not ids:
                    continue
                scenarios = [c["scenario"]["name"] for c in rule.get("children", []) if "scenario" in c]
                clauses[ids[0]] = {
                    "game": folder.name,
                    "feature": feature.get("name", path.stem),
                    "feature_file": f"{folder.name}/{path.name}",
                    "rule": rule.get("name", ""),
                    "tags": sorted(set(_tags(feature)) | {t for t in _tags(rule) if t != ids[0]}),
                    "declared": scenarios,
                }
    return clauses


def fold(statuses: list[str]) -> str:
    for status in ("failed", "passed", "unsupported"):
        if status in statuses:
            return status
    return "not_run"


def build(implementation: dict, clauses: dict[str, dict], results: list[dict], properties: list[dict] | None = None,
          extra: dict | None = None) -> dict:
    """Fold scenario results (``{"clauses", "game", "name", "status", "message"}``) into the report."""
    per_clause: dict[str, list[dict]] = {cid: [] for cid in clauses}
    for result in results:
        for cid in result.get("clauses", []):
            per_clause.setdefault(cid, []).append({k: result[k] for k in ("name", "status", "message")} | {"nodeid": result.get("nodeid", "")})
    out = {}
    for cid in sorted(per_clause):
        info = clauses.get(cid, {})
        scenarios = per_clause[cid]
        ran = {s["name"].split(" [")[0] for s in scenarios}
        scenarios += [{"name": name, "status": "not_run", "message": ""} for name in info.get("declared", []) if name not in ran]
        out[cid] = {
            "game": info.get("game", next((r["game"] for r in results if cid in r.get("clauses", [])), "")),
            "feature": info.get("feature", ""),
            "feature_file": info.get("feature_file", ""),
            "rule": info.get("rule", ""),
            "tags": info.get("tags", []),
            "status": fold([s["status"] for s in scenarios]),
            "scenarios": scenarios,
        }
    totals = {status: sum(1 for c in out.values() if c["status"] == status) for status in STATUSES}
    report = {
        "format": REPORT_FORMAT,
        "implementation": implementation,
        **({"suite": extra["suite"]} if extra and "suite" in extra else {}),  # the header: judged against which edition
        "generated": _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds"),
        "clauses": out,
        "totals": totals,
    }
    if properties is not None:
        report["properties"] = properties
        report["properties_totals"] = {s: sum(1 for p in properties if p["status"] == s) for s in ("passed", "failed", "unsupported", "not_run")}
    report.update(extra or {})
    return report


def failed(report: dict) -> bool:
    """Exit non-zero: a supported clause failed, or a property test of a supported game failed."""
    return report["totals"].get("failed", 0) > 0 or any(p["status"] == "failed" for p in report.get("properties", []))


def diff(baseline: dict, report: dict) -> dict:
    """Which clauses changed status since ``baseline``: the regression view of a rule change."""
    old, new = baseline.get("clauses", {}), report.get("clauses", {})
    changed = [
        {"clause": cid, "game": new[cid]["game"], "rule": new[cid]["rule"], "before": old[cid]["status"], "after": new[cid]["status"]}
        for cid in sorted(set(old) & set(new))
        if old[cid]["status"] != new[cid]["status"]
    ]
    added = [{"clause": cid, "game": new[cid]["game"], "rule": new[cid]["rule"], "after": new[cid]["status"]} for cid in sorted(set(new) - set(old))]
    removed = [{"clause": cid, "game": old[cid].get("game", ""), "rule": old[cid].get("rule", ""), "before": old[cid]["status"]} for cid in sorted(set(old) - set(new))]
    return {"baseline": baseline.get("generated", ""), "baseline_suite": baseline.get("suite", {}),
            "changed": changed, "added": added, "removed": removed, "regressions": regressions(baseline, report)}


def regressions(baseline: dict, report: dict) -> list[dict]:
    """What passed in ``baseline`` and fails now: clauses by id, property tests by name.

    ``verify --fail-on regression`` fails on these alone, so an engine's CI stays green
    while it still fails clauses it never passed, and turns red the day it breaks one it kept.
    """
    old, new = baseline.get("clauses", {}), report.get("clauses", {})
    out = [{"clause": cid, "rule": new[cid].get("rule", "")} for cid in sorted(set(old) & set(new))
           if old[cid].get("status") == "passed" and new[cid]["status"] == "failed"]
    before = {p.get("name"): p.get("status") for p in baseline.get("properties", [])}
    out += [{"property": p["name"]} for p in report.get("properties", []) if p["status"] == "failed" and before.get(p["name"]) == "passed"]
    return out


def render_edition(report: dict, console) -> None:
    """The header line: which rulebook text judged the engine (a verdict means nothing without its edition)."""
    from casebook.conformance.suite import headline

    if "suite" in report:
        edited = report["suite"].get("edited")
        console.print(headline(report["suite"]), style="bold red" if edited else None, highlight=False, soft_wrap=True)


def render_regressions(report: dict, changes: dict, console) -> None:
    """After the changes since a baseline: which of them are regressions, and whether the rulebook moved too."""
    theirs = changes.get("baseline_suite", {}).get("features")
    if theirs and theirs != report.get("suite", {}).get("features"):
        console.print(f"[yellow]the baseline was judged against another edition of the features ({theirs[:12]}): "
                      "a change may come from the rulebook, not from the engine[/yellow]")
    regressed = changes.get("regressions", [])
    console.print(f"[bold {'red' if regressed else 'green'}]{len(regressed)} regression(s): passed in the baseline, failed now[/]")
    for r in regressed:
        console.print(f"  [red]{r.get('clause') or r.get('property')}[/red] {r.get('rule', '')}", highlight=False)


def write(report: dict, path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(report, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return path


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
    console.print(f"[bold]Conformance of {t(impl.get('name'), 200)} {t(impl.get('version'), 80)}[/bold]  ({t(impl.get('spec'), 300)})")
    render_edition(report, console)
    for game, per_section in sections(report).items():
        table = RichTable(title=t(game), title_justify="left", show_footer=True)
        table.add_column("section", footer="total")
        for status, style in zip(STATUSES, ("green", "red", "yellow", "dim")):
            total = sum(c[status] for c in per_section.values())
            table.add_column(status.replace("_", " "), justify="right", style=style, footer=str(total))
        for section, counts in per_section.items():
            table.add_row(t(section), *(str(counts[s]) for s in STATUSES))
        console.print(table)
    failures = [(cid, c) for cid, c in report["clauses"].items() if c["status"] == "failed"]
    if failures:
        console.print(f"[bold red]{len(failures)} clause(s) failed[/bold red]")
        for cid, clause in failures[:limit]:
            scenario = next(s for s in clause["scenarios"] if s["status"] == "failed")
            message = (scenario["message"] or "").strip().splitlines()
            console.print(f"  [red]{t(cid)}[/red] {t(clause['rule'])}\n      {t(scenario['name'])}: {t(message[0], 200) if message else ''}",
                          highlight=False)
        if len(failures) > limit:
            console.print(f"  … and {len(failures) - limit} more (see the JSON report)")
    props = report.get("properties", [])
    bad = [p for p in props if p["status"] == "failed"]
    if props:
        console.print(f"property tests: {sum(p['status'] == 'passed' for p in props)} passed, {len(bad)} failed, "
                      f"{sum(p['status'] == 'unsupported' for p in props)} unsupported, {sum(p['status'] == 'not_run' for p in props)} not run")
        for p in bad[:limit]:
            first = (p["message"] or "").strip().splitlines()
            console.print(f"  [red]{t(p['name'])}[/red]: {t(first[0], 200) if first else ''}", highlight=False)
    if changes is not None:
        moved = changes["changed"] + changes["added"] + changes["removed"]
        console.print(f"[bold]since the baseline ({t(changes['baseline'])}): {len(changes['changed'])} changed, "
                      f"{len(changes['added'])} new, {len(changes['removed'])} gone[/bold]")
        for c in moved:
            console.print(f"  {t(c['clause'])}: {t(c.get('before', '—'))} → {t(c.get('after', '—'))}  {t(c['rule'])}", highlight=False)
        render_regressions(report, changes, console)
    totals = report["totals"]
    console.print(f"[bold]clauses: {totals['passed']} passed, {totals['failed']} failed, {totals['unsupported']} unsupported, "
                  f"{totals['not_run']} not run[/bold]")
