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

step_defs/vocabulary.py builds the generic steps on these.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Callable

from pytest_bdd.parsers import StepParser


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

    def find(self, text: str) -> dict | None:
        """What the first phrase that matches ``text`` built, or None."""
        for regex, arguments in self.alternatives:
            m = regex.fullmatch(text)
            if m is not None:
                found = arguments(m)
                if found is not None:
                    return found
        return None

    def is_matching(self, name: str) -> bool:
        return self.find(name) is not None

    def parse_arguments(self, name: str) -> dict:
        return self.find(name) or {}
