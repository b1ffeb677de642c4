"""An engine's declines, as the suite honours them: the implementation the scenarios and property tests are handed.

An engine that declines parts of a game (``hello``'s ``declines``) may refuse to start games that need them:
``new`` answers ``unsupported``.  ``Declining`` stands between it and the suite so that such a refusal costs
the example, never a failure, and so that an engine that declines the set-up still gets its random play
checked from the published starting positions (issue 25 items 1 and 6).
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from casebook.contract import options_problems
from casebook.errors import Unsupported
from casebook.verdicts import UNSUPPORTED, named_declines


CHECKED_BY_CASEBOOK = "checked by Casebook, engine not asked"


def declining(impl, hello: dict, features: Path):
    """``impl`` as the suite uses it: wrapped in ``Declining`` when its hello declines anything, else as it is."""
    declines = {
        g: set((facts or {}).get("declines") or [])
        for g, facts in (hello.get("games") or {}).items()
        if isinstance(facts, dict) or facts is None
    }
    return Declining(impl, declines, features) if any(declines.values()) else impl


class Declining:
    """An engine that declines parts of some games: it may refuse to start games that need them (``new`` unsupported).

    A game it will not start from options that fit the published schema makes the example ``unsupported`` (with
    what it declines), never failed: the example cannot reach its position there (issue 25 item 1).  An unknown
    variant stays ``unsupported``, the engine's own answer (CD-SET-07).  Where it declines ``@setup`` it starts no
    game from options at all: whether options fit is then Casebook's knowledge, not the engine's answer, and the
    example is ``unsupported (checked by Casebook, engine not asked)``, never the engine's pass (issue 44 item 4).
    Every other call goes to the engine as it is.
    """

    def __init__(self, inner, declined: dict[str, set[str]], features: Path):
        self.inner, self.declined, self.features = inner, declined, features

    def declines(self, game: str) -> set[str]:
        return set(self.declined.get(game) or ())

    def published_start(self, game: str, options: dict) -> dict | None:
        """A published starting position (features/<game>/positions.json) for a game from ``options``: dealt from the
        same options if there is one, else for the same players, else for as many; None when none is published."""
        path = self.features / game / "positions.json"
        starts = json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}
        said = json.dumps(options, sort_keys=True)
        players = options.get("players")

        def fit(name: str) -> tuple:
            given = json.loads(name.split(" ", 1)[1]) if " " in name else {}
            theirs = given.get("players") or []
            return (name.split(" ", 1)[-1] == said, theirs == players, len(theirs) == len(players or []), name)

        return copy.deepcopy(starts[max(starts, key=fit)]) if starts else None

    def new(self, game: str, options: dict) -> str:
        try:
            return self.inner.new(game, options)
        except Unsupported as exc:
            declined = sorted(self.declines(game))
            if not declined:
                raise
            try:
                found = options_problems(game, options)
            except FileNotFoundError:  # a game Casebook publishes no schema for: the engine's answer stands
                raise exc from None
            if found and "setup" in declined:
                # The engine starts no game from options, so it was never asked whether these fit: Casebook knows
                # the answer, and never counts its own answer as the engine's pass (issue 44 item 4).  The clauses
                # about options carry @setup; an example that reaches this line lacks the tag (test_declines).
                pytest.skip(f"{UNSUPPORTED}{CHECKED_BY_CASEBOOK}: {found[0]} (the engine declines @setup)")
            if any(p.where[:1] == ("variant",) for p in found):
                raise  # a variant the game does not have: unsupported is the engine's right answer (CD-SET-07)
            if found:
                raise
            pytest.skip(
                f"{UNSUPPORTED}declines {named_declines(declined)}, "
                f"and this example starts a game the engine does not ({exc.message[:120]})"
            )

    def __getattr__(self, name):
        return getattr(self.inner, name)
