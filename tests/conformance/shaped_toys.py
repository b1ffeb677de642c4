"""Toy engines whose turn has one of the shapes engines commonly have (issue 45 item 2), on the author's kit.

Each toy is the reference's rules (statemachines/) with its turn reshaped as public engines shape theirs, and declares
that shape (``turn_shapes``) so the kit maps it onto the game's phases (casebook/turn_shapes.py):

    open_until_pass   the turn stays open after its last move until the player plays ``end_turn``
    accuse_any_time   an accusation is listed in every phase of the player's turn, wherever the pawn stands
    no_dice           no dice: the turn begins with the move (up to 7 steps), nobody rolls for the start
    single_action     a player's consecutive choices are one move: ``{"type": "turn", "moves": [move, question]}``

``CASEBOOK_TOY_DEVIATION=<shape>`` picks the toy when the factory runs (``python:tests.conformance.shaped_toys:make``);
``<shape>:unmapped`` is the same engine declaring no shape, to measure what the mapping saves.
``python -m tests.conformance.shaped_toys SHAPE`` answers the kit's pure calls over the wire instead (``kit:``),
declaring its shape in ``hello``'s ``turn_shape``.
"""

from __future__ import annotations

import json
import sys

from casebook import settings
from casebook.adapter import Rules
from casebook.protocol import PROTOCOL_VERSION, canonical
from statemachines.cluedo_drei.engine import CluedoDrei, destinations
from statemachines.cluedo_drei.machine import TRANSITIONS as CLUEDO_ROWS
from statemachines.cluedo_drei.rules import HEADQUARTERS
from statemachines.kit import offer
from tests.conformance.deviant_toys import CluedoAccusesAnywhere, HeistAccusesAnywhere, NoStartRoll

NOT_PLAYERS = ("chance", "clock")
NO_DICE_STEPS = 7  # how far a pawn of the no-dice toy may go: the two dice's mean


# -- turn open until pass ----------------------------------------------------------------------------------------
def _passes_turn(row: dict) -> bool:
    after = row.get("after")
    return "pass_turn" in ([after] if isinstance(after, str) else after or [])


OPEN_ROWS = [  # every row that hands the turn on leaves it open instead (a wrong accusation still hands it on)
    {**row, "dest": "accusing", "after": None}
    if _passes_turn(row) and row["trigger"] not in ("accuse", "end_turn")
    else row
    for row in CLUEDO_ROWS
]


class CluedoOpenUntilPass(CluedoDrei):
    transitions = OPEN_ROWS

    def check(self):
        if self.phase == "accusing" and self._place() != HEADQUARTERS:
            return  # its own open turn, as it loads it back over the wire (the reference knows no such position)
        super().check()

    def triggers(self):
        if self.phase == "accusing" and self._place() != HEADQUARTERS:
            return ("end_turn",)  # the open turn outside the Headquarters: the player may only pass
        return super().triggers()


# -- no dice -----------------------------------------------------------------------------------------------------
NO_DICE_ROWS = [
    *(row for row in NoStartRoll.rows(CLUEDO_ROWS) if row["trigger"] != "roll_dice"),
    *({**row, "source": "starting_turn"} for row in CLUEDO_ROWS if row["trigger"] == "move"),
]


class CluedoNoDice(NoStartRoll, CluedoDrei):
    transitions = NO_DICE_ROWS

    def options_move(self):
        if self.phase != "starting_turn":
            return super().options_move()  # a loaded position in the moving phase keeps its pips
        return offer(
            self.current, ({"to": to} for to in destinations(self._place(), NO_DICE_STEPS, self.cards_in_play))
        )


# -- single-action turn ------------------------------------------------------------------------------------------
SINGLE = "turn"


def players_to_act(legal: dict) -> set[str]:
    return {a for a in legal["to_act"] if a not in NOT_PLAYERS}


