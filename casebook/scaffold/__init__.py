"""A new game's files, from its rulebook (``casebook new-game``): what every game has, the engine the kit's toy.

``plan(root, game_id, rulebook, title=...)`` reads the rulebook's text and returns every file to write, as
``{path relative to the checkout: text}``, or raises a ``ScaffoldError`` (nothing is written by it):

    statemachines/<id>/__init__.py, rules.py, machine.py, engine.py   the kit's toy, in the shape of every game
    statemachines/<id>/equivalent-mutants.yml   empty: the rule changes no example can tell apart, with why
    features/<id>/00-in-transcription.feature   one placeholder Rule per section heading, tagged @untranscribed
    features/<id>/trace.yml                     the sections and every paragraph, each one untraced
    features/<id>/subjects.yml, questions.yml, synonyms.yml   empty, with what each is for
    step_defs/<id>.py                           the toy's sentences on the shared vocabulary
    tests/<id>/__init__.py, test_random_play.py random play on the shared runner, the toy's outcome law

A paragraph is a non-empty line (casebook.trace).  A section starts at a heading: a short line (at most
``HEADING_MAX`` characters) that does not end a sentence and is no list item nor table row; in a text whose
paragraphs are separated by blank lines it must also stand alone between blank lines.  A Markdown heading
(``# ...``) always is one.  Paragraphs before the first heading make a section of their own.  The headings found
are a first cut: the trace's sections and the feature files are the transcriber's to merge and rename.

The game needs no registration elsewhere: the site lists every game of features/ and takes its title, short
name and summary from its GameInfo (rules.py), through its generated schema.
"""

from __future__ import annotations

import json
import keyword
import re
import shutil
import unicodedata
from dataclasses import dataclass
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, StrictUndefined

from casebook.rulebook import CLAUSE_ID, read_game
from casebook.trace import rulebook_paragraphs

TEMPLATES = Path(__file__).resolve().parent / "templates"
GAME_ID = re.compile(r"[a-z][a-z0-9_]{1,39}")  # whole ids only (fullmatch): "pi\n" is none
PREFIX = re.compile(r"[A-Z]{2}")
# Lower-case words that a game id names as a Python name in its files (the class ``None``, ``True``…)
RESERVED = frozenset({"none", "true", "false"})
HEADING_MAX = 60
NOT_A_HEADING = re.compile(r"^([•·\-*–—|>]|\d+[.)]\s|\(?[a-z]\)\s)")  # list items, table rows, quotes
FEATURE = "00-in-transcription.feature"
PER_GAME_YAML = ("subjects.yml", "questions.yml", "synonyms.yml")  # beside the features, as every game has


class ScaffoldError(ValueError):
    """``casebook new-game`` cannot scaffold this game; nothing was written."""


class BadGameId(ScaffoldError):
    """The id cannot name a game: it must be a Python package name in lower case (``pi``, ``cluedo_drei``)."""


class GameExists(ScaffoldError):
    """A game, or a file a game's id would take, exists already."""


class NoRulebook(ScaffoldError):
    """The rulebook file is missing, unreadable or empty."""


@dataclass
class Section:
    title: str
    numbers: list[int]  # its paragraphs
    clause: str = ""  # the placeholder Rule's id

    @property
    def range(self) -> str:
        return f"{self.numbers[0]}-{self.numbers[-1]}" if len(self.numbers) > 1 else str(self.numbers[0])

    @property
    def span(self) -> str:
        return f"¶{self.numbers[0]}–¶{self.numbers[-1]}" if len(self.numbers) > 1 else f"¶{self.numbers[0]}"


# -- the rulebook ---------------------------------------------------------------------------------
def read_rulebook(path: Path) -> list[str]:
    """The rulebook's lines as written (blank ones too); NoRulebook when there is no text to read."""
    if not path.is_file():
        raise NoRulebook(f"no rulebook file {path}")
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise NoRulebook(f"cannot read the rulebook {path} as UTF-8 text: {exc}") from None
    if not any(line.strip() for line in lines):
        raise NoRulebook(f"the rulebook {path} has no paragraph (no non-empty line)")
    return lines


