"""P.I. (Martin Wallace, Treefrog 2012, as played on Board Game Arena): the facts, as data.

The rulebook text (pi.fr.txt) names no location, suspect or crime but the
Murder tile, and draws no board.  The counts come from the published
descriptions of the game (shared/rulebooks/README.md); the names and the
adjacency are our model, each a ruling in features/pi/ (PI-DET-01, PI-DET-02,
PI-EVI-01, PI-GOAL-03, PI-GOAL-06).  This module checks its own counts on
import and raises if they are wrong.
"""

from __future__ import annotations

from collections import Counter

from statemachines.kit import GameInfo

GAME_ID = "pi"
TITLE = "P.I."
RULEBOOK = "pi.fr.txt"

# -- the table --------------------------------------------------------------------
PLAYERS = ("Red", "Blue", "Green", "Yellow", "Purple")  # PI-GOAL-06 (@ruling): colours name the seats
MIN_PLAYERS, MAX_PLAYERS = 2, 5
VARIANTS = ("engine-answers", "neighbour-answers")  # PI-TIP-02 (default, as on BGA) / PI-TIP-03
ROUNDS = 3  # PI-GOAL-05
DETECTIVES = 5  # PI-DET-05: for the whole game
FACE_UP = 9  # PI-EVI-01
POINTS = (7, 5, 3, 1, 0)  # PI-SOLV-02: by discovery turn; later ones earn the last value
PENALTY = 2  # PI-SOLV-05, PI-END-02

# -- the case's three kinds, in the rulebook's order (¶3-5: culprit, place, crime) ---------
CASE_KINDS = ("suspect", "location", "crime")

SUSPECTS = (
    "Vera Lane",
    "Max Cole",
    "Lou Baxter",
    "Dora Finch",
    "Sal Moretti",
    "Ivy Sloane",
    "Gus Hale",
    "Rita Marsh",
    "Eddie Crane",
    "Nora Quill",
    "Frank Doyle",
    "Lily Chen",
)
CRIMES = (
    "Murder",
    "Kidnapping",
    "Blackmail",
    "Arson",
    "Robbery",
    "Fraud",
    "Smuggling",
    "Bribery",
    "Forgery",
    "Extortion",
)

# -- the board (PI-DET-01, @ruling @model-board) ---------------------------------------
# Four staggered rows of 4, 3, 4 and 3 locations, listed row by row: this is also the
# order in which chance seeds the tiles (PI-DET-02).  x, y: where the site draws them.
LAYOUT = {
    "Harbour Front": (0.10, 0.12),
    "Dockyards": (0.37, 0.12),
    "Skid Row": (0.63, 0.12),
    "Little Italy": (0.90, 0.12),
    "China Town": (0.23, 0.38),
    "Central Station": (0.50, 0.38),
    "City Hall": (0.77, 0.38),
    "Rick's Cafe": (0.10, 0.62),
    "Union Square": (0.37, 0.62),
    "Theatre Row": (0.63, 0.62),
    "Park Avenue": (0.90, 0.62),
    "Museum Hill": (0.23, 0.88),
    "Grand Hotel": (0.50, 0.88),
    "Lakeside": (0.77, 0.88),
}
LOCATIONS = tuple(LAYOUT)

# which locations touch: along a row, and each location of a short row with the two
# diagonally above and the two below it; so the middle touches six, the corners two
PATHS = (
    ("Harbour Front", "Dockyards"),
    ("Dockyards", "Skid Row"),
    ("Skid Row", "Little Italy"),
    ("China Town", "Central Station"),
    ("Central Station", "City Hall"),
    ("Rick's Cafe", "Union Square"),
    ("Union Square", "Theatre Row"),
    ("Theatre Row", "Park Avenue"),
    ("Museum Hill", "Grand Hotel"),
    ("Grand Hotel", "Lakeside"),
    ("China Town", "Harbour Front"),
    ("China Town", "Dockyards"),
    ("Central Station", "Dockyards"),
    ("Central Station", "Skid Row"),
    ("City Hall", "Skid Row"),
    ("City Hall", "Little Italy"),
    ("China Town", "Rick's Cafe"),
    ("China Town", "Union Square"),
    ("Central Station", "Union Square"),
    ("Central Station", "Theatre Row"),
    ("City Hall", "Theatre Row"),
    ("City Hall", "Park Avenue"),
    ("Museum Hill", "Rick's Cafe"),
    ("Museum Hill", "Union Square"),
    ("Grand Hotel", "Union Square"),
    ("Grand Hotel", "Theatre Row"),
    ("Lakeside", "Theatre Row"),
    ("Lakeside", "Park Avenue"),
)
NEIGHBOURS: dict[str, frozenset] = {loc: frozenset() for loc in LOCATIONS}
for _a, _b in PATHS:
    NEIGHBOURS[_a] |= {_b}
    NEIGHBOURS[_b] |= {_a}
