"""The phrase language of the steps: a sentence with typed fields, matched against a step's text.

A phrase is literal text with typed fields ``{name:type}``: ``type`` is a
``$defs`` name of the game's schema (its enum, longest first; ``a|b``: either),
``d`` (an integer), ``w`` (a word), ``text`` (anything), ``player``; ``type+``
is a list ("A, B and C"); ``[in|on]`` is either word.  An
action phrase maps to its action type (``"move"``: the fields are the
action's) or to a function of the fields.

    Types(schema, article="the ")   the fields' regexes and converters, from the game's published schema
    phrases(types, table, form)     an action table's phrases (``form``: ``third_person`` for "Peter moves to X")
    Fact(pattern, check=, put=)     a sentence about a position, for a Given and a Then
    Parser(name, alternatives)      a step that matches any of several phrases
    Phrasing                        a phrase's regex, matched in two stages (what ``Types.compile`` gives)

step_defs/vocabulary.py builds the generic steps on these.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Callable

from pytest_bdd.parsers import StepParser
from casebook import settings


class UnknownKind(KeyError):
    """A phrase names a kind of field its game's schema does not have."""

    def __str__(self) -> str:  # a KeyError's own str() is the repr of its argument, quotes and all
        return str(self.args[0])


class Types:
    """Regexes and converters for typed fields, from the game's published schema."""

    def __init__(self, schema: dict, article: str = "", player: str | None = None):
        self.defs, self.article = schema["$defs"], article
        self.player = player  # a regex for free player names; None: the schema's enum
        self._compiled: dict[str, tuple] = {}  # a fact's pattern serves its Given and its Then: compiled once
        self._checkers: dict[str, re.Pattern] = {}  # a field kind's regex alone, compiled once for all phrases

    def field(self, name: str, kind: str) -> tuple[str, Callable]:
        regex, convert = self.field_regex(kind)
        return f"(?P<{name}>{regex})", convert

    def field_regex(self, kind: str) -> tuple[str, Callable]:
        """A field's regex (no group) and its converter; ``kind+``: a list."""
        many = kind.endswith("+")
        one, convert = self._one(kind.rstrip("+"))
        if not many:
            return one, convert
        plain = one.replace("(?:the )?", "")
        joined = (
            f"(?:the )?(?:{plain})(?:, (?:the )?(?:{plain}))*(?: and (?:the )?(?:{plain}))?"
            if self.article
            else f"(?:{plain})(?:, (?:{plain}))*(?: and (?:{plain}))?"
        )
        return joined, lambda text: [convert(part) for part in re.split(r", | and ", text)]

    def _one(self, kind: str) -> tuple[str, Callable]:
        if kind == "d":
            return r"-?\d+", int
        if kind == "w":
            return r"\w+", str
        if kind == "text":
            return r".+?", str
        if "|" in kind:  # a union of named sets
            parts = [self._one(k) for k in kind.split("|")]

            def either(text: str):
                """The name converted by the first set whose regex it matches."""
                return next(c(text) for (r, c) in parts if re.fullmatch(r, text))

            return "|".join(f"(?:{r})" for r, _ in parts), either
        if kind == "player" and self.player:
            return self.player, str
        if "enum" not in self.defs.get(kind, {}):  # the toy's {card:card} once the game's own engine has no cards
            sets = sorted(k for k, d in self.defs.items() if isinstance(d, dict) and "enum" in d)
            raise UnknownKind(
                f"a phrase's field names the kind {kind!r}, which the game's schema does not name (its named sets: "
                f"{', '.join(sets)}; and d, w, text): write the steps for the engine's tables (docs/add-a-rulebook.md)"
            )
        values = self.defs[kind]["enum"]
        by_text = {str(v): v for v in values}
        alternatives = "|".join(re.escape(t) for t in sorted(by_text, key=len, reverse=True))
        prefix = f"(?:{re.escape(self.article)})?" if self.article else ""

        def convert(text: str):
            if text in by_text:
                return by_text[text]
            return by_text[text[len(self.article) :]]  # "the painting" is the card "painting"

        return f"{prefix}(?:{alternatives})", convert

    def compile(self, pattern: str) -> tuple["Phrasing", dict[str, Callable]]:
        """``pattern`` with ``{name:type}`` fields as a regex (fields: named groups) and the fields' converters."""
        if pattern not in self._compiled:
            self._compiled[pattern] = self._compile(pattern)
        return self._compiled[pattern]

    def _compile(self, pattern: str) -> tuple["Phrasing", dict[str, Callable]]:
        full, skeleton, checks, converters, pos = [], [], {}, {}, 0
        for m in re.finditer(r"\{(\w+):([\w+|]+)\}|\[([^\]]+)\]", pattern):
            literal = re.escape(pattern[pos : m.start()])
            full.append(literal)
            skeleton.append(literal)
            if m[3]:  # [in|on]: either word
                either = "(?:" + "|".join(re.escape(a) for a in m[3].split("|")) + ")"
                full.append(either)
                skeleton.append(either)
            else:
                regex, converters[m[1]] = self.field_regex(m[2])
                full.append(f"(?P<{m[1]}>{regex})")
                skeleton.append(f"(?P<{m[1]}>.+?)")
                if m[2] not in self._checkers:
                    self._checkers[m[2]] = re.compile(regex)
                checks[m[1]] = self._checkers[m[2]]
            pos = m.end()
        full.append(re.escape(pattern[pos:]))
        skeleton.append(re.escape(pattern[pos:]))
        return Phrasing("".join(full), re.compile("".join(skeleton)), checks), converters


