"""One step vocabulary for every game: typed phrases from the published schema, and the generic steps built on them.

A game's step module declares three small tables and installs them::

    TYPES = Types(schema, article="the ")                 # {place:place} matches the schema's names
    ACTIONS = [("move to {to:space}", "move"), ...]       # action phrases, base form
    CHANCE = [("the dice show {a:face} and {b:face}", lambda a, b: {"type": "roll", "dice": [a, b]})]
    FACTS = [Fact("{player:player} stands on {place:space}", check=..., put=...)]
    install(TYPES, ACTIONS, CHANCE, FACTS)

``install`` registers, in the calling module (so only that game's scenarios
see them), the generic steps:

    Given <start>                     open the table: ``starts({"a game of {players:player+}": deal}, options)``
                                      (``deal = played("until_playing", "seeding")``: chance's first moves)
    When <room> is requested for ...  a new table, or its refusal: ``requests(r"a (?P<kind>\\w+) room is requested ...", options)``
    Given <fact>                      edit the position (loaded once, when a When or Then needs it)
    Then <fact>                       check it on the canonical state
    When <player> <action, 3rd person>   must be accepted     ("Peter moves to X")
    When <player> tries to <action>      may be refused       ("Peter tries to move to X"; "the clock tries to ...")
    When <chance phrase>                 a chance move        ("the dice show 2 and 3"), or a routine
    An action phrase may build a list of moves: ``(actor, action)`` for another actor's (chance's roll).
    Then <player> may|cannot <action>    a listed move of that player has (not) these fields
    When <actor> tries to send <JSON>    a raw request
    When a copy of the game in which <fact> is loaded    one Given more, then the load: its typed refusal

``ways(st, player, kind, field)`` counts a player's listed moves of a kind and the values they name.

``install(..., after=restore)``: after every Given, ``restore(state)`` makes the fields that follow from others
agree again (the heist game's notes follow the hands and the cards seen, P.I.'s open cases the cases).

A Given's ``put`` that names a ``pins`` parameter gets the scenario's pins: the components Givens placed, which
later Givens do not move away (step_defs/components.py puts a component where a Given says, from the schema's
inventory; step_defs/position.py keeps the position and deals the starts).

A phrase is literal text with typed fields ``{name:type}``: ``type`` is a
``$defs`` name of the game's schema (its enum, longest first; ``a|b``: either),
``d`` (an integer), ``w`` (a word), ``text`` (anything), ``player``; ``type+``
is a list ("A, B and C"); ``[in|on]`` is either word.  An
action phrase maps to its action type (``"move"``: the fields are the
action's) or to a function of the fields.
"""

from __future__ import annotations

import inspect
import re
from dataclasses import dataclass
from typing import Any, Callable

from pytest_bdd import given, then, when
from pytest_bdd.parsers import StepParser

from casebook.protocol import CHANCE, CLOCK, canonical
from step_defs.position import Seen, acted, play_first, refusal
from step_defs.position import RECORD, Position, _published, position_name, positions_json  # noqa: F401  (tests import them from here)


