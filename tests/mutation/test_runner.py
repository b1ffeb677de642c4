"""The runner's bookkeeping, with workers that answer at once (no pytest run): every mutant given gets a verdict."""

from __future__ import annotations

from pathlib import Path

from casebook.mutation import runner
from casebook.mutation.tables import Mutant


class InstantWorker:
    """A worker that judges every mutant killed at once; its process never dies."""

    def __init__(self, *args, **kwargs):
        self.proc = self

    def poll(self):
        return None

    def judge(self, recipe, timeout, budgets=None):
        return ("survived", None, 0.0) if recipe is None else ("killed", f"test_{recipe['n']}", 0.0)

    def close(self):
        pass


def test_every_mutant_gets_its_verdict_however_fast_the_workers_take_them(monkeypatch, tmp_path):
    """The first full run lost one of Feuerdiamant's 63 mutants: the count of answers to wait for was read from the
    queue after the workers had begun taking from it.  Workers this fast take most jobs before the main thread reads."""
    monkeypatch.setattr(runner, "Worker", InstantWorker)
    mutants = [Mutant(f"toy:count:N{n}", "count", (), f"N is {n}", {"n": n}) for n in range(200)]
    for baseline in (False, True):
        outcomes, _ = runner._judge(
            "toy", Path("."), mutants, {}, 2, 60.0, {}, tmp_path, [], lambda line: None, baseline, 0.0
        )
        assert [o.mutant.id for o in outcomes] == sorted(m.id for m in mutants)
        assert {o.verdict for o in outcomes} == {"killed"}
