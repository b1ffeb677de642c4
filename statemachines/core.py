"""The game kit: every reference game is written the same short way on it.

How to write a game on the kit
==============================

A game is a package ``statemachines/<game>/`` of four files (tests/harness/toy.py is a whole game in 60 lines):

``rules.py`` — the rulebook's facts as data: ``INFO = GameInfo(...)`` (id, title, rulebook file,
    players, options, variants, tag kinds; the site's short name, summary and edition); ``NAMES`` (every named thing:
    ``{"suspect": (SUSPECTS, "the six suspects")}``; ``"player"``: the fixed seat names, or ``None``
    for free names); counts, the board, decks; ``BOARD`` (for ``describe``: locations with ``x``,
    ``y`` layout hints in 0..1, and paths); ``FACTS`` (data a player reads off the components).
    Whatever the rulebook does not give is a model, marked ``@ruling``.

``machine.py`` — the turn as tables (data only):
    ``STATES``       ``[{"name", "actor": player|players|chance|clock|None, "summary"[, "clauses"][, "final"]}]``,
                     the first is the initial phase; a final phase is named by its result ("won").
    ``PHASE_CLAUSES`` ``{phase: [clause ids]}`` below the tables: the clauses each phase cites, where they would
                     push its row past the page (a phase's own ``"clauses"`` wins).
    ``TRANSITIONS``  transitions rows ``{"trigger", "source", "dest", "conditions", "unless",
                     "before", "after", "clauses"}``.  The trigger IS the action type a player (or
                     chance, or the clock) sends; the callbacks named in the row are its effects;
                     for one trigger the first row whose guards hold wins (row order is meaning).
                     Rows with trigger ``AUTO`` are automatic phase changes (boardgame.io's
                     ``endIf``/``next``): after every move the first AUTO row of the current phase
                     whose guards hold fires, and again, until none does.  ``dest: None`` stays.
    ``ACTIONS``      ``{trigger: ("what it does", {field: spec})}`` (``OneOf({...}, {...})`` for
                     alternative field sets); ``EVENTS`` ``{type: ("what happened", {field: spec})}``.
    ``STATE``        ``{field: spec}``: the canonical state besides game/options/players/phase.
                     Common keys: ``current`` (whose turn), ``outcome`` (``{"result": <final phase>,
                     "winners": [...]}`` or null), ``secret`` (nobody sees it) and ``private``
                     (``PerPlayer({...})``, each player their own slot); secrets live only there.
    ``INVENTORY``    ``{kind: ({name: count}, ["path.*.to", ...])}``: every component and where it
                     may lie (casebook.schemas.count); load() and random play both check it.
    Specs are the small language of ``statemachines.schemas`` (names, int, [T], {...}, PerPlayer...).

``engine.py`` — one ``Game`` subclass naming those tables, with:
    ``setup()``            fill ``self.s`` (the canonical state itself, a plain dict) for ``new``;
    ``options_<trigger>()`` who may send the trigger now, with which fields: ``offer(actor, [fields])``,
                           ``chance(outcomes[, weights])``, ``chance_by_count(field, pile)``;
                           ``@memo(key)`` caches a big list that depends only on ``key(self)``; a
                           trigger without fields and without options is the current player's;
    ``triggers()``         optional: narrow the verbs open in this phase (a pending draw interrupts);
    guards             pure methods ``(actor, action) -> bool`` named in rows;
    callbacks          ``(actor, action)`` named in rows: mutate ``self.s``, ``self.emit(type, **fields)``;
    ``derive()``       optional: recompute fields that follow from others (counts) after each move and load;
    ``check()``        optional: what the specs cannot say about a loaded state (raise BadRequest);
    ``check_options(options)`` optional classmethod: rules across options (the Duel is for 2).

Hooks: what a game may define to grow the kit, never overriding a private method (tests/harness/parlour.py is a
toy that uses every one):
    ``normalise_options(cls, options)`` classmethod: options across fields filled in before the kit checks them
                           (the heist tutorial seats its bots); return ``super().normalise_options(options)``;
    ``engine_plays(actor, moves)`` the move the engine makes for a seat it plays (a bot), or None for a person:
                           asked whenever one player alone acts, and ``legal()`` lists only that move;
    ``public_log``, ``unlogged`` a state key whose list keeps the public part of every event (a case log), and the
                           event types kept out of it;
    ``roll_pips(dice)``    what a roll counts in the roll-off for the first turn (default: the sum).
Helpers for mechanics several rulebooks share, on every table:
    ``others_from_the_left(player)``, ``first_holder(named, hand)`` the question round: from the current player's
                           left, who passed and the first holding a named card;
    the roll-off on ``start_waiting``/``start_rolls``: ``decides_start`` (a guard for the row that ends it),
                           ``start_roll(dice)``, ``start_ties()``, ``start_winner()``; ``roll_off_problem`` for check().

``__init__.py`` — ``def make_engine(): return Engine(TheGame)`` (the registry's only import).
Then ``casebook regenerate`` writes casebook/schemas/<game>.json (``python -m statemachines.schemas``), which steps and
tests read, and the positions and perft counts generated from the engine.  ``casebook new-game`` starts a game.

Timers and sealed choices
-------------------------
* A timer: while it runs, ``options_expire()`` returns ``offer(CLOCK, [{"timer": "answer"}])`` beside
  the players' moves; the ``expire`` row's callback does what running out means.  Never read the clock.
* Sealed simultaneous choices: a phase with ``"actor": "players"``; ``options_choose()`` offers every
  player who has not chosen yet; the callback keeps the choice in ``private[player]`` and only *that*
  they chose in public (``"chosen": [...]``); an AUTO row leaves the phase once all have chosen, its
  callback revealing every choice at once, in the rulebook's order, with one event.

What the kit does once, for every game
--------------------------------------
* ``new``/``load``: options checked strictly against their spec (``2.0`` is no integer), a state
  checked against its spec, its players, its inventory, its outcome, the game's ``check()``, and
  playability: a non-final phase must offer a move, and the first listed move of every type must
  apply without error (on a copy).
* ``legal()``: the options of the triggers leaving the current phase, sorted by (actor, canonical
  JSON), computed once per position; ``apply()`` accepts exactly a listed move, fires its trigger
  (the row's guards pick the row, its callbacks are the effect), then the AUTO rows, then
  ``derive()``.  An error inside a move restores the table and is reported as an internal error; so is a
  move that leaves the state exactly as it was (``STANDS_STILL``: it would be offered again for ever).
* ``view(player)``: the state without ``secret`` and with only the viewer's ``private`` slot.
* ``describe()`` (the site draws the turn from it), ``hello`` facts and the JSON Schema come from the same tables.
* One ``transitions`` Machine per game, shared by every table without registering them
  (``Machine.models`` would make new()/close() linear in the open tables).
"""

