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

``LineReader`` reads the lines both ends wait for: without a thread, holding
at most one line, and spinning briefly before it sleeps (see ``SPIN``).
"""

from __future__ import annotations

import collections
import io
import json
import marshal
import math
import os
import re
import select
import time
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
# A float in marshal's output: its type byte (``g``, or with the reference flag) and 8 bytes of IEEE 754,
# little-endian; NaN and the infinities have every exponent bit set, so their last byte is 0x7f or 0xff.
_NOT_FINITE_FLOAT = re.compile(rb"[g\xe7].{6}[\xf0-\xff][\x7f\xff]", re.DOTALL)


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


def has_run_of_digits(raw: bytes, more_than: int, zeros: bytes | None = None) -> bool:
    """Whether the line has more than ``more_than`` digits in a row anywhere, strings too (a search in C).

    ``zeros``: the line with every digit written 0, when the caller has it already.
    """
    return b"0" * (more_than + 1) in (raw.translate(_ZEROS) if zeros is None else zeros)


def longest_number(raw: bytes, zeros: bytes | None = None) -> int:
    """The longest run of digits outside the strings of a line, once more than ``MAX_DIGITS`` (else 0)."""
    if not has_run_of_digits(raw, MAX_DIGITS, zeros):  # none anywhere: none outside the strings either
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
    if too_deep(brackets_outside_strings(raw), max_depth):
        raise WireError("too_large", f"nested more than {max_depth} deep")
    zeros = raw.translate(_ZEROS)
    digits = longest_number(raw, zeros)
    if digits:
        raise WireError("too_large", f"a number of {digits} digits (at most {MAX_DIGITS})")
    if orjson is not None and not has_run_of_digits(raw, INT64_DIGITS, zeros):
        try:
            return orjson.loads(raw)  # it refuses text that is not UTF-8 too: the reading below says why
        except orjson.JSONDecodeError:  # the plain reading below says exactly what is wrong (or reads it)
            pass
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise WireError("not_json", f"not UTF-8: byte 0x{raw[exc.start]:02x} at offset {exc.start}") from None
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

    orjson writes NaN and infinities as ``null``, so where a ``null`` came out the value
    must hold no such float (``may_hold_nan``).  What orjson cannot write (an integer beyond
    64 bits, a lone surrogate, a key that is not a string), or a value that may hold one,
    goes the plain way, in ASCII, which refuses NaN.
    """
    if orjson is not None:
        try:
            data = orjson.dumps(value)
        except TypeError:  # orjson.JSONEncodeError is one
            pass
        else:
            if b"null" not in data or not may_hold_nan(value):
                return data + b"\n"
    return json.dumps(value, separators=(",", ":"), allow_nan=False).encode("ascii") + b"\n"


def may_hold_nan(value) -> bool:
    """Whether a JSON-like value may hold a NaN or an infinity: never false when it does.

    marshal writes every float as its type byte and 8 IEEE bytes, in C (a quarter of
    reading the line back); a non-finite one ends in 0x7f or 0xff, bytes that UTF-8 text
    never holds (0x7f: only DEL).  Where one occurs (a negative integer, a length of 127),
    the pattern says whether a float is behind it; a stray match only costs the plain way.
    """
    try:
        raw = marshal.dumps(value)
    except ValueError:  # not marshallable (an object orjson wrote through a subclass): assume it may
        return True
    return (b"\x7f" in raw or b"\xff" in raw) and _NOT_FINITE_FLOAT.search(raw) is not None


# -- reading lines from a pipe ------------------------------------------------------------------
CHUNK = 1 << 16
EOF = object()  # the reader's last item: end of file
# Seconds a reader keeps looking for its next line before it sleeps in poll().  Waking a process
# that sleeps costs ~50-100 µs on a virtual machine, twice per round trip, more than most answers
# take to compute; the peer's answer, or the client's next request after its checks, usually
# comes within this.  Only while a processor is spare (``spare_processor``): where every one is
# busy (pytest -n), a spin would take the time the peer needs.
SPIN = 0.003
LOOK_EVERY = 0.1  # seconds between looks at how many tasks are runnable
_looked_at, _spare = 0.0, False


def spare_processor() -> bool:
    """Whether fewer tasks are runnable than this process may use (Linux's /proc/loadavg), looked at every 0.1 s."""
    global _looked_at, _spare
    now = time.monotonic()
    if now - _looked_at >= LOOK_EVERY:
        _looked_at = now
        try:
            with open("/proc/loadavg", "rb") as f:
                runnable = int(f.read().split()[3].split(b"/")[0])  # this process among them
            _spare = runnable < len(os.sched_getaffinity(0)) + 1  # a peer spinning too counts: 2 on 2 is fine
        except (OSError, ValueError, IndexError, AttributeError):  # no /proc: never spin
            _spare = False
    return _spare


