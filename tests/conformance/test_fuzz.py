"""fuzz judges what players observe, leaves declined parts out, and collects distinct disagreements."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from casebook import settings
from casebook.conformance.differential import Differential
from casebook.conformance.fuzzing import search
from casebook.errors import Unsupported
from casebook.impls import open_implementation
from tests.conformance.helpers import ROOT, TOY_SPEC
from tests.harness.toy import make


class _Wrapped:
    """The toy reference with a few answers changed; everything else passes through."""

    def __init__(self):
        self.inner = make()

    def __getattr__(self, name):
        return getattr(self.inner, name)


class TwoDeviations(_Wrapped):
    """B may never bet 2 (legal() omits it), and A's bet of 1 is announced as a bet of 2: two unrelated departures."""

    def legal(self, table):
        legal = self.inner.legal(table)
        moves = [m for m in legal["moves"] if not (m["actor"] == "B" and m["action"] == {"type": "bet", "amount": 2})]
        return {"to_act": sorted({m["actor"] for m in moves}), "moves": moves}

    def apply(self, table, actor, action):
        events = self.inner.apply(table, actor, action)
        return [dict(e, amount=2) if e.get("type") == "bet" and e["player"] == "A" else e for e in events]


class KeepsItsOwnBooks(_Wrapped):
    """Agrees on everything a player sees, but its canonical state carries a bookkeeping field of its own."""

    def state(self, table):
        return {**self.inner.state(table), "secret": {"shuffles": 7}}


class DeclinesBetting(_Wrapped):
    """Deals, but answers ``unsupported`` to every bet (a part it declines)."""

    def apply(self, table, actor, action):
        if action.get("type") == "bet":
            raise Unsupported("this engine does not play the betting round")
        return self.inner.apply(table, actor, action)


def two_deviations():
    return TwoDeviations()


def test_two_different_deviations_are_two_distinct_disagreements():
    found = search(open_implementation(TOY_SPEC), TwoDeviations(), "toy", examples=40, seed=3, limit=5)
    kinds = sorted(r["disagreement"]["signature"] for r in found)
    assert kinds == ["events $[].amount", "legal $.moves"], kinds
    for record in found:  # each shrunk on its own: deal A, deal B, A bets
        assert [s["actor"] for s in record["steps"]] == ["chance", "chance", "A"], record["steps"]


def test_the_limit_stops_the_search_at_the_first():
    assert len(search(open_implementation(TOY_SPEC), TwoDeviations(), "toy", examples=40, seed=3, limit=1)) == 1


def test_a_view_seen_by_several_players_is_one_disagreement_not_one_per_viewer():
    diff = Differential(open_implementation(TOY_SPEC), TwoDeviations(), "toy")
    problem = diff.start({})
    assert problem is None
    for move in ({"to": "A", "card": 1}, {"to": "B", "card": 2}):
        assert diff.step("chance", {"type": "deal", **move}) is None
    problem = diff.step("A", {"type": "bet", "amount": 1})
    assert problem is not None and problem.what == "events(A)", problem
    assert problem.signature(["A", "B"]) == "events $[].amount"


def test_a_state_field_no_player_sees_is_not_judged():
    assert search(open_implementation(TOY_SPEC), KeepsItsOwnBooks(), "toy", examples=20, seed=1, limit=3) == []


def test_a_declined_part_is_played_by_the_reference_alone_and_judged_after_it_when_loaded():
    diff = Differential(open_implementation(TOY_SPEC), DeclinesBetting(), "toy")
    assert diff.start({}) is None
    for move in ({"to": "A", "card": 1}, {"to": "B", "card": 2}):
        assert diff.step("chance", {"type": "deal", **move}) is None
    # The deal is judged; the bets are not (the engine declines them), and nothing differs.
    assert diff.step("A", {"type": "bet", "amount": 1}) is None and diff.skipped == 1
    # After A's bet the position is loaded into the engine again: comparing resumes there.
    assert diff.other is not None
    assert diff.step("B", {"type": "bet", "amount": 2}) is None and diff.skipped == 2


