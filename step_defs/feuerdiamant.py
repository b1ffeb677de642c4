"""Steps of Die drei ??? und der Feuerdiamant.  They speak only the driver protocol.

A scenario starts from a dealt table ("Given a 3-player game at difficulty 2":
``new`` and the set-up's chance draws, always the first outcome listed), then
shapes it by editing the canonical state and loading it (the state format is
part of the protocol: casebook/schemas/feuerdiamant.json).  Actions go
through ``attempt`` so a refusal can be asserted with the shared steps.
"""

from __future__ import annotations

import pytest
from pytest_bdd import given, parsers, scenarios, then, when

from casebook.errors import GameError
from casebook.protocol import CHANCE, leaks
from casebook.testing import attempt

scenarios("feuerdiamant")

FIGURES = ["Justus", "Peter", "Bob", "Cotta"]
STEPS = {"hazard": "hazard", "event": "events", "movement": "movement", "action": "action",
         "person": "person", "detective cards": "detective_cards", "roll": "rolling"}
FACE_DOWN = "face down"
QUOTED = {"Q": lambda text: text}
QUOTED["Q"].pattern = r'[^"]+'  # a quoted name never swallows the closing quote


def P(pattern):
    return parsers.parse(pattern, extra_types=QUOTED)


# -- state surgery (the canonical state is the protocol's own format) ------------------
def _reload(open_table, table, edit):
    state = table.state()
    edit(state)
    return open_table(state=state)


def _path(a, b):
    return "~".join(sorted((a, b)))


def _take_from_board(st, kind, card):
    """Lift a ``kind`` ("person" or "clue") card off the board, face up or down; a put-back function, or None."""
    hidden = st["secret"][kind + "s"]
    for loc, slot in st["board"].items():
        if slot[kind] == card:
            slot[kind] = None
            return lambda x: slot.__setitem__(kind, x)
        if slot[kind] == FACE_DOWN and hidden.get(loc) == card:
            del hidden[loc]
            slot[kind] = None
            return lambda x: (hidden.__setitem__(loc, x), slot.__setitem__(kind, FACE_DOWN))
    return None


def _take_person(st, person):
    """Lift a person card from wherever it is; return a function that puts a card back there."""
    back = _take_from_board(st, "person", person)
    if back:
        return back
    for where in (st["beside_board"], st["secret"]["pools"]["persons"]):
        if person in where:
            where.remove(person)
            return where.append
    raise AssertionError(f"{person} is nowhere")


def _take_clue(st, clue):
    back = _take_from_board(st, "clue", clue)
    if back:
        return back
    secret = st["secret"]
    if secret["set_aside"] == clue:
        secret["set_aside"] = None
        return lambda x: secret.__setitem__("set_aside", x)
    for clues in [*st["suspect_track"].values(), secret["pools"]["clues"]]:
        if clue in clues:
            clues.remove(clue)
            return clues.append
    raise AssertionError(f"clue {clue} is nowhere")


def _put(st, kind, card, loc, face):
    """Lay a person or clue card on ``loc`` face up or down; whatever lay there goes where the card came from."""
    back = (_take_person if kind == "person" else _take_clue)(st, card)
    slot, hidden = st["board"][loc], st["secret"][kind + "s"]
    occupant = hidden.pop(loc) if slot[kind] == FACE_DOWN else slot[kind]
    if occupant:
        back(occupant)
    if face == "up":
        slot[kind] = card
    else:
        slot[kind], hidden[loc] = FACE_DOWN, card


def _set_aside(st, clue):
    back = _take_clue(st, clue)
    back(st["secret"]["set_aside"])
    st["secret"]["set_aside"] = clue


def _take_token(st, token):
    for track in st["tracks"].values():
        for t in track["tokens"]:
            if t["token"] == token:
                track["tokens"].remove(t)
                return
    for where in (st["secret"]["pools"]["events"], st["box"]["events"]):
        if token in where:
            where.remove(token)
            return
    raise AssertionError(f"no event token {token} left")


