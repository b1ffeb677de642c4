"""``casebook fuzz --workers N`` / ``--scheduler tcp://HOST:8786``: fuzz's options for a campaign on Dask, and the
command's side of it (casebook/conformance/campaign.py plays it).  With either option, ``--examples`` is the
number of games (one per seed, from ``--seed``), ``--campaign FILE`` where the campaign is saved and resumed from
(default results/fuzz/<game>-campaign.json), ``--batch`` the seeds a task plays, ``--time`` a time limit."""

from __future__ import annotations

import json
import time
from pathlib import Path

from casebook.commands import EXIT_CANNOT_RUN, EXIT_FAILED, EXIT_OK, at_least, console
from casebook.names import slug, terminal


def add_options(fuzz) -> None:
    fuzz.add_argument(
        "--workers", type=at_least(1), metavar="N", help="a campaign on a local Dask cluster of N processes"
    )
    fuzz.add_argument("--scheduler", metavar="ADDRESS", help="a campaign on a running Dask cluster (tcp://HOST:8786)")
    fuzz.add_argument("--campaign", metavar="FILE", help="a campaign's file, resumed if it is there")
    fuzz.add_argument("--batch", type=at_least(1), default=50, help="seeds a campaign's task plays (default 50)")


def wanted(args) -> bool:
    return bool(args.workers or args.scheduler)


def command(args) -> int:
    from casebook.atomic import cannot_write, terminated_as_interrupt
    from casebook.conformance import campaign
    from casebook.conformance.differential import save

    out = console()
    path = Path(args.campaign or Path("results") / "fuzz" / f"{slug(args.game)}-campaign.json")
    refused = cannot_write([path.parent], "give --campaign FILE")
    if refused:
        out.print(f"[red]{terminal(refused)}[/red]", soft_wrap=True)
        return EXIT_CANNOT_RUN
    started = time.perf_counter()

    def progress(state: dict, per_worker: dict) -> None:
        seconds = max(time.perf_counter() - started, 1e-9)
        workers = "; ".join(
            f"{terminal(w)} {rate(v['games'], v['seconds'])} games/s {rate(v['moves'], v['seconds'])} moves/s "
            f"{v['found']} found"
            for w, v in sorted(per_worker.items())
        )
        out.print(
            f"{state['games']} games, {rate(state['games'], seconds)} games/s, "
            f"{rate(state['moves'], seconds)} moves/s, {len(state['found'])} disagreements  [dim]{workers}[/dim]",
            highlight=False,
            soft_wrap=True,
        )

    try:
        with terminated_as_interrupt():
            state = campaign.run(
                args.impl,
                args.game,
                seeds=range(args.seed, args.seed + args.examples),
                batch=args.batch,
                workers=args.workers,
                scheduler=args.scheduler,
                path=path,
                reference=args.reference,
                options=json.loads(args.options) if args.options else None,
                max_steps=args.max_steps,
                timeout=args.timeout,
                seconds=args.time,
                progress=progress,
            )
    except (campaign.NoDask, campaign.CampaignMismatch) as exc:
        out.print(f"[red]{terminal(str(exc))}[/red]", soft_wrap=True)
        return EXIT_CANNOT_RUN
    found = campaign.records(state)
    stopped = state.get("stopped") and f" (stopped: {state['stopped']}; run the same command again to resume)"
    out.print(
        f"campaign {terminal(path)}: {state['games']} games, {state['moves']} moves, "
        f"{len(found)} disagreements{stopped or ''}",
        highlight=False,
        soft_wrap=True,
    )
    for record in found:
        replay = save(record, path.with_name(f"{path.stem}-seed-{record['seed']}.json"))
        out.print(f"  seed {record['seed']}: {terminal(record['summary'].splitlines()[0])}  replay: {terminal(replay)}")
    return EXIT_FAILED if found else EXIT_OK


def rate(count: float, seconds: float) -> str:
    return f"{count / max(seconds, 1e-9):.0f}"
