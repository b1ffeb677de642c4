"""Verdicts, as pure functions: what a hello declines, what a failure says, which invariant broke.

The pytest plugin, verify's runner and its report all decide with these, and
none of them needs pytest to do it: the report folds JSON, ``verify --list``
plans a run from a hello, and both import this module alone.
"""

from __future__ import annotations

from casebook.errors import DriverFailure

UNSUPPORTED = "unsupported: "  # the reason of a skip that is a decline in hello, never a failure


def unsupported_reason(hello: dict, game: str, tags: set[str]) -> str | None:
    """Why an example of ``game`` carrying ``tags`` does not run on an engine that said ``hello``, or None: it runs."""
    games = hello.get("games", {})
    if game not in games:
        return f"game {game} not offered"
    declined = sorted(set(games[game].get("declines", [])) & tags)
    if declined:
        return "declines " + ", ".join("@" + t for t in declined)
    return None


def failure_message(exc: BaseException, step: str | None = None) -> str:
    """A failure's first line names its cause: the driver fault, or the assertion that did not hold."""
    where = f" (step: {step})" if step else ""
    if isinstance(exc, DriverFailure):
        return f"{exc.cause}: {exc.detail}{where}"
    text = str(exc).strip() or type(exc).__name__
    if isinstance(exc, AssertionError):
        return f"assertion failed{where}: {text}"
    return f"{type(exc).__name__}{where}: {text}"


def invariant_of(exc: BaseException) -> str | None:
    """The invariant a failed property test broke: the name its exception carries (``casebook.testing.invariant``).

    ``InvariantBroken`` carries it; an engine fault raised inside an invariant (a view
    that leaks, a crash) is tagged with it on the way out.  None: the failure happened
    outside every invariant (the test's own set-up).
    """
    return getattr(exc, "invariant", None)
