"""``python -m casebook.conformance verify|fuzz|replay|perft``: the same as ``casebook …``, standalone."""

import argparse
import sys

from casebook.conformance import register
from casebook.impls import SpecError


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m casebook.conformance")
    register(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(argv)
    try:
        return args.func(args)
    except SpecError as exc:
        print(f"casebook: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
