"""P.I. — the turn as tables (data only): phases (STATES), transitions, actions, events, state, inventory.

A round is set up by chance (tiles, cases, nine evidence cards: PI-GOAL-04),
then players take turns: place a detective, take an evidence card or try to
solve (PI-TURN-01).  In the neighbour-answers variant the player holding the
case answers a detective or a card (PI-TIP-03).  Every turn ends in
``turn_over``, whose automatic rows refill the row of evidence cards, end the
round or the game, or pass the turn.  For one trigger the first row whose
guards hold wins: row order is meaning.  Guards and callbacks live in engine.py.
"""

from statemachines.kit import AUTO
from statemachines.schemas import Enum, Int, ListOf, Maybe, MapOf, OneOf, PerPlayer, Record

from . import rules as R

STATES = [
    {"name": "seeding", "actor": "chance", "summary": "a suspect tile, then a crime tile, on every location"},
    {
        "name": "drawing_cases",
        "actor": "chance",
        "summary": "each player draws a culprit, a place and a crime for their left neighbour",
    },
    {"name": "turning_up", "actor": "chance", "summary": "nine evidence cards are turned face up"},
    {"name": "playing", "actor": "player", "summary": "place a detective, take an evidence card or name a solution"},
    {
        "name": "answering",
        "actor": "player",
        "summary": "neighbour-answers: the case's holder places the discs and cubes",
    },
    {"name": "refilling", "actor": "chance", "summary": "a new evidence card fills the gap in the row"},
    {"name": "turn_over", "actor": None, "summary": "refill, end the round or the game, or pass the turn to the left"},
    {"name": "over", "final": True, "summary": "three rounds played: the highest total wins, then tie-breaks"},
]

