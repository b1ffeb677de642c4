"""Each game at a glance (issue 26): the page a player who has not read the rulebook starts from.

Built from what the site already holds, so it stays true as the features change: the
components are the clauses of the game's components section, the set-up its set-up
section's clauses in order, the turn the phases the engine's ``describe`` gives (each with
its one-line summary, linked to the clauses that govern it), the end its final phases and
the clauses of its end section, and the board picture.  Which section is which is found by
its title (``PARTS``), or named in mkdocs.yml (``extra.casebook.games.<game>.glance``).
"""

from __future__ import annotations

import re

import jsonschema

from casebook.site import readers, wording
from casebook.site.pictures import turn_graph
from casebook.rulebook import Clause, Game, Section

PAGE = "at-a-glance.md"
# part -> words a section's title holds, tried in turn (the first section that matches, in the features' order)
BOX = r"\b(components|contents|what you must discover)\b"
PARTS = {
    "components": (BOX, r"\b(game idea|goal|object)\b"),
    "setup": (r"\b(setup|set-up|preparation)\b",),
    "end": (r"\b(end of the game|winning)", r"\b(accusation|solv)"),
}


TAUGHT = "glance.yml"  # features/<game>/glance.yml: what the features cannot say of themselves (see read_taught)


class GlanceFileError(ValueError):
    """A glance.yml of the wrong shape: the build stops, naming the game, the key and what it expects."""


def _ids(what: str) -> dict:
    return {"type": "array", "items": {"type": "string", "description": "a clause id"}, "description": what}


def _words(what: str) -> dict:
    return {"type": "object", "additionalProperties": {"type": "string", "description": "words"}, "description": what}


# What read_taught reads, as a JSON Schema: each part's description says what is expected where it fails.
SHAPE = {
    "type": "object",
    "description": "a mapping (you_have, moves, cards...)",
    "properties": {
        "you_have": _ids("a list of clause ids"),
        "box": _ids("a list of clause ids"),
        "setup": _ids("a list of clause ids"),
        "scoring": _ids("a list of clause ids"),
        "moves": _words("{verb: the rulebook's name for the move}"),
        "phases": _words("{phase: what happens there, in players' words}"),
        "picture_words": _words("{a phase, verb or guard in words: the rulebook's words}"),
        "folds": {
            "type": "object",
            "description": "{a fold's title: [clause ids]}",
            "additionalProperties": _ids("a list of clause ids"),
        },
        "card_steps": {
            "type": "object",
            "description": "{a step: [steps of the turn named after a card]}",
            "additionalProperties": {
                "type": "array",
                "items": {"type": "string", "description": "a step"},
                "description": "a list of steps of the turn",
            },
        },
        "cards": {
            "type": "object",
            "description": "{def: a $defs entry of the schema, clauses: {card: clause id}, ...}",
            "properties": {
                "def": {"type": "string", "description": "the name of a $defs entry of the game's schema"},
                "clauses": {
                    "type": "object",
                    "additionalProperties": {
                        "type": ["string", "array"],
                        "items": {"type": "string", "description": "a clause id"},
                        "description": "a clause id or a list of clause ids",
                    },
                    "description": "{card: a clause id or a list of clause ids}",
                },
                "about": {"type": "string", "description": "a line of words"},
                "names": _words("{card: its name for players}"),
                "effects": _words("{card: its effect in plain words}"),
            },
        },
    },
}


KINDS = {str: "text", int: "number", float: "number", bool: "yes or no", list: "list", dict: "mapping"}


def shape_errors(data, where: str) -> list[str]:
    """What in a glance.yml is not of SHAPE, each as ``<where>: <key> is <what it is>; expected <what it should be>``
    (a key's value of null is an empty one, as read_taught reads it)."""
    out = []
    for error in sorted(jsonschema.Draft202012Validator(SHAPE).iter_errors(data), key=lambda e: list(e.path)):
        if error.instance is None and error.path:
            continue
        key = " → ".join(str(k) for k in error.path) or "the file"
        given = f"{KINDS.get(type(error.instance), type(error.instance).__name__)} {error.instance!r}"
        given = given if len(given) <= 60 else given[:57] + "..."
        expected = error.schema.get("description", error.message) if isinstance(error.schema, dict) else error.message
        out.append(f"{where}: {key} is the {given}; expected {expected}")
    return out


