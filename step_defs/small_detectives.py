"""Steps of Small Detectives (features/small_detectives/).  They speak only the driver protocol.

A table is set up through chance moves (the case, the houses, the deal: each
time the first outcome legal() lists, cached per list of players) and then
edited through its canonical state, which the protocol publishes: a Given
changes the state and loads it, so a scenario reaches its position without
playing unrelated rules.  Names are the rulebook's, unquoted; a leading
"the" is dropped ("the Knife" is the clue Knife, "the Bar" the tile Bar).
Every name is checked against the published schema.
"""

from __future__ import annotations

import json
import re

import pytest
from pytest_bdd import given, parsers, scenarios, then, when

from casebook import schemas
from casebook.errors import GameError
from casebook.protocol import CHANCE, canonical, leaks, redact, redact_events
from casebook.testing import attempt

scenarios("small_detectives")

GAME = "small_detectives"
_SCHEMA = schemas.load(GAME)
COLOURS, CLUES, CARDS, TILES = (schemas.names(_SCHEMA, n) for n in ("player", "clue", "card", "tile"))
CULPRITS = schemas.names(_SCHEMA, "culprit")
ORDER = {name: i for i, name in enumerate(CARDS + CLUES)}  # the schema's order: cards by number, clues by kind
P = "(?:" + "|".join(COLOURS) + ")"  # a player's name, so "nobody may act" is no player's step
_STARTS: dict[tuple, dict] = {}  # players -> the state after the default set-up


# -- parsing: names checked against the schema ----------------------------------------------------
def step(pattern: str):
    return parsers.re("^" + pattern + "$")


def name(text: str, kind: list | None) -> str:
    """A name of ``kind`` (None: any word, for requests that must be refused as malformed)."""
    text = text.strip()
    text = text[4:] if text.startswith("the ") else text
    if kind is not None and text not in kind:
        raise ValueError(f"{text!r} is not one of {kind}")
    return text


def names(text: str, kind: list | None) -> list[str]:
    return [name(part, kind) for part in re.split(r", | and | or ", text.strip()) if part.strip()]


def players_of(text: str) -> list[str]:
    return COLOURS[: int(text.split()[0])] if text.endswith(" players") else names(text, COLOURS)


def in_order(values) -> list[str]:
    return sorted(values, key=ORDER.get)


# What a player may do, in the rulebook's words: (form, action builder).  One value slot ``x``;
# "Red must go to A, B or C" expands the slot into the alternatives.
ACTIONS = [
    (r"play (?P<x>.+)", lambda x: {"type": "play", "cards": [name(c, CARDS) for c in x.split(" then ")]}),
    (r"shadow (?P<x>.+)", lambda x: {"type": "shadow", "detective": name(x, COLOURS)}),
    (r"move (?P<x>.+?) tiles?", lambda x: {"type": "move", "tiles": int(x)}),
    (r"go to (?P<x>.+)", lambda x: {"type": "go", "to": name(x, TILES)}),
    (r"swap places with (?P<x>.+)", lambda x: {"type": "swap_places", "with": name(x, COLOURS)}),
    (r"swap houses with (?P<x>.+)", lambda x: {"type": "swap_houses", "with": name(x, TILES)}),
    (r"swap the cards of (?P<x>.+)", lambda x: {"type": "swap_cards", "of": names(x, COLOURS)}),
    (r"ask (?P<x>.+)", lambda x: {"type": "ask", "player": name(x.split(" about ")[0], COLOURS),
                                  "clues": in_order(names(x.split(" about ")[1], CLUES))}),
    (r"name (?P<x>.+)", lambda x: dict(zip(("type", "culprit", "weapon"), ["name", *names(x, None)]))),
    (r"pass", lambda x: {"type": "pass"}),
]
THIRD_PERSON = {"plays": "play", "shadows": "shadow", "moves": "move", "goes": "go", "swaps": "swap", "asks": "ask",
                "names": "name", "passes": "pass"}
PHRASES = {  # "Red must <phrase>": every move of the players named is of this kind
    "choose a card": lambda a: a["type"] == "play" and len(a["cards"]) == 1,
    "choose two cards": lambda a: a["type"] == "play" and len(a["cards"]) == 2,
    "ask at the Bar": lambda a: a["type"] in ("ask", "pass"),
    "report at the Police": lambda a: a["type"] in ("name", "pass"),
    "swap the cards of two players": lambda a: a["type"] == "swap_cards",
    "act": lambda a: True,
}


