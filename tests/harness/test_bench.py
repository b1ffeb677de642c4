"""The benchmark measures every figure several times, reaches engines only through the protocol,
and says what it found."""

from __future__ import annotations

import ast
from pathlib import Path

from casebook.bench import figures, play, suite
from tests.harness.toys import make

ROOT = Path(__file__).resolve().parents[2]


def test_bench_imports_no_engine():
    for module in sorted((ROOT / "casebook" / "bench").glob("*.py")):
        tree = ast.parse(module.read_text())
        imported = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)} | {
            a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names
        }
        assert not any(name and name.split(".")[0] == "statemachines" for name in imported), module.name


def test_every_figure_is_a_median_of_at_least_three():
    calls = []
    figure = figures.measure(1, lambda: calls.append(1) or len(calls))
    assert len(calls) == figures.MIN_REPEAT and figure.median == 2 and figure.spread(0) == "[1…3]"


def test_new_at_scale_measures_both_ends_and_leaves_no_table_open():
    impl = make()
    empty, full = play.new_at_scale(impl, "sealed", {}, tables=300, repeat=3)
    assert len(empty.samples) == len(full.samples) == 3 and empty.median > 0 and full.median > 0
    assert impl.tables == {}


def test_random_games_end_and_count_their_moves():
    ended, moves, seconds, _ = play.random_games_within(make(), "hourglass", {"turn_timer": None}, count=5)
    # four turns each: a pass (one move), or a mark and its answer (two)
    assert ended == 5 and 5 * 4 <= moves <= 5 * 8 and seconds > 0


def test_a_random_game_is_cut_at_the_move_cap_and_not_counted_as_ended():
    ended, moves, seconds, played = play.random_games_within(
        make(), "hourglass", {"turn_timer": None}, count=5, max_moves=2
    )
    uncapped = play.random_games_within(make(), "hourglass", {"turn_timer": None}, count=5, max_moves=100)
    assert (ended, moves, played) == (0, 10, 5) and uncapped[0] == uncapped[3] == 5


class Counting:
    """An engine that counts its legal() calls and the tables it opens."""

    def __init__(self, inner):
        self.inner, self.legal_calls, self.opened = inner, 0, 0

    def new(self, game, options):
        self.opened += 1
        return self.inner.new(game, options)

    def legal(self, table):
        self.legal_calls += 1
        return self.inner.legal(table)

    def __getattr__(self, name):
        return getattr(self.inner, name)


def test_legal_is_timed_once_a_position_over_as_many_games_as_it_takes():
    engine = Counting(make())
    seconds = play.legal_seconds(engine, "hourglass", {"turn_timer": None}, positions=30, rounds=1)
    # a game of the hourglass has 5 to 9 positions (its last, the ended one, included): 30 take several games
    assert engine.legal_calls == 30 and engine.opened >= 4 and 0 < seconds < 1


def test_each_round_plays_the_same_positions_again():
    engine, seen = Counting(make()), []
    engine.legal = lambda table: seen.append(engine.inner.state(table)) or engine.inner.legal(table)
    play.legal_seconds(engine, "hourglass", {"turn_timer": None}, positions=30, rounds=3)
    assert len(seen) == 90 and seen[:30] == seen[30:60] == seen[60:] and len({repr(s) for s in seen[:30]}) > 5


def test_a_position_counts_with_the_least_of_its_rounds(monkeypatch):
    times = [[5.0, 1.0, 4.0], [2.0, 3.0, 6.0], [9.0, 2.0, 1.0]]  # a slow pass, a collection landing in one call
    rounds = iter([[(t, 1) for t in play_times] for play_times in times])
    monkeypatch.setattr(play, "_first_legal", lambda *args: next(rounds))
    assert play.legal_seconds(make(), "hourglass", {}, positions=3, rounds=3) == (2.0 + 1.0 + 1.0) / 3


def test_legal_is_timed_on_the_positions_a_games_own_player_reaches_when_given_one():
    engine, chosen = Counting(make()), []

    def last(state, legal, rng):  # a player of its own: the last listed move, never a random one
        chosen.append(state["phase"])
        return legal["moves"][-1]

    seconds = play.legal_seconds(engine, "hourglass", {"turn_timer": None}, positions=30, policy=last, rounds=1)
    # every position but a game's last (ended) one and the 30th asked the player, who saw the state
    assert engine.legal_calls == 30 and len(chosen) == 30 - engine.opened and 0 < seconds < 1


