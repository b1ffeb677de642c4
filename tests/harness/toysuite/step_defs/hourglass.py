"""Steps of the hourglass toy (timers)."""

from pytest_bdd import given, parsers, scenarios, then, when

from casebook.protocol import CLOCK, expire
from casebook.properties.random_play import attempt

scenarios("hourglass")


@given("a game of hourglass", target_fixture="table")
def game(open_table):
    return open_table({})


@given("a game of hourglass with the turn timer off", target_fixture="table")
def game_without_timer(open_table):
    return open_table({"turn_timer": None})


@when(parsers.parse("the clock ends the {timer} timer"), target_fixture="outcome")
def clock_ends(table, timer):
    return attempt(table, CLOCK, expire(timer)["action"])


@when(parsers.parse("{player} {verb}s"), target_fixture="outcome")
def player_acts(table, player, verb):
    return attempt(table, player, {"type": verb})


@then(parsers.parse("the clock may end the {timer} timer"))
def clock_may_end(table, timer):
    assert expire(timer) in table.legal()["moves"]


@then("the clock has no move")
def clock_idle(table):
    assert CLOCK not in table.legal()["to_act"]


@then(parsers.parse("it is {player}'s turn"))
def turn_of(table, player):
    assert table.legal()["to_act"] == sorted({player, *([CLOCK] if table.state()["timers"] else [])})


@then(parsers.re(r"(?P<player>\w+) has (?P<count>\d+) marks?"))
def marks(table, player, count):
    assert table.view(None)["marks"][player] == int(count)
