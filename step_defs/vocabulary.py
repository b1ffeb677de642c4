"""One step vocabulary for every game: typed phrases from the published schema, and the generic steps built on them.

A game's step module declares three small tables and installs them::

    TYPES = Types(schema, article="the ")                 # {place:place} matches the schema's names
    ACTIONS = [("move to {to:space}", "move"), ...]       # action phrases, base form
    CHANCE = [("the dice show {a:face} and {b:face}", lambda a, b: {"type": "roll", "dice": [a, b]})]
    FACTS = [Fact("{player:player} stands on {place:space}", check=..., put=...)]
    install(TYPES, ACTIONS, CHANCE, FACTS)

``install`` registers, in the calling module (so only that game's scenarios
see them), the generic steps:

    Given <fact>                      edit the position (loaded once, when a When or Then needs it)
    Then <fact>                       check it on the canonical state
    When <player> <action, 3rd person>   must be accepted     ("Peter moves to X")
    When <player> tries to <action>      may be refused       ("Peter tries to move to X")
    When <chance phrase>                 a chance move        ("the dice show 2 and 3"), or a routine
    An action phrase may build a list of moves: ``(actor, action)`` for another actor's (chance's roll).
    Then <player> may|cannot <action>    a listed move of that player has (not) these fields
    When <actor> tries to send <JSON>    a raw request

A Given's ``put`` that names a ``pins`` parameter gets the scenario's pins: the components Givens placed, which
later Givens do not move away (``Components`` puts a component where a Given says, from the schema's inventory).

A phrase is literal text with typed fields ``{name:type}``: ``type`` is a
``$defs`` name of the game's schema (its enum, longest first; ``a|b``: either),
``d`` (an integer), ``w`` (a word), ``text`` (anything), ``player``; ``type+``
is a list ("A, B and C"); ``[in|on]`` is either word.  An
action phrase maps to its action type (``"move"``: the fields are the
action's) or to a function of the fields.
"""

from __future__ import annotations

import copy
import inspect
import json
import marshal
import os
import re
from functools import cached_property
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from pytest_bdd import given, then, when
from pytest_bdd.parsers import StepParser

from casebook.contract import is_chance_node
from casebook.errors import GameError
from casebook.protocol import CHANCE, redact
from casebook.testing import attempt


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
    sentence saying it is not so (Then, the check negated)."""

    pattern: str
    check: Callable[..., bool] | None = None
    put: Callable[..., None] | None = None
    start: Callable[..., None] | None = None
    denied: str | None = None


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
    """``<player> <lead><phrase>``: the arguments are the actor, the action the phrase builds, and ``extra``."""
    player, convert = types.field("actor", "player")

    def arguments(m: re.Match) -> dict | None:
        for phrase in table:
            action = phrase.match(m["rest"])
            if action is not None:
                return {"actor": convert(m["actor"]), "action": action, **extra}
        return None

    return [(re.compile(f"{player} {re.escape(lead)}(?P<rest>.+)"), arguments)]


def _fact_steps(types: Types, facts: list[Fact], need: str) -> list:
    out = []
    for fact in facts:
        if getattr(fact, need) is None and (need != "put" or fact.start is None):
            continue
        regex, converters = types.compile(fact.pattern)
        out.append((regex, lambda m, fact=fact, converters=converters: {
            "fact": fact, "args": {k: converters[k](v) for k, v in m.groupdict().items() if v is not None}}))
    return out


def viewers(state: dict) -> list:
    """Every player of a state, and an onlooker (None: what the table shows everybody)."""
    return [*state["players"], None]


class Seen(dict):
    """The canonical state a fact is checked on, with the table's legal moves and views at hand (fetched when asked),
    and the outcome of the scenario's last action (its events, the state before)."""

    def __init__(self, table, outcome=None):
        super().__init__(table.state())
        self.table, self.outcome, self._views = table, outcome, {}

    @cached_property
    def legal(self) -> dict:
        return self.table.legal()

    def view(self, player: str | None) -> dict:
        if player not in self._views:
            self._views[player] = self.table.view(player)
        return self._views[player]

    @property
    def viewers(self) -> list:
        return viewers(self)

    def chance(self, field: str, value) -> float | None:
        """The probability that chance's next move has ``field`` = ``value`` (None unless chance is to act, its moves summing to 1)."""
        moves = self.legal["moves"]
        if not is_chance_node(self.legal):
            return None
        return sum(m["p"] for m in moves if m["action"].get(field) == value)

    def told(self, kind: str, knowers, **fields) -> bool:
        """The last event ``kind``: every viewer is told ``fields``, and only ``knowers`` are told more (its private part)."""
        last = [e for e in self.table.log if e["type"] == kind][-1:]
        return bool(last) and all(all(redact(last[0], v).get(k) == x for k, x in fields.items())
                                  and (v in knowers) == (redact(last[0], v) != redact(last[0], None)) for v in self.viewers)


