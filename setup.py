"""Casebook's build step: the rules suite travels inside the wheel (issue 16).

The metadata is in pyproject.toml; this file says only what goes in the wheel,
because part of it is computed.  The repository keeps the layout DESIGN.md
fixes (features/, step_defs/, tests/, docs/ and mkdocs.yml at the top); the
wheel carries those folders under ``casebook/suite/``, where
``casebook.conformance.suite`` finds them, so ``pip install casebook`` is
enough to run ``casebook verify`` anywhere:

    features/**            -> casebook/suite/features/   (.feature, trace/questions/synonyms .yml, ...)
    step_defs/**           -> casebook/suite/step_defs/
    tests/<game>/**        -> casebook/suite/tests/<game>/  for every game of features/ (random play)
    docs/**, mkdocs.yml    -> casebook/suite/docs/, casebook/suite/mkdocs.yml  (for ``casebook docs``)
    pyproject.toml         -> casebook/suite/pyproject.toml  (the suite's pytest settings)

Globs, not lists: a new game, feature file or docs page needs no edit here.
``casebook/suite/`` itself has no ``__init__.py`` on purpose: pytest then
imports the suite's modules as ``step_defs.x`` and ``tests.<game>.x``, as it
does in a checkout.  The harness's own tests (tests/test_*.py, tests/conformance,
tests/docs, ...) stay in the sdist only; a helper that the games' random play
shares belongs in casebook/properties/random_play.py or a tests/*.py module not named test_*.
"""

import importlib.util
import shutil
from pathlib import Path

from setuptools import find_packages, setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
SUITE = "casebook.suite"


def _load_suite_module():
    """casebook/conformance/suite.py, by path: it holds the globs the digest uses, and needs nothing installed."""
    spec = importlib.util.spec_from_file_location("_casebook_suite", HERE / "casebook" / "conformance" / "suite.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


suite = _load_suite_module()
GAMES = suite.games(HERE)

packages = find_packages(include=["casebook", "casebook.*", "statemachines", "statemachines.*"])
package_dir = {
    f"{SUITE}.features": "features",
    f"{SUITE}.step_defs": "step_defs",
    f"{SUITE}.tests": "tests",
    f"{SUITE}.docs": "docs",
}
# features/ and docs/ are data only (namespace packages with no __init__.py); step_defs/ is a package.
packages += [f"{SUITE}.features", f"{SUITE}.docs", f"{SUITE}.step_defs", f"{SUITE}.tests"]
packages += [f"{SUITE}.step_defs.{p}" for p in find_packages("step_defs")]
packages += [f"{SUITE}.tests.{p}" for p in find_packages("tests") if p.split(".")[0] in GAMES]

package_data = {
    "casebook": [
        "schemas/*.json",
        "kit_bridge.schema.json",  # the kit over the wire: its call protocol, read by casebook.kit_bridge
        "conformance/perft/*.json",
        "conformance/*.md",
        "conformance/*.json",
        "site/templates/*",
        "site/licences/*",
        "scaffold/templates/*",
    ],
    "statemachines": ["**/*.json", "**/*.yml", "**/*.yaml", "**/*.txt"],  # a game's data files, if it keeps any
    f"{SUITE}.features": list(suite.FEATURE_FILES),
    f"{SUITE}.docs": list(suite.DOCS_FILES),
    f"{SUITE}.step_defs": [p for p in suite.STEP_FILES if not p.endswith(".py")],
    **{f"{SUITE}.tests.{game}": [p for p in suite.TEST_FILES if not p.endswith(".py")] for game in GAMES},
}


class BuildWithSuite(build_py):
    """build_py, plus the suite's top-level files, minus the harness's own tests."""

    def find_package_modules(self, package, package_dir):
        modules = super().find_package_modules(package, package_dir)
        if package == f"{SUITE}.tests":  # tests/test_*.py check the repository, not an engine; helpers travel
            modules = [m for m in modules if not m[1].startswith("test_")]
        return modules

    def run(self):
        super().run()
        target = Path(self.build_lib, *SUITE.split("."))
        target.mkdir(parents=True, exist_ok=True)
        for name in suite.TOP_FILES:
            shutil.copyfile(HERE / name, target / name)


setup(
    packages=packages,
    package_dir=package_dir,
    package_data=package_data,
    include_package_data=False,  # exactly the globs above: MANIFEST.in's grafts are for the sdist
    cmdclass={"build_py": BuildWithSuite},
)