def test_the_verify_ratio_is_the_median_of_back_to_back_pairs():
    asked, clock = [], iter([10, 15, 20, 26, 10, 30])  # the machine slows down between the pairs

    def seconds(spec):
        asked.append(spec)
        return next(clock)

    inproc, stdio, ratio = suite.verify_ratio(1, seconds)
    assert asked == ["reference", "cmd:casebook serve"] * 3, "each in-process run is followed by its stdio run"
    assert ratio.samples == [1.5, 1.3, 3.0] and ratio.median == 1.5
    assert (inproc.median, stdio.median) == (10, 26)


def test_the_suite_and_its_floor_run_as_back_to_back_pairs_without_unmeasured_plugins(monkeypatch):
    asked = []

    def durations(args, cwd, steps):
        asked.append(("suite", tuple(args)))
        steps.update({"a": 5, "b": 6})
        return 3.0, {"a": 0.001, "b": 0.002}

    def empty(count, steps=3):
        asked.append(("empty", count, steps))
        return 1.0, {str(i): 0.0005 for i in range(count)}

    monkeypatch.setattr(suite, "pytest_durations", durations)
    monkeypatch.setattr(suite, "empty_scenarios", empty)
    runs, floors, matched, mean = suite.suite_and_floor(3)
    asked_suite = ("suite", (*suite.NOT_MEASURED, "step_defs"))
    assert asked == [asked_suite, ("empty", 2, 3), ("empty", 2, 6)] * 3, (
        "each suite run is followed by as many empty scenarios, of 3 steps and of the suite's mean (5.5, "
        "rounded to even)"
    )
    assert len(runs) == len(floors) == len(matched) == 3 and mean == 5.5 and "no:hypothesispytest" in suite.NOT_MEASURED


def test_the_empty_scenarios_leave_out_the_same_plugins(monkeypatch):
    seen = []
    monkeypatch.setattr(suite, "pytest_durations", lambda args, cwd: seen.append(args) or (1.0, {}))
    suite.empty_scenarios(2)
    assert all(flag in seen[0] for flag in suite.NOT_MEASURED) and "no:casebook" in seen[0]


def test_the_empty_scenarios_have_the_steps_asked_and_pytest_bdd_counts_them(monkeypatch):
    """Measured for real (two tiny sessions): the floor of as many steps as the suite's is that many steps long."""
    real = suite.pytest_durations
    for steps in (3, 6):
        counted: dict = {}
        monkeypatch.setattr(suite, "pytest_durations", lambda args, cwd: real(args, cwd, counted))
        _, cases = suite.empty_scenarios(4, steps)
        assert len(cases) == 4 and set(counted.values()) == {steps}, counted


def test_pi_games_end_with_the_property_tests_player():
    """P.I.'s uniform random tries name one of 1,680 solutions and rarely end a round; the suite's player ends games."""
    from casebook.impls import open_implementation

    policy = play.suite_policy("pi")
    assert callable(policy) and play.suite_policy("no_such_game") is None
    impl = open_implementation("reference")
    ended, moves, _, played = play.random_games_within(
        impl, "pi", {"players": ["Red", "Blue", "Green"]}, count=2, policy=policy
    )
    assert ended == played == 2 and moves > 2 * 60, "three rounds each: a set-up of 30 chance moves a round, then play"


def test_legal_per_move_divides_each_positions_least_time_by_the_moves_it_lists(monkeypatch):
    """The owner's yardstick for P.I.'s legal(): a position's time ÷ its moves listed (an ended position's ÷ 1)."""
    rounds = iter([[(4.0, 2), (9.0, 3), (1.0, 0)], [(2.0, 2), (6.0, 3), (3.0, 0)]])
    monkeypatch.setattr(play, "_first_legal", lambda *args: next(rounds))
    assert play.legal_seconds(make(), "hourglass", {}, positions=3, rounds=2, per_move=True) == (1.0 + 2.0 + 1.0) / 3


def test_legal_per_move_is_measured_on_a_real_engine():
    engine = make()
    whole = play.legal_seconds(engine, "hourglass", {"turn_timer": None}, positions=30, rounds=1)
    each = play.legal_seconds(engine, "hourglass", {"turn_timer": None}, positions=30, rounds=1, per_move=True)
    assert 0 < each < 1 and 0 < whole < 1
