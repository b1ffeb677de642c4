"""Feuerdiamant — the turn as tables (data only): phases, transitions, actions, events, state, inventory.

A turn: roll both dice, then hazard → (activated event tokens) → movement →
action → detective cards (FD-TURN-01).  ``setup`` deals the table through
chance draws; ``won``/``lost`` end the game.  A draw that an effect queues (a
new clue, a detective card, an obstacle) interrupts whatever phase it is in:
while one is pending it is the only move (engine.py narrows the triggers),
an internal ``draw`` row.  For one trigger the first row whose guards hold
wins; AUTO rows move on by themselves after every move.  The guards and
callbacks named here live in engine.py.
"""

from statemachines.kit import AUTO
from statemachines.schemas import Const, Enum, Int, ListOf, Maybe, MapOf, OneOf, PerPlayer, Record

from . import rules as R

SETUP, ROLLING, HAZARD, EVENT_STEP, MOVEMENT, ACTION, PERSON, DETECTIVE_CARDS, WON, LOST = (
    "setup",
    "rolling",
    "hazard",
    "events",
    "movement",
    "action",
    "person",
    "detective_cards",
    "won",
    "lost",
)
PLAYING = [ROLLING, HAZARD, EVENT_STEP, MOVEMENT, ACTION, PERSON, DETECTIVE_CARDS]
# FD-CARD-01: cards with the fellow-players symbol may be played whenever a player decides
ANY_TIME_PHASES = [HAZARD, EVENT_STEP, MOVEMENT, ACTION, PERSON, DETECTIVE_CARDS]

STATES = [
    {"name": SETUP, "actor": "chance", "summary": "event tokens, persons and clues are dealt face down"},
    {"name": ROLLING, "actor": "chance", "summary": "both dice at once"},
    {"name": HAZARD, "actor": "players", "summary": "the hazard die moves an indicator"},
    {"name": EVENT_STEP, "actor": "players", "summary": "activated event tokens are carried out, in the order reached"},
    {"name": MOVEMENT, "actor": "players", "summary": "the figure moves up to the movement die"},
    {"name": ACTION, "actor": "players", "summary": "one action a to d at the figure's location, or none"},
    {"name": PERSON, "actor": "players", "summary": "a person just revealed: interrogate or use them, or stop"},
    {"name": DETECTIVE_CARDS, "actor": "players", "summary": "cards at the end of the turn; accuse, or end the turn"},
    {"name": WON, "final": True, "summary": "the culprit was named"},
    {"name": LOST, "final": True, "summary": "a wrong accusation, or a full hazard track"},
]

