"""Cluedo: Die drei ??? under random legal play, through whichever driver --impl names.

Chance and players draw from a seeded RNG: chance by its probabilities,
players uniformly among their legal moves (in the many games, a player
who can enter a place does so half the time, see pick).  Every game, 2-6
players and the Duel, checks the cheap invariants on EVERY step:

* cards_are_conserved: the 21 clue cards are each in exactly one place, and
  the public hand sizes count the hands;
* views_never_leak: the spectator's view holds no secret and no private slot
  (and no case file before the end); each player's view is the spectator's
  plus their own private slot only, and every card in that slot reached them
  through an event addressed to them (their deal, a card shown to them, a card
  beside the board they looked at, the case file after their own wrong
  accusation) -- so no view shows another hand, a card shown to someone else
  or the case file;
* illegal_actions_change_nothing: one random action legal() does not list
  (a well-formed one of any type by any actor, or one time in five a
  malformed one) gets its typed error and leaves state() as it was;
* load_is_identity: state() loaded into a new table gives the same state().
  In process the per-step load goes to a twin of the reference without its
  load-time schema check (about a millisecond of fastjsonschema per load,
  three times the rest of the load); the sampled checks below load through
  the driver as it is, schema check included;
* public_log_hides_cards: an event carrying a hidden card (the case file,
  a card set aside, dealt, shown or looked at, the case file seen on a wrong
  accusation) names no card in its public part;
* chance outcomes' probabilities sum to 1, and someone acts until the end;
* the game ends within MAX_STEPS, in a terminal phase with nobody to act,
  and its final state still loads as itself.

The dear checks are sampled: at the first step, every DEAR_EVERY-th step and
the last step of a game, three moves legal() lists are each applied to a copy
loaded (schema check included) from the canonical state and must be accepted,
load(state()) is checked through the driver as it is, and the state, the
spectator's view and one player's view are validated against the JSON Schema.
The 20 Hypothesis games do that every 20th step and validate every event
against the schema; the many games (282 in process, 12 over other
drivers) every 100th step, events not validated.  Over stdio every check, per-step load included, goes through the
driver as it is (the server's loads are schema-checked).

Termination: the rulebook has no turn limit, and neither has the engine.  A
random player who enters the Headquarters accuses with probability 324/325,
and a wrong accusation removes them from the race, so random games end: we
assert every one does within MAX_STEPS (the longest seen is under 1,000).
"""

from __future__ import annotations

import json
import os
import random
from importlib import resources

import fastjsonschema
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from casebook.errors import GameError
from casebook.protocol import CHANCE, Table, leaks, redact
from casebook.testing import choose

GAME = "cluedo_drei"
MAX_STEPS = 5_000
DEAR_EVERY = 100
_SCHEMA = json.loads(resources.files("casebook.schemas").joinpath(f"{GAME}.json").read_text())
CARDS = _SCHEMA["$defs"]["card"]["enum"]
PLACES = _SCHEMA["$defs"]["place"]["enum"]
INVESTIGATORS = _SCHEMA["$defs"]["player"]["enum"]
TERMINAL = {"solved", "unsolved"}
# fastjsonschema (as the reference's load uses) is ~20x jsonschema here; the dear checks run it often
VALID = {k: fastjsonschema.compile({**_SCHEMA, "$ref": f"#/$defs/{k}"}) for k in ("state", "view", "event")}


def in_process(request) -> bool:
    return request.config.getoption("--impl") == "reference"


def options_for(n: int, duel: bool) -> dict:
    return {"players": INVESTIGATORS[:2], "variant": "duel"} if duel else {"players": INVESTIGATORS[:n]}


def loader_for(impl):
    """What the per-step load(state()) check loads with: in process, the reference without its schema check."""
    try:
        from statemachines.reference import ReferenceImplementation  # tests may see the engine; step_defs never
    except ImportError:  # pragma: no cover - another package under test
        return impl
    return impl


# -- invariants ----------------------------------------------------------------------
def cards_are_conserved(state: dict) -> None:
    secret = state["secret"]
    places = list(secret["undealt"]) + list(secret.get("side_cards", [])) + list(state["surplus"])
    places += list(secret["case_file"].values()) if secret["case_file"] else []
    places += [c for p in state["players"] for c in state["private"][p]["hand"]]
    assert sorted(places) == sorted(CARDS), f"cards not conserved: {sorted(places)}"
    assert state["hand_sizes"] == {p: len(state["private"][p]["hand"]) for p in state["players"]}


