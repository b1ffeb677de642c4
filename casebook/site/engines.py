"""What the reference engines tell the site: facts, the turn diagram, which clauses govern which phase.

The engines are found by ``statemachines.reference.discover_engines``.  A game
whose engine is missing, or does not import yet, still gets its pages from
its features; the problem is reported, not fatal to the other games.

Which clauses govern a phase is read from the engine's own citations, as the
house style asks every guard and callback to cite its clause (``# CD-MOV-03:
...``): for each row of ``machine.TRANSITIONS``, the clause ids cited in the
row's comments and in the guards and callbacks it names that run before the
phase is left (conditions, unless, prepare, before, the trigger itself) govern
its source phase; those of its ``after`` callbacks and ``on_enter_<dest>``
govern the phase it leads to.  An engine may also state the links outright as ``state_clauses``
(``{phase: [clause id, ...]}``) on the object ``make_engine()`` returns.
"""

from __future__ import annotations

import ast
import importlib
import io
import json
import tokenize
from dataclasses import dataclass, field
from pathlib import Path

from casebook.site.spec import CLAUSE_ID

LEAVING = ("conditions", "unless", "prepare", "before")


@dataclass
class EngineInfo:
    game: str
    facts: dict = field(default_factory=dict)
    diagram: str = ""  # mermaid stateDiagram text, as transitions draws it (tidied)
    states: list[str] = field(default_factory=list)
    state_clauses: dict[str, list[str]] = field(default_factory=dict)
    error: str = ""


def discover(problems: list[str]) -> dict:
    """Every engine that imports; one broken game does not hide the others."""
    try:
        from statemachines.reference import discover_engines

        return discover_engines()
    except Exception as exc:  # a game being written may not import yet
        problems.append(f"the engine registry failed ({type(exc).__name__}: {exc}); trying each game alone")
    import pkgutil

    import statemachines

    engines = {}
    for info in pkgutil.iter_modules(statemachines.__path__):
        if not info.ispkg:
            continue
        try:
            module = importlib.import_module(f"statemachines.{info.name}")
            if hasattr(module, "make_engine"):
                engine = module.make_engine()
                engines[engine.game_id] = engine
        except Exception as exc:
            problems.append(f"statemachines.{info.name} does not load: {type(exc).__name__}: {exc}")
    return engines


def tidy_diagram(text: str) -> str:
    """transitions' mermaid text, made fit for a page.

    transitions writes its title as bare front matter (``---\\ntitle\\n---``),
    which mermaid's front matter parser does not take as a title; and it marks
    the initial state as the *active* one, which on a page that is not a game
    in progress would mislead: the initial state is shown by ``[*] -->``.
    """
    # Top to bottom reads better in a page column than transitions' left to right.
    lines = [("  direction TB" if line.strip() == "direction LR" else line) for line in text.strip("\n").splitlines()]
    if len(lines) >= 3 and lines[0].strip() == "---" and lines[2].strip() == "---" and ":" not in lines[1]:
        lines[1] = "title: " + json.dumps(lines[1].strip())
    return "\n".join(line.replace(" s_active", " s_default") if line.strip().startswith("Class ") else line for line in lines) + "\n"


def state_names(states: list) -> list[str]:
    names = []
    for s in states:
        if isinstance(s, str):
            names.append(s)
        elif isinstance(s, dict) and "name" in s:
            names.append(str(s["name"]))
        elif hasattr(s, "name"):
            names.append(str(s.name))
    return names


def comments_by_line(source: str) -> dict[int, str]:
    out = {}
    try:
        for tok in tokenize.generate_tokens(io.StringIO(source).readline):
            if tok.type == tokenize.COMMENT:
                out[tok.start[0]] = tok.string
    except (tokenize.TokenError, IndentationError, SyntaxError):
        pass
    return out


def cited(text: str) -> list[str]:
    """Clause ids named in a comment or docstring (code, not Gherkin: the ids are words there).

    A range such as ``CD-MOV-02..06`` names every clause from 02 to 06.
    """
    for ch in ",:;()[]":
        text = text.replace(ch, " ")
    out = []
    for word in text.split():
        word = word.strip(".#'\"`")
        first, dots, last = word.partition("..")
        if dots and CLAUSE_ID.match(first) and last.isdigit():
            prefix, _, number = first.rpartition("-")
            out += [f"{prefix}-{n:0{len(number)}d}" for n in range(int(number), int(last) + 1)]
        elif CLAUSE_ID.match(word):
            out.append(word)
    return out


