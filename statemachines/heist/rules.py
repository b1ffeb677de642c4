"""The online heist game — the facts of the game, as data.

What the rules page gives (heist-online.ca.txt): 21 cards, 6 gang members
(who took it), 6 methods (how the safe was opened), 9 places (where it is
hidden); one of each hidden; two dice; 2 to 6 seats; bots at three levels; a
15-second limit to show a card; a turn timer of 30, 45 or 60 seconds or off;
seven cards each and four face down with two active seats; two Easy bots in
the tutorial.  What it does not give is modelled here, each fact a
``@ruling`` of features/heist/ (the clause id is in the comment): the names
(HO-MOD-01), the board (HO-MOD-02), the passages (HO-MOD-03), the start
(HO-PRE-02), the tutorial's bots (HO-TUT-02).
"""

from __future__ import annotations

from math import cos, pi, sin

from statemachines.kit import GameInfo, Option
from statemachines.schemas import Enum, MapOf

GAME_ID = "heist"
TITLE = "The online heist game"
RULEBOOK = "heist-online.ca.txt"

# -- the 21 cards (HO-DIS-01), in the notes sheet's order (HO-MOD-01) ----------------
GANG = ("Dex", "Lena", "Marcus", "Otto", "Rosa", "Vera")
METHODS = ("cloned keycard", "drill", "dynamite", "skeleton key", "stethoscope", "thermal lance")
PLACES = ("Kitchen", "Dining Room", "Ballroom", "Conservatory", "Library", "Study", "Garage", "Attic", "Wine Cellar")
CARDS = GANG + METHODS + PLACES
KINDS = ("gang", "method", "place")
KIND_OF = {**dict.fromkeys(GANG, "gang"), **dict.fromkeys(METHODS, "method"), **dict.fromkeys(PLACES, "place")}
HEADINGS = {"who": "gang", "how": "method", "where": "place"}  # the notes sheet (HO-NOT-01)
TOKENS = GANG + METHODS  # a question brings these to the asker's place (HO-QUE-02)

# -- seats, rooms, bots, timers ----------------------------------------------------
MIN_SEATS, MAX_SEATS = 2, 6  # HO-PRE-06, bots included
DEFAULT_SEATS = ("Anna", "Bernat", "Carla")
ROOMS = ("private", "public", "tutorial")  # the first is the default; HO-PRE-08, HO-TUT-01
LEVELS = ("easy", "normal", "hard")  # HO-PRE-07
TURN_TIMERS = ("off", 30, 45, 60)  # HO-TIM-01, HO-TIM-02: off by default
SHOW_SECONDS = 15  # HO-QUE-10, HO-TIM-03
TIMERS = ("show", "turn")
TUTORIAL_BOTS = ("Lola", "Tito")  # HO-TUT-02 (@ruling): the learner's two Easy bots
COACH_MOMENTS = (
    "first move",
    "first place",
    "first card shown",
    "first unanswered question",
    "ready to accuse",
)  # HO-TUT-03..07

# -- the two-seat game (HO-DIS-05) -------------------------------------------------
TWO_SEATS = 2
FACE_DOWN = 4
HIDDEN = len(KINDS)
DEALT = len(CARDS) - HIDDEN  # 18 cards shared out (HO-DIS-03)

# -- dice (HO-TRN-01) -----------------------------------------------------------------
DIE_FACES = (1, 2, 3, 4, 5, 6)

# -- the board (HO-MOD-02, @ruling @model-board) -----------------------------------------
# A ring of 27 hall spaces; place i (board order, from 1) has its door on Hall 3i-1;
# the Entrance, where every pawn begins (HO-PRE-02), joins Hall 1.  Places are dead
# ends off the ring, so no walk passes through one; the ring's length is odd, so the
# shortest path between two spaces is unique.
RING = 27
ENTRANCE = "Entrance"
HALLS = tuple(f"Hall {i}" for i in range(1, RING + 1))
DOORS = {place: f"Hall {3 * i - 1}" for i, place in enumerate(PLACES, start=1)}
SPACES = PLACES + HALLS + (ENTRANCE,)
SECRET_PASSAGES = {  # HO-MOD-03 (@ruling): opposite sides of the ring, both ways
    "Kitchen": "Library",
    "Library": "Kitchen",
    "Conservatory": "Wine Cellar",
    "Wine Cellar": "Conservatory",
}


def _links() -> dict[str, tuple[str, ...]]:
    near: dict[str, set[str]] = {s: set() for s in SPACES}

    def link(a: str, b: str) -> None:
        near[a].add(b)
        near[b].add(a)

    for i in range(RING):
        link(HALLS[i], HALLS[(i + 1) % RING])
    for place, door in DOORS.items():
        link(place, door)
    link(ENTRANCE, HALLS[0])
    return {s: tuple(sorted(n)) for s, n in near.items()}


NEIGHBOURS = _links()


def _shortest_paths() -> dict[tuple[str, str], tuple[str, ...]]:
    """(from space, to place) -> the spaces walked, the place last (HO-TRN-03, HO-MOD-02).

    Breadth-first from every space; a walk never goes on through a place.
    """
    paths = {}
    for origin in SPACES:
        parent, frontier = {origin: None}, [origin]
        while frontier:
            nxt = []
            for here in frontier:
                if here in DOORS and here != origin:
                    continue  # a place ends every walk that enters it
                for there in NEIGHBOURS[here]:
                    if there not in parent:
                        parent[there] = here
                        nxt.append(there)
            frontier = nxt
        for place in PLACES:
            if place != origin:
                walk, at = [], place
                while at != origin:
                    walk.append(at)
                    at = parent[at]
                paths[origin, place] = tuple(reversed(walk))
    return paths


