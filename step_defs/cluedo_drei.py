"""Steps of Cluedo: Die drei ??? (features/cluedo_drei/).  They speak only the driver protocol.

A table is set up through chance moves (case file, the Duel's four cards, the
deal, the rolls for who starts) or by editing a canonical state and loading it
(the state format is part of the protocol).  Names are the rulebook's; a
leading "the" is dropped ("the painting" is the card "painting"), except in
"the Super Parrot", whose name it is.
"""

from __future__ import annotations

import json
import re
from importlib import resources

import pytest
from pytest_bdd import given, parsers, scenarios, then, when

from casebook.errors import GameError
from casebook.protocol import CHANCE, redact
from casebook.testing import attempt, view_leaks

scenarios("cluedo_drei")

GAME = "cluedo_drei"
DEFAULT_CASE = ("Wilbur Graham", "treasure of gold coins", "Altes Stadttheater")
CARD_KINDS = ("suspect", "item", "location")
ADVANTAGE_KINDS = {"taxi": "taxi", "headquarters call": "headquarters", "tip-off": "tip_off"}
_SCHEMA = json.loads(resources.files("casebook.schemas").joinpath(f"{GAME}.json").read_text())
KIND_OF = {card: kind for kind in CARD_KINDS for card in _SCHEMA["$defs"][kind]["enum"]}
INVESTIGATORS = _SCHEMA["$defs"]["player"]["enum"]
FRESH_TURN = {"dice": None, "pips": 0, "card": None, "question": None, "answerer": None, "tipped": None}


# -- parsing ------------------------------------------------------------------------
def name(text: str) -> str:
    text = text.strip()
    return text[4:] if text.startswith("the ") and text != "the Super Parrot" else text


def names(text: str) -> list[str]:
    return [name(part) for part in re.split(r", | and ", text.strip()) if part.strip()]


def die(face: str):
    return face if face == "?" else int(face)


def step(pattern: str):
    return parsers.re("^" + pattern + "$")


# -- helpers: protocol only -----------------------------------------------------------
def act(table, actor: str, action: dict, trying: bool = False):
    outcome = attempt(table, actor, action)
    if not trying and outcome.error is not None:
        raise AssertionError(f"expected {actor} {action} to be accepted: {outcome}")
    return outcome


def first_chance(table) -> dict:
    moves = table.legal()["moves"]
    assert moves and moves[0]["actor"] == CHANCE, f"chance is not to act: {table.legal()['to_act']}"
    return moves[0]["action"]


def deal_all(table) -> None:
    """The Duel's four cards and the deal, each time the first card chance may give."""
    while table.state()["phase"] in ("setting_aside", "dealing"):
        table.apply(CHANCE, first_chance(table))


def start_rolls(table) -> None:
    """The first player seated rolls twelve, everybody else eleven: the first player starts."""
    first = True
    while table.state()["phase"] == "rolling_for_start":
        table.apply(CHANCE, {"type": "roll", "dice": [6, 6] if first else [5, 6]})
        first = False


def edited(open_table, table, change) -> object:
    state = table.state()
    change(state)
    return open_table(state=state)


def hands(state) -> dict:
    return {p: state["private"][p]["hand"] for p in state["players"]}


def locate(state, card):
    for p, hand in hands(state).items():
        if card in hand:
            return ("hand", p)
    if card in state["surplus"]:
        return ("surplus", None)
    if card in state["secret"].get("side_cards", []):
        return ("side", state["secret"]["side_cards"].index(card))
    return ("case", KIND_OF[card])


def container(state, where) -> list:
    kind, key = where
    return {"hand": lambda: state["private"][key]["hand"], "surplus": lambda: state["surplus"]}[kind]()


def exchange(cards: list, out: str, into: str) -> None:
    """Replace ``out`` by ``into`` in a hand or the surplus, which stay sorted."""
    cards.remove(out)
    cards.append(into)
    cards.sort()


