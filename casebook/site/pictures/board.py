"""The board of a game page, for templates/board.svg (``board_view``): locations (labelled, styled by kind), the
paths between them with one dot per space along a path (``length`` is the number of spaces between its two ends; 0
for neighbours), a secret passage as the same mark on its two places (board_lines), each place's box with its name
less its kind's words ("Hall 27" -> "27", the legend naming the kind by colour), and a legend; and a
phone's drawing of it (``phone_board``), kept only where it reads true (``clean``).  Locations with ``x``/``y`` hints
(0..1) stand there; the others are placed by a small deterministic force layout (board_places).  Describe is an
engine's answer, and any engine may answer it: the template escapes every name, a board is drawn up to
``BOARD_LIMIT`` places (the table under it lists every path), and the layout's cost grows linearly with the places
(repulsion only from places in neighbouring grid cells), never with their square.
"""

from __future__ import annotations

import functools
import json
import math
from collections import Counter, defaultdict
from dataclasses import replace

from casebook.site.pictures.board_places import (
    Canvas,
    DOT,
    LABEL_HEIGHT,
    MARGIN,
    UNLABELLED,
    WIDE,
    clear_dots,
    clear_lines,
    even_ring,
    hang_outside,
    inside,
    is_passage,
    layout,
    path_dots,
    separate,
    through,
)
from casebook.site.pictures.board_lines import (
    MARK,
    MARK_RADIUS,
    break_crossings,
    drop_shared_dots,
    mark_points,
    passage_marks,
)


# A phone's board (issue 51): upright, 640 units wide, drawn at the column's width (343 px of a 390 px phone, 0.54 px
# a unit) with labels 1.8 times the wide board's, so that they read at 14.5 px (at 1.5 times they read 12.1 px; the
# wide board scaled to a phone, 9.6 px).
PHONE = Canvas(640, 1000, 1.8, True, 20)
# A phone's board is the desk's shape at a phone's label size (``UPRIGHT``) where its labels keep ROOM apart and it
# reads true (``clean``): Small Detectives' ring of eight.  Else it is turned a quarter (``PHONE``), the page says
# so, and drawn on the first of these canvases that reads true: the hinted places drawn narrower, leaving room beside
# them for the labels that hang outside (Cluedo's ring, 60 units from the edges, pushed three labels inside it, over
# its lines), and taller where the labels need room down too (Cluedo's, Feuerdiamant's at 1.8 times).  P.I.'s grid
# upright pushed its labels together (10 units apart, its paths between them hidden).
UPRIGHT = Canvas(640, 640, PHONE.scale, False, 20)  # as high as wide: a phone has more room down than across
ROOM = 20  # units between two labels of an upright phone's board: twice what ``separate`` leaves
PHONES = tuple(replace(PHONE, height=high, side=side) for high in (1000, 1200) for side in (MARGIN, 100, 130, 160))
# heist's ring of 27 halls laid round evenly (``even_ring``), its rooms hanging off both sides and its Entrance inside,
# needs the whole width: 24 units wider than its labels 20 units from the edges leave
PHONES += (replace(PHONE, height=1200, inset=4),)
BOARD_LIMIT = 300  # places drawn; the largest board of the five games has 61 (issue 27, F7)
FINE_LIMIT = 100  # places of a board that is also drawn for a phone, its labels moved off lines (each pair compared)
PATH_LIMIT = 4 * BOARD_LIMIT
PALETTE = ("#3f51b5", "#00897b", "#8e24aa", "#ef6c00", "#6d4c41", "#c62828", "#2e7d32", "#546e7a")


def capped(board: dict) -> tuple[dict, int]:
    """The board as drawn (its first BOARD_LIMIT places and the paths between them),
    and how many places were left out."""
    locations = board["locations"][:BOARD_LIMIT]
    names = {loc["name"] for loc in locations}
    paths = [p for p in board["paths"] if p["a"] in names and p["b"] in names][:PATH_LIMIT]
    return {"locations": locations, "paths": paths}, len(board["locations"]) - len(locations)


# How wide each character is in Helvetica (and Arial, metric-compatible), in thousandths of the font size: the
# board's labels are set in the system's sans-serif (mkdocs.yml: no web fonts), Helvetica, Arial or their like.
# 8.6 units a character at 15 px, the estimate before, made a label's box a fifth wider than its words on average
# (measured in Chromium: 7.2), room a phone's board did not have (issue 51).
WIDTHS = dict(
    zip(
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 .,'’()-&:!?",
        (556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500)
        + (722, 500, 500, 500, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778, 667, 778)
        + (722, 667, 611, 722, 667, 944, 667, 667, 611)
        + (556,) * 10
        + (278, 278, 278, 191, 222, 333, 333, 333, 667, 278, 278, 556),
    )
)
WIDER = 1.08  # San Francisco and other system fonts set a little wider than Helvetica
FONT = 15  # a label's size on the wide board, px (docs/stylesheets/casebook.css .cb-board-label)


