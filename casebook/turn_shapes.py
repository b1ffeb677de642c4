"""Turn shapes: the usual ways an engine's turn differs from a game's phases, mapped by the author's kit (issue 45).

An engine declares its shape per game, ``Rules.turn_shapes = {"cluedo_drei": {"pass": "end_turn"}}`` in Python or
``"turn_shape": {"cluedo_drei": {...}}`` in ``hello`` over the wire, and the kit maps its moves onto the game's
phases itself.  What a phase takes is read from the published schema's phase table (``phases[].actions``: each
phase's action types and the phases each leads to), never from the reference engine.

================================  ====================================================================================
``"pass": TYPE``                  turn open until pass: the engine keeps the turn open after its last move and lists
                                  its pass (a move of TYPE).  Where that pass is the only move listed, the kit plays
                                  it at once, in the same ``apply``, and returns the events of both moves; listed
                                  beside other moves it stays a choice (Cluedo's Headquarters: accuse or end the turn).
``"any_time": [TYPE, ...]``       accuse at any time: the engine lists these types in more phases than the game does;
                                  the kit lists them only in the phases whose rows take them (the state's ``phase``),
                                  so elsewhere they are refused as ``illegal_action``.
``"no_dice": true``               no dice: the engine rolls none.  The kit declines the game's dice: each chance move
                                  whose action names a die's ``face``, and each player move whose every next phase
                                  takes only such a roll (Cluedo's ``roll_dice``); they join ``declined_actions``
                                  (``Rules.declined_types``): listed nowhere, answered ``unsupported``, and in
                                  ``hello``'s ``declined_actions``, where fuzz reads them.
``"single_action": TYPE``         single-action turn: the engine plays a player's consecutive choices as one move,
                                  ``{"type": TYPE, "moves": [action, ...]}`` in the game's order (move, then question).
                                  The kit offers them one phase at a time (the next choice of the listed turns that
                                  begin with the choices made so far) and sends the whole turn once it is complete;
                                  until then the engine's state is still the turn's start.
================================  ====================================================================================

``check_shape(game, shape)`` refuses a shape that names no action of the game (``BadTurnShape``, at the game's start,
as the kit refuses names that do not match).  What each shape costs, measured on a toy engine per shape, is in the
wrap-an-engine guide's table (tests/conformance/test_turn_shapes.py).
"""

from __future__ import annotations

from collections.abc import Callable

from casebook import schemas
from casebook.errors import Unsupported
from casebook.protocol import canonical

__all__ = ["SHAPES", "BadTurnShape", "TurnShape", "check_shape", "dice_types"]

SHAPES = ("pass", "any_time", "no_dice", "single_action")
MAX_PASSES = 64  # passes played in a row for one apply: beyond, the lone pass is left listed for Casebook to see


class BadTurnShape(Unsupported):
    """A turn shape the kit cannot map for a game (an unknown shape, an action type the game lacks): no start."""


def action_types(game: str) -> dict[str, dict]:
    """{action type: its schema (``properties``…)} of the game's published ``$defs.action``."""
    out = {}
    for alternative in schemas.load(game)["$defs"]["action"]["oneOf"]:
        for variant in alternative.get("oneOf", [alternative]):
            props = {**alternative.get("properties", {}), **variant.get("properties", {})}
            out.setdefault(props["type"]["const"], props)
    return out


def _names_a_face(schema) -> bool:
    text = canonical(schema)
    return '"#/$defs/face"' in text


def dice_types(game: str) -> set[str]:
    """The game's dice: each action type naming a die's ``face`` (a chance roll), and each type whose every next phase
    takes only such rolls (the player's ``roll_dice``)."""
    rolls = {
        t for t, props in action_types(game).items() if any(_names_a_face(v) for k, v in props.items() if k != "type")
    }
    phases = {p["name"]: p.get("actions", {}) for p in schemas.load(game)["phases"]}
    rolling = {name for name, takes in phases.items() if takes and set(takes) <= rolls}
    starts = {t for takes in phases.values() for t, dests in takes.items() if dests and set(dests) <= rolling}
    return rolls | starts


