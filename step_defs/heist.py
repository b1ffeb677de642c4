"""Steps of the online heist game (features/heist/).  They speak only the driver protocol.

A scenario starts from a dealt table ("Given a game of Anna, Bernat and the
Hard bot Rook": the default hideout, every card as chance lists it first, a
first roll the first seat wins; dealt once per options, then loaded) and
shapes it with facts (Given ...) that edit the canonical state.  Every name is
the published schema's; a leading "the" is dropped ("the drill" is the card
"drill").  Seats are free names; a bot is written "the Easy bot Pip".
"""

from __future__ import annotations

import json
import re

from pytest_bdd import parsers, scenarios, then, when

from casebook import schemas
from casebook.protocol import CHANCE, CLOCK
from step_defs.components import Components, out_of_the_race
from step_defs.position import acted, viewers
from step_defs import question_round
from step_defs.hidden_information import hidden, only_told, own_slots_only, strings
from step_defs.phrases import Fact, Types, phrases
from step_defs.vocabulary import install, placed, requests, shared, starts, ways, where

scenarios("heist")

SCHEMA = schemas.load("heist")
TYPES = Types(SCHEMA, article="the ", player=r"[A-Z]\w*")
KINDS = ("gang", "method", "place")
CASE = "{gang:gang}, {method:method} and {place:place}"  # the hideout's cards, one of each kind
KIND_OF = {card: kind for kind in KINDS for card in schemas.names(SCHEMA, kind)}
PLACES = schemas.names(SCHEMA, "place")
HEADING = {"gang": "who", "method": "how", "place": "where"}
PLURAL = {"gang members": "gang", "methods": "method", "places": "place"}
DEFAULT_HIDEOUT = {"gang": "Vera", "method": "thermal lance", "place": "Wine Cellar"}
TOKENS_STAND = where("tokens", "the tokens")  # what a failed sentence about the tokens says: where they stand
put_tokens_in, tokens_stand_in = placed("tokens")  # "the tokens of A and B stand in X"
FRESH_TURN = {"began": None, "dice": None, "selected": None, "path": [], "question": None, "answerer": None}
CARDS = Components(SCHEMA, "card")  # where each card may lie: the schema's inventory
LOG = SCHEMA["facts"]["case_log"]  # how each case-log entry reads


# -- setting the table: protocol only -----------------------------------------------------------
deal_cards, deal = question_round.dealers(
    {"type": "hide", **DEFAULT_HIDEOUT}, ("lay", "deal")
)  # dealt; then the first seat starts


def bots_play(table) -> None:
    """While only a bot is to act, its move (the one the engine lists)."""
    bots = table.state()["options"].get("bots", {})
    while [a for a in table.legal()["to_act"] if a != CLOCK] in ([b] for b in bots):
        bot = table.legal()["to_act"][0]
        table.apply(bot, table.moves_of(bot)[0])


ROOM_OPTIONS = [  # what may follow ", with" when a room is asked for, in the page's words
    ("a {n:d}-second turn timer", lambda n: {"turn_timer": n}),
    ("the turn timer off", lambda: {"turn_timer": "off"}),
    ("the notes assistant {on:w}", lambda on: {"notes_assistant": on == "on"}),
    ("the option {name:w}", lambda name: {name: True}),
]


def room(seats: str, extra: str | None = None, kind: str = "private", tutorial: str | None = None) -> dict:
    """Room options in the page's words: seats ("Anna", "the Hard bot Rook"), then what comes after ", with"."""
    options: dict = {"variant": tutorial or kind, "players": []}
    for seat in re.split(r", | and ", seats):
        bot = re.fullmatch(r"the (\w+) bot (\w+)", seat)
        options["players"].append(bot[2] if bot else seat)
        if bot:
            options.setdefault("bots", {})[bot[2]] = bot[1].lower()
    for part in re.split(r" and (?=a |the )", extra or ""):
        options.update(next(filter(None, (p.match(part) for p in _ROOM_OPTIONS)), {}))
    return options