TRANSITIONS = [
    # -- set-up of a round (PI-GOAL-04) -------------------------------------------------
    {"trigger": "seed", "source": "seeding", "dest": "seeding", "before": "seed_tile", "clauses": ["PI-DET-02"]},
    {
        "trigger": AUTO,
        "source": "seeding",
        "dest": "drawing_cases",
        "conditions": "board_is_seeded",
        "clauses": ["PI-GOAL-04"],
    },
    {
        "trigger": "draw_case",
        "source": "drawing_cases",
        "dest": "drawing_cases",
        "before": "deal_case_card",
        "clauses": ["PI-GOAL-02", "PI-GOAL-03"],
    },
    {
        "trigger": AUTO,
        "source": "drawing_cases",
        "dest": "turning_up",
        "conditions": "cases_are_drawn",
        "clauses": ["PI-GOAL-04"],
    },
    {
        "trigger": "turn_up",
        "source": "turning_up",
        "dest": "turning_up",
        "before": "turn_up_card",
        "clauses": ["PI-EVI-01"],
    },
    {
        "trigger": AUTO,
        "source": "turning_up",
        "dest": "playing",
        "conditions": "row_is_full",
        "after": "begin_round",
        "clauses": ["PI-GOAL-04", "PI-TURN-04"],
    },
    # -- a turn: one of three actions (PI-TURN-01); the neighbour answers first if that is the variant
    {
        "trigger": "place",
        "source": "playing",
        "dest": "answering",
        "conditions": "neighbour_answers",
        "before": "put_detective",
        "after": "ask_neighbour",
        "clauses": ["PI-DET-03", "PI-DET-05", "PI-TIP-03"],
    },
    {
        "trigger": "place",
        "source": "playing",
        "dest": "turn_over",
        "before": "put_detective",
        "after": "answer_at_once",
        "clauses": ["PI-DET-01", "PI-DET-06", "PI-DET-07", "PI-DET-08", "PI-DET-09", "PI-DET-10", "PI-TIP-02"],
    },
    {
        "trigger": "take",
        "source": "playing",
        "dest": "answering",
        "conditions": "neighbour_answers",
        "before": "take_card",
        "after": "ask_neighbour",
        "clauses": ["PI-EVI-02", "PI-EVI-07", "PI-TIP-03"],
    },
    {
        "trigger": "take",
        "source": "playing",
        "dest": "turn_over",
        "before": "take_card",
        "after": "answer_at_once",
        "clauses": ["PI-EVI-03", "PI-EVI-04", "PI-EVI-05", "PI-EVI-06", "PI-TIP-02", "PI-TIP-07"],
    },
    {
        "trigger": "solve",
        "source": "playing",
        "dest": "turn_over",
        "conditions": "names_the_case",
        "before": "credit_solution",
        "clauses": ["PI-SOLV-02", "PI-SOLV-03", "PI-SOLV-04", "PI-SOLV-07"],
    },
    {
        "trigger": "solve",
        "source": "playing",
        "dest": "turn_over",
        "before": "give_penalty",
        "clauses": ["PI-SOLV-05", "PI-SOLV-06"],
    },
    {
        "trigger": "answer",
        "source": "answering",
        "dest": "turn_over",
        "before": "record_answer",
        "clauses": ["PI-TIP-04"],
    },
    {
        "trigger": "turn_up",
        "source": "refilling",
        "dest": "turn_over",
        "before": "turn_up_card",
        "clauses": ["PI-EVI-08"],
    },
    # -- the end of a turn: refill unless the round ends, then end it or pass (order is meaning)
    {
        "trigger": AUTO,
        "source": "turn_over",
        "dest": "refilling",
        "conditions": "row_has_a_gap",
        "unless": "round_ends",
        "clauses": ["PI-EVI-08", "PI-EVI-09"],
    },
    {
        "trigger": AUTO,
        "source": "turn_over",
        "dest": "over",
        "conditions": ["round_ends", "last_round"],
        "after": ["end_round", "end_game"],
        "clauses": ["PI-GOAL-05", "PI-END-01", "PI-END-03", "PI-END-04", "PI-END-05"],
    },
    {
        "trigger": AUTO,
        "source": "turn_over",
        "dest": "seeding",
        "conditions": "round_ends",
        "after": ["end_round", "clear_for_next_round"],
        "clauses": ["PI-SOLV-08", "PI-SOLV-10", "PI-GOAL-05"],
    },
    {
        "trigger": AUTO,
        "source": "turn_over",
        "dest": "playing",
        "after": "pass_turn",
        "clauses": ["PI-TURN-02", "PI-TURN-03", "PI-SOLV-09"],
    },
]

# The clauses each phase cites (describe() and the site list them), kept below the tables so that a phase's
# row stays one line
PHASE_CLAUSES = {
    "seeding": ["PI-DET-02", "PI-GOAL-04", "PI-GOAL-05", "PI-GOAL-06"],
    "drawing_cases": ["PI-GOAL-01", "PI-GOAL-02", "PI-GOAL-03", "PI-TIP-01"],
    "turning_up": ["PI-EVI-01", "PI-GOAL-04"],
    "playing": [
        "PI-TURN-01",
        "PI-TURN-03",
        "PI-DET-03",
        "PI-DET-04",
        "PI-DET-05",
        "PI-EVI-02",
        "PI-EVI-07",
        "PI-SOLV-01",
        "PI-TIP-06",
        "PI-DET-11",
    ],
    "answering": ["PI-TIP-03", "PI-TIP-04", "PI-TIP-05"],
    "refilling": ["PI-EVI-08", "PI-EVI-09"],
    "turn_over": ["PI-TURN-02", "PI-TURN-04", "PI-SOLV-08", "PI-SOLV-09", "PI-SOLV-10", "PI-GOAL-05"],
    "over": ["PI-END-01", "PI-END-02", "PI-END-03", "PI-END-04", "PI-END-05"],
}

