"""The mermaid source of one picture of the turn (``drawing``): phases and verbs only, so that it reads at page
width; guards and effects go to the table under it (templates/diagram.html).  It reads top to bottom: the first phase
at the top, the final phases at the bottom, every arrow back up the page drawn instead to a copy of its phase
("↺ starting turn") where it ends.  An automatic step is named by what makes it happen ("when a track is full").  A
step that leaves many phases for the same one (Feuerdiamant's full hazard track) is said in a line under the picture
rather than drawn from each; verbs that stay in their phase are left to the table.
"""

from __future__ import annotations

import re

from casebook.site.pictures.turn_graph import (
    SETUP,
    detours,
    drawing_order,
    drawn_edges,
    label,
    loop_backs,
    part_phases,
    words,
)


def phase_ids(describe: dict) -> dict[str, str]:
    """Each phase's mermaid id (``p0``, ``p1``...): a phase name may hold any character."""
    return {p["name"]: f"p{i}" for i, p in enumerate(describe["phases"])}


def group_id(n: int) -> str:
    return f"steps{n}"


def turn_diagram(describe: dict, sub: str | None = None, player: bool = False) -> str:
    return drawing(describe, sub, player)[0]


def diagram_links(describe: dict, sub: str | None = None) -> dict[str, str]:
    """Every box of a diagram that stands for a phase (its copies too) -> the phase."""
    return drawing(describe, sub)[1]


