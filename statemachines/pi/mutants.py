"""Hand-written one-rule mutants of the P.I. reference, beside the engine they mutate: ``casebook mutate --game pi``
runs them beside the mutants it generates from the tables, each applied as the engine is imported
(casebook/mutation/patch.py), never by editing a file.  Data only, read by casebook/mutation/tables.py and never
imported: each mutant replaces one text of an engine file (it must occur exactly once there).

The first pass (2026-12-01) killed 49 of 51; the two survivors are equivalent, not missed, and
equivalent-mutants.yml (beside this file) says why for each.
"""

ENGINE, MACHINE, RULES = "statemachines/pi/engine.py", "statemachines/pi/machine.py", "statemachines/pi/rules.py"

# (name, the clauses it breaks, file, the definition that holds the text: its anchor, the text, its mutation)
MUTANTS = [
    # -- scoring table (PI-SOLV-02..04)
    ("score-4th-is-2", ["PI-SOLV-02"], RULES, "POINTS", "POINTS = (7, 5, 3, 1, 0)", "POINTS = (7, 5, 3, 2, 0)"),
    ("score-2nd-is-4", ["PI-SOLV-02"], RULES, "POINTS", "POINTS = (7, 5, 3, 1, 0)", "POINTS = (7, 4, 3, 1, 0)"),
    (
        "score-by-solvers-not-turns",
        ["PI-SOLV-03"],
        ENGINE,
        "PI.credit_solution",
        'earlier = len({t for t in s["solved"].values() if t < turn})',
        'earlier = len([t for t in s["solved"].values() if t < turn])',
    ),
    # -- same-turn ties (PI-SOLV-03)
    (
        "same-turn-counts-as-earlier",
        ["PI-SOLV-03"],
        ENGINE,
        "PI.credit_solution",
        'earlier = len({t for t in s["solved"].values() if t < turn})',
        'earlier = len({t for t in s["solved"].values() if t <= turn})',
    ),
    (
        "same-turn-solvers-counted",
        ["PI-SOLV-03"],
        ENGINE,
        "PI.credit_solution",
        'earlier = len({t for t in s["solved"].values() if t < turn})',
        'earlier = len(s["solved"])',
    ),
    # -- penalties (PI-SOLV-05, PI-END-02)
    ("penalty-is-1-point", ["PI-SOLV-05", "PI-END-02"], RULES, "PENALTY", "PENALTY = 2 ", "PENALTY = 1 "),
    ("penalty-not-counted", ["PI-SOLV-05"], ENGINE, "PI.give_penalty", "+= 1  # PI-SOLV-05", "+= 0  # PI-SOLV-05"),
    (
        "penalty-not-in-total",
        ["PI-END-02"],
        ENGINE,
        "PI.end_game",
        'sum(s["points"][p]) - R.PENALTY * s["penalties"][p]',
        'sum(s["points"][p])',
    ),
    (
        "penalty-floor-zero",
        ["PI-END-02"],
        ENGINE,
        "PI.end_game",
        'sum(s["points"][p]) - R.PENALTY * s["penalties"][p]',
        'max(0, sum(s["points"][p]) - R.PENALTY * s["penalties"][p])',
    ),
    # -- the round's end: fewer than two unsolved at the end of a pass (PI-SOLV-08, -09)
    (
        "round-ends-below-one",
        ["PI-SOLV-08"],
        ENGINE,
        "PI.round_ends",
        "len(self.unsolved()) < 2",
        "len(self.unsolved()) < 1",
    ),
    (
        "round-ends-at-two",
        ["PI-SOLV-08"],
        ENGINE,
        "PI.round_ends",
        "len(self.unsolved()) < 2",
        "len(self.unsolved()) <= 2",
    ),
    (
        "round-end-mid-pass",
        ["PI-SOLV-08", "PI-SOLV-09"],
        ENGINE,
        "PI.round_ends",
        "return self.next_in_pass() is None and len(self.unsolved()) < 2",
        "return len(self.unsolved()) < 2",
    ),
    # -- discs and cubes by adjacency (PI-DET-06..09, PI-EVI-03..06, PI-DET-01)
    (
        "detective-cube-includes-own-location",
        ["PI-DET-07"],
        ENGINE,
        "PI.answer_for",
        '"cubes": sum(x in R.NEIGHBOURS[on] for x in spots)',
        '"cubes": sum(x in R.NEIGHBOURS[on] or x == on for x in spots)',
    ),
    (
        "detective-disc-and-cube-swapped",
        ["PI-DET-06", "PI-DET-07"],
        ENGINE,
        "PI.answer_for",
        'return {"discs": sum(x == on for x in spots), "cubes": sum(x in R.NEIGHBOURS[on] for x in spots)}',
        'return {"cubes": sum(x == on for x in spots), "discs": sum(x in R.NEIGHBOURS[on] for x in spots)}',
    ),
    (
        "detective-cube-at-most-one",
        ["PI-DET-07"],
        ENGINE,
        "PI.answer_for",
        '"cubes": sum(x in R.NEIGHBOURS[on] for x in spots)',
        '"cubes": int(any(x in R.NEIGHBOURS[on] for x in spots))',
    ),
    (
        "card-disc-also-cube",
        ["PI-EVI-03"],
        ENGINE,
        "PI.answer_for",
        'return {"discs": 1, "cubes": 0}',
        'return {"discs": 1, "cubes": 1}',
    ),
    (
        "card-cube-on-same-tile-location",
        ["PI-EVI-04"],
        ENGINE,
        "PI.answer_for",
        "int(self.where(kind, case[kind]) in R.NEIGHBOURS[self.where(kind, on)])",
        "int(self.where(kind, case[kind]) in R.NEIGHBOURS[self.where(kind, on)] | {self.where(kind, on)})",
    ),
    (
        "card-never-cube",
        ["PI-EVI-04"],
        ENGINE,
        "PI.answer_for",
        "int(self.where(kind, case[kind]) in R.NEIGHBOURS[self.where(kind, on)])",
        "0",
    ),
    ("board-path-dropped", ["PI-DET-01"], RULES, "PATHS", '("Lakeside", "Theatre Row"),', ""),
    # -- refilling the row (PI-EVI-01, -08, -09)
    ("refill-even-when-round-ends", ["PI-EVI-08", "PI-EVI-09"], MACHINE, "TRANSITIONS", '"unless": "round_ends",', ""),
    (
        "refill-never",
        ["PI-EVI-08"],
        ENGINE,
        "PI.row_has_a_gap",
        'return len(self.s["face_up"]) < R.FACE_UP and bool(self.s["deck"])',
        "return False",
    ),
    ("row-of-eight", ["PI-EVI-01"], RULES, "FACE_UP", "FACE_UP = 9 ", "FACE_UP = 8 "),
    # -- detectives carried across rounds (PI-DET-05, PI-GOAL-05)
    (
        "detectives-restored-each-round",
        ["PI-DET-05", "PI-GOAL-05"],
        ENGINE,
        "PI._fresh_round",
        '"tiles": {loc: {"suspect": None, "crime": None} for loc in R.LOCATIONS},',
        '"tiles": {loc: {"suspect": None, "crime": None} for loc in R.LOCATIONS},'
        ' "detectives": dict.fromkeys(self.players, R.DETECTIVES),',
    ),
    (
        "detective-not-used-up",
        ["PI-DET-05"],
        ENGINE,
        "PI.put_detective",
        'self.s["detectives"][actor] -= 1',
        'self.s["detectives"][actor] -= 0',
    ),
    # -- tie-breaks (PI-END-03..05)
    (
        "tiebreak-penalties-before-detectives",
        ["PI-END-03", "PI-END-04"],
        ENGINE,
        "PI.end_game",
        'rank = {p: (totals[p], s["detectives"][p], -s["penalties"][p])',
        'rank = {p: (totals[p], -s["penalties"][p], s["detectives"][p])',
    ),
    (
        "tiebreak-no-detectives",
        ["PI-END-03"],
        ENGINE,
        "PI.end_game",
        'rank = {p: (totals[p], s["detectives"][p], -s["penalties"][p])',
        'rank = {p: (totals[p], -s["penalties"][p])',
    ),
    (
        "tiebreak-no-penalties",
        ["PI-END-04"],
        ENGINE,
        "PI.end_game",
        'rank = {p: (totals[p], s["detectives"][p], -s["penalties"][p])',
        'rank = {p: (totals[p], s["detectives"][p])',
    ),
    (
        "tiebreak-fewer-detectives",
        ["PI-END-03"],
        ENGINE,
        "PI.end_game",
        'rank = {p: (totals[p], s["detectives"][p], -s["penalties"][p])',
        'rank = {p: (totals[p], -s["detectives"][p], -s["penalties"][p])',
    ),
    (
        "no-shared-victory",
        ["PI-END-05"],
        ENGINE,
        "PI.end_game",
        "winners = [p for p in self.players if rank[p] == best]",
        "winners = [p for p in self.players if rank[p] == best][:1]",
    ),
    # -- turn order across rounds (PI-TURN-04)
    (
        "same-first-player-every-round",
        ["PI-TURN-04"],
        ENGINE,
        "PI.pass_order",
        'k = (self.s["round"] - 1) % len(self.players)',
        "k = 0",
    ),
    (
        "first-player-moves-right",
        ["PI-TURN-04"],
        ENGINE,
        "PI.pass_order",
        'k = (self.s["round"] - 1) % len(self.players)',
        'k = (1 - self.s["round"]) % len(self.players)',
    ),
    # -- solved players sit out (PI-TURN-03)
    (
        "solved-still-plays",
        ["PI-TURN-03"],
        ENGINE,
        "PI.next_in_pass",
        'if q not in self.s["solved"]), None)',
        "), None)",
    ),
    (
        "new-pass-from-solved-first",
        ["PI-TURN-03", "PI-SOLV-09"],
        ENGINE,
        "PI.pass_turn",
        "nxt = self.unsolved()[0]",
        "nxt = self.pass_order()[0]",
    ),
    # -- the neighbour-answers variant (PI-TIP-03..05)
    (
        "answerer-is-left-neighbour",
        ["PI-TIP-03"],
        ENGINE,
        "PI._await",
        '"answerer": self.right_of(player)',
        '"answerer": self.left_of(player)',
    ),
    (
        "answerer-is-the-player",
        ["PI-TIP-03"],
        ENGINE,
        "PI._await",
        '"answerer": self.right_of(player)',
        '"answerer": player',
    ),
    (
        "any-answer-accepted",
        ["PI-TIP-04"],
        ENGINE,
        "PI.options_answer",
        'return offer(pending["answerer"], [self.answer_for(pending["player"], pending["by"], pending["on"])])',
        'return offer(pending["answerer"], [{"discs": d, "cubes": c} for d in range(4) for c in range(4)])',
    ),
    (
        "variant-ignored",
        ["PI-TIP-02", "PI-TIP-03"],
        ENGINE,
        "PI.neighbour_answers",
        'return self.variant == "neighbour-answers"',
        "return False",
    ),
    # -- solving, rounds, what a card or a try tells
    (
        "solve-any-two-right",
        ["PI-SOLV-02", "PI-SOLV-05"],
        ENGINE,
        "PI.names_the_case",
        "return all(action[k] == v for k, v in self.case_of(self.current).items())",
        "return sum(action[k] == v for k, v in self.case_of(self.current).items()) >= 2",
    ),
    (
        "case-of-wrong-neighbour",
        ["PI-TIP-01", "PI-GOAL-03"],
        ENGINE,
        "PI.case_of",
        'return self.s["private"][self.right_of(player)]["case"]',
        'return self.s["private"][self.left_of(player)]["case"]',
    ),
    ("three-rounds-become-two", ["PI-GOAL-05"], RULES, "ROUNDS", "ROUNDS = 3 ", "ROUNDS = 2 "),
    (
        "location-card-counts-its-tiles",
        ["PI-EVI-05"],
        ENGINE,
        "PI.answer_for",
        "kind = R.KIND_OF[on]\n",
        "kind = R.KIND_OF[on]\n"
        '        if kind == "location" and any(self.where(k, case[k]) == on for k in ("suspect", "crime")):\n'
        '            return {"discs": 1, "cubes": 0}\n',
    ),
    (
        "card-tells-every-element-at-its-tile",
        ["PI-EVI-03", "PI-EVI-04"],
        ENGINE,
        "PI.answer_for",
        "kind = R.KIND_OF[on]\n",
        "kind = R.KIND_OF[on]\n"
        "        tile, spots = self.where(kind, on), [self.where(k, case[k]) for k in R.CASE_KINDS]\n"
        '        return {"discs": sum(x == tile for x in spots), '
        '"cubes": sum(x in R.NEIGHBOURS[tile] for x in spots)}\n',
    ),
    (
        "blank-tile-earns-a-disc",
        ["PI-DET-09"],
        ENGINE,
        "PI.answer_for",
        '"discs": sum(x == on for x in spots)',
        '"discs": sum(x == on for x in spots) + sum(t.startswith("no ") for t in self.s["tiles"][on].values())',
    ),
    (
        "wrong-try-shows-the-case",
        ["PI-SOLV-06"],
        ENGINE,
        "PI.give_penalty",
        'self.emit("penalised", player=actor, penalties=self.s["penalties"][actor])',
        'self.emit("penalised", player=actor, penalties=self.s["penalties"][actor])\n'
        '        self.emit("case_shown", player=actor, case=dict(self.case_of(actor)))',
    ),
    # -- added after the first pass
    (
        "fifth-discovery-turn-earns-1",
        ["PI-SOLV-02"],
        ENGINE,
        "PI.credit_solution",
        "points = R.POINTS[min(earlier, len(R.POINTS) - 1)]",
        "points = R.POINTS[min(earlier, len(R.POINTS) - 2)]",
    ),
    (
        "game-turn-per-player-not-per-pass",
        ["PI-SOLV-03", "PI-SOLV-09"],
        ENGINE,
        "PI.pass_turn",
        'self.s["game_turn"] += 1\n            nxt = self.unsolved()[0]',
        "nxt = self.unsolved()[0]",
    ),
    (
        "seeding-ignores-two-blanks",
        ["PI-DET-02"],
        ENGINE,
        "PI.options_seed",
        'return chance(({"location": loc, "tile": t} for t in tiles), (supply.count(t) for t in tiles))',
        'return chance(({"location": loc, "tile": t} for t in tiles))',
    ),
    (
        "place-with-no-detectives-left",
        ["PI-DET-05"],
        ENGINE,
        "PI.options_place",
        'if not self.s["detectives"][self.current]:\n            return []',
        "if False:\n            return []",
    ),
    (
        "solved-holder-does-not-answer",
        ["PI-TIP-05"],
        ENGINE,
        "PI._await",
        '"answerer": self.right_of(player)',
        '"answerer": self.right_of(player) if self.right_of(player) not in self.s["solved"] '
        "else self.right_of(self.right_of(player))",
    ),
    (
        "case-drawn-for-right-neighbour",
        ["PI-GOAL-03"],
        ENGINE,
        "PI.deal_case_card",
        '**{"for": self.left_of(holder)}',
        '**{"for": self.right_of(holder)}',
    ),
    (
        "unsolved-keeps-points-of-earlier-try",
        ["PI-SOLV-08"],
        ENGINE,
        "PI.give_penalty",
        'self.s["penalties"][actor] += 1  # PI-SOLV-05',
        'self.s["points"][actor][-1] = 1\n        self.s["penalties"][actor] += 1  # PI-SOLV-05',
    ),
]
