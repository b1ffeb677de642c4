"""Links between generated pages: the URL mkdocs gives a page, and a relative link from one to another."""

from __future__ import annotations

import posixpath


def page_url(path: str, directory_urls: bool = True) -> str:
    """The URL mkdocs gives a page, relative to the site root ('' for the home page)."""
    stem = path[:-3] if path.endswith(".md") else path
    if stem == "index":
        return ""
    if stem.endswith("/index"):
        return stem[: -len("index")]
    return stem + "/" if directory_urls else stem + ".html"


def href(from_page: str, to: str, anchor: str = "", directory_urls: bool = True) -> str:
    """A relative link from one generated page to a page (``x.md``) or a file, with an optional anchor."""
    here = page_url(from_page, directory_urls)
    target = page_url(to, directory_urls) if to.endswith(".md") else to
    base = here if (here.endswith("/") or here == "") else posixpath.dirname(here)
    if target == here:
        link = ""
    else:
        link = posixpath.relpath(target or ".", base or ".")
        if (target.endswith("/") or target == "") and not link.endswith("/"):
            link += "/"
        if link == "./" and anchor:
            link = ""
    return link + (f"#{anchor}" if anchor else "") or "./"
