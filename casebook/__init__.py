"""Casebook: the living, executable rulebook of five detective board games.

The harness knows a game only by its id and the driver protocol
(``casebook.protocol``); the reference engines live in ``statemachines``.
"""

__version__ = "0.1.0"
