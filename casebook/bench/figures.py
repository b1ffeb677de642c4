"""A measured figure (its samples, median and spread) and the goals each figure is read against."""

from __future__ import annotations

import statistics

MIN_REPEAT = 3  # every figure is the median of at least this many samples
MEMORY_GOAL_KIB = 50  # a live, dealt game
SCENARIO_GOAL, SLOWEST_GOAL = 2, 30  # a scenario ÷ an empty pytest-bdd scenario: on average, and the slowest one
NEW_GOAL = 2  # new() at many open tables ÷ at none
VERIFY_GOAL = 1.5  # a full verify over stdio ÷ in process
LEGAL_GOAL = ("pi", "cluedo_drei")  # the first game's legal() costs no more than the second's (issue 32)


class Figure:
    """One measured quantity: its samples, their median and spread."""

    def __init__(self, samples: list[float]):
        self.samples = samples

    @property
    def median(self) -> float:
        return statistics.median(self.samples)

    def spread(self, digits: int = 2) -> str:
        return spread(self.as_dict(), digits)

    def as_dict(self) -> dict:
        """The figure as ``casebook bench --json`` writes it."""
        return {"median": self.median, "min": min(self.samples), "max": max(self.samples), "samples": self.samples}


def spread(figure: dict, digits: int = 2) -> str:
    """A figure's range as printed beside its median: ``[min…max]``."""
    return f"[{figure['min']:.{digits}f}…{figure['max']:.{digits}f}]"


def every_game_ended(row: dict) -> bool:
    """A random-play row's games all ended, in every repeat (games/s is kept only then)."""
    return row["games_per_second"] is not None


def play_goal_met(row: dict) -> bool:
    """A random-play row meets its goal: every game ends, and a live game takes at most MEMORY_GOAL_KIB."""
    return every_game_ended(row) and row["kib_per_game"] <= MEMORY_GOAL_KIB


def measure(repeat: int, one) -> Figure:
    return Figure([one() for _ in range(max(repeat, MIN_REPEAT))])


def each(run: tuple[float, dict]) -> float:
    """A pytest session's time per test it passed."""
    seconds, cases = run
    return seconds / max(len(cases), 1)


def paired(runs: list, floors: list) -> Figure:
    """Each run's time per test ÷ its pair's."""
    return Figure([each(run) / each(floor) for run, floor in zip(runs, floors)])