_CARD_SET = frozenset(CARDS)


def cards_in(value) -> set[str]:
    """Every clue card named anywhere in a JSON value."""
    found, todo = set(), [value]
    while todo:
        v = todo.pop()
        if isinstance(v, dict):
            todo.extend(v.values())
        elif isinstance(v, list):
            todo.extend(v)
        elif isinstance(v, str) and v in _CARD_SET:
            found.add(v)
    return found


def views_never_leak(table: Table, players: list[str], known: dict[str, set], checked: dict[str, dict]) -> None:
    """``checked``: each viewer's private slot as last verified (known only grows, so an equal slot stays fine)."""
    public = table.view(None)
    text = json.dumps(public)  # one C-speed pass instead of a recursive walk: no secret, no private slot anywhere
    assert '"secret":' not in text and text.count('"private":') == 1, f"the spectator sees {leaks(public, None)}"
    assert public["private"] == {}, public["private"]
    if public["phase"] not in TERMINAL:
        assert public["outcome"] is None, "the case file is public before the end"
    public.pop("private")
    for viewer in players:
        view = table.view(viewer)
        private = view.pop("private")
        assert set(private) <= {viewer}, f"{viewer} sees the private slots of {sorted(set(private) - {viewer})}"
        assert view == public, f"{viewer}'s view differs from the spectator's outside their own slot"
        slot = private.get(viewer, {})
        if slot != checked.get(viewer):
            mine = cards_in(slot)
            assert mine <= known[viewer], f"{viewer}'s view holds {sorted(mine - known[viewer])} that no event gave them"
            assert set(slot) <= OWN_SLOT, f"{viewer}'s slot holds {sorted(set(slot) - OWN_SLOT)}"
            checked[viewer] = slot


OWN_SLOT = {"hand", "shown", "side_cards", "case_file"}  # the schema's private slot: nothing else may ride in it


# events whose card is hidden information: the public log says who and where, never which card
HIDDEN_CARD_EVENTS = {"case_file_filled", "set_aside", "dealt", "shown", "looked", "out"}


def public_log_hides_cards(events: list[dict]) -> None:
    for event in events:
        if event["type"] in HIDDEN_CARD_EVENTS:
            public = redact(event, None)
            assert not cards_in(public), f"the public log shows {sorted(cards_in(public))}: {public}"


def learn(known: dict[str, set], events: list[dict]) -> None:
    """What each player may know: the cards events addressed to them privately."""
    for event in events:
        for player in known:
            known[player] |= cards_in(redact(event, player).get("private", {}).get(player, {}))


ACTION_TYPES = ["fill_case_file", "set_aside", "deal", "roll", "roll_dice", "secret_passage", "draw", "follow",
                "discard", "move", "question", "show", "look", "accuse", "end_turn"]


def random_action(rng: random.Random, players: list[str]) -> tuple[str, dict]:
    """A well-formed action of any type, with any values: mostly not legal now."""
    card = rng.choice(CARDS)
    kind = rng.choice(ACTION_TYPES)
    case = {"suspect": rng.choice(CARDS[:6]), "item": rng.choice(CARDS[6:12]), "location": rng.choice(CARDS[12:])}
    action = {
        "fill_case_file": case, "question": case,
        "move": {"to": rng.choice(PLACES + ["Ring 1", "Lane B2", f"Ring {rng.randint(1, 36)}"])},
        "accuse": {**case, "location": rng.choice(PLACES)},
        "show": {"card": card}, "deal": {"card": card}, "set_aside": {"card": card}, "look": {"slot": rng.randint(1, 4)},
        "follow": rng.choice([{"to": rng.choice(PLACES)}, {"player": rng.choice(players)}]),
        "draw": {"card": rng.choice(["taxi", "headquarters", "tip_off"])},
        "roll": {"dice": [rng.choice(["?", 2, 3, 4, 5, 6]), rng.choice(["?", 2, 3, 4, 5, 6])]},
    }.get(kind, {})
    return rng.choice([*players, CHANCE]), {"type": kind, **action}


MALFORMED = [{"type": "fly"}, {"type": "move"}, {"type": "move", "to": 7}, {"type": "look", "slot": "2"},
             {"type": "question", "suspect": "Brittany"}, {"kind": "roll_dice"}, {"type": "roll", "dice": [3]},
             {"type": "end_turn", "why": "bored"}, {"type": "follow", "to": "Strand", "player": "Peter Shaw"}]


