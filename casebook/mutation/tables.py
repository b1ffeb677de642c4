"""The mutants of one game: generated from the kit's tables, plus the hand-written ones.

A ``Mutant`` is one rule change: its id (stable while the tables keep their shape: rows are named by trigger,
source and destination, counts by name), the operator, the clause ids it touches (the row's ``clauses``; for a
count, the clause ids of its comment or the nearest one above it), one line a designer reads, and the recipe that
``patch.py`` applies in the engine process.

Row order is meaning (for one trigger the first row whose guards hold wins), so swapping two rows of one trigger
that leave the same phase is a rule change like any other.

The harness never names the reference engine's modules: the reference is the implementation registered as the
entry point ``reference`` (pyproject.toml), and its games are the packages beside that module, written on the kit
(``<package>/<game>/machine.py``, ``rules.py``, ``engine.py``: the layout docs/write-a-game-engine.md documents).
"""

from __future__ import annotations

import ast
import importlib
import importlib.util
import re
import runpy
from dataclasses import dataclass, field
from pathlib import Path

from casebook.rulebook import CLAUSE_ID

AUTO = (
    "auto"  # statemachines.kit.AUTO: the trigger of automatic rows (not imported: the harness reaches engines by name)
)
CLAUSE = re.compile(r"\b" + CLAUSE_ID.pattern.strip("^$") + r"\b")  # a clause id inside a comment

OPERATORS = {
    "drop-condition": "drop a row's condition",
    "negate-condition": "negate a row's condition",
    "swap-rows": "swap two rows of one trigger",
    "drop-callback": "drop a row's callback",
    "count": "change a count or limit by one",
    "offer-next": "offer a move to the next player",
    "hand": "hand-written",
}


@dataclass(frozen=True)
class Mutant:
    id: str
    operator: str  # a key of OPERATORS
    clauses: tuple[str, ...]
    change: str  # one line a designer reads
    recipe: dict = field(compare=False)  # what patch.py applies


def _listify(value) -> list:
    if value is None:
        return []
    return list(value) if isinstance(value, (list, tuple)) else [value]


def _words(name: str) -> str:
    return name.replace("_", " ")


def row_keys(rows: list[dict]) -> list[str]:
    """A name per row, stable while rows keep their trigger, sources and destination: ``take:playing>turn_over``
    (``#2`` for a second row with the same three)."""
    keys, seen = [], {}
    for row in rows:
        key = f"{row['trigger']}:{'|'.join(_listify(row['source']))}>{row.get('dest') or 'stay'}"
        seen[key] = seen.get(key, 0) + 1
        keys.append(key if seen[key] == 1 else f"{key}#{seen[key]}")
    return keys


def _row_words(row: dict) -> str:
    verb = "the automatic step" if row["trigger"] == AUTO else f"“{_words(row['trigger'])}”"
    sources = " or ".join(_words(s) for s in _listify(row["source"]))
    dest = _words(row.get("dest") or "") or "the same phase"
    return f"{verb} from {sources} to {dest}"


