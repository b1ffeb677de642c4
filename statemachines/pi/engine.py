"""P.I. — the reference engine on the kit: options, guards, callbacks.

Facts come from rules.py, the turn and the protocol's words from machine.py.
``options_<trigger>`` say who may do what now; the rows of machine.py pick
what follows (guards, pure) and carry the move out (callbacks).  Nothing is
random: every tile, case card and evidence card comes from a chance move.
The state ``self.s`` is the canonical JSON itself.

Who holds what (PI-TIP-01): the case a player must solve lies in the private
slot of the player to their right, who drew it (PI-GOAL-03); nobody else sees
it until it is solved (PI-SOLV-07) or the round ends (PI-SOLV-10).
"""

from __future__ import annotations

from casebook.errors import BadRequest
from statemachines.kit import Game, chance, memo, offer

from . import rules as R
from .machine import ACTIONS, EVENTS, INVENTORY, PHASE_CLAUSES, STATE, STATES, TRANSITIONS

SETUP_PHASES = ("seeding", "drawing_cases", "turning_up")
IN_TURN = ("playing", "answering", "refilling", "turn_over")


class PI(Game):
    """One table of P.I."""

    info, names, board = R.INFO, R.NAMES, R.BOARD
    phases, transitions, actions, events, state_fields, inventory = (
        STATES,
        TRANSITIONS,
        ACTIONS,
        EVENTS,
        STATE,
        INVENTORY,
    )
    phase_clauses = PHASE_CLAUSES

    # -- set-up and load checks ------------------------------------------------------------
    def setup(self) -> None:
        players = self.players
        self.s.update(
            {
                "round": 1,
                "game_turn": 0,
                "current": None,
                "points": {p: [0] for p in players},
                "penalties": dict.fromkeys(players, 0),
                "detectives": dict.fromkeys(players, R.DETECTIVES),  # PI-DET-05: five for the whole game
                "rounds": [],
                "outcome": None,
            }
        )
        self._fresh_round()

    def _fresh_round(self) -> None:
        """PI-GOAL-05: every round starts from the box; only points, penalties and detectives carry over."""
        self.s.update(
            {
                "game_turn": 0,
                "current": None,
                "tiles": {loc: {"suspect": None, "crime": None} for loc in R.LOCATIONS},
                "supply": {kind: sorted(R.TILES[kind].elements()) for kind in R.TILE_KINDS},
                "face_up": [],
                "deck": sorted(R.EVIDENCE),
                "taken": {p: [] for p in self.players},
                "placed": [],
                "marks": [],
                "pending": None,
                "solved": {},
                "revealed": {},
                "secret": {"case_decks": sorted(R.EVIDENCE)},
                "private": {p: {"case_of": self.left_of(p), "case": {}} for p in self.players},
            }
        )

    def check(self) -> None:
        """What the specs cannot say: phase, cases, turn and counts must agree."""
        s, phase = self.s, self.phase
        if any(s["private"][p]["case_of"] != self.left_of(p) for p in self.players):
            raise BadRequest("each player holds the case of their left neighbour")  # PI-TIP-01
        seeded = all(None not in t.values() for t in s["tiles"].values())
        if seeded == (phase == "seeding"):
            raise BadRequest(f"phase {phase} and a {'full' if seeded else 'partly seeded'} board do not go together")
        drawn = all(len(s["private"][p]["case"]) == 3 for p in self.players)
        if phase != "seeding" and drawn == (phase == "drawing_cases"):
            raise BadRequest(
                f"phase {phase} needs {'cases still to draw' if drawn else 'every case drawn'}"
            )  # PI-GOAL-01
        if phase == "seeding" and any(s["private"][p]["case"] for p in self.players):
            raise BadRequest("cases are drawn after the board is seeded")  # PI-GOAL-04
        if phase in ("turning_up", "refilling") and (len(s["face_up"]) >= R.FACE_UP or not s["deck"]):
            raise BadRequest(f"{phase} needs a gap in the row and a card in the deck")  # PI-EVI-01, PI-EVI-08
        if len(s["points"][self.players[0]]) != s["round"] or any(len(v) != s["round"] for v in s["points"].values()):
            raise BadRequest("points holds one entry per round begun")
        if len(s["rounds"]) != s["round"] - 1 + (phase == "over"):
            raise BadRequest("rounds holds every round played out")
        if (s["pending"] is not None) != (phase == "answering") or (
            phase == "answering" and self.variant != "neighbour-answers"
        ):
            raise BadRequest(
                "a detective or card waits for its answer only in neighbour-answers, while answering"
            )  # PI-TIP-03
        for p in self.players:
            if s["detectives"][p] + sum(d["player"] == p for d in s["placed"]) > R.DETECTIVES:
                raise BadRequest(f"{p} has more than {R.DETECTIVES} detectives")  # PI-DET-05
        if phase in SETUP_PHASES:
            if (
                s["current"] is not None
                or s["game_turn"]
                or s["solved"]
                or s["placed"]
                or s["marks"]
                or any(s["taken"].values())
            ):
                raise BadRequest("nothing is played while the round is set up")
            return
        if phase == "over":
            return
        current, turn = s["current"], s["game_turn"]
        if current is None or current in s["solved"] or turn < 1:
            raise BadRequest(f"phase {phase} needs an unsolved current player and a game turn")  # PI-TURN-03
        order = self.pass_order()
        for p, when in s["solved"].items():
            if when > turn or (when == turn and order.index(p) > order.index(current)):
                raise BadRequest(f"{p} cannot have solved in game turn {when} yet")  # PI-SOLV-09
            if s["revealed"].get(p) != self.case_of(p):
                raise BadRequest(f"{p}'s solved case is open to all")  # PI-SOLV-07
        if set(s["revealed"]) != set(s["solved"]):
            raise BadRequest("only solved cases are open")
        if turn > 1 and sum(s["solved"].get(p, turn) >= turn for p in self.players) < 2:
            raise BadRequest("this round ended with the last pass")  # PI-SOLV-08

    # -- small readers -------------------------------------------------------------------
    @property
    def variant(self) -> str:
        return self.s["options"]["variant"]

    def left_of(self, player: str) -> str:
        """PI-TURN-02 (@ruling): the next seat; play passes that way."""
        return self.players[(self.players.index(player) + 1) % len(self.players)]

    def right_of(self, player: str) -> str:
        return self.players[self.players.index(player) - 1]

    def case_of(self, player: str) -> dict:
        """The case ``player`` must solve: in the hands of the player to their right (PI-TIP-01)."""
        return self.s["private"][self.right_of(player)]["case"]

    def pass_order(self) -> list[str]:
        """PI-TURN-04 (@ruling): round r begins with seat r-1 (mod n); a pass runs to the left from there."""
        k = (self.s["round"] - 1) % len(self.players)
        return self.players[k:] + self.players[:k]

    def next_in_pass(self) -> str | None:
        """PI-SOLV-09: the next unsolved player later in this pass; None once the pass is complete."""
        order = self.pass_order()
        return next((q for q in order[order.index(self.current) + 1 :] if q not in self.s["solved"]), None)

    def unsolved(self) -> list[str]:
        return [p for p in self.pass_order() if p not in self.s["solved"]]

    def where(self, kind: str, name: str) -> str:
        """The location of an element: a place is a location (PI-DET-08); a suspect or crime lies where its tile is."""
        if kind == "location":
            return name
        return next(loc for loc, t in self.s["tiles"].items() if t[kind] == name)

    def answer_for(self, player: str, by: str, on: str) -> dict:
        """The discs and cubes ``player``'s own case calls for (PI-DET-06..09, PI-EVI-03..06).

        A detective counts every element of the case on its location (a disc) or
        on a touching one (a cube).  A card asks only about the case's element
        of the card's kind: a disc if it is that card, else a cube if it lies
        next to the card's tile (a location card: the location itself).  Blank
        tiles are nobody's element, so they never count (PI-DET-09).
        """
        case = self.case_of(player)
        if by == "detective":
            spots = [self.where(kind, case[kind]) for kind in R.CASE_KINDS]
            return {"discs": sum(x == on for x in spots), "cubes": sum(x in R.NEIGHBOURS[on] for x in spots)}
        kind = R.KIND_OF[on]
        if case[kind] == on:
            return {"discs": 1, "cubes": 0}
        return {"discs": 0, "cubes": int(self.where(kind, case[kind]) in R.NEIGHBOURS[self.where(kind, on)])}

    # -- options: who may do what now ----------------------------------------------------
    def options_seed(self):
        # PI-DET-02 (@ruling): all suspect tiles first, then the crime tiles, location by location
        kind, loc = next((k, loc) for k in R.TILE_KINDS for loc in R.LOCATIONS if self.s["tiles"][loc][k] is None)
        supply = self.s["supply"][kind]
        tiles = sorted(set(supply))
        return chance(({"location": loc, "tile": t} for t in tiles), (supply.count(t) for t in tiles))

    def options_draw_case(self):
        # PI-GOAL-03 (@ruling): from the round's first player on,
        # each draws culprit, place, crime for the left neighbour
        holder, kind = self._next_case_card()
        return chance({"card": c} for c in self.s["secret"]["case_decks"] if R.KIND_OF[c] == kind)

    def _next_case_card(self) -> tuple[str, str]:
        return next((p, k) for p in self.pass_order() for k in R.CASE_KINDS if k not in self.s["private"][p]["case"])

    def options_turn_up(self):
        return chance({"card": c} for c in self.s["deck"])  # PI-EVI-01, PI-EVI-08: every card in the deck as likely

    @memo(
        lambda self: (self.s["current"], bool(self.s["detectives"][self.current]))
    )  # 12 moves at most turns: built once
    def options_place(self):
        if not self.s["detectives"][self.current]:
            return []  # PI-DET-05: none left
        return offer(self.current, ({"location": loc} for loc in R.LOCATIONS))  # PI-DET-03, PI-DET-04

    def options_take(self):
        return offer(self.current, ({"card": c} for c in self.s["face_up"]))  # PI-EVI-02

    @memo(lambda self: self.s["current"])
    def options_solve(self):
        # PI-SOLV-01: any suspect, location and crime; never a blank tile
        return offer(
            self.current,
            ({"suspect": s, "location": loc, "crime": c} for s in R.SUSPECTS for loc in R.LOCATIONS for c in R.CRIMES),
        )

    def options_answer(self):
        # PI-TIP-04 (@ruling): only the true answer is offered; PI-TIP-05: solved or not, the holder answers
        pending = self.s["pending"]
        return offer(pending["answerer"], [self.answer_for(pending["player"], pending["by"], pending["on"])])

    # -- guards (pure) ---------------------------------------------------------------------
    def board_is_seeded(self, actor, action):
        return all(None not in t.values() for t in self.s["tiles"].values())

    def cases_are_drawn(self, actor, action):
        return all(len(self.s["private"][p]["case"]) == 3 for p in self.players)

    def row_is_full(self, actor, action):
        return len(self.s["face_up"]) >= R.FACE_UP or not self.s["deck"]

    def neighbour_answers(self, actor, action):
        return self.variant == "neighbour-answers"

    def names_the_case(self, actor, action):
        return all(action[k] == v for k, v in self.case_of(self.current).items())

    def row_has_a_gap(self, actor, action):
        return len(self.s["face_up"]) < R.FACE_UP and bool(self.s["deck"])  # PI-EVI-09: an empty deck refills nothing

    def round_ends(self, actor, action):
        # PI-SOLV-08: at the end of a pass, with fewer than two players unsolved
        return self.next_in_pass() is None and len(self.unsolved()) < 2

    def last_round(self, actor, action):
        return self.s["round"] == R.ROUNDS

    # -- callbacks: set-up -------------------------------------------------------------------
    def seed_tile(self, actor, action):
        loc, tile = action["location"], action["tile"]
        kind = "suspect" if tile in R.TILES["suspect"] else "crime"
        self.s["tiles"][loc][kind] = tile
        self.s["supply"][kind].remove(tile)
        self.emit("seeded", location=loc, tile=tile)

    def deal_case_card(self, actor, action):
        holder, kind = self._next_case_card()
        self.s["private"][holder]["case"][kind] = action["card"]
        self.s["secret"]["case_decks"].remove(action["card"])
        # only the drawer learns the card (PI-GOAL-03)
        self.emit(
            "case_card_drawn",
            by=holder,
            **{"for": self.left_of(holder)},
            element=kind,
            private={holder: {"card": action["card"]}},
        )

    def turn_up_card(self, actor, action):
        self.s["deck"].remove(action["card"])
        self.s["face_up"] = sorted(self.s["face_up"] + [action["card"]])
        self.emit("turned_up", card=action["card"])

    def begin_round(self, actor, action):
        first = self.pass_order()[0]
        self.s["current"], self.s["game_turn"] = first, 1
        self.emit("round_begins", round=self.s["round"], player=first)
        self.emit("turn", player=first, game_turn=1)

    # -- callbacks: a turn -------------------------------------------------------------------
    def put_detective(self, actor, action):
        loc = action["location"]
        self.s["detectives"][actor] -= 1  # PI-DET-05: used up for the game
        self.s["placed"].append({"player": actor, "location": loc})
        self.emit("detective_placed", player=actor, location=loc)
        self._await(actor, "detective", loc)

    def take_card(self, actor, action):
        card = action["card"]
        self.s["face_up"].remove(card)  # PI-EVI-07: out of the row, kept face up by the taker
        self.s["taken"][actor] = sorted(self.s["taken"][actor] + [card])
        self.emit("card_taken", player=actor, card=card)
        self._await(actor, "card", card)

    def _await(self, player: str, by: str, on: str) -> None:
        self.s["pending"] = {"player": player, "answerer": self.right_of(player), "by": by, "on": on}

    def ask_neighbour(self, actor, action):
        pending = self.s["pending"]
        self.emit("answer_awaited", player=pending["player"], answerer=pending["answerer"])  # PI-TIP-03

    def answer_at_once(self, actor, action):
        pending = self.s["pending"]  # PI-TIP-02: the engine answers, nobody is asked
        self._mark(self.answer_for(pending["player"], pending["by"], pending["on"]))

    def record_answer(self, actor, action):
        self._mark({"discs": action["discs"], "cubes": action["cubes"]})

    def _mark(self, answer: dict) -> None:
        pending, self.s["pending"] = self.s["pending"], None
        mark = {"player": pending["player"], "by": pending["by"], "on": pending["on"], **answer}
        self.s["marks"].append(mark)  # PI-DET-10: counts only, never which element
        self.emit("marked", **mark)

    def credit_solution(self, actor, action):
        s, turn = self.s, self.s["game_turn"]
        # PI-SOLV-02..04: the value of the table for the number of earlier discovery turns
        earlier = len({t for t in s["solved"].values() if t < turn})
        points = R.POINTS[min(earlier, len(R.POINTS) - 1)]
        s["solved"][actor] = turn
        s["points"][actor][-1] = points
        s["revealed"][actor] = dict(self.case_of(actor))  # PI-SOLV-07
        self.emit("tried", player=actor, **{k: action[k] for k in R.CASE_KINDS}, right=True)
        self.emit("scored", player=actor, points=points)
        self.emit("case_shown", player=actor, case=dict(self.case_of(actor)))

    def give_penalty(self, actor, action):
        self.s["penalties"][actor] += 1  # PI-SOLV-05; PI-SOLV-06: never which element was wrong
        self.emit("tried", player=actor, **{k: action[k] for k in R.CASE_KINDS}, right=False)
        self.emit("penalised", player=actor, penalties=self.s["penalties"][actor])

    def pass_turn(self, actor, action):
        nxt = self.next_in_pass()
        if nxt is None:  # PI-SOLV-09: a new pass, from the round's first player, skipping the solved (PI-TURN-03)
            self.s["game_turn"] += 1
            nxt = self.unsolved()[0]
        self.s["current"] = nxt
        self.emit("turn", player=nxt, game_turn=self.s["game_turn"])

    # -- callbacks: the end of a round and of the game -----------------------------------------
    def end_round(self, actor, action):
        s = self.s
        cases = {p: dict(self.case_of(p)) for p in self.players}  # PI-SOLV-10: every case is shown
        s["rounds"].append({"cases": cases, "solved": dict(s["solved"])})
        s["current"] = None
        # PI-SOLV-08: a player left unsolved keeps the 0 of the round
        self.emit("round_over", round=s["round"], cases=cases, points={p: s["points"][p][-1] for p in self.players})

    def clear_for_next_round(self, actor, action):
        self.s["round"] += 1
        for p in self.players:
            self.s["points"][p].append(0)
        self._fresh_round()  # PI-GOAL-05: detectives placed stay used (PI-DET-05)

    def end_game(self, actor, action):
        s = self.s
        # PI-END-01/02: the three rounds' points, less two a penalty, no floor
        totals = {p: sum(s["points"][p]) - R.PENALTY * s["penalties"][p] for p in self.players}
        # PI-END-03..05: then more detectives left, then fewer penalties, else shared
        rank = {p: (totals[p], s["detectives"][p], -s["penalties"][p]) for p in self.players}
        best = max(rank.values())
        winners = [p for p in self.players if rank[p] == best]
        s["outcome"] = {"result": "over", "totals": totals, "winners": winners}
        self.emit("game_over", totals=totals, winners=winners)
