"""Steps of the online heist game (features/heist/).  They speak only the driver protocol.

A table is set up through chance moves (the hideout, the two-seat game's four
face-down cards, the deal, the first rolls) or by editing a canonical state
and loading it (the state format is part of the protocol).  Names are the
rules page's and our model's, read from the published schema; a leading
"the" is dropped ("the drill" is the card "drill").  Actions are written in
the page's words ("selects the Kitchen", "asks about Marcus, the drill and
the Kitchen") and read by one phrase table, ``ACTION``.
"""

from __future__ import annotations

import json
import re

import pytest
from pytest_bdd import given, parsers, scenarios, then, when

from casebook import schemas
from casebook.errors import GameError
from casebook.protocol import CHANCE, CLOCK
from casebook.testing import attempt

scenarios("heist")

GAME = "heist"
_SCHEMA = schemas.load(GAME)
KINDS = ("gang", "method", "place")
KIND_OF = {card: kind for kind in KINDS for card in schemas.names(_SCHEMA, kind)}
PLACES = schemas.names(_SCHEMA, "place")
DEFAULT_HIDEOUT = ("Vera", "thermal lance", "Wine Cellar")
HEADING = {"gang": "who", "method": "how", "place": "where"}
SEAT = re.compile(r"the (\w+) bot (\w+)")
CARD_WORDS = {"gang": "gang members", "method": "methods", "place": "places"}


# -- parsing ---------------------------------------------------------------------------------
def name(text: str) -> str:
    text = text.strip()
    return text[4:] if text.startswith("the ") else text


def names(text: str) -> list[str]:
    return [name(part) for part in re.split(r", | and ", text.strip()) if part.strip()]


def step(pattern: str):
    return parsers.re("^" + pattern + "$")


def case(g: str, m: str, p: str) -> dict:
    return {"gang": name(g), "method": name(m), "place": name(p)}


ACTION = [  # the page's verbs -> the protocol's actions
    (r"selects? (?P<place>.+)", lambda d: {"type": "select", "place": name(d["place"])}),
    (r"confirms? the move", lambda d: {"type": "confirm"}),
    (r"takes? the secret passage", lambda d: {"type": "take_secret_passage"}),
    (r"asks? about (?P<g>.+?), (?P<m>.+?) and (?P<p>.+)", lambda d: {"type": "question", **case(d["g"], d["m"], d["p"])}),
    (r"accuses? (?P<g>.+?), (?P<m>.+?) and (?P<p>.+)", lambda d: {"type": "accuse", **case(d["g"], d["m"], d["p"])}),
    (r"shows? (?P<card>.+)", lambda d: {"type": "show", "card": name(d["card"])}),
    (r"ends? the turn", lambda d: {"type": "end_turn"}),
    (r"rolls? the dice", lambda d: {"type": "roll_dice"}),
    (r"switch(?:es)? the notes assistant (?P<on>on|off)", lambda d: {"type": "switch_notes_assistant", "on": d["on"] == "on"}),
]
VERBS = r"(?P<phrase>(?:selects?|confirms?|takes?|asks?|accuses?|shows?|ends?|switch(?:es)?) .+|rolls? the dice)"


def action(phrase: str) -> dict:
    for pattern, build in ACTION:
        if m := re.fullmatch(pattern, phrase):
            return build(m.groupdict())
    raise AssertionError(f"no action reads {phrase!r}")


def room(kind: str, seats: str, extra: str | None) -> dict:
    """Room options from the page's words: seats (people, "the Hard bot Rook"), then options after ", with"."""
    options: dict = {"variant": kind, "players": [], "bots": {}}
    for item in re.split(r", | and ", seats):
        if m := SEAT.fullmatch(item):
            options["players"].append(m[2])
            options["bots"][m[2]] = m[1].lower()
        else:
            options["players"].append(item)
    for part in re.split(r" and (?=a |the )", extra or ""):
        if m := re.fullmatch(r"an? (\d+)-second turn timer", part):
            options["turn_timer"] = int(m[1])
        elif part == "the turn timer off":
            options["turn_timer"] = "off"
        elif m := re.fullmatch(r"the notes assistant (on|off)", part):
            options["notes_assistant"] = m[1] == "on"
        elif m := re.fullmatch(r"the option (\w+)", part):
            options[m[1]] = True
    if not options["bots"]:
        del options["bots"]
    return options


