"""Steps of P.I. (features/pi/).  They speak only the driver protocol.

A scenario starts from a dealt table (chance taking its first outcome each
time; cached per options) and reaches its position by editing the canonical
state and loading it.  Names are the rulebook's, unquoted; which kind a name
is (suspect, location, crime, tile) comes from the published schema.
"""

from __future__ import annotations

import re
from collections import Counter

import pytest
from pytest_bdd import given, parsers, scenarios, then, when

from casebook import schemas
from casebook.errors import GameError
from casebook.protocol import CHANCE, redact_events
from casebook.testing import Outcome, attempt

scenarios("pi")

GAME = "pi"
_SCHEMA = schemas.load(GAME)
KINDS = ("suspect", "location", "crime")
KIND_OF = {n: k for k in KINDS for n in schemas.names(_SCHEMA, k)}
TILE_KIND = {n: k for k in ("suspect", "crime") for n in schemas.names(_SCHEMA, k + "_tile")}
LOCATIONS = schemas.names(_SCHEMA, "location")
SETUP = {"": "playing", "tiles are being seeded": "seeding", "cases are being drawn": "drawing_cases",
         "evidence cards are being turned up": "turning_up"}
ACTIONS = {"place a detective": "place", "take an evidence card": "take", "name a solution": "solve", "answer": "answer"}
_STARTS: dict = {}


def step(pattern: str):
    return parsers.re("^" + pattern + "$")


def names(text: str) -> list[str]:
    return [n for n in re.split(r", | and ", text.strip()) if n]


def count(text: str) -> int:
    return int(text.split()[0])


# -- helpers: protocol only ------------------------------------------------------------------
def edited(open_table, table, change):
    state = table.state()
    change(state)
    return open_table(state=state)


def act(table, actor: str, action: dict, trying=None) -> Outcome:
    outcome = attempt(table, actor, action)
    if not trying and outcome.error is not None:
        raise AssertionError(f"expected {actor} {action} to be accepted: {outcome}")
    return outcome


def first_chance(table) -> Outcome:
    moves = table.legal()["moves"]
    assert moves and moves[0]["actor"] == CHANCE, f"chance is not to act: {table.legal()['to_act']}"
    return act(table, CHANCE, moves[0]["action"])


def holder(state, player: str) -> dict:
    """The private slot holding ``player``'s case (their right neighbour's)."""
    return next(slot for slot in state["private"].values() if slot["case_of"] == player)


def case(state, player: str) -> dict:
    return holder(state, player)["case"]


def set_case(state, player: str, elements: list[str]) -> None:
    mine = case(state, player)
    for name in elements:
        kind = KIND_OF[name]
        other = next((s["case"] for s in state["private"].values() if s["case"].get(kind) == name), None)
        if other is mine:
            continue
        if other is not None:  # swap with the case that had it: cases never share an element
            other[kind] = mine[kind]
        else:
            deck = state["secret"]["case_decks"]
            deck.remove(name)
            if kind in mine:
                deck.append(mine[kind])
                deck.sort()
        mine[kind] = name
    for p in state["revealed"]:  # a solved case is open to all: keep the open copy the same
        state["revealed"][p] = dict(case(state, p))


def put_tile(state, tile: str, location: str, pins: set) -> None:
    kind = TILE_KIND[tile]
    tiles = state["tiles"]
    if tiles[location][kind] != tile:
        source = next(loc for loc, t in tiles.items() if t[kind] == tile and loc != location and (loc, kind) not in pins)
        tiles[source][kind], tiles[location][kind] = tiles[location][kind], tile
    pins.add((location, kind))


def move_card(state, card: str, into: str) -> None:
    """Put an evidence card into the row or the deck, trading places with another card there."""
    other_place = "deck" if into == "face_up" else "face_up"
    if card in state[into]:
        return
    state[other_place].remove(card)
    out = next(c for c in sorted(state[into]) if c != card)
    state[into].remove(out)
    state[into] = sorted(state[into] + [card])
    state[other_place] = sorted(state[other_place] + [out])


