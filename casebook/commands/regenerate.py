"""``casebook regenerate [--game G]``: rewrite everything generated from the reference engines, in order.

In a Casebook checkout, five kinds of file are generated, never written by hand; each step reads what the one
before it wrote:

    1. schemas     casebook/schemas/<game>.json            ``python -m statemachines.schemas``: from each game's
                                                            rules.py and machine.py (every game: it is cheap and
                                                            writes only the files that differ)
    2. describe    tests/docs/fixture/describe/<game>.json  the reference's describe(game), which the site's tests
                                                            draw from whether or not the engine under test describes
                                                            (written once, for a game without one)
    3. positions   features/<game>/positions.json          the starts the scenarios deal, recorded by one run of
                                                            the scenarios in one process (``CASEBOOK_RECORD_POSITIONS``)
    4. perft       casebook/conformance/perft/<game>.json  each published position's counts taken again to the same
                                                            depth; a game with none gets positions of its own
                                                            (``casebook perft --generate``), each counted at least
                                                            to depth 1: a fixture never publishes empty counts
    5. declines    casebook/conformance/decline_costs.json  what each decline the game's tags allow costs, seen in a
                   and the guide validate-your-engine.md     run of a toy engine declining it
                                                            (tests/conformance/test_declines.py, CASEBOOK_WRITE_GUIDE)

``--game G`` (repeatable) limits steps 2 to 5 to those games.  ``--only STEP`` runs one step.  The run says which
files changed (``git diff`` shows how).  It never imports the reference: schemas and positions are written by
subprocesses, perft counts and describe answers come through the protocol, as for any engine.  A step that cannot
run yet (the steps of a game still name the toy's kinds, say) names the step to finish first.

``--check`` writes nothing: it generates each file again (positions into a temporary folder) and names every
generated file that differs from what it would write, exiting 1 if any does (CI: tests/test_regenerate.py).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from rich.markup import escape

from casebook import settings
from casebook.atomic import cannot_write, terminated_as_interrupt, write_text
from casebook.pytest_command import pytest_command
from casebook.commands import EXIT_CANNOT_RUN, EXIT_FAILED, EXIT_OK, console
from casebook.scaffold import NotACheckout, checkout_root

STEPS = ("schemas", "describe", "positions", "perft", "declines")
GENERATED = (  # where the steps write, for the closing "which files changed"
    "casebook/schemas",
    "tests/docs/fixture/describe",
    "features",
    "casebook/conformance/perft",
    "casebook/conformance/decline_costs.json",
    "casebook/conformance/validate-your-engine.md",
)
DESCRIBED = Path("tests") / "docs" / "fixture" / "describe"
EXIT_INTERRUPTED = 130  # as a shell reports a command stopped by ^C
NO_TESTS = 5  # pytest's exit code when it collected nothing (a new game without examples deals no start)


def register(sub) -> None:
    regen = sub.add_parser(
        "regenerate", help="rewrite every generated file from the reference: schemas, then positions, then perft"
    )
    regen.add_argument("--game", action="append", default=[], help="only this game's positions and perft (repeatable)")
    regen.add_argument("--only", choices=STEPS, help="run one step only")
    regen.add_argument(
        "--check", action="store_true", help="write nothing: name each generated file that is stale (exit 1 if any)"
    )
    regen.set_defaults(func=command)


def command(args) -> int:
    out = console()
    try:
        root = checkout_root()
    except NotACheckout as exc:
        out.print(f"[red]{escape(str(exc))}[/red]")
        return EXIT_CANNOT_RUN
    games = sorted(p.name for p in (root / "features").iterdir() if p.is_dir())
    unknown = [g for g in args.game if g not in games]
    if unknown:
        out.print(f"[red]no game {', '.join(unknown)} in features/; games are {', '.join(games)}[/red]")
        return EXIT_CANNOT_RUN
    refused = not args.check and cannot_write(
        [root / "casebook" / "schemas", root / "casebook" / "conformance" / "perft"]
        + [root / "features" / game for game in args.game or games],
        "regenerate rewrites the checkout's generated files: run it in a writable clone (--check writes nothing)",
    )
    if refused:
        out.print(f"[red]{escape(refused)}[/red]", highlight=False, soft_wrap=True)
        return EXIT_CANNOT_RUN
    failed, stale = [], []
    steps = [step for step in STEPS if not args.only or step == args.only]
    with terminated_as_interrupt():
        for n, step in enumerate(steps):
            out.print(f"[bold]== {step}[/bold]")
            try:
                if not STEP_RUNS[step](root, args.game or games, out, stale if args.check else None):
                    failed.append(step)
            except KeyboardInterrupt:  # ^C, SIGTERM: every file is whole (casebook/atomic.py); say which may be old
                if not args.check:
                    out.print(not_regenerated(steps[n:], args.game or games), highlight=False, soft_wrap=True)
                return EXIT_INTERRUPTED
    if args.check:
        for path in stale:
            out.print(
                f"[red]stale: {escape(path)}[/red] (casebook regenerate rewrites it)", highlight=False, soft_wrap=True
            )
        if not stale and not failed:
            out.print("every generated file is up to date")
        return EXIT_FAILED if stale or failed else EXIT_OK
    changed = subprocess.run(
        ["git", "status", "--porcelain", "--", *GENERATED],
        cwd=root,
        capture_output=True,
        text=True,
    )
    if changed.returncode == 0:
        out.print(
            "generated files that differ from the last commit: "
            + (", ".join(line[3:] for line in changed.stdout.splitlines()) or "none"),
            highlight=False,
            soft_wrap=True,
        )
    if failed:
        out.print(f"[red]failed: {', '.join(failed)}[/red]")
        return EXIT_FAILED
    return EXIT_OK


def not_regenerated(steps: list[str], games: list[str]) -> str:
    """What an interrupted run did not regenerate: the step it was in and every later one, with their files."""
    files = {
        "schemas": ["casebook/schemas/*.json"],
        "positions": [f"features/{game}/positions.json" for game in games],
        "perft": [f"casebook/conformance/perft/{game}.json" for game in games],
    }
    return (
        f"[red]interrupted in step {steps[0]}: not regenerated: "
        + "; ".join(f"{step} ({', '.join(files[step])})" for step in steps)
        + ".[/red] Each file is whole, the old one or the new one (none is half-written): run the same "
        "casebook regenerate again."
    )


def environment(root: Path, **extra: str) -> dict:
    """The subprocesses import this checkout's casebook, statemachines and step_defs."""
    path = os.pathsep.join([str(root), *filter(None, [os.environ.get("PYTHONPATH")])])
    return {**os.environ, "PYTHONPATH": path, **extra}