def swap_into(state, card, where, pins, avoid=()) -> None:
    """Put ``card`` into ``where`` (a hand or the surplus), sending one unpinned card of it to where ``card`` was."""
    source = locate(state, card)
    if source == where:
        pins.add(card)
        return
    target = container(state, where)
    same_kind = source[0] == "case"  # the case file keeps one card of each kind
    victim = next((c for c in target if c not in pins and c not in avoid and (not same_kind or KIND_OF[c] == source[1])), None)
    assert victim is not None, f"the engine's {where[0]} {where[1] or ''} holds {target}: no card there can make room for {card}"
    exchange(target, victim, card)
    if source[0] == "side":
        state["secret"]["side_cards"][source[1]] = victim
    elif same_kind:
        state["secret"]["case_file"][source[1]] = victim
    else:
        exchange(container(state, source), card, victim)
    pins.add(card)


@pytest.fixture
def pins() -> set:
    """Cards a Given has placed: later Givens do not move them away."""
    return set()


# -- Given: tables ----------------------------------------------------------------------
@given(step(r"an? (?P<new>new )?(?P<kind>game|Duel) of (?P<players>[A-Z].+?)(?P<dealt>, dealt)?(?P<nocards> without Advantage cards)?"), target_fixture="table")
def a_game(open_table, new, kind, players, dealt, nocards):
    options = {"players": names(players)}
    if kind == "Duel":
        options["variant"] = "duel"
    if nocards:
        options["advantage_cards"] = False
    table = open_table(options)
    if not new:
        table.apply(CHANCE, {"type": "fill_case_file", "suspect": DEFAULT_CASE[0], "item": DEFAULT_CASE[1], "location": DEFAULT_CASE[2]})
        deal_all(table)
        if not dealt:
            start_rolls(table)
    return table


@given(step(r"a game of (?P<n>\d+) investigators"), target_fixture="table")
def a_game_of_n(open_table, n):
    return a_game(open_table, None, "game", " and ".join(INVESTIGATORS[: int(n)]), None, None)


@given(step(r"the case file holds (?P<s>.+?), (?P<i>.+?) and (?P<l>.+)"), target_fixture="table")
def case_file_holds(open_table, table, s, i, l):
    def change(state):
        case = state["secret"]["case_file"]
        for kind, card in zip(CARD_KINDS, (name(s), name(i), name(l))):
            old = case[kind]
            if old != card:
                where = locate(state, card)
                if where[0] == "side":
                    state["secret"]["side_cards"][where[1]] = old
                else:
                    exchange(container(state, where), card, old)
                case[kind] = card

    return edited(open_table, table, change)


@given(step(r"(?P<player>[A-Z][\w.]*(?: [A-Z][\w.]*)*) holds (?P<none>none of )?(?P<cards>.+)"), target_fixture="table")
def holds(open_table, table, pins, player, none, cards):
    wanted = names(cards)

    def change(state):
        if not none:
            for card in wanted:
                swap_into(state, card, ("hand", player), pins, avoid=wanted)
            return
        for card in wanted:
            if card in state["private"][player]["hand"]:
                other = next(q for q in state["players"] if q != player and any(c not in pins and c not in wanted for c in hands(state)[q]))
                swap_into(state, card, ("hand", other), pins, avoid=wanted)
                pins.discard(card)

    return edited(open_table, table, change)


@given(step(r"(?P<card>.+) lies face up beside the board"), target_fixture="table")
def lies_face_up(open_table, table, pins, card):
    return edited(open_table, table, lambda state: swap_into(state, name(card), ("surplus", None), pins))


@given(step(r"(?P<player>.+?) stands (?:in|on) (?P<place>.+)"), target_fixture="table")
def stands(open_table, table, player, place):
    return edited(open_table, table, lambda state: state["positions"].__setitem__(player, name(place)))