def drawing(
    describe: dict,
    sub: str | None = None,
    player: bool = False,
    part: str | frozenset | None = None,
    said: dict[str, str] | None = None,
    across: bool = False,
    phone: bool = False,
    share: bool = True,
) -> tuple[str, dict[str, str]]:
    """The turn as a mermaid flowchart, top to bottom: phases as boxes (the last ones rounded, below
    every other), verbs on the arrows, arrows back up drawn to a copy of their phase.

    A phase with many side steps (``detours``: a card's effects, each entered from it and leading
    back to it) keeps one box for them in the turn (``steps0``), and ``sub=<that phase>`` draws them
    as a picture of their own: large turns read as the turn plus sub-diagrams, not one tangle.
    ``part`` draws the set-up (``SETUP``) or the turn (``TURN``) alone: an arrow to a phase of the other
    part goes to a copy of it.  ``player``: the players' picture, with no guard and no engine verb on an
    arrow (``verb_label``), and in the set-up the rulebook's words for a phase or a verb where the game's glance.yml
    gives them (``said``: its ``picture_words``, the engine's name in words -> the players').  A step from many
    phases into a final phase is drawn from one box standing for them all, so that every end of the game has an
    arrow in.  On a phone (``narrow_pictures``) ``part`` is a set of phases (with ``sub``: some of its side steps),
    and ``across`` draws it left to right (one phase and the many it leads to: its arrows one under another);
    ``phone``: in the engine authors' picture, an arrow's words on lines of at most PHONE_LINE letters (``arrow``;
    the players' words are short, and their pictures fit a phone's column as they are); ``share``: on a phone,
    phases one leads into the other share a copy of a phase they both lead to (``copy_groups``).
    """
    ids = phase_ids(describe)
    wrap = phone and not player
    side = detours(describe)
    if sub is not None and isinstance(part, frozenset):  # some of the side steps only
        side = {home: [d for d in group if home != sub or d in part] for home, group in side.items()}
        part = None
    lines = ["flowchart LR" if across else "flowchart TB"]
    links = {}
    # the rulebook's words are the set-up's (glance.yml's picture_words); the engine authors' keeps the engine's names
    said = said if player and part == SETUP else None
    edges, fans = drawn_edges(describe, player, said, part_phases(describe, SETUP)[0] if part == SETUP else None)

    def box(name: str) -> str:  # a phase's words in its box: the players' where said, else its name
        return label((said or {}).get(words(name)) or name)

    if sub is not None:
        shown = {sub, *side[sub]}
        edges = {(a, b): v for (a, b), v in edges.items() if a in shown and b in shown}
        phases = [p for p in describe["phases"] if p["name"] in shown]
    else:
        hidden = {d for group in side.values() for d in group}
        elsewhere: set[str] = set()  # the phases of the other part
        if part is not None:
            mine, _ = part_phases(describe, part)
            elsewhere = {p["name"] for p in describe["phases"]} - mine - hidden
            hidden |= elsewhere
        kept = {(a, b): v for (a, b), v in edges.items() if a not in hidden and b not in hidden}
        # an arrow to a phase of the other part: to a copy of it, named as where it goes
        beyond = {(a, b): v for (a, b), v in edges.items() if a not in hidden and b in elsewhere}
        edges = kept
        phases = [p for p in describe["phases"] if p["name"] not in hidden]
    order = drawing_order(describe)
    phases.sort(key=lambda p: order[p["name"]])
    finals = [p["name"] for p in phases if p.get("final")]
    for p in phases:
        text = box(p["name"])
        lines.append(f'  {ids[p["name"]]}(["{text}"])' if p["name"] in finals else f'  {ids[p["name"]]}["{text}"]')
        links[ids[p["name"]]] = p["name"]
    again = loop_backs(describe, edges)
    if sub is not None:  # every side step leads back: to a copy of the phase, drawn below them
        again = {sub: ("again0", set(side[sub]))}
    copies: list[str] = []

    def copy(dest: str, mark: str = "↺ ") -> str:
        alias = f"again{len(copies)}"
        lines.append(f'  {alias}["{mark}{box(dest)}"]')
        links[alias] = dest
        copies.append(alias)
        return alias

    # In the turn, an arrow back up the page (or to another part) ends at a copy of its phase drawn under the phase
    # it leaves: a copy shared by phases far apart drew arrows across the others (Cluedo's turn crossed itself 3
    # times).  In a phone's picture, phases one leads into the other share it (``copy_groups``: P.I.'s "playing" and
    # the "answering" it leads to each had a "▸ turn over", and the picture zig-zagged between them; on a desk, the
    # fewer boxes packed Cluedo's turn in two parts, 1,106 px wide, each crossing itself); so do the side steps of one
    # phase.
    shared = {sub: copy(sub)} if sub is not None else {}
    backs = [(s, d, "↺ ") for s, d in edges if d in again and s in again[d][1]]
    ahead = sorted(beyond, key=lambda e: (order[e[0]], order[e[1]])) if sub is None and part is not None else []
    ahead_ = [(s, d, "↺ " if order[d] < order[s] else "▸ ") for s, d in ahead]
    group = copy_groups([*backs, *ahead_], edges if share and isinstance(part, frozenset) else {})
    made: dict[tuple, str] = {}

    def copy_of(source: str, dest: str, mark: str) -> str:
        key = group[(source, dest, mark)]
        if key not in made:
            made[key] = shared.get(dest) or copy(dest, mark)
        return made[key]

    for (source, dest), verbs in edges.items():
        target = copy_of(source, dest, "↺ ") if (source, dest, "↺ ") in group else ids[dest]
        lines.append(f"  {ids[source]} {arrow(verbs, wrap)} {target}")
    for (source, dest), mark in zip(ahead, (m for _, _, m in ahead_)):
        lines.append(f"  {ids[source]} {arrow(beyond[(source, dest)], wrap)} {copy_of(source, dest, mark)}")
    drawn = {p["name"] for p in phases}
    if sub is None:
        # one box for the phases a step leaves for an end, named when few ("starting turn, in place or after
        # question"): heist's accusation ends the game solved or unsolved from the same three, one box for both
        boxes: dict[tuple[str, frozenset], str] = {}
        for (said, dest), sources in sorted(fans.items()):
            if dest in finals and dest in drawn and not any(d == dest for _, d in edges):
                alias = boxes.get((said, frozenset(sources)))
                if alias is None:
                    alias = boxes[(said, frozenset(sources))] = f"fan{len(boxes)}"
                    many = f"any of {len(sources)} phases"
                    lines.append(f'  {alias}["{label(named(sources, order)) if len(sources) <= NAMED else many}"]')
                    copies.append(alias)
                lines.append(f"  {alias} {arrow([said], wrap)} {ids[dest]}")
        for n, (home, group) in enumerate(side.items()):
            if home not in drawn:
                continue
            lines.append(f'  {group_id(n)}["{len(group)} side steps of {label(home)} ▸ below"]')
            lines.append(f"  {ids[home]} --> {group_id(n)}")
            lines.append(f"  {group_id(n)} --> {copy(home)}")
            links[group_id(n)] = home
            copies.append(group_id(n))
    # the last phases low: below the last phase of play, by links nobody sees (not below the copies too: each
    # copy stands under its own phase, and ends pushed a row under them were reached by arrows across the page); an
    # end its arrows already draw that low needs none (Cluedo's "solved" under "accusing", beside "showing tip": tied
    # to "showing tip", they drew its arrows through a box beside it)
    playing = [p["name"] for p in phases if not p.get("final")]
    if playing and finals and not across:
        rank = ranks(LINK.findall("\n".join(lines)))
        for name in finals:
            if rank.get(ids[name], 0) <= rank.get(ids[playing[-1]], 0):
                lines.append(f"  {ids[playing[-1]]} ~~~ {ids[name]}")
    if describe.get("initial") in ids and describe.get("initial") in drawn and sub is None:
        lines.append(f"  class {ids[describe['initial']]} cbstart")
    if finals:
        lines.append(f"  class {','.join(ids[n] for n in finals)} cbfinal")
    if copies:
        lines.append(f"  class {','.join(copies)} cbagain")
    lines += [
        "  classDef cbstart stroke-width:3px",
        "  classDef cbfinal stroke-width:3px",
        "  classDef cbagain stroke-dasharray:4 3",
    ]
    return "\n".join(lines) + "\n", links


