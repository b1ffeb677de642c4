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
        return "declines " + named_declines(declined)
    return None


NAMED = 3  # the declines a verdict names before it counts the rest


def named_declines(declined: list[str]) -> str:
    """Tags and clause ids, as a verdict names them: all of a few (``@setup``); of more, how many and the first
    ``NAMED`` (an engine declining the heist game's notes assistant and timers by id declines 17).  The whole list is
    the engine's hello, which the report keeps (``games.<game>.declines``)."""
    if len(declined) <= NAMED + 1:  # "and 1 more" says no less than the last name
        return ", ".join("@" + t for t in declined)
    first = ", ".join("@" + t for t in declined[:NAMED])
    return f"{len(declined)} tags and clause ids ({first} and {len(declined) - NAMED} more, all in its hello)"


# -- one decline, read by verify and fuzz alike: the clauses it removes, and the moves those clauses make ----------
def declined_clauses(declines, game: str, clauses: dict[str, dict]) -> frozenset[str]:
    """The clauses of ``game`` that ``declines`` (hello's tags and clause ids) remove wholly, as verify plans them:
    each clause declined by its id, and each clause every example of which a declined tag marks.  A clause a tag
    removes in part (some examples) is not among them: the engine plays the rest of it."""
    hello = {"games": {game: {"declines": list(declines)}}}
    return frozenset(
        cid
        for cid, info in clauses.items()
        if info["game"] == game
        and (cid in hello["games"][game]["declines"] or info.get("examples"))
        and all(unsupported_reason(hello, game, set(e["tags"]) | {cid}) for e in info.get("examples", []))
    )


def declined_moves(declined: frozenset[str], transitions: list[dict]) -> dict[str, frozenset[str]]:
    """Phase -> the action types that ``declined`` clauses remove there: a type whose every row from that phase (in
    the reference's ``describe``) cites clauses, all of them declined.  Heist's ``switch_notes_assistant`` cites
    HO-NOT-07 to HO-NOT-10 only, so declining those ids removes it everywhere; ``roll`` goes on where a dice roll
    also cites an undeclined clause, though the roll for the start (HO-PRE-03, -04) is gone."""
    cited: dict[tuple[str, str], list[set[str]]] = {}
    for row in transitions:
        cited.setdefault((row["source"], row["verb"]), []).append(set(row.get("clauses") or ()))
    out: dict[str, set[str]] = {}
    for (phase, verb), rows in cited.items():
        if all(row and row <= declined for row in rows):
            out.setdefault(phase, set()).add(verb)
    return {phase: frozenset(verbs) for phase, verbs in out.items()}


def failure_message(exc: BaseException, step: str | None = None) -> str:
    """A failure's first line names its cause: the driver fault, or the assertion that did not hold."""
    where = f" (step: {step})" if step else ""
    if isinstance(exc, DriverFailure):
        return f"{exc.cause}: {exc.detail}{where}"
    text = str(exc).strip()
    if text in ("", "None"):  # an exception made with no words (or with None): its kind is all it says
        text = f"{type(exc).__name__} with no message"
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


# -- one deviation, one verdict: which failures are another clause's (issue 44) -----------------------------------
def blocked_message(by: list[str]) -> str:
    return "blocked by " + ", ".join(by)


