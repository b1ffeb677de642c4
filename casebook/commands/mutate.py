"""``casebook mutate``: how firmly the examples pin each rule of a reference engine (casebook/mutation/).

    casebook mutate --game pi                  every mutant of P.I.: results/mutation/pi.json, read by the site
    casebook mutate --game pi --clause PI-DET-05   only the mutants that change that clause's rows or counts
    casebook mutate --game pi --sample 12      12 mutants, the same every time (CI), none marked equivalent
    casebook mutate --game pi --list           the mutants, nothing run

Exits 1 when a mutant survived that is not marked equivalent in statemachines/<game>/equivalent-mutants.yml, or could
not be judged (its recipe no longer fits the engine, its process died): never green on what was not tried.
"""

from __future__ import annotations

import signal
import sys
from pathlib import Path

from casebook.commands import EXIT_CANNOT_RUN, EXIT_FAILED, EXIT_OK, at_least, console, positive


def register(sub) -> None:
    mutate = sub.add_parser(
        "mutate", help="change the reference engine's rules one at a time; which changes do the examples notice?"
    )
    mutate.add_argument(
        "--game", action="append", required=True, help="a game id (again for more games, run one after another)"
    )
    mutate.add_argument("--clause", help="only the mutants that change this clause's rows or counts")
    mutate.add_argument(
        "--sample", type=at_least(1), help="this many mutants per game, the same every time, none marked equivalent"
    )
    mutate.add_argument("--jobs", type=at_least(1), default=1, help="mutants run at once (each a process; default 1)")
    mutate.add_argument(
        "--timeout",
        type=positive(float),
        help="seconds a mutant may run (default: 3x the engine as it is, at least 60)",
    )
    mutate.add_argument(
        "--out",
        default="results/mutation",
        help="where <game>.json goes (default results/mutation, which the site reads)",
    )
    mutate.add_argument(
        "--no-hand", action="store_true", help="only the generated mutants, not statemachines/<game>/mutants.py"
    )
    mutate.add_argument("--list", action="store_true", help="list the mutants and run nothing")
    mutate.set_defaults(func=command)


def command(args) -> int:
    from casebook.conformance.suite import shipped_root

    out, root = console(), shipped_root()
    stock = signal.signal(
        signal.SIGTERM, lambda *_: sys.exit(143)
    )  # a stopped run stops its mutants' processes too (finally)
    try:
        return _run(args, out, root)
    finally:
        signal.signal(signal.SIGTERM, stock)


def _run(args, out, root) -> int:
    from casebook.atomic import cannot_write
    from casebook.mutation.runner import CannotRun, read_equivalents, run_game
    from casebook.mutation.tables import generate
    from casebook.names import terminal

    if args.list:
        for game in args.game:
            marked = read_equivalents(game)
            for m in generate(game, root, hand=not args.no_hand):
                if args.clause is None or args.clause in m.clauses:
                    flag = " (marked equivalent)" if m.id in marked else ""
                    out.print(terminal(f"{m.id}  [{', '.join(m.clauses)}]  {m.change}{flag}"), soft_wrap=True)
        return EXIT_OK
    refused = cannot_write([args.out], "give a writable folder with --out")
    if refused:  # before the first mutant runs, not after the last
        out.print(f"[red]{terminal(refused)}[/red]", soft_wrap=True)
        return EXIT_CANNOT_RUN
    bad = 0
    for game in args.game:
        try:
            run = run_game(
                game,
                root,
                clause=args.clause,
                sample_size=args.sample,
                jobs=args.jobs,
                timeout=args.timeout,
                out=Path(args.out),
                hand=not args.no_hand,
                say=lambda line: out.print(terminal(line), soft_wrap=True),
            )
        except CannotRun as exc:
            out.print(f"[red]{terminal(str(exc))}[/red]")
            return EXIT_CANNOT_RUN
        for warning in run.warnings:
            out.print(f"[yellow]{terminal(warning)}[/yellow]")
        counts = (
            ", ".join(f"{run.count(v)} {v}" for v in ("killed", "survived", "equivalent", "timeout"))
            + f", {run.count('error')} not judged"
        )
        out.print(
            terminal(f"{game}: {len(run.outcomes)} mutants: {counts}; {run.seconds:.0f} s")
            + (f" -> {run.path}" if run.path else ""),
            soft_wrap=True,
        )
        for o in run.outcomes:
            if o.verdict == "survived":
                out.print(
                    terminal(f"  survived {o.mutant.id} [{', '.join(o.mutant.clauses)}]: {o.mutant.change}"),
                    soft_wrap=True,
                )
        bad += run.count("survived") + run.count("error")
    return EXIT_FAILED if bad else EXIT_OK
