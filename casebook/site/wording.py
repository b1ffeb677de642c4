"""Two audiences on one page: the players' words by default, the engine's notation on request.

The shared steps speak the protocol ("the action is rejected as illegal_action"), the
Feuerdiamant steps name fingerprint spaces as the engine does ("Schrottplatz~Zentrale:2"), and
counts are not made singular ("1 detective cards").  A player reading the rules wants none of
that.  ``plain(text)`` is the build-time glossary: it returns a step's text in plain words,
or the same text when nothing in it is engine notation.  ``engine_only(step)`` says whether a
step is about the engine alone (malformed requests, options it does not know), so that an
example made only of such checks sits behind the page's "engine authors" switch.

The glossary is a table, in order: the first rows are whole phrases of the shared steps, the
last rows the notations inside names.  A new game adds rows here only if it brings a notation.
"""

from __future__ import annotations

import re

# (pattern, plain words).  Patterns are matched case-sensitively against a step's text.
GLOSSARY: tuple[tuple[str, str], ...] = (
    (r"the action is rejected as illegal_action", "that is not allowed"),
    (r"the action is rejected as not_your_turn", "that is not allowed: it is not their turn"),
    (r"the action is rejected as bad_request", "the request is refused: it is not a move of the game"),
    (r"the request is refused as bad_request", "that is not possible"),
    (r"the request is refused as unsupported", "the game does not offer that"),
    (r"(starting a game for .+?) is refused as bad_request", r"\1 is not possible"),
    (r"the game is exactly as it was", "nothing has changed"),
    (r"the action is accepted", "that is allowed"),
    (r"\bno view shows\b", "nobody sees"),
    (r"\bevery view shows\b", "everybody sees"),
    (r"\bthe view of ([A-Z][\w.' ]*?) does not show\b", r"\1 does not see"),
    (r"\bthe view of ([A-Z][\w.' ]*?) shows\b", r"\1 sees"),
    (r"\b([A-Z]\w*)'s view shows\b", r"\1 sees"),
    # counts: "1 detective cards" -> "1 detective card", "0 detective cards" -> "no detective cards"
    (r"\b1 ((?:[a-z]+ )?)(card|player|space|position|pip|token)s\b", r"1 \1\2"),
    (r"\b(1 (?:[a-z]+ )?(?:card|player|space|position|pip|token)) are\b", r"\1 is"),
    (r"\b0 ((?:[a-z]+ )?)(cards|players|spaces|positions|pips|tokens)\b", r"no \1\2"),
    # Feuerdiamant's fingerprint spaces and paths, as the engine names them
    (r"\"?\b([A-Z][\w' ]*?)~([A-Z][\w' ]*?):(\d+)\b\"?", r"fingerprint \3 on the path from \1 to \2"),
    (r"\broadblock ([A-Z][\w' ]*?)~([A-Z][\w' ]*?)\b", r"roadblock between \1 and \2"),
    (r"\b([A-Z][\w']*(?: [A-Z][\w']*)?)~([A-Z][\w']*(?: [A-Z][\w']*)?)\b", r"\1–\2"),
    # an example's name in the engine's word ("six players are refused")
    (r"\b(is|are) refused\b", r"\1 not allowed"),
)
_COMPILED = tuple((re.compile(p), r) for p, r in GLOSSARY)

# A step that only an engine meets: a malformed action (no move of the game at all), an option
# the game does not have, a saved state loaded back.  A refused game set-up ("three players
# cannot play the Duel") is the players' business and stays.
ENGINE_ONLY = re.compile(
    r"the action is rejected as bad_request|refused as unsupported|\bis loaded\b|\bsends \{|\bsend \{"
)


# What only engine authors read (issue 51): the protocol's codes and calls, the engine's word for a request it
# refuses, a saved state loaded back, a variant's or a guard's name.  A clause whose title says it, or a paragraph
# that does, shows only in the engine authors' view; a clause a player needs is worded without it ("a room of bots
# only cannot be opened", not "... is refused").  "engine authors", the other view's name, is the players' too.
ENGINE_TALK = re.compile(
    r"bad_request|illegal_action|not_your_turn|\bunsupported\b|\bprotocol\b|\bengines?\b(?! authors)|\bJSON\b"
    r"|\bschema\b|\bmalformed\b|\bloaded\b|\brefuse[sd]?\b|game does not know|\bthe reference\b|neighbour-answers"
    r"|\bexpire\b|\blegal\(\)|\bpending\b",
    re.IGNORECASE,
)


# A phase summary that opens with the name of the guard it depends on: "neighbour-answers: the case's holder ...".
GUARD_LABEL = re.compile(r"^[a-z]+(?:-[a-z]+)+:\s*")


def for_engines(text: str | None) -> bool:
    """Whether the text speaks the engine's language, so that only engine authors read it."""
    return bool(ENGINE_TALK.search(text or ""))


def modelled(clause) -> bool:
    """A ruling that models data the rulebook leaves out (our board's paths, our tracks): for engine authors."""
    return clause.is_ruling and bool(clause.models)


def model_section(section) -> bool:
    """A section mostly of our model (features/feuerdiamant/15-model.feature): facts an engine needs, not a player."""
    return sum(map(modelled, section.clauses)) * 2 > len(section.clauses)


def engine_clause(clause) -> bool:
    """A clause only engine authors read: one about what the engine refuses, or of a section of our model."""
    return for_engines(clause.text) or model_section(clause.section)


def plain(text: str) -> str:
    """The step in players' words (the same text when it holds no engine notation)."""
    for pattern, words in _COMPILED:
        text = pattern.sub(words, text)
    return text


def engine_only(text: str) -> bool:
    return bool(ENGINE_ONLY.search(text))
