"""Steps every game shares.  Game steps live in step_defs/<game>.py, visible only there.

The generic steps that need a game's phrases (act, try, may, cannot, facts) are
built by step_defs/vocabulary.py and installed by each game module; the table a
scenario plays on is step_defs/position.py's, the state edits step_defs/components.py's,
the checks of who sees what step_defs/hidden_information.py's.
Here: refusals and their error, a copy that lost a component, the game's end and result, events.

    When Peter tries to <action>            (installed per game: target_fixture="outcome")
    Then the action is rejected as not_your_turn
    And the game is exactly as it was
"""

import gc
import json
import re
from typing import Callable
from pathlib import Path

import pytest
from pytest_bdd import parsers, then, when

from casebook import settings
from casebook import schemas
from casebook.pytest.plugin import Tables, game_of
from casebook.atomic import write_text
from step_defs import position as positions
from step_defs.components import lose
from step_defs.position import Position, acted, refusal, try_load
from step_defs.phrases import Parser

# pyproject's python_files ("step_defs/*.py") would also collect these as test modules, registering every
# step here twice: pytest-bdd looks each step up among all step fixtures, so twice the definitions cost twice the time
collect_ignore = [
    "conftest.py",
    "vocabulary.py",
    "position.py",
    "components.py",
    "views.py",
    "question_round.py",
    "phrases.py",
]


def pytest_configure(config):
    """The garbage collector, tuned for a run of scenarios: every scenario allocates thousands of short-lived dicts and
    lists (states, moves, views), and at Python's default (a young collection every 700 allocations) the collector
    ran ~650 young, ~60 middle and 6-7 full collections a session; every 10,000 allocations, a few dozen.  (What
    the collection built is frozen out of its walks before each game's scenarios: ``pytest_runtest_protocol``.)"""
    gc.set_threshold(10_000, *gc.get_threshold()[1:])


def pytest_sessionfinish(session, exitstatus):
    """A recording run (CASEBOOK_RECORD_POSITIONS=<folder>) writes the starts it dealt: <folder>/<game>/positions.json.

    ``casebook regenerate --only positions`` runs it for the published ones (the whole suite, in one process:
    each game's file is replaced whole), as part of regenerating everything generated.
    """
    folder = settings.RECORD_POSITIONS.get()
    if not folder or hasattr(session.config, "workerinput"):  # an xdist worker saw only its share of the starts
        return
    if exitstatus == pytest.ExitCode.INTERRUPTED:  # ^C, SIGTERM: the starts not dealt yet would be lost
        print(f"interrupted: positions.json not written for {', '.join(sorted(positions.recorded)) or 'any game'}")
        return
    for game, dealt in positions.recorded.items():
        path = Path(folder) / game / "positions.json"
        path.parent.mkdir(parents=True, exist_ok=True)
        write_text(path, positions.positions_json(dealt))


_frozen_at: list = [None]


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_protocol(item, nextitem):
    """Before each game's scenarios, where they run (outside every scenario's own time, and never in an xdist
    controller): what is alive is collected once and frozen, so that no scenario pays for a full garbage collection of
    the modules, engines and reports (issue 32: the slowest "scenarios", 100-250x an empty one, were such collections,
    not long play)."""
    if item.path != _frozen_at[0]:
        _frozen_at[0] = item.path
        gc.collect()
        gc.freeze()


@pytest.fixture
def position(implementation, request) -> Position:
    """The scenario's table; it opens and closes its tables itself (fewer fixtures to resolve in every scenario)."""
    tables = Tables(implementation, game_of(request.node))
    yield Position(implementation, tables.open, tables.game)
    tables.close()


@when(parsers.re(r"(?P<actor>.+?) tries to send (?P<payload>\{.*\})"), target_fixture="outcome")
def send_raw(position, actor, payload):
    """A raw request, for refusals of what no phrase can say (a malformed action)."""
    return acted(position, actor, json.loads(payload), trying=True)


