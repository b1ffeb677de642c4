"""A long engine call keeps no other connection of ``casebook serve --listen`` waiting.

The server runs each engine call off its event loop, a connection's calls in their order.  Two connections to a
served engine whose ``new`` takes as long as asked (a planted slow call): while one waits for its slow call, the other
is answered.  An engine that does not say its tables may be called at once (``concurrent_tables``) has its calls
take turns, as it always had; the server still answers meanwhile what needs no engine call (a bad request).
"""

from __future__ import annotations

import json
import time
from pathlib import Path

from websockets.sync.client import connect

from tests.harness.listening import casebook_listen
from tests.harness.toy import make as make_toy
from tests.hostile.bad_lines import request

SLOW = 3.0  # seconds the planted call takes
SPEC = "python:tests.hostile.test_slow_engine_call:"


class SlowWhenAsked:
    """The toy engine, but ``new`` with ``{"seconds": s}`` among its options answers only after ``s`` seconds (and
    with ``{"begun": path}`` first writes that file, so that a test knows the slow call is under way)."""

    concurrent_tables = True  # its tables share nothing: calls on two of them may run at once

    def __init__(self):
        self.inner = make_toy()

    def new(self, game: str, options: dict) -> str:
        if options.get("begun"):
            Path(options["begun"]).touch()
        time.sleep(options.get("seconds", 0))
        return self.inner.new(game, {k: v for k, v in options.items() if k not in ("seconds", "begun")})

    def __getattr__(self, name):
        return getattr(self.inner, name)


class SlowTakingTurns(SlowWhenAsked):
    concurrent_tables = False


def concurrent():
    return SlowWhenAsked()


def taking_turns():
    return SlowTakingTurns()


def new(seconds: float = 0, rid: int = 1, begun: Path | None = None) -> str:
    options = {"seconds": seconds, **({"begun": str(begun)} if begun else {})}
    return request("new", {"game": "toy", "options": options}, rid=rid).decode()


def while_one_waits(factory: str, line: str, tmp_path: Path) -> tuple[float, dict, float]:
    """(how long ``line`` took on a second connection while the first waited for a slow ``new``, its answer, how long
    the slow call took)."""
    begun = tmp_path / f"{factory}-begun"
    begun.unlink(missing_ok=True)
    with casebook_listen(SPEC + factory) as (address, _):
        with connect(address, open_timeout=20) as slow, connect(address, open_timeout=20) as other:
            started = time.monotonic()
            slow.send(new(SLOW, begun=begun))
            deadline = started + 20
            while (
                not begun.exists()
            ):  # the slow call is under way (a fixed sleep could lose the race on a busy machine)
                assert time.monotonic() < deadline, "the slow call never began"
                time.sleep(0.01)
            asked = time.monotonic()
            other.send(line)
            answer = json.loads(other.recv(timeout=30))
            waited = time.monotonic() - asked
            assert "result" in json.loads(slow.recv(timeout=30))
            return waited, answer, time.monotonic() - started


def test_a_slow_engine_call_keeps_no_other_connection_waiting(tmp_path):
    """Measured before the calls left the loop: the other connection's new waited 2.7 s of the 3 s call."""
    waited, answer, slow = while_one_waits("concurrent", new(), tmp_path)
    assert "result" in answer, answer
    assert waited < SLOW / 3 and slow >= SLOW, (waited, slow)


def test_an_engine_not_declared_concurrent_takes_turns_but_the_server_answers_meanwhile(tmp_path):
    waited, answer, _ = while_one_waits("taking_turns", "not json", tmp_path)
    assert answer["error"]["code"] == -32700 and waited < SLOW / 3, (waited, answer)  # no engine call: answered now
    waited, answer, _ = while_one_waits("taking_turns", new(), tmp_path)
    assert "result" in answer and waited > SLOW / 2, (waited, answer)  # an engine call: after the slow one
