"""pytest-bdd's parsed features, kept on disk by their content: a run reads a feature file's parse back instead of
parsing it again (Python's ``__pycache__`` for bytecode, done for Gherkin).

Our 57 feature files are rulebook-sized (long Rule descriptions, ~9,000 lines), and the official Gherkin parser tries
each of its token matchers on every line: ~0.16 s of every session and every xdist worker, ~5 % of a run of the
scenarios (issue 32).  A parse is kept beside its file, ``<folder>/__pycache__/<name>.<tag>.pickle``, with a
digest of all it depends on (the file's bytes, its paths, the encoding, the versions of pytest-bdd, Gherkin and
Python); a digest that differs means the parse is done again and the file rewritten.  Nothing is written where
Python writes no bytecode either (``PYTHONDONTWRITEBYTECODE``, ``sys.dont_write_bytecode``), nor where the folder
is read-only: the run parses as pytest-bdd always did.  Like a ``.pyc``, the cache is as trusted as the tree it
sits in.

    install(module)   wrap ``pytest_bdd.feature.get_feature`` (``module``), returning the stock function
"""

from __future__ import annotations

import functools
import hashlib
import os
import pickle
import sys
import tempfile
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

TAG = f"casebook-{sys.implementation.cache_tag}"


@functools.cache  # read once a process: metadata lookups cost milliseconds each
def _versions() -> str:
    found = []
    for package in ("pytest-bdd", "gherkin-official"):
        try:
            found.append(f"{package}={version(package)}")
        except PackageNotFoundError:
            found.append(f"{package}=?")
    return ";".join(found)


def cache_path(full_name: str) -> Path:
    path = Path(full_name)
    return path.parent / "__pycache__" / f"{path.name}.{TAG}.pickle"


def digest(base_path: str, filename: str, full_name: str, encoding: str) -> str | None:
    """What a parse depends on, hashed; None where the file cannot be read (pytest-bdd's own parse says why)."""
    try:
        content = Path(full_name).read_bytes()
    except OSError:
        return None
    h = hashlib.sha256()
    for part in (_versions(), sys.version, os.path.abspath(base_path), filename, full_name, encoding):
        h.update(part.encode() + b"\0")
    h.update(content)
    return h.hexdigest()


def read(full_name: str, key: str):
    """The kept parse of ``full_name`` if its digest is ``key``, else None."""
    try:
        with open(cache_path(full_name), "rb") as f:
            kept_key, feature = pickle.load(f)
    except Exception:  # absent, truncated, written by another version: parsed again
        return None
    return feature if kept_key == key else None


def write(full_name: str, key: str, feature) -> None:
    """Keep ``feature``'s parse (atomically: parallel workers may write the same file)."""
    if sys.dont_write_bytecode:
        return
    target = cache_path(full_name)
    try:
        target.parent.mkdir(exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=target.name, suffix=".tmp")
    except OSError:  # a read-only tree: the run goes on, uncached
        return
    try:
        with os.fdopen(fd, "wb") as f:
            pickle.dump((key, feature), f, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(tmp, target)
    except Exception:  # a feature that does not pickle, a full disk: uncached, and no half-written file left
        Path(tmp).unlink(missing_ok=True)


def install(module):
    """Wrap ``module.get_feature`` (pytest-bdd's, which parses a file once per process into ``module.features``)
    so that a parse kept on disk is put there first.  Returns the stock function, to put back."""
    stock = module.get_feature

    @functools.wraps(stock)  # __wrapped__: the stock function
    def get_feature(base_path: str, filename: str, encoding: str = "utf-8"):
        full_name = os.path.abspath(os.path.join(base_path, filename))
        if full_name in module.features:
            return stock(base_path, filename, encoding)
        key = digest(base_path, filename, full_name, encoding)
        kept = read(full_name, key) if key else None
        if kept is not None:
            module.features[full_name] = kept
            return stock(base_path, filename, encoding)
        feature = stock(base_path, filename, encoding)
        if key:
            write(full_name, key, feature)
        return feature

    module.get_feature = get_feature
    return stock
