"""Cluedo: Die drei ??? — the turn as tables (data only): phases, transitions, actions, events, state, inventory.

Phases are the real ones: the set-up (case file, the Duel's four cards, the
deal, the rolls for who starts), then a turn (start of turn, dice, Advantage
card, movement, questioning, answering, the accusation), and two ends.  For
one trigger the first row whose conditions hold wins: row order is meaning.
Rows ending a turn hand it on with ``pass_turn`` (CD-TRN-03: to the left).
The guards and callbacks named here live in engine.py.
"""

from statemachines.schemas import Const, Enum, Int, ListOf, Maybe, MapOf, OneOf, PerPlayer, Record

from . import rules as R

STATES = [
    {
        "name": "filling_case_file",
        "actor": "chance",
        "summary": "one suspect, one item, one location go into the case file",
    },
    {
        "name": "setting_aside",
        "actor": "chance",
        "summary": "the Duel's four cards are laid face down beside the board",
    },
    {"name": "dealing", "actor": "chance", "summary": "the rest is dealt one card at a time, clockwise"},
    {"name": "rolling_for_start", "actor": "chance", "summary": "everybody rolls both dice; the highest starts"},
    {"name": "starting_turn", "actor": "player", "summary": "roll the dice, or take a secret passage"},
    {"name": "rolling", "actor": "chance", "summary": "the two dice"},
    {"name": "drawing", "actor": "chance", "summary": "the top Advantage card"},
    {"name": "playing_advantage", "actor": "player", "summary": "follow the card drawn, or put it away"},
    {"name": "moving", "actor": "player", "summary": "choose where the roll takes the pawn"},
    {"name": "questioning", "actor": "player", "summary": "name a suspect, an item and this location"},
    {"name": "answering", "actor": "player", "summary": "the first player to the left who can shows one card"},
    {"name": "showing_tip", "actor": "player", "summary": "the player named by a tip-off shows one card"},
    {"name": "looking", "actor": "player", "summary": "Duel: look at one unseen card beside the board"},
    {"name": "accusing", "actor": "player", "summary": "in the Headquarters: accuse, or end the turn"},
    {"name": "solved", "final": True, "summary": "a right accusation"},
    {"name": "unsolved", "final": True, "summary": "everybody out of the race"},
]

