"""The vendored mermaid (casebook/site/vendor.py): only the pinned file is published, whichever source gave it."""

from __future__ import annotations

import hashlib

import pytest

from casebook import settings
from casebook.site import vendor


def sources(monkeypatch, wheel, npm):
    monkeypatch.delenv(settings.MERMAID_JS.name, raising=False)
    monkeypatch.setattr(vendor, "_from_wheel", wheel)
    monkeypatch.setattr(vendor, "_from_npm", npm)


def test_a_file_with_another_hash_is_refused_and_the_next_source_tried(tmp_path, monkeypatch):
    good = b"mermaid, the pinned bytes"
    monkeypatch.setattr(vendor, "SHA256", hashlib.sha256(good).hexdigest())
    sources(monkeypatch, lambda tmp: b"mermaid, tampered with", lambda tmp: good)
    path = vendor.mermaid_js(tmp_path)
    assert path.read_bytes() == good and path.parent == tmp_path / "build" / "vendor"


def test_no_source_with_the_pinned_file_is_a_readable_error_and_writes_nothing(tmp_path, monkeypatch):
    def offline(tmp):
        raise vendor.VendorError("pip download mermaidx==0.10.1 failed: no network")

    sources(monkeypatch, offline, lambda tmp: b"another mermaid")
    with pytest.raises(vendor.VendorError, match="no network.*SHA-256.*CASEBOOK_MERMAID_JS"):
        vendor.mermaid_js(tmp_path)
    assert list((tmp_path / "build" / "vendor").iterdir()) == []


def test_a_cached_file_is_used_only_while_it_has_the_pinned_hash(tmp_path, monkeypatch):
    good = b"mermaid, the pinned bytes"
    monkeypatch.setattr(vendor, "SHA256", hashlib.sha256(good).hexdigest())
    fetched = []
    sources(monkeypatch, lambda tmp: fetched.append(1) or good, lambda tmp: pytest.fail("npm asked"))
    cache = tmp_path / "build" / "vendor" / f"mermaid-{vendor.MERMAID_VERSION}.min.js"
    cache.parent.mkdir(parents=True)
    cache.write_bytes(b"half a file")
    assert vendor.mermaid_js(tmp_path).read_bytes() == good and fetched == [1]
    assert vendor.mermaid_js(tmp_path).read_bytes() == good and fetched == [1]  # the second time, from the cache
