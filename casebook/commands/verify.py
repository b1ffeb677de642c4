"""``casebook verify``: the rules suite against an implementation; a conformance report per clause.

    casebook verify --impl SPEC [--game G …] [--baseline REPORT]
        the feature suite and property tests against SPEC; a report per clause
        (results/conformance/<name>.json, JUnit XML, results/cucumber.json)
    casebook verify --impl SPEC --list
        a dry run: from the engine's hello alone, which clauses run, which only in
        part, which are unsupported, and which decline removes them

``verify(...)`` runs and writes the report and returns a ``Verified``; the
command prints it.
"""

from __future__ import annotations

import fnmatch
import io
from dataclasses import dataclass, field
from pathlib import Path

from casebook.atomic import cannot_write, write_text
from casebook.commands import EXIT_CANNOT_RUN, EXIT_FAILED, EXIT_OK, IMPL_HELP, console
from casebook.names import terminal

DEFAULT_DEADLINE = 3 * 3600.0  # a whole run: the reference over stdio takes minutes; a slow engine, hours, not weeks


def register(sub) -> None:
    verify = sub.add_parser("verify", help="run the rules suite against an implementation; write a conformance report")
    verify.add_argument("--impl", default="reference", help=IMPL_HELP)
    verify.add_argument(
        "--game", action="append", default=[], help="only this game (repeatable); default: every game of the features"
    )
    verify.add_argument(
        "--clause",
        action="append",
        default=[],
        help="only clauses matching this id or glob, e.g. 'CD-SET-*' (repeatable)",
    )
    verify.add_argument("--name", help="report name (default: the implementation's name from hello)")
    verify.add_argument("--out", default="results", help="directory for the reports (default: results)")
    verify.add_argument(
        "--cucumber",
        help="where to write pytest-bdd's Cucumber JSON (default: OUT/cucumber.json for the reference, "
        "OUT/conformance/cucumber/NAME.json for any other engine)",
    )
    verify.add_argument("--baseline", help="an earlier conformance report: show which clauses changed status")
    verify.add_argument(
        "--fail-on",
        choices=("failure", "regression"),
        default="failure",
        help="failure (default): exit 1 when any clause or property test fails; regression: only when one "
        "that passed in --baseline fails now (for an engine's CI; a missing baseline file fails nothing)",
    )
    verify.add_argument(
        "--list",
        action="store_true",
        help="dry run: ask only hello, then list per clause what would run, "
        "what is unsupported and why; run nothing, write nothing",
    )
    verify.add_argument("--timeout", type=float, default=10.0, help="seconds the engine may take per call (default 10)")
    verify.add_argument(
        "--deadline",
        type=float,
        default=DEFAULT_DEADLINE,
        help=f"seconds the whole run may take; tests left then are reported not run (default {DEFAULT_DEADLINE:g}; "
        "0: none)",
    )
    verify.add_argument("--no-properties", action="store_true", help="run the feature suite only, not tests/<game>/")
    verify.add_argument("--no-progress", action="store_true", help="no progress bar")
    verify.add_argument("--verbose", action="store_true", help="pytest's own output instead of the progress bar")
    verify.add_argument(
        "-n", "--workers", help="spread the run over pytest-xdist workers: a number or auto (default: none)"
    )
    verify.add_argument(
        "--suite", help="the Casebook checkout holding features/, step_defs/, tests/ (default: this one)"
    )
    verify.add_argument("--chunk", metavar="K/N", help="run the K-th of N shares (CI jobs; casebook merge joins them)")
    verify.add_argument("--chunk-timings", metavar="JUNIT", help="--chunk: balance the shares by this run's times")
    verify.set_defaults(func=command)


@dataclass
class Verified:
    """What a verify run found: its exit status, the report and where it went, and what to tell the user."""

    exit: int
    report: dict | None = None
    changes: dict | None = None  # since the baseline
    path: Path | None = None
    seconds: float = 0.0
    hello: dict | None = None
    plan: dict | None = None  # --list: the plan, nothing run
    games: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # rich markup, every outside text already through terminal()
    problems: list[str] = field(default_factory=list)