def single_action_moves(cls, g, depth: int = 2) -> list[dict]:
    """The game's moves with a player's consecutive choices joined: each a turn ``{"type": "turn", "moves": [...]}``
    of the player whose turn it is, until someone else (or chance) is to act or the turn ends, at most ``depth``
    choices (Cluedo's longest: move, question)."""
    legal = g.legal()
    if "chance" in legal["to_act"] or len(players_to_act(legal)) != 1:
        return legal["moves"]
    state = g.state()

    def sequences(chosen: list[dict], actor: str) -> list[list[dict]]:
        if len(chosen) >= depth:
            return [chosen]
        after = cls.load(state)
        for action in chosen:
            after.apply(actor, action)
        nxt = after.legal()
        if "chance" in nxt["to_act"] or players_to_act(nxt) != {actor} or after.current != actor:
            return [chosen]  # someone else, or chance, acts next, or the player's next turn begins
        return [seq for m in nxt["moves"] if m["actor"] == actor for seq in sequences([*chosen, m["action"]], actor)]

    out = []
    for move in legal["moves"]:
        if move["actor"] != g.current:  # chance, the clock, a player answering in another's turn: one move each
            out.append(move)
            continue
        for seq in sequences([move["action"]], move["actor"]):
            out.append({"actor": move["actor"], "action": {"type": SINGLE, "moves": seq}})
    return out


# name -> ({game: game class}, {game: declared turn shape}, single-action or not)
TOYS = {
    "open_until_pass": ({"cluedo_drei": CluedoOpenUntilPass}, {"cluedo_drei": {"pass": "end_turn"}}),
    "accuse_any_time": (
        {"cluedo_drei": CluedoAccusesAnywhere, "heist": HeistAccusesAnywhere},
        {"cluedo_drei": {"any_time": ["accuse"]}, "heist": {"any_time": ["accuse"]}},
    ),
    "no_dice": ({"cluedo_drei": CluedoNoDice}, {"cluedo_drei": {"no_dice": True}}),
    "single_action": ({"cluedo_drei": CluedoDrei}, {"cluedo_drei": {"single_action": SINGLE}}),
}


def engine_moves(cls, g, shape: dict) -> list[dict]:
    return single_action_moves(cls, g) if shape.get("single_action") else g.legal()["moves"]


def engine_apply(g, actor: str, action: dict) -> list:
    if action["type"] != SINGLE:
        return g.apply(actor, action)
    return [event for part in action["moves"] for event in g.apply(actor, part)]


class Shaped(Rules):
    """The reference's rules of one toy's games, reshaped, on the kit: the shape declared unless ``unmapped``."""

    version = "0"

    def __init__(self, toy: str):
        super().__init__()
        shape, _, unmapped = toy.partition(":")
        self.classes, self.shapes = TOYS[shape]
        self.name = f"toy-{shape.replace('_', '-')}{'-unmapped' if unmapped else ''}"
        self.games = {g: {"declines": []} for g in self.classes}
        self.turn_shapes = {} if unmapped else self.shapes
        self._moves_cache: tuple[str, list] = ("", [])

    def start(self, game, options):
        return game, self.classes[game].new(options)

    def restore(self, game, state):
        return game, self.classes[game].load(state)

    def snapshot(self, g):
        return g[1].state()

    def moves(self, g):
        game, table = g
        key = canonical(table.state())  # the kit asks several times a move: a turn's choices are costly to join
        if self._moves_cache[0] != key:
            self._moves_cache = (key, engine_moves(self.classes[game], table, self.shapes[game]))
        return self._moves_cache[1]

    def play(self, g, actor, action):
        return engine_apply(g[1], actor, action)

    def view(self, table, player):
        return self._game(table)[1][1].view(player)


def make() -> Shaped:
    return Shaped(settings.TOY_DEVIATION.get())


def serve_kit_calls(shape: str) -> None:
    """The toy as an engine in another language would be: pure calls on the whole state, over JSON-RPC lines."""
    classes, shapes = TOYS[shape]

    def answer(method: str, params: dict):
        if method == "hello":
            games = {g: {"declines": []} for g in classes}
            return {"name": f"kit-toy-{shape}", "protocol": PROTOCOL_VERSION, "games": games, "turn_shape": shapes}
        cls = classes[params["game"]]
        g = cls.load(params["state"])
        if method == "legal":
            return engine_moves(cls, g, shapes[params["game"]])
        move = params["move"]
        events = engine_apply(g, move["actor"], move["action"])
        return {"state": g.state(), "events": events}

    for line in sys.stdin:
        request = json.loads(line)
        if request["method"] not in ("hello", "legal", "apply"):
            reply = {"error": {"code": -32601, "message": f"no call {request['method']}"}}
        else:
            reply = {"result": answer(request["method"], request.get("params") or {})}
        print(json.dumps({"jsonrpc": "2.0", "id": request["id"], **reply}), flush=True)


if __name__ == "__main__":
    serve_kit_calls(sys.argv[1])