TRANSITIONS = [
    # -- set-up ------------------------------------------------------------------
    {
        "trigger": "fill_case_file",
        "source": "filling_case_file",
        "dest": "setting_aside",
        "conditions": "is_duel",
        "before": "put_in_case_file",
        "clauses": ["CD-DUE-01"],
    },
    {
        "trigger": "fill_case_file",
        "source": "filling_case_file",
        "dest": "dealing",
        "before": "put_in_case_file",
        "clauses": ["CD-SET-01"],
    },
    {
        "trigger": "set_aside",
        "source": "setting_aside",
        "dest": "dealing",
        "conditions": "completes_side_row",
        "before": "lay_side_card",
        "clauses": ["CD-DUE-01"],
    },
    {
        "trigger": "set_aside",
        "source": "setting_aside",
        "dest": "setting_aside",
        "before": "lay_side_card",
        "clauses": ["CD-DUE-01"],
    },
    {
        "trigger": "deal",
        "source": "dealing",
        "dest": "rolling_for_start",
        "conditions": "completes_deal",
        "before": "deal_card",
        "after": "lay_surplus",
        "clauses": ["CD-SET-02"],
    },
    {"trigger": "deal", "source": "dealing", "dest": "dealing", "before": "deal_card", "clauses": ["CD-SET-03"]},
    {
        "trigger": "roll",
        "source": "rolling_for_start",
        "dest": "starting_turn",
        "conditions": "decides_start",
        "before": "record_start_roll",
        "after": "begin_first_turn",
        "clauses": ["CD-TRN-01"],
    },
    {
        "trigger": "roll",
        "source": "rolling_for_start",
        "dest": "rolling_for_start",
        "before": "record_start_roll",
        "after": "settle_start_round",
        "clauses": ["CD-TRN-02"],
    },
    # -- a turn --------------------------------------------------------------------
    {"trigger": "roll_dice", "source": "starting_turn", "dest": "rolling", "clauses": ["CD-MOV-01"]},
    {
        "trigger": "secret_passage",
        "source": "starting_turn",
        "dest": "questioning",
        "before": "go_through_passage",
        "clauses": ["CD-PAS-01", "CD-PAS-03", "CD-PAS-04"],
    },
    {
        "trigger": "roll",
        "source": "rolling",
        "dest": "drawing",
        "conditions": "shows_question_mark",
        "unless": "without_advantage_cards",
        "before": "record_roll",
        "clauses": ["CD-ADV-01", "CD-ADV-06"],
    },
    {
        "trigger": "roll",
        "source": "rolling",
        "dest": "moving",
        "before": "record_roll",
        "clauses": ["CD-MOV-01", "CD-ADV-07"],
    },
    {
        "trigger": "draw",
        "source": "drawing",
        "dest": "playing_advantage",
        "before": "take_advantage_card",
        "clauses": ["CD-ADV-01", "CD-ADV-04"],
    },
    # a taxi drives into a clue location, the headquarters card into the Headquarters,
    # a tip-off names who must show a card
    {
        "trigger": "follow",
        "source": "playing_advantage",
        "dest": "questioning",
        "conditions": "card_is_taxi",
        "before": "follow_advantage_card",
        "clauses": ["CD-ADV-05"],
    },
    {
        "trigger": "follow",
        "source": "playing_advantage",
        "dest": "accusing",
        "conditions": "card_is_headquarters",
        "before": "follow_advantage_card",
        "clauses": ["CD-ADV-05"],
    },
    {
        "trigger": "follow",
        "source": "playing_advantage",
        "dest": "showing_tip",
        "before": "follow_advantage_card",
        "clauses": ["CD-ADV-05"],
    },
    {
        "trigger": "discard",
        "source": "playing_advantage",
        "dest": "moving",
        "conditions": "pips_left",
        "before": "discard_advantage_card",
        "clauses": ["CD-ADV-05", "CD-ADV-03"],
    },
    {
        "trigger": "discard",
        "source": "playing_advantage",
        "dest": "starting_turn",
        "before": "discard_advantage_card",
        "after": "pass_turn",
        "clauses": ["CD-ADV-05", "CD-ADV-03"],
    },
    {
        "trigger": "show",
        "source": "showing_tip",
        "dest": "moving",
        "conditions": "pips_left",
        "before": "show_tip_card",
        "clauses": ["CD-ADV-05"],
    },
    {
        "trigger": "show",
        "source": "showing_tip",
        "dest": "starting_turn",
        "before": "show_tip_card",
        "after": "pass_turn",
        "clauses": ["CD-ADV-05"],
    },
    # entering a place stops the pawn (CD-MOV-04); the row order picks what follows
    {
        "trigger": "move",
        "source": "moving",
        "dest": "questioning",
        "conditions": "into_clue_location",
        "before": "move_pawn",
        "clauses": ["CD-MOV-04", "CD-QUE-01"],
    },
    {
        "trigger": "move",
        "source": "moving",
        "dest": "accusing",
        "conditions": "into_headquarters",
        "before": "move_pawn",
        "clauses": ["CD-MOV-04", "CD-ACC-01"],
    },
    {
        "trigger": "move",
        "source": "moving",
        "dest": "drawing",
        "conditions": "onto_advantage_space",
        "unless": "without_advantage_cards",
        "before": "move_pawn",
        "clauses": ["CD-ADV-02"],
    },
    {
        "trigger": "move",
        "source": "moving",
        "dest": "starting_turn",
        "before": "move_pawn",
        "after": "pass_turn",
        "clauses": ["CD-MOV-05", "CD-TRN-03"],
    },
    # -- questioning -----------------------------------------------------------------
    {
        "trigger": "question",
        "source": "questioning",
        "dest": "answering",
        "conditions": "someone_can_show",
        "before": "ask",
        "clauses": ["CD-QUE-04", "CD-QUE-05"],
    },
    {
        "trigger": "question",
        "source": "questioning",
        "dest": "looking",
        "conditions": "side_card_to_look_at",
        "before": "ask",
        "clauses": ["CD-DUE-03", "CD-DUE-05"],
    },
    {
        "trigger": "question",
        "source": "questioning",
        "dest": "starting_turn",
        "before": "ask",
        "after": "pass_turn",
        "clauses": ["CD-QUE-06", "CD-DUE-06"],
    },
    {
        "trigger": "show",
        "source": "answering",
        "dest": "starting_turn",
        "before": "show_card",
        "after": "pass_turn",
        "clauses": ["CD-QUE-04", "CD-END-01"],
    },
    {
        "trigger": "look",
        "source": "looking",
        "dest": "starting_turn",
        "before": "look_at_side_card",
        "after": "pass_turn",
        "clauses": ["CD-DUE-03", "CD-DUE-04"],
    },
    # -- the accusation ----------------------------------------------------------------
    {
        "trigger": "accuse",
        "source": "accusing",
        "dest": "solved",
        "conditions": "accusation_is_right",
        "before": "open_case_file",
        "clauses": ["CD-ACC-02", "CD-OBJ-01"],
    },
    {
        "trigger": "accuse",
        "source": "accusing",
        "dest": "unsolved",
        "conditions": "last_in_the_race",
        "before": "drop_out",
        "after": "reveal_unsolved",
        "clauses": ["CD-ACC-05"],
    },
    {
        "trigger": "accuse",
        "source": "accusing",
        "dest": "starting_turn",
        "before": "drop_out",
        "after": "pass_turn",
        "clauses": ["CD-ACC-03", "CD-ACC-08"],
    },
    {
        "trigger": "end_turn",
        "source": "accusing",
        "dest": "starting_turn",
        "after": "pass_turn",
        "clauses": ["CD-ACC-06"],
    },
]

