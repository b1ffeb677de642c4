"""The house rules of the spec itself, checked on every run.

Every Rule has one stable clause id and at least one example; ids are unique
and carry their game's prefix; each game has the same shape in features/,
step_defs/ and statemachines/; no step definition reaches into the reference.
"""

from __future__ import annotations

import ast
import os
import re
import tokenize
from collections import Counter
from pathlib import Path

import pytest

from casebook import schemas, settings
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
    kept = ("__init__.py", "rules.py", "machine.py", "engine.py", "equivalent-mutants.yml")  # new-game writes each
    missing = [f for f in kept if not (package / f).is_file()]
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
    """The project's step files, and those of the toy suites and the sixth game, which are written the same way."""
    step_files = [*(ROOT / "step_defs").rglob("*.py"), *(ROOT / "tests").glob("**/step_defs/*.py")]
    assert len(step_files) > 15, step_files
    offenders = {
        str(path.relative_to(ROOT)): sorted(m for m in imported_modules(path) if m.split(".")[0] == "statemachines")
        for path in step_files
    }
    offenders = {k: v for k, v in offenders.items() if v}
    assert not offenders, f"step definitions speak only the driver protocol: {offenders}"


SHARED = ("kit", "schemas")  # the kit every game is written on, and its schema language


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


# -- environment variables: declared once, in casebook/settings.py ---------------------------------------------------
SETTING_NAME = re.compile(r"\bCASEBOOK_[A-Z0-9_]+\b")
TEXT_SUFFIXES = {".py", ".sh", ".md", ".yml", ".yaml", ".j2", ".toml", ".js", ".html", ".feature", ".cfg", ".in"}
NOT_THE_TREE = {".git", ".venv", "build", "results", "node_modules", "__pycache__", "suite", "casebook.egg-info"}


def tree_texts(root: Path):
    """Every text file of the tree Casebook's people write (``TEXT_SUFFIXES``), skipping what is built or installed."""
    for folder, subfolders, files in os.walk(root):
        subfolders[:] = [d for d in subfolders if d not in NOT_THE_TREE and not d.startswith(".")]
        for name in files:
            path = Path(folder) / name
            if path.suffix in TEXT_SUFFIXES or name == "run.sh":
                yield path


def undeclared_settings(root: Path) -> dict[str, list[str]]:
    """Each ``CASEBOOK_*`` name written somewhere under ``root`` that casebook/settings.py does not declare."""
    found: dict[str, list[str]] = {}
    for path in tree_texts(root):
        for name in set(SETTING_NAME.findall(path.read_text(encoding="utf-8", errors="replace"))):
            if name not in settings.SETTINGS:
                found.setdefault(name, []).append(str(path.relative_to(root)))
    return found


def settings_spelt_out(root: Path) -> list[str]:
    """Python that names a variable by a string or a keyword of its own (``os.environ.get("CASEBOOK_RESULTS")``,
    ``env(CASEBOOK_SITE=...)``) instead of reading or naming it through casebook/settings.py."""
    out = []
    for path in tree_texts(root):
        if path.suffix != ".py" or path == root / "casebook" / "settings.py":
            continue
        with tokenize.open(path) as f:
            for tok in tokenize.generate_tokens(f.readline):
                text = tok.string
                if tok.type == tokenize.STRING:
                    try:
                        text = ast.literal_eval(text)
                    except (ValueError, SyntaxError):  # an f-string: its text is a message, not a name
                        continue
                if isinstance(text, str) and SETTING_NAME.fullmatch(text):
                    out.append(f"{path.relative_to(root)}:{tok.start[0]}: {text}")
    return out


def test_every_casebook_variable_is_declared_in_settings():
    assert undeclared_settings(ROOT) == {}, "declare each in casebook/settings.py (name, default, meaning, audience)"


def test_code_reads_the_variables_through_settings():
    assert settings_spelt_out(ROOT) == [], "use casebook.settings: X.get(), X.number(n), X.name"


def test_every_declared_setting_is_used_somewhere():
    declared = {attr: s for attr, s in vars(settings).items() if isinstance(s, settings.Setting)}
    assert set(s.name for s in declared.values()) == set(settings.SETTINGS), "every Setting is in SETTINGS"
    texts = "\n".join(
        p.read_text(encoding="utf-8", errors="replace") for p in tree_texts(ROOT) if p != ROOT / "casebook/settings.py"
    )
    unused = [s.name for attr, s in declared.items() if s.name not in texts and f"{attr}." not in texts]
    assert unused == [], "a declared variable nothing reads: drop it from casebook/settings.py"


