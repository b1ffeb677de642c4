"""``casebook fuzz``: random legal play on an implementation and the reference at once, compared."""

from __future__ import annotations

import json
import time
from pathlib import Path

from casebook.atomic import cannot_write, terminated_as_interrupt
from casebook.commands import campaign
from casebook.commands import EXIT_CANNOT_RUN, EXIT_FAILED, EXIT_OK, at_least, console
from casebook.impls import opened
from casebook.names import slug, terminal


def register(sub) -> None:
    fuzz = sub.add_parser(
        "fuzz",
        help="differential fuzzing: random legal play on an implementation and the reference",
        description="Plays random games on the implementation and on the reference at once and compares, "
        "after every move, what a player can observe: legal(), every player's view and a spectator's, "
        "the events as each of them receives them, and the error code of a refused move (never the whole state). "
        "What the implementation's hello declines (tags or clause ids, as verify reads them) is not played: "
        "options that play a declined clause keep the value that plays none, and the moves the declined clauses "
        "make are neither compared nor chosen (where the reference lists nothing else, one is played on the "
        "reference alone). Moves the implementation answers 'unsupported' are played on the reference alone, and "
        "its position is loaded into the implementation after them. Each distinct disagreement is shrunk to its "
        "shortest game and saved as a replay file. Exit status: 0 none found, 1 found, 2 could not run.",
    )
    fuzz.add_argument(
        "--impl", required=True, help='the implementation to judge: reference | python:mod:factory | "cmd:COMMAND"'
    )
    fuzz.add_argument("--game", required=True, help="the game to play (one of the implementation's hello games)")
    fuzz.add_argument("--examples", type=at_least(1), default=50, help="random games per search round (default 50)")
    fuzz.add_argument(
        "--seed", type=int, default=0, help="Hypothesis seed: same seed, same games (default 0; round k uses seed+k)"
    )
    fuzz.add_argument("--max-steps", type=at_least(1), default=200, help="moves per game at most (default 200)")
    fuzz.add_argument(
        "--max-disagreements",
        type=at_least(1),
        default=3,
        metavar="N",
        help="collect up to N distinct disagreements (a new search round, seed+1, while fewer are found and "
        "the last round found a new one) before stopping (default 3; 1: stop at the first)",
    )
    fuzz.add_argument(
        "--ignore",
        action="append",
        default=[],
        metavar="PATH",
        help="leave this JSON path out of views and events, fnmatch style, e.g. '$.advantage*' or "
        "'$.private.*.notes' (repeatable; default: compare everything a player sees)",
    )
    fuzz.add_argument(
        "--ignore-moves",
        nargs="+",
        action="extend",
        default=[],
        metavar="TYPE",
        help="action types whose legal() differences are set aside and which fuzz never plays, e.g. "
        "accuse for an engine that lets a player accuse at any time: a known difference, and fuzz plays "
        "on past it to find the next; where the reference lists only these types a game stops, and fuzz "
        "says how many stopped; not in a campaign on Dask",
    )
    fuzz.add_argument(
        "--time",
        type=float,
        metavar="SECONDS",
        help="stop searching after this long and report what was found (default: no limit); Ctrl-C or "
        "SIGTERM also stop it, and what was found so far is saved and printed",
    )
    fuzz.add_argument(
        "--options", help="fixed options as JSON (default: Hypothesis chooses within the game's $defs.options)"
    )
    fuzz.add_argument(
        "--out",
        help="replay file for the first disagreement, the others numbered beside it (default "
        "results/fuzz/<game>-<name>.json, numbered if taken); an existing one is kept unless --force",
    )
    fuzz.add_argument("--force", action="store_true", help="overwrite --out (and its numbered siblings) if they exist")
    fuzz.add_argument("--timeout", type=float, default=10.0, help="seconds the engine may take per call (default 10)")
    fuzz.add_argument(
        "--reference", default="reference", help="what to compare with (default: the reference, in process)"
    )
    fuzz.add_argument("--no-shrink", action="store_true", help="save each disagreement as found, unshrunk (faster)")
    campaign.add_options(fuzz)  # --workers, --scheduler: a campaign on Dask
    fuzz.set_defaults(func=command)


