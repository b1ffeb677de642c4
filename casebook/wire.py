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

try:  # C speed on both ends: reads a 20 KB answer in two fifths of json's time, writes it in a twentieth
    import orjson
except ImportError:  # pragma: no cover - the plain json path below gives the same values, slower
    orjson = None

MAX_LINE = 16 * 1024 * 1024  # bytes in one message; a big canonical state is a few dozen KB
MAX_DEPTH = 100  # nested arrays and objects
MAX_DIGITS = 40  # digits in a row in a number: beyond 128 bits, far below Python's 4,300-digit trap

_STRING = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)  # unrolled: far faster than an alternation
_QUOTES_AND_BRACKETS = b'"[]{}'
_NOT_KEPT = bytes(c for c in range(256) if c not in _QUOTES_AND_BRACKETS)
_BRACKETS = bytes.maketrans(b"{}", b"[]")  # for depth a bracket is a bracket
_ZEROS = bytes.maketrans(b"123456789", b"000000000")
_LONG_NUMBER = re.compile(rb"\d{%d,}" % (MAX_DIGITS + 1))
_STEP = {ord("["): 1, ord("]"): -1}
PEEL = 16  # passes of removing empty pairs before counting levels one by one (a state nests about eight deep)
INT64_DIGITS = 18  # every integer of at most 18 digits fits in 64 bits: orjson reads longer ones as floats


class WireError(ValueError):
    """A line that is not a plain JSON value within the limits.

    ``kind`` is ``not_json`` (not UTF-8, not JSON, NaN/Infinity) or ``too_large``
    (longer, deeper, or with a longer number than the limits allow).
    """

    def __init__(self, kind: str, message: str):
        super().__init__(message)
        self.kind = kind
        self.message = message


def brackets_outside_strings(raw: bytes) -> bytes:
    """The brackets of a line that are not in its strings, ``{}`` written as ``[]``.

    Where no quote is escaped (no ``\\"`` anywhere: every escaped quote, and every string
    ending in a backslash, has one), every quote opens or closes a string.  Then the line
    is cut down to quotes and brackets in C, the strings left empty (``""``) are dropped,
    and only the rare strings holding a bracket are cut out one by one: on an answer of
    20 KB, a twentieth of the string pattern's time.  Dropping two adjacent quotes never
    changes what is outside: an empty string, or the end of one and the start of the next
    with no bracket between them.
    """
    if b'\\"' in raw:
        return _STRING.sub(b"", raw).translate(_BRACKETS, _NOT_KEPT)
    kept = raw.translate(_BRACKETS, _NOT_KEPT).replace(b'""', b"")
    return b"".join(kept.split(b'"')[::2]) if b'"' in kept else kept


def too_deep(brackets: bytes, limit: int) -> bool:
    """Whether arrays and objects nest deeper than ``limit``, from ``brackets_outside_strings`` of a line.

    Without recursion: each pass removes every empty pair at once, which lowers the
    deepest nesting by exactly one; what is left after ``PEEL`` passes (on a deep line)
    is counted level by level, stopping at the first bracket past the limit.  On text
    that is not JSON the answer may be anything; the parser then says why.
    """
    peeled = 0
    while brackets and peeled < min(PEEL, limit):
        fewer = brackets.replace(b"[]", b"")
        if len(fewer) == len(brackets):  # unbalanced: not JSON
            break
        brackets, peeled = fewer, peeled + 1
    return any(level > limit - peeled for level in accumulate(map(_STEP.__getitem__, brackets)))


def has_run_of_digits(raw: bytes, more_than: int) -> bool:
    """Whether the line has more than ``more_than`` digits in a row anywhere, strings too (a search in C)."""
    return b"0" * (more_than + 1) in raw.translate(_ZEROS)


def longest_number(raw: bytes) -> int:
    """The longest run of digits outside the strings of a line, once more than ``MAX_DIGITS`` (else 0)."""
    if not has_run_of_digits(raw, MAX_DIGITS):  # none anywhere: none outside the strings either
        return 0
    return max((len(run) for run in _LONG_NUMBER.findall(_STRING.sub(b"", raw))), default=0)


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
    if too_deep(brackets_outside_strings(raw), max_depth):
        raise WireError("too_large", f"nested more than {max_depth} deep")
    digits = longest_number(raw)
    if digits:
        raise WireError("too_large", f"a number of {digits} digits (at most {MAX_DIGITS})")
    if orjson is not None and not has_run_of_digits(raw, INT64_DIGITS):
        try:
            return orjson.loads(raw)
        except orjson.JSONDecodeError:  # the plain reading below says exactly what is wrong (or reads it)
            pass
    try:
        return _DECODER.decode(text.strip())
    except WireError:  # NaN, Infinity, a float out of range: already said
        raise
    except json.JSONDecodeError as exc:
        raise WireError("not_json", f"not JSON: {exc.msg} at offset {exc.pos}") from None
    except RecursionError:  # the depth check should have caught it; never let it out
        raise WireError("too_large", "nested too deep") from None
    except ValueError:  # an integer too long for Python: the digit check should have caught it
        raise WireError("too_large", "a number too long to read") from None


def dumps(value) -> bytes:
    """One message as a line of bytes: compact UTF-8, newline-terminated; ``ValueError`` for NaN and infinities.

    orjson writes NaN and infinities as ``null``, so where a ``null`` came out the line is
    read back to make sure one went in.  What orjson cannot write (an integer beyond 64
    bits, a lone surrogate, a key that is not a string) goes the plain way, in ASCII.
    """
    if orjson is not None:
        try:
            data = orjson.dumps(value)
        except TypeError:  # orjson.JSONEncodeError is one
            pass
        else:
            if b"null" not in data or orjson.loads(data) == value:
                return data + b"\n"
    return json.dumps(value, separators=(",", ":"), allow_nan=False).encode("ascii") + b"\n"
