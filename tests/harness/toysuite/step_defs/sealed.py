"""Steps of the sealed toy (simultaneous sealed choices)."""

import re

from pytest_bdd import given, parsers, scenarios, then, when

from casebook.protocol import leaks
from casebook.properties.random_play import attempt

scenarios("sealed")


def names(text: str) -> list[str]:
    return [n for n in re.split(r",\s*|\s+and\s+", text) if n]


@given(parsers.parse("a game of sealed for {players}"), target_fixture="table")
def game(open_table, players):
    return open_table({"players": names(players)})


@when(parsers.parse("{player} chooses {card:d}"), target_fixture="outcome")
def choose(table, player, card):
    return attempt(table, player, {"type": "choose", "card": card})


@then(parsers.parse("{players} must choose"))
def must_choose(table, players):
    assert table.legal()["to_act"] == sorted(names(players))


@then(parsers.parse("{viewer} sees that {player} has chosen"))
def sees_chosen(table, viewer, player):
    assert player in table.view(viewer)["chosen"]


@then(parsers.parse("only {player} sees {owner}'s card"))
def only_owner_sees(table, player, owner):
    card = table.state()["private"][owner]["choice"]
    assert table.view(player)["private"][owner]["choice"] == card
    for viewer in [p for p in table.state()["players"] if p != owner] + [None]:
        seen = table.view(viewer)
        assert owner not in seen["private"] and leaks(seen, viewer) == []


@then(parsers.parse("the cards revealed are {cards}"))
def revealed(outcome, cards):
    event = next(e for e in outcome.events if e["type"] == "revealed")
    assert [f"{c['player']} {c['card']}" for c in event["cards"]] == names(cards)


@then(parsers.parse("{player} has scored {points:d}"))
def scored(table, player, points):
    assert table.view(None)["score"][player] == points
