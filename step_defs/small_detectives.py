"""Steps of Small Detectives (features/small_detectives/).  They speak only the driver protocol.

A scenario starts from a table set up through chance moves ("Given a game of
Red, Yellow and Green": the case, the houses and the deal, each time the
first outcome legal() lists, once per list of players) and shapes it with
facts that edit the canonical state, loaded when a When or Then needs it.
Names are the published schema's, unquoted; a leading "the" is dropped ("the
Knife" is the clue Knife, "the Bar" the tile Bar).
"""

from __future__ import annotations

import re

from pytest_bdd import parsers, scenarios, then, when

from casebook import schemas
from casebook.protocol import CHANCE, canonical, leaks, redact_events
from step_defs.components import Components
from step_defs.position import acted, viewers
from step_defs.hidden_information import (
    everybody_sees,
    hidden,
    knowers,
    shown_in_public,
    strings,
    told_in_public,
)
from step_defs.phrases import Fact, Types, phrases
from step_defs.vocabulary import install, shared, starts

scenarios("small_detectives")

GAME = "small_detectives"
SCHEMA = schemas.load(GAME)
TYPES = Types(SCHEMA, article="the ")
COLOURS, CLUES, CARDS = (schemas.names(SCHEMA, n) for n in ("player", "clue", "card"))
ORDER = {name: i for i, name in enumerate(CARDS + CLUES)}  # the schema's order: cards by number, clues by kind
ACTION_CARDS = Components(SCHEMA, "action card", names="card")  # where each may lie: the schema's inventory
HOUSE_TILES = Components(SCHEMA, "house tile", names="clue", sorted_at=())


# -- editing a position: the canonical state, protocol only --------------------------------------
def in_order(values) -> list[str]:
    return sorted(values, key=ORDER.get)


def lay_down(state, player: str, cards: list, slot: str, pins: set) -> None:
    """``player`` lays ``cards`` from hand: face down (slot "choice") or face up this round ("played")."""
    for card in cards:
        ACTION_CARDS.put(state, card, ("private", player, "hand"), pins)
        state["private"][player]["hand"].remove(card)
    if slot == "choice":
        state["private"][player]["choice"] = list(cards)
        state["chosen"] = [p for p in state["players"] if "choice" in state["private"][p]]
    else:
        state["played"][player] = list(cards)


def choose(state, player: str, rest: str, pins: set) -> None:
    """ "Yellow has chosen Foot Patrol 001, Green has chosen Dead End and ...", or "... then ..." with two players."""
    for who, cards in re.findall(
        r"(\w+) has chosen (.+?)(?=, \w+ has chosen | and \w+ has chosen |$)", f"{player} has chosen {rest}"
    ):
        lay_down(state, who, [TYPES.field("c", "card")[1](c) for c in cards.split(" then ")], "choice", pins)


def place(state, players: list, tile: str) -> None:
    for player in players:
        state["positions"][player] = tile
        state["police_line"] = [p for p in state["police_line"] if p != player] + ([player] if tile == "Police" else [])


def end_of_round(state, players: list, tile: str, pins: set) -> None:
    """The round's cards (those Givens played, or any) are turned over and have taken effect; ``players`` stand on
    ``tile``; its effect is next."""
    for p in [q for q in state["players"] if q not in state["out"]]:
        if not state["played"].get(p):
            lay_down(state, p, [next(c for c in state["private"][p]["hand"] if c not in pins)], "played", pins)
        if len(state["players"]) == 2 and "choice" not in state["private"][p]:  # the second card waits, face down
            lay_down(state, p, [next(c for c in state["private"][p]["hand"] if c not in pins)], "choice", pins)
    state.update(round=max(state["round"], 1), pair=1, to_resolve=[], shadow=None, street=[])
    place(state, players, tile)
    if state["phase"] != "bar":  # the Bar comes before the Police
        state["phase"], state["reporting"] = ("bar", []) if tile == "Bar" else ("police", list(state["police_line"]))


def out_of_the_game(state, player: str) -> None:
    mine = state["private"][player]
    state["secret"]["removed"] += mine["hand"] + mine.pop("choice", [])
    mine["hand"] = []
    state["out"].append(player)
    del state["positions"][player]
    state["police_line"] = [p for p in state["police_line"] if p != player]
    state["chosen"] = [p for p in state["chosen"] if p != player]


# -- reading a position --------------------------------------------------------------------------


