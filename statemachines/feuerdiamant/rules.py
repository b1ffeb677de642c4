"""Die drei ??? und der Feuerdiamant: the facts of the game, as data.

Everything the rulebook states (counts, limits) and everything it does not
(the path graph, track lengths, die faces, the 28 event tokens, the
detective deck, the clue cards) lives here, once.  The facts the rulebook
does not give are our model: each is an explicit @ruling in
features/feuerdiamant/ (FD-MOD-*), and scenarios that depend on one carry a
@model-* tag so an implementation with another model may decline them.
"""

from __future__ import annotations

from collections import Counter

from statemachines.kit import GameInfo, Option
from statemachines.schemas import Int

GAME_ID = "feuerdiamant"
PLAYERS = (2, 4)  # FD-IDEA-01: a game for 2 to 4 players
DIFFICULTIES = (1, 2, 3, 4, 5)  # FD-SET-01: 1 easy … 5 almost impossible

# -- the board (FD-MOD-01, @model-board) ----------------------------------------
CENTRAL_OFFICE = "Zentrale"
LOCATIONS = (
    "Zentrale",
    "Schrottplatz",
    "Jachthafen",
    "Rathaus",
    "Hospital",
    "Kunstgalerie",
    "Zeitungsverlag",
    "Leuchtturm",
    "Palisades Park",
    "Wasserwerk",
)
# (location, location, fingerprint spaces between them).  Every path named on a
# roadblock token has exactly one fingerprint: the rulebook puts the roadblock on
# "the" fingerprint space between two locations.
PATHS = (
    ("Schrottplatz", "Zentrale", 2),
    ("Jachthafen", "Zentrale", 3),
    ("Rathaus", "Zentrale", 2),
    ("Jachthafen", "Schrottplatz", 1),
    ("Hospital", "Schrottplatz", 1),
    ("Jachthafen", "Leuchtturm", 2),
    ("Jachthafen", "Kunstgalerie", 3),
    ("Hospital", "Rathaus", 2),
    ("Rathaus", "Zeitungsverlag", 1),
    ("Hospital", "Palisades Park", 2),
    ("Hospital", "Kunstgalerie", 1),
    ("Kunstgalerie", "Zeitungsverlag", 1),
    ("Kunstgalerie", "Leuchtturm", 2),
    ("Wasserwerk", "Zeitungsverlag", 2),
    ("Palisades Park", "Wasserwerk", 1),
    ("Palisades Park", "Zeitungsverlag", 3),
    ("Leuchtturm", "Wasserwerk", 3),
)


def path_name(a: str, b: str) -> str:
    """A path's name: its two locations in alphabetical order, joined by '~'."""
    a, b = sorted((a, b))
    return f"{a}~{b}"


def fingerprint(a: str, b: str, i: int) -> str:
    """The i-th fingerprint space (1-based) of path a~b, counted from the alphabetically first end."""
    return f"{path_name(a, b)}:{i}"


def _graph() -> dict[str, list[str]]:
    """Every space (location or fingerprint) and its neighbouring spaces."""
    graph: dict[str, list[str]] = {loc: [] for loc in LOCATIONS}
    for a, b, n in PATHS:
        a, b = sorted((a, b))
        chain = [a] + [fingerprint(a, b, i) for i in range(1, n + 1)] + [b]
        for x, y in zip(chain, chain[1:]):
            graph.setdefault(x, []).append(y)
            graph.setdefault(y, []).append(x)
    return {k: sorted(v) for k, v in graph.items()}


SPACES = _graph()
PATH_NAMES = tuple(sorted(path_name(a, b) for a, b, _ in PATHS))
# The space a roadblock occupies on a path (only one-fingerprint paths carry roadblocks).
ROADBLOCK_SPACE = {path_name(a, b): fingerprint(a, b, 1) for a, b, n in PATHS if n == 1}
# FD-REM-01: a roadblock is "adjacent" to the two locations its path joins.
PATH_ENDS = {path_name(a, b): tuple(sorted((a, b))) for a, b, _ in PATHS}

