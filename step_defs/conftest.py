"""Steps every game shares.  Game steps live in step_defs/<game>.py, visible only there.

The generic steps that need a game's phrases (act, try, may, cannot, facts) are
built by step_defs/vocabulary.py and installed by each game module.  Here:
refusals and their error, the game's end and result, events.

    When Peter tries to <action>            (installed per game: target_fixture="outcome")
    Then the action is rejected as not_your_turn
    And the game is exactly as it was
"""

import json

import pytest
from pytest_bdd import parsers, then, when

from step_defs.vocabulary import Position, acted


@pytest.fixture
def position(implementation, open_table, game_id) -> Position:
    return Position(implementation, open_table, game_id)


@when(parsers.re(r"(?P<actor>.+?) tries to send (?P<payload>\{.*\})"), target_fixture="outcome")
def send_raw(position, actor, payload):
    """A raw request, for refusals of what no phrase can say (a malformed action)."""
    return acted(position, actor, json.loads(payload), trying=True)


@then(parsers.parse("the action is rejected as {code:w}"))
def rejected_as(outcome, code):
    assert outcome.error is not None, f"expected a refusal ({code}), but it was accepted: {outcome}"
    assert outcome.error.code == code, f"expected {code}, got {outcome}"
    assert outcome.error.message, "a refusal must say why"


@then("the action is accepted")
def accepted(outcome):
    assert outcome.error is None, f"expected acceptance, got {outcome}"


@then("the game is exactly as it was")
def unchanged(position, outcome):
    assert position.table.state() == outcome.before, "a refused action changed the state"


@then(parsers.parse("the request is refused as {code:w}"))
def request_refused(refusal, code):
    assert refusal is not None, "the request was accepted"
    assert refusal.code == code, f"expected {code}, got {refusal.code}: {refusal.message}"


@then("the game is over")
def game_over(position):
    assert position.table.legal() == {"to_act": [], "moves": []}


@then(parsers.re(r"the game is (?P<result>(?!over$)\w+)"))
def game_result(position, result):
    """The outcome's result (a word of the game's schema), and nothing left to do."""
    state = position.table.state()
    assert state["outcome"] is not None and state["outcome"]["result"] == result, state["outcome"]
    assert position.table.legal() == {"to_act": [], "moves": []}


@then(parsers.parse("{n:d} events were reported"))
def events_reported(outcome, n):
    assert len(outcome.events) == n, outcome.events


@then(parsers.parse('an event "{kind}" was reported'))
def event_reported(outcome, kind):
    assert any(e["type"] == kind for e in outcome.events), outcome.events
