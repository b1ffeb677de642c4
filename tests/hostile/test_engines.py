"""The stdio client always finishes against a hostile engine, names the fault, and leaves no process behind.

The engines are examples/broken/fake_engine.py serving the toy game, each
breaking one way.  Timeouts here are short: no test waits out a long one.
Every call runs under ``within``, so a regression shows as a failure, not as
a suite that never ends.
"""

from __future__ import annotations

import json
import subprocess
import sys
import threading
import time

import pytest

from casebook import settings
from casebook.errors import DriverFailure
from casebook.protocol import Table
from casebook.transports.stdio import StdioImplementation
from tests.conformance.helpers import alive, descendants, fake_argv

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="process checks read /proc")


def within(seconds: float, call):
    """``call()``'s result or exception, failing the test if it takes longer than ``seconds``."""
    box: dict = {}

    def run():
        try:
            box["value"] = call()
        except BaseException as exc:  # handed to the test thread
            box["error"] = exc

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    if thread.is_alive():
        pytest.fail(f"still running after {seconds} s: the client hangs")
    if "error" in box:
        raise box["error"]
    return box["value"]


def failure(seconds: float, call) -> DriverFailure:
    with pytest.raises(DriverFailure) as caught:
        within(seconds, call)
    return caught.value


def pids(path) -> list[int]:
    return [int(n) for n in path.read_text().split()] if path.exists() else []


def gone(pid_list: list[int], wait: float = 2.0) -> bool:
    end = time.monotonic() + wait
    while any(alive(p) for p in pid_list) and time.monotonic() < end:
        time.sleep(0.05)
    return not any(alive(p) for p in pid_list)


@pytest.fixture
def spawned():
    before = set(descendants())
    return lambda: sorted(set(descendants()) - before)


@pytest.fixture
def children(tmp_path, monkeypatch):
    """The file where fake engines write the pids of the processes they start."""
    path = tmp_path / "children"
    monkeypatch.setenv("FAKE_CHILD_PIDFILE", str(path))
    return path


def engine(fault: str, on: str, timeout: float = 1.0, **kw) -> StdioImplementation:
    return StdioImplementation(fake_argv(fault, on=on), timeout=timeout, **kw)


# -- children that leave the process group --------------------------------------------
def test_a_child_that_calls_setsid_and_keeps_stdout_open_does_not_hang_the_client(children, spawned):
    stdio = engine("setsid-child", "legal")
    table = within(20, lambda: Table.new(stdio, "toy", {}))
    fault = failure(10, table.legal)
    assert fault.cause == "timeout"
    assert pids(children) and gone(pids(children)), "the child that called setsid() outlived the engine"
    assert within(20, lambda: Table.new(stdio, "toy", {}).state())["game"] == "toy"  # a fresh engine serves on
    within(10, stdio.shutdown)
    assert spawned() == []


def test_an_engine_that_exits_while_its_child_holds_stdout_fails_as_crashed(children, spawned):
    stdio = engine("setsid-exit", "legal", timeout=30.0)
    table = within(20, lambda: Table.new(stdio, "toy", {}))
    started = time.monotonic()
    fault = failure(40, table.legal)
    assert fault.cause == "crashed", fault
    assert time.monotonic() - started < 10, "an engine that exited is seen at once, not at the timeout"
    assert pids(children) and gone(pids(children))
    within(10, stdio.shutdown)
    assert spawned() == []


def test_children_that_call_setsid_are_reaped_at_shutdown(children, spawned):
    stdio = engine("orphans", "legal")
    within(20, lambda: Table.new(stdio, "toy", {}).legal())
    assert len(pids(children)) == 2 and not gone(pids(children), wait=0)
    within(10, stdio.shutdown)
    assert gone(pids(children)), "the engine's setsid() children were orphaned"
    assert spawned() == []


# -- bounded time ------------------------------------------------------------------------
def test_an_overall_deadline_ends_a_run_of_slow_answers(monkeypatch, spawned):
    monkeypatch.setenv("FAKE_SLOW", "0.4")
    stdio = engine("slow", "new", timeout=5.0, deadline=3)
    within(20, stdio.hello)
    started, causes = time.monotonic(), []
    for _ in range(40):  # 40 answers of 0.4 s would take 16 s; each is within the per-call timeout
        try:
            within(10, lambda: stdio.new("toy", {}))
        except DriverFailure as exc:
            causes.append(exc.cause)
    assert time.monotonic() - started < 10
    assert causes and set(causes) == {"deadline"}
    within(10, stdio.shutdown)
    assert spawned() == []


def test_the_deadline_comes_from_the_environment(monkeypatch):
    monkeypatch.setenv(settings.DEADLINE.name, str(time.time() - 1))
    stdio = StdioImplementation(fake_argv("slow", on="legal"), timeout=5.0)
    assert failure(5, stdio.hello).cause == "deadline"
    assert stdio.proc is None, "nothing is started once the deadline has passed"


