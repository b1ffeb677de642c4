"""Bulls and Cows — the reference engine on the kit.

Codes are sealed choices: each waits in its player's private slot, and the public state says only who has set one
down.  A guess is answered at once, in public.  The game ends after a complete round in which a code was broken.
"""

from __future__ import annotations

from casebook.errors import BadRequest
from statemachines.kit import Game, guard, memo, offer

from . import rules as R
from .machine import ACTIONS, EVENTS, INVENTORY, STATE, STATES, TRANSITIONS


class BullsAndCows(Game):
    """One table of Bulls and Cows."""

    info, names = R.INFO, R.NAMES
    phases, transitions, actions, events, state_fields, inventory = (
        STATES,
        TRANSITIONS,
        ACTIONS,
        EVENTS,
        STATE,
        INVENTORY,
    )

    def setup(self) -> None:
        self.s.update(
            current=None, chosen=[], guesses=[], outcome=None, private={p: {"code": None} for p in self.players}
        )

    def check(self) -> None:
        """What the specs cannot say of a loaded state: codes are codes, guesses alternate, the answers are right."""
        s, players = self.s, self.players
        codes = {p: s["private"][p]["code"] for p in players}
        if s["chosen"] != [p for p in players if codes[p] is not None]:
            raise BadRequest("chosen lists, in seating order, exactly the players whose code is set down")
        if any(c is not None and c not in R.CODES for c in codes.values()):
            raise BadRequest("a code is four different digits (BC-CODE-01)")
        if (self.phase == "choosing") == (len(s["chosen"]) == len(players)) or (
            self.phase == "choosing" and s["guesses"]
        ):
            raise BadRequest("codes are all set down before the first guess, and only then")
        for i, g in enumerate(s["guesses"]):
            if g["player"] != players[i % 2] or g["code"] not in R.CODES:
                raise BadRequest("the players guess in turn, the first player first, four different digits each")
            if (g["bulls"], g["cows"]) != R.score(codes[self.other(g["player"])], g["code"]):
                raise BadRequest(f"guess {i + 1} is answered with the wrong bulls and cows (BC-SCORE-01)")
        guesses, rounds = s["guesses"], len(s["guesses"]) // 2
        broken = [r for r in range(rounds) if any(g["bulls"] == R.LENGTH for g in guesses[2 * r : 2 * r + 2])]
        if broken != ([rounds - 1] if self.phase == "over" else []) or (self.phase == "over" and len(guesses) % 2):
            raise BadRequest("the game ends after the first complete round in which a code was broken (BC-END-01)")
        if s["current"] != (players[len(s["guesses"]) % 2] if self.phase == "guessing" else None):
            raise BadRequest("while the guessing lasts the players guess in turn, the first player first")
        if s["outcome"] is not None and s["outcome"]["winners"] != self.breakers():
            raise BadRequest("the winners are those who broke the other's code (BC-END-02)")

    # -- who may do what now ---------------------------------------------------------------
    @memo(lambda self: tuple(self.s["chosen"]))
    def options_choose_code(self):
        moves = []
        for p in self.players:
            if p not in self.s["chosen"]:  # a code set down is final
                moves += offer(p, ({"code": c} for c in R.CODES))
        return moves

    @memo(lambda self: self.s["current"])
    def options_guess(self):
        return offer(self.current, ({"code": c} for c in R.CODES))  # BC-GUESS: any code, even one guessed before

    # -- guards (pure) -------------------------------------------------------------------------
    def both_chose(self, actor, action) -> bool:
        return len(self.s["chosen"]) == len(self.players)

    round_complete = guard(lambda g: len(g.s["guesses"]) % 2 == 0)  # BC-END-01: equal turns
    a_code_is_broken = guard(lambda g: bool(g.breakers()))

    def other(self, player: str) -> str:
        return next(p for p in self.players if p != player)

    def breakers(self) -> list[str]:
        """Who has guessed four bulls, in seating order."""
        return [p for p in self.players if any(g["player"] == p and g["bulls"] == R.LENGTH for g in self.s["guesses"])]

    # -- callbacks (the effects) -------------------------------------------------------------------
    def keep_code(self, actor, action):
        self.s["private"][actor]["code"] = action["code"]  # BC-CODE-02: only its player sees it
        self.s["chosen"] = [p for p in self.players if p in self.s["chosen"] or p == actor]
        self.emit("code_chosen", player=actor, private={actor: {"code": action["code"]}})

    def open_guessing(self, actor, action):
        self.s["current"] = self.players[0]  # BC-TURN-01

    def answer_guess(self, actor, action):
        bulls, cows = R.score(self.s["private"][self.other(actor)]["code"], action["code"])
        self.s["guesses"].append({"player": actor, "code": action["code"], "bulls": bulls, "cows": cows})
        self.s["current"] = self.other(actor)
        self.emit("answered", player=actor, code=action["code"], bulls=bulls, cows=cows)

    def declare(self, actor, action):
        self.s["current"] = None
        self.s["outcome"] = {"result": "over", "winners": self.breakers()}
        self.emit("over", winners=self.breakers())
