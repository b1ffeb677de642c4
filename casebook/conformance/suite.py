"""Where the rules suite is, and which edition of it a report judged.

The suite is what ``verify``, ``docs`` and the property tests read:
``features/`` (the rulebook as Gherkin, plus each game's trace and word
lists), ``step_defs/``, ``tests/<game>/`` (random play), ``docs/`` and
``mkdocs.yml``, and the pytest settings in ``pyproject.toml``.  In the
repository they sit at the top, as DESIGN.md lays them out; a wheel carries
the same files under ``casebook/suite/`` (setup.py maps them there), so an
engine author who ran ``pip install casebook`` has the rulebook with no clone.

``shipped_root()`` is that suite: the packaged copy in an installed wheel,
else the checkout this code runs from (an editable install).  ``--suite``
points ``verify`` at another checkout, e.g. one whose features were edited;
``edition()`` then says that the verdicts are not against the shipped text.

This module imports only the standard library: setup.py loads it at build
time (before any dependency is installed) for the same globs the digest uses,
so what the wheel carries and what the digest covers cannot drift apart.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import sys
from pathlib import Path

PACKAGED = Path(__file__).resolve().parents[1] / "suite"  # <site-packages>/casebook/suite in a wheel
SOURCE = Path(__file__).resolve().parents[2]  # the checkout, when Casebook runs from one

# What travels, relative to each folder (globs, so new games and new files need no edit here).
FEATURE_FILES = ("**/*.feature", "**/*.yml", "**/*.yaml", "**/*.json", "**/*.md", "**/*.txt")
STEP_FILES = ("**/*.py", "**/*.json", "**/*.yml")
TEST_FILES = ("**/*.py", "**/*.json", "**/*.yml")  # of tests/<game>/ for each game of features/
DOCS_FILES = ("**/*",)
TOP_FILES = ("mkdocs.yml", "pyproject.toml")  # mkdocs' config; pyproject.toml holds the pytest settings
# Besides step_defs/ and tests/<game>/, what pytest reads when verify runs a suite (issue 27, F1): the settings it is
# given with -c (their addopts apply), the conftest.py files of the folders above the test files (the suite's root is
# the rootdir, so none above it), and the tests/ package and its helpers that the games' tests import.
HARNESS_FILES = ("pyproject.toml", "conftest.py", "tests/conftest.py", "tests/__init__.py")


def is_suite(root: Path) -> bool:
    return (root / "features").is_dir() and (root / "step_defs").is_dir()


def shipped_root() -> Path:
    """The suite this Casebook carries: the wheel's packaged copy, else the checkout it runs from."""
    for root in (PACKAGED, SOURCE):
        if is_suite(root):
            return root
    return PACKAGED  # an install without its suite: callers say "no features" and name this folder


def games(root: Path) -> list[str]:
    """The games of a suite: the folders of features/ that hold a .feature file."""
    features = root / "features"
    if not features.is_dir():
        return []
    return sorted(p.name for p in features.iterdir() if p.is_dir() and any(p.glob("*.feature")))


def _matching(folder: Path, patterns: tuple[str, ...]) -> list[Path]:
    found = {p for pattern in patterns for p in folder.glob(pattern) if p.is_file() and "__pycache__" not in p.parts}
    return sorted(found, key=lambda p: p.relative_to(folder).as_posix())


def harness_files(root: Path) -> list[Path]:
    """The files outside step_defs/ and tests/<game>/ that pytest reads when it runs the suite: its settings, the
    conftest.py files above the tests, and the tests/ package's helper modules (the modules not named test_*)."""
    found = {root / name for name in HARNESS_FILES if (root / name).is_file()}
    tests = root / "tests"
    if tests.is_dir():
        found |= {p for p in tests.glob("*.py") if not p.name.startswith("test_")}
    return sorted(found, key=lambda p: p.relative_to(root).as_posix())


def suite_files(root: Path) -> dict[str, list[Path]]:
    """The files that make the suite's two parts: the rule text and the code that judges by it (the step
    definitions, the games' tests, and every other file pytest reads to run them: a root conftest.py that changed
    the implementation under test would otherwise leave the suite reading as shipped)."""
    steps = [*_matching(root / "step_defs", STEP_FILES)]
    for game in games(root):
        steps += _matching(root / "tests" / game, TEST_FILES)
    steps += harness_files(root)
    return {"features": _matching(root / "features", FEATURE_FILES), "steps": steps}