def test_an_engine_that_stops_reading_is_a_timeout_not_a_hang(spawned):
    hello = json.dumps({"jsonrpc": "2.0", "id": 1, "result": {"name": "deaf", "protocol": "1.0", "games": {"toy": {}}}})
    script = f"import sys, time; sys.stdin.readline(); print({hello!r}, flush=True); time.sleep(600)"
    stdio = StdioImplementation([sys.executable, "-c", script], timeout=1.0)
    within(20, stdio.hello)
    fault = failure(10, lambda: stdio.load("toy", {"padding": "x" * 2_000_000}))  # more than a pipe holds
    assert fault.cause == "timeout"
    within(10, stdio.shutdown)
    assert spawned() == []


def test_a_command_that_does_not_exist_is_a_named_failure():
    stdio = StdioImplementation(["/nonexistent/engine", "--stdio"], timeout=1.0)
    assert failure(5, stdio.hello).cause == "cannot_start"


# -- bytes, sizes and shapes ------------------------------------------------------------------
@pytest.mark.parametrize(
    "fault, cause",
    [
        ("bad-utf8-stdout", "not_json"),
        ("nan", "not_json"),
        ("deep", "too_large"),
        ("huge-int", "too_large"),
        ("garbage", "not_json"),
    ],
)
def test_a_bad_answer_fails_fast_by_name(fault, cause, spawned):
    stdio = engine(fault, "state", timeout=30.0)
    table = within(40, lambda: Table.new(stdio, "toy", {}))
    started = time.monotonic()
    assert failure(40, table.state).cause == cause
    assert time.monotonic() - started < 10, "a bad answer fails at once, not at the timeout"
    within(10, stdio.shutdown)
    assert spawned() == []


def test_a_bad_answer_among_requests_in_flight_fails_each_of_them_and_the_engine_restarts(spawned):
    stdio = engine("garbage", "view", timeout=30.0)
    table = within(40, lambda: Table.new(stdio, "toy", {}))
    players = table.state()["players"]
    view, legal = table.send("view", players[0]), table.send("legal")  # both written before the garbage is read
    assert failure(40, legal.result).cause == "not_json", "the later answer's wait reads the garbage first"
    assert failure(5, view.result).cause == "not_json", "the request answered with garbage fails by the same name"
    assert within(40, lambda: Table.new(stdio, "toy", {}).legal())["to_act"], "the next call starts the engine afresh"
    assert stdio.restarts == 1
    within(10, stdio.shutdown)
    assert spawned() == []


def test_bytes_that_are_not_utf8_on_stderr_do_not_stop_the_engine(spawned):
    stdio = engine("bad-utf8-stderr", "legal", timeout=5.0)
    table = within(20, lambda: Table.new(stdio, "toy", {}))
    for _ in range(3):  # 3 MB of stderr: a reader that died would leave the engine blocked on a full pipe
        assert within(10, table.legal)["to_act"] == ["chance"]
    within(10, stdio.shutdown)
    assert spawned() == []


FLOOD = """
import resource, sys
from casebook.errors import DriverFailure
from casebook.transports.stdio import StdioImplementation
stdio = StdioImplementation(sys.argv[1:], timeout=20)
baseline = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
try:
    stdio.hello()
    print("no failure")
except DriverFailure as exc:
    print(exc.cause)
stdio.shutdown()
print((resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - baseline) // 1024)
"""


def test_a_line_of_1_5_gb_without_newline_is_too_large_in_bounded_memory():
    """The client's peak memory grows by less than 64 MB over a baseline taken in the same process just before,
    however much the engine writes: growth, not the process's total, so another suite beside it changes nothing."""
    argv = fake_argv("flood", on="hello")
    run = subprocess.run(
        [sys.executable, "-c", FLOOD, *argv],
        capture_output=True,
        text=True,
        timeout=120,
        env={**__import__("os").environ, "FAKE_FLOOD_BYTES": str(int(1.5e9))},
    )
    cause, megabytes = run.stdout.split()
    assert cause == "too_large", run.stdout + run.stderr
    assert int(megabytes) < 64, f"the client grew by {megabytes} MB while refusing the line"


@pytest.mark.parametrize(
    "fault, cause",
    [
        ("hello-games-string", "out_of_protocol"),
        ("hello-no-name", "out_of_protocol"),
        ("deep", "too_large"),
        ("huge-int", "too_large"),
        ("wrong-protocol", "protocol_version"),
    ],
)
def test_a_hostile_hello_is_a_named_failure(fault, cause, spawned):
    stdio = engine(fault, "hello", timeout=5.0)
    assert failure(20, stdio.hello).cause == cause
    assert stdio.proc is None
    within(10, stdio.shutdown)
    assert spawned() == []
