"""What an engine tells the site, through the driver protocol only: its facts and its structure.

The site never imports or parses an engine.  It opens an implementation the way the suite
does (``casebook.impls``: by default the ``reference`` entry point; ``$CASEBOOK_IMPL`` or
mkdocs.yml's ``extra.casebook.engine`` name another, ``cmd:`` engines included) and asks it:

* ``hello()``: each game's facts (title, players, variants...);
* ``describe(game)``, the optional call of the protocol (shape in casebook/protocol.py and the
  project brief): the phases of a turn, the transitions in rulebook verbs with their guards and
  effects, the clause ids each phase and transition cites, and the modelled board.

An engine that does not answer ``describe``, or answers it for some games only, still gets
every page from its features: the game page says what is missing.  A malformed answer is
reported (``mkdocs build --strict`` refuses it) and its bad parts left out.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path

DEFAULT_ENGINE = "reference"
ACTORS = {"player", "chance", "clock", "players", None}


@dataclass
class EngineInfo:
    game: str
    facts: dict = field(default_factory=dict)
    describe: dict | None = None  # the checked describe(game) answer
    error: str = ""  # why there is no describe answer (a note for the page, not a failure)


def engine_spec(configured: str | None = None) -> str:
    return os.environ.get("CASEBOOK_IMPL") or configured or DEFAULT_ENGINE


def check_describe(game: str, answer, known: set[str], problems: list[str]) -> dict | None:
    """The describe answer with its malformed parts left out (each one reported), or None."""
    where = f"{game}: describe"
    if not isinstance(answer, dict):
        problems.append(f"{where} answered {type(answer).__name__}, not an object")
        return None
    phases, names = [], set()
    for p in answer.get("phases") or []:
        if not isinstance(p, dict) or not isinstance(p.get("name"), str) or not p["name"]:
            problems.append(f"{where}: a phase without a name: {p!r:.80}")
            continue
        if p.get("actor") not in ACTORS:
            problems.append(f"{where}: phase {p['name']!r} has actor {p.get('actor')!r}, not one of player, chance, clock, players or null")
        phases.append(p)
        names.add(p["name"])
    transitions = []
    for t in answer.get("transitions") or []:
        if not isinstance(t, dict) or not isinstance(t.get("verb"), str) or t.get("source") not in names or (t.get("dest") is not None and t.get("dest") not in names):
            problems.append(f"{where}: a transition that names no known verb, source and destination: {t!r:.120}")
            continue
        transitions.append(t)
    for item in phases + transitions:
        ids = item.get("clauses") or []
        unknown = [i for i in ids if i not in known]
        if unknown:
            label = item.get("name") or item.get("verb")
            problems.append(f"{where}: {label!r} cites clauses the features do not have: {unknown}")
        item["clauses"] = [i for i in ids if i in known]
    board = answer.get("board")
    if board is not None and not (isinstance(board, dict) and isinstance(board.get("locations"), list) and isinstance(board.get("paths"), list)):
        problems.append(f"{where}: board is neither null nor an object with locations and paths")
        board = None
    if board is not None:
        places = {loc.get("name") for loc in board["locations"] if isinstance(loc, dict) and isinstance(loc.get("name"), str)}
        bad = [p for p in board["paths"] if not isinstance(p, dict) or p.get("a") not in places or p.get("b") not in places]
        if bad:
            problems.append(f"{where}: {len(bad)} board paths join unknown locations, e.g. {bad[0]!r:.100}")
        board = {
            "locations": [loc for loc in board["locations"] if isinstance(loc, dict) and isinstance(loc.get("name"), str)],
            "paths": [p for p in board["paths"] if p not in bad],
        }
    initial = answer.get("initial") if answer.get("initial") in names else (phases[0]["name"] if phases else None)
    return {"game": game, "title": answer.get("title") or "", "initial": initial, "phases": phases, "transitions": transitions, "board": board}


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
            offered = (impl.hello() or {}).get("games") or {}
        except Exception as exc:
            problems.append(f"{spec}: hello failed: {type(exc).__name__}: {exc}")
            offered = {}
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
