"""Validating any implementation: ``casebook verify``, ``fuzz``, ``replay``, ``perft``.

    casebook verify --impl SPEC [--game G …] [--baseline REPORT]
        the feature suite and property tests against SPEC; a report per clause
        (results/conformance/<name>.json, JUnit XML, results/cucumber.json)
    casebook fuzz --impl SPEC --game G
        random legal play on SPEC and the reference at once; a disagreement is
        shrunk and saved as a replay file
    casebook replay FILE --impl SPEC
        play a saved record again on both sides
    casebook perft --impl SPEC [--game G]
        count action sequences from the published positions and compare

The CLI (casebook/cli.py) calls ``register(subparsers)``.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

EXIT_OK, EXIT_FAILED, EXIT_CANNOT_RUN = 0, 1, 2


def register(subparsers) -> None:
    verify = subparsers.add_parser("verify", help="run the rules suite against an implementation; write a conformance report")
    verify.add_argument("--impl", default="reference", help='implementation: reference | python:mod:factory | "cmd:COMMAND"')
    verify.add_argument("--game", action="append", default=[], help="only this game (repeatable); default: every game of the features")
    verify.add_argument("--clause", action="append", default=[], help="only clauses matching this id or glob, e.g. 'CD-SET-*' (repeatable)")
    verify.add_argument("--name", help="report name (default: the implementation's name from hello)")
    verify.add_argument("--out", default="results", help="directory for the reports (default: results)")
    verify.add_argument("--cucumber", help="where to write pytest-bdd's Cucumber JSON (default: OUT/cucumber.json for the reference, "
                                               "OUT/conformance/cucumber/NAME.json for any other engine)")
    verify.add_argument("--baseline", help="an earlier conformance report: show which clauses changed status")
    verify.add_argument("--timeout", type=float, default=10.0, help="seconds the engine may take per call (default 10)")
    verify.add_argument("--no-properties", action="store_true", help="run the feature suite only, not tests/<game>/")
    verify.add_argument("--no-progress", action="store_true", help="no progress bar")
    verify.add_argument("--verbose", action="store_true", help="pytest's own output instead of the progress bar")
    verify.add_argument("-n", "--workers", help="spread the run over pytest-xdist workers: a number or auto (default: none)")
    verify.add_argument("--suite", help="the Casebook checkout holding features/, step_defs/, tests/ (default: this one)")
    verify.set_defaults(func=cmd_verify)

    fuzz = subparsers.add_parser("fuzz", help="differential fuzzing: random legal play on an implementation and the reference")
    fuzz.add_argument("--impl", required=True)
    fuzz.add_argument("--game", required=True)
    fuzz.add_argument("--examples", type=int, default=50, help="random games to try (default 50)")
    fuzz.add_argument("--seed", type=int, default=0, help="Hypothesis seed: same seed, same games (default 0)")
    fuzz.add_argument("--max-steps", type=int, default=200, help="moves per game at most (default 200)")
    fuzz.add_argument("--options", help="fixed options as JSON (default: Hypothesis chooses within the game's facts)")
    fuzz.add_argument("--out", help="replay file to write on a disagreement (default results/fuzz/<game>-<name>.json)")
    fuzz.add_argument("--timeout", type=float, default=10.0)
    fuzz.add_argument("--reference", default="reference", help="what to compare with (default: the reference, in process)")
    fuzz.add_argument("--no-shrink", action="store_true", help="save the first disagreement as found")
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
    perft.add_argument("--timeout", type=float, default=10.0)
    perft.add_argument("--validate", action="store_true", help="also check every answer against the schema (slower)")
    perft.set_defaults(func=cmd_perft)


def _console(stderr: bool = False):
    from rich.console import Console

    return Console(stderr=stderr, highlight=False)


def _open(spec: str, timeout: float, validate: bool = True):
    from casebook.conformance.validating import ValidatingImplementation
    from casebook.impls import open_implementation

    impl = open_implementation(spec, timeout=timeout)
    return ValidatingImplementation(impl) if validate else impl


def _features_games(root: Path) -> list[str]:
    features = root / "features"
    return sorted(p.name for p in features.iterdir() if p.is_dir() and any(p.glob("*.feature"))) if features.is_dir() else []


# -- verify ----------------------------------------------------------------------
def cmd_verify(args) -> int:
    from casebook.conformance import report as rep
    from casebook.conformance.runner import ROOT, run_suite
    from casebook.errors import DriverFailure
    from casebook.impls import close_implementation

    console = _console()
    root = Path(args.suite).resolve() if args.suite else ROOT
    known = _features_games(root)
    games = args.game or known
    unknown = [g for g in games if g not in known]
    if unknown:
        console.print(f"[red]no features for {', '.join(unknown)}; games are {', '.join(known) or 'none'}[/red]")
        return EXIT_CANNOT_RUN
    try:
        impl = _open(args.impl, args.timeout)
        try:
            hello = impl.hello()
        finally:
            close_implementation(impl)
    except DriverFailure as exc:
        console.print(f"[red]cannot start the implementation {args.impl}: {exc.cause}: {exc.detail}[/red]")
        return EXIT_CANNOT_RUN
    name = args.name or rep.slug(str(hello.get("name", "implementation")))
    offered = set(hello.get("games", {}))
    # Property tests play whole random games: they judge an engine that plays the whole game.
    # One that declines part of it (or the game) has them reported unsupported instead.
    whole = {g for g in offered if not hello["games"][g].get("declines")}
    out = Path(args.out)
    # The docs read every results/cucumber*.json as "the last run of the suite"; only the
    # reference's run belongs there.  Another engine's Cucumber JSON goes beside its report
    # (a subfolder: the docs read results/conformance/*.json as reports).
    cucumber = Path(args.cucumber) if args.cucumber else (
        out / "cucumber.json" if hello.get("name") == "casebook-reference" else out / "conformance" / "cucumber" / f"{name}.json")
    cucumber.parent.mkdir(parents=True, exist_ok=True)
    code, plugin, seconds = run_suite(
        args.impl, games, root=root, out=out, name=name, timeout=args.timeout, properties=not args.no_properties,
        offered=whole, clauses=args.clause, progress=not args.no_progress, verbose=args.verbose,
        cucumber=cucumber, workers=args.workers)
    implementation = {"spec": args.impl, "name": str(hello.get("name", "")), "version": str(hello.get("version", "")),
                      "protocol": str(hello.get("protocol", ""))}
    games_info = {g: ({"offered": True, "declines": hello["games"][g].get("declines", [])} if g in offered else {"offered": False}) for g in games}
    properties = plugin.property_results()
    if not args.no_properties and not args.clause:
        for game in games:
            if game not in whole and (root / "tests" / game).is_dir():
                why = "game not offered" if game not in offered else "declines part of the game; property tests play whole games"
                properties.append({"name": f"tests/{game}/", "game": game, "status": "unsupported", "message": "unsupported: " + why})
    report = rep.build(implementation, rep.catalog(root / "features", games), plugin.scenario_results(), properties,
                       extra={"games": games_info, "seconds": round(seconds, 2), "suite_errors": plugin.errors,
                              "selection": {"games": games, "clauses": args.clause}})
    changes = None
    if args.baseline:
        changes = rep.diff(json.loads(Path(args.baseline).read_text(encoding="utf-8")), report)
        report["baseline_changes"] = changes
    path = rep.write(report, out / "conformance" / f"{name}.json")
    summary = _console()
    summary.record = True
    rep.render(report, summary, changes)
    (out / "conformance" / f"{name}.txt").write_text(summary.export_text(), encoding="utf-8")
    for error in plugin.errors:
        console.print(f"[red]suite error[/red] {error}")
    console.print(f"report: {path}  ({seconds:.1f} s)")
    if plugin.errors or code in (2, 3, 4):
        return EXIT_CANNOT_RUN
    return EXIT_FAILED if rep.failed(report) else EXIT_OK


# -- fuzz and replay ---------------------------------------------------------------
def cmd_fuzz(args) -> int:
    from rich.progress import Progress

    from casebook.conformance import report as rep
    from casebook.conformance.differential import fuzz, save
    from casebook.impls import close_implementation, open_implementation

    console = _console()
    reference = open_implementation(args.reference)
    impl = _open(args.impl, args.timeout, validate=False)  # every answer is compared with the reference instead
    try:
        hello = impl.hello()
        if args.game not in hello.get("games", {}):
            console.print(f"[yellow]{args.impl} does not offer {args.game}: nothing to compare[/yellow]")
            return EXIT_CANNOT_RUN
        options = json.loads(args.options) if args.options else None
        started = time.perf_counter()
        with Progress(console=_console(stderr=True), transient=True) as progress:
            task = progress.add_task(f"fuzz {args.game}", total=None)
            record = fuzz(reference, impl, args.game, examples=args.examples, seed=args.seed, max_steps=args.max_steps,
                          options=options, shrink=not args.no_shrink,
                          on_example=lambda n: progress.update(task, advance=1, description=f"fuzz {args.game}: game of {n} moves"))
        seconds = time.perf_counter() - started
        if record is None:
            console.print(f"[green]no disagreement in {args.examples} games of {args.game} (seed {args.seed}, {seconds:.1f} s)[/green]")
            return EXIT_OK
        record["found_with"] = {"spec": args.impl, "name": hello.get("name"), "version": hello.get("version"),
                                "seed": args.seed, "examples": args.examples}
        path = Path(args.out) if args.out else Path("results") / "fuzz" / f"{args.game}-{rep.slug(str(hello.get('name')))}.json"
        save(record, path)
        console.print(f"[red]disagreement[/red] {record['summary']}")
        console.print(f"minimal record: {len(record['steps'])} moves, saved to {path}\nreproduce: casebook replay {path} --impl {json.dumps(args.impl)}")
        return EXIT_FAILED
    finally:
        close_implementation(impl)
        close_implementation(reference)


def cmd_replay(args) -> int:
    from casebook.conformance.differential import replay
    from casebook.impls import close_implementation, open_implementation

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
    console.print(f"[red]disagreement reproduced[/red] {problem}")
    return EXIT_FAILED


# -- perft ---------------------------------------------------------------------------
def cmd_perft(args) -> int:
    from rich.table import Table as RichTable

    from casebook.conformance import perft as pf
    from casebook.errors import DriverFailure, GameError
    from casebook.impls import close_implementation

    console = _console()
    directory = Path(args.fixtures) if args.fixtures else pf.FIXTURES
    impl = _open(args.impl, args.timeout, validate=args.validate)
    try:
        offered = set(impl.hello().get("games", {}))
        if args.generate:
            options = json.loads(args.options) if args.options else {}
            for game in args.game or sorted(offered):
                walk = tuple(int(n) for n in args.walk.split(",")) if args.walk else (0, 25, 40)
                positions = pf.generate(impl, game, options, budget=args.budget, walk=walk, positions=len(walk))
                if args.append:
                    positions = pf.load_fixtures(game, directory) + positions
                console.print(f"{game}: {[p['counts'] for p in positions]} -> {pf.write_fixtures(game, positions, directory)}")
            return EXIT_OK
        table = RichTable("game", "position", "expected (depth 1…N)", "got", "")
        bad = 0
        for game in args.game or pf.published_games(directory):
            if game not in offered:
                table.add_row(game, "—", "", "", "[yellow]not offered[/yellow]")
                continue
            for position in pf.load_fixtures(game, directory):
                expected = position["counts"][: args.depth] if args.depth else position["counts"]
                try:
                    got = pf.perft(impl, game, position["state"], len(expected))
                except GameError as exc:
                    if exc.code == "unsupported":  # the walk left the part the engine declares
                        table.add_row(game, position["name"], str(expected), "—", f"[yellow]unsupported[/yellow]: {exc.message}")
                        continue
                    got = f"{exc.code}: {exc.message}"
                except DriverFailure as exc:
                    got = f"{exc.cause}: {exc.detail[:120]}"
                bad += got != expected
                table.add_row(game, position["name"], str(expected), str(got), "[green]ok[/green]" if got == expected else "[red]differs[/red]")
        console.print(table)
        return EXIT_FAILED if bad else EXIT_OK
    finally:
        close_implementation(impl)
