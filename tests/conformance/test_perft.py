"""Perft counts: exact on a game small enough to count by hand, and the published fixtures hold.

The published fixtures (casebook/conformance/perft/<game>.json) were computed
by the reference; the reference must still reproduce them (in process and,
with --impl, over stdio): a changed count means the moves a position offers
changed, which a rule change should say out loud.
"""

from __future__ import annotations

import shutil

import pytest

from casebook.adapter import Rules
from casebook.cli import main
from casebook.conformance import perft as pf
from casebook.errors import Unsupported
from casebook.impls import open_implementation
from casebook.protocol import Table
from tests import games as what_games_have
from tests.conformance.helpers import ROOT, TOY_SPEC


def test_perft_counts_the_toy_game_by_hand():
    impl = open_implementation(TOY_SPEC)
    start = Table.new(impl, "toy", {}).state()
    # 3 cards for A, 3 for B, 2 bets for A, 2 for B; then the game is over.
    assert pf.perft(impl, "toy", start, 5) == [3, 9, 18, 36, 0]


def test_generated_fixtures_reproduce(tmp_path):
    impl = open_implementation(TOY_SPEC)
    positions = pf.generate(impl, "toy", {}, positions=2, walk=(0, 2), max_depth=3)
    pf.write_fixtures("toy", positions, tmp_path)
    loaded = pf.load_fixtures("toy", tmp_path)
    assert [p["counts"] for p in loaded] == [[3, 9, 18], [2, 4, 0]]
    for position in loaded:
        assert pf.perft(impl, "toy", position["state"], len(position["counts"])) == position["counts"]


# every published position, and every game of features/ (a game without one skips, saying why)
FIXTURES = [
    (game, i)
    for game in sorted({*pf.published_games(), *what_games_have.games()})
    for i in range(len(pf.load_fixtures(game)) or 1)
]


@pytest.mark.parametrize("game, index", FIXTURES, ids=[f"{g}-{i}" for g, i in FIXTURES])
def test_published_perft_counts_hold(implementation, hello, game, index):
    if game not in hello["games"]:
        pytest.skip(f"unsupported: game {game} not offered")
    if not pf.load_fixtures(game):
        pytest.skip(f"{game} publishes no perft position yet (casebook regenerate --game {game})")
    position = pf.load_fixtures(game)[index]
    assert position["counts"], f"{game}: {position['name']} publishes no count: it compares nothing; regenerate"
    assert pf.perft(implementation, game, position["state"], len(position["counts"])) == position["counts"]


NODE = shutil.which("node")


@pytest.mark.skipif(
    NODE is None or not pf.load_fixtures("cluedo_drei"), reason="needs node and the cluedo_drei fixtures"
)
def test_perft_sees_the_node_engines_deal_through_to_the_end():
    """Mid-deal in a 4-player game: the counts agree until the reference stops dealing and the Node engine deals on."""
    node = open_implementation(f"cmd:{NODE} {ROOT / 'examples' / 'node-cluedo' / 'engine.js'}")
    try:
        position = next(p for p in pf.load_fixtures("cluedo_drei") if "Uncle Titus" in p["name"])
        got = pf.perft(node, "cluedo_drei", position["state"], len(position["counts"]))
    finally:
        node.shutdown()
    assert got[:-1] == position["counts"][:-1]
    assert got[-1] != position["counts"][-1]


def test_a_check_stops_at_the_first_differing_depth_and_says_each_depth():
    impl = open_implementation(TOY_SPEC)
    start = Table.new(impl, "toy", {}).state()
    told = []
    result = pf.check(
        impl,
        "toy",
        {"name": "wrong", "state": start, "counts": [3, 10, 18, 36]},
        on_depth=lambda depth, count, expected: told.append((depth, count, expected)),
    )
    assert (result["status"], result["depth"], result["got"]) == ("differs", 2, [3, 9])
    assert told == [(1, 3, 3), (2, 9, 10)]  # depth 3 and 4 never counted
    assert pf.check(impl, "toy", {"name": "right", "state": start, "counts": [3, 9]})["status"] == "ok"


class DeclinesEveryPosition(Rules):
    """Offers Cluedo, but no published position is in a part it plays."""

    name, version = "declines-every-position", "0.1"
    games = {"cluedo_drei": {"declines": ["setup"]}}

    def restore(self, game, state):
        raise Unsupported("this engine plays no phase of these positions")


@pytest.mark.parametrize(
    "spec, why",
    [
        (TOY_SPEC, "cluedo_drei not offered"),
        ("python:tests.conformance.test_perft:DeclinesEveryPosition", "unsupported"),
    ],
)
def test_perft_is_never_green_on_nothing(capsys, spec, why):
    code = main(["perft", "--impl", spec, "--game", "cluedo_drei"])
    out = capsys.readouterr().out
    assert code == 1 and "nothing was compared" in out and why in out, out
    assert "unsupported: unsupported" not in " ".join(out.replace("│", " ").split()), out  # one prefix (issue 44)
