"""Steps of P.I. (features/pi/).  They speak only the driver protocol.

A scenario starts from a dealt table ("Given a game of Red, Blue and Green":
chance takes the first outcome it lists until the stage asked for; dealt once
per options, then loaded) and shapes it with facts (Given ...) that edit the
canonical state; the table is loaded once, when a When or Then needs it.
"Red's case" is the case Red must solve: it lies in the private slot of the
player holding it (``case_of``).  Every name, and its kind, is the published
schema's.
"""

from __future__ import annotations

import functools
import re
from collections import Counter

from pytest_bdd import given, parsers, scenarios, when

from casebook import schemas
from casebook.contract import P_TOLERANCE
from casebook.protocol import CHANCE, Table, redact_events
from step_defs.components import Components
from step_defs.position import acted, viewers
from step_defs.hidden_information import knowers, shows, strings, told_in_public
from step_defs.phrases import Fact, Types
from step_defs.vocabulary import install, played, starts, ways

scenarios("pi")

GAME = "pi"
SCHEMA = schemas.load(GAME)
TYPES = Types(SCHEMA)
KINDS = ("suspect", "location", "crime")
KIND_OF = {n: k for k in KINDS for n in schemas.names(SCHEMA, k)}
TILE_KIND = {n: k for k in ("suspect", "crime") for n in schemas.names(SCHEMA, k + "_tile")}
LOCATIONS = schemas.names(SCHEMA, "location")
ABC = "alphabetical"  # the engine keeps its piles sorted by name
CASES = Components(SCHEMA, "case card", names="evidence", sorted_at=("secret.case_decks",), order=ABC)
EVIDENCE = Components(SCHEMA, "evidence card", names="evidence", sorted_at=("face_up", "deck", "taken.*"), order=ABC)
TILES = {
    k: Components(SCHEMA, f"{k} tile", names=f"{k}_tile", sorted_at=(f"supply.{k}",), order=ABC)
    for k in ("suspect", "crime")
}


# -- shaping a state: protocol only ------------------------------------------------------------
def slot(state, player: str) -> dict:
    """The private slot holding ``player``'s case (their right neighbour's)."""
    return next(s for s in state["private"].values() if s["case_of"] == player)


def case(state, player: str) -> dict:
    return slot(state, player)["case"]


def set_case(state, player: str, elements, pins: set) -> None:
    """``player``'s case holds ``elements``;
    a case (or the case decks) that had one of them gets the one it replaces."""
    holder = next(p for p, s in state["private"].items() if s["case_of"] == player)
    for name in elements:
        CASES.put(state, name, ("private", holder, "case", KIND_OF[name]), pins)
    for p in state["revealed"]:  # a solved case is open to all: the open copy follows
        state["revealed"][p] = dict(case(state, p))


def hand_out(state, field: str) -> None:
    """Empty the deck or the row: the cards went to the players, as if taken earlier in the round."""
    for i, card in enumerate(list(state[field])):
        EVIDENCE.move(state, card, ("taken", state["players"][i % len(state["players"])]))


def solved(state, players: list, turn: int) -> None:
    for p in players:
        state["solved"][p], state["revealed"][p] = turn, dict(case(state, p))


def scored(state, player, points, penalties, detectives, now=False) -> None:
    if now:
        state["points"][player][-1] = points
    else:
        state["points"][player] = points
    state["penalties"][player], state["detectives"][player] = penalties, detectives


def place(state, player, location) -> None:
    state["placed"].append({"player": player, "location": location})
    state["detectives"][player] -= 1


# -- what a table shows ---------------------------------------------------------------------------


def gives(st, by, on, player, d, c, viewers=(None,)) -> bool:
    for v in viewers:
        view = st.view(v)
        marks = [m for m in view["marks"] if (m["player"], m["by"], m["on"]) == (player, by, on)]
        if not marks or (marks[-1]["discs"], marks[-1]["cubes"]) != (d, c):
            return False
        if by == "detective" and {"player": player, "location": on} not in view["placed"]:
            return False
    return True


