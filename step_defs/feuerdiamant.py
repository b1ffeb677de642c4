"""Steps of Die drei ??? und der Feuerdiamant (features/feuerdiamant/).  They speak only the driver protocol.

A scenario starts from a table dealt once per options (the set-up's chance draws, always the first outcome
listed; position.Position) and shapes it with facts that edit the canonical state.  Names are quoted, and
every one is the published schema's.
"""

from __future__ import annotations

import pytest
from pytest_bdd import parsers, scenarios, then

from casebook import schemas
from casebook.errors import GameError
from casebook.protocol import CHANCE
from step_defs.components import Components
from step_defs.hidden_information import hidden, shown_in_public
from step_defs.phrases import Fact, Types
from step_defs.vocabulary import install, played, starts

scenarios("feuerdiamant")

SCHEMA = schemas.load("feuerdiamant")
TYPES = Types(SCHEMA, player=r"[A-Z]\w*")
FIGURES = ["Justus", "Peter", "Bob", "Cotta"]  # our examples' players, named after the four figures
FACE_DOWN = "face down"
SUSPECT_OF = {clue: facts["suspect"] for clue, facts in SCHEMA["facts"]["clues"].items()}
SUSPECTS, HELPERS = SCHEMA["$defs"]["suspect"]["enum"], SCHEMA["$defs"]["helper"]["enum"]
COLOUR_OF_CASE = {case: colour for colour, case in SCHEMA["facts"]["cases"].items()}
CARDS = {
    kind: Components(SCHEMA, kind, sorted_at=()) for kind in ("person", "clue")
}  # where each may lie: the inventory
STEPS = {
    "event": "events",
    "detective cards": "detective_cards",
    "roll": "rolling",
}  # the other steps are named as their phases
CHANCE_IS_TO = {
    "roll the dice": None,
    "place an event token": "events",
    "draw a detective card": "detective",
    "draw a clue": "clues",
    "draw an obstacle": "obstacles",
    "place a person": "shuffle",
}


deal = played("deal", "setup")  # the set-up's chance draws, always the first outcome listed


# -- state surgery (the canonical state is the protocol's own format) ------------------
def path(a, b):
    return "~".join(sorted((a, b)))


def lay(st, kind, card, loc, face, pins):
    """Lay a person or clue card on ``loc`` face up or down; whatever lay there goes where the card came from."""
    slot, hidden = st["board"][loc], st["secret"][kind + "s"]
    if slot[kind] == FACE_DOWN and face == "up":  # what lies there is turned up, then sent away
        slot[kind] = hidden.pop(loc)
    elif slot[kind] not in (None, FACE_DOWN) and face == "down":
        hidden[loc], slot[kind] = slot[kind], FACE_DOWN
    CARDS[kind].put(st, card, ("board", loc, kind) if face == "up" else ("secret", kind + "s", loc), pins)
    if face == "down":
        slot[kind] = FACE_DOWN
    face_down_follows(st, kind)


def face_down_follows(st, kind):
    """The board shows a face-down card exactly where one lies (a card lifted from there leaves the place empty)."""
    for loc, slot in st["board"].items():
        if slot[kind] == FACE_DOWN and loc not in st["secret"][kind + "s"]:
            slot[kind] = None


def hide(st, person):
    CARDS["person"].move(st, person, ("beside_board",))
    face_down_follows(st, "person")


def clear_person(st, loc):
    """Empty ``loc``: its person goes into hiding.  Only suspects hide (FD-HLP-06), so a helper there first
    changes places with a face-down suspect elsewhere (the first location in order), who then hides."""
    hidden = st["secret"]["persons"]
    person = hidden.get(loc) if st["board"][loc]["person"] == FACE_DOWN else st["board"][loc]["person"]
    if person in HELPERS:
        suspect = next(hidden[o] for o in sorted(hidden) if o != loc and hidden[o] in SUSPECTS)
        CARDS["person"].swap(st, person, suspect)
        person = suspect
    if person:
        hide(st, person)


