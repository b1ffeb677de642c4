"""An engine for Cluedo: Die drei ??? that plays the classic game and declines the Duel.

It stands in for your own engine: to stay a few lines long it hands every
call it accepts to Casebook's reference (opened by its entry point, as any
implementation is), and shows what is yours to write around it:

* ``make_implementation()``, the factory the entry point names;
* ``hello()``, which says what the engine offers and, honestly, what it
  declines: here the Duel, by its tag ``variant-duel``, so Casebook reports
  the Duel's clauses as *unsupported*, not as passed;
* the typed error ``unsupported`` when asked for what it declined anyway
  (a new Duel, or a Duel position to load), never a wrong answer.
"""

from __future__ import annotations

from casebook.errors import Unsupported
from casebook.impls import open_implementation

GAME = "cluedo_drei"
DECLINED_VARIANT = "duel"


class ClassicCluedo:
    def __init__(self):
        self.engine = open_implementation("reference")  # your own engine goes here

    def hello(self) -> dict:
        facts = dict(self.engine.hello()["games"][GAME])
        facts["variants"] = [v for v in facts.get("variants", []) if v != DECLINED_VARIANT]
        facts["declines"] = sorted({*facts.get("declines", []), f"variant-{DECLINED_VARIANT}"})
        return {
            "name": "classic-cluedo",
            "version": "1.0.0",
            "protocol": self.engine.hello()["protocol"],
            "games": {GAME: facts},
        }

    def _offered(self, game: str, variant) -> None:
        if game != GAME:
            raise Unsupported(f"classic-cluedo plays {GAME} only, not {game!r}")
        if variant == DECLINED_VARIANT:
            raise Unsupported("classic-cluedo does not play the Duel")

    def new(self, game: str, options: dict) -> str:
        self._offered(game, options.get("variant") if isinstance(options, dict) else None)
        return self.engine.new(game, options)

    def load(self, game: str, state: dict) -> str:
        options = state.get("options") if isinstance(state, dict) else None
        self._offered(game, options.get("variant") if isinstance(options, dict) else None)
        return self.engine.load(game, state)

    def state(self, table: str) -> dict:
        return self.engine.state(table)

    def view(self, table: str, player: str | None) -> dict:
        return self.engine.view(table, player)

    def legal(self, table: str) -> dict:
        return self.engine.legal(table)

    def apply(self, table: str, actor: str, action: dict) -> list:
        return self.engine.apply(table, actor, action)

    def close(self, table: str) -> None:
        self.engine.close(table)


def make_implementation() -> ClassicCluedo:
    """What the entry point ``classic-cluedo`` names: Casebook calls it with no argument."""
    return ClassicCluedo()
