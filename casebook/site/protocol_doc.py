"""The protocol reference page, from the harness's own docstrings.

``casebook/protocol.py`` and ``casebook/serve/stdio.py`` describe the calls and the
wire in reStructuredText-flavoured docstrings; this turns the few constructs
they use (inline literals, simple tables, ``::`` literal blocks) into Markdown,
so the page can never drift from the code it documents.
"""

from __future__ import annotations

import importlib
import inspect

from casebook.site.html import esc


def is_border(line: str) -> bool:
    stripped = line.strip()
    return bool(stripped) and set(stripped) <= {"=", " "} and "==" in stripped


def columns(border: str) -> list[int]:
    starts, previous = [], " "
    for i, ch in enumerate(border):
        if ch == "=" and previous == " ":
            starts.append(i)
        previous = ch
    return starts


def inline(text: str) -> str:
    """``literal`` → <code>literal</code>, everything else escaped."""
    pieces = text.split("``")
    return "".join(f"<code>{esc(p)}</code>" if i % 2 else esc(p) for i, p in enumerate(pieces))


def simple_table(lines: list[str]) -> str:
    borders = [i for i, line in enumerate(lines) if is_border(line)]
    starts = columns(lines[borders[0]])

    def cells(line):
        bounds = starts[1:] + [len(line) + 1]
        return [line[a:b].strip() for a, b in zip(starts, bounds)]

    header = []
    body_start = borders[0] + 1
    if len(borders) >= 3:
        header = [cells(line) for line in lines[borders[0] + 1 : borders[1]]]
        body_start = borders[1] + 1
    rows = [cells(line) for line in lines[body_start : borders[-1]] if line.strip()]
    head = "".join(f"<tr>{''.join(f'<th>{inline(c)}</th>' for c in row)}</tr>" for row in header)
    body = "".join(f"<tr>{''.join(f'<td>{inline(c)}</td>' for c in row)}</tr>" for row in rows)
    thead = f"<thead>{head}</thead>" if head else ""
    return (
        f'<div class="md-typeset__scrollwrap"><div class="md-typeset__table"><table>{thead}<tbody>{body}</tbody>'
        "</table></div></div>"
    )


def rst_to_html(doc: str) -> str:
    lines = inspect.cleandoc(doc).splitlines()
    out: list[str] = []
    paragraph: list[str] = []
    i = 0

    def flush():
        if paragraph:
            text = " ".join(paragraph)
            literal = text.endswith("::")
            if literal:
                text = text[:-1]
            out.append(f"<p>{inline(text)}</p>")
            paragraph.clear()
            return literal
        return False

    while i < len(lines):
        line = lines[i]
        if is_border(line):
            flush()
            j, seen = i, 0
            while j < len(lines):
                if is_border(lines[j]):
                    seen += 1
                    if seen >= 2 and (j + 1 >= len(lines) or not lines[j + 1].strip()):
                        break
                j += 1
            out.append(simple_table(lines[i : j + 1]))
            i = j + 1
            continue
        if not line.strip():
            if flush():  # a "::" paragraph: the indented block after it is code
                i += 1
                while i < len(lines) and not lines[i].strip():
                    i += 1
                block = []
                while i < len(lines) and (lines[i].startswith((" ", "\t")) or not lines[i].strip()):
                    block.append(lines[i])
                    i += 1
                out.append(f"<pre><code>{esc(inspect.cleandoc(chr(10).join(block)))}</code></pre>")
                continue
            i += 1
            continue
        paragraph.append(line.strip())
        i += 1
    flush()
    return "\n".join(out)


# -- example exchanges ---------------------------------------------------------------
# Real request and answer lines of the two toy games (tests/harness/toys.py): a test
# replays every request on them through ``casebook.serve.stdio.handle`` and compares the
# answers, so these examples cannot drift from what the protocol does.
def _rpc(rid: int, method: str, params: dict) -> dict:
    return {"jsonrpc": "2.0", "id": rid, "method": method, "params": params}


def _ok(rid: int, result) -> dict:
    return {"jsonrpc": "2.0", "id": rid, "result": result}


