"""The pictures of a game page, drawn from the protocol's ``describe(game)`` answer.

``turn_diagram`` writes the mermaid source of the turn: phases and verbs only, so that it
reads at page width; guards and effects go to the table under it (templates/diagram.html).
It reads top to bottom: the first phase at the top, the final phases at the bottom, every
arrow back up the page drawn instead to a copy of its phase ("↺ starting turn") where it
ends.  An automatic step is named by what makes it happen ("when a track is full").  A step
that leaves many phases for the same one (Feuerdiamant's full hazard track) is said in a
line under the picture rather than drawn from each; verbs that stay in their phase are left
to the table.

``board_view`` lays out the modelled board for templates/board.svg: locations (labelled,
styled by kind), the paths between them with one dot per space along a path (``length`` is the
number of spaces between its two ends; 0 for neighbours and for a secret passage, drawn
dashed and routed round the places it does not join), each place's box with its name less its
kind's words ("Hall 27" -> "27", the legend naming the kind by colour), and a legend.  Locations
with ``x``/``y`` hints (0..1) stand there; the others are placed by a small deterministic force
layout.  Describe is an engine's answer, and any engine
may answer it: the template escapes every name, a board is drawn up to ``BOARD_LIMIT`` places
(the table under it lists every path), and the layout's cost grows linearly with the places
(repulsion only from places in neighbouring grid cells), never with their square.
"""

from __future__ import annotations

import math
import re
from collections import Counter, defaultdict
from dataclasses import dataclass, replace


FAN_IN = 3  # a step from this many phases into one is said under the picture, not drawn
AUTO = "auto"  # the verb of an automatic step: drawn as what makes it happen
UNLABELLED = {"space", "advantage space", "path space"}  # many, small: a dot with a tooltip
WIDTH, HEIGHT, MARGIN = 1000, 640, 60


@dataclass(frozen=True)
class Canvas:
    """What a board is drawn on: its size in the picture's units, how large a label and a dot are against the wide
    board's (``scale``), and whether the board is turned a quarter (``transposed``: its long side upright)."""

    width: int = WIDTH
    height: int = HEIGHT
    scale: float = 1.0
    transposed: bool = False
    inset: float = 4  # a label's least distance from the edge (a phone's leaves a way round for secret passages)
    side: float = MARGIN  # the hinted places' least distance from the left and right edges

    @property
    def phone(self) -> bool:
        """A phone's canvas: its labels larger, long ones on two lines, the picture cropped to what it draws."""
        return self.scale != 1

    def keep_inside(self, box: list[float]) -> None:
        """Move a box ([x, y, w, h], x/y its centre) back inside the picture, ``inset`` from its edges, in place."""
        box[0] = min(self.width - box[2] / 2 - self.inset, max(box[2] / 2 + self.inset, box[0]))
        box[1] = min(self.height - box[3] / 2 - self.inset, max(box[3] / 2 + self.inset, box[1]))


WIDE = Canvas()
# A phone's board (issue 51 item 5): upright, 640 units wide, drawn at the column's width (358 px of a 390 px phone,
# 0.56 px a unit) with labels 1.5 times the wide board's, so that they read at 12.6 px, where the wide board scaled
# to a phone read at 9.6 px (or scrolled sideways at 640 px).
PHONE = Canvas(640, 1000, 1.5, True, 20)
# A phone's board is the desk's shape at a phone's label size (``UPRIGHT``) where its labels keep ROOM apart and it
# reads true (``clean``): Small Detectives' ring of eight.  Else it is turned a quarter (``PHONE``), the page says
# so, and drawn on the first of these canvases that reads true: the hinted places drawn narrower, leaving room beside
# them for the labels that hang outside (Cluedo's ring, 60 units from the edges, pushed three labels inside it, over
# its lines; 130 units leave them outside).  P.I.'s grid upright pushed its labels together (10 units apart, its paths
# between them hidden).
UPRIGHT = Canvas(640, 640, 1.5, False, 20)  # as high as wide: a phone has more room down than across
ROOM = 20  # units between two labels of an upright phone's board: twice what ``separate`` leaves
PHONES = tuple(replace(PHONE, side=side) for side in (MARGIN, 100, 130, 160))
BOARD_LIMIT = 300  # places drawn; the largest board of the five games has 61 (issue 27, F7)
FINE_LIMIT = 100  # places of a board that is also drawn for a phone, its labels moved off lines (each pair compared)
PATH_LIMIT = 4 * BOARD_LIMIT
ROUNDS = 200  # of the force layout
PALETTE = ("#3f51b5", "#00897b", "#8e24aa", "#ef6c00", "#6d4c41", "#c62828", "#2e7d32", "#546e7a")


def words(name: str) -> str:
    """A phase or verb as words: ``rolling_for_start`` -> ``rolling for start``."""
    return str(name).replace("_", " ")


def label(text: str) -> str:
    """Text safe inside a mermaid label: no quotes, colons, brackets or markup."""
    return re.sub(r"[^\w .,'+\-?!/()]", " ", words(text), flags=re.UNICODE).strip() or "?"


def phase_ids(describe: dict) -> dict[str, str]:
    """Each phase's mermaid id (``p0``, ``p1``...): a phase name may hold any character."""
    return {p["name"]: f"p{i}" for i, p in enumerate(describe["phases"])}


# What a player reads on an arrow for the verbs that are the engine's: an automatic step carries no words
# (its guard, "unless a draw is pending", is the engine author's), the clock's "expire" is time running out.
PLAYER_VERBS = {AUTO: "", "expire": "time runs out"}


def verb_label(t: dict, player: bool = False, said: dict[str, str] | None = None) -> str:
    """A transition's words on its arrow: its verb, or for an automatic step what makes it happen; for a
    player (``player``), no guard and no engine verb: the rulebook's words for it (``said``: glance.yml's
    ``picture_words``, verb in words -> players' words) or PLAYER_VERBS."""
    if player and said and words(t["verb"]) in said:
        return label(said[words(t["verb"])])
    if player and t["verb"] in PLAYER_VERBS:
        return PLAYER_VERBS[t["verb"]]
    if t["verb"] != AUTO:
        return label(t["verb"])
    if t.get("conditions"):
        return label("when " + " and ".join(words(c) for c in t["conditions"]))
    if t.get("unless"):
        return label("unless " + " or ".join(words(c) for c in t["unless"]))
    if t.get("effects"):
        return label("then " + ", ".join(words(e) for e in t["effects"]))
    return "then"


def which_way(t: dict, player: bool = False, said: dict[str, str] | None = None) -> str:
    """What tells apart arrows of one verb that leave one phase for different phases: the guard, in players' words
    for a player (glance.yml's ``picture_words``: ``is duel: Duel, 2 players``); a step without one is the
    fallback, "otherwise" (or the words for ``<verb> otherwise``)."""
    said = said or {}
    if not t.get("conditions"):
        return label(said.get(f"{words(t['verb'])} otherwise", "otherwise"))
    if player:
        return label(" and ".join(said.get(words(c), "when " + words(c)) for c in t["conditions"]))
    return label("when " + " and ".join(words(c) for c in t["conditions"]))


