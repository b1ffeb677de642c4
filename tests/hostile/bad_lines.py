"""The bad-line corpus: every request line ``casebook serve`` must answer without stopping.

Each entry is ``(name, line, expected)``.  ``expected`` is the JSON-RPC error
code of the answer and the id it must carry (``("no reply",)`` for a
notification, which is never answered, even when it fails).  Every line here
was either reproduced against the server of issue 12 or sits beside one that
was: a traceback that killed every table, a non-JSON answer, an answer
echoing a huge value.
"""

from __future__ import annotations

import json

PARSE, INVALID_REQUEST, NO_METHOD, BAD_PARAMS, REFUSED = -32700, -32600, -32601, -32602, -32000
NO_REPLY = ("no reply",)


def request(method="hello", params=None, rid=1, **extra) -> bytes:
    body = {"jsonrpc": "2.0", "id": rid, "method": method, **extra}
    if params is not None:
        body["params"] = params
    return json.dumps(body).encode()


def raw(text: str) -> bytes:
    return text.encode()


HUGE_INT = "9" * 5000  # Python refuses to read an int of more than 4,300 digits
BIG = "x" * 2_000_000  # a 2 MB bad value: the answer must not echo it

CORPUS: list[tuple[str, bytes, tuple]] = [
    # -- not JSON, or JSON beyond the limits (id unknown: null) --------------------------------
    ("not json", raw("{not json"), (PARSE, None)),
    ("truncated", raw('{"jsonrpc":"2.0","id":1,"method":"hello"'), (PARSE, None)),
    ("trailing garbage", raw('{"jsonrpc":"2.0","id":1,"method":"hello"} x'), (PARSE, None)),
    ("two objects on a line", raw('{"jsonrpc":"2.0","id":1,"method":"hello"}{"id":2}'), (PARSE, None)),
    ("NUL byte", b'{"jsonrpc":"2.0",\x00"id":1,"method":"hello"}', (PARSE, None)),
    ("byte order mark", b'\xef\xbb\xbf{"jsonrpc":"2.0","id":1,"method":"hello"}', (PARSE, None)),
    ("not UTF-8", b"\xff\xfe\n", (PARSE, None)),
    ("not UTF-8 inside a string", b'{"jsonrpc":"2.0","id":1,"method":"hel\xe9lo"}', (PARSE, None)),
    ("UTF-8-encoded surrogate", b'{"jsonrpc":"2.0","id":1,"method":"\xed\xa0\x80"}', (PARSE, None)),
    ("NaN id", raw('{"jsonrpc":"2.0","id":NaN,"method":"hello"}'), (PARSE, None)),
    ("Infinity id", raw('{"jsonrpc":"2.0","id":Infinity,"method":"hello"}'), (PARSE, None)),
    (
        "-Infinity in params",
        raw('{"jsonrpc":"2.0","id":1,"method":"new","params":{"game":"toy","options":{"x":-Infinity}}}'),
        (PARSE, None),
    ),
    ("array nested 1,000 deep", raw("[" * 1000 + "]" * 1000), (INVALID_REQUEST, None)),
    ("object nested 1,000 deep", raw('{"a":' * 1000 + "1" + "}" * 1000), (INVALID_REQUEST, None)),
    (
        "params nested 100,000 deep",
        raw(
            '{"jsonrpc":"2.0","id":1,"method":"new","params":{"game":"toy","options":'
            + "[" * 100_000
            + "]" * 100_000
            + "}}"
        ),
        (INVALID_REQUEST, None),
    ),
    (
        "integer id of 5,000 digits",
        raw(f'{{"jsonrpc":"2.0","id":{HUGE_INT},"method":"hello"}}'),
        (INVALID_REQUEST, None),
    ),
    (
        "integer of 5,000 digits in params",
        raw(f'{{"jsonrpc":"2.0","id":1,"method":"new","params":{{"game":"toy","options":{{"players":{HUGE_INT}}}}}}}'),
        (INVALID_REQUEST, None),
    ),
    (
        "negative integer of 5,000 digits",
        raw(f'{{"jsonrpc":"2.0","id":1,"method":"state","params":{{"table":-{HUGE_INT}}}}}'),
        (INVALID_REQUEST, None),
    ),
    (
        "number out of float range",
        raw('{"jsonrpc":"2.0","id":1,"method":"new","params":{"game":"toy","options":{"d":1e999}}}'),
        (INVALID_REQUEST, None),
    ),
    # -- JSON, but not a JSON-RPC 2.0 request -----------------------------------------------------
    ("a number", raw("42"), (INVALID_REQUEST, None)),
    ("a string", raw('"hello"'), (INVALID_REQUEST, None)),
    ("null", raw("null"), (INVALID_REQUEST, None)),
    ("true", raw("true"), (INVALID_REQUEST, None)),
    ("empty batch", raw("[]"), (INVALID_REQUEST, None)),
    ("batch", raw("[" + request().decode() + "]"), (INVALID_REQUEST, None)),
    ("id an object", request(rid={"a": 1}), (INVALID_REQUEST, None)),
    ("id a list", request(rid=[1]), (INVALID_REQUEST, None)),
    ("id true", request(rid=True), (INVALID_REQUEST, None)),
    ("id false", request(rid=False), (INVALID_REQUEST, None)),
    ("id a fraction", request(rid=1.5), (INVALID_REQUEST, None)),
    ("id a float", request(rid=1.0), (INVALID_REQUEST, None)),
    ("id a 10,000-character string", request(rid="i" * 10_000), (INVALID_REQUEST, None)),
    ("no jsonrpc", raw('{"id":1,"method":"hello"}'), (INVALID_REQUEST, 1)),
    ("jsonrpc 1.0", raw('{"jsonrpc":"1.0","id":1,"method":"hello"}'), (INVALID_REQUEST, 1)),
    ("jsonrpc a number", raw('{"jsonrpc":2.0,"id":1,"method":"hello"}'), (INVALID_REQUEST, 1)),
    ("no method", raw('{"jsonrpc":"2.0","id":1}'), (INVALID_REQUEST, 1)),
    ("method a list", request(["hello"]), (INVALID_REQUEST, 1)),
    ("method an object", request({"name": "hello"}), (INVALID_REQUEST, 1)),
    ("method a number", request(7), (INVALID_REQUEST, 1)),
    ("method null", request(None), (INVALID_REQUEST, 1)),
    ("method a list without id", raw('{"jsonrpc":"2.0","method":["hello"]}'), (INVALID_REQUEST, None)),
    # -- a request, with a method or params the server does not take --------------------------------
    ("unknown method", request("shuffle"), (NO_METHOD, 1)),
    ("method a 1 MB string", request("m" * 1_000_000), (NO_METHOD, 1)),
    ("method with ANSI escapes", request("\x1b[2J\x1b[31mhello"), (NO_METHOD, 1)),
    ("brackets inside a string are not nesting", request("[" * 5000 + '\\"{' * 100), (NO_METHOD, 1)),
    ("params a list", request("new", ["toy", {}]), (BAD_PARAMS, 1)),
    ("params a string", request("new", "toy"), (BAD_PARAMS, 1)),
    ("params null", raw('{"jsonrpc":"2.0","id":1,"method":"hello","params":null}'), (BAD_PARAMS, 1)),
    ("new without game", request("new", {"options": {}}), (BAD_PARAMS, 1)),
    ("new with game a number", request("new", {"game": 7, "options": {}}), (BAD_PARAMS, 1)),
    ("new with options a list", request("new", {"game": "toy", "options": []}), (BAD_PARAMS, 1)),
    ("new with options a 2 MB string", request("new", {"game": "toy", "options": BIG}), (BAD_PARAMS, 1)),
    ("new with an unknown param", request("new", {"game": "toy", "options": {}, "seed": 1}), (BAD_PARAMS, 1)),
    ("load with state a string", request("load", {"game": "toy", "state": "{}"}), (BAD_PARAMS, 1)),
    ("load with state null", request("load", {"game": "toy", "state": None}), (BAD_PARAMS, 1)),
    ("state with table an integer", request("state", {"table": 1}), (BAD_PARAMS, 1)),
    ("state with table an object", request("state", {"table": {"id": "1"}}), (BAD_PARAMS, 1)),
    ("view with player a number", request("view", {"table": "1", "player": 3}), (BAD_PARAMS, 1)),
    ("apply with action a list", request("apply", {"table": "1", "actor": "A", "action": ["bet"]}), (BAD_PARAMS, 1)),
    (
        "apply with actor null",
        request("apply", {"table": "1", "actor": None, "action": {"type": "bet"}}),
        (BAD_PARAMS, 1),
    ),
    ("apply with action a bool", request("apply", {"table": "1", "actor": "A", "action": True}), (BAD_PARAMS, 1)),
    # -- well formed: the engine refuses it ----------------------------------------------------------
    ("unknown game", request("new", {"game": "chess", "options": {}}), (REFUSED, 1)),
    ("a table id of 2 MB", request("state", {"table": BIG}), (REFUSED, 1)),
    ("id a string", request("state", {"table": "no such table"}, rid="abc"), (REFUSED, "abc")),
    ("id null", request("state", {"table": "no such table"}, rid=None), (REFUSED, None)),
    ("id a big integer", request("state", {"table": "no such table"}, rid=-(10**30)), (REFUSED, -(10**30))),
    ("lone surrogate escape", request("state", {"table": "\ud800"}), (REFUSED, 1)),
    # -- notifications: carried out, never answered, even when they fail -----------------------------
    ("notification", raw('{"jsonrpc":"2.0","method":"hello"}'), NO_REPLY),
    ("failing notification: unknown method", raw('{"jsonrpc":"2.0","method":"shuffle"}'), NO_REPLY),
    ("failing notification: bad params", raw('{"jsonrpc":"2.0","method":"new","params":{"game":7}}'), NO_REPLY),
    (
        "failing notification: refused",
        raw('{"jsonrpc":"2.0","method":"new","params":{"game":"chess","options":{}}}'),
        NO_REPLY,
    ),
    (
        "failing notification: unknown table",
        raw('{"jsonrpc":"2.0","method":"close","params":{"table":"nope"}}'),
        NO_REPLY,
    ),
    ("blank line", b"   \t\n", NO_REPLY),
]
