"""``casebook docs``: the subcommands, finding the project, knowing when the site is stale."""

from __future__ import annotations

import os
import time

from casebook.cli import build_parser
from casebook.site import project_root, stale

from .conftest import ROOT


def test_the_docs_subcommands_parse_as_the_readme_uses_them():
    parser = build_parser()
    args = parser.parse_args(["docs", "build", "--results", "results", "--strict"])
    assert args.results == "results" and not args.no_strict and not args.run
    args = parser.parse_args(["docs", "serve", "--addr", "127.0.0.1:9000"])
    assert args.addr == "127.0.0.1:9000"
    assert parser.parse_args(["docs", "serve"]).addr == "127.0.0.1:8000"


def test_the_project_is_found_from_a_subfolder():
    assert project_root(ROOT / "features") == ROOT
    assert project_root(ROOT / "tests" / "docs") == ROOT


def test_a_site_is_stale_when_it_is_missing_or_older_than_a_feature(tmp_path):
    root = tmp_path / "project"
    (root / "features" / "g").mkdir(parents=True)
    feature = root / "features" / "g" / "01-a.feature"
    feature.write_text("Feature: A\n")
    (root / "mkdocs.yml").write_text("site_name: x\n")
    out = tmp_path / "site"
    assert stale(root, None, out)
    out.mkdir()
    (out / "index.html").write_text("<html></html>")
    past = time.time() - 60
    os.utime(feature, (past, past))
    os.utime(root / "mkdocs.yml", (past, past))
    assert not stale(root, None, out)
    (root / "features" / "g" / "__pycache__").mkdir()
    (root / "features" / "g" / "__pycache__" / "x.pyc").write_text("")  # bytecode is not a source
    assert not stale(root, None, out)
    feature.write_text("Feature: A, changed\n")
    assert stale(root, None, out)


def test_a_site_is_stale_when_a_template_changed(tmp_path):
    """A template (casebook/site/templates/*.j2, *.html) makes pages too: an edit to one alone made a built site look
    current, and the browser test read the old pages ($CASEBOOK_SITE)."""
    root = tmp_path / "project"
    (root / "casebook" / "site" / "templates").mkdir(parents=True)
    (root / "mkdocs.yml").write_text("site_name: x\n")
    out = tmp_path / "site"
    out.mkdir()
    (out / "index.html").write_text("<html></html>")
    past = time.time() - 60
    os.utime(root / "mkdocs.yml", (past, past))
    assert not stale(root, None, out)
    for name in ("glance.md.j2", "board.html"):
        (root / "casebook" / "site" / "templates" / name).write_text("{{ x }}")
        assert stale(root, None, out), name
        (root / "casebook" / "site" / "templates" / name).unlink()
