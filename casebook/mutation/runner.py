"""Every mutant of a game against the game's scenarios and property tests; results/mutation/<game>.json.

Each mutant runs in a process of its own (a fork of a worker that collected the game's tests once: worker.py), on
several workers at once, each stopped after a time limit: 3x the whole run on the engine as it is, and 3x each
test's own seconds (plus 10): a rule change that loops through ever new positions is stopped in seconds, as a
timeout (one that stands still, a set-up card never laid, fails at once: the kit refuses a move that changes
nothing).  All of the game's scenarios run against every mutant, then its property tests, stopping at the first
failure (``-x``): a selection by the clauses a mutant cites could miss a kill (a row's change shows in other
clauses' examples), so none is made.  The engine as it is runs first (or, given a time limit, beside the first
mutants): a suite that fails without any mutant judges nothing.

The result (``casebook-mutation/1``, read by casebook/site/mutation.py) names the features it was computed from
(their digest, as conformance reports name them), so the site shows it only while those features stand.
"""

from __future__ import annotations

import hashlib
import json
import os
import queue
import select
import signal
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

from casebook.pytest_command import pytest_args
from casebook import settings
from casebook.atomic import write_text
from casebook.mutation.tables import OPERATORS, Mutant, engine_folder, generate

FORMAT = "casebook-mutation/1"
VERDICTS = ("killed", "survived", "timeout", "equivalent")
EQUIVALENTS = "equivalent-mutants.yml"  # beside the engine it speaks of: statemachines/<game>/

# What runs against each mutant, besides the game's scenarios (step_defs/<game>.py): its property tests of the
# default run (-m "not slow"); where a game's random play is only in its long run, that run with fewer games (the
# count the tests themselves use over other drivers), so that every game is judged by random play too.
PROPERTY_RUNS = {
    "heist": ([], {settings.HEIST_GAMES.name: "16"}),
    "small_detectives": ([], {settings.SD_GAMES.name: "12"}),
}
DEFAULT_PROPERTY_RUN = (["-m", "not slow"], {})
LIMIT_TIMES = 3  # a mutant, and each of its tests, may run this many times as long as on the engine as it is
TEST_SLACK = 10.0  # seconds each test may take beyond that (a test of a tenth of a second, on a busy machine)
BASELINE_LIMIT = 1800.0  # the engine as it is, run beside the mutants: a --timeout for mutants is not its limit


class CannotRun(RuntimeError):
    """The run cannot judge anything: an unknown game, or a suite that fails on the engine as it is."""


@dataclass
class Outcome:
    mutant: Mutant
    verdict: str
    killed_by: str | None = None
    reason: str | None = None
    seconds: float = 0.0


@dataclass
class GameRun:
    game: str
    outcomes: list[Outcome]
    seconds: float
    baseline_seconds: float
    path: Path | None
    warnings: list[str] = field(default_factory=list)

    def count(self, verdict: str) -> int:
        return sum(o.verdict == verdict for o in self.outcomes)


def read_equivalents(game: str) -> dict[str, str]:
    """statemachines/<game>/equivalent-mutants.yml: {mutant id: why no example can tell it from the engine}."""
    import yaml

    path = engine_folder(game) / EQUIVALENTS
    if not path.is_file():
        return {}
    data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    if not isinstance(data, dict) or not all(
        isinstance(k, str) and isinstance(v, str) and v.strip() for k, v in data.items()
    ):
        raise CannotRun(f"{path}: expected {{mutant id: the reason it is equivalent}}")
    return {k: " ".join(v.split()) for k, v in data.items()}


def sample(mutants: list[Mutant], n: int) -> list[Mutant]:
    """``n`` mutants, the same ones every time:
    the operators in turn, each's mutants in the order of their ids' hash."""
    groups = {
        op: sorted((m for m in mutants if m.operator == op), key=lambda m: hashlib.sha256(m.id.encode()).hexdigest())
        for op in OPERATORS
    }
    chosen: list[Mutant] = []
    while len(chosen) < min(n, len(mutants)):
        for op in OPERATORS:
            if groups[op] and len(chosen) < n:
                chosen.append(groups[op].pop(0))
    return chosen