def to_suspect_track(st, clues, suspect=None):
    """The clues leave their places for their suspects' (or ``suspect``'s) on the suspect track,
    as if matched long ago."""
    for clue in list(clues):
        CARDS["clue"].move(st, clue, ("suspect_track", suspect or SUSPECT_OF[clue]))
    face_down_follows(st, "clue")


def into_box(st, pool, keep=None):
    """Every card or token of the stack ``pool`` goes into the box, but one ``keep``."""
    cards = st["secret"]["pools"][pool]
    if keep:
        cards.remove(keep)
    st["box"][pool] += cards
    cards[:] = [keep] if keep else []


def take_token(st, token):
    for track in st["tracks"].values():
        for t in track["tokens"]:
            if t["token"] == token:
                return track["tokens"].remove(t)
    where = next(w for w in (st["secret"]["pools"]["events"], st["box"]["events"]) if token in w)
    where.remove(token)


def place_token(st, token, colour, space):
    take_token(st, token)
    tokens = st["tracks"][colour]["tokens"]
    for t in [t for t in tokens if t["space"] == space]:
        tokens.remove(t)
        st["box"]["events"].append(t["token"])
    tokens.append({"space": space, "token": token})


def add_roadblock(st, a, b):
    take_token(st, "roadblock " + path(a, b))
    st["roadblocks"] = sorted(st["roadblocks"] + [path(a, b)])


def whose_step(st, player, step) -> bool:
    """The state names the step and whose it is; legal() confirms that player is to act, where the engine plays the
    step.  An example that ends in a step its clause is not about (FD-HAZ-05: on to the movement step) is not lost by
    an engine that declines that step: that the player may act in it is the step's own clauses' to judge."""
    reached = (st["current"], st["phase"]) == (player, STEPS.get(step, step))
    try:
        return reached and (st["phase"] == "rolling" or player in st.legal["to_act"])  # chance rolls the dice
    except GameError as exc:
        if exc.code != "unsupported":
            raise
        return reached  # the engine declines the step: that it was reached is all this sentence can judge


# -- checks on what is seen ---------------------------------------------------------------------
def token_is(st, n, colour, where):
    present = any(t["space"] == n for t in st["tracks"][colour]["tokens"])
    return (present, {"colour": colour, "space": n} in st["activated"]) == {
        "gone": (False, False),
        "still there": (True, False),
        "activated": (True, True),
    }[where]


def activated_in_order(st, tokens):
    names = [
        next(t["token"] for t in st["tracks"][a["colour"]]["tokens"] if t["space"] == a["space"])
        for a in st["activated"]
    ]
    return names == [t.strip().strip('"') for t in tokens.split(",")]


def no_face_down_card_shows(st):
    """The persons and clues lying face down show nowhere: not in a view, public or private, nor in an event."""
    face_down = [*st["secret"]["persons"].values(), *st["secret"]["clues"].values()]
    return hidden(st, face_down) and not shown_in_public(st, face_down)


def set_aside_unseen(st) -> bool:
    """A clue lies set aside and shows nowhere: not in a view, public or private, nor in an event (reading only the
    views' ``set_aside`` let a view show it under any other key)."""
    clue = st["secret"]["set_aside"]
    return bool(clue) and hidden(st, [clue]) and not shown_in_public(st, [clue])


# -- the vocabulary: actions, chance, facts --------------------------------------------------------
# -- what the sentences mean: the checks, edits and actions longer than a short expression
def use_morton(person, to):
    return {"type": "use_helper", "helper": "Morton", "person": person, "to": to}


def use_uncle_titus_on_obstacle(obstacle_at):
    return {"type": "use_helper", "helper": "Uncle Titus", "obstacle_at": obstacle_at}


def use_uncle_titus_on_roadblock(a, b):
    return {"type": "use_helper", "helper": "Uncle Titus", "path": path(a, b)}


def give_step_on(st, player, step, space):
    st.update(
        current=player,
        phase=STEPS.get(step, step),
        figures={**st["figures"], player: space},
        roll=st["roll"] or {"hazard": "red", "movement": 1, "colour": "red", "bonus": 0},
    )