def label_width(name: str, scale: float = 1.0) -> float:
    """A label's box: its words (any character not in WIDTHS as wide as an M) and 8 units each side."""
    return (16 + WIDER * FONT * sum(WIDTHS.get(ch, 833) for ch in name) / 1000) * scale


def place_text(name: str, kind: str, alone: bool = False) -> str:
    """A place's words in its box: its name without the kind's words that lead it ("Hall 27", a hall: "27";
    "start space of Justus Jonas": "Justus Jonas").  The box's colour names the kind (the legend) and its tooltip
    the whole name; on a ring of 27 halls, boxes of "Hall 27" touched in a chain (issue 51).  A place ``alone`` of
    its kind and named otherwise is labelled by both, as a rulebook names it where the board's own words are in
    another language: Feuerdiamant's "Zentrale", a "central office", is "Central Office (Zentrale)" (issue 51: its
    clauses say Central Office, and its board said Zentrale only)."""
    for lead in (f"{kind} of ", f"{kind} "):
        if name.lower().startswith(lead.lower()) and len(name) > len(lead):
            return name[len(lead) :]
    if alone and kind.lower() not in name.lower() and name.lower() not in kind.lower():
        return f"{kind.title()} ({name})"
    return name


LINE = 18  # a second line of a label, below the first
WRAP = 10  # on a phone's board, a label longer than this is set on two lines (issue 51: Cluedo's "Altes
# Stadttheater" at 1.5 times the size was two fifths of the board's width, and lay across the ring's paths)


def lines_of(text: str, wrap: bool) -> list[str]:
    """A label's lines: one, or with ``wrap`` a long label of several words cut at the space nearest its middle."""
    if not wrap or len(text) <= WRAP or " " not in text:
        return [text]
    cut = min((i for i, ch in enumerate(text) if ch == " "), key=lambda i: abs(i - len(text) / 2))
    return [text[:cut], text[cut + 1 :]]


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
    kinds = Counter(str(loc.get("kind") or "location") for loc in drawn["locations"])
    text = {
        loc["name"]: place_text(loc["name"], kind := str(loc.get("kind") or "location"), kinds[kind] == 1)
        for loc in drawn["locations"]
    }
    # a label's box holds its passages' marks: at its right end on a desk; on a phone below its words, where a
    # ring's side has room (issue 51: beside them, Cluedo's Bibliothek at phone size was wider than the room beside
    # the ring, and lay over it)
    marks = passage_marks(drawn["paths"])
    below = canvas.phone
    boxes = {
        n: [x, y, DOT * scale, DOT * scale]
        if n in unlabelled
        else [
            x,
            y,
            max(
                max(label_width(line, scale) for line in lines_of(text[n], canvas.phone))
                + (0 if below else MARK * scale * len(marks[n])),
                (16 + MARK * len(marks[n])) * scale,
            ),
            (LABEL_HEIGHT + LINE * (len(lines_of(text[n], canvas.phone)) - 1) + (MARK - 4) * bool(below and marks[n]))
            * scale,
        ]
        for n, (x, y) in at.items()
    }
    ring_fits = True
    if canvas.phone:  # a ring of labels laid round again, larger (heist's halls), where the phone's labels crowd it
        kind_of = {loc["name"]: str(loc.get("kind") or "location") for loc in drawn["locations"]}
        ring_fits = even_ring(boxes, drawn["paths"], kind_of, canvas)
        hang_outside(boxes, drawn["paths"], unlabelled, canvas)
    separate(boxes, canvas=canvas)  # no label over another (issue 26): the places move apart, their paths follow
    for _ in range(3 if len(boxes) <= FINE_LIMIT else 1):  # each can undo a little of the other
        if len(boxes) <= FINE_LIMIT:
            clear_lines(boxes, drawn["paths"], unlabelled, canvas=canvas)
        clear_dots(boxes, drawn["paths"], unlabelled, canvas=canvas)
    at = {n: (box[0], box[1]) for n, box in boxes.items()}
    colour = {k: PALETTE[i % len(PALETTE)] for i, k in enumerate(sorted(kinds, key=lambda k: (-kinds[k], k)))}
    paths = []
    for p in drawn["paths"]:
        (x1, y1), (x2, y2) = at[p["a"]], at[p["b"]]
        kind = str(p.get("kind") or "path")
        length = p.get("length") if isinstance(p.get("length"), int) and p.get("length") >= 0 else 0
        secret = is_passage(p)
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
                "d": "",
                "dots": [] if secret else path_dots(boxes[p["a"]], boxes[p["b"]], min(length, 50), DOT * scale),
                "broken": False,  # drawn in pieces (``d``), with a gap where it crosses another path
                "mark": "",  # a passage: its mark's shape, drawn at each of its ``ends`` (``marked``)
                "ends": [],
            }
        )
    drop_shared_dots(paths, DOT * scale)
    break_crossings(paths, boxes, scale)
    marked(paths, boxes, marks, unlabelled, scale, below)
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
                "tx": f"{x - (0 if below else MARK * scale * len(marks[name]) / 2):.1f}",  # beside the marks
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
                "ty": f"{y - h / 2 + (LABEL_HEIGHT / 2 + 5.5) * scale:.1f}",  # the first line's
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
        "mark_radius": f"{MARK_RADIUS * scale:.1f}",
        "phone": phone_board(board, title) if phone and len(drawn["locations"]) <= FINE_LIMIT else None,
        "turned": canvas.transposed,
        "ring_fits": ring_fits,  # a ring of labels laid round evenly (board_places.even_ring), where it has one
        "locations": locations,
        "paths": paths,
        "legend": items,
        "all_paths": all_paths,
        "cut": cut,
        "limit": BOARD_LIMIT,
    }


