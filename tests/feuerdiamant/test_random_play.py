"""Random complete games of Feuerdiamant, checked on every step (Hypothesis).

They drive the game through the ``implementation`` fixture, so they judge
whatever ``--impl`` names (the reference in process, or over stdio).  A seeded
RNG plays chance by its probabilities and the players uniformly, except that
an accusation is made only now and then (a random accusation on the first turn
would end most games before anything happened).  Hypothesis draws the seed,
the number of players and the difficulty; ``derandomize`` keeps CI
deterministic.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from casebook.errors import GameError
from casebook.protocol import CHANCE, Table, canonical, leaks

GAME = "feuerdiamant"
FIGURES = ["Justus", "Peter", "Bob", "Cotta"]
FACE_DOWN = "face down"
LAST_SPACE = 15  # FD-MOD-02
BACKWARD_CARDS = {"Investigation Success", "Central Office", "Morton", "Uncle Titus", "Aunt Mathilda"}  # FD-CARD-05/07/09
COUNTS = {"clues": 24, "persons": 9, "events": 28, "obstacles": 6, "detective": 30}
MAX_STEPS = 5000  # far beyond any game: hazard tracks advance every turn
GAMES = 130  # with the 30 Hypothesis games: 160 complete games per run, well under a minute over stdio
SETTINGS = dict(deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])


# -- the invariants, each named for the clause it guards ---------------------------------
def components_are_conserved(state: dict) -> None:
    board, secret, pools = state["board"], state["secret"], state["secret"]["pools"]
    clues = [b["clue"] for b in board.values() if b["clue"] not in (None, FACE_DOWN)]
    clues += list(secret["clues"].values()) + pools["clues"]
    clues += [c for cs in state["suspect_track"].values() for c in cs]
    clues += [c for c in (secret["set_aside"], state["set_aside"]) if c]
    persons = [b["person"] for b in board.values() if b["person"] not in (None, FACE_DOWN)]
    persons += list(secret["persons"].values()) + state["beside_board"] + pools["persons"] + pools["shuffle"]
    events = [t["token"] for track in state["tracks"].values() for t in track["tokens"]]
    events += ["roadblock " + p for p in state["roadblocks"]] + state["box"]["events"] + pools["events"]
    on_board = [b["obstacle"] for b in board.values() if b["obstacle"]]
    obstacles = on_board + state["box"]["obstacles"] + pools["obstacles"]
    detective = [c for hand in state["hands"].values() for c in hand] + state["box"]["detective"] + pools["detective"]
    found = {"clues": clues, "persons": persons, "events": events, "obstacles": obstacles, "detective": detective}
    for kind, items in found.items():
        assert len(items) == COUNTS[kind], f"{kind}: {len(items)} != {COUNTS[kind]}"
    assert len(set(clues)) == 24 and len(set(persons)) == 9 and len(set(obstacles)) == 6
    assert len(on_board) <= 6  # FD-ACT-04
    for loc, b in board.items():  # a face-down card has an identity, a face-up one shows it
        assert (b["person"] == FACE_DOWN) == (loc in secret["persons"])
        assert (b["clue"] == FACE_DOWN) == (loc in secret["clues"])


def indicators_move_back_only_by_cards(before: dict, after: dict, move: dict) -> None:
    back = [c for c in before["tracks"] if after["tracks"][c]["indicator"] < before["tracks"][c]["indicator"]]
    if back:
        action = move["action"]
        assert action["type"] == "play" and action["card"] in BACKWARD_CARDS, (back, move)


def game_stops_when_a_track_is_full(state: dict, legal: dict) -> None:
    full = [c for c, t in state["tracks"].items() if t["indicator"] >= LAST_SPACE]
    if full:
        assert state["phase"] == "lost" and legal == {"to_act": [], "moves": []}, (full, state["phase"])
    if state["phase"] in ("won", "lost"):
        assert legal == {"to_act": [], "moves": []}
    else:
        assert legal["moves"], "legal() is empty before the game is over"


def views_show_nothing_face_down(table: Table, state: dict) -> None:
    secret = state["secret"]
    hidden_clues = set(secret["clues"].values()) | set(secret["pools"]["clues"]) | {secret["set_aside"]} - {None}
    hidden_persons = set(secret["persons"].values()) | set(secret["pools"]["persons"]) | set(secret["pools"]["shuffle"])
    for viewer in [*state["players"], None]:
        view = table.view(viewer)
        assert not leaks(view, viewer) and "secret" not in view
        shown = canonical(view)  # clue names are nobody else's words
        assert not [c for c in hidden_clues if f'"{c}"' in shown], f"a face-down clue shows in {viewer}'s view"
        persons = {b["person"] for b in view["board"].values()} | set(view["beside_board"])
        assert not hidden_persons & persons, f"a face-down person shows in {viewer}'s view"


def chance_is_a_distribution(legal: dict) -> None:
    if legal["to_act"] == [CHANCE]:
        assert abs(sum(m["p"] for m in legal["moves"]) - 1) < 1e-9


def load_is_the_identity(impl, state: dict, legal: dict) -> None:
    copy = Table.load(impl, GAME, state)
    try:
        assert copy.state() == state and copy.legal() == legal
    finally:
        copy.close()


def refusals_change_nothing(table: Table, state: dict, legal: dict, rng: random.Random) -> None:
    """An action nobody may take now, by someone who may act, or by someone who may not."""
    actors = legal["to_act"]
    listed = {(m["actor"], canonical(m["action"])) for m in legal["moves"]}
    candidates = [
        (rng.choice(state["players"]), {"type": "accuse", "suspect": "Victor Hugenay"}),
        (rng.choice(state["players"]), {"type": "move", "to": "Zentrale"}),
        (rng.choice(state["players"]), {"type": "end_turn"}),
        (CHANCE, {"type": "roll", "hazard": "red", "movement": 6}),
        (rng.choice(state["players"]), {"type": "teleport"}),
    ]
    for actor, action in candidates:
        if (actor, canonical(action)) in listed:
            continue
        try:
            table.apply(actor, action)
        except GameError as exc:
            expected = {"illegal_action", "bad_request"} | ({"not_your_turn"} if actor not in actors else set())
            assert exc.code in expected, (actor, action, exc)
        else:
            raise AssertionError(f"{actor} {action} was accepted but not listed")
        assert table.state() == state, "a refused action changed the state"


# -- random play ---------------------------------------------------------------------------
def pick(legal: dict, rng: random.Random) -> dict:
    moves = legal["moves"]
    if legal["to_act"] == [CHANCE]:
        return rng.choices(moves, weights=[m["p"] for m in moves])[0]
    actor = rng.choice(legal["to_act"])
    mine = [m for m in moves if m["actor"] == actor]
    patient = [m for m in mine if m["action"]["type"] != "accuse"]
    return rng.choice(patient if patient and rng.random() > 0.01 else mine)


def play(impl, seed: int, n: int, difficulty: int, thorough: bool) -> dict:
    rng = random.Random(seed)
    table = Table.new(impl, GAME, {"players": FIGURES[:n], "difficulty": difficulty})
    try:
        state, legal = table.state(), table.legal()
        for step in range(MAX_STEPS):
            components_are_conserved(state)
            game_stops_when_a_track_is_full(state, legal)
            chance_is_a_distribution(legal)
            if thorough and (step % 7 == 0 or not legal["moves"]):
                views_show_nothing_face_down(table, state)
                load_is_the_identity(impl, state, legal)
                refusals_change_nothing(table, state, legal, rng)
            if not legal["moves"]:
                return state
            move = pick(legal, rng)
            table.apply(move["actor"], move["action"])
            before, state, legal = state, table.state(), table.legal()
            indicators_move_back_only_by_cards(before, state, move)
        raise AssertionError(f"no end after {MAX_STEPS} steps")
    finally:
        table.close()


@settings(max_examples=30, **SETTINGS)
@given(seed=st.integers(0, 2**31), n=st.integers(2, 4), difficulty=st.integers(1, 5))
def test_random_games_keep_every_invariant(implementation, seed, n, difficulty):
    """Views, refusals and load(state()) checked along the way (every 7th step and at the end)."""
    final = play(implementation, seed, n, difficulty, thorough=True)
    assert final["phase"] in ("won", "lost")


def test_hundreds_of_random_games_end(implementation):
    """130 complete games, 2-4 players, all five difficulties: conservation, stopping, termination."""
    ends = {"won": 0, "lost": 0}
    for seed in range(GAMES):
        final = play(implementation, seed, 2 + seed % 3, 1 + seed % 5, thorough=False)
        ends[final["phase"]] += 1
    assert sum(ends.values()) == GAMES and ends["lost"] > 0