def _place_token(st, token, colour, space):
    _take_token(st, token)
    tokens = st["tracks"][colour]["tokens"]
    for t in [t for t in tokens if t["space"] == space]:
        tokens.remove(t)
        st["box"]["events"].append(t["token"])
    tokens.append({"space": space, "token": token})


# -- Given: tables ------------------------------------------------------------------------
@given(P("a new {n:d}-player game at difficulty {level:d}"), target_fixture="table")
def new_game(open_table, n, level):
    return open_table({"players": FIGURES[:n], "difficulty": level})


@given(P("a {n:d}-player game at difficulty {level:d}"), target_fixture="table")
def dealt_game(open_table, n, level):
    table = open_table({"players": FIGURES[:n], "difficulty": level})
    _deal(table)
    return table


def _deal(table):
    """Play the set-up's chance draws, always the first outcome listed."""
    while table.state()["phase"] == "setup":
        table.apply(CHANCE, table.legal()["moves"][0]["action"])


@given(P("it is {player:w}'s {step} step on \"{space:Q}\""), target_fixture="table")
def turn_step(open_table, table, player, step, space):
    def edit(st):
        st["current"], st["phase"], st["figures"][player] = player, STEPS[step], space
        st["roll"] = st["roll"] or {"hazard": "red", "movement": 1, "colour": "red", "bonus": 0}
    return _reload(open_table, table, edit)


@given(P("{player:w} has rolled \"{face:Q}\" and {n:d}"), target_fixture="table")
def has_rolled(open_table, table, player, face, n):
    def edit(st):
        st["current"], st["phase"] = player, "hazard"
        st["roll"] = {"hazard": face, "movement": n, "colour": None, "bonus": 0}
    return _reload(open_table, table, edit)


@given(P("{player:w}'s figure stands on \"{space:Q}\""), target_fixture="table")
def figure_on(open_table, table, player, space):
    return _reload(open_table, table, lambda st: st["figures"].__setitem__(player, space))


@given(P("\"{person:Q}\" lies face {face:w} at \"{location:Q}\""), target_fixture="table")
def person_at(open_table, table, person, face, location):
    return _reload(open_table, table, lambda st: _put(st, "person", person, location, face))


@given(P("\"{person:Q}\" is in hiding beside the board"), target_fixture="table")
def person_hiding(open_table, table, person):
    def edit(st):
        back = _take_person(st, person)
        st["beside_board"].append(person)
        del back
    return _reload(open_table, table, edit)


@given(P("no person card lies at \"{location:Q}\""), target_fixture="table")
def no_person(open_table, table, location):
    def edit(st):
        slot = st["board"][location]
        person = st["secret"]["persons"].pop(location) if slot["person"] == FACE_DOWN else slot["person"]
        slot["person"] = None
        if person:
            st["beside_board"].append(person)
    return _reload(open_table, table, edit)


@given(P("the clue \"{clue:Q}\" lies face {face:w} at \"{location:Q}\""), target_fixture="table")
def clue_at(open_table, table, clue, face, location):
    return _reload(open_table, table, lambda st: _put(st, "clue", clue, location, face))


@given(P("the clue \"{clue:Q}\" lies under \"{suspect:Q}\" on the suspect track"), target_fixture="table")
def clue_on_track(open_table, table, clue, suspect):
    def edit(st):
        back = _take_clue(st, clue)
        st["suspect_track"][suspect].append(clue)
        del back
    return _reload(open_table, table, edit)


@given(P("the clue \"{clue:Q}\" is set aside"), target_fixture="table")
def clue_set_aside(open_table, table, clue):
    return _reload(open_table, table, lambda st: _set_aside(st, clue))


@given(P("every clue but the one set aside lies face up on the suspect track"), target_fixture="table")
def all_clues_seen(open_table, table):
    def edit(st):
        secret = st["secret"]
        clues = list(secret["clues"].values()) + secret["pools"]["clues"]
        clues += [b["clue"] for b in st["board"].values() if b["clue"] not in (None, FACE_DOWN)]
        for slot in st["board"].values():
            slot["clue"] = None
        secret["clues"], secret["pools"]["clues"] = {}, []
        for clue in clues:
            st["suspect_track"][_SUSPECT_OF[clue]].append(clue)
    return _reload(open_table, table, edit)


