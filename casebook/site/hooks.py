"""MkDocs hooks (see mkdocs.yml): generate the per-game pages at build time.

``on_config`` reads the features, the last run's results, the conformance
reports and what the engine says through the protocol (hello, describe) once,
and expands the ``casebook:games`` and ``casebook:protocol`` placeholders of
the nav.  ``on_files`` adds the generated pages (in memory: nothing generated
is written into docs/), the raw JSON Schemas and the vendored mermaid.
``on_page_markdown`` puts the list of games where a hand-written page says
``<!-- casebook:games -->`` (the home page), so it stays true as games are
added.  ``on_post_build`` adds to Material's search index what the site's
search worker needs (each game's title and its players' words) and each
clause's section, as a field of its own.  Problems
found while reading (a clause without an id, a feature that does not parse, a
table question or "See also" that names no clause, a malformed describe
answer) are logged as warnings, so ``mkdocs build --strict`` refuses them.

The results folder is ``results/`` beside mkdocs.yml, or ``$CASEBOOK_RESULTS``
(``casebook docs build --results DIR`` sets it).  ``$CASEBOOK_VALIDATING`` (a log file's
path) says the reference is being validated in the background: the Conformance page says so
instead of "no engine has been validated".
"""

from __future__ import annotations

import json
import logging
import os
from pathlib import Path

from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File

from casebook import settings
from casebook.atomic import write_text
from casebook.site.glance import GlanceFileError
from casebook.site.render import Site
from casebook.site.vendor import LICENCE as MERMAID_LICENCE, VendorError, mermaid_js

log = logging.getLogger("mkdocs.plugins.casebook")  # under "mkdocs": strict mode counts its warnings
MERMAID_URI = "javascripts/vendor/mermaid.min.js"
MERMAID_LICENCE_URI = "javascripts/vendor/mermaid.LICENSE.txt"  # beside it, as bundlers name a bundle's notices
GAMES_MARK = "<!-- casebook:games -->"

_site: Site | None = None


def root_of(config) -> Path:
    """The project beside mkdocs.yml (not resolved: a linked mkdocs.yml serves another tree)."""
    return Path(os.path.abspath(config.config_file_path)).parent


def expand(nav, site: Site):
    """Replace the placeholders in the configured nav with the generated entries."""
    if isinstance(nav, list):
        out = []
        for item in nav:
            if item == "casebook:games":
                out += site.nav_games()
            elif item == "casebook:protocol":
                out += site.nav_protocol()
            else:
                out.append(expand(item, site))
        return out
    if isinstance(nav, dict):
        return {k: expand(v, site) for k, v in nav.items()}
    return nav


def on_config(config):
    global _site
    root = root_of(config)
    results = Path(settings.RESULTS.get() or root / "results")
    extra = (config.extra or {}).get("casebook", {}) or {}
    try:
        _site = Site(
            root,
            results,
            titles=extra.get("games", {}) or {},
            engine=extra.get("engine"),
            directory_urls=config.use_directory_urls,
            validating=settings.VALIDATING.get(""),  # ./run.sh docs: the first build, while the reference is validated
        ).build()
    except GlanceFileError as exc:  # mkdocs stops with the message alone, no traceback
        raise PluginError(str(exc)) from exc
    for problem in _site.problems:
        log.warning(problem)
    for game in _site.games:
        info = _site.engines.get(game.id)
        if info is not None and info.error:
            log.info(f"{game.id}: {info.error}")  # a note on the game page, not a failure
    if config.nav:
        config.nav = expand(config.nav, _site)
    return config


def on_files(files, config):
    site = _site
    if site is None:  # pragma: no cover - on_config always runs first
        return files
    root = root_of(config)
    for path, text in site.pages().items():
        if files.get_file_from_path(path) is None:  # a hand-written page of the same name wins
            files.append(File.generated(config, path, content=text))
    for game in site.schemas:
        files.append(
            File.generated(
                config, f"schemas/{game}.json", abs_src_path=str(root / "casebook" / "schemas" / f"{game}.json")
            )
        )
    try:
        files.append(File.generated(config, MERMAID_URI, abs_src_path=str(mermaid_js(root))))
        files.append(File.generated(config, MERMAID_LICENCE_URI, abs_src_path=str(MERMAID_LICENCE)))
    except VendorError as exc:
        log.warning(f"state diagrams will not render: {exc}")
    return files


def on_page_markdown(markdown, page, config, files):
    if _site is not None and GAMES_MARK in markdown:
        markdown = markdown.replace(
            GAMES_MARK, _site.games_list(page.file.src_uri) if _site.games else "<p>No game has features yet.</p>"
        )
    return markdown


def on_post_build(config):
    """Material's search index, plus what casebook's search worker reads from its config."""
    path = Path(config.site_dir) / "search" / "search_index.json"
    if _site is None or not path.is_file():
        return
    index = json.loads(path.read_text(encoding="utf-8"))
    index = _site.search_index(index)
    write_text(path, json.dumps(index, separators=(",", ":"), ensure_ascii=False))


def on_serve(server, config, builder):
    """``mkdocs serve`` / ``casebook docs serve --live``: rebuild when a feature, result or engine changes."""
    root = root_of(config)
    for path in (
        root / "features",
        Path(settings.RESULTS.get() or root / "results"),
        root / "statemachines",
        root / "casebook" / "schemas",
    ):
        if path.exists():
            server.watch(str(path))
    return server
