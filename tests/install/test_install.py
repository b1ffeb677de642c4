"""Casebook as an engine author gets it: built, installed into a fresh virtualenv, used with no clone.

The fixture builds the sdist from this checkout and the wheel from that sdist
(as a package index would), makes a virtualenv outside the checkout, and
installs the wheel with its dependencies (pip's cache and the configured index
make that quick).  Every test then runs the installed ``casebook`` from a
folder that holds no Casebook files: only what an engine author would have
(their engine, their CI script, their baseline).

Costs (2 cores): build ~5 s, venv and install ~20 s, the reference's verify of
one game with its random play ~20 s, each Node verify ~4 s.  ``./run.sh test``
runs it in its in-process pass; it skips itself under any other ``--impl``
(it does not depend on the implementation under test).
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import re
import shutil
import subprocess
import sys
import zipfile
from dataclasses import dataclass
from pathlib import Path

import pytest
import yaml

from casebook import settings
from casebook.conformance import report as rep
from casebook.conformance import suite

ROOT = Path(__file__).resolve().parents[2]
NODE = shutil.which("node")
NODE_EXAMPLE = ROOT / "examples" / "node-cluedo"
GAME = "cluedo_drei"

pytestmark = pytest.mark.install


@dataclass
class Installed:
    wheel: Path
    sdist: Path
    venv: Path

    @property
    def bin(self) -> Path:
        return self.venv / "bin"

    def env(self, **extra: str) -> dict:
        """The environment of a shell in the author's repository: the fresh venv first, nothing of the checkout's."""
        env = {k: v for k, v in os.environ.items() if k not in ("VIRTUAL_ENV", "PYTHONPATH", "PYTHONHOME")}
        dev_bin = str(Path(sys.executable).parent)
        path = [p for p in env.get("PATH", "").split(os.pathsep) if p and p != dev_bin]
        env["PATH"] = os.pathsep.join([str(self.bin), *path])
        env["VIRTUAL_ENV"] = str(self.venv)
        env.update(NO_MKDOCS_2_WARNING="1", **extra)
        return env

    def casebook(
        self, *args: str, cwd: Path, env: dict | None = None, timeout: float = 600
    ) -> subprocess.CompletedProcess:
        assert not cwd.resolve().is_relative_to(ROOT), "the point is to run outside the checkout"
        return subprocess.run(
            [str(self.bin / "casebook"), *args],
            cwd=cwd,
            env=env or self.env(),
            capture_output=True,
            text=True,
            timeout=timeout,
        )


def run(command: list[str], **kwargs) -> subprocess.CompletedProcess:
    # Without the checkout on PYTHONPATH: pip would take its casebook.egg-info for an installed casebook and
    # leave the fresh venv without it (bin/casebook missing), as it did under a helper's PYTHONPATH=$PWD.
    kwargs.setdefault("env", {k: v for k, v in os.environ.items() if k != "PYTHONPATH"})
    done = subprocess.run(command, capture_output=True, text=True, timeout=900, **kwargs)
    assert done.returncode == 0, (
        f"{' '.join(map(str, command))} exited {done.returncode}\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    )
    return done


def leftovers(folder: str, names: list[str]) -> list[str]:
    """What a checkout holds beside its sources: venvs, builds, results, caches."""
    top = (
        {".git", ".venv", "build", "results", ".pytest_cache", ".hypothesis", ".casebook-docs"}
        if Path(folder) == ROOT
        else set()
    )
    return [n for n in names if n in top or n in ("__pycache__", "node_modules") or n.endswith(".egg-info")]


@contextlib.contextmanager
def locked(path: Path):
    """One builder at a time: pytest-xdist workers share the folder and wait for the first."""
    with open(path, "w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


@pytest.fixture(scope="session")
def installed(request, tmp_path_factory) -> Installed:
    if request.config.getoption("--impl") != "reference":
        pytest.skip("the install test does not depend on --impl: it runs once, in the in-process run")
    base = tmp_path_factory.getbasetemp()
    shared = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base
    folder = shared / "casebook-install"
    with locked(shared / "casebook-install.lock"):
        done = folder / "installed.json"
        if not done.is_file():
            shutil.rmtree(folder, ignore_errors=True)
            dist, venv = folder / "dist", folder / "venv"
            # The sdist from the checkout, the wheel from the sdist: what the sdist lacks, the wheel lacks.
            # (From a copy without build leftovers: setuptools would reuse a stale casebook.egg-info/SOURCES.txt.)
            source = shutil.copytree(ROOT, folder / "source", ignore=leftovers)
            made = run(
                [
                    sys.executable,
                    "-c",
                    "import setuptools.build_meta as b, sys; print(b.build_sdist(sys.argv[1]))",
                    str(dist),
                ],
                cwd=source,
            )
            sdist = dist / made.stdout.strip().splitlines()[-1]
            run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(dist), str(sdist)])
            wheel = next(dist.glob("casebook-*.whl"))
            run([sys.executable, "-m", "venv", str(venv)])
            run([str(venv / "bin" / "python"), "-m", "pip", "install", "-q", str(wheel)])  # with its dependencies
            # An engine packaged with an entry point: pip install it, and Casebook finds it by name.
            # (From a copy: pip builds in the source folder, and the checkout stays clean.)
            example = shutil.copytree(ROOT / "examples" / "entrypoint-engine", folder / "entrypoint-engine")
            run([str(venv / "bin" / "python"), "-m", "pip", "install", "-q", str(example)])
            done.write_text(json.dumps({"wheel": str(wheel), "sdist": str(sdist), "venv": str(venv)}))
    paths = json.loads((folder / "installed.json").read_text())
    return Installed(Path(paths["wheel"]), Path(paths["sdist"]), Path(paths["venv"]))


@pytest.fixture
def author(tmp_path) -> Path:
    """An engine author's repository: no Casebook in it."""
    repo = tmp_path / "my-engine"
    repo.mkdir()
    return repo