@given(step(r"it is (?P<player>.+?)'s turn"), target_fixture="table")
def its_turn(open_table, table, player):
    def change(state):
        state.update(phase="starting_turn", current=player, turn=dict(FRESH_TURN))

    return edited(open_table, table, change)


@given(step(r"(?P<player>.+?) has just entered (?P<place>.+)"), target_fixture="table")
def just_entered(open_table, table, player, place):
    place = name(place)

    def change(state):
        state["positions"][player] = place
        phase = "accusing" if place == "Headquarters" else "questioning"
        state.update(phase=phase, current=player, turn=dict(FRESH_TURN))

    return edited(open_table, table, change)


@given(step(r"(?P<player>.+?) is out of the race"), target_fixture="table")
def out_of_race(open_table, table, player):
    def change(state):
        state["out"].append(player)
        if state["current"] == player:  # as the rules would have done: the turn passes on (CD-ACC-08)
            seats = state["players"][state["players"].index(player) + 1:] + state["players"]
            state["current"] = next(q for q in seats if q not in state["out"])

    return edited(open_table, table, change)


@given(step(r"all 13 Advantage cards are on the discard pile"), target_fixture="table")
def all_discarded(open_table, table):
    def change(state):
        adv = state["advantage"]
        adv["discard"] = {k: adv["stack"][k] + adv["discard"][k] for k in adv["stack"]}
        adv["stack"] = {k: 0 for k in adv["stack"]}

    return edited(open_table, table, change)


@given(step(r"(?P<player>.+?) has already looked at the cards? in slots? (?P<slots>.+)"), target_fixture="table")
def already_looked(open_table, table, player, slots):
    def change(state):
        for slot in names(slots):
            state["private"][player]["side_cards"][slot] = state["secret"]["side_cards"][int(slot) - 1]

    return edited(open_table, table, change)


# -- When: requests that may be refused ----------------------------------------------------
@when(step(r"a (?P<what>new game|Duel|Duel with Advantage cards) is requested (?P<rest>.+)"), target_fixture="refusal")
def requested(implementation, what, rest):
    options: dict = {}
    if what.startswith("Duel"):
        options["variant"] = "duel"
    if what.endswith("Advantage cards"):
        options["advantage_cards"] = True
    if m := re.fullmatch(r"for (\d+) players?", rest):
        options["players"] = [INVESTIGATORS[k % len(INVESTIGATORS)] + ("" if k < len(INVESTIGATORS) else " II") for k in range(int(m[1]))]
    elif m := re.fullmatch(r'with the variant "(.+)"', rest):
        options["variant"] = m[1]
    else:
        options["players"] = names(rest.removeprefix("for "))
    try:
        implementation.close(implementation.new(GAME, options))
    except GameError as exc:
        return exc
    return None


@when(step(r"a copy of the game without (?P<card>.+) is loaded"), target_fixture="refusal")
def load_without(open_table, table, card):
    state = table.state()
    for p in state["players"]:
        state["private"][p]["hand"] = [c for c in state["private"][p]["hand"] if c != name(card)]
    state["surplus"] = [c for c in state["surplus"] if c != name(card)]
    try:
        open_table(state=state)
    except GameError as exc:
        return exc
    return None


@when(step(r"(?P<actor>.+?) tries to send (?P<payload>\{.*\})"), target_fixture="outcome")
def send_raw(table, actor, payload):
    return act(table, actor, json.loads(payload), trying=True)


# -- When: chance ----------------------------------------------------------------------------
@when(step(r"the case file is filled with (?P<s>.+?), (?P<i>.+?) and (?P<l>.+)"), target_fixture="outcome")
def fill_case_file(table, s, i, l):
    return act(table, CHANCE, {"type": "fill_case_file", "suspect": name(s), "item": name(i), "location": name(l)})