# -- state surgery (the canonical state is the protocol's own format) ------------------------------
def refresh_notes(st) -> None:
    """The assistant's sheet follows the hand and what its player has seen, after a Given (HO-NOT-04..06)."""
    for mine in (m for m in st["private"].values() if m["assistant"]):
        seen = {
            x["card"]: {"seen": "shown", "by": x["by"]} if "by" in x else {"seen": "face down", "place": x["place"]}
            for x in mine["seen"]
        }
        for cards in mine["notes"].values():
            for card, entry in cards.items():
                if card in mine["hand"]:
                    cards[card] = {"seen": "in hand"}
                elif card in seen or entry == {
                    "seen": "in hand"
                }:  # a card a Given took from the hand: nothing, or how it was seen
                    cards[card] = seen.get(card)


def lay_face_down(st, card, place, pins) -> None:
    down = st["secret"]["face_down"]
    if place not in down:  # a face-down card no Given placed moves to this place
        down[place] = down.pop(next(p for p, c in down.items() if c not in pins))
        st["face_down"] = [p for p in PLACES if p in down]
    CARDS.put(st, card, ("secret", "face_down", place), pins)


def in_reach(st, player, place) -> None:
    """Rolled, and the place selected with its path shown as one step: the confirmation enters it on any board."""
    st.update(phase="moving", current=player, turn=dict(FRESH_TURN))
    st["turn"].update(began=st["positions"][player], dice=[1, 1], selected=place, path=[place])


def looked(st, player, card, place, pins) -> None:
    """``player`` looked at ``card`` face down on ``place``, where it lies."""
    lay_face_down(st, card, place, pins)
    st["private"][player]["seen"].append({"card": card, "place": place})


def showed(st, by, player, card) -> None:
    """What the game keeps of a card shown besides the asker's own list: the shower's, and the case log's line."""
    st["private"][by]["showed"].append({"card": card, "to": player})
    st["log"].append({"type": "showed", "seat": by, "to": player})


def marks(st, player, cards, only) -> None:
    """The sheet marks exactly these cards (``only``) or every other one, each as the seat that could have shown it."""
    other = next(p for p in st["players"] if p != player)
    for card in KIND_OF:
        container, key, _ = CARDS.locate(st, card)
        holder = next((p for p in st["players"] if st["private"][p]["hand"] is container), None)
        entry = (
            {"seen": "in hand"}
            if holder == player
            else {"seen": "face down", "place": key}
            if container is st["secret"]["face_down"]
            else {"seen": "shown", "by": holder or other}
        )
        st["private"][player]["notes"][HEADING[KIND_OF[card]]][card] = entry if (card in cards) == only else None


def moments(text: str) -> list[str]:
    return (
        []
        if text == "nothing"
        else [m.removeprefix("the ").removeprefix("being ") for m in re.split(r", | and ", text)]
    )


# -- reading views ---------------------------------------------------------------------------------


def mine(st, player) -> dict:
    return st.view(player)["private"][player]


def entries(st, player) -> dict:
    return {c: e for cards in mine(st, player)["notes"].values() for c, e in cards.items()}


def log_names(st, skip=()) -> set:
    """The names the case log shows in any view (entries of a type in ``skip`` aside)."""
    return set(strings([e for v in viewers(st) for e in st.view(v)["log"] if e["type"] not in skip]))


def unanswered(st) -> bool:
    after = st["log"][max(i for i, e in enumerate(st["log"]) if e["type"] == "asked") :]
    return [e["type"] for e in after if e["type"] in ("showed", "nobody_showed")] == ["nobody_showed"]


def path_walked(st) -> list:
    turn = st.view(None)["turn"]
    return turn["path"][: sum(turn["dice"])]


