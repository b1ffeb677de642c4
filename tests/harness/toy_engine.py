"""The toy games (tests/harness/toys.py) over stdio: ``python tests/harness/toy_engine.py [--plain]``.

An engine program like any other, for ``--impl "cmd:python tests/harness/toy_engine.py"``;
``--plain`` serves them without the optional ``describe`` and ``step`` (a 1.0 engine).
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repo, so ``tests.harness`` imports

from casebook.serve.stdio import METHODS, serve  # noqa: E402
from tests.harness.toys import make, without_describe  # noqa: E402

if __name__ == "__main__":
    if "--plain" in sys.argv[1:]:
        for optional in ("describe", "step"):
            METHODS.pop(optional, None)  # answered "method not found", as an engine that predates them
        serve(without_describe())
    else:
        serve(make())
