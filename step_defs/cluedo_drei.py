"""Steps of Cluedo: Die drei ??? (features/cluedo_drei/).  They speak only the driver protocol.

A scenario starts from a table dealt through chance once per options (position.Position) and shapes it
with facts that edit the canonical state.  Every name is the published schema's; a leading "the" is dropped
("the painting" is the card "painting"), except in "the Super Parrot", whose name it is.
"""

from __future__ import annotations

import re

from pytest_bdd import scenarios

from casebook import schemas
from casebook.contract import is_chance_node
from casebook.protocol import CHANCE
from step_defs.components import Components, out_of_the_race
from step_defs import question_round
from step_defs.hidden_information import hidden, own_slots_only, strings
from casebook.protocol import redact_events
from step_defs.phrases import Fact, Types
from step_defs.position import roll_for_start
from step_defs.vocabulary import install, placed, requests, shared, starts

scenarios("cluedo_drei")

SCHEMA = schemas.load("cluedo_drei")
TYPES = Types(SCHEMA, article="the ")
CASE = ("suspect", "item", "location")
CARDS = Components(
    SCHEMA, "clue card", names="card", sorted_at=("private.*.hand", "surplus"), order="alphabetical"
)  # the inventory: where cards lie
KIND_OF = {card: kind for kind in CASE for card in schemas.names(SCHEMA, kind)}
INVESTIGATORS = schemas.names(SCHEMA, "player")
DEFAULT_CASE = {"suspect": "Wilbur Graham", "item": "treasure of gold coins", "location": "Altes Stadttheater"}
FRESH_TURN = {"dice": None, "pips": 0, "card": None, "question": None, "answerer": None, "tipped": None}
CARD_KINDS = {"taxi": "taxi", "headquarters call": "headquarters", "tip-off": "tip_off"}


# -- setting the table: protocol only ---------------------------------------------------
deal_cards, deal = question_round.dealers(
    {"type": "fill_case_file", **DEFAULT_CASE}, ("set_aside", "deal")
)  # dealt; then the first seat starts


def dealt_but(cards: list):
    """Chance deals every card but ``cards`` (the first deal it lists of another card, while it deals), so that the
    engine's own deal leaves them over; then the roll-off, won by the first seat."""

    def routine(table) -> None:
        while is_chance_node(legal := table.legal()):
            move = next((m for m in legal["moves"] if m["action"].get("card") not in cards), None)
            if move is None or move["action"]["type"] != "deal":
                break
            table.apply(CHANCE, move["action"])
        roll_for_start(table, [6, 6], [5, 6])

    return routine


def hands(state) -> dict:
    return {p: state["private"][p]["hand"] for p in state["players"]}


def booleans(value) -> int:
    """How many yes-or-no values a JSON value holds."""
    if isinstance(value, bool):
        return 1
    children = value.values() if isinstance(value, dict) else value if isinstance(value, list) else ()
    return sum(booleans(c) for c in children)


def told_only_a_failed_accusation(st, player, cards) -> bool:
    """CD-ACC-11: the accuser is out, and every other viewer was told of it no name but the players' and the three
    named cards, with at most one yes-or-no per event: right or wrong as a whole, never one answer per card."""
    names = set(cards) | set(st["players"])
    for viewer in (v for v in st.viewers if v != player):
        told = redact_events(st.outcome.events, viewer)
        if any(booleans(e) > 1 for e in told) or not set(strings(told)) - {e["type"] for e in told} <= names:
            return False
    return player in st["out"]


def markers_stand(st, **_) -> str:
    """Where the markers stand, as a failed marker sentence says it (beside the board, or in a place)."""
    markers = st.view(None)["markers"]
    placed = {}
    for card, place in markers.items():
        placed.setdefault(place or "beside the board", []).append(card)
    return "; ".join(
        f"{', '.join(cards)}: {'beside the board' if place == 'beside the board' else 'in ' + place}"
        for place, cards in placed.items()
    )


put_markers_in, markers_stand_in = placed("markers")  # "the markers of A and B stand in X"


def discard_all(state) -> None:
    stack, discard = state["advantage"]["stack"], state["advantage"]["discard"]
    state["advantage"].update(stack={k: 0 for k in stack}, discard={k: stack[k] + discard[k] for k in stack})


