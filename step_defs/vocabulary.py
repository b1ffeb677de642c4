"""The generic steps every game installs on its phrases, and ready-made rows for a game's tables.

The phrases (``Types``, ``Fact``, typed fields ``{name:type}``) are step_defs/phrases.py's.  A game's step module
declares three small tables and installs them::

    TYPES = Types(schema, article="the ")                 # {place:place} matches the schema's names
    ACTIONS = [("move to {to:space}", "move"), ...]       # action phrases, base form
    CHANCE = [("the dice show {a:face} and {b:face}", lambda a, b: {"type": "roll", "dice": [a, b]})]
    FACTS = [Fact("{player:player} stands on {place:space}", check=..., put=...)]
    install(TYPES, ACTIONS, CHANCE, FACTS)

``install`` registers, in the calling module (so only that game's scenarios
see them), the generic steps:

    Given <start>                     open the table: ``starts({"a game of {players:player+}": deal}, options)``
                                      (``deal = played("until_playing", "seeding")``: chance's first moves)
    When <room> is requested for ...  a new table, or its refusal:
    ``requests(r"a (?P<kind>\\w+) room is requested ...", options)``
    Given <fact>                      edit the position (loaded once, when a When or Then needs it)
    Then <fact>                       check it on the canonical state
    When <player> <action, 3rd person>   must be accepted     ("Peter moves to X")
    When <player> tries to <action>      may be refused       ("Peter tries to move to X"; "the clock tries to ...")
    When <chance phrase>                 a chance move        ("the dice show 2 and 3"), or a routine
    An action phrase may build a list of moves: ``(actor, action)`` for another actor's (chance's roll).
    Then <player> may|cannot <action>    a listed move of that player has (not) these fields
    When <actor> tries to send <JSON>    a raw request
    When a copy of the game in which <fact> is loaded    one Given more, then the load: its typed refusal

``install(..., after=restore)``: after every Given, ``restore(state)`` makes the fields that follow from others
agree again (the heist game's notes follow the hands and the cards seen).

A Given's ``put`` that names a ``pins`` parameter gets the scenario's pins: the components Givens placed, which
later Givens do not move away (step_defs/components.py puts a component where a Given says, from the schema's
inventory; step_defs/position.py keeps the position and deals the starts).

Rows for a game's tables: ``starts`` (the Givens that open the table, ``then=`` edits the start), ``played`` (a
set-up routine: chance's first moves), ``shared(...)`` (facts on the kit's common keys); ``ways(st, player, kind,
field)`` counts a player's listed moves of a kind and the values they name (for checks); ``requests`` registers one
step more: a new table asked for in the game's own words.
"""

from __future__ import annotations

import functools
import inspect
import re
from typing import Callable

from pytest_bdd import given, then, when

from casebook.protocol import CHANCE, CLOCK, canonical
from step_defs.hidden_information import alone_knows
from step_defs.phrases import Fact, Parser, Phrase, Types, phrases, third_person
from step_defs.position import Seen, acted, play_first, refusal


def _actor_steps(types: Types, table: list[Phrase], lead: str, **extra) -> list:
    """``<player> <lead><phrase>``: the arguments are the actor, the action the phrase builds, and ``extra``.  "the
    clock" is the protocol's actor that ends timers."""
    player, convert = types.field("actor", "player")

    def arguments(m: re.Match) -> dict | None:
        for phrase in table:
            action = phrase.match(m["rest"])
            if action is not None:
                return {"actor": CLOCK if m["who"] == "the clock" else convert(m["actor"]), "action": action, **extra}
        return None

    return [(re.compile(f"(?P<who>the clock|{player}) {re.escape(lead)}(?P<rest>.+)"), arguments)]


def _fact_arguments(fact: Fact, converters: dict) -> Callable[[re.Match], dict]:
    """A fact step's arguments from its match: the fact, and its fields converted."""

    def arguments(m: re.Match) -> dict:
        return {"fact": fact, "args": {k: converters[k](v) for k, v in m.groupdict().items() if v is not None}}

    return arguments


