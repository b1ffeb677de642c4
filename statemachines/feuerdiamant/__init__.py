"""Die drei ??? und der Feuerdiamant (Reiner Knizia, Kosmos 2013): the reference engine.

A cooperative game for 2–4 players: unmask the culprit before a hazard
indicator reaches the last space of its track.  Options::

    {"players": ["Justus", "Peter", "Bob"], "difficulty": 2}

The set-up (event tokens, person cards, clue cards, the clue set aside) is
dealt by chance moves right after ``new``; so is every later draw.
"""

from statemachines.kit import Engine

from .engine import Feuerdiamant


def make_engine() -> Engine:
    return Engine(Feuerdiamant)
