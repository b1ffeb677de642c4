"""Every command that takes --impl takes ws://: the toy games served by ``casebook serve --listen`` on a free port.

verify judges them as over stdio (every toy clause and both property tests
pass); hello and describe print what the server answers; a wrong address is
one line.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.harness.listening import casebook_listen

HERE = Path(__file__).resolve().parent
TOYS = "python:tests.harness.toys:make"


def run_cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "casebook.cli", *args],
        capture_output=True,
        text=True,
        timeout=600,
        cwd=HERE.parent.parent,
    )


@pytest.fixture(scope="module")
def toys():
    with casebook_listen(TOYS) as (address, _):
        yield address


@pytest.mark.slow
def test_verify_reports_every_toy_clause_over_websocket(tmp_path, toys):
    run = run_cli(
        "verify",
        "--impl",
        toys,
        "--suite",
        str(HERE / "toysuite"),
        "--out",
        str(tmp_path),
        "--no-progress",
        "--name",
        "toys",
    )
    assert run.returncode == 0, run.stdout + run.stderr
    report = json.loads((tmp_path / "conformance" / "toys.json").read_text())
    assert report["totals"]["passed"] == 8 and report["totals"]["failed"] == 0, report["totals"]
    assert sorted((p["game"], p["status"]) for p in report["properties"]) == [
        ("hourglass", "passed"),
        ("sealed", "passed"),
    ]
    assert report["implementation"]["spec"] == toys


def test_hello_and_describe_print_what_the_server_answers(toys):
    hello = run_cli("hello", "--impl", toys)
    assert hello.returncode == 0 and set(json.loads(hello.stdout)["games"]) == {"hourglass", "sealed"}, hello.stderr
    described = run_cli("describe", "--impl", toys, "--game", "sealed")
    assert described.returncode == 0 and json.loads(described.stdout)["game"] == "sealed", described.stderr


def test_an_address_where_nobody_listens_is_one_line_not_a_traceback():
    import socket

    with socket.create_server(("127.0.0.1", 0)) as probe:
        port = probe.getsockname()[1]
    run = run_cli("hello", "--impl", f"ws://127.0.0.1:{port}/")
    assert run.returncode == 2 and "cannot_start" in run.stderr and "Traceback" not in run.stderr, run.stderr


def test_a_ws_spec_without_a_host_is_refused_by_name():
    run = run_cli("hello", "--impl", "ws://")
    assert run.returncode == 2 and "needs a host and port" in run.stderr, run.stderr
