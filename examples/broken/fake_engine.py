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

``--every N`` counts calls of ``--on`` in this process (a restarted engine
counts afresh), so a run sees the fault now and then, not on every call.
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
    if fault == "bad-state" and "result" in response:
        state = copy.deepcopy(response["result"])
        state.pop("phase", None)
        state["players"] = 42
        response["result"] = state
    elif fault == "out-of-protocol":
        response["id"] = (rid or 0) + 1000
    elif fault == "bad-legal" and "result" in response:
        legal = response["result"]
        legal["moves"] = list(reversed(legal["moves"])) + legal["moves"][:1]
        legal["to_act"] = ["nobody"]
    elif fault == "leak" and "result" in response:
        table = request["params"]["table"]
        response["result"] = impl.state(table)  # the whole state: case file, every hand
        response["result"]["secret"] = response["result"].get("secret", {"note": "a secret"})
    elif fault == "wrong-protocol" and "result" in response:
        response["result"]["protocol"] = "0.1"
    answer(response)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--fault", choices=FAULTS, required=True)
    parser.add_argument("--on", help="the method that misbehaves (default: apply, or the one the fault is about)")
    parser.add_argument("--every", type=int, default=1, help="misbehave on every Nth call of that method (default 1)")
    parser.add_argument("--impl", default="reference", help="what to serve when behaving")
    args = parser.parse_args()
    method = args.on or DEFAULT_METHOD.get(args.fault, "apply")
    sys.path.insert(0, os.getcwd())  # so --impl python:… finds modules of the checkout it runs in
    impl = open_implementation(args.impl)
    calls = 0
    for line in sys.stdin:
        if not line.strip():
            continue
        request = json.loads(line)
        if request.get("method") == method:
            calls += 1
            if calls % args.every == 0:
                misbehave(args.fault, request, impl)
                continue
        response = handle(impl, line)
        if response is not None:
            answer(response)


if __name__ == "__main__":
    main()