def only_seen(st, players: list, clue: str) -> bool:
    seen_by = [p for p in st["players"] if clue in st.view(p)["private"][p]["seen"]]
    looks = [e for e in st.table.log if e["type"] == "looked" and clue in strings(e.get("private"))]
    told = {v for e in looks for v in e["private"] if clue in strings(e["private"][v])}  # each seat's copy, any key
    return (
        seen_by == [p for p in st["players"] if p in players]
        and told <= set(players)
        and not told_in_public(st, [clue])
    )


def only_shown_to(st, owner: str, secret: list) -> bool:
    """``secret`` shows in ``owner``'s view (or their events) and in nobody else's."""
    return knowers(st, secret) == {owner} and not shown_in_public(st, secret)


def unseen(st, values: list) -> bool:
    """No view leaks, and ``values`` show in the public part of no view nor event (a player may know one privately)."""
    return bool(values) and not any(leaks(st.view(v), v) for v in viewers(st)) and not shown_in_public(st, values)


def bar_kept_between(st, a: str, b: str) -> bool:
    for viewer in viewers(st):
        mine = (st.view(viewer)["private"].get(viewer) or {}).get("questions", [])
        if (any((q["asker"], q["asked"]) == (a, b) for q in mine)) != (viewer in (a, b)):
            return False
        if viewer not in (a, b) and any(
            e["type"] == "asked" and e.get("private") for e in redact_events(st.table.log, viewer)
        ):
            return False
    return True


def answer(st, asked: str, asker: str) -> str | None:
    asks = [
        e
        for e in redact_events(st.table.log, asker)
        if e["type"] == "asked" and (e["asker"], e["asked"]) == (asker, asked)
    ]
    return asks[-1]["private"][asker]["answer"] if asks else None


def events(st, kind: str) -> list:
    return [e for e in st.table.log if e["type"] == kind]


def out_count(st) -> int:
    return len(st["out_of_game"]) + len(st["secret"]["removed"])


# -- what the sentences mean: the checks, edits and actions longer than a short expression
def ask_about(player, clues):
    return {"type": "ask", "player": player, "clues": in_order(clues)}


def name_culprit_and_weapon(culprit, weapon):
    return {
        "type": "name",
        "culprit": culprit.removeprefix("the "),
        "weapon": weapon.removeprefix("the "),
    }


def stand_on(st, players, tile):
    return all(st.view(None)["positions"].get(p) == tile and p not in st["street"] for p in players)


def stands_on_the_street_facing(st, player, tile):
    return st.view(None)["positions"][player] == tile and player in st.view(None)["street"]


def hide_in_house(st, house, clue, pins):
    HOUSE_TILES.put(st, clue, ("secret", "houses", house), pins)


def hide_under_the_police(st, culprit, weapon, pins):
    for k, c in (("culprit", culprit), ("weapon", weapon)):
        HOUSE_TILES.put(st, c, ("secret", "police", k), pins)


def police_hides(st, culprit, weapon):
    return st["secret"]["police"] == {"culprit": culprit, "weapon": weapon}


def house_tiles_are(st, clues):
    return sorted([*st["secret"]["houses"].values(), *st["secret"]["police"].values()]) == sorted(clues)


def house_tiles_round_the_street_and_under_the_police(st, a, b):
    return (len(st["secret"]["houses"]), len(st["secret"]["police"])) == (a, b)


def give_cards(st, player, cards, pins):
    ACTION_CARDS.hold(st, player, cards, pins)


def holds(st, player, cards):
    return set(cards) <= set(st["private"][player]["hand"])


def have_played(st, player, rest, pins):
    for p, c in re.findall(r"(\w+) played (.+?)(?=, \w+ played | and \w+ played |$)", f"{player} played {rest}"):
        lay_down(st, p, [TYPES.field("c", "card")[1](c)], "played", pins)


def each_player_in_the_game_holds(st, n):
    return all(len(st["private"][p]["hand"]) == n for p in st["players"] if p not in st["out"])


def players_hold_between_them(st, cards):
    return sorted(c for p in st["players"] for c in st["private"][p]["hand"]) == sorted(cards)


def cards_out_of_the_game_are(st, cards):
    return sorted(st.view(None)["out_of_game"]) == sorted(cards)


def cards_revealed_are(st, cards):
    return sorted(c["card"] for e in events(st, "revealed") for c in e["cards"]) == sorted(cards)


def cards_revealed_together(st, cards):
    return cards in [[c["card"] for c in e["cards"]] for e in events(st, "revealed")]