from __future__ import annotations

import marshal
from dataclasses import dataclass, field
from functools import wraps
from operator import itemgetter
from typing import Any, Callable, Iterable

from transitions import Machine

from casebook import schemas as published
from casebook.errors import BadRequest, IllegalAction, NotYourTurn, Unsupported
from casebook.protocol import CHANCE, CLOCK, canonical  # canonical: legal()'s move keys
from casebook.readonly import ReadOnlyDict, plain, read_only

from . import schemas as S

AUTO = "auto"  # the trigger of automatic rows; never an action
MAX_AUTO = 100  # automatic rows firing more often than this after one move is a loop: an engine bug
# A move changes the game.  The state is complete (load(state()) rebuilds the table) and legal() reads only it, so a
# move that leaves it as it was leaves the same position offering the same move again: a deal that deals no card, a
# roll recorded nowhere, would be chance's move for ever.  No rulebook move does nothing (a pass hands on the turn,
# a roll is recorded, a card moves), so the kit refuses such a move as an engine error instead of playing it.
STANDS_STILL = "every move changes the state, or the same position would offer it for ever (an engine bug)"


@dataclass(frozen=True)
class Option:
    """One option of ``new``: its spec, its default and what it means."""

    spec: Any
    default: Any
    doc: str


@dataclass(frozen=True)
class GameInfo:
    """The facts every game states the same way (``hello`` and the site read them)."""

    id: str
    title: str
    rulebook: str  # the file in shared/rulebooks
    players: tuple[int, int]  # fewest, most
    default_players: tuple[str, ...]
    player_names: tuple[str, ...] | None = None  # fixed seat names, or None for free names
    variants: tuple[str, ...] = ()  # the first is the default
    options: dict[str, Option] = field(default_factory=dict)  # besides players and variant
    tag_kinds: tuple[str, ...] = ()  # the Gherkin tags of this game besides clause ids
    optional: tuple[str, ...] = ()
    declines: tuple[str, ...] = ()
    # What the site says of the game (the only place these are kept; the schema publishes them under "game"):
    short: str = ""  # its short name: typed whole in the site's search, it scopes the search to the game
    summary: str = ""  # one line on the home page
    edition: str = ""  # the rulebook's edition, for the reader holding it: authors, publisher, year, language


LOADABLE_KEPT = (
    256  # load() remembers this many accepted states: a suite loads the same dealt positions again and again
)


class InternalError(RuntimeError):
    """A listed move that failed inside the engine: a bug, reported as ``internal_error``; the table is restored."""