def read_taught(root, game: Game, problems: list[str]) -> dict:
    """features/<game>/glance.yml, checked: what a first turn needs that the clauses and the engine's describe answer
    do not give by themselves.  Every key is optional; the words shown are always the clauses' own::

        you_have: [clause ids]          # what a player has in front of them at the start: shown first
        scoring: [clause ids]           # how points are scored, where a move's clauses say it: under the end
        moves: {verb: the rulebook's name for that move}   # moves with one name show as one ("a. Reveal a clue")
        phases: {phase: what happens there, in players' words}  # instead of the engine's summary of the phase
        picture_words: {phase, verb or guard in words: the rulebook's words}  # in players' pictures (turn_mermaid)
        cards: {def: the schema's $defs entry of the cards a player plays, clauses: {card: the clause of its effect},
                about: the line before the list, names: {card: its name for players},
                effects: {card: its effect in plain words, where no clause's title says it}}
        card_steps: {step: [steps of the turn named after a card]}  # said as that step's moves: the cards say them
        box: [clause ids]               # what the box holds, where its section holds rules too (heist's)
        setup: [clause ids]             # the set-up's first steps, in this order (from any section): the rest follow
        folds: {title: [clause ids]}    # a fold of its own under "Before the first turn" (heist's two-seat game)

    A clause id the game lacks is a problem (``--strict`` refuses it) and is left out; so is an effect that cites no
    clause (the words shown must be a clause's, or stand on clauses a reader can open)."""
    data = readers.game_file(root, game, TAUGHT, problems)
    if data is None:
        return {}
    where = f"features/{game.id}/{TAUGHT}"
    wrong = shape_errors(data, where)
    if wrong:  # a value of the wrong kind was read as another (a string as a list of its one id), or crashed
        raise GlanceFileError("\n".join(wrong))
    known = {c.id for c in game.clauses}

    def ids(value, what: str) -> list[str]:
        value = value if isinstance(value, list) else [value]
        unknown = [i for i in value if i not in known]
        if unknown:
            problems.append(f"{where}: {what} names {unknown}, which {game.id} does not have")
        return [i for i in value if i in known]

    cards = data.get("cards") or {}
    effects = {str(k): str(v) for k, v in (cards.get("effects") or {}).items()}
    for card in effects:
        if not ids((cards.get("clauses") or {}).get(card) or [], f"the card {card!r}"):
            problems.append(f"{where}: the effect of the card {card!r} cites no clause of {game.id} (cards.clauses)")
    folds = data.get("folds") or {}
    card_steps = data.get("card_steps") or {}
    return {
        "you_have": ids(data.get("you_have") or [], "you_have"),
        "box": ids(data.get("box") or [], "box"),
        "setup": ids(data.get("setup") or [], "setup"),
        "folds": {str(title): ids(v or [], f"the fold {title!r}") for title, v in folds.items()},
        "card_steps": {
            turn_graph.words(step): [turn_graph.words(s) for s in v]
            for step, v in card_steps.items()
            if isinstance(v, list)
        },
        "scoring": ids(data.get("scoring") or [], "scoring"),
        "moves": {str(k): str(v) for k, v in (data.get("moves") or {}).items()},
        "phases": {str(k): str(v) for k, v in (data.get("phases") or {}).items()},
        "picture_words": {str(k): str(v) for k, v in (data.get("picture_words") or {}).items()},
        "cards": {
            "def": cards.get("def", "card"),
            "clauses": {str(k): ids(v, f"the card {k!r}") for k, v in (cards.get("clauses") or {}).items()},
            "about": str(cards.get("about") or ""),
            "names": {str(k): str(v) for k, v in (cards.get("names") or {}).items()},
            "effects": effects,
        }
        if cards
        else None,
    }


