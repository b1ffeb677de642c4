"""A toy on the game kit that uses each of the kit's hooks (docs/write-a-game-engine.md points here).

Three players roll one die each for the first turn (the tied highest roll again: the kit's roll-off); the starter
asks about a card and the first player to their left holding it shows it (the kit's question round); a seat may be
played by the engine (``engine_plays``); every public event goes into a log (``public_log``), whispers excepted
(``unlogged``); ``new`` takes one name and seats a bot beside it (``normalise_options``); a die counts double its
face in the roll-off (``roll_pips``).
"""

from __future__ import annotations

from statemachines.kit import Game, GameInfo, QuestionRound, RollOff, chance, offer
from statemachines.schemas import Enum, ListOf, Maybe, MapOf, PerPlayer

CARDS = ("key", "map", "rope")
STATES = [
    {"name": "rolling_for_start", "actor": "chance", "summary": "everybody rolls one die; the highest starts"},
    {"name": "asking", "actor": "player", "summary": "the starter asks about a card"},
    {"name": "over", "final": True, "summary": "the question is answered"},
]
TRANSITIONS = [
    {
        "trigger": "roll",
        "source": "rolling_for_start",
        "dest": "asking",
        "conditions": "decides_start",
        "before": "rolled",
        "after": "starts",
    },
    {
        "trigger": "roll",
        "source": "rolling_for_start",
        "dest": "rolling_for_start",
        "before": "rolled",
        "after": "ties",
    },
    {"trigger": "ask", "source": "asking", "dest": "over", "before": "answer"},
]


class Parlour(QuestionRound, RollOff, Game):
    info = GameInfo(id="parlour", title="Parlour", rulebook="", players=(3, 3), default_players=("Ann", "Ben", "Bot"))
    names = {"player": (None, "any names"), "card": (CARDS, "the cards")}
    phases, transitions = STATES, TRANSITIONS
    actions = {
        "roll": ("chance rolls a die for the next player", {"dice": ListOf(int, 1, 1)}),
        "ask": ("the starter asks about a card", {"card": "card"}),
    }
    events = {
        "rolled": ("a roll-off roll", {"player": "player", "dice": [int]}),
        "starts": ("who starts", {"player": "player"}),
        "showed": ("a card was shown", {"by": Maybe("player"), "private": MapOf("player", {"card": "card"})}),
        "whisper": ("a word to one player, kept out of the log", {"private": MapOf("player", {"word": str})}),
    }
    state_fields = {
        "current": Maybe("player"),
        "start_waiting": ["player"],
        "start_rolls": MapOf("player", [int]),
        "log": [
            {"type": Enum("rolled", "starts", "showed"), "player?": "player", "dice?": [int], "by?": Maybe("player")}
        ],
        "private": PerPlayer({"hand": ["card"]}),
    }
    public_log, unlogged = "log", ("whisper",)

    @classmethod
    def normalise_options(cls, options):
        if isinstance(options, dict) and isinstance(options.get("players"), list) and len(options["players"]) == 2:
            options = {**options, "players": options["players"] + ["Bot"]}  # two people get the bot as third
        return super().normalise_options(options)

    def setup(self):
        hands = {p: [c] for p, c in zip(self.players, ("key", "map", "rope"))}  # a fixed deal keeps the toy short
        self.s.update(
            current=None,
            start_waiting=list(self.players),
            start_rolls={},
            log=[],
            private={p: {"hand": h} for p, h in hands.items()},
        )

    def roll_pips(self, dice):
        return 2 * sum(dice)

    def engine_plays(self, actor, moves):
        return moves[-1] if actor == "Bot" else None  # the bot always asks about the last card

    def options_roll(self):
        return chance({"dice": [d]} for d in range(1, 7))

    def options_ask(self):
        return offer(self.current, ({"card": c} for c in CARDS))

    def rolled(self, actor, action):
        self.emit("rolled", player=self.start_roll(action["dice"]), dice=action["dice"])

    def ties(self, actor, action):
        self.start_ties()

    def starts(self, actor, action):
        self.s["current"] = self.start_winner()
        self.emit("starts", player=self.current)
        self.emit("whisper", private={self.current: {"word": "you start"}})

    def answer(self, actor, action):
        passed, holder = self.first_holder({action["card"]}, lambda p: self.s["private"][p]["hand"])
        self.emit("showed", by=holder, private={actor: {"card": action["card"]}} if holder else {})
