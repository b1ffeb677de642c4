"""``casebook new-adapter --game G --lang js|ts|java|python [--out FILE]``: a starting adapter for an engine you
already have.

It answers ``hello`` at once (the game offered, nothing declined yet) and every rule question with ``unsupported``
until you write it; the game's names (each kind the schema enumerates, ``$defs.<kind>.enum``) are listed as a
mapping from Casebook's name to your engine's, each to itself to begin with, which the kit checks at start
(``casebook.kit_bridge.check_names``).  ``js``, ``ts`` and ``java``: the kit over the wire (``--impl "kit:node
FILE"``; TypeScript compiled first with ``tsc``, then its JavaScript run; Java 17 runs the one source file,
``--impl "kit:java FILE"``); ``python``: a ``casebook.adapter.Rules`` (``--impl "cmd:python FILE"``).  The
templates are casebook/scaffold/templates/adapter.<lang>.tmpl.  An existing file is never overwritten.
"""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

from casebook import schemas
from casebook.commands import EXIT_CANNOT_RUN, EXIT_OK, console
from casebook.protocol import PROTOCOL_VERSION

TEMPLATES = Path(__file__).resolve().parents[1] / "scaffold" / "templates"
LANGS = {"js": ".js", "ts": ".ts", "java": ".java", "python": ".py"}
# the first command to try on the file written: hello, before any rule is written
HELLO = {
    "js": 'casebook hello --impl "kit:node {file}"',
    "ts": 'tsc --strict --target es2019 {file} && casebook hello --impl "kit:node {js}"',
    "java": 'casebook hello --impl "kit:java {file}"',
    "python": 'casebook hello --impl "cmd:python {file}"',
}


def register(sub) -> None:
    new = sub.add_parser("new-adapter", help="write a starting adapter: the calls stubbed, the game's names listed")
    new.add_argument("--game", required=True, choices=schemas.games(), help="the game your engine plays")
    new.add_argument(
        "--lang", required=True, choices=sorted(LANGS), help="js, ts, java: the kit over the wire; python: the kit"
    )
    new.add_argument("--out", help="the file to write (default: <game>_adapter.<js|ts|java|py> here)")
    new.set_defaults(func=command)


def game_names(game: str) -> dict[str, dict[str, str]]:
    """Every kind of name the game's schema enumerates, each name mapped to itself: the author edits the right side."""
    defs = schemas.load(game)["$defs"]
    return {kind: {str(n): str(n) for n in d["enum"]} for kind, d in defs.items() if "enum" in d}


def adapter_text(game: str, lang: str, file: str | None = None) -> str:
    """The starting adapter in ``lang``, for the file ``file`` (named in its comments)."""
    file = file or f"{game}_adapter{LANGS[lang]}"
    # Java's source: names as \u escapes (read alike whatever the platform's encoding), indented in a text block
    names = json.dumps(game_names(game), indent=2, ensure_ascii=lang == "java")
    if lang == "java":
        names = textwrap.indent(names, " " * 8).lstrip()
    text = (TEMPLATES / f"adapter.{'py' if lang == 'python' else lang}.tmpl").read_text(encoding="utf-8")
    for token, value in (
        ("__NAMES__", names),
        ("__GAME__", game),
        ("__NAME__", f"{game.replace('_', '-')}-adapter"),
        ("__PROTOCOL__", PROTOCOL_VERSION),
        ("__JSFILE__", str(Path(file).with_suffix(".js"))),
        ("__FILE__", file),
    ):
        text = text.replace(token, value)
    return text


def command(args) -> int:
    out = Path(args.out or f"{args.game}_adapter{LANGS[args.lang]}")
    if out.exists():
        console(stderr=True).print(f"[red]{out} exists[/red]: new-adapter never overwrites a file")
        return EXIT_CANNOT_RUN
    out.write_text(adapter_text(args.game, args.lang, str(out)), encoding="utf-8")
    print(f"wrote {out}; try: " + HELLO[args.lang].format(file=out, js=out.with_suffix(".js")))
    print(f"then: casebook verify --impl ... --game {args.game} (the same --impl as hello's)")
    return EXIT_OK