# -- helpers: protocol only --------------------------------------------------------------------
def act(table, actor: str, move: dict, trying: bool = False):
    """Apply a move; unless ``trying``, a refusal fails the step (a Given or When must happen as written)."""
    outcome = attempt(table, actor, move)
    assert trying or outcome.error is None, f"expected acceptance: {outcome}"
    return outcome


def first_chance(table) -> dict:
    return next(m["action"] for m in table.legal()["moves"] if m["actor"] == CHANCE)


@pytest.fixture
def pins() -> set:
    """Cards a Given has placed: later Givens do not move them away."""
    return set()


def edited(open_table, table, change, refresh=True):
    state = table.state()
    change(state)
    for p, mine in state["private"].items():  # the assistant's "in hand" lines follow the hand (HO-NOT-04)
        if mine["assistant"] and refresh:
            for h, cards in mine["notes"].items():
                for card, entry in cards.items():
                    if card in mine["hand"]:
                        cards[card] = {"seen": "in hand"}
                    elif entry == {"seen": "in hand"}:
                        cards[card] = None
    return open_table(state=state)


def locate(state, card):
    for p, mine in state["private"].items():
        if card in mine["hand"]:
            return ("hand", p)
    for place, c in state["secret"]["face_down"].items():
        if c == card:
            return ("face_down", place)
    return ("hideout", KIND_OF[card])


def put(state, where, card):
    kind, key = where
    if kind == "hand":
        state["private"][key]["hand"].append(card)
        state["private"][key]["hand"].sort(key=list(KIND_OF).index)
    else:
        state["secret"][kind][key] = card


def take(state, where, card):
    kind, key = where
    if kind == "hand":
        state["private"][key]["hand"].remove(card)


def swap_into(state, card, where, pins, avoid=()) -> None:
    """Put ``card`` at ``where`` (a hand or a face-down place), sending what it displaces to where ``card`` was."""
    source = locate(state, card)
    if source == where:
        pins.add(card)
        return
    if where[0] == "hand":
        pool = [c for c in state["private"][where[1]]["hand"] if c not in pins and c not in avoid]
    else:
        pool = [state["secret"]["face_down"][where[1]]]
    if source[0] == "hideout":  # the hideout keeps one card of each kind
        pool = [c for c in pool if KIND_OF[c] == source[1]]
    assert pool, f"no card at {where} can make room for {card}"
    victim = pool[0]
    take(state, where, victim)
    take(state, source, card)
    put(state, where, card)
    put(state, source, victim)
    pins.add(card)


def render(entry: dict) -> str:
    """A public case-log entry in the page's words."""
    def the(x):
        return x if x in KIND_OF and KIND_OF[x] == "gang" or x.startswith("Hall") else f"the {x}"

    e = entry
    return {
        "hidden": lambda: "the hideout was filled",
        "laid": lambda: f"a card was laid face down in {the(e.get('place', ''))}",
        "dealt": lambda: f"a card was dealt to {e.get('seat')}",
        "start_roll": lambda: f"{e.get('seat')} rolled {e['dice'][0]} and {e['dice'][1]} to decide who starts",
        "starts": lambda: f"{e.get('seat')} starts",
        "rolled": lambda: f"{e.get('seat')} rolled {e['dice'][0]} and {e['dice'][1]}",
        "moved": lambda: f"{e.get('seat')} moved to {the(e.get('to', ''))}",
        "passage": lambda: f"{e.get('seat')} took the secret passage to {the(e.get('to', ''))}",
        "looked": lambda: f"{e.get('seat')} looked at the face-down card in {the(e.get('place', ''))}",
        "asked": lambda: f"{e.get('seat')} asked about {e['gang']}, the {e['method']} and the {e['place']}",
        "no_card": lambda: f"{e.get('seat')} had no card",
        "showed": lambda: f"{e.get('seat')} showed {e.get('to')} a card",
        "nobody_showed": lambda: "nobody could show a card",
        "timer_ran_out": lambda: f"the {e.get('timer')} timer of {e.get('seat')} ran out",
        "accused": lambda: f"{e.get('seat')} opened the hideout and was {'right' if e.get('right') else 'wrong'}",
        "closed": lambda: f"the case is closed: {e['hideout']['gang']}, the {e['hideout']['method']} and the {e['hideout']['place']}",
    }.get(e["type"], lambda: json.dumps(e))()


