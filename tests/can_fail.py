"""What makes a test able to fail, read from its source (the AST): shared by tests/test_thens_can_fail.py (the
Thens of the step files) and tests/test_tests_can_fail.py (the tests of tests/).

A function *asserts* when it holds an ``assert``, a ``raise AssertionError``, ``pytest.raises`` or ``pytest.fail``,
calls a function of the library that fails by a typed error (``RUNNERS``), or calls a function (of its module, or
imported from step_defs/ or tests/) that asserts.  An assertion *can only pass* when it asserts a constant, compares a
thing with itself, has an ``or`` with a true constant, or sits in a ``try`` whose handler swallows its AssertionError.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field

SWALLOWING = {"AssertionError", "Exception", "BaseException"}  # handlers that would catch a failed assert
# the library's runners that fail by a typed error of their own, and what they raise
RUNNERS = {
    "random_sim_test": "casebook.properties.random_play: InvariantBroken, at the first broken law",
}


@dataclass
class Module:
    """One Python file, parsed: its functions by name (nested ones too), its module-level tables, its imports."""

    name: str
    tree: ast.Module
    functions: dict[str, ast.FunctionDef] = field(default_factory=dict)
    tables: dict[str, ast.expr] = field(default_factory=dict)
    imported: dict[str, str] = field(default_factory=dict)  # name -> its file ("step_defs/vocabulary.py")

    @classmethod
    def parse(cls, name: str, source: str) -> "Module":
        module = cls(name, ast.parse(source))
        for node in ast.walk(module.tree):
            if isinstance(node, ast.FunctionDef):
                module.functions.setdefault(node.name, node)
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                for alias in node.names:
                    module.imported[alias.asname or alias.name] = node.module.replace(".", "/") + ".py"
        for node in module.tree.body:
            if isinstance(node, ast.Assign) and isinstance(node.value, (ast.List, ast.Dict, ast.Tuple)):
                for target in node.targets:
                    if isinstance(target, ast.Name):
                        module.tables[target.id] = node.value
        return module


class Suite:
    """Some files, and which of their functions assert (directly, or through the functions they call)."""

    def __init__(self, modules: dict[str, Module]):
        self.modules = modules
        self._asserts: dict[int, bool] = {}  # id(function) -> whether it asserts

    def resolve(self, module: Module, name: str) -> tuple[Module, ast.FunctionDef] | None:
        if name in module.functions:
            return module, module.functions[name]
        source = module.imported.get(name)
        for other in [self.modules.get(source)] + [m for n, m in self.modules.items() if n.endswith(f"/{source}")]:
            if other is not None and name in other.functions:  # (a bare ``from toyplay import``: a file of its folder)
                return other, other.functions[name]
        return None

    def asserts(self, module: Module, fn: ast.FunctionDef) -> bool:
        key = id(fn)
        if key not in self._asserts:
            self._asserts[key] = False  # a recursive call does not assert by itself
            self._asserts[key] = any(self._asserting(module, node) for node in ast.walk(fn))
        return self._asserts[key]

    def _asserting(self, module: Module, node: ast.AST) -> bool:
        if isinstance(node, ast.Assert):
            return True
        if isinstance(node, ast.Raise) and node.exc is not None:
            raised = node.exc.func if isinstance(node.exc, ast.Call) else node.exc
            return isinstance(raised, ast.Name) and raised.id == "AssertionError"
        if isinstance(node, ast.Call):
            called = ast.unparse(node.func)
            if called in ("pytest.fail", "pytest.raises") or called in RUNNERS:
                return True
            found = self.resolve(module, called) if isinstance(node.func, ast.Name) else None
            return found is not None and self.asserts(*found)
        return False


def truthy_constant(node: ast.AST) -> bool:
    return isinstance(node, ast.Constant) and bool(node.value)


def only_passing(node: ast.AST) -> str | None:
    """Why the expression ``node`` (an assert's test, a check's result) cannot be false, or None."""
    if isinstance(node, ast.Constant):
        return f"a constant ({node.value!r})"
    if isinstance(node, ast.BoolOp) and isinstance(node.op, ast.Or) and any(map(truthy_constant, node.values)):
        return "an `or` with a true constant"
    if isinstance(node, ast.Compare) and len(node.ops) == 1 and isinstance(node.ops[0], (ast.Eq, ast.Is, ast.GtE)):
        if ast.unparse(node.left) == ast.unparse(node.comparators[0]):
            return f"compares {ast.unparse(node.left)} with itself"
    return None


def swallowed(try_node: ast.Try) -> bool:
    """A ``try`` around an assert whose handler catches the AssertionError and does not raise."""
    if not any(isinstance(n, ast.Assert) for stmt in try_node.body for n in ast.walk(stmt)):
        return False
    for handler in try_node.handlers:
        caught = [] if handler.type is None else ast.unparse(handler.type).strip("()").split(", ")
        if (not caught or SWALLOWING & set(caught)) and not any(isinstance(n, ast.Raise) for n in ast.walk(handler)):
            return True
    return False


def only_passing_asserts(module: Module) -> list[str]:
    """Asserts anywhere in a file that cannot fail, and handlers that swallow a failed one."""
    found = []
    for node in ast.walk(module.tree):
        if isinstance(node, ast.Assert) and (why := only_passing(node.test)):
            found.append(f"{module.name}:{node.lineno}: assert on {why}")
        elif isinstance(node, ast.Try) and swallowed(node):
            found.append(f"{module.name}:{node.lineno}: a handler swallows the AssertionError of the assert it guards")
    return found


def suite_of(sources: dict[str, str]) -> Suite:
    return Suite({name: Module.parse(name, source) for name, source in sources.items()})
