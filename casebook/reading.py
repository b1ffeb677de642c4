"""A game's reading: every statement and open question of its rulebook, and where each one stands.

A reading is made sentence by sentence from the rulebook, without the features at hand (issue 50), and kept
beside the trace as ``features/<game>/reading.yml``::

    game: pi
    rulebook: pi.fr.txt
    entries:
    - id: PI-R04
      paragraph: 9-12          # the trace's paragraph numbers (the rulebook's non-empty lines)
      kind: statement          # a rule the text states, or: question (the text is silent or ambiguous)
      clause: [PI-TURN-01]     # the Rules that transcribe it ...
      text: ...                # the statement, in the reader's words
    - id: PI-R25
      paragraph: 36
      kind: statement
      not_a_rule: advice on which cards to take   # ... or why it is none (flavour, advice)
      text: ...

Then the reading is held against the features: a statement names the clauses that transcribe it, or says why it
carries no rule; a question names a ``@ruling`` clause that decides it.  The trace goes from paragraphs to
clauses; the reading goes from sentences to clauses, so a sentence that is only prose in a paragraph some Rule
cites still shows.  ``check()`` says what is wrong, as ``casebook.trace.check`` does.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import yaml

from casebook.rulebook import Game
from casebook.trace import TraceError, citations_of, parse_range

KINDS = ("statement", "question")


@dataclass
class Entry:
    id: str
    paragraphs: list[int]
    kind: str
    text: str
    clauses: list[str] = field(default_factory=list)
    not_a_rule: str = ""
    note: str = ""


@dataclass
class Reading:
    game: str
    entries: list[Entry]
    problems: list[str] = field(default_factory=list)

    def count(self, kind: str) -> int:
        return sum(e.kind == kind for e in self.entries)


def read_reading(game: str, folder: Path) -> Reading:
    """Read ``reading.yml``; problems of form are collected, not raised."""
    path = folder / "reading.yml"
    problems: list[str] = []
    try:
        raw = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    except FileNotFoundError:
        return Reading(game, [], [f"{game}: no reading {path.name}"])
    except yaml.YAMLError as exc:
        return Reading(game, [], [f"{game}: {path.name} is not YAML: {exc}"])
    entries = []
    for item in raw.get("entries") or []:
        where = f"{game}: reading entry {item.get('id', '?')}"
        try:
            paragraphs = parse_range(item["paragraph"])
            clauses = item.get("clause") or []
            entries.append(
                Entry(
                    str(item["id"]),
                    paragraphs,
                    str(item["kind"]),
                    str(item["text"]),
                    [clauses] if isinstance(clauses, str) else [str(c) for c in clauses],
                    str(item.get("not_a_rule") or "").strip(),
                    str(item.get("note") or ""),
                )
            )
        except (KeyError, TypeError, TraceError) as exc:
            problems.append(f"{where} cannot be read: {exc!r}")
    return Reading(game, entries, problems)


def check(reading: Reading, game: Game, paragraphs: list[int] | None = None) -> list[str]:
    """Everything wrong with a reading: an entry with neither a clause nor a reasoned "not a rule", a question no
    ``@ruling`` decides, a clause id the game lacks, a clause that cites none of the entry's paragraphs."""
    problems = list(reading.problems)
    clauses = {c.id: c for c in game.clauses}
    ids = [e.id for e in reading.entries]
    problems += [
        f"{reading.game}: the reading uses the id {i} twice" for i in sorted({i for i in ids if ids.count(i) > 1})
    ]
    for entry in reading.entries:
        where = f"{reading.game}: {entry.id} (¶{entry.paragraphs[0] if entry.paragraphs else '?'})"
        if entry.kind not in KINDS:
            problems.append(f"{where} is of kind {entry.kind!r}, not one of {KINDS}")
            continue
        if paragraphs is not None and not set(entry.paragraphs) <= set(paragraphs):
            problems.append(f"{where} names paragraphs the trace does not have: {entry.paragraphs}")
        if not entry.text.strip():
            problems.append(f"{where} says nothing")
        if entry.clauses and entry.not_a_rule:
            problems.append(f"{where} names clauses and also says it is not a rule: which?")
        if entry.kind == "question" and entry.not_a_rule:
            problems.append(f"{where} is an open question: a @ruling decides it, 'not a rule' does not")
        if not entry.clauses and not entry.not_a_rule:
            problems.append(f"{where} has neither a clause nor a reason why it is not a rule")
        unknown = [c for c in entry.clauses if c not in clauses]
        if unknown:
            problems.append(f"{where} names clauses {reading.game} does not have: {unknown}")
        known = [clauses[c] for c in entry.clauses if c in clauses]
        if entry.kind == "question" and known and not any(c.is_ruling for c in known):
            problems.append(f"{where} is an open question, but none of {entry.clauses} is tagged @ruling")
        problems += [f"{where} names {c.id}, which has no example" for c in known if not c.examples]
        cited = {n for c in known for _, numbers in (citations_of(c) or []) for n in numbers}
        if entry.kind == "statement" and known and not cited & set(entry.paragraphs):
            # one clause at least is anchored where the sentence is; the others may complete it from elsewhere
            problems.append(f"{where} names {entry.clauses}, none of which cites ¶{entry.paragraphs}")
    return problems
