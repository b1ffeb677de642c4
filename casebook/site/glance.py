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
from casebook.site.spec import Clause, Game, Section

PAGE = "at-a-glance.md"
# part -> words a section's title holds (the first section that matches, in the features' order)
PARTS = {
    "components": r"\b(components|contents|what you must discover)\b",
    "setup": r"\b(setup|set-up|preparation)\b",
    "end": r"\b(end of the game|winning|accusation|solv)",
}


def path(game_id: str) -> str:
    return f"games/{game_id}/{PAGE}"


def section_for(game: Game, part: str, named: dict) -> Section | None:
    wanted = named.get(part)
    for s in game.sections:
        if (wanted and s.slug == wanted) or (not wanted and re.search(PARTS[part], s.title, re.IGNORECASE)):
            return s
    return None


def turn_phases(described: dict | None) -> tuple[list[dict], list[dict], list[dict]]:
    """(set-up phases, the turn's phases, final phases) in the engine's order.

    The turn starts at the earliest phase the play comes back to (the target of an arrow back
    up the picture); the phases before it set the game up.
    """
    if not described or not described.get("phases"):
        return [], [], []
    phases = described["phases"]
    order = {p["name"]: i for i, p in enumerate(phases)}
    back = [order[t["dest"]] for t in described["transitions"] if t.get("dest") in order and order[t["dest"]] <= order[t["source"]]]
    start = min(back) if back else 0
    playing = [p for p in phases if not p.get("final")]
    return ([p for p in playing if order[p["name"]] < start], [p for p in playing if order[p["name"]] >= start],
            [p for p in phases if p.get("final")])


def phase_line(p: dict, by_id: dict[str, Clause]) -> dict:
    return {"name": pictures.words(p["name"]), "summary": p.get("summary") or "", "clauses": [by_id[i] for i in p.get("clauses") or [] if i in by_id][:3]}


def glance_view(game: Game, described: dict | None, named: dict | None = None) -> dict:
    named = named or {}
    by_id = {c.id: c for c in game.clauses}
    setup, turn, finals = turn_phases(described)
    parts = {part: section_for(game, part, named) for part in PARTS}
    return {
        "components": parts["components"], "setup_section": parts["setup"], "end_section": parts["end"],
        "setup": [phase_line(p, by_id) for p in setup], "turn": [phase_line(p, by_id) for p in turn],
        "finals": [phase_line(p, by_id) for p in finals],
    }
