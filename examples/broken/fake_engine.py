#!/usr/bin/env python3
"""A deliberately broken engine, for proving that Casebook survives one.

It serves a real implementation (the reference by default) over the stdio
protocol and misbehaves on purpose on every Nth call of one method:

    crash            exits without answering
    hang             starts a child process (to prove none is orphaned), then never answers
    garbage          prints a line that is not JSON
    bad-state        answers state() with a state that fails the game's schema
    out-of-protocol  answers with another request's id
    bad-legal        answers legal() with moves in the wrong order and to_act wrong
    leak             answers view() with the whole state, secrets and all
    wrong-protocol   says protocol 0.1 in hello

    python examples/broken/fake_engine.py --fault crash --on apply --every 3
    python examples/broken/fake_engine.py --fault crash:apply:120 --fault garbage:state:30

``--every N`` counts calls of ``--on`` in this process (a restarted engine
counts afresh), so a run sees the fault now and then, not on every call.
Several ``--fault NAME:METHOD:EVERY`` make one engine break in several ways.
With FAKE_COUNTER_FILE set, calls are counted across restarts instead.
With FAKE_CHILD_PIDFILE set, the hang fault writes its child's pid there.
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
from casebook.server import handle

FAULTS = ("crash", "hang", "garbage", "bad-state", "out-of-protocol", "bad-legal", "leak", "wrong-protocol")
DEFAULT_METHOD = {"bad-state": "state", "bad-legal": "legal", "leak": "view", "wrong-protocol": "hello"}


def answer(response: dict) -> None:
    sys.stdout.write(json.dumps(response) + "\n")
    sys.stdout.flush()


def misbehave(fault: str, request: dict, impl) -> None:
    rid = request.get("id")
    if fault == "crash":
        print("fake engine: crashing on purpose", file=sys.stderr, flush=True)
        os._exit(3)
    if fault == "hang":
        child = subprocess.Popen(["sleep", "600"])  # same process group: must die with us
        if os.environ.get("FAKE_CHILD_PIDFILE"):
            with open(os.environ["FAKE_CHILD_PIDFILE"], "w") as f:
                f.write(str(child.pid))
        time.sleep(3600)
    if fault == "garbage":
        sys.stdout.write("Traceback (most recent call last): this is not JSON\n")
        sys.stdout.flush()
        return
    response = handle(impl, json.dumps(request))
    holder, key = response, "result"
    if request.get("method") == "step" and "result" in response:  # a step carries the state, legal() and views it breaks
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
    answer(response)


def parse_fault(text: str, on: str | None, every: int) -> tuple[str, str, int]:
    """``NAME`` or ``NAME:METHOD`` or ``NAME:METHOD:EVERY`` (defaults from --on and --every)."""
    name, _, rest = text.partition(":")
    method, _, n = rest.partition(":")
    if name not in FAULTS:
        raise SystemExit(f"no fault {name!r}; faults are {', '.join(FAULTS)}")
    return name, method or on or DEFAULT_METHOD.get(name, "apply"), int(n or every)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--fault", action="append", required=True,
                        help=f"one of {', '.join(FAULTS)}, optionally NAME:METHOD:EVERY; repeat for several faults")
    parser.add_argument("--on", help="the method that misbehaves (default: apply, or the one the fault is about)")
    parser.add_argument("--every", type=int, default=1, help="misbehave on every Nth call of that method (default 1)")
    parser.add_argument("--impl", default="reference", help="what to serve when behaving")
    parser.add_argument("--once", action="store_true", help="misbehave only on the Nth call, not on every Nth")
    parser.add_argument("--tag", help="ignored: lets a test find this process (and prove it gone) by its command line")
    args = parser.parse_args()
    faults = [parse_fault(f, args.on, args.every) for f in args.fault]
    sys.path.insert(0, os.getcwd())  # so --impl python:… finds modules of the checkout it runs in
    impl = open_implementation(args.impl)
    counter = os.environ.get("FAKE_COUNTER_FILE")  # count across restarts, so each fault keeps its cadence
    calls: dict[str, int] = json.loads(open(counter).read()) if counter and os.path.exists(counter) else {}
    for line in sys.stdin:
        if not line.strip():
            continue
        request = json.loads(line)
        method = request.get("method")
        # A step is an apply, a legal (and a state) in one call: it counts as each, and each one's fault breaks it.
        asked = request.get("params") or {}
        counted = (["apply", "legal"] + [part for part, flag in (("state", "state"), ("view", "views")) if asked.get(flag)]
                   if method == "step" else [method])
        for name in counted:
            calls[name] = calls.get(name, 0) + 1
        if counter:
            with open(counter, "w") as f:
                f.write(json.dumps(calls))
        fault = next((name for name, on, every in faults
                      if on in counted and (calls[on] == every if args.once else calls[on] % every == 0)), None)
        if fault is not None:
            misbehave(fault, request, impl)
            continue
        response = handle(impl, line)
        if response is not None:
            answer(response)


if __name__ == "__main__":
    main()