# the suspect each clue points to (FD-MOD-05): what a player reads in the clue's corner
_SUSPECT_OF = {
    "timer switch": "Victor Hugenay", "forged certificate": "Victor Hugenay", "paintbrush": "Victor Hugenay",
    "train ticket": "Victor Hugenay", "hammer": "Skinny Norris", "sports car key": "Skinny Norris",
    "matchbox": "Skinny Norris", "torn jacket": "Skinny Norris", "glove": "Elliot Krieger", "letter": "Elliot Krieger",
    "rope": "Elliot Krieger", "camera": "Elliot Krieger", "mask": "Wolf's Face", "footprint": "Wolf's Face",
    "wolf hair": "Wolf's Face", "phone number": "Wolf's Face", "lipstick": "Brittany", "map": "Brittany",
    "lighter": "Brittany", "ransom note": "Brittany", "vial of poison": "Mr. Dalton", "fuse": "Mr. Dalton",
    "bank statement": "Mr. Dalton", "diamond case": "Mr. Dalton",
}


@given(P("the clue stack is empty"), target_fixture="table")
def clue_stack_empty(open_table, table):
    def edit(st):  # as if every clue left in the stack had come out and been matched long ago
        for clue in st["secret"]["pools"]["clues"]:
            st["suspect_track"][_SUSPECT_OF[clue]].append(clue)
        st["secret"]["pools"]["clues"] = []
    return _reload(open_table, table, edit)


@given(P("the detective stack is empty"), target_fixture="table")
def detective_stack_empty(open_table, table):
    def edit(st):
        st["box"]["detective"] += st["secret"]["pools"]["detective"]
        st["secret"]["pools"]["detective"] = []
    return _reload(open_table, table, edit)


@given(P("the obstacle \"{obstacle:Q}\" lies on \"{location:Q}\""), target_fixture="table")
def obstacle_on(open_table, table, obstacle, location):
    def edit(st):
        st["secret"]["pools"]["obstacles"].remove(obstacle)
        st["board"][location]["obstacle"] = obstacle
    return _reload(open_table, table, edit)


@given(P("no obstacle token is left beside the board"), target_fixture="table")
def obstacles_used(open_table, table):
    def edit(st):
        st["box"]["obstacles"] += st["secret"]["pools"]["obstacles"]
        st["secret"]["pools"]["obstacles"] = []
    return _reload(open_table, table, edit)


@given(P("a roadblock lies between \"{a:Q}\" and \"{b:Q}\""), target_fixture="table")
def roadblock(open_table, table, a, b):
    def edit(st):
        _take_token(st, "roadblock " + _path(a, b))
        st["roadblocks"] = sorted(st["roadblocks"] + [_path(a, b)])
    return _reload(open_table, table, edit)


@given(P("{player:w} holds \"{card:Q}\""), target_fixture="table")
def holds(open_table, table, player, card):
    def edit(st):
        st["secret"]["pools"]["detective"].remove(card)
        st["hands"][player].append(card)
    return _reload(open_table, table, edit)


@given(P("the {colour:w} hazard indicator stands on space {n:d}"), target_fixture="table")
def indicator_on(open_table, table, colour, n):
    return _reload(open_table, table, lambda st: st["tracks"][colour].__setitem__("indicator", n))


@given(P("the event token \"{token:Q}\" lies on space {n:d} of the {colour:w} track"), target_fixture="table")
def token_on(open_table, table, token, n, colour):
    return _reload(open_table, table, lambda st: _place_token(st, token, colour, n))


@given(P("no event token lies on the {colour:w} track"), target_fixture="table")
def track_cleared(open_table, table, colour):
    def edit(st):
        st["box"]["events"] += [t["token"] for t in st["tracks"][colour]["tokens"]]
        st["tracks"][colour]["tokens"] = []
    return _reload(open_table, table, edit)


# -- When: actions (each may be refused; the outcome keeps the state before) ----------
def _act(table, actor, **action):
    return attempt(table, actor, action)