def command(args) -> int:
    refused = (
        None
        if args.list
        else cannot_write(
            [args.out, *([Path(args.cucumber).parent] if args.cucumber else [])], "give a writable folder with --out"
        )
    )
    if refused:  # before the run, not after it
        console().print(f"[red]{terminal(refused)}[/red]", soft_wrap=True)
        return EXIT_CANNOT_RUN
    headline_of_log(Path(args.suite).resolve() if args.suite else None, console())
    result = verify(
        args.impl,
        games=args.game,
        clauses=args.clause,
        name=args.name,
        out=Path(args.out),
        cucumber=Path(args.cucumber) if args.cucumber else None,
        baseline=args.baseline,
        fail_on=args.fail_on,
        list_only=args.list,
        timeout=args.timeout,
        deadline=args.deadline or None,
        properties=not args.no_properties,
        progress=not args.no_progress,
        verbose=args.verbose,
        workers=args.workers,
        suite=Path(args.suite).resolve() if args.suite else None,
        chunk=args.chunk,
        chunk_timings=args.chunk_timings,
    )
    show(result, console())
    return result.exit


def headline_of_log(suite: Path | None, out) -> None:
    """The ``casebook --version`` line first, before any run: a CI log shows what judged the engine (issue 52)."""
    from casebook.conformance.suite import log_headline

    line = log_headline(suite)
    if line:
        out.print(line, markup=False, highlight=False, soft_wrap=True)


def show(result: Verified, out) -> None:
    """Print what ``verify`` returned."""
    from casebook.conformance import report as rep

    for note in result.notes:
        out.print(f"[yellow]{note}[/yellow]")
    if result.plan is not None:
        show_plan(result.hello, result.plan, result.games, out)
    elif result.report is not None:
        rep.render(result.report, out, result.changes)
    for problem in result.problems:
        out.print(f"[red]{problem}[/red]")
    if result.path is not None:
        out.print(f"report: {terminal(result.path)}  ({result.seconds:.1f} s)")


