"""The one place a pytest run over the suite is spelt out: ``pytest_args`` for a run in this process
(``pytest.main``), ``pytest_command`` for a run in a new one.  Each names the suite's root and configuration
itself, so a run never depends on its working directory or on an ini file found above it, and writes no cache
into the checkout.

A new process runs the interpreter's own pytest script, not ``python -m pytest``: ``-m`` puts the working directory
first on ``sys.path``, and a checkout's folder could then shadow what is installed (the site's run once failed
every clause-id tag as an unknown marker that way).  ``python -m pytest`` remains where no script is installed.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path


def pytest_args(root: Path, *args: str, config: Path | None = None, impl: str | None = None) -> list[str]:
    """pytest's arguments for a run of ``args`` (paths and options) over the suite at ``root``, configured by
    ``config`` (the suite's pyproject.toml unless given), against ``impl`` (an --impl spec) if given."""
    named = [f"--rootdir={root}", "-c", str(config or root / "pyproject.toml"), "-p", "no:cacheprovider"]
    return [*args, *named, *([f"--impl={impl}"] if impl else [])]


def pytest_program() -> list[str]:
    """The running interpreter's pytest script, or ``python -m pytest`` where it has none (see the module doc)."""
    script = shutil.which("pytest", path=str(Path(sys.executable).parent))
    return [script] if script else [sys.executable, "-m", "pytest"]


def pytest_command(root: Path, *args: str, config: Path | None = None, impl: str | None = None) -> list[str]:
    """The command line of a pytest run in a new process: ``pytest_program()`` and ``pytest_args(...)``."""
    return [*pytest_program(), *pytest_args(root, *args, config=config, impl=impl)]
