"""pytest-bdd's parsed features, kept on disk by their content: a run reads a feature file's parse back instead of
parsing it again (Python's ``__pycache__`` for bytecode, done for Gherkin).

Our 57 feature files are rulebook-sized (long Rule descriptions, ~9,000 lines), and the official Gherkin parser tries
each of its token matchers on every line: ~0.16 s of every session and every xdist worker, ~5 % of a run of the
scenarios (issue 32).  What is kept is the Gherkin parser's own output, plain JSON (data: nothing in it can run
code when it is read, issue 46), in the user's cache folder (``platformdirs``: ``~/.cache/casebook/features`` on
Linux; ``CASEBOOK_CACHE_DIR`` names another), never beside the features, so an installed package gets no cache in
site-packages and a checkout's ignored folders hold nothing that collection reads.  A file's name is the digest of
all its parse depends on (the file's bytes, its paths, the encoding, the versions of pytest-bdd, Gherkin and
Python), and the digest is written inside it again and compared before use; a file that does not match, is not
JSON, or is JSON of the wrong shape is ignored: the feature is parsed as pytest-bdd always did and the file
rewritten.  Nothing is written where Python writes no bytecode either (``PYTHONDONTWRITEBYTECODE``,
``sys.dont_write_bytecode``), nor where the folder cannot be made.

The cache is only a parse: the edition digest verify prints is computed from the feature files' bytes
(casebook/conformance/suite.py), never from here.

    install(module)   wrap ``pytest_bdd.feature.get_feature`` (``module``), returning the stock function
"""

from __future__ import annotations

import functools
import hashlib
import os
import sys
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

import orjson

from casebook import settings
from casebook.atomic import write_bytes

TAG = f"casebook-{sys.implementation.cache_tag}"
ENV_CACHE_DIR = settings.CACHE_DIR.name


@functools.cache  # read once a process: metadata lookups cost milliseconds each
def _versions() -> str:
    found = []
    for package in ("pytest-bdd", "gherkin-official"):
        try:
            found.append(f"{package}={version(package)}")
        except PackageNotFoundError:
            found.append(f"{package}=?")
    return ";".join(found)


def cache_folder() -> Path:
    """Where parses are kept: ``CASEBOOK_CACHE_DIR`` if set, else the user's cache folder."""
    given = settings.CACHE_DIR.get()
    if given:
        return Path(given) / "features"
    import platformdirs  # (imported here: only a run that keeps parses needs it)

    return Path(platformdirs.user_cache_dir("casebook")) / "features"


def cache_path(key: str) -> Path:
    return cache_folder() / f"{key}.{TAG}.json"


def digest(base_path: str, filename: str, full_name: str, encoding: str) -> str | None:
    """What a parse depends on, hashed; None where the file cannot be read (pytest-bdd's own parse says why)."""
    try:
        content = Path(full_name).read_bytes()
    except OSError:
        return None
    h = hashlib.sha256()
    for part in (TAG, _versions(), sys.version, os.path.abspath(base_path), filename, full_name, encoding):
        h.update(part.encode() + b"\0")
    h.update(content)
    return h.hexdigest()


def read(key: str) -> dict | None:
    """The Gherkin document kept under ``key`` (plain JSON), or None: absent, unreadable, not JSON, another key."""
    try:
        kept = orjson.loads(cache_path(key).read_bytes())
    except (OSError, orjson.JSONDecodeError):
        return None
    if not (isinstance(kept, dict) and kept.get("key") == key and isinstance(kept.get("gherkin"), dict)):
        return None
    return kept["gherkin"]


def write(key: str, gherkin: dict) -> None:
    """Keep a Gherkin document (atomically: parallel workers may write the same file)."""
    if sys.dont_write_bytecode:
        return
    try:
        target = cache_path(key)
        target.parent.mkdir(parents=True, exist_ok=True)
        write_bytes(target, orjson.dumps({"key": key, "gherkin": gherkin}))
    except (OSError, TypeError):  # a read-only or full disk, a value orjson cannot write: the run goes on, uncached
        return


def usable(module) -> bool:
    """Whether pytest-bdd still has the parts a kept parse is built back through (its versions are bounded, but a
    private part may go): without them pytest-bdd parses as it always did."""
    parser = getattr(module, "FeatureParser", None)
    try:
        from pytest_bdd.gherkin_parser import GherkinDocument
    except ImportError:
        return False
    return callable(getattr(parser, "_parse_feature_file", None)) and callable(
        getattr(GherkinDocument, "from_dict", None)
    )


def install(module):
    """Wrap ``module.get_feature`` (pytest-bdd's, which parses a file once per process into ``module.features``)
    so that a parse kept on disk is put there first.  Returns the stock function, to put back."""
    from gherkin.parser import Parser
    from pytest_bdd.gherkin_parser import GherkinDocument

    stock = module.get_feature

    class KeptParser(module.FeatureParser):
        """pytest-bdd's own parser, handed the Gherkin document instead of reading the file: the Feature it builds
        is the one it always builds."""

        def __init__(self, base_path: str, filename: str, encoding: str, gherkin: dict):
            super().__init__(base_path, filename, encoding)
            self.gherkin = gherkin

        def _parse_feature_file(self):
            return GherkinDocument.from_dict(self.gherkin)

    def built(base_path: str, filename: str, encoding: str, gherkin: dict):
        try:
            return KeptParser(base_path, filename, encoding, gherkin).parse()
        except Exception:  # a document of the wrong shape (a forged or damaged file): parsed again instead
            return None

    @functools.wraps(stock)  # __wrapped__: the stock function
    def get_feature(base_path: str, filename: str, encoding: str = "utf-8"):
        full_name = os.path.abspath(os.path.join(base_path, filename))
        if full_name in module.features:
            return stock(base_path, filename, encoding)
        key = digest(base_path, filename, full_name, encoding)
        kept = read(key) if key else None
        feature = built(base_path, filename, encoding, kept) if kept is not None else None
        if feature is None and key:
            try:
                gherkin = Parser().parse(Path(full_name).read_text(encoding=encoding))
            except Exception:  # a file Gherkin refuses: pytest-bdd's own parse raises its own, readable error
                return stock(base_path, filename, encoding)
            feature = built(base_path, filename, encoding, gherkin)
            if feature is not None:
                write(key, gherkin)
        if feature is None:
            return stock(base_path, filename, encoding)
        module.features[full_name] = feature
        return stock(base_path, filename, encoding)

    module.get_feature = get_feature
    return stock