def cards_take_effect_in_order(st, cards):
    return [e["card"] for e in events(st, "carried_out")] == cards


def detective_has_left_the_board(st, player):
    return player not in st.view(None)["positions"] and player not in st.view(None)["police_line"]


def round_begins(st, n):
    return (st.view(None)["round"], st.view(None)["phase"]) == (n, "choosing")


def round_still_played(st, n):
    return st.view(None)["round"] == n and st.view(None)["phase"] != "choosing"


def over_and_nobody_won(st):
    return st.view(None)["outcome"]["winner"] is None and not st.legal["moves"]


def over_and_won_by(st, player):
    return st.view(None)["outcome"]["winner"] == player and not st.legal["moves"]


def not_over(st):
    return st.view(None)["outcome"] is None and bool(st.legal["moves"])


def have_seen(st, player, clues):
    st["private"][player].update(seen=list(clues))


def has_seen(st, player, clues):
    return set(clues) <= set(st.view(player)["private"][player]["seen"])


def everyone_told_who_asked(st, a, b):
    return all(
        any(e["type"] == "asked" and (e["asker"], e["asked"]) == (a, b) for e in redact_events(st.table.log, v))
        for v in viewers(st)
    )


def every_view_shows_chosen(st, player):
    return all(player in st.view(v)["chosen"] for v in viewers(st))


def every_view_shows_the_police_case(st, culprit, weapon):
    return everybody_sees(st, "case", {"culprit": culprit, "weapon": weapon})


def only_owner_sees_the_choice(st, owner, x):
    return only_shown_to(st, owner, st["private"][x].get("choice", []))


def only_owner_sees_the_hand(st, owner, x):
    return only_shown_to(st, owner, st["private"][x]["hand"])


def only_owner_sees_the_report(st, owner, x):
    return only_shown_to(st, owner, [st["private"][x]["report"]["culprit"]])


def neither_shows_in_any_view(st, a, b):
    return hidden(st, [a, b]) and not shown_in_public(st, [a, b])


def next_house_tile_laid_on(st, house):
    return {m["action"]["house"] for m in st.legal["moves"]} == {house}


# -- the vocabulary -------------------------------------------------------------------------------
ACTIONS = [
    ("play {first:card} then {second:card}", lambda first, second: {"type": "play", "cards": [first, second]}),
    ("play {card:card}", lambda card: {"type": "play", "cards": [card]}),
    ("shadow {detective:player}", "shadow"),
    ("move {tiles:d} tile[s|]", "move"),
    ("go to {to:tile}", "go"),
    ("swap places with {with:player}", "swap_places"),
    ("swap houses with {with:house}", "swap_houses"),
    ("swap the cards of {a:player} and {b:player}", lambda a, b: {"type": "swap_cards", "of": [a, b]}),
    (
        "ask {player:player} about {clues:clue+}",
        ask_about,
    ),
    # any word may be named, so that a name the game does not know reaches the engine and is refused there
    (
        "name {culprit:text} and {weapon:text}",
        name_culprit_and_weapon,
    ),
    ("pass", "pass"),
]
CHANCE_MOVES = [
    ("chance hides {culprit:culprit} and {weapon:weapon} under the Police", "hide"),
    ("chance lays {clue:clue} on {house:house}", "lay"),
    ("chance deals {card:card}", "deal"),
]
MUST = [  # "Red must shadow Yellow, Green or Blue": exactly these moves ("or" read as "and")
    ("shadow {x:player+}", lambda x: [{"type": "shadow", "detective": d} for d in x]),
    ("move {x:d+} tiles", lambda x: [{"type": "move", "tiles": n} for n in x]),
    ("go to {x:tile+}", lambda x: [{"type": "go", "to": t} for t in x]),
    ("swap places with {x:player+}", lambda x: [{"type": "swap_places", "with": p} for p in x]),
    ("swap houses with {x:house+}", lambda x: [{"type": "swap_houses", "with": h} for h in x]),
]
KINDS = {  # "Red must <phrase>": every move of the players named is of this kind
    "choose a card": lambda a: a["type"] == "play" and len(a["cards"]) == 1,
    "choose two cards": lambda a: a["type"] == "play" and len(a["cards"]) == 2,
    "ask at the Bar": lambda a: a["type"] in ("ask", "pass"),
    "report at the Police": lambda a: a["type"] in ("name", "pass"),
    "swap the cards of two players": lambda a: a["type"] == "swap_cards",
    "act": lambda a: True,
}

