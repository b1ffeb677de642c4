"""``casebook verify --chunk K/N`` and ``casebook merge`` (issue 47 item 1): a run split in 3 chunks and merged is the
unchunked run's report (apart from its times), for the reference and for an engine with failures; a merge of 2 of
the 3 chunks, a chunk given twice, or chunks of different engines is refused by name, with nothing written.

Verify runs pytest itself, so each run here is a subprocess.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from casebook.conformance import chunks
from tests.hostile.run import casebook

GAME = "small_detectives"
TOY = "python:tests.conformance.chunked_toy:make"
TIMES = ("generated", "seconds")


def run(out: Path, spec: str, *args):
    return casebook("verify", "--impl", spec, "--game", GAME, "--no-properties", "--no-progress", "--out", out, *args)


def without_times(report: dict) -> dict:
    return {k: v for k, v in report.items() if k not in TIMES}


@pytest.fixture(scope="module", params=["reference", TOY])
def split(request, tmp_path_factory):
    """The unchunked report, and the three chunks' report files."""
    out = tmp_path_factory.mktemp("verify")
    whole = run(out, request.param)
    for k in (1, 2, 3):
        done = run(out, request.param, "--chunk", f"{k}/3")
        assert done.returncode in (0, 1), done.stdout + done.stderr
    files = sorted(out.glob("chunks/*-of-3/conformance/*.json"))
    assert len(files) == 3, files
    (report,) = out.glob("conformance/*.json")
    return whole.returncode, json.loads(report.read_text()), files, out


def test_three_chunks_merged_are_the_unchunked_run(split, tmp_path):
    code, whole, files, _ = split
    merged = casebook("merge", *files, "--out", tmp_path)
    assert merged.returncode == code, merged.stdout + merged.stderr
    (path,) = (tmp_path / "conformance").glob("*.json")
    report = json.loads(path.read_text())
    assert without_times(report) == without_times(whole)
    shares = [json.loads(f.read_text())["chunk"]["results"] for f in files]
    assert all(shares) and sum(map(len, shares)) == sum(len(c["scenarios"]) for c in whole["clauses"].values())
    if whole["implementation"]["name"] == "never-asks":  # the toy: failures, merged as they were
        assert whole["totals"]["failed"] > 0 and report["roots"] == whole["roots"]


def test_two_chunks_of_three_a_doubled_chunk_or_another_engine_are_refused(split, tmp_path):
    _, _, files, out = split
    for given, says in (
        (files[:2], "chunk 3 of 3 is missing"),
        ([files[0], files[0], files[2]], "chunk 1 of 3 is given twice"),
        ([*files[:2], out / "conformance" / files[0].name], "is not a chunk's report"),
    ):
        done = casebook("merge", *given, "--out", tmp_path)
        assert done.returncode == 2 and says in done.stdout and "nothing was written" in done.stdout, done.stdout
    assert not (tmp_path / "conformance").exists()


def test_chunks_of_another_engine_are_refused(tmp_path):
    mixed = {}
    for k, spec in ((1, "reference"), (2, TOY)):
        run(tmp_path / spec.replace(":", "_"), spec, "--clause", "SD-CMP-0*", "--chunk", f"{k}/2")
    mixed = sorted(tmp_path.glob("*/chunks/*/conformance/*.json"))
    assert len(mixed) == 2, mixed
    done = casebook("merge", *mixed, "--out", tmp_path / "merged")
    assert done.returncode == 2 and "chunks of different runs: not an engine" in done.stdout, done.stdout


def test_the_deal_is_the_same_in_every_job_balanced_by_time_else_by_count():
    ids = [f"step_defs/x.py::test_{i}" for i in range(10)]
    assert chunks.deal(ids, 3) == chunks.deal(list(ids), 3)
    by_count = chunks.deal(ids, 3)
    assert sorted(by_count.count(s) for s in range(3)) == [3, 3, 4]
    slow = {chunks.junit_address(ids[0]): 9.0}  # one test as long as the nine others
    by_time = chunks.deal(ids, 2, {**{chunks.junit_address(i): 1.0 for i in ids[1:]}, **slow})
    assert [s for i, s in enumerate(by_time) if i == 0] == [0] and by_time[1:] == [1] * 9


@pytest.mark.parametrize("text", ["0/3", "4/3", "1/0", "1-3", "", "1/3\n2"])
def test_a_chunk_that_is_not_k_of_n_is_refused(text):
    with pytest.raises(chunks.ChunkError):
        chunks.parse(text)