# -- what the sentences mean: the checks, edits and actions longer than a short expression
def cards_of_a_kind_are(st, kinds, cards):
    """The names of a kind, in order, and chance may hide each."""
    return cards == schemas.names(SCHEMA, PLURAL[kinds]) and {a[PLURAL[kinds]] for a in st.as_likely()} == set(cards)


def chance_may_fill_the_hideout_with_any_of(st, n):
    return len(st.as_likely()) == n and all(
        sorted(KIND_OF[a[k]] for k in KINDS) == sorted(KINDS) for a in st.as_likely()
    )


def chance_may_lay_any_card_on_any_place(st, c, p):
    return [len({a[k] for a in st.as_likely()}) for k in ("card", "place")] + [len(st.as_likely())] == [c, p, c * p]


def hand_sizes_in_seat_order(st, counts):
    return [st.view(None)["hand_sizes"][p] for p in st["players"]] == counts


def cards_face_down_on_different_places(st, n, k):
    return len(st.view(None)["face_down"]) == len(set(st.view(None)["face_down"])) == n == k


def seats_are(st, seats):
    return {k: st["options"].get(k, {}) for k in ("players", "bots")} == {
        "players": room(seats)["players"],
        "bots": room(seats).get("bots", {}),
    }


def still_the_turn_of(st, player):
    return st["current"] == player and player in st.legal["to_act"]


def may_ask_in_ways_only_in(st, player, n, place):
    return ways(st, player, "question", "place") == (n, {place})


def may_accuse_in_ways_naming_each_place(st, player, n):
    return ways(st, player, "accuse", "place") == (n, set(PLACES))


def may_select_in_ways_naming_each_place_but(st, player, n, place):
    return ways(st, player, "select", "place") == (n, set(PLACES) - {place})


def tokens_stand_in_no_place(st, a, b):
    return st.view(None)["tokens"][a] is st.view(None)["tokens"][b] is None


def roll_gives_steps(st, player, n):
    return st["current"] == player and sum(st.view(None)["turn"]["dice"]) == n


def path_runs_through_to(st, player, halls, place):
    return st["current"] == player and st.view(None)["turn"]["path"] == halls + [place]


def path_leads_to(st, player, place):
    return st["current"] == player and st.view(None)["turn"]["selected"] == place == st.view(None)["turn"]["path"][-1]


def path_is_steps_long(st, player, n):
    return st["current"] == player and len(st.view(None)["turn"]["path"]) == n


def pawn_would_stop_on(st, player, space):
    return st["current"] == player and path_walked(st)[-1] == space


def clock_may_end_the_timer_of(st, timer, player):
    return st.table.moves_of(CLOCK) == [{"type": "expire", "timer": timer}] and st.view(None)["timer"]["seat"] == player


def timer_is_seconds(st, timer, n):
    return (st.view(None)["timer"] or {}).get("timer") == timer and st.view(None)["timer"]["seconds"] == n


def only_sees_the_cards_named(st, player):
    return st.told("accused", (player,)) and {p for p in st["players"] if "accused" in mine(st, p)} == {player}


def marks_cards_in_hand(st, player, n):
    return sum(e == {"seen": "in hand"} for e in entries(st, player).values()) == n


def marks_in_hand(st, player, card):
    return entries(st, player)[card] == {"seen": "in hand"}


def marks_shown_by(st, player, card, by):
    return entries(st, player)[card] == {"seen": "shown", "by": by}


def marks_face_down_in(st, player, card, place):
    return entries(st, player)[card] == {"seen": "face down", "place": place}


def sheet_lists_every_card_by_kind(st, player):
    return [list(mine(st, player)["notes"][HEADING[k]]) for k in KINDS] == [schemas.names(SCHEMA, k) for k in KINDS]


def switch_assistant_off(st, player):
    st["private"][player]["assistant"] = False


def sees_the_hideout(st, player, g, m, p):
    return mine(st, player)["hideout"] == dict(zip(KINDS, (g, m, p)))