def _refused(rid: int, code: str, message: str, data: dict | None = None) -> dict:
    return {
        "jsonrpc": "2.0",
        "id": rid,
        "error": {"code": -32000, "message": message, "data": {"code": code, "message": message, **(data or {})}},
    }


_HOURGLASS = {
    "game": "hourglass",
    "players": ["A", "B"],
    "phase": "confirm",
    "active": "B",
    "turns_left": 3,
    "turn_timer": 30,
    "marks": {"A": 0, "B": 0},
    "timers": {"confirm": {"seconds": 15}},
}
_CONFIRM = {
    "to_act": ["A", "clock"],
    "moves": [
        {"actor": "A", "action": {"type": "confirm"}},
        {"actor": "A", "action": {"type": "dispute"}},
        {"actor": "clock", "action": {"type": "expire", "timer": "confirm"}},
    ],
}

EXCHANGES = [
    (
        "clock",
        "The clock actor",
        "A timer ends only by a move of the actor ``clock``, listed by ``legal()`` while the timer runs, "
        "without ``p``. "
        "Random play, fuzz and perft choose it like any other move; the engine never reads the time.",
        [
            (_rpc(1, "new", {"game": "hourglass", "options": {}}), _ok(1, {"table": "1"})),
            (
                _rpc(2, "legal", {"table": "1"}),
                _ok(
                    2,
                    {
                        "to_act": ["A", "clock"],
                        "moves": [
                            {"actor": "A", "action": {"type": "mark"}},
                            {"actor": "A", "action": {"type": "pass"}},
                            {"actor": "clock", "action": {"type": "expire", "timer": "turn"}},
                        ],
                    },
                ),
            ),
            (
                _rpc(3, "apply", {"table": "1", "actor": "clock", "action": {"type": "expire", "timer": "turn"}}),
                _ok(
                    3,
                    {
                        "events": [
                            {"type": "timer_expired", "timer": "turn", "player": "A"},
                            {"type": "turn_begins", "player": "B"},
                        ]
                    },
                ),
            ),
        ],
    ),
    (
        "sealed",
        "Sealed simultaneous choices",
        "``to_act`` names everyone still to choose; each applies their own move.  The choice waits in the chooser's "
        "``private`` slot, others see only that they chose (``chosen``); a player who has chosen has no move left.  "
        "The last choice reveals all of them in one event, in seat order.",
        [
            (_rpc(1, "new", {"game": "sealed", "options": {}}), _ok(1, {"table": "1"})),
            (
                _rpc(2, "apply", {"table": "1", "actor": "B", "action": {"type": "choose", "card": 2}}),
                _ok(2, {"events": [{"type": "chose", "player": "B", "private": {"B": {"card": 2}}}]}),
            ),
            (
                _rpc(3, "view", {"table": "1", "player": "C"}),
                _ok(
                    3,
                    {
                        "game": "sealed",
                        "players": ["A", "B", "C"],
                        "phase": "choosing",
                        "round": 1,
                        "chosen": ["B"],
                        "score": {"A": 0, "B": 0, "C": 0},
                        "private": {"C": {"hand": [1, 2, 3]}},
                    },
                ),
            ),
            (
                _rpc(4, "apply", {"table": "1", "actor": "B", "action": {"type": "choose", "card": 3}}),
                _refused(4, "not_your_turn", "B may not act now; waiting for A, C"),
            ),
            (
                _rpc(5, "apply", {"table": "1", "actor": "C", "action": {"type": "choose", "card": 2}}),
                _ok(5, {"events": [{"type": "chose", "player": "C", "private": {"C": {"card": 2}}}]}),
            ),
            (
                _rpc(6, "apply", {"table": "1", "actor": "A", "action": {"type": "choose", "card": 1}}),
                _ok(
                    6,
                    {
                        "events": [
                            {"type": "chose", "player": "A", "private": {"A": {"card": 1}}},
                            {
                                "type": "revealed",
                                "round": 1,
                                "cards": [
                                    {"player": "A", "card": 1},
                                    {"player": "B", "card": 2},
                                    {"player": "C", "card": 2},
                                ],
                                "scorer": "A",
                            },
                        ]
                    },
                ),
            ),
        ],
    ),
    (
        "player",
        "The player's form",
        "A client facing one player asks ``legal`` with ``actor`` (who is to act, and only that player's moves) and "
        "``apply`` with ``viewer`` (events redacted as that player may see them).  "
        "``state``, the plain ``legal`` and raw events are the referee's.",
        [
            (_rpc(1, "new", {"game": "sealed", "options": {"players": ["A", "B"]}}), _ok(1, {"table": "1"})),
            (
                _rpc(2, "legal", {"table": "1", "actor": "A"}),
                _ok(
                    2,
                    {
                        "to_act": ["A", "B"],
                        "moves": [{"actor": "A", "action": {"type": "choose", "card": c}} for c in (1, 2, 3)],
                    },
                ),
            ),
            (
                _rpc(3, "apply", {"table": "1", "actor": "A", "action": {"type": "choose", "card": 3}, "viewer": "B"}),
                _ok(3, {"events": [{"type": "chose", "player": "A", "private": {}}]}),
            ),
        ],
    ),
    (
        "step",
        "The batched call: step",
        '``step`` is ``apply`` followed by ``legal``; with ``"state": true`` it adds the state, '
        'with ``"views": true`` every player\'s view and the spectator\'s (``{"player", "view"}``).  '
        "A random move then costs one round trip.  "
        "Refused, a ``step`` that asked for the state may carry it in the error's ``data.state`` "
        "(Casebook's client uses it for the next ``state()``; without it, it asks).  "
        "An engine without ``step`` answers -32601 (method not found) "
        "and Casebook sends ``apply`` and ``legal`` instead.",
        [
            (_rpc(1, "new", {"game": "hourglass", "options": {}}), _ok(1, {"table": "1"})),
            (
                _rpc(2, "apply", {"table": "1", "actor": "A", "action": {"type": "pass"}}),
                _ok(2, {"events": [{"type": "turn_begins", "player": "B"}]}),
            ),
            (
                _rpc(3, "step", {"table": "1", "actor": "B", "action": {"type": "mark"}, "state": True}),
                _ok(3, {"events": [{"type": "mark_claimed", "player": "B"}], "legal": _CONFIRM, "state": _HOURGLASS}),
            ),
            (
                _rpc(4, "step", {"table": "1", "actor": "B", "action": {"type": "mark"}, "state": True}),
                _refused(4, "not_your_turn", "B may not act now; waiting for A, clock", {"state": _HOURGLASS}),
            ),
        ],
    ),
    (
        "describe",
        "describe(game)",
        "Optional: what the docs draw.  "
        "Phases (with the actor who moves in each and the clauses each cites), transitions "
        "by rulebook verb with their guards and effects, and the modelled board, or ``null``.  "
        "An engine without it answers -32601, which Casebook reports as unsupported.",
        [
            (
                _rpc(1, "describe", {"game": "sealed"}),
                _ok(
                    1,
                    {
                        "game": "sealed",
                        "title": "Sealed (a toy with simultaneous sealed choices)",
                        "initial": "choosing",
                        "phases": [
                            {
                                "name": "choosing",
                                "parent": None,
                                "final": False,
                                "actor": "players",
                                "summary": "everyone still to choose picks a card face down",
                                "clauses": ["SE-CHO-01", "SE-CHO-02"],
                            },
                            {
                                "name": "over",
                                "parent": None,
                                "final": True,
                                "actor": None,
                                "summary": "three rounds have been revealed",
                                "clauses": ["SE-END-01"],
                            },
                        ],
                        "transitions": [
                            {
                                "verb": "choose",
                                "source": "choosing",
                                "dest": "choosing",
                                "conditions": [],
                                "unless": ["last_to_choose"],
                                "effects": ["seal"],
                                "clauses": ["SE-CHO-01", "SE-CHO-02"],
                            },
                            {
                                "verb": "choose",
                                "source": "choosing",
                                "dest": "choosing",
                                "conditions": ["last_to_choose"],
                                "unless": ["last_round"],
                                "effects": ["seal", "reveal", "score"],
                                "clauses": ["SE-REV-01", "SE-SCO-01"],
                            },
                            {
                                "verb": "choose",
                                "source": "choosing",
                                "dest": "over",
                                "conditions": ["last_to_choose", "last_round"],
                                "unless": [],
                                "effects": ["seal", "reveal", "score"],
                                "clauses": ["SE-END-01"],
                            },
                        ],
                        "board": None,
                    },
                ),
            )
        ],
    ),
]