def game_run(root: Path, game: str) -> tuple[list[str], dict]:
    """pytest's arguments and the environment of a run of ``game``'s scenarios and property tests."""
    extra, env = PROPERTY_RUNS.get(game, DEFAULT_PROPERTY_RUN)
    targets = [str(root / "step_defs" / f"{game}.py")]
    if (root / "tests" / game).is_dir():
        targets.append(str(root / "tests" / game))
    return pytest_args(root, *targets, "-x", "-p", "no:terminal", *extra), env


class Worker:
    """One worker process (worker.py): it collects the game's tests once, then judges one job at a time."""

    def __init__(self, game: str, root: Path, scratch: Path, label: str, select: list[str] | None = None):
        args, env = game_run(root, game)
        spec = scratch / f"{label}.worker.json"
        spec.write_text(json.dumps({"game": game, "root": str(root), "args": args + (select or []), "env": env}))
        self.scratch, self.label, self.jobs_done, self.last_answer = scratch, label, 0, {}
        jobs_in, self._jobs = os.pipe()
        self._answers, answers_out = os.pipe()
        with open(scratch / f"{label}.log", "wb") as log:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "casebook.mutation.worker", str(spec), str(jobs_in), str(answers_out)],
                cwd=root,
                stdout=log,
                stderr=subprocess.STDOUT,
                pass_fds=(jobs_in, answers_out),
                start_new_session=True,
            )  # its own process group: stopped whole, copies included
        os.close(jobs_in)
        os.close(answers_out)
        with _LOCK:
            _LIVE.add(self.proc)

    def judge(self, recipe: dict | None, timeout: float, budgets: dict | None = None) -> tuple[str, str | None, float]:
        """(verdict, killed_by or why not judged, seconds) of one mutant (``recipe`` None: the engine as it is);
        ``budgets``: seconds per test, past which the mutant is stopped as a timeout.  The answer: ``last_answer``."""
        self.jobs_done += 1
        result = self.scratch / f"{self.label}-{self.jobs_done}.result.json"
        started = time.perf_counter()
        job = {"recipe": recipe, "timeout": timeout, "budgets": budgets or {}, "result": str(result)}
        try:
            os.write(self._jobs, (json.dumps(job) + "\n").encode())
        except OSError as exc:
            return "error", f"the worker is gone ({exc}): {self.log_tail()}", 0.0
        answer = b""
        while not answer.endswith(b"\n"):  # one line per job; the first job waits for the collection too
            ready, _, _ = select.select([self._answers], [], [], timeout + COLLECTION_SECONDS)
            chunk = os.read(self._answers, 65536) if ready else b""
            if not chunk:
                self.close()
                return "error", f"the worker did not answer: {self.log_tail()}", time.perf_counter() - started
            answer += chunk
        seconds = time.perf_counter() - started
        done = self.last_answer = json.loads(answer)
        verdict = {"passed": "survived", "failed": "killed", "timeout": "timeout"}.get(done["status"], "error")
        if verdict == "timeout":
            why = (
                f"{done['test']} ran over {done['budget']:.0f} s"
                if done.get("test")
                else f"the run ran over {timeout:.0f} s"
            )
            return verdict, why, seconds
        return verdict, done.get("killed_by") or done.get("error"), seconds

    def log_tail(self) -> str:
        return (self.scratch / f"{self.label}.log").read_text(errors="replace")[-300:].strip()

    def close(self) -> None:
        for fd in (self._jobs, self._answers):
            try:
                os.close(fd)
            except OSError:
                pass
        try:
            self.proc.wait(timeout=10)  # no more jobs: pytest ends
        except subprocess.TimeoutExpired:
            _kill(self.proc)
        with _LOCK:
            _LIVE.discard(self.proc)


COLLECTION_SECONDS = (
    300  # beyond a job's own limit, what a worker may take to collect the tests before its first answer
)


def run_one(
    game: str,
    root: Path,
    recipe: dict | None,
    timeout: float,
    scratch: Path,
    label: str,
    select: list[str] | None = None,
) -> tuple[str, str | None, float]:
    """(verdict, killed_by, seconds) of one mutant (``recipe`` None: the engine as it is) in a worker of its own;
    ``select``: pytest arguments narrowing the run (the tests of this package name the scenario that must notice)."""
    worker = Worker(game, root, scratch, label, select)
    try:
        return worker.judge(recipe, timeout)
    finally:
        worker.close()


_LIVE: set = set()  # the workers running now: stopped with the run, whatever stops it
_LOCK = threading.Lock()


def _kill(proc) -> None:
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    proc.wait()


