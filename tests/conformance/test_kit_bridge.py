"""The kit over the wire (casebook/kit_bridge.py, issue 45 items 1 and 3): an engine in JavaScript answers pure calls
on the whole state, and Casebook's kit does the rest; its name mapping is checked against the schema's enums."""

from __future__ import annotations

import copy
import json
import shutil
import subprocess
import sys
import textwrap

import jsonschema
import pytest

from casebook.errors import DriverFailure, GameError
from casebook.impls import SpecError, open_implementation, opened
from casebook.kit_bridge import UnmappedNames, check_names, name_problems
from tests.conformance.helpers import ROOT, fuzz_hazard

ENGINE = ROOT / "examples" / "js-hazard" / "engine.js"
KIT_SPEC = f"kit:node {ENGINE}"
PY_SPEC = f"cmd:{sys.executable} {ROOT / 'examples' / 'python-hazard' / 'engine.py'}"
CALLS = json.loads((ROOT / "casebook" / "kit_bridge.schema.json").read_text(encoding="utf-8"))
DEAL = 'deal {"difficulty": 3, "players": ["Justus", "Peter"]}'
needs_node = pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed: the JS example cannot run")


def dealt() -> dict:
    position = json.loads((ROOT / "features" / "feuerdiamant" / "positions.json").read_text(encoding="utf-8"))[DEAL]
    return position.get("state", position)