def path(game_id: str) -> str:
    return f"games/{game_id}/{PAGE}"


def section_for(game: Game, part: str, named: dict) -> Section | None:
    wanted = named.get(part)
    if wanted:
        return next((s for s in game.sections if s.slug == wanted), None)
    for pattern in PARTS[part]:
        for s in game.sections:
            # a section mostly of our model (data the rulebook leaves out) teaches a player little
            if re.search(pattern, s.title, re.IGNORECASE) and not wording.model_section(s):
                return s
    return None


def phase_line(p: dict, by_id: dict[str, Clause], said: dict[str, str] | None = None) -> dict:
    """A phase of the set-up, the turn or the end, in a line: its name, what happens there (glance.yml's words where
    it has some, ``said``: Feuerdiamant's "one action a to d" names the four), its first clauses."""
    said = said or {}
    name = turn_graph.words(p["name"])
    summary = said.get(p["name"]) or said.get(name) or wording.GUARD_LABEL.sub("", p.get("summary") or "")
    return {
        "name": name,
        # "unexpected: Unexpected: one, two or three tiles clockwise" says the name twice
        "summary": re.sub(rf"^{re.escape(name)}:\s*", "", summary, flags=re.IGNORECASE),
        "each_round": p.get("each_round", False),
        "cards_say": False,  # the cards' table says this step's moves (cards_in_steps)
        "clauses": [by_id[i] for i in p.get("clauses") or [] if i in by_id][:3],
    }


# Verbs no player chooses: an automatic step, the clock ending a timer (casebook.protocol: CLOCK's "expire").
NOT_CHOSEN = {turn_graph.AUTO, "expire"}
MOVE_CLAUSES = 6  # a move's clauses shown under it: what it does; the rest are a click away


def moves(
    described: dict | None, turn: list[dict], by_id: dict[str, Clause], names: dict[str, str] | None = None
) -> list[dict]:
    """Each phase of the turn where a player chooses, with every move they may choose there and the clauses that say
    what it does: the first turn, move by move, from the describe answer.  A move is named as the rulebook names it
    where glance.yml says (``names``: verb -> name; verbs of one name are one move: Feuerdiamant's "c. Remove an
    obstacle or roadblock"), else by its verb in words.  A move offered again in a later phase (a card played at any
    step, an accusation) is said once, where it first comes: later phases name it, marked ``again``."""
    if not described:
        return []
    names = names or {}
    # a verb chance takes too (Feuerdiamant's draws, pending in any phase) is not a player's move
    chance = {p["name"] for p in described["phases"] if p.get("actor") == "chance"}
    not_chosen = NOT_CHOSEN | {t["verb"] for t in described["transitions"] if t.get("source") in chance}
    out: list[dict] = []
    said_before: dict[str, set[str]] = {}  # a move's name -> the clauses already shown under it
    for phase in turn:
        if phase.get("actor") not in ("player", "players"):
            continue
        verbs: dict[str, list[Clause]] = {}
        for t in described["transitions"]:
            if t.get("source") != phase["name"] or t["verb"] in not_chosen:
                continue
            words = turn_graph.words(t["verb"])
            said = verbs.setdefault(names.get(words) or names.get(t["verb"]) or words, [])
            for i in t.get("clauses") or []:
                c = by_id.get(i)
                if c is not None and c not in said and not wording.modelled(c) and not wording.for_engines(c.text):
                    said.append(c)
        if verbs:
            out.append(
                {
                    "name": turn_graph.words(phase["name"]),
                    "moves": [move_line(v, cs, said_before) for v, cs in verbs.items()],
                }
            )
    return out


def move_line(name: str, clauses: list[Clause], said_before: dict[str, set[str]]) -> dict:
    """A move and the clauses that say what it does; ``again`` when a phase before said all of them already (a
    Bar's "pass" and a Police's "pass" say different things, so both are shown whole)."""
    shown = clauses[:MOVE_CLAUSES]
    again = name in said_before and {c.id for c in shown} <= said_before[name]
    said_before.setdefault(name, set()).update(c.id for c in shown)
    return {"verb": name, "again": again, "clauses": [] if again else shown}


