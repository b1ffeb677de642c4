"""``casebook verify --chunk K/N``: one deterministic share of a verify run, for N jobs of a CI matrix; and the
joining of the N reports into the one report an unchunked run writes (``casebook merge``).

As web-platform-tests splits a run (``--this-chunk K --total-chunks N``), every job collects the whole suite, in
the same order, and keeps the tests of its own share: the same N shares in every job, whatever machine runs it.
The tests are dealt to the shares largest first, each to the share with the least work so far, the work of a test
being its time in an earlier run's JUnit XML (``--chunk-timings FILE``: an artifact of the last unchunked run, the
same file for every job) or, without one, 1 per test: so by time where there are timings, by count otherwise.  The
deal's digest (every test's share) is written in each chunk's report, so chunks dealt differently are never joined.

A chunk's report is an ordinary report of its share (the site could show it) plus a ``chunk`` block holding what
the verdicts were folded from: each test's raw result with its place in the whole run's order, the hello, the
selection.  ``merge`` checks that the chunks are 1..N of one deal, one engine and one edition of the suite, puts
the raw results back in the whole run's order and folds them again with the same code an unchunked run uses, so
the merged report is that run's (apart from its times).

    pytest plugin: -p casebook.conformance.chunks --casebook-chunk K/N [--casebook-chunk-timings FILE]
    parse(text)                    "K/N" -> (K, N), or ChunkError
    block(...)                     a chunk report's ``chunk`` block (verify adds it)
    merge(reports, root)           the merged report, or MergeError saying which file and why
"""

from __future__ import annotations

import hashlib
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from casebook.conformance.runner import junit_address
from casebook.rulebook import CLAUSE_ID

OPTION, TIMINGS_OPTION = "--casebook-chunk", "--casebook-chunk-timings"
FORMAT = "casebook-chunk/1"


class ChunkError(ValueError):
    """A --chunk that is not K/N with 1 <= K <= N."""


class MergeError(ValueError):
    """Reports that cannot be joined into one: which file, and why."""


def parse(text: str) -> tuple[int, int]:
    found = re.fullmatch(r"\s*(\d{1,6})\s*/\s*(\d{1,6})\s*", text or "")
    if not found or not 1 <= int(found[1]) <= int(found[2]):
        raise ChunkError(f"--chunk takes K/N with 1 <= K <= N (the K-th of N shares), got {text!r}")
    return int(found[1]), int(found[2])


# -- the deal -----------------------------------------------------------------------------------------------------
def timings(path: Path | None) -> dict[str, float]:
    """Seconds per test address (classname, name) from a JUnit XML file; {} without one."""
    if path is None:
        return {}
    try:
        tree = ET.parse(path)
    except (OSError, ET.ParseError) as exc:
        raise ChunkError(f"--chunk-timings {path}: not JUnit XML ({exc})") from None
    found = {}
    for case in tree.iter("testcase"):
        try:
            seconds = float(case.get("time", "0"))
        except ValueError:
            continue
        words = case.get("name", "").split(" ")
        while len(words) > 1 and CLAUSE_ID.fullmatch(words[0]):  # verify's JUnit names lead with the clause ids
            words.pop(0)
        found[(case.get("classname", ""), " ".join(words))] = seconds
    return found