@when(P("the dice show \"{face:Q}\" and {n:d}"), target_fixture="outcome")
def dice_show(table, face, n):
    return _act(table, CHANCE, type="roll", hazard=face, movement=n)


@when(P("chance draws \"{card:Q}\""), target_fixture="outcome")
def chance_draws(table, card):
    return _act(table, CHANCE, type="draw", card=card)


@when(P("{player:w} moves the {colour:w} hazard indicator"), target_fixture="outcome")
def moves_indicator(table, player, colour):
    return _act(table, player, type="move_hazard_indicator", colour=colour)


@when(P("{player:w} carries out the event"), target_fixture="outcome")
def carries_out(table, player):
    return _act(table, player, type="carry_out_event")


@when(P("{player:w} carries out the event on \"{a:Q}\" and \"{b:Q}\""), target_fixture="outcome")
def carries_out_on(table, player, a, b):
    return _act(table, player, type="carry_out_event", suspects=sorted([a, b]))


@when(P("{player:w} moves to \"{space:Q}\""), target_fixture="outcome")
def moves_to(table, player, space):
    return _act(table, player, type="move", to=space)


@when(P("{player:w} {verb}s the {thing:w}"), target_fixture="outcome")
def simple_action(table, player, verb, thing):
    kinds = {("reveal", "clue"): "reveal_clue", ("reveal", "person"): "reveal_person",
             ("end", "action"): "end_action", ("end", "turn"): "end_turn", ("remove", "obstacle"): "remove_obstacle"}
    return _act(table, player, type=kinds.get((verb, thing), f"{verb}_{thing}"))


@when(P("{player:w} draws a detective card"), target_fixture="outcome")
def draws_card(table, player):
    return _act(table, player, type="draw_detective_card")


@when(P("{player:w} removes the roadblock between \"{a:Q}\" and \"{b:Q}\""), target_fixture="outcome")
def removes_roadblock(table, player, a, b):
    return _act(table, player, type="remove_roadblock", path=_path(a, b))


@when(P("{player:w} interrogates with the clue at \"{location:Q}\""), target_fixture="outcome")
def interrogates(table, player, location):
    return _act(table, player, type="interrogate", clue_at=location)


@when(P("{player:w} uses Morton to return \"{person:Q}\" to \"{location:Q}\""), target_fixture="outcome")
def uses_morton(table, player, person, location):
    return _act(table, player, type="use_helper", helper="Morton", person=person, to=location)


@when(P("{player:w} uses Uncle Titus on the obstacle at \"{location:Q}\""), target_fixture="outcome")
def titus_obstacle(table, player, location):
    return _act(table, player, type="use_helper", helper="Uncle Titus", obstacle_at=location)


@when(P("{player:w} uses Uncle Titus on the roadblock between \"{a:Q}\" and \"{b:Q}\""), target_fixture="outcome")
def titus_roadblock(table, player, a, b):
    return _act(table, player, type="use_helper", helper="Uncle Titus", path=_path(a, b))


@when(P("{player:w} uses Aunt Mathilda"), target_fixture="outcome")
def uses_mathilda(table, player):
    return _act(table, player, type="use_helper", helper="Aunt Mathilda")


@when(P("{player:w} plays \"{card:Q}\""), target_fixture="outcome")
def plays(table, player, card):
    return _act(table, player, type="play", card=card)


@when(P("{player:w} plays \"{card:Q}\" on the {colour:w} track"), target_fixture="outcome")
def plays_on_track(table, player, card, colour):
    return _act(table, player, type="play", card=card, colour=colour)


@when(P("{player:w} plays \"{card:Q}\" on space {n:d} of the {colour:w} track"), target_fixture="outcome")
def plays_on_token(table, player, card, n, colour):
    return _act(table, player, type="play", card=card, colour=colour, space=n)


@when(P("{player:w} plays \"Central Office\" to {choice} on the {colour:w} track"), target_fixture="outcome")
def plays_central_office(table, player, choice, colour):
    return _act(table, player, type="play", card="Central Office", choice=choice, colour=colour)


@when(P("{player:w} plays \"Central Office\" to draw"), target_fixture="outcome")
def plays_central_office_draw(table, player):
    return _act(table, player, type="play", card="Central Office", choice="draw")


