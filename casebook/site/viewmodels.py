"""View-models: what a template shows, built from the features, results and describe answers.

Plain data (dicts, lists, the spec's own objects); no HTML is written here.  The templates
(casebook/site/templates/) lay it out and escape every value.
"""

from __future__ import annotations

import json
import re
from collections import Counter

from casebook.site import wording
from casebook.site.pictures import turn_graph, turn_mermaid, turn_parts, turn_phone
from casebook.rulebook import BLOCKED, NOT_RUN, Clause, Example, Step
from casebook.site.wording import engine_only, plain

# the order a page lists statuses in: the clause statuses (casebook.rulebook), failures first, then the examples' skip
STATUS_ORDER = ("passed", "failed", BLOCKED, "partial", "unsupported", "skipped", NOT_RUN)
KIND_TITLES = {
    "rule": "the rulebook says it",
    "ruling": "the rulebook is silent or ambiguous: our decision, with its reason",
    "variant": "applies only in a variant",
    "optional": "an implementation may decline it",
    "model": "depends on a fact we modelled",
    "untranscribed": "a placeholder: this section of the rulebook is not transcribed yet",
}
ACTORS = {"player": "a player", "players": "several players at once", "chance": "chance", "clock": "the clock"}
_SENTENCE_END = re.compile(r"(?<=[.!?])\s")


def totals(clauses: list[Clause]) -> dict:
    counts = Counter(c.status for c in clauses)
    return {"count": len(clauses), "counts": [(s, counts[s]) for s in STATUS_ORDER if counts[s]]}


def counts_of(clauses: list[Clause]) -> list[tuple[str, int]]:
    counts = Counter(c.status for c in clauses)
    return [(s, counts[s]) for s in STATUS_ORDER if counts[s]]


def players_text(players) -> str:
    if isinstance(players, (list, tuple)) and len(players) == 2:
        return f"{players[0]}–{players[1]}" if players[0] != players[1] else str(players[0])
    return ", ".join(str(p) for p in players) if isinstance(players, (list, tuple)) else str(players)


def first_line(text: str) -> str:
    return text.strip().splitlines()[0] if text.strip() else ""


def first_sentence(text: str) -> str:
    """A summary that ends at a sentence: the description's first sentence (its first paragraph, joined)."""
    para = " ".join(text.strip().split("\n\n")[0].split()) if text.strip() else ""
    return _SENTENCE_END.split(para, maxsplit=1)[0] if para else ""


def paragraphs(text: str) -> list[str]:
    return [" ".join(p.split()) for p in (text or "").split("\n\n") if p.strip()]


def slug(name: str) -> str:
    """A phase name as an HTML id: letters, digits, - and _ only."""
    return "".join(ch if ch.isalnum() or ch in "-_" else "-" for ch in str(name)) or "phase"


# -- steps and examples -------------------------------------------------------------------


def step_pieces(text: str) -> list[dict]:
    """A step's text cut at its quotes: quoted values and <outline parameters> are set apart, so names stand out."""
    pieces = text.split('"')
    out = []
    for i, piece in enumerate(pieces):
        quoted = i % 2 == 1
        out.append({"quoted": quoted, "closed": quoted and i < len(pieces) - 1, "parts": params(piece)})
    return out


def params(text: str) -> list[tuple[bool, str]]:
    """(is an <outline parameter>, text) parts of a piece of a step."""
    out, rest = [], text
    while "<" in rest and ">" in rest[rest.index("<") :]:
        start = rest.index("<")
        end = rest.index(">", start)
        name = rest[start + 1 : end]
        if not name or name != name.strip() or "<" in name:
            out.append((False, rest[: end + 1]))
        else:
            out += [(False, rest[:start]), (True, name)]
        rest = rest[end + 1 :]
    out.append((False, rest))
    return [(p, t) for p, t in out if p or t]


def step_view(step: Step) -> dict:
    """A step in players' words; where the glossary changed it, the engine's text too, for engine authors."""
    said = plain(step.text)
    table = None
    if step.table:
        header, *rows = step.table
        table = [[plain(h) for h in header]] + [[plain(c) for c in row] for row in rows]
    return {
        "keyword": step.keyword,
        "plain": step_pieces(said),
        "engine": step_pieces(step.text) if said != step.text else None,
        "table": table,
        "doc": step.doc,
    }


def example_is_engine_only(example: Example) -> bool:
    return any(engine_only(s.text) for s in example.steps)


def example_view(example: Example, engine: bool = False) -> dict:
    """One example; ``engine``: it checks what only an engine meets, so it shows only in the engine authors' view."""
    return {
        "status": example.result.status,
        "engine_only": engine,
        "anchor": example.anchor,
        "keyword": example.keyword,
        "name": plain(example.name),  # "six players are not allowed", not "... are refused"
        "tags": example.tags,
        "description": paragraphs(example.description),
        "steps": [step_view(s) for s in example.steps],
        "message": example.result.message,
        "tables": [
            {
                "name": t.name,
                "tags": t.tags,
                "header": list(t.header),
                "rows": [
                    {
                        "values": [plain(v) for v in row.values],
                        "status": row.result.status,
                        "message": row.result.message,
                    }
                    for row in t.rows
                ],
            }
            for t in example.tables
        ],
    }


# -- the turn and the board ---------------------------------------------------------------