# -- the hazard tracks (FD-MOD-02) -----------------------------------------------
COLOURS = ("brown", "blue", "red", "white")
CASES = {  # each case has its colour (listing order of the rulebook)
    "brown": "Kidnapping",
    "blue": "Blackmail",
    "red": "Fire Phantom",
    "white": "Diamond Theft",
}
LOSS = {  # FD-END-04: what happens when that track is full
    "brown": "Commissioner Reynolds is found unconscious and loses his instinct for good.",
    "blue": "The poison reaches the water supply of Rocky Beach.",
    "red": "The Fire Phantom burns the historic town hall down.",
    "white": "The Fire Diamond is stolen from the art gallery for ever.",
}
TRACK_FIRST = 1  # an indicator never moves back beyond the first space
TRACK_LAST = 15  # reaching it loses the game
EVENT_SPACES = (6, 7, 9, 10, 12, 13, 14)  # the exclamation spaces of every track (4 x 7 = 28)

# -- dice (FD-MOD-03) --------------------------------------------------------------
HAZARD_FACES = ("brown", "blue", "red", "white", "star", "star")
MOVEMENT_FACES = (1, 2, 3, 4, 5, 6)

# -- event tokens (FD-MOD-04): kind -> how many --------------------------------------
ROADBLOCK_PREFIX = "roadblock "
EVENT_TOKENS = Counter(
    {f"1 {c}": 2 for c in COLOURS}
    | {f"2 {c}": 1 for c in COLOURS}
    | {ROADBLOCK_PREFIX + p: 1 for p in sorted(ROADBLOCK_SPACE)}
    | {"Palisades Park and Hospital": 3, "shuffle two suspects": 3, "double the hazard die": 4}
)

# -- persons ----------------------------------------------------------------------
SUSPECTS = ("Victor Hugenay", "Skinny Norris", "Elliot Krieger", "Wolf's Face", "Brittany", "Mr. Dalton")
HELPERS = ("Morton", "Uncle Titus", "Aunt Mathilda")
PERSONS = SUSPECTS + HELPERS

# -- clue cards (FD-MOD-05): name -> (suspect, colour, obstacle symbol) --------------
CLUES = {
    "timer switch": ("Victor Hugenay", "red", False),
    "forged certificate": ("Victor Hugenay", "white", False),
    "paintbrush": ("Victor Hugenay", "white", True),
    "train ticket": ("Victor Hugenay", "blue", False),
    "hammer": ("Skinny Norris", "brown", True),
    "sports car key": ("Skinny Norris", "blue", False),
    "matchbox": ("Skinny Norris", "red", True),
    "torn jacket": ("Skinny Norris", "brown", False),
    "glove": ("Elliot Krieger", "white", False),
    "letter": ("Elliot Krieger", "blue", True),
    "rope": ("Elliot Krieger", "brown", True),
    "camera": ("Elliot Krieger", "red", False),
    "mask": ("Wolf's Face", "red", True),
    "footprint": ("Wolf's Face", "brown", False),
    "wolf hair": ("Wolf's Face", "white", False),
    "phone number": ("Wolf's Face", "blue", False),
    "lipstick": ("Brittany", "blue", False),
    "map": ("Brittany", "white", False),
    "lighter": ("Brittany", "red", False),
    "ransom note": ("Brittany", "brown", False),
    "vial of poison": ("Mr. Dalton", "blue", True),
    "fuse": ("Mr. Dalton", "red", False),
    "bank statement": ("Mr. Dalton", "brown", False),
    "diamond case": ("Mr. Dalton", "white", True),
}
CLUES_PER_SUSPECT = 4
CLUES_PER_CASE = 6

