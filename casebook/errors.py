"""Typed errors of the driver protocol.

An engine raises one of the ``GameError`` kinds when it rejects a request;
the rejected request must leave the table exactly as it was.  The harness
raises ``DriverFailure`` when the implementation under test misbehaves
(crashes, hangs, answers out of protocol): that is a fault of the engine,
not a rules verdict.
"""

from __future__ import annotations


class GameError(Exception):
    """A request the engine refused.  ``code`` is the protocol's error name."""

    code = "game_error"

    def __init__(self, message: str, data: dict | None = None):
        super().__init__(message)
        self.message = message
        self.data = data or {}  # what else the refusal says on the wire (a refused step's state)

    def to_json(self) -> dict:
        return {**self.data, "code": self.code, "message": self.message}

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.message!r})"


class IllegalAction(GameError):
    """Well-formed, the right actor, but the rules forbid it now."""

    code = "illegal_action"


class NotYourTurn(GameError):
    """The actor is not among those who must act now."""

    code = "not_your_turn"


class BadRequest(GameError):
    """Malformed: unknown table, game, player, action shape, or a state that fails the schema."""

    code = "bad_request"


class Unsupported(GameError):
    """The implementation does not offer this game, variant or option."""

    code = "unsupported"


class TableLimit(GameError):
    """A server started with a table cap (``casebook serve --max-tables``) holds that many: close one first."""

    code = "table_limit"


ERRORS: dict[str, type[GameError]] = {
    cls.code: cls for cls in (IllegalAction, NotYourTurn, BadRequest, Unsupported, TableLimit)
}


def error_from_json(payload: dict) -> GameError:
    """Rebuild a typed error from its wire form; unknown codes become BadRequest.  Other fields are its ``data``."""
    cls = ERRORS.get(payload.get("code"), BadRequest)
    return cls(str(payload.get("message", "")), {k: v for k, v in payload.items() if k not in ("code", "message")})


class DriverFailure(Exception):
    """The implementation under test broke the protocol (crash, hang, garbage, schema)."""

    def __init__(self, cause: str, detail: str = ""):
        super().__init__(f"{cause}: {detail}" if detail else cause)
        self.cause = cause
        self.detail = detail


class InvariantBroken(AssertionError):
    """A property of random play did not hold: ``invariant`` names it (``views_are_redactions``, a game's own law…).

    Raised by the invariants of ``casebook.properties.random_play`` (each registered by name), so a verdict reads the
    name from the exception, never from the frames of a traceback.  An AssertionError, as a failed check is.
    """

    def __init__(self, invariant: str, message: str):
        super().__init__(f"{invariant}: {message}")
        self.invariant, self.message = invariant, message
