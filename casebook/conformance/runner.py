"""``casebook verify``: run the feature suite and the property tests against an implementation.

The suite is the ordinary pytest run (step_defs/<game>.py, tests/<game>/),
pointed at the implementation through a validating wrapper (see
``validating``), with a plugin of our own that draws a progress bar, keeps
each scenario's verdict with its clause ids, and names the cause of a
failure (``crashed: …``, ``timeout: …``, ``schema_violation: …``).
Afterwards the results fold into the conformance report (``report``).
"""

from __future__ import annotations

import fnmatch
import json
import os
import sys
import time
from pathlib import Path

import pytest

from casebook.pytest_command import pytest_args
from casebook import settings
from casebook.names import terminal
from casebook.atomic import replacing, write_text
from casebook.conformance.suite import shipped_root
from casebook.pytest.plugin import INVARIANT_KEY, ITEM_KEY, MESSAGE_KEY, item_info
from casebook.verdicts import UNSUPPORTED, failure_message, invariant_of

ROOT = shipped_root()  # the suite Casebook carries: the wheel's packaged copy, else this checkout (see suite.py)
WRAPPED_SPEC = "python:casebook.conformance.validating:implementation"


class VerifyPlugin:
    """Collects verdicts per scenario, filters by clause, shows progress."""

    def __init__(
        self,
        clause_patterns: list[str] | None = None,
        progress: bool = True,
        label: str = "verify",
        deadline: float | None = None,
    ):
        self.patterns = clause_patterns or []
        self.deadline = deadline  # time.monotonic() after which no further test starts
        self.stopped = ""  # why the run stopped early, if it did
        self._session = None
        self.show_progress = progress
        self.label = label
        self.info: dict[str, dict] = {}  # nodeid -> what the report needs
        self.results: dict[str, dict] = {}
        self.errors: list[str] = []  # collection errors: a broken suite, not a verdict
        self._failed_step: dict[str, str] = {}
        self._progress = None
        self._task = None
        self._counts = {"passed": 0, "failed": 0, "unsupported": 0}

    # -- collection ---------------------------------------------------------------
    def pytest_collection_modifyitems(self, session, config, items):
        keep = []
        for item in items:
            info = item_info(item)
            if not self._selected(info):
                continue
            self.info[item.nodeid] = info
            keep.append(item)
        if len(keep) != len(items):
            config.hook.pytest_deselected(items=[i for i in items if i.nodeid not in self.info])
            items[:] = keep

    def _selected(self, info: dict) -> bool:
        return not self.patterns or any(fnmatch.fnmatchcase(c, p) for c in info["clauses"] for p in self.patterns)

    @pytest.hookimpl(optionalhook=True)
    def pytest_xdist_node_collection_finished(self, node, ids):
        """Under pytest -n the workers collect: the first to finish tells the progress bar the total."""
        if self._progress is None and self.show_progress:
            self._start_progress(len(ids))

    def pytest_collectreport(self, report):
        if report.failed:
            self.errors.append(f"{report.nodeid}: {str(report.longrepr)[-2000:]}")

    def pytest_collection_finish(self, session):
        self._session = session
        if self.show_progress and session.items:
            self._start_progress(len(session.items))

    def _start_progress(self, total: int) -> None:
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

        self._progress = Progress(
            TextColumn("{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            console=Console(stderr=True),
            transient=False,
        )
        self._progress.start()
        self._task = self._progress.add_task(terminal(self.label), total=total)

    # -- verdicts -----------------------------------------------------------------
    def pytest_bdd_step_error(self, request, feature, scenario, step, step_func, step_func_args, exception):
        self._failed_step[request.node.nodeid] = f"{step.keyword} {step.name}"

    def pytest_runtest_makereport(self, item, call):
        if call.excinfo is not None and item.nodeid in self.info and call.when in ("setup", "call", "teardown"):
            if not call.excinfo.errisinstance(pytest.skip.Exception):
                current = self.results.get(item.nodeid)
                if current is None or current["status"] != "failed":
                    self.results[item.nodeid] = {
                        "status": "failed",
                        "message": failure_message(call.excinfo.value, self._failed_step.get(item.nodeid)),
                        "invariant": invariant_of(call.excinfo.value),
                    }

    def pytest_runtest_logreport(self, report):
        if report.nodeid not in self.info:  # under pytest -n, the worker sends what collection would have kept
            carried = getattr(report, ITEM_KEY, None)
            if carried is None or not self._selected(carried):
                return
            self.info[report.nodeid] = carried
        if report.skipped and report.when in ("setup", "call"):
            reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(report.longrepr)
            reason = reason.removeprefix("Skipped: ")
            status = "unsupported" if reason.startswith(UNSUPPORTED) else "skipped"
            self.results[report.nodeid] = {"status": status, "message": reason}
        elif report.failed:
            message = getattr(report, MESSAGE_KEY, None) or str(report.longrepr)[-500:]
            self.results.setdefault(
                report.nodeid,
                {"status": "failed", "message": message, "invariant": getattr(report, INVARIANT_KEY, None)},
            )
            self.results[report.nodeid]["status"] = "failed"
        elif report.passed and report.when == "call":
            self.results.setdefault(report.nodeid, {"status": "passed", "message": ""})

    def pytest_runtest_logfinish(self, nodeid, location):
        if (
            self.deadline is not None
            and time.monotonic() >= self.deadline
            and self._session is not None
            and not self.stopped
        ):
            # The stdio client already refuses calls past the deadline; this stops the tests that
            # would each fail at once, so the remaining ones are reported as not run.
            self.stopped = "the run's overall deadline passed (--deadline); the remaining tests were not run"
            self._session.shouldstop = self.stopped
        status = self.results.get(nodeid, {}).get("status", "not_run")
        if status in self._counts:
            self._counts[status] += 1
        if self._progress is not None:
            info = self.info.get(nodeid, {})
            c = self._counts
            self._progress.update(
                self._task,
                advance=1,
                description=(
                    f"{terminal(self.label)} [green]{c['passed']}✔[/green] [red]{c['failed']}✘[/red] "
                    f"[yellow]{c['unsupported']}∅[/yellow] "
                    f"{terminal(info.get('game', ''))}: {terminal(info.get('feature', info.get('name', ''))[:30])}"
                ),
            )

    def pytest_sessionfinish(self, session):
        if self._progress is not None:
            self._progress.stop()

    # -- for the report -----------------------------------------------------------
    def scenario_results(self) -> list[dict]:
        out = []
        for nodeid, info in self.info.items():
            if info["kind"] != "scenario":
                continue
            result = self.results.get(nodeid, {"status": "not_run", "message": ""})
            out.append(
                {
                    "nodeid": nodeid,
                    "clauses": info["clauses"],
                    "needs": info.get("needs", []),
                    "game": info["game"],
                    "name": info["name"],
                    **result,
                }
            )
        return out

    def property_results(self) -> list[dict]:
        out = []
        for nodeid, info in self.info.items():
            if info["kind"] != "property":
                continue
            result = dict(self.results.get(nodeid, {"status": "not_run", "message": ""}))
            if result["status"] == "skipped":
                result["status"] = "not_run"
            out.append({"name": nodeid, "game": info["game"], **result})
        return out


def suite_paths(root: Path, games: list[str], properties: bool) -> list[str]:
    paths = []
    for game in games:
        steps = root / "step_defs" / f"{game}.py"
        if steps.exists():
            paths.append(str(steps))
        tests = root / "tests" / game
        if properties and tests.is_dir():
            paths.append(str(tests))
    return paths


def run_suite(
    spec: str,
    games: list[str],
    *,
    root: Path = ROOT,
    out: Path,
    name: str,
    timeout: float,
    properties: bool = True,
    offered: set[str] | None = None,
    clauses: list[str] | None = None,
    progress: bool = True,
    verbose: bool = False,
    cucumber: Path | None = None,
    extra_args: list[str] | None = None,
    deadline: float | None = None,
    workers: str | None = None,
) -> tuple[int, VerifyPlugin, float]:
    """Run pytest in this process against ``spec`` (wrapped); return its exit code, the plugin, seconds.

    ``deadline``: seconds the whole run may take.  Every engine call waits at most
    until then (the stdio client reads it from ``CASEBOOK_DEADLINE``), and no test
    starts after it, so a run against an engine answering each call just under
    the timeout still ends.

    ``workers`` (a number or ``auto``) spreads the tests over pytest-xdist workers, each with its
    own engine; a ``--clause`` selection runs in this process (the workers would not select).
    """
    scenario_games = games
    property_games = [g for g in games if offered is None or g in offered]
    paths = suite_paths(root, scenario_games, False) + [
        p for p in suite_paths(root, property_games, properties) if "/tests/" in p
    ]
    plugin = VerifyPlugin(
        clauses,
        progress=progress and not verbose,
        label=name,
        deadline=time.monotonic() + deadline if deadline else None,
    )
    ends_at = time.time() + deadline if deadline else None  # the same instant, for the stdio client
    if not paths:
        return 5, plugin, 0.0
    (out / "conformance").mkdir(parents=True, exist_ok=True)
    junit = out / "conformance" / f"{name}.junit.xml"
    args = pytest_args(
        root,
        *paths,
        f"--impl-timeout={timeout}",
        f"--junitxml={junit}",
        f"--cucumberjson={cucumber or (out / 'cucumber.json')}",
        "-o",
        "verbosity_assertions=2",  # pytest's whole assertion diff in the message, never "use -v to see more"
        impl=WRAPPED_SPEC,
    )
    args += ["-v"] if verbose else ["-p", "no:terminal"]
    if workers and workers != "0" and not clauses:
        args += ["-n", str(workers)]
    args += extra_args or []
    saved = {s.name: os.environ.get(s.name) for s in (settings.VERIFY_IMPL, settings.VERIFY_TIMEOUT, settings.DEADLINE)}
    os.environ[settings.VERIFY_IMPL.name], os.environ[settings.VERIFY_TIMEOUT.name] = spec, str(timeout)
    if ends_at is not None:
        os.environ[settings.DEADLINE.name] = str(ends_at)
    if str(root) not in sys.path:
        sys.path.insert(0, str(root))  # step_defs and tests import as packages of the repo
    started = time.perf_counter()
    try:
        code = pytest.main(args, plugins=[plugin])
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
    label_junit(junit, plugin.info)
    return int(code), plugin, time.perf_counter() - started


def junit_address(nodeid: str) -> tuple[str, str]:
    """(classname, name) of a test in pytest's JUnit XML, as pytest derives them from the node id."""
    path, bracket, params = nodeid.partition("[")
    names = path.split("::")
    names[0] = names[0].replace("/", ".").removesuffix(".py")
    names[-1] += bracket + params
    return ".".join(names[:-1]), names[-1]


def label_junit(path: Path, info: dict[str, dict]) -> None:
    """Each scenario's JUnit test case named by its clause ids first (``CD-SET-01 test_three_cards``),
    as a CI shows it."""
    import xml.etree.ElementTree as ET

    if not path.exists():
        return
    labels = {junit_address(nodeid): " ".join(i["clauses"]) for nodeid, i in info.items() if i.get("clauses")}
    tree = ET.parse(path)
    for case in tree.iter("testcase"):
        label = labels.get((case.get("classname", ""), case.get("name", "")))
        if label:
            case.set("name", f"{label} {case.get('name')}")
    with replacing(path, "wb") as f:
        tree.write(f, encoding="utf-8", xml_declaration=True)


def merge_cucumber(partial: Path, into: Path) -> Path:
    """Fold a partial run's Cucumber JSON into the whole: the examples it ran replace theirs, the rest stay.

    Examples are matched by feature file and line (the rows of an outline share
    theirs, and run together).  If ``into`` is not Cucumber JSON it is left as it
    is and the partial run is kept beside it, where the docs read it too
    (``cucumber-partial.json``).  Returns where the partial run's results are.
    """
    if not partial.exists():  # nothing ran, nothing written
        return into
    fresh = json.loads(partial.read_text(encoding="utf-8") or "[]")
    try:
        whole = json.loads(into.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        whole = None
    if not isinstance(whole, list) or not all(isinstance(f, dict) for f in whole):
        beside = into.with_name(f"{into.stem}-partial.json")
        os.replace(partial, beside)
        return beside
    features = {f.get("uri"): f for f in whole}
    for feature in fresh:
        old = features.get(feature.get("uri"))
        if old is None:
            whole.append(feature)
            continue
        ran = {e.get("line") for e in feature.get("elements", [])}
        kept = [e for e in old.get("elements", []) if e.get("line") not in ran]
        old["elements"] = sorted(kept + feature.get("elements", []), key=lambda e: e.get("line", 0))
    write_text(into, json.dumps(whole, indent=1, ensure_ascii=False))
    partial.unlink()
    return into