# -- the protocol's words for this machine -------------------------------------------------
CASE = {"suspect": "suspect", "location": "location", "crime": "crime"}
PART_OF_A_CASE = {"suspect?": "suspect", "location?": "location", "crime?": "crime"}  # while it is being drawn
TILE = (
    OneOf("suspect_tile", "crime_tile"),
    "the tile laid face up: a suspect tile or a crime tile (it may show no suspect or no crime)",
)
POINTS = (
    Int(0, 7),
    "the points of the right try: 7, 5, 3, 1 or 0 as 0, 1, 2, 3 or more earlier passes of the round saw a right try",
)
TOTALS = (PerPlayer(int), "each player's final total: the three rounds' points less 2 per penalty (may be below zero)")
CASES = (PerPlayer(CASE), "each player's case, the one they had to solve, shown to all")
CASE_KIND = Enum(*R.CASE_KINDS)
BY = (Enum("detective", "card"), "what earned the discs and cubes")
ON = (
    "evidence",
    "where they lie: the detective's location, or the card taken (its tile; a location card: the location)",
)
DISCS = (Int(0, 3), "one per element of the case on the location (a card: 1 if it is the case's)")
CUBES = (
    Int(0, 3),
    "one per element of the case on a touching location (a card: 1 if the case's element of its kind touches its tile)",
)

ACTIONS = {
    "seed": (
        "chance lays a tile on the next location to be seeded (suspect tiles first, in board order)",
        {"location": "location", "tile": TILE},
    ),
    "draw_case": (
        "chance gives the next case card to the player drawing it (culprit, place, crime; "
        "players from the round's first)",
        {"card": "evidence"},
    ),
    "turn_up": ("chance turns an evidence card from the deck face up", {"card": "evidence"}),
    "place": ("the player places a detective on a location", {"location": "location"}),
    "take": ("the player takes a face-up evidence card", {"card": "evidence"}),
    "solve": ("the player names a culprit, a place and a crime as the solution of their case", CASE),
    "answer": (
        "neighbour-answers: the case's holder places the discs and cubes the case calls for",
        {"discs": DISCS, "cubes": CUBES},
    ),
}

EVENTS = {
    "seeded": ("a tile was laid on a location, face up", {"location": "location", "tile": TILE}),
    "case_card_drawn": (
        "a player drew a card of their left neighbour's case: only they see which",
        {
            "by": "player",
            "for": "player",
            "element": (CASE_KIND, "which of the three cards: culprit, place or crime"),
            "private": MapOf("player", {"card": "evidence"}),
        },
    ),
    "turned_up": ("an evidence card was turned face up", {"card": "evidence"}),
    "round_begins": (
        "a round's set-up is done and its first player plays",
        {"round": (Int(1, R.ROUNDS), "which round, 1 to 3"), "player": "player"},
    ),
    "turn": (
        "a player's turn begins",
        {"player": "player", "game_turn": (Int(1), "the pass round the table, counted from 1 in each round")},
    ),
    "detective_placed": ("a detective was placed on a location", {"player": "player", "location": "location"}),
    "card_taken": ("a face-up evidence card was taken", {"player": "player", "card": "evidence"}),
    "answer_awaited": (
        "neighbour-answers: the case's holder is to place the discs and cubes",
        {"player": "player", "answerer": "player"},
    ),
    "marked": (
        "discs and cubes were placed for a player: counts only, never which element",
        {"player": "player", "by": BY, "on": ON, "discs": DISCS, "cubes": CUBES},
    ),
    "tried": (
        "a player named a solution, right or wrong (never which element was wrong)",
        {"player": "player", **CASE, "right": (bool, "whether all three names match the player's case")},
    ),
    "scored": ("a right solution earned points", {"player": "player", "points": POINTS}),
    "penalised": (
        "a wrong solution earned a penalty",
        {"player": "player", "penalties": (Int(1), "the player's penalties now")},
    ),
    "case_shown": (
        "a solved case is open to all",
        {"player": "player", "case": (CASE, "the player's solved case, now open to all")},
    ),
    "round_over": (
        "the round ended: every case of it is shown, with the points earned",
        {
            "round": (Int(1, R.ROUNDS), "which round ended, 1 to 3"),
            "cases": CASES,
            "points": (PerPlayer(Int(0, 7)), "the points each player earned this round"),
        },
    ),
    "game_over": ("the third round ended: totals and winners", {"totals": TOTALS, "winners": ListOf("player", 1)}),
}