def test_the_settings_checks_can_fail(tmp_path):
    new, other = "CASEBOOK_" + "NO_SUCH_THING", "CASEBOOK_" + "ALSO_UNDECLARED"  # spelt apart: this file stays clean
    (tmp_path / "notes.md").write_text(f"Set CASEBOOK_RESULTS, or {new}.\n")
    (tmp_path / "run.sh").write_text(f"{other}=1 pytest\n")
    (tmp_path / "reads.py").write_text('import os\nos.environ.get("CASEBOOK_RESULTS")\nenv(CASEBOOK_SITE="x")\n')
    assert undeclared_settings(tmp_path) == {new: ["notes.md"], other: ["run.sh"]}
    assert settings_spelt_out(tmp_path) == ["reads.py:2: CASEBOOK_RESULTS", "reads.py:3: CASEBOOK_SITE"]


def test_the_settings_page_lists_the_user_facing_ones_as_settings_py_declares_them():
    page = (ROOT / "docs" / "settings.md").read_text(encoding="utf-8")
    assert settings.markdown() in page, "docs/settings.md: paste the table python -m casebook.settings prints"
    assert all(f"`{s.name}`" not in page for s in settings.SETTINGS.values() if s.audience not in settings.PUBLISHED)


# -- pytest command lines: built in casebook/pytest_command.py only --------------------------------------------------
def pytest_lines_built_elsewhere(root: Path) -> list[str]:
    """Python outside casebook/pytest_command.py that spells out how to start pytest: ``"-m", "pytest"`` or a path
    to a ``pytest`` script (the five places that once disagreed on which)."""
    out = []
    for path in tree_texts(root):
        if path.suffix != ".py" or path == root / "casebook" / "pytest_command.py":
            continue
        with tokenize.open(path) as f:
            toks = [t for t in tokenize.generate_tokens(f.readline) if t.type in (tokenize.STRING, tokenize.OP)]
        for before, comma, tok in zip(toks, toks[1:], toks[2:]):
            if tok.type == tokenize.STRING and tok.string[1:-1] in ("pytest", "py.test"):
                if (before.string[1:-1] == "-m" and comma.string == ",") or comma.string == "/":
                    out.append(f"{path.relative_to(root)}:{tok.start[0]}")
    return out


def test_every_pytest_command_line_is_built_by_one_function():
    assert pytest_lines_built_elsewhere(ROOT) == [], "call casebook.pytest_command.pytest_command (or pytest_args)"


def test_the_pytest_command_check_can_fail(tmp_path):
    (tmp_path / "runs.py").write_text(
        'import sys\nfrom pathlib import Path\na = [sys.executable, "-m", "pytest", "-q"]\n'
        'b = Path(sys.executable).parent / "pytest"\nc = ["python", "-m", "mkdocs"]\n'
    )
    assert pytest_lines_built_elsewhere(tmp_path) == ["runs.py:3", "runs.py:4"]


# -- the README's map of the tree ------------------------------------------------------------------------------------
def map_problems(readme: str, root: Path) -> list[str]:
    """Each path in the first column of the README's "Where things are" table that does not exist under ``root``
    (``<game>`` stands for every game), and a map with no path at all."""
    section = readme.split("## Where things are", 1)[-1].split("\n## ", 1)[0]
    rows = [line.split("|")[1] for line in section.splitlines() if line.startswith("| `")]
    paths = [p for cell in rows for p in re.findall(r"`([^`]+)`", cell)]
    if not paths:
        return ["the README has no map of the tree"]
    games = sorted(p.name for p in (root / "features").iterdir() if p.is_dir()) if (root / "features").is_dir() else []
    return [
        path
        for path in paths
        for one in ([path.replace("<game>", g) for g in games] or [path] if "<game>" in path else [path])
        if not (root / one.rstrip("/")).exists()
    ]


def test_every_path_in_the_readmes_map_exists():
    assert map_problems((ROOT / "README.md").read_text(encoding="utf-8"), ROOT) == []


def test_the_map_check_can_fail(tmp_path):
    (tmp_path / "features" / "toy").mkdir(parents=True)
    (tmp_path / "casebook").mkdir()
    readme = "## Where things are\n\n| path | what |\n|---|---|\n| `casebook/`, `casebook/gone.py` | x |\n"
    readme += "| `statemachines/<game>/` | y |\n\n## Next\n| `not/a/map/row/` | z |\n"
    assert map_problems(readme, tmp_path) == ["casebook/gone.py", "statemachines/<game>/"]
    assert map_problems("# no map\n", tmp_path) == ["the README has no map of the tree"]
