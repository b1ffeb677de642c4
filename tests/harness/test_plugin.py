"""The pytest plugin: a bad --impl stops the run with one readable message;
its patches of private internals still apply."""

import json
import subprocess
import sys
import warnings
from pathlib import Path

import pytest

from casebook.pytest.plugin import PATCHES

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow  # a verify run, a fuzz search or a wire fuzz: out of the inner loop (pytest -m 'not slow')
def test_an_unknown_implementation_stops_the_run_with_one_message():
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "step_defs", "--impl=nonsense"],
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
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            "-n",
            "2",
            "-c",
            str(suite / "pyproject.toml"),
            f"--rootdir={suite}",
            str(suite / "step_defs"),
            "--impl=python:tests.harness.toys:make",
            f"--cucumberjson={out}",
        ],
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


class PatchStopped(UserWarning):
    """A patch of a library's private internals found them gone: the library's own (slower) way runs instead."""


def warn_of_stale(patches: dict[str, bool]) -> list[str]:
    stale = [name for name, applied in patches.items() if not applied]
    for name in stale:
        warnings.warn(
            PatchStopped(
                f"the plugin's patch '{name}' no longer applies: the library changed inside its "
                "pinned range (pyproject.toml); the suite runs, slower. Adapt the patch or drop it."
            )
        )
    return stale


def test_every_patch_of_a_private_internal_still_applies():
    """Warns (never fails: the suite is still right, only slower) for each patch that found its internals gone."""
    warn_of_stale(PATCHES)


def test_a_stale_patch_is_warned_of():
    with pytest.warns(PatchStopped, match="no longer applies"):
        assert warn_of_stale({"a patch": False, "another": True}) == ["a patch"]


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
