"""Differential fuzzing: the same moves on the implementation and on the reference.

``casebook fuzz`` lets Hypothesis choose a game's options and then, move by
move, an index into the reference's sorted ``legal()`` list (so any engine
with the same rules offers the same list), now and then probing a move that
should be refused.  After every step both sides must agree on the canonical
state, on ``legal()``, on every player's view and a spectator's, on the
events of the move, and on the error code of a refusal.  Hypothesis shrinks a
disagreement to a short game record, saved as JSON; ``casebook replay``
plays it again.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from pathlib import Path

from casebook.conformance.validating import schema_error
from casebook.errors import DriverFailure, GameError
from casebook.protocol import CHANCE, Table, canonical, players_of

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
    moves = [dict(m, p=round(float(m["p"]), 9)) if isinstance(m, dict) and isinstance(m.get("p"), (int, float)) else m
             for m in legal.get("moves", [])]
    return {**legal, "moves": moves}


player_ids = players_of


class OutOfScope(Exception):
    """The implementation answered ``unsupported``: the game left the part it declares; stop comparing."""


@dataclass
class Disagreement:
    step: int  # how many steps had been played when they parted (0: right after new)
    what: str  # "state", "legal", "view(Justus)", "events", "refusal", "implementation failed"…
    detail: list[str] = field(default_factory=list)
    reference: object = None
    implementation: object = None

    def __str__(self) -> str:
        lines = "\n  ".join(self.detail)
        return f"after step {self.step}: {self.what} differs\n  {lines}"


class Differential:
    """One game on both sides.  Every call returns a Disagreement or None."""

    def __init__(self, reference, implementation, game: str):
        self.ref_impl, self.impl, self.game = reference, implementation, game
        self.ref: Table | None = None
        self.other: Table | None = None
        self.played = 0

    def _guard(self, call, what: str):
        """Run a call on the implementation; a driver fault or an unexpected error is a disagreement."""
        try:
            return call(), None
        except DriverFailure as exc:
            return None, Disagreement(self.played, f"implementation failed during {what}", [f"{exc.cause}: {exc.detail}"[:500]])
        except GameError as exc:
            if exc.code == "unsupported":
                raise OutOfScope(f"{what}: {exc.message}") from None
            return None, Disagreement(self.played, f"implementation refused {what}", [f"{exc.code}: {exc.message}"[:500]])

    def start(self, options: dict) -> Disagreement | None:
        self.ref = Table.new(self.ref_impl, self.game, options)  # GameError: options the rules refuse
        self.other, problem = self._guard(lambda: Table.new(self.impl, self.game, options), "new")
        return problem or self.compare()

    def observe(self, table: Table) -> dict:
        state = table.state()
        seen = {"state": state, "legal": normal_legal(table.legal())}
        for player in [*player_ids(self.ref.state()), None]:
            seen[f"view({player if player is not None else 'spectator'})"] = table.view(player)
        return seen

    def compare(self) -> Disagreement | None:
        expected = self.observe(self.ref)
        actual, problem = self._guard(lambda: self.observe(self.other), "an observation")
        if problem:
            return problem
        for key in ("legal", "state", *[k for k in expected if k.startswith("view")]):
            if canonical(expected[key]) != canonical(actual.get(key)):
                detail = differences(expected[key], actual.get(key))
                # Equal to the reference implies valid; only a difference is worth a schema check,
                # which then names the cause (validating every answer would cost more than the play).
                part = "view" if key.startswith("view") else key
                problem = schema_error(self.game, part, actual.get(key)) if part != "legal" else None
                if problem:
                    detail.insert(0, f"schema_violation: {key} fails {problem}")
                return Disagreement(self.played, key, detail, expected[key], actual.get(key))
        return None

    def step(self, actor: str, action: dict, probe: bool = False) -> Disagreement | None:
        """Play one move on both sides (``probe``: a move the reference refuses; both must refuse alike)."""
        try:
            expected = {"events": self.ref.apply(actor, action)}
        except GameError as exc:
            expected = {"refusal": exc.code}
        try:
            actual = {"events": self.other.apply(actor, action)}
        except GameError as exc:
            if exc.code == "unsupported" and "events" in expected:
                raise OutOfScope(f"apply: {exc.message}") from None
            actual = {"refusal": exc.code}
        except DriverFailure as exc:
            self.played += 1
            return Disagreement(self.played, "implementation failed during apply", [f"{exc.cause}: {exc.detail}"[:500]])
        self.played += 1
        if canonical(expected) != canonical(actual):
            what = "refusal" if "refusal" in expected or "refusal" in actual else "events"
            return Disagreement(self.played, what, differences(expected, actual) or [f"{actor} {canonical(action)}"], expected, actual)
        return self.compare()

    def close(self) -> None:
        for table in (self.ref, self.other):
            if table is not None:
                try:
                    table.close()
                except Exception:
                    pass  # a crashed engine has forgotten it already


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
        move = legal["moves"][pick(len(legal["moves"]))]
        steps.append({"actor": move["actor"], "action": move["action"]})
        problem = diff.step(move["actor"], move["action"])
        if problem:
            return problem
    return None


def from_schema(node: dict, root: dict):
    """A Hypothesis strategy for the simple JSON Schemas options use (enum, bool, int range, arrays, objects)."""
    from hypothesis import strategies as st

    if "$ref" in node and node["$ref"].startswith("#/$defs/"):
        return from_schema(root["$defs"][node["$ref"].rsplit("/", 1)[1]], root)
    if "const" in node:
        return st.just(node["const"])
    if "enum" in node:
        return st.sampled_from(node["enum"])
    kind = node.get("type")
    if kind == "boolean":
        return st.booleans()
    if kind == "integer":
        return st.integers(node.get("minimum", 0), node.get("maximum", node.get("minimum", 0) + 10))
    if kind == "array" and "items" in node:
        items = from_schema(node["items"], root)
        return st.lists(items, min_size=node.get("minItems", 0), max_size=node.get("maxItems", 6), unique_by=(
            lambda v: canonical(v)) if node.get("uniqueItems") else None)
    if kind == "object" or "properties" in node:
        required = set(node.get("required", []))
        props = node.get("properties", {})
        fixed = {k: from_schema(v, root) for k, v in props.items() if k in required}
        optional = {k: from_schema(v, root) for k, v in props.items() if k not in required}
        return st.fixed_dictionaries(fixed, optional=optional)
    return st.nothing()


def options_strategy(facts: dict, schema: dict | None):
    """Options Hypothesis may choose, drawn from the game's ``$defs.options``; {} (the defaults) when none."""
    from hypothesis import strategies as st

    node = ((schema or {}).get("$defs", {}) or {}).get("options")
    if not node:
        return st.just({})
    return st.one_of(st.just({}), from_schema(node, schema))