# -- the vocabulary: actions, chance, facts --------------------------------------------------
ACTIONS = [
    *question_round.actions(
        "{suspect:card}, {item:card} and {location:card}",
        accused="{suspect:card}, {item:card} and {location:place|card}",
    ),
    ("move to {to:space}", "move"),
    ("take the secret passage", "secret_passage"),
    ("follow the card to {to:place}", "follow"),
    ("follow the card naming {player:player}", "follow"),
    ("put the card away", "discard"),
    ("look at the card in slot {slot:d}", "look"),
]
CHANCE_MOVES = [
    *question_round.chance(("answering", "showing_tip")),
    ("the case file is filled with {suspect:card}, {item:card} and {location:card}", "fill_case_file"),
    ("{card:card} is set aside", "set_aside"),
    ("every card is dealt but {cards:card+}", lambda cards: dealt_but(cards)),
    ("the Advantage card drawn is a {card:text}", lambda card: {"type": "draw", "card": CARD_KINDS[card]}),
]


def options(variant=None, **more):
    """'a game of' leaves the variant to the game's default (two players: the Duel, CD-DUE-08)."""

    def for_players(players):
        return {"players": players, **({"variant": variant} if variant else {}), **more}

    return for_players


# -- what the sentences mean: the checks, edits and actions longer than a short expression
def only_pawns_on_the_board(st, players):
    return all(set(st.view(v)["positions"]) == set(players) for v in st.viewers)


def has_looked_at_slots(st, player, slots):
    st["private"][player]["side_cards"].update({str(k): st["secret"]["side_cards"][k - 1] for k in slots})


def twenty_one_clue_cards_by_kind(st):
    return CARDS.everything(st) == sorted(KIND_OF) and [list(KIND_OF.values()).count(k) for k in CASE] == [6, 6, 9]


def is_a_clue_card_of_kind(st, card, kind):
    return any(m["action"].get(kind) == card for m in st.legal["moves"] if m["action"]["type"] == "fill_case_file")


def case_file_holds_one_of_each_kind(st):
    return st["secret"]["case_file"] is not None and all(KIND_OF[st["secret"]["case_file"][k]] == k for k in CASE)


def each_player_holds(st, n):
    return set(st["hand_sizes"].values()) == {n} == {len(h) for h in hands(st).values()}


def hand_sizes_held(st, n):
    return "they hold " + ", ".join(f"{p} {k}" for p, k in st["hand_sizes"].items())


def every_view_shows_face_up_beside_the_board(st, card):
    return all(card in st.view(v)["surplus"] for v in st.viewers)


def sees_in_own_hand(st, player, card):
    return card in st.view(player)["private"][player]["hand"]


def sees_cards_in_own_hand(st, player, n):
    return len(st.view(player)["private"][player]["hand"]) == n


def does_not_see_the_hand_of(st, player, other):
    return other not in st.view(player)["private"] and "secret" not in st.view(player)


def has_seen_slot(st, player, slot):
    return str(slot) in st.view(player)["private"][player]["side_cards"]


def lay_face_down_in_slot(st, card, slot, pins):
    CARDS.put(st, card, ("secret", "side_cards", slot - 1), pins)


def has_seen_beside_the_board(st, player, card):
    return card in st.view(player)["private"][player]["side_cards"].values()


def has_not_seen_slot(st, player, slot):
    return str(slot) not in st.view(player)["private"][player]["side_cards"]


def each_die_can_show_only(st, faces):
    return st.legal["to_act"] == [CHANCE] and all(
        {m["action"]["dice"][k] for m in st.legal["moves"]} == set(faces) for k in (0, 1)
    )


def may_move_on_with(st, player, n):
    return (
        st["current"] == player
        and st.view(None)["turn"]["pips"] == n
        and any(a["type"] == "move" for a in st.table.moves_of(player))
    )


def has_no_pips_left(st, player):
    return st["current"] == player and st.view(None)["turn"]["pips"] == 0


def advantage_stack_holds_by_kind(st, t, h, o):
    return st.view(None)["advantage"]["stack"] == {"taxi": t, "headquarters": h, "tip_off": o}


def no_advantage_cards(st):
    return st.view(None)["advantage"] is None and not any(m["action"]["type"] == "draw" for m in st.legal["moves"])


def advantage_card_to_draw_for(st, player):
    return (
        st.legal["to_act"] == [CHANCE]
        and {m["action"]["type"] for m in st.legal["moves"]} == {"draw"}
        and st["current"] == player
    )


def must_ask_in(st, player, place):
    return st.legal["to_act"] == [player] and {
        (m["action"]["type"], m["action"]["location"]) for m in st.legal["moves"]
    } == {("question", place)}


