"""Published starting positions (features/<game>/positions.json) and the declinable ``@setup`` (issue 11 item 1).

Every "Given a game of ..." reaches its position through ``Position.dealt``.  A full engine deals it itself (it is
judged on its own deal, as before); an engine that declines ``@setup`` starts from the reference's deal, published
in features/<game>/positions.json, and loses only the clauses tagged ``@setup`` (those that check the deal).
The published positions drift when a deal routine, an option or the reference's set-up changes: the first test
deals them all again and compares.  Regenerate: ``casebook regenerate --only positions``.
"""

import json
import os
import re
import subprocess
from pathlib import Path

import pytest

from casebook.pytest_command import pytest_command
from casebook import settings
from casebook.conformance.decline_costs import removed_by
from casebook.conformance.report import catalog, plan
from casebook.impls import open_implementation

from step_defs import position as positions
from step_defs.position import Position, position_name
from tests import games as what_games_have

ROOT = Path(__file__).resolve().parent.parent
GAMES = what_games_have.games()


def scenarios(game: str, *options: str, env: dict | None = None) -> subprocess.CompletedProcess:
    """Every scenario of a game, in one process (a recording run must see every start)."""
    return subprocess.run(
        pytest_command(ROOT, "-q", "-rs", "-p", "no:xdist", *options, f"step_defs/{game}.py"),
        cwd=ROOT,
        env={**os.environ, **(env or {})},
        capture_output=True,
        text=True,
        timeout=900,
    )


@pytest.mark.parametrize("game", GAMES)
def test_the_published_positions_are_the_references_deals_and_every_start_the_suite_uses(tmp_path, game):
    run = scenarios(game, env={settings.RECORD_POSITIONS.name: str(tmp_path)})
    assert run.returncode in (0, NO_TESTS), run.stdout[-3000:] + run.stderr[-3000:]
    if not (tmp_path / game / "positions.json").exists() and not (ROOT / "features" / game / "positions.json").exists():
        pytest.skip(f"{game} is in transcription: its scenarios deal no start yet, and it publishes none")
    dealt = json.loads((tmp_path / game / "positions.json").read_text(encoding="utf-8"))
    text = (ROOT / "features" / game / "positions.json").read_text(encoding="utf-8")
    published = json.loads(text)
    assert sorted(dealt) == sorted(published), (
        f"{game}: starts used but not published {sorted(set(dealt) - set(published))}, "
        f"published but unused {sorted(set(published) - set(dealt))}; regenerate: "
        "casebook regenerate --only positions"
    )
    changed = [name for name in dealt if dealt[name] != published[name]]
    assert not changed, f"{game}: the reference now deals these differently; regenerate: {changed}"
    # the state's own key order is kept (a heist Then reads the notes sheet in its order)
    assert [list(s) for s in dealt.values()] == [list(published[n]) for n in dealt], game
    assert text == positions.positions_json(dealt), f"{game}: positions.json is not in its written form; regenerate"


NO_TESTS = 5  # pytest's exit code when it collected nothing: a game in transcription has no example yet


class NoDeal:
    """The reference, declining ``@setup`` in every game, and refusing (as a fault) any chance move on a table it
    opened with ``new``: a scenario that deals on it, or that checks the deal, fails unless it is unsupported."""

    def __init__(self):
        self.inner, self.fresh = open_implementation("reference"), set()

    def hello(self):
        hello = self.inner.hello()
        for facts in hello["games"].values():
            facts["declines"] = [*facts.get("declines", []), "setup"]
        return hello

    def new(self, game, options):
        table = self.inner.new(game, options)
        self.fresh.add(table)
        return table

    def apply(self, table, actor, action):
        if actor == "chance" and table in self.fresh:
            raise RuntimeError(f"dealt on an engine that declines the set-up: {action}")
        return self.inner.apply(table, actor, action)

    def __getattr__(self, name):
        return getattr(self.inner, name)


