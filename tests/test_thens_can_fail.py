"""Every Then can fail (STYLE: a scenario whose Then asserts nothing, or can only pass, is a defect).

An AST pass over every step file (step_defs/, the toy suites' and the sixth game's step_defs/, the bench's empty
steps), reading three kinds of Then:

- a ``@then`` function reaches an assertion: an ``assert``, a ``raise AssertionError``, ``pytest.raises`` or
  ``pytest.fail``, or a call to a function (of its module, or imported from another step file) that does; a Then
  that calls one of its own parameters (``check(request, **args)``) asserts through the tables its decorator names,
  and every function those tables name must assert;
- a ``Fact``'s ``check`` (step_defs/vocabulary.py's ``judge`` fails the Then when it returns a false value) returns
  something that depends on the game: not a constant, not nothing, and every field of its sentence is read (a check
  that ignores ``player`` passes for any player);
- nowhere in a Then or its helpers an assertion that can only pass: ``assert`` on a constant, a comparison of a thing
  with itself, an ``or`` with a true constant, or a ``try`` whose handler swallows the AssertionError its body raises.

Allowed, with the reason: the bench's empty steps (``casebook bench`` times pytest-bdd's own cost with them).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.can_fail import Module, Suite, only_passing, only_passing_asserts, suite_of, truthy_constant

ROOT = Path(__file__).resolve().parent.parent
STEP_FILES = sorted(
    [
        *(ROOT / "step_defs").glob("*.py"),
        *(ROOT / "tests").glob("**/step_defs/*.py"),
        ROOT / "casebook/bench/empty_steps.py",
    ]
)
# file name -> Then functions that assert nothing on purpose, and why
ALLOWED = {
    "casebook/bench/empty_steps.py": {"_then": "casebook bench times pytest-bdd's own cost with steps that do nothing"}
}


def decorated_then(fn: ast.FunctionDef) -> ast.expr | None:
    """The ``@then(...)`` decorator of ``fn``, or None."""
    for decorator in fn.decorator_list:
        called = decorator.func if isinstance(decorator, ast.Call) else decorator
        if ast.unparse(called) in ("then", "pytest_bdd.then"):
            return decorator
    return None


def dispatched(module: Module, fn: ast.FunctionDef, decorator: ast.expr) -> list[str] | None:
    """When ``fn`` calls one of its parameters: the functions named in the tables its decorator reads, else None."""
    parameters = {a.arg for a in fn.args.args}
    if not any(isinstance(n, ast.Call) and ast.unparse(n.func) in parameters for n in ast.walk(fn)):
        return None
    tables = [module.tables[n.id] for n in ast.walk(decorator) if isinstance(n, ast.Name) and n.id in module.tables]
    return [n.id for table in tables for n in ast.walk(table) if isinstance(n, ast.Name) and n.id in module.functions]


def silent_thens(suite: Suite) -> list[str]:
    """``file:line: name`` of every Then that reaches no assertion."""
    found = []
    for module in suite.modules.values():
        for fn in module.functions.values():
            decorator = decorated_then(fn)
            if decorator is None or fn.name in ALLOWED.get(module.name, {}) or suite.asserts(module, fn):
                continue
            checks = dispatched(module, fn, decorator)
            if checks:
                found += [
                    f"{module.name}:{fn.name}: its check {c} asserts nothing"
                    for c in checks
                    if not suite.asserts(module, module.functions[c])
                ]
            else:
                found.append(f"{module.name}:{fn.lineno}: the Then {fn.name} asserts nothing")
    return found


def fact_checks(module: Module) -> list[tuple[ast.Call, ast.expr]]:
    """Every ``Fact(pattern, check=...)`` of a step file, with its check."""
    return [
        (node, kw.value)
        for node in ast.walk(module.tree)
        if isinstance(node, ast.Call) and ast.unparse(node.func) == "Fact"
        for kw in node.keywords
        if kw.arg == "check"
    ]


def results(fn: ast.Lambda | ast.FunctionDef) -> list[ast.expr]:
    """What a check returns: a lambda's body, a function's returned values (a bare ``return`` is None)."""
    if isinstance(fn, ast.Lambda):
        return [fn.body]
    returns = [n for n in ast.walk(fn) if isinstance(n, ast.Return)]
    return [r.value if r.value is not None else ast.Constant(None) for r in returns]


def unread_fields(fn: ast.Lambda | ast.FunctionDef) -> list[str]:
    """The sentence's fields a check never reads (its first parameter is the state)."""
    fields = [a.arg for a in fn.args.args[1:] + fn.args.kwonlyargs]
    read = {n.id for n in ast.walk(fn) if isinstance(n, ast.Name)}
    return [f for f in fields if f not in read and not f.startswith("_")]