def action_of(words: str, alternatives: bool = False) -> list[dict]:
    verb, _, rest = words.partition(" ")
    words = " ".join(filter(None, [THIRD_PERSON.get(verb, verb), rest]))
    for form, build in ACTIONS:
        m = re.fullmatch(form, words)
        if m:
            x = m.groupdict().get("x", "")
            split = alternatives and form.split(" (?P")[0] in ("shadow", "move", "go to", "swap places with", "swap houses with")
            return [build(part) for part in (re.split(r", | or ", x) if split else [x])]
    raise ValueError(f"no action reads {words!r}")


# -- helpers: protocol only ----------------------------------------------------------------------------
def act(table, actor: str, action: dict, trying: bool = False):
    outcome = attempt(table, actor, action)
    if not trying and outcome.error is not None:
        raise AssertionError(f"expected {actor} {action} to be accepted: {outcome}")
    return outcome


def edited(open_table, table, change):
    state = table.state()
    change(state)
    return open_table(state=state)


def views(table, players=None) -> dict:
    return {v: table.view(v) for v in [*(players or table.state()["players"]), None]}


def text(value) -> str:
    return json.dumps(value, ensure_ascii=False)


def give(state, player: str, card: str, pins: set) -> None:
    """Put ``card`` into ``player``'s hand, trading one unpinned card of theirs with its holder."""
    hands = {p: state["private"][p]["hand"] for p in state["players"]}
    owner = next((p for p, hand in hands.items() if card in hand), None)
    assert owner is not None, f"{card} is in nobody's hand: with {len(hands)} players it is not dealt (or already played)"
    if owner != player:
        victim = next(c for c in hands[player] if c not in pins)
        hands[player][hands[player].index(victim)] = card
        hands[owner][hands[owner].index(card)] = victim
        hands[owner].sort(key=ORDER.get)
    hands[player].sort(key=ORDER.get)
    pins.add(card)


def lay_down(state, player: str, cards: list, pins: set, slot: str) -> None:
    """``player`` takes ``cards`` from hand: sealed (slot "choice") or face up this round ("played")."""
    for card in cards:
        give(state, player, card, pins)
        state["private"][player]["hand"].remove(card)
    if slot == "choice":
        state["private"][player]["choice"] = list(cards)
        state["chosen"] = [p for p in state["players"] if "choice" in state["private"][p]]
    else:
        state["played"][player] = list(cards)


def place(state, player: str, tile: str) -> None:
    state["positions"][player] = tile
    if player in state["police_line"]:
        state["police_line"].remove(player)
    if tile == "Police":
        state["police_line"].append(player)


def end_of_round(state, pins: set, plays: dict) -> None:
    """The cards of this round (``plays``, or any) are turned over and have taken effect; the tiles are next."""
    two = len(state["players"]) == 2
    pins.update(plays.values())
    for p in [q for q in state["players"] if q not in state["out"]]:
        hand = state["private"][p]["hand"]
        if p in plays and not state["played"].get(p):
            lay_down(state, p, [plays[p]], pins, "played")
        if not state["played"].get(p):
            lay_down(state, p, [next(c for c in hand if c not in pins)], pins, "played")
        if two and "choice" not in state["private"][p]:
            lay_down(state, p, [next(c for c in hand if c not in pins)], pins, "choice")
    state.update(round=max(state["round"], 1), pair=1, to_resolve=[], shadow=None, street=[])


@pytest.fixture
def pins() -> set:
    """Cards a Given has placed: later Givens do not trade them away."""
    return set()


@pytest.fixture
def plays() -> dict:
    """The card each player played in the round a Given ends (player -> card)."""
    return {}


# -- Given: tables -----------------------------------------------------------------------------------
@given(step(r"an? (?P<new>new )?game of (?P<who>.+)"), target_fixture="table")
def a_game(open_table, new, who):
    players = players_of(who)
    if new:
        return open_table({"players": players})
    if tuple(players) not in _STARTS:
        table = open_table({"players": players})
        while table.legal()["to_act"] == [CHANCE]:
            table.apply(CHANCE, table.legal()["moves"][0]["action"])
        _STARTS[tuple(players)] = table.state()
    return open_table(state=_STARTS[tuple(players)])


