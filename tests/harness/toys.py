"""Two toy games that prove the clock actor and sealed simultaneous choices, before any real game uses them.

``hourglass`` (timers).  Two players take turns; on a turn the active player
*marks* (then the other confirms or disputes it) or *passes*.  A turn timer
(30, 45 or 60 seconds, or off) runs during each turn, and a confirm timer
(15 seconds) while a mark waits.  Only the clock ends a timer: its move
``{"type": "expire", "timer": "turn"}`` is listed while that timer runs.  A
turn that runs out is lost; a confirm that runs out counts as confirmed.

``sealed`` (simultaneous sealed choices).  Two to four players each hold the
cards 1, 2 and 3.  Every round all choose a card at once, face down: ``legal()``
names everyone still to choose; a choice goes to the chooser's private slot
and the public part says only who has chosen.  A player who has chosen has
no move left.  The last choice reveals all of them in seat order, in one
event; the highest card nobody else played scores a point.  Three rounds.

Both are written straight on the protocol (no reference kit), hosted by
``ToyHost``, the smallest honest implementation: typed refusals that change
nothing, canonical states that load back, generic views, ``describe``.
``make()`` is the factory (``--impl python:tests.harness.toys:make``);
``tests/harness/toy_engine.py`` serves the same over stdio.
"""

from __future__ import annotations

import copy
import itertools

from casebook.errors import BadRequest, IllegalAction, NotYourTurn, Unsupported
from casebook.protocol import CLOCK, PROTOCOL_VERSION, canonical, expire, redact, sort_moves

TURN_TIMERS = (30, 45, 60, None)  # seconds, or None: the turn timer is off
CONFIRM_SECONDS = 15
CARDS = (1, 2, 3)
ROUNDS = 3


class ToyGame:
    """One table: the canonical state as a dict, moves from ``_moves()``, effects in ``_perform``."""

    def __init__(self, state: dict):
        self.s = state

    def legal(self) -> dict:
        moves = sort_moves(self._moves())
        return {"to_act": sorted({m["actor"] for m in moves}), "moves": moves}

    def apply(self, actor, action) -> list:
        if not isinstance(actor, str) or (actor != CLOCK and actor not in self.s["players"]):
            raise BadRequest(f"no actor {actor!r} at this table; players are {self.s['players']} (and {CLOCK!r})")
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise BadRequest(f'an action is an object with a "type", got {action!r}')
        if action["type"] not in self.ACTIONS:
            raise BadRequest(f"unknown action type {action['type']!r}; actions are {sorted(self.ACTIONS)}")
        moves = self.legal()["moves"]
        if not moves:
            raise IllegalAction("the game is over")
        if actor not in {m["actor"] for m in moves}:
            raise NotYourTurn(f"{actor} may not act now; waiting for {', '.join(sorted({m['actor'] for m in moves}))}")
        if not any(m["actor"] == actor and canonical(m["action"]) == canonical(action) for m in moves):
            raise IllegalAction(f"{actor} may not {canonical(action)} now")
        return self._perform(actor, copy.deepcopy(action))  # checked above: nothing changes before this line


# -- hourglass: the clock ---------------------------------------------------------------
HOURGLASS_PHASES = [
    {
        "name": "turn",
        "parent": None,
        "final": False,
        "actor": "player",
        "summary": "the active player marks or passes; the turn timer runs",
        "clauses": ["HG-TRN-01", "HG-CLK-01"],
    },
    {
        "name": "confirm",
        "parent": None,
        "final": False,
        "actor": "player",
        "summary": "the other player confirms or disputes the mark; the confirm timer runs",
        "clauses": ["HG-MRK-01", "HG-CLK-02"],
    },
    {
        "name": "over",
        "parent": None,
        "final": True,
        "actor": None,
        "summary": "every turn has been played",
        "clauses": ["HG-END-01"],
    },
]
HOURGLASS_TRANSITIONS = [
    {
        "verb": "mark",
        "source": "turn",
        "dest": "confirm",
        "conditions": [],
        "unless": [],
        "effects": ["start_confirm_timer"],
        "clauses": ["HG-MRK-01"],
    },
    {
        "verb": "pass",
        "source": "turn",
        "dest": "turn",
        "conditions": [],
        "unless": ["last_turn"],
        "effects": ["next_turn"],
        "clauses": ["HG-TRN-01"],
    },
    {
        "verb": "expire",
        "source": "turn",
        "dest": "turn",
        "conditions": [],
        "unless": ["last_turn"],
        "effects": ["turn_lost", "next_turn"],
        "clauses": ["HG-CLK-01"],
    },
    {
        "verb": "confirm",
        "source": "confirm",
        "dest": "turn",
        "conditions": [],
        "unless": ["last_turn"],
        "effects": ["score", "next_turn"],
        "clauses": ["HG-MRK-01"],
    },
    {
        "verb": "dispute",
        "source": "confirm",
        "dest": "turn",
        "conditions": [],
        "unless": ["last_turn"],
        "effects": ["next_turn"],
        "clauses": ["HG-MRK-02"],
    },
    {
        "verb": "expire",
        "source": "confirm",
        "dest": "turn",
        "conditions": [],
        "unless": ["last_turn"],
        "effects": ["score", "next_turn"],
        "clauses": ["HG-CLK-02"],
    },
    {
        "verb": "pass",
        "source": "turn",
        "dest": "over",
        "conditions": ["last_turn"],
        "unless": [],
        "effects": [],
        "clauses": ["HG-END-01"],
    },
]