class Types:
    """Regexes and converters for typed fields, from the game's published schema."""

    def __init__(self, schema: dict, article: str = "", player: str | None = None):
        self.defs, self.article = schema["$defs"], article
        self.player = player  # a regex for free player names; None: the schema's enum
        self._compiled: dict[str, tuple] = {}  # a fact's pattern serves its Given and its Then: compiled once

    def field(self, name: str, kind: str) -> tuple[str, Callable]:
        many = kind.endswith("+")
        one, convert = self._one(kind.rstrip("+"))
        if not many:
            return f"(?P<{name}>{one})", convert
        plain = one.replace("(?:the )?", "")
        joined = f"(?:the )?(?:{plain})(?:, (?:the )?(?:{plain}))*(?: and (?:the )?(?:{plain}))?" if self.article else \
            f"(?:{plain})(?:, (?:{plain}))*(?: and (?:{plain}))?"
        return f"(?P<{name}>{joined})", lambda text: [convert(part) for part in re.split(r", | and ", text)]

    def _one(self, kind: str) -> tuple[str, Callable]:
        if kind == "d":
            return r"-?\d+", int
        if kind == "w":
            return r"\w+", str
        if kind == "text":
            return r".+?", str
        if "|" in kind:  # a union of named sets
            parts = [self._one(k) for k in kind.split("|")]
            return "|".join(f"(?:{r})" for r, _ in parts), lambda text: next(
                c(text) for (r, c) in parts if re.fullmatch(r, text))
        if kind == "player" and self.player:
            return self.player, str
        values = self.defs[kind]["enum"]
        by_text = {str(v): v for v in values}
        alternatives = "|".join(re.escape(t) for t in sorted(by_text, key=len, reverse=True))
        prefix = f"(?:{re.escape(self.article)})?" if self.article else ""

        def convert(text: str):
            if text in by_text:
                return by_text[text]
            return by_text[text[len(self.article):]]  # "the painting" is the card "painting"

        return f"{prefix}(?:{alternatives})", convert

    def compile(self, pattern: str) -> tuple[re.Pattern, dict[str, Callable]]:
        """``pattern`` with ``{name:type}`` fields as a regex (fields: named groups) and the fields' converters."""
        if pattern not in self._compiled:
            self._compiled[pattern] = self._compile(pattern)
        return self._compiled[pattern]

    def _compile(self, pattern: str) -> tuple[re.Pattern, dict[str, Callable]]:
        out, converters, pos = [], {}, 0
        for m in re.finditer(r"\{(\w+):([\w+|]+)\}|\[([^\]]+)\]", pattern):
            out.append(re.escape(pattern[pos:m.start()]))
            if m[3]:  # [in|on]: either word
                out.append("(?:" + "|".join(re.escape(a) for a in m[3].split("|")) + ")")
            else:
                regex, converters[m[1]] = self.field(m[1], m[2])
                out.append(regex)
            pos = m.end()
        out.append(re.escape(pattern[pos:]))
        return re.compile("".join(out)), converters


def third_person(phrase: str) -> str:
    """'move to X' -> 'moves to X', 'carry out' -> 'carries out': the verb is the first word."""
    verb, _, rest = phrase.partition(" ")
    if re.search(r"[^aeiou]y$", verb):
        verb = verb[:-1] + "ies"
    elif re.search(r"(s|sh|ch|x|o)$", verb):
        verb += "es"
    else:
        verb += "s"
    return f"{verb} {rest}" if rest else verb


@dataclass
class Phrase:
    regex: re.Pattern
    converters: dict[str, Callable]
    build: Callable[..., Any]

    def match(self, text: str) -> dict | None:
        m = self.regex.fullmatch(text)
        if m is None:
            return None
        return self.build(**{k: self.converters[k](v) for k, v in m.groupdict().items() if v is not None})


def phrases(types: Types, table: list[tuple], form: Callable[[str], str] = lambda p: p) -> list[Phrase]:
    out = []
    for pattern, build in table:
        if isinstance(build, str):
            kind = build
            build = lambda _kind=kind, **fields: {"type": _kind, **fields}  # noqa: E731
        out.append(Phrase(*types.compile(form(pattern)), build))
    return out


@dataclass
class Fact:
    """A sentence about a position: ``put`` makes it so (Given), ``check`` tells whether it is so (Then);
    ``start(position, **fields)`` sets a position up from nothing (Given a game of ...); ``denied`` is the
    sentence saying it is not so (Then, the check negated); ``shows(seen, **fields)`` says what is so instead, in the
    rulebook's words, when the check fails (else the failure says where the game stands)."""

    pattern: str
    check: Callable[..., bool] | None = None
    put: Callable[..., None] | None = None
    start: Callable[..., None] | None = None
    denied: str | None = None
    shows: Callable[..., str] | None = None


class Parser(StepParser):
    """A step that matches any of several phrases; ``parse_arguments`` gives what the phrase built."""

    def __init__(self, name: str, alternatives: list[tuple[re.Pattern, Callable[[re.Match], dict]]]):
        super().__init__(name)
        self.alternatives = alternatives

    def _find(self, text: str) -> dict | None:
        for regex, arguments in self.alternatives:
            m = regex.fullmatch(text)
            if m is not None:
                found = arguments(m)
                if found is not None:
                    return found
        return None

    def is_matching(self, name: str) -> bool:
        return self._find(name) is not None

    def parse_arguments(self, name: str) -> dict:
        return self._find(name) or {}


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


def _fact_steps(types: Types, facts: list[Fact], need: str) -> list:
    out = []
    for fact in facts:
        if getattr(fact, need) is None and (need != "put" or fact.start is None):
            continue
        regex, converters = types.compile(fact.pattern)
        out.append((regex, lambda m, fact=fact, converters=converters: {
            "fact": fact, "args": {k: converters[k](v) for k, v in m.groupdict().items() if v is not None}}))
    return out


