"""The online heist game — the reference engine on the kit: options, guards, callbacks.

Facts come from rules.py, the turn and the protocol's words from machine.py,
the bots' choices from bots.py.  ``options_<trigger>`` say who may do what
now; the rows of machine.py pick what follows (guards, pure) and carry the
move out (callbacks).  Nothing is random and nothing reads a clock: the
hideout, the face-down cards, the deal and every roll are chance's moves, and
a timer runs out only by the clock's ``expire`` (HO-TIM-04).  Every event
but the coach's goes into the public case log without its private and secret
parts (HO-LOG-01); those reach only their addressees.
"""

from __future__ import annotations

from casebook.errors import BadRequest
from casebook.protocol import CLOCK
from statemachines.kit import Game, QuestionRound, RollOff, chance, memo, offer, roll_off_problem

from . import bots
from . import rules as R
from .machine import ACTIONS, CASE_LOG, EVENTS, INVENTORY, PHASE_CLAUSES, STATE, STATES, TRANSITIONS, TURN

SETUP = ("hiding", "laying", "dealing", "rolling_for_start")


def new_turn() -> dict:
    return {"began": None, "dice": None, "selected": None, "path": [], "question": None, "answerer": None}


def blank_notes() -> dict:
    return {
        h: dict.fromkeys({"gang": R.GANG, "method": R.METHODS, "place": R.PLACES}[k]) for h, k in R.HEADINGS.items()
    }


def seen_note(seen: dict) -> dict:
    """The assistant's note of a card seen: shown by a player, or looked at face down on a place."""
    return {"seen": "shown" if "by" in seen else "face down", **{k: v for k, v in seen.items() if k != "card"}}


def heading(card: str) -> str:
    return next(h for h, k in R.HEADINGS.items() if k == R.KIND_OF[card])