FACTS = [
    # the board
    Fact(
        "{players:player+} [stand|stands|wait|waits] [on|at] {tile:tile}[, in that order|]",
        put=place,
        check=stand_on,
    ),
    Fact(
        "{player:player} stands on the street facing {tile:tile}",
        check=stands_on_the_street_facing,
    ),
    Fact(
        "the detectives stand, in seat order, on {tiles:tile+}",
        check=lambda st, tiles: [st["positions"][p] for p in st["players"]] == tiles,
    ),
    Fact(
        "the detectives at the Police are, in order, {players:player+}",
        check=lambda st, players: st.view(None)["police_line"] == players,
    ),
    Fact(
        "{house:house} hides {clue:clue}",
        put=hide_in_house,
        check=lambda st, house, clue: st["secret"]["houses"][house] == clue,
    ),
    Fact(
        "the Police hides {culprit:culprit} and {weapon:weapon}",
        put=hide_under_the_police,
        check=police_hides,
    ),
    Fact(
        "the house tiles are {clues:clue+}",
        check=house_tiles_are,
    ),
    Fact(
        "{a:d} house tiles lie round the street and {b:d} lie under the Police",
        check=house_tiles_round_the_street_and_under_the_police,
    ),
    Fact(
        "the Bar shows its {side:side} side",
        put=lambda st, side: st.update(bar=side),
        check=lambda st, side: st.view(None)["bar"] == side,
    ),
    # cards
    Fact(
        "{player:player} holds {cards:card+}",
        put=give_cards,
        check=holds,
    ),
    Fact("{player:player} has chosen {rest:text}", put=choose),
    Fact(
        "{player:player} played {rest:text}",
        put=have_played,
    ),
    Fact(
        "each player[ still in the game|] holds {n:d} cards",
        check=each_player_in_the_game_holds,
    ),
    Fact(
        "the players hold between them {cards:card+}",
        check=players_hold_between_them,
    ),
    Fact("{n:d} action cards are in play", check=lambda st, n: len(CARDS) - out_count(st) == n),
    Fact("{n:d} action cards are out of the game", check=lambda st, n: out_count(st) == n),
    Fact(
        "the cards out of the game are {cards:card+}",
        check=cards_out_of_the_game_are,
    ),
    Fact("{card:card} is out of the game", check=lambda st, card: card in st.view(None)["out_of_game"]),
    Fact(
        "the cards revealed are {cards:card+}",
        check=cards_revealed_are,
    ),
    Fact(
        "the cards {cards:card+} were revealed together",
        check=cards_revealed_together,
    ),
    Fact(
        "the cards take effect in this order: {cards:card+}",
        check=cards_take_effect_in_order,
    ),
    # players in and out, the end
    Fact(
        "{player:player} is out of the game",
        put=out_of_the_game,
        check=lambda st, player: player in st.view(None)["out"],
    ),
    Fact("{player:player} is still in the game", check=lambda st, player: player not in st.view(None)["out"]),
    Fact(
        "{player:player}'s detective has left the board",
        check=detective_has_left_the_board,
    ),
    Fact(
        "{players:player+} [is|are] alone at the Bar at the end of the round",
        put=lambda st, players, pins: end_of_round(st, players, "Bar", pins),
    ),
    Fact(
        "{players:player+} [is|are] at the Police at the end of the round[, in that order|]",
        put=lambda st, players, pins: end_of_round(st, players, "Police", pins),
    ),
    Fact("round {n:d} begins", check=round_begins),
    Fact(
        "round {n:d} is still being played",
        check=round_still_played,
    ),
    Fact(
        "the game is over and nobody has won",
        check=over_and_nobody_won,
    ),
    Fact(
        "the game is over and {player:player} has won",
        check=over_and_won_by,
    ),
    Fact("the game is not over", check=not_over),
    Fact("nobody may act", check=lambda st: st.legal == {"to_act": [], "moves": []}),
    # what each player knows
    Fact(
        "{player:player} has seen nothing",
        put=lambda st, player: st["private"][player].update(seen=[]),
        check=lambda st, player: st.view(player)["private"][player]["seen"] == [],
    ),
    Fact(
        "{player:player} has seen {clues:clue+}",
        put=have_seen,
        check=has_seen,
    ),
    Fact("only {players:player+} [has|have] seen {clue:clue}", check=only_seen),
    Fact("nobody has seen {clue:clue}", check=lambda st, clue: only_seen(st, [], clue)),
    Fact(
        "{asked:player} answers {word:w} to {asker:player}",
        check=lambda st, asked, word, asker: answer(st, asked, asker) == word,
    ),
    Fact(
        "nobody but {a:player} and {b:player} learns what was asked or answered",
        check=lambda st, a, b: bar_kept_between(st, a, b),
    ),
    Fact(
        "everyone is told that {a:player} asked {b:player}",
        check=everyone_told_who_asked,
    ),
    Fact(
        "every view shows that {player:player} has chosen",
        check=every_view_shows_chosen,
    ),
    Fact(
        "every view shows that the Police hid {culprit:culprit} and {weapon:weapon}",
        check=every_view_shows_the_police_case,
    ),
    Fact(
        "only {owner:player}'s view shows the cards {x:player} chose",
        check=only_owner_sees_the_choice,
    ),
    Fact(
        "only {owner:player}'s view shows {x:player}'s hand",
        check=only_owner_sees_the_hand,
    ),
    Fact(
        "only {owner:player}'s view shows what {x:player} named",
        check=only_owner_sees_the_report,
    ),
    Fact("no view shows what the Police hides", check=lambda st: unseen(st, HOUSE_TILES.lying_at(st, "secret.police"))),
    Fact("no view shows what the houses hide", check=lambda st: unseen(st, CLUES)),
    Fact(
        "neither {a:card} nor {b:card} shows in any view",
        check=neither_shows_in_any_view,
    ),
    # chance
    Fact("chance has {n:d} equally likely outcomes", check=lambda st, n: len(st.as_likely()) == n),
    Fact(
        "the next house tile is laid on {house:house}",
        check=next_house_tile_laid_on,
    ),
]


