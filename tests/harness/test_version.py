"""``casebook --version`` (issue 52): which Casebook, which edition of the rules, which Python; exit 0."""

from __future__ import annotations

import shutil
import sys

import pytest

from casebook import __version__
from casebook.cli import main
from casebook.conformance import suite

ROOT = suite.SOURCE


@pytest.mark.parametrize("flag", ["--version", "-V"])
def test_version_names_casebook_the_features_digest_and_python(flag, capsys):
    assert main([flag]) == 0
    line = capsys.readouterr().out.strip()
    python = ".".join(str(n) for n in sys.version_info[:3])
    digest = suite.edition(suite.shipped_root(), __version__)["features"]
    assert line == f"casebook {__version__}, rulebook edition: features {digest} (as shipped), Python {python}"


def test_version_of_an_edited_suite_says_so(tmp_path, capsys):
    for part in ("features", "step_defs"):
        shutil.copytree(ROOT / part, tmp_path / part, ignore=shutil.ignore_patterns("__pycache__"))
    feature = sorted((tmp_path / "features" / "pi").glob("*.feature"))[0]
    feature.write_text(feature.read_text() + "\n# an edit\n")
    assert main(["--version", "--suite", str(tmp_path)]) == 0
    line = capsys.readouterr().out
    assert f"(EDITED, read from {tmp_path.resolve()})" in line
    assert suite.fingerprint(tmp_path)["features"] in line


def test_version_of_a_folder_without_features_is_a_clear_error(tmp_path, capsys):
    assert main(["--version", "--suite", str(tmp_path)]) == 2
    assert "no feature files" in capsys.readouterr().err


def test_the_help_lists_the_flag():
    from casebook.cli import build_parser

    assert "--version" in build_parser().format_help()
