"""Every ``CASEBOOK_*`` environment variable, declared once: its name, default, meaning and audience.

Code reads a variable through its ``Setting`` here (``RESULTS.get()``, ``FD_GAMES.number(290)``) and sets one by its
``.name``, never by a string of its own: tests/test_conventions.py fails on a ``CASEBOOK_*`` name written anywhere in
the tree (Python, shell, Markdown, YAML, templates) that this module does not declare, and on a literal
``os.environ`` read of one outside this module.  The site's settings page (docs/settings.md) lists those whose
audience is a user or an engine author, and a test keeps it equal to ``markdown()``.

The audiences:

    user            a reader who builds or serves the living rulebook
    engine author   someone validating their own engine with ``casebook verify`` and its site
    maintainer      someone changing Casebook: a longer or shorter test run, a regenerated guide
    internal        one Casebook process telling another (set by Casebook itself, never by hand)

This module imports nothing of Casebook's, so every layer (the site, the transports, the plugin) may read it.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

AUDIENCES = ("user", "engine author", "maintainer", "internal")
PUBLISHED = ("user", "engine author")  # the audiences the site's settings page is for


@dataclass(frozen=True)
class Setting:
    name: str
    default: str  # what applies when it is unset, in words ("" when unset means off)
    meaning: str
    audience: str

    def get(self, fallback: str | None = None) -> str | None:
        """The variable's value, or ``fallback`` when it is unset or empty."""
        return os.environ.get(self.name) or fallback

    def number(self, fallback: int) -> int:
        """The variable as a whole number (a count of games, of states), or ``fallback`` when unset."""
        return int(self.get() or fallback)

    def __str__(self) -> str:
        return self.name


def _declare(*settings: Setting) -> dict[str, Setting]:
    for s in settings:
        if s.audience not in AUDIENCES:
            raise ValueError(f"{s.name}: audience {s.audience!r} is not one of {AUDIENCES}")
    return {s.name: s for s in settings}


# -- the living rulebook ---------------------------------------------------------------------------------------------
RESULTS = Setting(
    "CASEBOOK_RESULTS",
    "results/ beside mkdocs.yml",
    "the folder of test results the site reads (the Cucumber JSON, conformance reports, mutation results); "
    "``casebook docs build --results DIR`` sets it",
    "user",
)
MERMAID_JS = Setting(
    "CASEBOOK_MERMAID_JS",
    "fetched once from the package index and checked against its SHA-256",
    "a mermaid.min.js file already at hand, for a site built without network",
    "user",
)
IMPL = Setting(
    "CASEBOOK_IMPL",
    "mkdocs.yml's extra.casebook.engine (the reference)",
    "the engine the site asks for each game's facts (hello) and drawings (describe): an --impl spec",
    "engine author",
)
VALIDATING = Setting(
    "CASEBOOK_VALIDATING",
    "unset: no such note",
    "a log file: the Conformance page says the reference is being validated in the background and where the "
    "progress goes (./run.sh docs sets it for its first build)",
    "internal",
)
SITE = Setting(
    "CASEBOOK_SITE",
    "unset: the browser test builds a site of its own",
    "a built site the browser test reads, if it is current (./run.sh test points it at the site its docs step built)",
    "maintainer",
)
RULEBOOKS = Setting(
    "CASEBOOK_RULEBOOKS",
    "a shared/rulebooks folder beside or above the checkout",
    "the folder of the rulebook texts, against whose paragraphs each game's trace is checked",
    "maintainer",
)

CACHE_DIR = Setting(
    "CASEBOOK_CACHE_DIR",
    "the user's cache folder (~/.cache/casebook on Linux)",
    "where the parses of feature files are kept between runs (a features/ folder inside it)",
    "user",
)

# -- verify and the transports ---------------------------------------------------------------------------------------
VERIFY_IMPL = Setting(
    "CASEBOOK_VERIFY_IMPL",
    "unset: the --impl option",
    "the engine ``casebook verify`` judges, passed to the pytest session it runs",
    "internal",
)
VERIFY_TIMEOUT = Setting(
    "CASEBOOK_VERIFY_TIMEOUT",
    "unset: the --impl-timeout option",
    "the seconds one engine call may take, passed by ``casebook verify`` to its pytest session",
    "internal",
)
DEADLINE = Setting(
    "CASEBOOK_DEADLINE",
    "unset: no deadline",
    "seconds since the epoch after which no engine call waits any more (``casebook verify --deadline`` sets it)",
    "internal",
)
ENGINE_TOKEN = Setting(
    "CASEBOOK_ENGINE_TOKEN",
    "set by Casebook for each engine it starts",
    "marks an engine's processes, whatever their parent or session, so that they are all found and ended",
    "internal",
)

