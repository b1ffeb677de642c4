"""The ``casebook`` command.

    casebook serve [--impl SPEC]     serve an implementation over stdio (JSON-RPC lines)
    casebook serve --listen HOST:PORT   the same over WebSocket (one message per text frame)
    casebook hello [--impl SPEC]     print what an implementation says of itself
    casebook bench                   the benchmark: ratios, not timed tests
    casebook describe --game G [--impl SPEC]   an engine's describe(game), if it answers it

Larger subcommands live with their code: each module in ``SUBCOMMAND_MODULES``
offers ``register(subparsers)`` (docs, verify, fuzz, replay, perft).
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys

from casebook.errors import DriverFailure
from casebook.impls import SpecError, close_implementation, open_implementation
from casebook.names import brief, terminal_json
from casebook.wire import MAX_LINE

IDLE_DEFAULT = 900.0  # seconds: casebook.transports.listen.IDLE, without importing the WebSocket library for every command


def cmd_serve(args) -> int:
    from casebook.server import serve

    if args.listen is not None:
        from casebook.transports.listen import listen

        return listen(args.impl, args.listen, idle=args.idle_timeout or IDLE_DEFAULT, max_tables=args.max_tables,
                      max_line=args.max_line, certfile=args.certfile, keyfile=args.keyfile)
    impl = open_implementation(args.impl)
    try:
        serve(impl, max_tables=args.max_tables, idle=args.idle_timeout, max_line=args.max_line)
    finally:
        close_implementation(impl)
    return 0


def cmd_hello(args) -> int:
    impl = open_implementation(args.impl)
    try:
        print(json.dumps(impl.hello(), indent=2))
    finally:
        close_implementation(impl)
    return 0


def cmd_describe(args) -> int:
    from casebook.errors import GameError
    from casebook.protocol import describe

    impl = open_implementation(args.impl)
    try:
        print(terminal_json(describe(impl, args.game)))  # an engine's C1 and bidi controls escaped, never raw
    except GameError as exc:  # unsupported: the engine does not describe (this game)
        print(f"casebook: {exc.code}: {exc.message}", file=sys.stderr)
        return 1
    finally:
        close_implementation(impl)
    return 0


def cmd_bench(args) -> int:
    from casebook.bench import main as bench_main

    return bench_main(args)


def _positive(kind):
    def convert(text: str):
        value = kind(text)
        if not value > 0:  # also refuses nan
            raise argparse.ArgumentTypeError(f"must be more than 0, got {text}")
        return value

    convert.__name__ = kind.__name__  # argparse names the type in its error
    return convert


SUBCOMMAND_MODULES = ("casebook.site", "casebook.conformance")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="casebook", description="The living, executable rulebook of five detective board games.")
    sub = parser.add_subparsers(dest="command", required=True)

    serve = sub.add_parser("serve", help="serve an implementation over stdio (JSON-RPC 2.0, one message per line)")
    serve.add_argument("--impl", default="reference", help="what to serve (default: the reference)")
    serve.add_argument("--max-tables", type=_positive(int), metavar="N",
                       help="refuse new/load (error table_limit) while N tables are open (default: no cap)")
    serve.add_argument("--idle-timeout", type=_positive(float), metavar="SECONDS",
                       help=f"close a table left this long without a call (default: never over stdio, {IDLE_DEFAULT:g} s with --listen)")
    serve.add_argument("--max-line", type=_positive(int), default=MAX_LINE, metavar="BYTES",
                       help=f"refuse a request line longer than this (default: {MAX_LINE})")
    serve.add_argument("--listen", metavar="HOST:PORT",
                       help="serve over WebSocket instead of stdio (ws://HOST:PORT/); loopback unless HOST says otherwise; "
                            "PORT 0 picks a free port; the first line printed is the address")
    serve.add_argument("--certfile", help="with --listen: serve TLS (wss://) with this certificate chain (PEM)")
    serve.add_argument("--keyfile", help="with --listen and --certfile: its private key (PEM), if not in the certificate file")
    serve.set_defaults(func=cmd_serve)

    hello = sub.add_parser("hello", help="print an implementation's hello")
    hello.add_argument("--impl", default="reference")
    hello.set_defaults(func=cmd_hello)

    bench = sub.add_parser("bench", help="benchmark: random-play moves and games per second, suite cost ratios, memory per game (medians)")
    importlib.import_module("casebook.bench").register(bench)
    bench.set_defaults(func=cmd_bench)

    describe = sub.add_parser("describe", help="print what an implementation's optional describe(game) answers")
    describe.add_argument("--impl", default="reference")
    describe.add_argument("--game", required=True)
    describe.set_defaults(func=cmd_describe)

    for name in SUBCOMMAND_MODULES:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name != name:  # a real import error inside the module must show
                raise
            continue
        module.register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.func(args)
    except SpecError as exc:
        print(f"casebook: {exc}", file=sys.stderr)
        return 2
    except DriverFailure as exc:  # an engine that cannot be talked to: its fault, named, never a traceback
        print(f"casebook: the implementation failed: {brief(exc.cause, 40)}: {brief(exc.detail, 2000)}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
