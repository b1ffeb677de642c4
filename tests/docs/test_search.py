"""The site's search without a browser (issue 51 item 1): which game a question typed on the home page points to,
how its results are placed, and each game's synonyms.yml.

The search runs in Node (tests/docs/search_node.js): the same worker the browser runs (docs/javascripts/
search-worker.js) around Material's own, on a site built here, so a hundred questions take a second.
test_browser.py types questions into the real page too.
"""

from __future__ import annotations

import re
import shutil
import tempfile
from pathlib import Path

import pytest
import yaml

from casebook.site.render import Site
from tests.docs.search_eval import ask_node, build_site, evaluate, node_missing, read_questions
from tests.docs.test_browser import POINTED

ROOT = Path(__file__).resolve().parents[2]
QUESTIONS = Path(__file__).with_name("questions")


@pytest.fixture(scope="module")
def site():
    return Site(ROOT, None, with_engines=False).build()


@pytest.fixture(scope="module")
def built():
    missing = node_missing()
    if missing:
        pytest.skip(f"the search runs in Node here: {missing}")
    folder = Path(tempfile.mkdtemp(prefix="casebook-search-"))
    build_site(folder / "site")
    yield folder / "site"
    shutil.rmtree(folder, ignore_errors=True)


def test_the_game_a_questions_words_point_to_is_the_likeliest(built):
    """Questions each of which could be asked of several games, but whose words (a player's word of one game's
    synonyms.yml, a name or a pair of words only that game says) point to one: from the home page the worker finds
    that game the likeliest, and its chances of the games add up to one."""
    answers = ask_node(built, [(q, None) for q, _ in POINTED])
    wrong = [(q, game, a["likely"][:2]) for (q, game), a in zip(POINTED, answers) if a["likely"][:1] != [game]]
    assert not wrong, "the worker found another game likelier:\n" + "\n".join(map(str, wrong))
    for a in answers:
        assert sum(a["chances"].values()) == pytest.approx(1.0), a["chances"]


def test_a_sure_game_fills_the_first_places_and_an_unsure_one_shares_them(built):
    """From the home page a question whose game is sure gets that game's results first, as on the game's page;
    one that could be any game's ("who goes first?") shows more than one game in the first five."""
    sure, unsure = ask_node(built, [("what does a disc on a location tell me?", None), ("who goes first?", None)])
    games = [re.search(r"/games/([^/]+)/", item[-1]).group(1) for item in sure["results"][:3]]
    assert games == ["pi"] * 3, (games, sure["chances"])
    assert len({re.search(r"/games/([^/]+)/", item[-1]).group(1) for item in unsure["results"][:5]}) > 1


def test_the_home_page_keeps_what_the_tuning_reached_on_the_spent_questions(built, site):
    """The players' questions of tests/docs/questions (all of them tune sets now: README.md there; not the blind
    sets of its held-out subfolder, which glob("*.yml") does not read), typed on the home page, find an answer in
    the first five for at least 90 % of those the game's own page answers (issue 51's goal), and at least 301 of
    the files' 360.  Reached in session 24 (eleven files, session 22's held-out sets added): 303 of the game pages'
    332 (91.3 %), with a game's later results placed by how far their scores fall from its first (search-worker.js:
    SPREAD; without it 300) and three players' words (synonyms.yml; without them 300); at the session's start 296
    (89.2 %).  Session 22, on nine files: 222 of 249 (89 %).  The count moves by a question or two with the games'
    wording, hence the margin."""
    questions = [q for path in sorted(QUESTIONS.glob("*.yml")) for q in yaml.safe_load(path.read_text())]
    scores = evaluate(questions, built, site, node=True)
    landing = sum(1 for s in scores.values() for r in s["landing"] if r is not None and r <= 5)
    home = sum(1 for s in scores.values() for r in s["home"] if r is not None and r <= 5)
    assert len(questions) >= 360 and home >= 301 and home >= 0.90 * landing, (home, landing, len(questions))


def test_the_evaluation_reads_a_games_table_questions():
    """search_eval takes features/<game>/questions.yml as it takes a file of players' questions: each question with
    the game its folder names and the clauses that answer it."""
    table = yaml.safe_load((ROOT / "features" / "pi" / "questions.yml").read_text())
    questions = read_questions(ROOT / "features" / "pi" / "questions.yml")
    assert len(questions) == sum(len(topic) for topic in table.values())
    assert all(q["game"] == "pi" and q["ask"] and q["clauses"] for q in questions), questions[:2]


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9\u00c0-\u024f]+", text.lower())


def test_every_game_has_a_synonyms_file_whose_words_its_clauses_use(site):
    """Each game's features/<game>/synonyms.yml reads without a problem, its players' words are lower case, and each
    entry leads somewhere: one of the words it stands for (or the word's stem: "drawn" for "draw") is in the game's
    own feature files.  A word no clause uses finds nothing, so it would be dead weight in every query."""
    assert not [p for p in site.problems if "synonyms.yml" in p], site.problems
    for game in site.games:
        assert (ROOT / "features" / game.id / "synonyms.yml").is_file(), game.id
        text = set(_words(" ".join(p.read_text() for p in (ROOT / "features" / game.id).glob("*.feature"))))
        stems = {w[:n] for w in text for n in range(3, len(w) + 1)}
        entries = dict(site.synonyms.get(game.id, {}))
        entries.update((site.rulebook_words.get(game.id) or {}).get("words", {}))
        assert entries, f"features/{game.id}/synonyms.yml maps no player's word"
        raw = yaml.safe_load((ROOT / "features" / game.id / "synonyms.yml").read_text())
        assert all(str(k) == str(k).lower() for k in raw), (game.id, [k for k in raw if str(k) != str(k).lower()])
        dead = [
            (phrase, said)
            for phrase, words in entries.items()
            for said in words
            if not any(w in text or w[: max(3, len(w) - 2)] in stems for w in _words(said))
        ]
        assert not dead, f"features/{game.id}/synonyms.yml: words no clause of the game uses: {dead}"
