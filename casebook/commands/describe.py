"""``casebook describe``: an implementation's optional describe(game), if it answers it."""

from __future__ import annotations

import sys

from casebook.commands import IMPL_HELP
from casebook.errors import GameError
from casebook.impls import opened
from casebook.contract import describe_problems
from casebook.names import terminal, terminal_json
from casebook.protocol import describe


def register(sub) -> None:
    parser = sub.add_parser("describe", help="print what an implementation's optional describe(game) answers")
    parser.add_argument("--impl", default="reference", help=IMPL_HELP)
    parser.add_argument("--game", required=True)
    parser.set_defaults(func=command)


def command(args) -> int:
    with opened(args.impl) as impl:
        try:
            answer = describe(impl, args.game)
        except GameError as exc:  # unsupported: the engine does not describe (this game)
            print(f"casebook: {exc.code}: {exc.message}", file=sys.stderr)
            return 1
    print(terminal_json(answer))  # an engine's C1 and bidi controls escaped, never raw
    found = describe_problems(answer)  # the contract's words, as the site reports them
    for problem in found:
        print(f"casebook: {terminal(str(problem))}", file=sys.stderr)
    return 1 if found else 0