TRANSITIONS = [
    # chance: the set-up deals, and effects queue draws; a draw never changes the phase
    {
        "trigger": "draw",
        "source": [SETUP, *PLAYING],
        "dest": None,
        "before": "place_drawn",
        "clauses": ["FD-SET-03", "FD-SET-05", "FD-SET-06"],
    },
    # FD-END-04 first: a full hazard track ends the game at once, whatever the phase
    {
        "trigger": AUTO,
        "source": PLAYING,
        "dest": LOST,
        "conditions": "a_track_is_full",
        "clauses": ["FD-END-04", "FD-END-05"],
    },
    {"trigger": AUTO, "source": SETUP, "dest": ROLLING, "unless": "a_draw_is_pending", "clauses": ["FD-TURN-03"]},
    {
        "trigger": AUTO,
        "source": EVENT_STEP,
        "dest": MOVEMENT,
        "unless": ["an_event_is_activated", "a_draw_is_pending"],
        "clauses": ["FD-HAZ-04"],
    },
    {"trigger": "roll", "source": ROLLING, "dest": HAZARD, "before": "record_roll", "clauses": ["FD-TURN-01"]},
    # FD-HAZ-01/02: the die's symbol moves an indicator; FD-CARD-04 may cancel it instead
    {
        "trigger": "move_hazard_indicator",
        "source": HAZARD,
        "dest": EVENT_STEP,
        "before": "advance_hazard_die",
        "clauses": ["FD-HAZ-01", "FD-HAZ-02", "FD-OBS-06"],
    },
    {
        "trigger": "play",
        "source": HAZARD,
        "dest": EVENT_STEP,
        "conditions": "ignores_the_hazard_die",
        "before": "play_card",
        "clauses": ["FD-CARD-04"],
    },
    # FD-HAZ-03/04: activated tokens are carried out one by one, in the order reached
    {
        "trigger": "carry_out_event",
        "source": EVENT_STEP,
        "dest": None,
        "before": "carry_out",
        "clauses": ["FD-HAZ-03", "FD-HAZ-05", "FD-EVT-01"],
    },
    {
        "trigger": "move",
        "source": MOVEMENT,
        "dest": ACTION,
        "before": "move_figure",
        "clauses": ["FD-TURN-02", "FD-MOV-01"],
    },
    # FD-ACT-01: one action a-d at the figure's location, or none
    {
        "trigger": "reveal_clue",
        "source": ACTION,
        "dest": DETECTIVE_CARDS,
        "before": "reveal_clue_here",
        "clauses": ["FD-ACT-02", "FD-ACT-03"],
    },
    {
        "trigger": "reveal_person",
        "source": ACTION,
        "dest": PERSON,
        "before": "reveal_person_here",
        "clauses": ["FD-INT-01"],
    },
    {
        "trigger": "interrogate",
        "source": [ACTION, PERSON],
        "dest": DETECTIVE_CARDS,
        "before": "interrogate_suspect",
        "clauses": ["FD-INT-02", "FD-INT-03", "FD-INT-04", "FD-INT-06"],
    },
    {
        "trigger": "use_helper",
        "source": [ACTION, PERSON],
        "dest": DETECTIVE_CARDS,
        "before": "call_helper",
        "clauses": ["FD-HLP-01", "FD-HLP-03", "FD-HLP-05"],
    },
    {
        "trigger": "remove_obstacle",
        "source": ACTION,
        "dest": DETECTIVE_CARDS,
        "before": "remove_here",
        "clauses": ["FD-REM-01"],
    },
    {
        "trigger": "remove_roadblock",
        "source": ACTION,
        "dest": DETECTIVE_CARDS,
        "before": "remove_here",
        "clauses": ["FD-REM-01"],
    },
    {
        "trigger": "draw_detective_card",
        "source": ACTION,
        "dest": DETECTIVE_CARDS,
        "before": "earn_detective_cards",
        "clauses": ["FD-CO-01"],
    },
    {"trigger": "end_action", "source": [ACTION, PERSON], "dest": DETECTIVE_CARDS, "clauses": ["FD-ACT-01"]},
    # FD-CARD-*: cards are played in every deciding phase; which card when is options_play's business
    {
        "trigger": "play",
        "source": ANY_TIME_PHASES,
        "dest": None,
        "before": "play_card",
        "clauses": ["FD-CARD-01", "FD-CARD-06", "FD-CARD-13"],
    },
    # FD-END-01/02/03: an accusation at the end of a turn; the first row that matches wins
    {
        "trigger": "accuse",
        "source": DETECTIVE_CARDS,
        "dest": WON,
        "conditions": "names_the_culprit",
        "before": "open_the_case",
        "clauses": ["FD-END-02"],
    },
    {"trigger": "accuse", "source": DETECTIVE_CARDS, "dest": LOST, "before": "open_the_case", "clauses": ["FD-END-03"]},
    {
        "trigger": "end_turn",
        "source": DETECTIVE_CARDS,
        "dest": ROLLING,
        "before": "pass_turn",
        "clauses": ["FD-TURN-03"],
    },
]

