"""One mutant applied in the engine process, as the game's modules are imported: no file is edited.

``load_mutated(game, recipe)`` imports the reference's ``<package>.<game>`` (tables.reference_package()) through a
finder that compiles each of its modules from its source with the mutant's text edit (a count, a hand-written
change), and after running a module applies the mutant's table edit (a row of ``machine.TRANSITIONS`` changed or two
rows swapped, before ``engine.py`` builds its Machine from them; a trigger's options wrapped on the engine's
class).  Call it before anything imports the game; pytest then finds the mutated modules already imported.
"""

from __future__ import annotations

import ast
import importlib
import importlib.machinery
import sys


class MutantError(RuntimeError):
    """The recipe does not fit the engine as it is (a row moved, a text gone): the mutant list is out of date."""


def _listify(value) -> list:
    if value is None:
        return []
    return list(value) if isinstance(value, (list, tuple)) else [value]


def edit_source(source: str, recipe: dict) -> str:
    """The module's source with the recipe's text edit: a literal at (line, col..end_col), or a text found once."""
    if recipe["kind"] == "source":
        lines = source.splitlines(keepends=True)
        line = lines[recipe["line"] - 1]
        col, end = _char_offsets(line, recipe["col"], recipe["end_col"])
        if line[col:end] != recipe["old"]:
            raise MutantError(
                f"{recipe['module']} line {recipe['line']}: expected {recipe['old']!r}, found {line[col:end]!r}"
            )
        lines[recipe["line"] - 1] = line[:col] + recipe["new"] + line[end:]
        return "".join(lines)
    start, end = anchored_span(source, recipe["within"], recipe["module"]) if recipe.get("within") else (0, len(source))
    where = f"{recipe['module']}{' in ' + recipe['within'] if recipe.get('within') else ''}"
    found = source[start:end].count(recipe["old"])
    if found != 1:
        raise MutantError(f"{where}: the text to replace occurs {found} times, not once: {recipe['old'][:60]!r}")
    return source[:start] + source[start:end].replace(recipe["old"], recipe["new"]) + source[end:]


def anchored_span(source: str, name: str, module: str = "the module") -> tuple[int, int]:
    """Where the definition ``name`` lies in ``source`` (character offsets of its whole lines): a function, a class
    or a method (``Class.method``), or a module-level constant; a hand-written mutant is anchored on it, so its text
    need only be once there, and a reformat or an edit elsewhere in the file cannot move it into another place."""
    lines = source.splitlines(keepends=True)

    def span(node) -> tuple[int, int]:
        start = sum(len(line) for line in lines[: node.lineno - 1])
        return start, start + sum(len(line) for line in lines[node.lineno - 1 : node.end_lineno])

    def walk(body, prefix: str):
        for node in body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                yield prefix + node.name, node
                if isinstance(node, ast.ClassDef):
                    yield from walk(node.body, prefix + node.name + ".")
            elif isinstance(node, (ast.Assign, ast.AnnAssign)) and not prefix:
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                for target in targets:
                    for leaf in ast.walk(target):
                        if isinstance(leaf, ast.Name):
                            yield leaf.id, node

    found = [node for qualified, node in walk(ast.parse(source).body, "") if qualified == name]
    if len(found) != 1:
        raise MutantError(f"{module}: {len(found)} definitions named {name!r}, not one")
    return span(found[0])


def _char_offsets(line: str, col: int, end_col: int) -> tuple[int, int]:
    """ast's columns count UTF-8 bytes; str indexes count characters."""
    raw = line.encode("utf-8")
    return len(raw[:col].decode("utf-8")), len(raw[:end_col].decode("utf-8"))


