"""Where a board's places stand: their hints or a force layout (``layout``), then their labels moved apart
(``separate``) and off the lines and spaces of paths they do not end (``clear_lines``, ``clear_dots``), inside the
canvas it is drawn on (``Canvas``: the desk's, or a phone's).
"""

from __future__ import annotations

import math
from collections import defaultdict
from dataclasses import dataclass


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
    inset: float = 4  # a label's least distance from the edge
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


def is_passage(path: dict) -> bool:
    """A secret passage: drawn as marks on its places, not as a line (board_lines)."""
    kind = str(path.get("kind") or "")
    return "secret" in kind or "passage" in kind


ROUNDS = 200  # of the force layout


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


LABEL_HEIGHT, DOT = 30, 14  # a place's box in the picture (a dot's box for the unlabelled kinds)


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


def neighbours(boxes: dict[str, list[float]], paths: list[dict]) -> dict[str, set[str]]:
    """Each drawn place's neighbours by a path, a secret passage aside (it is drawn as marks, not a line)."""
    ends: dict[str, set[str]] = defaultdict(set)
    for p in paths:
        if not is_passage(p) and p["a"] in boxes and p["b"] in boxes and p["a"] != p["b"]:
            ends[p["a"]].add(p["b"])
            ends[p["b"]].add(p["a"])
    return ends


def hang_outside(
    boxes: dict[str, list[float]], paths: list[dict], unlabelled: set[str], canvas: Canvas, step: float = 4
) -> None:
    """Move each label whose paths all lead to spaces nearer the centre (a room's doors onto a ring) out from the
    board's centre until it clears every space, in place: on a phone's narrow board its labels, half as large again
    or more, lay over the ring they hang from, and the moves that followed pushed them inside it (issue 51: Cluedo's
    rooms at 1.75 times the wide board's labels)."""
    if not boxes:
        return
    cx = sum(box[0] for box in boxes.values()) / len(boxes)
    cy = sum(box[1] for box in boxes.values()) / len(boxes)
    ends = neighbours(boxes, paths)
    spaces = [boxes[n] for n in unlabelled if n in boxes]
    clear = DOT * canvas.scale

    def out(box: list[float]) -> float:
        return math.hypot(box[0] - cx, box[1] - cy)

    for name, box in boxes.items():  # a label outside the spaces it leads to (not a lane inside a ring)
        if name in unlabelled or not ends[name] or not ends[name] <= unlabelled:
            continue
        if any(out(boxes[end]) >= out(box) for end in ends[name]):
            continue
        dx, dy = box[0] - cx, box[1] - cy
        size = math.hypot(dx, dy) or 1
        for _ in range(int(max(canvas.width, canvas.height) / step)):
            if not any(inside(s[0], s[1], box, clear) for s in spaces):
                break
            was = box[:2]
            box[0] += dx / size * step
            box[1] += dy / size * step
            canvas.keep_inside(box)
            if box[:2] == was:  # against the edge
                break


def ring_of(boxes: dict[str, list[float]], paths: list[dict], kinds: dict[str, str]) -> list[str]:
    """A ring of labelled places, in its order round: the places of one kind, each joined to exactly two others of
    that kind, all in one cycle (heist's 27 halls); [] where the board has none."""
    near: dict[str, list[str]] = defaultdict(list)
    for p in paths:
        a, b = p["a"], p["b"]
        if not is_passage(p) and a != b and a in boxes and b in boxes and kinds[a] == kinds[b]:
            near[a].append(b)
            near[b].append(a)
    for kind in dict.fromkeys(kinds[n] for n in boxes):
        members = [n for n in boxes if kinds[n] == kind]
        if (
            kind in UNLABELLED
            or len(members) < 5
            or any(len(near[n]) != 2 or near[n][0] == near[n][1] for n in members)
        ):
            continue
        order = [members[0], near[members[0]][0]]
        while len(order) < len(members) and order[-1] != members[0]:
            order.append(next(n for n in near[order[-1]] if n != order[-2]))
        if len(order) == len(members) and members[0] in near[order[-1]]:
            return order
    return []