def all_strings(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from all_strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from all_strings(v)


def holds_case(value, wanted: dict) -> bool:
    """Whether a dict equal to ``wanted`` shows anywhere in ``value``."""
    if value == wanted:
        return True
    children = value.values() if isinstance(value, dict) else value if isinstance(value, list) else ()
    return any(holds_case(c, wanted) for c in children)


def viewers(table):
    return [*table.state()["players"], None]


@pytest.fixture
def pins() -> set:
    return set()


# -- Given: a table, then edits of its state -------------------------------------------------
@given(step(r"a game of (?P<players>[A-Z].+?)(?P<neighbour> where the neighbour answers)?(?: in round (?P<round>\d))?"
            r"(?: whose (?P<stage>tiles are being seeded|cases are being drawn|evidence cards are being turned up))?"), target_fixture="table")
def a_game(implementation, open_table, players, neighbour, round, stage):
    options = {"players": names(players), "variant": "neighbour-answers" if neighbour else "engine-answers"}
    key = (id(implementation), str(options), stage)
    if key not in _STARTS:
        table = open_table(options)
        while table.state()["phase"] != SETUP[stage or ""]:
            first_chance(table)
        _STARTS[key] = table.state()
    table = open_table(state=_STARTS[key])
    if round:
        def later_round(state):
            seats, past = state["players"], {k: schemas.names(_SCHEMA, k) for k in KINDS}  # any cases will do for rounds past
            state["round"], state["points"] = int(round), {p: [0] * int(round) for p in seats}
            state["rounds"] = [{"cases": {p: {k: past[k][i] for k in KINDS} for i, p in enumerate(seats)}, "solved": {}}] * (int(round) - 1)
        table = edited(open_table, table, later_round)
    return table


@given(step(r"(?P<player>\w+)'s case is (?P<elements>.+)"), target_fixture="table")
def case_is(open_table, table, player, elements):
    return edited(open_table, table, lambda s: set_case(s, player, names(elements)))


@given(step(r"(?:the|a) (?P<tiles>.+?) tiles? lies? on (?P<location>.+)"), target_fixture="table")
def tiles_lie(open_table, table, pins, tiles, location):
    tiles = [t.removeprefix("a ") for t in names(tiles)]  # "a no suspect and a no crime tile"
    return edited(open_table, table, lambda s: [put_tile(s, t, location, pins) for t in tiles])


@given(step(r"it is (?P<player>\w+)'s turn in turn (?P<turn>\d+)"), target_fixture="table")
def turn_is(open_table, table, player, turn):
    return edited(open_table, table, lambda s: s.update(current=player, game_turn=int(turn)))


@given(step(r"(?P<players>.+?) (?:has|have) solved their cases? in turn (?P<turn>\d+)"), target_fixture="table")
def solved_in(open_table, table, players, turn):
    def change(state):
        for p in names(players):
            state["solved"][p], state["revealed"][p] = int(turn), dict(case(state, p))
    return edited(open_table, table, change)


@given(step(r"(?P<player>\w+) has (?:scored (?P<points>.+?) points(?P<now> this round)? with (?P<penalties>\d+) penalt(?:y|ies) and )?"
            r"(?P<detectives>\d+) detectives? left"), target_fixture="table")
def has_scored(open_table, table, player, points, now, penalties, detectives):
    def change(state):
        if points and now:
            state["points"][player][-1] = int(points)
        elif points:
            state["points"][player] = [int(p) for p in names(points)]
        if penalties:
            state["penalties"][player] = int(penalties)
        state["detectives"][player] = int(detectives)
    return edited(open_table, table, change)


@given(step(r"a detective of (?P<player>\w+) stands on (?P<location>.+)"), target_fixture="table")
def detective_stands(open_table, table, player, location):
    def change(state):
        state["placed"].append({"player": player, "location": location})
        state["detectives"][player] -= 1
    return edited(open_table, table, change)


@given(step(r"(?:the (?P<card>.+) card (?P<where>lies face up|is in the deck)|(?P<gone>the evidence deck is empty|no evidence card lies face up))"),
       target_fixture="table")
def cards_lie(open_table, table, card, where, gone):
    def change(state):  # a card trades places with another; emptied cards went to the players, as if taken earlier
        if card:
            return move_card(state, card, "face_up" if where == "lies face up" else "deck")
        field = "deck" if gone.startswith("the evidence deck") else "face_up"
        for i, card_ in enumerate(state[field]):
            p = state["players"][i % len(state["players"])]
            state["taken"][p] = sorted(state["taken"][p] + [card_])
        state[field] = []
    return edited(open_table, table, change)


# -- When: moves ------------------------------------------------------------------------------
@given(step(r"(?P<player>\w+) has placed a detective on (?P<location>.+)"), target_fixture="outcome")
@when(step(r"(?P<player>\w+) (?P<trying>tries to )?places? a detective on (?P<location>.+)"), target_fixture="outcome")
def places(table, player, location, trying=None):
    return act(table, player, {"type": "place", "location": location}, trying)


@when(step(r"(?P<player>\w+) (?P<trying>tries to )?takes? the (?P<card>.+) card"), target_fixture="outcome")
def takes(table, player, trying, card):
    return act(table, player, {"type": "take", "card": card}, trying)


@when(step(r"(?P<player>\w+) (?P<trying>tries to )?names? (?P<s>.+?), (?P<l>.+?) and (?P<c>.+)"), target_fixture="outcome")
def names_solution(table, player, trying, s, l, c):
    return act(table, player, {"type": "solve", "suspect": s, "location": l, "crime": c}, trying)


@when(step(r"(?P<player>\w+) (?P<trying>tries to )?answers? (?P<discs>\d+) discs? and (?P<cubes>\d+) cubes?"), target_fixture="outcome")
def answers(table, player, trying, discs, cubes):
    return act(table, player, {"type": "answer", "discs": int(discs), "cubes": int(cubes)}, trying)


@when(step(r"chance (?:draws (?P<drawn>.+)|turns up (?:the (?P<card>.+) card|(?P<n>\d+) evidence cards))"), target_fixture="outcome")
def chance_gives(table, drawn, card, n):
    if n:
        return [first_chance(table) for _ in range(int(n))][-1]
    moves = [{"type": "draw_case", "card": c} for c in names(drawn)] if drawn else [{"type": "turn_up", "card": card}]
    return Outcome(CHANCE, {}, None, [e for m in moves for e in act(table, CHANCE, m).events])


@when("the new round is set up")
def new_round_set_up(table):
    while table.state()["phase"] in ("seeding", "drawing_cases", "turning_up"):
        first_chance(table)


@when(step(r"a new game of (?P<players>.+) is started"), target_fixture="table")
def new_game(open_table, players):
    return open_table({"players": names(players)})


@when(step(r"a new game of (?P<players>.+) is requested"), target_fixture="outcome")
def new_game_requested(open_table, players):
    outcome = Outcome("", {"players": names(players)}, None)
    try:
        open_table({"players": names(players)})
    except GameError as exc:
        outcome.error = exc
    return outcome


_EDITS = [  # a copy of the game in which ... : each a small change that makes the state impossible
    (r"(?P<p>\w+)'s case has no crime", lambda s, m: case(s, m["p"]).pop("crime")),
    (r"(?P<p>\w+)'s and (?P<q>\w+)'s cases share (?P<x>.+)", lambda s, m: case(s, m["q"]).__setitem__(KIND_OF[m["x"]], m["x"])
     or case(s, m["p"]).__setitem__(KIND_OF[m["x"]], m["x"])),
    (r"the (?P<x>.+) tile also lies on (?P<loc>.+)", lambda s, m: s["tiles"][m["loc"]].__setitem__(TILE_KIND[m["x"]], m["x"])),
    (r"(?P<p>\w+) has (?P<n>\d+) detectives left", lambda s, m: s["detectives"].__setitem__(m["p"], int(m["n"]))),
    (r"(?P<p>\w+)'s culprit is (?P<x>.+)", lambda s, m: case(s, m["p"]).__setitem__("suspect", m["x"])),
]


@when(step(r"a copy of the game in which (?P<edit>.+) is loaded"), target_fixture="outcome")
def load_copy(open_table, table, edit):
    state = table.state()
    pattern, change = next((p, c) for p, c in _EDITS if re.fullmatch(p, edit))
    change(state, re.fullmatch(pattern, edit))
    outcome = Outcome("", {}, table.state())
    try:
        open_table(state=state)
    except GameError as exc:
        outcome.error = exc
    return outcome


# -- Then: what the table shows ---------------------------------------------------------------
@then(step(r"it is (?P<player>\w+)'s turn"))
def its_turn(table, player):
    state = table.state()
    assert (state["phase"], state["current"]) == ("playing", player), f"{state['phase']}, {state['current']}'s turn"
    assert table.legal()["to_act"] == [player]


@then(step(r"nobody may act but (?P<actor>\w+)"))
def only_actor(table, actor):
    assert table.legal()["to_act"] == [actor], table.legal()["to_act"]


_ACTION = "(?:place a detective|take an evidence card|name a solution)"


@then(step(rf"(?P<player>\w+) may (?P<nt>not )?(?P<what>{_ACTION}(?:(?:, | or ){_ACTION})*)"))
def may_do(table, player, nt, what):
    types, wanted = {a["type"] for a in table.moves_of(player)}, {ACTIONS[w] for w in names(what.replace(" or ", ", "))}
    assert not types & wanted if nt else types == wanted, sorted(types)


@then(step(r"(?P<player>\w+) may (?:place a detective on any of the (?P<locations>\d+) locations|take any of the (?P<cards>\d+) face-up evidence cards"
           r"|name any of (?P<solutions>\d+) solutions)"))
def may_choose_any(table, player, locations, cards, solutions):
    moves = table.moves_of(player)
    if locations:
        assert sorted(a["location"] for a in moves if a["type"] == "place") == sorted(LOCATIONS) and len(LOCATIONS) == int(locations)
    elif cards:
        taken = sorted(a["card"] for a in moves if a["type"] == "take")
        assert taken == sorted(table.view(player)["face_up"]) and len(taken) == int(cards)
    else:
        tries = {(a["suspect"], a["location"], a["crime"]) for a in moves if a["type"] == "solve"}
        assert len(tries) == int(solutions), len(tries)


@then(step(r"(?P<answerer>\w+) (?:must answer (?P<player>\w+)|may answer only (?P<discs>\d+) discs? and (?P<cubes>\d+) cubes?)"))
def must_answer(table, answerer, player, discs, cubes):
    assert table.legal()["to_act"] == [answerer]
    moves = table.moves_of(answerer)
    if player:
        assert table.state()["pending"]["player"] == player and {a["type"] for a in moves} == {"answer"}
    else:
        assert moves == [{"type": "answer", "discs": int(discs), "cubes": int(cubes)}], moves


@then(step(r"chance (?P<what>seeds a suspect tile on|draws|turns up one of) (?P<rest>.+)"))
def chance_offers(open_table, table, what, rest):
    moves = table.legal()["moves"]
    assert moves and all(m["actor"] == CHANCE for m in moves)
    p = {m["action"].get("tile", m["action"].get("card")): m["p"] for m in moves}
    if what == "seeds a suspect tile on":  # "<location> from 13 different tiles" | "<location>: each suspect 1 in 14, no suspect 2 in 14"
        location = re.split(r" from |: ", rest)[0]
        assert {m["action"]["location"] for m in moves} == {location} and set(p) <= set(TILE_KIND)
        assert all(TILE_KIND[t] == "suspect" for t in p)
        if " from " in rest:
            assert len(p) == count(rest.split(" from ")[1])
        else:
            assert all(abs(p[t] - (2 if t == "no suspect" else 1) / 14) < 1e-9 for t in p) and len(p) == 13
        return
    if what == "turns up one of":  # "27 evidence cards, each as likely"
        assert sorted(p) == sorted(table.state()["deck"]) and len(p) == count(rest)
    else:  # "<player>'s culprit from 11 suspects, each as likely[, never <name>]"
        m = re.fullmatch(r"(?P<who>\w+)'s culprit from (?P<n>\d+) suspects, each as likely(?:, never (?P<never>.+))?", rest)
        assert len(p) == int(m["n"]) and all(KIND_OF[c] == "suspect" for c in p) and m["never"] not in p
        scratch = open_table(state=table.state())
        scratch = [e for e in act(scratch, CHANCE, moves[0]["action"]).events if e["type"] == "case_card_drawn"]
        assert scratch[0]["for"] == m["who"] and scratch[0]["element"] == "suspect", scratch
    assert max(p.values()) - min(p.values()) < 1e-9, "each as likely"


@then(step(r"only (?P<player>\w+) sees (?P<card>.+)"))
def only_sees(table, outcome, player, card):
    for viewer in viewers(table):
        in_hand = card in all_strings(table.view(viewer).get("private", {}))
        told = card in all_strings(redact_events(outcome.events, viewer))
        assert in_hand == told == (viewer == player), f"{viewer}: holds {in_hand}, told {told}"


@then("every player's case is one suspect, one location and one crime")
def cases_complete(table):
    state = table.state()
    for p in state["players"]:
        assert sorted(KIND_OF[v] + k for k, v in case(state, p).items()) == sorted(k + k for k in KINDS)


@then(step(r"(?P<location>.+) touches exactly (?P<neighbours>.+)"))
def touches(implementation, location, neighbours):
    paths = implementation.describe(GAME)["board"]["paths"]
    found = {p["b"] for p in paths if p["a"] == location} | {p["a"] for p in paths if p["b"] == location}
    assert found == set(names(neighbours)), sorted(found)


@then(step(r"every location holds one suspect tile and one crime tile, of (?P<counts>.+)"))
def one_tile_each(table, counts):
    tiles = table.view(None)["tiles"]
    assert sorted(tiles) == sorted(LOCATIONS)
    assert all(TILE_KIND.get(t["suspect"]) == "suspect" and TILE_KIND.get(t["crime"]) == "crime" for t in tiles.values())
    shown = Counter(t[k] if t[k].startswith("no ") else k + "s" for t in tiles.values() for k in ("suspect", "crime"))
    assert shown == Counter({" ".join(c.split()[1:]): count(c) for c in names(counts)}), shown
    assert len({t[k] for t in tiles.values() for k in ("suspect", "crime")}) == 24, "every suspect and crime once"


@then(step(r"(?P<everybody>everybody sees that )?the (?:detective on (?P<location>.+?)|(?P<card>.+?) card) gives (?P<player>\w+) "
           r"(?P<discs>\d+) discs? and (?P<cubes>\d+) cubes?"))
def gives(table, everybody, location, card, player, discs, cubes):
    for viewer in viewers(table) if everybody else [None]:
        marks = [m for m in table.view(viewer)["marks"] if m["player"] == player and m["on"] == (location or card)
                 and m["by"] == ("detective" if location else "card")]
        assert marks and (marks[-1]["discs"], marks[-1]["cubes"]) == (int(discs), int(cubes)), (viewer, marks)
        assert card or {"player": player, "location": location} in table.view(viewer)["placed"]


@then(step(r"what anybody is told of it names (?:no suspect, no crime and no location|nothing of the board) but (?P<allowed>.+)"))
def names_nothing_else(outcome, allowed):
    named = {s for s in all_strings(outcome.events) if s in KIND_OF or s in TILE_KIND}
    assert named <= set(names(allowed)), sorted(named - set(names(allowed)))


@then(step(r"(?P<n>\d+) evidence cards (?P<where>lie face up|are in the deck)"))
def cards_count(table, n, where):
    assert len(table.view(None)["face_up" if where == "lie face up" else "deck"]) == int(n)


@then(step(r"(?P<player>\w+) has taken the (?P<card>.+) card"))
def has_taken(table, player, card):
    assert card in table.view(None)["taken"][player] and card not in table.view(None)["face_up"]


@then(step(r"no detective, disc, cube or taken evidence card is left from round \d"))
def nothing_left(table):
    view = table.view(None)
    assert view["placed"] == view["marks"] == [] and not any(view["taken"].values()), view


@then(step(r"(?:round (?P<begins>\d) begins|it is still round (?P<still>\d)|the game is over)"))
def round_is(table, begins, still):
    state = table.state()
    if begins:
        assert (state["round"], state["phase"]) == (int(begins), "seeding"), (state["round"], state["phase"])
    elif still:
        assert state["round"] == int(still) and state["phase"] not in ("seeding", "over")
    else:
        assert state["phase"] == "over" and table.legal() == {"to_act": [], "moves": []}


@then(step(r"(?P<player>\w+) has (?P<points>-?\d+) points, (?P<penalties>\d+) penalt(?:y|ies) and (?P<detectives>\d+) detectives left"))
def standing(table, player, points, penalties, detectives):
    view = table.view(None)
    got = (sum(view["points"][player]), view["penalties"][player], view["detectives"][player])
    assert got == (int(points), int(penalties), int(detectives)), got


@then(step(r"(?P<player>\w+) scores (?P<points>\d+) points? for (?:the round|round (?P<round>\d))"))
def scores(table, outcome, player, points, round):
    r = int(round) if round else outcome.before["round"]
    assert table.view(None)["points"][player][r - 1] == int(points), table.view(None)["points"]


@then(step(r"(?P<player>\w+) has (?P<nt>not )?solved their case"))
def has_solved(table, player, nt):
    assert (player in table.view(None)["solved"]) != bool(nt)


@then(step(r"everybody is told that (?P<player>\w+) named (?P<s>.+?), (?P<l>.+?) and (?P<c>.+) and was wrong"))
def told_wrong(table, outcome, player, s, l, c):
    for viewer in viewers(table):
        tried = [e for e in redact_events(outcome.events, viewer) if e["type"] == "tried"]
        assert tried == [{"type": "tried", "player": player, "suspect": s, "location": l, "crime": c, "right": False}], tried


@then(step(r"everybody sees that (?P<player>\w+)'s case (?:is|was) (?P<elements>.+)"))
def case_open(table, player, elements):
    wanted = {KIND_OF[n]: n for n in names(elements)}
    for viewer in viewers(table):
        view = table.view(viewer)
        shown = [view["revealed"].get(player)] + [r["cases"][player] for r in view["rounds"]]
        assert wanted in shown, (viewer, shown)


@then(step(r"(?P<who>.+?) (?:has (?P<total>-?\d+) points in all|wins|share the victory)"))
def final(table, who, total):
    outcome = table.view(None)["outcome"]
    assert outcome is not None, "the game is not over"
    if total is not None:
        assert outcome["totals"][who] == int(total), outcome
    else:
        assert outcome["winners"] == names(who), outcome


@then(step(r"(?P<viewer>[A-Z]\w+) (?P<nt>does not see|sees) (?P<whose>\w+'s case(?: or \w+'s case)*)"))
def sees_cases(table, viewer, nt, whose):
    state, view = table.state(), table.view(viewer)
    for owner in re.findall(r"(\w+)'s case", whose):
        assert holds_case(view, case(state, owner)) == (nt == "sees"), f"{viewer} {nt} {owner}'s case"
    if nt == "sees":
        assert view["private"][viewer]["case_of"] in re.findall(r"(\w+)'s case", whose)


@then("no player sees their own case")
def nobody_sees_own(table):
    state = table.state()
    assert not [p for p in state["players"] if holds_case(table.view(p), case(state, p))]
