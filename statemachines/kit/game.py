"""The game and the engine: one ``Game`` subclass per reference game (its tables, guards, callbacks and options), and
the ``Engine`` the reference host sees of it.  How to write one: docs/write-a-game-engine.md."""

from __future__ import annotations

import marshal
import threading
from dataclasses import dataclass, field
from typing import Any

from transitions import Machine

from casebook import schemas as published
from casebook.errors import BadRequest, IllegalAction, NotYourTurn, Unsupported
from casebook.protocol import CHANCE, CLOCK, canonical  # canonical: legal()'s move keys
from casebook.readonly import ReadOnlyDict, plain

from .. import schemas as S
from .moves import Built, _entries, _first
from .options import offer

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
    # The clauses that only a value other than ``without`` brings into play (the Advantage cards, a turn timer), and
    # the value that plays none of them (the default unless given): an engine that declines one of these clauses
    # is fuzzed with ``without`` (the schema publishes both beside the option).  ``played_by``: the values that
    # bring them into play, where not every other value does (heist's tutorial, not its public room): a decline
    # of one of them leaves the option's other values to be played.
    clauses: tuple[str, ...] = ()
    without: Any = ...
    played_by: tuple = ()

    def value_without_its_clauses(self) -> Any:
        return self.default if self.without is ... else self.without


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
_LOADABLE_EDITS = threading.Lock()  # the remembered states are edited by one thread at a time


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


def _listify(value) -> list:
    if value is None:
        return []
    return list(value) if isinstance(value, (list, tuple)) else [value]


# -- the game -------------------------------------------------------------------------------
class Game:
    """One table.  Subclasses are data plus guards, callbacks and ``options_<trigger>``:
    see docs/write-a-game-engine.md."""

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
    def phase_actions(cls) -> dict[str, dict[str, list[str]]]:
        """phase -> {action type its rows take: the phases it may lead to}, from the transition table: what the kit's
        turn shapes read (casebook/turn_shapes.py) to list a move only where the game's phases take it."""
        out: dict[str, dict[str, set]] = {p["name"]: {} for p in cls.phases}
        for row in cls.transitions:
            if row["trigger"] not in cls.actions:  # an automatic row (``auto``): no action anybody sends
                continue
            for source in _listify(row["source"]):
                out.setdefault(source, {}).setdefault(row["trigger"], set()).add(row.get("dest") or source)
        return {phase: {t: sorted(dests) for t, dests in sorted(types.items())} for phase, types in out.items()}

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
            with _LOADABLE_EDITS:  # tables load in several threads at once over WebSocket: one eviction each
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
