"""Building an ``options_<trigger>()``: who may send the trigger now, with which fields (moves as
``(actor, fields, p)``; the kit turns them into listed moves, statemachines/kit/moves.py)."""

from __future__ import annotations

from typing import Any, Callable, Iterable

from casebook.protocol import CHANCE


def offer(actor: str, choices: Iterable[dict] = ({},)) -> list[tuple]:
    """Moves of one actor: one per dict of fields (default: one move without fields)."""
    return [(actor, fields, None) for fields in choices]


def chance(outcomes: Iterable[dict], weights: Iterable[float] | None = None) -> list[tuple]:
    """Chance moves, uniform or weighted; the kit makes the probabilities sum to 1."""
    outcomes = list(outcomes)
    weights = [1.0] * len(outcomes) if weights is None else list(weights)
    total = float(sum(weights))
    return [(CHANCE, o, w / total) for o, w in zip(outcomes, weights) if w]


def chance_by_count(field: str, counts: dict) -> list[tuple]:
    """Chance draws ``{field: name}`` from a pile of ``{name: how many}``, each as likely as its count."""
    names = [n for n in sorted(counts) if counts[n]]
    return chance(({field: n} for n in names), [counts[n] for n in names])


def offered_when(test: Callable[[Any], bool]):
    """An ``options_<trigger>``: the current player's move without fields, while ``test(table)`` holds."""
    return lambda self: offer(self.current) if test(self) else []


def guard(test: Callable[[Any], bool]):
    """A guard that reads only the table (most do): ``a_draw_is_pending = guard(lambda g: bool(g.s["draws"]))``."""
    return lambda self, actor, action: test(self)
