"""Issue 51 items 2 and 5 on the view models: the first turn at a glance, and figures a reader trusts.

At a glance: every move the engine describes is named (as the rulebook names it where features/<game>/glance.yml
says), a move offered again is said once, the cards a player plays are listed with their effects, what a player has
comes first, and glance.yml cannot name a clause the game lacks.  Conformance: an engine is judged per game on the
clauses it supports, so a one-game engine is not "8 % passing"; clauses are grouped by game.
"""

from __future__ import annotations

import html
import re
from collections import Counter

import pytest

from casebook.rulebook import CLAUSE_STATUSES, Clause, Game, read_games
from casebook.site import glance, wording
from casebook.site.pictures import turn_graph
from casebook.site.render import Site
from casebook.site.results import Report, clauses_by_game, report_figures

from .conftest import ROOT


@pytest.fixture(scope="module")
def site():
    return Site(ROOT, ROOT / "no-results").build()


def player_verbs(described: dict) -> set[str]:
    """The verbs a player chooses in the turn, in words, as the glance reads them from describe."""
    _, turn, _ = turn_graph.turn_phases(described)
    phases = {p["name"] for p in turn if p.get("actor") in ("player", "players")}
    chance = {p["name"] for p in described["phases"] if p.get("actor") == "chance"}
    by_chance = {t["verb"] for t in described["transitions"] if t.get("source") in chance}
    return {
        turn_graph.words(t["verb"])
        for t in described["transitions"]
        if t.get("source") in phases and t["verb"] not in glance.NOT_CHOSEN | by_chance
    }


def test_every_move_is_named_and_every_name_is_a_move_the_engine_lists(site):
    """glance.yml names moves the engine describes (a name for a verb that is gone fails here), and each game's
    glance shows every move a player chooses, under its name."""
    pages = site.pages()
    for game in site.games:
        described = site.engines[game.id].describe
        taught = site.taught[game.id]
        verbs = player_verbs(described)
        assert set(taught["moves"]) <= verbs, (game.id, set(taught["moves"]) - verbs)
        phases = {p["name"] for p in described["phases"]} | {turn_graph.words(p["name"]) for p in described["phases"]}
        assert set(taught["phases"]) <= phases, (game.id, set(taught["phases"]) - phases)
        view = glance.glance_view(game, described, None, site.schemas.get(game.id), taught)
        shown = {mv["verb"] for ph in view["moves"] for mv in ph["moves"]}
        assert shown == {taught["moves"].get(v, v) for v in verbs}, game.id
        assert view["you_have"], f"{game.id}: what a player has is not said"
        box = pages[glance.path(game.id)].split('<details class="cb-fold" id="components">')[1].split("</details>")[0]
        for c in view["you_have"]:  # said once: not again under the components or the goal
            assert f'#{c.id}"' not in box, (game.id, c.id)


def test_feuerdiamant_names_its_four_actions_a_to_d_and_a_shared_name_is_one_move(site):
    game = next(g for g in site.games if g.id == "feuerdiamant")
    view = glance.glance_view(game, site.engines[game.id].describe, None, site.schemas[game.id], site.taught[game.id])
    action = next(ph for ph in view["moves"] if ph["name"] == "action")
    names = [mv["verb"] for mv in action["moves"]]
    for letter in "abcd":
        assert any(n.startswith(f"{letter}. ") for n in names), (letter, names)
    assert names.count("c. Remove an obstacle or a roadblock") == 1  # remove_obstacle and remove_roadblock
    assert not any(mv["verb"] == "remove obstacle" for ph in view["moves"] for mv in ph["moves"])


def test_feuerdiamants_action_step_names_its_four_actions_in_the_turn(site):
    """The engine's summary says "one action a to d"; a player reads the four, named on the step's line: its summary
    (glance.yml's phases) and the names of its moves, open under it."""
    game = next(g for g in site.games if g.id == "feuerdiamant")
    view = glance.glance_view(game, site.engines[game.id].describe, None, site.schemas[game.id], site.taught[game.id])
    step = next(p for p in view["turn"] if p["name"] == "action")
    assert "a to d" not in step["summary"]
    names = [mv["verb"] for mv in step["moves"]]
    for named in ("a. Reveal a clue card", "b. Reveal a person card", "c. Remove an obstacle", "d. Draw a detective"):
        assert any(n.startswith(named) for n in names), (named, names)
    page = site.pages()[glance.path(game.id)]
    shown = page[page.index("<strong>action</strong>") :].split("</summary>")[0]
    assert all(f"<strong>{n}</strong>" in shown for n in names), shown