@when(step(r"(?P<card>.+) is (?P<how>dealt|set aside)"), target_fixture="outcome")
def dealt(table, card, how):
    return act(table, CHANCE, {"type": "deal" if how == "dealt" else "set_aside", "card": name(card)})


@when(step(r"the dice show (?P<a>\S) and (?P<b>\S)"), target_fixture="outcome")
def dice_show(table, a, b):
    return act(table, CHANCE, {"type": "roll", "dice": [die(a), die(b)]})


@when(step(r"the Advantage card drawn is an? (?P<kind>taxi|headquarters call|tip-off)"), target_fixture="outcome")
def card_drawn(table, kind):
    return act(table, CHANCE, {"type": "draw", "card": ADVANTAGE_KINDS[kind]})


# -- When: players --------------------------------------------------------------------------
@when(step(r"(?P<player>.+?) rolls (?P<a>\S) and (?P<b>\S)"), target_fixture="outcome")
def rolls(table, player, a, b):
    act(table, player, {"type": "roll_dice"})
    return act(table, CHANCE, {"type": "roll", "dice": [die(a), die(b)]})


@when(step(r"(?P<player>.+?) tries to roll the dice"), target_fixture="outcome")
def tries_to_roll(table, player):
    return act(table, player, {"type": "roll_dice"}, trying=True)


@when(step(r"(?P<player>.+?) (?P<trying>tries to )?moves? to (?P<place>.+)"), target_fixture="outcome")
def moves(table, player, trying, place):
    return act(table, player, {"type": "move", "to": name(place)}, bool(trying))


@when(step(r"(?P<player>.+?) (?P<trying>tries to )?asks? about (?P<s>.+?), (?P<i>.+?) and (?P<l>.+)"), target_fixture="outcome")
def asks(table, player, trying, s, i, l):
    return act(table, player, {"type": "question", "suspect": name(s), "item": name(i), "location": name(l)}, bool(trying))


@when(step(r"(?P<player>.+?) (?P<trying>tries to )?accuses? (?P<s>.+?), (?P<i>.+?) and (?P<l>.+)"), target_fixture="outcome")
def accuses(table, player, trying, s, i, l):
    return act(table, player, {"type": "accuse", "suspect": name(s), "item": name(i), "location": name(l)}, bool(trying))


@when(step(r"(?P<player>.+?) (?P<trying>tries to )?shows? (?P<card>.+)"), target_fixture="outcome")
def shows(table, player, trying, card):
    return act(table, player, {"type": "show", "card": name(card)}, bool(trying))


@when(step(r"(?P<player>.+?) (?P<trying>tries to )?(?P<verb>takes?|ends?) the (?P<what>secret passage|turn)"), target_fixture="outcome")
def passage_or_end(table, player, trying, verb, what):
    return act(table, player, {"type": "secret_passage" if what == "secret passage" else "end_turn"}, bool(trying))


@when(step(r"(?P<player>.+?) (?P<trying>tries to )?follows? the card (?:to (?P<place>.+)|naming (?P<other>.+))"), target_fixture="outcome")
def follows(table, player, trying, place, other):
    action = {"type": "follow", "to": name(place)} if place else {"type": "follow", "player": other}
    return act(table, player, action, bool(trying))


@when(step(r"(?P<player>.+?) puts the card away"), target_fixture="outcome")
def puts_away(table, player):
    return act(table, player, {"type": "discard"})


@when(step(r"(?P<player>.+?) (?P<trying>tries to )?looks? at the card in slot (?P<slot>\d)"), target_fixture="outcome")
def looks(table, player, trying, slot):
    return act(table, player, {"type": "look", "slot": int(slot)}, bool(trying))


@when("every question is answered")
def every_question_answered(table):
    while table.state()["phase"] in ("answering", "showing_tip"):
        move = table.legal()["moves"][0]
        table.apply(move["actor"], move["action"])


