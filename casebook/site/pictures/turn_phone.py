"""The pictures a turn is drawn in on a phone (issue 51): its phases packed into as few pictures as fit a phone's
column, by an estimate of each picture's width there.
"""

from __future__ import annotations

import re
from collections import defaultdict

from casebook.site.pictures.turn_graph import SETUP, detours, drawing_order, drawn_edges, part_phases, words
from casebook.site.pictures.turn_mermaid import drawing, ranks
from casebook.site.pictures.turn_parts import parts


# A phone's column is 343 px at 390 px; casebook.js draws a phone's pictures at 14 px with boxes 6 px apart and labels
# wrapped at 60 px.  What a row of boxes takes there, estimated from what Chromium drew (a box: its longest line and
# 16 px; "questioning" 88 px, "↺ starting turn" on two lines 76 px; an arrow's words 6.5 px a letter and 10 px).
PHONE_PX = 330  # the widest row a phone's picture may have, in px: the column less a margin for the estimate
# phases a phone's picture holds: where a turn branches and joins, the layout drifts sideways beyond the rows' sum
# (heist's turn, estimated 282 px, is drawn 394 px wide)
PHONE_PHASES = 3
LETTER_PX, BOX_PAD, WRAP_PX, GAP_PX, EDGE_PX, RANK_PX, SAID_PX, PAST_PX = 7.0, 16, 60, 6, 16, 30, 180, 20


def box_px(text: str) -> float:
    """A box's width on a phone: its text on one line up to WRAP_PX, wrapped between words beyond."""
    whole = len(text) * LETTER_PX
    return BOX_PAD + (whole if whole <= WRAP_PX else max(WRAP_PX, max(len(w) for w in text.split()) * LETTER_PX))


def words_px(text: str) -> float:
    """An arrow's words on a phone: its longest line (turn_mermaid.wrapped), wrapped at SAID_PX."""
    return min(SAID_PX, max(len(line) for line in text.split("<br>")) * 6.5 + 10) if text else 0


BOX_LINE = re.compile(r'^\s+(\w+)\(?\["(.*)"\]\)?$')
LINK_LINE = re.compile(r"^\s+(\w+) (?:-->(?:\|(.*)\|)?|~~~) (\w+)$")


def widest_px(source: str) -> float:
    """The widest row of a mermaid flowchart as drawn on a phone, estimated: its boxes ranked down the longest path
    to them, each row's boxes side by side; each row of arrows' words likewise.  Left to right: the ranks side by
    side, each as wide as its widest box, the arrows' words between them."""
    boxes = {m[1]: m[2] for m in map(BOX_LINE.match, source.splitlines()) if m}
    links = [(m[1], m[3], m[2] or "") for m in map(LINK_LINE.match, source.splitlines()) if m]
    rank = dict.fromkeys(boxes, 0) | ranks([(a, b) for a, b, _said in links])
    first = next(iter(boxes), None)
    for name in boxes:  # a box no arrow enters (one standing for several phases) stands just above where it leads
        if name != first and all(b != name for _, b, _said in links) and any(a == name for a, _, _s in links):
            rank[name] = min(rank[b] for a, b, _said in links if a == name) - 1
    rows: dict[int, list[float]] = defaultdict(list)
    said: dict[int, list[float]] = defaultdict(list)
    for name, text in boxes.items():
        rows[rank[name]].append(box_px(text))
    for a, b, words_ in links:
        said[(rank[a] + rank[b] - 1) // 2].append(words_px(words_))  # an arrow's words halfway down it
        for r in range(rank[a] + 1, rank[b]):  # an arrow past a row takes room in it
            rows[r].append(PAST_PX)
    if source.startswith("flowchart LR"):
        return 2 * EDGE_PX + sum(max(w) for w in rows.values()) + sum(max(w) + RANK_PX for w in said.values())
    return 2 * EDGE_PX + max(sum(w) + GAP_PX * (len(w) - 1) for w in [*rows.values(), *said.values()])


def narrow_pictures(describe: dict, player: bool = True) -> list[tuple[str | None, frozenset | None, bool, str]]:
    """The pictures a phone shows, each (sub, part, across, title) for ``drawing``: the set-up as on a desk; the turn's
    phases in their drawing order, as many together as fit a phone's column (``widest_px``), each end with the
    last phase that leads into it; a phase that fits alone only left to right, so drawn; a phase's side steps as
    many together as fit; none when the turn has no phase of play.  ``player``: the players' pictures, else the
    engine authors' (their arrows' words longer: packed as the players', 4 of Small Detectives' 6 were past the
    column).  The desk's Cluedo turn parts were 412, 514 and 571 px wide on a phone."""
    out: list[tuple[str | None, frozenset | None, bool, str]] = []
    wide = parts(describe)
    if SETUP in wide:
        out.append((None, SETUP, False, part_phases(describe, SETUP)[1]))
    setup, _ = part_phases(describe, SETUP)
    side = detours(describe)
    hidden = setup | {d for group in side.values() for d in group}
    order = drawing_order(describe)
    finals = [p["name"] for p in describe["phases"] if p.get("final")]
    playing = sorted((p["name"] for p in describe["phases"] if p["name"] not in hidden | set(finals)), key=order.get)
    if not playing:  # nothing to draw apart: the desk's pictures
        return []
    edges, fans = drawn_edges(describe, player)
    into = {
        f: [a for (a, b) in edges if b == f] or sorted(next((s for (_, d), s in fans.items() if d == f), []))
        for f in finals
    }
    home = {f: max((a for a in into[f] if a in playing), key=order.get, default=playing[-1]) for f in finals}

    def phases(group: list[str]) -> frozenset:
        return frozenset(group + [f for f in finals if home[f] in group])

    def fits(group: list[str], across: bool = False) -> bool:
        # measured with a copy for each arrow, as the desk draws them: where arrows meet in a shared copy the estimate
        # fell short (pictures packed by it were drawn 359 to 406 px wide)
        source = drawing(describe, None, player, phases(group), across=across, phone=True, share=False)[0]
        return widest_px(source) <= PHONE_PX

    # each phase joins the last picture it fits, of those holding a phase next to it in the turn (an arrow between
    # them) and the one drawn last: Cluedo's "drawing" goes with the "rolling" that leads to it
    groups: list[list[str]] = []
    for name in playing:
        near = [g for g in groups if any((a, name) in edges or (name, a) in edges for a in g)]
        joined = next((g for g in reversed([*near, *groups[-1:]]) if len(g) < PHONE_PHASES and fits(g + [name])), None)
        if joined is None:
            groups.append([name])
        else:
            joined.append(name)
    for n, group in enumerate(groups, 1):
        ends = any(home[f] in group for f in finals)
        title = f"A turn, part {n} of {len(groups)}" + (", and how the game ends" if ends else "")
        out.append((None, phases(group), len(group) == 1 and not fits(group) and fits(group, True), title))
    for sub, steps in side.items():
        runs: list[list[str]] = []
        for step in steps:
            if (
                runs
                and widest_px(drawing(describe, sub, player, frozenset(runs[-1] + [step]), phone=True, share=False)[0])
                <= PHONE_PX
            ):
                runs[-1].append(step)
            else:
                runs.append([step])
        for n, run in enumerate(runs, 1):
            title = f"The side steps of {words(sub)}" + (f", {n} of {len(runs)}" if len(runs) > 1 else "")
            out.append((sub, frozenset(run), False, title))
    return out
