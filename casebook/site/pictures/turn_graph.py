"""The turn as a graph, for its pictures (issue 51): which arrows are drawn between which phases and with what
words (a player's or an engine author's: ``verb_label``, ``which_way``), a step many phases take to one said under
the picture instead (``fan_ins``), the phases' order down the page, a phase's side steps (``detours``), and the
phases of the set-up and of the turn (``turn_phases``, ``part_phases``).
"""

from __future__ import annotations

import re
from collections import defaultdict


FAN_IN = 3  # a step from this many phases into one is said under the picture, not drawn
AUTO = "auto"  # the verb of an automatic step: drawn as what makes it happen


def words(name: str) -> str:
    """A phase or verb as words: ``rolling_for_start`` -> ``rolling for start``."""
    return str(name).replace("_", " ")


def label(text: str) -> str:
    """Text safe inside a mermaid label: no quotes, colons, brackets or markup."""
    return re.sub(r"[^\w .,'+\-?!/()]", " ", words(text), flags=re.UNICODE).strip() or "?"


# What a player reads on an arrow for the verbs that are the engine's: an automatic step carries no words
# (its guard, "unless a draw is pending", is the engine author's), the clock's "expire" is time running out.
PLAYER_VERBS = {AUTO: "", "expire": "time runs out"}


def verb_label(t: dict, player: bool = False, said: dict[str, str] | None = None) -> str:
    """A transition's words on its arrow: its verb, or for an automatic step what makes it happen; for a
    player (``player``), no guard and no engine verb: the rulebook's words for it (``said``: glance.yml's
    ``picture_words``, verb in words -> players' words) or PLAYER_VERBS."""
    if player and said and words(t["verb"]) in said:
        return label(said[words(t["verb"])])
    if player and t["verb"] in PLAYER_VERBS:
        return PLAYER_VERBS[t["verb"]]
    if t["verb"] != AUTO:
        return label(t["verb"])
    if t.get("conditions"):
        return label("when " + " and ".join(words(c) for c in t["conditions"]))
    if t.get("unless"):
        return label("unless " + " or ".join(words(c) for c in t["unless"]))
    if t.get("effects"):
        return label("then " + ", ".join(words(e) for e in t["effects"]))
    return "then"


def which_way(t: dict, player: bool = False, said: dict[str, str] | None = None) -> str:
    """What tells apart arrows of one verb that leave one phase for different phases: the guard, in players' words
    for a player (glance.yml's ``picture_words``: ``is duel: Duel, 2 players``); a step without one is the
    fallback, "otherwise" (or the words for ``<verb> otherwise``)."""
    said = said or {}
    if not t.get("conditions"):
        return label(said.get(f"{words(t['verb'])} otherwise", "otherwise"))
    if player:
        return label(" and ".join(said.get(words(c), "when " + words(c)) for c in t["conditions"]))
    return label("when " + " and ".join(words(c) for c in t["conditions"]))


def drawn_edges(
    describe: dict, player: bool = False, said: dict[str, str] | None = None, apart: set[str] | None = None
) -> tuple[dict, dict]:
    """((source, dest) -> labels drawn between them,
    (label, dest) -> sources listed under the picture as one fan-in).

    Two arrows leaving one of the phases ``apart`` (the set-up's) never carry the same words (issue 51: Cluedo's
    "fill case file" twice, with and without the Duel's cards set aside, read as a duplicate): such arrows say which
    way they go (``which_way``)."""
    apart = apart or set()
    edges: dict[tuple[str, str], list[str]] = defaultdict(list)
    fans: dict[tuple[str, str], set[str]] = defaultdict(set)
    moving = [
        t for t in describe["transitions"] if t.get("dest") is not None and t["dest"] != t["source"]
    ]  # the others stay: table only
    ends: dict[tuple[str, str], set[str]] = defaultdict(set)  # (phase, words) -> the phases those words lead to
    for t in moving:
        ends[(t["source"], verb_label(t, player, said))].add(t["dest"])

    def saying(t: dict) -> str:
        words_ = verb_label(t, player, said)
        if (
            t["source"] not in apart or not words_ or len(ends[(t["source"], words_)]) < 2
        ):  # bare arrows (a player's automatic steps) say nothing
            return words_
        way = which_way(t, player, said)
        return way if player or not words_ else f"{words_} {way}"

    for t in moving:
        fans[(saying(t), t["dest"])].add(t["source"])
    for t in moving:
        said_ = saying(t)
        if len(fans[(said_, t["dest"])]) < FAN_IN and said_ not in edges[(t["source"], t["dest"])]:
            edges[(t["source"], t["dest"])].append(said_)
    return edges, {k: v for k, v in fans.items() if len(v) >= FAN_IN}