def citations_of_functions(path: Path) -> dict[str, list[str]]:
    """Function or method name → clause ids in its docstring and comments."""
    if not path.is_file():
        return {}
    source = path.read_text(encoding="utf-8")
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return {}
    comments = comments_by_line(source)
    out: dict[str, list[str]] = {}
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            text = (ast.get_docstring(node) or "") + " "
            first = min([node.lineno] + [d.lineno for d in node.decorator_list]) - 1
            text += " ".join(comments.get(n, "") for n in range(first, (node.end_lineno or node.lineno) + 1))
            out.setdefault(node.name, []).extend(cited(text))
    return out


def row_comments(path: Path, name: str) -> list[str]:
    """For each element of the list literal ``name`` in a module: the comments on and just above it."""
    if not path.is_file():
        return []
    source = path.read_text(encoding="utf-8")
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return []
    comments = comments_by_line(source)
    for node in tree.body:
        targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(node, ast.AnnAssign) else []
        if any(isinstance(t, ast.Name) and t.id == name for t in targets) and isinstance(node.value, (ast.List, ast.Tuple)):
            rows = []
            for element in node.value.elts:
                lines = set(range(element.lineno, (element.end_lineno or element.lineno) + 1))
                above = element.lineno - 1
                while above in comments and source.splitlines()[above - 1].strip().startswith("#"):
                    lines.add(above)
                    above -= 1
                rows.append(" ".join(comments[n] for n in sorted(lines) if n in comments))
            return rows
    return []


def as_list(value) -> list:
    if value is None:
        return []
    if isinstance(value, (list, tuple)):
        return list(value)
    return [value]


def link_states(game: str, engine, known: set[str], problems: list[str]) -> tuple[list[str], dict[str, list[str]]]:
    try:
        machine = importlib.import_module(f"statemachines.{game}.machine")
    except Exception:
        return [], {}
    states = state_names(getattr(machine, "STATES", []))
    links: dict[str, list[str]] = {s: [] for s in states}

    def add(state, ids):
        for i in ids:
            if i in known and i not in links.setdefault(state, []):
                links[state].append(i)

    explicit = getattr(engine, "state_clauses", None)
    if isinstance(explicit, dict):
        for state, ids in explicit.items():
            add(str(state), as_list(ids))
    folder = Path(machine.__file__).parent
    functions: dict[str, list[str]] = {}
    for module in ("engine.py", "machine.py", "rules.py"):
        for fn, ids in citations_of_functions(folder / module).items():
            functions.setdefault(fn, []).extend(ids)
    for state, comment in zip(states, row_comments(folder / "machine.py", "STATES")):
        add(state, cited(comment))
    transitions = list(getattr(machine, "TRANSITIONS", []))
    comments = row_comments(folder / "machine.py", "TRANSITIONS")
    if len(comments) != len(transitions):
        comments = [""] * len(transitions)
    for row, comment in zip(transitions, comments):
        if isinstance(row, (list, tuple)):
            row = dict(zip(("trigger", "source", "dest"), row))
        if not isinstance(row, dict):
            continue
        sources = states if row.get("source") == "*" else [str(s) for s in as_list(row.get("source"))]
        # Guards and "before" callbacks decide whether and how the phase is left: they govern
        # the source.  "after" callbacks and on_enter_<dest> shape the phase that follows.
        names = [row.get("trigger")] + [n for key in LEAVING for n in as_list(row.get(key)) if isinstance(n, str)]
        ids = cited(comment) + [i for n in names if n for i in functions.get(n, [])]
        for source in sources:
            add(source, ids)
        dest = row.get("dest")
        if isinstance(dest, str):
            after = [n for n in as_list(row.get("after")) if isinstance(n, str)] + [f"on_enter_{dest}"]
            add(dest, [i for n in after for i in functions.get(n, [])])
    return states, links


def engine_infos(games: dict[str, set[str]], problems: list[str]) -> dict[str, EngineInfo]:
    """For each game id with features (→ its clause ids), what its engine offers, if it has one."""
    engines = discover(problems)
    infos = {}
    for game, known in games.items():
        info = EngineInfo(game)
        engine = engines.get(game)
        if engine is None:
            info.error = "no reference engine yet"
            infos[game] = info
            continue
        info.facts = dict(getattr(engine, "facts", {}) or {})
        try:
            info.diagram = tidy_diagram(engine.diagram())
        except Exception as exc:
            info.error = f"the diagram could not be drawn: {type(exc).__name__}: {exc}"
            problems.append(f"{game}: {info.error}")
        try:
            info.states, info.state_clauses = link_states(game, engine, known, problems)
        except Exception as exc:  # citations are a help, never a reason not to build
            problems.append(f"{game}: could not read which clauses govern which phase: {exc}")
        infos[game] = info
    return infos


def schema_of(game: str, root: Path) -> dict | None:
    path = root / "casebook" / "schemas" / f"{game}.json"
    if not path.is_file():
        return None
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except ValueError:
        return None