PATHS = _shortest_paths()

# -- every named thing, as the protocol spells it (the schema's $defs) -------------------
NAMES = {
    "player": (None, "a seat's name, chosen by whoever opens the room (a person or a bot)"),
    "gang": (GANG, "the six gang members: who took it (HO-MOD-01)"),
    "method": (METHODS, "the six methods: how the safe was opened"),
    "place": (PLACES, "the nine places: where it is hidden, and the rooms of the board"),
    "card": (CARDS, "the 21 cards"),
    "token": (TOKENS, "the tokens of the gang members and methods a question moves (HO-QUE-02)"),
    "space": (SPACES, "everywhere a pawn may stand: the places, the 27 hall spaces and the Entrance (our board model)"),
    "face": (DIE_FACES, "a die's faces"),
    "level": (LEVELS, "a bot's level"),
    "timer": (TIMERS, "the 15 seconds to show a card, and the turn timer"),
    "moment": (COACH_MOMENTS, "the tutorial coach's five moments"),
}


def _board_drawing() -> dict:
    """The modelled board for describe(): every space with layout hints (x, y in 0..1), every link."""

    def at(hall: int, radius: float) -> tuple[float, float]:
        angle = 2 * pi * (hall - 1) / RING - pi / 2  # Hall 1 at the top, clockwise
        return round(0.5 + radius * cos(angle), 3), round(0.5 + radius * sin(angle), 3)

    spots = [(h, "hall", *at(i, 0.34)) for i, h in enumerate(HALLS, start=1)]
    spots += [(p, "place", *at(int(d.split()[1]), 0.46)) for p, d in DOORS.items()]
    spots.append((ENTRANCE, "entrance", *at(1, 0.2)))
    links = sorted({tuple(sorted((a, b))) for a, near in NEIGHBOURS.items() for b in near})
    # length: the spaces between a path's ends (describe's meaning); halls are the spaces, so neighbours have none
    paths = [{"a": a, "b": b, "length": 0, "kind": "door" if a in DOORS or b in DOORS else "hall"} for a, b in links]
    paths += [{"a": a, "b": b, "length": 0, "kind": "secret passage"} for a, b in SECRET_PASSAGES.items() if a < b]
    return {"locations": [{"name": n, "kind": k, "x": x, "y": y} for n, k, x, y in spots], "paths": paths}


BOARD = _board_drawing()


INFO = GameInfo(
    id=GAME_ID,
    title=TITLE,
    rulebook=RULEBOOK,
    players=(MIN_SEATS, MAX_SEATS),
    default_players=DEFAULT_SEATS,
    variants=ROOMS,
    options={
        "variant": Option(
            Enum(*ROOMS),
            ROOMS[0],
            "the variant played: " + ", ".join(ROOMS),
            clauses=(*(f"HO-TUT-0{n}" for n in range(1, 9)), "HO-NOT-12"),  # the tutorial's
            played_by=("tutorial",),  # a private or public room plays none of them
        ),
        "bots": Option(
            MapOf("player", "level"),
            {},
            "the seats that are bots, with their level (private rooms only)",
            clauses=tuple(f"HO-BOT-0{n}" for n in range(1, 6)),
        ),
        "turn_timer": Option(
            Enum(*TURN_TIMERS),
            "off",
            "seconds a person has for a turn, or off",
            clauses=("HO-TIM-02", "HO-TIM-05", "HO-TIM-06", "HO-TIM-07"),
        ),
        "notes_assistant": Option(
            bool,
            False,
            "the notes assistant's default for every seat",
            clauses=("HO-NOT-04", "HO-NOT-06", "HO-NOT-07", "HO-NOT-08", "HO-NOT-09", "HO-NOT-10"),
        ),
    },
    tag_kinds=("ruling", "model-board", "model-bots", "players-2"),
    short="Heist",
    summary=(
        "An online Cluedo-like game, find the gang member, the method and the hiding place, with seats, "
        "bots, timers and a notes assistant."
    ),
    edition=(
        "the rules page of an online Cluedo-like heist game (Catalan); seats, bots, timers, notes "
        "assistant, case log, tutorial"
    ),
)


# -- the data checks its own counts ----------------------------------------------------------
def _check() -> None:
    problems = []
    if (len(GANG), len(METHODS), len(PLACES), len(CARDS)) != (6, 6, 9, 21) or len(set(CARDS)) != 21:
        problems.append("HO-DIS-01: 21 distinct cards, 6 gang members, 6 methods, 9 places")
    if DEALT != 18 or DEALT - FACE_DOWN != 7 * TWO_SEATS:
        problems.append("HO-DIS-05: 18 cards dealt; with two seats 4 face down and 7 each")
    if len(SPACES) != len(set(SPACES)) or len(set(DOORS.values())) != len(PLACES):
        problems.append("HO-MOD-02: every space named once, every place behind its own door")
    if RING % 2 == 0:
        problems.append("HO-MOD-02: an odd ring keeps every shortest path unique")
    if any(SECRET_PASSAGES[b] != a for a, b in SECRET_PASSAGES.items()):
        problems.append("HO-MOD-03: every passage goes both ways")
    if len(PATHS) != len(SPACES) * len(PLACES) - len(PLACES):
        problems.append("HO-MOD-02: every place is reachable from every space")
    if any(p in KIND_OF and KIND_OF[p] != "place" for p in SPACES):
        problems.append("a board space shares a card's name")
    if problems:
        raise ValueError("heist rules data: " + "; ".join(problems))


_check()
