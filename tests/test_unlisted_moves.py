"""The actions random play sends unlisted (casebook.properties.unlisted_moves) obey the schema when they claim to be
well formed (issue 49 item 3): a text field with minLength 1 never gets "", a pattern is matched, a range is kept,
so the engine judges the move (illegal_action), never its form (bad_request)."""

from __future__ import annotations

import random

import jsonschema
import pytest

from casebook.properties import unlisted_moves
from casebook.properties.unlisted_moves import UnlistedActions

SCHEMA = {
    "$defs": {
        "player": {"enum": ["North", "South"]},
        "action": {
            "oneOf": [
                {
                    "type": "object",
                    "properties": {
                        "type": {"const": "guess"},
                        "code": {"type": "string", "minLength": 1},
                        "digits": {"type": "string", "pattern": "^[0-9]{4}$"},
                        "note": {"type": "string", "minLength": 3, "maxLength": 5},
                        "count": {"type": "integer", "exclusiveMinimum": 2, "exclusiveMaximum": 6},
                        "to": {"$ref": "#/$defs/player"},
                    },
                    "required": ["type", "code", "digits", "note", "count"],
                    "additionalProperties": False,
                }
            ]
        },
    }
}


def test_every_well_formed_draw_fits_the_schema():
    unlisted, rng = UnlistedActions(SCHEMA), random.Random(49)
    state, legal = {"players": ["North", "South"]}, {"to_act": ["North"], "moves": []}
    well_formed = 0
    for _ in range(400):
        actor, action, expected = unlisted.draw(state, legal, rng)
        if expected != {"bad_request"}:
            jsonschema.validate(action, {**SCHEMA, **SCHEMA["$defs"]["action"]})
            well_formed += 1
    assert well_formed > 250


@pytest.mark.parametrize("pattern", ["^[0-9]{4}$", "^(ab|c)\\d+x?$", "^[^a-z]\\w{2,3}$", "^[A-F]+-.$"])
def test_a_string_drawn_from_a_pattern_matches_it(pattern):
    import re

    rng = random.Random(pattern)
    assert all(re.search(pattern, unlisted_moves.matching(pattern, rng)) for _ in range(100))