@given(step(r"(?P<player>\w+) holds (?P<cards>.+)"), target_fixture="table")
def holds(open_table, table, pins, player, cards):
    return edited(open_table, table, lambda s: [give(s, player, c, pins) for c in names(cards, CARDS)])


@given(step(r"(?P<choices>\w+ has chosen .+)"), target_fixture="table")
def has_chosen(open_table, table, pins, choices):
    def change(state):
        for player, cards in re.findall(r"(\w+) has chosen (.+?)(?=, \w+ has chosen | and \w+ has chosen |$)", choices):
            lay_down(state, player, [name(c, CARDS) for c in cards.split(" then ")], pins, "choice")

    return edited(open_table, table, change)


@given(step(r"(?P<text>\w+ played .+)"))
def played(plays, text):
    """The cards of the round ending: laid down by the next "at the end of the round"."""
    for player, card in re.findall(r"(\w+) played (.+?)(?=, \w+ played | and \w+ played |$)", text):
        plays[player] = name(card, CARDS)


@given(step(r"(?P<who>.+?) (?:stands?|waits?) (?:on|at) (?P<tile>.+?)(?:, in that order)?"), target_fixture="table")
def stands(open_table, table, who, tile):
    return edited(open_table, table, lambda s: [place(s, p, name(tile, TILES)) for p in names(who, COLOURS)])


@given(step(r"(?P<who>.+?) (?:is|are) (?P<where>alone at the Bar|at the Police) at the end of the round(?:, in that order)?"), target_fixture="table")
def at_the_end_of_the_round(open_table, table, pins, plays, who, where):
    def change(state):
        end_of_round(state, pins, plays)
        for p in names(who, COLOURS):
            place(state, p, "Bar" if "Bar" in where else "Police")
        if state["phase"] != "bar":
            state["phase"], state["reporting"] = ("bar", []) if "Bar" in where else ("police", list(state["police_line"]))

    return edited(open_table, table, change)


def hide(secret: dict, clue: str, target: tuple, pins: set) -> None:
    """Put ``clue`` at ``target`` (("houses", house) or ("police", kind)), its tile going where ``clue`` lay."""
    at = {("police", k): c for k, c in secret["police"].items()} | {("houses", h): c for h, c in secret["houses"].items()}
    source = next(slot for slot, c in at.items() if c == clue)
    old = at[target]
    if source[0] == "police" and (old in CULPRITS) != (clue in CULPRITS):  # the Police keeps one tile of each kind
        spare = next(s for s, c in at.items() if s[0] == "houses" and s != target and (c in CULPRITS) == (clue in CULPRITS) and c not in pins)
        secret[source[0]][source[1]], secret["houses"][spare[1]] = at[spare], old
    elif source != target:
        secret[source[0]][source[1]] = old
    secret[target[0]][target[1]] = clue
    pins.add(clue)


@given(step(r"(?P<tile>House \d|the Police) hides (?P<clues>.+)"), target_fixture="table")
def hides(open_table, table, pins, tile, clues):
    def change(state):
        for clue in names(clues, CLUES):
            kind = "culprit" if clue in CULPRITS else "weapon"
            hide(state["secret"], clue, ("police", kind) if tile == "the Police" else ("houses", tile), pins)

    return edited(open_table, table, change)


@given(step(r"(?P<player>\w+) has seen (?P<clues>.+)"), target_fixture="table")
def has_seen(open_table, table, player, clues):
    seen = [] if clues == "nothing" else names(clues, CLUES)
    return edited(open_table, table, lambda s: s["private"][player].update(seen=seen))


@given(step(r"(?P<player>\w+) is out of the game"), target_fixture="table")
def out_of_the_game(open_table, table, player):
    def change(state):
        mine = state["private"][player]
        state["secret"]["removed"] += mine["hand"] + mine.pop("choice", [])
        mine["hand"] = []
        state["out"].append(player)
        del state["positions"][player]
        state["police_line"] = [p for p in state["police_line"] if p != player]
        state["chosen"] = [p for p in state["chosen"] if p != player]

    return edited(open_table, table, change)


@given(step(r"the Bar shows its (?P<side>culprit|weapon) side"), target_fixture="table")
def bar_side(open_table, table, side):
    return edited(open_table, table, lambda s: s.update(bar=side))


