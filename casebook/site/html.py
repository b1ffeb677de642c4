"""Escaping for the few places that write HTML from Python rather than through a template.

The pages come from Jinja2 templates that escape every value by default
(casebook/site/templating.py).  What remains here serves the converters of our own
docstrings (casebook/site/protocol_doc.py) and callers that escape one value.
"""

from __future__ import annotations

import html

from casebook.names import printable
from casebook.site.links import href, page_url  # noqa: F401 - where callers found them before
from casebook.site.templating import LABELS, md_heading_text  # noqa: F401 - the same


def esc(text) -> str:
    """Text for HTML, in a body or an attribute: escaped, and without ANSI escapes or control characters
    (an engine's name or message may hold any of them)."""
    return html.escape(printable(str(text)), quote=True)