def stop_all() -> None:
    with _LOCK:
        live = list(_LIVE)
    for proc in live:
        _kill(proc)


def features_digest(root: Path) -> str:
    from casebook.conformance.suite import digest, suite_files

    return digest(root, suite_files(root)["features"])


def clause_table(outcomes: list[dict]) -> dict[str, dict[str, int]]:
    table: dict[str, dict[str, int]] = {}
    for m in outcomes:
        for clause in m["clauses"]:
            row = table.setdefault(clause, {"tried": 0, **dict.fromkeys(VERDICTS, 0)})
            row["tried"] += 1
            row[m["verdict"]] += 1
    return dict(sorted(table.items()))


def write_result(path: Path, game: str, root: Path, outcomes: list[Outcome], keep_ids: set[str]) -> dict:
    """Write the result; mutants of an earlier result for the same features and Casebook that this run did not try
    (a --clause or --sample run) are kept, so a partial run refines the whole instead of replacing it."""
    from casebook import __version__

    digest = features_digest(root)
    entries = {
        o.mutant.id: {
            "id": o.mutant.id,
            "operator": o.mutant.operator,
            "clauses": list(o.mutant.clauses),
            "change": o.mutant.change,
            "verdict": o.verdict,
            "killed_by": o.killed_by,
            "reason": o.reason,
            "seconds": round(o.seconds, 2),
        }
        for o in outcomes
        if o.verdict in VERDICTS
    }
    try:
        old = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        old = None
    if (
        isinstance(old, dict)
        and old.get("format") == FORMAT
        and old.get("features") == digest
        and old.get("casebook") == __version__
    ):
        for m in old.get("mutants", []):
            if isinstance(m, dict) and m.get("id") in keep_ids and m["id"] not in entries:
                entries[m["id"]] = m
    mutants = sorted(entries.values(), key=lambda m: m["id"])
    data = {
        "format": FORMAT,
        "game": game,
        "casebook": __version__,
        "features": digest,
        "mutants": mutants,
        "clauses": clause_table(mutants),
    }
    path.parent.mkdir(parents=True, exist_ok=True)
    write_text(path, json.dumps(data, indent=1, ensure_ascii=False) + "\n")
    return data


def run_game(
    game: str,
    root: Path,
    *,
    clause: str | None = None,
    sample_size: int | None = None,
    jobs: int = 1,
    timeout: float | None = None,
    out: Path | None = None,
    hand: bool = True,
    say=print,
) -> GameRun:
    """Run ``game``'s mutants (those citing ``clause``; a deterministic sample of ``sample_size`` not marked equivalent)
    and write ``out/<game>.json`` (``out`` None: write nothing)."""
    from casebook.conformance.suite import games

    if game not in games(root):
        raise CannotRun(f"no game {game!r}; the games are {games(root)}")
    started = time.perf_counter()
    every = generate(game, root, hand=hand)
    equivalent = read_equivalents(game)
    warnings = [f"{game}: {EQUIVALENTS} names no mutant {i}" for i in sorted(set(equivalent) - {m.id for m in every})]
    mutants = [m for m in every if clause is None or clause in m.clauses]
    if sample_size is not None:
        mutants = sample([m for m in mutants if m.id not in equivalent], sample_size)
    with tempfile.TemporaryDirectory(prefix=f"casebook-mutate-{game}-") as tmp:
        try:
            if (
                timeout is None
            ):  # the limits follow from the engine as it is, the whole run's and each test's: run it first
                first = Worker(game, root, Path(tmp), "engine-as-it-is")
                try:
                    verdict, failed, base = first.judge(None, BASELINE_LIMIT)
                finally:
                    first.close()
                _check_baseline(game, verdict, failed)
                limit, baseline = max(60.0, LIMIT_TIMES * base), False
                budgets = {
                    test: LIMIT_TIMES * s + TEST_SLACK for test, s in first.last_answer.get("durations", {}).items()
                }
            else:  # a limit given: the engine as it is runs beside the first mutants (the run fails if it fails)
                limit, base, baseline, budgets = timeout, 0.0, True, {}
            say(
                f"{game}: {len(mutants)} mutants of {len(every)}, {jobs} at a time, {limit:.0f} s each at most"
                + (f" (the engine as it is: {base:.1f} s)" if base else "")
            )
            outcomes, base = _judge(
                game, root, mutants, equivalent, jobs, limit, budgets, Path(tmp), warnings, say, baseline, base
            )
        finally:  # however the run ends (an interrupt too), no mutant's process outlives it
            stop_all()
    path = None
    if out is not None:
        path = out / f"{game}.json"
        write_result(path, game, root, outcomes, {m.id for m in every})
    return GameRun(game, outcomes, time.perf_counter() - started, base, path, warnings)


