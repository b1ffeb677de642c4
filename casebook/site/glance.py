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
            # a section mostly of our model (data the rulebook leaves out) teaches a player little
            if re.search(pattern, s.title, re.IGNORECASE) and sum(map(modelled, s.clauses)) * 2 <= len(s.clauses):
                return s
    return None


def phase_line(p: dict, by_id: dict[str, Clause]) -> dict:
    return {
        "name": pictures.words(p["name"]),
        "summary": GUARD_LABEL.sub("", p.get("summary") or ""),
        "each_round": p.get("each_round", False),
        "clauses": [by_id[i] for i in p.get("clauses") or [] if i in by_id][:3],
    }


# What only an engine meets, in a clause or a phase's summary: a refused request, a saved state, options the
# game does not have, a guard's name ("neighbour-answers: ...").  Such clauses stay behind the engine-authors
# switch on the glance (issue 51: a player learning the game is not told what the protocol refuses).
ENGINE_WORDS = re.compile(
    r"\brefused\b|bad_request|illegal_action|not_your_turn|\bunsupported\b|\bloaded\b|\boptions?\b.*\bdoes not know\b",
    re.IGNORECASE,
)
GUARD_LABEL = re.compile(r"^[a-z]+(?:-[a-z]+)+:\s*")  # "neighbour-answers: the case's holder ..." -> the words after
# Verbs no player chooses: an automatic step, the clock ending a timer (casebook.protocol: CLOCK's "expire").
NOT_CHOSEN = {pictures.AUTO, "expire"}
MOVE_CLAUSES = 6  # a move's clauses shown under it: what it does; the rest are a click away


def engine_words(text: str) -> bool:
    return bool(ENGINE_WORDS.search(text or ""))


def modelled(c: Clause) -> bool:
    """A ruling that models data the rulebook leaves out (our board's paths, our tracks): for engine authors."""
    return c.is_ruling and bool(c.models)


def moves(described: dict | None, turn: list[dict], by_id: dict[str, Clause]) -> list[dict]:
    """Each phase of the turn where a player chooses, with every move they may choose there (its verb in words)
    and the clauses that say what it does: the first turn, move by move, from the describe answer."""
    if not described:
        return []
    # a verb chance takes too (Feuerdiamant's draws, pending in any phase) is not a player's move
    chance = {p["name"] for p in described["phases"] if p.get("actor") == "chance"}
    not_chosen = NOT_CHOSEN | {t["verb"] for t in described["transitions"] if t.get("source") in chance}
    out = []
    for phase in turn:
        if phase.get("actor") not in ("player", "players"):
            continue
        verbs: dict[str, list[Clause]] = {}
        for t in described["transitions"]:
            if t.get("source") != phase["name"] or t["verb"] in not_chosen:
                continue
            said = verbs.setdefault(pictures.words(t["verb"]), [])
            for i in t.get("clauses") or []:
                c = by_id.get(i)
                if c is not None and c not in said and not modelled(c) and not engine_words(c.text):
                    said.append(c)
        if verbs:
            out.append(
                {
                    "name": pictures.words(phase["name"]),
                    "summary": GUARD_LABEL.sub("", phase.get("summary") or ""),
                    "moves": [{"verb": v, "clauses": cs[:MOVE_CLAUSES]} for v, cs in verbs.items()],
                }
            )
    return out


def cards(schema: dict | None, game: Game) -> list[dict]:
    """The cards a player plays (the schema's ``card`` list, in the order they take effect), each with its number
    and the clause that says what it does: the first clause of the game that names it before any other card."""
    spec = ((schema or {}).get("$defs") or {}).get("card") or {}
    names = [str(n) for n in spec.get("enum") or []]
    if not names:
        return []
    ordered = "order they take effect" in str(spec.get("description") or "")
    bases = {n: re.sub(r"\s*\d+$", "", n) for n in names}
    out = []
    for i, name in enumerate(names):
        base = bases[name]
        said = next(
            (
                c
                for c in game.clauses
                if re.match(rf"(?:(?i:an?|the) )?{re.escape(base)}\b", c.text) and not c.is_ruling
            ),
            None,
        ) or next((c for c in game.clauses if re.match(rf"(?:(?i:an?|the) )?{re.escape(base)}\b", c.text)), None)
        number = re.search(r"\d+$", name)
        out.append(
            {
                "name": name,
                "number": number.group(0) if number else (f"{i:03d}" if ordered and i else ""),
                "clause": said,
            }
        )
    return out


def glance_view(game: Game, described: dict | None, named: dict | None = None, schema: dict | None = None) -> dict:
    named = named or {}
    by_id = {c.id: c for c in game.clauses}
    setup, turn, finals = pictures.turn_phases(described)
    parts = {part: section_for(game, part, named) for part in PARTS}
    return {
        "components": parts["components"],
        "modelled_components": [c for c in parts["components"].clauses if modelled(c)] if parts["components"] else [],
        "setup_section": parts["setup"],
        "end_section": parts["end"],
        "setup": [phase_line(p, by_id) for p in setup],
        "turn": [phase_line(p, by_id) for p in turn],
        "finals": [phase_line(p, by_id) for p in finals],
        "moves": moves(described, turn, by_id),
        "cards": cards(schema, game),
        "end_clauses": [c for p in finals for c in phase_clauses(p, by_id)],
    }


def phase_clauses(p: dict, by_id: dict[str, Clause]) -> list[Clause]:
    return [by_id[i] for i in p.get("clauses") or [] if i in by_id]