class Hourglass(ToyGame):
    ACTIONS = {"mark", "pass", "confirm", "dispute", "expire"}

    @staticmethod
    def start(options: dict) -> dict:
        players = options.get("players", ["A", "B"])
        timer = options.get("turn_timer", 30)
        turns = options.get("turns", 4)
        if not (
            isinstance(players, list)
            and len(players) == 2
            and all(isinstance(p, str) for p in players)
            and len(set(players)) == 2
        ):
            raise BadRequest(f"hourglass is for two named players, got {players!r}")
        if timer not in TURN_TIMERS or isinstance(timer, bool) or isinstance(timer, float):
            raise BadRequest(f"turn_timer is one of {list(TURN_TIMERS)}, got {timer!r}")
        if type(turns) is not int or not 1 <= turns <= 20:
            raise BadRequest(f"turns is a whole number 1-20, got {turns!r}")
        state = {
            "game": "hourglass",
            "players": players,
            "phase": "turn",
            "active": players[0],
            "turns_left": turns,
            "turn_timer": timer,
            "marks": {p: 0 for p in players},
            "timers": {},
        }
        Hourglass._start_turn(state)
        return state

    @staticmethod
    def check(state: dict) -> None:
        """A state we can play on, or BadRequest: the shape, then the facts the moves rely on."""
        shape = {
            "game": str,
            "players": list,
            "phase": str,
            "active": str,
            "turns_left": int,
            "marks": dict,
            "timers": dict,
        }
        wrong = [k for k, kind in shape.items() if type(state.get(k)) is not kind]
        timer = state.get("turn_timer")
        if (
            wrong
            or type(timer) not in (int, type(None))
            or timer not in TURN_TIMERS
            or state["phase"] not in ("turn", "confirm", "over")
        ):
            raise BadRequest(f"not an hourglass state: {', '.join(wrong) or 'phase or turn_timer'} wrong")
        if (
            len(state["players"]) != 2
            or state["active"] not in state["players"]
            or set(state["marks"]) != set(state["players"])
        ):
            raise BadRequest("not an hourglass state: two players, the active one among them, a mark count each")
        expected = {
            "confirm": {"confirm": {"seconds": CONFIRM_SECONDS}},
            "turn": {"turn": {"seconds": timer}} if timer else {},
            "over": {},
        }[state["phase"]]
        if state["timers"] != expected or not (state["phase"] != "over") <= state["turns_left"] <= 20:
            raise BadRequest(f"the running timers {sorted(state['timers'])} do not fit phase {state['phase']}")

    @staticmethod
    def _start_turn(state: dict) -> None:
        state["timers"] = {"turn": {"seconds": state["turn_timer"]}} if state["turn_timer"] else {}

    def _other(self) -> str:
        return next(p for p in self.s["players"] if p != self.s["active"])

    def _moves(self) -> list:
        phase, active = self.s["phase"], self.s["active"]
        if phase == "over":
            return []
        moves = [expire(timer) for timer in self.s["timers"]]  # the clock may end any running timer
        if phase == "turn":
            moves += [{"actor": active, "action": {"type": t}} for t in ("mark", "pass")]
        else:
            moves += [{"actor": self._other(), "action": {"type": t}} for t in ("confirm", "dispute")]
        return moves

    def _perform(self, actor: str, action: dict) -> list:
        kind, s = action["type"], self.s
        events: list = []
        if kind == "expire":
            events.append(
                {
                    "type": "timer_expired",
                    "timer": action["timer"],
                    "player": s["active"] if action["timer"] == "turn" else self._other(),
                }
            )
            if action["timer"] == "confirm":  # HG-CLK-02: nobody disputed in time, so the mark stands
                s["marks"][s["active"]] += 1
                events.append({"type": "marked", "player": s["active"]})
        elif kind == "mark":
            s["phase"] = "confirm"
            s["timers"] = {"confirm": {"seconds": CONFIRM_SECONDS}}
            return [{"type": "mark_claimed", "player": actor}]
        elif kind == "confirm":
            s["marks"][s["active"]] += 1
            events.append({"type": "marked", "player": s["active"]})
        elif kind == "dispute":
            events.append({"type": "disputed", "player": actor})
        return events + self._next_turn()

    def _next_turn(self) -> list:
        s = self.s
        s["turns_left"] -= 1
        if s["turns_left"] == 0:
            s["phase"], s["timers"] = "over", {}
            return [{"type": "game_over", "marks": dict(s["marks"])}]
        s["phase"], s["active"] = "turn", self._other()
        self._start_turn(s)
        return [{"type": "turn_begins", "player": s["active"]}]