def _check_baseline(game: str, verdict: str, failed: str | None) -> None:
    if verdict != "survived":
        raise CannotRun(
            f"{game}: the suite fails on the engine as it is ({verdict}: {failed}): it cannot judge a mutant"
        )


def _judge(
    game: str,
    root: Path,
    mutants: list[Mutant],
    equivalent: dict[str, str],
    jobs: int,
    limit: float,
    budgets: dict,
    scratch: Path,
    warnings: list[str],
    say,
    baseline: bool,
    base: float,
) -> tuple[list[Outcome], float]:
    """Every mutant (and with ``baseline`` the engine as it is, first), on ``jobs`` workers, each verdict said as it
    comes; the outcomes in id order and the engine's own seconds."""
    todo: queue.Queue = queue.Queue()
    for m in ([None] if baseline else []) + list(mutants):
        todo.put(m)
    answers: queue.Queue = queue.Queue()

    def work(k: int) -> None:
        worker = Worker(game, root, scratch, f"worker{k}")
        try:
            while True:
                try:
                    m = todo.get_nowait()
                except queue.Empty:
                    return
                if worker.proc.poll() is not None:  # the last job took the worker down: a fresh one for the next
                    worker.close()
                    worker = Worker(game, root, scratch, f"worker{k}-{m.id if m else 'engine'}".replace("/", "_"))
                if m is None:  # the engine as it is cannot loop (the suite passes on it): only a generous limit
                    answers.put((m, *worker.judge(None, max(limit, BASELINE_LIMIT))))
                else:
                    answers.put((m, *worker.judge(m.recipe, limit, budgets)))
        except BaseException as exc:  # noqa: BLE001 - said by the main thread, never lost
            answers.put((False, "error", repr(exc), 0.0))
        finally:
            worker.close()

    expected = todo.qsize()  # read before any worker takes a job (read after, a run once lost a mutant's verdict)
    threads = [threading.Thread(target=work, args=(k,), daemon=True) for k in range(min(jobs, expected) or 1)]
    for t in threads:
        t.start()
    outcomes: list[Outcome] = []
    try:
        for _ in range(expected):
            m, verdict, killed_by, seconds = answers.get()
            if m is False:
                raise CannotRun(f"{game}: a worker failed: {killed_by}")
            if m is None:
                _check_baseline(game, verdict, killed_by)
                base = seconds
                continue
            o = _outcome(m, verdict, killed_by, seconds, equivalent, warnings)
            outcomes.append(o)
            detail = {
                "killed": o.killed_by,
                "survived": m.change,
                "equivalent": o.reason,
                "error": o.reason,
                "timeout": f"stopped: {killed_by}",
            }[o.verdict]
            say(
                f"[{len(outcomes)}/{len(mutants)}] {o.verdict if o.verdict != 'error' else 'not judged':<10} {m.id} "
                f"({seconds:.1f} s): {detail}"
            )
    finally:
        while not todo.empty():  # stopped early: no worker takes another job
            try:
                todo.get_nowait()
            except queue.Empty:
                break
        stop_all()
        for t in threads:
            t.join(timeout=30)
    return sorted(outcomes, key=lambda o: o.mutant.id), base


def _outcome(
    m: Mutant, verdict: str, killed_by: str | None, seconds: float, equivalent: dict[str, str], warnings: list[str]
) -> Outcome:
    if verdict == "error":  # not judged: said, never counted
        warnings.append(f"{m.id} could not be judged: {killed_by}")
        return Outcome(m, verdict, None, killed_by, seconds)
    if m.id in equivalent:
        if verdict == "survived":
            return Outcome(m, "equivalent", None, equivalent[m.id], seconds)
        if verdict == "killed":
            warnings.append(f"{m.id} is marked equivalent but {killed_by} noticed it: remove the mark")
    if verdict == "timeout":  # what ran over, as the reason: nothing killed it
        return Outcome(m, verdict, None, killed_by, seconds)
    return Outcome(m, verdict, killed_by, None, seconds)
