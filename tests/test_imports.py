"""The harness's import layers (pyproject.toml's [tool.importlinter]), checked by import-linter in every test run.

No import cycle in casebook/ (between its modules, and between the modules of
casebook.conformance and casebook.site); the layers protocol <- transports <-
runner/plugin <- commands; the report, the site and the pure modules never
import pytest.  Function-level imports count: a lazy import is still a dependency.
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

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
    config.write_text(
        textwrap.dedent("""\
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
        """)
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    sys.modules.pop("cyclic", None)
    for contract in ("cycles", "pure"):
        assert (
            lint_imports(config_filename=str(config), limit_to_contracts=(contract,), no_cache=True, no_logo=True) == 1
        ), contract


def _lint_copy(tmp_path, planted: dict[str, str]) -> dict[str, bool]:
    """The project's own contracts, linted on a copy of casebook/ with ``planted`` modules added: name -> kept."""
    shutil.copytree(ROOT / "casebook", tmp_path / "casebook", ignore=shutil.ignore_patterns("__pycache__", "suite"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    for relative, source in planted.items():
        (tmp_path / relative).write_text(source)
    run = subprocess.run(
        [sys.executable, "-c", "from importlinter.cli import lint_imports; lint_imports(no_cache=True, no_logo=True)"],
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(tmp_path)},
        capture_output=True,
        text=True,
    )
    assert "Analyzed" in run.stdout, run.stdout + run.stderr
    text = " ".join(run.stdout.split())  # a contract's name is wrapped over lines in the output
    verdicts = {}
    for name in CONTRACTS:
        after = text[text.index(name) :]
        kept_at, broken_at = after.find(" KEPT"), after.find(" BROKEN")
        verdicts[name] = kept_at != -1 and (broken_at == -1 or kept_at < broken_at)
    return verdicts


CONTRACTS = (
    "No import cycle in casebook/",
    "Random play and its checks speak only the protocol",
    "The deprecated public path casebook.author is for engines only",
)


def test_the_projects_contracts_fail_on_a_planted_import(tmp_path):
    """The contracts that keep the layers and the renames (issue 48) are not vacuous: each breaks on its import."""
    kept = _lint_copy(
        tmp_path,
        {
            "casebook/properties/planted.py": "import casebook.transports.stdio\n",
            "casebook/site/planted.py": "import casebook.author\n",
            "casebook/transports/planted.py": "import casebook.impls\n",  # impls imports transports: a cycle
        },
    )
    assert not any(kept.values()), kept


OLD_PATHS = (  # internal modules renamed by layer (issue 48): gone, not kept as re-export shims
    "casebook.stdio",
    "casebook.server",
    "casebook.testing",
    "casebook.mutations",
    "casebook.unlisted",
    "casebook.privacy",
    "casebook.pytest_plugin",
    "casebook.feature_cache",
    "casebook.declining",
    "casebook.conformance.declines",
    "casebook.transports.listen",
    "casebook.site.spec",
    "casebook.site.views",
    "step_defs.views",
)


@pytest.mark.parametrize("old", OLD_PATHS)
def test_an_old_internal_path_is_gone(old):
    assert importlib.util.find_spec(old) is None, f"{old} still importable: delete the shim"


def test_the_old_public_path_of_the_authors_kit_warns_and_still_works():
    """``casebook.author`` is public API (engines import it): it keeps working, with a DeprecationWarning."""
    sys.modules.pop("casebook.author", None)
    with pytest.warns(DeprecationWarning, match="casebook.adapter"):
        old = importlib.import_module("casebook.author")
    import casebook.adapter as new

    assert old.Rules is new.Rules and old.IllegalAction is new.IllegalAction
    assert set(old.__all__) == set(new.__all__)


def test_the_projects_contracts_hold_on_an_unplanted_copy(tmp_path):
    """The control of the test above: the same copy, nothing planted, keeps every contract."""
    kept = _lint_copy(tmp_path, {})
    assert all(kept.values()), kept


def test_the_public_modules_import_and_each_deprecated_path_names_a_public_one():
    """What engine authors import is listed once (casebook.PUBLIC); a deprecated path leads to one of them."""
    import casebook

    for name in casebook.PUBLIC:
        importlib.import_module(name)
    assert set(casebook.DEPRECATED.values()) <= set(casebook.PUBLIC)
    assert set(casebook.DEPRECATED) == {"casebook.author"}, "each deprecated alias has its own warning test above"
