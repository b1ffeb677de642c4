"""step_defs/hidden_information.py, the checks of who sees what, on a hand-made table:
each check fails where its sentence is false."""

from __future__ import annotations

from casebook.protocol import redact
from step_defs.hidden_information import (
    everybody_sees,
    hidden,
    knowers,
    only_told,
    own_slots_only,
    told_in_public,
    twins,
)


class Table:
    def __init__(self, state: dict, log: list[dict]):
        self.state_, self.log = state, log


class Seen(dict):
    """What a Fact's check reads (step_defs.position.Seen), with views made by the protocol's redaction."""

    def __init__(self, state: dict, log: list[dict] = (), views: dict | None = None):
        super().__init__(state)
        self.table, self.views = Table(state, list(log)), views or {}

    def view(self, viewer):
        return self.views.get(viewer, redact(dict(self), viewer))

    def told(self, kind, knowers, **fields):  # as position.Seen's, enough for only_told
        last = [e for e in self.table.log if e["type"] == kind][-1:]
        return bool(last) and all(
            (v in knowers) == (redact(last[0], v) != redact(last[0], None)) for v in [*self["players"], None]
        )


def table(**changes) -> dict:
    state = {
        "players": ["Ann", "Ben"],
        "outcome": None,
        "secret": {"case": ["rope", "hall"]},
        "private": {"Ann": {"hand": ["key"], "seen": []}, "Ben": {"hand": ["map"], "seen": []}},
    }
    state.update(changes)
    return state


SHOWN = {"type": "showed", "by": "Ben", "to": "Ann", "private": {"Ann": {"card": "map"}, "Ben": {"card": "map"}}}


def test_hidden_holds_until_a_slot_an_event_or_an_outcome_shows_a_name():
    assert hidden(Seen(table()), ["rope", "hall"])
    assert not hidden(Seen(table()), [])  # a check of nothing is no check
    seen = table()
    seen["private"]["Ann"]["seen"] = [{"card": "rope"}]
    assert not hidden(Seen(seen), ["rope"]) and knowers(Seen(seen), ["rope"]) == {"Ann"}
    assert not hidden(Seen(table(), [{"type": "asked", "card": "hall"}]), ["hall"])  # named in public
    assert not hidden(
        Seen(table(outcome={"case": ["rope", "hall"]})), ["rope"]
    )  # the outcome: everybody, the onlooker too
    leaky = Seen(table(), views={"Ben": {**redact(table(), "Ben"), "secret": {}}})
    assert not hidden(leaky, ["rope"])


def test_knowers_count_only_private_knowledge_and_values_never_keys():
    notes = table()
    notes["private"]["Ann"]["notes"] = {"rope": None, "hall": None}  # a sheet lists every card as a key
    assert knowers(Seen(notes), ["rope"]) == set()
    assert knowers(Seen(table(), [SHOWN]), ["map"]) == {"Ann", "Ben"}  # Ben holds it, Ann was told it
    assert told_in_public(Seen(table(), [SHOWN]), ["map", "Ann"]) == {"Ann"}


def test_a_name_told_under_any_key_or_to_the_wrong_seat_makes_a_knower_unless_said_aloud_or_seen_before():
    in_public = {"type": "out", "player": "Ann", "proof": ["rope"]}  # a key of its own, in the public part
    assert knowers(Seen(table(), [in_public]), ["rope"]) == {"Ann", "Ben", None}
    to_all = {"type": "out", "player": "Ann", "private": {"Ann": {"case": ["rope"]}, "Ben": {"case": ["rope"]}}}
    assert knowers(Seen(table(), [to_all]), ["rope"]) == {"Ann", "Ben"}  # the protocol's shape, the wrong seats
    said = Seen(table(), [in_public])
    said.said = frozenset({"rope"})  # a player named it aloud (an accusation): no news to anybody
    assert knowers(said, ["rope"]) == set()
    public_before = Seen(table(), [in_public])
    public_before.beginning = table(board=["rope"])  # every view showed it when the scenario began
    assert knowers(public_before, ["rope"]) == set()