def drawn_edges(
    describe: dict, player: bool = False, said: dict[str, str] | None = None, apart: set[str] | None = None
) -> tuple[dict, dict]:
    """((source, dest) -> labels drawn between them,
    (label, dest) -> sources listed under the picture as one fan-in).

    Two arrows leaving one of the phases ``apart`` (the set-up's) never carry the same words (issue 51: Cluedo's
    "fill case file" twice, with and without the Duel's cards set aside, read as a duplicate): such arrows say which
    way they go (``which_way``)."""
    apart = apart or set()
    edges: dict[tuple[str, str], list[str]] = defaultdict(list)
    fans: dict[tuple[str, str], set[str]] = defaultdict(set)
    moving = [
        t for t in describe["transitions"] if t.get("dest") is not None and t["dest"] != t["source"]
    ]  # the others stay: table only
    ends: dict[tuple[str, str], set[str]] = defaultdict(set)  # (phase, words) -> the phases those words lead to
    for t in moving:
        ends[(t["source"], verb_label(t, player, said))].add(t["dest"])

    def saying(t: dict) -> str:
        words_ = verb_label(t, player, said)
        if (
            t["source"] not in apart or not words_ or len(ends[(t["source"], words_)]) < 2
        ):  # bare arrows (a player's automatic steps) say nothing
            return words_
        way = which_way(t, player, said)
        return way if player or not words_ else f"{words_} {way}"

    for t in moving:
        fans[(saying(t), t["dest"])].add(t["source"])
    for t in moving:
        said_ = saying(t)
        if len(fans[(said_, t["dest"])]) < FAN_IN and said_ not in edges[(t["source"], t["dest"])]:
            edges[(t["source"], t["dest"])].append(said_)
    return edges, {k: v for k, v in fans.items() if len(v) >= FAN_IN}


def fan_ins(describe: dict) -> list[dict]:
    """What the picture leaves to a line under it:
    a step many phases take to one phase (a full hazard track ends the game)."""
    return [
        {"label": said, "dest": words(dest), "count": len(sources), "sources": sorted(words(s) for s in sources)}
        for (said, dest), sources in sorted(drawn_edges(describe)[1].items())
    ]


def loop_backs(describe: dict, edges: dict) -> dict[str, tuple[str, set[str]]]:
    """Phases that later phases lead back into -> (the id of their copy, those phases).

    Every arrow back up the page arrives at a copy of its phase drawn where it ends ("↺ starting
    turn"), so the picture has no cycle: the start is at the top and the turn reads downwards.
    """
    order = drawing_order(describe)
    back: dict[str, set[str]] = defaultdict(set)
    for source, dest in edges:
        if order[dest] <= order[source]:
            back[dest].add(source)
    return {dest: (f"again{n}", sources) for n, (dest, sources) in enumerate(back.items())}


def drawing_order(describe: dict) -> dict[str, int]:
    """Each phase's place down the picture: breadth first from the initial phase along the arrows (the engine's
    order among phases reached at once; the final phases last), so that every phase the play reaches is
    entered by an arrow from above (P.I.'s "refilling", listed before the phase that leads to it, was drawn
    with no arrow in)."""
    names = [p["name"] for p in describe["phases"]]
    given = {n: i for i, n in enumerate(names)}
    out_of: dict[str, list[str]] = defaultdict(list)
    for t in describe["transitions"]:
        if t.get("dest") in given and t.get("source") in given and t["dest"] not in out_of[t["source"]]:
            out_of[t["source"]].append(t["dest"])
    start = describe.get("initial") if describe.get("initial") in given else (names[0] if names else None)
    finals = {p["name"] for p in describe["phases"] if p.get("final")}
    seen, queue = [], [start] if start else []
    while queue:
        here = queue.pop(0)
        if here in seen:
            continue
        seen.append(here)
        queue += sorted((d for d in out_of[here] if d not in seen), key=given.get)
    ordered = [n for n in seen if n not in finals] + [n for n in names if n not in seen and n not in finals]
    ordered += [n for n in names if n in finals]
    return {n: i for i, n in enumerate(ordered)}


DETOURS = 3  # this many phases entered from one phase and leading only back to it: drawn apart, as a sub-diagram


def detours(describe: dict) -> dict[str, list[str]]:
    """Phase -> the phases only it leads into and that lead only back into it (a card's effects), when many."""
    edges, _ = drawn_edges(describe)
    into: dict[str, set[str]] = defaultdict(set)
    out: dict[str, set[str]] = defaultdict(set)
    for source, dest in edges:
        out[source].add(dest)
        into[dest].add(source)
    found: dict[str, list[str]] = defaultdict(list)
    for p in describe["phases"]:
        name = p["name"]
        if not p.get("final") and len(into[name]) == 1 and out[name] and out[name] == into[name]:
            found[next(iter(into[name]))].append(name)
    return {home: side for home, side in found.items() if len(side) >= DETOURS}


def group_id(n: int) -> str:
    return f"steps{n}"


def turn_diagram(describe: dict, sub: str | None = None, player: bool = False) -> str:
    return drawing(describe, sub, player)[0]


def diagram_links(describe: dict, sub: str | None = None) -> dict[str, str]:
    """Every box of a diagram that stands for a phase (its copies too) -> the phase."""
    return drawing(describe, sub)[1]


SETUP, TURN = "set-up", "turn"  # the two parts a turn with a set-up is drawn in (``drawing``'s ``part``)


def parts(describe: dict) -> list[str | None]:
    """The pictures a turn is drawn in: its set-up and its turn apart when it has a set-up (each then fits a
    screen: heist's whole turn was 1,336 px tall), else one; a turn too big for one screen (``crowded``) in
    two parts, or three, or up to MOST_PARTS (Cluedo's whole turn was 1,340 px wide, its text scaled to
    10.6 px); a phase's side steps always apart (``detours``)."""
    setup, _ = part_phases(describe, SETUP)
    turn = [TURN]
    for n in range(2, MOST_PARTS + 1):
        if not any(crowded(describe, part) for part in turn):
            break
        turn = [f"{TURN} {k} of {n}" for k in range(1, n + 1)]
    return [SETUP, *turn] if setup else [None] if turn == [TURN] else turn


SPLIT = 16  # arrows a turn's picture holds before it is drawn in parts
LEAVES = 8  # boxes no arrow leaves (copies, ends), in a row at the bottom: Cluedo's 10 were 1,470 px at 14 px
MOST_PARTS = 4


def crowded(describe: dict, part: str) -> bool:
    """Whether a part's picture has more than SPLIT arrows or LEAVES boxes that no arrow leaves."""
    source = drawing(describe, None, True, part)[0]
    leaving_ = set(re.findall(r"^\s+(\w+) -->", source, re.M))
    arrows = re.findall(r"^\s+\w+ -->", source, re.M)
    return len(arrows) > SPLIT or len(set(re.findall(r"^\s+(\w+)\(?\[", source, re.M)) - leaving_) > LEAVES


# -- the pictures on a phone (issue 51) ----------------------------------------------------------
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
    """An arrow's words on a phone (wrapped at SAID_PX)."""
    return min(SAID_PX, len(text) * 6.5 + 10) if text else 0


BOX_LINE = re.compile(r'^\s+(\w+)\(?\["(.*)"\]\)?$')
LINK_LINE = re.compile(r"^\s+(\w+) (?:-->(?:\|(.*)\|)?|~~~) (\w+)$")


