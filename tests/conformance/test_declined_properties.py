"""Invariants under declines (issue 25 item 6): an engine that declines the set-up still gets its random play checked.

Its games start from the published starting positions (features/<game>/positions.json: the pytest plugin's
``Declining`` finds one for the game's options) instead of ``new``,
every invariant of ``casebook.properties.random_play``
runs, and a game's law that needs the deal (``@needs("setup")``) is not checked and says so.
"""

from __future__ import annotations

import warnings

import pytest

from casebook.errors import Unsupported
from casebook.pytest.honour_declines import Declining
from casebook.properties.random_play import LawNotChecked, random_sim_test
from tests.conformance.declining_toy import Declining as Toy
from tests.conformance.helpers import ROOT
from tests.cluedo_drei.test_random_play import LAWS as CLUEDO
from tests.heist.test_random_play import LAWS as HEIST


class Counted(Toy):
    """The toy declining the set-up, counting the games it was asked to start and to load."""

    def __init__(self, game):
        super().__init__(game, "setup")
        self.started = self.loaded = 0

    def start(self, game, options):
        self.started += 1
        return super().start(game, options)

    def restore(self, game, state):
        self.loaded += 1
        return super().restore(game, state)


def test_without_a_published_start_an_engine_that_declines_the_setup_plays_no_random_game():
    with pytest.raises(Unsupported):
        random_sim_test(Counted("heist"), HEIST, 0, load_every=50)


@pytest.mark.parametrize("laws", [CLUEDO, HEIST], ids=lambda laws: laws.game)
def test_random_play_starts_from_a_published_position_and_every_invariant_runs(laws):
    toy = Counted(laws.game)
    engine = Declining(toy, {laws.game: {"setup"}}, ROOT / "features")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        final = random_sim_test(engine, laws, 0, load_every=50, views_every=3)
    assert final["outcome"] is not None and not engine.legal(engine.load(laws.game, final))["moves"], "the game ended"
    assert toy.started == 0 and toy.loaded >= 1, (toy.started, toy.loaded)
    unchecked = [str(w.message) for w in caught if issubclass(w.category, LawNotChecked)]
    assert unchecked == (
        ["private_slots_come_from_events not checked: it needs @setup, which the engine declines"]
        if laws is CLUEDO
        else []
    ), unchecked
