"""Each operator's mutants really change the rules: a known mutant of each, applied as the engine is imported, is
noticed by a named P.I. scenario that passes on the engine as it is (each run a process of its own, as
``casebook mutate`` runs them)."""

from __future__ import annotations

from pathlib import Path

import pytest

from casebook.mutation.runner import Worker, run_one
from casebook.mutation.tables import OPERATORS, generate

ROOT = Path(__file__).resolve().parents[2]

# operator: (a mutant of it, a scenario that notices it)
KNOWN = {
    "drop-condition": ("pi:drop-condition:place:playing>answering:neighbour_answers", "test_the_end_of_round_1_clears_the_board_but_keeps_points_penalties_and_detectives"),
    "negate-condition": ("pi:negate-condition:place:playing>answering:neighbour_answers", "test_green_answers_reds_detective_then_blue_plays"),
    "swap-rows": ("pi:swap-rows:place:playing>answering:place:playing>turn_over", "test_green_answers_reds_detective_then_blue_plays"),
    "drop-callback": ("pi:drop-callback:place:playing>answering:put_detective", "test_green_answers_reds_detective_then_blue_plays"),
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


def test_a_mutant_that_loops_is_stopped_by_its_test_budget_as_a_timeout(tmp_path):
    """Without the callback that lays a side card, Cluedo's chance sets the same card aside forever: the random game
    it is in never ends.  Its budget (on a run, 3x that test's seconds on the engine as it is) stops it long before
    the run's own limit.  (P.I.'s seeding mutant, used here before, is now killed by its
    random-play test within seconds since this session's merges; why is not yet looked into.)"""
    test = "tests/cluedo_drei/test_random_play.py::test_random_games_hold_every_invariant"
    looping = {m.id: m for m in generate("cluedo_drei", ROOT)}["cluedo_drei:drop-callback:set_aside:setting_aside>setting_aside:lay_side_card"]
    worker = Worker("cluedo_drei", ROOT, tmp_path, "loop", ["-k", "test_random_games_hold_every_invariant"])
    try:
        verdict, why, seconds = worker.judge(looping.recipe, 600, {test: 5})
    finally:
        worker.close()
    assert (verdict, why) == ("timeout", f"{test} ran over 5 s") and seconds < 300, (verdict, why, seconds)
