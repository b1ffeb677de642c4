"""Casebook never credits itself (issue 44 item 4): what Casebook answers in the engine's place is no pass of the
engine.

An engine that declines the set-up starts no game from options; whether options fit the published schema is
then Casebook's knowledge, and an example that asks it is ``unsupported (checked by Casebook, engine not asked)``.
"""

from __future__ import annotations

import pytest

from casebook.pytest.honour_declines import CHECKED_BY_CASEBOOK, Declining
from casebook.verdicts import UNSUPPORTED
from tests.conformance.declining_toy import Declining as Toy
from tests.conformance.helpers import ROOT


@pytest.mark.parametrize(
    ("game", "options"),
    [
        ("cluedo_drei", {"players": ["Justus Jonas"] * 2}),  # CD-CMP-03: nobody plays an investigator twice
        ("cluedo_drei", {"players": ["Justus Jonas", "Peter Shaw"], "variant": "speed"}),  # CD-SET-07
        ("heist", {"players": ["Anna"]}),  # HO-PRE-06: one seat is too few
    ],
)
def test_options_an_engine_without_setup_was_never_asked_about_are_unsupported_not_passed(game, options):
    engine = Declining(Toy(game, "setup"), {game: {"setup"}}, ROOT / "features")
    with pytest.raises(pytest.skip.Exception) as skipped:
        engine.new(game, options)
    assert str(skipped.value).startswith(f"{UNSUPPORTED}{CHECKED_BY_CASEBOOK}: ")


def test_the_option_clauses_carry_the_setup_tag_so_verify_list_plans_them():
    from casebook.conformance.report import catalog, plan

    clauses = catalog(ROOT / "features", ["cluedo_drei", "heist"])
    planned = plan({"games": {"cluedo_drei": {"declines": ["setup"]}, "heist": {"declines": ["setup"]}}}, clauses)
    for cid in ("CD-CMP-03", "CD-SET-07", "HO-PRE-06", "HO-PRE-07", "HO-PRE-10"):
        assert planned[cid]["status"] == "unsupported", (cid, planned[cid])


def test_a_refused_start_names_a_few_of_many_declines_and_counts_the_rest():
    """The toy that declines the heist game's notes assistant and timers declines 17 clause ids; a room with a turn
    timer it will not open.  The verdict counts them and names the first three (it listed all 17: 331 characters);
    hello, which the report keeps, has them all."""
    from tests.conformance.deviant_toys import NO_ASSISTANT_NO_TIMERS, Deviant

    toy = Deviant("no_assistant_no_timers")
    engine = Declining(toy, {"heist": set(NO_ASSISTANT_NO_TIMERS)}, ROOT / "features")
    with pytest.raises(pytest.skip.Exception) as skipped:
        engine.new("heist", {"players": ["Anna", "Ben"], "turn_timer": 60})
    first = sorted(NO_ASSISTANT_NO_TIMERS)[:3]
    said = f"{UNSUPPORTED}declines 17 tags and clause ids (@{', @'.join(first)} and 14 more, all in its hello), "
    assert str(skipped.value).startswith(said), skipped.value
    assert "HO-TIM-08" not in str(skipped.value), skipped.value  # the last, counted among the 14
    assert set(toy.hello()["games"]["heist"]["declines"]) == set(NO_ASSISTANT_NO_TIMERS)


@pytest.mark.parametrize(
    ("declined", "said"),
    [
        (["setup"], "@setup"),
        (["a", "b", "c", "d"], "@a, @b, @c, @d"),  # "and 1 more" would say no less than the fourth name
        (["a", "b", "c", "d", "e"], "5 tags and clause ids (@a, @b, @c and 2 more, all in its hello)"),
    ],
)
def test_declines_are_named_in_full_up_to_four(declined, said):
    from casebook.verdicts import named_declines

    assert named_declines(declined) == said
