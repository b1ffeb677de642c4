"""``casebook new-game <id> --rulebook FILE [--title T] [--prefix XY] [--force]``: scaffold a game in this checkout.

Writes the files every game has (casebook.scaffold lists them): the engine is the kit's toy, the rulebook's
sections are placeholder Rules tagged ``@untranscribed``, and its trace lists every paragraph as untraced, so the
site shows the game "in transcription".  Then it generates the game's JSON Schema (``casebook regenerate``'s first
step), which its steps and tests read.  The result builds strict and passes its tests.

Refused, with nothing written: an id that is not a lower-case package name (``BadGameId``), an id or clause-id
prefix another game has (``GameExists``), a rulebook that is missing or holds no text (``NoRulebook``), a folder
that is not a Casebook checkout (``NotACheckout``).  ``--force`` scaffolds an existing game again: it lists every
file of the game it removes (casebook.scaffold.game_paths: features, engine, steps, tests, generated files), removes
them, then writes the scaffold; a refusal still removes nothing.
"""

from __future__ import annotations

from pathlib import Path

from rich.markup import escape

from casebook import scaffold
from casebook.commands import EXIT_CANNOT_RUN, EXIT_FAILED, EXIT_OK, console
from casebook.commands.regenerate import schemas
from casebook.trace import rulebooks_folder


def register(sub) -> None:
    new = sub.add_parser(
        "new-game", help="scaffold a new game from its rulebook: toy engine, placeholder clauses, trace, steps, tests"
    )
    new.add_argument("game", help="the game's id: a folder and package name in lower case (pi, cluedo_drei)")
    new.add_argument(
        "--rulebook",
        required=True,
        help="the rulebook's text file (one paragraph a line; keep it in shared/rulebooks/)",
    )
    new.add_argument(
        "--title", help="the game's title (default: from the id); short name and summary go in rules.py's INFO"
    )
    new.add_argument("--prefix", help="the clause ids' prefix, two capital letters (default: the id's initials)")
    new.add_argument(
        "--force",
        action="store_true",
        help="scaffold an existing game again: lists, then removes, every file of it first (its features too)",
    )
    new.set_defaults(func=command)


def command(args) -> int:
    out = console()
    rulebook = Path(args.rulebook).expanduser().resolve()
    try:
        root = scaffold.checkout_root()
        files = scaffold.plan(root, args.game, rulebook, title=args.title, prefix=args.prefix, replacing=args.force)
        gone = scaffold.replaced(root, args.game) if args.force else []
        for path in gone:  # said before it is done
            out.print(f"[yellow]--force removes {escape(path)}[/yellow]", highlight=False)
        scaffold.remove_game(root, gone)
        written = scaffold.write(root, files)
    except scaffold.ScaffoldError as exc:
        out.print(
            f"[red]casebook new-game: {type(exc).__name__}: {escape(str(exc))}[/red]", highlight=False, soft_wrap=True
        )
        out.print("nothing was written")
        return EXIT_CANNOT_RUN
    if not schemas(root, [args.game], out):
        scaffold.remove(root, written)
        out.print("[red]the new game's schema could not be generated: its files are removed again[/red]")
        return EXIT_FAILED
    for path in written:
        out.print(f"wrote {path.relative_to(root)}", highlight=False)  # (the schema step said what it wrote)
    shared = rulebooks_folder()
    if shared is None or not (shared / rulebook.name).is_file():
        out.print(
            f"[yellow]{escape(rulebook.name)} is not in {escape(str(shared or 'shared/rulebooks/'))}: "
            "put it there (or set CASEBOOK_RULEBOOKS) so the trace is checked against its paragraphs[/yellow]",
            highlight=False,
            soft_wrap=True,
        )
    out.print(
        f"\n{args.game} is in transcription (docs/add-a-rulebook.md).  Next:\n"
        f"  pytest step_defs/{args.game}.py tests/{args.game}    its tests\n"
        f"  casebook docs build                    the site: the game, its placeholders, its untraced paragraphs\n"
        f"  casebook regenerate --only schemas     after a change to its engine's tables (its steps may lag)\n"
        f"  casebook regenerate --game {args.game}     once its steps match: schema, describe, positions, perft, "
        "declines",
        highlight=False,
        soft_wrap=True,
    )
    return EXIT_OK
