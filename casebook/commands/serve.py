"""``casebook serve``: an implementation over stdio (JSON-RPC lines), or over WebSocket with ``--listen``."""

from __future__ import annotations

from casebook.commands import positive
from casebook.impls import opened
from casebook.wire import MAX_LINE

# casebook.serve.websocket's IDLE and MAX_TABLES, without importing the WebSocket library for every command
IDLE_DEFAULT = 900.0  # seconds
MAX_TABLES_DEFAULT = 4096


def register(sub) -> None:
    serve = sub.add_parser("serve", help="serve an implementation over stdio (JSON-RPC 2.0, one message per line)")
    serve.add_argument("--impl", default="reference", help="what to serve (default: the reference)")
    serve.add_argument(
        "--max-tables",
        type=positive(int),
        metavar="N",
        help="refuse new/load (error table_limit) while N tables are open on the server, every connection's "
        f"together (default: no cap over stdio, {MAX_TABLES_DEFAULT} with --listen)",
    )
    serve.add_argument(
        "--idle-timeout",
        type=positive(float),
        metavar="SECONDS",
        help="close a table left this long without a call (default: "
        f"never over stdio, {IDLE_DEFAULT:g} s with --listen)",
    )
    serve.add_argument(
        "--max-line",
        type=positive(int),
        default=MAX_LINE,
        metavar="BYTES",
        help=f"refuse a request line longer than this (default: {MAX_LINE})",
    )
    serve.add_argument(
        "--listen",
        metavar="HOST:PORT",
        help="serve over WebSocket instead of stdio (ws://HOST:PORT/); loopback unless HOST says otherwise; "
        "PORT 0 picks a free port; the first line printed is the address",
    )
    serve.add_argument(
        "--allow-origin",
        action="append",
        default=[],
        metavar="ORIGIN",
        help="with --listen: accept WebSocket handshakes from this browser origin, e.g. https://example.org "
        "(repeatable; * accepts any); by default no browser page may connect, only clients that send no Origin",
    )
    serve.add_argument("--certfile", help="with --listen: serve TLS (wss://) with this certificate chain (PEM)")
    serve.add_argument(
        "--keyfile", help="with --listen and --certfile: its private key (PEM), if not in the certificate file"
    )
    serve.set_defaults(func=command)


def command(args) -> int:
    from casebook.serve.stdio import serve

    with opened(args.impl) as impl:
        if args.listen is not None:
            from casebook.serve.websocket import listen

            return listen(
                impl,
                args.listen,
                idle=args.idle_timeout or IDLE_DEFAULT,
                max_tables=args.max_tables or MAX_TABLES_DEFAULT,
                allow_origins=tuple(args.allow_origin),
                max_line=args.max_line,
                certfile=args.certfile,
                keyfile=args.keyfile,
            )
        serve(impl, max_tables=args.max_tables, idle=args.idle_timeout, max_line=args.max_line)
    return 0
