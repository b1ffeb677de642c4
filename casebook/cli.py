"""The ``casebook`` command: its subcommands, each in its own module.

    casebook serve [--impl SPEC]     serve an implementation over stdio (JSON-RPC lines)
    casebook serve --listen HOST:PORT   the same over WebSocket (one message per text frame)
    casebook hello [--impl SPEC]     print what an implementation says of itself
    casebook describe --game G [--impl SPEC]   an engine's describe(game), if it answers it
    casebook verify / fuzz / replay / perft    judge an implementation (casebook/commands/)
    casebook regenerate [--game G]   rewrite the generated files: schemas, positions, perft (in a checkout)
    casebook new-game ID --rulebook FILE   scaffold a new game from its rulebook (in a checkout)
    casebook bench                   the benchmark: ratios, not timed tests (casebook/bench.py)
    casebook docs …                  the living-documentation site (casebook/site/)
    casebook --version [--suite DIR] which Casebook, the rulebook edition it judges by, which Python

Each module offers ``register(subparsers)``: ``casebook/commands/<command>.py``
for the commands, and the bench and the site for theirs.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from pathlib import Path

from casebook.commands import COMMANDS
from casebook.errors import DriverFailure
from casebook.impls import SpecError
from casebook.names import brief

OTHER_MODULES = ("casebook.site",)  # subcommands that live with their code (docs)


def cmd_bench(args) -> int:
    from casebook.bench import main as bench_main

    return bench_main(args)


def print_version(argv: list[str]) -> int:
    """``casebook --version [--suite DIR]``: the line a CI log keeps (the same heads hello's and verify's output)."""
    from casebook.conformance.suite import version_line

    parser = argparse.ArgumentParser(prog="casebook --version")
    parser.add_argument("--suite", help="a Casebook checkout whose feature files would judge (default: as shipped)")
    args = parser.parse_args(argv)
    try:
        print(version_line(Path(args.suite).resolve() if args.suite else None))
    except FileNotFoundError as exc:
        print(f"casebook: {exc}", file=sys.stderr)
        return 2
    return 0


class VersionAction(argparse.Action):
    """``-V``/``--version`` in the usage and help; main() answers it before any subcommand is needed."""

    def __init__(self, option_strings, dest, **kwargs):
        super().__init__(option_strings, dest, nargs=0, help="print the version, the rulebook edition and Python")

    def __call__(self, parser, namespace, values, option_string=None):
        parser.exit(print_version([]))


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="casebook", description="The living, executable rulebook of five detective board games."
    )
    parser.add_argument("-V", "--version", action=VersionAction)
    sub = parser.add_subparsers(dest="command", required=True)
    for name in COMMANDS:
        importlib.import_module(f"casebook.commands.{name}").register(sub)
    bench = sub.add_parser(
        "bench", help="benchmark: random-play moves and games per second, suite cost ratios, memory per game (medians)"
    )
    importlib.import_module("casebook.bench").register(bench)
    bench.set_defaults(func=cmd_bench)
    for name in OTHER_MODULES:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name != name:  # a real import error inside the module must show
                raise
            continue
        module.register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv and argv[0] in ("-V", "--version"):
        return print_version(argv[1:])
    args = build_parser().parse_args(argv)
    try:
        return args.func(args)
    except SpecError as exc:
        print(f"casebook: {exc}", file=sys.stderr)
        return 2
    except DriverFailure as exc:  # an engine that cannot be talked to: its fault, named, never a traceback
        print(
            f"casebook: the implementation failed: {brief(exc.cause, 40)}: {brief(exc.detail, 2000)}", file=sys.stderr
        )
        return 2


if __name__ == "__main__":
    sys.exit(main())
