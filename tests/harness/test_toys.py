"""The clock actor and sealed simultaneous choices, proven on two toy games, in process and over stdio.

The toys (toys.py) pass the random-play invariants (toysuite/toyplay.py) both
ways, answer ``describe``, and ``casebook verify``, ``fuzz`` and ``perft``
report on them as on any engine.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from casebook.conformance import perft as pf
from casebook.conformance.fuzzing import fuzz
from casebook.errors import GameError, NotYourTurn, Unsupported
from casebook.contract import DESCRIBE as DESCRIBE_SCHEMA
from casebook.protocol import CLOCK, Table, describe, expire, leaks
from casebook.transports.stdio import StdioImplementation
from tests.harness.toys import make, without_describe
from tests.harness.toysuite.toyplay import check_random_games

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
ENGINE = [sys.executable, str(HERE / "toy_engine.py")]
TOYS = "python:tests.harness.toys:make"
OPTIONS = {
    "hourglass": [{}, {"turn_timer": None}, {"turn_timer": 45, "turns": 7}],
    "sealed": [{}, {"players": ["A", "B"]}, {"players": ["N", "E", "S", "W"]}],
}


@pytest.fixture(scope="module", params=["in-process", "stdio", "stdio-1.0"])
def impl(request):
    if request.param == "in-process":
        yield make()
        return
    served = StdioImplementation(ENGINE + (["--plain"] if request.param == "stdio-1.0" else []), timeout=20)
    yield served
    served.shutdown()


@pytest.mark.parametrize("game", ["hourglass", "sealed"])
def test_random_play_keeps_every_invariant(impl, game):
    assert check_random_games(impl, game, OPTIONS[game], games=6) > 50


def test_a_timer_ends_only_by_the_clock(impl):
    table = Table.new(impl, "hourglass", {})
    assert table.legal()["to_act"] == ["A", CLOCK]
    assert expire("turn") in table.legal()["moves"] and expire("confirm") not in table.legal()["moves"]
    table.apply("A", {"type": "mark"})
    assert table.legal()["to_act"] == ["B", CLOCK] and expire("confirm") in table.legal()["moves"]
    events = table.apply(CLOCK, {"type": "expire", "timer": "confirm"})
    assert {"type": "marked", "player": "A"} in events
    untimed = Table.new(impl, "hourglass", {"turn_timer": None})
    with pytest.raises(NotYourTurn):
        untimed.apply(CLOCK, {"type": "expire", "timer": "turn"})


def test_sealed_choices_are_seen_as_made_never_as_what(impl):
    table = Table.new(impl, "sealed", {})
    table.apply("B", {"type": "choose", "card": 2})
    assert table.legal()["to_act"] == ["A", "C"]
    for viewer in ("A", "C", None):
        view = table.view(viewer)
        assert view["chosen"] == ["B"] and "B" not in view["private"] and leaks(view, viewer) == []
    assert table.view("B")["private"]["B"]["choice"] == 2
    before = table.state()
    with pytest.raises(NotYourTurn):
        table.apply("B", {"type": "choose", "card": 3})  # no changing a sealed choice
    assert table.state() == before
    table.apply("C", {"type": "choose", "card": 2})
    events = table.apply("A", {"type": "choose", "card": 1})
    reveal = [e for e in events if e["type"] == "revealed"]
    assert len(reveal) == 1 and reveal[0]["cards"] == [
        {"player": "A", "card": 1},
        {"player": "B", "card": 2},
        {"player": "C", "card": 2},
    ]
    assert reveal[0]["scorer"] == "A" and table.view(None)["chosen"] == []


def test_the_players_form_shows_own_moves_and_redacted_events(impl):
    table = Table.new(impl, "sealed", {})
    a, b = table.seat("A"), table.seat("B")
    assert {m["actor"] for m in a.legal()["moves"]} == {"A"} and a.legal()["to_act"] == ["A", "B", "C"]
    told = a.apply({"type": "choose", "card": 3})
    assert told == [{"type": "chose", "player": "A", "private": {"A": {"card": 3}}}]
    assert b.log() == [{"type": "chose", "player": "A", "private": {}}]
    assert b.legal()["to_act"] == ["B", "C"]


def test_describe_answers_in_the_published_shape_or_unsupported(impl):
    import jsonschema

    if isinstance(impl, StdioImplementation) and "--plain" in impl.argv:
        with pytest.raises(Unsupported):
            describe(impl, "sealed")
        return
    for game in ("hourglass", "sealed"):
        answer = describe(impl, game)
        jsonschema.validate(answer, DESCRIBE_SCHEMA)
        phases = {p["name"] for p in answer["phases"]}
        assert answer["initial"] in phases and all(
            t["source"] in phases and t["dest"] in phases for t in answer["transitions"]
        )
    with pytest.raises(Unsupported):
        describe(impl, "chess")


def test_describe_is_unsupported_in_process_too():
    with pytest.raises(Unsupported):
        describe(without_describe(), "sealed")


def test_batched_calls_cost_one_round_trip_a_move():
    served = StdioImplementation(ENGINE, timeout=20)
    try:
        table = Table.new(served, "sealed", {})
        start = served._ids
        calls = lambda: served._ids - start  # noqa: E731 - requests sent so far
        for player, card in (("A", 1), ("B", 2), ("C", 3)):
            table.legal()
            table.apply(player, {"type": "choose", "card": card})
        assert calls() == 4, "one legal(), then a step per move whose legal() serves the next"
        assert table.state()["round"] == 2 and calls() == 5, "nobody looked at the state before: it did not come along"
        table.apply("A", {"type": "choose", "card": 2})
        assert table.state()["chosen"] == ["A"] and calls() == 6, "looked at after the last move: the step brought it"
        assert table.state()["chosen"] == ["A"] and calls() == 7, "once: the next state() asks the engine"
        with pytest.raises(NotYourTurn):
            table.apply("A", {"type": "choose", "card": 3})
        assert table.state()["chosen"] == ["A"] and calls() == 8, "a refused step brought the state as it stands"
    finally:
        served.shutdown()


def test_sent_calls_answer_as_the_calls_would_in_the_order_asked(impl):
    """``Table.send``: every request written before any answer is read (over stdio), answers as the plain calls give."""
    table = Table.new(impl, "sealed", {})
    try:
        table.apply(
            "A", {"type": "choose", "card": 1}
        )  # the first move also tells the client whether the engine has step
        expected_view, expected_legal = table.view("A"), table.legal()
        view, refused, legal = (
            table.send("view", "A"),
            table.send("apply", "A", {"type": "choose", "card": 2}),
            table.send("legal"),
        )
        if isinstance(impl, StdioImplementation):
            assert [sent.method for sent in impl._inflight] in (
                ["view", "step", "legal"],
                ["view", "apply", "legal"],
            ), "all three written, no answer read yet"
        assert legal.result() == expected_legal, "taking a later answer reads the earlier ones on the way"
        assert view.result() == expected_view
        with pytest.raises(GameError):
            refused.result()  # A has chosen: nothing left to choose this round
        assert table.state()["chosen"] == ["A"], "the refusal changed nothing"
        moved = table.send("apply", "B", {"type": "choose", "card": 2})
        assert table.state()["chosen"] == ["A", "B"], "a call after a sent move sees the move"
        assert [e["type"] for e in moved.result()] == ["chose"]
    finally:
        table.close()


# -- perft, fuzz, verify report on the toys ---------------------------------------------
def test_perft_counts_simultaneous_choices_and_clock_moves_by_hand():
    impl = make()
    sealed = Table.new(impl, "sealed", {}).state()
    # 3 players x 3 cards; then 2 players x 3; then 1 x 3; the reveal; then 3 players x 2 cards left
    assert pf.perft(impl, "sealed", sealed, 4) == [9, 54, 162, 972]
    hourglass = Table.new(impl, "hourglass", {}).state()
    # each position offers 3: mark, pass, the clock; or confirm, dispute, the clock
    assert pf.perft(impl, "hourglass", hourglass, 3) == [3, 9, 27]
    untimed = Table.new(impl, "hourglass", {"turn_timer": None}).state()
    # no turn timer: mark or pass; a mark still starts the confirm timer (confirm, dispute, the clock)
    assert pf.perft(impl, "hourglass", untimed, 3) == [2, 3 + 2, (3 * 2) + (3 + 2)]


def run_cli(*args, timeout=600):
    return subprocess.run(
        [sys.executable, "-m", "casebook.cli", *args], cwd=ROOT, capture_output=True, text=True, timeout=timeout
    )


def test_perft_reports_on_the_published_toy_positions():
    run = run_cli("perft", "--impl", "cmd:" + " ".join(ENGINE), "--fixtures", str(HERE / "perft"))
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout.count("ok") == len(pf.load_fixtures("hourglass", HERE / "perft")) + len(
        pf.load_fixtures("sealed", HERE / "perft")
    )


@pytest.mark.parametrize("game", ["hourglass", "sealed"])
def test_fuzz_finds_no_disagreement_between_the_toys_in_process_and_over_stdio(game):
    served = StdioImplementation(ENGINE, timeout=20)
    try:
        assert fuzz(make(), served, game, examples=15, seed=1, options=OPTIONS[game][0]) is None
    finally:
        served.shutdown()


@pytest.mark.parametrize(
    "mutant, game, what",
    [
        ("reveals_backwards", "sealed", "events"),
        ("late_confirm_is_disputed", "hourglass", "events"),
    ],
)
@pytest.mark.slow  # a verify run, a fuzz search or a wire fuzz: out of the inner loop (pytest -m 'not slow')
def test_fuzz_finds_a_clock_or_reveal_departure(tmp_path, mutant, game, what):
    out = tmp_path / "found.json"
    run = run_cli(
        "fuzz",
        "--impl",
        f"python:tests.harness.toys:{mutant}",
        "--reference",
        TOYS,
        "--game",
        game,
        "--examples",
        "40",
        "--out",
        str(out),
    )
    assert run.returncode == 1, run.stdout + run.stderr
    record = json.loads(out.read_text())
    assert record["disagreement"]["what"].split("(")[0] == what
    if game == "hourglass":
        assert record["steps"][-1] == {"actor": CLOCK, "action": {"type": "expire", "timer": "confirm"}}


@pytest.mark.slow  # a verify run, a fuzz search or a wire fuzz: out of the inner loop (pytest -m 'not slow')
def test_verify_reports_every_toy_clause_over_stdio(tmp_path):
    run = run_cli(
        "verify",
        "--impl",
        "cmd:" + " ".join(ENGINE),
        "--suite",
        str(HERE / "toysuite"),
        "--out",
        str(tmp_path),
        "--no-progress",
        "--name",
        "toys",
    )
    assert run.returncode == 0, run.stdout + run.stderr
    report = json.loads((tmp_path / "conformance" / "toys.json").read_text())
    assert report["totals"]["passed"] == 8 and report["totals"]["failed"] == 0, report["totals"]
    assert sorted((p["game"], p["status"]) for p in report["properties"]) == [
        ("hourglass", "passed"),
        ("sealed", "passed"),
    ]


@pytest.mark.slow  # a verify run, a fuzz search or a wire fuzz: out of the inner loop (pytest -m 'not slow')
@pytest.mark.parametrize("workers", ["0", "2"])
def test_verify_names_the_broken_clause_alike_with_and_without_workers(tmp_path, workers):
    run = run_cli(
        "verify",
        "--impl",
        "python:tests.harness.toys:reveals_backwards",
        "--suite",
        str(HERE / "toysuite"),
        "--out",
        str(tmp_path),
        "--no-progress",
        "--name",
        "backwards",
        "--workers",
        workers,
    )
    assert run.returncode == 1, run.stdout + run.stderr
    report = json.loads((tmp_path / "conformance" / "backwards.json").read_text())
    failed = {c: v for c, v in report["clauses"].items() if v["status"] == "failed"}
    assert list(failed) == ["SE-REV-01"] and report["totals"]["passed"] == 7
    message = failed["SE-REV-01"]["scenarios"][0]["message"]
    assert message.startswith("assertion failed (step: Then the cards revealed are A 3, B 2, C 1)"), message
    assert {p["game"]: p["status"] for p in report["properties"]} == {"hourglass": "passed", "sealed": "failed"}


def test_random_play_chooses_clock_moves_and_any_of_several_choosers():
    import random

    from casebook.properties.random_play import random_step

    impl, rng, chosen = make(), random.Random(7), {"hourglass": [], "sealed": []}
    for game in chosen:
        for _ in range(10):
            table = Table.new(impl, game, {})
            while (move := random_step(table, rng)) is not None:
                chosen[game].append(move["actor"])
    assert CLOCK in chosen["hourglass"] and {"A", "B"} <= set(chosen["hourglass"])
    # a round's first chooser is anyone still to choose, not only the first seat
    firsts = chosen["sealed"][::3]
    assert set(firsts) == {"A", "B", "C"}