# arrows into one shared copy: Small Detectives' three into one "▸ preparing" crossed, or without a crossing were
# 347 px wide (the engine authors' 366 px, in a 358 px column)
SHARED = 2


def copy_groups(arrows: list[tuple[str, str, str]], edges: dict) -> dict[tuple[str, str, str], tuple]:
    """Each arrow to a copy (source, phase, mark) -> the copy it shares: one for the arrows on to one phase of a later
    picture ("▸") from phases joined by the picture's own arrows (a phase and one it leads into); one each otherwise
    (arrows back, "↺", sharing a copy ran across the picture: heist's "in place" to the "after question"'s copy)."""
    out: dict[tuple[str, str, str], tuple] = {}
    for source, dest, mark in arrows:
        linked = [
            out[(s, d, m)]
            for s, d, m in arrows
            if mark == "▸ "
            and (d, m) == (dest, mark)
            and (s, d, m) in out
            and ((s, source) in edges or (source, s) in edges)
        ]
        linked = [g for g in linked if list(out.values()).count(g) < SHARED]
        out[(source, dest, mark)] = linked[0] if linked else (dest, mark, source)
    return out


LINK = re.compile(r"^\s+(\w+) -->(?:\|.*\|)? (\w+)$", re.M)  # an arrow of a picture's source: (from, to)


def ranks(links: list[tuple[str, str]]) -> dict[str, int]:
    """Each box's row down a picture with these arrows (from, to): the longest path to it (the pictures have no
    cycle: arrows back up the page go to copies)."""
    rank: dict[str, int] = {}
    for _ in range(len(links) + 1):  # relaxed once for each arrow, and once more
        for a, b in links:
            rank[b] = max(rank.get(b, 0), rank.get(a, 0) + 1)
    return rank


NAMED = 3  # the phases a box standing for many names; more: "any of 7 phases"


def named(phases: set[str], order: dict[str, int]) -> str:
    """Phases as words, in the drawing's order: ``starting turn, in place or after question``."""
    said = [words(p) for p in sorted(phases, key=order.get)]
    return ", ".join(said[:-1]) + " or " + said[-1] if len(said) > 1 else "".join(said)


# An arrow's words on a phone, at most this many letters a line (issue 51: the engine authors' guards, "when someone
# at the police", "then step back, pass cards, begin round", side by side made Small Detectives' pictures 429 and
# 529 px wide in a 343 px column; mermaid wraps an arrow's words only at 200 px)
PHONE_LINE = 12


def wrapped(said: str, width: int = PHONE_LINE) -> str:
    """Words on lines of at most ``width`` letters (a longer word on its own), the lines joined by mermaid's <br>."""
    lines: list[str] = []
    for word in said.split(" "):
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return "<br>".join(lines)


def arrow(verbs: list[str], wrap: bool = False) -> str:
    """An arrow with its words, or a bare one when none is said (a player's automatic step); with ``wrap``, its
    words on short lines (``wrapped``)."""
    said = ", ".join(v for v in verbs if v)
    said = wrapped(said) if wrap else said
    return f"-->|{said}|" if said else "-->"
