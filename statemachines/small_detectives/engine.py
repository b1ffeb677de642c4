"""Small Detectives — the reference engine on the kit: options, guards, callbacks.

Facts come from rules.py, the round and the protocol's words from machine.py.
``options_<trigger>`` say who may do what now; the rows of machine.py pick
what follows (guards, pure) and carry the move out (callbacks).  The cards
chosen each round are sealed choices: each waits in its player's private
slot until the last player has chosen, then they are turned over, Shadowing
alone first (SD-REV-01).  The cards then take effect one by one from the
queue ``to_resolve`` through the automatic rows, pausing in a phase of its
own for each card that leaves its player a choice.  Nothing is random: the
case, the houses and the deal are chance moves.
"""

from __future__ import annotations

from itertools import combinations, permutations

from casebook.errors import BadRequest
from statemachines.kit import Game, chance, memo, offer

from . import rules as R
from .machine import ACTIONS, EVENTS, INVENTORY, PHASE_CLAUSES, STATE, STATES, TRANSITIONS

SETUP = ("hiding", "laying", "dealing")
CHOICE_PHASES = {"unexpected", "on_wheels", "disguise", "small_move", "telephone_call"}  # phase = the card's effect
ORDER = {name: i for i, name in enumerate(R.CARD_NAMES)}


def _next_is(effect: str):
    """The guard machine.py names ``next_is_<effect>``: the card to take effect next has this effect."""

    def guard(self, actor, action):
        return bool(self.s["to_resolve"]) and self.card().effect == effect

    guard.__name__ = f"next_is_{effect}"
    return guard


