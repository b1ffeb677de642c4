"""Issue 27, F7: a board from an engine's describe has no size limit, and the site's layout grew with its square.

400 locations took 24 s of ``casebook docs build``, 800 took 238 s: an engine could stall the
docs build of anyone who documents it.  The site now draws a board up to
``BOARD_LIMIT`` places (the figure says how many it left out; the table of paths under
it still lists every path) with a layout whose rounds cost about the number of places.

The drawing runs in a child process with a deadline far above what it needs (about 3 s on a
busy 2-core machine): before the fix, 3,000 places took many minutes, so the test failed.
"""

from __future__ import annotations

import json
import subprocess
import sys

from casebook.site.pictures.board import BOARD_LIMIT, PATH_LIMIT, board_view

PLACES = 3000
DRAW = """
import json, sys
from casebook.site.pictures.board import board_svg
board = json.loads(sys.stdin.read())
svg = board_svg(board, "a hostile engine's board")
print(json.dumps({"drawn": svg.count('class="cb-board-location"'), "paths": svg.count('class="cb-board-path"')}))
"""


def hostile_board(places: int) -> dict:
    return {
        "locations": [{"name": f"place {i}", "kind": "room" if i % 3 else "space"} for i in range(places)],
        "paths": [{"a": f"place {i}", "b": f"place {(i * 7 + 1) % places}", "length": i % 4} for i in range(places)],
    }


def test_a_huge_board_is_drawn_capped_and_in_bounded_time():
    board = hostile_board(PLACES)
    done = subprocess.run(
        [sys.executable, "-c", DRAW], input=json.dumps(board), capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr[-2000:]
    drawn = json.loads(done.stdout)
    assert drawn["drawn"] == BOARD_LIMIT < PLACES
    assert 0 < drawn["paths"] <= PATH_LIMIT


def test_the_figure_says_what_it_left_out_and_the_table_keeps_every_path():
    board = hostile_board(BOARD_LIMIT + 25)
    view = board_view(board, "t")
    assert view["cut"] == 25 and len(view["locations"]) == BOARD_LIMIT
    assert len(view["all_paths"]) == len(board["paths"])


def test_a_board_within_the_limit_is_drawn_whole():
    board = hostile_board(40)
    view = board_view(board, "t")
    assert view["cut"] == 0 and len(view["locations"]) == 40 and len(view["paths"]) == 40
