"""Steps both toy games share; they speak only the driver protocol."""

from pytest_bdd import parsers, then

from casebook.properties.random_play import Outcome


@then(parsers.parse("the action is rejected as {code}"))
def rejected(outcome: Outcome, code):
    assert outcome.error is not None, f"accepted: {outcome}"
    assert outcome.error.code == code, outcome


@then("the game is exactly as it was")
def unchanged(outcome: Outcome, table):
    assert table.state() == outcome.before