def fan_ins(describe: dict) -> list[dict]:
    """What the picture leaves to a line under it:
    a step many phases take to one phase (a full hazard track ends the game)."""
    return [
        {"label": said, "dest": words(dest), "count": len(sources), "sources": sorted(words(s) for s in sources)}
        for (said, dest), sources in sorted(drawn_edges(describe)[1].items())
    ]


def loop_backs(describe: dict, edges: dict) -> dict[str, tuple[str, set[str]]]:
    """Phases that later phases lead back into -> (the id of their copy, those phases).

    Every arrow back up the page arrives at a copy of its phase drawn where it ends ("↺ starting
    turn"), so the picture has no cycle: the start is at the top and the turn reads downwards.
    """
    order = drawing_order(describe)
    back: dict[str, set[str]] = defaultdict(set)
    for source, dest in edges:
        if order[dest] <= order[source]:
            back[dest].add(source)
    return {dest: (f"again{n}", sources) for n, (dest, sources) in enumerate(back.items())}


def drawing_order(describe: dict) -> dict[str, int]:
    """Each phase's place down the picture: breadth first from the initial phase along the arrows (the engine's
    order among phases reached at once; the final phases last), so that every phase the play reaches is
    entered by an arrow from above (P.I.'s "refilling", listed before the phase that leads to it, was drawn
    with no arrow in)."""
    names = [p["name"] for p in describe["phases"]]
    given = {n: i for i, n in enumerate(names)}
    out_of: dict[str, list[str]] = defaultdict(list)
    for t in describe["transitions"]:
        if t.get("dest") in given and t.get("source") in given and t["dest"] not in out_of[t["source"]]:
            out_of[t["source"]].append(t["dest"])
    start = describe.get("initial") if describe.get("initial") in given else (names[0] if names else None)
    finals = {p["name"] for p in describe["phases"] if p.get("final")}
    seen, queue = [], [start] if start else []
    while queue:
        here = queue.pop(0)
        if here in seen:
            continue
        seen.append(here)
        queue += sorted((d for d in out_of[here] if d not in seen), key=given.get)
    ordered = [n for n in seen if n not in finals] + [n for n in names if n not in seen and n not in finals]
    ordered += [n for n in names if n in finals]
    return {n: i for i, n in enumerate(ordered)}


DETOURS = 3  # this many phases entered from one phase and leading only back to it: drawn apart, as a sub-diagram


def detours(describe: dict) -> dict[str, list[str]]:
    """Phase -> the phases only it leads into and that lead only back into it (a card's effects), when many."""
    edges, _ = drawn_edges(describe)
    into: dict[str, set[str]] = defaultdict(set)
    out: dict[str, set[str]] = defaultdict(set)
    for source, dest in edges:
        out[source].add(dest)
        into[dest].add(source)
    found: dict[str, list[str]] = defaultdict(list)
    for p in describe["phases"]:
        name = p["name"]
        if not p.get("final") and len(into[name]) == 1 and out[name] and out[name] == into[name]:
            found[next(iter(into[name]))].append(name)
    return {home: side for home, side in found.items() if len(side) >= DETOURS}


