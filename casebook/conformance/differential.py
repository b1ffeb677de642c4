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
from dataclasses import dataclass, field, replace
from functools import lru_cache
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


@dataclass(frozen=True)
class Declined:
    """What an engine's hello declines in one game, as fuzz honours it (verify reads the same ``declines``).

    ``clauses``: the clauses the declines remove wholly (tags and ids alike, ``casebook.verdicts.declined_clauses``);
    ``moves``: phase -> the action types those clauses make (``declined_moves``), never compared in ``legal()``
    and never chosen while the reference lists anything else; ``options``: option -> the value fuzz gives it, for
    each option whose other values play a declined clause (the schema's ``clauses``/``without``), and ``played_by``:
    option -> the values that play them, where not every other value does (the schema's ``played_by``: heist's
    tutorial, not its public room, which fuzz still plays);
    ``variants`` and ``player_counts``: what ``variant-X`` and ``players-N`` decline; ``types``: the action types
    hello's ``declined_actions`` names (a kit engine's, its no-dice shape's dice among them), declined in every phase.
    """

    clauses: frozenset = frozenset()
    moves: dict = field(default_factory=dict)
    options: dict = field(default_factory=dict)
    variants: frozenset = frozenset()
    player_counts: frozenset = frozenset()
    types: frozenset = frozenset()
    played_by: dict = field(default_factory=dict)

    def in_phase(self, phase) -> frozenset:
        """The action types declined in ``phase``."""
        return self.moves.get(phase, frozenset()) | self.types

    @property
    def any_move(self) -> bool:
        return bool(self.moves or self.types)

    def move(self, phase, move: dict) -> bool:
        action = move.get("action") if isinstance(move, dict) else None
        return isinstance(action, dict) and action.get("type") in self.in_phase(phase)

    def plays_declined(self, name: str, value) -> bool:
        """Whether option ``name`` set to ``value`` plays a declined clause."""
        played = self.played_by.get(name)
        return value != self.options[name] if played is None else value in played

    def allows(self, options: dict) -> bool:
        """Whether ``options`` (as chosen, defaults left out) play nothing declined."""
        return (
            not any(self.plays_declined(name, options.get(name, value)) for name, value in self.options.items())
            and options.get("variant") not in self.variants
            and not ("players" in options and len(options["players"]) in self.player_counts)
        )

    def honoured(self, options: dict) -> dict:
        """``options`` with each option that is not given, or plays a declined clause, set to the value that plays
        none; a value that plays none is kept (heist's public room where the tutorial's clauses are declined)."""
        return {
            **options,
            **{n: v for n, v in self.options.items() if n not in options or self.plays_declined(n, options[n])},
        }


NOTHING_DECLINED = Declined()


def declined_in(reference, game: str, hello: dict) -> Declined:
    """What ``hello`` declines in ``game``, read once: its clauses, the moves and options they make (from the
    features, the reference's ``describe`` and the game's schema)."""
    declines = tuple(sorted(((hello.get("games") or {}).get(game) or {}).get("declines") or ()))
    types = frozenset((hello.get("declined_actions") or {}).get(game) or ())
    if not declines:
        return Declined(types=types) if types else NOTHING_DECLINED
    try:
        described = reference.describe(game)
    except Exception:  # describe is optional in the protocol: no moves known to decline
        described = {}
    return replace(_declined(declines, game, canonical(described.get("transitions") or [])), types=types)