# The clauses each phase cites (describe() and the site list them), kept below the tables so that a phase's
# row stays one line
PHASE_CLAUSES = {
    "filling_case_file": [
        "CD-SET-01",
        "CD-INV-01",
        "CD-CMP-01",
        "CD-CMP-03",
        "CD-INV-02",
        "CD-SET-04",
        "CD-SET-05",
        "CD-SET-06",
        "CD-SET-07",
    ],
    "setting_aside": ["CD-DUE-01", "CD-DUE-02", "CD-DUE-07", "CD-DUE-08"],
    "dealing": ["CD-SET-02", "CD-SET-03", "CD-NOT-01", "CD-SET-08"],
    "rolling_for_start": ["CD-TRN-01", "CD-TRN-02", "CD-TRN-04"],
    "starting_turn": ["CD-MOV-01", "CD-PAS-01", "CD-PAS-02", "CD-PAS-06"],
    "rolling": ["CD-MOV-01", "CD-ADV-01", "CD-ADV-06", "CD-CMP-07"],
    "drawing": ["CD-ADV-01", "CD-ADV-02", "CD-ADV-04", "CD-CMP-08"],
    "playing_advantage": ["CD-ADV-05", "CD-ADV-03"],
    "moving": [
        "CD-MOV-02",
        "CD-MOV-03",
        "CD-MOV-04",
        "CD-MOV-05",
        "CD-MOV-06",
        "CD-MOV-07",
        "CD-MOV-08",
        "CD-MOV-09",
        "CD-ADV-08",
        "CD-PAS-05",
        "CD-CMP-04",
        "CD-CMP-05",
        "CD-CMP-06",
    ],
    "questioning": ["CD-QUE-01", "CD-QUE-02", "CD-QUE-03", "CD-CLV-01", "CD-QUE-08", "CD-END-03"],
    "answering": [
        "CD-QUE-04",
        "CD-QUE-05",
        "CD-QUE-06",
        "CD-QUE-07",
        "CD-ACC-04",
        "CD-NOT-02",
        "CD-NOT-03",
        "CD-END-02",
        "CD-QUE-09",
    ],
    "showing_tip": ["CD-ADV-05"],
    "looking": ["CD-DUE-03", "CD-DUE-04", "CD-DUE-05", "CD-DUE-09"],
    "accusing": ["CD-ACC-01", "CD-ACC-06", "CD-CMP-02", "CD-ACC-07"],
    "solved": ["CD-ACC-02", "CD-OBJ-01"],
    "unsolved": ["CD-ACC-05", "CD-ACC-09"],
}

