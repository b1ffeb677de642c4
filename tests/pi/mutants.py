"""A one-rule-at-a-time mutation pass over the P.I. reference (statemachines/pi): ``python -m tests.pi.mutants [NAME ...]``.

Each mutant replaces one text of the engine (it must occur exactly once) in a copy of the checkout; the copy then
runs the P.I. scenarios and, if they all pass, the P.I. random play (tests/pi), in process, stopping at the first
failure.  A mutant is killed when something fails.  Not a test (pytest does not collect it): a tool for a review.

Last run (2026-12-01): 49 of 51 killed.  The two survivors are equivalent, not missed:
  * card-cube-on-same-tile-location: every location holds exactly one tile of each kind and every element is on
    the board, so the case's element of a card's kind never lies on the card's own tile unless it is the card;
  * fifth-discovery-turn-earns-1: a round ends once fewer than two are unsolved after a pass (PI-SOLV-08), so even
    five players make at most four discovery turns; the table's fifth value (0) is never reached.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ENGINE, MACHINE, RULES = "statemachines/pi/engine.py", "statemachines/pi/machine.py", "statemachines/pi/rules.py"

# (name, file, the text, its mutation)
MUTANTS = [
    # -- scoring table (PI-SOLV-02..04)
    ('score-4th-is-2', RULES, 'POINTS = (7, 5, 3, 1, 0)',
     'POINTS = (7, 5, 3, 2, 0)'),
    ('score-2nd-is-4', RULES, 'POINTS = (7, 5, 3, 1, 0)',
     'POINTS = (7, 4, 3, 1, 0)'),
    ('score-by-solvers-not-turns', ENGINE, 'earlier = len({t for t in s["solved"].values() if t < turn})',
     'earlier = len([t for t in s["solved"].values() if t < turn])'),
    # -- same-turn ties (PI-SOLV-03)
    ('same-turn-counts-as-earlier', ENGINE, 'earlier = len({t for t in s["solved"].values() if t < turn})',
     'earlier = len({t for t in s["solved"].values() if t <= turn})'),
    ('same-turn-solvers-counted', ENGINE, 'earlier = len({t for t in s["solved"].values() if t < turn})',
     'earlier = len(s["solved"])'),
    # -- penalties (PI-SOLV-05, PI-END-02)
    ('penalty-is-1-point', RULES, 'PENALTY = 2 ',
     'PENALTY = 1 '),
    ('penalty-not-counted', ENGINE, '+= 1  # PI-SOLV-05',
     '+= 0  # PI-SOLV-05'),
    ('penalty-not-in-total', ENGINE, 'sum(s["points"][p]) - R.PENALTY * s["penalties"][p]',
     'sum(s["points"][p])'),
    ('penalty-floor-zero', ENGINE, 'sum(s["points"][p]) - R.PENALTY * s["penalties"][p]',
     'max(0, sum(s["points"][p]) - R.PENALTY * s["penalties"][p])'),
    # -- the round's end: fewer than two unsolved at the end of a pass (PI-SOLV-08, -09)
    ('round-ends-below-one', ENGINE, 'len(self.unsolved()) < 2',
     'len(self.unsolved()) < 1'),
    ('round-ends-at-two', ENGINE, 'len(self.unsolved()) < 2',
     'len(self.unsolved()) <= 2'),
    ('round-end-mid-pass', ENGINE, 'return self.next_in_pass() is None and len(self.unsolved()) < 2',
     'return len(self.unsolved()) < 2'),
    # -- discs and cubes by adjacency (PI-DET-06..09, PI-EVI-03..06, PI-DET-01)
    ('detective-cube-includes-own-location', ENGINE, '"cubes": sum(x in R.NEIGHBOURS[on] for x in spots)',
     '"cubes": sum(x in R.NEIGHBOURS[on] or x == on for x in spots)'),
    ('detective-disc-and-cube-swapped', ENGINE, 'return {"discs": sum(x == on for x in spots), "cubes": sum(x in R.NEIGHBOURS[on] for x in spots)}',
     'return {"cubes": sum(x == on for x in spots), "discs": sum(x in R.NEIGHBOURS[on] for x in spots)}'),
    ('detective-cube-at-most-one', ENGINE, '"cubes": sum(x in R.NEIGHBOURS[on] for x in spots)',
     '"cubes": int(any(x in R.NEIGHBOURS[on] for x in spots))'),
    ('card-disc-also-cube', ENGINE, 'return {"discs": 1, "cubes": 0}',
     'return {"discs": 1, "cubes": 1}'),
    ('card-cube-on-same-tile-location', ENGINE, 'int(self.where(kind, case[kind]) in R.NEIGHBOURS[self.where(kind, on)])',
     'int(self.where(kind, case[kind]) in R.NEIGHBOURS[self.where(kind, on)] | {self.where(kind, on)})'),
    ('card-never-cube', ENGINE, 'int(self.where(kind, case[kind]) in R.NEIGHBOURS[self.where(kind, on)])',
     '0'),
    ('board-path-dropped', RULES, '("Lakeside", "Theatre Row"), ',
     ''),
    # -- refilling the row (PI-EVI-01, -08, -09)
    ('refill-even-when-round-ends', MACHINE, '"conditions": "row_has_a_gap", "unless": "round_ends",',
     '"conditions": "row_has_a_gap",'),
    ('refill-never', ENGINE, 'return len(self.s["face_up"]) < R.FACE_UP and bool(self.s["deck"])',
     'return False'),
    ('row-of-eight', RULES, 'FACE_UP = 9 ',
     'FACE_UP = 8 '),
    # -- detectives carried across rounds (PI-DET-05, PI-GOAL-05)
    ('detectives-restored-each-round', ENGINE, '"game_turn": 0, "current": None,\n            "tiles"',
     '"game_turn": 0, "current": None, "detectives": dict.fromkeys(self.players, R.DETECTIVES),\n            "tiles"'),
    ('detective-not-used-up', ENGINE, 'self.s["detectives"][actor] -= 1',
     'self.s["detectives"][actor] -= 0'),
    # -- tie-breaks (PI-END-03..05)
    ('tiebreak-penalties-before-detectives', ENGINE, 'rank = {p: (totals[p], s["detectives"][p], -s["penalties"][p])',
     'rank = {p: (totals[p], -s["penalties"][p], s["detectives"][p])'),
    ('tiebreak-no-detectives', ENGINE, 'rank = {p: (totals[p], s["detectives"][p], -s["penalties"][p])',
     'rank = {p: (totals[p], -s["penalties"][p])'),
    ('tiebreak-no-penalties', ENGINE, 'rank = {p: (totals[p], s["detectives"][p], -s["penalties"][p])',
     'rank = {p: (totals[p], s["detectives"][p])'),
    ('tiebreak-fewer-detectives', ENGINE, 'rank = {p: (totals[p], s["detectives"][p], -s["penalties"][p])',
     'rank = {p: (totals[p], -s["detectives"][p], -s["penalties"][p])'),
    ('no-shared-victory', ENGINE, 'winners = [p for p in self.players if rank[p] == best]',
     'winners = [p for p in self.players if rank[p] == best][:1]'),
    # -- turn order across rounds (PI-TURN-04)
    ('same-first-player-every-round', ENGINE, 'k = (self.s["round"] - 1) % len(self.players)',
     'k = 0'),
    ('first-player-moves-right', ENGINE, 'k = (self.s["round"] - 1) % len(self.players)',
     'k = (1 - self.s["round"]) % len(self.players)'),
    # -- solved players sit out (PI-TURN-03)
    ('solved-still-plays', ENGINE, 'if q not in self.s["solved"]), None)',
     '), None)'),
    ('new-pass-from-solved-first', ENGINE, 'nxt = self.unsolved()[0]',
     'nxt = self.pass_order()[0]'),
    # -- the neighbour-answers variant (PI-TIP-03..05)
    ('answerer-is-left-neighbour', ENGINE, '"answerer": self.right_of(player)',
     '"answerer": self.left_of(player)'),
    ('answerer-is-the-player', ENGINE, '"answerer": self.right_of(player)',
     '"answerer": player'),
    ('any-answer-accepted', ENGINE, 'return offer(pending["answerer"], [self.answer_for(pending["player"], pending["by"], pending["on"])])',
     'return offer(pending["answerer"], [{"discs": d, "cubes": c} for d in range(4) for c in range(4)])'),
    ('variant-ignored', ENGINE, 'return self.variant == "neighbour-answers"',
     'return False'),
    # -- solving, rounds, what a card or a try tells
    ('solve-any-two-right', ENGINE, 'return all(action[k] == v for k, v in self.case_of(self.current).items())',
     'return sum(action[k] == v for k, v in self.case_of(self.current).items()) >= 2'),
    ('case-of-wrong-neighbour', ENGINE, 'return self.s["private"][self.right_of(player)]["case"]',
     'return self.s["private"][self.left_of(player)]["case"]'),
    ('three-rounds-become-two', RULES, 'ROUNDS = 3 ',
     'ROUNDS = 2 '),
    ('location-card-counts-its-tiles', ENGINE, 'kind = R.KIND_OF[on]\n',
     'kind = R.KIND_OF[on]\n        if kind == "location" and any(self.where(k, case[k]) == on for k in ("suspect", "crime")):\n            return {"discs": 1, "cubes": 0}\n'),
    ('card-tells-every-element-at-its-tile', ENGINE, 'kind = R.KIND_OF[on]\n',
     'kind = R.KIND_OF[on]\n        tile, spots = self.where(kind, on), [self.where(k, case[k]) for k in R.CASE_KINDS]\n        return {"discs": sum(x == tile for x in spots), "cubes": sum(x in R.NEIGHBOURS[tile] for x in spots)}\n'),
    ('blank-tile-earns-a-disc', ENGINE, '"discs": sum(x == on for x in spots)',
     '"discs": sum(x == on for x in spots) + sum(t.startswith("no ") for t in self.s["tiles"][on].values())'),
    ('wrong-try-shows-the-case', ENGINE, 'self.emit("penalised", player=actor, penalties=self.s["penalties"][actor])',
     'self.emit("penalised", player=actor, penalties=self.s["penalties"][actor])\n        self.emit("case_shown", player=actor, case=dict(self.case_of(actor)))'),
    # -- added after the first pass
    ('fifth-discovery-turn-earns-1', ENGINE, 'points = R.POINTS[min(earlier, len(R.POINTS) - 1)]',
     'points = R.POINTS[min(earlier, len(R.POINTS) - 2)]'),
    ('game-turn-per-player-not-per-pass', ENGINE, 'self.s["game_turn"] += 1\n            nxt = self.unsolved()[0]',
     'nxt = self.unsolved()[0]'),
    ('seeding-ignores-two-blanks', ENGINE, 'return chance(({"location": loc, "tile": t} for t in tiles), (supply.count(t) for t in tiles))',
     'return chance(({"location": loc, "tile": t} for t in tiles))'),
    ('place-with-no-detectives-left', ENGINE, 'if not self.s["detectives"][self.current]:\n            return []',
     'if False:\n            return []'),
    ('solved-holder-does-not-answer', ENGINE, '"answerer": self.right_of(player)',
     '"answerer": self.right_of(player) if self.right_of(player) not in self.s["solved"] else self.right_of(self.right_of(player))'),
    ('case-drawn-for-right-neighbour', ENGINE, 'self.emit("case_card_drawn", by=holder, **{"for": self.left_of(holder)}',
     'self.emit("case_card_drawn", by=holder, **{"for": self.right_of(holder)}'),
    ('unsolved-keeps-points-of-earlier-try', ENGINE, 'self.s["penalties"][actor] += 1  # PI-SOLV-05',
     'self.s["points"][actor][-1] = 1\n        self.s["penalties"][actor] += 1  # PI-SOLV-05'),
]


def run(names: list[str]) -> int:
    chosen = [m for m in MUTANTS if not names or m[0] in names]
    killed = 0
    with tempfile.TemporaryDirectory() as tmp:
        copy = Path(tmp) / "checkout"
        shutil.copytree(ROOT, copy, ignore=shutil.ignore_patterns(".venv", ".git", "results", "build", "__pycache__"))
        env = dict(os.environ, PYTHONPATH=str(copy))
        for name, path, old, new in chosen:
            original = (ROOT / path).read_text()
            if original.count(old) != 1:
                print(f"{name}: the text occurs {original.count(old)} times in {path}; fix the table", flush=True)
                continue
            (copy / path).write_text(original.replace(old, new))
            verdict = "survived"
            for target in ("step_defs/pi.py", "tests/pi"):
                done = subprocess.run([sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", target],
                                      cwd=copy, env=env, capture_output=True, text=True)
                if done.returncode:
                    first = next((line for line in done.stdout.splitlines() if line.startswith(("FAILED", "ERROR"))), "")
                    verdict = f"killed: {first[:150]}"
                    killed += 1
                    break
            (copy / path).write_text(original)
            print(f"{name}: {verdict}", flush=True)
    print(f"killed {killed}/{len(chosen)}")
    return 0


if __name__ == "__main__":
    sys.exit(run(sys.argv[1:]))