CARD_NUMBER = re.compile(r"\s+(\d+)$")  # "Foot Patrol 001": the number printed on it ("Movement +3" has none)


def cards(schema: dict | None, game: Game, taught: dict | None = None) -> list[dict]:
    """The cards a player plays (the schema's ``$defs`` entry glance.yml names, in its order: Small Detectives' in
    the order they take effect), each with its number and the clause that says what it does: the one glance.yml
    names, else the first clause of the game that begins with the card's name (quoted or not), a rule before a
    ruling.  None when glance.yml names no cards: a game's clue cards (Cluedo's) have no effect to teach."""
    if not taught or not taught.get("cards"):
        return []
    spec = ((schema or {}).get("$defs") or {}).get(taught["cards"]["def"]) or {}
    names = [str(n) for n in spec.get("enum") or []]
    named = taught["cards"]["clauses"]
    by_id = {c.id: c for c in game.clauses}
    ordered = "order they take effect" in str(spec.get("description") or "")
    out = []
    for i, name in enumerate(names):
        base = CARD_NUMBER.sub("", name)
        starts = re.compile(rf"(?:(?i:an?|the) )?\"?{re.escape(base)}\b")
        said = (
            [by_id[c] for c in named.get(name, [])]
            or [c for c in game.clauses if starts.match(c.text) and not c.is_ruling]
            or [c for c in game.clauses if starts.match(c.text)]
        )
        number = CARD_NUMBER.search(name)
        out.append(
            {
                "name": taught["cards"].get("names", {}).get(name) or base,
                "number": (number.group(1) if number else f"{i:03d}" if i else "") if ordered else "",
                "clause": said[0] if said else None,
                # glance.yml's plain words where no clause's title says what the card does (Cluedo's Advantage cards,
                # whose texts the rulebook does not print), with every clause they stand on
                "effect": taught["cards"].get("effects", {}).get(name, ""),
                "clauses": said if name in taught["cards"].get("effects", {}) else said[:1],
            }
        )
    return out


def glance_view(
    game: Game,
    described: dict | None,
    named: dict | None = None,
    schema: dict | None = None,
    taught: dict | None = None,
) -> dict:
    named = named or {}
    taught = taught or {}
    by_id = {c.id: c for c in game.clauses}
    setup, turn, finals = turn_graph.turn_phases(described)
    parts = {part: section_for(game, part, named) for part in PARTS}
    # the box's clauses: glance.yml's box where the section holds rules too (heist's "What you must discover": hiding,
    # dealing, the two-seat game, each said elsewhere on the page), else the components section's
    box = [by_id[i] for i in taught.get("box") or []] or (parts["components"].clauses if parts["components"] else [])
    view = {
        "you_have": [by_id[i] for i in taught.get("you_have", [])],
        "components": parts["components"],
        # a game's goal or idea section stands in for a components list its rulebook does not give: say which it is
        "components_heading": "What is in the box"
        if parts["components"] is None or re.search(BOX, parts["components"].title, re.IGNORECASE)
        else "What the game is about",
        "modelled_components": [c for c in box if wording.modelled(c)] if parts["components"] else [],
        # what the box list says to a player: not our model, not what "What you have" says already
        "box": [c for c in box if not wording.modelled(c) and c.id not in taught.get("you_have", [])],
        "setup_section": parts["setup"],
        "setup_clauses": setup_clauses(parts["setup"], [by_id[i] for i in taught.get("setup", [])]),
        # a fold's clauses of our model (heist's HO-DIS-11, our board's passages) for engine authors, as the box's
        "folds": [
            {
                "title": title,
                "clauses": [by_id[i] for i in ids if not wording.modelled(by_id[i])],
                "modelled": [by_id[i] for i in ids if wording.modelled(by_id[i])],
            }
            for title, ids in (taught.get("folds") or {}).items()
        ],
        "end_section": parts["end"],
        "setup": [phase_line(p, by_id, taught.get("phases")) for p in setup],
        "turn": [phase_line(p, by_id, taught.get("phases")) for p in turn],
        "finals": [phase_line(p, by_id, taught.get("phases")) for p in finals],
        "moves": moves(described, turn, by_id, taught.get("moves")),
        "cards": cards(schema, game, taught),
        "cards_about": (taught.get("cards") or {}).get("about", ""),
        # how points are scored where the moves say it (P.I.'s 7/5/3/1/0 and its penalty), then how the game ends
        "end_clauses": [by_id[i] for i in taught.get("scoring", [])]
        + [c for p in finals for c in phase_clauses(p, by_id)],
    }
    view["cards_ordered"] = any(card["number"] for card in view["cards"])
    said_once(view)
    view["card_rows"] = card_rows(view["cards"])
    # each step of the turn where a player chooses carries its moves: the page folds them under the step's line
    chosen = {phase["name"]: phase["moves"] for phase in view["moves"]}
    for line in view["turn"]:
        line["moves"] = chosen.get(line["name"], [])
    view["turn"] = cards_in_steps(view["turn"], taught.get("card_steps") or {})
    view["any_step"] = any_step([line for line in view["turn"] if line["moves"]])
    # a final's line cites only the clauses the list of the end under it does not say in full
    ending = {c.id for c in view["end_clauses"]}
    for line in view["finals"]:
        line["clauses"] = [c for c in line["clauses"] if c.id not in ending]
    return view


