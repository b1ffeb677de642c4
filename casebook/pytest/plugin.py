"""The pytest plugin: choose the implementation, bind tags, skip what it declines.

    pytest --impl=reference                 (default) the reference, in process
    pytest --impl=python:pkg.mod:factory    any Python implementation
    pytest --impl="cmd:casebook serve"      any program speaking the stdio protocol
    pytest --impl=ws://127.0.0.1:PORT/      a server speaking it over WebSocket (casebook serve --listen)

The implementation is opened once per run (a stdio engine: one process,
restarted only after it fails).  Scenarios whose game, or whose tags
(``@variant-duel``, ``@optional``, ``@model-board``, ``@setup``…), the implementation
declines in ``hello`` are skipped as ``unsupported: …``, never failed (decided
as they are collected).
"""

from __future__ import annotations

import functools
import importlib
import inspect
from pathlib import Path

import pytest

from casebook.pytest import feature_cache
from casebook.pytest.honour_declines import declining
from casebook.errors import Unsupported
from casebook.impls import SpecError, close_implementation, open_implementation
from casebook.protocol import Table
from casebook.rulebook import CLAUSE_ID
from casebook.verdicts import UNSUPPORTED, failure_message, invariant_of, unsupported_reason

_config = None  # set in pytest_configure: tag hooks have no config of their own


def pytest_addoption(parser):
    group = parser.getgroup("casebook")
    group.addoption(
        "--impl",
        default="reference",
        help="implementation under test: "
        "reference | python:mod:factory | cmd:COMMAND | ws://HOST:PORT/PATH | entry-point name",
    )
    group.addoption(
        "--impl-timeout",
        type=float,
        default=10.0,
        help="seconds an engine may take to answer one call (stdio, WebSocket)",
    )


# Where this plugin reaches into a library's private internals (pyproject.toml bounds their versions), and whether
# it could this run.  A patch that finds the internals gone leaves the library's own, slower way in place, and
# tests/harness/test_plugin.py fails: adapt the patch, or drop it if its upstream issue (UPSTREAM) is fixed.
PATCHES = {
    "pytest-bdd: step lookup once per module and step text": False,
    "pytest-bdd: step signatures read once": False,
    "pytest: asserts rewritten in casebook.properties.random_play only": False,
    "pytest-bdd: a step's target fixture dropped after its test": False,
    "pytest-bdd: a feature file's parse kept on disk by its content": False,
}
# Each patch's upstream issue, looked for in pytest's and pytest-bdd's trackers (2026-12): none asks for what these
# patches do, so each names the nearest thread and what we would report.
UPSTREAM = {
    "pytest-bdd: step lookup once per module and step text": "no issue filed; the lookup walks every fixture of the "
    "session per step (pytest-dev/pytest-bdd#544, the resolution this replaces; #509 proposed a step registry, "
    "closed unmerged)",
    "pytest-bdd: step signatures read once": "no issue filed; inspect.signature is read twice per step executed "
    "since pytest-dev/pytest-bdd#737",
    "pytest: asserts rewritten in casebook.properties.random_play only": "no issue for narrowing a plugin "
    "distribution's rewrite; nearest: pytest-dev/pytest#2995 (PYTEST_DONT_REWRITE not checked for plugins)",
    "pytest-bdd: a step's target fixture dropped after its test": "no issue filed; the value is registered with "
    "_register_fixture since pytest-dev/pytest-bdd#680 and never unregistered",
    "pytest-bdd: a feature file's parse kept on disk by its content": "no issue filed; pytest-bdd parses every "
    "feature file at each collection (nearest: pytest-dev/pytest-bdd#623, parser speed)",
}


