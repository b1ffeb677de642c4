"""Each game at a glance (issue 26): the page a player who has not read the rulebook starts from.

Built from what the site already holds, so it stays true as the features change: the
components are the clauses of the game's components section, the set-up its set-up
section's clauses in order, the turn the phases the engine's ``describe`` gives (each with
its one-line summary, linked to the clauses that govern it), the end its final phases and
the clauses of its end section, and the board picture.  Which section is which is found by
its title (``PARTS``), or named in mkdocs.yml (``extra.casebook.games.<game>.glance``).
"""

from __future__ import annotations

import re

from casebook.site import pictures
from casebook.rulebook import Clause, Game, Section

PAGE = "at-a-glance.md"
# part -> words a section's title holds, tried in turn (the first section that matches, in the features' order)
PARTS = {
    "components": (r"\b(components|contents|what you must discover)\b", r"\b(game idea|goal|object)\b"),
    "setup": (r"\b(setup|set-up|preparation)\b",),
    "end": (r"\b(end of the game|winning)", r"\b(accusation|solv)"),
}


def path(game_id: str) -> str:
    return f"games/{game_id}/{PAGE}"


def section_for(game: Game, part: str, named: dict) -> Section | None:
    wanted = named.get(part)
    if wanted:
        return next((s for s in game.sections if s.slug == wanted), None)
    for pattern in PARTS[part]:
        for s in game.sections:
            if re.search(pattern, s.title, re.IGNORECASE):
                return s
    return None


def turn_phases(described: dict | None) -> tuple[list[dict], list[dict], list[dict]]:
    """(set-up phases, the turn's phases, final phases) in the engine's order.

    The turn starts at the earliest phase the play comes back to (the target of an arrow back
    up the picture; failing one, a player's phase that loops on itself, never a chance phase
    drawing card after card); the phases before it set the game up.  Where the play comes back
    there only through chance phases that lead to a later target (P.I. seeds the board, deals
    the cases and turns the evidence up at every round, then the turns loop on ``playing``),
    those chance phases set each round up: set-up marked ``each_round``, and the turn starts at
    that later target.
    """
    if not described or not described.get("phases"):
        return [], [], []
    phases = described["phases"]
    order = {p["name"]: i for i, p in enumerate(phases)}
    chance = [p.get("actor") == "chance" for p in phases]
    arrows = [
        (order[t["source"]], order[t["dest"]])
        for t in described["transitions"]
        if t.get("source") in order and t.get("dest") in order
    ]
    back = sorted({d for s, d in arrows if d < s}) or sorted({d for s, d in arrows if d == s and not chance[d]})
    loop = back[0] if back else 0
    start = next((t for t in back[1:] if all(chance[loop:t])), loop)
    playing = [p for p in phases if not p.get("final")]
    setup = [dict(p, each_round=loop <= order[p["name"]] < start) for p in playing if order[p["name"]] < start]
    return setup, [p for p in playing if order[p["name"]] >= start], [p for p in phases if p.get("final")]


def phase_line(p: dict, by_id: dict[str, Clause]) -> dict:
    return {
        "name": pictures.words(p["name"]),
        "summary": p.get("summary") or "",
        "each_round": p.get("each_round", False),
        "clauses": [by_id[i] for i in p.get("clauses") or [] if i in by_id][:3],
    }


def glance_view(game: Game, described: dict | None, named: dict | None = None) -> dict:
    named = named or {}
    by_id = {c.id: c for c in game.clauses}
    setup, turn, finals = turn_phases(described)
    parts = {part: section_for(game, part, named) for part in PARTS}
    return {
        "components": parts["components"],
        "setup_section": parts["setup"],
        "end_section": parts["end"],
        "setup": [phase_line(p, by_id) for p in setup],
        "turn": [phase_line(p, by_id) for p in turn],
        "finals": [phase_line(p, by_id) for p in finals],
    }
