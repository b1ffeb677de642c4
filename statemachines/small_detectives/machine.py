"""Small Detectives — the round as tables (data only): phases, transitions, actions, events, state, inventory.

Phases are the rulebook's: the set-up (the case under the Police, the houses,
the deal), then a round: everyone chooses (sealed), Shadowing is carried out,
the cards take effect by number (a phase for each card that leaves its player
a choice), the houses, the Bar, the Police, and the preparation of the next
round.  Rows with trigger ``auto`` are automatic phase changes; for one
trigger the first row whose guards hold wins, so row order is meaning.  The
guards and callbacks named here live in engine.py.  ``next_is_<effect>`` is
one guard per card effect of rules.EFFECTS: "the card to take effect next is
of this kind".
"""

from statemachines.schemas import Enum, Int, ListOf, Maybe, MapOf, PerPlayer

from . import rules as R

AUTO = "auto"

STATES = [
    # -- set-up -------------------------------------------------------------------------------
    {"name": "hiding", "actor": "chance", "summary": "a culprit and a weapon go under the Police, unseen"},
    {"name": "laying", "actor": "chance", "summary": "the six other house tiles are laid, House 1 to House 6"},
    {"name": "dealing", "actor": "chance", "summary": "the cards in play are dealt one at a time, clockwise"},
    # -- a round ------------------------------------------------------------------------------
    {
        "name": "choosing",
        "actor": "players",
        "summary": "everyone still in lays a card face down (two with two players)",
    },
    {"name": "shadowing", "actor": "player", "summary": "Shadowing, shown first, names the detective to follow"},
    {"name": "resolving", "actor": None, "summary": "the cards take effect by number"},
    {"name": "unexpected", "actor": "player", "summary": "Unexpected: one, two or three tiles clockwise"},
    {"name": "on_wheels", "actor": "player", "summary": "On Wheels: any other tile"},
    {"name": "disguise", "actor": "player", "summary": "Disguise: change places with a detective next door"},
    {"name": "small_move", "actor": "player", "summary": "Small Move: swap the house tile with a neighbouring one"},
    {"name": "telephone_call", "actor": "player", "summary": "Telephone Call: swap two of the cards played"},
    {"name": "houses", "actor": None, "summary": "detectives alone on a house look at its clue"},
    {
        "name": "bar",
        "actor": "player",
        "summary": "the detective alone on the Bar asks about one to three clues, or passes",
    },
    {
        "name": "police",
        "actor": "player",
        "summary": "the detectives on the Police report in the order they came, or wait",
    },
    {"name": "preparing", "actor": None, "summary": "detectives step back from the street; the cards pass on"},
    # -- the ends -----------------------------------------------------------------------------
    {"name": "solved", "final": True, "summary": "a right report at the Police wins"},
    {"name": "last_detective", "final": True, "summary": "everyone else failed at the Police"},
    {"name": "stalemate", "final": True, "summary": "no detective can reach the Police any more"},
]

_NEXT = {effect: f"next_is_{effect}" for effect in R.EFFECTS}

