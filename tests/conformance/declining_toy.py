"""A toy engine on the author's kit: the reference's rules behind ``casebook.adapter.Rules``, declining one tag.

``CASEBOOK_TOY_DECLINE="GAME TAG"`` (read when the factory runs, so ``verify`` finds it in its
environment) makes it decline ``TAG`` in ``GAME`` and lack that part, as an engine that declines it would:

* ``setup``: it cannot start a game from options at all (``new`` is ``unsupported``, the kit's
  default): it plays only loaded positions;
* ``variant-NAME``, ``players-N``, ``optional``: it refuses to start a game with that variant, that
  number of players or an optional rule switched on (``unsupported``);
* ``model-…``: it plays the reference's model (it cannot be made to lack it), and says it declines it.

Without the variable it declines nothing: the baseline that shows the kit alone loses no clause.
"""

from __future__ import annotations


from casebook import settings
from casebook.adapter import Rules, Unsupported
from casebook.impls import open_implementation
from casebook.protocol import Table

ENV = settings.TOY_DECLINE.name


class Declining(Rules):
    name, version = "declining-toy", "0"

    def __init__(self, game: str | None = None, tag: str | None = None):
        super().__init__()
        self.reference = open_implementation("reference")
        offered = self.reference.hello()["games"]
        self.declined = (game, tag)
        self.games = {g: ({"declines": [tag]} if g == game and tag else {}) for g in offered}

    # -- the rules glue: a reference table is the game object --------------------------------
    def start(self, game, options):
        if self.declined == (game, "setup"):
            raise Unsupported(f"{self.name} does not play setup in {game}")
        table = Table.new(
            self.reference, game, options
        )  # options it cannot read are refused first, as the reference does
        if self._lacks(game, options):
            table.close()
            raise Unsupported(f"{self.name} does not play {self.declined[1]} in {game}")
        return table

    def restore(self, game, state):
        return Table.load(self.reference, game, state)

    def snapshot(self, g):
        return g.state()

    def moves(self, g):
        return g.legal()["moves"]

    def play(self, g, actor, action):
        return g.apply(actor, action)

    def view(self, table, player):
        return self._game(table)[1].view(player)

    def close(self, table):
        entry = self._tables.pop(table, None)
        if entry:
            entry[1].close()

    def describe(self, game):
        return self.reference.describe(game)

    def _lacks(self, game: str, options: dict) -> bool:
        """Whether a game from ``options`` needs the part this engine declines."""
        declined_game, tag = self.declined
        if game != declined_game or not tag:
            return False
        if tag.startswith("players-"):
            return len(options.get("players", [])) == int(tag.split("-", 1)[1])
        if tag.startswith("variant-"):
            return tag[len("variant-") :] in {str(options.get("variant")), *map(str, options.get("variants", []))}
        if tag == "optional":
            return any(options.get(k) for k in ("optional", "optional_rules"))
        return False


def make() -> Declining:
    game, _, tag = settings.TOY_DECLINE.get("").partition(" ")
    return Declining(game or None, tag or None)
