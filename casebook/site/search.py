"""Search tuning: what casebook's search worker (docs/javascripts/search-worker.js) reads beside
Material's index, and the section field added to each clause's entry.

Everything here is generated from the features at build time: each game's names, its players'
words (features/<game>/synonyms.yml), the words of a printed rulebook that is not in English (that
file's ``rulebook:`` part, accents folded as the worker folds what is typed), general lists of
English (question filler, the forms of irregular verbs, which Porter's stemmer leaves apart), and each
clause's sentences of the game's reading (features/<game>/reading.yml), a field of the index.

The index stays English only (mkdocs.yml: the search plugin's stemmer): Material's ``lang: [en, fr]``
was measured on the tuning questions and found no more answers (landing 39 first and 59 in the first
five of 75, against 40 and 58), since it stems the English clauses in French too; the French and
Catalan words reach the clauses through the rulebook's part of synonyms.yml instead.
"""

from __future__ import annotations

import re
import unicodedata
from typing import TYPE_CHECKING

from casebook.reading import read_reading

if TYPE_CHECKING:  # pragma: no cover
    from casebook.site.render import Site

# Words a player's question carries that say nothing about the rules (lunr's English stop words
# go too); and no word shorter than this gets a wildcard (docs/javascripts/search-worker.js).
FILLER = (
    "happen",
    "happens",
    "happened",
    "allow",
    "allowed",
    "need",
    "needs",
    "anyone",
    "anybody",
    "anything",
    "someone",
    "somebody",
    "something",
    "now",
    "really",
    "okay",
    "please",
    "still",
)
MIN_LENGTH = 4
# The stemmer (Porter's) joins "moves" and "move" but not the forms of an irregular verb: a player
# who asks whether they "draw" a card must find "a drawn card", and "shown" must find "show".
# Each group is one verb; a question's word in a group is also searched as the group's other forms.
IRREGULAR = (
    "draw drew drawn",
    "show showed shown",
    "see saw seen",
    "take took taken",
    "give gave given",
    "go went gone",
    "choose chose chosen",
    "hide hid hidden",
    "lie lay lain",
    "get got gotten",
    "win won",
    "lose lost",
    "hold held",
    "keep kept",
    "deal dealt",
    "find found",
    "throw threw thrown",
    "begin began begun",
    "tell told",
    "fall fell fallen",
    "undo undid undone",
)
# General English of board games: a player's word (left) -> the words rulebooks, and so the
# features, use for it (right).  Kept here, for every game, as the stemmer's and the games' own
# lists are; a game's own names for its components are in features/<game>/synonyms.yml.
# No well-kept thesaurus ships its data in a package this build can install (WordNet's Python
# readers download theirs at run time), so this is a short hand-kept table of game actions,
# written from board-game English, not from any question file.
GENERAL = {
    # who starts, and the order of play
    "goes first": "start",
    "go first": "start",
    "begins": "starts",
    "begin": "start",
    "kick off": "start",
    "start with": "dealt hand",  # "how many cards do we start with": the deal
    "next": "left",
    "clockwise": "left",
    # choosing and deciding
    "pick": "choose",
    "picks": "chooses",
    "picked": "chosen",
    "select": "choose",
    "selects": "chooses",
    "decide": "choose",
    # how hard
    "hard": "difficulty",
    "harder": "difficulty",
    "easy": "difficulty",
    "easier": "difficulty",
    "level": "difficulty",
    # guessing the answer
    "guess": "accuse accusation",
    "guesses": "accuses accusation",
    "guessing": "accusation",
    "guessed": "accused",
    "wrong": "wrongly incorrect false",
    "right": "rightly correct",
    "correct": "right",
    "crack": "solve",
    "cracks": "solves",
    "cracking": "solving",
    "cracked": "solved",
    "figure out": "solve",
    "work out": "solve",
    # ending and scoring
    "finish": "end",
    "finishes": "ends",
    "finished": "ended",
    "stop": "end",
    "score": "points",
    "scores": "points",
    "scoring": "points",
    "victory": "win",
    "winner": "wins",
    # taking, giving, looking
    "grab": "take",
    "grabs": "takes",
    "collect": "take",
    "pick up": "take",
    "peek": "look",
    "peeks": "looks",
    "flip": "reveal turn over",
    "flips": "reveals",
    "flipped": "revealed turned",
    "uncover": "reveal",
    # moving
    "walk": "move",
    "walks": "moves",
    "travel": "move",
    "go": "move",
    "goes": "moves",
    "pass": "through",
    "past": "through",
    "throw": "roll",
    "throws": "rolls",
    # undoing
    "take back": "undo undone cancel",
    "take it back": "undo undone cancel",
    "undo": "cancel",
    "mistake": "undo cancel",
    "change my mind": "cancel",
    # people
    "opponent": "player",
    "opponents": "players",
    "friend": "player",
    "teammate": "player",
    "guy": "player",
    # the pieces a player moves: "detective" in the rulebooks of detective games
    "investigator": "detective",
    "investigators": "detectives",
    "sleuth": "detective",
    "sleuths": "detectives",
    "someone else": "another player",
    # how many, how long
    "how long": "time seconds",
    # options on a turn
    "options": "actions",
    "choices": "actions",
}
# A clause's section title is a field of its own in the search index, as documentation search
# indexes a heading's parents: a question's word that names the section ("Advantage", "Bar")
# counts for every clause in it, less than a word of the clause itself (its heading weighs 1000,
# Material's boost for a title) and far more than one of its examples (1).
SECTION_BOOST = 100.0
# The reading's sentences a clause transcribes (features/<game>/reading.yml: the rulebook paraphrased, sentence by
# sentence, by someone who had not seen the features) are a field of their own too: a player asks in the rulebook's
# words, which the clause's title often puts otherwise.  Measured on every question file (issue 51, session 20):
# 100 gave no more answers than none, 300 to 600 about nine more in the first five on the game pages (of 150
# players' questions), 600 and more lost table questions (their words are the titles').
READING_BOOST = 450.0


