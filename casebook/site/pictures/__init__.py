"""The pictures of a game page, drawn from the protocol's ``describe(game)`` answer.

The turn: turn_graph (which arrows, in whose words, in what order), turn_mermaid (one picture's mermaid source),
turn_parts (the desk's pictures), turn_phone (a phone's).  The board: board (what templates/board.svg draws, and a
phone's board), board_places (where the places stand), board_lines (the paths' dots, crossings and passages).
"""