def viewers(table) -> list:
    return [*table.state()["players"], None]


# -- Given: tables and positions ------------------------------------------------------------------
@given(step(r"(?:an? (?P<kind>new |dealt )?game of (?P<seats>.+?)|the tutorial for (?P<learner>[A-Z]\w*))(?:, with (?P<extra>.+))?"), target_fixture="table")
def a_game(open_table, kind, seats, learner, extra):
    table = open_table(room("tutorial", learner, extra) if learner else room("private", seats, extra))
    if kind != "new ":
        act(table, CHANCE, {"type": "hide", **dict(zip(KINDS, DEFAULT_HIDEOUT))})
        while table.state()["phase"] in ("laying", "dealing"):
            act(table, CHANCE, first_chance(table))
        first = True  # the first seat rolls twelve, everybody else eleven: the first seat starts
        while kind != "dealt " and table.state()["phase"] == "rolling_for_start":
            act(table, CHANCE, {"type": "roll", "dice": [6, 6] if first else [5, 6]})
            first = False
    return table


@given(step(r"the hideout holds (?P<g>.+?), (?P<m>.+?) and (?P<p>.+)"), target_fixture="table")
def hideout_holds(open_table, table, pins, g, m, p):
    return edited(open_table, table, lambda s: [swap_into(s, c, ("hideout", k), pins) for k, c in case(g, m, p).items()])


@given(step(r"(?P<seat>[A-Z]\w*) holds (?P<none>none of )?(?P<cards>.+)"), target_fixture="table")
def holds(open_table, table, pins, seat, none, cards):
    wanted = names(cards)

    def change(s):
        for card in wanted:
            if not none:
                swap_into(s, card, ("hand", seat), pins, avoid=wanted)
            elif card in s["private"][seat]["hand"]:
                other = next(q for q in s["players"] if q != seat and any(c not in pins and c not in wanted for c in s["private"][q]["hand"]))
                swap_into(s, card, ("hand", other), pins, avoid=wanted)
                pins.discard(card)

    return edited(open_table, table, change)


@given(step(r"(?P<card>.+) lies face down in (?P<place>.+)"), target_fixture="table")
def lies_face_down(open_table, table, pins, card, place):
    def change(s):
        down, place_ = s["secret"]["face_down"], name(place)
        if place_ not in down:  # move a face-down card not placed by a Given to this place
            other = next(p for p, c in down.items() if c not in pins)
            down[place_] = down.pop(other)
            s["face_down"] = [p for p in PLACES if p in down]
        swap_into(s, name(card), ("face_down", place_), pins)

    return edited(open_table, table, change)


@given(step(r"(?:the token of )?(?P<who>.+?) stands (?:in|on) (?P<where>.+)"), target_fixture="table")
def stands(open_table, table, who, where):
    key = "tokens" if name(who) in KIND_OF else "positions"
    return edited(open_table, table, lambda s: s[key].__setitem__(name(who), name(where)))


@given(step(r"(?:it is (?P<seat>[A-Z]\w*)'s turn|(?P<entrant>[A-Z]\w*) has just entered (?P<place>.+))"), target_fixture="table")
def turn_of(open_table, table, seat, entrant, place):
    def change(s):
        if entrant:
            s["positions"][entrant] = name(place)
        s["turn"] = {"began": None, "dice": None, "selected": None, "path": [], "question": None, "answerer": None}
        s.update(phase="in_place" if entrant else "starting_turn", current=entrant or seat)

    return edited(open_table, table, change)


@given(step(r"(?P<seat>[A-Z]\w*) is out"), target_fixture="table")
def is_out(open_table, table, seat):
    def change(s):
        s["out"].append(seat)
        if s["current"] == seat:  # a player out takes no turn: the next one in has it
            s["current"] = next(p for p in s["players"][s["players"].index(seat):] + s["players"] if p not in s["out"])

    return edited(open_table, table, change)


