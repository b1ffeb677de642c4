"""``casebook perft``: count action sequences from the published positions; compare with the fixtures."""

from __future__ import annotations

import json
from pathlib import Path

from casebook.commands import EXIT_CANNOT_RUN, EXIT_FAILED, EXIT_OK, console
from casebook.impls import opened
from casebook.names import is_reference, slug, terminal


def register(sub) -> None:
    perft = sub.add_parser(
        "perft", help="count action sequences from the published positions; compare with the fixtures"
    )
    perft.add_argument("--impl", default="reference")
    perft.add_argument("--game", action="append", default=[])
    perft.add_argument("--depth", type=int, help="check at most this depth")
    perft.add_argument("--fixtures", help="directory of <game>.json fixtures (default: the published ones)")
    perft.add_argument(
        "--generate", action="store_true", help="(re)write the fixtures from --impl (the reference, normally)"
    )
    perft.add_argument("--options", help="options for --generate, as JSON")
    perft.add_argument("--budget", type=int, default=1500, help="--generate: nodes per position at most")
    perft.add_argument(
        "--walk", help="--generate: comma-separated numbers of random moves before each position (default 0,25,40)"
    )
    perft.add_argument(
        "--append", action="store_true", help="--generate: add to the published positions instead of replacing them"
    )
    perft.add_argument("--force", action="store_true", help="--generate: replace fixture files that exist")
    perft.add_argument("--timeout", type=float, default=10.0)
    perft.add_argument("--validate", action="store_true", help="also check every answer against the schema (slower)")
    perft.set_defaults(func=command)


def command(args) -> int:
    from casebook.atomic import cannot_write
    from casebook.conformance import perft as pf
    from casebook.conformance.validating import ValidatingImplementation

    out = console()
    directory = Path(args.fixtures) if args.fixtures else pf.FIXTURES
    if args.generate and directory.resolve() == pf.FIXTURES.resolve() and not is_reference(args.impl):
        out.print(
            f"[red]the published fixtures are the reference's counts; write those of {terminal(args.impl)} "
            f"elsewhere with --fixtures DIR[/red]"
        )
        return EXIT_CANNOT_RUN
    refused = args.generate and cannot_write([directory], "give a writable folder with --fixtures DIR")
    if refused:
        out.print(f"[red]{terminal(refused)}[/red]", soft_wrap=True)
        return EXIT_CANNOT_RUN
    with opened(args.impl, args.timeout) as engine:
        impl = ValidatingImplementation(engine) if args.validate else engine
        if args.generate:
            return generate(impl, args, directory, out)
        return compare(impl, args, directory, out)


def generate(impl, args, directory: Path, out) -> int:
    """``--generate``: write the fixtures of ``impl`` (the reference's are the published ones)."""
    from casebook.conformance import perft as pf

    options = json.loads(args.options) if args.options else {}
    games = args.game or sorted(impl.hello().get("games", {}))
    unsafe = [g for g in games if slug(g) != g]  # a game id becomes a file name
    if unsafe:
        out.print(f"[red]game ids that are not file names: {terminal(', '.join(unsafe))}[/red]")
        return EXIT_CANNOT_RUN
    taken = [pf.fixture_path(g, directory) for g in games if pf.fixture_path(g, directory).exists()]
    if taken and not (args.force or args.append):
        out.print(
            f"[red]{terminal(', '.join(map(str, taken)))} exist: "
            "--append to add positions, --force to replace them[/red]"
        )
        return EXIT_CANNOT_RUN
    for game in games:
        walk = tuple(int(n) for n in args.walk.split(",")) if args.walk else (0, 25, 40)
        positions = pf.generate(impl, game, options, budget=args.budget, walk=walk, positions=len(walk))
        if args.append:
            positions = pf.load_fixtures(game, directory) + positions
        for warning in pf.cut_by_budget(positions):
            out.print(f"[yellow]{terminal(game)}: {terminal(warning)}[/yellow]", highlight=False, soft_wrap=True)
        try:
            written = pf.write_fixtures(game, positions, directory)
        except pf.NothingToCount as exc:
            out.print(f"[red]{terminal(str(exc))}: nothing written (is its start already a final position?)[/red]")
            return EXIT_FAILED
        out.print(terminal(f"{game}: {[p['counts'] for p in positions]} -> {written}"))
    return EXIT_OK


def compare(impl, args, directory: Path, out) -> int:
    """Count from each published position, depth by depth, and compare with its fixture.

    Stops a position at its first differing depth; exits non-zero when a count differs, and
    when nothing was compared at all (no game offered, every position unsupported): never green on nothing.
    """
    from rich.table import Table as RichTable

    from casebook.conformance import perft as pf

    offered = set(impl.hello().get("games", {}))
    table = RichTable("game", "position", "expected (depth 1…N)", "got", "")
    progress = console(stderr=True)
    bad = compared = 0
    skipped: list[str] = []
    for game in args.game or pf.published_games(directory):
        if game not in offered:
            table.add_row(terminal(game), "—", "", "", "[yellow]not offered[/yellow]")
            skipped.append(f"{terminal(game)} not offered")
            continue
        for position in pf.load_fixtures(game, directory):
            name = terminal(position["name"])
            said = lambda depth, count, expected: progress.print(  # noqa: E731 - one line of progress per depth
                f"perft {terminal(game)} {name}: depth {depth}: {count} ({'ok' if count == expected else 'differs'})",
                highlight=False,
            )
            result = pf.check(impl, game, position, args.depth, on_depth=said)
            if result["status"] == "unsupported":
                table.add_row(
                    terminal(game),
                    name,
                    str(result["expected"]),
                    "—",
                    f"[yellow]unsupported[/yellow]: {terminal(result['message'], 200)}",
                )
                skipped.append(f"{terminal(game)} {name} unsupported")
                continue
            compared += 1
            ok = result["status"] == "ok"
            bad += not ok
            got = str(result["got"]) if result["status"] != "error" else f"{result['got']} then {result['message']}"
            verdict = "[green]ok[/green]" if ok else f"[red]differs at depth {result['depth']}[/red]"
            table.add_row(terminal(game), name, str(result["expected"]), terminal(got, 200), verdict)
    out.print(table)
    if not compared:
        out.print(f"[red]nothing was compared: {'; '.join(skipped) or 'no published position'}[/red]")
        return EXIT_FAILED
    return EXIT_FAILED if bad else EXIT_OK