def verify(spec: str, out) -> tuple[dict, str]:
    run = subprocess.run(
        [sys.executable, "-m", "casebook.cli", "verify", "--impl", spec, "--game", "feuerdiamant"]
        + ["--out", str(out), "--no-progress"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=900,
    )
    reports = list((out / "conformance").glob("*.json"))
    assert len(reports) == 1, run.stdout[-3000:] + run.stderr[-3000:]
    return json.loads(reports[0].read_text()), run.stdout


@needs_node
def test_the_js_engine_through_kit_matches_the_python_engine_on_the_kit_clause_for_clause(tmp_path):
    """The JavaScript engine (kit:, the kit on Casebook's side) and examples/python-hazard (the same part of the same
    game on casebook.adapter.Rules in Python, the same declines) get the same verdict for every clause and example."""
    kit, printed = verify(KIT_SPEC, tmp_path / "kit")
    python, _ = verify(PY_SPEC, tmp_path / "python")
    assert kit["implementation"]["name"] == "js-hazard-example" and kit["implementation"]["spec"] == KIT_SPEC
    assert set(kit["clauses"]) == set(python["clauses"])

    def verdicts(report, clause):
        return [(s["name"], s["status"]) for s in report["clauses"][clause]["scenarios"]]

    differ = [c for c in kit["clauses"] if verdicts(kit, c) != verdicts(python, c)]
    assert differ == []
    passed = {c for c, v in kit["clauses"].items() if v["status"] == "passed"}
    # what both play: the roll, the hazard step, the event tokens, the x2 obstacles (not a vacuous agreement)
    assert {"FD-TURN-01", "FD-HAZ-01", "FD-HAZ-02", "FD-HAZ-03", "FD-EVT-01", "FD-EVT-03", "FD-OBS-08"} <= passed
    assert "FD-SET-02" not in passed and "unsupported" in printed


def test_the_engine_side_adapter_is_under_100_lines():
    source = ENGINE.read_text(encoding="utf-8")
    adapter = source[source.index("// ---- the adapter") :]
    assert 10 < len(adapter.strip().splitlines()) < 100


def raw_calls(requests: list[dict]) -> list[dict]:
    lines = "".join(json.dumps({"jsonrpc": "2.0", "id": i, **r}) + "\n" for i, r in enumerate(requests, 1))
    run = subprocess.run(["node", str(ENGINE)], input=lines, capture_output=True, text=True, timeout=60)
    return [json.loads(line) for line in run.stdout.splitlines()]


@needs_node
def test_the_engines_answers_fit_the_call_protocol_and_leave_the_state_given_untouched():
    state = dealt()
    roll = {"actor": "chance", "action": {"type": "roll", "hazard": "red", "movement": 2}}
    answers = raw_calls(
        [
            {"method": "hello", "params": {}},
            {"method": "legal", "params": {"game": "feuerdiamant", "state": state}},
            {"method": "apply", "params": {"game": "feuerdiamant", "state": state, "move": roll}},
            {"method": "new", "params": {"game": "feuerdiamant", "options": {}, "seed": 0}},
            {"method": "load", "params": {"game": "feuerdiamant", "state": state}},
        ]
    )
    for call, answer in zip(["hello", "legal", "apply"], answers):
        jsonschema.validate(answer["result"], {**CALLS["calls"][call]["result"], "$defs": CALLS["$defs"]})
    assert answers[2]["result"]["state"]["phase"] == "hazard" and state["phase"] == "rolling"
    for refusal in answers[3:]:
        jsonschema.validate(refusal["error"], CALLS["$defs"]["refusal"])
    assert answers[3]["error"]["data"]["code"] == "unsupported"
    assert answers[4]["error"]["code"] == -32601  # load is optional: the bridge then plays the state as given


@needs_node
def test_the_kit_refuses_before_the_engine_and_a_refusal_changes_nothing():
    with opened(KIT_SPEC) as impl:
        table = impl.load("feuerdiamant", dealt())
        before = impl.state(table)
        for actor, action, code in [
            ("Peter", {"type": "roll", "hazard": "red", "movement": 2}, "not_your_turn"),
            ("chance", {"type": "roll", "hazard": "red", "movement": 7}, "bad_request"),
            ("chance", {"type": "roll", "hazard": "red", "movement": 2.0}, "bad_request"),
        ]:
            with pytest.raises(GameError) as refused:
                impl.apply(table, actor, action)
            assert refused.value.code == code
            assert impl.state(table) == before
        with pytest.raises(GameError) as refused:
            impl.new("feuerdiamant", {"players": ["Justus", "Peter"]})
        assert refused.value.code == "unsupported"
        # a move into a part it declines (a track running full) is refused by the engine, and changes nothing
        full = copy.deepcopy(before)
        full["tracks"]["red"]["indicator"] = 14
        full["tracks"]["red"]["tokens"] = []
        full_table = impl.load("feuerdiamant", full)
        impl.apply(full_table, "chance", {"type": "roll", "hazard": "red", "movement": 2})
        rolled = impl.state(full_table)
        with pytest.raises(GameError) as refused:
            impl.apply(full_table, "Justus", {"type": "move_hazard_indicator", "colour": "red"})
        assert refused.value.code == "unsupported" and impl.state(full_table) == rolled


@needs_node
def test_the_bridge_serves_the_same_engine_as_a_cmd_engine():
    with opened(f"cmd:{sys.executable} -m casebook.kit_bridge node {ENGINE}") as impl:
        assert impl.hello()["name"] == "js-hazard-example"
        assert impl.legal(impl.load("feuerdiamant", dealt()))["to_act"] == ["chance"]


@needs_node
def test_fuzz_beside_the_reference_finds_no_disagreement_in_what_it_plays():
    with opened(KIT_SPEC) as kit:
        found = fuzz_hazard(kit)
    assert found == []


def test_a_kit_spec_without_a_command_is_one_line():
    with pytest.raises(SpecError, match="kit: needs a command"):
        open_implementation("kit:  ")


# -- names checked (item 3) ------------------------------------------------------------------------------------
COLOURS = {"brown": "braun", "blue": "blau", "red": "rot", "white": "weiss"}


def test_a_mapping_of_every_name_once_passes():
    assert name_problems("feuerdiamant", {"colour": COLOURS}) == []
    check_names("feuerdiamant", {"colour": COLOURS})


def test_a_mapping_says_what_is_missing_left_over_doubled_or_no_kind():
    wrong = {"colour": {"brown": "braun", "blue": "blau", "red": "blau", "green": "gruen"}, "weapon": {}}
    problems = name_problems("feuerdiamant", wrong)
    assert "colour: not mapped: white" in problems
    assert "colour: not in the schema: green" in problems
    assert "colour: engine names used twice: blau" in problems
    assert any(p.startswith("'weapon' is no kind of name in the feuerdiamant schema") for p in problems)
    with pytest.raises(UnmappedNames) as refused:
        check_names("feuerdiamant", wrong)
    assert refused.value.code == "unsupported" and "not mapped: white" in refused.value.message


FAKE_KIT_ENGINE = textwrap.dedent(
    """
    import json, sys
    NAMES = json.loads(sys.argv[1])
    for line in sys.stdin:
        req = json.loads(line)
        if req["method"] == "hello":
            result = {"name": "named", "version": "1", "protocol": "1.1", "games": {"feuerdiamant": {}},
                      "names": {"feuerdiamant": NAMES}}
            print(json.dumps({"jsonrpc": "2.0", "id": req["id"], "result": result}), flush=True)
        else:
            missing = {"code": -32601, "message": "no such call"}
            print(json.dumps({"jsonrpc": "2.0", "id": req["id"], "error": missing}), flush=True)
    """
)


@pytest.mark.parametrize("names, refused", [({"colour": COLOURS}, None), ({"colour": {"brown": "b"}}, "blue, red")])
def test_the_bridge_refuses_a_game_whose_names_do_not_match_at_start(tmp_path, names, refused):
    script = tmp_path / "named.py"
    script.write_text(FAKE_KIT_ENGINE, encoding="utf-8")
    with opened(f"kit:{sys.executable} {script} '{json.dumps(names)}'") as impl:
        if refused is None:
            assert impl.state(impl.load("feuerdiamant", dealt()))["phase"] == "rolling"
            return
        with pytest.raises(UnmappedNames, match=f"colour: not mapped: {refused}, white"):
            impl.load("feuerdiamant", dealt())
        with pytest.raises(UnmappedNames):
            impl.new("feuerdiamant", {})


@pytest.mark.parametrize(
    "answer, cause",
    [
        ("sys.exit(3)", "crashed"),
        ('print(json.dumps({"jsonrpc": "2.0", "id": req["id"], "result": {}}))', "out_of_protocol"),
    ],
)
def test_an_engine_that_dies_or_answers_out_of_shape_is_a_driver_failure_by_name(tmp_path, answer, cause):
    script = tmp_path / "faulty.py"
    on_legal = f'    elif req["method"] == "legal":\n        {answer}; sys.stdout.flush()\n    else:\n'
    script.write_text(FAKE_KIT_ENGINE.replace("    else:\n", on_legal, 1), encoding="utf-8")
    with opened(f"kit:{sys.executable} {script} '{json.dumps({'colour': COLOURS})}'") as impl:
        with pytest.raises(DriverFailure) as failed:
            impl.legal(impl.load("feuerdiamant", dealt()))
        assert failed.value.cause == cause, failed.value


def test_a_hello_out_of_the_call_protocol_is_out_of_protocol_saying_what_the_schema_says(tmp_path):
    """The bridge checks hello against casebook/kit_bridge.schema.json (shipped in the wheel) before anything else:
    the kit's own fields too (here declined_actions, a list per game, given a string)."""
    script = tmp_path / "declines_a_string.py"
    declined = '"declined_actions": {"feuerdiamant": "roll"}, "names"'
    script.write_text(FAKE_KIT_ENGINE.replace('"names"', declined, 1), encoding="utf-8")
    with pytest.raises(SpecError) as failed:
        open_implementation(f"kit:{sys.executable} {script} '{json.dumps({'colour': COLOURS})}'")
    message = str(failed.value)
    assert "out_of_protocol" in message and "declined_actions/feuerdiamant: 'roll' is not of type 'array'" in message


# -- names translated (the engine speaks its own) -----------------------------------------------------------------
GERMAN_ENGINE = textwrap.dedent(
    """
    import json, sys
    from casebook.impls import open_implementation
    NAMES = json.loads(sys.argv[1])
    GERMAN = {n: e for mapping in NAMES.values() for n, e in mapping.items()}  # its own, not the kit's, translation
    ENGLISH = {e: n for n, e in GERMAN.items()}
    reference = open_implementation("reference")

    def said(value, table):
        if isinstance(value, str):
            return table.get(value, value)
        if isinstance(value, list):
            return [said(item, table) for item in value]
        if isinstance(value, dict):
            return {table.get(k, k): v if k in ("type", "phase") else said(v, table) for k, v in value.items()}
        return value

    def strings(value):
        if isinstance(value, str):
            yield value
        for item in value.values() if isinstance(value, dict) else value if isinstance(value, list) else ():
            yield from strings(item)
        yield from (value.keys() if isinstance(value, dict) else ())

    for line in sys.stdin:
        req, result = json.loads(line), None
        params = req.get("params") or {}
        english = sorted(set(strings(params)) & set(GERMAN))
        if english:  # the kit must send the engine its own names
            error = {"code": "bad_request", "message": f"Casebook's names reached the engine: {english}"}
            print(json.dumps({"jsonrpc": "2.0", "id": req["id"], "error": {"code": -32000, **error, "data": error}}))
            sys.stdout.flush()
            continue
        if req["method"] == "hello":
            games, names = {"feuerdiamant": {}}, {"feuerdiamant": NAMES}
            result = {"name": "german", "protocol": "1.1", "games": games, "names": names}
        else:
            mine = said(params, ENGLISH)  # the engine is the reference, reading and writing German
            table = reference.load("feuerdiamant", mine["state"])
            if req["method"] == "legal":
                result = said(reference.legal(table)["moves"], GERMAN)
            elif req["method"] == "apply":
                events = reference.apply(table, mine["move"]["actor"], mine["move"]["action"])
                result = said({"state": reference.state(table), "events": events}, GERMAN)
        reply = {"result": result} if result is not None else {"error": {"code": -32601, "message": "no such call"}}
        print(json.dumps({"jsonrpc": "2.0", "id": req["id"], **reply}), flush=True)
    """
)
GERMAN = {"colour": {"brown": "braun", "blue": "blau", "red": "rot", "white": "weiss"}}
GERMAN["face"] = {**GERMAN["colour"], "star": "Stern"}


def test_the_kit_translates_the_engines_own_names_both_ways(tmp_path):
    """An engine whose colours are German gets its own names from the kit and answers in them; Casebook sees its own,
    and the game played is the reference's move for move."""
    script = tmp_path / "german.py"
    script.write_text(GERMAN_ENGINE, encoding="utf-8")
    roll = {"type": "roll", "hazard": "red", "movement": 2}
    with opened(f"kit:{sys.executable} {script} '{json.dumps(GERMAN)}'") as impl, opened("reference") as reference:
        tables = impl.load("feuerdiamant", dealt()), reference.load("feuerdiamant", dealt())
        assert impl.legal(tables[0]) == reference.legal(tables[1])
        assert {"type": "roll", "hazard": "red", "movement": 2} in [m["action"] for m in impl.legal(tables[0])["moves"]]
        assert impl.apply(tables[0], "chance", roll) == reference.apply(tables[1], "chance", roll)
        assert impl.state(tables[0]) == reference.state(tables[1])
        assert '"rot"' not in json.dumps(impl.state(tables[0])) and '"red"' in json.dumps(impl.state(tables[0]))
        move = reference.legal(tables[1])["moves"][0]
        assert impl.apply(tables[0], move["actor"], move["action"]) == reference.apply(tables[1], **move)
        assert impl.state(tables[0]) == reference.state(tables[1])


def test_a_name_mapped_two_ways_across_kinds_is_refused():
    crossed = {"colour": GERMAN["colour"], "face": {**GERMAN["colour"], "red": "rouge", "star": "Stern"}}
    problems = name_problems("feuerdiamant", crossed)
    assert "red is rot in colour but rouge in face" in problems
    assert "rot stands for red in colour and star in face" in name_problems(
        "feuerdiamant", {"colour": GERMAN["colour"], "face": {**GERMAN["colour"], "star": "rot"}}
    )