def attribute(per_clause: dict[str, list[dict]]) -> None:
    """Give each failure to the clause whose deviation it is, in place: ``per_clause`` is clause id -> its examples'
    results (``{"status", "message", "needs": [clause ids]}``, as verify collects them).

    * A failed example that needs (``@needs:<id>``) a clause that fails for the engine is ``blocked``: its message
      says by which clause ("blocked by CD-END-01"), its own failure stays under ``failure``.
    * A failed example that needs a clause the engine does not support (all its examples declined) is
      ``unsupported``: it cannot reach its subject without a part the engine said it lacks.
    * A passed example that needs such a clause is ``unsupported`` too ("no <that part> here"): a refusal shows
      nothing of an engine that lacks the thing refused (HO-TRN-08 without any passage).  So a clause of refusals
      only carries ``@needs:<the clause that offers the thing>``: it passes where the engine shows the thing.
    * Clauses that only block one another (a cycle of needs, no failure of their own outside it) keep their
      failures: a report never blames nobody.
    """
    from casebook.rulebook import BLOCKED, fold

    declined = {cid: why for cid, results in per_clause.items() if (why := _declined(results, fold))}
    failing = {cid for cid, results in per_clause.items() if any(r["status"] == "failed" for r in results)}
    for cid, results in per_clause.items():
        for result in results:
            needed = set(result.get("needs") or ()) - {cid}
            missing = sorted(needed & set(declined))
            if result["status"] == "failed":
                by = sorted(needed & failing)
                if by:
                    result.update(status=BLOCKED, blocked_by=by, failure=result["message"], message=blocked_message(by))
                elif missing:
                    result.update(status="unsupported", failure=result["message"], message=_lacking(missing, declined))
            elif result["status"] == "passed" and missing:
                result.update(status="unsupported", message=_lacking(missing, declined))
    while _unblock_ungrounded(per_clause, set(declined)):
        pass


def _declined(results: list[dict], fold) -> str:
    """Why a clause is unsupported for the engine (its examples' declines), or "" when it is not."""
    if not results or fold(r["status"] for r in results) != "unsupported":
        return ""
    return next((r["message"] for r in results if r["status"] == "unsupported" and r.get("message")), UNSUPPORTED)


def _lacking(missing: list[str], declined: dict[str, str]) -> str:
    """ "no <thing> here": the thing named by what the engine declines (``declines @secret-passage``), else by
    clause."""
    why = declined[missing[0]].removeprefix(UNSUPPORTED)
    things = re.findall(r"@([\w-]+)", why.split(" (")[0]) if why.startswith("declines ") else []
    thing = " nor ".join(f"@{t}" for t in things) or " nor ".join(missing)
    unsupported = f"{', '.join(missing)} {'is' if len(missing) == 1 else 'are'} unsupported"
    return f"{UNSUPPORTED}no {thing} here: this example passes through {', '.join(missing)}, and {unsupported} ({why})"


def _unblock_ungrounded(per_clause: dict[str, list[dict]], declined: set[str]) -> bool:
    """Blocked examples whose blockers trace back to no clause failing on its own fail again; True if any did."""
    from casebook.rulebook import BLOCKED

    grounded = {cid for cid, results in per_clause.items() if any(r["status"] == "failed" for r in results)}
    grew = True
    while grew:
        grew = False
        for cid, results in per_clause.items():
            if cid not in grounded and any(set(r.get("blocked_by", ())) & grounded for r in results):
                grounded.add(cid)
                grew = True
    changed = False
    for results in per_clause.values():
        for result in results:
            if result["status"] != BLOCKED:
                continue
            kept = [c for c in result["blocked_by"] if c in grounded]
            if not kept:
                result.update(status="failed", message=result.pop("failure"))
                result.pop("blocked_by")
                changed = True
            elif kept != result["blocked_by"]:
                result.update(blocked_by=kept, message=blocked_message(kept))
    return changed


def roots(per_clause: dict[str, list[dict]]) -> dict[str, set[str]]:
    """The root deviations: clause id -> the clauses its failure blocks (directly or through others), for every
    clause that fails on its own (a failed example after ``attribute``)."""
    from casebook.rulebook import BLOCKED

    direct = {
        cid: {b for r in results if r["status"] == BLOCKED for b in r["blocked_by"]}
        for cid, results in per_clause.items()
    }
    own = [cid for cid, results in per_clause.items() if any(r["status"] == "failed" for r in results)]
    out = {}
    for root in own:
        reached, frontier = set(), {root}
        while frontier:
            frontier = {cid for cid, by in direct.items() if by & frontier} - reached - {root}
            reached |= frontier
        out[root] = reached
    return out