RING_GAP = 1.6 * GAP  # between neighbouring labels of a ring laid round again: more than ``separate`` leaves
DOOR = 1.2 * GAP  # a line's length from a ring's label to a place that hangs off it
ROUNDNESS = 4  # a ring's curve, |x/a|^4 + |y/b|^4 = 1: a rectangle with round corners (2, an ellipse, holds fewer)


def even_ring(boxes: dict[str, list[float]], paths: list[dict], kinds: dict[str, str], canvas: Canvas) -> bool:
    """Lay a ring of labels whose neighbours touch (``ring_of``) round a smooth closed curve, its labels evenly apart
    (equal gaps between neighbouring boxes, across or down), in its order and starting where it started; and hang
    each place joined to one of them only (a room's door, heist's Entrance) a door's length off it, on the side it
    was (outside or in).  The curve is as wide as the ring was, or narrower where the places hanging off it need the
    room, and as tall as its labels need.  In place; whether it fits the canvas (else nothing moves).  Issue 51:
    heist's ring on a phone, its 27 halls' labels 1.8 times as large, was too small for them; ``separate`` pushed
    them in and out, the ring zig-zagged and the Attic's door crossed it."""
    ring = ring_of(boxes, paths, kinds)
    if not ring or min(box_gap(boxes[a], boxes[b]) for a, b in zip(ring, ring[1:] + ring[:1])) >= RING_GAP:
        return True
    xs, ys = [boxes[n][0] for n in ring], [boxes[n][1] for n in ring]
    centre = ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)
    wide, high = (max(xs) - min(xs)) / 2, (max(ys) - min(ys)) / 2
    ends = neighbours(boxes, paths)
    pendants = {  # a place joined (passages aside) to one ring label only: that label, and whether it hangs outside
        name: (hub, distance(boxes[name], centre) > distance(boxes[hub], centre))
        for name in boxes
        if name not in ring and len(ends[name]) == 1 and (hub := next(iter(ends[name]))) in ring
    }
    placed = None
    for share in range(40, 19, -1):  # narrower, a fortieth at a time, till the places hanging off it fit
        laid, high = round_ring(boxes, ring, pendants, centre, wide * share / 40, high, canvas)
        if fits(laid, pendants, canvas):
            placed = laid
            break
    for name, box in (placed or {}).items():
        boxes[name][:2] = box[:2]
    return placed is not None


def distance(box: list[float], point: tuple[float, float]) -> float:
    return math.hypot(box[0] - point[0], box[1] - point[1])


