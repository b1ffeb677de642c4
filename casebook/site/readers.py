"""The per-game YAML files beside the features that the site reads: table questions and players' words.

    features/<game>/questions.yml   {topic: [{ask: a player's question, clauses: [ids]}]}
    features/<game>/synonyms.yml    {a player's word or phrase: the features' word(s)}

What is wrong with a file joins the site's problems (``mkdocs build --strict`` refuses them).
"""

from __future__ import annotations

from pathlib import Path

import yaml

from casebook.rulebook import Game


def game_file(root: Path, game: Game, name: str, problems: list[str]):
    """A per-game YAML file beside the features, or None."""
    path = root / "features" / game.id / name
    if not path.is_file():
        return None
    try:
        return yaml.safe_load(path.read_text(encoding="utf-8"))
    except yaml.YAMLError as exc:
        problems.append(f"features/{game.id}/{name} is not YAML: {exc}")
        return None


def read_questions(root: Path, game: Game, problems: list[str]) -> dict:
    """features/<game>/questions.yml: {topic: [{ask, clauses}]}; every clause id is checked."""
    data = game_file(root, game, "questions.yml", problems)
    if data is None:
        return {}
    known = {c.id for c in game.clauses}
    out: dict[str, list[dict]] = {}
    if not isinstance(data, dict):
        problems.append(f"features/{game.id}/questions.yml: expected topics, each a list of questions")
        return out
    for topic, items in data.items():
        for item in items if isinstance(items, list) else []:
            ask, ids = (item.get("ask"), item.get("clauses")) if isinstance(item, dict) else (None, None)
            if not isinstance(ask, str) or not isinstance(ids, list) or not ids:
                problems.append(
                    f"features/{game.id}/questions.yml ({topic}): "
                    f"each question is {{ask: text, clauses: [ids]}}, not {item!r:.80}"
                )
                continue
            unknown = [i for i in ids if i not in known]
            if unknown:
                problems.append(
                    f"features/{game.id}/questions.yml: {ask!r} links to {unknown}, which {game.id} does not have"
                )
            out.setdefault(str(topic), []).append({"ask": ask, "clauses": [i for i in ids if i in known]})
    return out


RULEBOOK_KEY = (
    "rulebook"  # synonyms.yml's one reserved key: the printed rulebook's own words, when it is not in English
)


def _word_map(data: dict) -> dict[str, list[str]]:
    return {str(k).lower(): [str(w).lower() for w in (v if isinstance(v, list) else [v])] for k, v in data.items()}


def read_synonyms(root: Path, game: Game, problems: list[str]) -> dict[str, list[str]]:
    """features/<game>/synonyms.yml: a player's word or phrase → the word(s) the features use."""
    data = game_file(root, game, "synonyms.yml", problems)
    if not isinstance(data, dict):
        if data is not None:
            problems.append(
                f"features/{game.id}/synonyms.yml: expected a mapping of player words to the features' words"
            )
        return {}
    return _word_map({k: v for k, v in data.items() if k != RULEBOOK_KEY})


def read_rulebook_words(root: Path, game: Game, problems: list[str]) -> dict:
    """synonyms.yml's ``rulebook:`` part: the words of a rulebook printed in another language, as a player holding it
    types them, each with the features' words for it.  {"language": "French", "words": {term: [words]}}, or {}."""
    data = game_file(root, game, "synonyms.yml", problems)
    part = data.get(RULEBOOK_KEY) if isinstance(data, dict) else None
    if part is None:
        return {}
    if not (isinstance(part, dict) and isinstance(part.get("language"), str) and isinstance(part.get("words"), dict)):
        problems.append(
            f"features/{game.id}/synonyms.yml: "
            "rulebook is {language: its language, words: {the rulebook's word: the features' words}}"
        )
        return {}
    return {"language": part["language"], "words": _word_map(part["words"])}