def exchanges_markdown() -> str:
    """The example exchanges as HTML: each request line (→) and its answer (←)."""
    import json

    parts = [
        "\n## Example exchanges { #examples }\n",
        "<p>JSON-RPC lines as they cross the pipe (one message a line; wrapped here only by the browser), "
        "from the two toy games of Casebook's own tests, which replay them.</p>",
    ]
    for anchor, title, text, lines in EXCHANGES:
        parts.append(f"\n### {esc(title)} {{ #example-{anchor} }}\n")
        parts.append(f"<p>{inline(text)}</p>")
        shown = "\n".join(
            f"{arrow} {json.dumps(message, separators=(',', ':'), ensure_ascii=False)}"
            for request, answer in lines
            for arrow, message in (("→", request), ("←", answer))
        )
        parts.append(f'<pre class="cb-exchange"><code>{esc(shown)}</code></pre>')
    return "\n".join(parts)


def protocol_markdown() -> str:
    parts = []
    for module, title, anchor in (
        ("casebook.protocol", "The calls", "calls"),
        ("casebook.serve.stdio", "On the wire", "wire"),
        ("casebook.serve.websocket", "Over WebSocket", "websocket"),
        ("casebook.errors", "Errors", "errors"),
    ):
        try:
            doc = importlib.import_module(module).__doc__ or ""
        except Exception:  # a harness module missing must not stop the site
            continue
        if doc.strip():
            parts.append(f"\n## {title} {{ #{anchor} }}\n")
            parts.append(f'<p class="cb-source">from <code>{esc(module.replace(".", "/"))}.py</code></p>')
            parts.append(rst_to_html(doc))
    parts.append(error_codes())
    parts.append(shapes_markdown())
    parts.append(exchanges_markdown())
    return "\n".join(parts) + "\n"


