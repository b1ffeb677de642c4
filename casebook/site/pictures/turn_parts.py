"""The pictures a turn is drawn in on a desk: its set-up and its turn apart, and a turn too crowded for one screen
in parts.
"""

from __future__ import annotations

import re

from casebook.site.pictures.turn_graph import SETUP, TURN, part_phases
from casebook.site.pictures.turn_mermaid import drawing


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
