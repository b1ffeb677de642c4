"""Cluedo: Die drei ??? — the reference model: guards, callbacks, legal/apply/view.

Facts come from rules.py, the turn structure from machine.py.  ``_moves()``
enumerates everything legal now; ``GameModel.apply`` accepts exactly that and
then fires the trigger, whose row is chosen by the guards below (pure), and
whose ``before``/``after`` callbacks carry the move out.  Nothing is random:
the case file, the deal, every roll and every Advantage draw is a chance move.
"""

from __future__ import annotations

from functools import lru_cache

from casebook.errors import BadRequest
from casebook.protocol import CHANCE, sort_moves
from statemachines.core import GameModel, shared_machine

from . import rules as R
from .machine import INITIAL, STATES, TRANSITIONS, TRIGGERS

TERMINAL = ("solved", "unsolved")
_MACHINE = shared_machine(STATES, TRANSITIONS, INITIAL)

# -- chance nodes that never change: built once ----------------------------
_DICE = [[a, b] for a in R.DIE_FACES for b in R.DIE_FACES]
_ROLLS = sort_moves([{"actor": CHANCE, "action": {"type": "roll", "dice": d}, "p": 1 / 36} for d in _DICE])
_CASES = [(s, i, l) for s in R.SUSPECTS for i in R.ITEMS for l in R.LOCATIONS]
_CASE_FILES = sort_moves([
    {"actor": CHANCE, "action": {"type": "fill_case_file", "suspect": s, "item": i, "location": l}, "p": 1 / len(_CASES)}
    for s, i, l in _CASES
])


@lru_cache(maxsize=None)
def _accusing_moves(player: str) -> list[dict]:
    """CD-ACC-01: any suspect, item and location may be named, or the turn ended (@ruling CD-ACC-06)."""
    moves = [{"actor": player, "action": {"type": "accuse", "suspect": s, "item": i, "location": l}} for s, i, l in _CASES]
    return sort_moves(moves + [{"actor": player, "action": {"type": "end_turn"}}])


@lru_cache(maxsize=None)
def _questioning_moves(player: str, here: str) -> list[dict]:
    """CD-QUE-02: any suspect and any item, and the location the asker is in."""
    return sort_moves({"actor": player, "action": {"type": "question", "suspect": s, "item": i, "location": here}} for s in R.SUSPECTS for i in R.ITEMS)


@lru_cache(maxsize=None)
def _moving_moves(player: str, origin: str, pips: int, advantage_cards: bool) -> list[dict]:
    return sort_moves({"actor": player, "action": {"type": "move", "to": d}} for d in destinations(origin, pips, advantage_cards))


@lru_cache(maxsize=None)
def destinations(origin: str, pips: int, advantage_cards: bool) -> tuple[str, ...]:
    """Where a roll of ``pips`` may take a pawn standing on ``origin`` (a place or a path space).

    CD-MOV-02..06: steps go along path spaces only, back and forth allowed; a
    place is entered through its door with at most ``pips`` steps and the rest
    is forfeited (so no walk passes through a place, CD-PAS-05); an Advantage
    space may be stopped on with at most ``pips`` steps when the cards are in
    play (CD-ADV-02); any other path space needs exactly ``pips`` steps.  A
    pawn leaving a place may not come back into it in the same move (CD-MOV-07).
    Other pawns are not looked at: they never block (CD-MOV-09).
    """
    if origin in R.DOOR_SPACES:
        left, frontier, step = origin, set(R.DOOR_SPACES[origin]), 1  # stepping out of the door is the first step
    else:
        left, frontier, step = None, {origin}, 0
    found: set[str] = set()
    while True:
        if step >= 1 and advantage_cards:
            found.update(s for s in frontier if s in _ADVANTAGE)
        if step >= pips:  # ">=": a zero roll from a place must not loop
            found.update(frontier)
            break
        for space in frontier:  # one more step goes through a door
            found.update(p for p in R.ENTRANCES.get(space, ()) if p != left)
        frontier = {n for s in frontier for n in R.NEIGHBOURS[s]}
        step += 1
    return tuple(sorted(found))


_ADVANTAGE = frozenset(R.ADVANTAGE_SPACES)

