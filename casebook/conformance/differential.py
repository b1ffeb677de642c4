"""Differential fuzzing: the same moves on the implementation and on the reference.

``casebook fuzz`` lets Hypothesis choose a game's options and then, move by
move, an index into the reference's sorted ``legal()`` list (so any engine
with the same rules offers the same list), now and then probing a move that
should be refused.  After every step both sides must agree on what a player
can observe: ``legal()``, every player's view and a spectator's, the events
as each of them receives them, and the error code of a refusal.  The
canonical state itself is never compared (its secrets and bookkeeping are the
engine's own business until a player can see them).  Parts the
implementation declines are played on the reference alone and the position
loaded back (``Differential``).  Each distinct disagreement is shrunk by
Hypothesis to a short game record (``casebook.conformance.fuzzing``), saved
as JSON; ``casebook replay`` plays it again.
"""

from __future__ import annotations

import fnmatch
import json
import re
from dataclasses import dataclass, field
from pathlib import Path

from casebook.atomic import write_text
from casebook.conformance.validating import schema_error
from casebook.errors import DriverFailure, GameError
from casebook.protocol import CHANCE, Table, canonical, players_of, redact_events
from casebook.readonly import plain

REPLAY_FORMAT = "casebook-replay/1"


def differences(a, b, path: str = "$", limit: int = 8) -> list[str]:
    """JSON paths where ``a`` and ``b`` differ (at most ``limit``), for a readable verdict."""
    found: list[str] = []

    def walk(x, y, here):
        if len(found) >= limit:
            return
        if isinstance(x, dict) and isinstance(y, dict):
            for key in sorted(set(x) | set(y), key=str):
                if key not in x:
                    found.append(f"{here}.{key}: only in the implementation")
                elif key not in y:
                    found.append(f"{here}.{key}: missing in the implementation")
                else:
                    walk(x[key], y[key], f"{here}.{key}")
        elif isinstance(x, list) and isinstance(y, list):
            if len(x) != len(y):
                found.append(f"{here}: {len(x)} items in the reference, {len(y)} in the implementation")
            for i, (u, v) in enumerate(zip(x, y)):
                walk(u, v, f"{here}[{i}]")
        elif canonical(x) != canonical(y):
            found.append(f"{here}: reference {canonical(x)[:80]} ≠ implementation {canonical(y)[:80]}")

    walk(a, b, path)
    return found


def normal_legal(legal):
    """``legal()`` with probabilities as rounded floats, so 1/3 computed two ways, or 1 written ``1``, still agrees."""
    if not isinstance(legal, dict):
        return legal
    moves = [
        dict(m, p=round(float(m["p"]), 9)) if isinstance(m, dict) and isinstance(m.get("p"), (int, float)) else m
        for m in legal.get("moves", [])
    ]
    return {**legal, "moves": moves}


player_ids = players_of


def without_moves(legal, types: frozenset[str]):
    """``legal()`` without the moves of the action ``types`` (fuzz --ignore-moves), ``to_act`` derived again."""
    if not types or not isinstance(legal, dict) or not isinstance(legal.get("moves"), list):
        return legal
    keep = [
        m
        for m in legal["moves"]
        if not (isinstance(m, dict) and isinstance(m.get("action"), dict) and m["action"].get("type") in types)
    ]
    return {**legal, "to_act": sorted({m.get("actor") for m in keep if isinstance(m, dict)}, key=str), "moves": keep}


def prune(value, patterns: tuple[str, ...], path: str = "$"):
    """``value`` without the object fields whose JSON path matches one of ``patterns`` (fnmatch: ``$.advantage*``)."""
    if not patterns:
        return value
    if isinstance(value, dict):
        out = {}
        for key, item in value.items():
            here = f"{path}.{key}"
            if not any(fnmatch.fnmatchcase(here, p) for p in patterns):
                out[key] = prune(item, patterns, here)
        return out
    if isinstance(value, list):
        return [prune(item, patterns, f"{path}[]") for item in value]
    return value


class OutOfScope(Exception):
    """The implementation cannot take the game on from here (it declines it and cannot load the position)."""


