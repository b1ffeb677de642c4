"""The reference implementation: one explicit `transitions` state machine per game.

Each game is a subpackage with the same shape (rules.py, machine.py, engine.py)
whose ``__init__`` exposes ``make_engine()``; ``reference.py`` hosts them all
behind the driver protocol.  Nothing outside this package imports a game's
internals.
"""