@given(step(r"(?P<seat>[A-Z]\w*) has switched the notes assistant off"), target_fixture="table")
def switched_off(open_table, table, seat):
    return edited(open_table, table, lambda s: s["private"][seat].__setitem__("assistant", False))


@given(step(r"(?P<seat>[A-Z]\w*) has (?:looked at (?P<down>.+) face down in (?P<place>.+)|shown (?P<to>\w+) (?P<card>.+))"), target_fixture="table")
def has_seen(open_table, table, seat, down, place, to, card):
    def change(s):
        if down:
            seen, viewer = {"card": name(down), "place": name(place)}, seat
            entry = {"seen": "face down", "place": name(place)}
        else:
            seen, viewer = {"card": name(card), "by": seat}, to
            s["private"][seat]["showed"].append({"card": name(card), "to": to})
            s["log"].append({"type": "showed", "seat": seat, "to": to})
            entry = {"seen": "shown", "by": seat}
        s["private"][viewer]["seen"].append(seen)
        if s["private"][viewer]["assistant"]:
            s["private"][viewer]["notes"][HEADING[KIND_OF[seen["card"]]]][seen["card"]] = entry

    return edited(open_table, table, change)


@given(step(r"the notes sheet of (?P<seat>[A-Z]\w*) marks (?P<how>only|every card but) (?P<cards>.+)"), target_fixture="table")
def sheet_marks(open_table, table, seat, how, cards):
    listed = set(names(cards))

    def change(s):
        marked = listed if how == "only" else set(KIND_OF) - listed
        other = next(p for p in s["players"] if p != seat)
        for card in KIND_OF:
            where = locate(s, card)
            entry = {"seen": "in hand"} if where == ("hand", seat) else {"seen": "face down", "place": where[1]} if where[0] == "face_down" \
                else {"seen": "shown", "by": where[1] if where[0] == "hand" else other}
            s["private"][seat]["notes"][HEADING[KIND_OF[card]]][card] = entry if card in marked else None

    return edited(open_table, table, change, refresh=False)


@given(step(r"the coach has spoken to (?P<seat>[A-Z]\w*) about (?P<moments>.+)"), target_fixture="table")
def coach_said(open_table, table, seat, moments):
    return edited(open_table, table, lambda s: s["private"][seat].__setitem__("coach", moment_list(moments)))


@given(step(r"(?P<seat>[A-Z]\w*) has asked (?P<n>\d+) questions"), target_fixture="table")
def has_asked(open_table, table, seat, n):
    entry = {"type": "asked", "seat": seat, "gang": "Dex", "method": "drill", "place": "Kitchen"}
    return edited(open_table, table, lambda s: s["log"].extend(dict(entry) for _ in range(int(n))))


def moment_list(text: str) -> list[str]:
    if text == "nothing":
        return []
    return [m.removeprefix("the ").removeprefix("being ") for m in re.split(r", | and ", text)]


# -- When ---------------------------------------------------------------------------------------------
@when(step(r"(?P<seat>[A-Z]\w*) rolls (?P<a>\d) and (?P<b>\d)"), target_fixture="outcome")
def rolls(table, seat, a, b):
    act(table, seat, {"type": "roll_dice"})
    return act(table, CHANCE, {"type": "roll", "dice": [int(a), int(b)]})


@when(step(r"(?P<seat>[A-Z]\w*) (?P<trying>tries to )?" + VERBS), target_fixture="outcome")
def player_acts(table, seat, trying, phrase):
    return act(table, seat, action(phrase), bool(trying))


@when(step(r"(?P<seat>[A-Z]\w*) tries to send (?P<payload>\{.*\})"), target_fixture="outcome")
def send_raw(table, seat, payload):
    return act(table, seat, json.loads(payload), trying=True)


