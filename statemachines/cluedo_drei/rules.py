"""Cluedo: Die drei ??? — the facts of the game, as data.

What the rulebook gives (cluedo-drei.en.txt, "Components", "The Investigation",
"Setup"): 6 suspects, 6 items, 9 locations as clue cards; 6 investigators;
2 dice; 13 Advantage cards; the Headquarters in the middle of the board, the
only place to accuse.  What it does not give is modelled here, each fact a
``@ruling`` of features/cluedo_drei/ (the clause id is in the comment):
the board graph, the dice's question-mark face, the kinds of Advantage card,
the passages other than the Crypt.
"""

from __future__ import annotations

from statemachines.kit import GameInfo, Option
from statemachines.schemas import Enum

GAME_ID = "cluedo_drei"
TITLE = "Cluedo: Die drei ???"

# -- clue cards (CD-CMP-01) -------------------------------------------------
SUSPECTS = ("Brittany", "Dick Perry", "Mr. Grey", "Skinner Norris", "Victor Hugenay", "Wilbur Graham")
ITEMS = (
    "antique books",
    "limited edition comics",
    "painting",
    "golden belt",
    "the Super Parrot",
    "treasure of gold coins",
)
LOCATIONS = (
    "Altes Stadttheater",
    "Art Gallery Hall",
    "Bibliothek",
    "Friedhof",
    "Highschool",
    "Marios Eispalast",
    "Memorial Hospital",
    "Palisades Park",
    "Strand",
)
CARDS = SUSPECTS + ITEMS + LOCATIONS
KIND_OF = {**{c: "suspect" for c in SUSPECTS}, **{c: "item" for c in ITEMS}, **{c: "location" for c in LOCATIONS}}

# CD-CMP-02: the Headquarters is a place on the board, not a clue card.
HEADQUARTERS = "Headquarters"
PLACES = LOCATIONS + (HEADQUARTERS,)

# -- investigators, in clockwise seating order of a full table (CD-CMP-03) ---
INVESTIGATORS = ("Justus Jonas", "Peter Shaw", "Bob Andrews", "Uncle Titus", "Aunt Mathilda", "Inspector Cotta")
MIN_PLAYERS, MAX_PLAYERS = 2, 6
DEFAULT_PLAYERS = INVESTIGATORS[:3]

# -- dice (CD-CMP-07, @ruling): each die has a question mark instead of the 1 --
QUESTION_MARK = "?"
DIE_FACES = (QUESTION_MARK, 2, 3, 4, 5, 6)
PIPS = {QUESTION_MARK: 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: 6}

# -- Advantage cards (CD-CMP-08, @ruling; played as CD-ADV-05): 13 cards, three kinds
#   taxi:         go at once into any other clue location, and question there
#   headquarters: go at once into the Headquarters (and you may accuse)
#   tip_off:      a fellow player of your choice shows you one clue card of theirs
ADVANTAGE_DECK = {"taxi": 6, "headquarters": 3, "tip_off": 4}
assert sum(ADVANTAGE_DECK.values()) == 13

# -- the Duel (CD-DUE-01) ------------------------------------------------------
DUEL_SIDE_CARDS = 4

# -- the board (CD-CMP-04..06, @ruling @model-board) ------------------------------
# A graph, not a picture: every edge is one orthogonal step.  A ring road of 36
# path spaces ("Ring 1".."Ring 36", clockwise) circles the Headquarters; each
# clue location has one door onto the ring; three lanes of three spaces lead
# from the ring to the Headquarters' three doors; each investigator's start
# space is a spur off the ring.  The ring and spurs form a bipartite graph, so
# a walk of exactly n steps back and forth reaches the spaces at distance
# d <= n with n - d even.
RING = 36
DOORS = {  # clue location -> the ring space in front of its door
    "Bibliothek": "Ring 1",
    "Highschool": "Ring 5",
    "Memorial Hospital": "Ring 9",
    "Marios Eispalast": "Ring 13",
    "Art Gallery Hall": "Ring 17",
    "Palisades Park": "Ring 21",
    "Strand": "Ring 25",
    "Friedhof": "Ring 29",
    "Altes Stadttheater": "Ring 33",
}
HQ_LANES = {"A": "Ring 3", "B": "Ring 15", "C": "Ring 27"}  # lane -> ring space it leaves from
HQ_LANE_LENGTH = 3  # CD-CMP-05: "Lane A1".."Lane A3"; the third space is at the Headquarters' door
START_SPACES = {  # investigator -> the ring space their start space joins
    "Justus Jonas": "Ring 7",
    "Peter Shaw": "Ring 11",
    "Bob Andrews": "Ring 19",
    "Uncle Titus": "Ring 23",
    "Aunt Mathilda": "Ring 31",
    "Inspector Cotta": "Ring 35",
}
ADVANTAGE_SPACES = ("Ring 12", "Ring 24", "Ring 36", "Lane B2")

# CD-PAS-03 (the Crypt, from the rulebook) and CD-PAS-04 (@ruling: one more pair)
SECRET_PASSAGES = {
    "Friedhof": "Memorial Hospital",
    "Memorial Hospital": "Friedhof",
    "Bibliothek": "Palisades Park",
    "Palisades Park": "Bibliothek",
}


def start_space(investigator: str) -> str:
    return f"start space of {investigator}"


