"""Validating any implementation: ``casebook verify``, ``fuzz``, ``replay``, ``perft``.

    casebook verify --impl SPEC [--game G …] [--baseline REPORT]
        the feature suite and property tests against SPEC; a report per clause
        (results/conformance/<name>.json, JUnit XML, results/cucumber.json)
    casebook verify --impl SPEC --list
        a dry run: from the engine's hello alone, which clauses run, which only in
        part, which are unsupported, and which decline removes them
    casebook fuzz --impl SPEC --game G [--max-disagreements N] [--ignore PATH]
        random legal play on SPEC and the reference at once, comparing what
        players observe; each distinct disagreement is shrunk and saved as a
        replay file
    casebook replay FILE --impl SPEC
        play a saved record again on both sides
    casebook perft --impl SPEC [--game G]
        count action sequences from the published positions and compare

The CLI (casebook/cli.py) calls ``register(subparsers)``.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

EXIT_OK, EXIT_FAILED, EXIT_CANNOT_RUN = 0, 1, 2
DEFAULT_DEADLINE = 3 * 3600.0  # a whole run: the reference over stdio takes minutes; a slow engine, hours, not weeks


def register(subparsers) -> None:
    verify = subparsers.add_parser("verify", help="run the rules suite against an implementation; write a conformance report")
    verify.add_argument("--impl", default="reference", help='implementation: reference | python:mod:factory | "cmd:COMMAND" | ws://HOST:PORT/PATH')
    verify.add_argument("--game", action="append", default=[], help="only this game (repeatable); default: every game of the features")
    verify.add_argument("--clause", action="append", default=[], help="only clauses matching this id or glob, e.g. 'CD-SET-*' (repeatable)")
    verify.add_argument("--name", help="report name (default: the implementation's name from hello)")
    verify.add_argument("--out", default="results", help="directory for the reports (default: results)")
    verify.add_argument("--cucumber", help="where to write pytest-bdd's Cucumber JSON (default: OUT/cucumber.json for the reference, "
                                               "OUT/conformance/cucumber/NAME.json for any other engine)")
    verify.add_argument("--baseline", help="an earlier conformance report: show which clauses changed status")
    verify.add_argument("--fail-on", choices=("failure", "regression"), default="failure",
                        help="failure (default): exit 1 when any clause or property test fails; regression: only when one "
                             "that passed in --baseline fails now (for an engine's CI; a missing baseline file fails nothing)")
    verify.add_argument("--list", action="store_true", help="dry run: ask only hello, then list per clause what would run, "
                                                             "what is unsupported and why; run nothing, write nothing")
    verify.add_argument("--timeout", type=float, default=10.0, help="seconds the engine may take per call (default 10)")
    verify.add_argument("--deadline", type=float, default=DEFAULT_DEADLINE,
                        help=f"seconds the whole run may take; tests left then are reported not run (default {DEFAULT_DEADLINE:g}; 0: none)")
    verify.add_argument("--no-properties", action="store_true", help="run the feature suite only, not tests/<game>/")
    verify.add_argument("--no-progress", action="store_true", help="no progress bar")
    verify.add_argument("--verbose", action="store_true", help="pytest's own output instead of the progress bar")
    verify.add_argument("-n", "--workers", help="spread the run over pytest-xdist workers: a number or auto (default: none)")
    verify.add_argument("--suite", help="the Casebook checkout holding features/, step_defs/, tests/ (default: this one)")
    verify.set_defaults(func=cmd_verify)

    fuzz = subparsers.add_parser(
        "fuzz", help="differential fuzzing: random legal play on an implementation and the reference",
        description="Plays random games on the implementation and on the reference at once and compares, after every move, "
                    "what a player can observe: legal(), every player's view and a spectator's, the events as each of them "
                    "receives them, and the error code of a refused move (never the whole state). Moves the implementation "
                    "answers 'unsupported' are played on the reference alone, and its position is loaded into the "
                    "implementation after them. Each distinct disagreement is shrunk to its shortest game and saved as a "
                    "replay file. Exit status: 0 none found, 1 found, 2 could not run.")
    fuzz.add_argument("--impl", required=True, help='the implementation to judge: reference | python:mod:factory | "cmd:COMMAND"')
    fuzz.add_argument("--game", required=True, help="the game to play (one of the implementation's hello games)")
    fuzz.add_argument("--examples", type=_at_least(1), default=50, help="random games per search round (default 50)")
    fuzz.add_argument("--seed", type=int, default=0, help="Hypothesis seed: same seed, same games (default 0; round k uses seed+k)")
    fuzz.add_argument("--max-steps", type=_at_least(1), default=200, help="moves per game at most (default 200)")
    fuzz.add_argument("--max-disagreements", type=_at_least(1), default=3, metavar="N",
                      help="collect up to N distinct disagreements (a new search round, seed+1, while fewer are found and "
                           "the last round found a new one) before stopping (default 3; 1: stop at the first)")
    fuzz.add_argument("--ignore", action="append", default=[], metavar="PATH",
                      help="leave this JSON path out of views and events, fnmatch style, e.g. '$.advantage*' or "
                           "'$.private.*.notes' (repeatable; default: compare everything a player sees)")
    fuzz.add_argument("--options", help="fixed options as JSON (default: Hypothesis chooses within the game's $defs.options)")
    fuzz.add_argument("--out", help="replay file for the first disagreement, the others numbered beside it (default "
                                    "results/fuzz/<game>-<name>.json, numbered if taken); an existing one is kept unless --force")
    fuzz.add_argument("--force", action="store_true", help="overwrite --out (and its numbered siblings) if they exist")
    fuzz.add_argument("--timeout", type=float, default=10.0, help="seconds the engine may take per call (default 10)")
    fuzz.add_argument("--reference", default="reference", help="what to compare with (default: the reference, in process)")
    fuzz.add_argument("--no-shrink", action="store_true", help="save each disagreement as found, unshrunk (faster)")
    fuzz.set_defaults(func=cmd_fuzz)

    replay = subparsers.add_parser("replay", help="replay a saved fuzz disagreement on an implementation and the reference")
    replay.add_argument("file")
    replay.add_argument("--impl", required=True)
    replay.add_argument("--timeout", type=float, default=10.0)
    replay.add_argument("--reference", default="reference", help="what to compare with (default: the reference, in process)")
    replay.set_defaults(func=cmd_replay)

    perft = subparsers.add_parser("perft", help="count action sequences from the published positions; compare with the fixtures")
    perft.add_argument("--impl", default="reference")
    perft.add_argument("--game", action="append", default=[])
    perft.add_argument("--depth", type=int, help="check at most this depth")
    perft.add_argument("--fixtures", help="directory of <game>.json fixtures (default: the published ones)")
    perft.add_argument("--generate", action="store_true", help="(re)write the fixtures from --impl (the reference, normally)")
    perft.add_argument("--options", help="options for --generate, as JSON")
    perft.add_argument("--budget", type=int, default=1500, help="--generate: nodes per position at most")
    perft.add_argument("--walk", help="--generate: comma-separated numbers of random moves before each position (default 0,25,40)")
    perft.add_argument("--append", action="store_true", help="--generate: add to the published positions instead of replacing them")
    perft.add_argument("--force", action="store_true", help="--generate: replace fixture files that exist")
    perft.add_argument("--timeout", type=float, default=10.0)
    perft.add_argument("--validate", action="store_true", help="also check every answer against the schema (slower)")
    perft.set_defaults(func=cmd_perft)


def _at_least(low: int):
    def convert(text: str) -> int:
        import argparse

        value = int(text)
        if value < low:
            raise argparse.ArgumentTypeError(f"must be at least {low}, got {text}")
        return value

    convert.__name__ = "int"
    return convert


def _console(stderr: bool = False):
    from rich.console import Console

    return Console(stderr=stderr, highlight=False, emoji=False)  # an engine's ":x:" is not an emoji either


def _open(spec: str, timeout: float, validate: bool = True):
    from casebook.conformance.validating import ValidatingImplementation
    from casebook.impls import open_implementation

    impl = open_implementation(spec, timeout=timeout)
    return ValidatingImplementation(impl) if validate else impl


def _features_games(root: Path) -> list[str]:
    from casebook.conformance.suite import games

    return games(root)


# -- verify ----------------------------------------------------------------------
def cmd_verify(args) -> int:
    from casebook.conformance import report as rep
    from casebook.conformance.runner import ROOT, merge_cucumber, run_suite
    from casebook.errors import DriverFailure
    from casebook.impls import close_implementation
    from casebook.names import is_reference, report_name, terminal
    from casebook.contract import check_hello

    console = _console()
    if args.fail_on == "regression" and not args.baseline:
        console.print("[red]--fail-on regression needs --baseline REPORT: the committed report of the last good run[/red]")
        return EXIT_CANNOT_RUN
    root = Path(args.suite).resolve() if args.suite else ROOT
    known = _features_games(root)
    games = args.game or known
    unknown = [g for g in games if g not in known]
    if unknown:
        console.print(f"[red]no features for {terminal(', '.join(unknown))}; games are {', '.join(known) or 'none'}[/red]")
        return EXIT_CANNOT_RUN
    baseline = None
    if args.baseline and not Path(args.baseline).exists():
        # an engine's first CI run: this run's report becomes the baseline to commit
        console.print(f"[yellow]no baseline at {terminal(args.baseline)}: nothing to compare with; commit this run's report there[/yellow]")
    elif args.baseline:
        try:
            baseline = json.loads(Path(args.baseline).read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            console.print(f"[red]cannot read the baseline {terminal(args.baseline)}: {terminal(exc)}[/red]")
            return EXIT_CANNOT_RUN
    try:
        impl = _open(args.impl, args.timeout)
        try:
            hello = check_hello(impl.hello())  # every field the report uses, checked before use
        finally:
            close_implementation(impl)
    except DriverFailure as exc:
        console.print(f"[red]cannot start the implementation {terminal(args.impl)}: {terminal(exc.cause)}: {terminal(exc.detail)}[/red]")
        return EXIT_CANNOT_RUN
    if args.list:
        return list_plan(hello, root, games, args.clause, console)
    # A slug, never the raw name: it becomes file names (no ../), an HTML id (no attributes),
    # and another engine may not take the reference's.
    name = report_name(args.impl, hello["name"], args.name)
    offered = set(hello["games"])
    # Property tests play whole random games: they judge an engine that plays the whole game.
    # One that declines part of it (or the game) has them reported unsupported instead.
    whole = {g for g in offered if not hello["games"][g].get("declines")}
    out = Path(args.out)
    report_path = out / "conformance" / f"{name}.json"
    # The docs read every results/cucumber*.json as "the last run of the suite"; only the
    # reference's run belongs there, and only the reference is judged by its spec, not by the
    # name it claims.  Another engine's Cucumber JSON goes beside its report (a subfolder:
    # the docs read results/conformance/*.json as reports).
    cucumber = Path(args.cucumber) if args.cucumber else (
        out / "cucumber.json" if is_reference(args.impl) else out / "conformance" / "cucumber" / f"{name}.json")
    written = [report_path, report_path.with_suffix(".txt"), out / "conformance" / f"{name}.junit.xml", cucumber]
    if args.baseline and any(Path(args.baseline).resolve() == p.resolve() for p in written):
        console.print(f"[red]the baseline {terminal(args.baseline)} is where this run writes its own results: "
                      f"copy it elsewhere first, or give the run another --name[/red]")
        return EXIT_CANNOT_RUN
    # A run of some clauses or games only must not wipe the other results of the last run:
    # it runs into a file of its own, then its examples replace theirs in the whole.
    partial = bool(args.clause) or set(games) != set(known)
    target, cucumber = cucumber, (cucumber.with_name(f".{cucumber.name}.partial") if partial and cucumber.exists() else cucumber)
    cucumber.parent.mkdir(parents=True, exist_ok=True)
    code, plugin, seconds = run_suite(
        args.impl, games, root=root, out=out, name=name, timeout=args.timeout, properties=not args.no_properties,
        offered=whole, clauses=args.clause, progress=not args.no_progress, verbose=args.verbose,
        cucumber=cucumber, deadline=args.deadline or None, workers=args.workers)
    if cucumber != target:
        merged = merge_cucumber(cucumber, target)
        if merged != target:
            console.print(f"[yellow]{terminal(target)} is not Cucumber JSON; this run's results are in {terminal(merged)}[/yellow]")
    implementation = {"spec": args.impl, "name": hello["name"], "version": str(hello.get("version", "")),
                      "protocol": hello["protocol"], "reference": is_reference(args.impl)}
    games_info = {g: ({"offered": True, "declines": hello["games"][g].get("declines", [])} if g in offered else {"offered": False}) for g in games}
    properties = plugin.property_results()
    if not args.no_properties and not args.clause:
        for game in games:
            if game not in whole and (root / "tests" / game).is_dir():
                why = "game not offered" if game not in offered else "declines part of the game; property tests play whole games"
                properties.append({"name": f"tests/{game}/", "game": game, "status": "unsupported", "message": "unsupported: " + why})
    from casebook import __version__
    from casebook.conformance.suite import edition

    extra = {"suite": edition(root, __version__), "games": games_info, "seconds": round(seconds, 2), "suite_errors": plugin.errors,
             "selection": {"games": games, "clauses": args.clause}}
    if plugin.stopped:
        extra["stopped"] = plugin.stopped
    report = rep.build(implementation, rep.catalog(root / "features", games), plugin.scenario_results(), properties, extra=extra)
    changes = None
    if baseline is not None:
        changes = rep.diff(baseline, report)
        report["baseline_changes"] = changes
    path = rep.write(report, report_path)
    summary = _console()
    summary.record = True
    rep.render(report, summary, changes)
    report_path.with_suffix(".txt").write_text(summary.export_text(), encoding="utf-8")
    for error in plugin.errors:
        console.print(f"[red]suite error[/red] {terminal(error)}")
    if plugin.stopped:
        console.print(f"[red]{terminal(plugin.stopped)}[/red]")
    console.print(f"report: {terminal(path)}  ({seconds:.1f} s)")
    if plugin.errors or plugin.stopped or code in (2, 3, 4):
        return EXIT_CANNOT_RUN
    if args.fail_on == "regression":
        return EXIT_FAILED if changes and changes["regressions"] else EXIT_OK
    return EXIT_FAILED if rep.failed(report) else EXIT_OK


def list_plan(hello: dict, root: Path, games: list[str], patterns: list[str], console) -> int:
    """``verify --list``: per game, the clauses the hello runs, runs in part, or declines, with the reason."""
    import fnmatch

    from casebook.conformance import report as rep
    from casebook.names import terminal as t

    clauses = rep.catalog(root / "features", games)
    if patterns:
        clauses = {c: i for c, i in clauses.items() if any(fnmatch.fnmatchcase(c, p) for p in patterns)}
    planned = rep.plan(hello, clauses)
    console.print(f"[bold]{t(hello['name'])} {t(hello.get('version', ''))}[/bold]: what verify would run (nothing is run now)")
    for game in games:
        mine = {c: v for c, v in planned.items() if v["game"] == game}
        counts = {s: sum(v["status"] == s for v in mine.values()) for s in ("runs", "partial", "unsupported")}
        declines = hello["games"].get(game, {}).get("declines", []) if game in hello["games"] else None
        offered = "not offered" if declines is None else f"declines {', '.join(map(t, declines)) or 'nothing'}"
        console.print(f"[bold]{t(game)}[/bold] ({offered}): {counts['runs']} clauses run, {counts['partial']} in part, "
                      f"{counts['unsupported']} unsupported", highlight=False)
        for cid, v in sorted(mine.items()):
            if v["status"] == "runs":
                continue
            reasons = sorted({e["why"] for e in v["examples"] if e["why"]})
            label = f"partial ({v['summary']})" if v["status"] == "partial" else "unsupported"
            console.print(f"  {t(cid)} {label}: {t('; '.join(reasons))}  [dim]{t(v['rule'], 90)}[/dim]", highlight=False)
    return EXIT_OK


# -- fuzz and replay ---------------------------------------------------------------
def cmd_fuzz(args) -> int:
    from rich.progress import Progress

    from casebook.conformance.differential import save, search
    from casebook.impls import close_implementation, open_implementation
    from casebook.names import slug, terminal

    console = _console()
    if args.out and Path(args.out).exists() and not args.force:
        console.print(f"[red]{terminal(args.out)} exists: give another --out, or --force to overwrite it[/red]")
        return EXIT_CANNOT_RUN
    reference = open_implementation(args.reference)
    impl = _open(args.impl, args.timeout, validate=False)  # every answer is compared with the reference instead
    try:
        hello = impl.hello()
        if args.game not in hello.get("games", {}):
            console.print(f"[yellow]{terminal(args.impl)} does not offer {terminal(args.game)}: nothing to compare[/yellow]")
            return EXIT_CANNOT_RUN
        options = json.loads(args.options) if args.options else None
        started = time.perf_counter()
        with Progress(console=_console(stderr=True), transient=True) as progress:
            task = progress.add_task(f"fuzz {args.game}", total=None)
            records = search(reference, impl, args.game, examples=args.examples, seed=args.seed, max_steps=args.max_steps,
                             options=options, shrink=not args.no_shrink, limit=args.max_disagreements,
                             ignore=tuple(args.ignore),
                             on_example=lambda n: progress.update(task, advance=1, description=f"fuzz {args.game}: game of {n} moves"))
        seconds = time.perf_counter() - started
        if not records:
            console.print(f"[green]no disagreement in {args.examples} games of {args.game} (seed {args.seed}, {seconds:.1f} s)[/green]")
            return EXIT_OK
        first = Path(args.out) if args.out else unused(Path("results") / "fuzz" / f"{slug(args.game)}-{slug(str(hello.get('name')))}.json")
        console.print(f"[red]{len(records)} distinct disagreement(s)[/red] in {seconds:.1f} s")
        for n, record in enumerate(records, 1):
            record["found_with"] = {"spec": args.impl, "name": hello.get("name"), "version": hello.get("version"),
                                    "seed": args.seed, "examples": args.examples}
            path = first if n == 1 else first.with_name(f"{first.stem}-{n}{first.suffix}")
            if not args.force:
                path = unused(path) if n > 1 else path
            save(record, path)
            console.print(f"[red]{n}. disagreement[/red] {terminal(record['summary'])}")
            console.print(f"   minimal record: {len(record['steps'])} moves, saved to {terminal(path)}\n"
                          f"   reproduce: casebook replay {terminal(path)} --impl {terminal(json.dumps(args.impl))}")
        return EXIT_FAILED
    finally:
        close_implementation(impl)
        close_implementation(reference)


def cmd_replay(args) -> int:
    from casebook.conformance.differential import replay
    from casebook.impls import close_implementation, open_implementation
    from casebook.names import terminal

    console = _console()
    record = json.loads(Path(args.file).read_text(encoding="utf-8"))
    reference = open_implementation(args.reference)
    impl = _open(args.impl, args.timeout, validate=False)
    try:
        problem = replay(reference, impl, record)
    finally:
        close_implementation(impl)
        close_implementation(reference)
    if problem is None:
        console.print(f"[green]{len(record['steps'])} moves of {record['game']} replayed: the implementation agrees with the reference[/green]")
        return EXIT_OK
    console.print(f"[red]disagreement reproduced[/red] {terminal(problem)}")
    return EXIT_FAILED


def unused(path: Path) -> Path:
    """``path``, or the first of ``stem-2``, ``stem-3``… that does not exist: an earlier record is kept."""
    candidate, n = path, 1
    while candidate.exists():
        n += 1
        candidate = path.with_name(f"{path.stem}-{n}{path.suffix}")
    return candidate


# -- perft ---------------------------------------------------------------------------
def cmd_perft(args) -> int:
    from rich.table import Table as RichTable

    from casebook.conformance import perft as pf
    from casebook.errors import DriverFailure, GameError
    from casebook.impls import close_implementation
    from casebook.names import is_reference, slug, terminal

    console = _console()
    directory = Path(args.fixtures) if args.fixtures else pf.FIXTURES
    if args.generate and directory.resolve() == pf.FIXTURES.resolve() and not is_reference(args.impl):
        console.print(f"[red]the published fixtures are the reference's counts; write those of {terminal(args.impl)} "
                      f"elsewhere with --fixtures DIR[/red]")
        return EXIT_CANNOT_RUN
    impl = _open(args.impl, args.timeout, validate=args.validate)
    try:
        offered = set(impl.hello().get("games", {}))
        if args.generate:
            options = json.loads(args.options) if args.options else {}
            games = args.game or sorted(offered)
            unsafe = [g for g in games if slug(g) != g]  # a game id becomes a file name
            if unsafe:
                console.print(f"[red]game ids that are not file names: {terminal(', '.join(unsafe))}[/red]")
                return EXIT_CANNOT_RUN
            taken = [pf.fixture_path(g, directory) for g in games if pf.fixture_path(g, directory).exists()]
            if taken and not (args.force or args.append):
                console.print(f"[red]{terminal(', '.join(map(str, taken)))} exist: --append to add positions, --force to replace them[/red]")
                return EXIT_CANNOT_RUN
            for game in games:
                walk = tuple(int(n) for n in args.walk.split(",")) if args.walk else (0, 25, 40)
                positions = pf.generate(impl, game, options, budget=args.budget, walk=walk, positions=len(walk))
                if args.append:
                    positions = pf.load_fixtures(game, directory) + positions
                console.print(terminal(f"{game}: {[p['counts'] for p in positions]} -> {pf.write_fixtures(game, positions, directory)}"))
            return EXIT_OK
        table = RichTable("game", "position", "expected (depth 1…N)", "got", "")
        bad = 0
        for game in args.game or pf.published_games(directory):
            if game not in offered:
                table.add_row(terminal(game), "—", "", "", "[yellow]not offered[/yellow]")
                continue
            for position in pf.load_fixtures(game, directory):
                expected = position["counts"][: args.depth] if args.depth else position["counts"]
                try:
                    got = pf.perft(impl, game, position["state"], len(expected))
                except GameError as exc:
                    if exc.code == "unsupported":  # the walk left the part the engine declares
                        table.add_row(game, terminal(position["name"]), str(expected), "—", f"[yellow]unsupported[/yellow]: {terminal(exc.message, 200)}")
                        continue
                    got = f"{exc.code}: {exc.message}"
                except DriverFailure as exc:
                    got = f"{exc.cause}: {exc.detail[:120]}"
                bad += got != expected
                table.add_row(game, terminal(position["name"]), str(expected), terminal(got, 200), "[green]ok[/green]" if got == expected else "[red]differs[/red]")
        console.print(table)
        return EXIT_FAILED if bad else EXIT_OK
    finally:
        close_implementation(impl)
