"""``casebook new-adapter --game G --lang js|python [--out FILE]``: a starting adapter for an engine you already have.

It answers ``hello`` at once (the game offered, nothing declined yet) and every rule question with ``unsupported``
until you write it; the game's names (each kind the schema enumerates, ``$defs.<kind>.enum``) are listed as a
mapping from Casebook's name to your engine's, each to itself to begin with, which the kit checks at start
(``casebook.kit_bridge.check_names``).  ``js``: the kit over the wire (``--impl "kit:node FILE"``); ``python``: a
``casebook.adapter.Rules`` (``--impl "cmd:python FILE"``).  An existing file is never overwritten.
"""

from __future__ import annotations

import json
from pathlib import Path

from casebook import schemas
from casebook.commands import EXIT_CANNOT_RUN, EXIT_OK, console
from casebook.protocol import PROTOCOL_VERSION

LANGS = {"js": ".js", "python": ".py"}
RUN = {
    "js": 'casebook verify --impl "kit:node {file}" --game {game}',
    "python": 'casebook verify --impl "cmd:python {file}" --game {game}',
}


def register(sub) -> None:
    new = sub.add_parser("new-adapter", help="write a starting adapter: the calls stubbed, the game's names listed")
    new.add_argument("--game", required=True, choices=schemas.games(), help="the game your engine plays")
    new.add_argument("--lang", required=True, choices=sorted(LANGS), help="js: the kit over the wire; python: the kit")
    new.add_argument("--out", help="the file to write (default: <game>_adapter.js or .py here)")
    new.set_defaults(func=command)


def game_names(game: str) -> dict[str, dict[str, str]]:
    """Every kind of name the game's schema enumerates, each name mapped to itself: the author edits the right side."""
    defs = schemas.load(game)["$defs"]
    return {kind: {str(n): str(n) for n in d["enum"]} for kind, d in defs.items() if "enum" in d}


def adapter_text(game: str, lang: str) -> str:
    names = json.dumps(game_names(game), indent=2, ensure_ascii=False)
    name = f"{game.replace('_', '-')}-adapter"
    return (JS if lang == "js" else PYTHON).format(game=game, name=name, names=names, protocol=PROTOCOL_VERSION)


def command(args) -> int:
    out = Path(args.out or f"{args.game}_adapter{LANGS[args.lang]}")
    if out.exists():
        console(stderr=True).print(f"[red]{out} exists[/red]: new-adapter never overwrites a file")
        return EXIT_CANNOT_RUN
    out.write_text(adapter_text(args.game, args.lang), encoding="utf-8")
    print(f'wrote {out}; try: casebook hello --impl "{"kit:node" if args.lang == "js" else "cmd:python"} {out}"')
    print("then: " + RUN[args.lang].format(file=out, game=args.game))
    return EXIT_OK


JS = """\
// An adapter for {game} on Casebook's kit over the wire (casebook/kit_bridge.py, casebook/kit_bridge.schema.json).
// Each call gets the whole state (the published state, casebook/schemas/{game}.json $defs.state) and keeps nothing.
// Casebook does the views, legal()'s order, the typed errors before apply, hello's checks and the declines.
"use strict";

// Casebook's names -> your engine's: change the right-hand side; the kit checks every name is mapped once.
const NAMES = {names};

class Refusal extends Error {{
  constructor(code, message) {{
    super(message);
    this.code = code; // unsupported | illegal_action | bad_request
  }}
}}
const notYet = (call) => new Refusal("unsupported", `{name}: ${{call}} is not written yet`);

const CALLS = {{
  hello: () => ({{
    name: "{name}",
    version: "0.1",
    protocol: "{protocol}",
    games: {{ {game}: {{ declines: [] }} }}, // tags or clause ids you do not play (casebook verify --list)
    names: {{ {game}: NAMES }},
  }}),
  new: ({{ options, seed }}) => {{
    throw notYet("new"); // -> the state of a new game (or leave it refusing and decline "setup")
  }},
  legal: ({{ state }}) => {{
    throw notYet("legal"); // -> [{{actor, action, p (chance only)}}], any order; [] once the game is over
  }},
  apply: ({{ state, move }}) => {{
    throw notYet("apply"); // -> {{state, events}} for a move legal listed; leave the state given untouched
  }},
}};

require("readline")
  .createInterface({{ input: process.stdin }})
  .on("line", (line) => {{
    const {{ id, method, params }} = JSON.parse(line);
    const answer = {{ jsonrpc: "2.0", id }};
    if (!CALLS[method]) answer.error = {{ code: -32601, message: `no call ${{method}}` }};
    else
      try {{
        answer.result = CALLS[method](params);
      }} catch (e) {{
        const code = e instanceof Refusal ? e.code : "internal_error";
        answer.error = {{ code: -32000, message: e.message, data: {{ code, message: e.message }} }};
      }}
    process.stdout.write(JSON.stringify(answer) + "\\n");
  }});
"""

PYTHON = '''\
"""An adapter for {game} on Casebook's kit (casebook/adapter.py): write the five methods, the kit does the rest."""

from casebook.adapter import Rules, Unsupported
from casebook.kit_bridge import check_names

# Casebook's names -> your engine's: change the right-hand side; checked at start (every name mapped once).
NAMES = {names}


class Adapter(Rules):
    name, version = "{name}", "0.1"
    games = {{"{game}": {{"declines": []}}}}  # tags or clause ids you do not play (casebook verify --list)

    def start(self, game, options):  # a new game -> your game object
        check_names(game, NAMES)
        raise Unsupported("start is not written yet")

    def restore(self, game, state):  # the published state -> your game object
        check_names(game, NAMES)
        raise Unsupported("restore is not written yet")

    def snapshot(self, g):  # your game object -> the published state
        raise Unsupported("snapshot is not written yet")

    def moves(self, g):  # [{{"actor": ..., "action": {{...}}, "p": ... (chance only)}}]
        raise Unsupported("moves is not written yet")

    def play(self, g, actor, action):  # apply a listed move; return its events
        raise Unsupported("play is not written yet")


if __name__ == "__main__":
    Adapter().serve()
'''
