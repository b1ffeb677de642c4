"""Small Detectives — the facts of the game, as data.

What the rulebook gives (small-detectives.en.txt, "Contents", "Setup", "Card
Effects"): the street, the Bar, the Police, 4 culprit and 4 weapon house
tiles with a clue token each, 5 detectives, 15 action cards (Shadowing and
001-014), the deck trimmed by player-count marks, 3 cards a hand (4 with two
players), the Bar and the Police opposite each other.  What it leaves to
pictures or silence is modelled here, each fact a ``@ruling`` of
features/small_detectives/ (the clause id is in the comment).  The module
checks its own counts when imported (``_check``).
"""

from __future__ import annotations

from dataclasses import dataclass

from statemachines.kit import GameInfo

GAME_ID = "small_detectives"
TITLE = "Small Detectives"
RULEBOOK = "small-detectives.en.txt"

# -- players (SD-CMP-04, @ruling): a player is named by the colour of their detective --
COLOURS = ("Red", "Yellow", "Green", "Blue", "Purple")
MIN_PLAYERS, MAX_PLAYERS = 2, 5  # SD-SET-10
DEFAULT_PLAYERS = COLOURS[:3]

# -- culprits and weapons (SD-CMP-01, SD-CMP-02 @ruling): one house tile and one clue token each --
CULPRITS = ("Butler", "Cook", "Gardener", "Maid")
WEAPONS = ("Candlestick", "Knife", "Poison", "Rope")
CLUES = CULPRITS + WEAPONS
KIND_OF = {**{c: "culprit" for c in CULPRITS}, **{w: "weapon" for w in WEAPONS}}
OF_KIND = {"culprit": CULPRITS, "weapon": WEAPONS}