SETUP, TURN = "set-up", "turn"  # the two parts a turn with a set-up is drawn in (``drawing``'s ``part``)


def turn_phases(described: dict | None) -> tuple[list[dict], list[dict], list[dict]]:
    """(set-up phases, the turn's phases, final phases) in the engine's order.

    The turn starts at the earliest phase the play comes back to (the target of an arrow back
    up the picture; failing one, a player's phase that loops on itself, never a chance phase
    drawing card after card); the phases before it set the game up.  Where the play comes back
    there only through chance phases that lead to a later target (P.I. seeds the board, deals
    the cases and turns the evidence up at every round, then the turns loop on ``playing``),
    those chance phases set each round up: set-up marked ``each_round``, and the turn starts at
    that later target.
    """
    if not described or not described.get("phases"):
        return [], [], []
    phases = described["phases"]
    order = {p["name"]: i for i, p in enumerate(phases)}
    chance = [p.get("actor") == "chance" for p in phases]
    arrows = [
        (order[t["source"]], order[t["dest"]])
        for t in described["transitions"]
        if t.get("source") in order and t.get("dest") in order
    ]
    back = sorted({d for s, d in arrows if d < s}) or sorted({d for s, d in arrows if d == s and not chance[d]})
    loop = back[0] if back else 0
    start = next((t for t in back[1:] if all(chance[loop:t])), loop)
    playing = [p for p in phases if not p.get("final")]
    setup = [dict(p, each_round=loop <= order[p["name"]] < start) for p in playing if order[p["name"]] < start]
    return setup, [p for p in playing if order[p["name"]] >= start], [p for p in phases if p.get("final")]


def part_phases(describe: dict, part: str) -> tuple[set[str], str]:
    """The phases a part draws, and its title.  The set-up: the phases before the turn comes back
    (turn_phases); the turn: the rest, the final phases with it; "turn k of n": its k-th of n parts in the
    drawing order, the final phases with the last."""
    if isinstance(part, frozenset):  # a phone's part (narrow_pictures): its phases as they are
        return set(part), ""
    setup, turn, finals = turn_phases(describe)
    if not setup and not turn:  # no loop found: the whole is the turn
        turn = [p for p in describe["phases"] if not p.get("final")]
        finals = [p for p in describe["phases"] if p.get("final")]
    if part == SETUP:
        return {p["name"] for p in setup}, "Setting up"
    if part == TURN:
        return {p["name"] for p in turn + finals}, "A turn, and how the game ends"
    order = drawing_order(describe)
    hidden = {d for group in detours(describe).values() for d in group}
    playing = sorted((p["name"] for p in turn if p["name"] not in hidden), key=order.get)
    k, n = (int(w) for w in re.fullmatch(rf"{TURN} (\d+) of (\d+)", part).groups())
    mine = set(playing[-(-(k - 1) * len(playing) // n) : -(-k * len(playing) // n)])
    if k < n:
        return mine, "A turn, first part" if n == 2 else f"A turn, part {k} of {n}"
    last = "second part" if n == 2 else f"part {n} of {n}"
    return mine | {p["name"] for p in finals}, f"A turn, {last}, and how the game ends"


def phase_clauses(describe: dict) -> dict[str, list[str]]:
    """Phase -> the clauses that govern it: its own, and those of the verbs that leave it."""
    out: dict[str, list[str]] = {p["name"]: [] for p in describe["phases"]}
    for item, phase in [(p, p["name"]) for p in describe["phases"]] + [
        (t, t["source"]) for t in describe["transitions"]
    ]:
        for i in item.get("clauses") or []:
            if i not in out[phase]:
                out[phase].append(i)
    return out


def linked_share(describe: dict, clause_ids: list[str]) -> tuple[int, int]:
    """(clauses linked to at least one phase, clauses of the game)."""
    linked = {i for ids in phase_clauses(describe).values() for i in ids}
    return sum(1 for c in clause_ids if c in linked), len(clause_ids)