def command(args) -> int:
    from rich.progress import Progress

    from casebook.conformance.differential import save
    from casebook.conformance.fuzzing import search

    out = console()
    if campaign.wanted(args):
        if args.ignore or args.ignore_moves:  # a campaign would play and compare what they set aside
            out.print("[red]--ignore and --ignore-moves are not supported with --workers or --scheduler[/red]")
            return EXIT_CANNOT_RUN
        return campaign.command(args)
    if args.out and Path(args.out).exists() and not args.force:
        out.print(f"[red]{terminal(args.out)} exists: give another --out, or --force to overwrite it[/red]")
        return EXIT_CANNOT_RUN
    refused = cannot_write([Path(args.out).parent if args.out else Path("results") / "fuzz"], "give --out FILE")
    if refused:  # before the games, not after them
        out.print(f"[red]{terminal(refused)}[/red]", soft_wrap=True)
        return EXIT_CANNOT_RUN
    # every answer is compared with the reference's, not checked on its own
    with opened(args.reference) as reference, opened(args.impl, args.timeout) as impl:
        hello = impl.hello()
        if args.game not in hello.get("games", {}):
            out.print(
                f"[yellow]{terminal(args.impl)} does not offer {terminal(args.game)}: nothing to compare[/yellow]"
            )
            return EXIT_CANNOT_RUN
        options = json.loads(args.options) if args.options else None
        started = time.perf_counter()
        with Progress(console=console(stderr=True), transient=True) as progress, terminated_as_interrupt():
            task = progress.add_task(f"fuzz {args.game}", total=None)
            records = search(
                reference,
                impl,
                args.game,
                examples=args.examples,
                seed=args.seed,
                max_steps=args.max_steps,
                options=options,
                shrink=not args.no_shrink,
                limit=args.max_disagreements,
                ignore=tuple(args.ignore),
                ignore_moves=tuple(args.ignore_moves),
                seconds=args.time,
                on_example=lambda n: progress.update(
                    task, advance=1, description=f"fuzz {args.game}: game of {n} moves"
                ),
            )
        seconds = time.perf_counter() - started
    stopped = (
        f" ({records.interrupted} after {records.games} games: what was found so far)" if records.interrupted else ""
    )
    if records.stopped:
        out.print(
            f"[yellow]{records.stopped} of {records.games} games stopped where the reference listed only types "
            f"--ignore-moves sets aside (first: {terminal(records.stopped_why)}): they were compared up to there, "
            "never past[/yellow]"
        )
    if not records:
        if records.interrupted:
            out.print(f"[yellow]no disagreement in the {records.games} games played of {args.game}{stopped}[/yellow]")
            return EXIT_CANNOT_RUN
        out.print(
            f"[green]no disagreement in {args.examples} games of {args.game} (seed {args.seed}, "
            f"{seconds:.1f} s)[/green]"
        )
        return EXIT_OK
    first = (
        Path(args.out)
        if args.out
        else unused(Path("results") / "fuzz" / f"{slug(args.game)}-{slug(str(hello.get('name')))}.json")
    )
    out.print(f"[red]{len(records)} distinct disagreement(s)[/red] in {seconds:.1f} s{stopped}")
    for n, record in enumerate(records, 1):
        record["found_with"] = {
            "spec": args.impl,
            "name": hello.get("name"),
            "version": hello.get("version"),
            "seed": args.seed,
            "examples": args.examples,
        }
        path = first if n == 1 else first.with_name(f"{first.stem}-{n}{first.suffix}")
        if not args.force:
            path = unused(path) if n > 1 else path
        save(record, path)
        out.print(f"[red]{n}. disagreement[/red] {terminal(record['summary'])}")
        out.print(
            f"   minimal record: {len(record['steps'])} moves, saved to {terminal(path)}\n"
            f"   reproduce: casebook replay {terminal(path)} --impl {terminal(json.dumps(args.impl))}"
        )
    return EXIT_FAILED


def unused(path: Path) -> Path:
    """``path``, or the first of ``stem-2``, ``stem-3``… that does not exist: an earlier record is kept."""
    candidate, n = path, 1
    while candidate.exists():
        n += 1
        candidate = path.with_name(f"{path.stem}-{n}{path.suffix}")
    return candidate
