"""The pytest plugin: a bad --impl stops the run with one readable message; its patches of private internals
still apply, each with its upstream issue stated."""

import json
import re
import subprocess
from pathlib import Path

import pytest

from casebook.pytest_command import pytest_command
from casebook.pytest.plugin import PATCHES, UPSTREAM

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow  # a verify run, a fuzz search or a wire fuzz: out of the inner loop (pytest -m 'not slow')
def test_an_unknown_implementation_stops_the_run_with_one_message():
    run = subprocess.run(
        pytest_command(ROOT, "-q", "step_defs", impl="nonsense"),
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert run.returncode == 4, run.stdout[-2000:]
    assert "no implementation 'nonsense'" in run.stdout
    assert "error" not in run.stdout.lower().split("no implementation")[0], "no per-scenario errors before the message"


@pytest.mark.slow  # a verify run, a fuzz search or a wire fuzz: out of the inner loop (pytest -m 'not slow')
def test_a_parallel_run_writes_every_scenario_to_the_cucumber_json(tmp_path):
    """Under pytest-xdist the scenarios run in workers; the Cucumber JSON must still hold each of them."""
    suite = ROOT / "tests" / "harness" / "toysuite"
    out = tmp_path / "cucumber.json"
    run = subprocess.run(
        pytest_command(
            suite,
            "-q",
            "-n",
            "2",
            str(suite / "step_defs"),
            f"--cucumberjson={out}",
            impl="python:tests.harness.toys:make",
        ),
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]
    passed = int(run.stdout.strip().splitlines()[-1].split(" passed")[0].split()[-1])
    features = json.loads(out.read_text())
    scenarios = [e for f in features for e in f["elements"]]
    assert len(scenarios) == passed == 9
    assert {f["name"] for f in features} == {"Timers", "Sealed choices"}
    assert all(step["result"]["status"] == "passed" for e in scenarios for step in e["steps"])


def stale(patches: dict[str, bool]) -> list[str]:
    return [name for name, applied in patches.items() if not applied]


def test_every_patch_of_a_private_internal_still_applies():
    """Fails for each patch that found its library's internals gone.  The suite would still be right, only slower,
    but the library changed inside its pinned range (pyproject.toml): adapt the patch, or drop it (UPSTREAM says
    what upstream fix would make it unneeded)."""
    assert stale(PATCHES) == [], "these patches no longer apply (casebook/pytest/plugin.py PATCHES)"


def test_a_patch_that_stopped_applying_fails_the_test(monkeypatch):
    monkeypatch.setitem(PATCHES, "pytest-bdd: step signatures read once", False)
    with pytest.raises(AssertionError, match="no longer apply"):
        test_every_patch_of_a_private_internal_still_applies()


def test_every_patch_states_its_upstream_issue():
    assert set(UPSTREAM) == set(PATCHES)
    assert all(re.search(r"pytest-dev/pytest(-bdd)?#\d+", text) for text in UPSTREAM.values()), UPSTREAM


def test_the_harness_asserts_are_rewritten_whatever_the_install():
    """casebook.properties.random_play's asserts get pytest's introspection in a failure report,
    from a wheel and from an editable
    install alike (uv's editable install lists no modules to pytest: the patch once registered nothing there)."""
    import casebook.properties.random_play
    from _pytest.assertion.rewrite import AssertionRewritingHook

    assert isinstance(casebook.properties.random_play.__loader__, AssertionRewritingHook), (
        casebook.properties.random_play.__loader__
    )


def test_a_needs_tag_becomes_a_needs_marker_naming_the_clause():
    """``@needs:CD-END-01`` (issue 44): the example passes through that clause; the report reads the marker."""
    from casebook.pytest.plugin import pytest_bdd_apply_tag

    def example():
        pass

    assert pytest_bdd_apply_tag("needs:CD-END-01", example) is True
    assert [(m.name, m.args) for m in example.pytestmark] == [("needs", ("CD-END-01",))]