# The clauses each phase cites (describe() and the site list them), kept below the tables so that a phase's
# row stays one line
PHASE_CLAUSES = {
    "setup": [
        "FD-SET-01",
        "FD-SET-02",
        "FD-SET-03",
        "FD-SET-04",
        "FD-SET-05",
        "FD-SET-06",
        "FD-SET-07",
        "FD-IDEA-01",
        "FD-MOD-04",
        "FD-MOD-05",
        "FD-MOD-06",
        "FD-SET-08",
        "FD-SET-09",
    ],
    "rolling": ["FD-TURN-01", "FD-MOD-03", "FD-TURN-04"],
    "hazard": [
        "FD-HAZ-01",
        "FD-HAZ-02",
        "FD-HAZ-03",
        "FD-HAZ-04",
        "FD-OBS-06",
        "FD-OBS-07",
        "FD-CARD-04",
        "FD-MOD-02",
        "FD-CARD-05",
    ],
    "events": [
        "FD-HAZ-05",
        "FD-EVT-01",
        "FD-EVT-02",
        "FD-EVT-03",
        "FD-EVT-04",
        "FD-EVT-05",
        "FD-OBS-08",
        "FD-OBS-09",
        "FD-OBS-10",
        "FD-CARD-03",
        "FD-HAZ-06",
        "FD-EVT-06",
        "FD-EVT-07",
    ],
    "movement": [
        "FD-MOV-01",
        "FD-MOV-02",
        "FD-MOV-03",
        "FD-MOV-04",
        "FD-MOV-05",
        "FD-OBS-11",
        "FD-OBS-12",
        "FD-CARD-02",
        "FD-MOD-01",
        "FD-MOV-06",
        "FD-MOV-07",
    ],
    "action": [
        "FD-ACT-01",
        "FD-ACT-02",
        "FD-ACT-03",
        "FD-ACT-04",
        "FD-INT-02",
        "FD-REM-01",
        "FD-REM-02",
        "FD-CO-01",
        "FD-CO-02",
        "FD-OBS-01",
        "FD-OBS-05",
        "FD-OBS-13",
    ],
    "person": [
        "FD-INT-01",
        "FD-INT-03",
        "FD-INT-04",
        "FD-INT-05",
        "FD-INT-06",
        "FD-INT-07",
        "FD-INT-08",
        "FD-HLP-01",
        "FD-HLP-02",
        "FD-HLP-03",
        "FD-HLP-04",
        "FD-HLP-05",
        "FD-OBS-02",
        "FD-OBS-03",
        "FD-UNC-01",
        "FD-IDEA-02",
        "FD-INT-09",
        "FD-INT-10",
        "FD-INT-11",
        "FD-HLP-06",
        "FD-HLP-07",
    ],
    "detective_cards": [
        "FD-CARD-06",
        "FD-CARD-07",
        "FD-CARD-08",
        "FD-CARD-09",
        "FD-CARD-10",
        "FD-CARD-11",
        "FD-CARD-12",
        "FD-CARD-13",
        "FD-END-01",
        "FD-CARD-14",
        "FD-OBS-04",
        "FD-MOD-07",
        "FD-IDEA-03",
        "FD-CARD-17",
        "FD-CARD-18",
        "FD-CARD-19",
        "FD-END-06",
    ],
    "won": ["FD-END-02", "FD-IDEA-04", "FD-END-07"],
    "lost": ["FD-END-03", "FD-END-04", "FD-END-05"],
}

# -- the protocol's words for this machine ---------------------------------------------
SPACE = (
    Enum(*R.EVENT_SPACES),
    "the exclamation space of a hazard track where the event token lies (6, 7, 9, 10, 12, 13 or 14)",
)
MOVEMENT_DIE = (Int(1, 6), "the pips of the movement die, 1 to 6")
FACE_DOWN = "face down"
SET_ASIDE = "set aside"  # where a draw of the culprit's clue goes (a pending draw's "to")

ACTIONS = {
    "draw": (
        "chance draws the card or token the first pending draw asks for",
        {
            "card": (
                OneOf("event_token", "person", "clue", "detective_card", "obstacle"),
                "the card or token drawn, of the kind the pending draw's pool holds",
            )
        },
    ),
    "roll": ("chance rolls the hazard die and the movement die", {"hazard": "face", "movement": MOVEMENT_DIE}),
    "move_hazard_indicator": (
        "the active player moves the indicator the hazard die shows (any, on a star)",
        {"colour": "colour"},
    ),
    "carry_out_event": (
        "the active player carries out the first activated event token",
        {"suspects?": (ListOf("suspect", 2, 2), "shuffle two suspects: which two, when more are face up")},
    ),
    "move": ("the active player moves the figure (or stays)", {"to": "space"}),
    "reveal_clue": ("action a: turn the clue here face up", {}),
    "reveal_person": ("action b: turn the person here face up", {}),
    "interrogate": ("action b: interrogate the suspect here with the clue on a location", {"clue_at": "location"}),
    "use_helper": (
        "action b: use the helper here",
        {
            "helper": "helper",
            "person?": ("person", "Morton: who returns"),
            "to?": ("location", "Morton: where to"),
            "obstacle_at?": ("location", "Uncle Titus: the obstacle removed"),
            "path?": ("path", "Uncle Titus: the roadblock removed"),
        },
    ),
    "remove_obstacle": ("action c: remove the obstacle here (a second figure helps)", {}),
    "remove_roadblock": ("action c: remove a roadblock next to here (a second figure helps)", {"path": "path"}),
    "draw_detective_card": ("action d: draw a detective card in the Central Office", {}),
    "end_action": ("take no (more) action", {}),
    "play": (
        "play a detective card; its fields say how",
        {
            "card": "detective_card",
            "colour?": "colour",
            "space?": (SPACE, "Ignore an Event Token: the space of the token put into the box"),
            "choice?": (
                Enum("draw", "move back", "discard event"),
                "Central Office card: "
                "draw two detective cards, move an indicator back, or discard the next event token ahead of one",
            ),
            "path?": "path",
            "person?": "person",
            "to?": "location",
        },
    ),
    "accuse": ("name the culprit, at the end of the turn", {"suspect": "suspect"}),
    "end_turn": ("end the turn: the next player clockwise", {}),
}

