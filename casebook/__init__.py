"""Casebook: the living, executable rulebook of five detective board games.

The harness knows a game only by its id and the driver protocol
(``casebook.protocol``); the reference engines live in ``statemachines``.

What an engine author imports is public API, listed once in ``PUBLIC``: a rename keeps the old path working with a
DeprecationWarning (``DEPRECATED``: old path -> new one) and a test.  Every other module is internal and may move.
"""

__version__ = "0.1.0"

PUBLIC = (
    "casebook.adapter",  # the engine author's kit: Rules, and the typed errors it re-exports
    "casebook.protocol",  # the driver protocol: Implementation, Table, redaction, canonical JSON
    "casebook.errors",  # the typed errors of the protocol
    "casebook.schemas",  # the games' published JSON Schemas
)
DEPRECATED = {"casebook.author": "casebook.adapter"}
