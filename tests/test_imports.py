"""The harness's import layers (pyproject.toml's [tool.importlinter]), checked by import-linter in every test run.

No import cycle in casebook/ (between its modules, and between the modules of
casebook.conformance and casebook.site); the layers protocol <- transports <-
runner/plugin <- commands; the report, the site and the pure modules never
import pytest.  Function-level imports count: a lazy import is still a dependency.
"""

from __future__ import annotations

import sys
import textwrap
from pathlib import Path

from importlinter.cli import lint_imports

ROOT = Path(__file__).resolve().parent.parent


def test_the_import_contracts_hold():
    assert lint_imports(config_filename=str(ROOT / "pyproject.toml"), no_cache=True, no_logo=True) == 0


def test_the_contracts_can_fail(tmp_path, monkeypatch):
    """A package with a cycle and a pure module importing pytest: both contracts say so."""
    package = tmp_path / "cyclic"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("from cyclic import b\n")
    (package / "b.py").write_text("def later():\n    from cyclic import a\n")
    (package / "pure.py").write_text("import pytest\n")
    config = tmp_path / "setup.cfg"
    config.write_text(textwrap.dedent("""\
        [importlinter]
        root_package = cyclic
        include_external_packages = True

        [importlinter:contract:cycles]
        name = no cycles
        type = acyclic_siblings
        ancestors = cyclic

        [importlinter:contract:pure]
        name = pure
        type = forbidden
        source_modules = cyclic.pure
        forbidden_modules = pytest
        """))
    monkeypatch.syspath_prepend(str(tmp_path))
    sys.modules.pop("cyclic", None)
    for contract in ("cycles", "pure"):
        assert lint_imports(config_filename=str(config), limit_to_contracts=(contract,), no_cache=True, no_logo=True) == 1, contract