def must_show_one_of_own_cards(st, player):
    return question_round.must_show(st, player, st["private"][player]["hand"])


def must_look_at_one_of_slots(st, player, slots):
    return st.legal["to_act"] == [player] and sorted(m["action"]["slot"] for m in st.legal["moves"]) == slots


def may_move_exactly_to(st, player, places):
    return sorted(a["to"] for a in st.table.moves_of(player) if a["type"] == "move") == sorted(places)


def found_no_evidence_in_order(st, players):
    return [e["player"] for e in st.outcome.events if e["type"] == "no_evidence"] == players


def nobody_shows_a_card(st):
    told = {e["type"] for e in st.outcome.events}
    return "nobody_showed" in told and "shown" not in told


def everybody_saw_look_at_slot(st, player, slot):
    return st.told("looked", (player,), player=player, slot=slot)


def side_cards_unchanged(st):
    return st["secret"]["side_cards"] == st.outcome.before["secret"]["side_cards"]


KINDS = {"game": None, "Duel": "duel", "standard game": "classic"}
FACTS = [
    fact
    for kind, variant in KINDS.items()
    for fact in [
        *starts(
            {
                f"a {kind} of {{players:player+}}": deal,
                f"a {kind} of {{players:player+}}, dealt": deal_cards,
                f"a new {kind} of {{players:player+}}": None,
            },
            options(variant),
        ),
        *starts(
            {f"a {kind} of {{players:player+}} without Advantage cards": deal}, options(variant, advantage_cards=False)
        ),
    ]
]
FACTS += [
    *starts({"a game of {n:d} investigators": deal}, lambda n: {"players": INVESTIGATORS[:n]}),
    *question_round.facts(
        CARDS,
        "{suspect:card}, {item:card} and {location:card}",
        ("the case file", "case_file"),
        SCHEMA,
        FRESH_TURN,
        entered=lambda place: "accusing" if place == "Headquarters" else "questioning",
        seen="shown",
        looked="looked into",
    ),
    Fact(
        "{card:card} lies face up beside the board", put=lambda st, card, pins: CARDS.put(st, card, ("surplus",), pins)
    ),
    Fact("{player:player} is out of the race", put=out_of_the_race, check=lambda st, player: player in st["out"]),
    Fact(
        "the others are told only that {player:player} accused {cards:card+} and was wrong",
        check=told_only_a_failed_accusation,
    ),
    Fact(
        "only the pawns of {players:player+} stand on the board",
        check=only_pawns_on_the_board,
    ),
    Fact("all 13 Advantage cards are on the discard pile", put=lambda st: discard_all(st)),
    Fact(
        "{player:player} has already looked at the card[s|] in slot[s|] {slots:d+}",
        put=has_looked_at_slots,
    ),
    Fact(
        "there are 21 clue cards: 6 suspects, 6 items and 9 locations",
        check=twenty_one_clue_cards_by_kind,
    ),
    Fact(
        "{card:card} is a clue card of kind {kind:w}",  # chance may put it into the case file in that slot
        check=is_a_clue_card_of_kind,
    ),
    Fact(
        "the case file holds one suspect, one item and one location",
        check=case_file_holds_one_of_each_kind,
    ),
    Fact(
        "each player holds {n:d} cards",
        check=each_player_holds,
        shows=hand_sizes_held,
    ),
    Fact(
        "{n:d} card[s|] [lie|lies] face up beside the board",
        check=lambda st, n: len(st.view(None)["surplus"]) == n,
        shows=lambda st, n: f"{len(st.view(None)['surplus'])} lie face up",
    ),
    Fact("{n:d} card[s|] [lie|lies] face down beside the board", check=lambda st, n: st.view(None)["side_cards"] == n),
    Fact(
        "every view shows {card:card} face up beside the board",
        check=every_view_shows_face_up_beside_the_board,
    ),
    Fact(
        "the view of {player:player} shows {card:card} in his hand",
        check=sees_in_own_hand,
    ),
    Fact(
        "the view of {player:player} shows {n:d} cards in his hand",
        check=sees_cards_in_own_hand,
    ),
    Fact(
        "the view of {player:player} does not show the hand of {other:player}",
        check=does_not_see_the_hand_of,
    ),
    Fact(
        "{player:player} has seen the card in slot {slot:d}",
        check=has_seen_slot,
    ),
    Fact(
        "{card:card} lies face down beside the board in slot {slot:d}",
        put=lay_face_down_in_slot,
    ),
    Fact(
        "{player:player} has seen {card:card} beside the board",
        check=has_seen_beside_the_board,
    ),
    Fact(
        "{player:player} has not seen the card in slot {slot:d}",
        check=has_not_seen_slot,
    ),
    Fact(
        "the marker of {s:card} stands beside the board",
        check=lambda st, s: st.view(None)["markers"][s] is None,
        shows=markers_stand,
    ),
    Fact(
        "the marker[s|] of {names:card+} [stand|stands] in {place:place}",
        put=put_markers_in,
        check=markers_stand_in,
        shows=markers_stand,
    ),
    Fact(
        "every marker stands beside the board",
        check=lambda st: set(st.view(None)["markers"].values()) == {None},
        shows=markers_stand,
    ),
    Fact(
        "each die can show only {faces:face+}",
        check=each_die_can_show_only,
    ),
    Fact("the roll counts {n:d} pips", check=lambda st, n: st.view(None)["turn"]["pips"] == n),
    Fact(
        "{player:player} may move on with {n:d} pips",
        check=may_move_on_with,
    ),
    Fact(
        "{player:player} has no pips left to move",
        check=has_no_pips_left,
    ),
    Fact(
        "the Advantage stack holds {n:d} card[s|]",
        check=lambda st, n: sum(st.view(None)["advantage"]["stack"].values()) == n,
    ),
    Fact(
        "the Advantage discard pile holds {n:d} card[s|]",
        check=lambda st, n: sum(st.view(None)["advantage"]["discard"].values()) == n,
    ),
    Fact(
        "the Advantage stack holds {t:d} taxi, {h:d} headquarters and {o:d} tip-off cards",
        check=advantage_stack_holds_by_kind,
    ),
    Fact(
        "there are no Advantage cards in the game",
        check=no_advantage_cards,
    ),
    Fact(
        "an Advantage card must be drawn for {player:player}",
        check=advantage_card_to_draw_for,
    ),
    Fact("no view shows another player's hand", check=own_slots_only),
    Fact(
        "no view shows the cards beside the board", check=lambda st: hidden(st, CARDS.lying_at(st, "secret.side_cards"))
    ),
    Fact(
        "{player:player} must ask a question in {place:place}",
        check=must_ask_in,
    ),
    Fact(
        "{player:player} must show one of his cards",
        check=must_show_one_of_own_cards,
    ),
    Fact(
        "{player:player} must look at one of the cards in slots {slots:d+}",
        check=must_look_at_one_of_slots,
    ),
    Fact(
        "{player:player} may move exactly to {places:space+}",
        check=may_move_exactly_to,
    ),
]