def described(*phases: tuple[str, list[tuple[str, list[str]]]]) -> dict:
    """A describe answer of player phases in a ring, each with its verbs and their clauses."""
    names = [p for p, _ in phases]
    return {
        "phases": [{"name": p, "actor": "player"} for p in names],
        "transitions": [
            {"source": p, "dest": names[(i + 1) % len(names)], "verb": verb, "clauses": ids}
            for i, (p, verbs) in enumerate(phases)
            for verb, ids in verbs
        ],
    }


def clauses(*ids: str) -> dict[str, Clause]:
    return {
        i: Clause(id=i, text=f"the rule {i}", description="", tags=[], line=1, background=[], examples=[]) for i in ids
    }


def test_a_move_offered_again_is_said_once_unless_it_says_more():
    by_id = clauses("X-1", "X-2", "X-3")
    answer = described(
        ("first", [("play", ["X-1"]), ("ask", ["X-2"])]),
        ("second", [("play", ["X-1"]), ("pass", ["X-2"])]),
        ("third", [("pass", ["X-3"])]),
    )
    first, second, third = glance.moves(answer, answer["phases"], by_id, {"ask": "Ask a question"})
    assert [(m["verb"], m["again"], [c.id for c in m["clauses"]]) for m in first["moves"]] == [
        ("play", False, ["X-1"]),
        ("Ask a question", False, ["X-2"]),
    ]
    assert [(m["verb"], m["again"], m["clauses"]) for m in second["moves"]][0] == ("play", True, [])
    # "pass" at the third phase says something the second's did not: shown whole
    assert [(m["verb"], m["again"], [c.id for c in m["clauses"]]) for m in third["moves"]] == [("pass", False, ["X-3"])]


def test_a_move_offered_at_every_step_is_said_once_before_the_steps():
    """Feuerdiamant's detective cards stood "(as above)" under five of its six steps, heist's notes assistant under
    four of five: a move at every step where a player chooses is said once, unless a later step says more of it."""
    by_id = clauses("X-1", "X-2", "X-3", "X-4")
    answer = described(
        ("first", [("play", ["X-1"]), ("ask", ["X-2"])]),
        ("second", [("play", ["X-1"]), ("pass", ["X-3"])]),
        ("third", [("play", ["X-1"])]),
    )
    steps = glance.moves(answer, answer["phases"], by_id)
    assert [mv["verb"] for mv in glance.any_step(steps)] == ["play"]
    assert [[mv["verb"] for mv in step["moves"]] for step in steps] == [["ask"], ["pass"], []]
    # the third step's "play" says more: it keeps its place at every step; two steps are too few
    answer["transitions"][-1]["clauses"] = ["X-1", "X-4"]
    steps = glance.moves(answer, answer["phases"], by_id)
    assert glance.any_step(steps) == [] and [mv["verb"] for mv in steps[2]["moves"]] == ["play"]
    assert glance.any_step(glance.moves(answer, answer["phases"][:2], by_id)) == []


def test_the_cards_a_player_plays_come_with_their_numbers_and_effects(site):
    by_game = {g.id: g for g in site.games}
    views = {
        g: glance.glance_view(by_game[g], site.engines[g].describe, None, site.schemas.get(g), site.taught[g])
        for g in by_game
    }
    sd = views["small_detectives"]
    assert len(sd["cards"]) == 15 and sd["cards_ordered"]
    assert [c["number"] for c in sd["cards"]] == [""] + [f"{n:03d}" for n in range(1, 15)]
    assert sd["cards"][1]["name"] == "Foot Patrol" and all(c["clause"] for c in sd["cards"])
    fd = views["feuerdiamant"]
    assert len(fd["cards"]) == 17 and not fd["cards_ordered"] and all(c["clause"] for c in fd["cards"])
    plus = next(c for c in fd["cards"] if c["name"] == "Movement +3")
    assert plus["number"] == "" and plus["clause"].id == "FD-CARD-02"
    assert (
        next(c for c in fd["cards"] if c["name"] == "Morton")["clause"].id == "FD-CARD-09"
    )  # the card, not the helper
    # Cluedo's clue cards have no effect to teach; its Advantage cards do, and the rulebook prints no texts for them:
    # each kind's effect in glance.yml's words, on our ruling of the three kinds and the clause of how one is played
    cd = views["cluedo_drei"]["cards"]
    assert [c["name"] for c in cd] == ["Taxi (6 cards)", "Call to the Headquarters (3 cards)", "Tip-off (4 cards)"]
    assert all(c["effect"] and [x.id for x in c["clauses"]] == ["CD-CMP-08", "CD-ADV-05"] for c in cd), cd
    assert "Headquarters" in cd[1]["effect"] and "shows you one" in cd[2]["effect"]