@dataclass
class Disagreement:
    step: int  # how many steps had been played when they parted (0: right after new)
    what: str  # "legal", "view(Justus)", "events(spectator)", "refusal", "implementation failed"…
    detail: list[str] = field(default_factory=list)
    reference: object = None
    implementation: object = None

    def __str__(self) -> str:
        lines = "\n  ".join(self.detail)
        return f"after step {self.step}: {self.what} differs\n  {lines}"

    def signature(self, players: list[str]) -> str:
        """What makes two disagreements the same one: the kind and the first differing path, with values,
        indices, player names and every other map key left out.

        ``view(Justus)`` and ``view(Peter)`` differing at ``$.hands.Justus`` and
        ``$.hands.Peter`` are one deviation seen twice, not two; so are ``$.markers.Knife``
        and ``$.markers.Rope``: one missing marker in a map is one difference, whichever key
        shows it first.  A map key is a name of the game (capitalised, or with a space);
        a field is a snake_case word, which stays.
        """
        kind = re.sub(r"\(.*\)", "", self.what)
        first = self.detail[0] if self.detail else ""
        where = first.split(":", 1)[0] if first.startswith("$") else ""
        where = re.sub(r"\[\d+\]", "[]", where)
        for player in sorted(players, key=len, reverse=True):
            where = where.replace(f".{player}", ".<player>")
        where = re.sub(r"\.(?![a-z][a-z0-9_]*(?:\.|\[|$))[^.\[]+", ".<key>", where)
        return f"{kind} {where}".strip()


VIEWS = "views"  # the observation keys: "legal", then "view(<player>)" for each player and the spectator