@lru_cache(maxsize=32)
def _declined(declines: tuple[str, ...], game: str, transitions: str) -> Declined:
    from casebook.conformance.report import catalog
    from casebook.conformance.suite import shipped_root
    from casebook.conformance.validating import game_schema
    from casebook.verdicts import declined_clauses, declined_moves

    clauses = declined_clauses(declines, game, catalog(shipped_root() / "features", [game]))
    spec = (((game_schema(game) or {}).get("$defs") or {}).get("options") or {}).get("properties") or {}
    declining = {  # the options some value of which plays a declined clause
        name: node for name, node in spec.items() if isinstance(node, dict) and set(node.get("clauses") or ()) & clauses
    }
    return Declined(
        clauses=clauses,
        moves=declined_moves(clauses, json.loads(transitions)),
        options={name: node["without"] for name, node in declining.items()},
        played_by={name: frozenset(node["played_by"]) for name, node in declining.items() if node.get("played_by")},
        variants=frozenset(d.removeprefix("variant-") for d in declines if d.startswith("variant-")),
        player_counts=frozenset(int(d.removeprefix("players-")) for d in declines if re.fullmatch(r"players-\d+", d)),
    )


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
        verdict = self.what if self.what.startswith("implementation failed") else f"{self.what} differs"
        if any(d.startswith("timeout:") for d in self.detail):
            verdict += " (a call over its time limit: the engine hangs here)"
        return f"after step {self.step}: {verdict}\n  {lines}"

    def signature(self, players: list[str], fields: frozenset[str] | None = None) -> str:
        """What makes two disagreements the same one: the kind and the first differing path, with values,
        indices, player names and every other map key left out, and cut after the first field below a key.

        ``view(Justus)`` and ``view(Peter)`` differing at ``$.hands.Justus`` and
        ``$.hands.Peter`` are one deviation seen twice, not two; so are ``$.markers.Knife``
        and ``$.markers.Rope``, and heist's ``$.tokens.drill`` and ``$.tokens.dynamite``: one
        missing marker in a map is one difference, whichever key shows it first.  A blank notes
        sheet is one difference whichever of its headings shows it first (``$.private.<player>.notes``).
        ``fields``: the field names the game's schema declares (``schema_fields``); any other
        word is a map key.  Without them (a game with no schema) a key is a name that is not a
        snake_case word (capitalised, or with a space).
        """
        kind = re.sub(r"\(.*\)", "", self.what)
        first = self.detail[0] if self.detail else ""
        where = first.split(":", 1)[0] if first.startswith("$") else ""
        for player in sorted(players, key=len, reverse=True):
            where = where.replace(f".{player}", ".<player>")
        out, below_a_key = ["$"] if where else [], False
        for index, word in re.findall(r"(\[\d*\])|\.([^.\[]+)", where.removeprefix("$")):
            if index:
                out.append("[]")
            elif word == "<player>" or not _is_field(word, fields):
                out.append(".<player>" if word == "<player>" else ".<key>")
                below_a_key = True
            else:
                out.append(f".{word}")
                if below_a_key:
                    break
        return f"{kind} {''.join(out)}".strip()


def _is_field(word: str, fields: frozenset[str] | None) -> bool:
    return word in fields if fields is not None else re.fullmatch(r"[a-z][a-z0-9_]*", word) is not None


@lru_cache(maxsize=16)
def schema_fields(game: str) -> frozenset[str] | None:
    """Every property name the game's schema declares (its views, events, state and legal moves), or None without
    a schema: what ``Disagreement.signature`` keeps of a path, the rest being map keys."""
    from casebook.conformance.validating import game_schema

    schema = game_schema(game)
    if schema is None:
        return None
    defs = schema.get("$defs") or {}
    # an object whose properties are all names of the game (heist's tokens, Feuerdiamant's tracks) is a map
    names = {v for d in defs.values() if isinstance(d, dict) for v in d.get("enum", ()) if isinstance(v, str)}
    found: set[str] = set()

    def walk(node) -> None:
        if isinstance(node, dict):
            declared = set(node.get("properties") or {})
            if not declared <= names:
                found.update(declared)
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(defs)
    return frozenset(found | {"moves", "to_act", "actor", "action", "p"})


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
        self,
        reference,
        implementation,
        game: str,
        ignore: tuple[str, ...] = (),
        ignore_moves: tuple[str, ...] = (),
        declines: Declined | None = None,
    ):
        self.ref_impl, self.impl, self.game, self.ignore = reference, implementation, game, tuple(ignore)
        self.ignore_moves = frozenset(ignore_moves)  # action types set aside: not compared in legal(), never played
        # what the implementation's hello declines (None: read it now), honoured like its 'unsupported' answers
        self.declines = declines if declines is not None else declined_in(reference, game, implementation.hello())
        self.stopped = ""  # why the game stopped before its end: only ignored types were listed
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

    def observe(self, table: Table, players: list[str], phase=None) -> dict:
        """What a player can observe at ``table``; ``legal()`` without the moves not compared (``set_aside``)."""
        seen = {"legal": self.set_aside(normal_legal(table.legal()), phase)}
        for player in [*players, None]:
            seen[f"view({player if player is not None else 'spectator'})"] = prune(table.view(player), self.ignore)
        return seen

    def set_aside(self, legal, phase):
        """``legal`` without the types ``--ignore-moves`` names and the moves the engine's hello declines in
        ``phase`` (the reference's): neither is compared."""
        return without_moves(without_moves(legal, self.ignore_moves), self.declines.in_phase(phase))

    def choices(self, legal: dict) -> tuple[list[dict], bool]:
        """The moves fuzz may choose from the reference's ``legal``, and whether the one chosen is played on the
        reference alone.  Never a type ``--ignore-moves`` names (none left: ``[]``, the game stops there); a move
        the hello declines only where the reference lists nothing else, and then on the reference alone (the
        position is loaded into the implementation after it, as after a move it answers ``unsupported``)."""
        moves = [m for m in legal["moves"] if m["action"].get("type") not in self.ignore_moves]
        if not moves or not self.declines.any_move:
            return moves, False
        phase = self.ref.state().get("phase")
        kept = [m for m in moves if not self.declines.move(phase, m)]
        return (kept, False) if kept else (moves, True)

    def step_alone(self, actor: str, action: dict) -> Disagreement | None:
        """Play a move the implementation declines on the reference alone, then give it the position."""
        self.ref.apply(actor, action)
        self.played += 1
        self.skipped += 1
        return self.resync()

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
        state = self.ref.state()
        players, phase = player_ids(state), state.get("phase")
        expected = self.observe(self.ref, players, phase)
        try:
            actual, problem = self._guard(lambda: self.observe(self.other, players, phase), "an observation")
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


