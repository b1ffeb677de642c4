"""tests/sixth_game/bulls_and_cows/ holds the files of a sixth game as a contributor writes them, laid out as in a
checkout; tests/test_a_sixth_game.py copies them into a scaffolded copy.  Here they are data, never collected."""

collect_ignore_glob = ["bulls_and_cows/*"]