# -- Then: refusals of requests ---------------------------------------------------------------
@then(step(r"the request is refused as (?P<code>\w+)"))
def request_refused(refusal, code):
    assert refusal is not None, "the request was accepted"
    assert refusal.code == code, f"expected {code}, got {refusal.code}: {refusal.message}"


# -- Then: cards -------------------------------------------------------------------------------
@then(step(r"there are 21 clue cards: 6 suspects, 6 items and 9 locations"))
def cards_conserved(table):
    state = table.state()
    cards = list(state["secret"]["case_file"].values()) + state["surplus"] + state["secret"]["undealt"]
    cards += state["secret"].get("side_cards", []) + [c for h in hands(state).values() for c in h]
    assert sorted(cards) == sorted(KIND_OF), f"cards are not the 21 clue cards once each: {sorted(cards)}"
    assert [sum(1 for c in cards if KIND_OF[c] == k) for k in CARD_KINDS] == [6, 6, 9]


@then(step(r"(?P<card>.+) is a clue card of kind (?P<kind>suspect|item|location)"))
def card_kind(table, card, kind):
    assert any(m["action"].get(kind) == card for m in table.legal()["moves"] if m["action"]["type"] == "fill_case_file")


@then(step(r"the case file holds one suspect, one item and one location"))
def case_file_kinds(table):
    case = table.state()["secret"]["case_file"]
    assert case is not None and all(KIND_OF.get(case[k]) == k for k in CARD_KINDS), case


@then(step(r"each player holds (?P<n>\d+) cards"))
def each_holds(table, n):
    state = table.state()
    assert {p: len(h) for p, h in hands(state).items()} == {p: int(n) for p in state["players"]}


@then(step(r"(?P<n>\d+) cards? (?:lie|lies) face (?P<how>up|down) beside the board"))
def beside_board(table, n, how):
    view = table.view(None)
    assert (len(view["surplus"]) if how == "up" else view["side_cards"]) == int(n), view


@then(step(r"every view shows (?P<card>.+) face up beside the board"))
def every_view_shows_surplus(table, card):
    for viewer in [*table.state()["players"], None]:
        assert name(card) in table.view(viewer)["surplus"], viewer


@then(step(r"(?P<player>[A-Z][\w.]*(?: [A-Z][\w.]*)*) holds (?P<card>.+)"))
def holds_then(table, player, card):
    assert name(card) in table.state()["private"][player]["hand"]


@then(step(r"the next card is dealt to (?P<player>.+)"))
def next_dealt_to(table, player):
    assert table.view(None)["dealing_to"] == player


# -- Then: what each player sees ----------------------------------------------------------------
@then("no view shows the case file")
def no_view_shows_case_file(table):
    state = table.state()
    assert not view_leaks(table, state["players"])
    for viewer in [*state["players"], None]:
        view = table.view(viewer)
        assert "secret" not in view and view["outcome"] is None
        if viewer is not None:
            assert "case_file" not in view["private"][viewer]


@then("no view shows another player's hand")
def no_view_shows_hands(table):
    state = table.state()
    assert not view_leaks(table, state["players"])
    for viewer in state["players"]:
        assert set(table.view(viewer)["private"]) == {viewer}


@then("no view shows the cards beside the board")
def no_view_shows_side_cards(table):
    state = table.state()
    assert not view_leaks(table, state["players"])
    for viewer in state["players"]:
        assert table.view(viewer)["private"][viewer].get("side_cards", {}) == {}


@then(step(r"the view of (?P<player>.+?) shows (?P<card>.+) in his hand"))
def view_shows_in_hand(table, player, card):
    hand = table.view(player)["private"][player]["hand"]
    if card.endswith(" cards") and card.split()[0].isdigit():
        assert len(hand) == int(card.split()[0]), hand
    else:
        assert name(card) in hand, hand


@then(step(r"the view of (?P<player>.+?) does not show the hand of (?P<other>.+)"))
def view_hides_hand(table, player, other):
    view = table.view(player)
    assert other not in view["private"] and "secret" not in view


