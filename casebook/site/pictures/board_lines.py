"""A board's paths as drawn: the dots where several paths meet left out (``drop_shared_dots``), a gap where two
lines cross (``break_crossings``), and the marks that stand for secret passages (``passage_marks``).
"""

from __future__ import annotations

import math
from collections import defaultdict

from casebook.site.pictures.board_places import DOT, GAP, inside, is_passage, segment_crossing


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
            met = segment_crossing((p["x1"], p["y1"]), (p["x2"], p["y2"]), (q["x1"], q["y1"]), (q["x2"], q["y2"]))
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


# A secret passage is drawn as the printed games draw theirs: the same mark on each of its two places, and no line.
# No board with passages had a clean line for them (issue 51): Cluedo's two and heist's two join places round a ring
# in crossed pairs (A, B, then A's and B's partners), so two lines outside the ring cross each other, and a line
# inside it crosses the ring's paths (and Cluedo's lanes); a crossing reads as a junction the board does not have.
MARK = 22  # units of a label's width that one mark takes: a disc of radius 9 (``MARK_RADIUS``) and a margin
MARK_RADIUS = 9


def polygon(corners: int, start: float, inner: float | None = None, radius: float = 1.0) -> tuple[tuple[float, ...]]:
    """A regular shape's corners round (0, 0), ``radius`` out; with ``inner``, a star (every other corner that far)."""
    points = corners * (2 if inner else 1)
    return tuple(
        (
            round((inner if inner and i % 2 else radius) * math.cos(math.radians(start + 360 * i / points)), 3),
            round((inner if inner and i % 2 else radius) * math.sin(math.radians(start + 360 * i / points)), 3),
        )
        for i in range(points)
    )


# a passage's mark, told apart by its shape alone: a number or a letter would read as one of the boards' own places
# (heist's halls are numbered 1 to 27, Cluedo's lanes lettered A to C)
SHAPES = (
    polygon(5, -90, 0.45),  # star
    polygon(4, -90),  # diamond
    polygon(3, -90),  # triangle
    polygon(4, -45, radius=0.85),  # square
    polygon(16, 0, radius=0.8),  # disc
    polygon(3, 90),  # triangle upside down
    polygon(6, 0),  # hexagon
    polygon(4, -90, 0.35),  # four-pointed star
)


def mark_points(number: int, size: float) -> str:
    """The corners of passage ``number``'s mark, ``size`` units from its centre (SVG polygon points); past the
    last shape the shapes come round again (the passage's tooltip still names both its places)."""
    return " ".join(f"{x * size:.1f},{y * size:.1f}" for x, y in SHAPES[number % len(SHAPES)])


def passage_marks(paths: list[dict]) -> dict[str, list[int]]:
    """Each place's passages, numbered in the order the board lists them: {place: [number, ...]}."""
    marks: dict[str, list[int]] = defaultdict(list)
    for number, p in enumerate(p for p in paths if is_passage(p)):
        marks[p["a"]].append(number)
        if p["b"] != p["a"]:
            marks[p["b"]].append(number)
    return marks