def _chance_arguments(phrase: Phrase) -> Callable[[re.Match], dict]:
    """A chance phrase's step arguments: chance acts, with the action (or routine) the phrase builds."""

    def arguments(m: re.Match) -> dict:
        return {"actor": CHANCE, "action": phrase.match(m.string), "trying": False}

    return arguments


def _fact_steps(types: Types, facts: list[Fact], need: str) -> list:
    out = []
    for fact in facts:
        if getattr(fact, need) is None and (need != "put" or fact.start is None):
            continue
        regex, converters = types.compile(fact.pattern)
        out.append((regex, _fact_arguments(fact, converters)))
    return out


def rolled_next_for(st: Seen, player: str) -> bool:
    """The roll-off goes on, ``player`` is the next to roll, and chance rolls."""
    return st["phase"] == "rolling_for_start" and st["start_waiting"][:1] == [player] and st.legal["to_act"] == [CHANCE]


# Facts on the kit's common keys (``dealing_to`` in a view, the roll-off's ``start_waiting``, ``outcome``), for the
# games whose rulebooks speak of them: a game adds ``shared("deal", ...)`` to its facts.
SHARED = {
    "deal": Fact(
        "the next card is dealt to {player:player}", check=lambda st, player: st.view(None)["dealing_to"] == player
    ),
    "roll-off": Fact("the dice are rolled next for {player:player}", check=rolled_next_for),
    "solved": Fact(
        "{player:player} has won the game",
        check=lambda st, player: (st["phase"], winners(st)) == ("solved", [player]),
        shows=lambda st, **_: ending(st),
    ),
    "unsolved": Fact(
        "the case remains unsolved",
        check=lambda st: (st["phase"], winners(st)) == ("unsolved", []),
        shows=lambda st, **_: ending(st),
    ),
    # the moment a card is dealt or looked at: told to its receiver, and to nobody else under any key (issue 50)
    "secret": Fact(
        "nobody but {player:player} knows {cards:card+}", check=lambda st, player, cards: alone_knows(st, player, cards)
    ),
}


def winners(st: Seen) -> list | None:
    """The winners of an ended game; None while it goes on (no outcome yet)."""
    return (st.view(None).get("outcome") or {}).get("winners")


def ending(st: Seen) -> str:
    """How the game stands, said against a sentence about its end (issue 44 item 6: never "lacks a field")."""
    outcome = st.view(None).get("outcome")
    if not outcome:
        return f"the game did not end: phase {st.get('phase')}"
    won = ", ".join(map(str, outcome.get("winners") or [])) or "nobody"
    return f"the game ended (phase {st.get('phase')}, result {outcome.get('result')}), won by {won}"


LISTED = 6  # the moves a failed "must …" names: enough to see the extra ones, not the whole list


def listed(seen: Seen) -> str:
    """What the engine lists now, in moves: the extra or missing ones a "must …" sentence did not expect."""
    moves = seen.legal["moves"]
    named = ", ".join(f"{m['actor']} {canonical(m['action'])}" for m in moves[:LISTED])
    more = f" and {len(moves) - LISTED} more" if len(moves) > LISTED else ""
    return f"the engine lists {named}{more}" if moves else "the engine lists no move"


def where(key: str, words: str) -> Callable[..., str]:
    """A ``shows`` for a sentence about where components stand (``where("tokens", "the tokens")``): where they do."""

    def shows(st: Seen, **_) -> str:
        placed = st.view(None).get(key) or {}
        return f"{words} stand: " + ", ".join(f"{k} in {v or 'no place'}" for k, v in sorted(placed.items()))

    return shows


def placed(key: str) -> tuple[Callable[..., None], Callable[..., bool]]:
    """The put and the check of a sentence that components stand in a place ("the markers of A and B stand in X"),
    for components whose places the state keeps under ``key`` (``{name: place or None}``; Cluedo's markers, the heist
    game's tokens): the pattern's fields are ``names`` and ``place``."""

    def put_in_place(st: dict, names: list, place: str) -> None:
        st[key].update(dict.fromkeys(names, place))

    def stand_in_place(st: Seen, names: list, place: str) -> bool:
        return all(st.view(None)[key][n] == place for n in names)

    return put_in_place, stand_in_place


