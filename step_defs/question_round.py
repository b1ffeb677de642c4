"""The question round Cluedo and the heist game share (the kit's ``first_holder`` and roll-off): the same verbs and
the same facts, built from a game's case (one card of each kind) and its cards' inventory (``Components``).

    CASE = "{suspect:card}, {item:card} and {location:card}"
    deal_cards, deal = question_round.dealers({"type": "fill_case_file", ...}, ("set_aside", "deal"))   the starts
    ACTIONS = [*question_round.actions(CASE), ...]          ask about, accuse, show, end the turn, roll the dice
    CHANCE_MOVES = [*question_round.chance(("answering",)), ...]   the dice, a card dealt, every question answered
    FACTS = [*question_round.facts(CARDS, CASE, ("the case file", "case_file"), schema, ...), ...]   the secret,
                                                            hands, pawns, cards shown, who must show or accuse

A game names a case by its own kinds; the moves of a turn are counted from the schema (6 x 6 x 9 accusations and
the end of the turn), never written as a number.
"""

from __future__ import annotations

import re
from math import prod
from typing import Callable

from casebook import schemas
from casebook.protocol import CHANCE, CLOCK
from casebook.properties.privacy import strings
from casebook.protocol import redact
from step_defs.position import chance_deals, chance_move, play_first, roll_for_start
from step_defs.hidden_information import alone_knows, everybody_sees, hidden
from step_defs.phrases import Fact


def dealers(secret: dict, deals: tuple) -> tuple[Callable, Callable]:
    """A game's two dealt starts: ``deal_cards``, chance fills the secret with ``secret`` (asked: only if the engine
    lists it), then deals every card as it lists it first (moves of ``deals``); ``deal``, then the roll-off for the
    first turn, won by the first seat (a double six, then five and six for everybody else).  Their names name the
    starts in positions.json."""

    def deal_cards(table) -> None:
        chance_move(table, secret)
        chance_deals(table, deals)

    def deal(table) -> None:
        deal_cards(table)
        roll_for_start(table, [6, 6], [5, 6])

    deal_cards.__qualname__, deal.__qualname__ = "deal_cards", "deal"
    return deal_cards, deal


def actions(case: str, accused: str | None = None) -> list[tuple]:
    """The verbs of a turn; ``case`` names one card of each kind with typed fields (``accused``: as an accusation
    may)."""

    def roll(a, b) -> list:
        """Roll the dice, and chance's roll of ``a`` and ``b``."""
        return [{"type": "roll_dice"}, (CHANCE, {"type": "roll", "dice": [a, b]})]

    return [
        (f"ask about {case}", "question"),
        (f"accuse {accused or case}", "accuse"),
        ("show {card:card}", "show"),
        ("end the turn", "end_turn"),
        ("roll the dice", "roll_dice"),
        ("roll {a:face} and {b:face}", roll),
    ]


def chance(answering: tuple) -> list[tuple]:
    """Chance's phrases: the dice, a card dealt, and every question answered (the first listed move while the table
    is in one of the ``answering`` phases)."""

    def every_question_answered(table) -> None:
        play_first(table, answering)

    return [
        ("the dice show {a:face} and {b:face}", lambda a, b: {"type": "roll", "dice": [a, b]}),
        ("{card:card} is dealt", "deal"),
        ("every question is answered", lambda: every_question_answered),
    ]


def not_asked(st, player: str, kinds: tuple) -> bool:
    """Since the scenario's last question (the last event naming a card of each of ``kinds``), no event names
    ``player`` in public and ``player`` is not to act: the question stopped before them (issue 50 item 3)."""
    log = st.table.log
    asked = [i for i, e in enumerate(log) if set(kinds) <= set(e)]
    after = [redact(e, None) for e in log[asked[-1] + 1 :]] if asked else []
    return bool(asked) and player not in strings(after) and player not in st.legal["to_act"]


def must(st, player: str, kinds: set, aside: tuple = ()) -> list:
    """The moves of ``player``, who alone acts (the clock aside), if they are all of ``kinds`` (moves of a type in
    ``aside`` passed over: a switch open at any time); else []."""
    moves = [a for a in st.table.moves_of(player) if a["type"] not in aside]
    alone = set(st.legal["to_act"]) - {CLOCK} == {player}
    return moves if alone and {a["type"] for a in moves} <= kinds else []


def must_show(st, player: str, cards: list, aside: tuple = ()) -> bool:
    """``player`` alone acts, and may only show, any one of ``cards``."""
    moves = must(st, player, {"show"}, aside)
    return bool(moves) and sorted(a["card"] for a in moves) == sorted(cards)


