"""The generated field reference: every field, action and event of each game in words, from the published schema."""

from __future__ import annotations

import pytest

from casebook import schemas
from casebook.site.fields import field_reference, rows, type_name, undescribed

GAMES = schemas.games()

KNOWN_GAPS: dict[str, set[str]] = {}  # fields a game's machine.py does not describe yet: none now; keep it so


def test_a_field_without_a_description_is_found():
    schema = {"$defs": {
        "colour": {"enum": ["red", "blue"], "description": "a hazard colour"},
        "state": {"type": "object", "required": ["game", "tracks"], "properties": {
            "game": {"const": "g"},
            "tracks": {"type": "object", "description": "each track", "required": ["red", "blue"], "properties": {
                c: {"type": "object", "properties": {"indicator": {"type": "integer"}, "colour": {"$ref": "#/$defs/colour"}}}
                for c in ("red", "blue")}}}},
        "action": {"oneOf": [{"description": "roll", "type": "object", "properties": {"type": {"const": "roll"}, "pips": {"type": "integer"}}}]},
    }}
    # the indicator has no meaning; colour takes its name set's; a Record's entries are one field, not one per colour
    assert undescribed(schema) == ["action roll: pips", "state: tracks.<colour>.indicator"]
    schema["$defs"]["state"]["properties"]["tracks"]["properties"]["red"]["properties"]["indicator"]["description"] = "its space"
    schema["$defs"]["state"]["properties"]["tracks"]["properties"]["blue"]["properties"]["indicator"]["description"] = "its space"
    assert undescribed(schema) == ["action roll: pips"]


@pytest.mark.parametrize("game", GAMES)
def test_no_published_field_lacks_a_description_beyond_the_known_gaps(game):
    missing = set(undescribed(schemas.load(game)))
    new = sorted(missing - KNOWN_GAPS.get(game, set()))
    assert not new, f"{game}: describe these fields in the game's machine.py (spec, 'what it means'): {new}"
    fixed = sorted(KNOWN_GAPS.get(game, set()) - missing)
    assert not fixed, f"{game}: now described, remove from KNOWN_GAPS: {fixed}"


@pytest.mark.parametrize("game", GAMES)
def test_the_page_names_every_state_field_action_event_and_name_set(game):
    schema = schemas.load(game)
    page = field_reference(schema)
    defs = schema["$defs"]
    for row in rows(defs["state"], schema):
        assert f"<code>{row.path.replace('<', '&lt;').replace('>', '&gt;')}</code>" in page, row.path
    for part in ("action", "event"):
        for variant in defs[part]["oneOf"]:
            name = type_name(variant)
            assert name != "?"
            assert f"{{ #{part}-{name} }}" in page, (part, name)
    for name in defs:
        if name not in ("options", "state", "view", "action", "event"):
            assert f'id="name-{name}"' in page, name


def test_secret_and_private_say_who_sees_them():
    schema = schemas.load("cluedo_drei")
    seen = {r.path: r.seen_by for r in rows(schema["$defs"]["state"], schema)}
    assert seen["secret"] == "nobody" and seen["secret.case_file"] == "nobody"
    assert {who for path, who in seen.items() if path.startswith("private.<player>.")} == {"that player"}
    assert seen["phase"] == "everyone"