def from_rows(game: str, rows: list[dict], states: list[dict]) -> list[Mutant]:
    """Drop or negate each condition, drop each callback,
    swap each row with the next of its trigger from a shared phase;
    offer each player's trigger to the next seat."""
    out: list[Mutant] = []
    keys = row_keys(rows)
    for i, (row, key) in enumerate(zip(rows, keys)):
        clauses = tuple(row.get("clauses", ()))
        words = _row_words(row)
        for fld in ("conditions", "unless"):
            other = "unless" if fld == "conditions" else "conditions"
            for name in _listify(row.get(fld)):
                need = f"“{_words(name)}”" if fld == "conditions" else f"“not {_words(name)}”"
                anti = f"“not {_words(name)}”" if fld == "conditions" else f"“{_words(name)}”"
                base = {"kind": "row", "index": i, "key": key, "field": fld, "name": name}
                out.append(
                    Mutant(
                        f"{game}:drop-condition:{key}:{name}",
                        "drop-condition",
                        clauses,
                        f"{words} no longer needs {need}",
                        {**base, "to": None},
                    )
                )
                out.append(
                    Mutant(
                        f"{game}:negate-condition:{key}:{name}",
                        "negate-condition",
                        clauses,
                        f"{words} needs {anti} instead of {need}",
                        {**base, "to": other},
                    )
                )
        for fld in ("before", "after"):
            for name in _listify(row.get(fld)):
                out.append(
                    Mutant(
                        f"{game}:drop-callback:{key}:{name}",
                        "drop-callback",
                        clauses,
                        f"{words} no longer does “{_words(name)}”",
                        {"kind": "row", "index": i, "key": key, "field": fld, "name": name, "to": None},
                    )
                )
    for i, row in enumerate(rows):  # each row with the next row of its trigger that can fire from one of its phases
        sources = set(_listify(row["source"]))
        j = next(
            (
                j
                for j in range(i + 1, len(rows))
                if rows[j]["trigger"] == row["trigger"] and sources & set(_listify(rows[j]["source"]))
            ),
            None,
        )
        if j is None:
            continue
        clauses = tuple(dict.fromkeys([*rows[i].get("clauses", ()), *rows[j].get("clauses", ())]))
        out.append(
            Mutant(
                f"{game}:swap-rows:{keys[i]}:{keys[j]}",
                "swap-rows",
                clauses,
                f"swapping the order of the rows {_row_words(rows[i])} and {_row_words(rows[j])}",
                {"kind": "swap", "rows": [i, j], "keys": [keys[i], keys[j]]},
            )
        )
    acting = {s["name"] for s in states if s.get("actor") in ("player", "players")}
    for trigger in dict.fromkeys(r["trigger"] for r in rows if r["trigger"] != AUTO):
        mine = [r for r in rows if r["trigger"] == trigger]
        if not acting & {s for r in mine for s in _listify(r["source"])}:
            continue  # chance's or the clock's move: no seat to pass it to
        clauses = tuple(dict.fromkeys(c for r in mine for c in r.get("clauses", ())))
        out.append(
            Mutant(
                f"{game}:offer-next:{trigger}",
                "offer-next",
                clauses,
                f"“{_words(trigger)}” is offered to the next player in seating order instead of the one the rules name",
                {"kind": "offer", "trigger": trigger},
            )
        )
    return out


# -- counts in rules.py -------------------------------------------------------------------------
def _ints(node: ast.AST):
    """The counts and limits of an assigned value: the value itself if it is an int, or each int value of a dict
    literal (a count per name: ``{"taxi": 6, ...}``); (node, path) with a path like ``['taxi']``.  Not the numbers
    inside tuples or calls: those are faces, distances and card numbers more than counts."""
    if isinstance(node, ast.Constant) and type(node.value) is int:
        yield node, ""
    elif isinstance(node, ast.Dict):
        for key, value in zip(node.keys, node.values):
            if isinstance(value, ast.Constant) and type(value.value) is int:
                label = (
                    repr(key.value)
                    if isinstance(key, ast.Constant)
                    else (ast.unparse(key) if key is not None else "**")
                )
                yield value, f"[{label}]"


def _clauses_near(lines: list[str], first: int, last: int) -> tuple[str, ...]:
    """The clause ids of the statement's own comments (lines first..last, 1-based), else of the nearest comment above
    it in its section (a ``# --`` heading ends the search, its own ids counted)."""
    own = [c for line in lines[first - 1 : last] if "#" in line for c in CLAUSE.findall(line.split("#", 1)[1])]
    if own:
        return tuple(dict.fromkeys(own))
    for line in reversed(lines[: first - 1]):
        text = line.strip()
        comment = text[1:] if text.startswith("#") else (text.split("#", 1)[1] if "#" in text else "")
        found = CLAUSE.findall(comment)
        if found:
            return tuple(dict.fromkeys(found))
        if text.startswith("# --") or text.startswith("def ") or text.startswith("class "):
            return ()
    return ()