def weak_fact_checks(suite: Suite, module: Module) -> list[str]:
    """Fact checks that cannot fail (a constant, nothing returned) or ignore a field of their sentence."""
    found = []
    for fact, check in fact_checks(module):
        where = f"{module.name}:{fact.lineno}: {ast.unparse(fact.args[0]) if fact.args else 'a Fact'}"
        if isinstance(check, ast.Name):
            resolved = suite.resolve(module, check.id)
            fn = resolved[1] if resolved else None
        else:
            fn = check if isinstance(check, ast.Lambda) else None
        if fn is None:  # built by a call (negation(...), placed(...)[1]): read where it is built
            continue
        returned = results(fn)
        if not returned:
            found.append(f"{where}: its check returns nothing")
        elif all(isinstance(value, ast.Constant) for value in returned):
            found.append(f"{where}: its check returns only constants")
        for value in returned:
            if truthy_constant(value):  # a branch that passes whatever the game shows
                found.append(f"{where}: its check returns {value.value!r} in a branch, whatever the game shows")
            elif not isinstance(value, ast.Constant) and (why := only_passing(value)):
                found.append(f"{where}: its check returns {why}")
        if unread := unread_fields(fn):
            found.append(f"{where}: its check never reads {', '.join(unread)}")
    return found


def step_files() -> dict[str, str]:
    return {path.relative_to(ROOT).as_posix(): path.read_text(encoding="utf-8") for path in STEP_FILES}


def defects(suite: Suite) -> list[str]:
    found = silent_thens(suite)
    for module in suite.modules.values():
        found += only_passing_asserts(module) + weak_fact_checks(suite, module)
    return found


def test_every_then_can_fail():
    suite = suite_of(step_files())
    assert len(suite.modules) > 10, STEP_FILES
    found = defects(suite)
    assert not found, "Thens that cannot fail:\n" + "\n".join(found)


def test_the_reading_sees_the_steps_of_every_game():
    suite = suite_of(step_files())
    thens = [fn for m in suite.modules.values() for fn in m.functions.values() if decorated_then(fn)]
    checks = [c for m in suite.modules.values() for c in fact_checks(m)]
    assert len(thens) >= 15 and len(checks) >= 200, (len(thens), len(checks))


# -- the checker fails on planted cases ------------------------------------------------------------------------------
HELPERS = """
def helper_that_asserts(x):
    assert x == 1
"""


@pytest.mark.parametrize(
    "source, expected",
    [
        ('@then("nothing")\ndef nothing(position):\n    position.table.legal()\n', "the Then nothing asserts nothing"),
        ('@then("a pass")\ndef a_pass(position):\n    pass\n', "the Then a_pass asserts nothing"),
        ('@then("x")\ndef x(position):\n    assert True\n', "assert on a constant"),
        ('@then("x")\ndef x(position):\n    assert position.ok or True\n', "an `or` with a true constant"),
        ('@then("x")\ndef x(position):\n    s = position.table.state()\n    assert s == s\n', "compares s with itself"),
        (
            '@then("x")\ndef x(position):\n    try:\n        assert position.ok\n'
            "    except AssertionError:\n        pass\n",
            "swallows the AssertionError",
        ),
        (
            '@then("x")\ndef x(position):\n    try:\n        assert position.ok\n    except:\n        return\n',
            "swallows the AssertionError",
        ),
        ('F = [Fact("{player:player} has won", check=lambda st: True)]', "its check returns only constants"),
        ('F = [Fact("{player:player} has won", check=lambda st, player: st["won"] == player)]', ""),
        (
            'F = [Fact("{player:player} has won", check=lambda st, player: st["phase"] == "solved")]',
            "its check never reads player",
        ),
        ('def won(st, player):\n    st["won"] == player\nF = [Fact("p", check=won)]', "its check returns nothing"),
        ('def won(st):\n    return True\nF = [Fact("p", check=won)]', "its check returns True in a branch"),
        (
            'def won(st):\n    if st["a"]:\n        return True\n    return st["b"]\nF = [Fact("p", check=won)]',
            "its check returns True in a branch",
        ),
        ('F = [Fact("p", check=lambda st: st["x"] or True)]', "its check returns an `or` with a true constant"),
        ('def won(st):\n    return st["a"] == st["a"]\nF = [Fact("p", check=won)]', "compares st['a'] with itself"),
        (
            "def c(request):\n    request.x\nSHARED = [('s', c)]\n"
            "@then(Parser('s', [(p, c) for p, c in SHARED]))\ndef shared(request, check):\n    check(request)\n",
            "its check c asserts nothing",
        ),
    ],
)
def test_the_checker_finds_a_planted_defect(source, expected):
    found = defects(suite_of({"planted.py": source}))
    if expected:
        assert any(expected in line for line in found), found
    else:
        assert found == [], found


@pytest.mark.parametrize(
    "source",
    [
        '@then("x")\ndef x(position):\n    assert position.ok\n',
        '@then("x")\ndef x(position):\n    helper_that_asserts(position.n)\n',
        '@then("x")\ndef x(position):\n    judge(position)\n',
        '@then("x")\ndef x(position):\n    with pytest.raises(KeyError):\n        position.x\n',
        '@then("x")\ndef x(position):\n    if not position.ok:\n        raise AssertionError("not so")\n',
        "def c(request):\n    assert request.x\nSHARED = [('s', c)]\n"
        "@then(Parser('s', [(p, c) for p, c in SHARED]))\ndef shared(request, check):\n    check(request)\n",
        '@then("x")\ndef x(table):\n    try:\n        assert table.ok\n    except GameError:\n        return\n',
    ],
)
def test_the_checker_passes_a_then_that_asserts(source):
    sources = {
        "planted.py": "from step_defs.vocabulary import judge\n" + HELPERS + source,
        "step_defs/vocabulary.py": "def judge(p):\n    raise AssertionError('not so')\n",
    }
    assert defects(suite_of(sources)) == []
