"""Reading JSON from a stranger: both ends of the stdio transport parse through here.

``json.loads`` trusts its input too much for a wire: nesting a thousand deep
raises ``RecursionError``, an integer of more than 4,300 digits raises
``ValueError``, ``NaN`` and ``Infinity`` are accepted although JSON has no
such values, and bytes are decoded by guessing (UTF-16, UTF-32...).  ``parse``
takes one line as bytes and either returns a plain JSON value or raises
``WireError`` saying what was wrong, in bounded words, so that the server can
answer a JSON-RPC error and the client can name the engine's fault.

Limits are far above anything the protocol needs (a state nests about eight
deep; every number in it fits in 64 bits) and far below what hurts.
"""

from __future__ import annotations

import json
import math
import re
from itertools import accumulate

from casebook.names import brief

MAX_LINE = 16 * 1024 * 1024  # bytes in one message; a big canonical state is a few dozen KB
MAX_DEPTH = 100  # nested arrays and objects
MAX_DIGITS = 40  # digits in a row in a number: beyond 128 bits, far below Python's 4,300-digit trap

_STRING = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)  # unrolled: far faster than an alternation
_NOT_BRACKETS = bytes(c for c in range(256) if c not in b"[]{}")
_LONG_NUMBER = re.compile(rb"\d{%d,}" % (MAX_DIGITS + 1))
_STEP = {ord("["): 1, ord("{"): 1, ord("]"): -1, ord("}"): -1}


class WireError(ValueError):
    """A line that is not a plain JSON value within the limits.

    ``kind`` is ``not_json`` (not UTF-8, not JSON, NaN/Infinity) or ``too_large``
    (longer, deeper, or with a longer number than the limits allow).
    """

    def __init__(self, kind: str, message: str):
        super().__init__(message)
        self.kind = kind
        self.message = message


def too_deep(outside_strings: bytes, limit: int) -> bool:
    """Whether arrays and objects nest deeper than ``limit`` in a line whose strings are cut out.

    Counted without recursion, and it stops at the first bracket past the limit.
    On text that is not JSON the answer may be anything; the parser then says why.
    """
    brackets = outside_strings.translate(None, _NOT_BRACKETS)
    return any(level > limit for level in accumulate(map(_STEP.__getitem__, brackets)))


def _float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise WireError("too_large", f"the number {brief(text)} is out of range")
    return value


def _constant(name: str):
    raise WireError("not_json", f"{name} is not a JSON value")


# Integers are read by the C scanner; a run of digits too long for one is refused before (see parse).
_DECODER = json.JSONDecoder(parse_float=_float, parse_constant=_constant)


def parse(line: bytes | str, *, max_line: int = MAX_LINE, max_depth: int = MAX_DEPTH):
    """One JSON value from one line, or ``WireError``."""
    raw = line.encode("utf-8", "surrogatepass") if isinstance(line, str) else bytes(line)
    if len(raw) > max_line:
        raise WireError("too_large", f"a line of {len(raw)} bytes (at most {max_line})")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise WireError("not_json", f"not UTF-8: byte 0x{raw[exc.start]:02x} at offset {exc.start}") from None
    outside = _STRING.sub(b"", raw)  # brackets and digits in strings are text, not structure or numbers
    if too_deep(outside, max_depth):
        raise WireError("too_large", f"nested more than {max_depth} deep")
    digits = _LONG_NUMBER.search(outside)
    if digits:
        raise WireError("too_large", f"a number of {len(digits.group())} digits (at most {MAX_DIGITS})")
    try:
        return _DECODER.decode(text.strip())
    except json.JSONDecodeError as exc:
        raise WireError("not_json", f"not JSON: {exc.msg} at offset {exc.pos}") from None
    except RecursionError:  # the depth check should have caught it; never let it out
        raise WireError("too_large", "nested too deep") from None


def dumps(value) -> bytes:
    """One message as a line of bytes: compact, ASCII (so no encoding can fail), newline-terminated."""
    return json.dumps(value, separators=(",", ":"), allow_nan=False).encode("ascii") + b"\n"
