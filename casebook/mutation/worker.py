"""One mutant's run, in a process of its own: ``python -m casebook.mutation.worker RECIPE.json RESULT.json``.

RECIPE.json: ``{"game", "root", "recipe" (null: the engine as it is), "args" (pytest's), "env"}``.  The mutant is
applied as the game is imported (patch.py), then pytest runs in this process with ``-x`` against the reference
in process.  RESULT.json: ``{"status": "failed", "killed_by"}`` (the first test that failed, or the mutated engine's
import error), ``{"status": "passed"}``, or ``{"status": "error", "error"}``: nothing was judged (the recipe does not
fit the engine, pytest could not run).  Only a failure the mutant caused is a kill.
"""

from __future__ import annotations

import json
import os
import sys
import traceback
from pathlib import Path


class FirstFailure:
    """A pytest plugin: the id of the first test that failed (in its set-up, call or tear-down), or what failed to collect."""

    def __init__(self):
        self.failed: str | None = None

    def pytest_runtest_logreport(self, report):
        if report.failed and self.failed is None:
            self.failed = report.nodeid

    def pytest_collectreport(self, report):
        if report.failed and self.failed is None:
            self.failed = f"collecting {report.nodeid or 'the tests'}"


def run(job: dict) -> dict:
    from hypothesis import settings

    from casebook.mutation.patch import MutantError, load_mutated

    # Hypothesis saves failing examples to replay them next time: a mutant's failures must not reach the real runs
    settings.register_profile("casebook-mutation", database=None)
    settings.load_profile("casebook-mutation")
    os.environ.update(job.get("env", {}))
    root = job["root"]
    if root not in sys.path:
        sys.path.insert(0, root)  # step_defs and tests import as packages of the suite
    if job.get("recipe") is not None:
        try:
            load_mutated(job["game"], job["recipe"])
        except MutantError as exc:
            return {"status": "error", "error": str(exc)}
        except Exception as exc:  # the mutated engine does not even import (rules.py checks its counts): noticed at once
            return {"status": "failed", "killed_by": f"import: {type(exc).__name__}: {exc}"[:300]}
    import pytest

    plugin = FirstFailure()
    code = int(pytest.main(job["args"], plugins=[plugin]))
    if code == 0:
        return {"status": "passed"}
    if plugin.failed and code in (1, 2):  # 2: interrupted, by a module that failed to collect
        return {"status": "failed", "killed_by": plugin.failed}
    return {"status": "error", "error": f"pytest exit code {code}"}


def main(argv: list[str]) -> int:
    job = json.loads(Path(argv[0]).read_text())
    try:
        result = run(job)
    except BaseException as exc:  # noqa: BLE001 - whatever happens is reported to the runner, never taken for a kill
        result = {"status": "error", "error": "".join(traceback.format_exception_only(exc)).strip()[:500]}
    Path(argv[1]).write_text(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
