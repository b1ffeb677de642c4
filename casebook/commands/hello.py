"""``casebook hello``: what an implementation says of itself."""

from __future__ import annotations

import json

from casebook.commands import IMPL_HELP
from casebook.impls import opened


def register(sub) -> None:
    hello = sub.add_parser("hello", help="print an implementation's hello")
    hello.add_argument("--impl", default="reference", help=IMPL_HELP)
    hello.set_defaults(func=command)


def command(args) -> int:
    with opened(args.impl) as impl:
        print(json.dumps(impl.hello(), indent=2))
    return 0