def chance_gives(st, action: str, outcomes: list) -> bool:
    """Chance alone acts, with these outcomes of this action type, each as likely."""
    moves = st.as_likely()
    return {a["type"] for a in moves} == {action} and sorted(a.get("card") for a in moves) == sorted(outcomes)


def seeds(st, location, weights: dict) -> bool:
    """Chance alone acts, laying a tile on ``location``: each tile as likely as its weight says."""
    moves, total = [m["action"] for m in st.legal["moves"]], sum(weights.values())
    return {(a["location"], a["tile"]) for a in moves} == {(location, t) for t in weights} and all(
        abs((st.chance("tile", t) or 0) - w / total) < P_TOLERANCE for t, w in weights.items()
    )


def draws_culprit_of(st, player, n, never=None) -> bool:
    """Chance offers ``n`` suspects, each as likely, and the first of them goes into ``player``'s case."""
    offered = [m["action"]["card"] for m in st.legal["moves"]]
    if (
        len(offered) != n
        or any(KIND_OF[c] != "suspect" for c in offered)
        or never in offered
        or not chance_gives(st, "draw_case", offered)
    ):
        return False
    scratch = Table.load(st.table.impl, GAME, dict(st))
    try:
        drawn = [e for e in scratch.apply(CHANCE, st.legal["moves"][0]["action"]) if e["type"] == "case_card_drawn"]
    finally:
        scratch.close()
    return [(e["for"], e["element"]) for e in drawn] == [(player, "suspect")]


def tiles_are(st, counts: str) -> bool:
    tiles = st.view(None)["tiles"]
    kinds_right = sorted(tiles) == sorted(LOCATIONS) and all(
        TILE_KIND.get(t[k]) == k for t in tiles.values() for k in ("suspect", "crime")
    )
    shown = Counter(t[k] if t[k].startswith("no ") else k + "s" for t in tiles.values() for k in ("suspect", "crime"))
    wanted = Counter({" ".join(c.split()[1:]): int(c.split()[0]) for c in re.split(r", | and ", counts)})
    return kinds_right and shown == wanted and len({t[k] for t in tiles.values() for k in ("suspect", "crime")}) == 24


def touches(st, location, neighbours) -> bool:
    paths = st.table.impl.describe(GAME)["board"]["paths"]
    return {p["b"] for p in paths if p["a"] == location} | {p["a"] for p in paths if p["b"] == location} == set(
        neighbours
    )


def case_open(st, player, elements) -> bool:
    wanted = {KIND_OF[n]: n for n in elements}
    return all(
        wanted in [st.view(v)["revealed"].get(player)] + [r["cases"][player] for r in st.view(v)["rounds"]]
        for v in viewers(st)
    )


def standing(st, player) -> tuple:
    view = st.view(None)
    return sum(view["points"][player]), view["penalties"][player], view["detectives"][player]


def types_of(st, player) -> set:
    return {a["type"] for a in st.table.moves_of(player)}


def may_not(st, player, kind) -> bool:
    """``player`` may act, but with no move of ``kind``: said of a player who may do nothing at all (the game
    stalled, or over) "may not" would hold whatever the rule (the generic "cannot" step refuses a game over, too)."""
    kinds = types_of(st, player)
    return bool(kinds) and kind not in kinds


# -- what the sentences mean: the checks, edits and actions longer than a short expression
def give_case(st, player, a, b, c, pins):
    set_case(st, player, (a, b, c), pins)


def lay_tiles(st, tiles, location, pins):
    for t in tiles:
        TILES[TILE_KIND[t]].put(st, t, ("tiles", location, TILE_KIND[t]), pins)


def lay_no_suspect_and_no_crime(st, location, pins):
    for k in ("suspect", "crime"):
        TILES[k].put(st, f"no {k}", ("tiles", location, k), pins)


def has_scored_this_round(st, player, points, pen, det):
    scored(st, player, points, pen, det, now=True)