@when(P("{player:w} plays \"{card:Q}\" on the roadblock between \"{a:Q}\" and \"{b:Q}\""), target_fixture="outcome")
def plays_on_roadblock(table, player, card, a, b):
    return _act(table, player, type="play", card=card, path=_path(a, b))


@when(P("{player:w} plays \"Recall\" to return \"{person:Q}\" to \"{location:Q}\""), target_fixture="outcome")
def plays_recall(table, player, person, location):
    return _act(table, player, type="play", card="Recall", person=person, to=location)


@when(P("{player:w} accuses \"{suspect:Q}\""), target_fixture="outcome")
def accuses(table, player, suspect):
    return _act(table, player, type="accuse", suspect=suspect)


@when(P("{player:w} sends {action}"), target_fixture="outcome")
def sends_raw(table, player, action):
    import json
    return attempt(table, player, json.loads(action))


@when("the deal is completed")
def deal(table):
    _deal(table)


# -- Then ------------------------------------------------------------------------------------
@then(P("the {colour:w} hazard indicator stands on space {n:d}"))
def indicator_is(table, colour, n):
    assert table.state()["tracks"][colour]["indicator"] == n, table.state()["tracks"][colour]


@then(P("every hazard indicator stands on space {n:d}"))
def all_indicators(table, n):
    assert {c: t["indicator"] for c, t in table.state()["tracks"].items()} == dict.fromkeys(["brown", "blue", "red", "white"], n)


@then(P("the event token on space {n:d} of the {colour:w} track is {where}"))
def token_state(table, n, colour, where):
    st = table.state()
    present = any(t["space"] == n for t in st["tracks"][colour]["tokens"])
    activated = {"colour": colour, "space": n} in st["activated"]
    expected = {"gone": (False, False), "still there": (True, False), "activated": (True, True)}[where]
    assert (present, activated) == expected, (st["tracks"][colour], st["activated"])


@then(P("the activated event tokens are, in order: {tokens}"))
def activated_order(table, tokens):
    st = table.state()
    names = [next(t["token"] for t in st["tracks"][a["colour"]]["tokens"] if t["space"] == a["space"]) for a in st["activated"]]
    assert names == [t.strip().strip('"') for t in tokens.split(",")], names


@then(P("the game is {result:w}"))
def game_result(table, result):
    st = table.state()
    assert st["phase"] == result and table.legal() == {"to_act": [], "moves": []}, st["phase"]


@then(P("it is {player:w}'s {step} step"))
def at_step(table, player, step):
    st = table.state()
    assert (st["current"], st["phase"]) == (player, STEPS[step]), (st["current"], st["phase"])
    assert player in table.legal()["to_act"] or STEPS[step] == "rolling"


@then(P("chance is to {what}"))
def chance_acts(table, what):
    assert table.legal()["to_act"] == [CHANCE]
    pools = {"roll the dice": None, "place an event token": "events", "draw a detective card": "detective", "draw a clue": "clues",
             "draw an obstacle": "obstacles", "place a person": "shuffle"}
    draws = table.state()["draws"]
    assert (draws[0]["pool"] if draws else None) == pools[what], draws


@then(P("\"{person:Q}\" lies face {face:w} at \"{location:Q}\""))
def person_is(table, person, face, location):
    st = table.state()
    slot = st["board"][location]["person"]
    assert slot == (person if face == "up" else FACE_DOWN), slot
    if face == "down":
        assert st["secret"]["persons"][location] == person


@then(P("no person card lies at \"{location:Q}\""))
def person_gone(table, location):
    assert table.state()["board"][location]["person"] is None


@then(P("\"{person:Q}\" is in hiding beside the board"))
def hiding(table, person):
    assert person in table.state()["beside_board"]


@then(P("\"{person:Q}\" is not beside the board"))
def not_hiding(table, person):
    assert person not in table.state()["beside_board"]


@then(P("the clue \"{clue:Q}\" lies face up at \"{location:Q}\""))
def clue_is(table, clue, location):
    assert table.state()["board"][location]["clue"] == clue