def widest_px(source: str) -> float:
    """The widest row of a mermaid flowchart as drawn on a phone, estimated: its boxes ranked down the longest path
    to them, each row's boxes side by side; each row of arrows' words likewise.  Left to right: the ranks side by
    side, each as wide as its widest box, the arrows' words between them."""
    boxes = {m[1]: m[2] for m in map(BOX_LINE.match, source.splitlines()) if m}
    links = [(m[1], m[3], m[2] or "") for m in map(LINK_LINE.match, source.splitlines()) if m]
    rank = dict.fromkeys(boxes, 0)
    for _ in boxes:  # longest path, relaxed once for each box (the pictures have no cycle)
        for a, b, _said in links:
            rank[b] = max(rank[b], rank[a] + 1)
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


def narrow_pictures(describe: dict) -> list[tuple[str | None, frozenset | None, bool, str]]:
    """The pictures a phone shows, each (sub, part, across, title) for ``drawing``: the set-up as on a desk; the turn's
    phases in their drawing order, as many together as fit a phone's column (``widest_px``), each end with the
    last phase that leads into it; a phase that fits alone only left to right, so drawn; a phase's side steps as
    many together as fit; none when the turn has no phase of play.  The desk's Cluedo turn parts were 412, 514
    and 571 px wide on a phone."""
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
    edges, fans = drawn_edges(describe, True)
    into = {
        f: [a for (a, b) in edges if b == f] or sorted(next((s for (_, d), s in fans.items() if d == f), []))
        for f in finals
    }
    home = {f: max((a for a in into[f] if a in playing), key=order.get, default=playing[-1]) for f in finals}

    def phases(group: list[str]) -> frozenset:
        return frozenset(group + [f for f in finals if home[f] in group])

    def fits(group: list[str], across: bool = False) -> bool:
        return widest_px(drawing(describe, None, True, phases(group), across=across)[0]) <= PHONE_PX

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
            if runs and widest_px(drawing(describe, sub, True, frozenset(runs[-1] + [step]))[0]) <= PHONE_PX:
                runs[-1].append(step)
            else:
                runs.append([step])
        for n, run in enumerate(runs, 1):
            title = f"The side steps of {words(sub)}" + (f", {n} of {len(runs)}" if len(runs) > 1 else "")
            out.append((sub, frozenset(run), False, title))
    return out


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