class Differential:
    """One game on both sides; every call returns a Disagreement or None.

    Only what a player can observe is compared: ``legal()``, each player's
    and a spectator's view, the events as each of them receives them, and the
    code of a refusal; never the canonical state (it holds the secrets, and
    bookkeeping an engine may keep its own way).  Fields matching ``ignore``
    (JSON paths, fnmatch) are left out of views and events.

    Declined parts are left out.  A move the implementation answers with
    ``unsupported`` is played on the reference alone; after each such move the
    reference's state is loaded into the implementation, and comparing resumes
    as soon as it takes the position on (``legal()`` answers).  A move the
    reference lists and the implementation does not is left out of the
    comparison of ``legal()`` when the implementation, given that position,
    answers it with ``unsupported``.
    """

    def __init__(
        self, reference, implementation, game: str, ignore: tuple[str, ...] = (), ignore_moves: tuple[str, ...] = ()
    ):
        self.ref_impl, self.impl, self.game, self.ignore = reference, implementation, game, tuple(ignore)
        self.ignore_moves = frozenset(ignore_moves)  # action types set aside: not compared in legal(), never played
        self.ref: Table | None = None
        self.other: Table | None = None  # None while the game is in a part the implementation declines
        self.played = 0
        self.declined: set[str] = set()  # canonical moves the implementation answered ``unsupported``
        self.skipped = 0  # moves played on the reference alone

    @property
    def players(self) -> list[str]:
        return player_ids(self.ref.state())

    def _guard(self, call, what: str):
        """Run a call on the implementation; a driver fault or an unexpected error is a disagreement."""
        try:
            return call(), None
        except DriverFailure as exc:
            return None, Disagreement(
                self.played, f"implementation failed during {what}", [f"{exc.cause}: {exc.detail}"[:500]]
            )
        except GameError as exc:
            if exc.code == "unsupported":
                raise OutOfScope(f"{what}: {exc.message}") from None
            return None, Disagreement(
                self.played, f"implementation refused {what}", [f"{exc.code}: {exc.message}"[:500]]
            )

    def start(self, options: dict) -> Disagreement | None:
        self.ref = Table.new(self.ref_impl, self.game, options)  # GameError: options the rules refuse
        try:
            self.other, problem = self._guard(lambda: Table.new(self.impl, self.game, options), "new")
        except OutOfScope:
            return self.resync()  # an engine that does not deal may still take the dealt position
        return problem or self.compare()

    def resync(self) -> Disagreement | None:
        """Load the reference's position into the implementation; compare from there if it takes it on."""
        self._drop_other()
        state = self.ref.state()
        try:
            table, problem = self._guard(lambda: Table.load(self.impl, self.game, state), "load")
            if problem:
                return problem
            self.other = table
            self._guard(self.other.legal, "legal")  # unsupported: the position lies in a declined part
        except OutOfScope:
            self._drop_other()
            return None
        return self.compare(loaded=True)

    def _drop_other(self) -> None:
        if self.other is not None:
            try:
                self.other.close()
            except (GameError, DriverFailure):
                pass  # a table the engine forgot is gone either way
            self.other = None

    def observe(self, table: Table, players: list[str]) -> dict:
        seen = {"legal": without_moves(normal_legal(table.legal()), self.ignore_moves)}
        for player in [*players, None]:
            seen[f"view({player if player is not None else 'spectator'})"] = prune(table.view(player), self.ignore)
        return seen

    def _is_declined(self, move: dict) -> bool:
        """Does the implementation, given this position, answer ``move`` with ``unsupported``?"""
        key = canonical([move["actor"], move["action"]])
        if key in self.declined:
            return True
        try:
            scratch = Table.load(self.impl, self.game, self.ref.state())
        except (GameError, DriverFailure):
            return False
        try:
            scratch.apply(move["actor"], plain(move["action"]))
        except GameError as exc:
            if exc.code == "unsupported":
                self.declined.add(key)
                return True
        except DriverFailure:
            return False
        finally:
            try:
                scratch.close()
            except (GameError, DriverFailure):
                pass
        return False

    def _comparable_legal(self, expected: dict, actual: dict) -> dict:
        """The reference's ``legal()`` without the moves the implementation declines (only where they differ)."""
        theirs = {canonical([m.get("actor"), m.get("action")]) for m in actual.get("moves", []) if isinstance(m, dict)}
        missing = [m for m in expected["moves"] if canonical([m["actor"], m["action"]]) not in theirs]
        dropped = [m for m in missing if self._is_declined(m)]
        if not dropped:
            return expected
        keep = [m for m in expected["moves"] if m not in dropped]
        return {**expected, "to_act": sorted({m["actor"] for m in keep}), "moves": keep}

    def compare(self, loaded: bool = False) -> Disagreement | None:
        players = self.players
        expected = self.observe(self.ref, players)
        try:
            actual, problem = self._guard(lambda: self.observe(self.other, players), "an observation")
        except OutOfScope as why:  # it answers, but not here: a declined part; the reference plays on alone
            self._drop_other()
            if loaded:
                return None
            # Its own game left what it plays.  If it takes the reference's position on, the two
            # games have parted: the move led it elsewhere (a wrong phase, say), not into a declined part.
            problem = self.resync()
            if self.other is not None:
                return Disagreement(
                    self.played,
                    "scope",
                    [
                        f"after this move the implementation's own game is outside what it plays ({why}), "
                        "yet it plays the reference's position: the move led the two games apart"
                    ],
                )
            return problem
        if problem:
            return problem
        for key in expected:
            want, got = expected[key], actual.get(key)
            if canonical(want) == canonical(got):
                continue
            if key == "legal":
                want = self._comparable_legal(want, got if isinstance(got, dict) else {})
                if canonical(want) == canonical(got):
                    continue
            detail = differences(want, got)
            # Equal to the reference implies valid; only a difference is worth a schema check,
            # which then names the cause (validating every answer would cost more than the play).
            problem = schema_error(self.game, "view", got) if key != "legal" and not self.ignore else None
            if problem:
                detail.insert(0, f"schema_violation: {key} fails {problem}")
            return Disagreement(self.played, key, detail, want, got)
        return None

    def step(self, actor: str, action: dict, probe: bool = False) -> Disagreement | None:
        """Play one move on both sides (``probe``: a move the reference refuses; both must refuse alike)."""
        try:
            expected = {"events": self.ref.apply(actor, action)}
        except GameError as exc:
            expected = {"refusal": exc.code}
        if self.other is None:  # in a part the implementation declines: the reference plays on alone
            self.played += 1
            self.skipped += "events" in expected
            return self.resync() if "events" in expected else None
        try:
            actual = {"events": self.other.apply(actor, plain(action))}  # the reference's moves may be read-only
        except GameError as exc:
            actual = {"refusal": exc.code}
        except DriverFailure as exc:
            self.played += 1
            return Disagreement(self.played, "implementation failed during apply", [f"{exc.cause}: {exc.detail}"[:500]])
        self.played += 1
        if actual.get("refusal") == "unsupported":
            if "refusal" in expected:
                return None  # a move outside what it plays, refused either way: not judged
            self.declined.add(canonical([actor, action]))
            self.skipped += 1
            return self.resync()
        if "refusal" in expected or "refusal" in actual:
            if canonical(expected) != canonical(actual):
                return Disagreement(
                    self.played,
                    "refusal",
                    differences(expected, actual) or [f"{actor} {canonical(action)}"],
                    expected,
                    actual,
                )
            return None
        for viewer in [*self.players, None]:
            want = prune(redact_events(expected["events"], viewer), self.ignore)
            got = actual["events"]
            got = (
                prune(redact_events(got, viewer), self.ignore)
                if isinstance(got, list) and all(isinstance(e, dict) for e in got)
                else got
            )
            if canonical(want) != canonical(got):
                name = viewer if viewer is not None else "spectator"
                return Disagreement(
                    self.played,
                    f"events({name})",
                    differences(want, got) or [f"{actor} {canonical(action)}"],
                    want,
                    got,
                )
        return self.compare()

    def close(self) -> None:
        self._drop_other()
        if self.ref is not None:
            try:
                self.ref.close()
            except (GameError, DriverFailure):
                pass