EVENTS = {
    "event_token_placed": (
        "an event token was laid on a hazard track",
        {"colour": "colour", "space": SPACE, "token": "event_token"},
    ),
    "person_placed_face_down": (
        "a person card was laid face down",
        {"location": "location", "secret": {"person": "person"}},
    ),
    "clue_set_aside": ("the culprit's clue was set aside unseen", {"secret": {"clue": "clue"}}),
    "clue_placed_face_down": ("a clue card was laid face down", {"location": "location", "secret": {"clue": "clue"}}),
    "obstacle_placed": ("an obstacle came onto a location", {"location": "location", "obstacle": "obstacle"}),
    "detective_card_drawn": ("a detective card was drawn", {"player": "player", "card": "detective_card"}),
    "dice_rolled": ("the dice were rolled", {"hazard": "face", "movement": MOVEMENT_DIE}),
    "event_activated": (
        "an indicator reached an event token",
        {"colour": "colour", "space": SPACE, "token": "event_token"},
    ),
    "game_lost": (
        "a hazard track is full",
        {"track": "colour", "reason": (str, "what the full track brings about, in words")},
    ),
    "hazard_indicator_moved": (
        "an indicator moved",
        {
            "colour": "colour",
            "to": (Int(1, R.TRACK_LAST), "the space the indicator now stands on, 1 to 15 (15: the game is lost)"),
        },
    ),
    "event_carried_out": (
        "an event token was carried out",
        {"colour": "colour", "space": SPACE, "token": "event_token"},
    ),
    "suspect_hides": ("a suspect went into hiding beside the board", {"suspect": "suspect", "location": "location"}),
    "figure_moved": ("a figure moved", {"player": "player", "to": "space"}),
    "clue_revealed": (
        "a clue was turned face up",
        {"location": "location", "clue": "clue", "suspect": "suspect", "colour": "colour"},
    ),
    "person_revealed": ("a person was turned face up", {"location": "location", "person": "person"}),
    "interrogation_cut_short": (
        "the clue revealed brought an obstacle",
        {"suspect": "suspect", "location": "location"},
    ),
    "interrogation_succeeded": ("the clue matched the suspect", {"suspect": "suspect", "clue": "clue"}),
    "interrogation_failed": ("the clue did not match", {"suspect": "suspect", "clue": "clue"}),
    "helper_used": ("a helper was used", {"helper": "helper"}),
    "person_returned": ("a person came back onto the board", {"person": "person", "location": "location"}),
    "obstacle_removed": ("an obstacle went into the box", {"location": "location", "obstacle": "obstacle"}),
    "roadblock_removed": ("a roadblock went into the box", {"path": "path"}),
    "event_token_discarded": (
        "an event token went into the box unused",
        {"colour": "colour", "space": SPACE, "token": "event_token"},
    ),
    "detective_card_played": ("a detective card was played", {"player": "player", "card": "detective_card"}),
    "accused": (
        "the culprit was named",
        {
            "player": "player",
            "suspect": "suspect",
            "clue": "clue",
            "culprit": "suspect",
            "result": (
                Enum(WON, LOST),
                "won: the suspect named is the culprit, and everybody wins; lost: everybody loses",
            ),
        },
    ),
    "turn_ended": ("the turn passed on", {"next": "player"}),
    "case_uncovered": (
        "all six clues of a case are visible",
        {"colour": "colour", "case": (str, "the name of the case of that colour, e.g. Fire Phantom")},
    ),
}