TRANSITIONS = [
    # -- set-up --------------------------------------------------------------------------------
    {"trigger": "hide", "source": "hiding", "dest": "laying", "before": "hide_case", "clauses": ["SD-SET-02"]},
    {
        "trigger": "lay",
        "source": "laying",
        "dest": "dealing",
        "conditions": "last_house",
        "before": "lay_house",
        "clauses": ["SD-SET-03", "SD-SET-04"],
    },
    {
        "trigger": "lay",
        "source": "laying",
        "dest": "laying",
        "before": "lay_house",
        "clauses": ["SD-SET-03", "SD-SET-04"],
    },
    {
        "trigger": "deal",
        "source": "dealing",
        "dest": "choosing",
        "conditions": "last_card",
        "before": "deal_card",
        "after": "begin_round",
        "clauses": ["SD-SET-09"],
    },
    {
        "trigger": "deal",
        "source": "dealing",
        "dest": "dealing",
        "before": "deal_card",
        "clauses": ["SD-SET-04", "SD-SET-09"],
    },
    # -- 1. playing cards: sealed; the last choice turns the cards over ---------------------------
    {
        "trigger": "play",
        "source": "choosing",
        "dest": "choosing",
        "unless": "last_to_choose",
        "before": "seal",
        "clauses": ["SD-CHO-01", "SD-CHO-02"],
    },
    {
        "trigger": "play",
        "source": "choosing",
        "dest": "shadowing",
        "conditions": ["last_to_choose", "shadowing_chosen"],
        "before": "seal",
        "after": "reveal_shadowing",
        "clauses": ["SD-CHO-04", "SD-REV-01"],
    },
    {
        "trigger": "play",
        "source": "choosing",
        "dest": "resolving",
        "conditions": "last_to_choose",
        "before": "seal",
        "after": "reveal_cards",
        "clauses": ["SD-CHO-04", "SD-REV-02"],
    },
    {
        "trigger": "shadow",
        "source": "shadowing",
        "dest": "resolving",
        "before": "follow",
        "after": "reveal_cards",
        "clauses": ["SD-CARD-01", "SD-REV-02"],
    },
    # -- 2. card effects, lowest number first: the head of the queue --------------------------------
    {
        "trigger": AUTO,
        "source": "resolving",
        "dest": "houses",
        "unless": "cards_left",
        "before": "look_at_houses",
        "clauses": ["SD-TIL-01", "SD-HOU-01", "SD-CARD-02"],
    },
    {
        "trigger": AUTO,
        "source": "resolving",
        "dest": "resolving",
        "conditions": _NEXT["foot_patrol"],
        "before": "walk_printed",
        "clauses": ["SD-CARD-04", "SD-CARD-05"],
    },
    {
        "trigger": AUTO,
        "source": "resolving",
        "dest": "resolving",
        "conditions": _NEXT["dead_end"],
        "before": "walk_back",
        "clauses": ["SD-CARD-06"],
    },
    {
        "trigger": AUTO,
        "source": "resolving",
        "dest": "resolving",
        "conditions": _NEXT["police_raid"],
        "before": "cross_the_street",
        "clauses": ["SD-CARD-07"],
    },
    {
        "trigger": AUTO,
        "source": "resolving",
        "dest": "resolving",
        "conditions": _NEXT["informant"],
        "before": "go_to_the_bar",
        "clauses": ["SD-CARD-08"],
    },
    {
        "trigger": AUTO,
        "source": "resolving",
        "dest": "unexpected",
        "conditions": _NEXT["unexpected"],
        "clauses": ["SD-CARD-09", "SD-CARD-10"],
    },
    {
        "trigger": AUTO,
        "source": "resolving",
        "dest": "on_wheels",
        "conditions": _NEXT["on_wheels"],
        "clauses": ["SD-CARD-11", "SD-CARD-12"],
    },
    {
        "trigger": AUTO,
        "source": "resolving",
        "dest": "disguise",
        "conditions": [_NEXT["disguise"], "detective_adjacent"],
        "clauses": ["SD-CARD-13", "SD-CARD-14"],
    },
    {
        "trigger": AUTO,
        "source": "resolving",
        "dest": "small_move",
        "conditions": [_NEXT["small_move"], "house_adjacent"],
        "clauses": ["SD-CARD-15", "SD-CARD-16"],
    },
    {
        "trigger": AUTO,
        "source": "resolving",
        "dest": "resolving",
        "conditions": [_NEXT["big_move"], "on_a_house"],
        "before": "swap_across",
        "clauses": ["SD-CARD-17"],
    },
    {
        "trigger": AUTO,
        "source": "resolving",
        "dest": "resolving",
        "conditions": _NEXT["neighbor_survey"],
        "before": "survey",
        "clauses": ["SD-CARD-19", "SD-CARD-20"],
    },
    {
        "trigger": AUTO,
        "source": "resolving",
        "dest": "telephone_call",
        "conditions": _NEXT["telephone_call"],
        "clauses": ["SD-CARD-21", "SD-CARD-22"],
    },
    # a Disguise with nobody adjacent, a Small Move without a neighbouring house, a Big Move off the houses
    {
        "trigger": AUTO,
        "source": "resolving",
        "dest": "resolving",
        "conditions": "cards_left",
        "before": "do_nothing",
        "clauses": ["SD-CARD-14", "SD-CARD-16", "SD-CARD-18"],
    },
    {
        "trigger": "move",
        "source": "unexpected",
        "dest": "resolving",
        "before": "walk_chosen",
        "clauses": ["SD-CARD-09", "SD-CARD-10"],
    },
    {
        "trigger": "go",
        "source": "on_wheels",
        "dest": "resolving",
        "before": "drive",
        "clauses": ["SD-CARD-11", "SD-CARD-12"],
    },
    {
        "trigger": "swap_places",
        "source": "disguise",
        "dest": "resolving",
        "before": "change_places",
        "clauses": ["SD-CARD-13", "SD-CARD-14"],
    },
    {
        "trigger": "swap_houses",
        "source": "small_move",
        "dest": "resolving",
        "before": "swap_with_neighbour",
        "clauses": ["SD-CARD-15", "SD-CARD-16"],
    },
    {
        "trigger": "swap_cards",
        "source": "telephone_call",
        "dest": "resolving",
        "before": "swap_played_cards",
        "clauses": ["SD-CARD-21", "SD-CARD-22"],
    },
    # -- 3. tile effects: houses (looked at on the way in), then the Bar, then the Police -------------
    {
        "trigger": AUTO,
        "source": "houses",
        "dest": "bar",
        "conditions": "alone_at_the_bar",
        "clauses": ["SD-TIL-01", "SD-BAR-01"],
    },
    {
        "trigger": AUTO,
        "source": "houses",
        "dest": "police",
        "conditions": "someone_at_the_police",
        "before": "line_up",
        "clauses": ["SD-TIL-01", "SD-POL-01", "SD-POL-02"],
    },
    {"trigger": AUTO, "source": "houses", "dest": "preparing", "clauses": ["SD-TIL-01", "SD-BAR-02"]},
    {
        "trigger": "ask",
        "source": "bar",
        "dest": "police",
        "conditions": "someone_at_the_police",
        "before": ["ask_question", "turn_the_bar"],
        "after": "line_up",
        "clauses": ["SD-BAR-03", "SD-BAR-05", "SD-BAR-06", "SD-BAR-07"],
    },
    {
        "trigger": "ask",
        "source": "bar",
        "dest": "preparing",
        "before": ["ask_question", "turn_the_bar"],
        "clauses": ["SD-BAR-03", "SD-BAR-05", "SD-BAR-06", "SD-BAR-07"],
    },
    {
        "trigger": "pass",
        "source": "bar",
        "dest": "police",
        "conditions": "someone_at_the_police",
        "before": "keep_the_bar",
        "after": "line_up",
        "clauses": ["SD-TIL-02"],
    },
    {"trigger": "pass", "source": "bar", "dest": "preparing", "before": "keep_the_bar", "clauses": ["SD-TIL-02"]},
    {
        "trigger": "name",
        "source": "police",
        "dest": "solved",
        "conditions": "names_the_case",
        "before": "report",
        "after": "solve",
        "clauses": ["SD-POL-04", "SD-OBJ-01", "SD-END-01", "SD-POL-05"],
    },
    {
        "trigger": "name",
        "source": "police",
        "dest": "last_detective",
        "conditions": "one_other_left",
        "before": ["report", "eliminate"],
        "after": "last_one_wins",
        "clauses": ["SD-POL-03", "SD-END-02"],
    },
    {
        "trigger": "name",
        "source": "police",
        "dest": "police",
        "conditions": "others_to_report",
        "before": ["report", "eliminate"],
        "clauses": ["SD-POL-03", "SD-POL-07"],
    },
    {
        "trigger": "name",
        "source": "police",
        "dest": "preparing",
        "before": ["report", "eliminate"],
        "clauses": ["SD-POL-03", "SD-POL-07", "SD-END-03"],
    },
    {
        "trigger": "pass",
        "source": "police",
        "dest": "police",
        "conditions": "others_to_report",
        "before": "wait",
        "clauses": ["SD-POL-06"],
    },
    {"trigger": "pass", "source": "police", "dest": "preparing", "before": "wait", "clauses": ["SD-POL-06"]},
    # -- 4. the next round; with two players the second pair of cards comes first ------------------------
    {
        "trigger": AUTO,
        "source": "preparing",
        "dest": "resolving",
        "conditions": "second_pair_waits",
        "before": ["step_back", "begin_second_pair"],
        "after": "reveal_cards",
        "clauses": ["SD-TWO-03", "SD-TWO-05"],
    },
    {
        "trigger": AUTO,
        "source": "preparing",
        "dest": "stalemate",
        "conditions": "police_out_of_reach",
        "before": ["step_back", "pass_cards"],
        "after": "declare_stalemate",
        "clauses": ["SD-END-04"],
    },
    {
        "trigger": AUTO,
        "source": "preparing",
        "dest": "choosing",
        "before": ["step_back", "pass_cards"],
        "after": "begin_round",
        "clauses": ["SD-NXT-01", "SD-NXT-02", "SD-NXT-03", "SD-NXT-04", "SD-TWO-04"],
    },
]

