"""Cluedo: Die drei ??? (Winning Moves, 2015) — the reference engine.

Facts for ``hello``: 2–6 investigators; the basic game with or without
Advantage cards; the Duel for two players or teams (no Advantage cards, four
face-down cards beside the board).  Chance: the case file, the Duel's four
cards, the deal, every roll of the two dice, every Advantage draw.
Information: imperfect (hands, cards shown, the case file).
"""

from __future__ import annotations

from casebook.errors import BadRequest, Unsupported
from statemachines.core import load_schema, mermaid_diagram

from . import rules as R
from .machine import INITIAL, STATES, TRANSITIONS

FACTS = {
    "title": R.TITLE,
    "players": [R.MIN_PLAYERS, R.MAX_PLAYERS],
    "player_names": list(R.INVESTIGATORS),
    "variants": ["classic", "duel"],
    "options": {"players": "2-6 distinct investigators, clockwise", "variant": "classic | duel", "advantage_cards": "bool (classic only)"},
    "optional": [],
    "declines": [],
}
OPTION_KEYS = {"players", "variant", "advantage_cards"}


def normalise_options(options: dict) -> dict:
    """Defaults filled in, or a typed error: bad_request for malformed, unsupported for unknown variants."""
    extra = set(options) - OPTION_KEYS
    if extra:
        raise BadRequest(f"unknown options {sorted(extra)}; options are {sorted(OPTION_KEYS)}")
    players = options.get("players", list(R.DEFAULT_PLAYERS))
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise BadRequest("players is a list of investigator names")
    if not R.MIN_PLAYERS <= len(players) <= R.MAX_PLAYERS:
        raise BadRequest(f"Cluedo: Die drei ??? is for {R.MIN_PLAYERS} to {R.MAX_PLAYERS} players, not {len(players)}")
    unknown = [p for p in players if p not in R.INVESTIGATORS]
    if unknown:
        raise BadRequest(f"{unknown} are not investigators; choose from {list(R.INVESTIGATORS)}")
    if len(set(players)) != len(players):
        raise BadRequest("each investigator can be played by one player only")
    variant = options.get("variant", "classic")
    if variant not in FACTS["variants"]:
        raise Unsupported(f"no variant {variant!r}; variants are {FACTS['variants']}")
    cards = options.get("advantage_cards", variant != "duel")
    if not isinstance(cards, bool):
        raise BadRequest("advantage_cards is true or false")
    if variant == "duel":
        if len(players) != 2:
            raise BadRequest("the Duel is for exactly 2 players or teams")  # CD-DUE-01
        if cards:
            raise BadRequest("the Duel is played without Advantage cards")  # CD-DUE-02
    return {"players": players, "variant": variant, "advantage_cards": cards}


class Engine:
    game_id = R.GAME_ID
    facts = FACTS

    def __init__(self):
        self.schema = load_schema(R.GAME_ID)

    def new(self, options: dict):
        from .engine import CluedoDrei

        return CluedoDrei(normalise_options(options))

    def load(self, state: dict):
        from .engine import CluedoDrei

        if state.get("game") != R.GAME_ID:
            raise BadRequest(f"not a {R.GAME_ID} state")
        options = normalise_options(state["options"])
        if options["players"] != state["players"]:
            raise BadRequest("players and options.players differ")
        CluedoDrei.check(state)  # before the model joins the shared machine
        return CluedoDrei(options, state)

    def diagram(self) -> str:
        return mermaid_diagram(STATES, TRANSITIONS, INITIAL, R.TITLE)


def make_engine() -> Engine:
    return Engine()