class _Found(Exception):
    pass


def fuzz(reference, implementation, game: str, *, examples: int = 50, seed: int = 0, max_steps: int = 200,
         options: dict | None = None, shrink: bool = True, on_example=None) -> dict | None:
    """Search for a disagreement; return the minimal replay record, or None when none was found."""
    from hypothesis import HealthCheck, Phase, Verbosity, assume, given, settings
    from hypothesis import seed as hseed
    from hypothesis import strategies as st

    from casebook.conformance.validating import game_schema

    facts = reference.hello()["games"].get(game, {})
    opts = st.just(options) if options is not None else options_strategy(facts, game_schema(game))
    last: dict = {}

    @settings(max_examples=examples, database=None, deadline=None, derandomize=False, print_blob=False,
              suppress_health_check=list(HealthCheck), verbosity=Verbosity.quiet,
              phases=[Phase.generate, Phase.shrink] if shrink else [Phase.generate])
    @hseed(seed)
    @given(st.data())
    def one_game(data):
        chosen = data.draw(opts, label="options")
        steps: list[dict] = []
        diff = Differential(reference, implementation, game)
        try:
            problem = play(diff, chosen, steps, max_steps=max_steps,
                           pick=lambda n: data.draw(st.integers(0, n - 1)) if n > 1 else 0,
                           probe=lambda: data.draw(st.integers(0, 9)) == 9)
        except InvalidOptions:
            assume(False)  # e.g. a Duel for three: the rules refuse it, so there is nothing to compare
            return
        finally:
            diff.close()
        if on_example is not None:
            on_example(len(steps))
        if problem is not None:
            last.clear()
            last.update({"options": chosen, "steps": steps, "disagreement": asdict(problem), "summary": str(problem)})
            raise _Found(str(problem))

    try:
        one_game()
    except _Found:
        pass
    except Exception:  # Hypothesis' Flaky and friends: keep the last disagreement seen
        if not last:
            raise
    if not last:
        return None
    return {"format": REPLAY_FORMAT, "game": game, **last}


def replay(reference, implementation, record: dict) -> Disagreement | None:
    """Play a saved record on both sides; the first disagreement, or None if they now agree."""
    if record.get("format") != REPLAY_FORMAT:
        raise ValueError(f"not a Casebook replay file (format {record.get('format')!r})")
    diff = Differential(reference, implementation, record["game"])
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
    path.write_text(json.dumps(record, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return path