# The clauses each phase cites (describe() and the site list them), kept below the tables so that a phase's
# row stays one line
PHASE_CLAUSES = {
    "hiding": ["SD-SET-02", "SD-CMP-01", "SD-CMP-02", "SD-SET-04", "SD-SET-06", "SD-SET-10"],
    "laying": ["SD-SET-03", "SD-SET-04", "SD-SET-01"],
    "dealing": ["SD-SET-07", "SD-SET-08", "SD-SET-09", "SD-SET-04", "SD-CMP-03", "SD-TWO-01"],
    "choosing": [
        "SD-CHO-01",
        "SD-CHO-02",
        "SD-CHO-03",
        "SD-CHO-04",
        "SD-OVR-01",
        "SD-PLY-01",
        "SD-TWO-02",
        "SD-CMP-04",
    ],
    "shadowing": ["SD-REV-01", "SD-CARD-01"],
    "resolving": [
        "SD-REV-02",
        "SD-REV-03",
        "SD-CARD-04",
        "SD-CARD-05",
        "SD-CARD-06",
        "SD-CARD-07",
        "SD-CARD-08",
        "SD-CARD-17",
        "SD-CARD-18",
        "SD-CARD-19",
        "SD-CARD-20",
        "SD-SET-01",
    ],
    "unexpected": ["SD-CARD-09", "SD-CARD-10"],
    "on_wheels": ["SD-CARD-11", "SD-CARD-12"],
    "disguise": ["SD-CARD-13", "SD-CARD-14"],
    "small_move": ["SD-CARD-15", "SD-CARD-16"],
    "telephone_call": ["SD-CARD-21", "SD-CARD-22"],
    "houses": ["SD-TIL-01", "SD-HOU-01", "SD-HOU-02", "SD-CARD-02", "SD-CARD-03", "SD-CARD-23", "SD-TIL-02"],
    "bar": [
        "SD-BAR-01",
        "SD-BAR-02",
        "SD-BAR-03",
        "SD-BAR-04",
        "SD-BAR-05",
        "SD-BAR-06",
        "SD-BAR-07",
        "SD-TIL-02",
        "SD-SET-05",
        "SD-SET-11",
    ],
    "police": ["SD-POL-01", "SD-POL-02", "SD-POL-03", "SD-POL-05", "SD-POL-06", "SD-POL-07", "SD-OBJ-01", "SD-END-03"],
    "preparing": [
        "SD-NXT-01",
        "SD-NXT-02",
        "SD-NXT-03",
        "SD-NXT-04",
        "SD-OVR-02",
        "SD-TWO-03",
        "SD-TWO-04",
        "SD-TWO-05",
    ],
    "solved": ["SD-END-01", "SD-POL-04", "SD-OBJ-01"],
    "last_detective": ["SD-END-02"],
    "stalemate": ["SD-END-04"],
}