@then(step(r"(?P<player>.+?) has (?P<neg>not )?seen (?P<card>.+)"))
def has_seen(table, player, neg, card):
    notes = table.view(player)["private"].get(player, {})
    if m := re.fullmatch(r"the card in slot (\d)", card):
        seen = m[1] in notes.get("side_cards", {})
    else:
        seen = name(card) in [x["card"] for x in notes.get("shown", [])]
    assert seen != bool(neg), notes


@then(step(r"everybody saw that (?P<by>.+?) showed (?P<to>.+?) a card"))
def everybody_saw_showing(table, by, to):
    shown = [e for e in table.log if e["type"] == "shown"]
    assert shown and (shown[-1]["by"], shown[-1]["to"]) == (by, to)
    for viewer in [*table.state()["players"], None]:
        public = redact(shown[-1], viewer)
        assert (public["by"], public["to"]) == (by, to)
        assert (viewer in (by, to)) == ("card" in json.dumps(public)), (viewer, public)


@then(step(r"nobody but (?P<player>.+?) has looked into the case file"))
def only_accuser_looked(table, outcome, player):
    for viewer in [*table.state()["players"], None]:
        view = table.view(viewer)
        assert view["outcome"] is None
        mine = view["private"].get(viewer, {}) if viewer else {}
        assert ("case_file" in mine) == (viewer == player), viewer
        if viewer != player:  # nor does what the accusation announced tell them (which card was wrong)
            told = json.dumps([redact(e, viewer) for e in outcome.events])
            assert "case_file" not in told and "secret" not in told, (viewer, told)


@then(step(r"everybody sees the case file: (?P<s>.+?), (?P<i>.+?) and (?P<l>.+)"))
def everybody_sees_case(table, s, i, l):
    expected = {"suspect": name(s), "item": name(i), "location": name(l)}
    for viewer in [*table.state()["players"], None]:
        assert table.view(viewer)["outcome"]["case_file"] == expected, viewer


# -- Then: the board ------------------------------------------------------------------------------
@then(step(r"(?P<player>.+?) stands (?:in|on) (?P<place>.+)"))
def stands_then(table, player, place):
    assert table.view(None)["positions"][player] == name(place)


@then(step(r"(?P<player>.+?) may (?P<neg>not )?move to (?P<place>.+)"))
def may_move(table, player, neg, place):
    places = {a["to"] for a in table.moves_of(player) if a["type"] == "move"}
    assert (name(place) in places) != bool(neg), sorted(places)


@then(step(r"(?P<player>.+?) may move exactly to (?P<places>.+)"))
def may_move_exactly(table, player, places):
    found = sorted(a["to"] for a in table.moves_of(player) if a["type"] == "move")
    assert found == sorted(names(places)), found


@then(step(r"the markers? of (?P<s>.+?)(?: and (?P<i>.+?))? stands? (?:in (?P<place>.+)|beside the board)"))
def markers(table, s, i, place):
    view = table.view(None)
    for marker in filter(None, (s, i)):
        assert view["markers"][name(marker)] == (name(place) if place else None), view["markers"]


@then(step(r"the roll counts (?P<n>\d+) pips"))
def roll_counts(table, n):
    assert table.view(None)["turn"]["pips"] == int(n)


# -- Then: whose move it is ---------------------------------------------------------------------
@then(step(r"it is (?P<player>.+?)'s turn"))
def its_turn_then(table, player):
    view = table.view(None)
    assert (view["phase"], view["current"]) == ("starting_turn", player), (view["phase"], view["current"])
    assert table.legal()["to_act"] == [player]


@then(step(r"the dice are rolled next for (?P<player>.+)"))
def rolled_next_for(table, player):
    view = table.view(None)
    assert view["phase"] == "rolling_for_start" and view["start_waiting"][0] == player
    assert table.legal()["to_act"] == [CHANCE]


