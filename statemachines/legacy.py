"""The pre-kit core, kept only until Feuerdiamant moves onto the kit (statemachines.core).  Do not use."""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

from transitions import Machine

from casebook.errors import BadRequest, IllegalAction, NotYourTurn
from casebook.protocol import CHANCE, canonical, redact, sort_moves


def shared_machine(states: list, transitions: list, initial: str) -> Machine:
    """One Machine per game, built once; each game instance joins it with add_model.

    auto_transitions=False: only the rulebook's verbs exist as triggers.
    """
    return Machine(
        model=None,
        states=states,
        transitions=transitions,
        initial=initial,
        model_attribute="phase",  # ``state`` is the protocol's call, not the phase
        auto_transitions=False,
        send_event=False,
        ignore_invalid_triggers=False,
    )


def mermaid_diagram(states: list, transitions: list, initial: str, title: str) -> str:
    """The turn structure as a mermaid stateDiagram, drawn by transitions itself."""
    from transitions.extensions import GraphMachine

    class _Drawing:  # GraphMachine draws the graph of a model; this one only holds a state
        pass

    model = _Drawing()
    GraphMachine(
        model=model,
        states=states,
        transitions=transitions,
        initial=initial,
        auto_transitions=False,
        graph_engine="mermaid",
        show_conditions=True,
        title=title,
    )
    return model.get_graph().draw(None)


def load_schema(game_id: str) -> dict:
    """A game's JSON Schema (``$defs``: options, state, view, action, event).

    The schemas are part of the protocol, so they live with the harness
    (casebook/schemas/<game>.json), which validates every implementation by them.
    """
    return json.loads(resources.files("casebook.schemas").joinpath(f"{game_id}.json").read_text())


class GameModel:
    """Base of a game's model.  Subclasses hold their data; the machine holds ``state``.

    Subclass contract:
      * ``machine``: the game's shared Machine (class attribute)
      * ``players``: list of player ids; ``phase`` is the machine's state
      * ``_moves() -> list[{"actor", "action"[, "p"]}]``: everything legal now
      * ``_perform(actor, action) -> list[event]``: carry a legal move out
      * ``to_json() -> dict`` / ``from_json(state)``: the canonical state
      * ``_shape_error(actor, action) -> str | None``: why a request is malformed
      * ``_why_illegal(actor, action) -> str``: a readable reason (optional)
    """

    machine: Machine
    players: list[str]
    phase: str  # set by the machine

    def __init__(self) -> None:
        self.machine.add_model(self)
        self._legal_cache: list[dict] | None = None

    def close(self) -> None:
        self.machine.remove_model(self)

    # -- protocol calls -----------------------------------------------------
    def legal(self) -> dict:
        moves = self._legal_moves()
        to_act = sorted({m["actor"] for m in moves})
        return {"to_act": to_act, "moves": json_copy(moves)}  # the cache stays ours

    def view(self, player: str | None) -> dict:
        if player is not None and player not in self.players:
            raise BadRequest(f"no player {player!r} at this table; players are {self.players}")
        return redact(self.to_json(), player)

    def state(self) -> dict:
        return self.to_json()

    def apply(self, actor: str, action: Any) -> list[dict]:
        if not isinstance(actor, str):
            raise BadRequest(f"actor must be a string, got {actor!r}")
        if actor != CHANCE and actor not in self.players:
            raise BadRequest(f"no player {actor!r} at this table; players are {self.players}")
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise BadRequest(f'an action is an object with a "type", got {action!r}')
        shape = self._shape_error(actor, action)
        if shape:
            raise BadRequest(shape)
        moves = self._legal_moves()
        if not moves:
            raise IllegalAction("the game is over")
        actors = {m["actor"] for m in moves}
        if actor not in actors:
            raise NotYourTurn(f"{actor} may not act now; waiting for {', '.join(sorted(actors))}")
        # == finds the candidate cheaply; canonical() then tells 1 from true and 1.0
        key = canonical(action)
        if not any(m["actor"] == actor and m["action"] == action and canonical(m["action"]) == key for m in moves):
            raise IllegalAction(self._why_illegal(actor, action))
        self._legal_cache = None
        return self._perform(actor, json_copy(action))

    # -- helpers for subclasses ----------------------------------------------
    def _legal_moves(self) -> list[dict]:
        if self._legal_cache is None:
            self._legal_cache = sort_moves(self._moves())
        return self._legal_cache

    def _invalidate(self) -> None:
        self._legal_cache = None

    def _shape_error(self, actor: str, action: dict) -> str | None:
        return None

    def _why_illegal(self, actor: str, action: dict) -> str:
        return f"{actor} may not {canonical(action)} in phase {self.phase!r}"

    def _moves(self) -> list[dict]:  # pragma: no cover - abstract
        raise NotImplementedError

    def _perform(self, actor: str, action: dict) -> list[dict]:  # pragma: no cover
        raise NotImplementedError

    def to_json(self) -> dict:  # pragma: no cover - abstract
        raise NotImplementedError


def json_copy(value: Any) -> Any:
    """A deep copy of plain JSON, several times faster than copy.deepcopy."""
    if isinstance(value, dict):
        return {k: json_copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [json_copy(v) for v in value]
    return value


def uniform(actions: list[dict]) -> list[dict]:
    """Chance moves with equal probability, one per outcome."""
    p = 1.0 / len(actions)
    return [{"actor": CHANCE, "action": a, "p": p} for a in actions]
