"""What step definitions and property tests share.
It speaks only the protocol, and reads names from the published schemas.

The random-play runner (like OpenSpiel's ``random_sim_test``) plays seeded
random games through any implementation and checks, on every step:

* ``legal_is_well_formed``: to_act is the sorted set of actors; moves are sorted
  and unique; chance moves carry probabilities summing to 1; no other move does;
  moves exist exactly while the phase is not final (the schema's ``phases``);
* ``views_are_redactions``: each player's view (and a spectator's) is the state
  without ``secret`` and with only their own ``private`` slot;
* ``log_hides_secrets``: what an event shows a viewer names nothing hidden from them
  (a string only under the state's ``secret`` or another player's ``private``);
* ``events_are_private``: where a player chose among their own hidden things (which
  named card to show, which card to pass), a seat whose view cannot tell that choice
  from another one gets the same events either way (the other choice is played on a copy);
* ``components_are_conserved``: the schema's inventory, and the game's own law;
* ``refusals_change_nothing``: an action legal() does not list, drawn from the
  schema (or malformed), gets its typed error and leaves the state as it was;
* ``load_is_identity``: load(state()) gives the same state and legal moves;
* ``listed_moves_apply``: some listed moves, each applied to a copy, are accepted;
* termination within ``max_steps``, and at the end the game's outcome law.

Under an engine that declines the set-up (``@setup`` in its hello), a game starts from one of the
published starting positions (features/<game>/positions.json) instead of ``new``, and every check
above runs; a game's law marked ``@needs("setup")`` (one that reads the log from the deal) is not
checked, and a ``LawNotChecked`` warning names it.

Requests that nothing waits for (a step's views, its refused action, the chosen
move) go out through ``Table.send`` as soon as they are known, so an engine over
stdio works on them while the runner checks what it has; in process each is
answered at once.  Either way the calls, their order and the random draws are
the same, so a seed plays the same game on every transport.

A game gives only ``Laws``: its options, a policy, its conservation law and its
outcome law.  Several actors in ``to_act`` (sealed choices) and the ``clock``
actor are moves like any other: the policy picks an actor, then a move.
"""

from __future__ import annotations

import functools
import random
import warnings
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Callable

from casebook import schemas
from casebook.contract import legal_problems
from casebook.errors import GameError, InvariantBroken
from casebook.properties.privacy import Redactions, private_twin, strings
from casebook.protocol import CHANCE, Pending, Table, canonical, leaks, redact, send
from casebook.properties.unlisted_moves import UnlistedActions


@dataclass
class Outcome:
    """What one attempted action did: its events, or the typed error and the state before."""

    actor: str
    action: dict
    before: dict
    events: list = field(default_factory=list)
    error: GameError | None = None

    def __repr__(self) -> str:
        result = f"{self.error.code}: {self.error.message}" if self.error else f"{len(self.events)} events"
        return f"{self.actor} {canonical(self.action)} -> {result}"


def attempt(table: Table, actor: str, action: dict) -> Outcome:
    """Apply an action that may be refused; keep the state before to prove nothing changed."""
    outcome = Outcome(actor, action, table.state())
    try:
        outcome.events = table.apply(actor, action)
    except GameError as exc:
        outcome.error = exc
    return outcome


def choose(moves: list[dict], rng: random.Random) -> dict:
    """One legal move: chance by its probabilities, players uniformly."""
    if moves and moves[0]["actor"] == CHANCE:
        return rng.choices(moves, weights=[m["p"] for m in moves])[0]
    return rng.choice(moves)


def random_step(table: Table, rng: random.Random) -> dict | None:
    """Play one random legal move; ``None`` once the game is over."""
    moves = table.legal()["moves"]
    if not moves:
        return None
    actor = rng.choice(sorted({m["actor"] for m in moves}))
    move = choose([m for m in moves if m["actor"] == actor], rng)
    table.apply(move["actor"], move["action"])
    return move


def policy_step(policy):
    """random_step, with a game's own random-play policy ``policy(state, legal, rng)`` choosing the move."""

    def step(table: Table, rng: random.Random) -> dict | None:
        legal = table.legal()
        if not legal["moves"]:
            return None
        move = policy(table.state(), legal, rng)
        table.apply(move["actor"], move["action"])
        return move

    return step


