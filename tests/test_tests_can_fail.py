"""Every test of tests/ can fail (STYLE: a test that cannot fail is a defect), read from the source:

- every ``test_*`` function asserts (tests/can_fail.py: directly, through a helper of tests/, or through a runner of
  the library that raises a typed error);
- no assert in tests/ can only pass (a constant, a thing compared with itself, an ``or`` with a true constant, a
  handler swallowing its AssertionError);
- no test always skips: no ``@pytest.mark.skip``, no ``skipif`` on a constant, no ``pytest.skip`` as a test's own
  statement (a skip under an ``if`` says when: a game in transcription, a tool not installed);
- no ``xfail`` that is not strict (an expected failure that starts passing would go unseen).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.can_fail import Module, Suite, only_passing_asserts, suite_of

ROOT = Path(__file__).resolve().parent.parent
TEST_FILES = sorted((ROOT / "tests").glob("**/*.py"))


def collected_tests(module: Module) -> list[ast.FunctionDef]:
    """The tests of a ``test_*.py`` file: its functions named ``test*``, at its top or in its classes."""
    if not Path(module.name).name.startswith("test_"):
        return []
    tops = [n for n in module.tree.body if isinstance(n, ast.FunctionDef)]
    methods = [n for c in module.tree.body if isinstance(c, ast.ClassDef) for n in c.body]
    return [n for n in tops + methods if isinstance(n, ast.FunctionDef) and n.name.startswith("test")]


def silent_tests(suite: Suite) -> list[str]:
    return [
        f"{module.name}:{fn.lineno}: {fn.name} asserts nothing"
        for module in suite.modules.values()
        for fn in collected_tests(module)
        if not suite.asserts(module, fn)
    ]


def marks(node: ast.FunctionDef | ast.Module) -> list[ast.expr]:
    """The ``pytest.mark.*`` decorators of a test, or a module's ``pytestmark``."""
    if isinstance(node, ast.FunctionDef):
        return node.decorator_list
    return [n.value for n in node.body if isinstance(n, ast.Assign) and "pytestmark" in ast.unparse(n.targets[0])]


def mark_name(mark: ast.expr) -> str:
    return ast.unparse(mark.func if isinstance(mark, ast.Call) else mark)


def always_skipped_or_loose(module: Module) -> list[str]:
    """Skips that always skip, and xfails that are not strict."""
    found = []
    for fn in collected_tests(module):
        for mark in marks(fn):
            name = mark_name(mark)
            first = mark.args[0] if isinstance(mark, ast.Call) and mark.args else None
            strict = isinstance(mark, ast.Call) and any(
                k.arg == "strict" and ast.unparse(k.value) == "True" for k in mark.keywords
            )
            if name == "pytest.mark.skip" or (name == "pytest.mark.skipif" and isinstance(first, ast.Constant)):
                found.append(f"{module.name}:{fn.lineno}: {fn.name} always skips ({ast.unparse(mark)})")
            elif name == "pytest.mark.xfail" and not strict:
                found.append(f"{module.name}:{fn.lineno}: {fn.name} has an xfail that is not strict")
        for stmt in fn.body:
            called = stmt.value.func if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call) else None
            if called is not None and ast.unparse(called) in ("pytest.skip", "pytest.xfail"):
                found.append(f"{module.name}:{stmt.lineno}: {fn.name} always skips ({ast.unparse(called)} unguarded)")
    for node in ast.walk(module.tree):
        if isinstance(node, ast.Call) and ast.unparse(node.func) == "pytest.xfail":
            found.append(f"{module.name}:{node.lineno}: pytest.xfail() in a test: an xfail that is not strict")
    return found


def defects(suite: Suite) -> list[str]:
    found = silent_tests(suite)
    for module in suite.modules.values():
        found += only_passing_asserts(module) + always_skipped_or_loose(module)
    return sorted(set(found))


def suite_of_tests() -> Suite:
    return suite_of({path.relative_to(ROOT).as_posix(): path.read_text(encoding="utf-8") for path in TEST_FILES})


def test_every_test_can_fail():
    found = defects(suite_of_tests())
    assert not found, "tests that cannot fail:\n" + "\n".join(found)


def test_the_reading_sees_the_tests():
    suite = suite_of_tests()
    assert sum(len(collected_tests(m)) for m in suite.modules.values()) >= 500


@pytest.mark.parametrize(
    "source, expected",
    [
        ("def test_x():\n    f()\n", "test_x asserts nothing"),
        ("def test_x():\n    assert 1\n", "assert on a constant"),
        ("def test_x(a):\n    assert a == a\n", "compares a with itself"),
        ("class TestX:\n    def test_y(self):\n        pass\n", "test_y asserts nothing"),
        ("import pytest\n@pytest.mark.skip(reason='later')\ndef test_x():\n    assert f()\n", "always skips"),
        ("import pytest\n@pytest.mark.skipif(True, reason='x')\ndef test_x():\n    assert f()\n", "always skips"),
        ("import pytest\ndef test_x():\n    pytest.skip('later')\n    assert f()\n", "always skips"),
        ("import pytest\n@pytest.mark.xfail(reason='bug 3')\ndef test_x():\n    assert f()\n", "not strict"),
        ("import pytest\ndef test_x():\n    if f():\n        pytest.xfail('bug')\n    assert f()\n", "not strict"),
    ],
)
def test_the_survey_finds_a_planted_defect(source, expected):
    found = defects(suite_of({"tests/test_planted.py": source}))
    assert any(expected in line for line in found), found


@pytest.mark.parametrize(
    "source",
    [
        "def test_x():\n    assert f()\n",
        "from tests.helpers import check\ndef test_x():\n    check(1)\n",
        "from casebook.properties.random_play import random_sim_test\ndef test_x(i):\n    random_sim_test(i, 1, 2)\n",
        "import pytest\ndef test_x():\n    if not f():\n        pytest.skip('no node')\n    assert f()\n",
        "import pytest\n@pytest.mark.xfail(strict=True, reason='b')\ndef test_x():\n    assert f()\n",
        "import pytest\ndef test_x():\n    with pytest.raises(KeyError):\n        f()\n",
    ],
)
def test_the_survey_passes_a_test_that_can_fail(source):
    helpers = {"tests/helpers.py": "def check(n):\n    assert n\n"}
    assert defects(suite_of({"tests/test_planted.py": source, **helpers})) == []
