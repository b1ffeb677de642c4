"""How well the site's search answers players' questions: a repeatable evaluation (issue 26).

    python -m tests.docs.search_eval QUESTIONS.yml [--site DIR] [--json OUT] [--misses] [--node]

QUESTIONS.yml is a list of questions (or a game's table questions, features/<game>/questions.yml), each::

    - game: feuerdiamant
      ask: "the danger die came up as the star, which track goes up?"
      paragraphs: [32]          # the rulebook paragraphs that answer it (as in features/<game>/trace.yml)
      clauses: [FD-HAZ-02]      # optional: clauses that answer it, named outright
      answer: "..."             # for people; not read

Each question is typed into the search box of the built site (headless Chromium), once on
its game's landing page (``games/<game>/``) and once on the home page.  A result is a hit
when it is a clause that cites one of the answering paragraphs (through the game's trace)
or that the question names.  Printed per game: top-1 and top-5 from the landing page and
from the home page.  A result is one item of the list a reader sees (a link folded under
"N more on this page" is not seen).

With ``--node`` the same questions go through the same search worker run in Node (tests/docs/search_node.js):
a second instead of minutes, the same first five as in Chromium (checked on the 60 questions of
tests/docs/questions; Chromium's list shows only the first ten results, Node's all).

Without ``--site`` the repository's site is built first (``mkdocs build`` into a temporary
folder, the engine answering describe as in ``casebook docs build``).  Needs Chromium and
chromium-driver (Debian packages) and selenium (``pip install -e '.[browser]'``).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]
NODE = Path(__file__).with_name("search_node.js")


def read_questions(path: Path) -> list[dict]:
    """A file of questions: a list of {game, ask, paragraphs or clauses}, or a game's table questions
    (features/<game>/questions.yml: {topic: [{ask, clauses}]}, the game named by the folder)."""
    data = yaml.safe_load(path.read_text(encoding="utf-8")) or []
    if isinstance(data, dict) and path.name == "questions.yml":
        data = [dict(q, game=path.parent.name) for topic in data.values() for q in topic or []]
    if not isinstance(data, list) or not all(isinstance(q, dict) and q.get("game") and q.get("ask") for q in data):
        raise SystemExit(f"{path}: expected a list of questions, each with game and ask (and paragraphs or clauses)")
    return data


def answering(site, question: dict) -> set[str]:
    """The clauses that answer a question: those citing its paragraphs, and those it names."""
    ids = {str(c) for c in question.get("clauses") or []}
    trace = site.traces.get(question["game"])
    for n in question.get("paragraphs") or []:
        if trace is not None:
            ids |= {c.id for c in trace.clauses_of(int(n))}
    return ids


def rank(results: list[list[str]], wanted: set[str]) -> int | None:
    """The 1-based place of the first result that is a wanted clause, or None."""
    for i, item in enumerate(results, 1):
        if any(link.rpartition("#")[2] in wanted for link in item if "#" in link):
            return i
    return None


def own_game(results: list[list[str]], game: str) -> bool:
    """Whether the first result is a page or clause of the question's own game."""
    return bool(results and results[0]) and f"/games/{game}/" in results[0][-1]


def build_site(out: Path) -> None:
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "-q", "-f", str(ROOT / "mkdocs.yml"), "-d", str(out)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=900,
    )
    if done.returncode != 0:
        raise SystemExit(f"mkdocs build failed:\n{done.stderr[-3000:]}")


def node_missing() -> str | None:
    """Why the search cannot run in Node here, or None."""
    return None if shutil.which("node") else "node is not installed (Debian package nodejs)"


def ask_node(folder: Path, asked: list[tuple[str, str | None]], tuning: dict | None = None) -> list[dict]:
    """Each (question, game whose pages it is typed on or None for the home page) through the site's search
    worker in Node (tests/docs/search_node.js): {"results": [[link, ...], ...], "likely": [games]} each, links
    as the browser shows them (from the site's root).  ``tuning``: the worker's constants to try instead of its own."""
    worker = ROOT / "docs" / "javascripts" / "search-worker.js"
    done = subprocess.run(
        ["node", str(NODE), str(folder), str(worker)] + ([json.dumps(tuning)] if tuning else []),
        input=json.dumps([{"ask": q, "game": g} for q, g in asked]),
        capture_output=True,
        text=True,
        timeout=600,
    )
    if done.returncode != 0:
        raise SystemExit(f"the search in Node failed:\n{done.stderr[-3000:]}")
    answers = json.loads(done.stdout)
    for a in answers:
        a["results"] = [["/" + link for link in item] for item in a["results"]]
    return answers