# -- the protocol's words for this machine -------------------------------------------------
CASE = {"culprit": "culprit", "weapon": "weapon"}
PLAYED = {"player": "player", "card": "card"}
ANSWER = (Enum("yes", "no"), "yes when the player asked has seen every clue asked about, else no")
RIGHT = (bool, "whether both the culprit and the weapon named are the ones under the Police")

ACTIONS = {
    "hide": ("chance hides a culprit and a weapon under the Police", CASE),
    "lay": ("chance lays a house tile, house side up, on the next house place", {"house": "house", "clue": "clue"}),
    "deal": ("chance deals one card to the player whose turn it is to receive", {"card": "card"}),
    "play": (
        "a player lays a card face down; with two players two, the first to be carried out first",
        {"cards": ListOf("card", 1, 2)},
    ),
    "shadow": ("Shadowing: the detective to follow", {"detective": "player"}),
    "move": (
        "Unexpected: how many tiles clockwise",
        {"tiles": (Int(1), "how many tiles clockwise: 1, 2 or 3, the Bar and the Police counting as tiles")},
    ),
    "go": ("On Wheels: the tile to go to", {"to": "tile"}),
    "swap_places": ("Disguise: the detective on an adjacent tile to change places with", {"with": "player"}),
    "swap_houses": (
        "Small Move: the adjacent house whose tile changes place with the one underfoot",
        {"with": "house"},
    ),
    "swap_cards": (
        "Telephone Call: the two players whose cards played this round change places",
        {"of": ListOf("player", 2, 2)},
    ),
    "ask": (
        "the detective alone on the Bar asks another player about clues of the kind shown, in the order of their names",
        {"player": "player", "clues": ListOf("clue", 1)},
    ),
    "name": ("a detective at the Police names a culprit and a weapon, in secret", CASE),
    "pass": ("at the Bar or the Police: leave the tile's effect unused", {}),
}