def probe_for(legal: dict, players: list[str], history: list[dict], pick) -> dict | None:
    """A move the reference should refuse now: a legal move offered by someone not to act, or an old move."""
    to_act = set(legal["to_act"])
    idle = [p for p in players if p not in to_act]
    candidates = []
    if idle and legal["moves"]:
        move = legal["moves"][pick(len(legal["moves"]))]
        candidates.append({"actor": idle[pick(len(idle))], "action": move["action"]})
    now = {canonical([m["actor"], m["action"]]) for m in legal["moves"]}
    stale = [h for h in history if canonical([h["actor"], h["action"]]) not in now and h["actor"] != CHANCE]
    if stale:
        candidates.append(stale[pick(len(stale))])
    return candidates[pick(len(candidates))] if candidates else None


class InvalidOptions(Exception):
    """The reference refuses these options: not a game to compare."""


def play(diff: Differential, options: dict, steps: list[dict], *, pick, probe, max_steps: int) -> Disagreement | None:
    """Play a random game, appending what is played to ``steps`` (the record a replay needs)."""
    try:
        problem = diff.start(options)
    except GameError as exc:
        raise InvalidOptions(str(exc)) from None
    except OutOfScope:
        return None
    if problem:
        return problem
    try:
        return _play(diff, steps, pick=pick, probe=probe, max_steps=max_steps)
    except OutOfScope:
        return None  # the rest of this game is outside what the implementation offers


def _play(diff: Differential, steps: list[dict], *, pick, probe, max_steps: int) -> Disagreement | None:
    while len(steps) < max_steps:
        legal = diff.ref.legal()
        if not legal["moves"]:
            return None
        if probe():
            move = probe_for(legal, player_ids(diff.ref.state()), steps, pick)
            if move is not None:
                steps.append({**move, "probe": True})
                problem = diff.step(move["actor"], move["action"], probe=True)
                if problem:
                    return problem
                continue
        playable = [m for m in legal["moves"] if m["action"].get("type") not in diff.ignore_moves] or legal["moves"]
        move = playable[pick(len(playable))]
        steps.append({"actor": move["actor"], "action": move["action"]})
        problem = diff.step(move["actor"], move["action"])
        if problem:
            return problem
    return None


def replay(reference, implementation, record: dict) -> Disagreement | None:
    """Play a saved record on both sides; the first disagreement, or None if they now agree."""
    if record.get("format") != REPLAY_FORMAT:
        raise ValueError(f"not a Casebook replay file (format {record.get('format')!r})")
    diff = Differential(
        reference,
        implementation,
        record["game"],
        ignore=tuple(record.get("ignore", ())),
        ignore_moves=tuple(record.get("ignore_moves", ())),
    )
    try:
        problem = diff.start(record.get("options", {}))
        for move in record["steps"]:
            if problem:
                return problem
            problem = diff.step(move["actor"], move["action"], probe=move.get("probe", False))
        return problem
    except OutOfScope:
        return None
    finally:
        diff.close()


def save(record: dict, path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    return write_text(path, json.dumps(record, indent=2, ensure_ascii=False) + "\n")