def view_leaks(table: Table, players: list[str]) -> dict[str, list[str]]:
    """For each viewer (and a spectator), the paths where hidden information shows."""
    found = {}
    for viewer in [*players, None]:
        paths = leaks(table.view(viewer), viewer)
        if paths:
            found[str(viewer)] = paths
    return found


# The invariants the runner checks, by the names a failure reports (casebook verify gives each its verdict);
# a game's own laws (``Laws.conservation``/``step_law``/``outcome``) report under their function's name.
INVARIANTS: list[str] = []


def invariant(check):
    """Register ``check`` as an invariant: a failure in it raises ``InvariantBroken`` carrying its name.

    An engine fault raised inside it (a leaking view, a crash) goes on as it is, tagged
    with the name too, so the report knows which invariant the run was checking.
    """
    if check.__name__ not in INVARIANTS:
        INVARIANTS.append(check.__name__)

    @functools.wraps(check)
    def checked(*args, **kwargs):
        return named(check.__name__, check, *args, **kwargs)

    return checked


def named(name: str, check, *args, **kwargs):
    """``check(*args)``, its failure typed and named ``name`` (see ``invariant``)."""
    try:
        return check(*args, **kwargs)
    except InvariantBroken:
        raise
    except AssertionError as exc:
        raise InvariantBroken(name, str(exc)) from exc
    except Exception as exc:
        if getattr(exc, "invariant", None) is None:
            exc.invariant = name
        raise


_DECLINED: ContextVar[frozenset] = ContextVar("declined", default=frozenset())  # what the engine of this run declines


def needs(*tags: str):
    """Mark a game's law as needing parts an engine may decline (``@needs("setup")``: it reads the log from the deal).

    Under an engine that declines one of them the law is not checked, and a ``LawNotChecked`` warning says which.
    """

    def mark(check):
        check.needs = frozenset(tags)
        return check

    return mark


class LawNotChecked(UserWarning):
    """A game's law that needs a part the engine declines: named, never silently passed."""


def law(check, *args) -> None:
    """A game's own law (``Laws.outcome``, ``Laws.step_law``),
    checked under its function's name (unless it needs a declined part)."""
    missing = getattr(check, "needs", frozenset()) & _DECLINED.get()
    if missing:
        warnings.warn(
            LawNotChecked(
                f"{check.__name__} not checked: "
                f"it needs {', '.join('@' + t for t in sorted(missing))}, which the engine declines"
            ),
            stacklevel=2,
        )
        return None
    return named(check.__name__, check, *args)


# -- the laws a game gives ----------------------------------------------------------------------
def uniform_policy(state: dict, legal: dict, rng: random.Random) -> dict:
    """An actor among those to act, then one of their moves (chance by its probabilities)."""
    actor = rng.choice(legal["to_act"])
    return choose([m for m in legal["moves"] if m["actor"] == actor], rng)


@dataclass
class Laws:
    """What one game adds to the runner."""

    game: str
    options: Callable[[int], dict]  # seed -> options
    policy: Callable[[dict, dict, random.Random], dict] = uniform_policy
    conservation: Callable[[dict], None] = lambda state: None  # beyond the schema's inventory
    outcome: Callable[[dict, list], None] = lambda state, log: None  # the final state and every (move, events)
    step_law: Callable[[dict, dict, dict, list], None] = lambda before, move, after, events: None
    max_steps: int = 5000
    schema: dict | None = None  # default: the published casebook/schemas/<game>.json


