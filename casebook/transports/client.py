"""The driver protocol's calls, spoken over a JSON-RPC session (``casebook.transports.rpc``).

Each call is a request; a move goes as ``step`` where the engine has it, and
what its answer brings along (the next ``legal()``, the state) is kept for
the looks that follow (``casebook.transports.lookahead``).  ``send`` asks a
call now and takes its answer later: the engine works while the caller goes
on.  A transport (stdio, WebSocket) only says how to open its channel.
"""

from __future__ import annotations

from casebook.contract import problems
from casebook.errors import DriverFailure, GameError
from casebook.names import brief
from casebook.protocol import Answered, player_legal
from casebook.transports.lookahead import LookAhead
from casebook.transports.rpc import NoSuchMethod, Session


class Client(Session):
    """The driver protocol over ``self.channel`` (made by ``_channel()``)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._no_step = False  # set once the engine answers that it has no ``step``
        self._has_step = False  # set once it answers a ``step``: moves are then sent without waiting
        self._ahead = LookAhead()

    def _started(self) -> None:
        self._ahead.clear()

    # -- the protocol -----------------------------------------------------------------
    def new(self, game: str, options: dict) -> str:
        return self._table_id(str(self._result("new", {"game": game, "options": options}, "table", (str, int))))

    def load(self, game: str, state: dict) -> str:
        return self._ask_load(game, state).result()

    def state(self, table: str) -> dict:
        return self._ask_state(table).result()

    def view(self, table: str, player: str | None) -> dict:
        return self._ask_view(table, player).result()

    def legal(self, table: str, actor: str | None = None) -> dict:
        return self._ask_legal(table, actor).result()

    def apply(self, table: str, actor: str, action: dict) -> list:
        """A move, sent as ``step`` where the engine has it: the next ``legal()`` comes along, and ``state()``.

        The state is asked for when the caller looked at it after the table's previous move
        (a random game looks after every move, a copy loaded to try one move never does), and
        comes along with a refusal too.  Each is kept for the next call that asks for it, once
        (``casebook.transports.lookahead``), so verify checks each answer when it is asked for.
        """
        return self._ask_apply(table, actor, action).result()

    def send(self, method: str, *args):
        """Ask ``load``, ``state``, ``view``, ``legal`` or ``apply`` now;
        ``.result()`` takes the answer (``casebook.protocol.send``).

        The request is written at once and the engine works on it while the caller goes on;
        reading its answer first reads the answers to everything asked before it.
        """
        asks = {
            "load": self._ask_load,
            "state": self._ask_state,
            "view": self._ask_view,
            "legal": self._ask_legal,
            "apply": self._ask_apply,
        }
        if method not in asks:
            raise ValueError(f"send: {method!r} is not one of {sorted(asks)}")
        return asks[method](*args)

    def close(self, table: str) -> None:
        """Sent without waiting for the answer (one round trip saved per table); the next read skips it."""
        self._ahead.forget(table)
        try:
            remote = self._remote(table)
        except DriverFailure:
            return  # its process or connection is gone already
        self._tell("close", {"table": remote})

    def describe(self, game: str) -> dict:
        return self._result("describe", {"game": game})

    def step(self, table: str, actor: str, action: dict) -> dict:
        """``apply`` and the next ``legal()`` (and the state, as for ``apply``) in one round trip.

        Two calls with an engine that lacks ``step``.
        """
        remote = self._remote(table)
        if not self._no_step:
            try:
                return self._ask_step(table, remote, actor, action, bring=False).result()
            except NoSuchMethod:
                self._no_step = True
        result = {"events": self.apply(table, actor, action)}
        try:
            result["legal"] = self.legal(table)
        except GameError:  # the move stands; the next legal() call will say why this one was refused
            result["legal"] = None
        return result

    # -- each call asked, its answer taken later ---------------------------------------------
    def _ask_load(self, game: str, state: dict):
        shaped = self._shaped("load", "table", (str, int))
        return self._ask("load", {"game": game, "state": state}, lambda result: self._table_id(str(shaped(result))))

    def _ask_state(self, table: str):
        remote = self._remote(table)
        state = self._ahead.take_state(table)
        return (
            Answered(lambda: state)
            if state is not None
            else self._ask("state", {"table": remote}, self._shaped("state"))
        )

    def _ask_view(self, table: str, player: str | None):
        # Never brought along: a caller looks at one view or two of a move, and in a game whose players
        # keep notes each view is nearly the size of the state; fetching those costs less than carrying all.
        return self._ask("view", {"table": self._remote(table), "player": player}, self._shaped("view"))

    def _ask_legal(self, table: str, actor: str | None = None):
        remote = self._remote(table)
        legal = self._ahead.take(table, "legal")
        if legal is not None:
            return Answered(lambda: legal if actor is None else player_legal(legal, actor))
        if actor is None:
            return self._ask("legal", {"table": remote}, self._shaped("legal"))
        # an engine that knows only the referee's form answers every move: cut it here too
        shaped = self._shaped("legal")
        return self._ask("legal", {"table": remote, "actor": actor}, lambda result: player_legal(shaped(result), actor))

    def _ask_apply(self, table: str, actor: str, action: dict):
        remote = self._remote(table)
        if self._no_step:
            self._ahead.moved(table)
            return self._ask(
                "apply", {"table": remote, "actor": actor, "action": action}, self._shaped("apply", "events", list)
            )
        if not self._has_step:  # the first move learns whether the engine offers step: asked and answered at once
            return Answered(self._first_apply, table, remote, actor, action)
        return self._ask_step(table, remote, actor, action, bring=True)

    def _first_apply(self, table: str, remote: str, actor: str, action: dict) -> list:
        try:
            return self._ask_step(table, remote, actor, action, bring=True).result()
        except NoSuchMethod:
            self._no_step = True
            return self._ask_apply(table, actor, action).result()

    def _ask_step(self, table: str, remote: str, actor: str, action: dict, bring: bool):
        """One ``step`` request (``NoSuchMethod`` from an engine without it).

        ``bring``: for ``apply``, whose caller gets the events and later asks for the rest:
        the ``legal`` and ``state`` that came along are kept for those calls, and so is the
        state that came along with a refusal.
        """
        epoch, looked = self._ahead.moved(table)

        def settle(result):
            self._has_step = True
            found = problems("step envelope", result, limit=1)  # its legal() is checked where it is taken
            if found:
                raise self._fail("out_of_protocol", f"{found[0]}; step answered {brief(result, 200)}")
            if not bring:
                return result
            self._ahead.bring(table, epoch, legal=result.get("legal"), state=result.get("state"))
            return result["events"]

        def refused(
            error: GameError,
        ) -> None:  # the state after a refusal may come along: kept for the look that follows
            self._has_step = True
            state = error.data.get("state")
            if bring and isinstance(state, dict):
                self._ahead.bring(table, epoch, state=state)

        return self._ask("step", {"table": remote, "actor": actor, "action": action, "state": looked}, settle, refused)
