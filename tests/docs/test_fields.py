"""The generated field reference: every field, action and event of each game in words, from the published schema."""

from __future__ import annotations

import pytest

from casebook import schemas
from casebook.site.fields import fact_html, field_reference, rows, type_name, undescribed
from casebook.site.html import esc as escape

GAMES = schemas.games()

KNOWN_GAPS: dict[str, set[str]] = {}  # fields a game's machine.py does not describe yet: none now; keep it so


def test_a_field_without_a_description_is_found():
    schema = {
        "$defs": {
            "colour": {"enum": ["red", "blue"], "description": "a hazard colour"},
            "state": {
                "type": "object",
                "required": ["game", "tracks"],
                "properties": {
                    "game": {"const": "g"},
                    "tracks": {
                        "type": "object",
                        "description": "each track",
                        "required": ["red", "blue"],
                        "properties": {
                            c: {
                                "type": "object",
                                "properties": {"indicator": {"type": "integer"}, "colour": {"$ref": "#/$defs/colour"}},
                            }
                            for c in ("red", "blue")
                        },
                    },
                },
            },
            "action": {
                "oneOf": [
                    {
                        "description": "roll",
                        "type": "object",
                        "properties": {"type": {"const": "roll"}, "pips": {"type": "integer"}},
                    }
                ]
            },
        }
    }
    # the indicator has no meaning; colour takes its name set's; a Record's entries are one field, not one per colour
    assert undescribed(schema) == ["action roll: pips", "state: tracks.<colour>.indicator"]
    schema["$defs"]["state"]["properties"]["tracks"]["properties"]["red"]["properties"]["indicator"]["description"] = (
        "its space"
    )
    schema["$defs"]["state"]["properties"]["tracks"]["properties"]["blue"]["properties"]["indicator"]["description"] = (
        "its space"
    )
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


@pytest.mark.parametrize("game", GAMES)
def test_the_phases_table_shows_each_phases_actions_and_where_each_leads(game):
    """``phases[].actions`` (action type -> the phases it may lead to), which the turn shapes are mapped by, is on
    the page: in each phase's row, every action it takes, linked to its heading, and each phase it leads to."""
    import re

    schema = schemas.load(game)
    page = field_reference(schema)
    taken = [p for p in schema["phases"] if p.get("actions")]
    assert taken, f"{game} publishes no phase's actions"
    for phase in taken:
        row = re.search(rf'<tr id="fields-phase-{re.escape(phase["name"])}">(.*?)</tr>', page)
        assert row, phase["name"]
        for verb, leads in phase["actions"].items():
            dests = ", ".join(f'<a href="#fields-phase-{d}"><code>{d}</code></a>' for d in leads)
            assert f'<a href="#action-{verb}"><code>{verb}</code></a> → {dests}' in row.group(1), (phase["name"], verb)


def test_secret_and_private_say_who_sees_them():
    schema = schemas.load("cluedo_drei")
    seen = {r.path: r.seen_by for r in rows(schema["$defs"]["state"], schema)}
    assert seen["secret"] == "nobody" and seen["secret.case_file"] == "nobody"
    assert {who for path, who in seen.items() if path.startswith("private.<player>.")} == {"that player"}
    assert seen["phase"] == "everyone"


@pytest.mark.parametrize("game", GAMES)
def test_the_page_shows_every_fact_the_engine_publishes(game):
    """A schema's top-level facts (the heist's case-log lines, Feuerdiamant's clues) are on the page,
    each value readable."""
    schema = schemas.load(game)
    page = field_reference(schema)
    facts = schema.get("facts") or {}
    assert ("#fields-facts" in page) == bool(facts)
    for name in facts:
        assert f"{{ #fact-{name} }}" in page, name
    if game == "heist":  # every case-log line, as a reader sees it beside HO-LOG-01's examples
        for kind, line in facts["case_log"]["lines"].items():
            assert f"<tr><td><code>{kind}</code></td><td>{escape(line)}</td></tr>" in page, kind
    if game == "feuerdiamant":
        for card, row in facts["clues"].items():
            assert f"<tr><td><code>{escape(card)}</code></td><td>{escape(row['suspect'])}</td>" in page, card


def test_a_fact_reads_as_a_table_a_list_or_its_json():
    assert fact_html({"a": "one", "b": 2}).count("<tr>") == 3
    assert "<th>colour</th>" in fact_html({"fuse": {"colour": "red"}, "glove": {"colour": "white", "suspect": "X"}})
    assert "<td>—</td>" in fact_html({"fuse": {"colour": "red"}, "glove": {"colour": "white", "suspect": "X"}})
    assert fact_html(["Attic", "Study"]) == "<p><code>Attic, Study</code></p>"
    assert "language-json" in fact_html([{"a": [1]}])
    assert "&lt;b&gt;" in fact_html({"x": "<b>"}), "escaped"
