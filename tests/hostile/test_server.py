"""``casebook serve`` answers every bad line with a JSON-RPC 2.0 error and goes on serving its tables.

The corpus is tests/hostile/bad_lines.py.  Each line is sent between two good
requests on a table opened before it: the table must still answer after it.
"""

from __future__ import annotations

import io
import json
import subprocess
import sys

import pytest

from casebook.serve.stdio import Server
from tests.harness.toy import make
from tests.hostile.bad_lines import BAD_PARAMS, CORPUS, INVALID_REQUEST, NO_REPLY, REFUSED, request

TOY = "python:tests.harness.toy:make"
MAX_ANSWER = 3000  # bytes of an error answer: a bad value is quoted in a few dozen characters, never whole


def exchange(server: Server, *lines: bytes) -> list[dict]:
    out = io.BytesIO()
    server.serve(io.BytesIO(b"".join(line.rstrip(b"\n") + b"\n" for line in lines)), out)
    answers = out.getvalue().splitlines()
    for answer in answers:
        assert len(answer) < MAX_ANSWER or b'"result"' in answer, (
            f"a {len(answer)}-byte answer echoes too much: {answer[:200]!r}"
        )
        assert b"\x1b" not in answer
    return [json.loads(a) for a in answers]


def check(answer: dict, expected: tuple) -> None:
    code, rid = expected
    assert set(answer) == {"jsonrpc", "id", "error"} and answer["jsonrpc"] == "2.0", answer
    assert answer["error"]["code"] == code, answer
    assert answer["id"] == rid and type(answer["id"]) is type(rid), answer
    assert isinstance(answer["error"]["message"], str) and answer["error"]["message"]
    if code in (BAD_PARAMS, REFUSED):  # typed: the client rebuilds the protocol's error from data.code
        assert answer["error"]["data"]["code"] in ("bad_request", "unsupported"), answer


@pytest.mark.parametrize("name, line, expected", CORPUS, ids=[c[0] for c in CORPUS])
def test_a_bad_line_is_answered_and_the_table_lives_on(name, line, expected):
    server = Server(make())
    before = request("new", {"game": "toy", "options": {}}, rid=100)
    after = request("state", {"table": "1"}, rid=101)
    answers = exchange(server, before, line, after)
    assert answers[0]["result"] == {"table": "1"}
    assert answers[-1]["id"] == 101 and answers[-1]["result"]["game"] == "toy", answers[-1]
    middle = answers[1:-1]
    if expected == NO_REPLY:
        assert middle == [], f"a notification was answered: {middle}"
    else:
        assert len(middle) == 1, middle
        check(middle[0], expected)


def test_the_whole_corpus_through_casebook_serve_in_one_process():
    lines = [request("new", {"game": "toy", "options": {}}, rid="first")]
    expected = [c[2] for c in CORPUS]
    lines += [c[1] for c in CORPUS] + [request("state", {"table": "1"}, rid="last")]
    proc = subprocess.run(
        [sys.executable, "-m", "casebook.cli", "serve", "--impl", TOY],
        input=b"".join(line.rstrip(b"\n") + b"\n" for line in lines),
        capture_output=True,
        timeout=120,
    )
    assert proc.returncode == 0 and b"Traceback" not in proc.stderr, proc.stderr.decode(errors="replace")[-2000:]
    answers = [json.loads(a) for a in proc.stdout.splitlines()]
    assert (
        answers[0]["result"] == {"table": "1"}
        and answers[-1]["id"] == "last"
        and answers[-1]["result"]["game"] == "toy"
    )
    replied = [e for e in expected if e != NO_REPLY]
    assert len(answers[1:-1]) == len(replied)
    for answer, want in zip(answers[1:-1], replied):
        check(answer, want)


def test_a_line_over_the_limit_is_skipped_without_being_kept():
    server = Server(make(), max_line=1000)
    answers = exchange(
        server,
        request("new", {"game": "toy", "options": {}}),
        b'{"x":"' + b"y" * 50_000 + b'"}',
        request("state", {"table": "1"}, rid=2),
    )
    assert answers[1]["error"]["code"] == INVALID_REQUEST and answers[1]["id"] is None
    assert "50009 bytes" in answers[1]["error"]["message"]
    assert answers[2]["result"]["game"] == "toy"


def test_casebook_serve_takes_a_line_limit():
    lines = b'{"x":"' + b"y" * 3_000_000 + b'"}\n' + request() + b"\n"
    proc = subprocess.run(
        [sys.executable, "-m", "casebook.cli", "serve", "--impl", TOY, "--max-line", "100000"],
        input=lines,
        capture_output=True,
        timeout=60,
    )
    first, second = [json.loads(a) for a in proc.stdout.splitlines()]
    assert first["error"]["code"] == INVALID_REQUEST and "at most 100000" in first["error"]["message"]
    assert second["result"]["name"]


def test_a_notification_is_carried_out_though_never_answered():
    server = Server(make())
    answers = exchange(
        server,
        request("new", {"game": "toy", "options": {}}),
        b'{"jsonrpc":"2.0","method":"close","params":{"table":"1"}}',
        request("state", {"table": "1"}, rid=2),
    )
    assert len(answers) == 2
    assert answers[1]["error"]["data"]["code"] == "bad_request"  # the notification closed the table


def test_an_engine_answer_that_is_not_json_is_an_internal_error():
    class Odd:
        def hello(self):
            return {"nan": float("nan")}

    answers = exchange(Server(Odd()), request())
    assert answers[0]["error"]["data"]["code"] == "internal_error"


class Clock:
    def __init__(self):
        self.now = 0.0

    def __call__(self):
        return self.now


def test_a_table_cap_refuses_new_tables_with_a_typed_error_until_one_closes():
    server = Server(make(), max_tables=2)
    new = request("new", {"game": "toy", "options": {}})
    answers = exchange(server, new, new, new, request("close", {"table": "1"}), new)
    assert [a.get("result") for a in answers[:2]] == [{"table": "1"}, {"table": "2"}]
    assert answers[2]["error"]["data"]["code"] == "table_limit"
    assert answers[4]["result"] == {"table": "3"}


def test_idle_tables_are_closed_and_a_late_call_says_so():
    clock = Clock()
    impl = make()
    server = Server(impl, idle=60, clock=clock)
    exchange(server, request("new", {"game": "toy", "options": {}}), request("new", {"game": "toy", "options": {}}))
    clock.now = 50
    exchange(server, request("legal", {"table": "2"}))  # table 2 is used, table 1 is not
    clock.now = 100
    answers = exchange(server, request("state", {"table": "1"}), request("state", {"table": "2"}))
    assert answers[0]["error"]["data"]["code"] == "bad_request" and "without a call" in answers[0]["error"]["message"]
    assert answers[1]["result"]["game"] == "toy"
    assert list(impl.tables) == ["2"], "the idle table must be closed in the implementation too"


def test_the_client_rebuilds_a_typed_error_from_a_bad_params_answer():
    from casebook.errors import BadRequest, TableLimit, error_from_json

    answer = Server(make()).handle(request("view", {"table": "1", "player": 3}))
    assert isinstance(error_from_json(answer["error"]["data"]), BadRequest)
    assert isinstance(error_from_json({"code": "table_limit", "message": "full"}), TableLimit)