# -- the protocol's words for this machine ---------------------------------------------
CASE = {"suspect": "suspect", "item": "item", "location": "location"}
DICE = ListOf("face", 2, 2)
# what a player may name: any clue card in any slot is well formed; whether it is legal is legal()'s business
NAMED = {"suspect": "card", "item": "card", "location": "card"}

ACTIONS = {
    "fill_case_file": ("chance puts one suspect, one item and one location into the case file", NAMED),
    "set_aside": ("chance lays one card face down beside the board (Duel)", {"card": "card"}),
    "deal": ("chance deals one card to the player whose turn it is to receive", {"card": "card"}),
    "roll": ("chance rolls the two dice (for the start, or for a turn)", {"dice": DICE}),
    "roll_dice": ("the player starts the turn by rolling", {}),
    "secret_passage": ("the player takes the secret passage of the location they stand in", {}),
    "draw": ("chance draws the top Advantage card", {"card": "advantage"}),
    "follow": (
        "the player plays the drawn card: a taxi or call names where to, a tip-off names who shows",
        OneOf(
            {"to": ("place", "taxi or headquarters call: where the pawn goes")},
            {"player": ("player", "tip-off: who shows a card")},
        ),
    ),
    "discard": ("the player puts the drawn card away unused", {}),
    "move": ("the player moves the pawn to a space or place the roll reaches", {"to": "space"}),
    "question": ("the player asks about a suspect, an item and the location they stand in", NAMED),
    "show": ("the player asked (or tipped off) shows one card to the asker", {"card": "card"}),
    "look": (
        "Duel: the asker looks at one card beside the board, by its slot",
        {"slot": (Int(1, 4), "the place beside the board looked at, 1 to 4 in the order the cards were laid out")},
    ),
    "accuse": (
        "the player in the Headquarters names the case file",
        {
            **NAMED,
            "location": (
                OneOf("card", Const("Headquarters")),
                "the clue location named; the Headquarters is well formed but never a legal answer",
            ),
        },
    ),
    "end_turn": ("the player in the Headquarters ends the turn without accusing", {}),
}

EVENTS = {
    "case_file_filled": (
        "the case file is filled, unseen",
        {"secret": {"case_file": (CASE, "the suspect, item and location put in the case file; nobody sees it")}},
    ),
    "set_aside": (
        "a card is laid face down beside the board",
        {"slot": (Int(1, 4), "its place beside the board, 1 to 4 in laying order"), "secret": {"card": "card"}},
    ),
    "dealt": ("a card is dealt to a player", {"to": "player", "private": MapOf("player", {"card": "card"})}),
    "surplus": ("the cards left over are laid face up", {"cards": ["card"]}),
    "rolled": (
        "the dice were rolled for a player",
        {
            "player": "player",
            "dice": DICE,
            "pips": (Int(2, 12), "the pips the two dice show together; a question mark counts one"),
        },
    ),
    "tie": ("players tied for the highest roll roll again", {"players": ["player"]}),
    "turn": ("a player's turn begins", {"player": "player"}),
    "drew": ("an Advantage card was drawn", {"player": "player", "card": "advantage"}),
    "advantage_reshuffled": ("the discards became the new Advantage stack", {}),
    "played": ("the drawn Advantage card was played", {"player": "player", "card": "advantage"}),
    "put_away": ("the drawn Advantage card was put away", {"player": "player", "card": "advantage"}),
    "moved": ("a pawn moved onto a path space", {"player": "player", "to": "space"}),
    "entered": (
        "a pawn entered a place",
        {
            "player": "player",
            "place": "place",
            "via": (
                Enum("door", "secret passage", "advantage card"),
                "how the pawn got in: through a door, by the secret passage, or sent by a taxi or call Advantage card",
            ),
        },
    ),
    "questioned": ("a question was asked", {"player": "player", **CASE}),
    "no_evidence": ("a player holds none of the cards asked about", {"player": "player"}),
    "nobody_showed": ("nobody could show a card", {}),
    "shown": (
        "a card was shown: only the two players see which",
        {"by": "player", "to": "player", "private": MapOf("player", {"card": "card"})},
    ),
    "looked": (
        "the asker looked at a card beside the board",
        {
            "player": "player",
            "slot": (Int(1, 4), "which place beside the board: everyone sees the place, only the asker the card"),
            "private": MapOf("player", {"card": "card"}),
        },
    ),
    "accused": (
        "an accusation was made",
        {"player": "player", **CASE, "right": (bool, "whether the three names match the case file")},
    ),
    "solved": (
        "the case is solved: the case file is shown to all",
        {"player": "player", "case_file": (CASE, "the case file, now shown to everybody")},
    ),
    "out": (
        "the accuser is out of the race; only they saw the case file",
        {
            "player": "player",
            "private": MapOf("player", {"case_file": (CASE, "the case file: only the accuser who was wrong sees it")}),
        },
    ),
    "unsolved": (
        "everybody is out: the case file is shown to all",
        {"case_file": (CASE, "the case file, now shown to everybody")},
    ),
}