def report_of(out: Path, name: str) -> dict:
    return json.loads((out / "conformance" / f"{name}.json").read_text(encoding="utf-8"))


# -- what the wheel carries ------------------------------------------------------------------


def test_the_wheel_carries_the_suite_by_the_same_globs_the_digest_reads(installed):
    names = set(zipfile.ZipFile(installed.wheel).namelist())
    carried = {n.removeprefix("casebook/suite/") for n in names if n.startswith("casebook/suite/")}
    files = suite.suite_files(ROOT)
    for part in ("features", "steps"):
        expected = {p.relative_to(ROOT).as_posix() for p in files[part]}
        assert expected, part
        assert expected <= carried, f"{part} missing from the wheel: {sorted(expected - carried)[:5]}"
    assert {p.relative_to(ROOT).as_posix() for p in (ROOT / "docs").rglob("*") if p.is_file()} <= carried
    assert {"mkdocs.yml", "pyproject.toml", "tests/__init__.py"} <= carried
    for game in suite.games(ROOT):
        assert f"step_defs/{game}.py" in carried
        if (ROOT / "casebook" / "schemas" / f"{game}.json").is_file():
            assert f"casebook/schemas/{game}.json" in names
    assert {
        f"casebook/conformance/perft/{p.name}" for p in (ROOT / "casebook" / "conformance" / "perft").glob("*.json")
    } <= names
    assert "casebook/conformance/validate-your-engine.md" in names
    # the kit over the wire: its call protocol (read by casebook.kit_bridge), the adapters new-adapter writes, the
    # turn shapes' measured costs the guide cites
    assert "casebook/kit_bridge.schema.json" in names and "casebook/conformance/turn_shape_costs.json" in names
    assert {f"casebook/scaffold/templates/adapter.{lang}.tmpl" for lang in ("js", "ts", "java", "py")} <= names
    # the harness's own tests stay home: they check this repository, not an engine
    assert not [n for n in carried if re.match(r"tests/(conformance|docs|harness|hostile|install)/|tests/test_", n)]
    assert not [n for n in carried if n.startswith("casebook/suite/__init__")]  # pytest must see step_defs/ as the top


