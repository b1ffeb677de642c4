"""Shared by the conformance tests: the toy game's schema, the fake engines, orphan checks."""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FAKE = str(ROOT / "examples" / "broken" / "fake_engine.py")
TOY_SPEC = "python:tests.harness.toy:make"
TOY_SCHEMA = {
    "$defs": {
        "state": {
            "type": "object",
            "required": ["game", "players", "phase"],
            "properties": {"players": {"type": "array"}},
        },
        "view": {"type": "object"},
        "action": {"type": "object", "required": ["type"], "properties": {"type": {"enum": ["deal", "bet"]}}},
        "event": {"type": "object", "required": ["type"]},
    }
}


def fake_argv(fault: str, *, on: str | None = None, every: int = 1, impl: str = TOY_SPEC) -> list[str]:
    argv = [sys.executable, FAKE, "--fault", fault, "--every", str(every), "--impl", impl]
    return argv + (["--on", on] if on else [])


def fake_cmd(fault: str, **kw) -> str:
    return "cmd:" + " ".join(fake_argv(fault, **kw))


def alive(pid: int) -> bool:
    """Running (not gone, not a zombie waiting for a parent that may never reap it)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except (FileNotFoundError, ProcessLookupError):
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def descendants(pid: int = None) -> list[int]:
    """Live processes whose parent chain reaches ``pid`` (default: this test process)."""
    pid = pid or os.getpid()
    parents = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if fields[0] != "Z":
                parents[int(entry.name)] = int(fields[1])
    found = []
    for child in parents:
        p = child
        while p in parents and p > 1:
            p = parents[p]
            if p == pid:
                found.append(child)
                break
    return found


def processes_with(token: str) -> list[int]:
    """Live processes whose command line contains ``token`` (to prove an engine did not outlive its run)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and int(entry.name) != os.getpid():
            try:
                if token.encode() in (entry / "cmdline").read_bytes() and alive(int(entry.name)):
                    found.append(int(entry.name))
            except OSError:
                continue
    return found


# Words of the harness's Python, never of a game: a message an engine author reads holds none of them (issue 25 item 7).
HARNESS_WORDS = (
    "Fact(",
    "<lambda>",
    "<function ",
    "TypeError",
    "KeyError",
    "AttributeError",
    "IndexError",
    " +  where ",
)


def harness_words(report: dict) -> list[str]:
    """Every message of a conformance report (examples and property tests) that shows the harness's Python."""
    messages = [(cid, s.get("message", "")) for cid, c in report["clauses"].items() for s in c["scenarios"]]
    messages += [(p["name"], p.get("message", "")) for p in report.get("properties", [])]
    return [f"{where}: {message[:300]}" for where, message in messages if any(w in message for w in HARNESS_WORDS)]


def fuzz_hazard(engine, limit: int = 2) -> list:
    """A hazard-step example engine (examples/python-hazard, examples/js-hazard) fuzzed beside the reference:
    8 two-player games at difficulty 3, the disagreements found (at most ``limit``)."""
    from casebook.conformance.fuzzing import search
    from casebook.impls import open_implementation

    options = {"players": ["Justus", "Peter"], "difficulty": 3}
    reference = open_implementation("reference")
    return search(reference, engine, "feuerdiamant", examples=8, seed=0, max_steps=70, options=options, limit=limit)