CHECK = settings.CHECK_PHRASES.name  # set: every match is made both ways and compared (tests/harness/test_phrases.py)


class Phrasing:
    """A phrase's regex, matched in two stages: its skeleton (each field any text) and then each field's own regex,
    compiled once per kind and shared by every phrase.  The whole regex, with every field's alternatives spelled out
    (~120,000 characters for the ~500 phrases, ~0.13 s a session to compile, ~5 % of a run of the scenarios), is
    compiled only where a field does not hold: the skeleton split the text where another split might match.  Where
    two splits both hold (a grammar whose names contain its own joins), the two ways part: CHECK compares them.

    ``fullmatch`` is a compiled regex's: a match (its groups the fields) or None."""

    __slots__ = ("pattern", "skeleton", "checks", "_full")

    def __init__(self, pattern: str, skeleton: re.Pattern, checks: dict[str, re.Pattern]):
        self.pattern, self.skeleton, self.checks, self._full = pattern, skeleton, checks, None

    @property
    def full(self) -> re.Pattern:
        if self._full is None:
            self._full = re.compile(self.pattern)
        return self._full

    def fullmatch(self, text: str):
        m = self.skeleton.fullmatch(text)
        return None if m is None else self.confirm(m, text)

    def confirm(self, m: re.Match, text: str):
        """The second stage, after the skeleton matched ``text`` as ``m``."""
        found = m
        for name, check in self.checks.items():
            if check.fullmatch(m[name]) is None:
                found = self.full.fullmatch(text)
                break
        if CHECKING:
            whole = self.full.fullmatch(text)
            if (whole and whole.groupdict()) != (found and found.groupdict()):
                raise AssertionError(
                    f"the phrase {self.pattern!r} splits {text!r} two ways: "
                    f"{found and found.groupdict()} in two stages, {whole and whole.groupdict()} whole"
                )
        return found


CHECKING = bool(settings.CHECK_PHRASES.get())


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
    regex: Phrasing
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

    def __init__(self, name: str, alternatives: list[tuple[re.Pattern | Phrasing, Callable[[re.Match], dict]]]):
        super().__init__(name)
        # (first stage, second stage or None, arguments): the first stage a compiled regex's own fullmatch, so that the
        # many phrases a text is not are passed over at C speed
        self._stages = [
            (r.skeleton.fullmatch, r.confirm, arguments) if isinstance(r, Phrasing) else (r.fullmatch, None, arguments)
            for r, arguments in alternatives
        ]
        self._taken: dict[
            str, int
        ] = {}  # a text met before -> the alternative that took it (steps repeat across scenarios)

    def find(self, text: str) -> dict | None:
        """What the first phrase that matches ``text`` built (fresh each time), or None."""
        start = self._taken.get(text, 0)
        for i in range(start, len(self._stages)):
            first, second, arguments = self._stages[i]
            m = first(text)
            if m is not None and second is not None:
                m = second(m, text)
            if m is not None:
                found = arguments(m)
                if found is not None:
                    self._taken[text] = i
                    return found
        return None

    def is_matching(self, name: str) -> bool:
        return self.find(name) is not None

    def parse_arguments(self, name: str) -> dict:
        return self.find(name) or {}