# Each step: (checkout, games, console, stale) -> whether it ran; ``stale`` None writes the files, a list is --check:
# the step writes nothing and appends the path (relative to the checkout) of each file that differs.
def schemas(root: Path, games: list[str], out, stale: list | None = None) -> bool:
    check = [] if stale is None else ["--check"]
    run = subprocess.run(
        [sys.executable, "-m", "statemachines.schemas", *check],
        cwd=root,
        env=environment(root),
        capture_output=True,
        text=True,
    )
    if stale is None:
        out.print(run.stdout.strip() or "every schema was up to date", highlight=False, soft_wrap=True)
    else:
        stale += [
            line.split(": ", 1)[1]
            for line in run.stdout.splitlines()
            if line.startswith("differs from the generated schema: ")
        ]
    if run.returncode and not (stale and run.returncode == 1):
        out.print(run.stderr[-3000:], highlight=False, soft_wrap=True)
        return False
    return True


def positions(root: Path, games: list[str], out, stale: list | None = None) -> bool:
    """One run of the games' scenarios in one process (an xdist worker would see only its share of the starts)."""
    if stale is not None:  # recorded into a temporary folder, then compared
        with tempfile.TemporaryDirectory() as folder:
            ran = _record(root, games, out, Path(folder))
            for game in games:
                dealt, published = Path(folder) / game / "positions.json", root / "features" / game / "positions.json"
                if _text(dealt) != _text(published):
                    stale.append(str(published.relative_to(root)))
        return ran
    return _record(root, games, out, root / "features")


def _text(path: Path) -> str | None:
    return path.read_text(encoding="utf-8") if path.is_file() else None


def _record(root: Path, games: list[str], out, folder: Path) -> bool:
    files = [f"step_defs/{g}.py" for g in games]
    run = subprocess.run(
        pytest_command(root, "-q", "-p", "no:xdist", *files),
        cwd=root,
        env=environment(root, **{settings.RECORD_POSITIONS.name: str(folder)}),
        capture_output=True,
        text=True,
    )
    last = (run.stdout.strip().splitlines() or [""])[-1]
    out.print(f"the scenarios of {', '.join(games)}: {last}", highlight=False, soft_wrap=True)
    unready = [g for g in games if f"ERROR step_defs/{g}.py" in run.stdout]
    if unready:  # the steps cannot even be read: no start was dealt, none is written
        out.print(run.stdout[-2000:], highlight=False, soft_wrap=True)
        out.print(
            f"[red]the steps of {', '.join(unready)} cannot be collected (above): write step_defs/<game>.py for the "
            "engine's tables first (docs/add-a-rulebook.md, section 4), then run this step again; the schemas step "
            "needs no steps (casebook regenerate --only schemas)[/red]",
            soft_wrap=True,
        )
        return False
    if run.returncode not in (0, NO_TESTS):
        out.print(run.stdout[-3000:] + run.stderr[-2000:], highlight=False, soft_wrap=True)
        out.print(
            "[red]a scenario failed: the starts it dealt are written, but mend the scenario and regenerate again[/red]"
        )
        return False
    return True


