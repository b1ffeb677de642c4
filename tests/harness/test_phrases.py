"""The phrase language's two-stage match (step_defs/phrases.py, Phrasing): a skeleton with each field any text, then
each field's own regex, the whole regex only where a field does not hold; and a step text met again."""

import os
import subprocess
from pathlib import Path

import pytest

from casebook.pytest_command import pytest_command

from step_defs import phrases
from step_defs.phrases import Parser, Types

ROOT = Path(__file__).resolve().parents[2]
SCHEMA = {
    "$defs": {"card": {"enum": ["rope", "knife", "X", "X and Y", "Y and Z", "Z"]}, "room": {"enum": ["hall", "attic"]}}
}


def fields(phrasing, text):
    m = phrasing.fullmatch(text)
    return m and m.groupdict()


def test_a_field_that_does_not_hold_sends_the_text_to_the_whole_regex():
    """The skeleton splits 'Ann holds none of rope' as holds {'none of rope'}: no card, so the whole regex decides."""
    types = Types(SCHEMA, player=r"\w+")
    holds, _ = types.compile("{player:player} holds {cards:card+}")
    assert fields(holds, "Ann holds rope, knife and X") == {"player": "Ann", "cards": "rope, knife and X"}
    assert fields(holds, "Ann holds none of rope") is None
    assert holds._full is not None  # compiled, once a field did not hold
    carried, _ = types.compile("{cards:card+} [is|are] in the {room:room}")
    assert carried._full is None and fields(carried, "rope and knife are in the attic") == {
        "cards": "rope and knife",
        "room": "attic",
    }
    assert fields(carried, "rope is in the cellar") is None


def test_where_two_splits_hold_the_check_tells(monkeypatch):
    """A grammar whose names contain its own join ('X and Y') splits 'X and Y and Z' two ways; the whole regex takes
    the longest name first, the skeleton the shortest field: CASEBOOK_CHECK_PHRASES makes that an error."""
    pair, _ = Types(SCHEMA).compile("{a:card} and {b:card}")
    assert fields(pair, "X and Y and Z") == {"a": "X", "b": "Y and Z"}
    assert pair.full.fullmatch("X and Y and Z").groupdict() == {"a": "X and Y", "b": "Z"}
    monkeypatch.setattr(phrases, "CHECKING", True)
    with pytest.raises(AssertionError, match="splits 'X and Y and Z' two ways"):
        pair.fullmatch("X and Y and Z")
    assert fields(pair, "rope and knife") == {"a": "rope", "b": "knife"}  # one split: no complaint


def test_a_text_met_again_builds_its_arguments_afresh():
    types = Types(SCHEMA, player=r"\w+")
    calls = []

    def built(m):
        calls.append(m[0])
        return {"cards": m["cards"].split(", ")}

    steps = Parser(
        "holdings",
        [
            (types.compile("{player:player} holds none of {cards:card+}")[0], built),
            (types.compile("{player:player} holds {cards:card+}")[0], built),
        ],
    )
    first = steps.find("Ann holds rope, knife")
    first["cards"].append("changed by a step")
    assert steps.find("Ann holds rope, knife") == {"cards": ["rope", "knife"]}
    assert steps.find("Ann holds none of rope") == {"cards": ["rope"]}
    assert steps.find("Ann holds a kettle") is None
    assert len(calls) == 3


@pytest.mark.slow  # the scenarios run once more, every match made both ways (~5 s)
def test_every_step_of_the_suite_splits_the_same_both_ways():
    run = subprocess.run(
        pytest_command(ROOT, "-q", "-x", "step_defs"),
        cwd=ROOT,
        env=dict(os.environ, **{phrases.CHECK: "1"}),
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stdout[-3000:]