def is_heading(text: str) -> bool:
    text = text.strip()
    if text.startswith("#"):
        return bool(text.lstrip("#").strip())
    return (
        0 < len(text) <= HEADING_MAX
        and text[0].isalnum()
        and text[-1] not in ".,;:!?"
        and not NOT_A_HEADING.match(text)
    )


def sections_of(lines: list[str]) -> list[Section]:
    """The rulebook cut at its headings (see the module doc); paragraph numbers as casebook.trace counts them."""
    spaced = any(not line.strip() for line in lines)
    sections: list[Section] = []
    number = 0
    for i, line in enumerate(lines):
        if not line.strip():
            continue
        number += 1
        alone = (i == 0 or not lines[i - 1].strip()) and (i + 1 == len(lines) or not lines[i + 1].strip())
        if is_heading(line) and (alone or not spaced or line.strip().startswith("#")):
            sections.append(Section(line.strip().lstrip("#").strip(), [number]))
        elif sections:
            sections[-1].numbers.append(number)
        else:
            sections.append(Section("Before the first heading", [number]))
    titles: dict[str, int] = {}
    for section in sections:  # the trace names a section by its title: one title, one section
        titles[section.title] = titles.get(section.title, 0) + 1
        if titles[section.title] > 1:
            section.title = f"{section.title} ({titles[section.title]})"
    return sections