STATE = {
    "round": (Int(1, R.ROUNDS), "the round being played or set up"),
    "game_turn": (Int(0), "the pass round the table in this round, from 1 (0 while setting up)"),
    "current": (Maybe("player"), "whose turn it is (null while setting up and at the end)"),
    "tiles": (
        Record("location", {"suspect": Maybe("suspect_tile"), "crime": Maybe("crime_tile")}),
        "the tiles on each location (null: not seeded yet)",
    ),
    "supply": ({"suspect": ["suspect_tile"], "crime": ["crime_tile"]}, "the tiles still to be seeded this round"),
    "face_up": (ListOf("evidence", 0, R.FACE_UP, unique=True), "the row of face-up evidence cards"),
    "deck": (["evidence"], "the evidence cards still in the deck, sorted: chance chooses which comes up"),
    "taken": (PerPlayer(["evidence"]), "the evidence cards each player took this round, face up"),
    "detectives": (PerPlayer(Int(0, R.DETECTIVES)), "the detectives each player has left for the rest of the game"),
    "placed": ([{"player": "player", "location": "location"}], "the detectives on the board this round"),
    "marks": (
        [{"player": "player", "by": BY, "on": ON, "discs": DISCS, "cubes": CUBES}],
        "every answer given this round, in order",
    ),
    "pending": (
        Maybe({"player": "player", "answerer": "player", "by": BY, "on": ON}),
        "neighbour-answers: the detective or card waiting for its answer",
    ),
    "solved": (MapOf("player", Int(1)), "who solved their case this round, and in which pass (game turn)"),
    "revealed": (MapOf("player", CASE), "the cases solved this round, open to all"),
    "points": (PerPlayer(ListOf(Int(0, 7), 1, R.ROUNDS)), "points earned in each round begun"),
    "penalties": (PerPlayer(Int(0)), "penalties so far, two points each"),
    "rounds": (
        ListOf(
            {
                "cases": CASES,
                "solved": (MapOf("player", Int(1)), "who solved their case that round, and in which pass (game turn)"),
            },
            0,
            R.ROUNDS,
        ),
        "the rounds played out: every case shown",
    ),
    "outcome": (
        Maybe(
            {
                "result": (Enum("over"), "always over: the game has no other end"),
                "totals": TOTALS,
                "winners": ListOf("player", 1),
            }
        ),
        "how the game ended: the final totals and the winners (several: a shared victory)",
    ),
    "secret": ({"case_decks": ["evidence"]}, "what nobody sees: the case cards not drawn"),
    "private": (
        PerPlayer(
            {
                "case_of": ("player", "whose case this player holds: their left neighbour"),
                "case": (
                    PART_OF_A_CASE,
                    "the left neighbour's case cards: culprit, place and crime (fewer while they are drawn)",
                ),
            }
        ),
        "what only that player sees: the case of their left neighbour",
    ),
}

INVENTORY = {
    "suspect tile": (dict(R.TILES["suspect"]), ["tiles.*.suspect", "supply.suspect.*"]),
    "crime tile": (dict(R.TILES["crime"]), ["tiles.*.crime", "supply.crime.*"]),
    "case card": ({c: 1 for c in R.EVIDENCE}, ["secret.case_decks.*", "private.*.case.*"]),
    "evidence card": ({c: 1 for c in R.EVIDENCE}, ["face_up.*", "deck.*", "taken.*.*"]),
}