def test_pi_teaches_discs_cubes_detectives_and_scoring(site):
    game = next(g for g in site.games if g.id == "pi")
    view = glance.glance_view(game, site.engines["pi"].describe, None, site.schemas["pi"], site.taught["pi"])
    said = " ".join(c.text for ph in view["moves"] for mv in ph["moves"] for c in mv["clauses"])
    said += " ".join(c.text for c in view["you_have"] + view["end_clauses"])
    for words in (
        "one disc for each",
        "one cube for each",
        "five detectives for the whole game",
        "7 points",
        "two points",
    ):
        assert words in said, words


def test_glance_yml_naming_a_clause_the_game_lacks_is_a_problem(tmp_path):
    (tmp_path / "features" / "toy").mkdir(parents=True)
    (tmp_path / "features" / "toy" / "glance.yml").write_text(
        "you_have: [T-1, T-9]\nmoves: {roll: Roll the die}\ncards: {def: card, clauses: {Joker: T-8}}\n"
    )
    problems: list[str] = []
    toy = Game(id="toy", sections=[])
    toy.sections = [type("S", (), {"clauses": list(clauses("T-1").values())})()]
    taught = glance.read_taught(tmp_path, toy, problems)
    assert taught["you_have"] == ["T-1"] and taught["cards"]["clauses"] == {"Joker": []}
    assert len(problems) == 2 and "T-9" in problems[0] and "T-8" in problems[1]
    (tmp_path / "features" / "toy" / "glance.yml").write_text(
        "cards: {def: card, effects: {Joker: takes any card, Ace: wins}, clauses: {Joker: T-1}}\n"
    )
    taught = glance.read_taught(tmp_path, toy, problems)
    assert "the effect of the card 'Ace' cites no clause" in problems[-1] and taught["cards"]["clauses"]["Joker"] == [
        "T-1"
    ]
    (tmp_path / "features" / "toy" / "glance.yml").write_text("- not a mapping\n")
    assert glance.read_taught(tmp_path, toy, problems) == {} and "expected a mapping" in problems[-1]


# -- conformance figures ------------------------------------------------------------------------


def a_report(statuses: dict[str, str], games: dict[str, str]) -> Report:
    totals = {s: list(statuses.values()).count(s) for s in CLAUSE_STATUSES}
    entries = {i: {"game": games[i], "status": s} for i, s in statuses.items()}
    return Report("r.json", "cmd:r", "r", "1", "now", entries, totals)


def test_a_one_game_engine_is_judged_on_the_clauses_it_supports():
    games = {"A-1": "a", "A-2": "a", "A-3": "a", "A-4": "a"} | {f"B-{n}": "b" for n in range(40)}
    statuses = {"A-1": "passed", "A-2": "passed", "A-3": "failed", "A-4": "unsupported"}
    statuses |= {f"B-{n}": "unsupported" for n in range(40)}
    figures = report_figures(a_report(statuses, games), clauses_by_game([], games))
    a, b = figures["games"]
    assert (a["game"], a["offered"], a["supported"], a["passing"]) == ("a", True, 3, 67)
    assert (b["game"], b["offered"], b["passing"]) == ("b", False, None)
    assert figures["offered"] == ["a"] and figures["passing"] == 67  # was 2 of 44: "5 % passing"
    assert figures["counts"]["unsupported"] == 1  # the declined variant of the game it offers, not the other game's


def test_a_game_never_run_is_not_offered_and_a_report_clause_the_features_lack_is_kept_under_its_game():
    games = {"A-1": "a", "B-1": "b"}
    report = a_report({"A-1": "passed", "Z-1": "failed"}, games | {"Z-1": "b"})
    groups = clauses_by_game([report], games)
    assert groups == {"a": ["A-1"], "b": ["B-1", "Z-1"]}
    a, b = report_figures(report, groups)["games"]
    assert a["passing"] == 100 and b["offered"] and b["counts"]["not_run"] == 1 and b["passing"] == 0
    none = report_figures(a_report({}, {}), groups)
    assert none["offered"] == [] and none["passing"] is None


def test_the_features_order_groups_the_clauses():
    games = read_games(ROOT / "features")
    known = {c.id: g.id for g in games for c in g.clauses}
    groups = clauses_by_game([], known)
    assert list(groups) == [g.id for g in games]
    assert all(groups[g.id] == [c.id for c in g.clauses] for g in games)


SETUP_PICTURE = re.compile(
    r'cb-sub-diagram cb-player-only"[^>]*>Setting up</p>\s*<div class="cb-diagram cb-player-only"[^>]*>.*?'
    r'<pre class="cb-mermaid-source">(.*?)</pre>',
    re.S,
)