# -- the checks ---------------------------------------------------------------------------------
class Checks:
    """Every check of the module doc, for one game's schema."""

    def __init__(self, game: str, schema: dict | None = None):
        self.schema = schema or schemas.load(game)
        self.finals = {p["name"] for p in self.schema["phases"] if p["final"]}
        self.unlisted = UnlistedActions(self.schema)

    @invariant
    def legal_is_well_formed(self, state: dict, legal: dict) -> None:
        """The protocol's one check of ``legal()`` (``casebook.contract.legal_problems``); over = a final phase."""
        problems = legal_problems(legal, over=state["phase"] in self.finals)
        assert not problems, f"phase {state['phase']}: " + "; ".join(problems)

    @invariant
    def views_are_redactions(self, state: dict, views: dict) -> None:
        """``views``: viewer -> their view, asked (``Table.send``) while nothing moved since ``state``."""
        redactions = Redactions(state)
        for (
            viewer,
            pending,
        ) in views.items():  # equal to the redaction, a view shows no secret and no other player's slot
            view = pending.result()
            assert view == redactions(viewer), (
                f"{viewer}'s view is not the state without what they may not see: {leaks(view, viewer)}"
            )

    @invariant
    def log_hides_secrets(self, state: dict, move: dict, events: list, viewers: list, sealed: bool) -> None:
        if not events:
            return
        secret = set(strings(state.get("secret", {})))
        private = {p: set(strings(slot)) for p, slot in state.get("private", {}).items()}
        # A redaction only removes: events that name no hidden string at all tell nobody one (most moves), and the
        # public strings (the whole state, the slowest part of the check) are only read when they might.
        if not set(strings(events)) & secret.union(*private.values()):
            return
        said = (
            set() if sealed or move["actor"] == CHANCE else set(strings(move["action"]))
        )  # what a player does, all see
        public = set(strings({k: v for k, v in state.items() if k not in ("secret", "private")}, keys=True)) | said
        for viewer in viewers:
            mine = private.get(viewer, set())
            hidden = (secret | set().union(*(s for p, s in private.items() if p != viewer))) - public - mine
            told = set(strings([redact(e, viewer) for e in events]))
            assert not told & hidden, f"the events show {viewer} {sorted(told & hidden)[:5]}, hidden from them"

    @invariant
    def events_are_private(
        self, impl, game: str, before: dict, move: dict, events: list, after: dict, twin: dict
    ) -> None:
        """``twin`` (``private_twin``) played on a copy of ``before``.  Where the two outcomes differ only in hidden
        places (a private slot, the secret), each seat whose view of them is the same must get the same events:
        an event never tells a bystander which card was shown."""
        copy = Table.load(impl, game, before)
        try:
            other_events, other = copy.apply(twin["actor"], twin["action"]), copy.state()
        finally:
            copy.close()
        if other == after:
            return  # the choice left no hidden trace (it was told to all, as an accusation)
        seen_after, seen_other = Redactions(after), Redactions(other)
        if seen_other(None) != seen_after(None):
            return  # it left a public one
        for seat in [p for p in after["players"] if p != move["actor"]] + [None]:
            if seen_after(seat) != seen_other(seat):
                continue  # the seat may tell the two apart: the state tells it, events may too
            mine, theirs = [redact(e, seat) for e in events], [redact(e, seat) for e in other_events]
            assert mine == theirs, (
                f"{seat or 'a spectator'} cannot tell {canonical(move['action'])} from {canonical(twin['action'])} "
                f"in their view, but their events differ: {canonical(mine)[:200]} / {canonical(theirs)[:200]}"
            )

    @invariant
    def components_are_conserved(self, state: dict, laws: Laws) -> None:
        problems = schemas.inventory_problems(self.schema.get("inventory", {}), state)
        assert not problems, f"components not conserved: {problems}"
        laws.conservation(state)

    def ask_refusal(self, table: Table, state: dict, legal: dict, rng: random.Random):
        """An action legal() does not list (``unlisted``), sent now; ``refusals_change_nothing`` takes the answer."""
        actor, action, expected = self.unlisted.draw(state, legal, rng)
        return None if action is None else (actor, action, expected, table.send("apply", actor, action))

    @invariant
    def refusals_change_nothing(self, table: Table, state: dict, refusal) -> None:
        """``refusal``: what ``ask_refusal`` sent (None: every action it drew was listed)."""
        if refusal is None:
            return
        actor, action, expected, answer = refusal
        try:
            answer.result()
        except GameError as exc:
            assert exc.code in expected, (
                f"{actor} {canonical(action)} -> {exc.code}, expected {expected}: {exc.message}"
            )
        else:
            raise AssertionError(f"{actor} {canonical(action)} was accepted but not listed")
        assert table.state() == state, f"a refused action changed the state: {actor} {canonical(action)}"


# -- the runner -------------------------------------------------------------------------------------
INVARIANTS.append("terminates")  # the runner's own: a game ends within Laws.max_steps