# -- sealed: simultaneous sealed choices ------------------------------------------------
SEALED_PHASES = [
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
]
SEALED_TRANSITIONS = [
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
]


class Sealed(ToyGame):
    ACTIONS = {"choose"}

    @staticmethod
    def start(options: dict) -> dict:
        players = options.get("players", ["A", "B", "C"])
        if not (
            isinstance(players, list)
            and 2 <= len(players) <= 4
            and all(isinstance(p, str) for p in players)
            and len(set(players)) == len(players)
        ):
            raise BadRequest(f"sealed is for 2-4 named players, got {players!r}")
        return {
            "game": "sealed",
            "players": players,
            "phase": "choosing",
            "round": 1,
            "chosen": [],
            "score": {p: 0 for p in players},
            "private": {p: {"hand": list(CARDS)} for p in players},
        }

    @staticmethod
    def check(state: dict) -> None:
        shape = {
            "game": str,
            "players": list,
            "phase": str,
            "round": int,
            "chosen": list,
            "score": dict,
            "private": dict,
        }
        wrong = [k for k, kind in shape.items() if type(state.get(k)) is not kind]
        if wrong or state["phase"] not in ("choosing", "over"):
            raise BadRequest(f"not a sealed state: {', '.join(wrong) or 'phase'} wrong")
        players = state["players"]
        if (
            set(state["private"]) != set(players)
            or set(state["score"]) != set(players)
            or not set(state["chosen"]) <= set(players)
        ):
            raise BadRequest("not a sealed state: a hand and a score for each player, choosers among them")
        for player in players:
            slot = state["private"][player]
            hand = slot.get("hand") if isinstance(slot, dict) else None
            if not isinstance(hand, list) or not set(hand) <= set(CARDS):
                raise BadRequest(f"{player}'s hand must be cards of {list(CARDS)}")
            if (player in state["chosen"]) != ("choice" in slot) or slot.get("choice", CARDS[0]) not in CARDS:
                raise BadRequest(f"{player} has a sealed choice exactly when listed in chosen")
            if state["phase"] == "choosing" and len(hand) + ("choice" in slot) != ROUNDS - state["round"] + 1:
                raise BadRequest(f"{player}'s hand does not fit round {state['round']}")
        if not 1 <= state["round"] <= ROUNDS:
            raise BadRequest(f"round is 1-{ROUNDS}")

    def _moves(self) -> list:
        if self.s["phase"] != "choosing":
            return []
        # SE-CHO-02: a player who has chosen has no move left: a sealed choice is final
        return [
            {"actor": p, "action": {"type": "choose", "card": c}}
            for p in self.s["players"]
            if p not in self.s["chosen"]
            for c in self.s["private"][p]["hand"]
        ]

    def _perform(self, actor: str, action: dict) -> list:
        s = self.s
        mine = s["private"][actor]
        mine["hand"].remove(action["card"])
        mine["choice"] = action["card"]
        s["chosen"] = [p for p in s["players"] if p in s["chosen"] or p == actor]  # seat order
        events = [{"type": "chose", "player": actor, "private": {actor: {"card": action["card"]}}}]
        if len(s["chosen"]) < len(s["players"]):
            return events
        # SE-REV-01: the last choice reveals every card at once, in seat order
        cards = [{"player": p, "card": s["private"][p].pop("choice")} for p in s["players"]]
        played = [c["card"] for c in cards]
        unique = [c for c in cards if played.count(c["card"]) == 1]
        winner = max(unique, key=lambda c: c["card"])["player"] if unique else None
        if winner is not None:
            s["score"][winner] += 1  # SE-SCO-01
        events.append({"type": "revealed", "round": s["round"], "cards": cards, "scorer": winner})
        s["chosen"] = []
        if s["round"] == ROUNDS:
            s["phase"] = "over"
            events.append({"type": "game_over", "score": dict(s["score"])})
        else:
            s["round"] += 1
        return events