def test_the_sdist_holds_the_whole_project(installed):
    import tarfile

    with tarfile.open(installed.sdist) as tar:
        names = {n.split("/", 1)[1] for n in tar.getnames() if "/" in n}
    for path in (
        "setup.py",
        "pyproject.toml",
        "MANIFEST.in",
        "mkdocs.yml",
        "README.md",
        "tests/install/test_install.py",
        "examples/node-cluedo/engine.js",
        "examples/entrypoint-engine/pyproject.toml",
    ):
        assert path in names, path
    assert {p.relative_to(ROOT).as_posix() for p in (ROOT / "features").rglob("*.feature")} <= names


# -- verify, anywhere ------------------------------------------------------------------------


def test_verify_the_reference_from_a_folder_without_casebook(installed, author):
    # two seeded games (not 282) keep the random play short; the 20 Hypothesis games still run
    done = installed.casebook(
        "verify",
        "--impl",
        "reference",
        "--game",
        GAME,
        "--no-progress",
        cwd=author,
        env=installed.env(**{settings.CLUEDO_GAMES.name: "2"}),
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    report = report_of(author / "results", "casebook-reference")
    assert report["totals"]["failed"] == 0
    assert report["totals"]["passed"] == len(rep.catalog(ROOT / "features", [GAME])) > 0
    properties = report["properties"]
    assert properties and all(p["status"] == "passed" for p in properties), properties
    assert {p["game"] for p in properties} == {GAME}
    # the header: which Casebook, which edition of the features, read from the wheel, unedited
    edition = report["suite"]
    assert edition["source"] == "packaged" and Path(edition["root"]).is_relative_to(installed.venv)
    assert edition["casebook"] == installed.wheel.name.split("-")[1]
    assert edition["features"] == suite.fingerprint(ROOT)["features"] and edition["edited"] is False
    header = f"rulebook edition: Casebook {edition['casebook']}, features {edition['features'][:12]} (as shipped)"
    assert header in done.stdout
    assert header in (author / "results" / "conformance" / "casebook-reference.txt").read_text(encoding="utf-8")
    assert (author / "results" / "conformance" / "casebook-reference.junit.xml").is_file()
    # casebook --version, from the same install in the same empty folder, names the version and edition it judged by
    version = installed.casebook("--version", cwd=author)
    assert version.returncode == 0, version.stderr
    assert version.stdout.startswith(f"casebook {edition['casebook']}, rulebook edition: features ")
    assert f"features {edition['features']} (as shipped), Python " in version.stdout
    assert done.stdout.splitlines()[0] == version.stdout.strip()  # the verify log's first line is the same


@pytest.mark.skipif(NODE is None, reason="node is not installed: the Node example engine cannot run")
def test_verify_the_node_example_from_another_folder(installed, author):
    shutil.copytree(NODE_EXAMPLE, author / "engine")
    done = installed.casebook(
        "verify", "--impl", "cmd:node engine/engine.js", "--game", GAME, "--no-progress", cwd=author
    )
    assert done.returncode == 1, done.stdout[-3000:] + done.stderr[-3000:]  # it breaks one rule on purpose
    report = report_of(author / "results", "node-cluedo-example")
    failed = {cid for cid, c in report["clauses"].items() if c["status"] == "failed"}
    assert failed == set(json.loads((NODE_EXAMPLE / "expected-failures.json").read_text())["clauses"])
    assert report["totals"]["passed"] > 0 and report["suite"]["source"] == "packaged"


def test_an_engine_installed_with_an_entry_point_is_found_by_name(installed, author):
    hello = installed.casebook("hello", "--impl", "classic-cluedo", cwd=author)
    assert hello.returncode == 0, hello.stderr
    assert "variant-duel" in json.loads(hello.stdout)["games"][GAME]["declines"]
    done = installed.casebook("verify", "--impl", "classic-cluedo", "--game", GAME, "--no-progress", cwd=author)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    clauses = report_of(author / "results", "classic-cluedo")["clauses"]
    duel = {cid for cid, c in clauses.items() if "variant-duel" in c["tags"]}
    assert duel, "the features have Duel clauses"
    # honest: what it declines is unsupported, never passed; everything else it plays, it passes
    assert {clauses[c]["status"] for c in duel} == {"unsupported"}
    assert {c["status"] for cid, c in clauses.items() if cid not in duel} == {"passed"}


def test_an_edited_suite_says_so_in_the_header(installed, author):
    edited = author / "casebook-checkout"
    for name in ("features", "step_defs", "tests"):
        shutil.copytree(ROOT / name, edited / name, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", edited / "pyproject.toml")
    feature = sorted((edited / "features" / GAME).glob("*.feature"))[0]
    feature.write_text(feature.read_text(encoding="utf-8") + "\n# an editor's note\n", encoding="utf-8")
    done = installed.casebook(
        "verify",
        "--impl",
        "reference",
        "--game",
        GAME,
        "--suite",
        str(edited),
        "--no-properties",
        "--clause",
        "CD-SET-*",
        "--no-progress",
        cwd=author,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    edition = report_of(author / "results", "casebook-reference")["suite"]
    assert edition["edited"] is True and edition["edited_parts"] == ["features"]
    assert edition["shipped"]["features"] == suite.fingerprint(ROOT)["features"] != edition["features"]
    assert "EDITED SUITE: its feature files differ from those shipped with Casebook" in done.stdout


def test_a_new_adapter_answers_hello_through_the_kit_from_the_wheel(installed, author):
    """new-adapter's templates and the kit's call protocol come from the wheel: the bridge checks the engine's hello
    against the shipped kit_bridge.schema.json before anything else."""
    if shutil.which("node") is None:
        if os.environ.get("CI") == "true":
            pytest.fail("node is not installed: the JavaScript adapter cannot run")
        pytest.skip("node is not installed: the JavaScript adapter cannot run")
    made = installed.casebook("new-adapter", "--game", GAME, "--lang", "js", cwd=author)
    assert made.returncode == 0, made.stdout + made.stderr
    hello = installed.casebook("hello", "--impl", f"kit:node {GAME}_adapter.js", cwd=author)
    assert hello.returncode == 0 and f"{GAME.replace('_', '-')}-adapter" in hello.stdout, hello.stdout + hello.stderr


def test_perft_fuzz_and_docs_work_from_the_wheel(installed, author):
    perft = installed.casebook("perft", "--impl", "reference", "--game", GAME, "--depth", "2", cwd=author)
    assert perft.returncode == 0 and "differs" not in perft.stdout, perft.stdout[-2000:] + perft.stderr[-2000:]
    assert "not offered" not in perft.stdout and "ok" in perft.stdout  # the published positions were found
    fuzz = installed.casebook("fuzz", "--impl", "reference", "--game", GAME, "--examples", "2", cwd=author)
    assert fuzz.returncode == 0, fuzz.stdout[-2000:] + fuzz.stderr[-2000:]
    # the docs: a stand-in for mermaid (no npm needed here; the site only publishes the file)
    (author / "mermaid.min.js").write_text("/* stand-in */\n")
    docs = installed.casebook(
        "docs", "build", cwd=author, env=installed.env(**{settings.MERMAID_JS.name: str(author / "mermaid.min.js")})
    )
    assert docs.returncode == 0, docs.stdout[-3000:] + docs.stderr[-3000:]
    site = author / "build" / "site"
    assert (site / "games" / GAME / "index.html").is_file() and (site / "ci" / "index.html").is_file()
    assert not list(installed.venv.rglob("site/index.html")), "the site is built in the working folder, not in the venv"


# -- the engine author's CI job, as docs/ci.md prints it ----------------------------------------


def ci_jobs() -> tuple[str, dict]:
    """The shell script and the GitHub Actions workflow, exactly as the page shows them."""
    text = (ROOT / "docs" / "ci.md").read_text(encoding="utf-8")
    scripts = [block for block in re.findall(r"```sh\n(.*?)```", text, re.S) if "ci/casebook.sh" in block]
    (workflow,) = [block for block in re.findall(r"```yaml\n(.*?)```", text, re.S) if "workflows/casebook.yml" in block]
    assert len(scripts) == 1, "the page shows one shell job (ci/casebook.sh)"
    return scripts[0], yaml.safe_load(workflow)


def run_workflow(workflow: dict, cwd: Path, env: dict) -> tuple[int, str]:
    """Run the job's `run:` steps in order as Actions would (bash -e), skipping the `uses:` ones; (exit, output)."""
    job = next(iter(workflow["jobs"].values()))
    env = {
        **env,
        **{k: str(v) for k, v in job.get("env", {}).items()},
        **{k: env[k] for k in ("CASEBOOK", "ENGINE", "NAME", "VERIFY_ARGS")},
    }
    output = ""
    for step in job["steps"]:
        if "run" in step:
            done = subprocess.run(
                ["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", step["run"]],
                cwd=cwd,
                env=env,
                capture_output=True,
                text=True,
                timeout=600,
            )
            output += done.stdout + done.stderr
            if done.returncode:
                return done.returncode, output
    return 0, output


@pytest.mark.skipif(NODE is None, reason="node is not installed: the Node example engine cannot run")
def test_the_documented_ci_jobs_fail_only_on_regressions(installed, author):
    script, workflow = ci_jobs()
    (author / "ci").mkdir()
    (author / "ci" / "casebook.sh").write_text(script)
    shutil.copytree(NODE_EXAMPLE, author / "engine")
    env = installed.env(
        CASEBOOK=str(installed.wheel),
        ENGINE="cmd:node engine/engine.js",
        NAME="node-cluedo",
        VERIFY_ARGS=f"--game {GAME}",
        VENV=str(installed.venv),
    )
    reports = author / "casebook-results" / "conformance"

    # 1. the first run has no baseline: it says so and passes, though the engine fails two clauses
    code, output = run_workflow(workflow, author, env)
    assert code == 0, output[-3000:]
    assert "no baseline at casebook/baseline.json" in output
    for suffix in (".json", ".junit.xml", ".txt"):  # the artifacts the upload step keeps
        assert (reports / f"node-cluedo{suffix}").is_file(), suffix
    upload = next(s for s in next(iter(workflow["jobs"].values()))["steps"] if "upload-artifact" in s.get("uses", ""))
    assert upload["with"]["path"].rstrip("/") == "casebook-results" and upload.get("if") == "always()"
    assert report_of(author / "casebook-results", "node-cluedo")["totals"]["failed"] == 2

    # 2. that report, committed, is the baseline: the same engine stays green, its edition pinned and checked
    (author / "casebook").mkdir()
    shutil.copy(reports / "node-cluedo.json", author / "casebook" / "baseline.json")
    env["EDITION"] = report_of(author / "casebook-results", "node-cluedo")["suite"]["features"]
    shell = subprocess.run(["sh", "ci/casebook.sh"], cwd=author, env=env, capture_output=True, text=True, timeout=600)
    assert shell.returncode == 0, shell.stdout[-3000:] + shell.stderr[-3000:]
    assert "0 regression(s)" in shell.stdout
    assert shell.stdout.startswith(f"casebook {installed.wheel.name.split('-')[1]}, rulebook edition: features ")
    # a pinned edition that is not the installed one stops the job before any verify, exit 2
    wrong = subprocess.run(
        ["sh", "ci/casebook.sh"], cwd=author, env={**env, "EDITION": "0" * 64}, capture_output=True, text=True
    )
    assert wrong.returncode == 2 and "not the one pinned" in wrong.stdout, wrong.stdout + wrong.stderr
    assert "regression(s)" not in wrong.stdout

    # 3. the engine breaks a clause it kept (one secret passage rewired): the job turns red and names it
    engine = author / "engine" / "engine.js"
    text = engine.read_text()
    assert "'Friedhof': 'Memorial Hospital'" in text
    engine.write_text(text.replace("'Friedhof': 'Memorial Hospital'", "'Friedhof': 'Strand'", 1))
    shell = subprocess.run(["sh", "ci/casebook.sh"], cwd=author, env=env, capture_output=True, text=True, timeout=600)
    assert shell.returncode == 1, shell.stdout[-3000:] + shell.stderr[-3000:]
    regressed = report_of(author / "casebook-results", "node-cluedo")["baseline_changes"]["regressions"]
    # the passage's own clauses regress, and so may clauses whose examples enter a location by that passage
    assert any(r.get("clause", "").startswith("CD-PAS-") for r in regressed), regressed
    assert f"{len(regressed)} regression(s): passed in the baseline, failed now" in shell.stdout
    assert regressed[0]["clause"] in shell.stdout