def marked(
    paths: list[dict],
    boxes: dict[str, list[float]],
    marks: dict[str, list[int]],
    unlabelled: set[str],
    scale: float,
    below: bool = False,
) -> None:
    """Give each passage its mark's shape and where the mark stands on each of its places: in the right end of a
    label's box (widened for it), or ``below`` its words (the box made taller), beside a space's dot."""
    for number, p in enumerate(p for p in paths if p["secret"]):
        p["mark"] = mark_points(number, (MARK_RADIUS - 2) * scale)
        for end in dict.fromkeys((p["a"], p["b"])):
            x, y, w, h = boxes[end]
            slot = marks[end].index(number)
            if end in unlabelled:
                mx = x + w / 2 + (slot + 0.5) * MARK * scale
            elif below:  # centred in a band at the box's foot, 3 units above its edge
                mx = x + (slot - (len(marks[end]) - 1) / 2) * MARK * scale
                y += h / 2 - (MARK / 2 + 1) * scale
            else:  # the marks' room, less 4 units: as far from the words as from the box's edge
                mx = x + w / 2 - (len(marks[end]) - slot - 0.5) * MARK * scale - 4 * scale
            p["ends"].append((f"{mx:.1f}", f"{y:.1f}"))


def phone_board(board: dict, title: str) -> dict | None:
    """A phone's drawing of a board: upright where it has room (``UPRIGHT``), else turned on the first canvas of
    PHONES that reads true (its ring, if any, laid round evenly: ``ring_fits``); None when none does (the desk's
    board then scrolls in its figure).  Drawn once a board: the game page and At a glance both show it, Cluedo's
    tries nine canvases (7 s on a busy machine) and heist's ten (4 s: its ring is laid round again on each)."""
    return drawn_for_phone(json.dumps(board, sort_keys=True), title)


@functools.lru_cache(maxsize=16)
def drawn_for_phone(board_json: str, title: str) -> dict | None:
    board = json.loads(board_json)
    upright = board_view(board, title, UPRIGHT, phone=False)
    if clean(upright) and least_gap(upright) >= ROOM and upright["ring_fits"]:
        return upright
    return next(
        (
            view
            for canvas in PHONES
            if clean(view := board_view(board, title, canvas, phone=False)) and view["ring_fits"]
        ),
        None,
    )


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
    Cluedo's secret passages are marks on their places): each look (``line``: whole, marks or with a gap), the kinds
    drawn so and how many.  A board whose paths all look alike (Feuerdiamant's "path" and "roadblock path") gets
    none."""
    looks: dict[str, set[str]] = defaultdict(set)
    for p, view in zip(described, drawn):
        looks[str(p.get("kind") or "path")].add("marks" if view["secret"] else "gap" if view["broken"] else "whole")
    line = {kind: seen.pop() if len(seen) == 1 else "whole" for kind, seen in looks.items()}
    if len(set(line.values())) < 2:
        return []
    count = Counter(str(p.get("kind") or "path") for p in described)
    entries = []
    for look in dict.fromkeys(line.values()):  # kinds drawn alike share an entry: "step or door path ×63"
        kinds = [k for k in line if line[k] == look]
        said = " or ".join(kinds)
        said += "" if "path" in said or "passage" in said else " path"
        mark = next((p["mark"] for p in drawn if p["secret"]), "") if look == "marks" else ""
        entries.append({"line": look, "mark": mark, "text": f"{said} ×{sum(count[k] for k in kinds)}"})
    return entries


def drawn_band(boxes: dict[str, list[float]], paths: list[dict], margin: float = 16) -> tuple[float, float]:
    """The top and the bottom of what a board draws: its places' boxes (a passage's marks in them) and its paths'
    lines and dots."""
    ys = [y + sign * h / 2 for _, y, _, h in boxes.values() for sign in (-1, 1)]
    for p in paths:
        ys += [float(y) for _, y in p["dots"]] + [float(p["y1"]), float(p["y2"])]  # a line with gaps lies between
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
