"""Deprecated: the engine author's kit is ``casebook.adapter`` now (issue 48 renamed it by its layer).

An engine written against ``from casebook.author import Rules`` keeps working, with a DeprecationWarning that
names the new path; nothing inside Casebook imports this module (an import-linter contract in pyproject.toml).
"""

import warnings

from casebook.adapter import *  # noqa: F403  (the public names, re-exported unchanged)
from casebook.adapter import __all__  # noqa: F401

warnings.warn(
    "casebook.author is deprecated: import the engine author's kit from casebook.adapter",
    DeprecationWarning,
    stacklevel=2,
)