def has_asked_questions_in(st, player, n, place):
    st["log"].extend(
        {"type": "asked", "seat": player, "gang": "Dex", "method": "drill", "place": place} for _ in range(n)
    )


def coach_has_spoken_to(st, player, said):
    st["private"][player]["coach"] = moments(said)


def bot_has_one_move(st, player):
    return st.legal["to_act"] == [player] and len(st.table.moves_of(player)) == 1


def bot_chooses_to(st, player, phrase):
    return st.table.moves_of(player) == [next(a for a in (p.match(phrase) for p in _ACTIONS) if a is not None)]


def only_hears_the_coach(st, player):
    return mine(st, player)["coach"] != [] and all(
        "coach" not in json.dumps(st.view(v)["log"]) and (v == player) == ("coach" in st.view(v)["private"].get(v, {}))
        for v in viewers(st)
    )


# -- the vocabulary: actions, chance, facts ----------------------------------------------------------
ACTIONS = [
    *question_round.actions(CASE),
    ("select {place:place}", "select"),
    ("confirm the move", "confirm"),
    ("take the secret passage", "take_secret_passage"),
    ("switch the notes assistant on", lambda: {"type": "switch_notes_assistant", "on": True}),
    ("switch the notes assistant off", lambda: {"type": "switch_notes_assistant", "on": False}),
    ("end the {timer:timer} timer", "expire"),  # the clock's ("the clock tries to end the turn timer")
]
CHANCE_MOVES = [
    *question_round.chance(("answering",)),
    ("the hideout is filled with {gang:gang}, {method:method} and {place:place}", "hide"),
    ("{card:card} is laid face down in {place:place}", "lay"),
    ("the bots play", lambda: bots_play),
    ("the {timer:timer} timer runs out", lambda timer: [(CLOCK, {"type": "expire", "timer": timer})]),
]
SHEET = "the notes sheet of {player:player}"

