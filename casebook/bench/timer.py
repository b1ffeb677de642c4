"""The benchmark's pytest plugin (``-p casebook.bench.timer``, casebook/bench/suite.py): each passed test's own time
(set-up, call, tear-down), unrounded (JUnit XML keeps milliseconds, too coarse for an empty scenario), and each
scenario's number of steps, written as JSON to the file ``CASEBOOK_BENCH_TIMES`` names when the session ends."""

import json

from casebook.settings import BENCH_TIMES

times: dict[str, float] = {}
steps: dict[str, int] = {}
failed: set[str] = set()


def pytest_runtest_logreport(report):
    times[report.nodeid] = times.get(report.nodeid, 0.0) + report.duration
    if report.failed or report.skipped:
        failed.add(report.nodeid)


def pytest_bdd_before_step(request):
    steps[request.node.nodeid] = steps.get(request.node.nodeid, 0) + 1


def pytest_sessionfinish(session):
    with open(BENCH_TIMES.get(), "w") as f:
        json.dump({"times": {k: v for k, v in times.items() if k not in failed}, "steps": steps}, f)
