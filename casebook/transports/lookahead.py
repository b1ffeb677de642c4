"""What a move's answer brought along, kept for the looks that follow it: the client's one cache.

A client sends a move as ``step``, which answers the events and also the
next ``legal()`` and, when the caller looked at the state after the
table's previous move, the state.  A refusal may bring the state too.
Each is kept here for the next call that asks for it, once: a move and the
looks after it cost one round trip instead of three, while the caller asks
exactly as it would ask an engine in process.

Every rule of when a kept answer is stale lives in this class:

* a move asked on a table (``moved``) drops what that table had kept, and
  starts a new epoch of it;
* an answer brings its things only while its table is in the epoch it was
  asked in (``bring``), so an answer read late never overwrites what a later
  move brought;
* a closed table (``forget``) and a restarted engine or a new connection
  (``clear``) keep nothing.
"""

from __future__ import annotations


class LookAhead:
    __slots__ = ("epochs", "fetched", "looked")

    def __init__(self):
        self.epochs: dict[str, int] = {}  # table -> moves asked on it
        self.fetched: dict[str, dict] = {}  # table -> what its last move brought: "legal", "state"
        self.looked: set[str] = set()  # tables whose state the caller asked for since their last move

    def moved(self, table: str) -> tuple[int, bool]:
        """A move is asked on ``table``: (its new epoch, whether the caller looked at its state since the last move)."""
        self.fetched.pop(table, None)
        looked = table in self.looked
        self.looked.discard(table)
        epoch = self.epochs[table] = self.epochs.get(table, 0) + 1
        return epoch, looked

    def bring(self, table: str, epoch: int, **fetched) -> None:
        """Keep what an answer asked in ``epoch`` brought, if no later move was asked since."""
        if self.epochs.get(table) == epoch:
            self.fetched[table] = fetched

    def take(self, table: str, key: str):
        """What the last move brought for this call, once (the caller may edit it); else None."""
        fetched = self.fetched.get(table)
        return None if fetched is None else fetched.pop(key, None)

    def take_state(self, table: str):
        """The state brought along, once; the caller has now looked at the state (the next move brings it)."""
        self.looked.add(table)
        return self.take(table, "state")

    def forget(self, table: str) -> None:
        self.fetched.pop(table, None)
        self.looked.discard(table)
        self.epochs.pop(table, None)

    def clear(self) -> None:
        """A new engine process or connection: nothing kept belongs to it."""
        self.fetched.clear()
        self.looked.clear()
        # epochs stay: an answer of the old process is never read, and table ids carry their generation
