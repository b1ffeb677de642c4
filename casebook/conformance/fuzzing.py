"""The search of ``casebook fuzz``: Hypothesis plays games through ``Differential`` and shrinks what differs.

A round is one Hypothesis search; each distinct disagreement (``Disagreement.signature``)
is kept shrunk to its shortest game.  The search stops at ``limit`` disagreements, at
its ``seconds`` limit, or when interrupted (Ctrl-C, SIGTERM): what was found so far is
returned either way (``Found.interrupted`` says it stopped early).
"""

from __future__ import annotations

import time
from dataclasses import asdict

from casebook.conformance.differential import (
    NOTHING_DECLINED,
    REPLAY_FORMAT,
    Declined,
    Differential,
    InvalidOptions,
    declined_in,
    ending_verbs,
    play,
    player_ids,
    schema_fields,
)
from casebook.protocol import canonical


def from_schema(node: dict, root: dict):
    """A Hypothesis strategy for the simple JSON Schemas options use (enum, bool, int range, arrays, objects)."""
    from hypothesis import strategies as st

    if "$ref" in node and node["$ref"].startswith("#/$defs/"):
        return from_schema(root["$defs"][node["$ref"].rsplit("/", 1)[1]], root)
    if "const" in node:
        return st.just(node["const"])
    if "enum" in node:
        return st.sampled_from(node["enum"])
    kind = node.get("type")
    if kind == "boolean":
        return st.booleans()
    if kind == "integer":
        return st.integers(node.get("minimum", 0), node.get("maximum", node.get("minimum", 0) + 10))
    if kind == "array" and "items" in node:
        items = from_schema(node["items"], root)
        return st.lists(
            items,
            min_size=node.get("minItems", 0),
            max_size=node.get("maxItems", 6),
            unique_by=(lambda v: canonical(v)) if node.get("uniqueItems") else None,
        )
    if kind == "object" or "properties" in node:
        required = set(node.get("required", []))
        props = node.get("properties", {})
        fixed = {k: from_schema(v, root) for k, v in props.items() if k in required}
        optional = {k: from_schema(v, root) for k, v in props.items() if k not in required}
        return st.fixed_dictionaries(fixed, optional=optional)
    return st.nothing()


def options_strategy(facts: dict, schema: dict | None, declined: Declined = NOTHING_DECLINED):
    """Options Hypothesis may choose, drawn from the game's ``$defs.options``; {} (the defaults) when none.
    Never options that play what the engine declines: an option whose other values play a declined clause keeps
    the value that plays none (``Declined.honoured``), a declined variant or number of players is not drawn."""
    from hypothesis import strategies as st

    node = ((schema or {}).get("$defs", {}) or {}).get("options")
    if not node:
        return st.just(declined.honoured({}))
    return st.one_of(st.just({}), from_schema(node, schema)).map(declined.honoured).filter(declined.allows)


class _Found(Exception):
    """A disagreement; one subclass per signature, so Hypothesis shrinks each on its own."""


class Found(list):
    """The replay records a search found (a list), and whether it stopped before its end."""

    interrupted: str = ""  # why it stopped early ("interrupted", "time limit"), or "" when it ran through
    games: int = 0  # games played
    stopped: int = 0  # games stopped where the reference listed only types --ignore-moves sets aside
    stopped_why: str = ""  # the first such stop ("only accuse listed")


def fuzz(reference, implementation, game: str, **kw) -> dict | None:
    """The first minimal disagreement record, or None (see ``search``)."""
    found = search(reference, implementation, game, **{**kw, "limit": 1})
    return found[0] if found else None


def search(
    reference,
    implementation,
    game: str,
    *,
    examples: int = 50,
    seed: int = 0,
    max_steps: int = 200,
    options: dict | None = None,
    shrink: bool = True,
    limit: int = 1,
    ignore: tuple[str, ...] = (),
    ignore_moves: tuple[str, ...] = (),
    seconds: float | None = None,
    on_example=None,
) -> Found:
    """Up to ``limit`` distinct disagreements, each shrunk to its shortest game, as replay records.

    A round is one Hypothesis search of ``examples`` games.  Disagreements
    already found count as agreement in later rounds (the game stops there),
    so each round looks for another; the search ends after ``limit`` are
    found, a round finds nothing new, ``seconds`` have passed, or it is
    interrupted (KeyboardInterrupt: Ctrl-C, or SIGTERM as the command maps it).
    Two disagreements are the same when their ``Disagreement.signature`` is.
    ``ignore_moves``: action types whose ``legal()`` differences are set aside and which are never played.
    """
    found: dict[str, dict] = {}
    result = Found()
    deadline = time.monotonic() + seconds if seconds else None
    counter = [0]
    declined = declined_in(reference, game, implementation.hello())  # read once: every game honours the same

    def counted(n: int, stopped: str = "") -> None:
        counter[0] += 1
        if stopped:
            result.stopped += 1
            result.stopped_why = result.stopped_why or stopped
        if on_example is not None:
            on_example(n)

    try:
        for round_ in range(limit + FLAKY_ROUNDS):
            seen: dict[str, dict] = {}  # filled as the round goes: kept if it is interrupted
            try:
                cut_short = _round(
                    reference,
                    implementation,
                    game,
                    examples=examples,
                    seed=seed + round_,
                    max_steps=max_steps,
                    options=options,
                    shrink=shrink,
                    known=set(found),
                    room=limit - len(found),
                    ignore=ignore,
                    ignore_moves=ignore_moves,
                    declined=declined,
                    deadline=deadline,
                    on_example=counted,
                    seen=seen,
                )
            finally:
                found.update(seen)
            if deadline is not None and time.monotonic() >= deadline:
                result.interrupted = f"time limit ({seconds:g} s)"
                break
            if (not seen and not cut_short) or len(found) >= limit:
                break
    except KeyboardInterrupt:
        result.interrupted = "interrupted"
    extra = {
        **({"ignore": list(ignore)} if ignore else {}),
        **({"ignore_moves": list(ignore_moves)} if ignore_moves else {}),
    }
    result.extend({"format": REPLAY_FORMAT, "game": game, **record, **extra} for record in list(found.values())[:limit])
    result.games = counter[0]
    return result


