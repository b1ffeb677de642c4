"""The rulebook as the site reads it: ``casebook.rulebook``, the one reader every tool shares.

The games, sections, clauses and examples come from there, as do the clause
statuses and their fold; the site joins them with the last run's results
(``casebook.site.results``).  The names stay importable from here for the
site's modules.
"""

from __future__ import annotations

from casebook.rulebook import (  # noqa: F401  (re-exported for the site)
    CLAUSE_ID,
    CLAUSE_STATUSES,
    EXAMPLE_STATUSES,
    NOT_RUN,
    SEE_ALSO,
    Clause,
    Example,
    ExampleTable,
    Game,
    Result,
    Row,
    Section,
    Step,
    clean_description,
    read_clause,
    read_example,
    read_game,
    read_games,
    read_section,
    read_steps,
    section_slug,
    see_also,
    tag_names,
)
from casebook.rulebook import fold as summarize  # noqa: F401  (the site's older name for the one fold)
