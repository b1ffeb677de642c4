"""The engine author's kit: wrap an engine you already have, write only its rules glue.

Subclass ``Rules``, fill in three to five methods, and run it::

    from casebook.adapter import Rules, IllegalAction

    class MyEngine(Rules):
        name, version = "my-engine", "0.1"
        games = {"feuerdiamant": {"declines": ["model-board", "FD-ACC-01"]}}

        def start(self, game, options):      # a new game -> your game object
        def restore(self, game, state):      # the published state (already checked against the schema) -> your object
        def snapshot(self, g):               # your object -> the published state (the game's "FEN")
        def moves(self, g):                  # [{"actor": …, "action": {…}, "p": 0.5 (chance only)}, …]
        def play(self, g, actor, action):    # apply a listed move; return its events

    if __name__ == "__main__":
        # JSON-RPC over stdin/stdout: casebook verify --impl "cmd:python my_engine.py"
        MyEngine().serve()

The kit does the rest, as the protocol wants it:

* the wire: ``casebook.serve.stdio`` (JSON-RPC 2.0, one message a line, every hostile
  line answered), and ``hello`` from ``name``, ``version`` and ``games``;
* tables: ids, ``close``, an unknown table is ``bad_request``;
* ``legal()``: moves sorted by actor then canonical JSON, ``to_act`` derived from them;
* typed errors before your ``play`` runs, so a refusal changes nothing:
  an action that does not fit the game's published schema (or carries a float) is ``bad_request``;
  once the game is over (no move listed) any move is ``illegal_action``;
  an actor who is not to act is ``not_your_turn``; then an action type you decline
  (``declined_actions = {"cluedo_drei": {"use_passage"}}``: listed nowhere, even if
  your ``moves`` returns it; where it lists nothing else, ``legal()`` itself is
  ``unsupported``, a part you decline, not the game's end) is ``unsupported``; a well-formed move the rules do
  not list now is ``illegal_action``; a game you do not offer, or a move into a
  part you decline (raise ``Unsupported`` in ``play``), is ``unsupported``;
* ``load``: the state is checked against ``$defs.state`` (``bad_request`` if not);
  ``state()`` after ``load`` is the state loaded unless your ``snapshot`` says otherwise;
* ``view(player)``: the generic redaction (``secret`` hidden from all, ``private``
  slots from the others); override ``view`` only if your engine knows better.

``play`` runs on a copy only if you ask (``copy_on_play = True``): by default it
is called once the move is known to be listed, so it cannot be refused.
Declines are tags (``model-board``, ``variant-duel``, ``optional``) or clause
ids; ``casebook verify --list`` shows which clauses they remove.

A turn cut otherwise than the game's phases is declared, not glued: ``turn_shapes =
{"cluedo_drei": {"pass": "end_turn"}}`` (turn open until pass, accuse at any time, no
dice, single-action turn: ``casebook.turn_shapes``), and the kit maps it.
"""

from __future__ import annotations

import copy
import itertools

from casebook.errors import BadRequest, GameError, IllegalAction, NotYourTurn, Unsupported
from casebook.protocol import PROTOCOL_VERSION, canonical, redact, sort_moves
from casebook.turn_shapes import MAX_PASSES, check_shape, dice_types

__all__ = ["Rules", "BadRequest", "GameError", "IllegalAction", "NotYourTurn", "Unsupported"]