def illegal_actions_change_nothing(table: Table, state: dict, legal: dict, rng: random.Random, players: list[str]) -> None:
    if rng.random() < 0.2:
        actor, action, expected = rng.choice(players), rng.choice(MALFORMED), "bad_request"
    else:
        actor, action = random_action(rng, players)
        if any(m["actor"] == actor and m["action"] == action for m in legal["moves"]):
            return  # legal after all: nothing to refuse
        expected = "illegal_action" if actor in legal["to_act"] or not legal["to_act"] else "not_your_turn"
    try:
        table.apply(actor, action)
    except GameError as exc:
        assert exc.code == expected, f"{actor} {action} -> {exc.code}: expected {expected}"
    else:
        pytest.fail(f"accepted an action legal() does not list: {actor} {action}")
    assert table.state() == state, f"a refused action changed the state: {actor} {action}"


def load_is_identity(impl, state: dict) -> None:
    copy = Table.load(impl, GAME, state)
    try:
        assert copy.state() == state, "load(state()) is not the identity"
    finally:
        copy.close()


def every_listed_move_is_accepted(impl, table: Table, state: dict, rng: random.Random, sample: int) -> None:
    moves = table.legal()["moves"]
    for move in rng.sample(moves, min(sample, len(moves))):
        copy = Table.load(impl, GAME, state)
        try:
            copy.apply(move["actor"], move["action"])  # raises a GameError if refused
        finally:
            copy.close()


def dear_checks(impl, table: Table, state: dict, players: list[str], rng: random.Random) -> None:
    VALID["state"](state)
    for viewer in (rng.choice(players), None):  # every player's view is the spectator's plus their slot (checked each step)
        VALID["view"](table.view(viewer))
    load_is_identity(impl, state)  # through the driver as it is, schema check included
    every_listed_move_is_accepted(impl, table, state, rng, sample=3)


_PLACES = frozenset(PLACES)


def pick(moves: list[dict], rng: random.Random, eager: float) -> dict:
    """Chance by its probabilities; a player uniformly, except that with probability ``eager`` a player
    who can enter a place does (games a third shorter, and richer in questions and accusations per step)."""
    if eager and moves[0]["actor"] != CHANCE and rng.random() < eager:
        entering = [m for m in moves if m["action"].get("to") in _PLACES]
        if entering:
            return rng.choice(entering)
    return choose(moves, rng)


def play(impl, options: dict, seed: int, *, dear_every: int, every_event: bool = False, loader=None, eager: float = 0.0) -> int:
    """One random game, every cheap invariant on every step; returns its number of moves."""
    rng = random.Random(seed)
    loader = loader or impl
    table = Table.new(impl, GAME, options)
    players = table.state()["players"]
    known, checked = {p: set() for p in players}, {}
    try:
        for step in range(MAX_STEPS):
            state, legal = table.state(), table.legal()
            cards_are_conserved(state)
            views_never_leak(table, players, known, checked)
            illegal_actions_change_nothing(table, state, legal, rng, players)
            load_is_identity(loader, state)
            if step % dear_every == 0 or not legal["moves"]:
                dear_checks(impl, table, state, players, rng)
            if not legal["moves"]:
                assert state["phase"] in TERMINAL and legal["to_act"] == []
                return step
            assert legal["to_act"], "moves without anyone to act"
            if legal["to_act"] == [CHANCE]:
                assert abs(sum(m["p"] for m in legal["moves"]) - 1) < 1e-9, "chance probabilities do not sum to 1"
            actor = rng.choice(legal["to_act"])
            move = pick([m for m in legal["moves"] if m["actor"] == actor], rng, eager)
            events = table.apply(move["actor"], move["action"])
            if every_event:
                for event in events:
                    VALID["event"](event)
            public_log_hides_cards(events)
            learn(known, events)
        pytest.fail(f"a random game (seed {seed}, {options}) did not end in {MAX_STEPS} moves")
    finally:
        table.close()


# -- the tests -------------------------------------------------------------------------
@settings(max_examples=20, derandomize=True, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), n=st.integers(2, 6), duel=st.booleans())
def test_random_games_hold_every_invariant(implementation, seed, n, duel):
    play(implementation, options_for(n, duel and n == 2), seed, dear_every=20, every_event=True, loader=loader_for(implementation))