def part_phases(describe: dict, part: str) -> tuple[set[str], str]:
    """The phases a part draws, and its title.  The set-up: the phases before the turn comes back
    (turn_phases); the turn: the rest, the final phases with it; "turn k of n": its k-th of n parts in the
    drawing order, the final phases with the last."""
    if isinstance(part, frozenset):  # a phone's part (narrow_pictures): its phases as they are
        return set(part), ""
    setup, turn, finals = turn_phases(describe)
    if not setup and not turn:  # no loop found: the whole is the turn
        turn = [p for p in describe["phases"] if not p.get("final")]
        finals = [p for p in describe["phases"] if p.get("final")]
    if part == SETUP:
        return {p["name"] for p in setup}, "Setting up"
    if part == TURN:
        return {p["name"] for p in turn + finals}, "A turn, and how the game ends"
    order = drawing_order(describe)
    hidden = {d for group in detours(describe).values() for d in group}
    playing = sorted((p["name"] for p in turn if p["name"] not in hidden), key=order.get)
    k, n = (int(w) for w in re.fullmatch(rf"{TURN} (\d+) of (\d+)", part).groups())
    mine = set(playing[-(-(k - 1) * len(playing) // n) : -(-k * len(playing) // n)])
    if k < n:
        return mine, "A turn, first part" if n == 2 else f"A turn, part {k} of {n}"
    last = "second part" if n == 2 else f"part {n} of {n}"
    return mine | {p["name"] for p in finals}, f"A turn, {last}, and how the game ends"


def drawing(
    describe: dict,
    sub: str | None = None,
    player: bool = False,
    part: str | frozenset | None = None,
    said: dict[str, str] | None = None,
    across: bool = False,
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
    and ``across`` draws it left to right (one phase and the many it leads to: its arrows one under another).
    """
    ids = phase_ids(describe)
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

    # In the turn, each arrow back up the page (or to another part) ends at a copy of its own, drawn under the
    # phase it leaves: a copy shared by phases far apart drew arrows across the others (Cluedo's turn crossed
    # itself 3 times).  The side steps of one phase, drawn in a row, share one copy of it.
    shared = {sub: copy(sub)} if sub is not None else {}
    for (source, dest), verbs in edges.items():
        back = dest in again and source in again[dest][1]
        target = (shared.get(dest) or copy(dest)) if back else ids[dest]
        lines.append(f"  {ids[source]} {arrow(verbs)} {target}")
    if sub is None and part is not None:
        for (source, dest), verbs in sorted(beyond.items(), key=lambda e: (order[e[0][0]], order[e[0][1]])):
            lines.append(f"  {ids[source]} {arrow(verbs)} {copy(dest, '↺ ' if order[dest] < order[source] else '▸ ')}")
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
                lines.append(f"  {alias} {arrow([said])} {ids[dest]}")
        for n, (home, group) in enumerate(side.items()):
            if home not in drawn:
                continue
            lines.append(f'  {group_id(n)}["{len(group)} side steps of {label(home)} ▸ below"]')
            lines.append(f"  {ids[home]} --> {group_id(n)}")
            lines.append(f"  {group_id(n)} --> {copy(home)}")
            links[group_id(n)] = home
            copies.append(group_id(n))
    # the last phases low: below the last phase of play, by links nobody sees (not below the copies too: each
    # copy stands under its own phase, and ends pushed a row under them were reached by arrows across the page)
    playing = [p["name"] for p in phases if not p.get("final")]
    if playing and finals and not across:
        for name in finals:
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


NAMED = 3  # the phases a box standing for many names; more: "any of 7 phases"


def named(phases: set[str], order: dict[str, int]) -> str:
    """Phases as words, in the drawing's order: ``starting turn, in place or after question``."""
    said = [words(p) for p in sorted(phases, key=order.get)]
    return ", ".join(said[:-1]) + " or " + said[-1] if len(said) > 1 else "".join(said)


def arrow(verbs: list[str]) -> str:
    """An arrow with its words, or a bare one when none is said (a player's automatic step)."""
    said = ", ".join(v for v in verbs if v)
    return f"-->|{said}|" if said else "-->"


def phase_clauses(describe: dict) -> dict[str, list[str]]:
    """Phase -> the clauses that govern it: its own, and those of the verbs that leave it."""
    out: dict[str, list[str]] = {p["name"]: [] for p in describe["phases"]}
    for item, phase in [(p, p["name"]) for p in describe["phases"]] + [
        (t, t["source"]) for t in describe["transitions"]
    ]:
        for i in item.get("clauses") or []:
            if i not in out[phase]:
                out[phase].append(i)
    return out


def linked_share(describe: dict, clause_ids: list[str]) -> tuple[int, int]:
    """(clauses linked to at least one phase, clauses of the game)."""
    linked = {i for ids in phase_clauses(describe).values() for i in ids}
    return sum(1 for c in clause_ids if c in linked), len(clause_ids)


# -- the board ---------------------------------------------------------------------------


def layout(board: dict) -> dict[str, tuple[float, float]]:
    """Every location's place in 0..1: its hint, or a force layout around the hinted ones.

    Fruchterman-Reingold, cooling, with repulsion only between places in the same or a
    neighbouring cell of a grid as wide as the force's reach: each round costs about the number
    of places and paths, not its square.
    """
    names = [loc["name"] for loc in board["locations"]]
    fixed = {}
    for loc in board["locations"]:
        x, y = loc.get("x"), loc.get("y")
        if isinstance(x, (int, float)) and isinstance(y, (int, float)) and 0 <= x <= 1 and 0 <= y <= 1:
            fixed[loc["name"]] = (float(x), float(y))
    free = [n for n in names if n not in fixed]
    pos = dict(fixed)
    for i, n in enumerate(free):  # start on a circle, in the answer's order: deterministic
        a = 2 * math.pi * i / max(1, len(free))
        pos[n] = (0.5 + 0.35 * math.cos(a), 0.5 + 0.35 * math.sin(a))
    if not free:
        return pos
    edges = [(p["a"], p["b"]) for p in board["paths"] if p["a"] in pos and p["b"] in pos and p["a"] != p["b"]]
    k = 0.8 / math.sqrt(len(names))
    reach = 3 * k  # beyond it, repulsion (k²/d) is under a third of k: left out
    for step in range(ROUNDS):
        heat = 0.1 * (1 - step / ROUNDS) + 0.002
        force = {n: [0.0, 0.0] for n in free}
        cells: dict[tuple[int, int], list[str]] = defaultdict(list)
        for n in names:
            cells[(int(pos[n][0] / reach), int(pos[n][1] / reach))].append(n)
        for a in free:
            cx, cy = int(pos[a][0] / reach), int(pos[a][1] / reach)
            for gx in (cx - 1, cx, cx + 1):
                for gy in (cy - 1, cy, cy + 1):
                    for b in cells.get((gx, gy), ()):
                        if a == b:
                            continue
                        dx, dy = pos[a][0] - pos[b][0], pos[a][1] - pos[b][1]
                        d = math.hypot(dx, dy) or 1e-3
                        force[a][0] += dx / d * k * k / d
                        force[a][1] += dy / d * k * k / d
        for a, b in edges:
            dx, dy = pos[a][0] - pos[b][0], pos[a][1] - pos[b][1]
            d = math.hypot(dx, dy) or 1e-3
            for n, sign in ((a, -1), (b, 1)):
                if n in force:
                    force[n][0] += sign * dx / d * d * d / k
                    force[n][1] += sign * dy / d * d * d / k
        for n in free:
            fx, fy = force[n]
            d = math.hypot(fx, fy) or 1e-9
            x = pos[n][0] + fx / d * min(d, heat)
            y = pos[n][1] + fy / d * min(d, heat)
            pos[n] = (min(1.0, max(0.0, x)), min(1.0, max(0.0, y)))
    return pos


def capped(board: dict) -> tuple[dict, int]:
    """The board as drawn (its first BOARD_LIMIT places and the paths between them),
    and how many places were left out."""
    locations = board["locations"][:BOARD_LIMIT]
    names = {loc["name"] for loc in locations}
    paths = [p for p in board["paths"] if p["a"] in names and p["b"] in names][:PATH_LIMIT]
    return {"locations": locations, "paths": paths}, len(board["locations"]) - len(locations)


def label_width(name: str, scale: float = 1.0) -> float:
    return (16 + 8.6 * len(name)) * scale


def place_text(name: str, kind: str) -> str:
    """A place's words in its box: its name without the kind's words that lead it ("Hall 27", a hall: "27";
    "start space of Justus Jonas": "Justus Jonas").  The box's colour names the kind (the legend) and its tooltip
    the whole name; on a ring of 27 halls, boxes of "Hall 27" touched in a chain (issue 51)."""
    for lead in (f"{kind} of ", f"{kind} "):
        if name.lower().startswith(lead.lower()) and len(name) > len(lead):
            return name[len(lead) :]
    return name


LABEL_HEIGHT, DOT = 30, 14  # a place's box in the picture (a dot's box for the unlabelled kinds)
LINE = 18  # a second line of a label, below the first
WRAP = 10  # on a phone's board, a label longer than this is set on two lines (issue 51: Cluedo's "Altes
# Stadttheater" at 1.5 times the size was two fifths of the board's width, and lay across the ring's paths)


def lines_of(text: str, wrap: bool) -> list[str]:
    """A label's lines: one, or with ``wrap`` a long label of several words cut at the space nearest its middle."""
    if not wrap or len(text) <= WRAP or " " not in text:
        return [text]
    cut = min((i for i, ch in enumerate(text) if ch == " "), key=lambda i: abs(i - len(text) / 2))
    return [text[:cut], text[cut + 1 :]]


GAP = 10  # between two boxes once they are moved apart: labels that do not touch (heist's halls touched at 4)


def separate(boxes: dict[str, list[float]], rounds: int = 80, canvas: Canvas = WIDE) -> None:
    """Move overlapping boxes ({name: [x, y, w, h]}, x/y the centre) apart, in place, inside the picture.

    Sweep and prune on x (sorted once per round: n log n plus the pairs that touch): each overlapping
    pair moves apart, half each, along the axis where they overlap least; stops when nothing overlaps.
    """
    names = sorted(boxes)
    for _ in range(rounds):
        moved = False
        names.sort(key=lambda n: boxes[n][0] - boxes[n][2] / 2)
        for i, a in enumerate(names):
            ax, ay, aw, ah = boxes[a]
            for b in names[i + 1 :]:
                bx, by, bw, bh = boxes[b]
                if bx - bw / 2 >= ax + aw / 2 + GAP:
                    break  # sorted by left edge: no later box reaches a
                dx = (aw + bw) / 2 + GAP - abs(ax - bx)
                dy = (ah + bh) / 2 + GAP - abs(ay - by)
                if dx <= 0 or dy <= 0:
                    continue
                moved = True
                if dx < dy:
                    push = dx / 2 * (1 if ax >= bx else -1)
                    boxes[a][0] += push
                    boxes[b][0] -= push
                else:
                    push = dy / 2 * (1 if ay >= by else -1) if ay != by else dy / 2
                    boxes[a][1] += push
                    boxes[b][1] -= push
                ax, ay = boxes[a][0], boxes[a][1]
        for box in boxes.values():  # inside the picture
            canvas.keep_inside(box)
        if not moved:
            return


def overlaps(boxes: dict[str, list[float]]) -> list[tuple[str, str]]:
    """The pairs of boxes that overlap (for the tests; the same sweep as ``separate``)."""
    out = []
    names = sorted(boxes, key=lambda n: boxes[n][0] - boxes[n][2] / 2)
    for i, a in enumerate(names):
        ax, ay, aw, ah = boxes[a]
        for b in names[i + 1 :]:
            bx, by, bw, bh = boxes[b]
            if bx - bw / 2 >= ax + aw / 2:
                break
            if abs(ax - bx) < (aw + bw) / 2 and abs(ay - by) < (ah + bh) / 2:
                out.append((a, b))
    return out


def leaving(box: list[float], dx: float, dy: float, clear: float = 0.0) -> float:
    """How far along (dx, dy) from a box's centre the line leaves the box, as a share of (dx, dy); with ``clear``,
    how far until a point of the line is that far from the box (a line leaving through a side at a slant moves away
    from it slowly: a dot placed one radius along the line lay under its own place's label)."""
    x, y, w, h = box
    shares = [(w / 2 + clear) / abs(dx) if dx else math.inf, (h / 2 + clear) / abs(dy) if dy else math.inf]
    return min(shares) if min(shares) < math.inf else 0.0


def path_dots(a: list[float], b: list[float], length: int, dot: float = DOT) -> list[tuple[str, str]]:
    """One dot for each space between two places, spread along the part of the line between their boxes: a dot
    is never under its own end's label (issue 51: Cluedo's start-space labels hid 15 of 100 dots)."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    start = leaving(a, dx, dy, dot * 0.75)  # the dot's radius and a quarter of its width between
    end = 1 - leaving(b, -dx, -dy, dot * 0.75)
    if end <= start:  # the boxes touch: the dots go between their centres
        start, end = 0.0, 1.0
    return [
        (f"{a[0] + dx * t:.1f}", f"{a[1] + dy * t:.1f}")
        for t in (start + (end - start) * i / (length + 1) for i in range(1, length + 1))
    ]


def clear_dots(
    boxes: dict[str, list[float]], paths: list[dict], unlabelled: set[str], rounds: int = 6, canvas: Canvas = WIDE
) -> None:
    """Move a label off the spaces of the paths it does not end (issue 51: Cluedo's start-space labels hid path
    dots): up or down, whichever is shorter, then apart from the other labels again; a few rounds."""
    for _ in range(rounds):
        moved = False
        for p in paths:
            if p["a"] not in boxes or p["b"] not in boxes or "secret" in str(p.get("kind")):
                continue
            length = p.get("length") if isinstance(p.get("length"), int) and p.get("length") > 0 else 0
            dot = DOT * canvas.scale
            a, b = boxes[p["a"]], boxes[p["b"]]
            dx, dy = b[0] - a[0], b[1] - a[1]
            size = math.hypot(dx, dy) or 1
            room = (1 - leaving(a, dx, dy, dot * 0.75) - leaving(b, -dx, -dy, dot * 0.75)) * size
            short = min(length, 50) * dot * 1.5 - room  # the path's spaces do not fit between its ends' labels
            if length and short > 1 and p["a"] not in unlabelled and p["b"] not in unlabelled:
                for box, sign in ((a, -1), (b, 1)):  # its ends move apart along it, half each
                    box[0] += sign * dx / size * short / 2
                    box[1] += sign * dy / size * short / 2
                    canvas.keep_inside(box)
                moved = True
            for x, y in path_dots(boxes[p["a"]], boxes[p["b"]], min(length, 50), dot):
                x, y = float(x), float(y)
                for name, box in boxes.items():
                    if name in (p["a"], p["b"]) or name in unlabelled:
                        continue
                    bx, by, bw, bh = box
                    if abs(x - bx) < bw / 2 + dot / 2 and abs(y - by) < bh / 2 + dot / 2:
                        up, down = (by + bh / 2 + dot / 2 + GAP) - y, y - (by - bh / 2 - dot / 2 - GAP)
                        box[1] -= up if up < down else -down
                        canvas.keep_inside(box)
                        moved = True
        if not moved:
            return
        separate(boxes, canvas=canvas)


def through(box: list[float], a: list[float], b: list[float], pad: float) -> float:
    """How far a box (x, y, w, h; grown by ``pad``) must move across the line from a to b to be clear of it: 0 when
    the segment misses the box; else along the line's normal, signed to the side the box's centre is on."""
    x, y, w, h = box
    (x1, y1), (x2, y2) = a[:2], b[:2]
    lo, hi = 0.0, 1.0  # Liang-Barsky: the part of the segment inside the grown box
    for p, q in (
        (x1 - x2, x1 - (x - w / 2 - pad)),
        (x2 - x1, (x + w / 2 + pad) - x1),
        (y1 - y2, y1 - (y - h / 2 - pad)),
        (y2 - y1, (y + h / 2 + pad) - y1),
    ):
        if p == 0:
            if q < 0:
                return 0.0
            continue
        t = q / p
        lo, hi = (max(lo, t), hi) if p < 0 else (lo, min(hi, t))
        if lo > hi:
            return 0.0
    size = math.hypot(x2 - x1, y2 - y1) or 1
    nx, ny = -(y2 - y1) / size, (x2 - x1) / size
    side = (x - x1) * nx + (y - y1) * ny
    need = abs(nx) * (w / 2 + pad) + abs(ny) * (h / 2 + pad) - abs(side)
    return need if side >= 0 else -need


def clear_lines(
    boxes: dict[str, list[float]], paths: list[dict], unlabelled: set[str], rounds: int = 8, canvas: Canvas = WIDE
) -> None:
    """Move a label off the lines of the paths it does not end, across the line, the shorter way (issue 51: on a
    phone's board, labels half as large again lay across Cluedo's ring); then apart from the other labels again."""
    straight = [p for p in paths if "secret" not in str(p.get("kind")) and p["a"] in boxes and p["b"] in boxes]
    for _ in range(rounds):
        moved = False
        for p in straight:
            a, b = boxes[p["a"]], boxes[p["b"]]
            for name, box in boxes.items():
                if name in (p["a"], p["b"]) or name in unlabelled:
                    continue
                shift = through(box, a, b, 2)
                if not shift:
                    continue
                size = math.hypot(b[0] - a[0], b[1] - a[1]) or 1
                normal = (-(b[1] - a[1]) / size, (b[0] - a[0]) / size)
                was = box[:2]
                # the shorter way across; where the edge stops it (a label against the board's side), the other way
                across = abs(normal[0]) * (box[2] / 2 + 2) + abs(normal[1]) * (box[3] / 2 + 2)
                for move in (shift, shift - math.copysign(2 * across, shift)):
                    box[0], box[1] = was[0] + normal[0] * move, was[1] + normal[1] * move
                    canvas.keep_inside(box)
                    stopped = math.hypot(box[0] - was[0] - normal[0] * move, box[1] - was[1] - normal[1] * move) > 1
                    if not through(box, a, b, 2) or not stopped:
                        break
                moved = True
            if (p["a"] in unlabelled) != (p["b"] in unlabelled):  # a label's door onto a space
                label, space = (b, a) if p["a"] in unlabelled else (a, b)
                others = [boxes[n] for n in unlabelled if n not in (p["a"], p["b"])]
                moved |= swing_off_dots(label, space, others, canvas)
        if not moved:
            return
        separate(boxes, canvas=canvas)


def swing_off_dots(label: list[float], space: list[float], dots: list[list[float]], canvas: Canvas) -> bool:
    """Swing the path from a label to its space (a label's door onto a ring) round the space, off the other spaces it
    runs over: the label moves across the line so far that the line clears them (issue 51: on a phone's board
    Cluedo's "Strand" led to its ring space over the space beside it).  Whether the label moved."""
    moved = False
    for dot in dots:
        shift = through(dot, space, label, 2)
        if not shift:
            continue
        size = math.hypot(label[0] - space[0], label[1] - space[1]) or 1
        near = max(math.hypot(dot[0] - space[0], dot[1] - space[1]), 1)  # the line moves there near/size as far
        normal = (-(label[1] - space[1]) / size, (label[0] - space[0]) / size)
        label[0] -= normal[0] * shift * size / near
        label[1] -= normal[1] * shift * size / near
        canvas.keep_inside(label)
        moved = True
    return moved


def drop_shared_dots(paths: list[dict], dot: float = DOT) -> None:
    """Leave out the dots where paths cross at a dot (Small Detectives' four "opposite" paths met at the board's
    centre): several paths' spaces drawn at one point read as a space of the board that does not exist."""
    at: dict[tuple[int, int], set[int]] = defaultdict(set)
    for n, p in enumerate(paths):
        for x, y in p["dots"]:
            at[(round(float(x) / dot), round(float(y) / dot))].add(n)
    shared = {cell for cell, owners in at.items() if len(owners) > 1}
    for p in paths:
        p["dots"] = [(x, y) for x, y in p["dots"] if (round(float(x) / dot), round(float(y) / dot)) not in shared]


CROSSING_GAP = 12  # px each side of the point where two paths' lines cross, left undrawn in both (issue 51)


def crossing(p: dict, q: dict) -> tuple[float, float, float, float] | None:
    """Where two straight lines ({x1, y1, x2, y2}) cross: (x, y, t along p, u along q), or None."""
    x1, y1, x2, y2 = (float(p[k]) for k in ("x1", "y1", "x2", "y2"))
    x3, y3, x4, y4 = (float(q[k]) for k in ("x1", "y1", "x2", "y2"))
    den = (x2 - x1) * (y4 - y3) - (y2 - y1) * (x4 - x3)
    if abs(den) < 1e-9:
        return None  # parallel
    t = ((x3 - x1) * (y4 - y3) - (y3 - y1) * (x4 - x3)) / den
    u = ((x3 - x1) * (y2 - y1) - (y3 - y1) * (x2 - x1)) / den
    if not (0 < t < 1 and 0 < u < 1):
        return None
    return x1 + t * (x2 - x1), y1 + t * (y2 - y1), t, u


CROSSINGS_LIMIT = 400  # paths whose crossings are broken; any more are drawn whole (each pair is compared)


def break_crossings(paths: list[dict], boxes: dict[str, list[float]], scale: float = 1.0) -> None:
    """Leave a gap in both lines where two paths cross away from every place (``d``: the line in pieces): lines
    that merely cross must not read as meeting at a space the board does not have (issue 51: Small Detectives'
    four "opposite" lines met at its centre; its board, a ring of eight with each place joined to the one
    opposite, cannot be drawn flat without crossings).  Where more lines cross at one point the gap is wider, so
    that their ends stand clearly apart."""
    straight = [p for p in paths if not p["secret"]][:CROSSINGS_LIMIT]
    gaps: dict[int, list[tuple[float, float]]] = defaultdict(list)  # a path's index -> (where along it, half gap)
    points: list[tuple[float, float, list[tuple[int, float]]]] = []  # each crossing: x, y, (path, where along it)
    for i, p in enumerate(straight):
        for j in range(i + 1, len(straight)):
            q = straight[j]
            if {p["a"], p["b"]} & {q["a"], q["b"]}:
                continue  # they meet at a place they share
            met = crossing(p, q)
            if met is None or any(inside(met[0], met[1], box, GAP) for box in boxes.values()):
                continue
            x, y, t, u = met
            same = next((c for c in points if math.hypot(c[0] - x, c[1] - y) < 2), None)
            if same is None:
                points.append((x, y, [(i, t), (j, u)]))
            else:
                same[2].extend(w for w in ((i, t), (j, u)) if w[0] not in {k for k, _ in same[2]})
    for _, _, through in points:
        half = (CROSSING_GAP + 8 * (len(through) - 2)) * scale  # four lines at one point: 28 px each side
        for i, t in through:
            gaps[i].append((t, half))
    for i, p in enumerate(straight):
        if i not in gaps:
            continue
        x1, y1, x2, y2 = (float(p[k]) for k in ("x1", "y1", "x2", "y2"))
        size = math.hypot(x2 - x1, y2 - y1) or 1
        pieces, start = [], 0.0
        for t, half in sorted(gaps[i]):
            pieces.append((start, t - half / size))
            start = t + half / size
        pieces.append((start, 1.0))
        p["d"] = " ".join(
            f"M{x1 + (x2 - x1) * a:.1f},{y1 + (y2 - y1) * a:.1f} L{x1 + (x2 - x1) * b:.1f},{y1 + (y2 - y1) * b:.1f}"
            for a, b in pieces
            if b > a
        )
        p["broken"] = True


def inside(x: float, y: float, box: list[float], pad: float = 0.0) -> bool:
    bx, by, bw, bh = box
    return abs(x - bx) < bw / 2 + pad and abs(y - by) < bh / 2 + pad


CELL = 10  # of the grid a secret passage is routed on (px)
CLEARANCE = 6  # between a passage and a place it passes (px)
# cells about a passage that another passage on a phone's board avoids, at a cost a cell: heist's two there ran 10
# units apart for 150 px, and read as one (on a desk they cross once, far apart elsewhere: drawn as they were)
APART, BESIDE_COST = 3, 3.0
ROUTED = 20  # secret passages routed around the places; any more are drawn bent (each route costs a grid search)


def grid_cells(box: list[float], pad: float, canvas: Canvas = WIDE) -> set[tuple[int, int]]:
    """The grid's cells a box ({x, y, w, h}, x/y its centre) covers, grown by ``pad``."""
    x, y, w, h = box
    wide, high = canvas.width // CELL, canvas.height // CELL
    return {
        (i, j)
        for i in range(max(0, int((x - w / 2 - pad) // CELL)), min(wide, int((x + w / 2 + pad) // CELL) + 1))
        for j in range(max(0, int((y - h / 2 - pad) // CELL)), min(high, int((y + h / 2 + pad) // CELL) + 1))
    }


def line_cells(x1: float, y1: float, x2: float, y2: float) -> set[tuple[int, int]]:
    steps = max(1, int(math.hypot(x2 - x1, y2 - y1) / (CELL / 3)))
    return {
        (int((x1 + (x2 - x1) * s / steps) // CELL), int((y1 + (y2 - y1) * s / steps) // CELL)) for s in range(steps + 1)
    }


def route(
    a: str,
    b: str,
    boxes: dict[str, list[float]],
    blocked: set,
    lines: set,
    canvas: Canvas = WIDE,
    beside: frozenset = frozenset(),
) -> list[tuple[float, float]] | None:
    """A secret passage's way from ``a`` to ``b`` that passes through no other place (issue 51: Cluedo's ran
    through Headquarters and a lane, heist's through the Entrance and the halls): the cheapest way on a grid of
    CELL px, a cell of another place (``blocked``, grown by CLEARANCE) closed, a cell of a path's line
    (``lines``) dear, so that a passage crosses few paths, and one beside another passage (``beside``) dear too;
    then straightened where a straight line is as good.
    None when the places wall ``b`` off."""
    import heapq

    start = (int(boxes[a][0] // CELL), int(boxes[a][1] // CELL))
    goal = (int(boxes[b][0] // CELL), int(boxes[b][1] // CELL))
    open_ = blocked - grid_cells(boxes[a], CLEARANCE, canvas) - grid_cells(boxes[b], CLEARANCE, canvas)

    def cost(cell: tuple[int, int]) -> float:
        return 8.0 if cell in lines else BESIDE_COST if cell in beside else 0.0

    best, came, todo = {start: 0.0}, {}, [(0.0, start)]
    while todo:
        _, here = heapq.heappop(todo)
        if here == goal:
            break
        for di, dj in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)):
            there = (here[0] + di, here[1] + dj)
            if not (0 <= there[0] < canvas.width // CELL and 0 <= there[1] < canvas.height // CELL) or there in open_:
                continue
            g = best[here] + math.hypot(di, dj) + cost(there)
            if g < best.get(there, math.inf):
                best[there], came[there] = g, here
                heapq.heappush(todo, (g + math.hypot(goal[0] - there[0], goal[1] - there[1]), there))
    if goal not in best:
        return None
    cells = [goal]
    while cells[-1] != start:
        cells.append(came[cells[-1]])
    cells.reverse()

    def along(i: int, j: int) -> float:  # what the straight line from cell i to cell j costs
        (x1, y1), (x2, y2) = cells[i], cells[j]
        on = line_cells(x1 * CELL + CELL / 2, y1 * CELL + CELL / 2, x2 * CELL + CELL / 2, y2 * CELL + CELL / 2)
        return math.inf if on & open_ else sum(cost(c) for c in on)

    kept, i = [0], 0
    while i < len(cells) - 1:  # the farthest cell a straight line reaches at no more cost than the steps
        j = next(
            j
            for j in range(len(cells) - 1, i, -1)
            if j == i + 1 or along(i, j) <= sum(cost(c) for c in cells[i : j + 1])
        )
        kept.append(j)
        i = j
    points = [(cells[k][0] * CELL + CELL / 2, cells[k][1] * CELL + CELL / 2) for k in kept]
    return [(boxes[a][0], boxes[a][1])] + points[1:-1] + [(boxes[b][0], boxes[b][1])]


def rounded(points: list[tuple[float, float]], radius: float = 24) -> str:
    """An SVG path through the points, its corners rounded."""
    (x0, y0), rest = points[0], points[1:]
    d = [f"M{x0:.1f},{y0:.1f}"]
    for n, (x, y) in enumerate(rest[:-1]):
        (px, py), (nx, ny) = points[n], rest[n + 1]
        before = min(radius, math.hypot(x - px, y - py) / 2) / (math.hypot(x - px, y - py) or 1)
        after = min(radius, math.hypot(nx - x, ny - y) / 2) / (math.hypot(nx - x, ny - y) or 1)
        d.append(f"L{x - (x - px) * before:.1f},{y - (y - py) * before:.1f}")
        d.append(f"Q{x:.1f},{y:.1f} {x + (nx - x) * after:.1f},{y + (ny - y) * after:.1f}")
    d.append(f"L{rest[-1][0]:.1f},{rest[-1][1]:.1f}")
    return " ".join(d)


def route_passages(paths: list[dict], boxes: dict[str, list[float]], canvas: Canvas = WIDE) -> None:
    """Lay the first ROUTED secret passages (``d``) round every place and space they do not join (``route``)."""
    blocked = set().union(*(grid_cells(box, CLEARANCE, canvas) for box in boxes.values()))
    blocked |= {
        cell for p in paths for x, y in p["dots"] for cell in grid_cells([float(x), float(y), 10, 10], 2, canvas)
    }
    lines = set().union(
        *(line_cells(*(float(p[k]) for k in ("x1", "y1", "x2", "y2"))) for p in paths if not p["secret"])
    )
    beside: set[tuple[int, int]] = set()
    for p in [p for p in paths if p["secret"]][:ROUTED]:
        way = route(p["a"], p["b"], boxes, blocked, lines, canvas, frozenset(beside))
        if way:
            p["d"] = rounded(way)
            on = {c for s, e in zip(way, way[1:]) for c in line_cells(*s, *e)}
            lines |= on  # the next passage keeps off it, and on a phone away from it
            beside |= (
                set()
                if not canvas.phone
                else {
                    (i + di, j + dj)
                    for i, j in on
                    for di in range(-APART, APART + 1)
                    for dj in range(-APART, APART + 1)
                }
            )


def board_view(board: dict, title: str, canvas: Canvas = WIDE, phone: bool = True) -> dict:
    """What templates/board.svg draws: every place and path with its coordinates, and the legend; with ``phone``,
    the same board laid out again for a phone (``PHONE``), under the key "phone"."""
    drawn, cut = capped(board)
    pos01 = layout(drawn)
    if canvas.transposed:  # turned a quarter clockwise: the top to the right (swapping x and y drew its mirror image)
        pos01 = {n: (1 - y, x) for n, (x, y) in pos01.items()}
    wide, high, scale = canvas.width, canvas.height, canvas.scale
    side = canvas.side
    at = {n: (side + x * (wide - 2 * side), MARGIN + y * (high - 2 * MARGIN)) for n, (x, y) in pos01.items()}
    unlabelled = {loc["name"] for loc in drawn["locations"] if str(loc.get("kind") or "location") in UNLABELLED}
    text = {loc["name"]: place_text(loc["name"], str(loc.get("kind") or "location")) for loc in drawn["locations"]}
    boxes = {
        n: [x, y, DOT * scale, DOT * scale]
        if n in unlabelled
        else [
            x,
            y,
            max(label_width(line, scale) for line in lines_of(text[n], canvas.phone)),
            (LABEL_HEIGHT + LINE * (len(lines_of(text[n], canvas.phone)) - 1)) * scale,
        ]
        for n, (x, y) in at.items()
    }
    separate(boxes, canvas=canvas)  # no label over another (issue 26): the places move apart, their paths follow
    for _ in range(3 if len(boxes) <= FINE_LIMIT else 1):  # each can undo a little of the other
        if len(boxes) <= FINE_LIMIT:
            clear_lines(boxes, drawn["paths"], unlabelled, canvas=canvas)
        clear_dots(boxes, drawn["paths"], unlabelled, canvas=canvas)
    at = {n: (box[0], box[1]) for n, box in boxes.items()}
    kinds = Counter(str(loc.get("kind") or "location") for loc in drawn["locations"])
    colour = {k: PALETTE[i % len(PALETTE)] for i, k in enumerate(sorted(kinds, key=lambda k: (-kinds[k], k)))}
    paths = []
    for p in drawn["paths"]:
        (x1, y1), (x2, y2) = at[p["a"]], at[p["b"]]
        kind = str(p.get("kind") or "path")
        length = p.get("length") if isinstance(p.get("length"), int) and p.get("length") >= 0 else 0
        secret = "secret" in kind or "passage" in kind
        paths.append(
            {
                "a": p["a"],
                "b": p["b"],
                "length": length,
                "secret": secret,
                "tip": f"{p['a']} – {p['b']}: {kind}"
                + (f", {length} space{'s' * (length != 1)} between" if length else ""),
                "x1": f"{x1:.1f}",
                "y1": f"{y1:.1f}",
                "x2": f"{x2:.1f}",
                "y2": f"{y2:.1f}",
                # a secret passage is bent, so that it does not run over what lies between (routed below)
                "d": f"M{x1:.1f},{y1:.1f} Q{(x1 + x2) / 2 - (y2 - y1) * 0.15:.1f},"
                f"{(y1 + y2) / 2 + (x2 - x1) * 0.15:.1f} {x2:.1f},{y2:.1f}",
                "dots": [] if secret else path_dots(boxes[p["a"]], boxes[p["b"]], min(length, 50), DOT * scale),
                "broken": False,  # drawn in pieces (``d``), with a gap where it crosses another path
            }
        )
    drop_shared_dots(paths, DOT * scale)
    break_crossings(paths, boxes, scale)
    route_passages(paths, boxes, canvas)
    locations = []
    for loc in drawn["locations"]:
        name, kind = loc["name"], str(loc.get("kind") or "location")
        x, y = at[name]
        lines = lines_of(text[name], canvas.phone)
        w, h = boxes[name][2], boxes[name][3]
        locations.append(
            {
                "name": name,
                "text": text[name],
                "lines": [
                    {"text": line, "y": f"{y - h / 2 + (LABEL_HEIGHT / 2 + 5.5 + LINE * i) * scale:.1f}"}
                    for i, line in enumerate(lines)
                ],
                "kind": kind,
                "fill": colour[kind],
                "dot": kind in UNLABELLED,
                "r": f"{(7 if kind != 'space' else 5) * scale:.1f}",
                "x": f"{x:.1f}",
                "y": f"{y:.1f}",
                "rx": f"{x - w / 2:.1f}",
                "ry": f"{y - h / 2:.1f}",
                "w": f"{w:.1f}",
                "h": f"{h:.1f}",
                "ty": f"{y + 5.5 * scale:.1f}",
            }
        )
    items = [
        {"fill": colour[k], "text": f"{k} ×{kinds[k]}"} for k in colour
    ]  # an HTML list under the picture: it wraps at any width
    items += path_legend(drawn["paths"], paths)
    all_paths = [
        {"a": p["a"], "b": p["b"], "length": p.get("length", ""), "kind": p.get("kind", "")} for p in board["paths"]
    ]
    # a phone's board is as tall as what it draws (the canvas is 1000 units high whatever the board's shape: about a
    # sixth of it was empty above and below the places); the wide board keeps its canvas
    top, bottom = drawn_band(boxes, paths) if canvas.phone else (0.0, float(high))
    return {
        "width": wide,
        "height": f"{bottom - top:.1f}",
        "top": f"{top:.1f}",
        "scale": scale,  # a label's and a dot's size against the wide board's: the template sizes text and dots
        "phone": phone_board(board, title) if phone and len(drawn["locations"]) <= FINE_LIMIT else None,
        "turned": canvas.transposed,
        "locations": locations,
        "paths": paths,
        "legend": items,
        "all_paths": all_paths,
        "cut": cut,
        "limit": BOARD_LIMIT,
    }


def phone_board(board: dict, title: str) -> dict | None:
    """A phone's drawing of a board: upright where it has room (``UPRIGHT``), else turned on the first canvas of
    PHONES that reads true; None when none does (the desk's board then scrolls in its figure)."""
    upright = board_view(board, title, UPRIGHT, phone=False)
    if clean(upright) and least_gap(upright) >= ROOM:
        return upright
    return next((view for canvas in PHONES if clean(view := board_view(board, title, canvas, phone=False))), None)


def least_gap(view: dict) -> float:
    """The least distance between two labels of a drawn board, across or along (negative: they overlap)."""
    boxes = [[float(loc[k]) for k in ("x", "y", "w", "h")] for loc in view["locations"] if not loc["dot"]]
    return min(
        (
            max(abs(a[0] - b[0]) - (a[2] + b[2]) / 2, abs(a[1] - b[1]) - (a[3] + b[3]) / 2)
            for i, a in enumerate(boxes)
            for b in boxes[i + 1 :]
        ),
        default=math.inf,
    )


def path_legend(described: list[dict], drawn: list[dict]) -> list[dict]:
    """The legend's entries for the kinds of path, where the board draws them differently (issue 51: Small
    Detectives' "opposite" paths cross the street with a gap at its centre, its "adjacent" ones are whole lines;
    Cluedo's secret passages are dashed): each look (``line``: whole, dashed or with a gap), the kinds drawn so and
    how many.  A board whose paths all look alike (Feuerdiamant's "path" and "roadblock path") gets none."""
    looks: dict[str, set[str]] = defaultdict(set)
    for p, view in zip(described, drawn):
        looks[str(p.get("kind") or "path")].add("dashed" if view["secret"] else "gap" if view["broken"] else "whole")
    line = {kind: seen.pop() if len(seen) == 1 else "whole" for kind, seen in looks.items()}
    if len(set(line.values())) < 2:
        return []
    count = Counter(str(p.get("kind") or "path") for p in described)
    entries = []
    for look in dict.fromkeys(line.values()):  # kinds drawn alike share an entry: "step or door path ×63"
        kinds = [k for k in line if line[k] == look]
        said = " or ".join(kinds)
        said += "" if "path" in said or "passage" in said else " path"
        entries.append({"line": look, "text": f"{said} ×{sum(count[k] for k in kinds)}"})
    return entries


def drawn_band(boxes: dict[str, list[float]], paths: list[dict], margin: float = 16) -> tuple[float, float]:
    """The top and the bottom of what a board draws: its places' boxes and its paths' lines, dots and passages."""
    ys = [y + sign * h / 2 for _, y, _, h in boxes.values() for sign in (-1, 1)]
    for p in paths:
        ys += [float(y) for _, y in p["dots"]]
        if p["secret"] or p["broken"]:  # drawn from ``d``: its points, x then y (a curve's control points too)
            ys += [float(n) for n in re.findall(r"-?\d+(?:\.\d+)?", p["d"])][1::2]
        else:
            ys += [float(p["y1"]), float(p["y2"])]
    return max(0.0, min(ys) - margin), max(ys) + margin


def clean(view: dict) -> bool:
    """Whether a drawn board reads true: no path's line under a label or a place's dot it does not end, no space (a
    dot) against a label.  The phone's board is drawn only where it is clean (the layout moves labels off lines and
    dots, but on a crowded board some may stay: such a board scrolls sideways on a phone at its wide size instead)."""
    at = {loc["name"]: (float(loc["x"]), float(loc["y"])) for loc in view["locations"]}
    labels = {
        loc["name"]: [float(loc["x"]), float(loc["y"]), float(loc["w"]), float(loc["h"])]
        for loc in view["locations"]
        if not loc["dot"]
    }
    dots = {  # a place drawn as a dot (a ring's space): its circle's box
        loc["name"]: [float(loc["x"]), float(loc["y"]), 2 * float(loc["r"]), 2 * float(loc["r"])]
        for loc in view["locations"]
        if loc["dot"]
    }
    reach = 6 * view["scale"]  # a dot's radius and its ring
    for p in view["paths"]:
        if p["secret"]:
            continue
        for name, box in (labels | dots).items():
            if name not in (p["a"], p["b"]) and through(box, at[p["a"]], at[p["b"]], 1 if name in labels else 0):
                return False
        for box in labels.values():
            if any(inside(float(x), float(y), box, reach) for x, y in p["dots"]):
                return False
    return True


def board_svg(board: dict, title: str) -> str:
    """The board as an SVG (templates/board.svg)."""
    from casebook.site.templating import render

    return render("board.svg", board=board_view(board, title), title=title, here="")