class Rules:
    """A wrapped engine: subclass, set ``name``, ``version``, ``games``, and write the rules glue."""

    name = "unnamed-engine"
    version = "0.0"
    games: dict[str, dict] = {}  # game id -> {"declines": [tags or clause ids], …any facts}
    declined_actions: dict[str, set[str]] = {}  # game id -> action types the engine does not play (listed nowhere)
    turn_shapes: dict[str, dict] = {}  # game id -> how its turn differs from the game's phases (casebook.turn_shapes)
    copy_on_play = False

    def __init__(self):
        self._tables: dict[str, tuple[str, object]] = {}
        self._ids = itertools.count(1)
        self._shapes: dict = {}  # game id -> its checked TurnShape, or None
        self._declined: dict[str, frozenset[str]] = {}  # game id -> declined_types(game), worked out once
        self._chosen: dict[str, list[dict]] = {}  # table -> the choices made so far of a single-action turn

    # -- what the author writes ------------------------------------------------------
    def start(self, game: str, options: dict):
        raise Unsupported(f"{self.name} cannot start a game from options; load a state instead")

    def restore(self, game: str, state: dict):
        raise NotImplementedError("restore(game, state) -> your game object")

    def snapshot(self, g) -> dict:
        raise NotImplementedError("snapshot(game object) -> the published state")

    def moves(self, g) -> list[dict]:
        raise NotImplementedError("moves(game object) -> [{'actor', 'action', 'p'?}]")

    def play(self, g, actor: str, action: dict) -> list:
        raise NotImplementedError("play(game object, actor, action) -> events")

    # -- the protocol (the kit) -----------------------------------------------------------
    def hello(self) -> dict:
        declined = {game: sorted(types) for game in self.games if (types := self.declined_types(game))}
        return {
            "name": self.name,
            "version": str(self.version),
            "protocol": PROTOCOL_VERSION,
            "games": copy.deepcopy(self.games),
            **({"declined_actions": declined} if declined else {}),  # as kit_bridge.schema.json has it: fuzz reads it
        }

    def declined_types(self, game: str) -> frozenset[str]:
        """The action types the engine does not play in ``game``, declared once and read by the kit (listed nowhere,
        answered ``unsupported``) and by ``hello`` (fuzz leaves them out): ``declined_actions``, and a ``no_dice``
        turn shape's dice (``casebook.turn_shapes.dice_types``).  Asked on every legal() and apply(): the dice are
        read off the game's schema once (~0.5 ms), not on each call."""
        if game not in self._declined:
            shape = self.turn_shapes.get(game)
            dice = dice_types(game) if isinstance(shape, dict) and shape.get("no_dice") is True else ()
            self._declined[game] = frozenset({*self.declined_actions.get(game, ()), *dice})
        return self._declined[game]

    def new(self, game: str, options: dict) -> str:
        return self._open(game, self.start(self._offered(game), options))

    def load(self, game: str, state: dict) -> str:
        from casebook.conformance.validating import schema_error

        problem = schema_error(self._offered(game), "state", state)
        if problem:
            raise BadRequest(f"the state does not fit the {game} schema: {problem}")
        return self._open(game, self.restore(game, copy.deepcopy(state)))

    def state(self, table: str) -> dict:
        return self.snapshot(self._game(table)[1])

    def view(self, table: str, player: str | None) -> dict:
        return redact(self.state(table), player)

    def legal(self, table: str) -> dict:
        game, g = self._game(table)
        listed, moves = self._listed(game, g)
        if listed and not moves:  # not the game's end: a position in a part it declines (issue 45)
            raise Unsupported(f"{self.name} does not play {game} here: it declines all it lists ({_types(listed)})")
        moves = self._shaped(table, game, g, moves)
        return {"to_act": sorted({m["actor"] for m in moves}), "moves": moves}

    def _listed(self, game: str, g) -> tuple[list[dict], list[dict]]:
        """(every move ``moves`` lists, sorted; those of them the engine plays: not of a type it declines)"""
        declined = self.declined_types(game)
        listed = sort_moves(self.moves(g))
        return listed, [m for m in listed if m["action"].get("type") not in declined]

    def _shaped(self, table: str, game: str, g, moves: list[dict]) -> list[dict]:
        """``moves`` as the game's phases offer them, where the engine declares a turn shape (turn_shapes.py)."""
        shape = self._shape(game)
        if not shape:  # ``moves`` comes sorted from _listed: legal() is an engine's hottest call
            return moves
        # the engine's turn mapped onto the game's phases
        return sort_moves(shape.listed(moves, lambda: self.snapshot(g).get("phase"), self._chosen.get(table, [])))

    def apply(self, table: str, actor: str, action: dict) -> list:
        from casebook.conformance.validating import schema_error

        game, g = self._game(table)
        problem = schema_error(game, "action", action) if isinstance(action, dict) else "not an object"
        problem = problem or _float_in(action)
        if problem:
            raise BadRequest(f"not a {game} action: {problem}")
        listed, moves = self._listed(game, g)
        if not listed:  # the game is over: no move is legal for anyone, whoever asks
            raise IllegalAction(f"the game is over: {actor} may not {canonical(action)}")
        to_act = sorted({m["actor"] for m in listed})  # whose move it is, though all they may do is declined
        if actor not in to_act:
            raise NotYourTurn(f"{actor} is not to act now (to act: {', '.join(to_act) or 'nobody'})")
        # After "the game is over" and "not your turn", which every engine answers alike whatever the move: a
        # declined action type costs only the examples about it, not those that probe a turn with it (issue 44).
        if action.get("type") in self.declined_types(game):
            raise Unsupported(f"{self.name} does not play {action['type']!r} in {game}")
        wanted, moves = canonical(action), self._shaped(table, game, g, moves)
        if not any(m["actor"] == actor and canonical(m["action"]) == wanted for m in moves):
            raise IllegalAction(f"{actor} may not {wanted} now")
        shape = self._shape(game)
        if shape and shape.single:  # a choice of a single-action turn: held until the turn is whole
            chosen = [*self._chosen.get(table, []), action]
            turn, held = shape.choose(self.moves(g), actor, chosen)
            if held:
                self._chosen[table] = chosen
                return []
            self._chosen.pop(table, None)
            action = turn or action
        events = self._play_listed(table, game, g, actor, action)
        return events + self._passes(table, shape) if shape and shape.pass_type else events

    def _play_listed(self, table: str, game: str, g, actor: str, action: dict) -> list:
        if not self.copy_on_play:
            return self.play(g, actor, action)
        trial = copy.deepcopy(g)
        events = self.play(trial, actor, action)  # a refusal raised here leaves the table's game untouched
        self._tables[table] = (game, trial)
        return events

    def _passes(self, table: str, shape) -> list:
        """Turn open until pass: while the engine lists only its pass, play it for the player (casebook.turn_shapes)."""
        events: list = []
        for _ in range(MAX_PASSES):
            alone = shape.lone_pass(self.legal(table)["moves"])
            if alone is None:
                break
            game, g = self._game(table)
            events += self._play_listed(table, game, g, alone["actor"], alone["action"])
        return events

    def close(self, table: str) -> None:
        self._tables.pop(table, None)
        self._chosen.pop(table, None)

    def serve(self, **limits) -> None:
        """Answer the protocol on stdin/stdout until stdin closes."""
        from casebook.serve.stdio import serve

        serve(self, **limits)

    # -- tables -----------------------------------------------------------------------------
    def _offered(self, game: str) -> str:
        if game not in self.games:
            raise Unsupported(f"{self.name} does not offer {game!r}; it offers {', '.join(self.games) or 'nothing'}")
        self._shape(game)  # at start: a shape the kit cannot map refuses the game (BadTurnShape), saying why
        return game

    def _shape(self, game: str):
        """The game's checked turn shape (None: the engine's turn is the game's phases)."""
        if game not in self._shapes:
            self._shapes[game] = check_shape(game, self.turn_shapes[game]) if game in self.turn_shapes else None
        return self._shapes[game]

    def _open(self, game: str, g) -> str:
        table = f"t{next(self._ids)}"
        self._tables[table] = (game, g)
        return table

    def _game(self, table: str) -> tuple[str, object]:
        if table not in self._tables:
            raise BadRequest(f"no table {table!r}")
        return self._tables[table]


def _types(moves: list[dict]) -> str:
    return ", ".join(sorted({str(m["action"].get("type")) for m in moves}))


def _float_in(value) -> str | None:
    """A float anywhere in an action: the protocol's actions carry integers only (JSON Schema calls 2.0 an integer)."""
    if isinstance(value, float):
        return f"{value!r} is a float; the protocol's numbers are integers"
    for item in value.values() if isinstance(value, dict) else value if isinstance(value, list) else ():
        found = _float_in(item)
        if found:
            return found
    return None