def digest(root: Path, files: list[Path]) -> str:
    """sha256 over each file's path (relative to the suite, '/'-separated) and bytes, in path order."""
    h = hashlib.sha256()
    for path in files:
        h.update(path.relative_to(root).as_posix().encode() + b"\0")
        h.update(path.read_bytes().replace(b"\r\n", b"\n") + b"\0")  # a Windows checkout is the same edition
    return h.hexdigest()


def fingerprint(root: Path) -> dict[str, str]:
    return {part: digest(root, files) for part, files in suite_files(root).items()}


def edition(root: Path, version: str) -> dict:
    """What a report names as the rulebook edition it judged (the report's ``"suite"``)."""
    shipped = shipped_root()
    mine = fingerprint(root)
    same_folder = root.resolve() == shipped.resolve()
    theirs = mine if same_folder else (fingerprint(shipped) if is_suite(shipped) else {})
    edited = [part for part in ("features", "steps") if theirs.get(part) != mine[part]]
    out = {
        "casebook": version,
        "features": mine["features"],
        "steps": mine["steps"],
        "source": "packaged" if root.resolve() == PACKAGED.resolve() else "checkout",
        "root": str(root),
        "edited": bool(edited),
    }
    if edited:
        out["edited_parts"] = edited
        out["shipped"] = {part: theirs.get(part, "") for part in ("features", "steps")}
    return out


def headline(suite: dict) -> str:
    """One line for a report's header: Casebook's version, the features digest, and whether they were edited."""
    line = f"rulebook edition: Casebook {suite.get('casebook', '?')}, features {suite.get('features', '')[:12]}"
    if not suite.get("edited"):
        return line + (
            " (as shipped)"
            if suite.get("source") == "packaged"
            else f" (as shipped; read from the checkout {suite.get('root', '?')})"
        )
    parts = " and ".join(
        {"features": "feature files", "steps": "step definitions"}[p] for p in suite.get("edited_parts", [])
    )
    shipped = suite.get("shipped", {}).get("features", "")[:12] or "none"
    return (
        f"{line} — EDITED SUITE: its {parts} differ from those shipped with Casebook {suite.get('casebook', '?')} "
        f"(features {shipped}); read from {suite.get('root', '?')}"
    )


def version_line(root: Path | None = None) -> str:
    """``casebook --version``: which Casebook, the edition of the feature files it judges by, and which Python.

    The digest is the one a report's ``suite.features`` holds (whole, so a CI script can compare it), computed from
    the feature files read now; ``root`` is a ``--suite`` checkout, else the suite Casebook carries.
    """
    from casebook import __version__

    root = root or shipped_root()
    if not suite_files(root)["features"]:
        raise FileNotFoundError(f"no feature files under {root}: not a Casebook suite")
    suite = edition(root, __version__)
    where = "as shipped" if not suite["edited"] else f"EDITED, read from {suite['root']}"
    python = ".".join(str(n) for n in sys.version_info[:3])
    return f"casebook {__version__}, rulebook edition: features {suite['features']} ({where}), Python {python}"


def log_headline(root: Path | None = None) -> str | None:
    """The ``version_line`` that heads a command's log (verify's, hello's), or None where there is no suite to name:
    the command then says so in its own words, or (hello) has no need of one."""
    try:
        return version_line(root)
    except FileNotFoundError:
        return None


def docs_root(cwd: Path | None = None) -> Path:
    """A folder for ``casebook docs`` to build from when no checkout is at hand.

    From a checkout, the checkout.  From an installed wheel, a folder
    ``.casebook-docs/`` in the working directory whose links point at the
    packaged suite (mkdocs.yml, docs/, features/) and at the installed
    casebook and statemachines packages, while ``results/`` and ``build/``
    link back to the working directory: the site reads the reports you wrote
    there and is built into ./build/site, never into site-packages.
    """
    shipped = shipped_root()
    if shipped == SOURCE:
        return SOURCE
    here = (cwd or Path.cwd()).resolve()
    stage = here / ".casebook-docs"
    stage.mkdir(exist_ok=True)
    links = {name: shipped / name for name in ("mkdocs.yml", "docs", "features")}
    links["casebook"] = PACKAGED.parent
    engines = importlib.util.find_spec(
        "statemachines"
    )  # located, not imported: the harness reaches engines by entry point
    if engines is not None and engines.submodule_search_locations:
        links["statemachines"] = Path(list(engines.submodule_search_locations)[0])
    links["results"] = here / "results"
    links["build"] = here / "build"
    links["build"].mkdir(exist_ok=True)  # mkdocs cannot create build/site through a dangling link
    for name, target in links.items():
        link = stage / name
        if link.is_symlink() and Path(os.readlink(link)) == target:
            continue
        if link.is_symlink() or link.exists():
            link.unlink()
        link.symlink_to(target)
    return stage
