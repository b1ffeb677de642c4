"""Steps every game shares.  Game steps live in step_defs/<game>.py, visible only there.

Vocabulary for refusals, used by every game the same way:

    When Peter tries to <something>          (game step: target_fixture="outcome", via casebook.testing.attempt)
    Then the action is rejected as not_your_turn
    And the game is exactly as it was
"""

from pytest_bdd import parsers, then


@then(parsers.parse("the action is rejected as {code:w}"))
def rejected_as(outcome, code):
    assert outcome.error is not None, f"expected a refusal ({code}), but it was accepted: {outcome}"
    assert outcome.error.code == code, f"expected {code}, got {outcome}"
    assert outcome.error.message, "a refusal must say why"


@then("the action is accepted")
def accepted(outcome):
    assert outcome.error is None, f"expected acceptance, got {outcome}"


@then("the game is exactly as it was")
def unchanged(table, outcome):
    assert table.state() == outcome.before, "a refused action changed the state"