# the fields of each action type (see the schema's $defs.action): a request of another shape is bad_request
_CASE = {"suspect": str, "item": str, "location": str}
SHAPES = {
    "fill_case_file": _CASE, "set_aside": {"card": str}, "deal": {"card": str}, "roll": {"dice": list},
    "roll_dice": {}, "secret_passage": {}, "draw": {"card": str}, "follow": {}, "discard": {},
    "move": {"to": str}, "question": _CASE, "show": {"card": str}, "look": {"slot": int},
    "accuse": _CASE, "end_turn": {},
}


class CluedoDrei(GameModel):
    """One table of Cluedo: Die drei ???."""

    machine = _MACHINE

    def __init__(self, options: dict, state: dict | None = None):
        self.options = options
        self.players: list[str] = list(options["players"])
        self.duel = options["variant"] == "duel"
        self.cards_in_play = bool(options["advantage_cards"])
        super().__init__()
        if state is None:
            self._fresh()
        else:
            self._restore(state)
        self._events: list[dict] = []

    # -- set-up of the data ---------------------------------------------------
    def _fresh(self) -> None:
        self.case_file: dict | None = None
        self.undealt: list[str] = list(R.CARDS)
        self.side_cards: list[str] = []
        self.hands = {p: [] for p in self.players}
        self.surplus: list[str] = []
        # CD-SET-04: each pawn on its investigator's start space
        self.positions = {p: R.start_space(p) for p in self.players}
        self.markers = {name: None for name in R.SUSPECTS + R.ITEMS}  # CD-SET-05: beside the board
        self.start_rolls: dict[str, list] = {}
        self.start_waiting: list[str] = list(self.players)
        self.current: str | None = None
        self.turn = self._new_turn()
        self.out: list[str] = []
        self.advantage = {"stack": dict(R.ADVANTAGE_DECK), "discard": {k: 0 for k in R.ADVANTAGE_DECK}} if self.cards_in_play else None
        self.winner: str | None = None
        self.solution: dict | None = None
        self.notes = {p: {"shown": [], "side_cards": {}, "case_file": None} for p in self.players}

    @staticmethod
    def _new_turn() -> dict:
        return {"dice": None, "pips": 0, "card": None, "question": None, "answerer": None, "tipped": None}

    @staticmethod
    def check(s: dict) -> None:
        """What the schema cannot say about a canonical state: a BadRequest if it does not hang together."""
        players, phase, turn = s["players"], s["phase"], s["turn"]
        secret, private = s["secret"], s["private"]
        if set(s["positions"]) != set(players) or set(private) != set(players):
            raise BadRequest("positions and private must have one entry per player")
        cards = list(secret["undealt"]) + list(secret.get("side_cards", [])) + list(s["surplus"])
        cards += list(secret["case_file"].values()) if secret["case_file"] else []
        cards += [c for p in players for c in private[p]["hand"]]
        if sorted(cards) != sorted(R.CARDS):
            raise BadRequest("the 21 clue cards must each be in exactly one place")
        places = R.PATH_SPACES | set(R.PLACES)
        if not set(s["positions"].values()) <= places:
            raise BadRequest(f"pawns must stand on the board: {sorted(set(s['positions'].values()) - places)}")
        if phase in ("filling_case_file",) and secret["case_file"] is not None:
            raise BadRequest("the case file is already filled")
        if phase not in ("filling_case_file",) and secret["case_file"] is None:
            raise BadRequest(f"phase {phase} needs a filled case file")
        in_turn = phase not in ("filling_case_file", "setting_aside", "dealing", "rolling_for_start", *TERMINAL)
        if in_turn and s["current"] not in players:
            raise BadRequest(f"phase {phase} needs a current player")
        if phase == "rolling_for_start" and not s["start_waiting"]:
            raise BadRequest("rolling_for_start needs someone waiting to roll")
        named = s["out"] + s["start_waiting"] + list(s["start_rolls"]) + [turn["answerer"], turn["tipped"], s["winner"]]
        if any(p is not None and p not in players for p in named):
            raise BadRequest("out, start_waiting, start_rolls, turn and winner name players of this table")
        if s["hand_sizes"] != {p: len(private[p]["hand"]) for p in players}:
            raise BadRequest("hand_sizes must count the hands")
        needs = {"answering": "answerer", "showing_tip": "tipped", "playing_advantage": "card"}
        if phase in needs and turn[needs[phase]] is None:
            raise BadRequest(f"phase {phase} needs turn.{needs[phase]}")
        duel, undealt = s["options"]["variant"] == "duel", secret["undealt"]
        side = secret.get("side_cards", [])
        if phase == "filling_case_file" and len(undealt) != len(R.CARDS):
            raise BadRequest("before the case file is filled every card is undealt")
        if phase == "setting_aside" and not (duel and len(side) < R.DUEL_SIDE_CARDS):
            raise BadRequest("setting aside happens in the Duel, before four cards lie beside the board")
        if phase == "dealing" and (not undealt or (duel and len(side) != R.DUEL_SIDE_CARDS)):
            raise BadRequest("dealing needs undealt cards (and, in the Duel, the four set aside)")
        per = (len(R.CARDS) - 3 - (R.DUEL_SIDE_CARDS if duel else 0)) // len(players)
        if phase == "dealing" and sum(len(private[p]["hand"]) for p in players) >= per * len(players):
            raise BadRequest("dealing stops once every player holds their share")
        if phase not in ("filling_case_file", "setting_aside", "dealing") and undealt:
            raise BadRequest(f"phase {phase} comes after the deal")
        if phase == "answering" and turn["answerer"] is not None and turn["question"] is not None:
            if not set(turn["question"].values()) & set(private[turn["answerer"]]["hand"]):
                raise BadRequest("the answerer must hold a card asked about")
        if phase == "showing_tip" and turn["tipped"] is not None and not private[turn["tipped"]]["hand"]:
            raise BadRequest("the player tipped off must hold a card")
        if phase == "looking" and s["current"] in players:
            if len(private[s["current"]].get("side_cards", {})) >= len(side):
                raise BadRequest("looking needs a card beside the board not yet seen")
        if phase == "drawing" and s["advantage"] and not sum(s["advantage"]["stack"].values()) + sum(s["advantage"]["discard"].values()):
            raise BadRequest("drawing needs an Advantage card in the stack or the discards")
        if phase == "moving" and turn["pips"] < 1:
            raise BadRequest("moving needs turn.pips of at least 1")
        if phase == "answering" and turn["question"] is None:
            raise BadRequest("answering needs turn.question")
        if phase in ("questioning",) and s["positions"][s["current"]] not in R.LOCATIONS:
            raise BadRequest("questioning happens in a clue location")
        if phase in ("accusing",) and s["positions"][s["current"]] != R.HEADQUARTERS:
            raise BadRequest("accusing happens in the Headquarters")
        if (s["advantage"] is None) == bool(s["options"]["advantage_cards"]):
            raise BadRequest("advantage must be present exactly when advantage_cards is on")
        if phase in ("drawing", "playing_advantage") and s["advantage"] is None:
            raise BadRequest(f"phase {phase} needs Advantage cards")
        if phase == "looking" and s["options"]["variant"] != "duel":
            raise BadRequest("looking at cards beside the board happens only in the Duel")

    def _restore(self, s: dict) -> None:
        self.machine.set_state(s["phase"], model=self)
        secret, private = s.get("secret", {}), s.get("private", {})
        self.case_file = secret.get("case_file")
        self.undealt = list(secret.get("undealt", []))
        self.side_cards = list(secret.get("side_cards", []))
        self.hands = {p: list(private.get(p, {}).get("hand", [])) for p in self.players}
        self.surplus = list(s["surplus"])
        self.positions = dict(s["positions"])
        self.markers = dict(s["markers"])
        self.start_rolls = {p: list(d) for p, d in s["start_rolls"].items()}
        self.start_waiting = list(s["start_waiting"])
        self.current = s["current"]
        self.turn = _copy_turn(s["turn"])
        self.out = list(s["out"])
        adv = s.get("advantage")
        self.advantage = {"stack": dict(adv["stack"]), "discard": dict(adv["discard"])} if adv else None
        self.winner = s.get("winner")
        self.solution = dict(s["solution"]) if s.get("solution") else None
        self.case_file = dict(self.case_file) if self.case_file else None
        self.notes = {}
        for p in self.players:
            mine = private.get(p, {})
            self.notes[p] = {
                "shown": [dict(x) for x in mine.get("shown", [])],
                "side_cards": dict(mine.get("side_cards", {})),
                "case_file": dict(mine["case_file"]) if mine.get("case_file") else None,
            }

    # -- the canonical state ----------------------------------------------------
    def to_json(self) -> dict:
        private = {}
        for p in self.players:
            n = self.notes[p]
            mine = {"hand": list(self.hands[p]), "shown": [dict(x) for x in n["shown"]]}
            if self.duel:
                mine["side_cards"] = dict(n["side_cards"])
            if n["case_file"] is not None:
                mine["case_file"] = dict(n["case_file"])
            private[p] = mine
        secret = {"case_file": dict(self.case_file) if self.case_file else None, "undealt": list(self.undealt)}
        if self.duel:
            secret["side_cards"] = list(self.side_cards)
        return {
            "game": R.GAME_ID,
            "options": {"players": list(self.players), "variant": self.options["variant"], "advantage_cards": self.cards_in_play},
            "players": list(self.players),
            "phase": self.phase,
            "dealing_to": self._recipient() if self.phase == "dealing" else None,
            "hand_sizes": {p: len(self.hands[p]) for p in self.players},
            "surplus": list(self.surplus),
            "side_cards": len(self.side_cards) if self.duel else 0,
            "positions": dict(self.positions),
            "markers": dict(self.markers),
            "start_rolls": {p: list(d) for p, d in self.start_rolls.items()},
            "start_waiting": list(self.start_waiting),
            "current": self.current,
            "turn": _copy_turn(self.turn),
            "out": list(self.out),
            "advantage": {"stack": dict(self.advantage["stack"]), "discard": dict(self.advantage["discard"])} if self.advantage else None,
            "winner": self.winner,
            "solution": dict(self.solution) if self.solution else None,
            "secret": secret,
            "private": private,
        }

    # -- helpers ------------------------------------------------------------------
    def _per_player(self) -> int:
        # CD-SET-02: everybody the same number; the Duel's four are set aside first
        return (len(R.CARDS) - 3 - (R.DUEL_SIDE_CARDS if self.duel else 0)) // len(self.players)

    def _recipient(self) -> str:
        dealt = sum(len(h) for h in self.hands.values())
        return self.players[dealt % len(self.players)]

    def _place(self) -> str:
        return self.positions[self.current]

    def _left_of(self, player: str) -> list[str]:
        """Everybody else, starting with the player to the left (clockwise, CD-QUE-04)."""
        i = self.players.index(player)
        return self.players[i + 1:] + self.players[:i]

    def _answerer(self, named: set) -> tuple[list[str], str | None]:
        passed = []
        for q in self._left_of(self.current):  # CD-ACC-04: players out of the race still answer
            if named.intersection(self.hands[q]):
                return passed, q
            passed.append(q)
        return passed, None

    def _pile(self) -> dict:
        stack = self.advantage["stack"]
        return stack if sum(stack.values()) else self.advantage["discard"]  # CD-ADV-04: reshuffle the discards

    def _emit(self, event: dict) -> None:
        self._events.append(event)

    # -- legal moves: sorted as the protocol wants; the big constant nodes are sorted once --
    _PRESORTED = ("filling_case_file", "rolling_for_start", "rolling", "accusing", "moving", "questioning")

    def _legal_moves(self) -> list[dict]:
        if self._legal_cache is None:
            moves = self._moves()
            self._legal_cache = moves if self.phase in self._PRESORTED else sort_moves(moves)
        return self._legal_cache

    # -- legal moves ------------------------------------------------------------------
    def _moves(self) -> list[dict]:
        phase, me = self.phase, self.current
        if phase in TERMINAL:
            return []
        if phase == "filling_case_file":
            return _CASE_FILES
        if phase in ("setting_aside", "dealing"):
            kind = "set_aside" if phase == "setting_aside" else "deal"
            p = 1 / len(self.undealt)
            return [{"actor": CHANCE, "action": {"type": kind, "card": c}, "p": p} for c in self.undealt]
        if phase in ("rolling_for_start", "rolling"):
            return _ROLLS
        if phase == "starting_turn":
            moves = [{"actor": me, "action": {"type": "roll_dice"}}]
            if self._place() in R.SECRET_PASSAGES:  # CD-PAS-01
                moves.append({"actor": me, "action": {"type": "secret_passage"}})
            return moves
        if phase == "drawing":
            pile = self._pile()
            total = sum(pile.values())
            return [{"actor": CHANCE, "action": {"type": "draw", "card": k}, "p": n / total} for k, n in sorted(pile.items()) if n]
        if phase == "playing_advantage":
            return [{"actor": me, "action": a} for a in self._card_options()] + [{"actor": me, "action": {"type": "discard"}}]
        if phase == "moving":
            return _moving_moves(me, self._place(), self.turn["pips"], self.cards_in_play)
        if phase == "questioning":
            return _questioning_moves(me, self._place())
        if phase in ("answering", "showing_tip"):
            shower = self.turn["answerer"] if phase == "answering" else self.turn["tipped"]
            hand = self.hands[shower]
            if phase == "answering":
                q = self.turn["question"]
                hand = [c for c in hand if c in (q["suspect"], q["item"], q["location"])]
            return [{"actor": shower, "action": {"type": "show", "card": c}} for c in hand]
        if phase == "looking":
            seen = self.notes[me]["side_cards"]
            return [{"actor": me, "action": {"type": "look", "slot": k}} for k in range(1, len(self.side_cards) + 1) if str(k) not in seen]
        if phase == "accusing":
            return _accusing_moves(me)
        raise AssertionError(f"no moves for phase {phase}")  # pragma: no cover

    def _card_options(self) -> list[dict]:
        """CD-ADV-05: what the drawn card lets the player do (besides putting it away)."""
        kind, here = self.turn["card"], self._place()
        if kind == "taxi":
            return [{"type": "follow", "to": loc} for loc in R.LOCATIONS if loc != here]
        if kind == "headquarters":
            return [] if here == R.HEADQUARTERS else [{"type": "follow", "to": R.HEADQUARTERS}]
        return [{"type": "follow", "player": q} for q in self._left_of(self.current) if self.hands[q]]

    def view(self, player: str | None) -> dict:
        """GameModel.view's redaction, done directly: our state's secrets live only in its top-level
        "secret" and "private" (CD-NOT-03), and to_json() builds a fresh copy, so dropping one and cutting
        the other to the viewer's slot is the same view at a fifth of the cost (random play views every step)."""
        if player is not None and player not in self.players:
            return super().view(player)  # its bad_request
        state = self.to_json()
        del state["secret"]
        private = state.pop("private")
        state["private"] = {player: private[player]} if player is not None else {}
        return state

    def legal(self) -> dict:
        # GameModel.legal deep-copies; our actions are flat but for the dice, so a
        # two-level copy is as safe and ~10x cheaper (random play calls this every step)
        moves = self._legal_moves()
        out = []
        for m in moves:
            action = {k: (list(v) if isinstance(v, list) else v) for k, v in m["action"].items()}
            out.append({**m, "action": action})
        return {"to_act": sorted({m["actor"] for m in moves}), "moves": out}

    # -- apply ------------------------------------------------------------------------
    def _shape_error(self, actor: str, action: dict) -> str | None:
        """bad_request for a malformed action; whether it is allowed now is legal()'s business."""
        shape = SHAPES.get(action["type"])
        if shape is None:
            return f"no action of type {action['type']!r}; types are {sorted(SHAPES)}"
        fields = set(action) - {"type"}
        if action["type"] == "follow":
            ok = fields in ({"to"}, {"player"}) and isinstance(action.get("to", action.get("player")), str)
            return None if ok else 'follow names either "to" (a place) or "player"'
        if fields != set(shape):
            return f"{action['type']} takes {sorted(shape) or 'no fields'}, got {sorted(fields)}"
        for name, kind in shape.items():
            value = action[name]
            if kind is int and (not isinstance(value, int) or isinstance(value, bool)):
                return f"{name} must be an integer"
            if kind is str and not isinstance(value, str):
                return f"{name} must be a string"
            if kind is list and not (isinstance(value, list) and len(value) == 2):
                return f"{name} must be a list of two die faces"
        return None

    def _perform(self, actor: str, action: dict) -> list[dict]:
        self._events = []
        trigger = TRIGGERS[action["type"]] or ("roll_for_start" if self.phase == "rolling_for_start" else "roll")
        getattr(self, trigger)(actor, action)
        events, self._events = self._events, []
        return events

    # -- guards (pure: they read, never write) ------------------------------------------
    def is_duel(self, actor, action):
        return self.duel

    def completes_side_row(self, actor, action):
        return len(self.side_cards) + 1 == R.DUEL_SIDE_CARDS

    def completes_deal(self, actor, action):
        return sum(len(h) for h in self.hands.values()) + 1 == self._per_player() * len(self.players)

    def decides_start(self, actor, action):
        if len(self.start_waiting) > 1:
            return False
        rolls = dict(self.start_rolls, **{self.start_waiting[0]: action["dice"]})
        best = max(_pips(d) for d in rolls.values())
        return sum(1 for d in rolls.values() if _pips(d) == best) == 1

    def shows_question_mark(self, actor, action):
        return R.QUESTION_MARK in action["dice"]

    def without_advantage_cards(self, actor, action):
        return not self.cards_in_play

    def card_is_taxi(self, actor, action):
        return self.turn["card"] == "taxi"

    def card_is_headquarters(self, actor, action):
        return self.turn["card"] == "headquarters"

    def pips_left(self, actor, action):
        return self.turn["pips"] > 0

    def into_clue_location(self, actor, action):
        return action["to"] in R.LOCATIONS

    def into_headquarters(self, actor, action):
        return action["to"] == R.HEADQUARTERS

    def onto_advantage_space(self, actor, action):
        return action["to"] in _ADVANTAGE

    def someone_can_show(self, actor, action):
        return self._answerer({action["suspect"], action["item"], action["location"]})[1] is not None

    def side_card_to_look_at(self, actor, action):
        return self.duel and len(self.notes[self.current]["side_cards"]) < len(self.side_cards)

    def accusation_is_right(self, actor, action):
        return all(action[k] == self.case_file[k] for k in ("suspect", "item", "location"))

    def last_in_the_race(self, actor, action):
        return len(self.out) + 1 == len(self.players)

    # -- callbacks: set-up -------------------------------------------------------------
    def put_in_case_file(self, actor, action):
        self.case_file = {k: action[k] for k in ("suspect", "item", "location")}
        for card in self.case_file.values():
            self.undealt.remove(card)
        self._emit({"type": "case_file_filled", "secret": {"case_file": dict(self.case_file)}})

    def lay_side_card(self, actor, action):
        self.undealt.remove(action["card"])
        self.side_cards.append(action["card"])
        self._emit({"type": "set_aside", "slot": len(self.side_cards), "secret": {"card": action["card"]}})

    def deal_card(self, actor, action):
        to = self._recipient()
        self.undealt.remove(action["card"])
        self.hands[to] = sorted(self.hands[to] + [action["card"]])
        self._emit({"type": "dealt", "to": to, "private": {to: {"card": action["card"]}}})

    def lay_surplus(self, actor, action):
        # CD-SET-02: what cannot be dealt evenly lies face up for everybody
        self.surplus, self.undealt = sorted(self.undealt), []
        self._emit({"type": "surplus", "cards": list(self.surplus)})

    def record_start_roll(self, actor, action):
        roller = self.start_waiting.pop(0)
        self.start_rolls[roller] = list(action["dice"])
        self._emit({"type": "rolled", "player": roller, "dice": list(action["dice"]), "pips": _pips(action["dice"])})

    def settle_start_round(self, actor, action):
        if self.start_waiting:
            return
        # CD-TRN-02 (@ruling): players tied for the highest roll roll again
        best = max(_pips(d) for d in self.start_rolls.values())
        self.start_waiting = [p for p in self.players if p in self.start_rolls and _pips(self.start_rolls[p]) == best]
        # the others are out of the running: their old rolls must not outrank the re-rolls
        self.start_rolls = {p: self.start_rolls[p] for p in self.start_waiting}
        self._emit({"type": "tie", "players": list(self.start_waiting)})

    def begin_first_turn(self, actor, action):
        best = max(_pips(d) for d in self.start_rolls.values())
        self.current = next(p for p, dice in self.start_rolls.items() if _pips(dice) == best)
        self.start_waiting = []
        self._emit({"type": "turn", "player": self.current})

    # -- callbacks: the turn ----------------------------------------------------------
    def go_through_passage(self, actor, action):
        self._enter(R.SECRET_PASSAGES[self._place()], via="secret passage")

    def record_roll(self, actor, action):
        self.turn["dice"] = list(action["dice"])
        self.turn["pips"] = _pips(action["dice"])
        self._emit({"type": "rolled", "player": self.current, "dice": list(action["dice"]), "pips": self.turn["pips"]})

    def take_advantage_card(self, actor, action):
        pile = self._pile()
        if pile is self.advantage["discard"]:
            self.advantage["stack"], self.advantage["discard"] = self.advantage["discard"], self.advantage["stack"]
            self._emit({"type": "advantage_reshuffled"})
        self.advantage["stack"][action["card"]] -= 1
        self.turn["card"] = action["card"]
        self._emit({"type": "drew", "player": self.current, "card": action["card"]})

    def _discard(self) -> None:
        self.advantage["discard"][self.turn["card"]] += 1
        self.turn["card"] = None

    def follow_advantage_card(self, actor, action):
        kind = self.turn["card"]
        self._discard()
        self._emit({"type": "played", "player": self.current, "card": kind})
        if "to" in action:  # taxi or headquarters: the move is made, remaining pips forfeited
            self.turn["pips"] = 0
            self._enter(action["to"], via="advantage card")
        else:
            self.turn["tipped"] = action["player"]

    def discard_advantage_card(self, actor, action):
        self._emit({"type": "put_away", "player": self.current, "card": self.turn["card"]})
        self._discard()

    def show_tip_card(self, actor, action):
        self._show(self.turn["tipped"], action["card"])
        self.turn["tipped"] = None

    def move_pawn(self, actor, action):
        self.turn["pips"] = 0  # CD-MOV-04: what is left of the roll is forfeited
        if action["to"] in R.DOOR_SPACES:
            self._enter(action["to"], via="door")
        else:
            self.positions[self.current] = action["to"]
            self._emit({"type": "moved", "player": self.current, "to": action["to"]})

    def _enter(self, place: str, via: str) -> None:
        self.positions[self.current] = place
        self._emit({"type": "entered", "player": self.current, "place": place, "via": via})

    def ask(self, actor, action):
        s, i, l = action["suspect"], action["item"], action["location"]
        self.markers[s] = self.markers[i] = l  # CD-QUE-03: the markers come along
        self.turn["question"] = {"suspect": s, "item": i, "location": l}
        self._emit({"type": "questioned", "player": self.current, "suspect": s, "item": i, "location": l})
        passed, answerer = self._answerer({s, i, l})
        for q in passed:
            self._emit({"type": "no_evidence", "player": q})  # CD-QUE-05
        if answerer is None:
            self._emit({"type": "nobody_showed"})  # CD-QUE-06
        self.turn["answerer"] = answerer

    def show_card(self, actor, action):
        self._show(self.turn["answerer"], action["card"])

    def _show(self, shower: str, card: str) -> None:
        # CD-QUE-04: only the asker sees which card; everybody sees that one was shown
        self.notes[self.current]["shown"].append({"card": card, "by": shower})
        self._emit({"type": "shown", "by": shower, "to": self.current, "private": {self.current: {"card": card}, shower: {"card": card}}})

    def look_at_side_card(self, actor, action):
        card = self.side_cards[action["slot"] - 1]  # CD-DUE-04: it goes back in the same place
        self.notes[self.current]["side_cards"][str(action["slot"])] = card
        self._emit({"type": "looked", "player": self.current, "slot": action["slot"], "private": {self.current: {"card": card}}})

    def open_case_file(self, actor, action):
        self.winner = self.current
        self.solution = dict(self.case_file)  # CD-ACC-02: shown to all as proof
        self._emit({"type": "accused", "player": self.current, "suspect": action["suspect"], "item": action["item"], "location": action["location"], "right": True})
        self._emit({"type": "solved", "player": self.current, "case_file": dict(self.case_file)})

    def drop_out(self, actor, action):
        # CD-ACC-03: out of the race; the case file goes back unseen by the others
        self.out.append(self.current)
        self.notes[self.current]["case_file"] = dict(self.case_file)
        self._emit({"type": "accused", "player": self.current, "suspect": action["suspect"], "item": action["item"], "location": action["location"], "right": False})
        self._emit({"type": "out", "player": self.current, "private": {self.current: {"case_file": dict(self.case_file)}}})

    def reveal_unsolved(self, actor, action):
        self.solution = dict(self.case_file)  # CD-ACC-05
        self.current = None
        self.turn = self._new_turn()
        self._emit({"type": "unsolved", "case_file": dict(self.case_file)})

    def pass_turn(self, actor, action):
        # CD-TRN-03: to the left; CD-ACC-08: players out of the race take no more turns
        for q in self._left_of(self.current) + [self.current]:
            if q not in self.out:
                self.current = q
                break
        self.turn = self._new_turn()
        self._emit({"type": "turn", "player": self.current})


def _copy_turn(turn: dict) -> dict:
    """The turn record with its question and dice copied: a state handed out never aliases the model."""
    out = dict(turn)
    if out["dice"] is not None:
        out["dice"] = list(out["dice"])
    if out["question"] is not None:
        out["question"] = dict(out["question"])
    return out


def _pips(dice) -> int:
    return R.PIPS[dice[0]] + R.PIPS[dice[1]]
