"""Fuzz campaigns on Dask (issue 47 item 2): over seeds 0-199 of a toy with two planted rare deviations, 1 and 2
workers of a LocalCluster find the same disagreements (deterministic by seed), and a campaign stopped after its
first batch and resumed plays every game once and finds nothing twice.  Without Dask, ``--workers`` says how to
install it."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tests.conformance.helpers import ROOT

distributed = pytest.importorskip("distributed", reason="Dask is optional: pip install 'casebook[cluster]'")

from casebook.conformance import campaign  # noqa: E402 (after the skip: it needs nothing of Dask to import)

TOY, PLANTED = "python:tests.harness.toy:make", "python:tests.conformance.planted_toy:make"
SEEDS = range(200)


def found(state: dict) -> dict:
    return {signature: (r["seed"], r["steps"]) for signature, r in state["found"].items()}


def run(workers: int, path=None, **kw) -> dict:
    return campaign.run(PLANTED, "toy", seeds=SEEDS, batch=20, workers=workers, reference=TOY, path=path, **kw)


@pytest.fixture(scope="module")
def on_one_worker():
    return run(1)


def test_one_and_two_workers_find_the_same_disagreements(on_one_worker):
    assert len(on_one_worker["found"]) == 2 and on_one_worker["games"] == len(SEEDS)  # both planted deviations
    on_two = run(2)
    assert found(on_two) == found(on_one_worker)
    assert on_two["moves"] == on_one_worker["moves"]


def test_a_stopped_campaign_resumes_where_it_stopped_and_finds_nothing_twice(on_one_worker, tmp_path):
    path = tmp_path / "campaign.json"

    def stop_after_the_first_batch(state, per_worker):
        raise KeyboardInterrupt

    stopped = run(2, path, progress=stop_after_the_first_batch)
    assert stopped["stopped"] == "interrupted" and 0 < len(stopped["done"]) < 10
    saved = json.loads(path.read_text())
    assert saved["done"] == stopped["done"] and saved["games"] == 20 * len(saved["done"])
    resumed = run(2, path)
    assert "stopped" not in resumed and resumed["games"] == len(SEEDS)  # no batch played twice
    assert found(resumed) == found(on_one_worker)  # each disagreement once, the lowest seed's
    assert run(2, path)["games"] == len(SEEDS)  # done: nothing more is played


def test_a_campaign_file_of_another_campaign_is_not_resumed(tmp_path):
    path = tmp_path / "campaign.json"
    campaign.save(campaign.fresh(PLANTED, TOY, "toy", range(100), 20, {}, 200), path)
    with pytest.raises(campaign.CampaignMismatch, match="seeds"):
        run(1, path)


def test_without_dask_workers_says_how_to_install_it():
    code = (
        "import sys; sys.modules['distributed'] = None\n"  # as if not installed
        "from casebook.cli import main\n"
        f"sys.exit(main(['fuzz', '--impl', {PLANTED!r}, '--reference', {TOY!r}, '--game', 'toy', '--workers', '2',"
        f" '--campaign', {str(ROOT / 'build' / 'no-dask.json')!r}]))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and "pip install 'casebook[cluster]'" in done.stdout, done.stdout + done.stderr