def pytest_configure(config):
    global _config
    _config = config
    config.addinivalue_line(
        "markers",
        "impl: the test reaches the implementation under test (set by this plugin): "
        "`-m impl` runs what --impl can change, e.g. again over another transport",
    )
    bdd = importlib.import_module("pytest_bdd.scenario")  # (the package's name `scenario` is a function)
    if all(
        hasattr(bdd, n)
        for n in (
            "get_step_function",
            "step_function_context_registry",
            "get_fixture_names",
            "getfixturedefs",
            "iterparentnodeids",
        )
    ):  # else pytest-bdd's own, slower lookup
        stock = bdd.get_step_function
        bdd.get_step_function = remembered_lookup(bdd)
        config.add_cleanup(lambda: setattr(bdd, "get_step_function", stock))
        PATCHES["pytest-bdd: step lookup once per module and step text"] = True
    features = importlib.import_module("pytest_bdd.feature")
    if (
        callable(getattr(features, "get_feature", None))
        and isinstance(getattr(features, "features", None), dict)
        and feature_cache.usable(features)
    ):
        stock_parse = feature_cache.install(features)  # parsing stays where pytest-bdd does it, only cheaper
        config.add_cleanup(lambda: setattr(features, "get_feature", stock_parse))
        PATCHES["pytest-bdd: a feature file's parse kept on disk by its content"] = True
    # pytest-bdd reads each step function's signature twice per step executed; a function's signature never changes
    remembered = functools.lru_cache(maxsize=None)(inspect.signature)
    for module in (bdd, importlib.import_module("pytest_bdd.utils")):
        if getattr(module, "signature", None) is inspect.signature:
            module.signature = remembered
            config.add_cleanup(lambda module=module: setattr(module, "signature", inspect.signature))
            PATCHES["pytest-bdd: step signatures read once"] = True


@pytest.hookimpl(trylast=True)  # the fixture manager is made in pytest's own sessionstart
def pytest_sessionstart(session):
    manager = session._fixturemanager
    PATCHES["pytest-bdd: a step's target fixture dropped after its test"] = all(
        isinstance(getattr(manager, name, None), dict) for name in ("_arg2node2fixturedefs", "_arg2nodeid2fixturedefs")
    )


@pytest.hookimpl(trylast=True)  # after the test's own fixtures are torn down
def pytest_runtest_teardown(item):
    """pytest-bdd 9 registers each step's ``target_fixture`` value (an outcome, a refusal) as a fixture of the test
    item and never drops it: every scenario's outcome, with its states, its error and that error's traceback, lived
    to the session's end, and every full garbage collection walked them all.  Dropped once the test is torn down."""
    if PATCHES["pytest-bdd: a step's target fixture dropped after its test"]:
        manager = item.session._fixturemanager
        for by_node in manager._arg2node2fixturedefs.values():
            by_node.pop(item, None)
        for by_id in manager._arg2nodeid2fixturedefs.values():
            by_id.pop(item.nodeid, None)


@pytest.hookimpl(tryfirst=True)  # before the first conftest imports any of it
def pytest_load_initial_conftests(early_config):
    """pytest rewrites the asserts of every module of a pytest11 plugin's distribution: here the harness and
    the reference engines, re-parsed at every run where no bytecode is written (PYTHONDONTWRITEBYTECODE).
    Only casebook.properties.random_play asserts anything a failure report needs; the rest is imported plainly."""
    hook = early_config.pluginmanager.rewrite_hook
    marked = getattr(hook, "_must_rewrite", None)  # pytest's own (private) set; without it all stays as it was
    if not isinstance(marked, set):
        return
    # An editable install (uv's, as ./run.sh makes) lists no modules to pytest: nothing is marked then, and
    # casebook.properties.random_play must be registered all the same, or its asserts stay plain.
    marked -= {"casebook", "statemachines"}
    getattr(hook, "_marked_for_rewrite_cache", {}).clear()
    pytest.register_assert_rewrite("casebook.properties.random_play")
    PATCHES["pytest: asserts rewritten in casebook.properties.random_play only"] = True


