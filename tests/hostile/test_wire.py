"""The wire's fast checks give the answers of the plain ones, on any JSON a stranger may send.

``casebook.wire`` cuts strings out by splitting at quotes when no quote is
escaped, measures nesting by peeling empty pairs, looks for long numbers in
the whole line before looking outside its strings, and reads with orjson where
the standard library would read the same: all shortcuts for speed, so each is
held here to the obvious slow way on generated JSON.
"""

from __future__ import annotations

import json
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from casebook import wire

TEXT = st.text(alphabet=st.sampled_from('ab"\\[]{}0123456789,: \u00e9\u2603'), max_size=12) | st.from_regex(
    r"\A[0-9]{15,60}\Z"
)  # long digit runs in strings too
NUMBERS = st.integers(min_value=-(10**60), max_value=10**60) | st.floats(allow_nan=False, allow_infinity=False)
VALUES = st.recursive(
    st.none() | st.booleans() | NUMBERS | TEXT,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(TEXT, inner, max_size=4),
    max_leaves=40,
)


def depth(value) -> int:
    if isinstance(value, list):
        return 1 + max(map(depth, value), default=0)
    if isinstance(value, dict):
        return 1 + max(map(depth, value.values()), default=0)
    return 0


def digits_of_longest_number(raw: bytes) -> int:
    """The plain way: cut the strings out with the full pattern, then find the longest run of digits."""
    return max(map(len, re.findall(rb"\d+", wire._STRING.sub(b"", raw))), default=0)


@pytest.mark.slow  # a verify run, a fuzz search or a wire fuzz: out of the inner loop (pytest -m 'not slow')
@settings(max_examples=400, deadline=None)
@given(VALUES, st.booleans(), st.integers(min_value=0, max_value=12))
def test_the_fast_checks_agree_with_the_plain_ones(value, ascii_only, limit):
    raw = json.dumps(value, ensure_ascii=ascii_only).encode("utf-8")
    assert wire.too_deep(wire.brackets_outside_strings(raw), limit) == (depth(value) > limit)
    longest = digits_of_longest_number(raw)
    assert wire.longest_number(raw) == (longest if longest > wire.MAX_DIGITS else 0)


def test_nesting_past_the_peeled_passes_is_still_measured():
    for deep in (wire.PEEL - 1, wire.PEEL, wire.PEEL + 1, 99, 100, 101, 5000):
        raw = ("[1," * deep + "2" + "]" * deep).encode()
        assert wire.too_deep(wire.brackets_outside_strings(raw), 100) == (deep > 100), deep
        raw = ('{"a":[' * deep + "]}" * deep).encode()
        assert wire.too_deep(wire.brackets_outside_strings(raw), 100) == (2 * deep > 100), deep


def test_a_long_number_hidden_by_an_escaped_quote_is_found():
    raw = ('["a\\"", ' + "9" * 60 + "]").encode()
    assert wire.brackets_outside_strings(raw) == b"[]"
    try:
        wire.parse(raw)
    except wire.WireError as exc:
        assert exc.kind == "too_large" and "60 digits" in exc.message
    else:
        raise AssertionError("a 60-digit number was read")


@pytest.mark.slow  # a verify run, a fuzz search or a wire fuzz: out of the inner loop (pytest -m 'not slow')
@settings(max_examples=400, deadline=None)
@given(VALUES, st.booleans())
def test_a_line_reads_as_the_standard_library_reads_it(value, ascii_only):
    raw = json.dumps(value, ensure_ascii=ascii_only).encode("utf-8")
    if digits_of_longest_number(raw) > wire.MAX_DIGITS:
        return  # refused: the test above
    read = wire.parse(raw)
    assert repr(read) == repr(json.loads(raw))  # the same values and the same types (an int stays an int)


@pytest.mark.slow  # a verify run, a fuzz search or a wire fuzz: out of the inner loop (pytest -m 'not slow')
@settings(max_examples=400, deadline=None)
@given(VALUES)
def test_a_written_line_reads_back_as_the_value(value):
    line = wire.dumps(value)
    assert line.endswith(b"\n") and b"\n" not in line[:-1]
    assert repr(json.loads(line)) == repr(value)


ANY_FLOATS = st.recursive(  # NaN and the infinities among nulls, negative integers and DEL: what the shortcut looks at
    st.none()
    | st.floats()
    | st.integers(min_value=-(2**40), max_value=2**40)
    | st.text(alphabet="ag\x7f\u00ff", max_size=4),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=3), inner, max_size=4),
    max_leaves=30,
)


@pytest.mark.slow  # a verify run, a fuzz search or a wire fuzz: out of the inner loop (pytest -m 'not slow')
@settings(max_examples=400, deadline=None)
@given(ANY_FLOATS)
def test_a_value_is_written_exactly_when_json_would_write_it(value):
    try:
        json.dumps(value, allow_nan=False)
    except ValueError:
        assert wire.may_hold_nan(value)
        try:
            wire.dumps(value)
        except ValueError:
            return
        raise AssertionError(f"{value!r} was written")
    assert json.loads(wire.dumps(value)) == json.loads(json.dumps(value))


def test_writing_nan_or_an_infinity_is_refused_as_json_refuses_it():
    for bad in (float("nan"), float("inf"), -float("inf")):
        for value in (bad, [None, bad], {"a": None, "b": [bad]}):
            try:
                wire.dumps(value)
            except ValueError:
                continue
            raise AssertionError(f"{value!r} was written")