def readable(poller, wait: float | None, spin: float = SPIN) -> bool:
    """Whether ``poller`` sees something to read within ``wait`` seconds (None: no limit):
    looked for in a spin, then slept for."""
    if poller.poll(0):
        return True
    start = time.monotonic()
    spin = (spin if wait is None else min(spin, wait)) if spare_processor() else 0.0
    while time.monotonic() < start + spin:
        os.sched_yield()
        if poller.poll(0):
            return True
    if wait is None:
        return bool(poller.poll())
    return bool(poller.poll(max(0.0, start + wait - time.monotonic()) * 1000))


class TooLong:
    """Read instead of a line longer than the limit."""

    def __init__(self, size: int):
        self.size = size


class LineReader:
    """Lines of a stream, as bytes, read in the calling thread (no reader thread, no queue).

    A reader thread handing each line over through a queue costs two thread
    switches per call, and on a busy machine the GIL's switch interval (ms)
    with them: far more than the round trip itself.  Reading here, with
    ``poll`` for the timeout, keeps a call to one write and one read.  At most
    ``limit`` bytes of a line are ever held: a longer one yields ``TooLong``.
    A client's reader then reads no more.  A server's (``serving``) skips the
    rest of that line and reads on, and also yields a last line that has no
    newline.  A stream without a file descriptor (``io.BytesIO``) is read as
    it is, without waiting.
    """

    def __init__(self, stream, limit: int, *, serving: bool = False, spin: float = SPIN):
        self.stream, self.limit, self.serving, self.spin = stream, limit, serving, spin
        try:
            self.fd = stream.fileno()
        except (AttributeError, OSError, io.UnsupportedOperation):
            self.fd, self.poller = None, None
        else:
            self.poller = select.poll()
            self.poller.register(self.fd, select.POLLIN)
        self.lines: collections.deque = collections.deque()
        self.partial = bytearray()
        self.skipped = 0  # bytes of a too long line skipped so far (serving)
        self.done = False  # end of file seen, or (a client) a line too long: nothing more is read

    def next(self, wait: float | None = None):
        """The next line (bytes), ``TooLong`` or ``EOF``; ``None`` if none came within ``wait`` seconds
        (None: no limit)."""
        while not self.lines and not self.done:
            if not self._ready(wait):
                return None
            self._read()
        return self.lines.popleft() if self.lines else EOF

    def pump(self) -> None:
        """Read what has arrived, without waiting (a writer makes room in the other end's pipe)."""
        if not self.done and self.poller is not None and self.poller.poll(0):
            self._read()

    def _ready(self, wait: float | None) -> bool:
        return self.poller is None or readable(self.poller, wait, self.spin)

    def _read(self) -> None:
        try:
            chunk = os.read(self.fd, CHUNK) if self.fd is not None else self.stream.read(CHUNK)
        except BlockingIOError:
            return
        except OSError:
            chunk = b""
        if not chunk:  # end of file
            if self.serving and (self.partial or self.skipped):
                self.lines.append(TooLong(self.skipped) if self.skipped else bytes(self.partial))
            self.done, self.partial = True, bytearray()
            return
        start = 0
        while not self.done and (end := chunk.find(b"\n", start)) >= 0:
            self._take(chunk[start:end], whole=True)
            start = end + 1
        if not self.done:
            self._take(chunk[start:], whole=False)

    def _take(self, piece: bytes, whole: bool) -> None:
        """Add a piece of the current line (``whole``: its end, the newline counted in a size)."""
        if self.skipped:  # inside a too long line: count it, keep nothing
            self.skipped += len(piece) + whole
            if whole:
                self.lines.append(TooLong(self.skipped))
                self.skipped = 0
            return
        self.partial += piece
        if len(self.partial) <= self.limit:
            if whole:
                self.lines.append(bytes(self.partial))
                self.partial.clear()
            return
        size, self.partial = len(self.partial) + whole, bytearray()
        if not self.serving:
            self.lines.append(TooLong(size))
            self.done = True
        elif whole:
            self.lines.append(TooLong(size))
        else:
            self.skipped = size

    def close(self) -> None:
        try:
            self.stream.close()
        except OSError:
            pass