def ask_browser(folder: Path, asked: list[tuple[str, str | None]]) -> list[dict]:
    """The same as :func:`ask_node`, typed into the search box of the built site in headless Chromium (one page
    load per page and all its questions: browsing.search_each); "likely" is not known there."""
    from tests.docs.browsing import missing_browser, search_each, serve_folder, start_browser

    missing = missing_browser()
    if missing:
        raise SystemExit(f"cannot evaluate search: {missing}")
    base, server = serve_folder(folder)
    driver = start_browser()
    answers: dict[int, dict] = {}
    try:
        for game in dict.fromkeys(g for _, g in asked):
            at = [i for i, (_, g) in enumerate(asked) if g == game]
            found = search_each(driver, base, [asked[i][0] for i in at], f"games/{game}/" if game else "")
            answers.update({i: {"results": r, "likely": []} for i, r in zip(at, found)})
    finally:
        driver.quit()
        server.shutdown()
        server.server_close()
    return [answers[i] for i in range(len(asked))]


def evaluate(questions: list[dict], folder: Path, site, places=("landing", "home"), node: bool = False) -> dict:
    """{game: {"n", "landing": [ranks], "home": [ranks], "own": {where: [first result of the game?]}, "misses": [...]}}
    from typing every question twice (in headless Chromium, or with ``node`` through the same worker in Node)."""
    asked = [(q["ask"], q["game"] if where == "landing" else None) for where in places for q in questions]
    answers = iter((ask_node if node else ask_browser)(folder, asked))
    out: dict = defaultdict(
        lambda: {"n": 0, "landing": [], "home": [], "own": {"landing": [], "home": []}, "misses": []}
    )
    for q in questions:
        out[q["game"]]["n"] += 1
    for where in places:
        for q in questions:
            game, wanted = q["game"], answering(site, q)
            row = out[game]
            results = next(answers)["results"]
            place = rank(results, wanted)
            row[where].append(place)
            row["own"][where].append(own_game(results, game))
            if place is None or place > 1:
                shown = [
                    r[-1].rpartition("#")[2]
                    if r and "#" in r[-1]
                    else (r[-1].rstrip("/").rpartition("/")[2] if r else "")
                    for r in results[:5]
                ]
                row["misses"].append(
                    {"where": where, "ask": q["ask"], "wants": sorted(wanted), "place": place, "first five": shown}
                )
    return dict(out)


def table(scores: dict) -> str:
    def share(ranks, k):
        return sum(1 for r in ranks if r is not None and r <= k)

    # own: how many first results are of the question's game (on its landing page search keeps to the game)
    lines = [f"{'game':<18} {'n':>3}   {'landing top1':>12} {'top5':>5}   {'home top1':>9} {'top5':>5} {'own':>4}"]
    total = {"n": 0, "landing": [], "home": [], "own": []}
    for game in sorted(scores):
        s = scores[game]
        own = s.get("own", {}).get("home", [])
        lines.append(
            f"{game:<18} {s['n']:>3}   {share(s['landing'], 1):>12} {share(s['landing'], 5):>5}   "
            f"{share(s['home'], 1):>9} {share(s['home'], 5):>5} {sum(own):>4}"
        )
        for key in ("landing", "home"):
            total[key] += s[key]
        total["own"] += own
        total["n"] += s["n"]
    lines.append(
        f"{'all':<18} {total['n']:>3}   {share(total['landing'], 1):>12} {share(total['landing'], 5):>5}   "
        f"{share(total['home'], 1):>9} {share(total['home'], 5):>5} {sum(total['own']):>4}"
    )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("questions", type=Path)
    parser.add_argument("--site", type=Path, help="a site already built from this checkout (default: build one)")
    parser.add_argument("--json", type=Path, help="also write the ranks and misses here")
    parser.add_argument(
        "--misses", action="store_true", help="print each question not answered first, with the first five results"
    )
    parser.add_argument(
        "--where",
        choices=("both", "landing", "home"),
        default="both",
        help="type the questions on the landing pages, the home page, or both",
    )
    parser.add_argument(
        "--node", action="store_true", help="run the site's search worker in Node instead of typing in Chromium"
    )
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    from casebook.site.render import Site

    questions = read_questions(args.questions)
    site = Site(ROOT, None, with_engines=False).build()
    unknown = sorted({q["game"] for q in questions} - {g.id for g in site.games})
    if unknown:
        raise SystemExit(f"{args.questions}: no such game {unknown}")
    empty = [q["ask"] for q in questions if not answering(site, q)]
    if empty:
        print(
            f"warning: {len(empty)} questions have no answering clause (their paragraphs are cited by none): "
            f"{empty[:3]}",
            file=sys.stderr,
        )
    with tempfile.TemporaryDirectory() as tmp:
        folder = args.site
        if folder is None:
            folder = Path(tmp) / "site"
            print("building the site ...", file=sys.stderr, flush=True)
            build_site(folder)
        places = ("landing", "home") if args.where == "both" else (args.where,)
        scores = evaluate(questions, folder, site, places, node=args.node)
    print(table(scores))
    if args.misses:
        for game in sorted(scores):
            for m in scores[game]["misses"]:
                print(
                    f"  {game} [{m['where']}] {m['ask']!r} wants {m['wants']}: at {m['place']}; "
                    f"first five {m['first five']}"
                )
    if args.json:
        args.json.write_text(json.dumps(scores, indent=1, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
