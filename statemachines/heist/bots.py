"""The online heist game — how the reference's bots choose (HO-BOT-01..05, @ruling @model-bots).

A bot is a seat whose choices the engine makes (HO-PRE-11): ``choose`` gets
the moves a person in its seat could make now and the bot's own view (never
the state), and returns one of those moves.  Nothing here is random: the
same view and moves give the same choice.

Every level (HO-BOT-01) keeps its notes sheet with the assistant on, accuses
as soon as it stands in a place and its knowledge leaves one card of each
kind (so it is never wrong and never accuses twice), otherwise rolls, asks on
entering a place and ends its turn after the question.  The levels differ in
where they go, what they ask, what they show and what they conclude:

* easy   tours the board clockwise, asks about what its sheet leaves open in
         turn, shows the first named card in the sheet's order (HO-BOT-02);
* normal heads for a place still open on its sheet (or with a face-down card
         it has not seen), where it asked least, the nearest of those; by the
         passage when none is in reach;
         asks about what is still open, least asked first, and shows the asker
         a card it already showed them when it can (HO-BOT-03);
* hard   as normal, and reads its own questions nobody answered (HO-BOT-04).
"""

from __future__ import annotations

from . import rules as R

_ORDER = {card: i for i, card in enumerate(R.CARDS)}
_PLACE_ORDER = {place: i for i, place in enumerate(R.PLACES)}


def choose(level: str, me: str, view: dict, moves: list[dict]) -> dict:
    by_type: dict[str, list[dict]] = {}
    for move in moves:
        by_type.setdefault(move["action"]["type"], []).append(move)
    candidates = knowledge(level, me, view)
    if "accuse" in by_type and all(len(c) == 1 for c in candidates.values()):
        case = {kind: next(iter(c)) for kind, c in candidates.items()}
        return next(m for m in by_type["accuse"] if all(m["action"][k] == case[k] for k in R.KINDS))
    for kind, pick in (
        ("roll_dice", _first),
        ("show", _show),
        ("question", _question),
        ("select", _movement),
        ("end_turn", _first),
    ):
        if kind in by_type:
            return pick(level, me, view, by_type[kind] if kind != "select" else moves)
    return moves[0]  # only the passage or a confirmation is left: both are movement


def knowledge(level: str, me: str, view: dict) -> dict[str, set[str]]:
    """For each kind, the cards that may still be hidden: what the sheet leaves open (HO-BOT-01)."""
    notes = view["private"][me]["notes"]
    open_cards = {R.HEADINGS[h]: {c for c, entry in cards.items() if entry is None} for h, cards in notes.items()}
    # HO-BOT-05: while some face-down card is unseen, an unanswered question may name it
    if level == "hard" and set(view["face_down"]) <= _looked_places(me, view):
        # HO-BOT-04: a question of its own that went round unanswered names the hideout's cards, but
        # for those its sheet has marked (its own, or seen face down)
        for question in _unanswered(me, view["log"]):
            for kind in R.KINDS:
                if question[kind] in open_cards[kind]:
                    open_cards[kind] = {question[kind]}
    return open_cards


def _looked_places(me: str, view: dict) -> set[str]:
    return {s["place"] for s in view["private"][me]["seen"] if "place" in s}


def _unanswered(me: str, log: list[dict]) -> list[dict]:
    found, asked = [], None
    for entry in log:
        if entry["type"] == "asked":
            asked = entry if entry["seat"] == me else None
        elif entry["type"] == "nobody_showed" and asked is not None:
            found.append(asked)
    return found


def _first(level, me, view, moves):
    return moves[0]


def _show(level, me, view, moves):
    """HO-BOT-02: the first in the sheet's order; HO-BOT-03: one the asker has already seen from me."""
    moves = sorted(moves, key=lambda m: _ORDER[m["action"]["card"]])
    if level != "easy":
        asker = view["current"]
        before = {s["card"] for s in view["private"][me]["showed"] if s["to"] == asker}
        again = [m for m in moves if m["action"]["card"] in before]
        return (again or moves)[0]
    return moves[0]


def _question(level, me, view, moves):
    asked = [e for e in view["log"] if e["type"] == "asked" and e["seat"] == me]
    open_cards = knowledge(level, me, view)
    gang, method = (
        sorted(open_cards[kind] or cards, key=_ORDER.get) for kind, cards in (("gang", R.GANG), ("method", R.METHODS))
    )
    if level == "easy":  # HO-BOT-02: in turn, the n-th question names open gang member n and open method n
        gang, method = gang[len(asked) % len(gang)], method[len(asked) % len(method)]
    else:  # HO-BOT-03: the open card named least so far, the sheet's order breaking ties
        gang, method = (
            min(cards, key=lambda c: sum(e[kind] == c for e in asked))
            for kind, cards in (("gang", gang), ("method", method))
        )
    return next(m for m in moves if m["action"]["gang"] == gang and m["action"]["method"] == method)


def _movement(level, me, view, moves):
    here, turn = view["positions"][me], view["turn"]
    reach = sum(turn["dice"])
    if level == "easy":  # HO-BOT-02: the next place clockwise, never the passage
        target = _next_clockwise(here)
    else:
        open_cards = knowledge(level, me, view)
        wanted = (set(open_cards["place"]) | (set(view["face_down"]) - _looked_places(me, view))) - {here}
        if all(len(c) == 1 for c in open_cards.values()) or not wanted:
            wanted = set(R.PLACES) - {here}  # sure (or lost): the nearest place to accuse in
        asked = [e["place"] for e in view["log"] if e["type"] == "asked" and e["seat"] == me]
        target = min(wanted, key=lambda p: (asked.count(p), len(R.PATHS[here, p]), _PLACE_ORDER[p]))
        passage = R.SECRET_PASSAGES.get(turn["began"])
        if passage in wanted and not any(len(R.PATHS[here, p]) <= reach for p in wanted):
            return next(m for m in moves if m["action"]["type"] == "take_secret_passage")
    if turn["selected"] == target:
        return next(m for m in moves if m["action"]["type"] == "confirm")
    return next(m for m in moves if m["action"]["type"] == "select" and m["action"]["place"] == target)


def _next_clockwise(here: str) -> str:
    if here in _PLACE_ORDER:
        return R.PLACES[(_PLACE_ORDER[here] + 1) % len(R.PLACES)]
    hall = 1 if here == R.ENTRANCE else int(here.split()[1])
    return min(R.PLACES, key=lambda p: (int(R.DOORS[p].split()[1]) - hall) % R.RING)
