"""``casebook hello``: what an implementation says of itself."""

from __future__ import annotations

import json
import sys

from casebook.commands import IMPL_HELP
from casebook.impls import opened


def register(sub) -> None:
    hello = sub.add_parser("hello", help="print an implementation's hello")
    hello.add_argument("--impl", default="reference", help=IMPL_HELP)
    hello.set_defaults(func=command)


def command(args) -> int:
    from casebook.conformance.suite import log_headline

    with opened(args.impl) as impl:
        hello = impl.hello()
    # stdout stays the hello's JSON, for scripts; the version line heads the log on stderr (issue 52), once the engine
    # answered: an engine that fails is still one line of error
    line = log_headline()  # None: an install without its suite can still ask an engine its hello
    if line:
        print(line, file=sys.stderr)
    print(json.dumps(hello, indent=2))
    return 0
