"""A long engine call keeps no other connection of ``casebook serve --listen`` waiting.

The server runs each engine call off its event loop, a connection's calls in their order.  Two connections to a
served engine whose ``new`` takes as long as asked (a planted slow call): while one waits for its slow call, the other
is answered.  An engine that does not say its tables may be called at once (``concurrent_tables``) has its calls
take turns, as it always had; the server still answers meanwhile what needs no engine call (a bad request).
"""

from __future__ import annotations

import json
import time

from websockets.sync.client import connect

from tests.harness.listening import casebook_listen
from tests.harness.toy import make as make_toy
from tests.hostile.bad_lines import request

SLOW = 3.0  # seconds the planted call takes
SPEC = "python:tests.hostile.test_slow_engine_call:"


class SlowWhenAsked:
    """The toy engine, but ``new`` with ``{"seconds": s}`` among its options answers only after ``s`` seconds."""

    concurrent_tables = True  # its tables share nothing: calls on two of them may run at once

    def __init__(self):
        self.inner = make_toy()

    def new(self, game: str, options: dict) -> str:
        time.sleep(options.get("seconds", 0))
        return self.inner.new(game, {k: v for k, v in options.items() if k != "seconds"})

    def __getattr__(self, name):
        return getattr(self.inner, name)


class SlowTakingTurns(SlowWhenAsked):
    concurrent_tables = False


def concurrent():
    return SlowWhenAsked()


def taking_turns():
    return SlowTakingTurns()


def new(seconds: float = 0, rid: int = 1) -> str:
    return request("new", {"game": "toy", "options": {"seconds": seconds}}, rid=rid).decode()


def while_one_waits(factory: str, line: str) -> tuple[float, dict, float]:
    """(how long ``line`` took on a second connection while the first waited for a slow ``new``, its answer, how long
    the slow call took)."""
    with casebook_listen(SPEC + factory) as (address, _):
        with connect(address, open_timeout=20) as slow, connect(address, open_timeout=20) as other:
            started = time.monotonic()
            slow.send(new(SLOW))
            time.sleep(0.3)  # the slow call has begun
            asked = time.monotonic()
            other.send(line)
            answer = json.loads(other.recv(timeout=30))
            waited = time.monotonic() - asked
            assert "result" in json.loads(slow.recv(timeout=30))
            return waited, answer, time.monotonic() - started


def test_a_slow_engine_call_keeps_no_other_connection_waiting():
    """Measured before the calls left the loop: the other connection's new waited 2.7 s of the 3 s call."""
    waited, answer, slow = while_one_waits("concurrent", new())
    assert "result" in answer, answer
    assert waited < SLOW / 3 and slow >= SLOW, (waited, slow)


def test_an_engine_not_declared_concurrent_takes_turns_but_the_server_answers_meanwhile():
    waited, answer, _ = while_one_waits("taking_turns", "not json")
    assert answer["error"]["code"] == -32700 and waited < SLOW / 3, (waited, answer)  # no engine call: answered now
    waited, answer, _ = while_one_waits("taking_turns", new())
    assert "result" in answer and waited > SLOW / 2, (waited, answer)  # an engine call: after the slow one