def json_copy(value: Any) -> Any:
    """A deep copy of plain JSON (marshal: C speed, ~2x the recursive copy).  A list held twice in ``value`` is
    held twice in the copy too (marshal keeps references): the kit's own snapshots of its own tables."""
    return marshal.loads(marshal.dumps(value))


def independent_copy(value: Any) -> Any:
    """A deep copy of plain JSON that shares nothing, even where ``value`` held one list twice (marshal's version 2
    writes no references): what leaves the kit (``state()``) and what comes into it (``load()``)."""
    return marshal.loads(marshal.dumps(value, 2))


# -- building options -------------------------------------------------------------------
def offer(actor: str, choices: Iterable[dict] = ({},)) -> list[tuple]:
    """Moves of one actor: one per dict of fields (default: one move without fields)."""
    return [(actor, fields, None) for fields in choices]


def chance(outcomes: Iterable[dict], weights: Iterable[float] | None = None) -> list[tuple]:
    """Chance moves, uniform or weighted; the kit makes the probabilities sum to 1."""
    outcomes = list(outcomes)
    weights = [1.0] * len(outcomes) if weights is None else list(weights)
    total = float(sum(weights))
    return [(CHANCE, o, w / total) for o, w in zip(outcomes, weights) if w]


def chance_by_count(field: str, counts: dict) -> list[tuple]:
    """Chance draws ``{field: name}`` from a pile of ``{name: how many}``, each as likely as its count."""
    names = [n for n in sorted(counts) if counts[n]]
    return chance(({field: n} for n in names), [counts[n] for n in names])


def offered_when(test: Callable[[Any], bool]):
    """An ``options_<trigger>``: the current player's move without fields, while ``test(table)`` holds."""
    return lambda self: offer(self.current) if test(self) else []


def guard(test: Callable[[Any], bool]):
    """A guard that reads only the table (most do): ``a_draw_is_pending = guard(lambda g: bool(g.s["draws"]))``."""
    return lambda self, actor, action: test(self)


def roll_off_problem(state: dict, players: list[str], phase: str, before: tuple[str, ...], rolling: str) -> str | None:
    """What is wrong with a loaded state's roll-off for the first turn (``start_waiting``, ``start_rolls``), or None.

    Before ``rolling`` (in the phases ``before``) everybody waits, in seating order, and nobody has rolled; while
    rolling, those still to roll are players in seating order; after it nobody waits (a game may keep the rolls).
    Random play relies on it: ``decides_start`` reads the last waiting player's roll (issue 27, F4)."""
    waiting, rolls = state["start_waiting"], state["start_rolls"]
    if phase in before:
        return (
            None
            if waiting == list(players) and not rolls
            else f"before {rolling} everybody waits to roll, in seating order"
        )
    if phase == rolling:
        in_order = [p for p in players if p in waiting]
        return None if waiting and waiting == in_order else f"{rolling} needs players still to roll, in seating order"
    return None if not waiting else f"after {rolling} nobody waits to roll"


class Built(list):
    """Moves already built and sorted (what @memo caches), with what legal() and apply() read of them, made once:
    a big list (P.I.'s 1,680 solutions) is handed out as the same read-only moves, never sorted or keyed again."""

    def __init__(self, entries):
        super().__init__(entries)
        self.moves = [m for _, m in self]
        self.keys = frozenset(k for k, _ in self)
        self.actors = frozenset(k[0] for k in self.keys)


def memo(key: Callable[[Any], Any]):
    """Cache an ``options_<trigger>`` whose moves depend only on ``key(self)``: built and sorted once."""

    def decorate(fn):
        trigger = fn.__name__.removeprefix("options_")
        cache: dict = {}

        @wraps(fn)
        def cached(self):
            k = key(self)
            built = cache.get(k)
            if built is None:
                built = cache[k] = Built(sorted(_entries(trigger, fn(self), met=None), key=_first))
            return built

        return cached

    return decorate


_first = itemgetter(0)  # an entry's key, what legal()'s order sorts by (no Python call per entry)


# Moves met before, by what they are made of: a read-only move is the same JSON wherever it is listed, so a position
# reuses the entry (key and move) an earlier one built, at any table: a position's moves cost a lookup each, not a
# canonical key and two dicts.  The name is the option's marshal bytes (version 2: no back-references, ~0.35 µs
# against ~0.65 for a tuple of typed fields): marshal spells each type apart, as JSON must (1, 1.0 and True are equal
# in Python), and a roll's list of dice is named too.  The same value may get two names (a string interned or not):
# a second entry, never a wrong one.  Forgotten all at once when full (~1 KiB an entry): a cache, never a leak.
# @memo's lists keep their own.
_MET: dict = {}
MET_KEPT = 20_000