# Facts on the kit's common keys (``dealing_to`` in a view, the roll-off's ``start_waiting``, ``outcome``), for the
# games whose rulebooks speak of them: a game adds ``shared("deal", ...)`` to its facts.
SHARED = {
    "deal": Fact("the next card is dealt to {player:player}", check=lambda st, player: st.view(None)["dealing_to"] == player),
    "roll-off": Fact("the dice are rolled next for {player:player}", check=lambda st, player: st["phase"] == "rolling_for_start"
                     and st["start_waiting"][:1] == [player] and st.legal["to_act"] == [CHANCE]),
    "solved": Fact("{player:player} has won the game", check=lambda st, player: (st["phase"], st.view(None)["outcome"]["winners"]) == ("solved", [player])),
    "unsolved": Fact("the case remains unsolved", check=lambda st: (st["phase"], st.view(None)["outcome"]["winners"]) == ("unsolved", [])),
}


def starts(deals: dict[str, Callable | None], options: Callable[..., dict], then: Callable[..., None] | None = None) -> list[Fact]:
    """Facts that open the scenario's table ("Given a game of Red and Blue"): ``{pattern: the chance routine that sets
    it up}`` (None: a new table, as ``new`` left it; a routine's name names its start in positions.json), the options
    built by ``options`` from the pattern's fields; ``then(state, **fields)``, if given, edits the start (P.I.'s "in
    round 3": the rounds before it played)."""
    def start(position, deal, **fields):
        position.start(options(**fields), deal)
        if then:
            position.edit(lambda state: then(state, **fields))

    return [Fact(pattern, start=lambda position, deal=deal, **fields: start(position, deal, **fields)) for pattern, deal in deals.items()]


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


def shared(*names: str) -> list[Fact]:
    return [SHARED[name] for name in names]


def install(types: Types, actions: list[tuple], chance: list[tuple], facts: list[Fact], after: Callable[[dict], None] | None = None) -> None:
    """Register the generic steps of the module doc in the calling module; ``after(state)`` runs after every Given's
    edit: it restores the fields that follow from others (the kit's ``derive()``, on the step side)."""
    facts = facts + [Fact(f.denied, check=lambda *a, f=f, **k: not f.check(*a, **k)) for f in facts if f.denied]
    if facts:
        givens = _fact_steps(types, facts, "put")

        @given(Parser("a fact", givens), stacklevel=2)
        def given_fact(position, fact, args):
            if fact.start:
                return fact.start(position, **args)
            pins = {"pins": position.pins} if "pins" in inspect.signature(fact.put).parameters else {}
            position.edit(lambda state: (fact.put(state, **args, **pins), after and after(state)))

        copies = [(re.compile(f"a copy of the game in which {regex.pattern} is loaded"), arguments) for regex, arguments in givens]

        @when(Parser("a copy", copies), target_fixture="refusal", stacklevel=2)
        def copy_loaded(position, fact, args):
            """The position with one Given more (one the rules forbid): the typed refusal its load gets, or None."""
            given_fact(position, fact, args)
            return refusal(lambda: position.table)

        @then(Parser("a fact", _fact_steps(types, facts, "check")), stacklevel=2)
        def then_fact(position, fact, args):
            seen = Seen(position.table, position.outcome)
            try:
                holds = fact.check(seen, **args)
            except (KeyError, IndexError, TypeError, AttributeError) as missing:  # an answer without what the sentence reads
                raise AssertionError(f"not so: {standing(seen)}; its answer lacks {lacking(missing)}") from missing
            if not holds:  # raised, not asserted: pytest would add the check's Python (a <lambda>, the state dumped)
                instead = f"{fact.shows(seen, **args)}; " if fact.shows else ""
                raise AssertionError(f"not so: {instead}{standing(seen)}")

    base, third = phrases(types, actions), phrases(types, actions, third_person)
    moves = _actor_steps(types, third, "", trying=False) + _actor_steps(types, base, "tries to ", trying=True)
    moves += [(p.regex, lambda m, p=p: {"actor": CHANCE, "action": p.match(m.string), "trying": False}) for p in phrases(types, chance)]
    # (a chance phrase may also build a routine: a function of the table that plays chance's moves)

    @when(Parser("an action", moves), target_fixture="outcome", stacklevel=2)
    def act(position, actor, action, trying):
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
        assert any(all(m.get(k) == v for k, v in action.items()) for m in mine) == offered, \
            f"{actor} {'may not' if offered else 'may'} {canonical(action)}; the engine lists for {actor}: {', '.join(map(canonical, mine[:8])) or 'nothing'}"