def setup_clauses(section: Section | None, first: list[Clause]) -> list[Clause]:
    """The set-up's steps: glance.yml's first (a step another section says: heist's hiding and deal), then the rest of
    the set-up section's clauses in their order."""
    return first + [c for c in (section.clauses if section else []) if c not in first]


def cards_in_steps(turn: list[dict], card_steps: dict[str, list[str]]) -> list[dict]:
    """The turn's steps, those named after a card (Small Detectives' Unexpected, On Wheels, Disguise, Small Move and
    Telephone Call: five steps that each said their card's effect again, issue 51) said once, as moves of the step
    glance.yml names (where the cards take effect): the cards' table says what each does.  A name that is not a step
    of the turn is an error, not a step quietly kept."""
    if not turn:  # no turn drawn (a site built without the engines' description): nothing to fold
        return turn
    by_name = {line["name"]: line for line in turn}
    gone: set[str] = set()
    for host, steps in card_steps.items():
        unknown = [s for s in [host, *steps] if s not in by_name]
        if unknown:
            raise ValueError(f"{TAUGHT}: card_steps names {unknown}, not steps of the turn ({', '.join(by_name)})")
        line = by_name[host]
        line["moves"] = line["moves"] + [mv for s in steps for mv in by_name[s]["moves"]]
        line["cards_say"] = True
        gone.update(steps)
    return [line for line in turn if line["name"] not in gone]


ANY_STEP = 3  # a move offered at every one of this many steps or more is said once for all of them


def any_step(steps: list[dict]) -> list[dict]:
    """The moves a player may make at every step where they choose (Feuerdiamant's detective cards, heist's notes
    assistant), taken out of each step's line: the page says them once, before the steps, where they otherwise stood
    at each step "(as above)"."""
    if len(steps) < ANY_STEP:
        return []
    common = set.intersection(*({mv["verb"] for mv in step["moves"]} for step in steps))
    # a move that says more at a later step than at the first (not "again" there) keeps its place at each
    common -= {mv["verb"] for step in steps[1:] for mv in step["moves"] if not mv["again"]}
    first = [mv for mv in steps[0]["moves"] if mv["verb"] in common]
    for step in steps:
        step["moves"] = [mv for mv in step["moves"] if mv["verb"] not in common]
    return first