FACTS = [
    # -- starting positions (new, dealt, or dealt with the first roll made: the first seat starts)
    *starts(
        {
            f"{lead} of {{seats:text}}{tail}": how
            for lead, how in (("a game", deal), ("a new game", None), ("a dealt game", deal_cards))
            for tail in (", with {extra:text}", "")
        },
        room,
    ),
    *starts({"the tutorial for {seats:player}": deal}, lambda seats: room(seats, tutorial="tutorial")),
    # -- cards, hands, the hideout, the face-down cards
    *question_round.facts(
        CARDS,
        CASE,
        ("the hideout", "hideout"),
        SCHEMA,
        FRESH_TURN,
        aside=("switch_notes_assistant",),
        entered=lambda place: "in_place",
        seen="seen",
        looked="seen",
        showed=showed,
    ),
    Fact("{card:card} lies face down in {place:place}", put=lay_face_down),
    Fact(
        "there are 21 cards: 6 gang members, 6 methods and 9 places",
        check=lambda st: CARDS.everything(st) == sorted(KIND_OF),
    ),
    Fact(
        "the {kinds:text} are {cards:card+}",
        check=cards_of_a_kind_are,
    ),
    Fact(
        "chance may fill the hideout with any of {n:d} combinations of one gang member, one method and one place, "
        "each as likely",
        check=chance_may_fill_the_hideout_with_any_of,
    ),
    Fact(
        "chance may lay any of the {c:d} other cards face down on any of the {p:d} places, each as likely",
        check=chance_may_lay_any_card_on_any_place,
    ),
    Fact(
        "the seats hold {counts:d+} cards, in seat order",
        check=hand_sizes_in_seat_order,
    ),
    Fact("no card lies face down", check=lambda st: st.view(None)["face_down"] == []),
    Fact(
        "{n:d} cards lie face down, on {k:d} different places",
        check=cards_face_down_on_different_places,
    ),
    Fact("a card lies face down in {place:place}", check=lambda st, place: place in st.view(None)["face_down"]),
    # -- seats and whose move it is
    Fact(
        "the seats are {seats:text}",
        check=seats_are,
    ),
    Fact(
        "it is still {player:player}'s turn",
        check=still_the_turn_of,
    ),
    Fact("{player:player} has selected {place:place}, within reach of the roll", put=in_reach),
    Fact("chance is to act", check=lambda st: st.legal["to_act"] == [CHANCE]),
    Fact(
        "{player:player} may ask in {n:d} ways, naming only {place:place}",
        check=may_ask_in_ways_only_in,
    ),
    Fact(
        "{player:player} may accuse in {n:d} ways, naming each of the 9 places",
        check=may_accuse_in_ways_naming_each_place,
    ),
    Fact(
        "{player:player} may select in {n:d} ways, naming each place but {place:place}",
        check=may_select_in_ways_naming_each_place_but,
    ),
    # -- the board
    Fact(
        "the token[s|] of {names:token+} [stand|stands] in {place:place}",
        put=put_tokens_in,
        check=tokens_stand_in,
        shows=TOKENS_STAND,
    ),
    Fact(
        "the tokens of {a:token} and {b:token} stand in no place",
        check=tokens_stand_in_no_place,
        shows=TOKENS_STAND,
    ),
    Fact(
        "the roll gives {player:player} {n:d} steps",
        check=roll_gives_steps,
    ),
    Fact(
        "the path shown to {player:player} runs through {halls:space+} to {place:place}",
        check=path_runs_through_to,
    ),
    Fact(
        "the path shown to {player:player} leads to {place:place}",
        check=path_leads_to,
    ),
    Fact(
        "the path shown to {player:player} is {n:d} steps long",
        check=path_is_steps_long,
    ),
    Fact(
        "the pawn of {player:player} would stop on {space:space}",
        check=pawn_would_stop_on,
    ),
    # -- the timers
    Fact(
        "the clock may end the {timer:timer} timer of {player:player}",
        check=clock_may_end_the_timer_of,
    ),
    Fact(
        "the {timer:timer} timer is {n:d} seconds",
        check=timer_is_seconds,
    ),
    # -- what each seat sees
    Fact("no view shows the face-down cards", check=lambda st: hidden(st, CARDS.lying_at(st, "secret.face_down"))),
    Fact("no view shows another player's notes sheet", check=own_slots_only),
    Fact("{player:player} has looked at {card:card} face down in {place:place}", put=looked),
    Fact(
        "only {players:player+} can see which card was shown",
        check=lambda st, players: only_told(st, "showed", players),
    ),
    Fact(
        "only {player:player} can see which card was looked at",
        check=lambda st, player: only_told(st, "looked", [player]),
    ),
    Fact(
        "only {player:player} can see which cards were named",
        check=only_sees_the_cards_named,
    ),
    Fact(
        "no entry of the case log names a card",
        check=lambda st: not log_names(st, skip=("asked", "closed")) & set(KIND_OF),
    ),
    Fact("nobody could show a card", check=unanswered),
    Fact("the case log names none of {cards:card+}", check=lambda st, cards: not log_names(st) & set(cards)),
    # -- the notes sheet
    Fact(SHEET + " marks only {cards:card+}", put=lambda st, player, cards: marks(st, player, cards, only=True)),
    Fact(
        SHEET + " marks every card but {cards:card+}",
        put=lambda st, player, cards: marks(st, player, cards, only=False),
    ),
    Fact(
        SHEET + " marks {n:d} cards as in hand",
        check=marks_cards_in_hand,
    ),
    Fact(
        SHEET + " marks {card:card} as in hand",
        check=marks_in_hand,
    ),
    Fact(
        SHEET + " marks {card:card} as shown by {by:player}",
        check=marks_shown_by,
    ),
    Fact(
        SHEET + " marks {card:card} as face down in {place:place}",
        check=marks_face_down_in,
    ),
    Fact(SHEET + " marks nothing for {card:card}", check=lambda st, player, card: entries(st, player)[card] is None),
    Fact(SHEET + " is blank", check=lambda st, player: not any(entries(st, player).values())),
    Fact(
        SHEET + " lists 6 gang members, 6 methods and 9 places",
        check=sheet_lists_every_card_by_kind,
    ),
    Fact(
        "{player:player} has switched the notes assistant off",
        put=switch_assistant_off,
    ),
    # -- the accusation and the end
    Fact(
        "{player:player} is out",
        put=out_of_the_race,
        check=lambda st, player: player in st.view(None)["out"],
        denied="{player:player} is not out",
    ),
    Fact(
        "{player:player} sees the hideout: {g:gang}, {m:method} and {p:place}",
        check=sees_the_hideout,
    ),
    # -- bots and the coach
    Fact(
        "{player:player} has asked {n:d} questions in {place:place}",
        put=has_asked_questions_in,
    ),
    Fact(
        "the coach has spoken to {player:player} about {said:text}",
        put=coach_has_spoken_to,
        check=lambda st, player, said: mine(st, player)["coach"] == moments(said),
    ),
    Fact(
        "the bot {player:player} has exactly one move",
        check=bot_has_one_move,
    ),
    Fact(
        "the bot {player:player} chooses to {phrase:text}",
        check=bot_chooses_to,
    ),
    Fact(
        "only {player:player} hears the coach",
        check=only_hears_the_coach,
    ),
]