@pytest.mark.parametrize("game", GAMES)
def test_an_engine_that_declines_setup_never_deals_and_loses_only_setup_examples(game):
    run = scenarios(game, "--impl", "python:tests.test_positions:NoDeal")
    assert run.returncode in (0, NO_TESTS), run.stdout[-3000:] + run.stderr[-3000:]
    reasons = set(re.findall(r"^SKIPPED \[\d+\] [^:]+:\d+: (.*)$", run.stdout, re.M))
    assert reasons <= {"unsupported: declines @setup"}, reasons
    skipped = int((re.search(r"(\d+) skipped", run.stdout) or [0, 0])[1])
    clauses = {cid: c for cid, c in catalog(ROOT / "features").items() if c["game"] == game}
    tagged = sum(1 for c in clauses.values() for e in c["examples"] if "setup" in e["tags"])
    assert skipped >= tagged  # an outline's example is one scenario per row


@pytest.mark.parametrize("game", GAMES)
def test_a_setup_clause_is_unsupported_for_an_engine_that_declines_it_and_no_other_clause_is(game):
    clauses = catalog(ROOT / "features")
    mine = {cid: c for cid, c in clauses.items() if c["game"] == game}
    verdicts = plan({"games": {game: {"declines": ["setup"]}}}, mine)
    lost = {cid for cid, v in verdicts.items() if v["status"] != "runs"}
    assert lost == {cid for cid, c in mine.items() if any("setup" in e["tags"] for e in c["examples"])}, game
    assert {cid for cid in lost if verdicts[cid]["status"] == "unsupported"} == {
        cid for cid, c in mine.items() if all("setup" in e["tags"] for e in c["examples"])
    }, game  # a tagged Rule goes whole (its examples carry its tags), a tagged example alone
    assert all(r["on_subject"] for r in removed_by(mine).get(game, {}).get("setup", []))
    if not what_games_have.chance_phases(game):
        pytest.skip(f"{game} has no chance deal (no phase where chance acts): no clause can check a deal")
    if not any(c["examples"] for c in mine.values()):
        pytest.skip(f"{game} is in transcription: no clause has an example yet, none checks its deal")
    assert lost, f"{game}: no clause checks the deal (tag @setup the examples that check it)"


def test_a_setup_decline_costs_an_example_not_the_rule_it_shares():
    clauses = catalog(ROOT / "features")
    assert (
        plan({"games": {"pi": {"declines": ["setup"]}}}, {"PI-GOAL-01": clauses["PI-GOAL-01"]})["PI-GOAL-01"]["summary"]
        == "1 of 2 examples run"
    )


class Hello:
    def __init__(self, declines):
        self.declines = declines

    def hello(self):
        return {"games": {"pi": {"declines": self.declines}}}


def test_a_published_start_is_loaded_and_never_dealt_on_an_engine_that_declines_setup(monkeypatch):
    options = {"players": ["Red", "Blue"]}

    def deal(table):
        raise AssertionError("dealt on the engine although the position is published")

    published = {"phase": "playing", "players": options["players"]}
    monkeypatch.setitem(positions._published, "pi", {position_name(deal, options): published})
    monkeypatch.delenv(settings.RECORD_POSITIONS.name, raising=False)
    opened = []
    position = Position(
        Hello(["setup"]), lambda options=None, state=None: opened.append((options, state)) or "table", "pi"
    )
    position.dealt(options, deal)
    position.edit(lambda state: state.update(phase="edited"))  # a scenario edits its own copy, not the published one
    assert position.table == "table" and opened == [(None, {**published, "phase": "edited"})]
    assert published["phase"] == "playing"


class Dealt:
    def __init__(self, state):
        self._state = state

    def state(self):
        return self._state


def test_a_full_engine_deals_itself_and_an_unpublished_start_is_dealt(monkeypatch):
    monkeypatch.delenv(settings.RECORD_POSITIONS.name, raising=False)
    for declines, published in ((["model-board"], True), (["setup"], False)):
        dealt = []

        def deal(table):
            dealt.append(table)

        options = {
            "players": ["Red", "Blue", "Green"],
            "declines": declines,
        }  # a start of its own (the cache is per start)
        monkeypatch.setitem(
            positions._published, "pi", {position_name(deal, options): {"phase": "published"}} if published else {}
        )
        engine = Hello(declines)
        position = Position(
            engine,
            lambda options=None, state=None: Dealt({"phase": "dealt"}) if state is None else ("loaded", state),
            "pi",
        )
        position.dealt(options, deal)
        assert len(dealt) == 1 and position.table == ("loaded", {"phase": "dealt"}), declines
