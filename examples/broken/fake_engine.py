#!/usr/bin/env python3
"""A deliberately broken engine, for proving that Casebook survives one.

It serves a real implementation (the reference by default) over the stdio
protocol and misbehaves on purpose on every Nth call of one method:

    crash              exits without answering
    hang               starts a child process (to prove none is orphaned), then never answers
    garbage            prints a line that is not JSON
    bad-state          answers state() with a state that fails the game's schema
    out-of-protocol    answers with another request's id
    bad-legal          answers legal() with moves in the wrong order and to_act wrong
    leak               answers view() with the whole state, secrets and all
    wrong-protocol     says protocol 0.1 in hello
    setsid-child       forks a child that calls setsid() and keeps our stdout open, then never answers
    setsid-exit        the same child, then exits: the pipe stays open after the engine is gone
    orphans            forks two children that call setsid() (stdout closed), then answers normally
    slow               sleeps FAKE_SLOW seconds (default 0.3), then answers normally
    flood              writes FAKE_FLOOD_BYTES (default 1.5 GB) without a newline
    bad-utf8-stdout    answers with a byte that is not UTF-8
    bad-utf8-stderr    writes 1 MB of bytes that are not UTF-8 to stderr, then answers normally
    nan                answers with NaN inside the result
    deep               answers with a result nested 100,000 deep
    huge-int           answers with an integer of 5,000 digits inside the result
    hello-games-string says "games": "cluedo_drei" in hello
    hello-no-name      says no name in hello

    python examples/broken/fake_engine.py --fault crash --on apply --every 3
    python examples/broken/fake_engine.py --fault crash:apply:120 --fault garbage:state:30
    python examples/broken/fake_engine.py --name 'casebook-reference'     # behaves, but claims a name

``--every N`` counts calls of ``--on`` in this process (a restarted engine
counts afresh), so a run sees the fault now and then, not on every call.
Several ``--fault NAME:METHOD:EVERY`` make one engine break in several ways.
``NAME:METHOD@T`` misbehaves once, on the first METHOD call once T tables have
been opened (``new`` or ``load``): faults on tables far apart land in different
scenarios however many calls each scenario makes.
With FAKE_COUNTER_FILE set, calls are counted across restarts instead.
With FAKE_CHILD_PIDFILE set, the faults that start processes write their pids there (one a line).
"""

from __future__ import annotations

import argparse
import copy
import json
import os
import subprocess
import sys
import time

from casebook.impls import open_implementation
from casebook.serve.stdio import handle

FAULTS = (
    "crash",
    "hang",
    "garbage",
    "bad-state",
    "out-of-protocol",
    "bad-legal",
    "leak",
    "wrong-protocol",
    "setsid-child",
    "setsid-exit",
    "orphans",
    "slow",
    "flood",
    "bad-utf8-stdout",
    "bad-utf8-stderr",
    "nan",
    "deep",
    "huge-int",
    "hello-games-string",
    "hello-no-name",
)
DEFAULT_METHOD = {
    "bad-state": "state",
    "bad-legal": "legal",
    "leak": "view",
    "wrong-protocol": "hello",
    "hello-games-string": "hello",
    "hello-no-name": "hello",
}


def write(data: bytes) -> None:
    sys.stdout.buffer.write(data)
    sys.stdout.buffer.flush()


def answer(response: dict) -> None:
    write(json.dumps(response).encode() + b"\n")


def note_pid(pid: int) -> None:
    if os.environ.get("FAKE_CHILD_PIDFILE"):
        with open(os.environ["FAKE_CHILD_PIDFILE"], "a") as f:
            f.write(f"{pid}\n")


def setsid_child(keep_stdout: bool) -> None:
    """Fork a child in a session of its own: it leaves our process group, so killpg misses it."""
    pid = os.fork()
    if pid == 0:
        os.setsid()
        if not keep_stdout:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, 1)
            os.dup2(devnull, 2)
        os.execvp("sleep", ["sleep", "600"])  # stdin/stdout/stderr stay as they are unless closed above
    note_pid(pid)


