"""The turn of Feuerdiamant as a table: states and transitions in the rulebook's verbs.

A turn: roll both dice, then hazard → (activated event tokens) → movement →
action → detective cards (FD-TURN-01).  ``setup`` deals the table through
chance draws; ``won``/``lost`` end the game.  Chance draws that an effect
queues (a new clue, a detective card, an obstacle token) may interrupt any
phase: ``draw`` is an internal transition there.  Conditions name the model's
guards (engine.py); legal() enumerates the same guards, so both agree.
"""

SETUP, ROLLING, HAZARD, EVENTS, MOVEMENT, ACTION, PERSON, DETECTIVE_CARDS, WON, LOST = (
    "setup", "rolling", "hazard", "events", "movement", "action", "person", "detective_cards", "won", "lost",
)
STATES = [SETUP, ROLLING, HAZARD, EVENTS, MOVEMENT, ACTION, PERSON, DETECTIVE_CARDS, WON, LOST]
INITIAL = SETUP
PLAYING = [ROLLING, HAZARD, EVENTS, MOVEMENT, ACTION, PERSON, DETECTIVE_CARDS]
# FD-CARD-01: cards with the fellow-players symbol may be played whenever a player decides
ANY_TIME_PHASES = [HAZARD, EVENTS, MOVEMENT, ACTION, PERSON, DETECTIVE_CARDS]

TRANSITIONS = [
    # chance: the set-up deals, and effects queue draws; a draw never changes the phase
    {"trigger": "draw", "source": [SETUP, *PLAYING], "dest": None, "conditions": "a_draw_is_pending"},
    {"trigger": "finish_setup", "source": SETUP, "dest": ROLLING, "unless": "a_draw_is_pending"},
    # FD-TURN-01: roll both dice first
    {"trigger": "roll_dice", "source": ROLLING, "dest": HAZARD, "unless": "a_draw_is_pending"},
    # FD-HAZ-01/02: the die's symbol moves an indicator; FD-CARD-04 may cancel it
    {"trigger": "move_hazard_indicator", "source": HAZARD, "dest": EVENTS, "conditions": "can_move_hazard_indicator"},
    {"trigger": "ignore_hazard_die", "source": HAZARD, "dest": EVENTS, "conditions": "card_is_playable"},
    # FD-HAZ-03/04: activated tokens are carried out one by one, in the order reached
    {"trigger": "carry_out_event", "source": EVENTS, "dest": None, "conditions": "an_event_is_activated"},
    {"trigger": "finish_events", "source": EVENTS, "dest": MOVEMENT, "unless": ["an_event_is_activated", "a_draw_is_pending"]},
    # FD-TURN-02, FD-MOV-01
    {"trigger": "move", "source": MOVEMENT, "dest": ACTION, "conditions": "can_reach"},
    # FD-ACT-01: one action a-d at the figure's location, or none
    {"trigger": "reveal_clue", "source": ACTION, "dest": DETECTIVE_CARDS, "conditions": "clue_lies_face_down_here"},
    {"trigger": "reveal_person", "source": ACTION, "dest": PERSON, "conditions": "person_lies_face_down_here"},
    {"trigger": "interrogate", "source": [ACTION, PERSON], "dest": DETECTIVE_CARDS, "conditions": "can_interrogate"},
    {"trigger": "use_helper", "source": [ACTION, PERSON], "dest": DETECTIVE_CARDS, "conditions": "can_use_helper"},
    {"trigger": "remove_obstacle", "source": ACTION, "dest": DETECTIVE_CARDS, "conditions": "can_remove_here"},
    {"trigger": "remove_roadblock", "source": ACTION, "dest": DETECTIVE_CARDS, "conditions": "can_remove_here"},
    {"trigger": "draw_detective_card", "source": ACTION, "dest": DETECTIVE_CARDS, "conditions": "can_draw_in_central_office"},
    {"trigger": "end_action", "source": [ACTION, PERSON], "dest": DETECTIVE_CARDS},
    # FD-CARD-*: any-time cards in every deciding phase, end-of-turn cards at the end
    {"trigger": "play_any_time_card", "source": ANY_TIME_PHASES, "dest": None, "conditions": "card_is_playable"},
    {"trigger": "play_end_of_turn_card", "source": DETECTIVE_CARDS, "dest": None, "conditions": "card_is_playable"},
    # FD-END-01/02/03: an accusation at the end of a turn; the first row that matches wins
    {"trigger": "accuse", "source": DETECTIVE_CARDS, "dest": WON, "conditions": "names_the_culprit"},
    {"trigger": "accuse", "source": DETECTIVE_CARDS, "dest": LOST},
    {"trigger": "end_turn", "source": DETECTIVE_CARDS, "dest": ROLLING},
    # FD-END-04: a full hazard track ends the game at once, whatever the phase
    {"trigger": "hazard_track_full", "source": PLAYING, "dest": LOST},
]
