"""The living rulebook site: ``casebook docs build`` and ``casebook docs serve``.

    casebook docs build [--results DIR] [--run] [--no-strict]   build the site into build/site
    casebook docs serve [--addr 127.0.0.1:8000] [--run] [--live]  build if stale, then serve it

The site is mkdocs with Material; the per-game pages are generated at build
time by the hooks in ``casebook/site/hooks.py`` (see mkdocs.yml), so plain
``mkdocs build --strict`` builds the same site.  ``--run`` first runs the
scenarios against the reference to get fresh results (without xdist: its
workers do not write the Cucumber JSON) and reports the build time as a
share of the suite's.
"""

from __future__ import annotations

import functools
import http.server
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from casebook.pytest_command import pytest_command
from casebook import settings

from casebook.atomic import cannot_write, replace_folder

DEFAULT_ADDR = "127.0.0.1:8000"
# what a page can be made from: the features, the code and its templates (a template alone changed is a new site)
SOURCES = {".feature", ".md", ".py", ".json", ".yml", ".yaml", ".css", ".js", ".j2", ".html", ".svg"}


def project_root(start: Path | None = None) -> Path:
    """The folder holding mkdocs.yml: the working directory or a parent, else the suite Casebook carries."""
    from casebook.conformance.suite import docs_root

    here = (start or Path.cwd()).resolve()
    for folder in (here, *here.parents):
        if (folder / "mkdocs.yml").is_file() and (folder / "features").exists():
            return folder
    return docs_root(here)  # the checkout, or (installed) links to the packaged suite in ./.casebook-docs


SITE_MARK = ".casebook-site"  # left in a folder we built; mkdocs keeps hidden files when it cleans one


def site_dir(root: Path) -> Path:
    return root / "build" / "site"


def foreign_files(out: Path) -> list[Path]:
    """What building into ``out`` would delete that Casebook did not build: mkdocs empties the folder first.

    Hidden files survive a build (mkdocs keeps them), and a folder with our mark
    holds a site we built.
    """
    if not out.is_dir() or (out / SITE_MARK).exists():
        return []
    return sorted(p for p in out.iterdir() if not p.name.startswith("."))


def run_scenarios(root: Path, results: Path, impl: str | None = None) -> tuple[int, float]:
    """Run the scenarios once for fresh results; returns (pytest's exit code, seconds)."""
    results.mkdir(parents=True, exist_ok=True)
    command = pytest_command(
        root, "-q", "-p", "no:xdist", "step_defs", f"--cucumberjson={results / 'cucumber.json'}", impl=impl
    )
    print("casebook docs: running", " ".join(command), flush=True)
    start = time.perf_counter()
    code = subprocess.call(command, cwd=root)
    return code, time.perf_counter() - start


def build(root: Path, results: Path | None, strict: bool = True, out: Path | None = None) -> tuple[int, float]:
    """``mkdocs build`` of the site into a folder beside ``out``, put in its place whole once built (a failed or
    interrupted build leaves the site that was there); returns (exit code, seconds)."""
    out = out or site_dir(root)
    out.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(dir=out.parent, prefix=f".{out.name}.building."))
    try:
        code, seconds = _mkdocs_build(root, results, strict, staging)
        if code == 0:
            (staging / SITE_MARK).write_text(
                "built by casebook docs build; the next build may replace this folder's files\n"
            )
            if out.is_dir():  # mkdocs keeps a site folder's hidden files (a .git of gh-pages): so does the swap
                for hidden in out.iterdir():
                    if hidden.name.startswith(".") and not (staging / hidden.name).exists():
                        os.replace(hidden, staging / hidden.name)
            replace_folder(staging, out)
        return code, seconds
    finally:
        shutil.rmtree(staging, ignore_errors=True)


def _mkdocs_build(root: Path, results: Path | None, strict: bool, out: Path) -> tuple[int, float]:
    env = dict(os.environ)
    if results is not None:
        env[settings.RESULTS.name] = str(results.resolve())
    command = [
        sys.executable,
        "-m",
        "mkdocs",
        "build",
        "-q",
        "-f",
        str(root / "mkdocs.yml"),
        "-d",
        str(out),
    ]
    if strict:
        command.append("--strict")
    start = time.perf_counter()
    code = subprocess.call(command, cwd=root, env=env)
    return code, time.perf_counter() - start


def inputs(root: Path, results: Path | None):
    """Everything the site is made from, for the staleness check of ``serve``."""
    yield root / "mkdocs.yml"
    for folder in ("features", "docs", "casebook", "statemachines"):
        if (root / folder).exists():
            yield from (p for p in (root / folder).rglob("*") if p.suffix in SOURCES and "__pycache__" not in p.parts)
    if results is not None and results.exists():
        yield from results.rglob("*.json")