def edit_rows(rows: list, recipe: dict) -> None:
    """A row's condition dropped or moved to ``unless`` (negated), a callback dropped, or two rows swapped, in place."""
    from casebook.mutation.tables import row_keys

    keys = row_keys(rows)
    if recipe["kind"] == "swap":
        i, j = recipe["rows"]
        if [keys[i], keys[j]] != recipe["keys"]:
            raise MutantError(f"rows {i} and {j} are {keys[i]} and {keys[j]}, not {recipe['keys']}")
        rows[i], rows[j] = rows[j], rows[i]
        return
    i, fld, name = recipe["index"], recipe["field"], recipe["name"]
    if i >= len(rows) or keys[i] != recipe["key"] or name not in _listify(rows[i].get(fld)):
        raise MutantError(f"no row {recipe['key']} with {fld} {name} at {i}")
    row = dict(rows[i])
    row[fld] = [n for n in _listify(row[fld]) if n != name]
    if recipe["to"]:
        row[recipe["to"]] = [*_listify(row.get(recipe["to"])), name]
    rows[i] = row


def offer_to_next(cls, trigger: str) -> None:
    """``options_<trigger>`` of the game's class, with every move a player is offered given to the next seat instead."""
    name = f"options_{trigger}"
    stock = getattr(cls, name)

    def mutated(self):
        players = self.players
        moves = []
        for entry in stock(self):
            if len(entry) == 2 and isinstance(entry[1], dict) and "action" in entry[1]:  # a memo's built entry
                move = entry[1]
                entry = (move["actor"], {k: v for k, v in move["action"].items() if k != "type"}, move.get("p"))
            actor, fields, p = entry
            moves.append((players[(players.index(actor) + 1) % len(players)] if actor in players else actor, fields, p))
        return moves

    setattr(cls, name, mutated)


def _game_class(module):
    found = [
        v
        for v in vars(module).values()
        if isinstance(v, type) and "transitions" in vars(v) and v.__module__ == module.__name__
    ]
    if len(found) != 1:
        raise MutantError(f"{module.__name__}: expected one game class, found {len(found)}")
    return found[0]


class _Loader(importlib.machinery.SourceFileLoader):
    def __init__(self, fullname, path, owner):
        super().__init__(fullname, path)
        self.owner = owner

    def get_code(self, fullname):
        source = self.get_data(self.path).decode("utf-8")
        recipe = self.owner.recipe
        if recipe.get("module") == fullname and recipe["kind"] in ("source", "text"):
            source = edit_source(source, recipe)
            self.owner.applied = True
        return compile(source, self.path, "exec", dont_inherit=True)  # never a cached .pyc: the source may differ

    def exec_module(self, module):
        super().exec_module(module)
        recipe, name = self.owner.recipe, module.__name__
        if recipe["kind"] in ("row", "swap") and name == f"{self.owner.package}.machine":
            edit_rows(module.TRANSITIONS, recipe)
            self.owner.applied = True
        elif recipe["kind"] == "offer" and name == f"{self.owner.package}.engine":
            offer_to_next(_game_class(module), recipe["trigger"])
            self.owner.applied = True


class _Finder:
    def __init__(self, package: str, recipe: dict):
        self.package, self.recipe, self.applied = package, recipe, False

    def find_spec(self, fullname, path=None, target=None):
        if fullname != self.package and not fullname.startswith(self.package + "."):
            return None
        spec = importlib.machinery.PathFinder.find_spec(fullname, path)
        if spec is not None and isinstance(spec.loader, importlib.machinery.SourceFileLoader):
            spec.loader = _Loader(fullname, spec.origin, self)
        return spec


def load_mutated(game: str, recipe: dict):
    """Import the reference's ``<package>.<game>`` with the mutant applied; MutantError if it did not apply."""
    from casebook.mutation.tables import reference_package

    package = f"{reference_package()}.{game}"
    if any(m == package or m.startswith(package + ".") for m in sys.modules):
        raise MutantError(f"{package} is imported already: a mutant must be applied before")
    finder = _Finder(package, recipe)
    sys.meta_path.insert(0, finder)
    try:
        module = importlib.import_module(package)
        for name in ("rules", "machine", "engine"):
            importlib.import_module(f"{package}.{name}")
        if recipe.get("module"):  # a hand-written mutant may change a module the package does not import itself
            importlib.import_module(recipe["module"])
    finally:
        sys.meta_path.remove(finder)
    if not finder.applied:
        raise MutantError(f"the mutant found nothing to change in {package}: {recipe}")
    return module