CARD_SLOT = Maybe(OneOf("person", Const(FACE_DOWN)))
STATE = {
    "current": ("player", "whose turn it is"),
    "turn": (Int(1), "the number of the turn"),
    "figures": (PerPlayer("space"), "where each player's figure stands: a location or a fingerprint space"),
    "tracks": (
        Record(
            "colour",
            {
                "indicator": (
                    Int(R.TRACK_FIRST, R.TRACK_LAST),
                    "the space the hazard indicator stands on, 1 to 15 (15: the game is lost)",
                ),
                "tokens": (
                    [{"space": SPACE, "token": "event_token"}],
                    "the event tokens lying on the track, face up, by space",
                ),
            },
        ),
        "each hazard track: its indicator and the event tokens still on it",
    ),
    "activated": ([{"colour": "colour", "space": SPACE}], "event tokens reached and not yet carried out, in order"),
    "roll": (
        Maybe(
            {
                "hazard": "face",
                "movement": MOVEMENT_DIE,
                "colour": Maybe("colour"),
                "bonus": (Int(0), "extra movement from Movement +3 cards played this turn, 3 per card"),
            }
        ),
        "this turn's dice, the colour the hazard die moved, and the movement bonus",
    ),
    "board": (
        Record(
            "board_location",
            {
                "person": (
                    CARD_SLOT,
                    'the person card here: its name when face up; "face down" (which one is in secret.persons); '
                    "null: none",
                ),
                "clue": (
                    Maybe(OneOf("clue", Const(FACE_DOWN))),
                    'the clue card here: its name when face up; "face down" (which one is in secret.clues); null: none',
                ),
                "obstacle": Maybe("obstacle"),
            },
        ),
        "each location but the Central Office: its person card, clue card and obstacle (face down: the card is secret)",
    ),
    "roadblocks": (ListOf("path", unique=True), "roadblocks lying on the board"),
    "beside_board": (["person"], "persons in hiding, face up beside the board"),
    "suspect_track": (
        Record("suspect", ListOf("clue", 0, R.CLUES_PER_SUSPECT)),
        "clues matched by interrogation, under their suspect",
    ),
    "hands": (PerPlayer(["detective_card"]), "detective cards (open: a cooperative game)"),
    "stacks": (Record("pool", Int(0)), "how many cards each face-down pool holds (derived)"),
    "box": (
        {"events": ["event_token"], "obstacles": ["obstacle"], "detective": ["detective_card"]},
        "what has left the game",
    ),
    "draws": (
        [
            {
                "pool": "pool",
                "to": (
                    str,
                    'where the card goes: "<colour>:<space>" for an event token, a player for a detective card, '
                    '"set aside" for the culprit\'s clue, else a board location',
                ),
            }
        ],
        "chance draws an effect has queued: from which pool, to where",
    ),
    "uncovered": (["colour"], "the cases whose six clues are visible (derived)"),
    "cleared": (["suspect"], "the suspects whose four clues are visible (derived)"),
    "set_aside": (Maybe("clue"), "the clue set aside, once turned up by an accusation"),
    "outcome": (
        Maybe(
            {
                "result": (Enum(WON, LOST), "won or lost, for the whole table alike"),
                "winners": ["player"],
                "track?": "colour",
                "case?": (str, "lost on a full track: the name of that track's case"),
                "reason?": (str, "lost on a full track: what the full track brings about, in words"),
                "accused?": "suspect",
                "culprit?": "suspect",
            }
        ),
        "how the game ended: everybody wins or loses together",
    ),
    "secret": (
        {
            "persons": (MapOf("board_location", "person"), "the face-down person card on each location that has one"),
            "clues": (MapOf("board_location", "clue"), "the face-down clue card on each location that has one"),
            "set_aside": Maybe("clue"),
            "pools": (
                {
                    "events": ["event_token"],
                    "persons": ["person"],
                    "clues": ["clue"],
                    "detective": ["detective_card"],
                    "obstacles": ["obstacle"],
                    "shuffle": (["person"], "suspects being shuffled between two places"),
                },
                "what each face-down pool still holds, for chance to draw from",
            ),
        },
        "what nobody sees: the face-down cards and the order of every pool",
    ),
}

INVENTORY = {
    "clue": (
        {c: 1 for c in R.CLUES},
        [
            "board.*.clue",
            "secret.clues.*",
            "secret.pools.clues.*",
            "suspect_track.*.*",
            "secret.set_aside",
            "set_aside",
        ],
    ),
    "person": (
        {p: 1 for p in R.PERSONS},
        ["board.*.person", "secret.persons.*", "beside_board.*", "secret.pools.persons.*", "secret.pools.shuffle.*"],
    ),
    "event token": (
        dict(R.EVENT_TOKENS),
        [
            "tracks.*.tokens.*.token",
            {"path": "roadblocks.*", "prefix": R.ROADBLOCK_PREFIX},
            "box.events.*",
            "secret.pools.events.*",
        ],
    ),
    "obstacle": ({o: 1 for o in R.OBSTACLES}, ["board.*.obstacle", "box.obstacles.*", "secret.pools.obstacles.*"]),
    "detective card": (dict(R.DETECTIVE_DECK), ["hands.*.*", "box.detective.*", "secret.pools.detective.*"]),
}
