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


class AlwaysBets(_Wrapped):
    """A lists a bet of 3 at every turn, the deal included (a known difference, like classic Clue's accusation at
    any time), and the card dealt to B is announced one higher (the planted difference behind it, unless
    ``misdeals`` is False).  Every type the engine is asked to play is kept in ``played``."""

    def __init__(self, misdeals: bool = True):
        super().__init__()
        self.played: list[str] = []
        self.misdeals = misdeals

    def legal(self, table):
        legal = self.inner.legal(table)
        moves = sorted(
            legal["moves"] + [{"actor": "A", "action": {"type": "bet", "amount": 3}}],
            key=lambda m: (m["actor"], json.dumps(m["action"], sort_keys=True)),
        )
        return {"to_act": sorted({m["actor"] for m in moves}), "moves": moves}

    def apply(self, table, actor, action):
        self.played.append(action.get("type"))
        events = self.inner.apply(table, actor, action)
        return [
            dict(e, private={"B": {"card": e["private"]["B"]["card"] % 3 + 1}})
            if e.get("to") == "B" and self.misdeals
            else e
            for e in events
        ]


def test_ignore_moves_sets_a_known_difference_aside_and_finds_the_one_behind_it():
    reference = open_implementation(TOY_SPEC)
    plain = search(reference, AlwaysBets(), "toy", examples=40, seed=3, limit=5)
    assert [r["disagreement"]["signature"] for r in plain] == ["legal $.moves"]  # every game stops at the known one
    found = search(reference, AlwaysBets(), "toy", examples=40, seed=3, limit=5, ignore_moves=("bet",))
    assert [r["disagreement"]["signature"][:7] for r in found] == ["events "], found
    assert found[0]["ignore_moves"] == ["bet"]


def test_ignore_moves_never_plays_an_ignored_type_and_says_where_games_stopped():
    """Issue 45 item 4: where the reference lists nothing but ignored types, the game stops there (it used to play
    one of them, and judged what it had been told to set aside); the search says how many games stopped, and why."""
    engine = AlwaysBets(misdeals=False)  # nothing differs but what is set aside
    found = search(open_implementation(TOY_SPEC), engine, "toy", examples=30, seed=1, limit=3, ignore_moves=("bet",))
    assert list(found) == [] and "deal" in engine.played, (list(found), engine.played)
    assert "bet" not in engine.played, "fuzz played a type --ignore-moves names"
    assert (found.stopped, found.stopped_why) == (found.games, "only bet listed"), (found.stopped, found.games)


def test_one_difference_in_a_map_is_one_disagreement_whichever_key_shows_it():
    from casebook.conformance.differential import Disagreement

    seen = {
        Disagreement(3, f"view({p})", [f"$.markers.{k}: missing in the implementation"]).signature(["Justus", "Peter"])
        for p in ("Justus", "Peter", "spectator")
        for k in ("Knife", "Rope", "Central Station")
    }
    assert seen == {"view $.markers.<key>"}
    assert Disagreement(3, "view(Justus)", ["$.tracks.red.indicator: x"]).signature([]) == "view $.tracks.red.indicator"


def test_one_difference_is_one_disagreement_however_many_keys_or_headings_it_touches():
    """Issue 45 item 4: heist's lower-case tokens (drill, dynamite) are map keys like Knife and Rope (the schema says
    which words are its fields); a blank notes sheet is one difference, whichever of its headings shows it first."""
    from casebook.conformance.differential import Disagreement, schema_fields

    def signatures(game, paths):
        fields = schema_fields(game)
        return {Disagreement(3, "view(Anna)", [f"{p}: x"]).signature(["Anna", "Bernat"], fields) for p in paths}

    assert signatures("heist", ["$.tokens.drill", "$.tokens.dynamite", "$.tokens.Rosa"]) == {"view $.tokens.<key>"}
    notes = [f"$.private.{p}.notes.{h}.{c}" for p in ("Anna", "Bernat") for h, c in (("who", "Rosa"), ("how", "drill"))]
    assert signatures("heist", notes) == {"view $.private.<player>.notes"}
    assert signatures("heist", ["$.private.Anna.hand[2]", "$.private.Anna.notes.who.Rosa"]) == {
        "view $.private.<player>.hand",
        "view $.private.<player>.notes",
    }  # two parts of one slot are two differences
    assert signatures("feuerdiamant", ["$.tracks.red.indicator", "$.tracks.blue.indicator"]) == {
        "view $.tracks.<key>.indicator"
    }


def test_clauses_declined_by_id_are_neither_chosen_nor_compared():
    """Issue 45 item 4: heist's notes assistant and timers have no tag, so an engine that lacks them declines their
    clauses by id (tests/conformance/deviant_toys.py: no_assistant_no_timers).  fuzz reads the same declines as
    verify: it never chooses the options that play them (the assistant on, a turn timer, bots, the tutorial) nor
    compares the moves they make (the clock's expire, switch_notes_assistant).  Measured: the same search with the
    declines not honoured found the 15-second timer's expire in legal() (1 disagreement in 24 games; with the
    assistant on: 3, one per heading of the notes sheet, before a blank sheet counted once)."""
    from casebook.conformance.differential import declined_in
    from tests.conformance.deviant_toys import Deviant

    engine, reference = Deviant("no_assistant_no_timers"), open_implementation("reference")
    declined = declined_in(reference, "heist", engine.hello())
    assert {"HO-NOT-07", "HO-QUE-11"} <= declined.clauses
    assert "expire" in declined.moves["answering"] and "switch_notes_assistant" in declined.moves["in_place"]
    assert {k: declined.options[k] for k in ("notes_assistant", "turn_timer", "variant")} == {
        "notes_assistant": False,
        "turn_timer": "off",
        "variant": "private",
    }
    found = search(reference, engine, "heist", examples=20, seed=0, max_steps=80, limit=3, shrink=False)
    assert list(found) == [], [r["summary"] for r in found]


def test_a_variant_declined_in_part_leaves_the_other_variants_played():
    """The toy declining the notes assistant declines HO-NOT-12, the tutorial's: the tutorial is not played, but a
    public room plays none of the tutorial's clauses (the schema's ``played_by``), so fuzz still plays it.  Before,
    the whole variant option was fixed to ``private`` (300 drawn options: private 300; now private 225, public 75)."""
    from casebook.conformance.differential import declined_in
    from tests.conformance.deviant_toys import Deviant

    declined = declined_in(open_implementation("reference"), "heist", Deviant("no_assistant_no_timers").hello())
    assert declined.honoured({"variant": "public"})["variant"] == "public"
    assert declined.honoured({"variant": "tutorial"})["variant"] == "private"
    assert declined.honoured({})["variant"] == "private"
    assert declined.allows({"variant": "public"}) and not declined.allows({"variant": "tutorial"})
    assert declined.honoured({"turn_timer": 30})["turn_timer"] == "off"  # no played_by: every other value plays


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

    def choices(self, legal):
        return legal["moves"], False

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


def test_a_campaign_refuses_what_it_would_not_honour():
    """A campaign on Dask plays every listed move and compares everything: --ignore-moves there is refused, not
    silently dropped (issue 45 item 4)."""
    cli = [sys.executable, "-m", "casebook.cli", "fuzz", "--impl", TOY_SPEC, "--reference", TOY_SPEC, "--game", "toy"]
    run = subprocess.run([*cli, "--workers", "1", "--ignore-moves", "bet"], cwd=ROOT, capture_output=True, text=True)
    assert run.returncode == 2 and "not supported with --workers" in run.stdout, run.stdout + run.stderr
