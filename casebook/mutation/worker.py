"""The process that judges mutants: ``python -m casebook.mutation.worker SPEC.json JOBS_FD ANSWERS_FD``.

SPEC.json: ``{"game", "root", "args" (pytest's), "env"}``.  The worker runs pytest in process over the game's tests
and, once they are collected (the feature files parsed, the step definitions bound: most of a run's cost), forks a
copy of the collected session for each job read from JOBS_FD, one JSON line ``{"recipe" (null: the engine as it is),
"timeout", "budgets" ({test id: seconds}, optional), "result" (a file)}``.  The copy forgets the game's modules and
the implementation the collection opened, imports the game with the mutant applied (patch.py), runs the tests with
``-x`` against the reference in process, and writes its result; the worker answers each job with one line on
ANSWERS_FD, after at most ``timeout`` seconds (then it kills the copy):

    {"status": "failed", "killed_by"}   the first test that failed, or the mutated engine's import error: a kill
    {"status": "passed", "durations"}   every test passed: the mutant survived
                                        (the engine as it is: each test's seconds)
    {"status": "timeout", "test"}       the whole run, or one test, ran over its budget (a rule change that loops)
    {"status": "error", "error"}        nothing was judged (the recipe does not fit the engine, the tests did not
                                        collect, the copy died): said, never taken for a kill
"""

from __future__ import annotations

import json
import os
import signal
import sys
import time
import traceback
from pathlib import Path


class FirstFailure:
    """A pytest plugin: the id of the first test that failed (in its set-up, call or tear-down),
    or what failed to collect."""

    def __init__(self):
        self.failed: str | None = None
        self.durations: dict[str, float] = {}

    def pytest_runtest_logreport(self, report):
        if report.failed and self.failed is None:
            self.failed = report.nodeid
        self.durations[report.nodeid] = self.durations.get(report.nodeid, 0.0) + report.duration

    def pytest_collectreport(self, report):
        if report.failed and self.failed is None:
            self.failed = f"collecting {report.nodeid or 'the tests'}"


class ForkServer:
    """A pytest plugin that runs no test itself: after the collection it judges each job in a fork of the session."""

    def __init__(self, game: str, jobs, answers):
        self.game, self.jobs, self.answers = game, jobs, answers
        self.first = FirstFailure()
        self.served = False

    def pytest_runtestloop(self, session):
        self.served = True
        broken = f"the tests did not collect: {self.first.failed}" if session.testsfailed else None
        for line in self.jobs:
            job = json.loads(line)
            answer = {"status": "error", "error": broken} if broken else self.judge(session, job)
            self.answers.write(json.dumps(answer) + "\n")
            self.answers.flush()
        return True  # the session's own loop does not run

    def judge(self, session, job: dict) -> dict:
        pid = os.fork()
        if pid == 0:  # the copy: judge, write, and leave without running any of pytest's exit code
            try:
                result = self.run_copy(session, job)
            except BaseException as exc:  # noqa: BLE001 - reported, never taken for a kill
                result = {"status": "error", "error": "".join(traceback.format_exception_only(exc)).strip()[:500]}
            try:
                Path(job["result"]).write_text(json.dumps(result))
            finally:
                os._exit(0)
        deadline = time.monotonic() + job["timeout"]
        while True:
            done, status = os.waitpid(pid, os.WNOHANG)
            if done:
                break
            if time.monotonic() > deadline:
                os.kill(
                    pid, signal.SIGKILL
                )  # (the copy stays in the worker's process group: stopping the worker stops it)
                os.waitpid(pid, 0)
                return {"status": "timeout"}
            time.sleep(0.02)
        try:
            return json.loads(Path(job["result"]).read_text())
        except (OSError, ValueError):
            return {"status": "error", "error": f"the copy ended (wait status {status}) without a result"}

    def run_copy(self, session, job: dict) -> dict:
        from casebook.mutation.patch import MutantError, load_mutated
        from casebook.mutation.tables import reference_package
        from casebook.pytest.plugin import forget_implementation

        package = f"{reference_package()}.{self.game}"
        for name in [m for m in sys.modules if m == package or m.startswith(package + ".")]:
            del sys.modules[name]  # the collection imported the engine as it is
        forget_implementation(session.config)  # the first test opens it again: the mutant
        if job.get("recipe") is not None:
            try:
                load_mutated(self.game, job["recipe"])
            except MutantError as exc:
                return {"status": "error", "error": str(exc)}
            except (
                Exception
            ) as exc:  # the mutated engine does not even import (rules.py checks its counts): noticed at once
                return {"status": "failed", "killed_by": f"import: {type(exc).__name__}: {exc}"[:300]}
        items, budgets = session.items, job.get("budgets") or {}
        for i, item in enumerate(items):  # pytest's own loop (_pytest.main.pytest_runtestloop), -x included
            if item.nodeid in budgets:  # a test that runs far longer than on the engine as it is: the rule change loops
                signal.signal(signal.SIGALRM, lambda *_, test=item.nodeid: self.ran_over(job, test, budgets[test]))
                signal.setitimer(signal.ITIMER_REAL, budgets[item.nodeid])
            item.config.hook.pytest_runtest_protocol(item=item, nextitem=items[i + 1] if i + 1 < len(items) else None)
            signal.setitimer(signal.ITIMER_REAL, 0)
            if session.shouldfail or session.shouldstop:
                break
        if not session.testsfailed:
            if not items:
                return {"status": "error", "error": "no test was selected"}
            return {"status": "passed", "durations": self.first.durations}
        return {"status": "failed", "killed_by": self.first.failed or "a test failed"}

    @staticmethod
    def ran_over(job: dict, test: str, budget: float) -> None:
        """SIGALRM in the copy: the test ran over its budget; the copy says so and ends at once."""
        Path(job["result"]).write_text(json.dumps({"status": "timeout", "test": test, "budget": budget}))
        os._exit(0)


def serve(spec: dict, jobs, answers) -> None:
    from hypothesis import settings

    # Hypothesis saves failing examples to replay them next time: a mutant's failures must not reach the real runs
    settings.register_profile("casebook-mutation", database=None)
    settings.load_profile("casebook-mutation")
    os.environ.update(spec.get("env", {}))
    if spec["root"] not in sys.path:
        sys.path.insert(0, spec["root"])  # step_defs and tests import as packages of the suite
    import pytest

    server = ForkServer(spec["game"], jobs, answers)
    code = pytest.main(spec["args"], plugins=[server, server.first])
    if not server.served:  # pytest stopped before its loop (a usage error): every job is answered, none judged
        for _ in jobs:
            answers.write(
                json.dumps({"status": "error", "error": f"pytest ended before running (exit code {int(code)})"}) + "\n"
            )
            answers.flush()


def main(argv: list[str]) -> int:
    spec = json.loads(Path(argv[0]).read_text())
    with os.fdopen(int(argv[1])) as jobs, os.fdopen(int(argv[2]), "w") as answers:
        serve(spec, jobs, answers)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