def shapes_markdown() -> str:
    """The protocol's shapes as the JSON Schemas every checker uses (casebook/contract.py), published as they are."""
    import json

    from casebook import contract

    parts = ["\n## The shapes { #shapes }\n", f"<p>{inline((contract.__doc__ or '').split(chr(10) + chr(10))[0])}</p>"]
    for kind, schema in contract.SCHEMAS.items():
        parts.append(f"\n### {esc(kind)} {{ #shape-{esc(kind)} }}\n")
        parts.append(f"<pre><code>{esc(json.dumps(schema, indent=1, ensure_ascii=False))}</code></pre>")
    return "\n".join(parts)


def error_codes() -> str:
    """The typed errors, each with its protocol code and what it means, from casebook.errors."""
    try:
        errors = importlib.import_module("casebook.errors")
    except Exception:
        return ""
    rows = []
    for name, cls in vars(errors).items():
        if (
            inspect.isclass(cls)
            and issubclass(cls, Exception)
            and cls.__module__ == errors.__name__
            and getattr(cls, "code", None)
        ):
            doc = inspect.getdoc(cls) or ""
            first_paragraph = doc.split("\n\n")[0].replace("\n", " ")
            rows.append(
                f"<tr><td><code>{esc(cls.code)}</code></td><td><code>{esc(name)}</code></td>"
                f"<td>{inline(first_paragraph)}</td></tr>"
            )
    if not rows:
        return ""
    return (
        '<div class="md-typeset__scrollwrap"><div class="md-typeset__table"><table>'
        "<thead><tr><th>code</th><th>class</th><th>meaning</th></tr></thead><tbody>"
        + "".join(rows)
        + "</tbody></table></div></div>"
    )