def random_sim_test(
    impl,
    laws: Laws,
    seed: int,
    *,
    options: dict | None = None,
    load_every: int = 1,
    views_every: int = 1,
    sample_moves: int = 2,
    loader=None,
) -> dict:
    """One seeded random game with every check; returns its final state.  ``loader`` loads the per-step copies."""
    rng = random.Random(seed)
    checks = Checks(laws.game, laws.schema)
    options = laws.options(seed) if options is None else options
    declined = frozenset(impl.declines(laws.game)) if hasattr(impl, "declines") else frozenset()
    # An engine that declines the set-up starts from a published starting position (the pytest plugin finds it)
    start = impl.published_start(laws.game, options) if "setup" in declined else None
    table = Table.load(impl, laws.game, start) if start is not None else Table.new(impl, laws.game, options)
    loader, log, declining = loader or impl, [], _DECLINED.set(declined)

    def ask(step: int, state: dict, legal: dict):
        """What a step asks the engine that nothing else waits for: asked at once, taken by the checks.

        Asked as soon as the state is known, before the checks of the move that led
        there: an engine over stdio works on them meanwhile.
        """
        seen = viewers if step % views_every == 0 else [viewers[step % len(viewers)]]
        return (
            seen,
            {viewer: table.send("view", viewer) for viewer in seen},
            checks.ask_refusal(table, state, legal, rng),
        )

    # The order of one step: the refusal is taken first (its check reads the state after it);
    # then the move is chosen and sent, and the engine plays it while the rest of the step's
    # checks run.  The random draws keep the order of a plain loop: refusal, copies, move.
    try:
        state, legal = table.state(), table.legal()
        viewers = [*state["players"], None]
        seen, views, refusal = ask(0, state, legal)
        for step in range(laws.max_steps):
            checks.refusals_change_nothing(table, state, refusal)
            copied = step % load_every == 0 or not legal["moves"]
            tried = rng.sample(legal["moves"], min(sample_moves, len(legal["moves"]))) if copied else []
            move = laws.policy(state, legal, rng) if legal["moves"] else None
            twin = private_twin(state, legal, move) if move else None
            moved = table.send("apply", move["actor"], move["action"]) if move else None
            checks.legal_is_well_formed(state, legal)
            checks.components_are_conserved(state, laws)
            checks.views_are_redactions(state, views)
            if copied:
                load_is_identity(loader, laws.game, state, legal)
            events = listed_moves_apply(loader, laws.game, state, tried, moved)
            if move is None:
                law(laws.outcome, state, log)
                return state
            before, state, legal, sealed = state, table.state(), table.legal(), len(legal["to_act"]) > 1
            following = ask(step + 1, state, legal)
            checks.log_hides_secrets(state, move, events, seen, sealed)
            if twin is not None:
                checks.events_are_private(loader, laws.game, before, move, events, state, twin)
            law(laws.step_law, before, move, state, events)
            log.append((move, events))
            seen, views, refusal = following
        raise InvariantBroken(
            "terminates", f"a random game of {laws.game} (seed {seed}, {options}) did not end in {laws.max_steps} moves"
        )
    finally:
        _DECLINED.reset(declining)
        table.close()


@invariant
def load_is_identity(impl, game: str, state: dict, legal: dict) -> None:
    copy = Table.load(impl, game, state)
    try:
        loaded, listed = copy.send("state"), copy.send("legal")  # both asked at once: one wait over a wire
        assert loaded.result() == state, "load(state()) is not the identity"
        assert listed.result() == legal, "a loaded copy lists other moves"
    finally:
        copy.close()


@invariant
def listed_moves_apply(impl, game: str, state: dict, moves: list[dict], chosen: Pending | None = None) -> list | None:
    """``moves`` (listed at ``state``), each applied to its own loaded copy; and ``chosen``, the move sent at the table.

    Every copy is asked at once, then every move.  Returns the chosen move's events.
    A GameError here is a listed move refused.
    """
    copies = taken([send(impl, "load", game, state) for _ in moves], lambda table: Table(impl, game, table))
    try:
        for applied in [copy.send("apply", m["actor"], m["action"]) for copy, m in zip(copies, moves)]:
            applied.result()
    finally:
        for copy in copies:
            copy.close()
    return None if chosen is None else chosen.result()


def taken(pending: list, make):
    """``make(answer)`` of every pending answer; what the first failed one raised once all are taken (and made)."""
    made, failed = [], None
    for answer in pending:
        try:
            made.append(make(answer.result()))
        except Exception as exc:  # the others are taken still: each made table must be closed
            failed = failed or exc
    if failed is not None:
        for table in made:
            table.close()
        raise failed
    return made
