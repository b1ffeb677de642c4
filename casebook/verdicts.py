"""Verdicts, as pure functions: what a hello declines, what a failure says, which invariant broke.

The pytest plugin, verify's runner and its report all decide with these, and
none of them needs pytest to do it: the report folds JSON, ``verify --list``
plans a run from a hello, and both import this module alone.
"""

from __future__ import annotations

import re

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
        return f"assertion failed{where}: {own_words(text)}"
    return f"{type(exc).__name__}{where}: {text}"


# What pytest's assertion rewriting appends to a message: the failed expression, then how each part of it was
# computed ("+  where False = <function <lambda> at 0x…>({…the whole state…})").
_REWRITTEN = re.compile(r"^assert ", re.M)
_WHERE = re.compile(r"^\s*\+\s+(where|and)\b")


def own_words(text: str) -> str:
    """An assertion's message as its step wrote it, without what pytest's rewriting added: Python objects (a step's
    check as ``<lambda>``, the state as a dict) are not what the engine answered.  An assertion without a message
    of its own keeps the comparison pytest shows (``assert 3 == 4``), still without the objects it came from."""
    found = _REWRITTEN.search(text)
    if found is None:
        return text
    if found.start() > 0:
        return text[: found.start()].rstrip()
    return "\n".join(line for line in text.splitlines() if not _WHERE.match(line)).rstrip()


def invariant_of(exc: BaseException) -> str | None:
    """The invariant a failed property test broke:
    the name its exception carries (``casebook.properties.random_play.invariant``).

    ``InvariantBroken`` carries it; an engine fault raised inside an invariant (a view
    that leaks, a crash) is tagged with it on the way out.  None: the failure happened
    outside every invariant (the test's own set-up).
    """
    return getattr(exc, "invariant", None)