def stale(root: Path, results: Path | None, out: Path) -> bool:
    index = out / "index.html"
    if not index.is_file():
        return True
    built = index.stat().st_mtime
    return any(p.is_file() and p.stat().st_mtime > built for p in inputs(root, results))


def cmd_build(args) -> int:
    root = project_root()
    results = Path(args.results) if args.results else root / "results"
    out = Path(args.site_dir) if args.site_dir else site_dir(root)
    foreign = foreign_files(out) if args.site_dir and not args.force else []
    if foreign:
        print(
            f"casebook docs: {out} holds {len(foreign)} files Casebook did not build "
            f"({', '.join(p.name for p in foreign[:3])}"
            f"{', …' if len(foreign) > 3 else ''}); the build would delete them. Choose an empty folder, or --force.",
            file=sys.stderr,
        )
        return 2
    refused = cannot_write([out.parent], "give a writable folder with --site-dir DIR") or (
        args.run and cannot_write([results], "give a writable folder for the results with --results DIR")
    )
    if refused:  # before the scenarios and the build, not after them
        print(f"casebook docs: {refused}", file=sys.stderr)
        return 2
    suite = None
    if args.run:
        _, suite = run_scenarios(root, results, args.impl)
    code, seconds = build(root, results, strict=not args.no_strict, out=out)
    report(code, seconds, suite, out)
    return code


def report(code: int, seconds: float, suite: float | None, out: Path) -> None:
    if code != 0:
        print(f"casebook docs: the build failed (exit {code})", file=sys.stderr)
        return
    line = f"casebook docs: built {out} in {seconds:.1f} s"
    if suite:
        line += f"; the suite took {suite:.1f} s, so the build costs {seconds / suite:.2f}× the suite"
    print(line, flush=True)


def serve_static(folder: Path, addr: str) -> None:
    host, _, port = addr.rpartition(":")
    handler = functools.partial(QuietHandler, directory=str(folder))
    with http.server.ThreadingHTTPServer((host or "127.0.0.1", int(port)), handler) as server:
        print(f"casebook docs: serving {folder} on http://{host or '127.0.0.1'}:{port}/  (Ctrl-C stops)", flush=True)
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            pass


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):  # one line per request is noise for a reader
        pass


def cmd_serve(args) -> int:
    root = project_root()
    results = Path(args.results) if args.results else root / "results"
    if args.live:
        env_results = str(results.resolve())
        os.environ[settings.RESULTS.name] = env_results
        return subprocess.call(
            [sys.executable, "-m", "mkdocs", "serve", "-f", str(root / "mkdocs.yml"), "-a", args.addr], cwd=root
        )
    suite = None
    if args.run:
        _, suite = run_scenarios(root, results, args.impl)
    out = site_dir(root)
    if args.run or stale(root, results, out):
        code, seconds = build(root, results, strict=not args.no_strict)
        report(code, seconds, suite, out)
        if code != 0:
            return code
    serve_static(out, args.addr)
    return 0


def register(subparsers) -> None:
    docs = subparsers.add_parser("docs", help="the living rulebook site: build it, serve it")
    sub = docs.add_subparsers(dest="docs_command", required=True)
    for name, func, helptext in (
        (
            "build",
            cmd_build,
            "build the site into build/site (mkdocs build --strict, pages generated from features/ and results/)",
        ),
        ("serve", cmd_serve, "serve the built site on localhost, building it first if anything changed"),
    ):
        p = sub.add_parser(name, help=helptext)
        p.add_argument(
            "--results",
            metavar="DIR",
            help="where the last run's results are: cucumber*.json and conformance/*.json (default: results/)",
        )
        p.add_argument(
            "--run", action="store_true", help="first run the scenarios against the reference for fresh results"
        )
        p.add_argument(
            "--impl", help="with --run: the implementation to run the scenarios against (default: the reference)"
        )
        p.add_argument("--strict", action="store_true", default=True, help="refuse warnings (the default)")
        p.add_argument("--no-strict", action="store_true", help="build even if the generator or mkdocs warns")
        p.set_defaults(func=func)
    sub.choices["build"].add_argument(
        "--site-dir",
        metavar="DIR",
        help="where to write the site (default: build/site); "
        "a folder holding other files is refused, as the build empties it",
    )
    sub.choices["build"].add_argument(
        "--force", action="store_true", help="build into --site-dir even if it holds other files (they are deleted)"
    )
    sub.choices["serve"].add_argument(
        "--addr", default=DEFAULT_ADDR, help=f"host:port to serve on (default: {DEFAULT_ADDR})"
    )
    sub.choices["serve"].add_argument(
        "--live", action="store_true", help="mkdocs' live-reloading server instead: rebuilds as you edit the features"
    )
