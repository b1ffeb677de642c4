"""What each example sends: the reference, wrapped to note every move a scenario applies (issue 25 item 3).

    pytest step_defs -p no:xdist -p tests.givens.sent --impl python:tests.givens.sent:make

writes to ``$CASEBOOK_SENT`` one record a move: the example's node id, game and clauses, the step that sent it
(its type, given, when or then, and its text) and the move's actor and action type.
A chance move sent by a Given is the set-up
(a deal, a roll for who starts): test_subjects.py leaves those aside and holds every other move against the
clause's subject.
"""

from __future__ import annotations

import json

from casebook import settings
from casebook.pytest.plugin import item_info
from statemachines.reference import ReferenceImplementation

OUT = settings.SENT.name
_now: dict = {}  # the example and step running now
_sent: list[dict] = []


class Recording(ReferenceImplementation):
    def apply(self, table, actor, action):
        if _now.get("test") and isinstance(action, dict):
            _sent.append({**_now, "actor": actor, "type": action.get("type")})
        return super().apply(table, actor, action)


def make() -> Recording:
    return Recording()


def pytest_runtest_setup(item):
    info = item_info(item)
    _now.clear()
    if info["kind"] == "scenario":
        _now.update(test=item.nodeid, game=info["game"], clauses=info["clauses"], step=None)


def pytest_bdd_before_step(request, feature, scenario, step, step_func):
    _now.update(step=step.type, text=step.name)  # given | when | then (an And is its step's)


def pytest_runtest_teardown(item):
    _now.clear()


def pytest_sessionfinish(session):
    if settings.SENT.get():
        with open(settings.SENT.get(), "w", encoding="utf-8") as out:
            json.dump(_sent, out)
