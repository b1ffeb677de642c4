"""Steps of Bulls and Cows (features/bulls_and_cows/).  They speak only the driver protocol."""

from __future__ import annotations

import json

from pytest_bdd import scenarios

from casebook import schemas
from step_defs.phrases import Fact, Types
from step_defs.vocabulary import install, played, starts

scenarios("bulls_and_cows")

GAME = "bulls_and_cows"
SCHEMA = schemas.load(GAME)
TYPES = Types(SCHEMA)


def code_of(state, player: str, code: str) -> None:
    state["private"][player]["code"] = code


def hidden_from(seen, viewer: str, owner: str) -> bool:
    code = seen["private"][owner]["code"]
    return code is not None and code not in json.dumps(seen.view(viewer))


ACTIONS = [("choose the code {code:w}", "choose_code"), ("guess {code:w}", "guess")]
CHANCE_MOVES: list = []  # no chance: every move is a player's
FACTS = [
    *starts(
        {"a game of {players:player+}": played("codes_set_down", "choosing"), "a new game of {players:player+}": None},
        lambda players: {"players": players},
    ),
    Fact(
        "{player:player}'s code is {code:w}",
        put=code_of,
        check=lambda seen, player, code: seen.view(player)["private"][player]["code"] == code,
    ),
    Fact("{viewer:player} cannot see {owner:player}'s code", check=hidden_from),
    Fact("it is {player:player}'s turn", check=lambda seen, player: seen.legal["to_act"] == [player]),
    Fact(
        "the answer is {bulls:d} bulls and {cows:d} cows",
        check=lambda seen, bulls, cows: (seen["guesses"][-1]["bulls"], seen["guesses"][-1]["cows"]) == (bulls, cows),
    ),
    Fact("the winners are {players:player+}", check=lambda seen, players: seen["outcome"]["winners"] == players),
]
install(TYPES, ACTIONS, CHANCE_MOVES, FACTS)