@then(P("a face-down clue lies at \"{location:Q}\""))
def clue_face_down(table, location):
    assert table.state()["board"][location]["clue"] == FACE_DOWN


@then(P("no clue lies at \"{location:Q}\""))
def no_clue(table, location):
    assert table.state()["board"][location]["clue"] is None


@then(P("the clue \"{clue:Q}\" lies under \"{suspect:Q}\" on the suspect track"))
def clue_under(table, clue, suspect):
    assert clue in table.state()["suspect_track"][suspect]


@then(P("the suspect track holds {n:d} clues"))
def track_count(table, n):
    assert sum(len(v) for v in table.state()["suspect_track"].values()) == n


@then(P("the obstacle \"{obstacle:Q}\" lies on \"{location:Q}\""))
def obstacle_is(table, obstacle, location):
    assert table.state()["board"][location]["obstacle"] == obstacle


@then(P("no obstacle lies on \"{location:Q}\""))
def no_obstacle(table, location):
    assert table.state()["board"][location]["obstacle"] is None


@then(P("{n:d} obstacle tokens lie face down beside the board"))
def obstacle_supply(table, n):
    assert table.view(None)["stacks"]["obstacles"] == n


@then(P("a roadblock lies between \"{a:Q}\" and \"{b:Q}\""))
def roadblock_is(table, a, b):
    assert _path(a, b) in table.state()["roadblocks"]


@then(P("no roadblock lies between \"{a:Q}\" and \"{b:Q}\""))
def roadblock_gone(table, a, b):
    assert _path(a, b) not in table.state()["roadblocks"]


@then(P("{n:d} detective cards are to be drawn for {player:w}"))
def pending_cards(table, n, player):
    draws = table.state()["draws"]
    assert sum(1 for d in draws if d == {"pool": "detective", "to": player}) == n, draws


@then(P("{player:w} holds \"{card:Q}\""))
def holds_card(table, player, card):
    assert card in table.state()["hands"][player]


@then(P("{player:w} holds no \"{card:Q}\""))
def holds_no_card(table, player, card):
    assert card not in table.state()["hands"][player]


@then(P("{player:w} may {what}"))
def may_do(table, player, what):
    assert _offered(table, player, what), table.moves_of(player)


@then(P("{player:w} cannot {what}"))
def may_not_do(table, player, what):
    assert table.legal()["moves"] and not _offered(table, player, what), table.moves_of(player)


def _offered(table, player, what):
    kinds = {"reveal the clue": "reveal_clue", "reveal the person": "reveal_person", "interrogate": "interrogate",
             "use the helper": "use_helper", "remove the obstacle": "remove_obstacle",
             "remove a roadblock": "remove_roadblock", "draw a detective card": "draw_detective_card",
             "accuse": "accuse", "end the turn": "end_turn", "play a card": "play"}
    if what.startswith("move to "):
        return {"type": "move", "to": what[8:].strip('"')} in table.moves_of(player)
    if what.startswith("play "):
        return any(m.get("card") == what[5:].strip('"') for m in table.moves_of(player))
    return any(m["type"] == kinds[what] for m in table.moves_of(player))


@then(P("the only action {player:w} may take is to {what}"))
def only_action(table, player, what):
    kinds = {m["type"] for m in table.moves_of(player) if m["type"] != "play"}
    assert kinds == {{"remove the obstacle": "remove_obstacle", "end the action": "end_action"}[what], "end_action"}, kinds


@then(P("the {case} case is uncovered"))
def uncovered(table, case):
    colours = {"Kidnapping": "brown", "Blackmail": "blue", "Fire Phantom": "red", "Diamond Theft": "white"}
    assert colours[case] in table.state()["uncovered"]


@then(P("no case is uncovered"))
def none_uncovered(table):
    assert table.state()["uncovered"] == []


@then(P("\"{suspect:Q}\" is cleared"))
def cleared(table, suspect):
    assert suspect in table.state()["cleared"]


@then(P("\"{suspect:Q}\" is not cleared"))
def not_cleared(table, suspect):
    assert suspect not in table.state()["cleared"]