def test_a_players_set_up_picture_speaks_the_rulebook_and_no_two_arrows_from_a_box_say_the_same(site):
    """Issue 51: the set-up pictures read "fill case file" twice from one box (with and without the Duel's cards set
    aside), and "seeding", "hide", "deal": the engine's names.  In the players' picture every box of the set-up and
    every arrow is in the rulebook's words (none is a name of the engine's describe answer), and the arrows that
    leave one box say different things."""
    pages = site.pages()
    for game in site.games:
        described = site.engines[game.id].describe
        found = SETUP_PICTURE.search(pages[f"games/{game.id}/index.md"])
        assert found, f"{game.id}: no players' set-up picture"
        source = html.unescape(found.group(1))
        engine = wording.engine_names(described)
        boxes = re.findall(r'^\s*p\d+\["(.*)"\]$', source, re.M)  # the set-up's own phases (not the next part's ▸)
        arrows = re.findall(r"^\s*(\w+) -->\|(.*)\| \w+$", source, re.M)
        assert boxes, game.id
        said = [b.lower() for b in boxes] + [w.lower() for _, w in arrows]
        assert not [w for w in said if w in engine], (game.id, [w for w in said if w in engine])
        # glance.yml's words are for names the engine has (a verb renamed leaves them unused: found here)
        named = engine | {f"{turn_graph.words(t['verb'])} otherwise" for t in described["transitions"]}
        assert set(site.taught[game.id]["picture_words"]) <= named, (
            game.id,
            set(site.taught[game.id]["picture_words"]) - named,
        )
        leaving = Counter(arrows)
        assert all(n == 1 for n in leaving.values()), (game.id, [a for a, n in leaving.items() if n > 1])


def test_at_a_glance_says_each_clause_once_and_what_you_have_is_what_a_player_has(site):
    """Issue 51: Cluedo's CD-SET-02 stood under "What you have" and again under "Setting up", a win under the
    accusation's move and again under "How it ends"; Feuerdiamant's "What you have" listed rules (FD-IDEA-04, the
    players win together; FD-CARD-13, how detective cards are played; then FD-SET-10, who moves which figure), not
    what a player has.  A clause's words
    (with its link) are on its game's glance once; a list after it keeps its id only."""
    pages = site.pages()
    for game in site.games:
        page = pages[glance.path(game.id)]
        for c in game.clauses:
            said = re.findall(rf'{re.escape(c.text)} <a class="cb-clause-id" href="[^"]*#{c.id}"', page)
            assert len(said) <= 1, (game.id, c.id, len(said))
    # what a player has at the start, and nothing else: Cluedo's had the notepad's rules of who sees what (CD-NOT-01,
    # CD-NOT-02), heist's the notes assistant (off unless the room's opener sets it on), P.I.'s the evidence deck
    # all share and that discs and cubes give a count, Small Detectives' the clue tokens all share
    assert {g: site.taught[g]["you_have"] for g in site.taught} == {
        "cluedo_drei": ["CD-CMP-03", "CD-SET-04", "CD-SET-02"],  # an investigator, a pawn on its start, a hand
        "feuerdiamant": ["FD-SET-02"],  # a figure on the Central Office: no cards yet
        "heist": ["HO-PRE-02", "HO-DIS-03", "HO-NOT-01"],  # a pawn in the Entrance, a hand, a notes sheet
        "pi": ["PI-GOAL-06", "PI-DET-05", "PI-GOAL-03", "PI-GOAL-01"],  # a colour, 5 detectives, a case, your case
        "small_detectives": ["SD-CMP-04", "SD-SET-06", "SD-SET-09"],  # a detective, its start tile, a hand
    }


def test_a_boards_legend_names_each_kind_of_path_it_draws_differently(site):
    """Issue 51: Small Detectives' "opposite" paths cross the street with a gap at its centre and its "adjacent" ones
    are whole lines, and no legend said which is which; Cluedo's and heist's secret passages are a mark on both ends.  A
    board whose paths all look alike (Feuerdiamant's, P.I.'s) gets no entry for them."""
    pages = site.pages()
    lines = {
        game.id: re.findall(
            r'<li><span class="cb-swatch-line cb-swatch-(\w+)"></span>([^<]*)</li>', pages[glance.path(game.id)]
        )
        for game in site.games
    }
    assert lines["small_detectives"] == [("whole", "adjacent path ×8"), ("gap", "opposite path ×4")]
    marks = {
        game.id: re.findall(r'<svg class="cb-swatch-mark"[^>]*>.*?</svg>([^<]*)</li>', pages[glance.path(game.id)])
        for game in site.games
    }
    assert marks["cluedo_drei"] == marks["heist"] == ["secret passage ×2"], marks
    assert not marks["feuerdiamant"] and not marks["pi"] and not marks["small_detectives"]
    assert not lines["feuerdiamant"] and not lines["pi"]


