"""The Node example served online (examples/node-cluedo/online.js, with the ``ws`` package), verified over WebSocket.

The server is started on a free loopback port, read for the address it
prints, verified with ``casebook verify --impl ws://…``, and stopped by its
PID.  The verdicts are those of the same engine over stdio: it fails exactly
the clauses of its deliberate deviation.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess

import pytest

from tests.conformance.test_verify import GAME, NODE_DIR, statuses, verify
from tests.harness.listening import listening

NODE, NPM = shutil.which("node"), shutil.which("npm")
pytestmark = pytest.mark.skipif(
    NODE is None or NPM is None, reason="node and npm are needed to serve the Node example online"
)


@pytest.fixture(scope="module")
def node_modules(tmp_path_factory):
    """The example's npm dependencies (``ws``), installed outside the checkout: the folder for NODE_PATH."""
    prefix = tmp_path_factory.mktemp("npm")
    shutil.copy(NODE_DIR / "package.json", prefix / "package.json")
    run = subprocess.run(
        [NPM, "install", "--no-audit", "--no-fund", "--omit=dev"],
        cwd=prefix,
        capture_output=True,
        text=True,
        timeout=300,
    )
    if run.returncode != 0:
        pytest.skip(f"npm install of the example's package.json failed (no registry?): {run.stderr.strip()[-500:]}")
    return prefix / "node_modules"


def test_the_online_node_example_is_verified_over_websocket_and_fails_exactly_its_deviation(tmp_path, node_modules):
    expected = set(json.loads((NODE_DIR / "expected-failures.json").read_text())["clauses"])
    env = {**os.environ, "NODE_PATH": str(node_modules)}
    with listening([NODE, str(NODE_DIR / "online.js"), "0"], env=env) as (address, server):
        assert address.startswith("ws://127.0.0.1:")
        code, report, output = verify(tmp_path, address)
        pid = server.pid
    assert server.poll() is not None, f"the server (PID {pid}) was stopped"
    assert code == 1, output
    assert report["implementation"]["spec"] == address and report["implementation"]["name"] == "node-cluedo-example"
    assert statuses(report, "failed") == expected, output
    unsupported = statuses(report, "unsupported")
    assert statuses(report, "passed") == set(report["clauses"]) - expected - unsupported, (
        "a clause it plays did not pass"
    )
    assert statuses(report, "passed"), "compared nothing"
    assert GAME in report["games"] and report["games"][GAME]["offered"]
