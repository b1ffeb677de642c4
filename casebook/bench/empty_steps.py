"""The step definitions of ``casebook bench``'s empty scenarios (copied beside them as test_empty.py): a Given, a
When and Thens that do nothing, so a session of them costs what pytest-bdd itself costs."""

from pytest_bdd import given, scenarios, then, when

scenarios("empty.feature")


@given("nothing")
def _given():
    pass


@when("nothing happens")
def _when():
    pass


@then("nothing changed")
def _then():
    pass
