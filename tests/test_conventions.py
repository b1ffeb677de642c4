"""The house rules of the spec itself, checked on every run.

Every Rule has one stable clause id and at least one example; ids are unique
and carry their game's prefix; each game has the same shape in features/,
step_defs/ and statemachines/; no step definition reaches into the reference.
"""

from __future__ import annotations

import ast
import re
from collections import Counter
from pathlib import Path

import pytest

from casebook import schemas
from casebook.rulebook import CLAUSE_ID, read_game
from casebook.scaffold import PER_GAME_YAML

ROOT = Path(__file__).resolve().parent.parent
FEATURES = ROOT / "features"
GAMES = sorted(p.name for p in FEATURES.iterdir() if p.is_dir()) if FEATURES.exists() else []
# untranscribed: a section's placeholder Rule while its rulebook is in transcription (casebook new-game writes them)
KNOWN_KINDS = re.compile(
    r"^(ruling|optional|setup|untranscribed|variant-[a-z0-9-]+|players-\d+(-\d+)?|model-[a-z0-9-]+|difficulty-\d)$"
)


def clauses_of(game: str):
    """Every clause (Rule) of a game, read by the one reader the site and the report use."""
    return read_game(game, FEATURES / game).clauses


def test_there_are_games():
    assert GAMES, "features/ holds no game"


@pytest.mark.parametrize("game", GAMES)
def test_every_rule_has_one_id_and_an_example(game):
    """The reader names a Rule without one id, a Rule without an example, a parse error, a duplicate id."""
    result = read_game(game, FEATURES / game)
    problems = list(result.problems)
    for clause in result.clauses:
        for example in clause.examples:
            if not any(s.keyword == "Then" for s in example.steps):
                problems.append(
                    f"{clause.section.path.name}:{clause.line} {clause.id}: example {example.name!r} has no Then"
                )
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("game", GAMES)
def test_other_tags_are_known_kinds(game):
    odd = sorted({t for clause in clauses_of(game) for t in clause.tags if not KNOWN_KINDS.match(t)})
    assert not odd, (
        f"tags of no known kind (ruling, optional, setup, untranscribed, variant-*, players-*, model-*): {odd}"
    )


@pytest.mark.parametrize("game", GAMES)
def test_rulings_say_why(game):
    silent = [f"{c.section.path.name}: {c.text}" for c in clauses_of(game) if c.is_ruling and len(c.description) < 20]
    assert not silent, "a @ruling must explain itself in the Rule's description:\n" + "\n".join(silent)


def test_clause_ids_are_unique_and_prefixed():
    ids = Counter()
    prefixes: dict[str, set[str]] = {}
    for game in GAMES:
        for clause in clauses_of(game):
            if CLAUSE_ID.match(clause.id):
                ids[clause.id] += 1
                prefixes.setdefault(game, set()).add(clause.id.split("-")[0])
    assert not [i for i, n in ids.items() if n > 1], f"duplicate ids: {[i for i, n in ids.items() if n > 1]}"
    mixed = {g: p for g, p in prefixes.items() if len(p) != 1}
    assert not mixed, f"a game's clause ids share one prefix: {mixed}"
    owners = Counter(next(iter(p)) for p in prefixes.values())
    assert all(n == 1 for n in owners.values()), f"two games share a prefix: {owners}"


@pytest.mark.parametrize("game", GAMES)
def test_each_game_has_the_same_shape(game):
    assert (ROOT / "step_defs" / f"{game}.py").is_file(), f"step_defs/{game}.py binds features/{game}"
    package = ROOT / "statemachines" / game
    missing = [f for f in ("__init__.py", "rules.py", "machine.py", "engine.py") if not (package / f).is_file()]
    assert not missing, f"statemachines/{game}/ lacks {missing}"
    assert (ROOT / "casebook" / "schemas" / f"{game}.json").is_file(), f"no JSON Schema for {game}"
    beside = [
        f for f in ("trace.yml", *PER_GAME_YAML) if not (FEATURES / game / f).is_file()
    ]  # casebook new-game writes them
    assert not beside, f"features/{game}/ lacks {beside}"


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
        elif isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", "")) in (
            "import_module",
            "__import__",
        ):
            names |= {a.value for a in node.args if isinstance(a, ast.Constant) and isinstance(a.value, str)}
    return names


def test_step_definitions_never_import_the_reference():
    offenders = {
        str(path.relative_to(ROOT)): sorted(m for m in imported_modules(path) if m.split(".")[0] == "statemachines")
        for path in (ROOT / "step_defs").rglob("*.py")
    }
    offenders = {k: v for k, v in offenders.items() if v}
    assert not offenders, f"step definitions speak only the driver protocol: {offenders}"


SHARED = ("core", "schemas")  # the kit every game is written on


def test_no_game_imports_another():
    offenders = []
    for game_dir in (ROOT / "statemachines").iterdir():
        if not (game_dir / "__init__.py").exists():
            continue
        for path in game_dir.rglob("*.py"):
            for module in imported_modules(path):
                parts = module.split(".")
                if parts[0] == "statemachines" and len(parts) > 1 and parts[1] not in (game_dir.name, *SHARED):
                    offenders.append(f"{path.relative_to(ROOT)} imports {module}")
    assert not offenders, "\n".join(offenders)


def test_the_harness_never_imports_the_reference():
    """casebook/ reaches the reference only through its entry point, as it would reach any engine."""
    offenders = {
        str(path.relative_to(ROOT)): sorted(m for m in imported_modules(path) if m.split(".")[0] == "statemachines")
        for path in (ROOT / "casebook").rglob("*.py")
    }
    offenders = {k: v for k, v in offenders.items() if v}
    assert not offenders, f"casebook/ never imports statemachines: {offenders}"


def test_the_import_check_can_fail(tmp_path):
    """The checker above must see every spelling of an import of the reference."""
    sample = tmp_path / "x.py"
    sample.write_text(
        "import statemachines.cluedo_drei\nfrom statemachines import core\nimportlib.import_module('statemachines.x')\n"
    )
    assert {"statemachines.cluedo_drei", "statemachines", "statemachines.x"} <= imported_modules(sample)


def test_a_published_case_log_has_a_line_for_each_entry_naming_only_its_fields():
    """A game that publishes how its case log reads (its schema's facts: ``case_log``) has a line for every kind of
    entry its log keeps, and each line names only fields that kind of entry carries:
    the steps and the site read them."""
    published = {game: schemas.load(game) for game in GAMES}
    published = {game: s for game, s in published.items() if "case_log" in s.get("facts", {})}
    assert published, "no game publishes its case log's lines (the heist game did)"
    for game, schema in published.items():
        lines = schema["facts"]["case_log"]["lines"]
        entries = {
            e["properties"]["type"]["const"]: e["properties"]
            for e in schema["$defs"]["state"]["properties"]["log"]["items"]["oneOf"]
        }
        assert set(lines) == set(entries), f"{game}: lines for {sorted(lines)}, entries {sorted(entries)}"
        for kind, line in lines.items():
            assert set(re.findall(r"\{(\w+)", line)) <= set(entries[kind]) - {"type"}, (
                f"{game}: {kind!r} reads {line!r}"
            )