RECORD = "CASEBOOK_RECORD_POSITIONS"  # a folder: deal every start on the engine and write <folder>/<game>/positions.json
FEATURES = Path(__file__).resolve().parent.parent / "features"
_published: dict[str, dict] = {}  # game -> {position name: canonical state}, read from features/<game>/positions.json once
recorded: dict[str, dict] = {}  # game -> {position name: state}, what a recording run dealt (conftest writes it)
_hellos: dict[int, dict] = {}  # id(implementation) -> its hello, asked once


def position_name(deal: Callable, options: dict) -> str:
    """A start's name in positions.json: the deal routine and the options (sorted keys: one spelling per start)."""
    return f"{deal.__qualname__} {json.dumps(options, sort_keys=True)}"


def published(game: str) -> dict:
    """The starting positions the reference dealt for ``game`` (features/<game>/positions.json; none: {})."""
    if game not in _published:
        path = FEATURES / game / "positions.json"
        _published[game] = json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}
    return _published[game]


def declines_setup(implementation, game: str) -> bool:
    """Whether the engine's hello declines ``@setup`` for ``game`` (it does not deal: it starts from published positions)."""
    key = id(implementation)
    if key not in _hellos:
        _hellos[key] = implementation.hello()
    return "setup" in _hellos[key].get("games", {}).get(game, {}).get("declines", [])


def positions_json(positions: dict) -> str:
    """positions.json's text: names sorted, one start a line, each state's own key order kept (a Then may check an order)."""
    lines = [f"  {json.dumps(name)}: {json.dumps(positions[name], ensure_ascii=False)}" for name in sorted(positions)]
    return "{\n" + ",\n".join(lines) + "\n}\n"


class Position:
    """The table a scenario plays on.  Givens edit a canonical state; it is loaded once, when a When or Then needs it.

    ``dealt(options, deal)`` starts from the position ``deal`` reaches from ``new(options)``: dealt once per
    implementation and options, then loaded from the cache (a scenario assumes only what its clause is about).
    An engine that declines ``@setup`` is never asked to deal: it starts from the reference's deal, published in
    features/<game>/positions.json (a start the file lacks is dealt as before).  A full engine is judged on its own deal.
    """

    _dealt: dict = {}

    def __init__(self, implementation, open_table, game: str):
        self.implementation, self.open, self.game = implementation, open_table, game
        self.outcome = None  # the last action's
        self.pins: set = set()  # components a Given placed: later Givens do not move them away (Components)
        self._state: dict | None = None
        self._table = None

    def new(self, options: dict) -> None:
        self._table, self._state = self.open(options), None

    def dealt(self, options: dict, deal: Callable) -> None:
        name = position_name(deal, options)
        recording = os.environ.get(RECORD)
        if not recording and declines_setup(self.implementation, self.game) and name in published(self.game):
            self._table, self._state = None, copy.deepcopy(published(self.game)[name])
            return
        key = (id(self.implementation), self.game, name)
        if key not in self._dealt:
            table = self.open(options)
            deal(table)
            state = table.state()
            if recording:
                recorded.setdefault(self.game, {})[name] = state
            self._dealt[key] = marshal.dumps(state)
        self._table, self._state = None, marshal.loads(self._dealt[key])  # a fresh copy to edit

    def edit(self, change: Callable[[dict], None]) -> None:
        if self._state is None:
            self._state = self._table.state()
        change(self._state)
        self._table = None

    @property
    def table(self):
        if self._table is None:
            self._table, self._state = self.open(state=self._state), None
        return self._table


def acted(position, actor: str, action: dict, trying: bool):
    outcome = position.outcome = attempt(position.table, actor, action)
    if not trying and outcome.error is not None:
        raise AssertionError(f"expected {actor} {json.dumps(action)} to be accepted: {outcome}")
    return outcome


def refusal(call: Callable[[], Any]):
    """The typed error a request gets, or None when it is accepted."""
    try:
        call()
    except GameError as exc:
        return exc
    return None


def play_first(table, phases) -> None:
    """While the table is in one of ``phases``, play the first move listed (a routine: chance deals, players answer)."""
    while table.state()["phase"] in phases:
        move = table.legal()["moves"][0]
        table.apply(move["actor"], move["action"])


def try_load(open_table, state: dict):
    """Load the edited state: the typed refusal it gets, or None when it is accepted (a copy of the game that breaks a rule)."""
    return refusal(lambda: open_table(state=state))