def ascii_letters(text: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", text) if c.isascii() and c.isalnum()).upper()


ARTICLES = frozenset("THE DIE DER DAS DEN LES LOS LAS DEL DES UNE UNA UNO".split())  # no word to name a section by


def section_codes(sections: list[Section], prefix: str) -> None:
    """Each section's placeholder clause id: ``<PREFIX>-<its first word of 3+ letters, 4 at most>-00`` (an article
    skipped), made unique."""
    taken: set[str] = set()
    for section in sections:
        words = [ascii_letters(w) for w in re.split(r"[\s'’\-]+", section.title)]
        code = next((w[:4] for w in words if len(w) >= 3 and not w.isdigit() and w not in ARTICLES), None) or next(
            (w[:4] for w in words if w), "SEC"
        )
        unique, n = code, 2
        while unique in taken:
            unique, n = f"{code}{n}", n + 1
        taken.add(unique)
        section.clause = f"{prefix}-{unique}-00"


# -- the checks before anything is written ----------------------------------------------------------
def game_paths(game_id: str) -> tuple[str, ...]:
    """Every path a game's files take in a checkout: what ``new-game`` writes and ``regenerate`` generates."""
    return (
        f"features/{game_id}",
        f"statemachines/{game_id}",
        f"step_defs/{game_id}.py",
        f"tests/{game_id}",
        f"casebook/schemas/{game_id}.json",
        f"casebook/conformance/perft/{game_id}.json",
        f"tests/docs/fixture/describe/{game_id}.json",
    )


def replaced(root: Path, game_id: str) -> list[str]:
    """What ``new-game --force`` removes before it scaffolds again: the game's paths that exist (a folder whole).
    Only a game is replaced: an id whose features/<id>/trace.yml is missing is refused by ``check_id``."""
    return [p for p in game_paths(game_id) if (root / p).exists()]


def remove_game(root: Path, paths: list[str]) -> None:
    for relative in paths:
        path = root / relative
        if path.is_dir():
            shutil.rmtree(path)
        else:
            path.unlink()


def check_id(root: Path, game_id: str, replacing: bool = False) -> None:
    if (
        not isinstance(game_id, str)
        or not GAME_ID.fullmatch(game_id)
        or keyword.iskeyword(game_id)
        or game_id in RESERVED
        or keyword.iskeyword(class_name(game_id))
    ):
        raise BadGameId(
            f"{game_id!r} cannot be a game id: 2 to 40 characters, lower-case letters, digits and _, "
            f"starting with a letter, not a Python keyword nor {', '.join(sorted(RESERVED))} "
            "(it names a package, a folder and a class)"
        )
    taken = [
        p
        for p in (
            f"features/{game_id}",
            f"statemachines/{game_id}",
            f"statemachines/{game_id}.py",
            f"step_defs/{game_id}.py",
            f"tests/{game_id}",
            f"tests/{game_id}.py",
            f"casebook/schemas/{game_id}.json",
        )
        if (root / p).exists()
    ]
    if replacing and (root / "features" / game_id / "trace.yml").is_file():
        taken = [p for p in taken if not any(p == mine or p.startswith(mine + "/") for mine in game_paths(game_id))]
    if taken:
        again = "" if replacing else " (--force scaffolds a game again, removing its files)"
        raise GameExists(f"the id {game_id!r} is taken: {', '.join(taken)} exist{'s' * (len(taken) == 1)}{again}")


def prefixes_in_use(root: Path) -> dict[str, str]:
    """{clause-id prefix: game} of the games in features/."""
    used = {}
    for folder in sorted(p for p in (root / "features").iterdir() if p.is_dir()):
        for clause in read_game(folder.name, folder).clauses:
            if CLAUSE_ID.match(clause.id):
                used.setdefault(clause.id.split("-")[0], folder.name)
    return used


JOINING_WORDS = frozenset("and or of the a an de du des la le les et und der die das y i".split())  # no initial


def choose_prefix(root: Path, game_id: str, prefix: str | None, replacing: bool = False) -> str:
    """The given prefix, or the initials of the id's first two words besides joining ones (``small_detectives``: SD,
    ``bulls_and_cows``: BC), or the first two letters of a one-word id (``pi``: PI)."""
    parts = [p for p in game_id.split("_") if p]
    words = [p for p in parts if p not in JOINING_WORDS] or parts
    chosen = prefix or (words[0][0] + words[1][0] if len(words) > 1 else words[0][:2]).upper()
    if not PREFIX.fullmatch(chosen):
        raise BadGameId(f"{chosen!r} cannot prefix clause ids: two capital letters A-Z (--prefix)")
    owner = prefixes_in_use(root).get(chosen)
    if owner and not (replacing and owner == game_id):
        raise GameExists(f"the clause-id prefix {chosen} is {owner}'s: choose another with --prefix")
    return chosen


# -- the files ----------------------------------------------------------------------------------
def environment() -> Environment:
    env = Environment(
        loader=FileSystemLoader(str(TEMPLATES)), undefined=StrictUndefined, keep_trailing_newline=True, autoescape=False
    )  # Python, Gherkin and YAML, never HTML
    env.filters["pyrepr"] = lambda value: json.dumps(
        value, ensure_ascii=False
    )  # a JSON string is a Python string literal
    env.filters["yamlstr"] = lambda value: json.dumps(value, ensure_ascii=False)  # and a YAML one
    env.filters["docstring"] = docstring_text
    return env


def docstring_text(value: str) -> str:
    """``value`` as text inside a Python triple-quoted docstring: a quote or backslash in it is escaped, so that no
    title can end the docstring and run code after it (issue 46)."""
    return value.replace("\\", "\\\\").replace('"', '\\"')


def class_name(game_id: str) -> str:
    name = "".join(part.capitalize() for part in game_id.split("_") if part)
    return name if name.isidentifier() and not name[0].isdigit() else "Game" + name


def plan(
    root: Path,
    game_id: str,
    rulebook: Path,
    title: str | None = None,
    prefix: str | None = None,
    replacing: bool = False,
) -> dict[str, str]:
    """Every file of the new game, ``{path: text}``; a ScaffoldError when it cannot be made (nothing is written).
    ``replacing``: the game may exist (``new-game --force``; ``replaced`` lists what goes first)."""
    check_id(root, game_id, replacing)
    lines = read_rulebook(rulebook)
    prefix = choose_prefix(root, game_id, prefix, replacing)
    sections = sections_of(lines)
    section_codes(sections, prefix)
    if sum(len(s.numbers) for s in sections) != len(
        rulebook_paragraphs(rulebook)
    ):  # one count of paragraphs, the trace's
        raise NoRulebook(f"{rulebook}: the sections found do not cover its paragraphs (a bug in casebook.scaffold)")
    title = " ".join((title or game_id.replace("_", " ").title()).split())
    if not title or not title.isprintable():
        raise BadGameId(f"{title!r} cannot be a title: it is empty or holds control characters")
    if not rulebook.name.isprintable():
        raise NoRulebook(f"{rulebook.name!r}: a rulebook's file name may hold no control characters (a line break)")
    view = {
        "id": game_id,
        "cls": class_name(game_id),
        "title": title,
        "short": title,
        "prefix": prefix,
        "summary": f"In transcription from {rulebook.name}: its rules are still to be written as clauses.",
        "rulebook": rulebook.name,
        "sections": sections,
    }
    env = environment()
    files = {
        f"statemachines/{game_id}/__init__.py": "engine_init.py.j2",
        f"statemachines/{game_id}/rules.py": "rules.py.j2",
        f"statemachines/{game_id}/machine.py": "machine.py.j2",
        f"statemachines/{game_id}/engine.py": "engine.py.j2",
        f"statemachines/{game_id}/equivalent-mutants.yml": "equivalent-mutants.yml.j2",  # mutation data, beside it
        f"features/{game_id}/{FEATURE}": "feature.j2",
        f"features/{game_id}/trace.yml": "trace.yml.j2",
        **{f"features/{game_id}/{name}": f"{name}.j2" for name in PER_GAME_YAML},
        f"step_defs/{game_id}.py": "steps.py.j2",
        f"tests/{game_id}/test_random_play.py": "test_random_play.py.j2",
    }
    out = {path: env.get_template(template).render(**view) for path, template in files.items()}
    out[f"tests/{game_id}/__init__.py"] = ""
    for path, text in out.items():  # whatever the title and file names held, each module is the template's
        if path.endswith(".py"):
            try:
                compile(text, path, "exec", dont_inherit=True)
            except SyntaxError as exc:
                raise BadGameId(f"{path} would not be Python ({exc.msg}): check the title and names") from None
    return out


def write(root: Path, files: dict[str, str]) -> list[Path]:
    """Write the planned files (none may exist); on any failure remove what was written and raise."""
    written: list[Path] = []
    try:
        for relative, text in files.items():
            path = root / relative
            path.parent.mkdir(parents=True, exist_ok=True)
            with path.open("x", encoding="utf-8") as handle:  # "x": never over a file that appeared meanwhile
                handle.write(text)
            written.append(path)
    except OSError as exc:
        remove(root, written)
        raise GameExists(f"cannot write {relative}: {exc}") from None
    return written


def remove(root: Path, paths: list[Path]) -> None:
    """Undo a scaffold: the files, then the folders it left empty but for Python's cache (never one holding more)."""
    for path in paths:
        path.unlink(missing_ok=True)
    for folder in sorted({p.parent for p in paths}, key=lambda p: len(p.parts), reverse=True):
        while folder != root and folder.is_dir() and {p.name for p in folder.iterdir()} <= {"__pycache__"}:
            shutil.rmtree(folder)
            folder = folder.parent


class NotACheckout(ScaffoldError):
    """new-game and regenerate write into a Casebook checkout, with its own casebook; this is none."""


def checkout_root(start: Path | None = None) -> Path:
    """The Casebook checkout holding ``start`` (default: the working directory), whose own casebook this is: the
    folder with mkdocs.yml, features/, step_defs/ and statemachines/."""
    here = (start or Path.cwd()).resolve()
    root = next(
        (
            folder
            for folder in (here, *here.parents)
            if all((folder / part).exists() for part in ("mkdocs.yml", "features", "step_defs", "statemachines"))
        ),
        None,
    )
    if root is None:
        raise NotACheckout(
            f"{here} is not inside a Casebook checkout (a folder with mkdocs.yml, features/, "
            "step_defs/ and statemachines/)"
        )
    own = Path(__file__).resolve().parents[2]
    if own != root:  # the engines and generators that run must be the checkout's own, or we would write another's files
        raise NotACheckout(
            f"this casebook runs from {own}, not from the checkout {root}: run the checkout's own "
            f"(PYTHONPATH={root} casebook ..., or pip install -e {root})"
        )
    return root