def test_an_ignored_path_is_left_out_and_the_record_remembers_it():
    found = search(
        open_implementation(TOY_SPEC), TwoDeviations(), "toy", examples=40, seed=3, limit=5, ignore=("$[].amount",)
    )
    assert [r["disagreement"]["signature"] for r in found] == ["legal $.moves"]
    assert found[0]["ignore"] == ["$[].amount"]


@pytest.mark.slow  # a verify run, a fuzz search or a wire fuzz: out of the inner loop (pytest -m 'not slow')
def test_the_cli_saves_each_disagreement_and_documents_every_option(tmp_path):
    out = tmp_path / "found.json"
    cli = [sys.executable, "-m", "casebook.cli", "fuzz"]
    run = subprocess.run(
        [
            *cli,
            "--impl",
            "python:tests.conformance.test_fuzz:two_deviations",
            "--reference",
            TOY_SPEC,
            "--game",
            "toy",
            "--examples",
            "40",
            "--seed",
            "3",
            "--out",
            str(out),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert run.returncode == 1, run.stdout + run.stderr
    assert "2 distinct disagreement(s)" in run.stdout, run.stdout
    saved = [json.loads(out.read_text()), json.loads((tmp_path / "found-2.json").read_text())]
    assert {r["disagreement"]["signature"] for r in saved} == {"events $[].amount", "legal $.moves"}
    helped = subprocess.run([*cli, "--help"], cwd=ROOT, capture_output=True, text=True).stdout
    options = [word.strip("[],") for word in helped.split() if word.startswith(("--", "[--"))]
    guide = (ROOT / "casebook" / "conformance" / "validate-your-engine.md").read_text(encoding="utf-8")
    undocumented = sorted({o for o in options if o.startswith("--") and o != "--help" and f"`{o}" not in guide})
    assert not undocumented, f"fuzz options the guide does not explain: {undocumented}"


class AlwaysBets(TwoDeviations):
    """A lists a bet of 3 at every turn (a known difference, like classic Clue's accusation at any time),
    and A's bet of 1 is announced as a bet of 2 (the planted difference behind it)."""

    def legal(self, table):
        legal = self.inner.legal(table)
        moves = sorted(
            legal["moves"] + [{"actor": "A", "action": {"type": "bet", "amount": 3}}],
            key=lambda m: (m["actor"], json.dumps(m["action"], sort_keys=True)),
        )
        return {"to_act": sorted({m["actor"] for m in moves}), "moves": moves}


def test_ignore_moves_sets_a_known_difference_aside_and_finds_the_one_behind_it():
    reference = open_implementation(TOY_SPEC)
    plain = search(reference, AlwaysBets(), "toy", examples=40, seed=3, limit=5)
    assert [r["disagreement"]["signature"] for r in plain] == ["legal $.moves"]  # every game stops at the known one
    found = search(reference, AlwaysBets(), "toy", examples=40, seed=3, limit=5, ignore_moves=("bet",))
    assert [r["disagreement"]["signature"] for r in found] == ["events $[].amount"]
    assert found[0]["ignore_moves"] == ["bet"]


def test_one_difference_in_a_map_is_one_disagreement_whichever_key_shows_it():
    from casebook.conformance.differential import Disagreement

    seen = {
        Disagreement(3, f"view({p})", [f"$.markers.{k}: missing in the implementation"]).signature(["Justus", "Peter"])
        for p in ("Justus", "Peter", "spectator")
        for k in ("Knife", "Rope", "Central Station")
    }
    assert seen == {"view $.markers.<key>"}
    assert Disagreement(3, "view(Justus)", ["$.tracks.red.indicator: x"]).signature([]) == "view $.tracks.red.indicator"


def test_the_time_limit_stops_the_search_and_says_so():
    found = search(open_implementation(TOY_SPEC), TwoDeviations(), "toy", examples=40, seed=3, limit=5, seconds=1e-9)
    assert (list(found), found.interrupted, found.games) == ([], "time limit (1e-09 s)", 0)


def test_an_interrupted_search_keeps_what_it_found():
    def stop_after(n):
        games = iter(range(n))
        return lambda moves: next(games, None) is not None or (_ for _ in ()).throw(KeyboardInterrupt())

    found = search(
        open_implementation(TOY_SPEC), TwoDeviations(), "toy", examples=400, seed=3, limit=5, on_example=stop_after(60)
    )
    assert found.interrupted == "interrupted" and found, (found.interrupted, list(found))


def test_sigterm_stops_fuzz_as_ctrl_c_does():
    """Inside fuzz's search, SIGTERM's handler raises KeyboardInterrupt (called here directly: no signal is sent)."""
    import signal
    import threading

    from casebook.commands.fuzz import terminated_as_interrupt

    if threading.current_thread() is not threading.main_thread():
        pytest.skip("signal handlers are set in the main thread only")
    before = signal.getsignal(signal.SIGTERM)
    with pytest.raises(KeyboardInterrupt), terminated_as_interrupt():
        signal.getsignal(signal.SIGTERM)(signal.SIGTERM, None)
    assert signal.getsignal(signal.SIGTERM) is before  # put back after the search


class EndlessTable:
    """A game that never ends by itself: it lists a roll and an accusation at every step, agreeing with itself."""

    ignore_moves: tuple = ()

    class ref:
        @staticmethod
        def legal():
            moves = [{"actor": "A", "action": {"type": t}} for t in ("accuse", "roll")]
            return {"to_act": ["A"], "moves": sorted(moves, key=lambda m: m["action"]["type"], reverse=True)}

    def step(self, actor, action, probe=False):
        return None


def test_fuzz_steers_towards_the_end_after_its_threshold():
    """Issue 44 item 8: from ``steer_after`` moves on, a move that can end the game is played whenever listed."""
    from casebook.conformance.differential import _play

    steps: list[dict] = []
    _play(EndlessTable(), steps, pick=lambda n: 0, probe=lambda: False, max_steps=6, ending={"accuse"}, steer_after=3)
    assert [s["action"]["type"] for s in steps] == ["roll"] * 3 + ["accuse"] * 3


def test_the_verbs_that_end_a_game_come_from_the_references_transitions():
    from casebook.conformance.differential import ending_verbs

    reference = open_implementation("reference")
    assert ending_verbs(reference, "cluedo_drei") == {"accuse"} == ending_verbs(reference, "heist")


@pytest.mark.slow  # a fuzz search against an engine over stdio that hangs
def test_fuzz_reaches_a_hang_at_the_last_wrong_accusation_and_reports_it_with_its_replay(tmp_path):
    """The toy that never returns from the last wrong accusation (tests/conformance/deviant_toys.py): fuzz steers
    games to their end, so it gets there, and a call over the time limit is a disagreement with its replay."""
    import os

    out = tmp_path / "hang.json"
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "casebook.cli",
            "fuzz",
            "--impl",
            f"cmd:{sys.executable} -m tests.conformance.deviant_toys",
            "--game",
            "heist",
            "--timeout",
            "2",
            "--time",
            "300",
            "--examples",
            "40",
            "--no-shrink",
            "--out",
            str(out),
        ],
        cwd=ROOT,
        env={**os.environ, settings.TOY_DEVIATION.name: "loops_when_all_are_wrong"},
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert out.is_file(), run.stdout[-2000:] + run.stderr[-2000:]
    record = json.loads(out.read_text(encoding="utf-8"))
    assert record["disagreement"]["what"] == "implementation failed during apply", record["disagreement"]
    assert record["disagreement"]["detail"][0].startswith("timeout:"), record["disagreement"]
    assert record["steps"][-1]["action"]["type"] == "accuse", record["steps"][-1]
    assert "the engine hangs here" in " ".join(run.stdout.split()), run.stdout