def has_rolled(st, player, face, n):
    st.update(current=player, phase="hazard", roll={"hazard": face, "movement": n, "colour": None, "bonus": 0})


def lay_person(st, person, face, loc, pins):
    lay(st, "person", person, loc, face, pins)


def person_lies_face_at(st, person, face, loc):
    return st["board"][loc]["person"] == (person if face == "up" else FACE_DOWN) and (
        face == "up" or st["secret"]["persons"][loc] == person
    )


def lay_clue(st, clue, face, loc, pins):
    lay(st, "clue", clue, loc, face, pins)


def clue_lies_face_up_at(st, clue, face, loc):
    return face == "up" and st["board"][loc]["clue"] == clue


def set_clue_aside(st, clue, pins):
    CARDS["clue"].put(st, clue, ("secret", "set_aside"), pins)


def match_every_clue_but_the_one_set_aside(st):
    to_suspect_track(
        st,
        [
            *st["secret"]["clues"].values(),
            *(b["clue"] for b in st["board"].values() if b["clue"] not in (None, FACE_DOWN)),
            *st["secret"]["pools"]["clues"],
        ],
    )


def clue_cards_in_play(st, n):
    return (
        n
        == sum(b["clue"] is not None for b in st["board"].values())  # all but the one set aside
        + len(st["secret"]["pools"]["clues"])
        + sum(len(c) for c in st["suspect_track"].values())
    )


def every_person_on_the_board_face_down(st):
    return all(b["person"] in (FACE_DOWN, None) for b in st.view(None)["board"].values())


def persons_are_the_suspects_and_helpers(st):
    return sorted(st["secret"]["persons"].values()) == sorted(SUSPECTS + HELPERS)


def lay_obstacle(st, obstacle, loc):
    st["secret"]["pools"]["obstacles"].remove(obstacle)
    st["board"][loc]["obstacle"] = obstacle


def have_won_together(st, players):
    return st.view(None)["outcome"]["winners"] == players == st["players"]


def clue_revealed_points_to(st, suspect, colour):
    revealed = [(e["suspect"], e["colour"]) for e in st.outcome.events if e["type"] == "clue_revealed"]
    return revealed[-1:] == [(suspect, colour)]


def no_obstacle_on_the_board(st):
    return all(b["obstacle"] is None for b in st.view(None)["board"].values())


def give_detective_card(st, player, card):
    st["secret"]["pools"]["detective"].remove(card)
    st["hands"][player].append(card)


def every_indicator_on_space(st, n):
    return {t["indicator"] for t in st["tracks"].values()} == {n} and len(st["tracks"]) == 4


def clear_event_tokens(st, colour):
    st["box"]["events"].extend(t["token"] for t in st["tracks"][colour]["tokens"])
    st["tracks"][colour]["tokens"].clear()


def event_tokens_lie_on_spaces(st, colour, spaces):
    return [t["space"] for t in st.view(None)["tracks"][colour]["tokens"]] == spaces


def event_tokens_read(st, n, token):
    return sum(1 for t in st.view(None)["tracks"].values() for x in t["tokens"] if x["token"] == token) == n


def event_tokens_face_up_on_the_tracks(st, n):
    return (
        len({(c, t["space"]) for c, track in st.view(None)["tracks"].items() for t in track["tokens"]})
        == n
        == sum(len(t["tokens"]) for t in st.view(None)["tracks"].values())
    )


def chance_is_to(st, what):
    return st.legal["to_act"] == [CHANCE] and (st["draws"] or [{"pool": None}])[0]["pool"] == CHANCE_IS_TO[what]


def detective_cards_to_draw_for(st, n, player):
    return sum(1 for d in st["draws"] if d == {"pool": "detective", "to": player}) == n


def only_action_is_to(st, player, what):
    besides_playing = {m["type"] for m in st.table.moves_of(player) if m["type"] != "play"}
    return besides_playing == {
        {"remove the obstacle": "remove_obstacle", "end the action": "end_action"}[what],
        "end_action",
    }