# -- obstacle tokens -------------------------------------------------------------------
NO_SUSPECTS = "No Suspects"
NO_HELPERS = "No Helpers"
NO_DETECTIVE_CARDS = "No Detective Cards"
HAZARD_DIE_X2 = "Hazard Die x2"
EVENT_SYMBOLS_X2 = "Event Symbols x2"
MOVEMENT_MINUS_2 = "Movement -2"
OBSTACLES = (NO_SUSPECTS, NO_HELPERS, NO_DETECTIVE_CARDS, HAZARD_DIE_X2, EVENT_SYMBOLS_X2, MOVEMENT_MINUS_2)
MAX_OBSTACLES = 6  # FD-SET-04: six tokens wait beside the board (checked against OBSTACLES below)

# -- detective cards (FD-MOD-06): card -> how many ----------------------------------------
IGNORE_EVENT = "Ignore an Event Token"
IGNORE_HAZARD_DIE = "Ignore the Hazard Die"
INVESTIGATION_SUCCESS = "Investigation Success"
MOVEMENT_PLUS_3 = "Movement +3"
ANY_TIME = (IGNORE_EVENT, IGNORE_HAZARD_DIE, INVESTIGATION_SUCCESS, MOVEMENT_PLUS_3)
CENTRAL_OFFICE_CARD = "Central Office"
REMOVE_OBSTACLE = "Remove an Obstacle"
REMOVE_ROADBLOCK = "Remove a Roadblock"
RECALL = "Recall"
DETECTIVE_DECK = Counter(
    {
        IGNORE_EVENT: 3,
        IGNORE_HAZARD_DIE: 3,
        INVESTIGATION_SUCCESS: 3,
        MOVEMENT_PLUS_3: 3,
        CENTRAL_OFFICE_CARD: 3,
        REMOVE_OBSTACLE: 2,
        REMOVE_ROADBLOCK: 2,
        RECALL: 2,
    }
    | {s: 1 for s in SUSPECTS}
    | {h: 1 for h in HELPERS}
)

# -- what the cards do --------------------------------------------------------------------
MOVEMENT_BONUS = 3  # FD-CARD-02: each "Movement +3" card adds three spaces
CENTRAL_OFFICE_BACK = 2  # FD-CARD-07: the Central Office card moves one indicator back two spaces
HELPER_CARD_BACK = 2  # FD-CARD-09: a helper's card (Morton or another) moves one indicator back two spaces

# -- every named thing, as the protocol spells it (the schema's $defs) ------------------------
BOARD_LOCATIONS = tuple(loc for loc in LOCATIONS if loc != CENTRAL_OFFICE)
POOLS = ("events", "persons", "clues", "detective", "obstacles", "shuffle")
NAMES = {
    "player": (
        None,
        "any name but chance and clock: the players name their figures (Justus, Peter, Bob, Cotta in our examples)",
    ),
    "colour": (COLOURS, "the four hazard tracks, one per case (FD-MOD-02)"),
    "location": (LOCATIONS, "the ten locations (FD-MOD-01)"),
    "board_location": (BOARD_LOCATIONS, "the nine locations where cards lie: all but the Central Office"),
    "space": (
        tuple(sorted(SPACES)),
        "every space a figure may stand on: locations and fingerprints 'A~B:i' (our board model)",
    ),
    "path": (PATH_NAMES, "the seventeen paths, named 'A~B' by their two locations in alphabetical order"),
    "person": (PERSONS, "the nine person cards"),
    "suspect": (SUSPECTS, "the six suspects"),
    "helper": (HELPERS, "the three helpers"),
    "clue": (tuple(sorted(CLUES)), "the 24 clue cards (FD-MOD-05)"),
    "obstacle": (OBSTACLES, "the six obstacle tokens"),
    "event_token": (tuple(sorted(EVENT_TOKENS)), "the kinds of event token (FD-MOD-04)"),
    "detective_card": (tuple(sorted(DETECTIVE_DECK)), "the kinds of detective card (FD-MOD-06)"),
    "face": (tuple(dict.fromkeys(HAZARD_FACES)), "the hazard die's faces (FD-MOD-03)"),
    "pool": (POOLS, "the face-down pools chance draws from"),
}