# -- When: moves, which may be refused ------------------------------------------------------------------
@when(step(r"(?P<moves>\w+ (?:tries to )?(?:plays?|shadows?|moves?|go(?:es)?|swaps?|asks?|names?|pass(?:es)?)\b.*)"), target_fixture="outcome")
def player_acts(table, moves):
    if " tries to " in moves:
        actor, words = moves.split(" tries to ", 1)
        return act(table, actor, action_of(words)[0], trying=True)
    outcome = None
    for actor, words in re.findall(r"(\w+) (plays .+?)(?=, \w+ plays | and \w+ plays |$)", moves) or [moves.split(" ", 1)]:
        outcome = act(table, actor, action_of(words)[0])
    return outcome


@when(step(r"chance (?P<trying>tries to )?(?P<verb>hides?|lays?|deals?) (?P<what>.+)"), target_fixture="outcome")
def chance_acts(table, trying, verb, what):
    if verb.startswith("hide"):
        culprit, weapon = names(what.removesuffix(" under the Police"), CLUES)
        action = {"type": "hide", "culprit": culprit, "weapon": weapon}
    elif verb.startswith("lay"):
        clue, house = what.split(" on ")
        action = {"type": "lay", "house": name(house, TILES), "clue": name(clue, CLUES)}
    else:
        action = {"type": "deal", "card": name(what, CARDS)}
    return act(table, CHANCE, action, trying=bool(trying))


@when(step(r"a new game of (?P<who>.+) is requested"), target_fixture="refusal")
def requested(implementation, who):
    players = COLOURS + ["Orange"] if who == "6 players" else re.split(r", | and ", who)
    try:
        implementation.close(implementation.new(GAME, {"players": players}))
    except GameError as exc:
        return exc
    return None


@then(step(r"the request is refused as (?P<code>\w+)"))
def request_refused(refusal, code):
    assert refusal is not None and refusal.code == code, f"expected {code}, got {refusal!r}"


# -- Then: who acts, and how ------------------------------------------------------------------------------
@then(step(r"(?P<who>.+?) must (?P<what>.+)"))
def must(table, who, what):
    legal = table.legal()
    actors = [CHANCE] if who == "chance" else names(who, COLOURS)
    assert sorted(legal["to_act"]) == sorted(actors), f"to act: {legal['to_act']}, expected {actors}"
    moves = [m["action"] for m in legal["moves"]]
    if what in PHRASES:
        assert moves and all(PHRASES[what](a) for a in moves), f"{who} may {[canonical(a) for a in moves][:8]}"
    else:
        expected = {canonical(a) for a in action_of(what, alternatives=True)}
        assert {canonical(a) for a in moves} == expected, f"{who} may {sorted(canonical(a) for a in moves)}, not {sorted(expected)}"


@then(step(rf"(?P<player>{P}) may (?P<no>not )?(?P<what>.+)"))
def may(table, player, no, what):
    listed = {canonical(m["action"]) for m in table.legal()["moves"] if m["actor"] == player}
    assert (canonical(action_of(what)[0]) in listed) != bool(no), f"{player} may {sorted(listed)[:10]}"


@then("nobody may act")
def nobody_acts(table):
    assert table.legal() == {"to_act": [], "moves": []}


# -- Then: the board --------------------------------------------------------------------------------------
@then(step(r"(?P<who>.+?) stands? on (?P<street>the street facing )?(?P<tile>.+)"))
def stands_on(table, who, street, tile):
    view = table.view(None)
    for p in names(who, COLOURS):
        assert view["positions"].get(p) == name(tile, TILES), f"{p} stands on {view['positions'].get(p)}"
        assert (p in view["street"]) == bool(street), f"{p} is {'' if p in view['street'] else 'not '}in the street"


@then(step(r"the detectives stand, in seat order, on (?P<tiles>.+)"))
def detectives_stand(table, tiles):
    view = table.view(None)
    assert [view["positions"][p] for p in view["players"]] == names(tiles, TILES)


@then(step(r"the detectives at the Police are, in order, (?P<who>.+)"))
def police_line(table, who):
    assert table.view(None)["police_line"] == names(who, COLOURS)