def figures_stand_on(st, n, space):
    return len(st["figures"]) == n and set(st["figures"].values()) == {space}


def every_location_but_zentrale_holds_two_face_down_cards(st):
    return (
        "Zentrale" not in st.view(None)["board"]
        and len(st.view(None)["board"]) == 9
        and all(b["person"] == b["clue"] == FACE_DOWN for b in st.view(None)["board"].values())
    )


def one_clue_aside_unseen_the_rest_stacked(st, n):
    return set_aside_unseen(st) and st.view("Justus")["stacks"]["clues"] == n


def lost_through_the_case(st, case):
    return st["phase"] == "lost" and st["outcome"]["case"] == case


def chance_rolls_with_probability(st, face, a, b):
    return st.chance("hazard", face) == pytest.approx(a / b)


def view_shows_that_holds(st, player, other, card):
    return card in st.view(player)["hands"][other]


BETWEEN = '"{a:location}" and "{b:location}"'
ACTIONS = [
    ("move the {colour:colour} hazard indicator", "move_hazard_indicator"),
    ("carry out the event", "carry_out_event"),
    (
        'carry out the event on "{a:suspect}" and "{b:suspect}"',
        lambda a, b: {"type": "carry_out_event", "suspects": sorted([a, b])},
    ),
    ('move to "{to:space}"', "move"),
    ("reveal the clue", "reveal_clue"),
    ("reveal the person", "reveal_person"),
    ("end the action", "end_action"),
    ("end the turn", "end_turn"),
    ("remove the obstacle", "remove_obstacle"),
    ("remove a roadblock", "remove_roadblock"),
    ("remove the roadblock between " + BETWEEN, lambda a, b: {"type": "remove_roadblock", "path": path(a, b)}),
    ("draw a detective card", "draw_detective_card"),
    ("interrogate", "interrogate"),
    ('interrogate with the clue at "{clue_at:location}"', "interrogate"),
    ("use the helper", "use_helper"),
    (
        'use Morton to return "{person:person}" to "{to:location}"',
        use_morton,
    ),
    (
        'use Uncle Titus on the obstacle at "{obstacle_at:location}"',
        use_uncle_titus_on_obstacle,
    ),
    (
        "use Uncle Titus on the roadblock between " + BETWEEN,
        use_uncle_titus_on_roadblock,
    ),
    ("use Aunt Mathilda", lambda: {"type": "use_helper", "helper": "Aunt Mathilda"}),
    ('play "{card:detective_card}"', "play"),
    ('play "{card:detective_card}" on the {colour:colour} track', "play"),
    ('play "{card:detective_card}" on space {space:d} of the {colour:colour} track', "play"),
    ('play "{card:detective_card}" to {choice:text} on the {colour:colour} track', "play"),
    ('play "{card:detective_card}" to draw', lambda card: {"type": "play", "card": card, "choice": "draw"}),
    (
        'play "{card:detective_card}" on the roadblock between ' + BETWEEN,
        lambda card, a, b: {"type": "play", "card": card, "path": path(a, b)},
    ),
    ('play "{card:detective_card}" to return "{person:person}" to "{to:location}"', "play"),
    ("accuse", "accuse"),
    ('accuse "{suspect:suspect}"', "accuse"),
]
CHANCE_MOVES = [
    ("the deal is completed", lambda: deal),
    ('the dice show "{hazard:face}" and {movement:d}', "roll"),
    ('chance draws "{card:event_token|person|clue|detective_card|obstacle}"', "draw"),
]
FACTS = [
    *starts(
        {"a new {n:d}-player game at difficulty {level:d}": None, "a {n:d}-player game at difficulty {level:d}": deal},
        lambda n, level: {"players": FIGURES[:n], "difficulty": level},
    ),
    Fact(
        'it is {player:player}\'s {step:text} step on "{space:space}"',
        put=give_step_on,
    ),
    Fact("it is {player:player}'s {step:text} step", check=whose_step),
    Fact(
        '{player:player} has rolled "{face:face}" and {n:d}',
        put=has_rolled,
    ),
    Fact(
        '{player:player}\'s figure stands on "{space:space}"',
        put=lambda st, player, space: st["figures"].__setitem__(player, space),
        check=lambda st, player, space: st["figures"][player] == space,
    ),
    Fact(
        '"{person:person}" lies face {face:w} at "{loc:location}"',
        put=lay_person,
        check=person_lies_face_at,
    ),
    Fact(
        '"{person:person}" is in hiding beside the board',
        put=hide,
        check=lambda st, person: person in st["beside_board"],
        denied='"{person:person}" is not beside the board',
    ),
    Fact(
        'no person card lies at "{loc:location}"',
        put=clear_person,
        check=lambda st, loc: st["board"][loc]["person"] is None,
    ),
    Fact(
        'the clue "{clue:clue}" lies face {face:w} at "{loc:location}"',
        put=lay_clue,
        check=clue_lies_face_up_at,
    ),
    Fact('a face-down clue lies at "{loc:location}"', check=lambda st, loc: st["board"][loc]["clue"] == FACE_DOWN),
    Fact('no clue lies at "{loc:location}"', check=lambda st, loc: st["board"][loc]["clue"] is None),
    Fact(
        'the clue "{clue:clue}" lies under "{suspect:suspect}" on the suspect track',
        put=lambda st, clue, suspect: to_suspect_track(st, [clue], suspect),
        check=lambda st, clue, suspect: clue in st["suspect_track"][suspect],
    ),
    Fact(
        'the clue "{clue:clue}" is set aside',
        put=set_clue_aside,
    ),
    Fact(
        "every clue but the one set aside lies face up on the suspect track",
        put=match_every_clue_but_the_one_set_aside,
    ),
    Fact("the clue stack is empty", put=lambda st: to_suspect_track(st, st["secret"]["pools"]["clues"])),
    Fact("the detective stack is empty", put=lambda st: into_box(st, "detective")),
    Fact(
        'only "{card:detective_card}" is left in the detective stack',
        put=lambda st, card: into_box(st, "detective", keep=card),
    ),
    Fact("{n:d} detective cards lie in the box", check=lambda st, n: len(st.view(None)["box"]["detective"]) == n),
    Fact(
        "{n:d} clue cards are in play",
        check=clue_cards_in_play,
    ),
    Fact(
        "every person card on the board lies face down",
        check=every_person_on_the_board_face_down,
    ),
    Fact(
        "the person cards on the board are the six suspects and the three helpers",
        check=persons_are_the_suspects_and_helpers,
    ),
    Fact(
        'the obstacle "{obstacle:obstacle}" lies on "{loc:location}"',
        put=lay_obstacle,
        check=lambda st, obstacle, loc: st["board"][loc]["obstacle"] == obstacle,
    ),
    Fact('no obstacle lies on "{loc:location}"', check=lambda st, loc: st["board"][loc]["obstacle"] is None),
    Fact(
        "{players:player+} have won together",
        check=have_won_together,
    ),
    Fact("nobody has won", check=lambda st: st.view(None)["outcome"]["winners"] == []),
    Fact(
        'the clue revealed points to "{suspect:suspect}" in the {colour:colour} case',
        check=clue_revealed_points_to,
    ),
    Fact(
        "no obstacle lies on the board",
        check=no_obstacle_on_the_board,
    ),
    Fact("no obstacle token is left beside the board", put=lambda st: into_box(st, "obstacles")),
    Fact(
        "a roadblock lies between " + BETWEEN,
        put=add_roadblock,
        check=lambda st, a, b: path(a, b) in st["roadblocks"],
        denied="no roadblock lies between " + BETWEEN,
    ),
    Fact(
        '{player:player} holds "{card:detective_card}"',
        check=lambda st, player, card: card in st["hands"][player],
        denied='{player:player} holds no "{card:detective_card}"',
        put=give_detective_card,
    ),
    Fact(
        "the {colour:colour} hazard indicator stands on space {n:d}",
        put=lambda st, colour, n: st["tracks"][colour].__setitem__("indicator", n),
        check=lambda st, colour, n: st["tracks"][colour]["indicator"] == n,
    ),
    Fact(
        "every hazard indicator stands on space {n:d}",
        check=every_indicator_on_space,
    ),
    Fact(
        'the event token "{token:event_token}" lies on space {n:d} of the {colour:colour} track',
        put=lambda st, token, n, colour: place_token(st, token, colour, n),
    ),
    Fact(
        "no event token lies on the {colour:colour} track",
        put=clear_event_tokens,
    ),
    Fact("the event token on space {n:d} of the {colour:colour} track is {where:text}", check=token_is),
    Fact("the activated event tokens are, in order: {tokens:text}", check=activated_in_order),
    Fact(
        "the event tokens of the {colour:colour} track lie on spaces {spaces:d+}",
        check=event_tokens_lie_on_spaces,
    ),
    Fact(
        '{n:d} event tokens read "{token:event_token}"',
        check=event_tokens_read,
    ),
    Fact(
        "{n:d} event tokens lie face up on the hazard tracks",
        check=event_tokens_face_up_on_the_tracks,
    ),
    Fact(
        "chance is to {what:text}",
        check=chance_is_to,
    ),
    Fact(
        "the suspect track holds {n:d} clues",
        check=lambda st, n: sum(len(v) for v in st["suspect_track"].values()) == n,
    ),
    Fact(
        "{n:d} obstacle tokens lie face down beside the board",
        check=lambda st, n: st.view(None)["stacks"]["obstacles"] == n,
    ),
    Fact("the detective stack holds {n:d} cards", check=lambda st, n: st.view(None)["stacks"]["detective"] == n),
    Fact(
        "{n:d} detective cards are to be drawn for {player:player}",
        check=detective_cards_to_draw_for,
    ),
    Fact(
        "the only action {player:player} may take is to {what:text}",
        check=only_action_is_to,
    ),
    Fact("the {case:text} case is uncovered", check=lambda st, case: COLOUR_OF_CASE[case] in st["uncovered"]),
    Fact("no case is uncovered", check=lambda st: st["uncovered"] == []),
    Fact(
        '"{suspect:suspect}" is cleared',
        check=lambda st, suspect: suspect in st["cleared"],
        denied='"{suspect:suspect}" is not cleared',
    ),
    Fact(
        '{n:d} figures stand on "{space:space}"',
        check=figures_stand_on,
    ),
    Fact(
        'every location but "Zentrale" holds a face-down person card and a face-down clue card',
        check=every_location_but_zentrale_holds_two_face_down_cards,
    ),
    Fact(
        "one clue card is set aside unseen and {n:d} clue cards form the stack",
        check=one_clue_aside_unseen_the_rest_stacked,
    ),
    Fact("no view shows a face-down card", check=no_face_down_card_shows),
    Fact(
        "the game is lost through the {case:text} case",
        check=lost_through_the_case,
    ),
    Fact(
        'chance rolls "{face:face}" with probability {a:d} in {b:d}',
        check=chance_rolls_with_probability,
    ),
    Fact(
        'chance draws "{card:event_token|person|clue|detective_card|obstacle}" with probability {a:d} in {b:d}',
        check=lambda st, card, a, b: st.chance("card", card) == pytest.approx(a / b),
    ),
    Fact(
        '{player:player}\'s view shows that {other:player} holds "{card:detective_card}"',
        check=view_shows_that_holds,
    ),
]
install(TYPES, ACTIONS, CHANCE_MOVES, FACTS)


# -- the steps only this game has ------------------------------------------------------------
@then(
    parsers.re(
        r"starting a game for (?P<n>\d+) players at difficulty (?P<level>\d+) (?:is refused as (?P<code>\w+)|succeeds)"
    )
)
def starting(open_table, n, level, code):
    try:
        table = open_table({"players": (FIGURES + ["Morton", "Titus"])[: int(n)], "difficulty": int(level)})
    except GameError as exc:
        assert exc.code == code, exc
        return
    assert code is None and table.legal()["to_act"] == [CHANCE], f"started, though a refusal as {code} was expected"