# -- the ring (SD-SET-01, @ruling @model-ring): eight tiles round the street, clockwise --
BAR, POLICE = "Bar", "Police"
HOUSES = tuple(f"House {i}" for i in range(1, 7))
RING = (BAR, "House 1", "House 2", "House 3", POLICE, "House 4", "House 5", "House 6")
_AT = {tile: i for i, tile in enumerate(RING)}
OPPOSITE = {tile: RING[(i + len(RING) // 2) % len(RING)] for i, tile in enumerate(RING)}
ADJACENT = {tile: (RING[i - 1], RING[(i + 1) % len(RING)]) for i, tile in enumerate(RING)}


def clockwise(tile: str, tiles: int) -> str:
    """The tile ``tiles`` places clockwise of ``tile`` (negative: counterclockwise); Bar and Police count."""
    return RING[(_AT[tile] + tiles) % len(RING)]


# -- the Bar (SD-BAR-01, SD-SET-11 @ruling): one side per kind of clue; culprits up first --
BAR_SIDES = ("culprit", "weapon")
BAR_START = "culprit"
ASK_AT_MOST = 3  # SD-BAR-01: one to three tokens of the kind shown

# -- starting tiles per player count, players in seat order (SD-SET-06, @ruling @model-start) --
START = {
    2: ("House 1", "House 4"),
    3: ("House 1", "House 3", "House 5"),
    4: ("House 1", "House 3", "House 4", "House 6"),
    5: ("House 1", "House 2", "House 3", "House 4", "House 5"),
}


# -- the action cards (SD-CMP-03; effects SD-CARD-*) ----------------------------------------
@dataclass(frozen=True)
class Card:
    name: str
    number: int  # the order of effect; Shadowing has priority (0)
    effect: str  # what the engine does with it: one row per effect in machine.py
    mark: int = 2  # the fewest players it is played with: the "3+", "4+", "5+" marks (SD-SET-08 @ruling)
    tiles: int = 0  # Foot Patrol: the tiles printed on it (SD-CARD-05 @ruling)


CARD_LIST = (
    Card("Shadowing", 0, "shadowing", mark=4),
    Card("Foot Patrol 001", 1, "foot_patrol", tiles=1),
    Card("Foot Patrol 002", 2, "foot_patrol", tiles=2),
    Card("Foot Patrol 003", 3, "foot_patrol", tiles=3),
    Card("Foot Patrol 004", 4, "foot_patrol", mark=4, tiles=2),
    Card("Dead End", 5, "dead_end"),
    Card("Police Raid", 6, "police_raid"),
    Card("Informant", 7, "informant"),
    Card("Unexpected", 8, "unexpected", mark=4),
    Card("On Wheels", 9, "on_wheels"),
    Card("Disguise", 10, "disguise", mark=3),
    Card("Small Move", 11, "small_move", mark=5),
    Card("Big Move", 12, "big_move", mark=5),
    Card("Neighbor Survey", 13, "neighbor_survey"),
    Card("Telephone Call", 14, "telephone_call", mark=5),
)
CARDS = {card.name: card for card in CARD_LIST}
CARD_NAMES = tuple(CARDS)
EFFECTS = tuple(dict.fromkeys(card.effect for card in CARD_LIST))
SHADOWING = "Shadowing"
UNEXPECTED_TILES = (1, 2, 3)  # SD-CARD-10 @ruling: chosen when the card takes effect
IN_THE_STREET = ("shadowing", "neighbor_survey")  # SD-CARD-23: these detectives leave the tiles
# SD-END-04 @ruling: where each card can take a detective, for telling whether anyone can still reach the Police:
# clockwise steps (a Foot Patrol's own number, see STEPS_OF) and tiles reached straight away
STEPS = {"dead_end": (-1,), "police_raid": (len(RING) // 2,), "unexpected": UNEXPECTED_TILES}
JUMPS = {"informant": (BAR,), "on_wheels": RING}


def steps_of(card: str) -> tuple[int, ...]:
    c = CARDS[card]
    return (c.tiles,) if c.effect == "foot_patrol" else STEPS.get(c.effect, ())


def reachable(tiles, cards) -> set[str]:
    """Every tile a detective standing on ``tiles`` could ever reach with ``cards`` in play (Disguise only swaps
    detectives, the other cards move none)."""
    found, steps = set(tiles), {k for c in cards for k in steps_of(c)}
    found |= {t for c in cards for t in JUMPS.get(CARDS[c].effect, ())}
    while True:
        more = {clockwise(t, k) for t in found for k in steps} - found
        if not more:
            return found
        found |= more


HAND = {2: 4, 3: 3, 4: 3, 5: 3}  # SD-SET-09, SD-TWO-01
PER_ROUND = {2: 2, 3: 1, 4: 1, 5: 1}  # SD-OVR-01: a card a round; SD-TWO-02: two cards with two players


def deck(players: int) -> tuple[str, ...]:
    """SD-SET-07: the cards in play with this many players, in number order."""
    return tuple(c.name for c in CARD_LIST if c.mark <= players)


def left_out(players: int) -> tuple[str, ...]:
    return tuple(c.name for c in CARD_LIST if c.mark > players)


NAMES = {
    "player": (COLOURS, "the detectives' colours; each player plays one (SD-CMP-04)"),
    "culprit": (CULPRITS, "the four culprits (SD-CMP-02)"),
    "weapon": (WEAPONS, "the four weapons (SD-CMP-02)"),
    "clue": (CLUES, "what a house tile hides and a clue token names: the culprits and the weapons"),
    "card": (CARD_NAMES, "the fifteen action cards, in the order they take effect (SD-CMP-03)"),
    "tile": (RING, "the eight tiles round the street, clockwise from the Bar (SD-SET-01)"),
    "house": (HOUSES, "the six places of house tiles round the street"),
    "side": (BAR_SIDES, "the Bar's two sides: the kind of clue it asks about"),
}

# -- the board for describe(): the ring drawn as a circle, the street in the middle ---------------
BOARD = {
    "locations": [
        {
            "name": tile,
            "kind": "house" if tile in HOUSES else tile.lower(),
            "x": round(0.5 + 0.4 * _sin, 3),
            "y": round(0.5 - 0.4 * _cos, 3),
        }
        for tile, (_sin, _cos) in zip(
            RING,
            [
                (0.0, 1.0),
                (0.707, 0.707),
                (1.0, 0.0),
                (0.707, -0.707),
                (0.0, -1.0),
                (-0.707, -0.707),
                (-1.0, 0.0),
                (-0.707, 0.707),
            ],
        )
    ],
    # length: the spaces between a path's ends (describe's meaning); the tiles are the spaces, so none
    "paths": [{"a": RING[i], "b": RING[(i + 1) % len(RING)], "length": 0, "kind": "adjacent"} for i in range(len(RING))]
    + [{"a": RING[i], "b": RING[i + 4], "length": 0, "kind": "opposite"} for i in range(4)],
}


INFO = GameInfo(
    id=GAME_ID,
    title=TITLE,
    rulebook=RULEBOOK,
    players=(MIN_PLAYERS, MAX_PLAYERS),
    default_players=DEFAULT_PLAYERS,
    player_names=COLOURS,
    tag_kinds=("ruling", "model-ring", "model-start", "model-marks", "players-2"),
    short="Small Detectives",
    summary=(
        "Everyone chooses an action card in secret at once, then all are revealed, and the cards are "
        "passed on each round."
    ),
    edition="Charles Chevallier & Bruno Faidutti, Pixie Games, 2017; simultaneous action cards",
)


def _check() -> None:
    """The counts the rulebook states, checked against the model (a wrong edit fails at import)."""
    problems = []
    if len(CARD_LIST) != 15 or len(CARDS) != 15:
        problems.append("15 action cards (SD-CMP-03)")
    if sorted(c.number for c in CARD_LIST) != list(range(15)):
        problems.append("Shadowing and the numbers 001 to 014")
    if [c.name for c in CARD_LIST if c.effect == "foot_patrol"] != [f"Foot Patrol 00{i}" for i in range(1, 5)]:
        problems.append("four Foot Patrols, 001 to 004")
    if any(c.tiles not in (1, 2, 3) for c in CARD_LIST if c.effect == "foot_patrol"):
        problems.append("a Foot Patrol shows 1, 2 or 3 tiles")
    for players in range(MIN_PLAYERS, MAX_PLAYERS + 1):
        if len(deck(players)) != players * HAND[players]:
            problems.append(
                f"{players} players: every card in play is dealt ({len(deck(players))} for {players} x {HAND[players]})"
            )
        if len(START[players]) != players or not set(START[players]) <= set(HOUSES):
            problems.append(f"{players} players: one starting house each")
    if len(CULPRITS) != 4 or len(WEAPONS) != 4 or len(set(CLUES)) != 8:
        problems.append("4 culprits and 4 weapons (SD-CMP-01)")
    if len(RING) != 8 or OPPOSITE[BAR] != POLICE or len(HOUSES) != 6:
        problems.append("the Bar opposite the Police in a ring of eight (SD-SET-01)")
    if len(COLOURS) != MAX_PLAYERS:
        problems.append("five detectives (SD-CMP-04)")
    if problems:
        raise RuntimeError("rules.py breaks the rulebook: " + "; ".join(problems))


_check()