EVENTS = {
    "hidden": ("a culprit and a weapon went under the Police, unseen", {"secret": CASE}),
    "laid": ("a house tile was laid, house side up", {"house": "house", "secret": {"clue": "clue"}}),
    "dealt": ("a card was dealt", {"to": "player", "private": MapOf("player", {"card": "card"})}),
    "round": ("a round begins", {"round": (Int(1), "the round's number, from 1")}),
    "chose": (
        "a player laid their card(s) face down",
        {"player": "player", "private": MapOf("player", {"cards": ["card"]})},
    ),
    "revealed": (
        "cards were turned over, in the order they take effect",
        {
            "cards": (
                [PLAYED],
                "each card turned over and whose it is, in the order they take effect (lowest number first)",
            )
        },
    ),
    "into_street": ("a detective stepped into the street, facing its tile", {"player": "player", "facing": "tile"}),
    "shadowed": ("the Shadowing player named the detective to follow", {"player": "player", "detective": "player"}),
    "moved": ("a detective went from one tile to another", {"player": "player", "from": "tile", "to": "tile"}),
    "swapped_places": ("two detectives changed places", {"player": "player", "with": "player"}),
    "swapped_houses": ("two house tiles changed places", {"player": "player", "houses": ListOf("house", 2, 2)}),
    "swapped_cards": ("two cards played this round changed places", {"player": "player", "of": ListOf("player", 2, 2)}),
    "no_effect": ("a card found nothing to act on", PLAYED),
    "carried_out": ("a card's effect is over", PLAYED),
    "looked": (
        "a player looked at the clue under a house",
        {
            "player": "player",
            "house": "house",
            "via": (
                Enum("house", "shadowing", "survey"),
                "house: their detective ended the round alone on it; shadowing: the detective they followed did; "
                "survey: Neighbor Survey",
            ),
            "private": MapOf("player", {"clue": "clue"}),
        },
    ),
    "asked": (
        "a question at the Bar: only the two players learn the clues and the answer",
        {"asker": "player", "asked": "player", "private": MapOf("player", {"clues": ["clue"], "answer": ANSWER})},
    ),
    "bar_turned": ("the Bar was turned over", {"side": "side"}),
    "passed": (
        "a player left a tile's effect unused",
        {"player": "player", "at": (Enum(R.BAR, R.POLICE), "the tile whose effect was left unused")},
    ),
    "reported": (
        "a report at the Police: only the reporter learns what was named",
        {"player": "player", "right": RIGHT, "private": MapOf("player", CASE)},
    ),
    "out": (
        "a mistaken player is out: their played cards leave face up, their hand face down",
        {
            "player": "player",
            "played": ["card"],
            "hand": (Int(0), "how many cards their hand held; the cards go face down, into secret"),
            "secret": {"hand": ["card"]},
        },
    ),
    "solved": ("a right report: the case is shown to all", {"player": "player", **CASE}),
    "last_left": ("everyone else failed at the Police", {"player": "player"}),
    "stalemate": ("no detective can reach the Police any more: the game ends, nobody wins", {**CASE}),
    "stepped_back": ("detectives in the street stepped back onto their tiles", {"players": ["player"]}),
    "cards_passed": (
        "each player took the card(s) played on their right",
        {
            "passes": (
                [{"from": "player", "to": "player", "cards": ["card"]}],
                "who took which card(s), from the player on their right, face up for all",
            )
        },
    ),
}