def perft(root: Path, games: list[str], out, stale: list | None = None) -> bool:
    """Each published position counted again to its depth; a game without positions gets generated ones."""
    from casebook.conformance import perft as pf
    from casebook.errors import GameError
    from casebook.impls import opened

    ok = True
    with opened("reference") as impl:
        offered = set(impl.hello()["games"])
        for game in games:
            if game not in offered:
                out.print(f"[red]{game}: the reference does not offer it[/red]")
                ok = False
                continue
            folder = root / "casebook" / "conformance" / "perft"
            published = pf.load_fixtures(game, folder)
            try:
                if published:
                    positions = [{**p, "counts": pf.perft(impl, game, p["state"], len(p["counts"]))} for p in published]
                else:
                    positions = pf.generate(impl, game, {})
            except GameError as exc:  # a published state the engine no longer loads: its positions must be chosen again
                out.print(
                    f"[red]{game}: {escape(exc.code)}: {escape(exc.message)}; choose its positions again: "
                    f"casebook perft --generate --force --game {game}[/red]"
                )
                ok = False
                continue
            empty = [p["name"] for p in positions if not p["counts"]]
            if empty or not positions:  # a fixture that compares nothing: its test would pass on nothing
                out.print(
                    f"[red]{game}: no perft count for {escape(', '.join(empty) or 'any position')}; choose its "
                    f"positions again: casebook perft --generate --force --game {game}[/red]"
                )
                ok = False
                continue
            for warning in [] if published else pf.cut_by_budget(positions):  # chosen now: say how deep
                out.print(f"[yellow]{game}: {escape(warning)}[/yellow]", highlight=False, soft_wrap=True)
            if positions != published and stale is not None:
                stale.append(str(pf.fixture_path(game, folder).relative_to(root)))
            elif positions != published:
                pf.write_fixtures(game, positions, folder)
            out.print(f"{game}: {[p['counts'] for p in positions]}", highlight=False, soft_wrap=True)
    return ok


def describe(root: Path, games: list[str], out, stale: list | None = None) -> bool:
    """The reference's describe(game), written where the site's tests read it (tests/docs/describing.py) for a game
    that has no answer there yet.  An answer kept there is never overwritten: the five first games' were written by
    hand in the shape the brief fixes, and the site's tests rely on their pictures."""
    from casebook.impls import opened
    from casebook.protocol import describe as ask

    missing = [g for g in games if not (root / DESCRIBED / f"{g}.json").is_file()]
    if stale is not None:
        stale += [str(DESCRIBED / f"{g}.json") for g in missing]
        return True
    with opened("reference") as impl:
        for game in missing:
            path = root / DESCRIBED / f"{game}.json"
            path.parent.mkdir(parents=True, exist_ok=True)
            write_text(path, json.dumps(ask(impl, game), indent=1, ensure_ascii=False) + "\n")
            out.print(f"wrote {path.relative_to(root)}", highlight=False)
    if not missing:
        out.print(f"every describe answer of {', '.join(games)} is written", highlight=False, soft_wrap=True)
    return True


DECLINES_TEST = "tests/conformance/test_declines.py::test_a_decline_costs_exactly_its_tag"
DECLINES_STALE = "the runs differ from decline_costs.json"  # what the test says when the recorded runs are stale


def declines(root: Path, games: list[str], out, stale: list | None = None) -> bool:
    """Each game's declines run by tests/conformance/test_declines.py (a verify run of a toy per declinable tag),
    written into decline_costs.json and the guide's tables (``CASEBOOK_WRITE_GUIDE=1``); --check compares."""
    from casebook.conformance.decline_costs import declinable
    from casebook.conformance.report import catalog

    if not (root / DECLINES_TEST.split("::")[0]).is_file():
        out.print(f"[yellow]no {DECLINES_TEST.split('::')[0]} in this checkout: declines not run[/yellow]")
        return True
    runnable = [g for g in games if g in declinable(catalog(root / "features"))]  # a game with no example has none
    if not runnable:
        out.print(f"no game of {', '.join(games)} has an example yet: no decline to run")
        return True
    write = {} if stale is not None else {settings.WRITE_GUIDE.name: "1"}
    run = subprocess.run(
        pytest_command(root, "-q", "-p", "no:xdist", *[f"{DECLINES_TEST}[{g}]" for g in runnable]),
        cwd=root,
        env=environment(root, **write),
        capture_output=True,
        text=True,
    )
    last = (run.stdout.strip().splitlines() or [""])[-1]
    out.print(f"the declines of {', '.join(runnable)}: {last}", highlight=False, soft_wrap=True)
    if run.returncode == 0:
        return True
    if stale is not None and DECLINES_STALE in run.stdout:
        stale.append("casebook/conformance/decline_costs.json")
        return True
    out.print(run.stdout[-3000:] + run.stderr[-2000:], highlight=False, soft_wrap=True)
    return False


STEP_RUNS = {"schemas": schemas, "describe": describe, "positions": positions, "perft": perft, "declines": declines}
