"""Serve any in-process implementation over stdio: JSON-RPC 2.0, one message per line.

``casebook serve`` runs this for the reference.  Requests::

    {"jsonrpc": "2.0", "id": 1, "method": "new", "params": {"game": "cluedo_drei", "options": {...}}}

Results are the in-process return values (``new``/``load`` → ``{"table": id}``,
``apply`` → ``{"events": [...]}``, ``step`` → ``{"events": [...], "legal": {...}}``
plus ``"state"`` and ``"views"`` when asked with ``"state": true``, ``"views": true``).
``legal`` may name an ``actor`` and ``apply``/``step`` a ``viewer``: the player's
forms (their own moves, events redacted for them).  ``describe`` and ``step``
are optional: an engine without them answers "method not found" (-32601).
A rejected request answers with an error object whose ``data.code`` is the
protocol's error name (``illegal_action`` …).
"""

from __future__ import annotations

import json
import sys
from typing import IO

from casebook.errors import GameError
from casebook.protocol import Implementation, describe, player_legal, redact_events, step

# JSON-RPC codes for our typed errors; ``data.code`` carries the protocol's name.
GAME_ERROR = -32000
PARSE_ERROR = -32700
INVALID_REQUEST = -32600
METHOD_NOT_FOUND = -32601
INVALID_PARAMS = -32602

METHODS = {
    "hello": (),
    "new": ("game", "options"),
    "load": ("game", "state"),
    "state": ("table",),
    "view": ("table", "player"),
    "legal": ("table",),
    "apply": ("table", "actor", "action"),
    "close": ("table",),
    "describe": ("game",),
    "step": ("table", "actor", "action"),
}
# view(None) is a spectator; legal(actor) and apply/step(viewer) are a player's forms; step(state, views) batch
OPTIONAL_PARAMS = {"player", "actor", "viewer", "state", "views"}


def _call(impl: Implementation, method: str, params: dict):
    """One request on the implementation; the player's forms and the optional calls need nothing from it."""
    if method == "describe":
        return describe(impl, params["game"])
    if method == "legal":
        legal = impl.legal(params["table"])
        return legal if params.get("actor") is None else player_legal(legal, params["actor"])
    if method in ("apply", "step"):
        viewer = params.get("viewer")
        referee = viewer is None  # the state and everyone's views are for the referee only
        result = (step(impl, params["table"], params["actor"], params["action"], with_state=referee and params.get("state") is True,
                       with_views=referee and params.get("views") is True)
                  if method == "step" else {"events": impl.apply(params["table"], params["actor"], params["action"])})
        if viewer is not None:  # a player's client: events as they see them, their own moves, never the state
            result["events"] = redact_events(result["events"], viewer)
            if result.get("legal") is not None:
                result["legal"] = player_legal(result["legal"], viewer)
        return result
    return getattr(impl, method)(*(params.get(name) for name in METHODS[method]))


def _wrap(method: str, result):
    if method in ("new", "load"):
        return {"table": result}
    if method == "close":
        return {}
    return result


def handle(impl: Implementation, line: str) -> dict | None:
    """Answer one request line; ``None`` for a notification (no id)."""
    try:
        request = json.loads(line)
    except json.JSONDecodeError as exc:
        return _error(None, PARSE_ERROR, f"not JSON: {exc}")
    if not isinstance(request, dict) or request.get("jsonrpc") != "2.0" or "method" not in request:
        return _error(request.get("id") if isinstance(request, dict) else None, INVALID_REQUEST, "not a JSON-RPC 2.0 request")
    rid, method, params = request.get("id"), request["method"], request.get("params", {})
    if method not in METHODS:
        return _error(rid, METHOD_NOT_FOUND, f"no method {method!r}; methods are {sorted(METHODS)}")
    if not isinstance(params, dict):
        return _error(rid, INVALID_PARAMS, "params must be an object")
    missing = [name for name in METHODS[method] if name not in params and name not in OPTIONAL_PARAMS]
    if missing:
        return _error(rid, INVALID_PARAMS, f"{method} needs {', '.join(missing)}")
    try:
        result = _call(impl, method, params)
    except GameError as exc:
        return _error(rid, GAME_ERROR, exc.message, exc.to_json())
    except Exception as exc:  # an engine bug must not kill the table server
        return _error(rid, GAME_ERROR, f"internal error: {type(exc).__name__}: {exc}", {"code": "internal_error", "message": str(exc)})
    if rid is None:
        return None
    return {"jsonrpc": "2.0", "id": rid, "result": _wrap(method, result)}


def _error(rid, code: int, message: str, data: dict | None = None) -> dict:
    error = {"code": code, "message": message}
    if data is not None:
        error["data"] = data
    return {"jsonrpc": "2.0", "id": rid, "error": error}


def serve(impl: Implementation, stdin: IO[str] = sys.stdin, stdout: IO[str] = sys.stdout) -> None:
    for line in stdin:
        if not line.strip():
            continue
        response = handle(impl, line)
        if response is not None:
            stdout.write(json.dumps(response, separators=(",", ":")) + "\n")
            stdout.flush()
