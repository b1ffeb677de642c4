"""A badly behaved engine gives a named failure, is restarted, and leaves no process behind.

Each fake in examples/broken/fake_engine.py serves the toy game and breaks one
way; the client (casebook.transports.stdio, wrapped by the verifying side) must turn each
into a ``DriverFailure`` whose cause names it, then carry on with a fresh process.
"""

from __future__ import annotations

import time

import pytest

from casebook.conformance.validating import ValidatingImplementation
from casebook.errors import DriverFailure
from casebook.protocol import Table
from casebook.transports.stdio import StdioImplementation
from tests.conformance.helpers import TOY_SCHEMA, alive, descendants, fake_argv

CASES = [
    # fault, method it hits, the cause the failure must name
    ("crash", "apply", "crashed"),
    ("hang", "legal", "timeout"),
    ("garbage", "state", "not_json"),
    ("bad-state", "state", "schema_violation"),
    ("out-of-protocol", "legal", "out_of_protocol"),
    ("bad-legal", "legal", "out_of_protocol"),
    ("leak", "view", "view_leak"),
]


def deal(table: Table) -> None:
    table.apply("chance", {"type": "deal", "to": "A", "card": 1})


def touch(table: Table, method: str) -> None:
    {"apply": deal, "legal": Table.legal, "state": Table.state, "view": lambda t: t.view("A")}[method](table)


@pytest.fixture
def spawned():
    """Processes this test starts: those alive before (e.g. the session's engine under --impl) do not count."""
    before = set(descendants())
    return lambda: sorted(set(descendants()) - before)


@pytest.mark.parametrize("fault, method, cause", CASES, ids=[c[0] for c in CASES])
def test_a_broken_answer_is_a_named_failure_then_the_engine_restarts(
    fault, method, cause, tmp_path, monkeypatch, spawned
):
    monkeypatch.setenv("FAKE_CHILD_PIDFILE", str(tmp_path / "child.pid"))
    stdio = StdioImplementation(fake_argv(fault, on=method, every=2), timeout=1.0)
    impl = ValidatingImplementation(stdio, schemas={"toy": TOY_SCHEMA})
    try:
        table = Table.new(impl, "toy", {})
        touch(table, method)  # the first call behaves
        first = stdio.proc.pid
        started = time.monotonic()
        with pytest.raises(DriverFailure) as failure:
            touch(table, method)
        assert failure.value.cause == cause, failure.value
        assert time.monotonic() - started < 5, "a hang must end at the per-call timeout"
        if cause in ("crashed", "timeout", "not_json", "out_of_protocol") and fault != "bad-legal":
            assert not alive(first), "the failed engine process must be gone"
            assert stdio.restarts == 1
        # The run goes on: a fresh table works (on a fresh process where the old one died).
        again = Table.new(impl, "toy", {})
        assert again.legal()["to_act"] == ["chance"]
    finally:
        impl.shutdown()
    if fault == "hang":
        child = int((tmp_path / "child.pid").read_text())
        assert not alive(child), "the hung engine's child process was orphaned"
    assert spawned() == [], "an engine process outlived the run"


def test_an_engine_speaking_another_protocol_version_is_refused_by_name(spawned):
    stdio = StdioImplementation(fake_argv("wrong-protocol"), timeout=5)
    try:
        with pytest.raises(DriverFailure) as failure:
            stdio.hello()
        assert failure.value.cause == "protocol_version"
    finally:
        stdio.shutdown()
    assert spawned() == []


def test_an_engine_that_cannot_start_is_a_named_failure(spawned):
    stdio = StdioImplementation(["sh", "-c", "echo booting; exit 7"], timeout=5)
    with pytest.raises(DriverFailure) as failure:
        stdio.hello()
    assert failure.value.cause in ("not_json", "crashed")
    stdio.shutdown()
    assert spawned() == []
