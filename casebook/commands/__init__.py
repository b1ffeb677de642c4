"""The ``casebook`` subcommands, one module each, where a reader looks for them.

    serve      serve an implementation over stdio, or over WebSocket with --listen
    hello      print what an implementation says of itself
    describe   print an implementation's describe(game)
    verify     the rules suite against an implementation: a report per clause
    fuzz       random legal play on an implementation and the reference, compared
    replay     play a saved fuzz disagreement again on both sides
    perft      count action sequences from the published positions and compare
    regenerate rewrite every generated file from the reference: schemas, positions, perft (a checkout)
    new-adapter  a starting adapter for an engine you have (js, ts, java: the kit over the wire; python: the kit)
    new-game   scaffold a new game from its rulebook: engine, features, trace, steps, tests (a checkout)
    mutate     change the reference engine's rules one at a time: which changes do the examples notice

(``casebook docs`` lives with the site, ``casebook bench`` with the benchmark.)
Each module offers ``register(subparsers)``.  A command's work is a function
that returns a result (``verify.verify`` returns a ``Verified``); the command
prints it.  An implementation is open only inside ``casebook.impls.opened``.
"""

from __future__ import annotations

import argparse

COMMANDS = (
    "serve",
    "hello",
    "describe",
    "verify",
    "merge",
    "fuzz",
    "replay",
    "perft",
    "mutate",
    "regenerate",
    "new_game",
    "new_adapter",
)
EXIT_OK, EXIT_FAILED, EXIT_CANNOT_RUN = 0, 1, 2
IMPL_HELP = 'implementation: reference | python:mod:factory | "cmd:COMMAND" | "kit:COMMAND" | ws://HOST:PORT/PATH'


def console(stderr: bool = False):
    from rich.console import Console

    return Console(stderr=stderr, highlight=False, emoji=False)  # an engine's ":x:" is not an emoji either


def at_least(low: int):
    """An argparse type: an integer of at least ``low``."""

    def convert(text: str) -> int:
        value = int(text)
        if value < low:
            raise argparse.ArgumentTypeError(f"must be at least {low}, got {text}")
        return value

    convert.__name__ = "int"
    return convert


def positive(kind):
    """An argparse type: a number of ``kind`` above 0 (nan refused too)."""

    def convert(text: str):
        value = kind(text)
        if not value > 0:
            raise argparse.ArgumentTypeError(f"must be more than 0, got {text}")
        return value

    convert.__name__ = kind.__name__  # argparse names the type in its error
    return convert