@then(step(r"(?P<player>.+?) must ask a question in (?P<place>.+)"))
def must_question(table, player, place):
    legal = table.legal()
    assert legal["to_act"] == [player]
    assert {(m["action"]["type"], m["action"]["location"]) for m in legal["moves"]} == {("question", name(place))}


@then(step(r"(?P<player>.+?) must show one of (?P<cards>.+)"))
def must_show(table, player, cards):
    legal = table.legal()
    assert legal["to_act"] == [player]
    expected = table.state()["private"][player]["hand"] if cards == "his cards" else names(cards)
    assert sorted(m["action"]["card"] for m in legal["moves"]) == sorted(expected)


@then(step(r"(?P<player>.+?) must accuse or end the turn"))
def must_accuse(table, player):
    legal = table.legal()
    assert legal["to_act"] == [player]
    assert {m["action"]["type"] for m in legal["moves"]} == {"accuse", "end_turn"} and len(legal["moves"]) == 6 * 6 * 9 + 1


@then(step(r"(?P<player>.+?) must look at one of the cards in slots (?P<slots>.+)"))
def must_look(table, player, slots):
    legal = table.legal()
    assert legal["to_act"] == [player]
    assert sorted(m["action"]["slot"] for m in legal["moves"]) == [int(s) for s in names(slots)]


@then(step(r"an Advantage card must be drawn for (?P<player>.+)"))
def must_draw(table, player):
    legal = table.legal()
    assert legal["to_act"] == [CHANCE] and {m["action"]["type"] for m in legal["moves"]} == {"draw"}
    assert table.view(None)["current"] == player


@then(step(r"(?P<a>.+?) found no evidence, in that order"))
def no_evidence(outcome, a):
    assert [e["player"] for e in outcome.events if e["type"] == "no_evidence"] == names(a)


@then("nobody shows a card")
def nobody_shows(outcome):
    assert any(e["type"] == "nobody_showed" for e in outcome.events), outcome.events
    assert not any(e["type"] == "shown" for e in outcome.events)


# -- Then: Advantage cards --------------------------------------------------------------------------
@then(step(r"the Advantage (?P<pile>stack|discard pile) holds (?P<n>\d+) cards?"))
def pile_holds(table, pile, n):
    adv = table.view(None)["advantage"]
    assert sum(adv["stack" if pile == "stack" else "discard"].values()) == int(n), adv


@then(step(r"the Advantage stack holds (?P<t>\d+) taxi, (?P<h>\d+) headquarters and (?P<o>\d+) tip-off cards"))
def stack_kinds(table, t, h, o):
    assert table.view(None)["advantage"]["stack"] == {"taxi": int(t), "headquarters": int(h), "tip_off": int(o)}


@then("there are no Advantage cards in the game")
def no_advantage_cards(table):
    assert table.view(None)["advantage"] is None
    assert not any(m["action"]["type"] == "draw" for m in table.legal()["moves"])


# -- Then: the end ------------------------------------------------------------------------------------
@then(step(r"(?P<player>.+?) has won the game"))
def has_won(table, player):
    view = table.view(None)
    assert (view["phase"], view["outcome"]["result"], view["outcome"]["winners"]) == ("solved", "solved", [player])


@then(step(r"(?P<player>.+?) is out of the race"))
def is_out(table, player):
    assert player in table.view(None)["out"]


@then("the case remains unsolved")
def unsolved(table):
    view = table.view(None)
    assert (view["phase"], view["outcome"]["result"], view["outcome"]["winners"]) == ("unsolved", "unsolved", [])


@then("the game is over")
def game_over(table):
    assert table.legal() == {"to_act": [], "moves": []}


@then("the cards beside the board are as they were")
def side_cards_unchanged(table, outcome):
    assert table.state()["secret"]["side_cards"] == outcome.before["secret"]["side_cards"]