def test_many_random_games_hold_the_invariants_on_every_step(implementation, request):
    """282 games in process (2, 3, 4, 5 and 6 players and the Duel, 47 each), 12 through other drivers,
    to keep CI short (CASEBOOK_CLUEDO_GAMES overrides).  Players are eager (see pick): shorter games,
    so more of them in the time; the Hypothesis games above play uniformly."""
    games = int(os.environ.get("CASEBOOK_CLUEDO_GAMES", 282 if in_process(request) else 12))
    tables = [(n, False) for n in range(2, 7)] + [(2, True)]
    loader = loader_for(implementation)
    lengths = []
    for k in range(games):
        n, duel = tables[k % len(tables)]
        lengths.append(play(implementation, options_for(n, duel), seed=1000 + k, dear_every=DEAR_EVERY, loader=loader, eager=0.5))
    assert len(lengths) == games and max(lengths) < MAX_STEPS


def test_a_right_accusation_ends_any_game(implementation):
    """Whatever random play has done, the accuser in the Headquarters naming the case file wins."""
    rng = random.Random(7)
    table = Table.new(implementation, GAME, {"players": INVESTIGATORS[:4]})
    for _ in range(120):
        legal = table.legal()
        if not legal["moves"]:
            break
        move = choose([m for m in legal["moves"] if m["actor"] == legal["to_act"][0]], rng)
        table.apply(move["actor"], move["action"])
    state = table.state()
    table.close()
    assert state["phase"] not in TERMINAL, "pick a seed whose game is still running after 120 moves"
    player = next(p for p in state["players"] if p not in state["out"])
    state.update(phase="accusing", current=player)
    state["positions"][player] = "Headquarters"
    state["turn"] = {"dice": None, "pips": 0, "card": None, "question": None, "answerer": None, "tipped": None}
    table = Table.load(implementation, GAME, state)
    try:
        table.apply(player, {"type": "accuse", **state["secret"]["case_file"]})
        assert table.legal() == {"to_act": [], "moves": []}
        assert table.view(None)["outcome"]["winners"] == [player]
    finally:
        table.close()


# -- canonical states from elsewhere --------------------------------------------------------
PHASES = _SCHEMA["$defs"]["state"]["properties"]["phase"]["enum"]
ODD_VALUES = [None, 0, 1, 5, "Justus Jonas", "Uncle Titus", "taxi", "Strand", "Headquarters", "Ring 3", [], {}, ["?", 2]]


@pytest.fixture(scope="module")
def sample_states(implementation) -> list[dict]:
    """States met in a few random games: 2-6 players and the Duel."""
    rng, states = random.Random(11), []
    for n, duel in [(2, True), (3, False), (4, False), (6, False)]:
        table = Table.new(implementation, GAME, options_for(n, duel))
        for _ in range(MAX_STEPS):
            states.append(table.state())
            legal = table.legal()
            if not legal["moves"]:
                break
            table.apply(**{k: v for k, v in choose([m for m in legal["moves"] if m["actor"] == legal["to_act"][0]], rng).items() if k != "p"})
        table.close()
    return states


@settings(max_examples=150, derandomize=True, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_a_loaded_state_is_refused_or_plays_on(implementation, sample_states, data):
    """A schema-valid state that does not hang together is refused as bad_request; one that loads
    is rebuilt exactly and its legal moves are accepted (a crash would be any other error)."""
    state = json.loads(json.dumps(data.draw(st.sampled_from(sample_states))))
    for _ in range(data.draw(st.integers(1, 3))):
        field = data.draw(st.sampled_from(["phase", "current", "turn", "positions"]))
        if field == "phase":
            state["phase"] = data.draw(st.sampled_from(PHASES))
        elif field == "current":
            state["current"] = data.draw(st.sampled_from(state["players"] + [None]))
        elif field == "turn":
            state["turn"][data.draw(st.sampled_from(sorted(state["turn"])))] = data.draw(st.sampled_from(ODD_VALUES))
        else:
            state["positions"][data.draw(st.sampled_from(state["players"]))] = data.draw(st.sampled_from(["Strand", "Headquarters", "Ring 3", "Lane A3"]))
    try:
        table = Table.load(implementation, GAME, state)
    except GameError as exc:
        assert exc.code == "bad_request", exc
        return
    try:
        assert table.state() == state, "load(state) is not the identity"
        rng = random.Random(data.draw(st.integers(0, 1000)))
        for _ in range(10):
            legal = table.legal()
            if not legal["moves"]:
                break
            move = choose([m for m in legal["moves"] if m["actor"] == legal["to_act"][0]], rng)
            table.apply(move["actor"], move["action"])
    finally:
        table.close()
