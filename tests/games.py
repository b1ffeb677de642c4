"""What each game has, asked of the game itself: the shared tests read these, never a list of the five games.

A shared test runs for every game of features/ (a new one too, with no edit to the test), and where a game lacks
what the test is about it skips with the reason these helpers give: no board, no chance deal, no start dealt yet.

* ``policy(game)``: the game's own random-play policy, kept where the game keeps its random play
  (``policy`` in tests/<game>/test_random_play.py: a game whose uniform random play hardly ends defines one);
  the uniform policy otherwise.
* ``chance_phases(game)``: the phases where chance acts (its set-up deal, its dice), from the published schema.
* ``board(answer)``: the board of a describe answer, or None (a game without one).
"""

from __future__ import annotations

import importlib
from pathlib import Path

from casebook import schemas
from casebook.properties.random_play import policy_step, random_step, uniform_policy

ROOT = Path(__file__).resolve().parent.parent


def games() -> list[str]:
    """Every game of features/ (those with a trace: a game in transcription too)."""
    return sorted(p.parent.name for p in (ROOT / "features").glob("*/trace.yml"))


def policy(game: str):
    """``policy(state, legal, rng)`` of tests/<game>/test_random_play.py, or the uniform policy."""
    try:
        module = importlib.import_module(f"tests.{game}.test_random_play")
    except ModuleNotFoundError:
        return uniform_policy
    return getattr(module, "policy", uniform_policy)


def step(game: str):
    """One random move by the game's own policy (``random_step`` where it has none): ``step(table, rng)``."""
    chosen = policy(game)
    return random_step if chosen is uniform_policy else policy_step(chosen)


def chance_phases(game: str) -> list[str]:
    """The phases in which chance acts, as the game's published schema says."""
    return [p["name"] for p in schemas.load(game).get("phases", []) if p.get("actor") == "chance"]


def board(answer: dict | None) -> dict | None:
    """The board of a describe answer (None: the game has none, or there is no answer)."""
    return (answer or {}).get("board")
