"""What an engine tells the site, through the driver protocol only: its facts and its structure.

The site never imports or parses an engine.  It opens an implementation the way the suite
does (``casebook.impls``: by default the ``reference`` entry point; ``$CASEBOOK_IMPL`` or
mkdocs.yml's ``extra.casebook.engine`` name another, ``cmd:`` engines included) and asks it:

* ``hello()``: each game's facts (title, players, variants...);
* ``describe(game)``, the optional call of the protocol (its shape: ``casebook.contract.DESCRIBE``):
  the phases of a turn, the transitions in rulebook verbs with their guards and effects, the
  clause ids each phase and transition cites, and the modelled board.

An engine that does not answer ``describe``, or answers it for some games only, still gets
every page from its features: the game page says what is missing.  A malformed answer is
reported in the contract's words (``mkdocs build --strict`` refuses it) and its bad parts left out.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from casebook import settings
from casebook import contract

DEFAULT_ENGINE = "reference"


@dataclass
class EngineInfo:
    game: str
    facts: dict = field(default_factory=dict)
    describe: dict | None = None  # the checked describe(game) answer
    error: str = ""  # why there is no describe answer (a note for the page, not a failure)


def engine_spec(configured: str | None = None) -> str:
    return settings.IMPL.get() or configured or DEFAULT_ENGINE


def check_describe(game: str, answer, known: set[str], problems: list[str]) -> dict | None:
    """The describe answer with its malformed parts left out, or None if it is not an object.

    What is malformed is the contract's to say (``casebook.contract.describe_problems``, reported here
    in its words); this only salvages: each part a problem lies in (the innermost list item: a phase,
    a transition, a location, a path, a cited clause id; else the top-level field) is left out, again
    until what remains is whole (a phase left out orphans the transitions that named it).
    """
    found = contract.describe_problems(answer, known)
    problems.extend(f"{game}: {p}" for p in found)
    if not isinstance(answer, dict):
        return None
    kept = answer
    while found:
        drop = {_part(p.where) for p in found} - {()}
        if not drop:
            break
        kept = _without(kept, drop)
        found = contract.describe_problems(kept, known)
    phases = kept.get("phases", [])
    initial = kept.get("initial") or (phases[0]["name"] if phases else None)
    return {
        "game": game,
        "title": kept.get("title", ""),
        "initial": initial,
        "phases": phases,
        "transitions": kept.get("transitions", []),
        "board": kept.get("board"),
    }


def _part(where: tuple) -> tuple:
    """The part of the answer a problem lies in: up to its innermost list index, else its top-level field."""
    indices = [i for i, key in enumerate(where) if isinstance(key, int)]
    return where[: indices[-1] + 1] if indices else where[:1]


def _without(value, drop: set[tuple], path: tuple = ()):
    """A copy of ``value`` without the parts at the paths in ``drop``."""
    if isinstance(value, dict):
        return {k: _without(v, drop, path + (k,)) for k, v in value.items() if path + (k,) not in drop}
    if isinstance(value, list):
        return [_without(v, drop, path + (i,)) for i, v in enumerate(value) if path + (i,) not in drop]
    return value


def engine_infos(games: dict[str, set[str]], problems: list[str], spec: str | None = None) -> dict[str, EngineInfo]:
    """For each game id with features (-> its clause ids): what the engine says of it."""
    from casebook.impls import close_implementation, open_implementation

    spec = engine_spec(spec)
    infos = {game: EngineInfo(game) for game in games}
    try:
        impl = open_implementation(spec)
    except Exception as exc:  # no engine is no reason not to publish the rules
        for info in infos.values():
            info.error = f"the engine {spec!r} could not be opened ({type(exc).__name__}: {exc})"
        problems.append(f"the engine {spec!r} could not be opened: {type(exc).__name__}: {exc}")
        return infos
    try:
        try:
            hello = impl.hello()
        except Exception as exc:
            problems.append(f"{spec}: hello failed: {type(exc).__name__}: {exc}")
            hello = {}
        problems.extend(f"{spec}: {p}" for p in contract.problems("hello", hello))
        offered = hello.get("games") if isinstance(hello, dict) and isinstance(hello.get("games"), dict) else {}
        describe = getattr(impl, "describe", None)
        for game, known in games.items():
            info = infos[game]
            if game not in offered:
                info.error = f"the engine {spec!r} does not offer this game"
                continue
            info.facts = dict(offered[game]) if isinstance(offered[game], dict) else {}
            if describe is None:
                info.error = f"the engine {spec!r} does not answer describe"
                continue
            try:
                answer = describe(game)
            except Exception as exc:  # unsupported, or an engine that has not written it yet
                info.error = f"the engine {spec!r} does not describe this game ({type(exc).__name__}: {exc})"
                continue
            info.describe = check_describe(game, answer, known, problems)
            if info.describe is None:
                info.error = "the engine's describe answer is malformed"
    finally:
        close_implementation(impl)
    return infos


def schema_of(game: str, root: Path) -> dict | None:
    path = root / "casebook" / "schemas" / f"{game}.json"
    if not path.is_file():
        return None
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except ValueError:
        return None