def starts(
    deals: dict[str, Callable | None], options: Callable[..., dict], then: Callable[..., None] | None = None
) -> list[Fact]:
    """Facts that open the scenario's table ("Given a game of Red and Blue"): ``{pattern: the chance routine that sets
    it up}`` (None: a new table, as ``new`` left it; a routine's name names its start in positions.json), the options
    built by ``options`` from the pattern's fields; ``then(state, **fields)``, if given, edits the start (P.I.'s "in
    round 3": the rounds before it played)."""

    def start(position, deal, **fields):
        position.start(options(**fields), deal)
        if then:
            position.edit(lambda state: then(state, **fields))

    return [
        Fact(pattern, start=lambda position, deal=deal, **fields: start(position, deal, **fields))
        for pattern, deal in deals.items()
    ]


def played(name: str, *phases: str) -> Callable:
    """A set-up routine for ``starts``: while the table is in one of ``phases``, the first move it lists; ``name``
    names the start in positions.json."""

    def routine(table) -> None:
        play_first(table, phases)

    routine.__qualname__ = name
    return routine


def requests(pattern: str, options: Callable[..., dict]) -> None:
    """``When <pattern>`` (a regex: "a (?P<kind>\\w+) room is requested for (?P<seats>.+)"), for a game whose rooms or
    variants have words of their own: a new table with ``options(**groups)``, the scenario's table from then on; the
    typed refusal it gets, or None."""
    regex = re.compile(pattern)

    @when(Parser("a request", [(regex, lambda m: {"fields": m.groupdict()})]), target_fixture="refusal", stacklevel=2)
    def requested(position, fields):
        return refusal(lambda: position.new(options(**fields)))


def ways(st: Seen, player: str, kind: str, field: str) -> tuple[int, set]:
    """How many moves of ``kind`` the engine lists for ``player``, and the values of ``field`` they name."""
    moves = [a for a in st.table.moves_of(player) if a["type"] == kind]
    return len(moves), {a[field] for a in moves}


def standing(seen: Seen) -> str:
    """Where the game stands, in the rulebook's terms: whether it goes on, in which phase, and who is to act."""
    to_act, phase = seen.legal["to_act"], seen.get("phase")
    if not to_act:
        return f"the game is over (phase {phase})"
    return f"the game goes on (phase {phase}), {' and '.join(map(str, to_act))} to act"


def lacking(missing: Exception) -> str:
    """What a check read and did not find, said without Python's words for it."""
    if isinstance(missing, KeyError) and missing.args:
        return f"the field {missing.args[0]}"
    return "a field this sentence reads (or it is empty where a value should be)"


def negation(check: Callable[..., bool]) -> Callable[..., bool]:
    """The check of a denied sentence ("X is not out"): ``check`` negated, and named after it (``checked_by``)."""

    def negated(*args, **fields) -> bool:
        return not check(*args, **fields)

    negated.negates = check
    return negated


def checked_by(check: Callable) -> str:
    """Where the meaning of a Then's sentence is written, for its failure: `` (checked by
    step_defs.cluedo_drei.each_player_holds)``, ``not ...`` for a denied sentence; nothing for a lambda, which has no
    name to find (a lambda is kept only for a short expression: tests/test_step_conventions.py)."""
    named = getattr(check, "negates", check)
    name = getattr(named, "__name__", "<lambda>")
    if name == "<lambda>":
        return ""
    return f" (checked by {'not ' if named is not check else ''}{named.__module__}.{name})"