def shape_problems(game: str, shape) -> list[str]:
    if not isinstance(shape, dict):
        return [f"a turn shape is an object {{{', '.join(SHAPES)}}}, not {type(shape).__name__}"]
    types = action_types(game)
    problems = [f"{key!r} is no turn shape (shapes: {', '.join(SHAPES)})" for key in shape if key not in SHAPES]
    for key in ("pass", "single_action"):
        if key in shape and not isinstance(shape[key], str):
            problems.append(f"{key}: an action type is wanted, not {shape[key]!r}")
    if "pass" in shape and isinstance(shape["pass"], str) and shape["pass"] not in types:
        problems.append(f"pass: {shape['pass']!r} is no {game} action (actions: {', '.join(sorted(types))})")
    any_time = shape.get("any_time", [])
    if not isinstance(any_time, list) or not all(isinstance(t, str) for t in any_time):
        problems.append(f"any_time: a list of action types is wanted, not {any_time!r}")
    else:
        problems += [f"any_time: {t!r} is no {game} action" for t in any_time if t not in types]
    if "no_dice" in shape and not isinstance(shape["no_dice"], bool):
        problems.append(f"no_dice: true or false, not {shape['no_dice']!r}")
    elif shape.get("no_dice") and not dice_types(game):
        problems.append(f"no_dice: {game} has no dice to do without")
    return problems


def check_shape(game: str, shape) -> TurnShape:
    problems = shape_problems(game, shape)
    if problems:
        raise BadTurnShape(f"the turn shape declared for {game} cannot be mapped: " + "; ".join(problems))
    return TurnShape(game, shape)


class TurnShape:
    """One game's declared shape, checked: what the kit lists, holds and plays on the engine's behalf."""

    def __init__(self, game: str, shape: dict):
        self.pass_type: str | None = shape.get("pass")
        self.single: str | None = shape.get("single_action")
        self.any_time = frozenset(shape.get("any_time", ()))
        self.takes = {p["name"]: frozenset(p.get("actions", {})) for p in schemas.load(game)["phases"]}

    def listed(self, moves: list[dict], phase: Callable[[], str | None], pending: list[dict]) -> list[dict]:
        """The engine's moves as the game's phases have them: ``any_time`` types only where the phase takes them, a
        single-action turn as its next choice."""
        if self.any_time:
            takes = self.takes.get(phase(), frozenset())
            moves = [m for m in moves if m["action"].get("type") not in self.any_time or m["action"]["type"] in takes]
        if not self.single:
            return moves
        out, seen = [], set()
        for move in moves:
            if move["action"].get("type") != self.single:
                if not pending:
                    out.append(move)
                continue
            parts = move["action"].get("moves") or []
            if len(parts) > len(pending) and parts[: len(pending)] == pending:
                part = {"actor": move["actor"], "action": parts[len(pending)]}
                key = canonical(part)
                if key not in seen:
                    seen.add(key)
                    out.append(part)
        return out

    def choose(self, moves: list[dict], actor: str, chosen: list[dict]) -> tuple[dict | None, bool]:
        """``(turn, held)`` for the choices ``chosen`` of ``actor``: the single-action turn they complete (a listed
        turn with exactly these choices, and no longer one beginning with them), or ``held`` while the turn goes on;
        ``(None, False)`` for a move that is no turn's choice (chance's, another player's answer)."""
        turns = [
            m["action"]
            for m in moves
            if m["actor"] == actor
            and m["action"].get("type") == self.single
            and (m["action"].get("moves") or [])[: len(chosen)] == chosen
        ]
        if not turns:
            return None, False
        whole = [t for t in turns if len(t["moves"]) == len(chosen)]
        return (whole[0], False) if whole and len(whole) == len(turns) else (None, True)

    def lone_pass(self, moves: list[dict]) -> dict | None:
        """The pass to play on the engine's behalf: the only move listed, of the ``pass`` type."""
        if self.pass_type and len(moves) == 1 and moves[0]["action"].get("type") == self.pass_type:
            return moves[0]
        return None