def has_scored(st, player, points, pen, det):
    scored(st, player, points, pen, det)


def cases_share(st, p, q, x):
    for w in (p, q):
        case(st, w)[KIND_OF[x]] = x


def tile_also_lies_on(st, tile, location):
    st["tiles"][location][TILE_KIND[tile]] = tile


def turn_of(st, player):
    return (st["phase"], st["current"], st.legal["to_act"]) == ("playing", player, [player])


def all_locations_open_to(st, player, n):
    return ways(st, player, "place", "location") == (n, set(LOCATIONS))


def may_take_any_face_up_card(st, player, n):
    return ways(st, player, "take", "card") == (n, set(st.view(player)["face_up"])) and len(st["face_up"]) == n


def may_name_any_of_solutions(st, player, n):
    return (
        len({(a["suspect"], a["location"], a["crime"]) for a in st.table.moves_of(player) if a["type"] == "solve"}) == n
    )


def must_answer(st, answerer, player):
    return (
        st.legal["to_act"] == [answerer]
        and types_of(st, answerer) == {"answer"}
        and st.view(None)["pending"]["player"] == player
    )


def may_answer_only(st, answerer, d, c):
    return st.table.moves_of(answerer) == [{"type": "answer", "discs": d, "cubes": c}]


def chance_seeds_a_suspect_from(st, location, n):
    return len(st.legal["moves"]) == n and all(
        TILE_KIND[m["action"]["tile"]] == "suspect" and m["action"]["location"] == location for m in st.legal["moves"]
    )


def chance_seeds_a_suspect_by_the_odds(st, location):
    return seeds(st, location, {**{t: 1 for t in schemas.names(SCHEMA, "suspect")}, "no suspect": 2})


def chance_turns_up_any_of(st, n):
    return len(st["deck"]) == n and chance_gives(st, "turn_up", st["deck"])


def every_case_is_one_of_each_kind(st):
    return all(
        sorted((KIND_OF[v], k) for k, v in case(st, p).items()) == [(k, k) for k in sorted(KINDS)]
        for p in st["players"]
    )


def has_taken(st, player, card):
    return card in st.view(None)["taken"][player] and card not in st["face_up"]


def nothing_left_from_round(st, r):
    return (
        st["round"] == r + 1
        and st.view(None)["placed"] == st.view(None)["marks"] == []
        and not any(st["taken"].values())
    )


def still_round(st, r):
    return st["round"] == r and st["phase"] not in ("seeding", "over")


def has_points_penalties_and_detectives(st, player, points, pen, det):
    return standing(st, player) == (points, pen, det)


def has_points_in_all(st, player, total):
    return st.view(None)["outcome"]["totals"][player] == total


def sees_case_of(st, viewer, owner):
    return st.view(viewer)["private"][viewer] == {"case_of": owner, "case": case(st, owner)}


def does_not_see_cases_of(st, viewer, owners):
    return not any(shows(st.view(viewer), case(st, o)) for o in owners)


def does_not_see_either_case(st, viewer, a, b):
    return does_not_see_cases_of(st, viewer, (a, b))


def no_player_sees_own_case(st):
    return not any(shows(st.view(p), case(st, p)) for p in st["players"])


def only_sees(st, player, card):
    return knowers(st, [card]) == {player} and not told_in_public(st, [card])


def scores_for_the_round(st, player, n):
    return st.view(None)["points"][player][st.outcome.before["round"] - 1] == n


def everybody_told(st, event: dict) -> bool:
    """Every viewer's copy of the last move's events tells ``event``, whole, as the one event of its type."""
    return all(
        [e for e in redact_events(st.outcome.events, v) if e["type"] == event["type"]] == [event] for v in viewers(st)
    )


def everybody_told_named_wrongly(st, player, s, loc, c):
    return everybody_told(
        st, {"type": "tried", "player": player, "suspect": s, "location": loc, "crime": c, "right": False}
    )


def everybody_told_who_answers(st, answerer, player):  # issue 31
    return everybody_told(st, {"type": "answer_awaited", "player": player, "answerer": answerer})


