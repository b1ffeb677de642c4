"""``casebook replay``: a saved fuzz disagreement played again on an implementation and the reference."""

from __future__ import annotations

import json
from pathlib import Path

from casebook.commands import EXIT_FAILED, EXIT_OK, console
from casebook.impls import opened
from casebook.names import terminal


def register(sub) -> None:
    replay = sub.add_parser("replay", help="replay a saved fuzz disagreement on an implementation and the reference")
    replay.add_argument("file")
    replay.add_argument("--impl", required=True)
    replay.add_argument("--timeout", type=float, default=10.0)
    replay.add_argument(
        "--reference", default="reference", help="what to compare with (default: the reference, in process)"
    )
    replay.set_defaults(func=command)


def command(args) -> int:
    from casebook.conformance.differential import replay

    out = console()
    record = json.loads(Path(args.file).read_text(encoding="utf-8"))
    with opened(args.reference) as reference, opened(args.impl, args.timeout) as impl:
        problem = replay(reference, impl, record)
    if problem is None:
        out.print(
            f"[green]{len(record['steps'])} moves of {record['game']} replayed: "
            "the implementation agrees with the reference[/green]"
        )
        return EXIT_OK
    out.print(f"[red]disagreement reproduced[/red] {terminal(problem)}")
    return EXIT_FAILED