def misbehave(fault: str, request: dict, impl) -> None:
    rid = request.get("id")
    if fault == "crash":
        print("fake engine: crashing on purpose", file=sys.stderr, flush=True)
        os._exit(3)
    if fault == "hang":
        child = subprocess.Popen(["sleep", "600"])  # same process group: must die with us
        note_pid(child.pid)
        time.sleep(3600)
    if fault in ("setsid-child", "setsid-exit"):
        setsid_child(keep_stdout=True)
        if fault == "setsid-exit":
            os._exit(4)
        time.sleep(3600)
    if fault == "orphans":
        setsid_child(keep_stdout=False)
        setsid_child(keep_stdout=False)
    if fault == "slow":
        time.sleep(float(os.environ.get("FAKE_SLOW", "0.3")))
    if fault == "flood":
        left = int(float(os.environ.get("FAKE_FLOOD_BYTES", 1.5e9)))
        block = b"x" * (1 << 20)
        while left > 0:
            write(block[:left])
            left -= len(block)
        time.sleep(3600)
    if fault == "garbage":
        write(b"Traceback (most recent call last): this is not JSON\n")
        return
    if fault == "bad-utf8-stdout":
        write(b'{"jsonrpc": "2.0", "id": %d, "result": "caf\xe9"}\n' % (rid or 0))
        return
    if fault == "bad-utf8-stderr":
        sys.stderr.buffer.write((b"\xff\xfe\xc3 not UTF-8 \x80" * 40 + b"\n") * 2500)
        sys.stderr.buffer.flush()
    if fault in ("nan", "deep", "huge-int"):
        inner = {"nan": "NaN", "deep": "[" * 100_000 + "]" * 100_000, "huge-int": "9" * 5000}[fault]
        write(b'{"jsonrpc": "2.0", "id": %d, "result": {"x": %s}}\n' % (rid or 0, inner.encode()))
        return
    response = handle(impl, json.dumps(request))
    holder, key = response, "result"
    if (
        request.get("method") == "step" and "result" in response
    ):  # a step carries the state, legal() and views it breaks
        holder, key = response["result"], {"bad-state": "state", "bad-legal": "legal"}.get(fault, "events")
        if fault == "leak" and response["result"].get("views"):
            holder, key = response["result"]["views"][0], "view"
    if fault == "bad-state" and holder.get(key) is not None:
        state = copy.deepcopy(holder[key])
        state.pop("phase", None)
        state["players"] = 42
        holder[key] = state
    elif fault == "out-of-protocol":
        response["id"] = (rid or 0) + 1000
    elif fault == "bad-legal" and holder.get(key) is not None:
        legal = holder[key]
        legal["moves"] = list(reversed(legal["moves"])) + legal["moves"][:1]
        legal["to_act"] = ["nobody"]
    elif fault == "leak" and holder.get(key) is not None:
        table = request["params"]["table"]
        holder[key] = impl.state(table)  # the whole state: case file, every hand
        holder[key]["secret"] = holder[key].get("secret", {"note": "a secret"})
    elif fault == "wrong-protocol" and "result" in response:
        response["result"]["protocol"] = "0.1"
    elif fault == "hello-games-string" and "result" in response:
        response["result"]["games"] = "cluedo_drei"
    elif fault == "hello-no-name" and "result" in response:
        response["result"].pop("name", None)
    answer(response)


def parse_fault(text: str, on: str | None, every: int) -> tuple[str, str, int, int | None]:
    """``NAME``, ``NAME:METHOD``, ``NAME:METHOD:EVERY`` (defaults from --on and --every) or ``NAME:METHOD@TABLE``."""
    name, _, rest = text.partition(":")
    rest, _, table = rest.partition("@")
    method, _, n = rest.partition(":")
    if name not in FAULTS:
        raise SystemExit(f"no fault {name!r}; faults are {', '.join(FAULTS)}")
    return name, method or on or DEFAULT_METHOD.get(name, "apply"), int(n or every), int(table) if table else None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument(
        "--fault",
        action="append",
        default=[],
        help=f"one of {', '.join(FAULTS)}, optionally NAME:METHOD:EVERY or NAME:METHOD@TABLE; "
        "repeat for several faults",
    )
    parser.add_argument("--on", help="the method that misbehaves (default: apply, or the one the fault is about)")
    parser.add_argument("--every", type=int, default=1, help="misbehave on every Nth call of that method (default 1)")
    parser.add_argument("--impl", default="reference", help="what to serve when behaving")
    parser.add_argument(
        "--name", help="the name to claim in hello (a hostile one: markup, escapes, a path, the reference's)"
    )
    parser.add_argument("--once", action="store_true", help="misbehave only on the Nth call, not on every Nth")
    parser.add_argument("--tag", help="ignored: lets a test find this process (and prove it gone) by its command line")
    args = parser.parse_args()
    faults = [parse_fault(f, args.on, args.every) for f in args.fault]
    sys.path.insert(0, os.getcwd())  # so --impl python:… finds modules of the checkout it runs in
    impl = open_implementation(args.impl)
    counter = os.environ.get("FAKE_COUNTER_FILE")  # count across restarts, so each fault keeps its cadence
    calls: dict[str, int] = json.loads(open(counter).read()) if counter and os.path.exists(counter) else {}
    for line in sys.stdin.buffer:
        if not line.strip():
            continue
        request = json.loads(line)
        method = request.get("method")
        # A step is an apply, a legal (and a state) in one call: it counts as each, and each one's fault breaks it.
        asked = request.get("params") or {}
        counted = (
            ["apply", "legal"] + [part for part, flag in (("state", "state"), ("view", "views")) if asked.get(flag)]
            if method == "step"
            else [method]
        )
        if method in ("new", "load"):
            calls["tables"] = calls.get("tables", 0) + 1
        for name in counted:
            calls[name] = calls.get(name, 0) + 1
        fault = next(
            (
                spec
                for spec in faults
                if spec[1] in counted
                and (
                    calls.get("tables", 0) >= spec[3] and not calls.get(f"fired {spec}")
                    if spec[3] is not None
                    else calls[spec[1]] == spec[2]
                    if args.once
                    else calls[spec[1]] % spec[2] == 0
                )
            ),
            None,
        )
        if fault is not None and fault[3] is not None:
            calls[f"fired {fault}"] = 1
        if counter:
            with open(counter, "w") as f:
                f.write(json.dumps(calls))
        if fault is not None:
            misbehave(fault[0], request, impl)
            continue
        response = handle(impl, line)
        if response is not None:
            if method == "hello" and args.name is not None and "result" in response:
                response["result"]["name"] = args.name
            answer(response)


if __name__ == "__main__":
    main()