def probe_for(legal: dict, players: list[str], history: list[dict], pick, offered=None) -> dict | None:
    """A move the reference should refuse now: a legal move (one of ``offered``: by default any listed) offered by
    someone not to act, or an old move."""
    to_act = set(legal["to_act"])
    idle = [p for p in players if p not in to_act]
    candidates = []
    offered = legal["moves"] if offered is None else offered
    if idle and offered:
        move = offered[pick(len(offered))]
        candidates.append({"actor": idle[pick(len(idle))], "action": move["action"]})
    now = {canonical([m["actor"], m["action"]]) for m in legal["moves"]}
    stale = [h for h in history if canonical([h["actor"], h["action"]]) not in now and h["actor"] != CHANCE]
    if stale:
        candidates.append(stale[pick(len(stale))])
    return candidates[pick(len(candidates))] if candidates else None


class InvalidOptions(Exception):
    """The reference refuses these options: not a game to compare."""


def play(
    diff: Differential,
    options: dict,
    steps: list[dict],
    *,
    pick,
    probe,
    max_steps: int,
    ending: frozenset = frozenset(),
    steer_after: int | None = None,
) -> Disagreement | None:
    """Play a random game, appending what is played to ``steps`` (the record a replay needs).

    ``steer_after``: from that many steps on, a move of an ``ending`` type (one that can end the game: an
    accusation) is played whenever one is listed, so that games reach their ends within ``max_steps``, where
    engines hang or end too early (issue 44 item 8)."""
    try:
        problem = diff.start(options)
    except GameError as exc:
        raise InvalidOptions(str(exc)) from None
    except OutOfScope:
        return None
    if problem:
        return problem
    try:
        return _play(diff, steps, pick=pick, probe=probe, max_steps=max_steps, ending=ending, steer_after=steer_after)
    except OutOfScope:
        return None  # the rest of this game is outside what the implementation offers


def _play(
    diff: Differential, steps: list[dict], *, pick, probe, max_steps: int, ending: frozenset, steer_after: int | None
) -> Disagreement | None:
    while len(steps) < max_steps:
        legal = diff.ref.legal()
        if not legal["moves"]:
            return None
        playable, alone = diff.choices(legal)
        if not playable:  # the reference lists only types set aside: playing one would judge what was set aside
            types = sorted({m["action"].get("type") for m in legal["moves"]}, key=str)
            diff.stopped = f"only {', '.join(map(str, types))} listed"
            return None
        if probe():
            move = probe_for(legal, player_ids(diff.ref.state()), steps, pick, [] if alone else playable)
            if move is not None:
                steps.append({**move, "probe": True})
                problem = diff.step(move["actor"], move["action"], probe=True)
                if problem:
                    return problem
                continue
        if steer_after is not None and len(steps) >= steer_after:
            playable = [m for m in playable if m["action"].get("type") in ending] or playable
        move = playable[pick(len(playable))]
        steps.append({"actor": move["actor"], "action": move["action"], **({"declined": True} if alone else {})})
        problem = diff.step_alone(move["actor"], move["action"]) if alone else diff.step(move["actor"], move["action"])
        if problem:
            return problem
    return None


def ending_verbs(reference, game: str) -> frozenset:
    """The action types that can end ``game`` (the reference's transitions into a final phase, the automatic ones
    aside): what fuzz steers towards.  None known (a reference without ``describe``): nothing is steered."""
    try:
        described = reference.describe(game)
    except Exception:  # describe is optional in the protocol
        return frozenset()
    final = {p["name"] for p in described.get("phases", []) if p.get("final")}
    return frozenset(t["verb"] for t in described.get("transitions", []) if t.get("dest") in final) - {"auto"}


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
            if move.get("declined"):  # a move the implementation's hello declines: the reference's alone
                problem = diff.step_alone(move["actor"], move["action"])
            else:
                problem = diff.step(move["actor"], move["action"], probe=move.get("probe", False))
        return problem
    except OutOfScope:
        return None
    finally:
        diff.close()


def save(record: dict, path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    return write_text(path, json.dumps(record, indent=2, ensure_ascii=False) + "\n")
