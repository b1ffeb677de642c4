"""No command destroys a user's file without being asked (``--force``).

Issue 12 reproduced each: ``docs build --site-dir DIR`` deleted every file in
DIR; ``verify --baseline F`` overwrote F; a ``--clause`` run replaced the whole
results/cucumber.json; ``fuzz --out`` overwrote; ``perft --generate --impl
<any engine>`` rewrote the published fixtures inside the package.
"""

from __future__ import annotations

import json

from casebook.conformance import perft as pf
from casebook.site import SITE_MARK, foreign_files
from tests.hostile.run import casebook, fake, files, verify


def test_docs_build_refuses_a_site_dir_holding_other_files(tmp_path):
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "thesis.tex").write_text("years of work")
    run = casebook("docs", "build", "--site-dir", folder, timeout=120)
    assert run.returncode == 2 and "thesis.tex" in run.stderr, run.stdout + run.stderr
    assert (folder / "thesis.tex").read_text() == "years of work"


def test_a_site_dir_is_ours_when_empty_hidden_only_or_marked(tmp_path):
    assert foreign_files(tmp_path / "absent") == [] and foreign_files(tmp_path) == []
    (tmp_path / ".git").mkdir()
    assert foreign_files(tmp_path) == []  # mkdocs keeps hidden files
    (tmp_path / "index.html").write_text("<p>")
    assert [p.name for p in foreign_files(tmp_path)] == ["index.html"]
    (tmp_path / SITE_MARK).write_text("")
    assert foreign_files(tmp_path) == []


def test_verify_never_overwrites_its_baseline(tmp_path):
    out = tmp_path / "results"
    assert verify(out, "reference").returncode == 0
    baseline = out / "conformance" / "casebook-reference.json"
    before = baseline.read_bytes()
    run = verify(out, "reference", "--baseline", baseline)
    assert run.returncode == 2 and "baseline" in run.stdout, run.stdout + run.stderr
    assert baseline.read_bytes() == before
    # Kept elsewhere, it is read and the new run compared with it.
    kept = tmp_path / "before.json"
    kept.write_bytes(before)
    run = verify(out, "reference", "--baseline", kept)
    assert run.returncode == 0 and "since the baseline" in run.stdout, run.stdout + run.stderr
    assert kept.read_bytes() == before


def test_a_run_of_some_clauses_merges_into_the_last_runs_results(tmp_path):
    out = tmp_path / "results"
    assert verify(out, "reference", clause="CD-SET-*").returncode == 0
    setup = examples(out / "cucumber.json")
    assert len(setup) > 3
    assert verify(out, "reference", clause="CD-QUE-01").returncode == 0
    merged = examples(out / "cucumber.json")
    assert setup <= merged and any("question" in uri or "04" in uri for uri, _ in merged - setup), merged - setup
    assert not list(out.glob(".*partial*")), "the partial run's own file is folded in, not left behind"


def test_a_partial_run_beside_results_that_are_not_cucumber_json_keeps_them(tmp_path):
    out = tmp_path / "results"
    out.mkdir()
    (out / "cucumber.json").write_text("my notes, not JSON")
    assert verify(out, "reference").returncode == 0
    assert (out / "cucumber.json").read_text() == "my notes, not JSON"
    assert examples(out / "cucumber-partial.json")


def examples(path) -> set[tuple[str, int]]:
    return {(f["uri"], e["line"]) for f in json.loads(path.read_text()) for e in f["elements"]}


MUTANT = "python:tests.conformance.deviant_engines:forgets_big_bet_of_b"
TOY = "python:tests.harness.toy:make"


def test_fuzz_refuses_to_overwrite_out_without_force(tmp_path):
    out = tmp_path / "found.json"
    out.write_text("an earlier disagreement I kept")
    args = ["fuzz", "--impl", MUTANT, "--reference", TOY, "--game", "toy", "--examples", "30", "--out", out]
    run = casebook(*args)
    assert run.returncode == 2 and "--force" in run.stdout, run.stdout + run.stderr
    assert out.read_text() == "an earlier disagreement I kept"
    run = casebook(*args, "--force")
    assert run.returncode == 1 and json.loads(out.read_text())["game"] == "toy", run.stdout + run.stderr


def test_fuzz_numbers_its_default_record_rather_than_replace_one(tmp_path):
    args = ["fuzz", "--impl", MUTANT, "--reference", TOY, "--game", "toy", "--examples", "30"]
    assert casebook(*args, cwd=tmp_path).returncode == 1
    assert casebook(*args, cwd=tmp_path).returncode == 1
    assert sorted(p.name for p in (tmp_path / "results" / "fuzz").iterdir()) == [
        "toy-casebook-reference-2.json",
        "toy-casebook-reference.json",
    ]


def test_perft_generate_never_rewrites_the_published_fixtures_for_another_engine(tmp_path):
    published = {p.name: p.read_bytes() for p in pf.FIXTURES.glob("*.json")}
    assert published
    run = casebook(
        "perft",
        "--generate",
        "--impl",
        fake("--name", "other"),
        "--game",
        "cluedo_drei",
        "--budget",
        "5",
        "--walk",
        "0",
    )
    assert run.returncode == 2 and "--fixtures" in run.stdout, run.stdout + run.stderr
    assert {p.name: p.read_bytes() for p in pf.FIXTURES.glob("*.json")} == published


def test_perft_generate_keeps_existing_fixtures_unless_forced(tmp_path):
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "toy.json").write_text("my counts")
    args = ["perft", "--generate", "--impl", TOY, "--game", "toy", "--budget", "20", "--walk", "0", "--fixtures", mine]
    run = casebook(*args)
    assert run.returncode == 2 and (mine / "toy.json").read_text() == "my counts", run.stdout + run.stderr
    assert casebook(*args, "--force").returncode == 0
    assert json.loads((mine / "toy.json").read_text())["positions"]
    assert files(mine).keys() == {"toy.json"}
