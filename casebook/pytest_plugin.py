"""The pytest plugin: choose the implementation, bind tags, skip what it declines.

    pytest --impl=reference                 (default) the reference, in process
    pytest --impl=python:pkg.mod:factory    any Python implementation
    pytest --impl="cmd:casebook serve"      any program speaking the stdio protocol

The implementation is opened once per run (a stdio engine: one process,
restarted only after it fails).  Scenarios whose game, or whose tags
(``@variant-duel``, ``@optional``, ``@model-board``…), the implementation
declines in ``hello`` are skipped as ``unsupported: …``, never failed.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from casebook.impls import SpecError, close_implementation, open_implementation
from casebook.protocol import Table

CLAUSE_ID = re.compile(r"^[A-Z]{2}-[A-Z0-9]+-\d{2,}$")
UNSUPPORTED = "unsupported: "
_config = None  # set in pytest_configure: tag hooks have no config of their own


def pytest_addoption(parser):
    group = parser.getgroup("casebook")
    group.addoption("--impl", default="reference", help="implementation under test: reference | python:mod:factory | cmd:COMMAND | entry-point name")
    group.addoption("--impl-timeout", type=float, default=10.0, help="seconds an engine may take to answer one call (stdio)")


def pytest_configure(config):
    global _config
    _config = config


@pytest.hookimpl(tryfirst=True)  # before pytest-bdd's own, which would make every tag a bare marker
def pytest_bdd_apply_tag(tag, function):
    """Clause ids become ``clause(id)`` markers; other tags become markers of their name."""
    if CLAUSE_ID.match(tag):
        pytest.mark.clause(tag)(function)
        return True
    if _config is not None and tag not in _config.getini("markers"):
        _config.addinivalue_line("markers", f"{tag}: a Gherkin tag of the Casebook features")
    getattr(pytest.mark, tag)(function)
    return True


@pytest.fixture(scope="session")
def implementation(request):
    try:
        impl = open_implementation(request.config.getoption("--impl"), timeout=request.config.getoption("--impl-timeout"))
    except SpecError as exc:  # one clear message, not an error per scenario
        pytest.exit(f"casebook: --impl: {exc}", returncode=4)
    yield impl
    close_implementation(impl)


@pytest.fixture(scope="session")
def hello(implementation):
    return implementation.hello()


def _scenario_of(item):
    """The pytest-bdd scenario behind a test item (``__scenario__`` up to pytest-bdd 8, a registry since 9)."""
    function = getattr(item, "function", None)
    scenario = getattr(function, "__scenario__", None)
    if scenario is None and function is not None:
        try:
            from pytest_bdd.scenario import scenario_wrapper_template_registry
        except ImportError:
            return None
        scenario = scenario_wrapper_template_registry.get(function)
    return scenario


def scenario_game(item) -> str | None:
    """A scenario's game is the folder its feature file lives in: features/<game>/x.feature."""
    scenario = _scenario_of(item)
    if scenario is None:
        return None
    feature = scenario.feature
    return Path(getattr(feature, "abs_filename", None) or feature.filename).parent.name


def scenario_tags(item) -> set[str]:
    scenario = _scenario_of(item)
    tags = set(scenario.tags) | set(scenario.feature.tags)
    rule = getattr(scenario, "rule", None)
    if rule is not None:
        tags |= set(rule.tags)
    return tags


def unsupported_reason(hello: dict, game: str, tags: set[str]) -> str | None:
    games = hello.get("games", {})
    if game not in games:
        return f"game {game} not offered"
    declined = sorted(set(games[game].get("declines", [])) & tags)
    if declined:
        return "declines " + ", ".join("@" + t for t in declined)
    return None


@pytest.fixture(autouse=True)
def _casebook_supported(request):
    game = scenario_game(request.node)
    if game is None:
        return
    reason = unsupported_reason(request.getfixturevalue("hello"), game, scenario_tags(request.node))
    if reason:
        pytest.skip(UNSUPPORTED + reason)


@pytest.fixture
def game_id(request) -> str:
    game = scenario_game(request.node)
    if game is None:
        raise pytest.UsageError("game_id is only known inside a scenario of features/<game>/")
    return game


@pytest.fixture
def tables(implementation):
    """Every table a scenario opens; all are closed when it ends."""
    opened: list[Table] = []
    yield opened
    for table in opened:
        try:
            table.close()
        except Exception:
            pass  # a crashed engine has forgotten it already


@pytest.fixture
def open_table(implementation, tables, game_id):
    def opener(options: dict | None = None, *, state: dict | None = None) -> Table:
        if state is not None:
            table = Table.load(implementation, game_id, state)
        else:
            table = Table.new(implementation, game_id, options or {})
        tables.append(table)
        return table

    return opener


def pytest_report_header(config):
    return f"casebook: implementation under test = {config.getoption('--impl')}"