@then(P("{n:d} figures stand on \"{space:Q}\""))
def figures_on(table, n, space):
    figures = table.state()["figures"]
    assert len(figures) == n and set(figures.values()) == {space}, figures


@then(P("{n:d} event tokens lie face up on the hazard tracks"))
def tokens_on_tracks(table, n):
    st = table.view(None)
    spaces = [(c, t["space"]) for c, track in st["tracks"].items() for t in track["tokens"]]
    assert len(spaces) == n == len(set(spaces)), spaces


@then(P("every location but \"Zentrale\" holds a face-down person card and a face-down clue card"))
def board_dealt(table):
    board = table.view(None)["board"]
    assert "Zentrale" not in board and len(board) == 9
    assert all(b["person"] == FACE_DOWN and b["clue"] == FACE_DOWN for b in board.values()), board


@then(P("one clue card is set aside unseen and {n:d} clue cards form the stack"))
def set_aside_unseen(table, n):
    st, view = table.state(), table.view("Justus")
    assert st["secret"]["set_aside"] and view.get("set_aside") is None and view["stacks"]["clues"] == n


@then(P("no view shows a face-down card"))
def no_leak(table):
    st = table.state()
    for viewer in [*st["players"], None]:
        view = table.view(viewer)
        assert not leaks(view, viewer) and "secret" not in view
        hidden = set(st["secret"]["persons"].values()) | set(st["secret"]["clues"].values())
        shown = {b[k] for b in view["board"].values() for k in ("person", "clue")}
        assert not (hidden & shown), hidden & shown


@then(P("{n:d} events were reported"))
def events_reported(outcome, n):
    assert len(outcome.events) == n, outcome.events


@then(P("an event \"{kind:Q}\" was reported"))
def event_reported(outcome, kind):
    assert any(e["type"] == kind for e in outcome.events), outcome.events


@then(P("starting a game for {n:d} players at difficulty {level:d} is refused as {code:w}"))
def start_refused(open_table, n, level, code):
    with pytest.raises(GameError) as refused:
        open_table({"players": (FIGURES + ["Morton", "Titus"])[:n], "difficulty": level})
    assert refused.value.code == code


@then(P("starting a game for {n:d} players at difficulty {level:d} succeeds"))
def start_ok(open_table, n, level):
    table = open_table({"players": FIGURES[:n], "difficulty": level})
    assert table.legal()["to_act"] == [CHANCE]


@then(P("the game is lost through the {case} case"))
def lost_through(table, case):
    st = table.state()
    assert st["phase"] == "lost" and st["outcome"]["case"] == case, st["outcome"]


@then(P("chance rolls \"{face:Q}\" with probability {a:d} in {b:d}"))
def roll_probability(table, face, a, b):
    moves = table.legal()["moves"]
    assert abs(sum(m["p"] for m in moves if m["action"].get("hazard") == face) - a / b) < 1e-9
    assert abs(sum(m["p"] for m in moves) - 1) < 1e-9


@then(P("chance draws \"{card:Q}\" with probability {a:d} in {b:d}"))
def draw_probability(table, card, a, b):
    moves = table.legal()["moves"]
    assert abs(sum(m["p"] for m in moves if m["action"].get("card") == card) - a / b) < 1e-9


@then(P("the event tokens of the {colour:w} track lie on spaces {spaces}"))
def token_spaces(table, colour, spaces):
    got = [t["space"] for t in table.view(None)["tracks"][colour]["tokens"]]
    assert got == [int(x) for x in spaces.replace(" and", ",").split(",")], got


@then(P("{n:d} event tokens read \"{token:Q}\""))
def tokens_read(table, n, token):
    tracks = table.view(None)["tracks"].values()
    assert sum(1 for t in tracks for x in t["tokens"] if x["token"] == token) == n


@then(P("the detective stack holds {n:d} cards"))
def detective_stack(table, n):
    assert table.view(None)["stacks"]["detective"] == n


@then(P("{player:w}'s view shows that {other:w} holds \"{card:Q}\""))
def view_shows_hand(table, player, other, card):
    assert card in table.view(player)["hands"][other]