def diagram_view(
    described: dict, by_id: dict[str, Clause], clause_ids: list[str], said: dict[str, str] | None = None
) -> dict:
    """The turn diagram's source and links, each phase's clauses and every transition; ``said``: the rulebook's words
    for phases and verbs in the players' pictures (features/<game>/glance.yml's ``picture_words``)."""
    linked, total = turn_graph.linked_share(described, clause_ids)
    phases = []
    for phase, cited in turn_graph.phase_clauses(described).items():
        p = next(x for x in described["phases"] if x["name"] == phase)
        phases.append(
            {
                "slug": slug(phase),
                "words": turn_graph.words(phase),
                # a guard's name before the summary is the engine's ("neighbour-answers: ..."): engine authors' only
                "guard": (wording.GUARD_LABEL.match(p.get("summary") or "") or [""])[0],
                "summary": wording.GUARD_LABEL.sub("", p.get("summary") or ""),
                "who": ACTORS.get(p.get("actor"), "nobody: the game is over" if p.get("final") else ""),
                "clauses": [by_id[i] for i in cited if i in by_id],
            }
        )
    transitions = [
        {
            "verb": t["verb"],
            "source": turn_graph.words(t["source"]),
            "dest": turn_graph.words(t["dest"]) if t.get("dest") is not None else None,
            "conditions": t.get("conditions") or [],
            "unless": t.get("unless") or [],
            "effects": t.get("effects") or [],
            "clauses": [by_id[i] for i in t.get("clauses") or [] if i in by_id],
        }
        for t in described["transitions"]
    ]
    desk = [
        (None, part, False, turn_graph.part_phases(described, part)[1] if part else "")
        for part in turn_parts.parts(described)
    ]
    desk += [(sub, None, False, f"The side steps of {turn_graph.words(sub)}") for sub in turn_graph.detours(described)]

    def picture(
        screen: str | None, player: bool, sub: str | None, part: str | frozenset | None, across: bool, title: str
    ) -> dict:
        source, boxes = turn_mermaid.drawing(described, sub, player, part, said, across, phone=screen == "phone")
        return {
            "source": source,
            "player": player,
            "screen": screen,
            "title": title or "",
            "links": {b: {"name": phase, "href": f"#phase-{slug(phase)}"} for b, phase in boxes.items()},
        }

    # the players' pictures, and behind the engine-authors switch the same with guards and engine verbs
    pictures_ = [picture(None, player, *shown) for player in (True, False) for shown in desk]
    # a phone's own pictures, for each audience (the engine authors' words are longer), shown there when the desk's
    # do not fit its column (casebook.js, for each audience); none when they are the desk's (each drawn once, then
    # compared)
    phone = {player: turn_phone.narrow_pictures(described, player) for player in (True, False)}
    phone_drawn = (
        [picture("phone", player, *shown) for player in (True, False) for shown in phone[player]] if phone[True] else []
    )
    across = False
    if phone_drawn and [p["source"] for p in phone_drawn] != [p["source"] for p in pictures_]:
        pictures_ = [dict(p, screen="desk") for p in pictures_] + phone_drawn
        across = any(a for _, _, a, _ in phone[True])  # a phone's part drawn left to right: the page says so
    return {
        "pictures": pictures_,
        "across": across,
        "linked": linked,
        "total": total,
        "phases": phases,
        "transitions": transitions,
        "fans": turn_graph.fan_ins(described),
    }


# -- variants -------------------------------------------------------------------------------


def options_view(options: dict) -> dict:
    props = options.get("properties", {}) if isinstance(options, dict) else {}
    required = set(options.get("required", [])) if isinstance(options, dict) else set()
    rows = []
    for name, spec in props.items():
        spec = spec if isinstance(spec, dict) else {}
        allowed = []
        if "enum" in spec:
            allowed.append(", ".join(json.dumps(v, ensure_ascii=False) for v in spec["enum"]))
        if "minimum" in spec or "maximum" in spec:
            allowed.append(f"{spec.get('minimum', '')}–{spec.get('maximum', '')}")
        if "const" in spec:
            allowed.append(json.dumps(spec["const"], ensure_ascii=False))
        if "default" in spec:
            allowed.append(f"default {json.dumps(spec['default'], ensure_ascii=False)}")
        rows.append(
            {
                "name": name,
                "required": name in required,
                "type": spec.get("type", ""),
                "allowed": "; ".join(allowed),
                "meaning": spec.get("description", ""),
            }
        )
    return {"rows": rows, "raw": json.dumps(options, indent=2)}


def variant_order(tag: str) -> tuple:
    for i, prefix in enumerate(("players-", "difficulty-", "variant-", "optional", "model-")):
        if tag.startswith(prefix):
            return (i, tag)
    return (9, tag)


def variant_title(tag: str) -> str:
    if tag.startswith("players-"):
        return f"Only with {tag[len('players-') :]} players"
    if tag.startswith("difficulty-"):
        return f"Only at difficulty {tag[len('difficulty-') :]}"
    if tag.startswith("variant-"):
        return f"The {tag[len('variant-') :].replace('-', ' ').title()} variant"
    if tag == "optional":
        return "Optional clauses (an implementation may decline them)"
    if tag.startswith("model-"):
        return f"Clauses that depend on our model of the {tag[len('model-') :].replace('-', ' ')}"
    return tag