def verify(
    impl: str,
    *,
    games: list[str] | None = None,
    clauses: list[str] | None = None,
    name: str | None = None,
    out: Path = Path("results"),
    cucumber: Path | None = None,
    baseline: str | None = None,
    fail_on: str = "failure",
    list_only: bool = False,
    timeout: float = 10.0,
    deadline: float | None = DEFAULT_DEADLINE,
    properties: bool = True,
    progress: bool = True,
    verbose: bool = False,
    workers: str | None = None,
    suite: Path | None = None,
    chunk: str | None = None,
    chunk_timings: str | None = None,
) -> Verified:
    """Run the suite against ``impl`` (a spec) and write its report; ``list_only``: plan from its hello, run nothing."""
    from casebook.conformance import report as rep
    from casebook.conformance.runner import ROOT, merge_cucumber, run_suite
    from casebook.conformance.suite import games as features_games
    from casebook.contract import NotAReport, check_hello, read_report
    from casebook.errors import DriverFailure
    from casebook.impls import opened
    from casebook.names import is_reference, report_name

    clauses = clauses or []
    if chunk:
        from casebook.conformance import chunks

        try:
            out = out / "chunks" / chunks.out_folder(chunk)  # each share's files apart; casebook merge joins them
        except chunks.ChunkError as exc:
            return Verified(EXIT_CANNOT_RUN, problems=[terminal(str(exc))])
    if fail_on == "regression" and not baseline:
        return Verified(
            EXIT_CANNOT_RUN,
            problems=["--fail-on regression needs --baseline REPORT: the committed report of the last good run"],
        )
    root = suite or ROOT
    known = features_games(root)
    games = games or known
    unknown = [g for g in games if g not in known]
    if unknown:
        return Verified(
            EXIT_CANNOT_RUN,
            problems=[f"no features for {terminal(', '.join(unknown))}; games are {', '.join(known) or 'none'}"],
        )
    result = Verified(EXIT_OK, games=games)
    old = None
    if baseline and not Path(baseline).exists():
        # an engine's first CI run: this run's report becomes the baseline to commit
        result.notes.append(
            f"no baseline at {terminal(baseline)}: nothing to compare with; commit this run's report there"
        )
    elif baseline:
        try:  # checked before the run, not after it: a wrong file costs seconds, not the whole run
            old = read_report(baseline)
        except NotAReport as exc:
            return Verified(
                EXIT_CANNOT_RUN,
                problems=[
                    f"the baseline {terminal(exc.file)} is not a conformance report "
                    f"(casebook verify's JSON): {terminal(exc.why)}"
                ],
            )
    try:
        with opened(impl, timeout) as engine:
            hello = result.hello = check_hello(engine.hello())  # every field the report uses, checked before use
    except DriverFailure as exc:
        return Verified(
            EXIT_CANNOT_RUN,
            problems=[
                f"cannot start the implementation {terminal(impl)}: {terminal(exc.cause)}: {terminal(exc.detail)}"
            ],
        )
    if list_only:
        catalog = rep.catalog(root / "features", games)
        if clauses:
            catalog = {c: i for c, i in catalog.items() if any(fnmatch.fnmatchcase(c, p) for p in clauses)}
        result.plan = rep.plan(hello, catalog)
        return result
    # A slug, never the raw name: it becomes file names (no ../), an HTML id (no attributes),
    # and another engine may not take the reference's.
    name = report_name(impl, hello["name"], name)
    offered = set(hello["games"])
    # Property tests play random games of every game offered, whatever it declines (issue 44 item 7): one that
    # declines the set-up starts from the published positions, and a check that needs a declined part (the set-up's
    # log, the clauses a game ends through) is not made and says which part (casebook.properties.random_play).
    whole = offered
    report_path = out / "conformance" / f"{name}.json"
    # The docs read every results/cucumber*.json as "the last run of the suite"; only the
    # reference's run belongs there, and only the reference is judged by its spec, not by the
    # name it claims.  Another engine's Cucumber JSON goes beside its report (a subfolder:
    # the docs read results/conformance/*.json as reports).
    cucumber = cucumber or (
        out / "cucumber.json" if is_reference(impl) else out / "conformance" / "cucumber" / f"{name}.json"
    )
    written = [report_path, report_path.with_suffix(".txt"), out / "conformance" / f"{name}.junit.xml", cucumber]
    if baseline and any(Path(baseline).resolve() == p.resolve() for p in written):
        return Verified(
            EXIT_CANNOT_RUN,
            problems=[
                f"the baseline {terminal(baseline)} is where this run writes its own results: "
                f"copy it elsewhere first, or give the run another --name"
            ],
        )
    # A run of some clauses or games only must not wipe the other results of the last run:
    # it runs into a file of its own, then its examples replace theirs in the whole.
    partial = bool(clauses) or set(games) != set(known)
    target, cucumber = (
        cucumber,
        (cucumber.with_name(f".{cucumber.name}.partial") if partial and cucumber.exists() else cucumber),
    )
    cucumber.parent.mkdir(parents=True, exist_ok=True)
    code, plugin, seconds = run_suite(
        impl,
        games,
        root=root,
        out=out,
        name=name,
        timeout=timeout,
        properties=properties,
        offered=whole,
        clauses=clauses,
        progress=progress,
        verbose=verbose,
        cucumber=cucumber,
        deadline=deadline,
        workers=workers,
        extra_args=chunks.run_arguments(chunk, chunk_timings) if chunk else None,
    )
    if cucumber != target:
        merged = merge_cucumber(cucumber, target)
        if merged != target:
            result.notes.append(
                f"{terminal(target)} is not Cucumber JSON; this run's results are in {terminal(merged)}"
            )
    report = build_report(impl, hello, games, clauses, root, plugin, seconds, properties, whole)
    if chunk:  # what casebook merge folds again
        dealt = chunks.DEALT[-1] if chunks.DEALT else chunks.Dealt(*chunks.parse(chunk))  # (nothing collected)
        report["chunk"] = chunks.block(dealt, plugin, hello, name, games, clauses, properties, whole, seconds)
    if old is not None:
        result.changes = report["baseline_changes"] = rep.diff(old, report)
    result.report, result.seconds = report, seconds
    result.path = rep.write(report, report_path)
    write_text(report_path.with_suffix(".txt"), summary_text(report, result.changes))
    result.problems += [f"suite error {terminal(error)}" for error in plugin.errors] + (
        [terminal(plugin.stopped)] if plugin.stopped else []
    )
    if plugin.errors or plugin.stopped or code in (2, 3, 4):
        result.exit = EXIT_CANNOT_RUN
    elif fail_on == "regression":
        result.exit = EXIT_FAILED if result.changes and result.changes["regressions"] else EXIT_OK
    else:
        result.exit = EXIT_FAILED if rep.failed(report) else EXIT_OK
    return result