FACTS += shared("deal", "roll-off", "solved", "unsolved", "secret")
_ACTIONS, _ROOM_OPTIONS = phrases(TYPES, ACTIONS), phrases(TYPES, ROOM_OPTIONS)
install(TYPES, ACTIONS, CHANCE_MOVES, FACTS, after=refresh_notes)


# -- the steps only this game has ---------------------------------------------------------------------
@when(
    parsers.parse("{bot} tries a move a person could make there but its level did not choose"), target_fixture="outcome"
)
def bot_tries_another(position, bot):
    """In a place just entered a person may end the turn or ask (HO-TRN-11): whichever the bot's level did not list."""
    table = position.table
    here = table.state()["positions"][bot]
    person = [
        {"type": "end_turn"},
        {
            "type": "question",
            "gang": schemas.names(SCHEMA, "gang")[0],
            "method": schemas.names(SCHEMA, "method")[0],
            "place": here,
        },
    ]
    return acted(position, bot, next(a for a in person if a not in table.moves_of(bot)), trying=True)


requests(
    r"(?:an? (?P<kind>\w+) room|the (?P<tutorial>tutorial)) is requested for (?P<seats>.+?)(?:, with (?P<extra>.+))?",
    room,
)


@then(parsers.parse("the room opens with {n:d} seats"))
def room_opens(position, refusal, n):
    assert refusal is None and len(position.table.state()["players"]) == n, refusal or position.table.state()["players"]


@then("the case log ends with:")
def log_ends_with(position, datatable):
    expected = [row[0] for row in datatable[1:]]
    table = position.table
    for viewer in viewers(table.state()):
        lines = [line(e) for e in table.view(viewer)["log"]]
        assert lines[-len(expected) :] == expected, (viewer, lines[-len(expected) - 2 :])


def line(entry: dict) -> str:
    """A public case-log entry in the page's words: its type's line in the schema, the engine's event table."""

    def said(m):
        value = entry[m[1]]
        if m[2]:  # {right:right/wrong}
            return m[2].split("/")[not value]
        names = [
            f"the {v}" if v in LOG["with_the"] else str(v)
            for v in (value.values() if isinstance(value, dict) else value if isinstance(value, list) else [value])
        ]
        return ", ".join(names[:-1]) + " and " * (len(names) > 1) + names[-1]

    return re.sub(r"\{(\w+)(?::([^}]+))?\}", said, LOG["lines"][entry["type"]])