def _board() -> tuple[dict[str, tuple[str, ...]], dict[str, tuple[str, ...]]]:
    """(path space -> neighbouring path spaces, place -> path spaces at its doors)."""
    edges: dict[str, set[str]] = {}

    def link(a: str, b: str) -> None:
        edges.setdefault(a, set()).add(b)
        edges.setdefault(b, set()).add(a)

    for i in range(1, RING + 1):
        link(f"Ring {i}", f"Ring {i % RING + 1}")
    doors: dict[str, list[str]] = {place: [space] for place, space in DOORS.items()}
    doors[HEADQUARTERS] = []
    for lane, ring_space in HQ_LANES.items():
        previous = ring_space
        for k in range(1, HQ_LANE_LENGTH + 1):
            link(previous, f"Lane {lane}{k}")
            previous = f"Lane {lane}{k}"
        doors[HEADQUARTERS].append(previous)
    for investigator, ring_space in START_SPACES.items():
        link(start_space(investigator), ring_space)
    neighbours = {space: tuple(sorted(near)) for space, near in edges.items()}
    return neighbours, {place: tuple(spaces) for place, spaces in doors.items()}


NEIGHBOURS, DOOR_SPACES = _board()
PATH_SPACES = frozenset(NEIGHBOURS)
# path space -> the places whose door it stands in front of
ENTRANCES: dict[str, tuple[str, ...]] = {}
for _place, _spaces in DOOR_SPACES.items():
    for _space in _spaces:
        ENTRANCES[_space] = ENTRANCES.get(_space, ()) + (_place,)
del _place, _spaces, _space


# -- every named thing, as the protocol spells it (the schema's $defs) -----------------------
NAMES = {
    "player": (INVESTIGATORS, "the six investigators; each player plays one"),
    "suspect": (SUSPECTS, "the six suspects (CD-CMP-01)"),
    "item": (ITEMS, "the six items"),
    "location": (LOCATIONS, "the nine clue locations"),
    "card": (CARDS, "the 21 clue cards"),
    "marker": (SUSPECTS + ITEMS, "the markers of the suspects and items (CD-QUE-03)"),
    "place": (PLACES, "where a pawn may stop besides path spaces: the clue locations and the Headquarters"),
    "space": (
        tuple(sorted(PATH_SPACES)) + PLACES,
        "everywhere a pawn may stand: path spaces (our board model) and places",
    ),
    "face": (DIE_FACES, "a die's faces; the question mark counts one pip (CD-CMP-07)"),
    "advantage": (tuple(ADVANTAGE_DECK), "the kinds of Advantage card (CD-CMP-08)"),
    "slot": (tuple(str(k) for k in range(1, DUEL_SIDE_CARDS + 1)), "the Duel's places beside the board, 1 to 4"),
}


def _board_drawing() -> dict:
    """The modelled board for describe(): every space and place with layout hints (x, y in 0..1), every link."""
    from math import cos, pi, sin

    def at(ring_space: str, radius: float) -> tuple[float, float]:
        angle = 2 * pi * (int(ring_space.split()[1]) - 1) / RING - pi / 2  # Ring 1 at the top, clockwise
        return round(0.5 + radius * cos(angle), 3), round(0.5 + radius * sin(angle), 3)

    spots = []
    for i in range(1, RING + 1):
        name = f"Ring {i}"
        spots.append((name, "advantage space" if name in ADVANTAGE_SPACES else "path space", *at(name, 0.36)))
    for lane, ring_space in HQ_LANES.items():
        for k in range(1, HQ_LANE_LENGTH + 1):
            name = f"Lane {lane}{k}"
            spots.append(
                (name, "advantage space" if name in ADVANTAGE_SPACES else "lane", *at(ring_space, 0.36 - 0.07 * k))
            )
    spots += [(place, "clue location", *at(space, 0.47)) for place, space in DOORS.items()]
    spots += [(start_space(who), "start space", *at(space, 0.43)) for who, space in START_SPACES.items()]
    spots.append((HEADQUARTERS, "headquarters", 0.5, 0.5))
    links = {tuple(sorted((a, b))) for a, near in NEIGHBOURS.items() for b in near}
    # length: the spaces between a path's two ends (describe's meaning): every ring and lane space is a place of
    # its own, so neighbours have none between them (a 1 drew a space that does not exist between each two)
    paths = [{"a": a, "b": b, "length": 0, "kind": "step"} for a, b in sorted(links)]
    paths += [
        {"a": place, "b": space, "length": 0, "kind": "door"}
        for place, spaces in DOOR_SPACES.items()
        for space in spaces
    ]
    paths += [{"a": a, "b": b, "length": 0, "kind": "secret passage"} for a, b in SECRET_PASSAGES.items() if a < b]
    return {"locations": [{"name": n, "kind": k, "x": x, "y": y} for n, k, x, y in spots], "paths": paths}


BOARD = _board_drawing()


INFO = GameInfo(
    id=GAME_ID,
    title=TITLE,
    rulebook="cluedo-drei.en.txt",
    players=(MIN_PLAYERS, MAX_PLAYERS),
    default_players=DEFAULT_PLAYERS,
    player_names=INVESTIGATORS,
    variants=("classic", "duel"),
    options={
        # CD-DUE-08: two players play the Duel unless they ask for the standard game (CD-SET-08)
        "variant": Option(
            Enum("classic", "duel"),
            "classic",
            "classic or duel; a game of two players is the Duel unless classic is asked for",
        ),
        "advantage_cards": Option(
            bool,
            True,
            "play with the Advantage cards (classic only; the Duel is without)",
            clauses=tuple(f"CD-ADV-0{n}" for n in range(1, 9)),
            without=False,
        ),
    },
    tag_kinds=("ruling", "model-board", "variant-duel"),
    short="Cluedo",
    summary=(
        "Classic Cluedo in Rocky Beach, find the thief, the stolen item and its hiding place, with "
        "Advantage cards, secret passages and a Duel for two."
    ),
    edition=(
        "Winning Moves, 2015 (English translation); classic Cluedo with Advantage cards, secret passages and the Duel"
    ),
)