def remembered_lookup(bdd):
    """pytest-bdd's step lookup (``get_step_function``), done once per test module and step text.

    pytest-bdd finds each step of each scenario by walking every fixture name of the session (all games' steps
    and fixtures) and asking pytest which of them the test sees, then lends the matches to pytest as a temporary
    fixture and asks for it: so a step cost more with every game collected beside it.  What a module's tests
    see is fixed once collected (steps are module and conftest fixtures), so here the walk is done once per
    module, a text is matched once per module against that module's step definitions, and the definition
    pytest would choose (the closest) is remembered.
    """
    registry = bdd.step_function_context_registry  # step definitions: fixture function -> its parser and type
    visible: dict = {}
    found: dict = {}

    def get_step_function(request, step):
        module = request.node.parent
        if module not in visible:
            manager = request._fixturemanager
            visible[module] = [
                d
                for name in bdd.get_fixture_names(manager)
                for d in bdd.getfixturedefs(manager, name, request.node) or ()
                if d.func in registry
            ]
        key = (module, step.type, step.name)
        if key not in found:
            matching = [
                d
                for d in visible[module]
                if registry[d.func].type in (None, step.type) and registry[d.func].parser.is_matching(step.name)
            ]
            matching.sort(key=lambda d: list(bdd.iterparentnodeids(d.baseid)))  # pytest-bdd's order: the closest last
            found[key] = registry[matching[-1].func] if matching else None
        return found[key]

    return get_step_function


NEEDS = "needs:"  # @needs:CD-END-01: the example passes through that clause's behaviour to reach its own subject


@pytest.hookimpl(tryfirst=True)  # before pytest-bdd's own, which would make every tag a bare marker
def pytest_bdd_apply_tag(tag, function):
    """Clause ids become ``clause(id)`` markers, ``@needs:<id>`` a ``needs(id)`` marker; other tags their name."""
    if CLAUSE_ID.match(tag):
        pytest.mark.clause(tag)(function)
        return True
    if tag.startswith(NEEDS) and CLAUSE_ID.match(tag[len(NEEDS) :]):
        pytest.mark.needs(tag[len(NEEDS) :])(function)
        return True
    if _config is not None and tag not in _config.getini("markers"):
        _config.addinivalue_line("markers", f"{tag}: a Gherkin tag of the Casebook features")
    getattr(pytest.mark, tag)(function)
    return True


_OPENED = pytest.StashKey[object]()  # the implementation under test, once opened
_HELLO = pytest.StashKey[dict]()  # its hello, once asked
_HELLO_FAILED = pytest.StashKey[tuple]()  # why the collection could not ask it


def opened_implementation(config):
    """The implementation under test, opened at its first need (the collection, to ask its hello) and once per run."""
    if _OPENED not in config.stash:
        try:
            impl = open_implementation(config.getoption("--impl"), timeout=config.getoption("--impl-timeout"))
        except SpecError as exc:  # one clear message, not an error per scenario
            pytest.exit(f"casebook: --impl: {exc}", returncode=4)
        config.stash[_OPENED] = impl
    return config.stash[_OPENED]


def forget_implementation(config) -> None:
    """Hook for ``casebook mutate``'s forked runs: the next test opens the implementation under test anew, and asks
    its hello again (a copy of a collected session runs against a mutant of the engine the collection opened)."""
    for key in (_OPENED, _HELLO, _HELLO_FAILED):
        if key in config.stash:
            del config.stash[key]


@pytest.fixture(scope="session")
def implementation(request):
    impl = opened_implementation(request.config)
    try:
        hello = hello_of(request.config)
    except Exception:  # an engine that cannot say hello: each test meets the failure where it calls it
        return impl
    return declining(impl, hello, request.config.rootpath / "features")


def pytest_sessionfinish(session):
    impl = session.config.stash.get(_OPENED, None)
    if impl is not None:
        del session.config.stash[_OPENED]
        close_implementation(impl)


