"""Cluedo: Die drei ??? — the turn structure as a table (data only).

States are the real phases: the set-up (case file, the Duel's four cards, the
deal, the rolls for who starts), then a turn (start of turn, dice, Advantage
card, movement, questioning, answering, the accusation), and two ends.
For one trigger the first row whose conditions hold wins: row order is meaning.
Rows ending a turn hand it on with ``pass_turn`` (CD-TRN-03: clockwise, to the
left).  The callbacks named here live in engine.py.
"""

INITIAL = "filling_case_file"

STATES = [
    "filling_case_file",   # chance: one suspect, one item, one location into the case file (CD-SET-01)
    "setting_aside",       # chance: the Duel's four face-down cards (CD-DUE-01)
    "dealing",             # chance: one card at a time to the named recipient (CD-SET-02, CD-SET-03)
    "rolling_for_start",   # chance: each player rolls both dice; highest starts (CD-TRN-01)
    "starting_turn",       # player: roll the dice or take a secret passage (CD-PAS-01)
    "rolling",             # chance: the two dice (CD-MOV-01)
    "drawing",             # chance: the top Advantage card (CD-ADV-01)
    "playing_advantage",   # player: follow the drawn card or put it away (CD-ADV-05)
    "moving",              # player: choose where the roll takes the pawn (CD-MOV-02..06)
    "questioning",         # player: name a suspect, an item and this location (CD-QUE-01)
    "answering",           # the first player to the left who can: show one card (CD-QUE-04)
    "showing_tip",         # the player named by a tip-off card shows one card (CD-ADV-05)
    "looking",             # Duel: look at one unseen card beside the board (CD-DUE-03)
    "accusing",            # player, at the Headquarters: accuse or end the turn (CD-ACC-01)
    {"name": "solved", "final": True},     # a right accusation (CD-ACC-02)
    {"name": "unsolved", "final": True},   # everybody out of the race (CD-ACC-05)
]

TRANSITIONS = [
    # -- set-up --------------------------------------------------------------
    {"trigger": "fill_case_file", "source": "filling_case_file", "dest": "setting_aside", "conditions": "is_duel", "before": "put_in_case_file"},
    {"trigger": "fill_case_file", "source": "filling_case_file", "dest": "dealing", "before": "put_in_case_file"},
    {"trigger": "set_aside", "source": "setting_aside", "dest": "dealing", "conditions": "completes_side_row", "before": "lay_side_card"},
    {"trigger": "set_aside", "source": "setting_aside", "dest": "setting_aside", "before": "lay_side_card"},
    {"trigger": "deal", "source": "dealing", "dest": "rolling_for_start", "conditions": "completes_deal", "before": "deal_card", "after": "lay_surplus"},
    {"trigger": "deal", "source": "dealing", "dest": "dealing", "before": "deal_card"},
    {"trigger": "roll_for_start", "source": "rolling_for_start", "dest": "starting_turn", "conditions": "decides_start", "before": "record_start_roll", "after": "begin_first_turn"},
    {"trigger": "roll_for_start", "source": "rolling_for_start", "dest": "rolling_for_start", "before": "record_start_roll", "after": "settle_start_round"},
    # -- a turn ----------------------------------------------------------------
    {"trigger": "roll_dice", "source": "starting_turn", "dest": "rolling"},
    {"trigger": "use_secret_passage", "source": "starting_turn", "dest": "questioning", "before": "go_through_passage"},
    {"trigger": "roll", "source": "rolling", "dest": "drawing", "conditions": "shows_question_mark", "unless": "without_advantage_cards", "before": "record_roll"},
    {"trigger": "roll", "source": "rolling", "dest": "moving", "before": "record_roll"},
    {"trigger": "draw", "source": "drawing", "dest": "playing_advantage", "before": "take_advantage_card"},
    # a taxi card drives into a clue location, the headquarters card into the Headquarters,
    # a tip-off names who must show a card
    {"trigger": "follow_card", "source": "playing_advantage", "dest": "questioning", "conditions": "card_is_taxi", "before": "follow_advantage_card"},
    {"trigger": "follow_card", "source": "playing_advantage", "dest": "accusing", "conditions": "card_is_headquarters", "before": "follow_advantage_card"},
    {"trigger": "follow_card", "source": "playing_advantage", "dest": "showing_tip", "before": "follow_advantage_card"},
    {"trigger": "put_card_away", "source": "playing_advantage", "dest": "moving", "conditions": "pips_left", "before": "discard_advantage_card"},
    {"trigger": "put_card_away", "source": "playing_advantage", "dest": "starting_turn", "before": "discard_advantage_card", "after": "pass_turn"},
    {"trigger": "show", "source": "showing_tip", "dest": "moving", "conditions": "pips_left", "before": "show_tip_card"},
    {"trigger": "show", "source": "showing_tip", "dest": "starting_turn", "before": "show_tip_card", "after": "pass_turn"},
    # entering a location stops the pawn (CD-MOV-04); the row order picks what follows
    {"trigger": "move", "source": "moving", "dest": "questioning", "conditions": "into_clue_location", "before": "move_pawn"},
    {"trigger": "move", "source": "moving", "dest": "accusing", "conditions": "into_headquarters", "before": "move_pawn"},
    {"trigger": "move", "source": "moving", "dest": "drawing", "conditions": "onto_advantage_space", "unless": "without_advantage_cards", "before": "move_pawn"},
    {"trigger": "move", "source": "moving", "dest": "starting_turn", "before": "move_pawn", "after": "pass_turn"},
    # -- questioning -------------------------------------------------------------
    {"trigger": "question", "source": "questioning", "dest": "answering", "conditions": "someone_can_show", "before": "ask"},
    {"trigger": "question", "source": "questioning", "dest": "looking", "conditions": "side_card_to_look_at", "before": "ask"},
    {"trigger": "question", "source": "questioning", "dest": "starting_turn", "before": "ask", "after": "pass_turn"},
    {"trigger": "show", "source": "answering", "dest": "starting_turn", "before": "show_card", "after": "pass_turn"},
    {"trigger": "look", "source": "looking", "dest": "starting_turn", "before": "look_at_side_card", "after": "pass_turn"},
    # -- the accusation ------------------------------------------------------------
    {"trigger": "accuse", "source": "accusing", "dest": "solved", "conditions": "accusation_is_right", "before": "open_case_file"},
    {"trigger": "accuse", "source": "accusing", "dest": "unsolved", "conditions": "last_in_the_race", "before": "drop_out", "after": "reveal_unsolved"},
    {"trigger": "accuse", "source": "accusing", "dest": "starting_turn", "before": "drop_out", "after": "pass_turn"},
    {"trigger": "end_turn", "source": "accusing", "dest": "starting_turn", "after": "pass_turn"},
]

# action "type" -> trigger; the type is the protocol's word, the trigger the rulebook's verb
TRIGGERS = {
    "fill_case_file": "fill_case_file",
    "set_aside": "set_aside",
    "deal": "deal",
    "roll": None,  # rolling_for_start -> roll_for_start, rolling -> roll
    "roll_dice": "roll_dice",
    "secret_passage": "use_secret_passage",
    "draw": "draw",
    "follow": "follow_card",
    "discard": "put_card_away",
    "move": "move",
    "question": "question",
    "show": "show",
    "look": "look",
    "accuse": "accuse",
    "end_turn": "end_turn",
}