def folded(phrase: str) -> str:
    """A phrase as the search worker compares it with a question: lower case, words apart, accents and
    apostrophes dropped ("l'amagatall", "pénalité" typed as "penalite"), as the worker folds what is typed."""
    bare = "".join(ch for ch in unicodedata.normalize("NFD", phrase.lower()) if not unicodedata.combining(ch))
    return " ".join(re.findall(r"[a-z0-9\u00c0-\u024f]+", bare.replace("\u00b7", "")))


def search_data(site: "Site") -> dict:
    """What casebook's search worker needs beside the index (javascripts/search-worker.js)."""
    games, synonyms = {}, []
    for game in site.games:
        names = {" ".join(game.id.split("_"))}
        short = site.titles.get(game.id, {}).get("short")
        # a game is named by its whole short name: "detectives" alone is a word of P.I. and of
        # Feuerdiamant's detective cards, and must not send the search to Small Detectives
        names.add(" ".join(re.findall(r"[a-z0-9\u00c0-\u024f]+", short.lower())) if short else game.id.split("_")[0])
        games[game.id] = {"title": site.title(game.id), "short": short or site.title(game.id), "names": sorted(names)}
        for phrase, words in site.synonyms.get(game.id, {}).items():
            synonyms.append([folded(phrase), " ".join(words).split(), game.id])
        # the printed rulebook's own words (French, Catalan), as a player holding it types them
        for phrase, words in (site.rulebook_words.get(game.id) or {}).get("words", {}).items():
            synonyms.append([folded(phrase), " ".join(words).split(), game.id])
    synonyms += [[phrase, words.split(), None] for phrase, words in GENERAL.items()]
    forms = [group.split() for group in IRREGULAR if len(group.split()) > 1]
    return {"games": games, "synonyms": synonyms, "filler": list(FILLER), "min_length": MIN_LENGTH, "forms": forms}


def readings(site: "Site") -> dict[str, str]:
    """Each clause id -> the sentences of its game's reading (features/<game>/reading.yml) that it transcribes."""
    said: dict[str, list[str]] = {}
    for game in site.games:
        for entry in read_reading(game.id, site.root / "features" / game.id).entries:
            for clause in entry.clauses:
                said.setdefault(clause, []).append(entry.text.strip())
    return {clause: " ".join(texts) for clause, texts in said.items()}


def search_index(site: "Site", index: dict) -> dict:
    """Material's search index, plus what casebook's search worker reads, each clause's section (SECTION_BOOST) and
    the reading's sentences it transcribes (READING_BOOST)."""
    index.setdefault("config", {})["casebook"] = search_data(site)
    docs = index.get("docs", [])
    pages = {d["location"]: d.get("title", "") for d in docs if "#" not in d.get("location", "#")}
    clauses = {c.id for g in site.games for c in g.clauses}
    read = readings(site)
    for doc in docs:
        page, _, anchor = doc.get("location", "").partition("#")
        if anchor in clauses and page in pages:
            doc["section"] = pages[page]
            if anchor in read:
                doc["reading"] = read[anchor]
    index["config"].setdefault("fields", {})["section"] = {"boost": SECTION_BOOST}
    index["config"]["fields"]["reading"] = {"boost": READING_BOOST}
    return index