@then(step(r"(?P<tile>House \d|the Police) hides (?P<clues>.+)"))
def tile_hides(table, tile, clues):
    secret = table.state()["secret"]
    hidden = sorted(secret["police"].values()) if tile == "the Police" else [secret["houses"][tile]]
    assert hidden == sorted(names(clues, CLUES)), f"{tile} hides {hidden}"


@then(step(r"the house tiles are (?P<clues>.+)"))
def house_tiles(table, clues):
    secret = table.state()["secret"]
    assert sorted([*secret["houses"].values(), *secret["police"].values()]) == sorted(names(clues, CLUES))


@then(step(r"(?P<round>\d+) house tiles lie round the street and (?P<police>\d+) lie under the Police"))
def house_tiles_lie(table, round, police):
    secret = table.state()["secret"]
    assert (len(secret["houses"]), len(secret["police"])) == (int(round), int(police))


@then(step(r"the Bar shows its (?P<side>culprit|weapon) side"))
def bar_shows(table, side):
    assert table.view(None)["bar"] == side


# -- Then: cards ----------------------------------------------------------------------------------------------
@then(step(r"(?P<who>\w+|each player(?: still in the game)?) holds (?P<cards>.+)"))
def hand_holds(table, who, cards):
    state = table.state()
    players = [p for p in state["players"] if p not in state["out"]] if who.startswith("each") else [who]
    for p in players:
        hand = state["private"][p]["hand"]
        m = re.fullmatch(r"(\d+) cards", cards)
        assert (len(hand) == int(m[1])) if m else set(names(cards, CARDS)) <= set(hand), f"{p} holds {hand}"


@then(step(r"the players hold between them (?P<cards>.+)"))
def all_hands(table, cards):
    state = table.state()
    held = sorted(c for p in state["players"] for c in state["private"][p]["hand"])
    assert held == sorted(names(cards, CARDS)), held


@then(step(r"(?P<n>\d+) action cards are (?P<where>in play|out of the game)"))
def cards_count(table, n, where):
    state = table.state()
    out = len(state["out_of_game"]) + len(state["secret"]["removed"])
    assert (out if where == "out of the game" else len(CARDS) - out) == int(n), f"{out} cards are out of the game"


@then(step(r"the cards out of the game are (?P<cards>.+)"))
def cards_out(table, cards):
    assert sorted(table.view(None)["out_of_game"]) == sorted([] if cards == "none" else names(cards, CARDS))


@then(step(r"(?P<who>[\w ]+?) is (?P<still>still in|out of) the game"))
def in_or_out(table, who, still):
    view = table.view(None)
    if who in COLOURS:
        assert (who in view["out"]) == (still == "out of"), f"out: {view['out']}"
    else:
        assert still == "out of" and name(who, CARDS) in view["out_of_game"], view["out_of_game"]


@then(step(r"(?P<player>\w+)'s detective has left the board"))
def left_the_board(table, player):
    view = table.view(None)
    assert player not in view["positions"] and player not in view["police_line"]


@then(step(r"the cards revealed are (?P<cards>.+)"))
def revealed(table, cards):
    shown = [c["card"] for e in table.log if e["type"] == "revealed" for c in e["cards"]]
    assert sorted(shown) == sorted(names(cards, CARDS)), shown


@then(step(r"the cards (?P<cards>.+) were revealed together"))
def revealed_together(table, cards):
    reveals = [[c["card"] for c in e["cards"]] for e in table.log if e["type"] == "revealed"]
    assert names(cards, CARDS) in reveals, reveals


@then(step(r"the cards take effect in this order: (?P<cards>.+)"))
def effect_order(table, cards):
    assert [e["card"] for e in table.log if e["type"] == "carried_out"] == names(cards, CARDS)


# -- Then: what each player knows -------------------------------------------------------------------------
@then(step(r"(?:only (?P<who>.+?)|(?P<nobody>nobody)) (?:has|have) seen the (?P<clue>\w+)"))
def only_seen(table, who, nobody, clue):
    clue, seers = name(clue, CLUES), [] if nobody else names(who, COLOURS)
    for p in table.state()["players"]:
        assert (clue in table.view(p)["private"][p]["seen"]) == (p in seers), f"{p} has seen {table.view(p)['private'][p]['seen']}"
    assert clue not in text(redact_events(table.log, None)), "the public log names the clue"