FACTS += shared("deal", "roll-off", "solved", "unsolved", "secret") + [
    Fact(
        "{players:player+} found no evidence, in that order",
        check=found_no_evidence_in_order,
    ),
    Fact(
        "nobody shows a card",
        check=nobody_shows_a_card,
    ),
    Fact(
        "everybody saw that {by:player} showed {to:player} a card",
        check=lambda st, by, to: st.told("shown", (by, to), by=by, to=to),
    ),
    Fact(
        "everybody saw that {player:player} looked at the card in slot {slot:d}",
        check=everybody_saw_look_at_slot,
    ),
    Fact(
        "the cards beside the board are as they were",
        check=side_cards_unchanged,
    ),
]
install(TYPES, ACTIONS, CHANCE_MOVES, FACTS)


# -- a new table as this game words its requests -------------------------------------------------
def request(what, cards, rest) -> dict:
    """The options of "a new game (with Advantage cards) is requested for Justus Jonas and Peter Shaw" ("for 7
    players": the schema's investigators in turn; 'with the variant "speed"')."""
    options: dict = {"variant": "duel"} if what.startswith("Duel") else {}
    if cards:
        options["advantage_cards"] = True
    if m := re.fullmatch(r"for (\d+) players?", rest):
        options["players"] = [
            INVESTIGATORS[k % len(INVESTIGATORS)] + ("" if k < len(INVESTIGATORS) else " II") for k in range(int(m[1]))
        ]
    elif m := re.fullmatch(r'with the (variant|option) "(.+)"', rest):
        options[m[1] if m[1] == "variant" else m[2]] = m[2]
    else:
        options["players"] = re.split(r", | and ", rest.removeprefix("for "))
    return options


requests(r"an? (?P<what>new game|Duel)(?P<cards> with Advantage cards)? is requested (?P<rest>.+)", request)