def deal(nodeids: list[str], shares: int, seconds: dict | None = None) -> list[int]:
    """Each test's share (0-based), in the order given: largest first, each to the share with least work so far
    (ties: the lower share).  A test without a timing weighs the median of those with one (1 with none)."""
    seconds = seconds or {}
    known = sorted(v for v in (seconds.get(junit_address(n)) for n in nodeids) if v is not None)
    typical = known[len(known) // 2] if known else 1.0
    weights = [max(seconds.get(junit_address(n), typical), 1e-6) for n in nodeids]
    load, share = [0.0] * shares, [0] * len(nodeids)
    for i in sorted(range(len(nodeids)), key=lambda i: (-weights[i], i)):
        chosen = min(range(shares), key=lambda s: (load[s], s))
        share[i] = chosen
        load[chosen] += weights[i]
    return share


def deal_digest(nodeids: list[str], shares: list[int]) -> str:
    h = hashlib.sha256()
    for nodeid, share in zip(nodeids, shares):
        h.update(f"{share}\0{nodeid}\n".encode())
    return h.hexdigest()


@dataclass
class Dealt:
    k: int
    n: int
    digest: str = ""
    order: dict[str, int] = field(default_factory=dict)  # nodeid -> its place in the whole run


DEALT: list[Dealt] = []  # the last deal of this process (verify reads it for the report's chunk block)


def pytest_addoption(parser):
    group = parser.getgroup("casebook")
    group.addoption(OPTION, help="run only the K-th of N deterministic shares of the tests (K/N)")
    group.addoption(TIMINGS_OPTION, help="a JUnit XML of an earlier run: shares balanced by its times")


@pytest.hookimpl(tryfirst=True)  # before verify's own selection records what it keeps
def pytest_collection_modifyitems(session, config, items):
    text = config.getoption(OPTION)
    if not text:
        return
    k, n = parse(text)
    path = config.getoption(TIMINGS_OPTION)
    nodeids = [item.nodeid for item in items]
    shares = deal(nodeids, n, timings(Path(path) if path else None))
    dealt = Dealt(k, n, deal_digest(nodeids, shares), {nid: i for i, nid in enumerate(nodeids)})
    DEALT[:] = [dealt]
    keep = [item for item, share in zip(items, shares) if share == k - 1]
    config.hook.pytest_deselected(items=[item for item, share in zip(items, shares) if share != k - 1])
    items[:] = keep


# -- a chunk's report ---------------------------------------------------------------------------------------------
def block(dealt: Dealt, plugin, hello: dict, name: str, games: list, clauses: list, properties: bool, whole, seconds):
    """What ``merge`` folds again: the raw results, each with its place in the whole run."""

    def placed(results: list[dict], key: str) -> list[dict]:
        return [{**r, "order": dealt.order.get(r[key], len(dealt.order))} for r in results]

    return {
        "format": FORMAT,
        "k": dealt.k,
        "n": dealt.n,
        "deal": dealt.digest,
        "name": name,
        "hello": hello,
        "games": games,
        "clauses": clauses,
        "properties": properties,
        "whole": sorted(whole),
        "seconds": round(seconds, 2),
        "results": placed(plugin.scenario_results(), "nodeid"),
        "property_results": placed(plugin.property_results(), "name"),
        "errors": plugin.errors,
        "stopped": plugin.stopped,
    }


# -- merge --------------------------------------------------------------------------------------------------------
@dataclass
class Folded:
    """The verdicts of every chunk, shaped as verify's plugin hands them to the report."""

    results: list[dict]
    properties: list[dict]
    errors: list[str]
    stopped: str

    def scenario_results(self) -> list[dict]:
        return self.results

    def property_results(self) -> list[dict]:
        return self.properties


def check(reports: list[tuple[str, dict]]) -> list[tuple[str, dict]]:
    """The chunks (file, block), in K order, once the reports (file, report) are shown to be 1..N of one deal, one
    engine and one edition."""
    if not reports:
        raise MergeError("no report to merge")
    chunks = []
    for file, report in reports:
        chunk = report.get("chunk")
        if not isinstance(chunk, dict) or chunk.get("format") != FORMAT:
            raise MergeError(f"{file} is not a chunk's report (casebook verify --chunk K/N writes one)")
        chunks.append((file, chunk))
    first_file, first = chunks[0]
    head, n = reports[0][1], first["n"]
    for (file, chunk), (_, report) in zip(chunks[1:], reports[1:]):
        for what, mine, theirs in (
            ("a number of chunks", chunk["n"], n),
            ("an engine", report["implementation"], head["implementation"]),
            (
                "an edition of the suite",
                (report.get("suite") or {}).get("features"),
                (head.get("suite") or {}).get("features"),
            ),
            (
                "a selection",
                (chunk["games"], chunk["clauses"], chunk["properties"]),
                (first["games"], first["clauses"], first["properties"]),
            ),
            ("a deal of the tests", chunk["deal"], first["deal"]),
        ):
            if mine != theirs:
                raise MergeError(f"{file} and {first_file} are chunks of different runs: not {what}")
    seen: dict[int, str] = {}
    for file, chunk in chunks:
        if chunk["k"] in seen:
            raise MergeError(f"chunk {chunk['k']} of {n} is given twice: {seen[chunk['k']]} and {file}")
        seen[chunk["k"]] = file
    missing = [k for k in range(1, n + 1) if k not in seen]
    if missing:
        raise MergeError(
            f"chunk{'s' * (len(missing) > 1)} {', '.join(map(str, missing))} of {n} "
            f"{'are' if len(missing) > 1 else 'is'} missing: merge all {n} chunks' reports"
        )
    return sorted(chunks, key=lambda c: c[1]["k"])


def fold(chunks: list[tuple[str, dict]]) -> Folded:
    """Every chunk's raw results, in the whole run's order (as an unchunked run lists them)."""

    def ordered(key: str) -> list[dict]:
        rows = [r for _, chunk in chunks for r in chunk[key]]
        return [{k: v for k, v in r.items() if k != "order"} for r in sorted(rows, key=lambda r: r["order"])]

    stopped = "; ".join(sorted({c["stopped"] for _, c in chunks if c["stopped"]}))
    return Folded(ordered("results"), ordered("property_results"), [e for _, c in chunks for e in c["errors"]], stopped)


def run_arguments(chunk: str, timings_file: str | None = None) -> list[str]:
    """The pytest arguments of a chunk's run (this module as a plugin)."""
    parse(chunk)
    return ["-p", __name__, f"{OPTION}={chunk}", *([f"{TIMINGS_OPTION}={timings_file}"] if timings_file else [])]


def out_folder(chunk: str) -> str:
    k, n = parse(chunk)
    return f"{k}-of-{n}"