def told_names_only(st, allowed):
    return {s for s in strings(st.outcome.events) if s in KIND_OF or s in TILE_KIND} <= set(allowed)


# -- the vocabulary: actions, chance, facts ------------------------------------------------------
ACTIONS = [
    ("place a detective on {location:location}", "place"),
    ("take the {card:evidence} card", "take"),
    ("name {suspect:text}, {location:text} and {crime:text}", "solve"),
    ("answer {discs:d} disc[s|] and {cubes:d} cube[s|]", "answer"),
]
CHANCE_MOVES = [
    ("chance draws {card:evidence}", "draw_case"),
    ("chance turns up the {card:evidence} card", "turn_up"),
]
# -- the starts: chance takes the first outcome it lists until the stage asked for (the set-up's phases, in order) --
SET_UP = ("seeding", "drawing_cases", "turning_up")
STAGES = {
    "": played("until_playing", *SET_UP),
    " whose tiles are being seeded": None,
    " whose cases are being drawn": played("until_drawing_cases", *SET_UP[:1]),
    " whose evidence cards are being turned up": played("until_turning_up", *SET_UP[:2]),
}


def in_round(state, round=None, **_) -> None:
    """The rounds before ``round`` played (any cases will do for rounds past)."""
    if round:
        seats, past = state["players"], {k: schemas.names(SCHEMA, k) for k in KINDS}
        state["round"], state["points"] = round, {p: [0] * round for p in seats}
        state["rounds"] = [
            {"cases": {p: {k: past[k][i] for k in KINDS} for i, p in enumerate(seats)}, "solved": {}}
        ] * (round - 1)


def players_in_variant(players, variant, **_) -> dict:
    """The options of a start: its players and its variant (the other fields are the start's own: its round)."""
    return {"players": players, "variant": variant}