del _a, _b

BOARD = {  # describe(): what the site draws
    "locations": [{"name": n, "kind": "location", "x": x, "y": y} for n, (x, y) in LAYOUT.items()],
    "paths": [{"a": a, "b": b} for a, b in PATHS],
}

# -- tiles (PI-DET-02, @ruling): one of each kind on every location, seeded each round ----
NO_SUSPECT, NO_CRIME = "no suspect", "no crime"
TILE_KINDS = ("suspect", "crime")
TILES = {
    "suspect": Counter({**{s: 1 for s in SUSPECTS}, NO_SUSPECT: 2}),
    "crime": Counter({**{c: 1 for c in CRIMES}, NO_CRIME: 4}),
}

# -- cards ---------------------------------------------------------------------------
# PI-GOAL-03 (@ruling): three case decks (suspects, locations, crimes), no blank cards (PI-DET-09)
CASE_DECKS = {"suspect": SUSPECTS, "location": LOCATIONS, "crime": CRIMES}
# PI-EVI-01 (@ruling): one evidence card for every suspect, location and crime
EVIDENCE = SUSPECTS + LOCATIONS + CRIMES
KIND_OF = {name: kind for kind, names in CASE_DECKS.items() for name in names}
SOLUTIONS = len(SUSPECTS) * len(LOCATIONS) * len(CRIMES)

# -- every named thing, as the protocol spells it (the schema's $defs) ------------------
NAMES = {
    "player": (
        PLAYERS,
        "the seats, by colour, in seating order; play passes to the left, i.e. down this list (PI-TURN-02)",
    ),
    "suspect": (SUSPECTS, "the 12 suspects: the culprit of a case is one of them"),
    "location": (LOCATIONS, "the 14 locations of the board, in seeding order (our model, PI-DET-01)"),
    "crime": (CRIMES, "the 10 crimes"),
    "evidence": (EVIDENCE, "the 36 evidence cards: one per suspect, location and crime (PI-EVI-01)"),
    "suspect_tile": (SUSPECTS + (NO_SUSPECT,), "what a suspect tile shows: a suspect, or no suspect (2 such tiles)"),
    "crime_tile": (CRIMES + (NO_CRIME,), "what a crime tile shows: a crime, or no crime (4 such tiles)"),
}


INFO = GameInfo(
    id=GAME_ID,
    title=TITLE,
    rulebook=RULEBOOK,
    players=(MIN_PLAYERS, MAX_PLAYERS),
    default_players=PLAYERS[:3],
    player_names=PLAYERS,
    variants=VARIANTS,
    tag_kinds=("ruling", "model-board", "variant-neighbour-answers"),
    short="P.I.",
    summary=(
        "Each player solves their own case (a suspect, a crime and a place) held by their neighbour, over three rounds."
    ),
    edition=(
        "Martin Wallace, Treefrog Games, 2012, as played on Board Game Arena (French); each player "
        "solves their own case"
    ),
)


# -- the data checks itself (an error here is a typo in the tables above) -------------------
def _check() -> None:
    problems = []
    if len(PLAYERS) != MAX_PLAYERS:
        problems.append(
            f"one colour for each seat of the largest table: MAX_PLAYERS is {MAX_PLAYERS}, PLAYERS lists {len(PLAYERS)}"
        )  # PI-GOAL-06
    if len(LOCATIONS) != 14 or len(SUSPECTS) != 12 or len(CRIMES) != 10:
        problems.append("14 locations, 12 suspects and 10 crimes")
    if sum(TILES["suspect"].values()) != len(LOCATIONS) or TILES["suspect"][NO_SUSPECT] != 2:
        problems.append("one suspect tile per location, two of them blank")
    if sum(TILES["crime"].values()) != len(LOCATIONS) or TILES["crime"][NO_CRIME] != 4:
        problems.append("one crime tile per location, four of them blank")
    if len(set(EVIDENCE)) != 36:
        problems.append("36 different evidence cards")
    if len({frozenset(p) for p in PATHS}) != len(PATHS) or any(
        a == b or a not in LAYOUT or b not in LAYOUT for a, b in PATHS
    ):
        problems.append("paths join two different locations of the board, once")
    if any(not NEIGHBOURS[loc] for loc in LOCATIONS):
        problems.append("every location touches another")
    if len(POINTS) != 5 or list(POINTS) != sorted(POINTS, reverse=True):
        problems.append("five scores, falling")
    if problems:
        raise ValueError("rules.py: " + "; ".join(problems))


_check()