def round_ring(
    boxes: dict[str, list[float]],
    ring: list[str],
    pendants: dict[str, tuple[str, bool]],
    centre: tuple[float, float],
    wide: float,
    high: float,
    canvas: Canvas,
    samples: int = 720,
) -> tuple[dict[str, list[float]], float]:
    """The ring's labels round a curve ``wide`` across from its centre (half its width), and at least ``high`` down,
    taller 3 % at a time until every two neighbours are RING_GAP apart; and the places hanging off them.  With the
    height it took (a narrower curve needs at least as much)."""
    first = direction(boxes[ring[0]], centre)
    cx, cy = canvas.width / 2, centre[1]  # the ring in the middle across
    xs, ys = [boxes[n][0] for n in ring], [boxes[n][1] for n in ring]
    turn = 1 if sum(x1 * y2 - x2 * y1 for x1, y1, x2, y2 in zip(xs, ys, xs[1:] + xs[:1], ys[1:] + ys[:1])) > 0 else -1
    power = 2 / ROUNDNESS
    while True:
        angles = [turn * 2 * math.pi * i / samples for i in range(samples)]
        curve = [
            (
                cx + wide * math.copysign(abs(math.cos(a)) ** power, math.cos(a)),
                cy + high * math.copysign(abs(math.sin(a)) ** power, math.sin(a)),
            )
            for a in angles
        ]
        # round from the point nearest the first label's direction
        start = min(range(samples), key=lambda i: abs(math.remainder(direction(curve[i], (cx, cy)) - first, math.tau)))
        curve = curve[start:] + curve[:start]
        placed = evenly(curve, ring, boxes)
        if min(box_gap(placed[a], placed[b]) for a, b in zip(ring, ring[1:] + ring[:1])) >= RING_GAP:
            break
        if high > canvas.height:
            break
        high *= 1.03
    ring_paths = list(zip(ring, ring[1:] + ring[:1]))
    for name, (hub, outside) in sorted(pendants.items(), key=lambda item: -boxes[item[0]][2]):  # the widest first
        x, y = placed[hub][:2]
        u, v = (x - cx) / wide, (y - cy) / high  # the curve's normal there, outward
        normal = math.atan2(
            math.copysign(abs(v) ** (ROUNDNESS - 1), v) / high, math.copysign(abs(u) ** (ROUNDNESS - 1), u) / wide
        )
        normal += 0 if outside else math.pi
        hung = None
        for tilt in (0, 15, -15, 30, -30, 45, -45):  # straight out, else slanted: a wide label beside a corner
            nx, ny = math.cos(normal + math.radians(tilt)), math.sin(normal + math.radians(tilt))
            box = [x, y, *boxes[name][2:]]
            reach = leaving(placed[hub], nx, ny) + DOOR + leaving(box, nx, ny)
            box[:2] = x + nx * reach, y + ny * reach
            hung = hung or box
            clear = all(box_gap(box, other) >= GAP - 0.01 for other in placed.values())
            crossed = any(
                segment_crossing((x, y), box, placed[a], placed[b]) for a, b in ring_paths if hub not in (a, b)
            )
            if clear and not crossed:
                hung = box
                break
        placed[name] = hung
    # the ring and the places hanging off it in the middle of the canvas, down; across too where they fit
    left = min(box[0] - box[2] / 2 for box in placed.values())
    right = max(box[0] + box[2] / 2 for box in placed.values())
    top = min(box[1] - box[3] / 2 for box in placed.values())
    bottom = max(box[1] + box[3] / 2 for box in placed.values())
    dx = (canvas.width - left - right) / 2 if right - left <= canvas.width - 2 * canvas.inset else 0.0
    dy = (canvas.height - top - bottom) / 2
    return {name: [x + dx, y + dy, w, h] for name, (x, y, w, h) in placed.items()}, high


def segment_crossing(a, b, c, d) -> tuple[float, float, float, float] | None:
    """Where the segments a-b and c-d (points, or boxes by their centres) cross: (x, y, t along a-b, u along c-d),
    or None (parallel, or meeting only at an end or beyond)."""
    (x1, y1), (x2, y2), (x3, y3), (x4, y4) = (tuple(map(float, point[:2])) for point in (a, b, c, d))
    den = (x2 - x1) * (y4 - y3) - (y2 - y1) * (x4 - x3)
    if abs(den) < 1e-9:
        return None  # parallel
    t = ((x3 - x1) * (y4 - y3) - (y3 - y1) * (x4 - x3)) / den
    u = ((x3 - x1) * (y2 - y1) - (y3 - y1) * (x2 - x1)) / den
    if not (0 < t < 1 and 0 < u < 1):
        return None
    return x1 + t * (x2 - x1), y1 + t * (y2 - y1), t, u


def direction(point: list[float] | tuple[float, float], centre: tuple[float, float]) -> float:
    return math.atan2(point[1] - centre[1], point[0] - centre[0])