@when(step(r"(?:the dice show (?P<a>\d) and (?P<b>\d)|the hideout is filled with (?P<g>.+?), (?P<m>.+?) and (?P<p>.+)|(?P<card>.+) is (?:dealt|laid face down in (?P<place>.+)))"), target_fixture="outcome")
def chance_acts(table, a, b, g, m, p, card, place):
    if a:
        return act(table, CHANCE, {"type": "roll", "dice": [int(a), int(b)]})
    if g:
        return act(table, CHANCE, {"type": "hide", **case(g, m, p)})
    return act(table, CHANCE, {"type": "lay", "card": name(card), "place": name(place)} if place else {"type": "deal", "card": name(card)})


@when(step(r"(?:the (?P<timer>show|turn) timer runs out|the clock tries to end the (?P<trying>show|turn) timer)"), target_fixture="outcome")
def clock_acts(table, timer, trying):
    return act(table, CLOCK, {"type": "expire", "timer": timer or trying}, bool(trying))


@when(step(r"(?:an? (?P<kind>\w+) room|the (?P<tutorial>tutorial)) is requested for (?P<seats>.+?)(?:, with (?P<extra>.+))?"), target_fixture="refusal")
def requested(implementation, kind, tutorial, seats, extra):
    try:
        implementation.close(implementation.new(GAME, room(kind or tutorial, seats, extra)))
    except GameError as exc:
        return exc
    return len(room(kind or tutorial, seats, extra)["players"])


@when(step(r"a copy of the game without (?P<card>.+) is loaded"), target_fixture="refusal")
def load_without(open_table, table, card):
    state = table.state()
    for mine in state["private"].values():
        mine["hand"] = [c for c in mine["hand"] if c != name(card)]
    try:
        open_table(state=state)
    except GameError as exc:
        return exc
    return None


@when(step(r"(?:the bots play|every (?P<answers>question is answered))"))
def play_on(table, answers):
    """Bots' moves while only a bot is to act; or the first card each answerer may show, until the question is answered."""
    bots = table.state()["options"]["bots"]
    while True:
        movers = [a for a in table.legal()["to_act"] if a != CLOCK]
        if answers and table.state()["phase"] != "answering" or not answers and (len(movers) != 1 or movers[0] not in bots):
            return
        table.apply(movers[0], table.moves_of(movers[0])[0])


# -- Then: requests and counts -----------------------------------------------------------------------
@then(step(r"(?:the request is refused as (?P<code>\w+)|the room opens with (?P<n>\d+) seats)"))
def request_answered(refusal, code, n):
    if code:
        assert isinstance(refusal, GameError), f"the request was accepted: {refusal}"
        assert refusal.code == code, f"expected {code}, got {refusal.code}: {refusal.message}"
    else:
        assert refusal == int(n), f"the room did not open with {n} seats: {refusal}"


@then(step(r"there are 21 cards: 6 gang members, 6 methods and 9 places"))
def cards_conserved(table):
    s = table.state()
    cards = list(s["secret"]["hideout"].values()) + list(s["secret"]["face_down"].values()) + s["secret"]["undealt"]
    cards += [c for mine in s["private"].values() for c in mine["hand"]]
    assert sorted(cards) == sorted(KIND_OF), sorted(cards)
    assert [sum(KIND_OF[c] == k for c in cards) for k in KINDS] == [6, 6, 9]


@then(step(r"the (?P<kind>gang members|methods|places) are (?P<cards>.+)"))
def kind_names(table, kind, cards):
    key = {"gang members": "gang", "methods": "method", "places": "place"}[kind]
    hidable = sorted({m["action"][key] for m in table.legal()["moves"] if m["action"]["type"] == "hide"}, key=names(cards).index)
    assert hidable == names(cards), hidable


@then(step(r"chance may (?:fill the hideout with any of (?P<n>\d+) combinations of one gang member, one method and one place|lay any of the (?P<c>\d+) other cards face down on any of the (?P<p>\d+) places), each as likely"))
def chance_may(table, n, c, p):
    moves = table.legal()["moves"]
    assert {m["actor"] for m in moves} == {CHANCE}
    if n:
        assert len(moves) == int(n) and all({KIND_OF[m["action"][k]] for k in KINDS} == set(KINDS) for m in moves)
    else:
        assert (len({m["action"]["card"] for m in moves}), len({m["action"]["place"] for m in moves})) == (int(c), int(p))
        assert len(moves) == int(c) * int(p)
    assert len({m["p"] for m in moves}) == 1 and abs(sum(m["p"] for m in moves) - 1) < 1e-9