def hello_of(config) -> dict:
    """The hello of the implementation under test, asked once per run."""
    if _HELLO not in config.stash:
        config.stash[_HELLO] = opened_implementation(config).hello()
    return config.stash[_HELLO]


@pytest.fixture(scope="session")
def hello(request):
    return hello_of(request.config)


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


def item_info(item) -> dict:
    """What verify's report needs of one test: a scenario's clauses, game and names, or a property test's game."""
    scenario = _scenario_of(item)
    if scenario is not None:
        clauses = [m.args[0] for m in item.iter_markers("clause") if m.args]
        needs = sorted({m.args[0] for m in item.iter_markers("needs") if m.args} - set(clauses))
        name = scenario.name + (f" [{item.callspec.id}]" if hasattr(item, "callspec") else "")
        return {
            "kind": "scenario",
            "clauses": clauses,
            "needs": needs,  # the clauses it passes through (@needs:<id>): the report's "blocked by"
            "game": scenario_game(item),
            "name": name,
            "feature": scenario.feature.name,
        }
    suite = Path(item.config.rootpath).resolve()  # the suite's root: this checkout, or verify --suite's
    path = Path(str(item.path)).resolve()
    parts = path.relative_to(suite).parts if path.is_relative_to(suite) else ()
    game = parts[1] if len(parts) > 2 and parts[0] == "tests" else ""
    return {"kind": "property", "clauses": [], "game": game, "name": item.nodeid}


def scenario_tags(item) -> set[str]:
    scenario = _scenario_of(item)
    tags = set(scenario.tags) | set(scenario.feature.tags)
    rule = getattr(scenario, "rule", None)
    if rule is not None:
        tags |= set(rule.tags)
    return tags


def pytest_collection_modifyitems(config, items):
    """Tests that reach the implementation under test are marked ``impl`` (``-m impl`` runs what --impl can change);
    what the hello declines is skipped as ``unsupported: …``, decided once per scenario as it is collected."""
    scenarios = [(item, game) for item in items if (game := scenario_game(item)) is not None]
    for item in items:  # a scenario's steps ask for the implementation as they run, not by name
        if "implementation" in getattr(item, "fixturenames", ()) or scenario_game(item) is not None:
            item.add_marker(pytest.mark.impl)
    if not scenarios:
        return
    impl = opened_implementation(config)  # a bad --impl ends the run here, with one message
    try:
        hello = config.stash[_HELLO] = impl.hello()
    except Exception as exc:  # e.g. an engine that cannot start: each scenario errs in its setup, naming the cause
        config.stash[_HELLO_FAILED] = (exc, exc.__traceback__)
        return
    for item, game in scenarios:
        reason = unsupported_reason(hello, game, scenario_tags(item))
        if reason:
            item.add_marker(pytest.mark.skip(reason=UNSUPPORTED + reason))


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item):
    failed = item.config.stash.get(_HELLO_FAILED, None)
    if failed is not None and scenario_game(item) is not None:
        raise failed[0].with_traceback(failed[1])


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item):
    """A property test that meets ``unsupported`` from an engine declining part of its game (a start it will not
    load, a test that drives into that part) went where the engine said it does not go: the test is unsupported
    there, not failed (issue 44 item 7), as a scenario's decline is.  A move the engine listed and then refused is
    still a failure: that refusal is raised inside an invariant, which names it.

    A scenario whose engine answers ``unsupported`` to what the example needs (a Then's look at a part it does not
    play; a When's move is skipped in step_defs/position.py ``acted``) is unsupported with the engine's words, never
    failed, never passed: a decline costs exactly itself."""
    try:
        return (yield)
    except Unsupported as exc:
        if invariant_of(exc):  # refused inside an invariant (a listed move answered unsupported): a failure
            raise
        if scenario_game(item) is not None:
            pytest.skip(f"{UNSUPPORTED}the engine does not play this here: {exc.message}")
        game = item_info(item)["game"]
        declines = ((hello_of(item.config).get("games") or {}).get(game) or {}).get("declines") if game else None
        if not declines:
            raise
        pytest.skip(f"{UNSUPPORTED}the engine declines part of {game} and answered: {exc.message}")


