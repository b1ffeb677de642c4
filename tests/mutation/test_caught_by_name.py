"""Thin clauses catch their own mutants: a mutant of a clause with one example was killed in the full run only by
another clause's examples (the whole suite runs against each mutant, ``-x``), so the clause's own page credited
examples that never noticed it.  Each case here names a mutant, its clause, and the example added to that clause
that notices it; the example runs alone against the mutant, as ``casebook mutate`` runs it (a process of its own).

Found by running each of the 81 mutants whose every clause had one example against only those clauses' examples:
19 survived them.  These 8 are caught by name now, and HQ_LANE_LENGTH's two count mutants by the clause rules.py
now cites for it (CD-CMP-05, whose examples kill them).  9 are left, each killed in the full run by another
clause's example: a guard dropped from one of a trigger's rows, which the next row's clause notices (row order is
meaning: six of Small Detectives' card effects, FD-END-02's culprit), CD-ADV-02's ``unless`` (CD-ADV-08's ruling,
which the row does not cite), and CD-ACC-05's drop_out (what a wrong accusation tells is CD-ACC-11's).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from casebook.mutation.runner import run_one
from casebook.mutation.tables import generate

ROOT = Path(__file__).resolve().parents[2]

# (mutant, its clause, -k of the clause's example that notices it)
CASES = [
    ("cluedo_drei:count:RING-1", "CD-CMP-04", "inspector_cottas_start_space_is_three_steps_from_ring_1"),
    (
        "cluedo_drei:drop-condition:move:moving>drawing:onto_advantage_space",
        "CD-ADV-02",
        "peter_ends_a_roll_of_nine_on_ring_19",
    ),
    (
        "cluedo_drei:drop-condition:accuse:accusing>unsolved:last_in_the_race",
        "CD-ACC-05",
        "bob_is_wrong_but_peter_can_still_accuse",
    ),
    (
        "heist:drop-callback:roll:rolling_for_start>starting_turn:record_start_roll",
        "HO-PRE-03",
        "the_last_seats_roll_counts_as_much_as_the_first",
    ),
    ("pi:hand:detective-cube-includes-own-location", "PI-DET-07", "cubes_on_skid_row and Row-Lakeside-City"),
    ("small_detectives:drop-callback:pass:police>police:wait", "SD-POL-06", "yellow_waits_ahead_of_red"),
    ("small_detectives:drop-callback:pass:police>preparing:wait", "SD-POL-06", "red_waits_at_the_police"),
    (
        "small_detectives:swap-rows:pass:police>police:pass:police>preparing",
        "SD-POL-06",
        "yellow_waits_ahead_of_red",
    ),
]


@pytest.mark.slow  # a process a case, each collecting its game's scenarios
@pytest.mark.parametrize(("mutant_id", "clause", "example"), CASES, ids=[c[0] for c in CASES])
def test_a_thin_clauses_own_example_notices_its_mutant(mutant_id, clause, example, tmp_path):
    game = mutant_id.split(":")[0]
    mutant = next(m for m in generate(game, ROOT) if m.id == mutant_id)
    assert clause in mutant.clauses, (mutant_id, mutant.clauses)
    verdict, passed, _ = run_one(game, ROOT, None, 300, tmp_path, "as-it-is", select=["-k", example])
    assert verdict == "survived", passed  # the example passes on the engine as it is
    verdict, killed_by, _ = run_one(game, ROOT, mutant.recipe, 300, tmp_path, "mutant", select=["-k", example])
    assert verdict == "killed", (verdict, killed_by)