def from_counts(game: str, module: str, path: Path) -> list[Mutant]:
    """Each count or limit of ``rules.py`` (a module-level name bound to an int, or an int per name in a dict) one more
    and one less."""
    source = path.read_text(encoding="utf-8")
    lines = source.splitlines()
    out = []
    for stmt in ast.parse(source).body:
        if isinstance(stmt, ast.Assign):
            targets, value = stmt.targets[0], stmt.value
        elif isinstance(stmt, ast.AnnAssign) and stmt.value is not None:
            targets, value = stmt.target, stmt.value
        else:
            continue
        if isinstance(targets, ast.Tuple) and isinstance(value, ast.Tuple) and len(targets.elts) == len(value.elts):
            pairs = [(t.id, v) for t, v in zip(targets.elts, value.elts) if isinstance(t, ast.Name)]  # A, B = 2, 5
        elif isinstance(targets, ast.Name):
            pairs = [(targets.id, value)]
        else:
            continue
        clauses = _clauses_near(lines, stmt.lineno, stmt.end_lineno)
        for name, node in pairs:
            for literal, where in _ints(node):
                for step in (1, -1):
                    new = literal.value + step
                    out.append(
                        Mutant(
                            f"{game}:count:{name}{where}{'+' if step > 0 else '-'}1",
                            "count",
                            clauses,
                            f"{name}{where} is {new} instead of {literal.value}",
                            {
                                "kind": "source",
                                "module": module,
                                "line": literal.lineno,
                                "col": literal.col_offset,
                                "end_col": literal.end_col_offset,
                                "old": str(literal.value),
                                "new": str(new),
                            },
                        )
                    )
    return out


# -- hand-written mutants ----------------------------------------------------------------------------
def engine_folder(game: str) -> Path:
    """The reference engine's folder of ``game`` (``<package>/<game>/``), where its mutation data lies beside it:
    ``mutants.py`` (hand-written mutants) and ``equivalent-mutants.yml`` (those no example can tell apart)."""
    spec = importlib.util.find_spec(f"{reference_package()}.{game}")  # imports the package of games, not the game
    if spec is None or not spec.submodule_search_locations:
        raise LookupError(f"no reference engine for {game}")
    return Path(list(spec.submodule_search_locations)[0])


def hand_written(game: str) -> list[Mutant]:
    """``<engine folder>/mutants.py``'s ``MUTANTS``: (name, [clause ids], file, anchor, text, its replacement), each
    text once inside its anchor: the name of the function, method (``Class.method``) or module constant that holds it
    (casebook.mutation.patch.anchored_span).  The file is data: run for its table, nothing else (never imported)."""
    path = engine_folder(game) / "mutants.py"
    if not path.is_file():
        return []
    out = []
    for name, clauses, file, anchor, old, new in runpy.run_path(str(path))["MUTANTS"]:
        module = file.removesuffix(".py").replace("/", ".")
        out.append(
            Mutant(
                f"{game}:hand:{name}",
                "hand",
                tuple(clauses),
                f"{_words(name.replace('-', ' '))} (hand-written, {file})",
                {"kind": "text", "module": module, "within": anchor, "old": old, "new": new},
            )
        )
    return out


def reference_package() -> str:
    """The package of the reference's games: the one holding the module of the ``reference`` entry point."""
    from importlib.metadata import entry_points

    from casebook.impls import GROUP

    found = [ep for ep in entry_points(group=GROUP) if ep.name == "reference"]
    if not found:
        raise LookupError(f"no implementation named reference in the entry points {GROUP}: is Casebook installed?")
    return found[0].value.split(":")[0].rpartition(".")[0]


def game_module(game: str, name: str):
    """``machine``, ``rules`` or ``engine`` of one reference game, as it is (never a mutant: see patch.py)."""
    return importlib.import_module(f"{reference_package()}.{game}.{name}")


def generate(game: str, root: Path, hand: bool = True) -> list[Mutant]:
    """Every mutant of ``game``: from its rows, its counts, and (``hand``) its hand-written list; ids unique."""
    machine, rules = game_module(game, "machine"), game_module(game, "rules")
    mutants = from_rows(game, machine.TRANSITIONS, machine.STATES)
    mutants += from_counts(game, rules.__name__, Path(rules.__file__))
    if hand:
        mutants += hand_written(game)
    ids = [m.id for m in mutants]
    twice = sorted({i for i in ids if ids.count(i) > 1})
    if twice:
        raise ValueError(f"{game}: mutant ids given twice: {twice[:5]}")
    return mutants