def install(types: Types, actions: list[tuple], chance: list[tuple], facts: list[Fact]) -> None:
    """Register the generic steps of the module doc in the calling module."""
    facts = facts + [Fact(f.denied, check=lambda *a, f=f, **k: not f.check(*a, **k)) for f in facts if f.denied]
    if facts:
        @given(Parser("a fact", _fact_steps(types, facts, "put")), stacklevel=2)
        def given_fact(position, fact, args):
            if fact.start:
                return fact.start(position, **args)
            pins = {"pins": position.pins} if "pins" in inspect.signature(fact.put).parameters else {}
            position.edit(lambda state: fact.put(state, **args, **pins))

        @then(Parser("a fact", _fact_steps(types, facts, "check")), stacklevel=2)
        def then_fact(position, fact, args):
            seen = Seen(position.table, position.outcome)
            assert fact.check(seen, **args), f"not so: {fact.pattern} {args}"

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
        assert any(all(m.get(k) == v for k, v in action.items()) for m in mine) == offered, f"{actor} {'may not' if offered else 'may'} {action}: {mine}"


# -- putting components where a Given says ---------------------------------------------------------
class Components:
    """Where the components of one kind lie in a canonical state, read from the schema's inventory (the paths each
    may lie at); a Given puts one where it says by swapping it with one no Given placed, so the counts still add up.

    A slot keyed by a name set (the case file's ``suspect``) takes only one of that set; the lists at ``sorted_at``
    stay sorted as the engine keeps them (``order``: the schema's order of the names, or ``str`` for alphabetical)."""

    def __init__(self, schema: dict, kind: str, names: str | None = None, hand: str = "private.*.hand",
                 sorted_at: tuple = ("private.*.hand",), order: str = "schema"):
        self.paths = [p.split(".") for p in schema["inventory"][kind]["at"]]
        kind = names or kind  # the $defs name of the components' names, where it differs from the inventory's kind
        names = schema["$defs"][kind]["enum"]
        self.order = {n: i for i, n in enumerate(names)}.get if order == "schema" else str
        self.sorted_at = [p.split(".") for p in sorted_at]
        self.sets = {k: frozenset(d["enum"]) for k, d in schema["$defs"].items()
                     if k != kind and isinstance(d, dict) and set(d.get("enum", [0])) < set(names)}
        self.hand = hand.split(".")

    def locate(self, state: dict, name: str) -> tuple[Any, Any]:
        """The container (a list or an object) and key where ``name`` lies."""
        for path in self.paths:
            for container, key in _slots(state, path):
                if container[key] == name:
                    return container, key
        raise AssertionError(f"{name!r} lies nowhere the inventory names")

    def fits(self, name: str, container, key) -> bool:
        """Whether ``name`` may lie at ``container[key]``: a slot keyed by a name set takes only that set's names."""
        return not isinstance(container, dict) or key not in self.sets or name in self.sets[key]

    def swap(self, state: dict, a: str, b: str) -> None:
        """``a`` and ``b`` change places."""
        (ca, ka), (cb, kb) = self.locate(state, a), self.locate(state, b)
        ca[ka], cb[kb] = b, a
        kept = [node[key] for path in self.sorted_at for node, key in _slots(state, path)]
        for container in (ca, cb):
            if any(container is k for k in kept):
                container.sort(key=self.order)

    def put(self, state: dict, name: str, into: tuple, pins: set, avoid=()) -> None:
        """Put ``name`` at ``into`` (a path to a list, or to a slot holding one), sending where it was one component
        from there that no Given placed (nor ``avoid``) and that fits there; ``name`` is pinned."""
        parent = _at(state, into[:-1])
        target = parent[into[-1]]
        here = target if isinstance(target, list) else [target]
        if name not in here:
            source, key = self.locate(state, name)
            assert isinstance(target, list) or self.fits(name, parent, into[-1]), f"{name} cannot lie at {'.'.join(into)}"
            victim = next((c for c in here if c not in pins and c not in avoid and self.fits(c, source, key)), None)
            assert victim is not None, f"{'.'.join(map(str, into))} holds {here}: nothing there can make room for {name}"
            self.swap(state, name, victim)
        pins.add(name)

    def hold(self, state: dict, player: str, names, pins: set, none: bool = False) -> None:
        """``player``'s hand holds every one of ``names`` (or, ``none``, not one of them: each goes to another hand)."""
        hand = lambda p: tuple(p if k == "*" else k for k in self.hand)  # noqa: E731
        for name in names:
            if not none:
                self.put(state, name, hand(player), pins, avoid=names)
            elif name in _at(state, hand(player)):
                other = next(q for q in state["players"] if q != player and any(c not in pins and c not in names for c in _at(state, hand(q))))
                self.put(state, name, hand(other), pins, avoid=names)
                pins.discard(name)


def _at(state, path):
    for key in path:
        state = state[key]
    return state


def _slots(node, path):
    """(container, key) of every place ``path`` (``*``: any key or index) reaches in ``node``."""
    head, rest = path[0], path[1:]
    if head == "*":
        keys = range(len(node)) if isinstance(node, list) else list(node) if isinstance(node, dict) else []
    else:
        keys = [head] if isinstance(node, dict) and head in node else []
    for key in keys:
        if not rest:
            yield node, key
        elif isinstance(node[key], (dict, list)):
            yield from _slots(node[key], rest)