# -- the suite's own runs --------------------------------------------------------------------------------------------
CLUEDO_GAMES = Setting(
    "CASEBOOK_CLUEDO_GAMES",
    "282 in process, 12 over other drivers",
    "how many random games Cluedo's property test plays",
    "maintainer",
)
FD_GAMES = Setting(
    "CASEBOOK_FD_GAMES",
    "290 in process, 50 over other drivers",
    "how many random games Feuerdiamant's property test plays",
    "maintainer",
)
HEIST_GAMES = Setting(
    "CASEBOOK_HEIST_GAMES",
    "96 in process, 16 over other drivers",
    "how many random games the heist's property test plays",
    "maintainer",
)
SD_GAMES = Setting(
    "CASEBOOK_SD_GAMES",
    "120 in process, 12 over other drivers",
    "how many random games Small Detectives' property test plays",
    "maintainer",
)
MUTATIONS = Setting(
    "CASEBOOK_MUTATIONS",
    "2000 in process, 200 over other drivers",
    "how many hostile states tests/test_loaded_states.py feeds to load",
    "maintainer",
)
SLOW_MUTATIONS = Setting(
    "CASEBOOK_SLOW_MUTATIONS",
    "the slow test's own count in process, 500 over other drivers",
    "how many hostile states the slow run of tests/test_loaded_states.py feeds to load",
    "maintainer",
)
CHECK_PHRASES = Setting(
    "CASEBOOK_CHECK_PHRASES",
    "unset: off",
    "match every step both ways (the fast matcher and pytest-bdd's) and stop at the first disagreement",
    "maintainer",
)
WRITE_GUIDE = Setting(
    "CASEBOOK_WRITE_GUIDE",
    "unset: the guide's generated tables are checked, not written",
    "write the engine authors' guide's generated tables and decline_costs.json from a fresh run",
    "maintainer",
)
RECORD_POSITIONS = Setting(
    "CASEBOOK_RECORD_POSITIONS",
    "unset: the published starts are loaded",
    "a folder: deal every start on the engine and write <folder>/<game>/positions.json (``casebook regenerate``)",
    "internal",
)
BENCH_TIMES = Setting(
    "CASEBOOK_BENCH_TIMES",
    "set by casebook bench",
    "the file where the benchmark's timer plugin writes each passed test's time and steps",
    "internal",
)
TOY_DECLINE = Setting(
    "CASEBOOK_TOY_DECLINE",
    "unset: the toy declines nothing",
    '"GAME TAG": what the declining toy engine of tests/conformance declines',
    "internal",
)
TOY_DEVIATION = Setting(
    "CASEBOOK_TOY_DEVIATION",
    "unset: the deviant toy cannot be made (it names the one deviation to play)",
    "the one deviation the toy engine of tests/conformance/deviant_toys.py plays (issue 44's proof)",
    "internal",
)
SENT = Setting(
    "CASEBOOK_SENT",
    "unset: nothing recorded",
    "a file where tests/givens records every move a step sends (which Given, When or Then sent it)",
    "internal",
)

SETTINGS = _declare(
    RESULTS,
    MERMAID_JS,
    IMPL,
    VALIDATING,
    SITE,
    RULEBOOKS,
    CACHE_DIR,
    VERIFY_IMPL,
    VERIFY_TIMEOUT,
    DEADLINE,
    ENGINE_TOKEN,
    CLUEDO_GAMES,
    FD_GAMES,
    HEIST_GAMES,
    SD_GAMES,
    MUTATIONS,
    SLOW_MUTATIONS,
    CHECK_PHRASES,
    WRITE_GUIDE,
    RECORD_POSITIONS,
    BENCH_TIMES,
    TOY_DECLINE,
    TOY_DEVIATION,
    SENT,
)


def markdown(audiences: tuple[str, ...] = PUBLISHED) -> str:
    """The table of the settings for ``audiences``, as docs/settings.md holds it."""
    rows = [
        f"| `{s.name}` | {s.audience} | {s.meaning.replace('``', '`')} | {s.default.replace('``', '`')} |"
        for s in SETTINGS.values()
        if s.audience in audiences
    ]
    return "\n".join(["| variable | for | meaning | when unset |", "|---|---|---|---|", *rows]) + "\n"


if __name__ == "__main__":  # python -m casebook.settings: the table docs/settings.md holds
    print(markdown(), end="")
