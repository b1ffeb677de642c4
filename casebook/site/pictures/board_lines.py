"""A board's paths as drawn: the dots where several paths meet left out (``drop_shared_dots``), a gap where two
lines cross (``break_crossings``), secret passages routed round the places they do not join (``route_passages``).
"""

from __future__ import annotations

import heapq
import math
from collections import defaultdict

from casebook.site.pictures.board_places import Canvas, DOT, GAP, WIDE, inside


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
