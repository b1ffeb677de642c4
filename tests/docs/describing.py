"""An implementation for the site's tests: the reference engines, answering ``describe`` from JSON.

The site draws each game's turn diagram and board from the protocol's ``describe(game)``.
These answers (tests/docs/fixture/describe/<game>.json) were written from the reference's
machine.py and rules.py in the shape the project brief fixes, so that the site's pictures are
built and checked in the browser whether or not the engine under test answers ``describe``.
Build with ``CASEBOOK_IMPL=python:tests.docs.describing:make`` from the project root.
"""

from __future__ import annotations

import json
from pathlib import Path

from casebook.errors import Unsupported
from casebook.impls import close_implementation, open_implementation

ANSWERS = Path(__file__).resolve().parent / "fixture" / "describe"


class Describing:
    def __init__(self):
        self.inner = open_implementation("reference")

    def describe(self, game: str) -> dict:
        path = ANSWERS / f"{game}.json"
        if not path.is_file():
            raise Unsupported(f"no describe answer for {game!r} in {ANSWERS}")
        return json.loads(path.read_text(encoding="utf-8"))

    def shutdown(self) -> None:
        close_implementation(self.inner)

    def __getattr__(self, name):  # hello, new, load, ...: the reference's own
        return getattr(self.inner, name)


def make() -> Describing:
    return Describing()