@then(step(rf"(?P<player>{P}) has seen (?P<clues>.+)"))
def has_seen_clues(table, player, clues):
    seen = table.view(player)["private"][player]["seen"]
    assert (seen == []) if clues == "no clue" else set(names(clues, CLUES)) <= set(seen), seen


@then(step(r"(?P<asked>\w+) answers (?P<answer>yes|no) to (?P<asker>\w+)"))
def answers(table, asked, answer, asker):
    asks = [e for e in redact_events(table.log, asker) if e["type"] == "asked" and e["asker"] == asker and e["asked"] == asked]
    assert asks and asks[-1]["private"][asker]["answer"] == answer, asks


@then(step(r"nobody but (?P<a>\w+) and (?P<b>\w+) learns what was asked or answered"))
def bar_privacy(table, a, b):
    for viewer, view in views(table).items():
        if viewer in (a, b):
            assert [q for q in view["private"][viewer]["questions"] if (q["asker"], q["asked"]) == (a, b)], f"{viewer} did not learn it"
        else:
            assert not [e for e in redact_events(table.log, viewer) if e["type"] == "asked" and e.get("private")]
            assert not (view["private"].get(viewer) or {}).get("questions"), view["private"]


@then(step(r"(?:every view shows|everyone is told) that (?P<fact>.+)"))
def everyone_sees(table, fact):
    for viewer, view in views(table).items():
        if m := re.fullmatch(r"(\w+) has chosen", fact):
            assert m[1] in view["chosen"], (viewer, view["chosen"])
        elif m := re.fullmatch(r"(\w+) asked (\w+)", fact):
            assert any(e["type"] == "asked" and (e["asker"], e["asked"]) == (m[1], m[2]) for e in redact_events(table.log, viewer))
        else:
            culprit, weapon = names(fact.removeprefix("the Police hid "), CLUES)
            assert view["outcome"]["case"] == {"culprit": culprit, "weapon": weapon}, (viewer, view["outcome"])


@then(step(r"only (?P<owner>\w+)'s view shows (?P<what>the cards \w+ chose|what \w+ named|\w+'s hand)"))
def only_owner_sees(table, owner, what):
    mine = table.state()["private"][owner]
    secret = mine["hand"] if what.endswith("hand") else mine.get("choice") if "chose" in what else [mine["report"]["culprit"]]
    assert secret, f"{owner} has nothing of the kind to hide"
    for viewer, view in views(table).items():
        shown = text(view) + text(redact_events(table.log, viewer))
        for value in secret:
            assert (value in shown) == (viewer == owner), f"{viewer}'s view {'lacks' if viewer == owner else 'shows'} {value}"


@then(step(r"no view shows (?P<what>.+)"))
def no_view_shows(table, what):
    state = table.state()
    hidden = {"what the Police hides": list(state["secret"]["police"].values()), "what the houses hide": CLUES}.get(what)
    for viewer, view in views(table).items():
        assert not leaks(view, viewer), leaks(view, viewer)
        public = text(redact(view, None) if hidden else view) + text(redact_events(table.log, None if hidden else viewer))
        for value in hidden or names(what, CARDS):
            assert value not in public, f"{viewer}'s view shows {value}"


# -- Then: the round and the end --------------------------------------------------------------------------
@then(step(r"round (?P<n>\d+) (?P<how>begins|is still being played)"))
def round_is(table, n, how):
    view = table.view(None)
    assert view["round"] == int(n) and (view["phase"] == "choosing") == (how == "begins"), (view["round"], view["phase"])


@then(step(r"the game is over and (?P<player>\w+) has won"))
def won(table, player):
    assert table.view(None)["outcome"]["winner"] == (None if player == "nobody" else player) and table.legal()["moves"] == []


@then("the game is not over")
def not_over(table):
    assert table.view(None)["outcome"] is None and table.legal()["moves"]


@then(step(r"chance has (?P<n>\d+) equally likely outcomes"))
def chance_outcomes(table, n):
    moves = table.legal()["moves"]
    assert len(moves) == int(n) and all(m["actor"] == CHANCE and abs(m["p"] - 1 / int(n)) < 1e-9 for m in moves)


@then(step(r"the next (?P<what>house tile is laid on|card is dealt to) (?P<where>.+)"))
def next_up(table, what, where):
    if what.startswith("house"):
        assert {m["action"]["house"] for m in table.legal()["moves"]} == {where}
    else:
        assert table.view(None)["dealing_to"] == where