STATE = {
    "dealing_to": (Maybe("player"), "who receives the next card while dealing (derived)"),
    "hand_sizes": (PerPlayer(Int(0)), "how many cards each player holds (derived)"),
    "surplus": (["card"], "the cards left over from the deal, face up for all"),
    "side_cards": (Int(0, 4), "Duel: how many cards lie face down beside the board (derived)"),
    "positions": (PerPlayer("space"), "where each pawn stands: a path space or a place"),
    "markers": (
        Record("marker", Maybe("location")),
        "the location each suspect and item marker stands in (null: beside the board)",
    ),
    "start_rolls": (MapOf("player", DICE), "the rolls for who starts, of those still in the running"),
    "start_waiting": (["player"], "who still rolls for the start, in order"),
    "current": (Maybe("player"), "whose turn it is"),
    "turn": (
        {
            "dice": (Maybe(DICE), "this turn's roll"),
            "pips": (Int(0, 12), "the pips left to move"),
            "card": (Maybe("advantage"), "the Advantage card drawn and not yet played"),
            "question": (Maybe(CASE), "the question asked this turn"),
            "answerer": (Maybe("player"), "who must show a card"),
            "tipped": (Maybe("player"), "who a tip-off names"),
        },
        "this turn so far",
    ),
    "out": (
        ListOf("player", unique=True),
        "players out of the race, in the order they dropped out",
    ),  # once each: the turn passes to someone still in
    "advantage": (
        Maybe(
            {
                "stack": (Record("advantage", Int(0)), "how many cards of each kind lie face down in the stack"),
                "discard": (
                    Record("advantage", Int(0)),
                    "how many cards of each kind lie on the discard pile, played or put away",
                ),
            }
        ),
        "the Advantage cards by kind, face down and played (null: played without them)",
    ),
    "outcome": (
        Maybe(
            {
                "result": (
                    Enum("solved", "unsolved"),
                    "solved: a player accused rightly; unsolved: every player accused wrongly",
                ),
                "winners": ["player"],
                "case_file": (CASE, "the case file, shown to everybody at the end"),
            }
        ),
        "how the game ended",
    ),
    "secret": (
        {
            "case_file": (Maybe(CASE), "the suspect, item and location in the case file (null: not filled yet)"),
            "undealt": ["card"],
            "side_cards?": ListOf("card", 0, 4),
        },
        "what nobody sees",
    ),
    "private": (
        PerPlayer(
            {
                "hand": ["card"],
                "shown": ([{"card": "card", "by": "player"}], "the cards shown to this player, and by whom"),
                "side_cards?": (
                    MapOf("slot", "card"),
                    "Duel: the cards beside the board this player looked at, by slot",
                ),
                "case_file?": (CASE, "the case file, seen on a wrong accusation"),
            }
        ),
        "what only that player sees",
    ),
}

INVENTORY = {
    "clue card": (
        {card: 1 for card in R.CARDS},
        ["secret.case_file.*", "secret.undealt.*", "secret.side_cards.*", "surplus.*", "private.*.hand.*"],
    ),
}