@when(parsers.parse("a copy of the game without {name} is loaded"), target_fixture="refusal")
def load_without(position, open_table, game_id, name):
    """The position, less one component (the counts no longer add up): the typed refusal its load gets, or None."""
    schema, state = schemas.load(game_id), position.table.state()
    known = {n for entry in schema["inventory"].values() for n in entry["count"]}
    lose(schema, state, name if name in known else name.removeprefix("the "))  # "the drill", but "the Super Parrot"
    return try_load(open_table, state)


@when(parsers.re(r"a new game of (?P<who>.+) is requested"), target_fixture="refusal")
def new_game_requested(implementation, game_id, who):
    """A new table for these players ("Red and Blue"; "6 players": the schema's seat names in turn, then "Red II"...):
    the typed refusal it gets, or None (the table is closed again)."""
    n = re.fullmatch(r"(\d+) players", who)
    names = schemas.names(schemas.load(game_id), "player") if n else []
    players = (
        [names[k % len(names)] + " II" * (k // len(names)) for k in range(int(n[1]))]
        if n
        else re.split(r", | and ", who)
    )

    def open_and_close() -> None:
        implementation.close(implementation.new(game_id, {"players": players}))

    return refusal(open_and_close)


@when("the game is loaded", target_fixture="refusal")
def the_game_is_loaded(position):
    """The position the Givens built, loaded: the typed refusal it gets, or None."""
    return refusal(lambda: position.table)


def rejected_as(request, code):
    outcome = request.getfixturevalue("outcome")
    assert outcome.error is not None, f"expected a refusal ({code}), but it was accepted: {outcome}"
    assert outcome.error.code == code and outcome.error.message, f"expected {code} with a reason, got {outcome}"


def accepted(request):
    assert request.getfixturevalue("outcome").error is None, (
        f"expected acceptance, got {request.getfixturevalue('outcome')}"
    )


def unchanged(request):
    assert request.getfixturevalue("position").table.state() == request.getfixturevalue("outcome").before, (
        "a refused action changed the state"
    )


def request_refused(request, code):
    refusal = request.getfixturevalue("refusal")
    assert refusal is not None and refusal.code == code, f"expected the request refused as {code}, got " + (
        f"{refusal.code}: {refusal.message}" if refusal else "no refusal"
    )


def game_over(request):
    assert request.getfixturevalue("position").table.legal() == {"to_act": [], "moves": []}


def game_result(request, result):
    """The outcome's result (a word of the game's schema, the final phase's name), and nothing left to do."""
    table = request.getfixturevalue("position").table
    state = table.state()
    assert state["phase"] == result and state["outcome"] is not None and state["outcome"]["result"] == result, state[
        "outcome"
    ]
    assert table.legal() == {"to_act": [], "moves": []}


def events_reported(request, n):
    assert len(request.getfixturevalue("outcome").events) == n, request.getfixturevalue("outcome").events


def event_reported(request, kind):
    events = request.getfixturevalue("outcome").events
    assert any(e["type"] == kind for e in events), events


# One step definition for all of them: pytest-bdd looks every step up among all step definitions, so fewer is faster.
SHARED = [
    (r"the action is rejected as (?P<code>\w+)", rejected_as),
    (r"the action is accepted", accepted),
    (r"the game is exactly as it was", unchanged),
    (r"the request is refused as (?P<code>\w+)", request_refused),
    (r"the game is over", game_over),
    (r"the game is (?P<result>(?!over$)\w+)", game_result),
    (r"(?P<n>\d+) events were reported", events_reported),
    (r'an event "(?P<kind>[^"]+)" was reported', event_reported),
]


def shared_arguments(check: Callable) -> Callable[[re.Match], dict]:
    """A shared check's step arguments: the check, and the step's fields (``n``, a number)."""

    def arguments(m: re.Match) -> dict:
        return {"check": check, "args": {k: int(v) if k == "n" else v for k, v in m.groupdict().items()}}

    return arguments


@then(Parser("a shared check", [(re.compile(pattern), shared_arguments(check)) for pattern, check in SHARED]))
def shared_check(request, check, args):
    check(request, **args)