def judge(fact: Fact, seen: Seen, args: dict) -> None:
    """A Then: ``fact`` holds on ``seen`` with the step's fields ``args``, or an AssertionError that says, in the
    rulebook's words, what is so instead, where the game stands, and which function checked the sentence."""
    try:
        holds = fact.check(seen, **args)
    except (KeyError, IndexError, TypeError, AttributeError) as missing:  # an answer without what the sentence reads
        raise AssertionError(
            f"not so: {standing(seen)}; its answer lacks {lacking(missing)}{checked_by(fact.check)}"
        ) from missing
    if not holds:  # raised, not asserted: pytest would add the check's Python (a <lambda>, the state dumped)
        instead = f"{fact.shows(seen, **args)}; " if fact.shows else ""
        if not fact.shows and " must " in f" {fact.pattern} ":  # what the engine offers beside what it must
            instead = f"{listed(seen)}; "
        raise AssertionError(f"not so: {instead}{standing(seen)}{checked_by(fact.check)}")


@functools.cache  # a put's parameters never change: read once, not at every Given
def wants_pins(put: Callable) -> bool:
    return "pins" in inspect.signature(put).parameters


def shared(*names: str) -> list[Fact]:
    return [SHARED[name] for name in names]


def install(
    types: Types,
    actions: list[tuple],
    chance: list[tuple],
    facts: list[Fact],
    after: Callable[[dict], None] | None = None,
) -> None:
    """Register the generic steps of the module doc in the calling module; ``after(state)`` runs after every Given's
    edit: it restores the fields that follow from others (the kit's ``derive()``, on the step side)."""
    facts = facts + [Fact(f.denied, check=negation(f.check)) for f in facts if f.denied]
    if facts:
        givens = _fact_steps(types, facts, "put")

        @given(Parser("a fact", givens), stacklevel=2)
        def given_fact(position, fact, args):
            if fact.start:
                return fact.start(position, **args)
            pins = {"pins": position.pins} if wants_pins(fact.put) else {}

            def given_edit(state: dict) -> None:
                fact.put(state, **args, **pins)
                if after:
                    after(state)

            position.edit(given_edit)

        # the Givens' own phrases inside the sentence (not each compiled again with it:
        # the regexes cost collection time)
        copies = [
            (
                re.compile("a copy of the game in which (?P<fact>.+) is loaded"),
                lambda m, facts=Parser("a fact", givens): facts.find(m["fact"]),
            )
        ]

        @when(Parser("a copy", copies), target_fixture="refusal", stacklevel=2)
        def copy_loaded(position, fact, args):
            """The position with one Given more (one the rules forbid): the typed refusal its load gets, or None."""
            given_fact(position, fact, args)
            return refusal(lambda: position.table)

        @then(Parser("a fact", _fact_steps(types, facts, "check")), stacklevel=2)
        def then_fact(position, fact, args):
            judge(fact, Seen(position.table, position.outcome, position), args)

    base, third = phrases(types, actions), phrases(types, actions, third_person)
    moves = _actor_steps(types, third, "", trying=False) + _actor_steps(types, base, "tries to ", trying=True)
    moves += [(p.regex, _chance_arguments(p)) for p in phrases(types, chance)]
    # (a chance phrase may also build a routine: a function of the table that plays chance's moves)

    @when(Parser("an action", moves), target_fixture="outcome", stacklevel=2)
    def act(position, actor, action, trying):
        position.began()
        if callable(action):  # a routine: chance plays out a whole stretch of the game
            action(position.table)
            return position.outcome
        for step in action if isinstance(action, list) else [action]:  # several moves, some perhaps by chance
            outcome = acted(position, *(step if isinstance(step, tuple) else (actor, step)), trying)
        return outcome

    offers = _actor_steps(types, base, "may ", offered=True)
    offers += _actor_steps(types, base, "cannot ", offered=False) + _actor_steps(types, base, "may not ", offered=False)

    @then(Parser("may or cannot", offers), stacklevel=2)
    def may(position, actor, action, offered):
        moves = position.table.legal()["moves"]
        assert moves or offered, "the game is over: that says nothing about this move"
        mine = [m["action"] for m in moves if m["actor"] == actor]
        assert any(all(m.get(k) == v for k, v in action.items()) for m in mine) == offered, (
            f"{actor} {'may not' if offered else 'may'} {canonical(action)}; the engine lists for {actor}: "
            f"{', '.join(map(canonical, mine[:8])) or 'nothing'}"
        )