def _board_drawing() -> dict:
    """The modelled board for describe(): the ten locations with layout hints and the seventeen paths."""
    layout = {  # x, y in 0..1: a sketch of our model that keeps paths from crossing much
        "Zentrale": (0.15, 0.5),
        "Schrottplatz": (0.35, 0.3),
        "Jachthafen": (0.35, 0.75),
        "Rathaus": (0.35, 0.08),
        "Hospital": (0.55, 0.25),
        "Kunstgalerie": (0.6, 0.55),
        "Zeitungsverlag": (0.65, 0.08),
        "Leuchtturm": (0.55, 0.9),
        "Palisades Park": (0.85, 0.3),
        "Wasserwerk": (0.88, 0.7),
    }
    return {
        "locations": [
            {"name": loc, "kind": "central office" if loc == CENTRAL_OFFICE else "location", "x": x, "y": y}
            for loc, (x, y) in layout.items()
        ],
        "paths": [
            {"a": a, "b": b, "length": n, "kind": "roadblock path" if path_name(a, b) in ROADBLOCK_SPACE else "path"}
            for a, b, n in PATHS
        ],
    }


BOARD = _board_drawing()


INFO = GameInfo(
    id=GAME_ID,
    title="Die drei ??? und der Feuerdiamant",
    rulebook="feuerdiamant.en.txt",
    players=PLAYERS,
    default_players=("Justus", "Peter", "Bob", "Cotta"),
    options={
        "difficulty": Option(
            Int(min(DIFFICULTIES), max(DIFFICULTIES)),
            1,
            "1 easy … 5 almost impossible: the indicators' start space (FD-SET-01)",
        )
    },
    tag_kinds=("ruling", "model-board", "model-tracks", "model-clues", "model-dice", "model-tokens", "model-deck"),
    short="Feuerdiamant",
    summary=(
        "Play together against the clock of four hazard tracks, clear the innocent suspects with clues "
        "and name the culprit before a crime succeeds."
    ),
    edition="Reiner Knizia, Kosmos, 2013 (English translation); cooperative, hazard tracks, events, obstacles",
)
# what a player reads off the clue cards, published in the schema's "facts" for steps and tests
FACTS = {
    "clues": {c: {"suspect": s, "colour": col, "obstacle": o} for c, (s, col, o) in sorted(CLUES.items())},
    "cases": CASES,
}


# -- the data checks itself (an error here is a typo in the tables above; a raise, not an assert: python -O keeps it) --
def _check() -> None:
    problems = []
    if not sum(EVENT_TOKENS.values()) == 28 == 4 * len(EVENT_SPACES):
        problems.append("28 event tokens, one for each space of the four hazard tracks")
    if not len(PERSONS) == 9 == len(LOCATIONS) - 1:
        problems.append("nine persons, one for each location but the Central Office")
    if len(CLUES) != 24 or any(sum(s == x for s, _, _ in CLUES.values()) != CLUES_PER_SUSPECT for x in SUSPECTS):
        problems.append(f"24 clue cards, {CLUES_PER_SUSPECT} for each suspect")
    if any(sum(c == x for _, c, _ in CLUES.values()) != CLUES_PER_CASE for x in COLOURS):
        problems.append(f"{CLUES_PER_CASE} clue cards of each colour")
    if len(OBSTACLES) != MAX_OBSTACLES:
        problems.append(
            f"one obstacle token for each kind: MAX_OBSTACLES is {MAX_OBSTACLES}, OBSTACLES lists {len(OBSTACLES)}"
        )  # FD-SET-04
    if sum(DETECTIVE_DECK.values()) != 30:
        problems.append("30 detective cards")  # FD-MOD-06
    if problems:
        raise ValueError("rules.py: " + "; ".join(problems))


_check()