@then(step(r"the seats hold (?P<counts>.+) cards, in seat order"))
def seats_hold(table, counts):
    view = table.view(None)
    assert [view["hand_sizes"][p] for p in view["players"]] == [int(n) for n in names(counts)], view["hand_sizes"]


@then(step(r"(?:no card lies|(?P<n>\d+) cards lie|a card lies) face down(?:, on (?P<k>\d+) different places| in (?P<place>.+))?"))
def face_down(table, n, k, place):
    down = table.view(None)["face_down"]
    if place:
        assert name(place) in down, down
    else:
        assert len(down) == len(set(down)) == int(n or 0), down


@then(step(r"the next card is dealt to (?P<seat>[A-Z]\w*)"))
def next_dealt(table, seat):
    assert table.view(None)["dealing_to"] == seat


@then(step(r"(?P<seat>[A-Z]\w*) holds (?P<card>.+)"))
def holds_then(table, seat, card):
    assert name(card) in table.view(seat)["private"][seat]["hand"]


# -- Then: what each seat sees ------------------------------------------------------------------------
@then(step(r"no view shows (?P<what>the hideout|the face-down cards|another player's notes sheet)"))
def no_view_shows(table, what):
    s = table.state()
    secret = set(s["secret"]["hideout"].values()) if what == "the hideout" else set(s["secret"]["face_down"].values())
    for viewer in viewers(table):
        view = table.view(viewer)
        assert "secret" not in view and set(view["private"]) <= {viewer}, viewer
        mine = view["private"].get(viewer, {})
        if what == "another player's notes sheet":
            continue
        shown = {x["card"] for x in mine.get("seen", [])} | set(mine.get("hand", []))
        assert not secret & shown and view["outcome"] is None, (viewer, secret & shown)


@then(step(r"(?P<seat>[A-Z]\w*) has (?P<neg>not )?seen (?P<card>.+)"))
def has_seen_then(table, seat, neg, card):
    seen = [x["card"] for x in table.view(seat)["private"][seat]["seen"]]
    assert (name(card) in seen) != bool(neg), seen


@then(step(r"the case log ends with:"))
def log_ends_with(table, datatable):
    expected = [row[0] for row in datatable[1:]]
    logs = {str(v): [render(e) for e in table.view(v)["log"]] for v in viewers(table)}
    for viewer, lines in logs.items():
        assert lines[-len(expected):] == expected, (viewer, lines[-len(expected) - 2:])


@then(step(r"(?:only (?P<seats>.+?) can see which (?P<what>card was shown|card was looked at|cards were named)|no entry of the case log names a card)"))
def only_they_see(table, seats, what):
    s = table.state()
    if not seats:  # outside questions and the end, the public log names no card
        for viewer in viewers(table):
            named = [e for e in table.view(viewer)["log"] if e["type"] not in ("asked", "closed") and set(e.values()) & set(KIND_OF)]
            assert not named, (viewer, named)
        return
    if what == "cards were named":
        knowers = {p for p in s["players"] if "accused" in table.view(p)["private"][p]}
    else:
        last = [e for e in s["log"] if e["type"] == ("showed" if what.endswith("shown") else "looked")][-1]
        card = s["private"][last.get("to", last["seat"])]["seen"][-1]["card"]
        knowers = {p for p in s["players"] if card in [x["card"] for x in table.view(p)["private"][p]["seen"] + table.view(p)["private"][p]["showed"]]}
    assert knowers == set(names(seats)), knowers


@then(step(r"nobody could show a card"))
def nobody_showed(outcome):
    assert [e["type"] for e in outcome.events if e["type"] in ("showed", "nobody_showed")] == ["nobody_showed"], outcome.events