class SmallDetectives(Game):
    """One table of Small Detectives."""

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

    # -- set-up, derived fields, load checks -------------------------------------------------
    def setup(self) -> None:
        n = len(self.players)
        self.s.update(
            {
                "round": 0,
                "pair": 1,
                "positions": dict(zip(self.players, R.START[n])),  # SD-SET-06
                "street": [],
                "police_line": [],
                "bar": R.BAR_START,  # SD-SET-11
                "chosen": [],
                "played": {},
                "to_resolve": [],
                "passed": [],
                "shadow": None,
                "reporting": [],
                "out": [],
                "out_of_game": list(R.left_out(n)),  # SD-SET-07, SD-SET-08
                "dealing_to": None,
                "hand_sizes": {},
                "outcome": None,
                "secret": {
                    "police": None,
                    "houses": {},
                    "stack": list(R.CLUES),
                    "undealt": list(R.deck(n)),
                    "removed": [],
                },
                "private": {p: {"hand": [], "seen": [], "questions": []} for p in self.players},
            }
        )

    def derive(self) -> None:
        s = self.s
        s["hand_sizes"] = {p: len(s["private"][p]["hand"]) for p in self.players}
        dealt = sum(s["hand_sizes"].values())
        s["dealing_to"] = self.players[dealt % len(self.players)] if s["phase"] == "dealing" else None  # SD-SET-04

    def check(self) -> None:
        """What the specs cannot say: positions, the line, hands, sealed and face-up cards must fit the phase."""
        s, phase, private, inside, n = self.s, self.phase, self.s["private"], self.in_game, len(self.players)
        in_round = phase not in SETUP and phase not in self.final_phases
        turned = in_round and phase not in ("choosing", "shadowing")  # the round's cards (this pair's) are face up
        sealed, pair, shadow = [p for p in self.players if "choice" in private[p]], s["pair"], s["shadow"]
        if set(s["positions"]) != set(inside) or len(set(s["out"])) != len(s["out"]):
            raise BadRequest("every player still in the game, and only they, has a detective on the board")
        for holds, why in (  # each line reads the fields the lines before it have vouched for
            (
                set(s["street"]) <= set(inside) and sorted(s["police_line"]) == sorted(self.on_tile(R.POLICE)),
                "the line is who stands on the Police",
            ),
            (
                sealed == s["chosen"] and set(sealed) <= set(inside),
                "chosen lists, in seat order, exactly the players with a sealed card",
            ),
            (
                not any(private[p]["hand"] or s["played"].get(p) for p in s["out"]),
                "a player out of the game holds and plays no card",
            ),
            (
                not in_round
                or all(
                    len(private[p]["hand"]) + len(private[p].get("choice", [])) + len(s["played"].get(p, []))
                    == R.HAND[n]
                    for p in inside
                ),
                f"a hand is {R.HAND[n]} cards, counting those face down and played",
            ),
            (
                (s["secret"]["police"] is None) == (phase == "hiding")
                and (len(s["secret"]["houses"]) < 6) == (phase in ("hiding", "laying")),
                f"phase {phase} does not fit the tiles laid",
            ),
            (
                (s["round"] == 0) == (phase in SETUP) and (pair == 1 or n == 2),
                "round 0 is the set-up; a second pair needs two players",
            ),
            (
                phase != "choosing"
                or (not s["played"] and pair == 1 and all(len(private[p]["choice"]) == R.PER_ROUND[n] for p in sealed)),
                "while choosing nothing is face up and each sealed choice is whole",
            ),
            (
                phase != "shadowing"
                or bool(
                    shadow
                    and shadow["detective"] is None
                    and s["played"] == {shadow["by"]: [R.SHADOWING]}
                    and sealed == [p for p in inside if p != shadow["by"]]
                ),
                "Shadowing alone is face up, to be carried out",
            ),
            (
                not turned
                or (
                    all(len(s["played"].get(p, [])) == pair for p in inside)
                    and sealed == (inside if n == 2 and pair == 1 else [])
                ),
                "every player still in has turned over the card(s) of this pair, "
                "and only the second pair waits face down",
            ),
            (
                all(t["player"] in inside and t["card"] in s["played"].get(t["player"], []) for t in s["to_resolve"])
                and bool(s["to_resolve"]) <= (phase in CHOICE_PHASES or phase == "resolving"),
                "only cards face up this round wait to take effect",
            ),
            (
                phase not in CHOICE_PHASES or bool(s["to_resolve"] and self.card().effect == phase),
                f"phase {phase} needs its card next",
            ),
            (phase != "bar" or self.asker() is not None, "the Bar needs a detective alone on it"),
            (
                (phase == "police") == bool(s["reporting"])
                and set(s["reporting"]) <= set(s["police_line"])
                and len(set(s["reporting"])) == len(s["reporting"]),
                "only the Police phase has reporters, on the Police, each once",
            ),
        ):
            if not holds:
                raise BadRequest(why)

    # -- small readers -------------------------------------------------------------------------
    @property
    def in_game(self) -> list[str]:
        return [p for p in self.players if p not in self.s["out"]]

    def private(self, player: str) -> dict:
        return self.s["private"][player]

    def head(self) -> dict:
        return self.s["to_resolve"][0]

    def card(self) -> R.Card:
        return R.CARDS[self.head()["card"]]

    def mover(self) -> str:
        return self.head()["player"]

    def on_tile(self, tile: str) -> list[str]:
        """SD-CARD-23: detectives in the street stand on no tile."""
        return [p for p in self.in_game if self.s["positions"][p] == tile and p not in self.s["street"]]

    def alone(self, player: str) -> bool:
        return player not in self.s["street"] and self.on_tile(self.s["positions"][player]) == [player]

    def asker(self) -> str | None:
        """SD-BAR-01/02: the detective alone on the Bar, if there is one."""
        there = self.on_tile(R.BAR)
        return there[0] if len(there) == 1 else None

    def neighbours(self) -> list[str]:
        """SD-CARD-14: detectives on the tiles adjacent to the mover's, in seat order."""
        near = R.ADJACENT[self.s["positions"][self.mover()]]
        return [p for p in self.in_game if p not in self.s["street"] and self.s["positions"][p] in near]

    def neighbouring_houses(self) -> list[str]:
        """SD-CARD-16: the adjacent house tiles of a detective on a house (none from the Bar or the Police)."""
        here = self.s["positions"][self.mover()]
        return [t for t in R.ADJACENT[here] if t in R.HOUSES] if here in R.HOUSES else []

    def right_of(self, player: str) -> str:
        """SD-NXT-04: the nearest player still in the game on ``player``'s right (listed before them)."""
        inside = self.in_game
        return inside[inside.index(player) - 1]

    # -- options: who may do what now -----------------------------------------------------------
    @memo(lambda self: None)
    def options_hide(self):
        return chance({"culprit": c, "weapon": w} for c in R.CULPRITS for w in R.WEAPONS)

    def options_lay(self):
        house = R.HOUSES[len(self.s["secret"]["houses"])]  # SD-SET-04: House 1 to House 6
        return chance({"house": house, "clue": c} for c in self.s["secret"]["stack"])

    def options_deal(self):
        return chance({"card": c} for c in self.s["secret"]["undealt"])

    def options_play(self):
        moves = []
        for p in self.in_game:
            if p not in self.s["chosen"]:  # SD-CHO-03: a sealed choice is final
                hand = self.private(p)["hand"]
                moves += offer(p, ({"cards": list(c)} for c in permutations(hand, R.PER_ROUND[len(self.players)])))
        return moves

    def options_shadow(self):
        by = self.s["shadow"]["by"]
        return offer(by, ({"detective": q} for q in self.in_game if q != by))  # SD-CARD-01

    def options_move(self):
        return offer(self.mover(), ({"tiles": t} for t in R.UNEXPECTED_TILES))  # SD-CARD-10

    def options_go(self):
        here = self.s["positions"][self.mover()]
        return offer(self.mover(), ({"to": t} for t in R.RING if t != here))  # SD-CARD-12

    def options_swap_places(self):
        return offer(self.mover(), ({"with": q} for q in self.neighbours()))

    def options_swap_houses(self):
        return offer(self.mover(), ({"with": h} for h in self.neighbouring_houses()))

    def options_swap_cards(self):
        # SD-CARD-22: any two players' cards of this round, its own included, named in either order
        return offer(self.mover(), ({"of": [a, b]} for a, b in permutations(self.s["played"], 2)))

    def options_ask(self):
        asker, kind = self.asker(), self.s["bar"]
        others = [q for q in self.in_game if q != asker]
        return offer(
            asker,
            (
                {"player": q, "clues": list(c)}
                for q in others
                for k in range(1, R.ASK_AT_MOST + 1)
                for c in combinations(R.OF_KIND[kind], k)
            ),
        )

    def options_name(self):
        return offer(self.s["reporting"][0], ({"culprit": c, "weapon": w} for c in R.CULPRITS for w in R.WEAPONS))

    def options_pass(self):
        return offer(self.asker() if self.phase == "bar" else self.s["reporting"][0])  # SD-TIL-02, SD-POL-06

    # -- guards (pure) ----------------------------------------------------------------------------
    for _effect in R.EFFECTS:  # one per card effect, so each row of machine.py reads as "the next card is ..."
        locals()[f"next_is_{_effect}"] = _next_is(_effect)
    del _effect

    def last_house(self, actor, action):
        return len(self.s["secret"]["houses"]) == len(R.HOUSES) - 1

    def last_card(self, actor, action):
        return len(self.s["secret"]["undealt"]) == 1

    def last_to_choose(self, actor, action):
        return set(self.s["chosen"]) | {actor} == set(self.in_game)

    def shadowing_chosen(self, actor, action):
        firsts = [self.private(p)["choice"][0] for p in self.s["chosen"]] + [action["cards"][0]]
        return R.SHADOWING in firsts

    def cards_left(self, actor, action):
        return bool(self.s["to_resolve"])

    def detective_adjacent(self, actor, action):
        return bool(self.neighbours())

    def house_adjacent(self, actor, action):
        return bool(self.neighbouring_houses())

    def on_a_house(self, actor, action):
        return self.s["positions"][self.mover()] in R.HOUSES  # SD-CARD-18

    def alone_at_the_bar(self, actor, action):
        return self.asker() is not None

    def someone_at_the_police(self, actor, action):
        return bool(self.s["police_line"])

    def names_the_case(self, actor, action):
        return {"culprit": action["culprit"], "weapon": action["weapon"]} == self.s["secret"]["police"]

    def one_other_left(self, actor, action):
        return len(self.in_game) == 2

    def others_to_report(self, actor, action):
        return len(self.s["reporting"]) > 1

    def police_out_of_reach(self, actor, action):
        """SD-END-04: no card in play can ever bring a detective onto the Police."""
        s, inside = self.s, self.in_game
        cards = [c for p in inside for c in self.private(p)["hand"] + s["played"].get(p, [])]
        return R.POLICE not in R.reachable([s["positions"][p] for p in inside], cards)

    def second_pair_waits(self, actor, action):
        return R.PER_ROUND[len(self.players)] == 2 and self.s["pair"] == 1  # SD-TWO-03

    # -- callbacks: the set-up -----------------------------------------------------------------------
    def hide_case(self, actor, action):
        case = {"culprit": action["culprit"], "weapon": action["weapon"]}
        self.s["secret"]["police"] = case
        for clue in case.values():
            self.s["secret"]["stack"].remove(clue)
        self.emit("hidden", secret=dict(case))

    def lay_house(self, actor, action):
        secret = self.s["secret"]
        secret["houses"][action["house"]] = action["clue"]
        secret["stack"].remove(action["clue"])
        self.emit("laid", house=action["house"], secret={"clue": action["clue"]})

    def deal_card(self, actor, action):
        to = self.s["dealing_to"]
        self.s["secret"]["undealt"].remove(action["card"])
        hand = self.private(to)["hand"]
        hand.append(action["card"])
        hand.sort(key=ORDER.get)
        self.emit("dealt", to=to, private={to: {"card": action["card"]}})

    # -- callbacks: choosing and turning over --------------------------------------------------------------
    def begin_round(self, actor, action):
        s = self.s
        s.update(round=s["round"] + 1, pair=1, chosen=[], played={}, to_resolve=[], shadow=None, reporting=[])
        self.emit("round", round=s["round"])

    def seal(self, actor, action):
        mine = self.private(actor)
        for card in action["cards"]:
            mine["hand"].remove(card)
        mine["choice"] = list(action["cards"])
        self.s["chosen"] = [p for p in self.players if p in self.s["chosen"] or p == actor]
        self.emit("chose", player=actor, private={actor: {"cards": list(action["cards"])}})  # SD-CHO-02

    def _turn_over(self, player: str) -> str:
        mine = self.private(player)
        card = mine["choice"].pop(0)
        if not mine["choice"]:
            del mine["choice"]
            self.s["chosen"].remove(player)
        self.s["played"].setdefault(player, []).append(card)
        return card

    def reveal_shadowing(self, actor, action):
        by = next(p for p in self.s["chosen"] if self.private(p)["choice"][0] == R.SHADOWING)
        self._turn_over(by)
        self.s["shadow"] = {"by": by, "detective": None}
        self.emit("revealed", cards=[{"player": by, "card": R.SHADOWING}])  # SD-REV-01: alone, first
        self._into_street(by)

    def follow(self, actor, action):
        self.s["shadow"]["detective"] = action["detective"]
        self.emit("shadowed", player=actor, detective=action["detective"])
        self.emit("carried_out", player=actor, card=R.SHADOWING)

    def reveal_cards(self, actor, action):
        cards = [{"player": p, "card": self._turn_over(p)} for p in list(self.s["chosen"])]
        cards.sort(key=lambda c: R.CARDS[c["card"]].number)  # SD-REV-03: by number
        self.s["to_resolve"] = cards
        self.emit("revealed", cards=[dict(c) for c in cards])  # SD-REV-02: together, in one event

    # -- callbacks: card effects -----------------------------------------------------------------------
    def _go(self, player: str, tile: str) -> None:
        s = self.s
        here = s["positions"][player]
        if here == tile:
            return
        s["positions"][player] = tile
        if here == R.POLICE:
            s["police_line"].remove(player)
        if tile == R.POLICE:
            s["police_line"].append(player)  # SD-POL-02: in the order the cards bring them
        self.emit("moved", player=player, **{"from": here, "to": tile})

    def _into_street(self, player: str) -> None:
        s = self.s
        s["street"].append(player)
        if s["positions"][player] == R.POLICE:
            s["police_line"].remove(player)  # off the tile, out of the line
        self.emit("into_street", player=player, facing=s["positions"][player])

    def _done(self) -> None:
        self.emit("carried_out", **self.s["to_resolve"].pop(0))

    def _walk(self, tiles: int) -> None:
        p = self.mover()
        self._go(p, R.clockwise(self.s["positions"][p], tiles))
        self._done()

    def walk_printed(self, actor, action):
        self._walk(self.card().tiles)  # SD-CARD-04/05

    def walk_back(self, actor, action):
        self._walk(-1)  # SD-CARD-06

    def walk_chosen(self, actor, action):
        self._walk(action["tiles"])  # SD-CARD-09/10

    def cross_the_street(self, actor, action):
        p = self.mover()
        self._go(p, R.OPPOSITE[self.s["positions"][p]])  # SD-CARD-07
        self._done()

    def go_to_the_bar(self, actor, action):
        self._go(self.mover(), R.BAR)  # SD-CARD-08
        self._done()

    def drive(self, actor, action):
        self._go(actor, action["to"])  # SD-CARD-11/12
        self._done()

    def change_places(self, actor, action):
        other, positions = action["with"], self.s["positions"]
        mine, theirs = positions[actor], positions[other]
        self._go(actor, theirs)
        self._go(other, mine)
        self.emit("swapped_places", player=actor, **{"with": other})  # SD-CARD-13
        self._done()

    def _swap_houses(self, a: str, b: str) -> None:
        houses = self.s["secret"]["houses"]
        houses[a], houses[b] = houses[b], houses[a]  # SD-CARD-15/17: the tiles move, the detectives stay
        self.emit("swapped_houses", player=self.mover(), houses=[a, b])
        self._done()

    def swap_with_neighbour(self, actor, action):
        self._swap_houses(self.s["positions"][actor], action["with"])

    def swap_across(self, actor, action):
        here = self.s["positions"][self.mover()]
        self._swap_houses(here, R.OPPOSITE[here])

    def survey(self, actor, action):
        p = self.mover()
        self._into_street(p)
        for tile in R.ADJACENT[self.s["positions"][p]]:
            if tile in R.HOUSES and not self.on_tile(tile):  # SD-CARD-19/20: now, houses without a detective
                self._look(p, tile, "survey")
        self._done()

    def swap_played_cards(self, actor, action):
        a, b = action["of"]
        played = self.s["played"]
        played[a][-1], played[b][-1] = played[b][-1], played[a][-1]  # SD-CARD-21/22: who receives what
        self.emit("swapped_cards", player=actor, of=[a, b])
        self._done()

    def do_nothing(self, actor, action):
        self.emit("no_effect", **self.head())  # SD-CARD-14/16/18
        self._done()

    # -- callbacks: tile effects ---------------------------------------------------------------------------
    def _look(self, player: str, house: str, via: str) -> None:
        clue = self.s["secret"]["houses"][house]
        seen = self.private(player)["seen"]
        if clue not in seen:
            seen.append(clue)  # SD-BAR-04: tied to the clue, not to the place
        self.emit("looked", player=player, house=house, via=via, private={player: {"clue": clue}})

    def look_at_houses(self, actor, action):
        positions = self.s["positions"]
        for p in self.in_game:  # SD-HOU-01/02
            if positions[p] in R.HOUSES and self.alone(p):
                self._look(p, positions[p], "house")
        shadow = self.s["shadow"]  # SD-CARD-02/03
        if (
            shadow
            and shadow["detective"] in positions
            and self.alone(shadow["detective"])
            and positions[shadow["detective"]] in R.HOUSES
        ):
            self._look(shadow["by"], positions[shadow["detective"]], "shadowing")

    def ask_question(self, actor, action):
        asked, clues = action["player"], list(action["clues"])
        answer = "yes" if set(clues) <= set(self.private(asked)["seen"]) else "no"  # SD-BAR-03/07
        record = {"asker": actor, "asked": asked, "clues": clues, "answer": answer}
        for p in (actor, asked):
            self.private(p)["questions"].append(
                dict(record, clues=list(clues))
            )  # two records, two lists (issue 27, F10)
        self.emit(
            "asked",
            asker=actor,
            asked=asked,
            private={p: {"clues": list(clues), "answer": answer} for p in (actor, asked)},
        )

    def turn_the_bar(self, actor, action):
        self.s["bar"] = R.BAR_SIDES[1 - R.BAR_SIDES.index(self.s["bar"])]  # SD-BAR-06
        self.emit("bar_turned", side=self.s["bar"])

    def keep_the_bar(self, actor, action):
        self.emit("passed", player=actor, at=R.BAR)

    def line_up(self, actor, action):
        self.s["reporting"] = list(self.s["police_line"])  # SD-POL-01: first come, first to report

    def report(self, actor, action):
        right = self.names_the_case(actor, action)
        self.private(actor)["report"] = {"culprit": action["culprit"], "weapon": action["weapon"], "right": right}
        self.emit(
            "reported",
            player=actor,
            right=right,
            private={actor: {"culprit": action["culprit"], "weapon": action["weapon"]}},
        )  # SD-POL-05

    def solve(self, actor, action):
        case = dict(self.s["secret"]["police"])
        self.s["outcome"] = {"result": "solved", "winner": actor, "case": case}
        self.s["reporting"] = []
        self.emit("solved", player=actor, **case)

    def eliminate(self, actor, action):
        s, mine = self.s, self.private(actor)
        hand = mine["hand"] + mine.pop("choice", [])
        played = s["played"].pop(actor, [])
        s["out"].append(actor)
        s["out_of_game"] += played  # SD-POL-03: the played card leaves face up
        s["secret"]["removed"] += hand  # SD-POL-07: the hand leaves face down
        mine["hand"] = []
        if actor in s["chosen"]:
            s["chosen"].remove(actor)
        del s["positions"][actor]
        s["police_line"].remove(actor)
        s["reporting"].remove(actor)
        self.emit("out", player=actor, played=played, hand=len(hand), secret={"hand": hand})

    def last_one_wins(self, actor, action):
        winner = self.in_game[0]
        self.s["outcome"] = {"result": "last_detective", "winner": winner, "case": None}
        self.s["reporting"] = []
        self.emit("last_left", player=winner)  # SD-END-02

    def declare_stalemate(self, actor, action):
        case = dict(self.s["secret"]["police"])
        self.s["outcome"] = {"result": "stalemate", "winner": None, "case": case}
        self.emit("stalemate", **case)  # SD-END-04: nobody wins; the case is shown

    def wait(self, actor, action):
        self.s["reporting"].pop(0)  # SD-POL-06: stays in the line for a later round
        self.emit("passed", player=actor, at=R.POLICE)

    # -- callbacks: the next round ------------------------------------------------------------------------
    def step_back(self, actor, action):
        s = self.s
        back, s["street"] = s["street"], []
        for p in back:
            if s["positions"][p] == R.POLICE:
                s["police_line"].append(p)  # back on the Police: it arrives again
        if back:
            self.emit("stepped_back", players=back)  # SD-NXT-02
        s["shadow"] = None

    def begin_second_pair(self, actor, action):
        self.s["pair"] = 2  # SD-TWO-03

    def pass_cards(self, actor, action):
        s = self.s
        passes = [
            {"from": self.right_of(p), "to": p, "cards": list(s["played"].get(self.right_of(p), []))}
            for p in self.in_game
        ]
        for move in passes:  # SD-NXT-01/04, SD-TWO-04
            hand = self.private(move["to"])["hand"]
            hand += move["cards"]
            hand.sort(key=ORDER.get)
        s["played"], s["passed"] = {}, passes
        self.emit("cards_passed", passes=[dict(move) for move in passes])
