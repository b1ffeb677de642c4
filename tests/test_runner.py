"""The random-play runner on two toy games written on the kit: sealed simultaneous choices, and a timer.

Sealed: both players pick a card (low, mid, high) at once; a pick is held in the picker's
private slot (the public sees only *that* they picked) and both are revealed
together by an automatic row.  Timer: the player may answer, or the clock
ends the timer (actor ``clock``, no probability).  The runner must handle
several actors in to_act and the clock, and catch a leak (a toy that shows the
sealed pick in public is caught).
"""

from __future__ import annotations

import pytest

from casebook.protocol import CLOCK
from casebook.properties.random_play import Laws, random_sim_test
from statemachines.kit import AUTO, Engine, Game, GameInfo, offer
from statemachines.reference import ReferenceImplementation
from statemachines.schemas import Enum, MapOf, Maybe


RANK = {"low": 1, "mid": 2, "high": 3}


class Sealed(Game):
    info = GameInfo(id="sealed", title="Sealed", rulebook="", players=(2, 2), default_players=("A", "B"))
    names = {"player": (None, "any two names"), "card": (("low", "mid", "high"), "what a player may pick")}
    phases = [
        {"name": "choosing", "actor": "players", "summary": "both pick at once"},
        {"name": "A", "final": True},
        {"name": "B", "final": True},
        {"name": "tie", "final": True},
    ]
    transitions = [
        {"trigger": "pick", "source": "choosing", "dest": None, "before": "seal"},
        {
            "trigger": AUTO,
            "source": "choosing",
            "dest": "A",
            "conditions": ["all_picked", "a_is_higher"],
            "before": "reveal",
        },
        {
            "trigger": AUTO,
            "source": "choosing",
            "dest": "B",
            "conditions": ["all_picked", "b_is_higher"],
            "before": "reveal",
        },
        {"trigger": AUTO, "source": "choosing", "dest": "tie", "conditions": "all_picked", "before": "reveal"},
    ]
    actions = {"pick": ("a sealed pick", {"card": "card"})}
    events = {
        "picked": ("someone picked (not what)", {"player": "player"}),
        "revealed": ("both picks", {"picks": MapOf("player", "card")}),
    }
    state_fields = {
        "chosen": ["player"],
        "revealed": Maybe(MapOf("player", "card")),
        "outcome": Maybe({"result": Enum("A", "B", "tie"), "winners": ["player"]}),
        "private": MapOf("player", {"card": "card"}),
    }

    def setup(self):
        self.s.update(chosen=[], revealed=None, outcome=None, private={})

    def options_pick(self):
        return [m for p in self.players if p not in self.s["chosen"] for m in offer(p, ({"card": c} for c in RANK))]

    def seal(self, actor, action):
        self.s["chosen"].append(actor)
        self.s["private"][actor] = {"card": action["card"]}
        self.emit("picked", player=actor)

    def all_picked(self, actor, action):
        return len(self.s["chosen"]) == 2

    def a_is_higher(self, actor, action):
        return RANK[self.s["private"]["A"]["card"]] > RANK[self.s["private"]["B"]["card"]]

    def b_is_higher(self, actor, action):
        return RANK[self.s["private"]["B"]["card"]] > RANK[self.s["private"]["A"]["card"]]

    def reveal(self, actor, action):
        picks = {p: self.s["private"][p]["card"] for p in self.players}
        self.s["revealed"] = picks
        winner = max(picks, key=lambda p: RANK[picks[p]]) if len(set(picks.values())) == 2 else None
        self.s["outcome"] = {"result": winner or "tie", "winners": [winner] if winner else []}
        self.emit("revealed", picks=picks)


class Leaky(Sealed):
    """Announces the pick in public: the runner must catch it."""

    transitions = Sealed.transitions

    def seal(self, actor, action):
        super().seal(actor, action)
        self._events[-1]["card"] = action["card"]


class Timed(Game):
    info = GameInfo(id="timed", title="Timed", rulebook="", players=(1, 1), default_players=("A",))
    names = {"player": (None, "one name")}
    phases = [
        {"name": "asking", "actor": "player", "summary": "answer before the timer ends"},
        {"name": "answered", "final": True},
        {"name": "timed_out", "final": True},
    ]
    transitions = [
        {"trigger": "answer", "source": "asking", "dest": "answered", "before": "finish"},
        {"trigger": "expire", "source": "asking", "dest": "timed_out", "before": "finish"},
    ]
    actions = {
        "answer": ("the player answers", {"answer": Enum("yes", "no")}),
        "expire": ("the timer ends", {"timer": Enum("answer")}),
    }
    events = {"over": ("the question is settled", {"by": str})}
    state_fields = {
        "current": "player",
        "outcome": Maybe({"result": Enum("answered", "timed_out"), "winners": ["player"]}),
    }

    def setup(self):
        self.s.update(current=self.players[0], outcome=None)

    def options_answer(self):
        return offer(self.current, [{"answer": "yes"}, {"answer": "no"}])

    def options_expire(self):
        return offer(CLOCK, [{"timer": "answer"}])  # the clock is an actor like any other; engines never read time

    def finish(self, actor, action):
        self.s["outcome"] = {"result": "answered" if action["type"] == "answer" else "timed_out", "winners": []}
        self.emit("over", by=actor)


@pytest.mark.parametrize("game", [Sealed, Timed])
def test_the_runner_plays_sealed_choices_and_the_clock(game):
    impl = ReferenceImplementation(engines={game.info.id: Engine(game)})
    finals = {
        random_sim_test(impl, Laws(game.info.id, lambda seed: {}, schema=game.schema()), seed)["phase"]
        for seed in range(40)
    }
    assert finals == {p["name"] for p in game.phases if p.get("final")}, finals  # every ending is reached


def test_the_runner_catches_a_sealed_choice_shown_in_public():
    impl = ReferenceImplementation(engines={"sealed": Engine(Leaky)})
    with pytest.raises(AssertionError, match="the events show"):
        random_sim_test(impl, Laws("sealed", lambda seed: {}, schema=Leaky.schema()), 1)
