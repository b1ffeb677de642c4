"""Each operator's mutants really change the rules: a known mutant of each, applied as the engine is imported, is
noticed by a named P.I. scenario that passes on the engine as it is (each run a process of its own, as
``casebook mutate`` runs them)."""

from __future__ import annotations

from pathlib import Path

import pytest

from casebook.mutation.runner import Worker, run_one
from casebook.mutation.tables import OPERATORS, generate, reference_package

ROOT = Path(__file__).resolve().parents[2]

# operator: (a mutant of it, a scenario that notices it)
KNOWN = {
    "drop-condition": (
        "pi:drop-condition:place:playing>answering:neighbour_answers",
        "test_the_end_of_round_1_clears_the_board_but_keeps_points_penalties_and_detectives",
    ),
    "negate-condition": (
        "pi:negate-condition:place:playing>answering:neighbour_answers",
        "test_green_answers_reds_detective_then_blue_plays",
    ),
    "swap-rows": (
        "pi:swap-rows:place:playing>answering:place:playing>turn_over",
        "test_green_answers_reds_detective_then_blue_plays",
    ),
    "drop-callback": (
        "pi:drop-callback:place:playing>answering:put_detective",
        "test_green_answers_reds_detective_then_blue_plays",
    ),
    "count": ("pi:count:DETECTIVES+1", "test_placing_one_leaves_four"),
    "offer-next": ("pi:offer-next:place", "test_when_the_ninth_evidence_card_is_face_up_the_first_player_plays"),
    "hand": ("pi:hand:place-with-no-detectives-left", "test_with_none_left_red_may_not_place_one"),
}


@pytest.fixture(scope="module")
def mutants() -> dict:
    return {m.id: m for m in generate("pi", ROOT)}


def test_every_operator_has_a_known_mutant():
    assert set(KNOWN) == set(OPERATORS)


def test_the_named_scenarios_pass_on_the_engine_as_it_is(tmp_path):
    names = " or ".join(sorted({scenario for _, scenario in KNOWN.values()}))
    verdict, failed, _ = run_one("pi", ROOT, None, 300, tmp_path, "as-it-is", select=["-k", names])
    assert verdict == "survived", failed


@pytest.mark.parametrize("operator", sorted(KNOWN))
def test_a_mutant_of_each_operator_is_noticed(operator, mutants, tmp_path):
    mutant_id, scenario = KNOWN[operator]
    mutant = mutants[mutant_id]
    assert mutant.operator == operator and mutant.clauses
    verdict, killed_by, _ = run_one("pi", ROOT, mutant.recipe, 300, tmp_path, "mutant", select=["-k", scenario])
    assert (verdict, scenario in (killed_by or "")) == ("killed", True), (verdict, killed_by)


def test_a_recipe_that_no_longer_fits_is_not_judged_never_a_kill(mutants, tmp_path):
    stale = dict(mutants[KNOWN["drop-callback"][0]].recipe, key="place:nowhere>nowhere")
    verdict, why, _ = run_one("pi", ROOT, stale, 300, tmp_path, "stale", select=["-k", KNOWN["drop-callback"][1]])
    assert verdict == "error" and "place:nowhere>nowhere" in why, (verdict, why)


def test_a_mutant_that_hangs_is_stopped_by_its_test_budget_as_a_timeout(tmp_path):
    """A change that never returns (here the test's own: Cluedo's roll for the start spins for ever) is stopped by the
    budget of the test it is in (on a run, 3x that test's seconds on the engine as it is) long before the run's own
    limit.  (The mutants that looped on the first full run, a set-up callback dropped, now fail at once: the kit
    refuses a move that changes nothing, next test.)"""
    test = "tests/cluedo_drei/test_random_play.py::test_random_games_hold_every_invariant"
    header = "    def record_start_roll(self, actor, action):\n"
    hanging = {
        "kind": "text",
        "module": f"{reference_package()}.cluedo_drei.engine",
        "old": header,
        "new": header + "        while True:\n            pass\n",
    }
    worker = Worker("cluedo_drei", ROOT, tmp_path, "loop", ["-k", "test_random_games_hold_every_invariant"])
    try:
        verdict, why, seconds = worker.judge(hanging, 600, {test: 5})
    finally:
        worker.close()
    assert (verdict, why) == ("timeout", f"{test} ran over 5 s") and seconds < 300, (verdict, why, seconds)


def test_a_set_up_callback_dropped_is_killed_at_once_not_run_to_its_limit(tmp_path):
    """Without the callback that lays a side card, chance would set the same card aside for ever (the first full run
    stopped it as a timeout); the kit refuses a move that changes nothing, so the Duel's set-up example fails."""
    scenario = "test_each_side_holds_seven_cards_and_four_lie_face_down"
    dropped = {m.id: m for m in generate("cluedo_drei", ROOT)}[
        "cluedo_drei:drop-callback:set_aside:setting_aside>setting_aside:lay_side_card"
    ]
    verdict, killed_by, seconds = run_one(
        "cluedo_drei", ROOT, dropped.recipe, 300, tmp_path, "dropped", select=["-k", scenario]
    )
    assert (verdict, scenario in (killed_by or "")) == ("killed", True), (verdict, killed_by, seconds)
