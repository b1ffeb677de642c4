"""Text from an engine, made safe for each place it goes.

An engine names itself in ``hello`` and words its own error messages; the
user names a report with ``--name``.  Any of these may hold rich markup
(``[/bold]``), ANSI escapes, HTML, Markdown attribute lists, a path
(``../../x``) or the reference's own name.  Each sink takes them through one
function here:

=====================  ==========================================================
file names, anchors    ``slug``: lower-case letters, digits, ``-``, ``_``, ``.``; no path
the terminal (rich)    ``terminal``: control characters gone, markup escaped, bounded
HTML                   ``casebook.site.html.esc`` (``printable``, then HTML-escaped)
messages               ``brief``: bounded and printable, never a 50 MB value echoed
=====================  ==========================================================

Only the reference runs as the reference: ``is_reference`` judges by the spec
the user gave, never by the name the engine claims.
"""

from __future__ import annotations

import re

SHOW = 80  # characters of a value quoted back in a message
SLUG_LENGTH = 64
REFERENCE_NAME = "casebook-reference"
REFERENCE_SPECS = ("reference", "python:statemachines.reference:make_implementation")

# ANSI escape sequences (CSI, OSC, and two-character ESC forms), then the other control characters.
_ANSI = re.compile(r"\x1b(?:\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)?|[@-Z\\-_])|\x9b[0-?]*[ -/]*[@-~]")
# C0 and C1 control characters, and the bidirectional controls (U+202E would reverse a line as the terminal shows it)
_BIDI = "\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069"
_CONTROL = re.compile(f"[\\x00-\\x08\\x0b-\\x1f\\x7f-\\x9f{_BIDI}]")
_UNSAFE_IN_JSON = re.compile(f"[\\x7f-\\x9f{_BIDI}]")  # what json.dumps(ensure_ascii=False) leaves raw
_NOT_SLUG = re.compile(r"[^a-z0-9_.-]+")


def printable(text: str) -> str:
    """``text`` without ANSI escape sequences or control characters (newlines and tabs stay)."""
    return _CONTROL.sub("", _ANSI.sub("", text))


def brief(value, limit: int = SHOW) -> str:
    """A bounded, printable rendering of a value for a message."""
    text = value if isinstance(value, str) else repr(value)
    if len(text) > limit:
        text = text[:limit] + f"… ({len(text)} characters)"
    return printable(text)


def slug(name: str) -> str:
    """A safe file name and HTML id: no separator, no leading dot, no space, bounded."""
    text = _NOT_SLUG.sub("-", printable(str(name)).lower())[:SLUG_LENGTH]
    return text.strip("-.") or "implementation"


def terminal(text, limit: int = 2000) -> str:
    """Text for rich's console: printable, bounded, its markup escaped (``[/bold]`` prints as itself)."""
    from rich.markup import escape

    return escape(brief(str(text), limit))


def terminal_json(value, indent: int = 2) -> str:
    """JSON for the terminal: readable non-ASCII names, but C1 and bidirectional controls written as ``\\uXXXX``
    escapes (json escapes C0 itself), so an engine's text cannot drive the terminal or reverse a line."""
    import json

    text = json.dumps(value, indent=indent, ensure_ascii=False)
    return _UNSAFE_IN_JSON.sub(lambda m: f"\\u{ord(m[0]):04x}", text)


def is_reference(spec: str) -> bool:
    """Whether ``--impl`` names the reference itself (over stdio it could be anything claiming its name)."""
    return spec.strip() in REFERENCE_SPECS


def report_name(spec: str, claimed: str, requested: str | None = None) -> str:
    """The file name of an engine's report: ``--name`` or its hello name, as a slug.

    Another engine may not take the reference's name: its report would replace
    the reference's, and its failures would show as the reference's.
    """
    name = slug(requested or claimed)
    if name == REFERENCE_NAME and not is_reference(spec):
        return f"claims-{name}"
    return name
