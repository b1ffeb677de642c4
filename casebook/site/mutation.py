"""How firmly each clause is pinned: the mutation results of ``casebook mutate`` on the site (issue 31).

``casebook mutate --game G`` writes ``results/mutation/<game>.json``::

    {"format": "casebook-mutation/1", "game": "pi", "casebook": "<version>", "features": "<features digest>",
     "mutants": [{"id": "pi:row-negate:3", "operator": "negate a row's condition", "clauses": ["PI-DET-04"],
                  "change": "one line a designer reads", "verdict": "killed|survived|timeout|equivalent",
                  "killed_by": "<test id or null>", "reason": "<for equivalent: why>", "seconds": 1.2}],
     "clauses": {"PI-DET-04": {"tried": 7, "killed": 6, "survived": 1, "timeout": 0, "equivalent": 0}}}

The site shows, per clause, "pinned: 6 of 7 rule changes caught" and the changes that went
unnoticed in the designer's words; per game a summary; on the Coverage page a table per game.
A result is shown only when it was computed from the features the site is built from (its
``features`` digest is theirs, as ``casebook verify`` reports name them): a stale or absent
result shows nothing, never an old number.  A malformed file is a problem (``--strict``
refuses it), not a crash.
"""

from __future__ import annotations

from pathlib import Path

from casebook.rulebook import Game
from casebook.site.results import within_limits
from casebook.wire import WireError

FORMAT = "casebook-mutation/1"
VERDICTS = ("killed", "survived", "timeout", "equivalent")


def features_digest(root: Path) -> str:
    """The digest of the features a site is built from, as conformance reports and mutation results name it."""
    from casebook.conformance.suite import digest, suite_files

    return digest(root, suite_files(root)["features"])


def read(
    results: Path | None, game: Game, features: Path, problems: list[str], digest: str | None = None
) -> dict | None:
    """results/mutation/<game>.json when it is well formed and fresh (its features digest is ours); else None."""
    path = results / "mutation" / f"{game.id}.json" if results is not None else None
    if path is None or not path.is_file():
        return None
    where = f"mutation/{path.name}"
    try:
        data = within_limits(path)  # the wire's limits: depth, size (casebook/site/results.py)
    except (OSError, WireError) as exc:
        problems.append(f"{where}: not JSON within the limits ({exc})")
        return None
    if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("game") != game.id:
        problems.append(f"{where}: not a {FORMAT} result for {game.id}")
        return None
    if data.get("features") != (digest if digest is not None else features_digest(features.parent)):
        return None  # computed from other features: stale, so nothing is shown
    clauses = data.get("clauses")
    mutants = data.get("mutants")
    if not isinstance(clauses, dict) or not isinstance(mutants, list):
        problems.append(f'{where}: "clauses" must be an object and "mutants" a list')
        return None
    counts = {}
    for clause_id, entry in clauses.items():
        if not isinstance(entry, dict) or not all(
            isinstance(entry.get(v, 0), int) and entry.get(v, 0) >= 0 for v in ("tried", *VERDICTS)
        ):
            problems.append(f"{where}: {clause_id!r} has no counts of tried, killed, survived, timeout, equivalent")
            continue
        counts[str(clause_id)] = {v: entry.get(v, 0) for v in ("tried", *VERDICTS)}
    survivors: dict[str, list[str]] = {}
    # a game's totals count mutants, each once: the clauses' counts are per clause, so a mutant that
    # touches three clauses is in three of them (issue 51: "180 of 180" for a run of 76 mutants)
    verdicts = [m.get("verdict") for m in mutants if isinstance(m, dict)]
    totals = {v: verdicts.count(v) for v in VERDICTS}
    totals["tried"] = len(verdicts)
    for m in mutants:
        if isinstance(m, dict) and m.get("verdict") == "survived" and isinstance(m.get("clauses"), list):
            for clause_id in m["clauses"]:
                survivors.setdefault(str(clause_id), []).append(
                    str(m.get("change") or m.get("operator") or m.get("id") or "a rule change")
                )
    return {"clauses": counts, "survivors": survivors, "mutants": totals}


def clause_strength(result: dict | None, clause_id: str) -> dict | None:
    """What a clause shows: caught of counted (equivalent changes are not counted), and the survivors' changes."""
    if result is None or clause_id not in result["clauses"]:
        return None
    c = result["clauses"][clause_id]
    return {
        "killed": c["killed"],
        "counted": c["tried"] - c["equivalent"],
        "equivalent": c["equivalent"],
        "timeout": c["timeout"],
        "survivors": result["survivors"].get(clause_id, []),
    }


def game_summary(result: dict | None) -> dict | None:
    """A game's totals: the mutants (rule changes) counted, caught and unnoticed, and in how many clauses the
    unnoticed lie.  Each mutant counts once, however many clauses it touches."""
    if result is None or not result["clauses"]:
        return None
    rows = result["clauses"].values()
    total = dict(result["mutants"])
    return {**total, "counted": total["tried"] - total["equivalent"], "weak": sum(1 for c in rows if c["survived"])}


def coverage_table(result: dict | None, game: Game) -> dict | None:
    """The Coverage page's table for a game: one row per clause mutated, in the features' order."""
    summary = game_summary(result)
    if summary is None:
        return None
    order = {c.id: i for i, c in enumerate(game.clauses)}
    by_id = {c.id: c for c in game.clauses}
    ids = sorted(result["clauses"], key=lambda i: (order.get(i, len(order)), i))
    return {**summary, "rows": [{"id": i, "clause": by_id.get(i), **result["clauses"][i]} for i in ids]}