def _entries(trigger: str, options, met: dict | None = _MET) -> list[tuple]:
    """(key, move) of each option, the move read-only: legal() hands out these very moves."""
    out = []
    for actor, fields, p in options:
        try:
            name = None if met is None else marshal.dumps((trigger, actor, p, fields), 2)
        except ValueError:  # not plain data (a dict subclass among the fields): built each time
            name = None
        entry = None if name is None else met.get(name)
        if entry is None:
            entry = _entry(trigger, actor, fields, p)
            if name is not None:
                if len(met) >= MET_KEPT:
                    met.clear()
                met[name] = entry
        out.append(entry)
    return out


def _entry(trigger: str, actor: str, fields: dict, p) -> tuple:
    action = {"type": trigger, **fields}
    key, action = canonical(action), read_only(action)
    return (actor, key), ReadOnlyDict(actor=actor, action=action) if p is None else ReadOnlyDict(
        actor=actor, action=action, p=p
    )


def _listify(value) -> list:
    if value is None:
        return []
    return list(value) if isinstance(value, (list, tuple)) else [value]


# -- the game -------------------------------------------------------------------------------
class Game:
    """One table.  Subclasses are data plus guards, callbacks and ``options_<trigger>``: see the module doc."""

    info: GameInfo
    names: dict  # rules.NAMES
    phases: list[dict]  # machine.STATES: the phases
    transitions: list[dict]  # machine.TRANSITIONS
    actions: dict  # machine.ACTIONS
    events: dict  # machine.EVENTS
    state_fields: dict  # machine.STATE
    inventory: dict = {}  # machine.INVENTORY
    phase_clauses: dict = {}  # machine.PHASE_CLAUSES: {phase: [clause ids]}, where a phase's row would pass page width
    board: dict | None = None  # the modelled board for describe(): {"locations": [...], "paths": [...]}
    public_log: str | None = None  # a state key: a list that keeps the public part of every event (a case log)
    unlogged: tuple = ()  # event types that stay out of the public log
    facts: dict = {}  # rules data a player reads off the components (published in the schema's "facts")

    machine: Machine
    _triggers: dict[str, tuple[str, ...]]
    _auto_phases: frozenset

    def __init_subclass__(cls, **kw):
        super().__init_subclass__(**kw)
        if "transitions" not in cls.__dict__:
            return
        names = [p["name"] for p in cls.phases]
        cls.initial = names[0]
        cls.final_phases = frozenset(p["name"] for p in cls.phases if p.get("final"))
        cls.machine = Machine(
            model=None,
            states=[{"name": p["name"], "final": bool(p.get("final"))} for p in cls.phases],
            transitions=[{k: v for k, v in row.items() if k != "clauses"} for row in cls.transitions],
            initial=cls.initial,
            model_attribute="phase",  # ``state`` is the protocol's call, not the phase
            auto_transitions=False,  # only the rulebook's verbs are triggers
            send_event=False,
            ignore_invalid_triggers=False,
        )
        triggers: dict[str, list[str]] = {n: [] for n in names}
        for trigger, event in cls.machine.events.items():
            for source in event.transitions:
                if trigger != AUTO:
                    triggers[source].append(trigger)
        cls._triggers = {n: tuple(sorted(t)) for n, t in triggers.items()}
        cls._auto_phases = (
            frozenset(cls.machine.events[AUTO].transitions) if AUTO in cls.machine.events else frozenset()
        )
        cls._verify_tables()
        cls._name_sets = {n: frozenset(v) for n, (v, _) in cls.names.items() if v is not None}
        cls._check_state = S.checker(cls.state_spec(), cls._name_sets)
        cls._check_options = S.checker(cls.options_spec(), cls._name_sets)
        cls._check_action = {t: S.checker(S.typed(t, f), cls._name_sets) for t, (_, f) in cls.actions.items()}
        cls._loadable = {}  # states load() accepted, as marshal bytes (oldest first)
        cls._plays_seats = cls.engine_plays is not Game.engine_plays  # only games with bots pay for asking

    @classmethod
    def _verify_tables(cls) -> None:
        """Loud at import: every named guard and callback exists, every trigger has options and an action spec."""
        problems = [
            f"PHASE_CLAUSES names no phase {n}" for n in set(cls.phase_clauses) - {p["name"] for p in cls.phases}
        ]
        for row in cls.transitions:
            for key in ("conditions", "unless", "before", "after"):
                problems += [
                    f"row {row['trigger']}: no method {n}"
                    for n in _listify(row.get(key))
                    if not callable(getattr(cls, n, None))
                ]
        for trigger in {t for ts in cls._triggers.values() for t in ts}:
            if trigger not in cls.actions:
                problems.append(f"trigger {trigger} has no ACTIONS entry")
            elif not callable(getattr(cls, f"options_{trigger}", None)):
                if cls.actions[trigger][1]:
                    problems.append(f"trigger {trigger} takes fields but has no options_{trigger}()")
                setattr(cls, f"options_{trigger}", Game.options_of_the_current_player)
        if problems:
            raise TypeError(f"{cls.__name__}: " + "; ".join(problems))

    # -- specs of the protocol's JSON (the schema generator and load() share them) ------------
    @classmethod
    def options_fields(cls) -> dict[str, Option]:
        info = cls.info
        players = S.ListOf("player", info.players[0], info.players[1], unique=True)
        fields = {
            "players": Option(
                players, list(info.default_players), f"{info.players[0]} to {info.players[1]} players, in seating order"
            )
        }
        if info.variants:
            fields["variant"] = Option(
                S.Enum(*info.variants), info.variants[0], "the variant played: " + ", ".join(info.variants)
            )
        return {**fields, **info.options}

    @classmethod
    def options_spec(cls) -> S.Spec:
        return S.Obj({name: (o.spec, o.doc) for name, o in cls.options_fields().items()})

    @classmethod
    def state_spec(cls) -> S.Spec:
        return S.Obj(
            {
                "game": S.Const(cls.info.id),
                "options": (cls.options_spec(), "the options this table was started with, defaults filled in"),
                "players": (S.ListOf("player", *cls.info.players, unique=True), "the players in seating order"),
                "phase": (S.Enum(*[p["name"] for p in cls.phases]), "the machine's phase (see 'phases')"),
                **cls.state_fields,
            }
        )

    @classmethod
    def view_spec(cls) -> S.Spec:
        fields = {k: v for k, v in cls.state_fields.items() if k.rstrip("?") != "secret"}
        for key in [k for k in fields if k.rstrip("?") == "private"]:
            slot = S.spec(fields[key])
            slot = slot.inner if isinstance(slot, S.Doc) else slot
            fields[key] = (S.MapOf("player", slot.value), "the viewer's own slot only")
        return S.Obj(
            {
                **{
                    k: v
                    for k, v in S.spec(cls.state_spec()).fields.items()
                    if k in ("game", "options", "players", "phase")
                },
                **fields,
            }
        )

    @classmethod
    def schema(cls) -> dict:
        return S.game_schema(cls)

    @classmethod
    def phase_table(cls) -> list[dict]:
        return [
            {
                "name": p["name"],
                "parent": p.get("parent"),
                "final": bool(p.get("final")),
                "actor": p.get("actor"),
                "summary": p.get("summary", ""),
                "clauses": list(p.get("clauses", cls.phase_clauses.get(p["name"], []))),
            }
            for p in cls.phases
        ]

    @classmethod
    def inventory_table(cls) -> dict:
        return {kind: {"count": dict(count), "at": list(paths)} for kind, (count, paths) in cls.inventory.items()}

    @classmethod
    def describe(cls) -> dict:
        rows = []
        for row in cls.transitions:
            for source in _listify(row["source"]):
                rows.append(
                    {
                        "verb": row["trigger"],
                        "source": source,
                        "dest": row.get("dest") or source,
                        "conditions": _listify(row.get("conditions")),
                        "unless": _listify(row.get("unless")),
                        "effects": _listify(row.get("before")) + _listify(row.get("after")),
                        "clauses": list(row.get("clauses", [])),
                    }
                )
        return {
            "game": cls.info.id,
            "title": cls.info.title,
            "initial": cls.initial,
            "phases": cls.phase_table(),
            "transitions": rows,
            "board": cls.board,
        }

    # -- a table -------------------------------------------------------------------------------
    def __init__(self, s: dict):
        self.s = s
        self._parts: list | None = None  # the listed moves as sorted runs, as _sorted_parts built them
        self._keys: list | None = None  # the key sets of the listed moves: apply() looks an action up in them
        self._events: list[dict] = []

    @property
    def phase(self) -> str:
        return self.s["phase"]

    @phase.setter
    def phase(self, value: str) -> None:  # transitions sets the phase here
        self.s["phase"] = value

    @property
    def players(self) -> list[str]:
        return self.s["players"]

    @property
    def current(self) -> str | None:
        """Whose turn it is: the state's common key ``current`` (a game without turns need not have it)."""
        return self.s.get("current")

    # hooks a game may override
    def setup(self) -> None:  # pragma: no cover - every game has one
        raise NotImplementedError

    def derive(self) -> None:
        pass

    def check(self) -> None:
        pass

    @classmethod
    def check_options(cls, options: dict) -> None:
        pass

    def triggers(self) -> tuple[str, ...]:
        """The verbs open now: the current phase's; a game may narrow them (a pending draw interrupts a phase)."""
        return self._triggers[self.phase]

    def options_of_the_current_player(self):
        """The default options of a verb without fields: the current player may send it."""
        return offer(self.s["current"])

    def emit(self, kind: str, **fields) -> None:
        """Record an event of this move; with ``public_log`` set, its public part goes into that list of the state."""
        self._events.append({"type": kind, **fields})
        if self.public_log is not None and kind not in self.unlogged:
            # a copy: the log never shares a list with the rest of the state (issue 27, F10)
            self.s[self.public_log].append(
                json_copy({"type": kind, **{k: v for k, v in fields.items() if k not in ("private", "secret")}})
            )

    def engine_plays(self, actor: str, moves: list[dict]) -> dict | None:
        """Hook: the move the engine makes for a seat it plays itself (a bot), one of ``moves``; None for a person.
        Asked whenever one player alone is to act; ``legal()`` then lists only that move."""
        return None

    # -- helpers for mechanics several rulebooks share -------------------------------------------
    def others_from_the_left(self, player: str) -> list[str]:
        """Everybody else, starting with the player to the left of ``player`` (clockwise)."""
        i = self.players.index(player)
        return self.players[i + 1 :] + self.players[:i]

    def first_holder(self, named: set, hand: Callable[[str], list]) -> tuple[list[str], str | None]:
        """The question round: from the current player's left, the players who hold none of ``named`` (passed) and
        the first who holds one (or None): Cluedo's and the heist game's question alike."""
        passed = []
        for other in self.others_from_the_left(self.current):
            if named.intersection(hand(other)):
                return passed, other
            passed.append(other)
        return passed, None

    # The roll-off for the first turn, on the state's ``start_waiting`` (who still rolls, in order) and ``start_rolls``
    # (the rolls of those still in the running): everybody rolls in turn, the tied highest roll again.
    def roll_pips(self, dice: list) -> int:
        """Hook: what a roll counts in the roll-off (Cluedo's question mark counts one)."""
        return sum(dice)

    def decides_start(self, actor, action) -> bool:
        """Guard: this roll is the last of its round and, with the rolls before it, one total alone is the highest."""
        waiting = self.s["start_waiting"]
        if len(waiting) > 1:
            return False
        totals = [self.roll_pips(d) for d in dict(self.s["start_rolls"], **{waiting[0]: action["dice"]}).values()]
        return totals.count(max(totals)) == 1

    def start_roll(self, dice: list) -> str:
        """Record the next player's roll-off roll; who rolled."""
        roller = self.s["start_waiting"].pop(0)
        self.s["start_rolls"][roller] = dice
        return roller

    def start_ties(self) -> list[str]:
        """After the round's last roll: the players tied for the highest, who roll again (none while the round runs)."""
        s = self.s
        if s["start_waiting"]:
            return []
        best = max(self.roll_pips(d) for d in s["start_rolls"].values())
        s["start_waiting"] = [
            p for p in self.players if p in s["start_rolls"] and self.roll_pips(s["start_rolls"][p]) == best
        ]
        s["start_rolls"] = {p: s["start_rolls"][p] for p in s["start_waiting"]}  # the others' old rolls no longer count
        return list(s["start_waiting"])

    def start_winner(self) -> str:
        """The one highest roll-off total: who starts (nobody waits any more)."""
        rolls = self.s["start_rolls"]
        best = max(self.roll_pips(d) for d in rolls.values())
        self.s["start_waiting"] = []
        return next(p for p, dice in rolls.items() if self.roll_pips(dice) == best)

    # -- new and load --------------------------------------------------------------------
    @classmethod
    def normalise_options(cls, options) -> dict:
        if type(options) is not dict:
            raise BadRequest(f"options must be an object, got {options!r}")
        if cls.info.variants and "variant" in options and options["variant"] not in cls.info.variants:
            raise Unsupported(f"no variant {options['variant']!r}; variants are {list(cls.info.variants)}")
        full = {name: json_copy(o.default) for name, o in cls.options_fields().items()}
        full.update(options)
        cls._check_options(full, None, "options")
        cls.check_options(full)
        return full

    @classmethod
    def new(cls, options) -> "Game":
        options = cls.normalise_options(options)
        table = cls(
            {"game": cls.info.id, "options": options, "players": list(options["players"]), "phase": cls.initial}
        )
        table.setup()
        table.derive()
        return table

    @classmethod
    def load(cls, state) -> "Game":
        """A table from a canonical state, or BadRequest: only states that can be played are accepted."""
        if type(state) is not dict or state.get("game") != cls.info.id:
            raise BadRequest(f"not a {cls.info.id} state")
        try:
            known = marshal.dumps(state, 2)  # version 2: no references, so the table built from it shares nothing
        except (ValueError, TypeError):  # not plain JSON: the checks below say what is wrong
            known = None
        if known in cls._loadable:  # these very bytes passed every check below before: loading is pure
            table = cls(marshal.loads(known))  # version 2 bytes: nothing shared
            table.derive()
            return table
        options, players = state.get("options"), state.get("players")
        cls._check_options(options, None, "$.options")
        cls.check_options(options)
        if players != options["players"]:
            raise BadRequest("$.players must be options.players")
        cls._check_state(state, players)
        problems = published.inventory_problems(cls.inventory_table(), state)
        if problems:
            raise BadRequest("the components do not add up: " + "; ".join(problems[:3]))
        # a caller's state holding one list twice must not become a table that does (version 2 bytes share nothing)
        table = cls(marshal.loads(known) if known is not None else independent_copy(state))
        table.derive()
        outcome, final = state.get("outcome"), state["phase"] in cls.final_phases
        if "outcome" in state and ((outcome is None) == final or (outcome and outcome.get("result") != state["phase"])):
            raise BadRequest("$.outcome is set exactly when the game has ended, and its result is the final phase")
        table.check()
        table._check_playable()
        if known is not None:
            if len(cls._loadable) >= LOADABLE_KEPT:
                cls._loadable.pop(next(iter(cls._loadable)))
            cls._loadable[known] = None
        return table

    def _check_playable(self) -> None:
        if self.phase in self.final_phases:
            return
        try:
            parts = self._sorted_parts()
        except Exception as exc:  # a state the rules cannot continue from
            raise BadRequest(
                f"this state cannot be played: legal() fails in phase {self.phase}: {type(exc).__name__}: {exc}"
            ) from None
        if not parts:
            raise BadRequest(f"this state cannot be played: nobody can act in phase {self.phase}")
        firsts: dict = {}  # the first listed move of each type
        for part in parts:
            for _, m in (
                part[:1] if isinstance(part, Built) else part
            ):  # a memo's list is one trigger's: its first is enough
                firsts.setdefault(m["action"]["type"], m)
        for move in firsts.values():
            try:
                type(self)(json_copy(self.s))._fire(move["actor"], plain(move["action"]))
            except Exception as exc:  # a listed move the engine cannot carry out
                raise BadRequest(
                    f"this state cannot be played: {canonical(move)} fails: {type(exc).__name__}: {exc}"
                ) from None

    # -- the protocol calls ------------------------------------------------------------------
    def state(self) -> dict:
        return independent_copy(self.s)  # F10: a caller editing one part of it edits nothing else

    def view(self, player: str | None) -> dict:
        if player is not None and player not in self.players:
            raise BadRequest(f"no player {player!r} at this table; players are {self.players}")
        shown = {k: v for k, v in self.s.items() if k not in ("secret", "private")}
        if "private" in self.s:
            mine = self.s["private"].get(player) if player is not None else None
            shown["private"] = {player: mine} if mine is not None else {}
        return json_copy(shown)

    def legal(self) -> dict:
        moves, actors = [], set()
        for part in self._sorted_parts():
            if isinstance(part, Built):
                moves += part.moves
                actors |= part.actors
            else:
                moves += [m for _, m in part]
                actors.update(k[0] for k, _ in part)
        return {"to_act": sorted(actors), "moves": moves}

    def close(self) -> None:
        pass  # nothing registered anywhere: the host forgets the table

    def apply(self, actor, action) -> list[dict]:
        if type(actor) is not str or not (actor in (CHANCE, CLOCK) or actor in self.players):
            raise BadRequest(f"no actor {actor!r} at this table; actors are {self.players + [CHANCE, CLOCK]}")
        if type(action) in (dict, ReadOnlyDict):
            try:
                action = plain(action)  # legal()'s moves are read-only; the table keeps a plain copy of its own
            except RecursionError:
                raise BadRequest("the action nests deeper than any action of this game") from None
        if type(action) is not dict or type(action.get("type")) is not str:
            raise BadRequest(f'an action is an object with a "type", got {action!r}')
        check = self._check_action.get(action["type"])
        if check is None:
            raise BadRequest(f"no action of type {action['type']!r}; types are {sorted(self.actions)}")
        check(action, self.players, "action")
        if not self._sorted_parts():
            raise IllegalAction("the game is over")
        if self._keys is None:
            self._keys = [p.keys if isinstance(p, Built) else frozenset(k for k, _ in p) for p in self._sorted_parts()]
        key = (actor, canonical(action))
        if not any(key in keys for keys in self._keys):
            actors = {k[0] for keys in self._keys for k in keys}
            if actor not in actors:
                raise NotYourTurn(f"{actor} may not act now; waiting for {', '.join(sorted(actors))}")
            raise IllegalAction(self._why_illegal(actor, action))
        return self._perform(actor, action)

    # -- the kit's machinery -----------------------------------------------------------------
    def _seat_played(self, parts: list) -> list:
        """Where one player alone acts and the engine plays that seat, only the move it chooses (``engine_plays``);
        else the runs as they were (a memo's Built kept whole: a bot game's chance moves too)."""
        actors = set().union(*(p.actors if isinstance(p, Built) else {k[0] for k, _ in p} for p in parts))
        actor = next(iter(actors)) if len(actors) == 1 else None
        if actor is None or actor in (CHANCE, CLOCK):
            return parts
        entries = [e for part in parts for e in part]
        pick = self.engine_plays(actor, [m for _, m in entries])
        if pick is None:
            return parts
        narrowed = [e for e in entries if e[1] is pick]
        return [narrowed] if narrowed else []

    def _sorted_parts(self) -> list:
        """The listed moves as sorted runs, one after another, computed once per position: each trigger's run (a memo's
        Built kept whole, never copied into a longer list: P.I.'s 1,680 solutions), or one run where runs interleave
        or the engine plays the seat (``engine_plays`` narrows the moves)."""
        if self._parts is None:
            triggers = self.triggers()
            parts = [
                b if isinstance(b, Built) else sorted(_entries(t, b), key=_first)
                for t, b in zip(triggers, (getattr(self, "options_" + t)() for t in triggers))
            ]
            parts = sorted((p for p in parts if p), key=lambda p: p[0][0])
            if not all(a[-1][0] < b[0][0] for a, b in zip(parts, parts[1:])):  # runs that interleave: merged into one
                parts = [sorted((e for part in parts for e in part), key=_first)]
            if self._plays_seats and parts:
                parts = self._seat_played(parts)
            self._parts = parts
        return self._parts

    def _why_illegal(self, actor: str, action: dict) -> str:
        if action["type"] not in self.triggers():
            now = ", ".join(self.triggers()) or "nothing"
            return f"no {action['type']} in phase {self.phase}; now: {now}"
        return f"{actor} may not {canonical(action)} now (phase {self.phase})"

    def _perform(self, actor: str, action: dict) -> list[dict]:
        """Fire a listed move; restore everything if the engine fails, or if the move changed nothing."""
        snapshot = json_copy(self.s)
        try:
            self._fire(actor, action)  # apply() made it a copy of the caller's
            if self.s == snapshot:
                raise InternalError(
                    f"{actor}'s {canonical(action)} changed nothing in phase {self.phase}: {STANDS_STILL}"
                )
        except Exception as exc:
            self.s, self._events, self._parts, self._keys = snapshot, [], None, None
            if isinstance(exc, InternalError):
                raise
            raise InternalError(f"{canonical(action)} failed: {type(exc).__name__}: {exc}") from exc
        events, self._events = self._events, []
        return json_copy(events)

    def _fire(self, actor: str, action: dict) -> None:
        """The move's trigger (its row's guards pick the row, its callbacks are the effect), the AUTO rows, derive()."""
        self._events = []
        self._parts = self._keys = None
        if not self.machine.events[action["type"]].trigger(self, actor, action):
            raise InternalError(f"no row of {action['type']} fits phase {self.phase}")
        for _ in range(MAX_AUTO):
            if self.phase not in self._auto_phases or not self.machine.events[AUTO].trigger(self, actor, action):
                break
        else:
            raise InternalError(f"automatic rows loop in phase {self.phase}")
        self.derive()


class Engine:
    """What the reference host sees of a game: facts, schema, new, load, describe."""

    def __init__(self, game: type[Game]):
        self.game = game
        self.game_id = game.info.id
        info = game.info
        self.facts = {
            "title": info.title,
            "rulebook": info.rulebook,
            "players": list(info.players),
            **({"player_names": list(info.player_names)} if info.player_names else {}),
            "variants": list(info.variants),
            "options": {name: o.doc for name, o in game.options_fields().items()},
            "tags": list(info.tag_kinds),
            "optional": list(info.optional),
            "declines": list(info.declines),
        }
        self._schema = None

    @property
    def schema(self) -> dict:
        if self._schema is None:
            self._schema = published.load(self.game_id)
        return self._schema

    def new(self, options) -> Game:
        return self.game.new(options)

    def load(self, state) -> Game:
        return self.game.load(state)

    def describe(self) -> dict:
        return self.game.describe()