@then(step(r"the notes sheet of (?P<seat>[A-Z]\w*) (?:marks (?P<n>\d+) cards as in hand|marks (?P<card>.+?) as (?P<how>in hand|shown by (?P<by>\w+)|face down in (?P<place>.+))|marks nothing for (?P<nothing>.+)|(?P<blank>is blank)|(?P<lists>lists 6 gang members, 6 methods and 9 places))"))
def sheet_then(table, seat, card, how, by, place, n, nothing, blank, lists):
    notes = table.view(seat)["private"][seat]["notes"]
    entries = {c: e for cards in notes.values() for c, e in cards.items()}
    if card:
        expected = {"seen": "in hand"} if how == "in hand" else {"seen": "shown", "by": by} if by else {"seen": "face down", "place": name(place)}
        assert entries[name(card)] == expected, entries[name(card)]
    elif n:
        assert sum(e == {"seen": "in hand"} for e in entries.values()) == int(n), entries
    elif nothing:
        assert entries[name(nothing)] is None, entries[name(nothing)]
    elif blank:
        assert all(e is None for e in entries.values()), entries
    else:
        assert [sorted(notes[h], key=list(KIND_OF).index) for h in ("who", "how", "where")] == [[c for c in KIND_OF if KIND_OF[c] == k] for k in KINDS]


# -- Then: the board and the turn ---------------------------------------------------------------------
@then(step(r"(?P<seat>[A-Z]\w*) stands (?:in|on) (?P<where>.+)"))
def stands_then(table, seat, where):
    assert table.view(None)["positions"][seat] == name(where)


@then(step(r"the tokens? of (?P<tokens>.+?) stands? in (?P<where>no place|.+)"))
def tokens_then(table, tokens, where):
    view = table.view(None)
    for token in names(tokens):
        assert view["tokens"][token] == (None if where == "no place" else name(where)), view["tokens"]


@then(step(r"the roll gives (?P<seat>[A-Z]\w*) (?P<n>\d+) steps"))
def roll_gives(table, seat, n):
    view = table.view(None)
    assert view["current"] == seat and sum(view["turn"]["dice"]) == int(n)


@then(step(r"(?:the path shown to (?P<seat>[A-Z]\w*) (?:runs through (?P<halls>.+) to (?P<place>.+)|is (?P<n>\d+) steps long)|the pawn of (?P<mover>[A-Z]\w*) would stop on (?P<stop>.+))"))
def path_shown(table, seat, halls, place, n, mover, stop):
    turn = table.view(None)["turn"]
    if halls:
        assert turn["path"] == names(halls) + [name(place)], turn["path"]
    elif n:
        assert len(turn["path"]) == int(n), turn["path"]
    else:
        assert turn["path"][: sum(turn["dice"])][-1] == name(stop), turn


@then(step(r"(?P<seat>[A-Z]\w*) may (?P<neg>not )?(?!\w+ in \d+ ways)" + VERBS))
def may(table, seat, neg, phrase):
    assert (action(phrase) in table.moves_of(seat)) != bool(neg), table.moves_of(seat)[:5]


@then(step(r"(?P<seat>[A-Z]\w*) may (?P<verb>ask|accuse|select) in (?P<n>\d+) ways, naming (?P<what>only the .+|each of the 9 places|each place but the .+)"))
def may_count(table, seat, verb, n, what):
    kind = {"ask": "question", "accuse": "accuse", "select": "select"}[verb]
    moves = [a for a in table.moves_of(seat) if a["type"] == kind]
    places = sorted({a["place"] for a in moves})
    expected = [name(what[5:])] if what.startswith("only") else sorted(PLACES) if what.startswith("each of") else sorted(set(PLACES) - {name(what[15:])})
    assert len(moves) == int(n) and places == expected, (len(moves), places)


@then(step(r"(?P<seat>[A-Z]\w*) must (?:show one of (?P<cards>.+)|accuse or end the turn)"))
def must(table, seat, cards):
    legal = table.legal()
    assert legal["to_act"] == [seat] or set(legal["to_act"]) == {seat, CLOCK}, legal["to_act"]
    mine = [a for a in table.moves_of(seat) if a["type"] != "switch_notes_assistant"]
    if cards:
        assert sorted(a["card"] for a in mine) == sorted(names(cards)), mine
    else:
        assert {a["type"] for a in mine} == {"accuse", "end_turn"} and len(mine) == 6 * 6 * 9 + 1, len(mine)