STATE = {
    "round": (Int(0), "the round being played (0 during the set-up)"),
    "pair": (Int(1, 2), "with two players: the pair of cards being carried out; otherwise 1"),
    "positions": (MapOf("player", "tile"), "the tile each detective in the game stands on, or faces from the street"),
    "street": (["player"], "detectives standing in the street (Shadowing, Neighbor Survey)"),
    "police_line": (["player"], "detectives on the Police, in the order they arrived (SD-POL-02)"),
    "bar": ("side", "the side of the Bar facing up"),
    "chosen": (["player"], "who has laid their card(s) face down this round, in seat order"),
    "played": (MapOf("player", ["card"]), "the cards turned over this round, in front of each player"),
    "to_resolve": ([PLAYED], "the cards still to take effect, the next first"),
    "passed": (
        [{"from": "player", "to": "player", "cards": ["card"]}],
        "the cards handed on at the end of the last round, face up as they went: everyone saw who took which",
    ),
    "shadow": (
        Maybe({"by": "player", "detective": Maybe("player")}),
        "this round's Shadowing: who plays it and whom they follow",
    ),
    "reporting": (["player"], "the detectives still to report at the Police this round, the one reporting first"),
    "out": (
        ListOf("player", unique=True),
        "players out of the game, in the order they failed",
    ),  # once each: the turn passes to someone still in
    "out_of_game": (
        ["card"],
        "cards out of the game face up: those the player count leaves out, and cards played by players out",
    ),
    "dealing_to": (Maybe("player"), "who receives the next card while dealing (derived)"),
    "hand_sizes": (PerPlayer(Int(0)), "how many cards each player holds (derived)"),
    "outcome": (
        Maybe(
            {
                "result": (
                    Enum("solved", "last_detective", "stalemate"),
                    "solved: a right report; last_detective: everyone else failed at the Police; stalemate: "
                    "nobody can reach the Police",
                ),
                "winner": Maybe("player"),
                "case": (
                    Maybe(CASE),
                    "the culprit and weapon under the Police, shown to all (null: last_detective, never shown)",
                ),
            }
        ),
        "how the game ended: its final phase, the winner, the case when shown",
    ),
    "secret": (
        {
            "police": (Maybe(CASE), "the culprit and the weapon under the Police"),
            "houses": (MapOf("house", "clue"), "the clue under each house laid"),
            "stack": (["clue"], "house tiles not yet laid"),
            "undealt": (["card"], "cards in play not yet dealt"),
            "removed": (["card"], "hands of players out of the game, face down"),
        },
        "what nobody sees",
    ),
    "private": (
        PerPlayer(
            {
                "hand": ["card"],
                "choice?": (ListOf("card", 1, 2), "the card(s) laid face down and not yet turned over"),
                "seen": (["clue"], "the clues this player has looked at, in the order seen (SD-BAR-04)"),
                "questions": (
                    [{"asker": "player", "asked": "player", "clues": ["clue"], "answer": ANSWER}],
                    "the Bar questions this player asked or answered (SD-BAR-05)",
                ),
                "report?": ({**CASE, "right": RIGHT}, "what this player named at the Police (SD-POL-05)"),
            }
        ),
        "what only that player sees",
    ),
}

INVENTORY = {
    "action card": (
        {card: 1 for card in R.CARD_NAMES},
        [
            "secret.undealt.*",
            "private.*.hand.*",
            "private.*.choice.*",
            "played.*.*",
            "out_of_game.*",
            "secret.removed.*",
        ],
    ),
    "house tile": ({clue: 1 for clue in R.CLUES}, ["secret.police.*", "secret.houses.*", "secret.stack.*"]),
}