def setup(table) -> None:
    """The case, the houses and the deal: each time the first outcome chance may give."""
    while table.legal()["to_act"] == [CHANCE]:
        table.apply(CHANCE, table.legal()["moves"][0]["action"])


STARTS = starts(
    {"a game of {n:d} players": setup, "a new game of {n:d} players": None}, lambda n: {"players": COLOURS[:n]}
) + starts(
    {"a game of {players:player+}": setup, "a new game of {players:player+}": None},
    lambda players: {"players": players},
)
install(TYPES, ACTIONS, CHANCE_MOVES, STARTS + FACTS + shared("deal", "secret"))
_MUST = phrases(TYPES, MUST)


# -- the steps only this game has --------------------------------------------------------------------
@when(parsers.re(r"chance tries to lay (?P<clue>.+) on (?P<house>House \d)"), target_fixture="outcome")
def chance_tries(position, clue, house):
    return acted(position, CHANCE, {"type": "lay", "house": house, "clue": clue.removeprefix("the ")}, trying=True)


@then(parsers.re(r"(?P<who>.+?) must (?P<what>.+)"))
def must(position, who, what):
    legal = position.table.legal()
    actors = [CHANCE] if who == "chance" else TYPES.field("p", "player+")[1](who)
    assert sorted(legal["to_act"]) == sorted(actors), f"to act: {legal['to_act']}, expected {actors}"
    moves = [m["action"] for m in legal["moves"]]
    if what in KINDS:
        assert moves and all(KINDS[what](a) for a in moves), f"{who} may {[canonical(a) for a in moves][:8]}"
        return
    expected = next(filter(None, (p.match(what.replace(" or ", " and ")) for p in _MUST)), None)
    assert expected is not None, f"no phrase reads {what!r}"
    assert sorted(map(canonical, moves)) == sorted(map(canonical, expected)), (
        f"{who} may {sorted(map(canonical, moves))}"
    )


# -- added for issue 31 (the survivors of the first mutation run): what everybody is told of a pass or a report ---
@then(parsers.re(r"everyone is told that (?P<player>\w+) passed at the (?P<tile>Bar|Police)"))
def told_passed(position, player, tile):
    for viewer in viewers(position.table.state()):
        told = [e for e in redact_events(position.table.log, viewer) if e["type"] == "passed"]
        assert told and (told[-1]["player"], told[-1]["at"]) == (player, tile), f"{viewer} was told {told}"


@then(parsers.re(r"everyone is told that (?P<player>\w+) named (?P<how>rightly|wrongly)"))
def told_report(position, player, how):
    for viewer in viewers(position.table.state()):
        told = [
            e["right"]
            for e in redact_events(position.table.log, viewer)
            if e["type"] == "reported" and e["player"] == player
        ]
        assert told == [how == "rightly"], f"{viewer} was told {told}"