def test_twins_swap_a_secret_with_a_card_of_its_kind_that_only_the_knower_holds():
    case = {"suspect": "Brittany", "item": "golden belt", "location": "Strand"}
    state = {
        "players": ["Justus Jonas", "Peter Shaw"],
        "surplus": ["antique books"],
        "secret": {"case_file": case},
        "private": {
            "Justus Jonas": {"hand": ["Mr. Grey", "painting", "antique books", "Friedhof"]},
            "Peter Shaw": {"hand": ["Dick Perry"]},
        },
    }
    made = twins("cluedo_drei", state, set(case.values()), {"Justus Jonas"})
    assert [t["secret"]["case_file"] for t in made] == [
        {**case, "suspect": "Mr. Grey"},  # a suspect for a suspect, a place for a place
        {**case, "location": "Friedhof"},
        {**case, "item": "painting"},  # never the antique books, which lie face up for all to see
    ]
    assert made[0]["private"]["Justus Jonas"]["hand"] == ["Brittany", "painting", "antique books", "Friedhof"]
    assert all(t["private"]["Peter Shaw"] == state["private"]["Peter Shaw"] for t in made)
    his = twins("cluedo_drei", state, set(case.values()), {"Peter Shaw"})  # a suspect, nothing else of their kinds
    assert [t["secret"]["case_file"] for t in his] == [{**case, "suspect": "Dick Perry"}]


def test_only_told_needs_exactly_those_players_told_and_nobody_else_knowing():
    assert only_told(Seen(table(), [SHOWN]), "showed", ["Ann", "Ben"])
    assert not only_told(Seen(table(), [SHOWN]), "showed", ["Ann"])
    assert not only_told(Seen(table(), []), "showed", ["Ann", "Ben"])
    shown_to_all = Seen(table(outcome={"last": "map"}), [SHOWN])  # the card shows beyond the two: in the outcome
    assert not only_told(shown_to_all, "showed", ["Ann", "Ben"])


def test_own_slots_only_and_everybody_sees():
    assert own_slots_only(Seen(table()))
    other = redact(table(), "Ann")
    other["private"]["Ben"] = {"hand": ["map"]}
    assert not own_slots_only(Seen(table(), views={"Ann": other}))
    over = table(outcome={"case": ["rope", "hall"]})
    assert everybody_sees(Seen(over), "case", ["rope", "hall"])
    assert not everybody_sees(Seen(over), "case", ["rope"]) and not everybody_sees(
        Seen(table()), "case", ["rope", "hall"]
    )


# -- the question round's checks and chance's odds (step_defs/question_round.py, position.Seen) --------------------
class Moves:
    """A table that lists these moves (the question round's checks read legal() and moves_of())."""

    def __init__(self, moves: list[dict]):
        self.moves = moves

    def legal(self):
        return {"to_act": sorted({m["actor"] for m in self.moves}), "moves": self.moves}

    def moves_of(self, actor):
        return [m["action"] for m in self.moves if m["actor"] == actor]


def seen(moves: list[dict]):
    from step_defs.position import Seen

    table = Moves(moves)
    table.state = lambda: {"players": ["Ann", "Ben"]}
    return Seen(table)


def test_who_must_show_is_the_only_one_to_act_and_may_only_show_those_cards():
    from step_defs.question_round import must_show

    shows = [{"actor": "Ben", "action": {"type": "show", "card": c}} for c in ("map", "rope")]
    assert must_show(seen(shows), "Ben", ["rope", "map"])
    assert not must_show(seen(shows), "Ben", ["map"])
    assert not must_show(seen(shows + [{"actor": "Ann", "action": {"type": "end_turn"}}]), "Ben", ["map", "rope"])
    assert not must_show(seen(shows + [{"actor": "Ben", "action": {"type": "end_turn"}}]), "Ben", ["map", "rope"])
    switch = {"actor": "Ben", "action": {"type": "switch_notes_assistant", "on": False}}
    assert must_show(seen(shows + [switch]), "Ben", ["map", "rope"], aside=("switch_notes_assistant",))
    assert must_show(
        seen(shows + [{"actor": "clock", "action": {"type": "expire", "timer": "show"}}]), "Ben", ["map", "rope"]
    )


def test_chance_as_likely_needs_chance_alone_and_equal_odds():
    even = [{"actor": "chance", "action": {"type": "roll", "dice": [d]}, "p": 1 / 3} for d in (1, 2, 3)]
    assert len(seen(even).as_likely()) == 3
    uneven = [{**even[0], "p": 0.5}, {**even[1], "p": 0.25}, {**even[2], "p": 0.25}]
    assert seen(uneven).as_likely() == []
    assert seen(even[:2]).as_likely() == []  # the odds sum to 2/3: no distribution
    assert seen(even + [{"actor": "Ann", "action": {"type": "end_turn"}}]).as_likely() == []