def card_rows(cards: list[dict]) -> list[dict]:
    """The cards as the rows of a table: cards that one clause alone says the effect of share a row (Small Detectives'
    four Foot Patrols, Feuerdiamant's six suspects' cards), in the order their first card comes."""
    rows: list[dict] = []
    by_clause: dict[str, dict] = {}
    for card in cards:
        shared = card["clause"].id if card["clause"] and not card["effect"] else None
        if shared in by_clause:
            by_clause[shared]["cards"].append(card)
            continue
        row = {"cards": [card], "effect": card["effect"], "clause": card["clause"], "clauses": card["clauses"]}
        rows.append(row)
        if shared:
            by_clause[shared] = row
    for row in rows:
        names = [card["name"] for card in row["cards"]]
        # one name for cards of one name ("Foot Patrol ×4"), each name for cards of one effect (the six suspects')
        row["names"] = [names[0] + f" ×{len(names)}"] if len(names) > 1 and len(set(names)) == 1 else names
        row["numbers"] = numbers([card["number"] for card in row["cards"]])
        row["does"] = without_name(row["clause"].text, set(names)) if row["clause"] else ""
    return rows


def without_name(text: str, names: set[str]) -> str:
    """A card's clause as the table's "what it does": its words without the card's name, which the row says beside
    them (issue 51: Feuerdiamant's '"Recall" returns one person card…' under Recall).  The name at the head goes
    ('"Recall" returns…' -> 'returns…', 'A Foot Patrol moves…' -> 'moves…'), and so does an example of a name of the
    row ('A helper's card (such as "Morton"), played…' -> 'A helper's card, played…'); other words stay as written."""
    said = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
    text = re.sub(rf'\s*\(such as "(?:{said})"\)', "", text)
    trimmed = re.sub(rf'^(?:(?i:an?|the)\s+)?"?(?:{said})"?,?\s+', "", text)
    return trimmed if trimmed != text and trimmed else text


def numbers(printed: list[str]) -> str:
    """The numbers of a row's cards as a reader scans them: "001–004" for a run, else each; "first" for a card
    without one that takes effect before all (Shadowing)."""
    if not any(printed):
        return "first" if printed else ""
    values = [int(n) for n in printed]
    if len(values) > 2 and values == list(range(values[0], values[0] + len(values))):
        return f"{printed[0]}–{printed[-1]}"
    return ", ".join(printed)


def said_once(view: dict) -> None:
    """Each clause's words once on the page (issue 51: Cluedo's CD-SET-02 stood under "What you have" and again under
    "Setting up"; a win under the accusation's move and again under "How it ends").  The lists claim their clauses in
    this order: what you have, the cards, the end (the parts the page shows open), then the moves (folded under the
    turn's steps: a move's clause that another list says is left to its link, the end's clauses belong to the end),
    the box and the set-up (folded at the foot of the page).  A later list keeps a clause said before as its id only
    (``told``): the set-up's steps stay numbered, a move still points to what it does."""
    told: set[str] = set()

    def claim(clauses: list[Clause]) -> tuple[list[Clause], list[Clause]]:
        """(the clauses this list says in words, those said before: by their ids only)."""
        words, ids = [], []
        for c in clauses:
            (ids if c.id in told else words).append(c)
            told.add(c.id)
        return words, ids

    claim(view["you_have"])
    claim([card["clause"] for card in view["cards"] if card["clause"] and not card["effect"]])
    ends = view["end_clauses"]
    view["end_clauses"], view["end_told"] = claim([c for i, c in enumerate(ends) if c not in ends[:i]])  # two ends'
    for phase in view["moves"]:
        for move in phase["moves"]:
            move["clauses"], move["told"] = claim(move["clauses"])
    view["components_told"] = {c.id for c in claim(view["box"])[1]}
    view["setup_told"] = {c.id for c in claim(view["setup_clauses"])[1]}
    for fold in view["folds"]:
        fold["told"] = {c.id for c in claim(fold["clauses"])[1]}


def phase_clauses(p: dict, by_id: dict[str, Clause]) -> list[Clause]:
    return [by_id[i] for i in p.get("clauses") or [] if i in by_id]
