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
