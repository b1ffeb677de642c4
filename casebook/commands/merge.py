"""``casebook merge REPORT...``: the reports of ``casebook verify --chunk K/N``'s N jobs joined into the one report an
unchunked run writes (the same totals, per-example results and edition digest; casebook/conformance/chunks.py).

Refused, with nothing written: a report that is not a chunk's, chunks of different engines, editions of the suite,
selections or deals, a chunk given twice, or one missing; and a checkout whose features are not the chunks' edition
(the merged report is folded against the features, as verify folds it).

    casebook merge results/chunks/*/conformance/*.json [--out results] [--suite CHECKOUT]
"""

from __future__ import annotations

from pathlib import Path

from casebook.atomic import cannot_write, write_text
from casebook.commands import EXIT_CANNOT_RUN, EXIT_FAILED, EXIT_OK, console
from casebook.names import terminal


def register(sub) -> None:
    merge = sub.add_parser("merge", help="join the reports of verify --chunk K/N into the report of the whole run")
    merge.add_argument("reports", nargs="+", metavar="REPORT", help="every chunk's conformance report (JSON)")
    merge.add_argument("--out", default="results", help="directory for the merged report (default: results)")
    merge.add_argument("--suite", help="the checkout the chunks ran (default: this one)")
    merge.set_defaults(func=command)


def command(args) -> int:
    out = console()
    refused = cannot_write([Path(args.out) / "conformance"], "give a writable folder with --out")
    if refused:
        out.print(f"[red]{terminal(refused)}[/red]", soft_wrap=True)
        return EXIT_CANNOT_RUN
    try:
        report, name = merged(args.reports, Path(args.suite).resolve() if args.suite else None)
    except ValueError as exc:  # NotAReport, MergeError
        out.print(f"[red]casebook merge: {terminal(str(exc))}[/red]", soft_wrap=True)
        out.print("nothing was written")
        return EXIT_CANNOT_RUN
    from casebook.commands.verify import summary_text
    from casebook.conformance import report as rep

    path = rep.write(report, Path(args.out) / "conformance" / f"{name}.json")
    write_text(path.with_suffix(".txt"), summary_text(report, None))
    rep.render(report, out, None)
    out.print(f"report: {terminal(path)}  (merged from {len(args.reports)} chunks)")
    return EXIT_FAILED if rep.failed(report) else EXIT_OK


def merged(files: list[str], suite: Path | None = None) -> tuple[dict, str]:
    """The merged report and its name; ``NotAReport`` or ``MergeError`` naming the file that stops it."""
    from casebook import __version__
    from casebook.commands.verify import build_report
    from casebook.conformance.chunks import MergeError, check, fold
    from casebook.conformance.runner import ROOT
    from casebook.conformance.suite import edition
    from casebook.contract import read_report

    reports = [(file, read_report(file)) for file in files]
    chunks = check(reports)
    root = suite or ROOT
    ours = edition(root, __version__)["features"]
    theirs = (reports[0][1].get("suite") or {}).get("features")
    if ours != theirs:
        raise MergeError(
            f"the chunks judged features {str(theirs)[:12]}, this checkout holds {ours[:12]}: "
            "merge in the checkout the chunks ran (--suite)"
        )
    first = chunks[0][1]
    report = build_report(
        reports[0][1]["implementation"]["spec"],
        first["hello"],
        first["games"],
        first["clauses"],
        root,
        fold(chunks),
        sum(chunk["seconds"] for _, chunk in chunks),
        first["properties"],
        set(first["whole"]),
    )
    return report, first["name"]