GAMES = {
    "hourglass": (
        Hourglass,
        {"players": [2, 2], "declines": [], "timers": ["turn", "confirm"]},
        "Hourglass (a toy with timers)",
        "turn",
        HOURGLASS_PHASES,
        HOURGLASS_TRANSITIONS,
    ),
    "sealed": (
        Sealed,
        {"players": [2, 4], "declines": []},
        "Sealed (a toy with simultaneous sealed choices)",
        "choosing",
        SEALED_PHASES,
        SEALED_TRANSITIONS,
    ),
}


class ToyHost:
    """The protocol for the toy games: many tables, typed refusals, generic views, ``describe``."""

    protocol = PROTOCOL_VERSION

    def __init__(self, games: dict | None = None, name: str = "casebook-toys"):
        self.games = GAMES if games is None else games
        self.name = name
        self.tables: dict[str, ToyGame] = {}
        self._ids = itertools.count(1)

    def hello(self) -> dict:
        return {
            "name": self.name,
            "version": "1.0",
            "protocol": self.protocol,
            "games": {g: facts for g, (_, facts, *_) in sorted(self.games.items())},
        }

    def _kind(self, game):
        if not isinstance(game, str) or game not in self.games:
            raise Unsupported(f"no game {game!r}; this implementation offers {sorted(self.games)}")
        return self.games[game][0]

    def _table(self, table) -> ToyGame:
        if not isinstance(table, str) or table not in self.tables:
            raise BadRequest(f"no table {table!r}")
        return self.tables[table]

    def _host(self, game: ToyGame) -> str:
        table = str(next(self._ids))
        self.tables[table] = game
        return table

    def new(self, game, options) -> str:
        if not isinstance(options, dict):
            raise BadRequest(f"options must be an object, got {options!r}")
        kind = self._kind(game)
        return self._host(kind(kind.start(options)))

    def load(self, game, state) -> str:
        kind = self._kind(game)
        if not isinstance(state, dict) or state.get("game") != game:
            raise BadRequest(f"not a {game} state")
        kind.check(state)
        return self._host(kind(copy.deepcopy(state)))

    def state(self, table) -> dict:
        return copy.deepcopy(self._table(table).s)

    def view(self, table, player) -> dict:
        game = self._table(table)
        if player is not None and player not in game.s["players"]:
            raise BadRequest(f"no player {player!r} at this table")
        return redact(game.s, player)

    def legal(self, table) -> dict:
        return self._table(table).legal()

    def apply(self, table, actor, action) -> list:
        return self._table(table).apply(actor, action)

    def close(self, table) -> None:
        self._table(table)
        del self.tables[table]

    def describe(self, game) -> dict:
        self._kind(game)
        _, _, title, initial, phases, transitions = self.games[game]
        return {
            "game": game,
            "title": title,
            "initial": initial,
            "phases": copy.deepcopy(phases),
            "transitions": copy.deepcopy(transitions),
            "board": None,
        }


def make() -> ToyHost:
    return ToyHost()


def without_describe() -> ToyHost:
    """The same engine, minus the optional ``describe`` (for the ``unsupported`` path)."""

    class Plain(ToyHost):
        protocol = "1.0"  # before the optional calls
        describe = None  # type: ignore[assignment]

    return Plain(name="casebook-toys-plain")


# -- deliberate departures, for fuzz to find ------------------------------------------------
def reveals_backwards() -> ToyHost:
    """Reveals the sealed cards in reverse seat order."""

    class Backwards(Sealed):
        def _perform(self, actor, action):
            events = super()._perform(actor, action)
            for event in events:
                if event["type"] == "revealed":
                    event["cards"].reverse()
            return events

    return ToyHost({**GAMES, "sealed": (Backwards, *GAMES["sealed"][1:])}, name="toys-reveal-backwards")


def late_confirm_is_disputed() -> ToyHost:
    """Counts a confirm timer that runs out as a dispute (HG-CLK-02 says the mark stands)."""

    class Strict(Hourglass):
        def _perform(self, actor, action):
            if actor == CLOCK and action["timer"] == "confirm":
                return [{"type": "timer_expired", "timer": "confirm", "player": self._other()}] + self._next_turn()
            return super()._perform(actor, action)

    return ToyHost({**GAMES, "hourglass": (Strict, *GAMES["hourglass"][1:])}, name="toys-late-confirm-disputed")