def facts(
    components,
    case: str,
    secret: tuple[str, str],
    schema: dict,
    turn: dict,
    aside: tuple = (),
    *,
    entered: Callable[[str], str],
    seen: str,
    looked: str,
    showed: Callable[..., None] = lambda *_: None,
) -> list[Fact]:
    """The secret's cards (``secret``: its words and its key under the state's ``secret``: "the hideout", "hideout"),
    hands (``components``: the cards' inventory), pawns, whose turn it is (``turn``: the state's ``turn`` as a turn
    begins; ``entered(place)``: the phase a pawn that has just entered ``place`` is in), the cards shown (``seen``: the
    key of a player's own list of them, ``{"card", "by"}`` each; ``showed(state, by, player, card)``: what else the
    game keeps of a card shown), who must show or accuse, and who was not asked, and who alone has looked at the
    secret (``looked``: the verb, "looked into", "seen"); ``case`` names one card of each kind,
    its fields the kinds."""
    kinds = tuple(re.findall(r"\{(\w+):", case))
    words, key = secret

    def secret_holds(st, pins, **cards) -> None:
        for k in kinds:
            components.put(st, cards[k], ("secret", key, k), pins)

    def holds_none_of(st, player, cards, pins) -> None:
        components.hold(st, player, cards, pins, none=True)

    def give(st, player, cards, pins) -> None:
        components.hold(st, player, cards, pins)

    def holds(st, player, cards) -> bool:
        return set(cards) <= set(st.view(player)["private"][player]["hand"])

    def begin_turn(st, player) -> None:
        st.update(phase="starting_turn", current=player, turn=dict(turn))

    def turn_of(st, player) -> bool:
        turn_begins = (st["phase"], st["current"]) == ("starting_turn", player)
        return turn_begins and set(st.legal["to_act"]) - {CLOCK} == {player}

    def alone_knows_the_secret(st, player) -> bool:
        return alone_knows(st, player, components.lying_at(st, f"secret.{key}"))

    def has_seen(st, player, card) -> bool:
        return card in [x["card"] for x in st.view(player)["private"][player][seen]]

    def has_entered(st, player, place) -> None:
        st["positions"][player] = place
        st.update(phase=entered(place), current=player, turn=dict(turn))

    def has_shown(st, by, player, card, pins) -> None:
        components.hold(st, by, [card], pins)
        st["private"][player][seen].append({"card": card, "by": by})
        showed(st, by, player, card)

    def must_accuse_or_end(st, player) -> bool:  # any accusation (one card of each kind), or the end of the turn
        moves = must(st, player, {"accuse", "end_turn"}, aside)
        return {a["type"] for a in moves} == {"accuse", "end_turn"} and len(moves) == prod(
            len(schemas.names(schema, k)) for k in kinds
        ) + 1

    return [
        Fact(f"{words} holds {case}", put=secret_holds),
        Fact(f"everybody sees {words}: {case}", check=lambda st, **cards: everybody_sees(st, key, cards)),
        Fact(f"no view shows {words}", check=lambda st: hidden(st, components.lying_at(st, f"secret.{key}"))),
        Fact(f"nobody but {{player:player}} has {looked} {words}", check=alone_knows_the_secret),
        Fact("{player:player} holds none of {cards:card+}", put=holds_none_of),
        Fact("{player:player} holds {cards:card+}", put=give, check=holds),
        Fact(
            "{player:player} stands [in|on] {space:space}",
            put=lambda st, player, space: st["positions"].__setitem__(player, space),
            check=lambda st, player, space: st["positions"][player] == space,
        ),
        Fact("it is {player:player}'s turn", put=begin_turn, check=turn_of),
        Fact("{player:player} has just entered {place:space}", put=has_entered),
        Fact("{by:player} has shown {player:player} {card:card}", put=has_shown),
        Fact("{player:player} has seen {card:card}", check=has_seen, denied="{player:player} has not seen {card:card}"),
        Fact("{player:player} must show a card", check=lambda st, player: bool(must(st, player, {"show"}, aside))),
        Fact(
            "{player:player} must show one of {cards:card+}",
            check=lambda st, player, cards: must_show(st, player, cards, aside),
        ),
        Fact("{player:player} must accuse or end the turn", check=must_accuse_or_end),
        Fact("{player:player} is not asked", check=lambda st, player: not_asked(st, player, kinds)),
        Fact("the game goes on", check=lambda st: bool(st.legal["to_act"])),
    ]