class Heist(QuestionRound, RollOff, Game):
    """One table of the online heist game."""

    info, names, board = R.INFO, R.NAMES, R.BOARD
    public_log, unlogged = (
        "log",
        ("coach",),
    )  # HO-LOG-01: the case log keeps every public entry; HO-TUT-08: not the coach
    phases, transitions, actions, events, state_fields, inventory = (
        STATES,
        TRANSITIONS,
        ACTIONS,
        EVENTS,
        STATE,
        INVENTORY,
    )
    phase_clauses = PHASE_CLAUSES
    facts = {
        "case_log": CASE_LOG
    }  # how each entry reads, published: the steps render the log with it, the schema page shows it

    # -- rooms: options across fields, the tutorial's table ------------------------------------
    @classmethod
    def normalise_options(cls, options):
        if isinstance(options, dict) and options.get("variant") == "tutorial":
            # HO-TUT-02 (@ruling): one learner; the game seats Lola and Tito, Easy, with no turn timer
            # (HO-TIM-08) and the assistant on (HO-NOT-12); asking for anything else is refused
            learner = options.get("players")
            if not isinstance(learner, list) or len(learner) != 1:
                raise BadRequest("a tutorial is for one learner: players is a list of one name")
            if (
                options.get("bots")
                or options.get("turn_timer", "off") != "off"
                or options.get("notes_assistant", True) is not True
            ):
                raise BadRequest(
                    "a tutorial has two Easy bots, no turn timer and the notes assistant on; nothing else can be chosen"
                )
            options = {
                **options,
                "players": learner + list(R.TUTORIAL_BOTS),
                "bots": dict.fromkeys(R.TUTORIAL_BOTS, "easy"),
                "turn_timer": "off",
                "notes_assistant": True,
            }
        return super().normalise_options(options)

    @classmethod
    def check_options(cls, options: dict) -> None:
        players, bots_, room = options["players"], options["bots"], options["variant"]
        if set(bots_) - set(players):
            raise BadRequest(f"bots {sorted(set(bots_) - set(players))} have no seat; seats are {players}")
        if len(bots_) >= len(players):
            raise BadRequest("a room holds at least one person, the one who opened it")  # HO-PRE-09
        if room == "public" and bots_:
            raise BadRequest("bots are added to private rooms only")  # HO-PRE-08
        if room == "tutorial" and (
            players[1:] != list(R.TUTORIAL_BOTS)
            or bots_ != dict.fromkeys(R.TUTORIAL_BOTS, "easy")
            or options["turn_timer"] != "off"
            or not options["notes_assistant"]
        ):
            raise BadRequest(
                "a tutorial seats one learner, then the Easy bots Lola and Tito; no turn timer; the assistant on"
            )

    def setup(self) -> None:
        players = self.players
        self.s.update(
            {
                "hand_sizes": {},
                "dealing_to": None,
                "face_down": [],
                "positions": dict.fromkeys(players, R.ENTRANCE),  # HO-PRE-02
                "tokens": dict.fromkeys(R.TOKENS),  # HO-MOD-05: in no place
                "start_rolls": {},
                "start_waiting": list(players),
                "current": None,
                "turn": new_turn(),
                "timer": None,
                "out": [],
                "outcome": None,
                "log": [],
                "secret": {"hideout": None, "undealt": list(R.CARDS), "face_down": {}},
                "private": {
                    p: {
                        "hand": [],
                        "seen": [],
                        "showed": [],
                        "notes": blank_notes(),
                        # HO-BOT-01: a bot's assistant is always on; HO-NOT-05/06: a person's follows the room
                        "assistant": p in self.bot_levels or self.s["options"]["notes_assistant"],
                        **({"coach": []} if p == self.learner else {}),
                    }
                    for p in players
                },
            }
        )

    def derive(self) -> None:
        s = self.s
        s["hand_sizes"] = {p: len(s["private"][p]["hand"]) for p in self.players}
        s["dealing_to"] = self._recipient() if s["phase"] == "dealing" else None
        running = self._running_timer()
        seconds = {"show": R.SHOW_SECONDS, "turn": s["options"]["turn_timer"]}
        s["timer"] = {"timer": running[0], "seconds": seconds[running[0]], "seat": running[1]} if running else None

    def check(self) -> None:
        """What the specs cannot say: the phase and the turn record must agree."""
        s, phase, turn, secret = self.s, self.phase, self.s["turn"], self.s["secret"]
        if (secret["hideout"] is None) != (phase == "hiding"):
            raise BadRequest(
                f"phase {phase} and the hideout's being {'filled' if secret['hideout'] else 'empty'} do not go together"
            )
        laid, wanted = len(s["face_down"]), (R.FACE_DOWN if self.two_seats else 0)
        # HO-DIS-05/06: none before the hiding is done, fewer than four while laying (two seats only), then all four
        fits = laid == 0 if phase == "hiding" else laid < wanted if phase == "laying" else laid == wanted
        if sorted(secret["face_down"]) != sorted(s["face_down"]) or not fits:
            raise BadRequest(
                "face-down cards: four with two seats, none otherwise, each on the place the public list names"
            )
        if phase not in ("hiding", "laying", "dealing") and secret["undealt"]:
            raise BadRequest(f"phase {phase} comes after the deal")
        if phase not in SETUP and (s["current"] is None or (s["current"] in s["out"] and phase != "unsolved")):
            raise BadRequest(f"phase {phase} needs a current player still in the game")  # HO-ACC-05
        if (
            phase == "moving"
            and turn["dice"] is None
            or phase in ("in_place", "answering", "after_question")
            and self.here() not in R.PLACES
        ):
            raise BadRequest(f"phase {phase} needs a roll, or a pawn in a place")
        if phase == "answering" and (
            turn["question"] is None
            or turn["answerer"] in (None, s["current"])
            or not set(turn["question"].values()) & set(self.hand(turn["answerer"]))
        ):
            raise BadRequest("the answerer must be another player holding a named card")
        if phase == "hiding" and (len(secret["undealt"]) != len(R.CARDS) or any(self.hand(p) for p in self.players)):
            raise BadRequest("before the hideout is filled every card is undealt")
        problem = roll_off_problem(s, self.players, phase, ("hiding", "laying", "dealing"), "rolling_for_start")
        if problem:
            raise BadRequest(problem)  # HO-PRE-03/04
        self._check_path()
        for player in self.players:
            self._check_notes(player)

    def _check_path(self) -> None:
        """HO-TRN-04: a selected place shows a path of halls ending in that place; nothing is selected outside the
        moving phase, and the pawn has not left where the dice were rolled (issue 27, F3).  Only the path's shape is
        checked, not our board's adjacency: a scenario shows a path as one step, so that it reads on any board."""
        turn = self.s["turn"]
        if self.phase != "moving":
            if turn["selected"] is not None or turn["path"]:
                raise BadRequest(f"a place is selected only while moving, not in phase {self.phase}")
            return
        if turn["began"] != self.here():
            raise BadRequest("while moving the pawn still stands where the dice were rolled (turn.began)")
        selected, path = turn["selected"], turn["path"]
        halls = path[:-1]
        if (selected is None and path) or (
            selected is not None
            and (
                selected == self.here()
                or not path
                or path[-1] != selected
                or len(set(halls)) != len(halls)
                or set(halls) & set(R.PLACES)
            )
        ):
            raise BadRequest("turn.path leads through halls to the selected place, the place last")

    def _check_notes(self, player: str) -> None:
        """HO-NOT-01/04, HO-BOT-01: what a player saw, showed and noted agrees with where the cards lie, so a bot that
        reads its notes never rules out a hidden card and can finish the game (issue 27, F5)."""
        mine, face_down = self.s["private"][player], self.s["secret"]["face_down"]

        def lies(card: str, by: str | None, place: str | None) -> bool:  # shown by another holder, or face down there
            return (by is None) != (place is None) and (
                card in self.hand(by) and by != player if by else face_down.get(place) == card
            )

        if not all(lies(x["card"], x.get("by"), x.get("place")) for x in mine["seen"]):
            raise BadRequest(f"{player} saw only cards another player holds or that lie face down where seen")
        if any(shown["card"] not in mine["hand"] or shown["to"] == player for shown in mine["showed"]):
            raise BadRequest(f"{player} showed only cards of their own hand, to another player")
        if player in self.bot_levels and not mine["assistant"]:
            raise BadRequest(f"the bot {player} keeps its notes with the assistant on")  # HO-BOT-01
        for cards in mine["notes"].values():
            for card, entry in cards.items():
                in_hand = card in mine["hand"]
                if entry is None and in_hand and mine["assistant"]:
                    raise BadRequest(f"{player}'s assistant is on but does not note {card} in hand")  # HO-NOT-04
                if entry is not None and (
                    in_hand != (entry["seen"] == "in hand")
                    or not in_hand
                    and not lies(card, entry.get("by"), entry.get("place"))
                ):
                    raise BadRequest(f"{player}'s notes say {card} {entry['seen']}, which is not where it lies")

    # -- small readers ----------------------------------------------------------------------------
    @property
    def bot_levels(self) -> dict:
        return self.s["options"]["bots"]

    @property
    def two_seats(self) -> bool:
        return len(self.players) == R.TWO_SEATS  # HO-DIS-07 (@ruling): bots are active seats

    @property
    def learner(self) -> str | None:
        return self.players[0] if self.s["options"]["variant"] == "tutorial" else None

    def hand(self, player: str) -> list[str]:
        return self.s["private"][player]["hand"]

    def here(self) -> str:
        return self.s["positions"][self.current]

    def _recipient(self) -> str:
        # HO-DIS-04 (@ruling): one card at a time round the table from the first seat
        return self.players[sum(len(self.hand(p)) for p in self.players) % len(self.players)]

    def _running_timer(self) -> tuple[str, str] | None:
        """The timer the clock may end now (HO-TIM-04); none while a bot acts (HO-PRE-14)."""
        phase, turn = self.phase, self.s["turn"]
        if phase == "answering" and turn["answerer"] not in self.bot_levels:
            return "show", turn["answerer"]  # HO-QUE-10, HO-TIM-03: always 15 seconds
        if phase in TURN and self.s["options"]["turn_timer"] != "off" and self.current not in self.bot_levels:
            return "turn", self.current  # HO-TIM-01, HO-TIM-06: not while someone shows
        return None

    def _to_act(self) -> str | None:
        return self.s["turn"]["answerer"] if self.phase == "answering" else self.current

    # -- legal(): a bot's seat offers only its level's choice (HO-PRE-11) ----------------------------
    def engine_plays(self, actor: str, moves: list[dict]) -> dict | None:
        level = self.bot_levels.get(actor)
        return bots.choose(level, actor, self.view(actor), moves) if level else None

    # -- options: who may do what now ---------------------------------------------------------------
    @memo(lambda self: None)
    def options_hide(self):
        return chance({"gang": g, "method": m, "place": p} for g in R.GANG for m in R.METHODS for p in R.PLACES)

    def options_lay(self):
        free = [p for p in R.PLACES if p not in self.s["face_down"]]  # HO-DIS-06: one card a place
        return chance({"card": c, "place": p} for c in self.s["secret"]["undealt"] for p in free)

    def options_deal(self):
        return chance({"card": c} for c in self.s["secret"]["undealt"])

    @memo(lambda self: None)
    def options_roll(self):
        return chance({"dice": [a, b]} for a in R.DIE_FACES for b in R.DIE_FACES)

    @memo(lambda self: (self.current, self.here() in R.PLACES))
    def options_accuse(self):
        """HO-ACC-01: any gang member, any method and any of the nine places; HO-ACC-02: from inside a place."""
        if self.here() not in R.PLACES:
            return []
        return offer(
            self.current, ({"gang": g, "method": m, "place": p} for g in R.GANG for m in R.METHODS for p in R.PLACES)
        )

    def options_select(self):
        # HO-TRN-04: any place but the one the pawn stands in (HO-TRN-06) or the one already selected
        return offer(
            self.current, ({"place": p} for p in R.PLACES if p not in (self.here(), self.s["turn"]["selected"]))
        )

    def options_confirm(self):
        return offer(self.current) if self.s["turn"]["selected"] else []  # HO-TRN-05

    def options_take_secret_passage(self):
        return offer(self.current) if self.s["turn"]["began"] in R.SECRET_PASSAGES else []  # HO-TRN-07, HO-TRN-09

    @memo(lambda self: (self.current, self.here()))
    def options_question(self):
        """HO-QUE-01: any gang member and any method, in the place the asker is in."""
        return offer(self.current, ({"gang": g, "method": m, "place": self.here()} for g in R.GANG for m in R.METHODS))

    def options_show(self):
        turn = self.s["turn"]  # HO-QUE-04: one of the named cards the answerer holds
        return offer(
            turn["answerer"], ({"card": c} for c in self.hand(turn["answerer"]) if c in turn["question"].values())
        )

    def options_expire(self):
        running = self._running_timer()
        return offer(CLOCK, [{"timer": running[0]}]) if running else []

    def options_switch_notes_assistant(self):
        """HO-NOT-07/09/10/12: off for oneself; back on only where the room's default is on; never in the tutorial."""
        who = self._to_act()
        if who in self.bot_levels or self.learner:
            return []
        if self.s["private"][who]["assistant"]:
            return offer(who, [{"on": False}])
        return offer(who, [{"on": True}]) if self.s["options"]["notes_assistant"] else []

    # -- guards (pure: they read, never write) --------------------------------------------------------
    def is_two_seat_game(self, actor, action):
        return self.two_seats

    def lays_the_last(self, actor, action):
        return len(self.s["face_down"]) + 1 == R.FACE_DOWN

    def completes_deal(self, actor, action):
        return len(self.s["secret"]["undealt"]) == 1

    def accusation_is_right(self, actor, action):
        return all(action[k] == self.s["secret"]["hideout"][k] for k in R.KINDS)

    def last_one_in(self, actor, action):
        return len(self.s["out"]) + 1 == len(self.players)

    def reaches_the_place(self, actor, action):
        return len(self.s["turn"]["path"]) <= sum(self.s["turn"]["dice"])  # HO-TRN-02: at most the total

    def someone_can_show(self, actor, action):
        return self.first_holder({action[k] for k in R.KINDS}, self.hand)[1] is not None

    # -- callbacks: the set-up ---------------------------------------------------------------------
    def hide_cards(self, actor, action):
        case = {k: action[k] for k in R.KINDS}
        self.s["secret"]["hideout"] = case
        for card in case.values():
            self.s["secret"]["undealt"].remove(card)
        self.emit("hidden", secret=dict(case))

    def lay_face_down(self, actor, action):
        self.s["secret"]["undealt"].remove(action["card"])
        self.s["secret"]["face_down"][action["place"]] = action["card"]
        self.s["face_down"] = [p for p in R.PLACES if p in self.s["secret"]["face_down"]]
        self.emit("laid", place=action["place"], secret={"card": action["card"]})

    def deal_card(self, actor, action):
        to = self._recipient()
        self.s["secret"]["undealt"].remove(action["card"])
        self.hand(to).append(action["card"])
        self.hand(to).sort(key=R.CARDS.index)
        self._note(to, action["card"], {"seen": "in hand"})  # HO-NOT-04: the assistant writes one's own cards
        self.emit("dealt", seat=to, private={to: {"card": action["card"]}})

    def record_start_roll(self, actor, action):
        self.emit("start_roll", seat=self.start_roll(action["dice"]), dice=action["dice"])  # HO-PRE-03

    def settle_start_round(self, actor, action):
        self.start_ties()  # HO-PRE-04 (@ruling): the tied roll again

    def begin_first_turn(self, actor, action):
        self.s.update(current=self.start_winner(), start_rolls={})
        self.emit("starts", seat=self.current)

    # -- callbacks: the turn --------------------------------------------------------------------------
    def record_roll(self, actor, action):
        self.s["turn"].update(dice=action["dice"], began=self.here())
        self.emit("rolled", seat=self.current, dice=action["dice"])

    def show_path(self, actor, action):
        self.s["turn"].update(selected=action["place"], path=list(R.PATHS[self.here(), action["place"]]))

    def walk(self, actor, action):
        turn = self.s["turn"]
        end = turn["path"][: sum(turn["dice"])][-1]  # HO-TRN-03: as far as the roll goes
        self.s["positions"][self.current] = end
        turn.update(selected=None, path=[])
        self.emit("moved", seat=self.current, to=end)
        self._coach(self.current, "first move")
        if end in R.PLACES:
            self._entered(end)

    def go_through_passage(self, actor, action):
        there = R.SECRET_PASSAGES[self.s["turn"]["began"]]
        self.s["positions"][self.current] = there
        self.s["turn"].update(selected=None, path=[])
        self.emit("passage", seat=self.current, to=there)
        self._coach(self.current, "first move")
        self._entered(there)

    def _entered(self, place: str) -> None:
        self._coach(self.current, "first place")
        card = self.s["secret"]["face_down"].get(place)
        if card is not None:  # HO-DIS-08: a private look, on every visit
            mine = self.s["private"][self.current]
            if not any(s["card"] == card for s in mine["seen"]):
                mine["seen"].append({"card": card, "place": place})
            self._note(self.current, card, {"seen": "face down", "place": place})  # HO-NOT-11
            self.emit("looked", seat=self.current, place=place, private={self.current: {"card": card}})  # HO-DIS-09

    def ask(self, actor, action):
        question = {k: action[k] for k in R.KINDS}
        self.s["tokens"][question["gang"]] = self.s["tokens"][question["method"]] = question["place"]  # HO-QUE-02
        self.s["turn"]["question"] = question
        self.emit("asked", seat=self.current, **question)
        passed, answerer = self.first_holder(
            set(question.values()), self.hand
        )  # HO-QUE-03; HO-ACC-06: players out still answer
        for q in passed:
            self.emit("no_card", seat=q)  # HO-QUE-05
        self.s["turn"]["answerer"] = answerer
        if answerer is None:
            self.emit("nobody_showed")  # HO-QUE-07
            self._coach(self.current, "first unanswered question")

    def show_card(self, actor, action):
        self._show(action["card"])

    def show_for_them(self, actor, action):
        # HO-QUE-11 (@ruling): the first of their named cards in the question's order
        turn = self.s["turn"]
        self.emit("timer_ran_out", timer="show", seat=turn["answerer"])
        self._show(next(turn["question"][k] for k in R.KINDS if turn["question"][k] in self.hand(turn["answerer"])))

    def _show(self, card: str) -> None:
        by, to = self.s["turn"]["answerer"], self.current
        self.s["private"][to]["seen"].append({"card": card, "by": by})
        self.s["private"][by]["showed"].append({"card": card, "to": to})
        self._note(to, card, {"seen": "shown", "by": by})
        self.s["turn"]["answerer"] = None
        self.emit("showed", seat=by, to=to, private={to: {"card": card}, by: {"card": card}})  # HO-QUE-09
        self._coach(to, "first card shown")
        if self._ready(to):
            self._coach(to, "ready to accuse")

    def open_hideout(self, actor, action):
        named, hideout = {k: action[k] for k in R.KINDS}, dict(self.s["secret"]["hideout"])
        right = named == hideout
        self.s["private"][self.current].update(accused=named, hideout=hideout)  # HO-ACC-03
        if not right:
            self.s["out"].append(self.current)  # HO-ACC-05
        self.emit(
            "accused",
            seat=self.current,
            right=right,
            private={self.current: {"named": dict(named), "hideout": dict(hideout)}},
        )

    def close_case(self, actor, action):
        hideout = self.s["secret"]["hideout"]  # HO-LOG-06 (@ruling): shown to all at the end
        winners = [self.current] if self.phase == "solved" else []
        self.s["outcome"] = {"result": self.phase, "winners": winners, "hideout": dict(hideout)}
        self.emit("closed", winner=winners[0] if winners else None, hideout=dict(hideout))

    def time_out_turn(self, actor, action):
        self.s["turn"].update(selected=None, path=[])  # HO-TIM-05 (@ruling): a move not confirmed is dropped
        self.emit("timer_ran_out", timer="turn", seat=self.current)

    def pass_turn(self, actor, action):
        # HO-PRE-05: to the left; HO-ACC-05: over the players out; HO-ACC-07: the last one in plays on
        self.s["current"] = next(
            p for p in self.others_from_the_left(self.current) + [self.current] if p not in self.s["out"]
        )
        self.s["turn"] = new_turn()

    def switch_assistant(self, actor, action):
        mine = self.s["private"][actor]
        mine["assistant"] = action["on"]
        if action["on"]:  # HO-NOT-09 (@ruling): back on, it writes everything seen so far; off keeps what it wrote
            for card in mine["hand"]:
                self._note(actor, card, {"seen": "in hand"})
            for seen in mine["seen"]:
                self._note(actor, seen["card"], seen_note(seen))

    # -- the notes sheet and the coach ----------------------------------------------------------------
    def _note(self, player: str, card: str, entry: dict) -> None:
        mine = self.s["private"][player]
        if mine["assistant"]:
            mine["notes"][heading(card)][card] = entry

    def _ready(self, player: str) -> bool:
        """HO-TUT-07 (@ruling): the sheet leaves exactly one card open under each heading."""
        notes = self.s["private"][player]["notes"]
        return all(sum(entry is None for entry in cards.values()) == 1 for cards in notes.values())

    def _coach(self, player: str, moment: str) -> None:
        if player == self.learner and moment not in self.s["private"][player]["coach"]:
            self.s["private"][player]["coach"].append(moment)  # HO-TUT-08: once, to the learner alone
            self.emit("coach", private={player: {"moment": moment}})