FLAKY_ROUNDS = 3  # rounds a search may add after rounds cut short by an engine that answered a game two ways


def _shorter(a: dict, b: dict | None) -> bool:
    return b is None or (len(a["steps"]), len(canonical(a["options"]))) < (
        len(b["steps"]),
        len(canonical(b["options"])),
    )


def _round(
    reference,
    implementation,
    game: str,
    *,
    examples: int,
    seed: int,
    max_steps: int,
    options,
    shrink: bool,
    known: set[str],
    room: int,
    ignore,
    ignore_moves,
    declined: Declined,
    deadline,
    on_example,
    seen: dict[str, dict],
) -> bool:
    """One Hypothesis search; ``seen`` (signature -> the shortest record that shows it) is filled as it goes.

    True when Hypothesis stopped it for a game played two ways (an engine that timed out once and answered the
    same moves another time: a hang makes an engine's answers depend on the time), with nothing found yet: the
    search tries another round rather than losing what the next round may find."""
    from hypothesis.errors import Flaky
    from hypothesis import HealthCheck, Phase, Verbosity, assume, given, settings
    from hypothesis import seed as hseed
    from hypothesis import strategies as st

    from casebook.conformance.validating import game_schema

    facts = reference.hello()["games"].get(game, {})
    opts = st.just(options) if options is not None else options_strategy(facts, game_schema(game), declined)
    kinds: dict[str, type] = {}
    ending = ending_verbs(reference, game)

    @settings(
        max_examples=examples,
        database=None,
        deadline=None,
        derandomize=False,
        print_blob=False,
        suppress_health_check=list(HealthCheck),
        verbosity=Verbosity.quiet,
        report_multiple_bugs=True,
        phases=[Phase.generate, Phase.shrink] if shrink else [Phase.generate],
    )
    @hseed(seed)
    @given(st.data())
    def one_game(data):
        if deadline is not None and time.monotonic() >= deadline:
            return  # past the time limit: every game left (shrinking included) ends at once
        chosen = data.draw(opts, label="options")
        # after a random number of moves, end the game when a move can (accuse): a hang at the end is reached
        steer_after = data.draw(st.integers(0, max_steps), label="steer after") if ending else None
        steps: list[dict] = []
        diff = Differential(
            reference, implementation, game, ignore=ignore, ignore_moves=ignore_moves, declines=declined
        )
        try:
            problem = play(
                diff,
                chosen,
                steps,
                max_steps=max_steps,
                pick=lambda n: data.draw(st.integers(0, n - 1)) if n > 1 else 0,
                probe=lambda: data.draw(st.integers(0, 9)) == 9,
                ending=ending,
                steer_after=steer_after,
            )
            players = player_ids(diff.ref.state()) if diff.ref is not None else []
        except InvalidOptions:
            assume(False)  # e.g. a Duel for three: the rules refuse it, so there is nothing to compare
            return
        finally:
            diff.close()
        on_example(len(steps), diff.stopped)
        if problem is None:
            return
        signature = problem.signature(players, schema_fields(game))
        if signature in known or (signature not in seen and len(seen) >= room):
            return  # found in an earlier round, or beyond the limit: not looked for now
        record = {
            "options": chosen,
            "steps": steps,
            "disagreement": {**asdict(problem), "signature": signature},
            "summary": str(problem),
            "reference_only": diff.skipped,
        }
        if _shorter(record, seen.get(signature)):
            seen[signature] = record
        kind = kinds.setdefault(signature, type(f"Found{len(kinds)}", (_Found,), {}))
        raise kind(str(problem))

    try:
        one_game()
    except _Found:
        pass
    except KeyboardInterrupt:
        raise
    except Flaky:  # FlakyStrategyDefinition among them: the engine answered one game two ways
        return not seen
    except Exception:  # several disagreements at once (an exception group), Flaky and friends: keep what was seen
        if not seen:
            raise
    return False
