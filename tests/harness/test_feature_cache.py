"""The parses of feature files kept on disk (casebook/pytest/feature_cache.py):
what is read back is what pytest-bdd parses,
a changed file is parsed again, and nothing is written where Python writes no bytecode."""

import dataclasses
import json
import importlib
import sys
from pathlib import Path

import pytest

from casebook.pytest import feature_cache

ROOT = Path(__file__).resolve().parents[2]
FEATURE = """Feature: a hourglass
  Rule: sand runs down
    It runs while nobody turns it.

    Scenario: the glass is turned
      Given a full glass
      When it is turned
      Then sand runs down
"""


def shape(value, seen=None):
    """A parse as plain nested values (pytest-bdd's classes compare by identity;
    back references named, not followed)."""
    seen = set() if seen is None else seen
    if dataclasses.is_dataclass(value):
        if id(value) in seen:
            return f"<{type(value).__name__}>"
        seen.add(id(value))
        return (type(value).__name__, {f.name: shape(getattr(value, f.name), seen) for f in dataclasses.fields(value)})
    if isinstance(value, dict):
        return {k: shape(v, seen) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [shape(v, seen) for v in value]
    if isinstance(value, (set, frozenset)):
        return sorted(map(repr, value))
    if hasattr(value, "__dict__") and not isinstance(value, type):
        return (type(value).__name__, shape(vars(value), seen))
    return value


@pytest.fixture
def bdd(monkeypatch, tmp_path):
    """pytest-bdd's feature module, its per-process parses emptied and its stock get_feature wrapped anew."""
    module = importlib.import_module("pytest_bdd.feature")
    monkeypatch.setattr(module, "features", {})
    monkeypatch.setattr(module, "get_feature", getattr(module.get_feature, "__wrapped__", module.get_feature))
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    monkeypatch.setenv(feature_cache.ENV_CACHE_DIR, str(tmp_path / "cache"))
    feature_cache.install(module)
    return module


def test_a_kept_parse_is_the_parse(bdd, tmp_path):
    """Every shipped feature file, read back from its kept parse, is what a fresh parse gives."""
    for path in sorted((ROOT / "features").rglob("*.feature")):
        base, name = str(path.parent), path.name
        fresh = shape(bdd.FeatureParser(base, name).parse())
        bdd.get_feature(base, name)  # parsed, and kept
        bdd.features.clear()  # as a new process
        assert shape(bdd.get_feature(base, name)) == fresh, path
        assert feature_cache.read(feature_cache.digest(base, name, str(path), "utf-8")) is not None


def test_a_changed_file_is_parsed_again(bdd, tmp_path):
    (tmp_path / "glass.feature").write_text(FEATURE)
    assert bdd.get_feature(str(tmp_path), "glass.feature").name == "a hourglass"
    (tmp_path / "glass.feature").write_text(FEATURE.replace("a hourglass", "an egg timer"))
    bdd.features.clear()
    assert bdd.get_feature(str(tmp_path), "glass.feature").name == "an egg timer"


def test_a_damaged_cache_file_is_parsed_again_and_rewritten(bdd, tmp_path):
    (tmp_path / "glass.feature").write_text(FEATURE)
    bdd.get_feature(str(tmp_path), "glass.feature")
    path = str(tmp_path / "glass.feature")
    kept = feature_cache.cache_path(feature_cache.digest(str(tmp_path), "glass.feature", path, "utf-8"))
    for damage in (b"not JSON", b'{"key": "another", "gherkin": {}}', b"[1, 2]"):
        kept.write_bytes(damage)
        bdd.features.clear()
        assert [s for s in bdd.get_feature(str(tmp_path), "glass.feature").scenarios] == ["the glass is turned"]
        assert kept.read_bytes() != damage


def test_a_kept_document_of_the_wrong_shape_is_parsed_again_never_fatal(bdd, tmp_path):
    """The right key with a document that is not a feature (as a forged or damaged cache may hold): parsed again."""
    (tmp_path / "glass.feature").write_text(FEATURE)
    path = str(tmp_path / "glass.feature")
    key = feature_cache.digest(str(tmp_path), "glass.feature", path, "utf-8")
    kept = feature_cache.cache_path(key)
    kept.parent.mkdir(parents=True)
    for wrong in ({"feature": 3, "comments": []}, {"feature": {"children": "x"}}, {}):
        kept.write_bytes(json.dumps({"key": key, "gherkin": wrong}).encode())
        bdd.features.clear()
        assert [s for s in bdd.get_feature(str(tmp_path), "glass.feature").scenarios] == ["the glass is turned"]
        assert feature_cache.read(key)["feature"]["name"] == "a hourglass"  # rewritten


def test_nothing_is_written_where_no_bytecode_is(bdd, tmp_path, monkeypatch):
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    (tmp_path / "glass.feature").write_text(FEATURE)
    assert bdd.get_feature(str(tmp_path), "glass.feature").name == "a hourglass"
    assert not (tmp_path / "__pycache__").exists() and not (tmp_path / "cache").exists()


def test_a_cache_folder_that_cannot_be_made_is_parsed_as_always(bdd, tmp_path):
    (tmp_path / "glass.feature").write_text(FEATURE)
    (tmp_path / "cache").write_text("a file where the cache folder would go")  # the folder cannot be made
    assert bdd.get_feature(str(tmp_path), "glass.feature").name == "a hourglass"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cache", "glass.feature"]


def test_nothing_is_kept_beside_the_features(bdd, tmp_path):
    """Never in the features' folder (an installed package's site-packages, a checkout's ignored folders)."""
    (tmp_path / "glass.feature").write_text(FEATURE)
    bdd.get_feature(str(tmp_path), "glass.feature")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cache", "glass.feature"]
    assert [p.suffix for p in (tmp_path / "cache" / "features").iterdir()] == [".json"]