def build_report(
    impl: str,
    hello: dict,
    games: list[str],
    clauses: list[str],
    root: Path,
    plugin,
    seconds: float,
    properties: bool,
    whole: set[str],
) -> dict:
    """The conformance report of a run: the plugin's verdicts folded per clause, with the run's facts."""
    from casebook import __version__
    from casebook.conformance import report as rep
    from casebook.conformance.suite import edition
    from casebook.names import is_reference

    offered = set(hello["games"])
    implementation = {
        "spec": impl,
        "name": hello["name"],
        "version": str(hello.get("version", "")),
        "protocol": hello["protocol"],
        "reference": is_reference(impl),
    }
    games_info = {
        g: (
            {"offered": True, "declines": hello["games"][g].get("declines", [])} if g in offered else {"offered": False}
        )
        for g in games
    }
    found = plugin.property_results()
    if properties and not clauses:
        for game in games:
            if game not in whole and (root / "tests" / game).is_dir():
                found.append(
                    {
                        "name": f"tests/{game}/",
                        "game": game,
                        "status": "unsupported",
                        "message": "unsupported: game not offered",
                    }
                )
    extra = {
        "suite": edition(root, __version__),
        "games": games_info,
        "seconds": round(seconds, 2),
        "suite_errors": plugin.errors,
        "selection": {"games": games, "clauses": clauses},
    }
    if plugin.stopped:
        extra["stopped"] = plugin.stopped
    return rep.build(
        implementation, rep.catalog(root / "features", games), plugin.scenario_results(), found, extra=extra
    )


def summary_text(report: dict, changes: dict | None) -> str:
    """The readable summary as plain text, for the .txt beside the report."""
    from rich.console import Console

    from casebook.conformance import report as rep

    recorder = Console(file=io.StringIO(), record=True, highlight=False, emoji=False)
    rep.render(report, recorder, changes)
    return recorder.export_text()


def show_plan(hello: dict, planned: dict, games: list[str], out) -> None:
    """``verify --list``: per game, the clauses the hello runs, runs in part, or declines, with the reason."""
    t = terminal
    out.print(
        f"[bold]{t(hello['name'])} {t(hello.get('version', ''))}[/bold]: what verify would run (nothing is run now)"
    )
    for game in games:
        mine = {c: v for c, v in planned.items() if v["game"] == game}
        counts = {s: sum(v["status"] == s for v in mine.values()) for s in ("runs", "partial", "unsupported")}
        declines = hello["games"].get(game, {}).get("declines", []) if game in hello["games"] else None
        offered = "not offered" if declines is None else f"declines {', '.join(map(t, declines)) or 'nothing'}"
        out.print(
            f"[bold]{t(game)}[/bold] ({offered}): {counts['runs']} clauses run, {counts['partial']} in part, "
            f"{counts['unsupported']} unsupported",
            highlight=False,
        )
        for cid, v in sorted(mine.items()):
            if v["status"] == "runs":
                continue
            reasons = sorted({e["why"] for e in v["examples"] if e["why"]})
            label = f"partial ({v['summary']})" if v["status"] == "partial" else "unsupported"
            out.print(f"  {t(cid)} {label}: {t('; '.join(reasons))}  [dim]{t(v['rule'], 90)}[/dim]", highlight=False)
