"""Messages in the clause's terms (issue 44 item 6): what a failed Then says, in the rulebook's words."""

from __future__ import annotations

from step_defs.vocabulary import ending, listed, where


class Seen:
    """What a Then reads of a position: its state, its views, what the engine lists."""

    def __init__(self, state, moves=()):
        self.state, self.legal = state, {"to_act": sorted({m["actor"] for m in moves}), "moves": list(moves)}

    def get(self, key, default=None):
        return self.state.get(key, default)

    def view(self, player):
        return self.state


def test_a_sentence_about_the_end_says_the_game_did_not_end_not_that_a_field_is_missing():
    assert ending(Seen({"phase": "accusing", "outcome": None})) == "the game did not end: phase accusing"
    ended = Seen({"phase": "unsolved", "outcome": {"result": "unsolved", "winners": []}})
    assert ending(ended) == "the game ended (phase unsolved, result unsolved), won by nobody"


def test_a_must_sentence_names_the_moves_the_engine_listed():
    moves = [{"actor": "Peter Shaw", "action": {"type": "show", "card": c}} for c in ("painting", "rope")]
    assert listed(Seen({}, moves)) == (
        'the engine lists Peter Shaw {"card":"painting","type":"show"}, Peter Shaw {"card":"rope","type":"show"}'
    )
    many = [{"actor": "chance", "action": {"type": "roll", "dice": [1, k]}} for k in range(1, 9)]
    assert listed(Seen({}, many)).endswith(" and 2 more")
    assert listed(Seen({})) == "the engine lists no move"


def test_tokens_say_where_they_stand():
    seen = Seen({"tokens": {"Otto": "Garage", "drill": None}})
    assert where("tokens", "the tokens")(seen) == "the tokens stand: Otto in Garage, drill in no place"


def test_a_failure_without_words_never_reads_none():
    """CD-ACC-09's whole message was ``None`` for a public engine: an exception made with None says its kind."""
    from casebook.verdicts import failure_message

    assert failure_message(AssertionError(None)) == "assertion failed: AssertionError with no message"
    assert failure_message(RuntimeError(), "Then x") == "RuntimeError (step: Then x): RuntimeError with no message"