def evenly(curve: list[tuple[float, float]], ring: list[str], boxes: dict[str, list[float]]) -> dict[str, list[float]]:
    """The ring's labels along a closed curve (points in order round it) from its first point, with equal gaps between
    neighbouring boxes (``box_gap``, the last and the first too), as large as the curve allows (halving the range)."""
    low, high, best = 0.0, 4 * max(max(boxes[n][2], boxes[n][3]) for n in ring), None
    for _ in range(14):
        gap = (low + high) / 2
        placed, k = {ring[0]: [*curve[0], *boxes[ring[0]][2:]]}, 0
        for before, name in zip(ring, ring[1:]):
            while k < len(curve) and box_gap(placed[before], [*curve[k], *boxes[name][2:]]) < gap:
                k += 1
            if k == len(curve):
                break
            placed[name] = [*curve[k], *boxes[name][2:]]
        if len(placed) == len(ring) and box_gap(placed[ring[-1]], placed[ring[0]]) >= gap:
            low, best = gap, placed
        else:
            high = gap
    return best or {n: [*curve[len(curve) * i // len(ring)], *boxes[n][2:]] for i, n in enumerate(ring)}


def fits(placed: dict[str, list[float]], pendants: dict[str, tuple[str, bool]], canvas: Canvas) -> bool:
    """Whether a ring laid round (``round_ring``) is inside the canvas, no place hanging off it against another label
    (GAP apart, give or take rounding: a room beside its door's neighbour stands exactly GAP from it)."""
    for box in placed.values():
        kept = box[:]
        canvas.keep_inside(kept)
        if kept != box:
            return False
    return all(
        box_gap(placed[name], box) >= GAP - 0.01 for name in pendants for other, box in placed.items() if other != name
    )


def box_gap(a: list[float], b: list[float]) -> float:
    """The distance between two boxes, across or down, whichever is larger (negative: they overlap)."""
    return max(abs(a[0] - b[0]) - (a[2] + b[2]) / 2, abs(a[1] - b[1]) - (a[3] + b[3]) / 2)


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
            if p["a"] not in boxes or p["b"] not in boxes or is_passage(p):
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
    straight = [p for p in paths if not is_passage(p) and p["a"] in boxes and p["b"] in boxes]
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
                # the shorter way across; where the edge stops it (a label against the board's side), on a phone
                # the line pushed off it (``push_line``), else the other way
                across = abs(normal[0]) * (box[2] / 2 + 2) + abs(normal[1]) * (box[3] / 2 + 2)
                for move in (shift, shift - math.copysign(2 * across, shift)):
                    box[0], box[1] = was[0] + normal[0] * move, was[1] + normal[1] * move
                    canvas.keep_inside(box)
                    stopped = math.hypot(box[0] - was[0] - normal[0] * move, box[1] - was[1] - normal[1] * move) > 1
                    if not through(box, a, b, 2) or not stopped:
                        break
                    if canvas.phone and push_line(box, was, a, b, normal, shift, canvas):
                        break
                moved = True
            if (p["a"] in unlabelled) != (p["b"] in unlabelled):  # a label's door onto a space
                label, space = (b, a) if p["a"] in unlabelled else (a, b)
                others = [boxes[n] for n in unlabelled if n not in (p["a"], p["b"])]
                moved |= swing_off_dots(label, space, others, canvas)
        if not moved:
            return
        separate(boxes, canvas=canvas)


def push_line(
    box: list[float],
    was: list[float],
    a: list[float],
    b: list[float],
    normal: tuple[float, float],
    shift: float,
    canvas: Canvas,
) -> bool:
    """Where the edge stops a label short of clearing a line, push the line's two places the other way by what is
    left, the label kept against the edge; whether that clears it (else all three stand where they were).  On a
    phone's board: the label jumped across the line, and its own paths crossed it (issue 51: Feuerdiamant's
    Zeitungsverlag, too wide for the board's right side, jumped left over Hospital's path to Palisades Park, and
    its path to Rathaus crossed two others)."""
    moved_box = box[:2]
    ends = [a[:2], b[:2]]
    box[0], box[1] = was[0] + normal[0] * shift, was[1] + normal[1] * shift
    canvas.keep_inside(box)
    left = through(box, a, b, 2 + GAP)  # GAP past it: where its own paths cross the line, a gap shows
    for end in (a, b):
        end[0] -= normal[0] * left
        end[1] -= normal[1] * left
        canvas.keep_inside(end)
    if not through(box, a, b, 2):
        return True
    (a[0], a[1]), (b[0], b[1]) = ends
    box[0], box[1] = moved_box
    return False


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


def inside(x: float, y: float, box: list[float], pad: float = 0.0) -> bool:
    bx, by, bw, bh = box
    return abs(x - bx) < bw / 2 + pad and abs(y - by) < bh / 2 + pad