def game_of(node) -> str:
    game = scenario_game(node)
    if game is None:
        raise pytest.UsageError("game_id is only known inside a scenario of features/<game>/")
    return game


@pytest.fixture
def game_id(request) -> str:
    return game_of(request.node)


class Tables:
    """The tables one scenario opens on one game; ``close()`` closes them all."""

    def __init__(self, implementation, game: str):
        self.implementation, self.game, self.opened = implementation, game, []

    def open(self, options: dict | None = None, *, state: dict | None = None) -> Table:
        if state is not None:
            table = Table.load(self.implementation, self.game, state)
        else:
            table = Table.new(self.implementation, self.game, options or {})
        self.opened.append(table)
        return table

    def close(self) -> None:
        for table in self.opened:
            try:
                table.close()
            except Exception:
                pass  # a crashed engine has forgotten it already


@pytest.fixture
def open_table(implementation, game_id):
    tables = Tables(implementation, game_id)
    yield tables.open
    tables.close()


# -- parallel runs (pytest -n, pytest-xdist) ------------------------------------------
# pytest-bdd 9 keeps each report's scenario in a registry keyed by the report object, which
# does not cross from a worker to the controller: its Cucumber JSON came out empty under -n.
# The worker copies the scenario onto the report (serialized with it); the controller puts
# it back in the registry before the Cucumber JSON plugin reads it.
BDD_KEY = "casebook_bdd"
ITEM_KEY = "casebook_item"  # what casebook verify's report needs of the test (clauses, game, names)
MESSAGE_KEY = "casebook_message"  # a failure's cause, named as casebook verify names it
INVARIANT_KEY = "casebook_invariant"  # the invariant a failed property test broke (the exception stays in the worker)


def _bdd_registry():
    try:
        from pytest_bdd.reporting import ReportContext, test_report_context_registry
    except ImportError:  # an older pytest-bdd keeps it on the report itself
        return None, None
    return ReportContext, test_report_context_registry


@pytest.hookimpl(hookwrapper=True, tryfirst=True)  # outermost: runs after pytest-bdd has filed the report
def pytest_runtest_makereport(item, call):
    outcome = yield
    if not hasattr(item.config, "workerinput"):
        return
    _, registry = _bdd_registry()
    report = outcome.get_result()
    context = registry.get(report) if registry is not None else None
    if context is not None:
        setattr(report, BDD_KEY, {"scenario": context.scenario, "name": context.name})
    setattr(report, ITEM_KEY, item_info(item))
    if call.excinfo is not None and not call.excinfo.errisinstance(pytest.skip.Exception):
        steps = context.scenario["steps"] if context is not None else []
        failed = next((f"{s['keyword']} {s['name']}" for s in steps if s.get("failed")), None)
        setattr(report, MESSAGE_KEY, failure_message(call.excinfo.value, failed))
        setattr(report, INVARIANT_KEY, invariant_of(call.excinfo.value))


@pytest.hookimpl(tryfirst=True)  # before the Cucumber JSON plugin reads the registry
def pytest_runtest_logreport(report):
    carried = getattr(report, BDD_KEY, None)
    context_class, registry = _bdd_registry()
    if carried and registry is not None and report not in registry:
        registry[report] = context_class(**carried)


def scenario_of_report(report) -> dict | None:
    """The serialized scenario (tags, rule, feature) a report carries from an xdist worker, or None."""
    carried = getattr(report, BDD_KEY, None)
    return carried["scenario"] if carried else None


def pytest_report_header(config):
    return f"casebook: implementation under test = {config.getoption('--impl')}"