FACTS = [
    fact
    for who, variant in (("", "engine-answers"), (" where the neighbour answers", "neighbour-answers"))
    for fact in starts(
        {
            f"a game of {{players:player+}}{who}{later}{stage}": deal
            for stage, deal in STAGES.items()
            for later in ("", " in round {round:d}")
        },
        functools.partial(players_in_variant, variant=variant),
        then=in_round,
    )
]
FACTS += [
    # -- the position (Given) --
    Fact(
        "{player:player}'s case is {a:evidence}, {b:evidence} and {c:evidence}",
        put=give_case,
    ),
    Fact(
        "the {tiles:suspect_tile|crime_tile+} tile[s|] [lie|lies] on {location:location}",
        put=lay_tiles,
    ),
    Fact(
        "a no suspect and a no crime tile lie on {location:location}",
        put=lay_no_suspect_and_no_crime,
    ),
    Fact(
        "it is {player:player}'s turn in turn {turn:d}",
        put=lambda st, player, turn: st.update(current=player, game_turn=turn),
    ),
    Fact("{players:player+} [has|have] solved their case in turn {turn:d}", put=solved),
    Fact(
        "{player:player} has scored {points:d} points this round with {pen:d} penalt[y|ies] and {det:d} "
        "detective[s|] left",
        put=has_scored_this_round,
    ),
    Fact(
        "{player:player} has scored {points:d+} points with {pen:d} penalt[y|ies] and {det:d} detective[s|] left",
        put=has_scored,
    ),
    Fact(
        "{player:player} has {n:d} detective[s|] left",
        put=lambda st, player, n: st["detectives"].__setitem__(player, n),
    ),
    Fact("a detective of {player:player} stands on {location:location}", put=place),
    Fact(
        "the {card:evidence} card lies face up", put=lambda st, card, pins: EVIDENCE.put(st, card, ("face_up",), pins)
    ),
    Fact("the {card:evidence} card is in the deck", put=lambda st, card, pins: EVIDENCE.put(st, card, ("deck",), pins)),
    Fact("the evidence deck is empty", put=lambda st: hand_out(st, "deck")),
    # -- positions the rules forbid ("a copy of the game in which ... is loaded") --
    Fact("{player:player}'s case has no crime", put=lambda st, player: case(st, player).pop("crime")),
    Fact(
        "{p:player}'s and {q:player}'s cases share {x:evidence}",
        put=cases_share,
    ),
    Fact(
        "the {tile:suspect_tile|crime_tile} tile also lies on {location:location}",
        put=tile_also_lies_on,
    ),
    Fact(
        "{player:player}'s culprit is {tile:suspect_tile}",
        put=lambda st, player, tile: case(st, player).__setitem__("suspect", tile),
    ),
    Fact("no evidence card lies face up", put=lambda st: hand_out(st, "face_up")),
    # -- whose move (Then) --
    Fact(
        "it is {player:player}'s turn",
        check=turn_of,
    ),
    Fact("nobody may act but {actor:w}", check=lambda st, actor: st.legal["to_act"] == [actor]),
    Fact(
        "{player:player} may place a detective, take an evidence card or name a solution",
        check=lambda st, player: types_of(st, player) == {"place", "take", "solve"},
    ),
    Fact(
        "{player:player} may place a detective or name a solution",
        check=lambda st, player: types_of(st, player) == {"place", "solve"},
    ),
    Fact(
        "{player:player} may only name a solution",
        check=lambda st, player: types_of(st, player) == {"solve"},
    ),
    Fact("{player:player} may not place a detective", check=lambda st, player: may_not(st, player, "place")),
    Fact("{player:player} may not take an evidence card", check=lambda st, player: may_not(st, player, "take")),
    Fact(
        "all {n:d} locations are open to {player:player}'s detectives",
        check=all_locations_open_to,
    ),
    Fact(
        "{player:player} may take any of the {n:d} face-up evidence cards",
        check=may_take_any_face_up_card,
    ),
    Fact(
        "{player:player} may name any of {n:d} solutions",
        check=may_name_any_of_solutions,
    ),
    Fact(
        "{answerer:player} must answer {player:player}",
        check=must_answer,
    ),
    Fact(
        "{answerer:player} may answer only {d:d} disc[s|] and {c:d} cube[s|]",
        check=may_answer_only,
    ),
    # -- chance (Then) --
    Fact(
        "chance seeds a suspect tile on {location:location} from {n:d} different tiles",
        check=chance_seeds_a_suspect_from,
    ),
    Fact(
        "chance seeds a suspect tile on {location:location}: each suspect 1 in 14, no suspect 2 in 14",
        check=chance_seeds_a_suspect_by_the_odds,
    ),
    Fact("chance draws {player:player}'s culprit from {n:d} suspects, each as likely", check=draws_culprit_of),
    Fact(
        "chance draws {player:player}'s culprit from {n:d} suspects, each as likely, never {never:suspect}",
        check=draws_culprit_of,
    ),
    Fact(
        "chance turns up one of {n:d} evidence cards, each as likely",
        check=chance_turns_up_any_of,
    ),
    # -- the board and the cards (Then) --
    Fact(
        "every player's case is one suspect, one location and one crime",
        check=every_case_is_one_of_each_kind,
    ),
    Fact("{location:location} touches exactly {neighbours:location+}", check=touches),
    Fact("every location holds one suspect tile and one crime tile, of {counts:text}", check=tiles_are),
    Fact(
        "the detective on {on:location} gives {player:player} {d:d} disc[s|] and {c:d} cube[s|]",
        check=lambda st, **kw: gives(st, "detective", **kw),
    ),
    Fact(
        "everybody sees that the detective on {on:location} gives {player:player} {d:d} disc[s|] and {c:d} cube[s|]",
        check=lambda st, **kw: gives(st, "detective", **kw, viewers=viewers(st)),
    ),
    Fact(
        "the {on:evidence} card gives {player:player} {d:d} disc[s|] and {c:d} cube[s|]",
        check=lambda st, **kw: gives(st, "card", **kw),
    ),
    Fact("{n:d} evidence cards lie face up", check=lambda st, n: len(st.view(None)["face_up"]) == n),
    Fact("{n:d} evidence cards are in the deck", check=lambda st, n: len(st.view(None)["deck"]) == n),
    Fact(
        "{player:player} has taken the {card:evidence} card",
        check=has_taken,
    ),
    Fact(
        "no detective, disc, cube or taken evidence card is left from round {r:d}",
        check=nothing_left_from_round,
    ),
    # -- rounds, points, the end (Then) --
    Fact("round {r:d} begins", check=lambda st, r: (st["round"], st["phase"]) == (r, "seeding")),
    Fact("it is still round {r:d}", check=still_round),
    Fact(
        "{player:player} has {points:d} points, {pen:d} penalt[y|ies] and {det:d} detectives left",
        check=has_points_penalties_and_detectives,
    ),
    Fact(
        "{player:player} scores {n:d} point[s|] for round {r:d}",
        check=lambda st, player, n, r: st.view(None)["points"][player][r - 1] == n,
    ),
    Fact(
        "{player:player} has solved their case",
        check=lambda st, player: player in st.view(None)["solved"],
        denied="{player:player} has not solved their case",
    ),
    Fact(
        "everybody sees that {player:player}'s case [is|was] {a:evidence}, {b:evidence} and {c:evidence}",
        check=lambda st, player, a, b, c: case_open(st, player, (a, b, c)),
    ),
    Fact(
        "{player:player} has {total:d} points in all",
        check=has_points_in_all,
    ),
    Fact("{player:player} wins", check=lambda st, player: st.view(None)["outcome"]["winners"] == [player]),
    Fact(
        "{players:player+} share the victory", check=lambda st, players: st.view(None)["outcome"]["winners"] == players
    ),
    # -- who sees which case (Then) --
    Fact(
        "{viewer:player} sees {owner:player}'s case",
        check=sees_case_of,
    ),
    Fact(
        "{viewer:player} does not see {owners:player+}'s case",
        check=does_not_see_cases_of,
    ),
    Fact(
        "{viewer:player} does not see {a:player}'s case or {b:player}'s case",
        check=does_not_see_either_case,
    ),
    Fact("no player sees their own case", check=no_player_sees_own_case),
    # -- what the last move told (Then) --
    Fact(
        "only {player:player} sees {card:evidence}",
        check=only_sees,
    ),
    *[
        Fact(
            f"what anybody is told of it names {what} but {{allowed:evidence+}}",
            check=told_names_only,
        )
        for what in ("no suspect, no crime and no location", "nothing of the board")
    ],
    Fact(
        "{player:player} scores {n:d} point[s|] for the round",
        check=scores_for_the_round,
    ),
    Fact(
        "everybody is told that {player:player} named {s:suspect}, {loc:location} and {c:crime} and was wrong",
        check=everybody_told_named_wrongly,
    ),
    Fact(
        "everybody is told that {answerer:player} is to answer {player:player}",
        check=everybody_told_who_answers,
    ),
]

install(TYPES, ACTIONS, CHANCE_MOVES, FACTS)


# -- the steps only this game has -----------------------------------------------------------------
@given(parsers.re(r"(?P<player>\w+) has placed a detective on (?P<location>.+)"), target_fixture="outcome")
def has_placed(position, player, location):
    return acted(position, player, {"type": "place", "location": location}, trying=False)


@when(parsers.re(r"chance (?:turns up (?P<n>\d+) evidence cards|sets up the new round)"), target_fixture="outcome")
def chance_goes_on(position, n):
    """Chance takes the first outcome it lists: n times, or until the new round's first player plays."""
    for _ in range(int(n or 200)):
        if not n and position.table.state()["phase"] == "playing":
            break
        outcome = acted(position, CHANCE, position.table.legal()["moves"][0]["action"], trying=False)
    return outcome


@when(parsers.re(r"a new game of (?P<players>.+) is started"))
def new_game(position, players):
    position.new({"players": re.split(r", | and ", players)})