def test_a_cards_effect_is_said_without_the_name_beside_it(site):
    """Issue 51: Feuerdiamant's table said '"Recall" returns one person card…' beside Recall, and 'A helper's card
    (such as "Morton")…' beside Morton; each effect now starts after the name, in the clause's own words."""
    for game in ("feuerdiamant", "small_detectives"):
        g = next(x for x in site.games if x.id == game)
        view = glance.glance_view(g, site.engines[game].describe, None, site.schemas[game], site.taught[game])
        for row in view["card_rows"]:
            # the clause's words, less its name and an example in brackets ("(such as "Morton")")
            assert row["does"] and row["does"] in re.sub(r" \(such as [^)]*\)", "", row["clause"].text), row["names"]
            for name in (n.split(" ×")[0] for n in row["names"]):  # the place named "Central Office" stays
                assert not re.match(rf'(?:an? |the )?"?{re.escape(name)}', row["does"], re.I), (game, row["does"])
                assert f'"{name}"' not in row["does"], (game, row["does"])
    assert glance.without_name('"Recall" returns one person card', {"Recall"}) == "returns one person card"
    assert glance.without_name("A Foot Patrol moves", {"Foot Patrol"}) == "moves"
    assert glance.without_name('A helper\'s card (such as "Morton"), played', {"Morton"}) == "A helper's card, played"
    # a clause that does not start with the name keeps all its words
    assert glance.without_name("Each Recall returns", {"Recall"}) == "Each Recall returns"


def test_small_detectives_card_choices_are_moves_of_the_step_where_the_cards_take_effect(site):
    """Issue 51: five steps of Small Detectives' turn (Unexpected, On Wheels, Disguise, Small Move, Telephone Call)
    each said their card's effect again under the cards' table; they are the moves of the step where the cards take
    effect, which points to the table."""
    game = next(g for g in site.games if g.id == "small_detectives")
    view = glance.glance_view(game, site.engines[game.id].describe, None, site.schemas[game.id], site.taught[game.id])
    steps = {line["name"]: line for line in view["turn"]}
    card_names = {row["names"][0].split(" ×")[0].lower() for row in view["card_rows"]}
    assert not [name for name in steps if name in card_names and name != "shadowing"], list(steps)
    resolving = steps["resolving"]
    assert resolving["cards_say"]
    assert [mv["verb"].split(":")[0] for mv in resolving["moves"]] == [
        "Unexpected",
        "On Wheels",
        "Disguise",
        "Small Move",
        "Telephone Call",
    ]
    page = site.pages()[glance.path(game.id)]
    assert '<a href="#cards">the cards</a> say what each does' in page
    with pytest.raises(ValueError, match="'on foot'"):
        glance.cards_in_steps(view["turn"], {"resolving": ["on foot"]})


def test_heists_box_holds_the_cards_and_no_clause_of_its_section_is_lost(site):
    """Issue 51: heist's "What is in the box" held rules of discovery (hiding, the deal, the two-seat game's cards
    face down).  The box holds the 21 cards; the hiding and the deal are set-up steps; the two-seat game a fold of
    its own.  On every game's glance every clause of the box's section is still said, or linked (our model's for
    engine authors)."""
    pages = site.pages()
    heist = next(g for g in site.games if g.id == "heist")
    view = glance.glance_view(
        heist, site.engines["heist"].describe, None, site.schemas.get("heist"), site.taught["heist"]
    )
    assert [c.id for c in view["box"]] == ["HO-DIS-01"]
    assert [c.id for c in view["setup_clauses"][:4]] == ["HO-PRE-01", "HO-DIS-02", "HO-DIS-03", "HO-DIS-04"]
    assert [f["title"] for f in view["folds"]] == ["Two seats: four cards face down on places"]
    # our board's passages (a modelled clause) stay with the two-seat rules, for engine authors, and once
    assert [c.id for c in view["folds"][0]["modelled"]] == ["HO-DIS-11"] and view["modelled_components"] == []
    for game in site.games:
        named = site.titles.get(game.id, {}).get("glance") or {}
        section = glance.section_for(game, "components", named)
        page = pages[glance.path(game.id)]
        lost = [c.id for c in section.clauses if f'#{c.id}"' not in page]
        assert not lost, (game.id, lost)