@then(step(r"the bot (?P<seat>[A-Z]\w*) chooses to (?P<phrase>.+)"))
def bot_chooses(table, seat, phrase):
    assert table.moves_of(seat) == [action(phrase)], table.moves_of(seat)


@then(step(r"(?:it is (?P<still>still )?(?P<seat>[A-Z]\w*)'s turn|chance is to act|the dice are rolled next for (?P<roller>[A-Z]\w*))"))
def to_act(table, still, seat, roller):
    view, legal = table.view(None), table.legal()
    if roller:
        assert view["phase"] == "rolling_for_start" and view["start_waiting"][0] == roller and legal["to_act"] == [CHANCE]
    elif seat:
        assert view["current"] == seat and (still or view["phase"] == "starting_turn"), (view["phase"], view["current"])
        assert seat in legal["to_act"], legal["to_act"]
    else:
        assert legal["to_act"] == [CHANCE], legal["to_act"]


@then(step(r"the clock may (?P<neg>not )?end the (?P<timer>show|turn) timer(?: of (?P<seat>[A-Z]\w*))?"))
def clock_may(table, neg, timer, seat):
    clock = table.moves_of(CLOCK)
    if neg:
        assert {"type": "expire", "timer": timer} not in clock, clock
    else:
        assert clock == [{"type": "expire", "timer": timer}] and table.view(None)["timer"]["seat"] == seat, clock


@then(step(r"the (?P<timer>show|turn) timer is (?P<n>\d+) seconds"))
def timer_is(table, timer, n):
    running = table.view(None)["timer"]
    assert running is not None and (running["timer"], running["seconds"]) == (timer, int(n)), running


@then(step(r"the seats are (?P<seats>.+)"))
def seats_are(table, seats):
    expected = room("tutorial", seats, None)
    options = table.view(None)["options"]
    assert (options["players"], options["bots"]) == (expected["players"], expected.get("bots", {}))


# -- Then: the accusation and the end ------------------------------------------------------------------
@then(step(r"(?:(?P<winner>[A-Z]\w*) has won the game|the case (?P<unsolved>remains unsolved)|the game is over|(?P<seat>[A-Z]\w*) is (?P<neg>not )?out)"))
def the_end(table, winner, unsolved, seat, neg):
    view = table.view(None)
    if winner or unsolved:
        expected = ("solved", [winner]) if winner else ("unsolved", [])
        assert view["outcome"] and (view["outcome"]["result"], view["outcome"]["winners"]) == expected, view["outcome"]
    elif seat:
        assert (seat in view["out"]) != bool(neg), view["out"]
    else:
        assert table.legal() == {"to_act": [], "moves": []}


@then(step(r"(?:everybody|(?P<seat>[A-Z]\w*)) sees the hideout: (?P<g>.+?), (?P<m>.+?) and (?P<p>.+)"))
def sees_hideout(table, seat, g, m, p):
    expected = case(g, m, p)
    if seat:
        assert table.view(seat)["private"][seat]["hideout"] == expected
    else:
        for viewer in viewers(table):
            assert table.view(viewer)["outcome"]["hideout"] == expected, viewer


@then(step(r"nobody but (?P<seat>[A-Z]\w*) has seen the hideout"))
def nobody_else(table, seat):
    for viewer in viewers(table):
        view = table.view(viewer)
        assert view["outcome"] is None and ("hideout" in view["private"].get(viewer, {})) == (viewer == seat), viewer


# -- Then: the coach --------------------------------------------------------------------------------------
@then(step(r"(?:the coach has spoken to (?P<seat>[A-Z]\w*) about (?P<moments>.+)|only (?P<learner>[A-Z]\w*) hears the coach)"))
def coach_then(table, seat, moments, learner):
    if seat:
        assert table.view(seat)["private"][seat]["coach"] == moment_list(moments)
    else:
        assert table.view(learner)["private"][learner]["coach"]
        for viewer in viewers(table):
            view = table.view(viewer)
            assert "coach" not in json.dumps(view["log"]) and (viewer == learner) == ("coach" in view["private"].get(viewer, {})), viewer
