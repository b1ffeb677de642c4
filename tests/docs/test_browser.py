"""The living rulebook in a real browser: Debian's headless Chromium, driven by Selenium.

Two sites are built (``mkdocs build --strict``) and served on 127.0.0.1 from
this test: the real one (features/, the last results/, the engines; or the one
``$CASEBOOK_SITE`` names, if current: ./run.sh test's docs step built it) and
the toy project of tests/docs/fixture, whose results are known (a failed
example, a failed outline row, a conformance report).  On both, the browser checks that
a clause page shows its examples and results, that search finds a clause by
its id, and that permanent links resolve; on the real site, that each game's
state diagram renders to an SVG whose phases are links; and a crawl checks
that no page has a broken link or loads anything from off the machine.

Skipped, loudly, only when Chromium or its driver is absent and ``CI`` is not
set; in CI a missing browser fails.
"""

from __future__ import annotations

import html.parser
import json
import os
import shutil
import tempfile
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

import pytest
import yaml

from casebook import settings
from casebook.site import SITE_MARK, stale
from casebook.site.render import Site
from casebook.site.viewmodels import example_is_engine_only

from .browsing import missing_browser, open_page, search, search_each, serve_folder, start_browser, wait_for
from .conftest import ROOT, cucumber, default_outcome
from .test_generator import DESCRIBING, mkdocs_build

_missing = missing_browser()
if _missing and not os.environ.get("CI"):
    pytest.skip(f"BROWSER TEST SKIPPED — {_missing}; in CI (CI set) this is a failure", allow_module_level=True)

pytestmark = pytest.mark.browser  # registered in conftest.py: deselect with -m "not browser"


# -- serving and driving ------------------------------------------------------------------------


@pytest.fixture(scope="module")
def serve():
    servers = []

    def start(folder: Path) -> str:
        base, server = serve_folder(folder)
        servers.append(server)
        return base

    yield start
    for server in servers:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="module")
def browser():
    if _missing:
        pytest.fail(f"the browser test must run in CI, but {_missing}")
    driver = start_browser()
    yield driver
    driver.quit()


# -- the two sites ----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def own_tmp():
    """Folders of this module's own, outside pytest's numbered temporary folders: another pytest run
    as the same user on the machine removes older ones of those, and a site being served vanished."""
    made = []

    def mktemp(name: str) -> Path:
        made.append(Path(tempfile.mkdtemp(prefix=f"casebook-{name}-")))
        return made[-1]

    yield mktemp
    for folder in made:
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="module")
def toy(own_tmp, serve):
    """The toy project, built strict and served; with its model, to know what the pages must show."""
    root = own_tmp("toy") / "project"
    shutil.copytree(Path(__file__).parent / "fixture" / "features", root / "features")
    shutil.copytree(Path(__file__).parent / "fixture" / "results", root / "results")
    (root / "results" / "cucumber.json").write_text(json.dumps(cucumber(root / "features", default_outcome)))
    out = root.parent / "site"
    done = mkdocs_build(root, out)
    assert done.returncode == 0, done.stderr
    return serve(out), out, Site(root, root / "results", with_engines=False).build()


def reference_describes() -> bool:
    """Whether the reference answers the protocol's describe call yet (the kit adds it)."""
    from casebook.impls import close_implementation, open_implementation

    impl = open_implementation("reference")
    try:
        return hasattr(impl, "describe") and bool(impl.describe("cluedo_drei"))
    except Exception:
        return False
    finally:
        close_implementation(impl)


@pytest.fixture(scope="module")
def real(own_tmp, serve):
    """The repository's own site, built strict from features/, results/ and the engine's answers.

    Until the reference answers ``describe``, the pictures are drawn from the committed answers of
    tests/docs/describing.py, so that they are checked in the browser either way.
    """
    impl = None if reference_describes() else DESCRIBING
    out = built_site() if impl is None else None
    if out is None:
        out = own_tmp("real") / "site"
        done = mkdocs_build(ROOT, out, impl=impl)
        assert done.returncode == 0, f"mkdocs build --strict of the real site failed:\n{done.stderr}"
    return serve(out), out, Site(ROOT, ROOT / "results", engine=impl).build()


def built_site() -> Path | None:
    """The site ``$CASEBOOK_SITE`` names, if it is current: ./run.sh test sets it to the site its step before
    built strict (``casebook docs build``, from this checkout and results/), so that the real site is not built
    twice; a site older than any of its sources, or none, is built afresh here, as when this test runs alone."""
    folder = settings.SITE.get()
    if not folder:
        return None
    out = Path(folder).resolve()
    if not (out / SITE_MARK).is_file() or stale(ROOT, ROOT / "results", out):
        print(f"\n$CASEBOOK_SITE: {out} is not a current site of this checkout; building one")
        return None
    return out


def section_url(base: str, clause) -> str:
    return f"{base}games/{clause.game}/{clause.section.slug}/#{clause.id}"


def examples_under(driver, clause_id: str) -> list[dict]:
    """The examples between a clause's heading and the next clause, each with its badges."""
    return driver.execute_script(
        """
        const heading = document.getElementById(arguments[0]);
        if (!heading) return null;
        const out = [];
        for (let el = heading.nextElementSibling; el && !(el.tagName === 'H2'); el = el.nextElementSibling) {
          if (el.classList.contains('cb-example')) {
            out.push({name: el.querySelector('.cb-example-name').textContent,
                      badges: Array.from(el.querySelectorAll('.cb-badge')).map(b => b.textContent.trim()),
                      steps: el.querySelectorAll('.cb-steps li').length,
                      visible: el.getBoundingClientRect().height > 0});
          }
        }
        return out;
        """,
        clause_id,
    )


def table_questions(root: Path) -> dict[str, list[tuple[str, list[str]]]]:
    """Each game's table questions (features/<game>/questions.yml): [(question, clause ids)]."""
    out = {}
    for path in sorted((root / "features").glob("*/questions.yml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        out[path.parent.name] = [(q["ask"], list(q["clauses"])) for questions in data.values() for q in questions]
    return out


def found_in_top(results: list[list[str]], clauses: list[str], top: int = 5) -> bool:
    return any(link.endswith(f"#{c}") for item in results[:top] for link in item for c in clauses)


def first_clause(links: list[str]) -> str:
    """The first result that is a clause (a section of a page), not a whole page."""
    return next((link for link in links if "#" in link), "")


# -- clause pages ---------------------------------------------------------------------------------


def test_a_clause_page_shows_its_examples_with_their_results(browser, toy):
    base, _, site = toy
    clause = next(c for c in site.all_clauses() if c.id == "TG-ELM-02")
    open_page(browser, section_url(base, clause), "document.getElementById('TG-ELM-02') !== null")
    shown = examples_under(browser, "TG-ELM-02")
    assert [e["name"] for e in shown] == ['eliminated Bob shows "the rope"', "any eliminated player answers"]
    assert all(e["visible"] and e["steps"] >= 3 for e in shown)
    assert shown[0]["badges"] == ["passed"]
    assert shown[1]["badges"] == ["failed", "passed", "failed"]  # the outline, then one badge per row
    heading = browser.execute_script("return document.getElementById('TG-ELM-02').textContent")
    assert "An eliminated player still shows cards when asked" in heading
    # a data table is a real table, under its step
    assert browser.execute_script("return document.querySelector('#TG-ELM-02-ex1 table th').textContent") == "card"
    duel = next(c for c in site.all_clauses() if c.id == "TG-DUE-01")
    open_page(browser, section_url(base, duel), "document.getElementById('TG-DUE-01') !== null")
    assert examples_under(browser, "TG-DUE-01")[0]["badges"] == ["not run"]


def test_the_real_site_shows_a_clause_with_its_examples(browser, real):
    base, _, site = real
    clauses = [c for c in site.all_clauses() if c.examples]
    if not clauses:
        pytest.skip("features/ has no clause with an example yet")
    for clause in (clauses[0], clauses[len(clauses) // 2], clauses[-1]):
        open_page(browser, section_url(base, clause), f"document.getElementById('{clause.id}') !== null")
        shown = examples_under(browser, clause.id)
        assert shown is not None, f"no heading with id {clause.id} on {browser.current_url}"
        assert len(shown) == len(clause.examples), clause.id
        for example, seen in zip(clause.examples, shown):
            # players see every example but those only an engine meets (behind the engine authors' switch)
            assert seen["name"] == example.name and seen["visible"] == (not example_is_engine_only(example)), (
                example.name
            )
            assert seen["badges"] and set(seen["badges"]) <= {
                "passed",
                "failed",
                "not run",
                "skipped",
                "unsupported",
                "partly run",
            }
            assert seen["badges"][0] == {"not_run": "not run", "partial": "partly run"}.get(
                example.result.status, example.result.status
            )


def test_a_permanent_link_leads_to_the_clause(browser, toy):
    base, _, _ = toy
    open_page(browser, f"{base}clauses/#TG-LOG-03")
    wait_for(browser, "return location.pathname.indexOf('/games/toy_game/the-turn/') >= 0")
    assert browser.execute_script("return location.hash") == "#TG-LOG-03"
    assert browser.execute_script("return document.getElementById('TG-LOG-03') !== null")


# -- diagrams ------------------------------------------------------------------------------------------


def test_each_turn_diagram_renders_at_page_width_with_its_phases_as_links(browser, real):
    base, _, site = real
    for game in site.games:
        answer = site.engines[game.id].describe
        assert answer, f"{game.id}: {site.engines[game.id].error}"
        phases = sorted(p["name"] for p in answer["phases"])
        open_page(browser, f"{base}games/{game.id}/", "document.querySelector('.cb-diagram') !== null")
        state = wait_for(
            browser,
            "const d = document.querySelector('.cb-diagram'); const s = d && d.getAttribute('data-drawn'); "
            "return s && s !== 'pending' ? s : null;",
        )
        assert state == "yes", browser.execute_script(
            "return document.querySelector('.cb-diagram').getAttribute('data-error')"
        )
        shown = browser.execute_script(
            "return Array.from(document.querySelectorAll('.cb-phase-link')).map(n => n.getAttribute('data-phase'))"
        )
        assert sorted(set(shown)) == phases, game.id
        # legible at page width: no wider than the text column, and its labels no smaller than small print
        fit = browser.execute_script(
            """const svg = document.querySelector('.cb-diagram svg');
               const col = document.querySelector('.md-content__inner');
               const label = Array.from(svg.querySelectorAll('g.node text, g.node span, g.node p'))
                 .map(e => e.getBoundingClientRect().height).filter(h => h > 0);
               return {svg: svg.getBoundingClientRect().width, column: col.getBoundingClientRect().width,
                       label: Math.min(...label)};"""
        )
        assert fit["svg"] <= fit["column"] + 1 and fit["label"] >= 9, (game.id, fit)
        # a phase is a link to the clauses that govern it
        browser.execute_script(
            "document.querySelectorAll('.cb-phase-link')[0].dispatchEvent(new MouseEvent('click', {bubbles: true}))"
        )
        target = wait_for(browser, "return location.hash.startsWith('#phase-') ? location.hash : null")
        assert browser.execute_script("return document.getElementById(arguments[0]) !== null", target[1:])
        severe = [e for e in browser.get_log("browser") if e.get("level") == "SEVERE"]
        assert not severe, f"{game.id}: errors in the browser console: {severe}"


def test_each_game_page_draws_its_board(browser, real):
    """Every game whose describe answer has a board (a game without one says so: tests/docs/test_generator.py)."""
    base, _, site = real
    boards = {g.id: site.engines[g.id].describe["board"] for g in site.games if site.engines[g.id].describe["board"]}
    if not boards:
        pytest.skip("no game of the site describes a board")
    for game in (g for g in site.games if g.id in boards):
        board = boards[game.id]
        open_page(browser, f"{base}games/{game.id}/", "document.querySelector('.cb-board-legend') !== null")
        drawn = browser.execute_script(
            """const svg = document.querySelector('.cb-board svg'); if (!svg) return null;
               const box = svg.getBoundingClientRect();
               return {locations: svg.querySelectorAll('.cb-board-location').length,
                       paths: svg.querySelectorAll('.cb-board-path').length,
                       names: Array.from(svg.querySelectorAll('.cb-board-location'))
                         .map(g => g.getAttribute('data-name')),
                       width: box.width, height: box.height};"""
        )
        assert drawn, f"{game.id}: no board"
        assert (drawn["locations"], drawn["paths"]) == (len(board["locations"]), len(board["paths"])), game.id
        assert sorted(drawn["names"]) == sorted(loc["name"] for loc in board["locations"])
        assert drawn["width"] > 400 and drawn["height"] > 250, drawn


def meets(a: dict, b: dict, margin: float = 0.0) -> bool:
    """Whether two screen boxes ({left, top, right, bottom}) overlap by more than ``margin`` px (a negative
    margin: come closer than that)."""
    return (
        min(a["right"], b["right"]) - max(a["left"], b["left"]) > margin
        and min(a["bottom"], b["bottom"]) - max(a["top"], b["top"]) > margin
    )


def overlapping(boxes: list[dict], margin: float = 1.0) -> list[tuple[str, str]]:
    """The pairs of boxes ({name, left, top, right, bottom}) that overlap by more than ``margin`` px."""
    return [(a["name"], b["name"]) for i, a in enumerate(boxes) for b in boxes[i + 1 :] if meets(a, b, margin)]


BOXES = """return Array.from(document.querySelectorAll(arguments[0])).map(e => { const r = e.getBoundingClientRect();
             return {name: e.getAttribute(arguments[1]) || e.textContent,
                     left: r.left, top: r.top, right: r.right, bottom: r.bottom}; })
             .filter(b => b.right > b.left);"""


SHOWN = (  # the turn pictures a reader sees
    "Array.from(document.querySelectorAll('.cb-diagram'))"
    ".filter(b => b.offsetParent !== null).map(b => b.querySelector('svg'))"
)


def test_diagrams_read_at_one_text_size_with_no_box_over_another(browser, real):
    """Issue 26: one text size across games, readable at page width; no phase box over another;
    sub-diagrams drawn too."""
    base, _, site = real
    browser.set_window_size(1400, 1000)
    sizes = {}
    try:
        for game in site.games:
            open_page(browser, f"{base}games/{game.id}/", "document.querySelector('.cb-diagram') !== null")
            wait_for(
                browser,
                "const all = document.querySelectorAll('.cb-diagram'); "
                "return all.length && "
                "Array.from(all).every(d => ['yes', 'error'].includes(d.getAttribute('data-drawn')));",
            )
            assert browser.execute_script(
                "return Array.from(document.querySelectorAll('.cb-diagram'))"
                ".every(d => d.getAttribute('data-drawn') === 'yes')"
            ), game.id
            # the pictures a reader sees (the players' by default; the engine authors' are the same, with guards)
            for n in range(browser.execute_script(f"return {SHOWN}.length")):
                boxes = browser.execute_script(
                    f"""const svg = {SHOWN}[arguments[0]];
                       return Array.from(svg.querySelectorAll('g.node')).map(g => {{
                         const r = g.querySelector('rect, path, polygon').getBoundingClientRect();
                         return {{name: g.id, left: r.left, top: r.top, right: r.right, bottom: r.bottom}}; }});""",
                    n,
                )
                assert boxes and not overlapping(boxes), (game.id, n, overlapping(boxes))
                heights = browser.execute_script(
                    f"""const svg = {SHOWN}[arguments[0]];
                       return Array.from(svg.querySelectorAll('g.node text, g.node span, g.node p'))
                         .map(t => t.getBoundingClientRect().height).filter(h => h > 0);""",
                    n,
                )
                sizes[(game.id, n)] = min(heights)
    finally:
        browser.set_window_size(1280, 1000)
    smallest, largest = min(sizes.values()), max(sizes.values())
    assert smallest >= 12, f"labels below reading size: {sizes}"
    # one font for every game (mermaid's, at the picture's own size); only a picture wider than the
    # page is scaled down to fit it (Cluedo's at 1400 px: 17 px against 22.5)
    assert largest <= smallest * 1.35, f"one text size across games, not {sizes}"


PICTURES = """return Array.from(document.querySelectorAll('.cb-diagram')).filter(b => b.offsetParent !== null)
  .map(box => { const svg = box.querySelector('svg'); const r = svg.getBoundingClientRect();
    const scale = r.width / svg.viewBox.baseVal.width;
    const sizes = Array.from(svg.querySelectorAll('g.node text, g.node span, g.edgeLabel text, g.edgeLabel span'))
      .filter(t => t.textContent.trim()).map(t => parseFloat(getComputedStyle(t).fontSize) * scale);
    const finals = Array.from(svg.querySelectorAll('g.node.cbfinal')).map(g => /flowchart-(.+)-\\d+$/.exec(g.id)[1]);
    const arrows = shownArrows(svg).map(e => e.getAttribute('data-id'));
    return {width: r.width, height: r.height, text: Math.min(...sizes), finals: finals, arrows: arrows,
            crossings: crossings(svg).concat(through(svg)), engine: box.classList.contains('cb-engine-only')}; });"""

# The pairs of arrows of a picture that cross (``crossings``), each arrow sampled every 4 px, and the arrows that run
# through a box (``through``).  Two arrows that leave or enter one box may meet there (within 16 px of where they
# touch it): that is no crossing.  Away from it they may not (Small Detectives' "bar" and "police" both lead to
# "preparing", and their arrows crossed half way: a count that left out every pair sharing a box missed it).
CROSSINGS = """function shownArrows(svg) {  // a picture's arrows a reader sees (not mermaid's invisible links)
  return Array.from(svg.querySelectorAll('path.flowchart-link'))
    .filter(e => !/invisible/.test(e.getAttribute('class')) && getComputedStyle(e).strokeWidth !== '0px'); }
function crossings(svg) {
  const arrows = shownArrows(svg).map(e => { const n = e.getTotalLength(); const points = [];
      for (let at = 0; at < n; at += 4) { const p = e.getPointAtLength(at); points.push([p.x, p.y]); }
      const end = e.getPointAtLength(n); points.push([end.x, end.y]);
      const [, a, b] = e.getAttribute('data-id').split('_'); return {id: e.getAttribute('data-id'), a, b, points}; });
  const turn = (p, q, r) => (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0]);
  const cut = (p, q, r, s) => turn(p, q, r) * turn(p, q, s) < 0 && turn(r, s, p) * turn(r, s, q) < 0;
  const touching = (arrow, box) => box === arrow.a ? arrow.points[0] : arrow.points[arrow.points.length - 1];
  const out = [];
  arrows.forEach((x, i) => arrows.slice(i + 1).forEach(y => {
    const ends = [x.a, x.b].filter(n => n === y.a || n === y.b).flatMap(n => [touching(x, n), touching(y, n)]);
    const meet = x.points.find((p, s) => s > 0 &&
      y.points.some((r, u) => u > 0 && cut(x.points[s - 1], p, y.points[u - 1], r)) &&
      !ends.some(e => Math.hypot(e[0] - p[0], e[1] - p[1]) < 16));
    if (meet) out.push([x.id, y.id, Math.round(meet[0]), Math.round(meet[1])]); }));
  return out; }
function through(svg) {  // an arrow within 4 px of a box it does not join (Cluedo's "show" ran along a copy's edge)
  const boxes = Array.from(svg.querySelectorAll('g.node'))
    .map(g => ({id: /flowchart-(.+)-\\d+$/.exec(g.id)[1], r: g.getBoundingClientRect()}));
  return shownArrows(svg).flatMap(e => {
      const [, a, b] = e.getAttribute('data-id').split('_'); const m = e.getScreenCTM();
      const points = []; for (let at = 0; at < e.getTotalLength(); at += 3) { const p = e.getPointAtLength(at);
        points.push([m.a * p.x + m.c * p.y + m.e, m.b * p.x + m.d * p.y + m.f]); }
      return boxes.filter(x => x.id !== a && x.id !== b && points.some(([px, py]) =>
        px > x.r.left - 4 && px < x.r.right + 4 && py > x.r.top - 4 && py < x.r.bottom + 4))
        .map(x => [e.getAttribute('data-id'), x.id]); }); }
"""


def open_diagrams(browser, url: str) -> None:
    """Open a game's page and wait until each of its pictures is drawn (or failed to be)."""
    open_page(browser, url, "document.querySelector('.cb-diagram') !== null")
    wait_for(
        browser,
        "const all = document.querySelectorAll('.cb-diagram'); return all.length && "
        "Array.from(all).every(d => ['yes', 'error'].includes(d.getAttribute('data-drawn')));",
    )


def test_each_diagram_is_legible_fits_the_screen_and_enters_every_end(browser, real):
    """Issue 51: at 1400 x 900, every turn picture a player sees (the set-up, the turn or its parts, the side
    steps) has text of at least 14 px as drawn, fits the screen, has no arrow across another, and every end of
    the game has an arrow in; the players' carry no guard or engine verb; in the engine authors' pictures (the
    same, with guards and engine verbs on the arrows) every end has an arrow in and no arrow crosses another.  Counted
    with arrows that share a box and arrows running through a box (``CROSSINGS``): Small Detectives' second turn part
    had one crossing, Cluedo's third two arrows along a box's edge, before casebook.js tried other arrow orders."""
    base, _, site = real
    browser.set_window_size(1400, 900)
    try:
        for engine in (False, True):
            open_page(browser, base, "document.body !== null")
            browser.execute_script(f"localStorage.setItem('casebook.engine-authors', '{'yes' if engine else 'no'}')")
            for game in site.games:
                open_diagrams(browser, f"{base}games/{game.id}/")
                shown = browser.execute_script(CROSSINGS + PICTURES)
                assert shown and all(p["engine"] == engine for p in shown), (game.id, engine)
                for n, picture in enumerate(shown):  # laid out with no arrow across another
                    assert not picture["crossings"], (game.id, engine, n, picture["crossings"])
                for n, picture in enumerate(shown if not engine else []):  # the players' pictures: legible, fitting
                    assert (picture["text"] or 0) >= 14 * 0.995, (game.id, engine, n, picture)  # sub-pixel rounding
                    assert picture["width"] <= 1400 and picture["height"] <= 900, (game.id, engine, n, picture)
                # the table of every verb with its guards and effects is the engine authors' too
                table = "const h = document.getElementById('transitions'); return !!h && h.offsetParent !== null;"
                assert browser.execute_script(table) == engine, (game.id, engine)
                ends = {f for p in shown for f in p["finals"]}
                entered = {a.split("_")[-2] for p in shown for a in p["arrows"]}
                finals = [p["name"] for p in site.engines[game.id].describe["phases"] if p.get("final")]
                assert len(ends) == len(finals) and ends <= entered, (game.id, engine, ends - entered)
                if not engine:  # no guard and no engine verb on a player's arrow or box
                    words = " ".join(
                        browser.execute_script(
                            "return Array.from(document.querySelectorAll('.cb-diagram'))"
                            ".filter(b => b.offsetParent !== null)"
                            ".flatMap(b => Array.from(b.querySelectorAll('g.edgeLabel, g.node'))"
                            ".map(l => l.textContent));"
                        )
                    )
                    for guard in ("unless", "when ", "expire", "then "):
                        assert guard not in words, (game.id, guard, words)
    finally:
        browser.execute_script("localStorage.setItem('casebook.engine-authors', 'no')")
        browser.set_window_size(1280, 1000)


# The boxes of the shown pictures whose words stand about one a line (three lines or more, under 1.5 words a line)
# although their picture leaves room across for a wider wrap (90 px: ROOMIER's 150 less NARROW's 60, casebook.js).
WORD_A_LINE = """
const column = arguments[0], cramped = [];
Array.from(document.querySelectorAll('.cb-diagram')).filter(b => b.offsetParent !== null).forEach(b => {
  const svg = b.querySelector('svg');
  if (!svg || svg.getBoundingClientRect().width > column - 90) return;
  svg.querySelectorAll('g.node .nodeLabel').forEach(label => {
    const words = label.textContent.trim().split(/\\s+/).length;
    const lines = Math.round(label.getBoundingClientRect().height / (14 * 1.5));
    if (lines >= 3 && words / lines < 1.5) cramped.push(label.textContent + ': ' + lines + ' lines');
  });
});
return cramped;"""


def test_on_a_phone_every_picture_fits_the_column_at_the_same_text_size(browser, real):
    """Issue 51: at 390 px the players' turn pictures kept 14 px text by scrolling sideways (Cluedo's 750, 953 and
    875 px; 4 of 14 fitted the 343 px column).  Drawn narrower on a phone (boxes closer, labels wrapped at 60 px), 8
    of 14 fitted; Cluedo's three turn parts (412, 514, 571 px), heist's turn (394 px) and two of Small Detectives'
    (393, 470 px) still scrolled.  Those games have pictures of their own for a phone, in more, smaller parts (a
    phase leading to many drawn left to right), shown when the desk's do not fit: every picture fits the column, at
    14 px, with no arrow across another and every end of the game entered; in the engine authors' view too: their
    words on the arrows are longer (two of Small Detectives' pictures, 429 and 529 px, and P.I.'s turn, 520 px, still
    scrolled): on a phone they are wrapped, and each audience gets the phone's pictures when its own desk's do not
    fit.  Wrapped at 60 px, a picture with room to spare wrapped its long box a word a line (Feuerdiamant's set-up:
    seven lines); it is drawn wider wrapped where that fits."""
    base, _, site = real
    browser.set_window_size(390, 900)
    widths, wide = {}, []
    try:
        for engine in (False, True):
            open_page(browser, base, "document.body !== null")
            browser.execute_script(f"localStorage.setItem('casebook.engine-authors', '{'yes' if engine else 'no'}')")
            for game in site.games:
                open_diagrams(browser, f"{base}games/{game.id}/")
                column = browser.execute_script(
                    "return document.querySelector('article').getBoundingClientRect().width"
                )
                shown = browser.execute_script(CROSSINGS + PICTURES)
                assert shown and all(p["engine"] == engine for p in shown), (game.id, engine)
                for n, picture in enumerate(shown):
                    assert (picture["text"] or 0) >= 14 * 0.995, (game.id, engine, n, picture["text"])
                    assert not picture["crossings"], (game.id, engine, n, picture["crossings"])
                    widths[(game.id, engine, n)] = round(picture["width"])
                    if picture["width"] > column + 0.5:
                        wide.append((game.id, engine, n, round(picture["width"])))
                ends = {f for p in shown for f in p["finals"]}
                entered = {a.split("_")[-2] for p in shown for a in p["arrows"]}
                finals = [p["name"] for p in site.engines[game.id].describe["phases"] if p.get("final")]
                assert len(ends) == len(finals) and ends <= entered, (game.id, engine, ends - entered)
                assert browser.execute_script("return document.scrollingElement.scrollWidth") <= 390, game.id
                assert not browser.execute_script(WORD_A_LINE, column), (game.id, engine)
    finally:
        browser.execute_script("localStorage.setItem('casebook.engine-authors', 'no')")
        browser.set_window_size(1280, 1000)
    assert not wide, f"wider than the {column:.0f} px column: {wide} (all: {widths})"


# What each board draws, in the screen's pixels: every space on a path (a dot), every place's box (a label or a
# space's circle), every path's line sampled every 3 px (a secret passage's too, were one drawn as a line) and every
# secret passage's marks (its shape's corners and its box).
BOARD_DRAWN = """
const svg = Array.from(document.querySelectorAll('.cb-board svg')).find(s => s.getBoundingClientRect().width > 0);
const box = e => { const r = e.getBoundingClientRect(); return {left: r.left, top: r.top, right: r.right,
                                                                bottom: r.bottom}; };
const places = Array.from(svg.querySelectorAll('.cb-board-location')).map(g => Object.assign(
  box(g.querySelector('rect, circle')), {name: g.getAttribute('data-name'), label: !!g.querySelector('rect'),
                                         kind: g.getAttribute('data-kind')}));
const dots = Array.from(svg.querySelectorAll('.cb-board-step')).map(c => Object.assign(box(c),
  {a: c.closest('g').getAttribute('data-a'), b: c.closest('g').getAttribute('data-b')}));
const lines = Array.from(svg.querySelectorAll('.cb-board-path')).filter(g => g.querySelector('line, path')).map(g => {
  const shape = g.querySelector('line, path'); const m = shape.getScreenCTM(); const n = shape.getTotalLength();
  const points = [];
  for (let at = 0; at <= n; at += 3) { const p = shape.getPointAtLength(at);
    points.push([m.a * p.x + m.c * p.y + m.e, m.b * p.x + m.d * p.y + m.f]); }
  return {a: g.getAttribute('data-a'), b: g.getAttribute('data-b'), points: points,
          secret: g.classList.contains('cb-board-passage')}; });
const passages = Array.from(svg.querySelectorAll('.cb-board-passage')).map(g => ({a: g.getAttribute('data-a'),
  b: g.getAttribute('data-b'), marks: Array.from(g.querySelectorAll('.cb-board-mark')).map(k => Object.assign(
    box(k), {shape: k.querySelector('polygon').getAttribute('points')}))}));
return {places: places, dots: dots, lines: lines, passages: passages};"""


def board_faults(drawn: dict) -> dict[str, list]:
    """What a reader of a board would misread (issue 51): a space (a dot) under or touching a place's label; a
    path's line through a place it does not join; a dot between two places that are themselves spaces (a space
    the board does not have: Cluedo's ring drew one between each two of its spaces); two dots at one point (paths
    that merely cross: Small Detectives' centre); two lines that meet off a place, a secret passage's too (Cluedo's
    crossed a lane, heist's two crossed each other); a secret passage without the same mark on each of its places,
    or a mark over another place or a space."""
    labels = [p for p in drawn["places"] if p["label"]]
    spaces = {p["name"] for p in drawn["places"] if not p["label"]}
    inside = lambda x, y, p: p["left"] + 1 < x < p["right"] - 1 and p["top"] + 1 < y < p["bottom"] - 1  # noqa: E731
    at_one_point = {(round((d["left"] + d["right"]) / 2), round((d["top"] + d["bottom"]) / 2)) for d in drawn["dots"]}
    return {
        "dots under labels": [(p["name"], d["a"], d["b"]) for d in drawn["dots"] for p in labels if meets(d, p, -1)],
        "lines through places": sorted(
            {
                (p["name"], line["a"], line["b"])
                for line in drawn["lines"]
                for p in drawn["places"]
                if p["name"] not in (line["a"], line["b"]) and any(inside(x, y, p) for x, y in line["points"])
            }
        ),
        "false spaces": [(d["a"], d["b"]) for d in drawn["dots"] if d["a"] in spaces and d["b"] in spaces],
        "dots at one point": len(drawn["dots"]) - len(at_one_point),
        "lines meeting off a place": meetings(drawn),
        "passages not marked alike at both ends": unmarked(drawn),
        "marks over other places or spaces": [
            (p["a"], p["b"], place["name"])
            for p in drawn["passages"]
            for mark in p["marks"]
            for place in drawn["places"] + [dict(d, name=f"space {d['a']} - {d['b']}") for d in drawn["dots"]]
            if place["name"] not in (p["a"], p["b"]) and meets(mark, place)
        ],
    }


def unmarked(drawn: dict) -> list[tuple[str, str]]:
    """The secret passages a reader cannot follow: not one mark on each of its places (the mark's centre in the
    place's box), or not the same shape at both ends, or the shape of another passage too."""
    at = {p["name"]: p for p in drawn["places"]}
    shapes = [{m["shape"] for m in p["marks"]} for p in drawn["passages"]]
    out = []
    for p, shape in zip(drawn["passages"], shapes):
        ends = [
            name
            for name in dict.fromkeys((p["a"], p["b"]))
            if sum(meets(at[name], m, min(m["right"] - m["left"], m["bottom"] - m["top"]) / 2) for m in p["marks"]) == 1
        ]
        alike = len(shape) == 1 and shapes.count(shape) == 1
        if len(ends) != len({p["a"], p["b"]}) or len(p["marks"]) != len(ends) or not alike:
            out.append((p["a"], p["b"]))
    return out


def meetings(drawn: dict, near: float = 2.5) -> list[tuple[str, str, str, str]]:
    """Where two paths' lines meet at no place (issue 51: Small Detectives' four "opposite" lines met at the board's
    centre, which read as a space the board does not have): two lines' drawn points within ``near`` px, more than
    4 px from every place (a line meets its own ends' places, and so do its neighbours').  A secret passage drawn
    as a line is compared too (Cluedo's dashed one crossed a lane, heist's two crossed each other: issue 51)."""
    grown = [(p["left"] - 4, p["top"] - 4, p["right"] + 4, p["bottom"] + 4) for p in drawn["places"]]
    at_place = lambda x, y: any(x0 < x < x1 and y0 < y < y1 for x0, y0, x1, y1 in grown)  # noqa: E731
    cells: dict[tuple[int, int], list[tuple[int, float, float]]] = {}
    lines = drawn["lines"]
    for n, line in enumerate(lines):
        for x, y in line["points"]:
            if not at_place(x, y):
                cells.setdefault((int(x // near), int(y // near)), []).append((n, x, y))
    met = set()
    for (cx, cy), here in cells.items():
        around = [q for dx in (-1, 0, 1) for dy in (-1, 0, 1) for q in cells.get((cx + dx, cy + dy), [])]
        for n, x, y in here:
            for m, u, v in around:
                if m > n and (x - u) ** 2 + (y - v) ** 2 <= near * near:
                    met.add((lines[n]["a"], lines[n]["b"], lines[m]["a"], lines[m]["b"]))
    return sorted(met)


def test_no_board_label_covers_a_path_dot_and_no_line_runs_through_a_place(browser, real):
    """Issue 51: every space drawn on a path (a dot) is seen, clear of every label; no path runs through a place it
    does not join; no dot stands for a space the board does not have; no two paths' lines meet where no place is (a
    secret passage's neither); each secret passage bears one mark on each of its places, the same at both ends and
    over nothing else; on a desk and on a phone (its own drawing of the board).  And a phone's board, the desk's
    turned, crosses only paths the desk's crosses, no more often (issue 51: heist's ring, crowded by the phone's
    larger labels, zig-zagged and the Attic's door crossed it, the desk's ring crossing nothing; Feuerdiamant's
    Zeitungsverlag jumped inwards and its path to Rathaus crossed two that meet nothing on the desk)."""
    base, _, site = real
    gaps: dict[str, dict[int, dict[str, int]]] = {}
    try:
        for width in (1400, 390):
            browser.set_window_size(width, 900)
            for game in (g for g in site.games if site.engines[g.id].describe["board"]):
                open_page(browser, f"{base}games/{game.id}/", "document.querySelector('.cb-board-legend') !== null")
                faults = board_faults(browser.execute_script(BOARD_DRAWN))
                assert not any(faults.values()), (game.id, width, faults)
                gaps.setdefault(game.id, {})[width] = dict(browser.execute_script(GAPS))
    finally:
        browser.set_window_size(1280, 1000)
    for game, shown in gaps.items():
        phone, desk = shown[390], shown[1400]
        assert set(phone) <= set(desk) and sum(phone.values()) <= sum(desk.values()), (game, phone, desk)


def test_a_boards_caption_says_what_the_board_shows_and_a_tap_names_a_place(browser, real):
    """Issue 51: P.I.'s caption told of dots on paths its board does not draw, and told a phone to hover, which it
    cannot (nor does a phone show an SVG tooltip on a tap).  The caption speaks of dots, gaps and passages' marks
    only where the board shown has them, and says tap; on a phone a tap on a place writes its name under the board."""
    base, _, site = real
    said_of = {"dots": "a dot on a path", "gaps": "A line with a gap", "marks": "same purple mark"}
    try:
        for width in (1400, 390):
            browser.set_window_size(width, 900)
            for game in (g for g in site.games if site.engines[g.id].describe["board"]):
                open_page(browser, f"{base}games/{game.id}/", "document.querySelector('.cb-board-legend') !== null")
                shown = browser.execute_script(
                    f"const svg = {SHOWN_BOARD}; const n = s => svg.querySelectorAll(s).length; "
                    "return {dots: n('.cb-board-step'), gaps: n('.cb-board-broken'), marks: n('.cb-board-mark'), "
                    "said: document.querySelector('.cb-board figcaption').innerText};"
                )
                for what, words in said_of.items():
                    assert (words in shown["said"]) == bool(shown[what]), (game.id, width, what, shown)
                assert "Tap or hover over a place" in shown["said"], (game.id, width, shown["said"])
                if width == 390:
                    place = browser.execute_script(f"return {SHOWN_BOARD}.querySelector('.cb-board-location rect')")
                    place.click()
                    named = browser.execute_script(
                        "return [document.querySelector('.cb-board-named').textContent, "
                        "arguments[0].parentNode.querySelector('title').textContent]",
                        place,
                    )
                    assert named[0] and named[0] == named[1], (game.id, named)
    finally:
        browser.set_window_size(1280, 1000)


# The board a reader sees (the one drawn, once laid out).
SHOWN_BOARD = "Array.from(document.querySelectorAll('.cb-board svg')).find(s => s.getBoundingClientRect().width > 0)"
# The paths whose lines cross another's (pictures/board_lines.py break_crossings leaves a gap there) and their gaps:
# a line drawn in n pieces has n - 1.
GAPS = f"""return Array.from({SHOWN_BOARD}.querySelectorAll('.cb-board-broken')).map(line => [
  line.closest('g').getAttribute('data-a') + ' - ' + line.closest('g').getAttribute('data-b'),
  (line.getAttribute('d').match(/M/g) || []).length - 1]);"""
# Each place of the board shown: its box (a label's or a space's) and its name.
PLACES = f"""return Array.from({SHOWN_BOARD}.querySelectorAll('.cb-board-location')).map(g => {{
  const r = g.querySelector('rect, circle').getBoundingClientRect();
  return {{name: g.getAttribute('data-name'), label: !!g.querySelector('rect'), left: r.left, top: r.top,
          right: r.right, bottom: r.bottom}}; }});"""
# The empty space above the board's first place, line or dot and below its last one, in screen px (a phone's board).
EMPTY_BANDS = f"""const svg = {SHOWN_BOARD}; const r = svg.getBoundingClientRect();
  const drawn = Array.from(svg.querySelectorAll('.cb-board-location, .cb-board-path, .cb-board-spaces'))
    .map(e => e.getBoundingClientRect());
  return [Math.min(...drawn.map(b => b.top)) - r.top, r.bottom - Math.max(...drawn.map(b => b.bottom))];"""
# Each place's label in the board shown, in screen px: its font size times the picture's scale.
LABEL_PX = f"""const svg = {SHOWN_BOARD};
  const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
  return Array.from(svg.querySelectorAll('.cb-board-label'))
    .map(t => parseFloat(getComputedStyle(t).fontSize) * scale);"""
# Each label's words that stick out of its box or into one of its passages' marks, in screen px (boxes are sized by
# Helvetica's character widths: pictures/board.py WIDTHS).
WORDS_OUT = f"""const svg = {SHOWN_BOARD};
  return Array.from(svg.querySelectorAll('.cb-board-location')).filter(g => g.querySelector('text')).map(g => {{
    const t = g.querySelector('text').getBoundingClientRect(), r = g.querySelector('rect').getBoundingClientRect();
    const marks = Array.from(svg.querySelectorAll('.cb-board-passage')).filter(p => [p.getAttribute('data-a'),
      p.getAttribute('data-b')].includes(g.getAttribute('data-name'))).flatMap(p => Array.from(
      p.querySelectorAll('.cb-board-mark'))).map(m => m.getBoundingClientRect()).filter(m => m.left < r.right &&
      m.right > r.left && m.top < r.bottom && m.bottom > r.top);
    const into = marks.map(m => Math.min(t.right, m.right) - Math.max(t.left, m.left) > 0 &&
      Math.min(t.bottom, m.bottom) - Math.max(t.top, m.top) > 0 ? 1 : 0);
    return [g.getAttribute('data-name'), Math.max(r.left - t.left, t.right - r.right, ...into.map(i => i * 99))];
  }}).filter(([name, out]) => out > 0);"""


def test_boards_have_no_label_over_another_and_a_whole_legend_on_a_desk_and_a_phone(browser, real):
    """Issue 26: at 1400 px and at a phone's 390 px, no two places of a board overlap, no two labels come within
    4 px (issue 51), labels read at 12 px at the least (14 px on a phone's board) inside their boxes, the page does
    not scroll sideways (nor the board on a phone: it is drawn for it, Cluedo's too), and every legend entry is on
    screen."""
    base, _, site = real
    try:
        for width in (1400, 390):
            browser.set_window_size(width, 900)
            for game in (g for g in site.games if site.engines[g.id].describe["board"]):  # one without draws none
                # the legend follows the picture: once it is there, every place is (CI read this page once
                # while it was being parsed and found no place; see open_page)
                open_page(browser, f"{base}games/{game.id}/", "document.querySelector('.cb-board-legend') !== null")
                places = browser.execute_script(PLACES)
                # the labels as read, in screen px: 12 px at the least, Material Design's caption size (its
                # smallest text meant for reading, and three quarters of the 16 px the page's text has on a phone);
                # the board scaled to a 390 px phone read at 9.6 px (issue 51); at 1400 px it reads 16.5 px
                read = browser.execute_script(LABEL_PX)
                assert read and min(read) >= 12, (game.id, width, min(read or [0]))
                # and 14 px on a phone's board at the least (issue 51: 12.1 px at 390 px, read at arm's length)
                assert width > 390 or min(read) >= 14, (game.id, width, min(read))
                # and inside its box, clear of its passages' marks
                assert not browser.execute_script(WORDS_OUT), (game.id, width, browser.execute_script(WORDS_OUT))
                # a board wider than a phone scrolls in its own figure: the page itself does not scroll sideways
                assert browser.execute_script("return document.scrollingElement.scrollWidth") <= width, (game.id, width)
                # on a phone, the board drawn for it (upright, larger labels) fits the screen: no sideways scrolling
                # (Cluedo's, its labels over the ring's lines in that drawing, scrolled at its wide size until the ring
                # was drawn narrower, leaving room beside it for them)
                right = browser.execute_script(f"return {SHOWN_BOARD}.getBoundingClientRect().right")
                assert right <= width, (game.id, width, right)
                if width == 390:  # as tall as what it draws: 30 to 91 px were empty
                    bands = browser.execute_script(EMPTY_BANDS)
                    assert max(bands) <= 32, (game.id, width, bands)
                labels = [box for box in places if box["label"]]
                assert places and not overlapping(places), (game.id, width, overlapping(places)[:5])
                # nor touch: heist's 27 halls, "Hall 1" to "Hall 27", made one chain of boxes (issue 51)
                assert labels and not overlapping(labels, -4), (game.id, width, overlapping(labels, -4)[:5])
                legend = browser.execute_script(BOXES, ".cb-board-legend li", "class")
                figure = browser.execute_script(
                    "const r = document.querySelector('.cb-board').getBoundingClientRect(); "
                    "return {left: r.left, right: r.right};"
                )
                assert legend and all(
                    b["left"] >= figure["left"] - 1 and b["right"] <= figure["right"] + 1 for b in legend
                ), (game.id, width, legend, figure)
    finally:
        browser.set_window_size(1280, 1000)


def correlation(xs: list[float], ys: list[float]) -> float:
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    cov = sum((x - mx) * (y - my) for x, y in zip(xs, ys))
    spread = (sum((x - mx) ** 2 for x in xs) * sum((y - my) ** 2 for y in ys)) ** 0.5
    return cov / spread if spread else 0.0


TURNED = "Turned a quarter clockwise"


def test_a_phones_board_is_the_desks_upright_or_turned_clockwise_and_says_so(browser, real):
    """Issue 51: a phone's board swapped across and down, the desk board's mirror image (Small Detectives' houses
    ran the other way round), with nothing said.  At 390 px each board is the desk's as it stands (its places where
    the desk has them: across with across, down with down) and says nothing, or the desk's turned a quarter clockwise
    (across on the phone is up on the desk, down is across) and says so above the legend."""
    base, _, site = real
    seen: dict[str, dict[int, dict]] = {}
    try:
        for width in (1400, 390):
            browser.set_window_size(width, 900)
            for game in (g for g in site.games if site.engines[g.id].describe["board"]):
                open_page(browser, f"{base}games/{game.id}/", "document.querySelector('.cb-board-legend') !== null")
                at = {
                    p["name"]: ((p["left"] + p["right"]) / 2, (p["top"] + p["bottom"]) / 2)
                    for p in browser.execute_script(PLACES)
                }
                said = browser.execute_script("return document.querySelector('.cb-board figcaption').innerText")
                seen.setdefault(game.id, {})[width] = {"at": at, "turned": TURNED in said}
    finally:
        browser.set_window_size(1280, 1000)
    ways = {}
    for game, shown in seen.items():
        desk, phone = shown[1400]["at"], shown[390]["at"]
        names = sorted(desk)
        across, down = [phone[n][0] for n in names], [phone[n][1] for n in names]
        upright = min(correlation(across, [desk[n][0] for n in names]), correlation(down, [desk[n][1] for n in names]))
        turned = min(correlation(across, [-desk[n][1] for n in names]), correlation(down, [desk[n][0] for n in names]))
        assert not shown[1400]["turned"], game
        ways[game] = "turned" if shown[390]["turned"] else "upright"
        assert (turned if shown[390]["turned"] else upright) > 0.9, (game, ways[game], upright, turned)
    # Small Detectives' ring of eight has room upright; P.I.'s grid upright pushed its labels together
    assert ways["small_detectives"] == "upright" and ways["pi"] == "turned", ways


def test_the_engine_authors_switch_shows_results_and_engine_only_examples(browser, real):
    base, _, site = real
    clause = next(c for c in site.all_clauses() if c.id == "FD-TURN-04")
    open_page(
        browser,
        section_url(base, clause),
        "document.querySelector('.cb-audience-toggle') !== null && document.getElementById('FD-TURN-04') !== null",
    )
    visible = (
        "return Array.from(document.querySelectorAll(arguments[0]))"
        ".filter(e => e.getBoundingClientRect().height > 0).length"
    )
    assert browser.execute_script(visible, ".cb-example .cb-badge") == 0  # players see no results
    hidden = browser.execute_script(visible, "#FD-TURN-04-ex2")
    browser.execute_script("document.querySelector('.cb-audience-toggle').click()")
    assert browser.execute_script(visible, ".cb-example .cb-badge") > 0
    assert (
        browser.execute_script(visible, "#FD-TURN-04-ex2") == 1 and hidden == 0
    )  # "an unknown action is a bad request"
    open_page(
        browser, f"{base}games/cluedo_drei/", "document.querySelector('.cb-audience-toggle') !== null"
    )  # the choice holds on the next page
    assert browser.execute_script("return document.documentElement.classList.contains('cb-engine')")
    browser.execute_script("document.querySelector('.cb-audience-toggle').click()")
    assert not browser.execute_script("return document.documentElement.classList.contains('cb-engine')")


def test_the_home_page_opens_with_the_games(browser, real):
    base, _, site = real
    open_page(browser, base, "document.querySelector('.cb-games .cb-game-title') !== null")
    games = browser.execute_script(
        "return Array.from(document.querySelectorAll('.cb-games .cb-game-title')).map(a => a.textContent)"
    )
    assert games == [site.title(g.id) for g in site.games]
    order = browser.execute_script(
        "const t = document.querySelector('.md-content').textContent; "
        "return [t.indexOf(arguments[0]), t.indexOf('Settle a question'), t.indexOf('Other uses')];",
        site.title(site.games[0].id),
    )
    assert 0 <= order[0] < order[1] < order[2], order


# -- the rulebook trace -------------------------------------------------------------------------------------


def test_each_rulebook_trace_lists_every_paragraph_one_click_from_its_clauses(browser, real):
    """Issue 10: from the game page to its trace, from a paragraph to its clause, and from the clause's Source back."""
    base, _, site = real
    games = [g for g in site.games if g.id in site.traces]
    assert {"cluedo_drei", "feuerdiamant"} <= {g.id for g in games}
    for game in games:
        trace = site.traces[game.id]
        open_page(browser, f"{base}games/{game.id}/", "document.querySelector('a.cb-trace-link') !== null")
        link = browser.execute_script("const a = document.querySelector('a.cb-trace-link'); return a && a.href")
        assert link and link.endswith(f"/games/{game.id}/rulebook-trace/"), (game.id, link)
        open_page(browser, link, "document.querySelector('.cb-trace tr[id]') !== null")
        rows = browser.execute_script("return Array.from(document.querySelectorAll('.cb-trace tr[id]')).map(r => r.id)")
        assert rows == [f"p{n}" for n in trace.paragraphs], game.id
        n = next(n for n in trace.paragraphs if trace.clauses_of(n))
        clause = trace.clauses_of(n)[0]
        browser.execute_script("document.querySelector(arguments[0]).click()", f"#p{n} a.cb-clause-id")
        wait_for(browser, f"return location.hash === '#{clause.id}'")
        assert browser.execute_script("return document.getElementById(arguments[0]) !== null", clause.id)
        back = browser.execute_script(
            """let el = document.getElementById(arguments[0]).nextElementSibling;
               for (; el && el.tagName !== 'H2'; el = el.nextElementSibling)
                 if (el.classList.contains('cb-source-line')) return el.querySelector('a').href;
               return null;""",
            clause.id,
        )
        first = next(
            c.paragraphs[0] for c in trace.citations if c.clause.id == clause.id
        )  # the Source line's first reference
        assert back and back.endswith(f"/games/{game.id}/rulebook-trace/#p{first}"), (clause.id, back)
        open_page(browser, back, f"document.getElementById('p{first}') !== null")
        assert browser.execute_script(
            "const r = document.getElementById(arguments[0]); return r && r.getBoundingClientRect().height > 0",
            f"p{first}",
        )


# -- search ----------------------------------------------------------------------------------------------


def test_search_finds_a_clause_by_its_id(browser, toy):
    base, _, _ = toy
    links = search(browser, base, "TG-ELM-02")
    assert first_clause(links).endswith("/games/toy_game/the-turn/#TG-ELM-02"), links
    open_page(browser, first_clause(links), "document.getElementById('TG-ELM-02') !== null")
    assert browser.execute_script("return document.getElementById('TG-ELM-02') !== null")


def test_search_on_the_real_site_finds_clauses_by_id_and_by_word(browser, real):
    base, _, site = real
    clauses = site.all_clauses()
    if not clauses:
        pytest.skip("features/ has no clause yet")
    for clause in (clauses[0], clauses[-1]):
        links = search(browser, base, clause.id)
        assert first_clause(links).endswith(f"#{clause.id}"), (clause.id, links[:4])
    eliminated = [c for c in clauses if "eliminat" in c.text.lower()]
    if eliminated:  # the new user's question: does an eliminated player still show cards?
        links = search(browser, base, "eliminated")
        assert any(link.endswith(f"#{c.id}") for c in eliminated for link in links), links


def test_a_word_of_the_printed_rulebook_finds_the_clauses_that_say_it_in_english(browser, real):
    """Issue 26: a player holding the French or Catalan rulebook types its word (with or without its accents) on
    the game's pages, and the first clause found uses the word our clauses have for it (synonyms.yml: rulebook)."""
    base, _, site = real
    tried = 0
    for game_id, printed, english in (
        ("heist", "amagatall", "hideout"),
        ("pi", "pénalité", "penalt"),
        ("pi", "penalite", "penalt"),
        ("pi", "manches", "round"),
    ):
        if not (site.rulebook_words.get(game_id) or {}).get("words"):
            continue
        tried += 1
        links = search(browser, base, printed, f"games/{game_id}/")
        found = first_clause(links).rpartition("#")[2]
        clause = next((c for c in site.all_clauses() if c.id == found), None)
        assert clause is not None and english in clause.text.lower(), (game_id, printed, links[:3])
    assert tried, "no game has the words of its printed rulebook (features/<game>/synonyms.yml: rulebook)"


def test_search_answers_the_players_questions_in_the_first_five_results(browser, real, capsys):
    """Issue 17: each game's table questions, typed as players type them on their game's pages, find a clause
    that settles them among the first five results (the shares from the home page, with no game known, and in
    the first result are printed too).

    Every game has at least 10 questions (the issue's count), and every question of every game is answered in
    the first five: a miss fails the test, and each miss is printed with the five results it got instead.
    """
    base, _, site = real
    asked = table_questions(ROOT)
    missed, total, anywhere, first, found = [], 0, 0, 0, {}
    # every question through the page's own search box, all of a page's in one go (browsing.search_each): each
    # game's on its game's home page, then every game's on the site's home page
    everyone = list(dict.fromkeys(question for game in site.games for question, _ in asked.get(game.id, [])))
    from_home = dict(zip(everyone, search_each(browser, base, everyone)))
    for game in site.games:
        questions = asked.get(game.id, [])
        # 10 (the count), or one a transcribed clause for a smaller rulebook (Bulls and Cows has 7)
        needed = min(10, sum(1 for c in game.clauses if c.examples))
        assert len(questions) >= needed, (
            f"{game.id}: features/{game.id}/questions.yml needs at least {needed} table questions, has {len(questions)}"
        )
        found[game.id] = 0
        for (question, clauses), results in zip(
            questions, search_each(browser, base, [q for q, _ in questions], f"games/{game.id}/")
        ):
            total += 1
            first += found_in_top(results, clauses, top=1)
            if found_in_top(results, clauses):
                found[game.id] += 1
            else:
                first_five = [r[-1].rsplit("/", 2)[-1] if r else "" for r in results[:5]]
                missed.append(f"{game.id}: {question!r} wants {clauses}; first five: {first_five}")
            anywhere += found_in_top(from_home[question], clauses)
    with capsys.disabled():
        print(
            f"\nsearch: {total - len(missed)}/{total} table questions find a clause "
            "in the first 5 results on their game's pages "
            f"({found}), {first}/{total} in the first result, {anywhere}/{total} from the home page"
            + "".join(f"\n  missed {m}" for m in missed)
        )
    assert not missed, f"{len(missed)} of {total} table questions missed the first five results:\n" + "\n".join(missed)


# Questions whose words point to one game (a player's word of that game's synonyms.yml, or a name only it has)
# though each could be asked of several: from the home page, that game's clauses come first (issue 51).
# "how does a round work with only two players?" (Small Detectives) left in session 20: only the entry
# "round work: round", made for that question, pointed it there, and the entry cost another file two answers.
POINTED = (
    ("I tapped a place, can I change the route before my pawn walks?", "heist"),
    ("where can I look back at who showed a card to whom?", "heist"),
    ("what does a disc on a location tell me?", "pi"),
    ("can two detectives look at the same house?", "small_detectives"),
    ("what happens when a hazard marker reaches the end of the track?", "feuerdiamant"),
    ("what do we do with the spare clue cards after the deal?", "cluedo_drei"),
    ("the cards don't split evenly between us, what do we do with the extras?", "cluedo_drei"),
    ("do I need the exact number to get into a room?", "cluedo_drei"),
)


def test_from_the_home_page_the_game_a_questions_words_point_to_comes_first(browser, real):
    base, _, _ = real
    firsts = [
        next((link for link in item if "/games/" in link), "") if item else ""
        for item in (results[0] if results else [] for results in search_each(browser, base, [q for q, _ in POINTED]))
    ]
    wrong = [(q, game, first) for (q, game), first in zip(POINTED, firsts) if f"/games/{game}/" not in first]
    assert not wrong, "from the home page another game came first:\n" + "\n".join(map(str, wrong))


def test_a_game_picked_on_the_home_page_keeps_search_to_it_and_is_remembered(browser, real):
    """Issue 51: off the games' pages a picker above the results keeps search to one game; the choice is kept
    (localStorage) for the next page, and "all games" gives every game back."""
    base, _, _ = real
    asked = "who goes first?"
    search(browser, base, asked)
    games = browser.execute_script(
        "return Array.from(document.querySelectorAll('.cb-pick-game option')).map(o => o.value)"
    )
    assert "" in games and "heist" in games, games
    try:
        browser.execute_script(
            "const s = document.querySelector('.cb-pick-game'); s.value = 'heist';s.dispatchEvent(new Event('change'))"
        )
        wait_for(
            browser,
            "const r = Array.from(document.querySelectorAll('.md-search-result__link')).map(a => a.href);"
            "return r.length > 0 && r.every(h => h.includes('/games/heist/'))",
        )
        links = search(browser, base, asked)  # a fresh page: the choice is remembered
        assert browser.execute_script("return document.querySelector('.cb-pick-game').value") == "heist"
        assert links and all("/games/heist/" in link for link in links), links[:5]
        browser.execute_script(
            "const s = document.querySelector('.cb-pick-game'); s.value = '';s.dispatchEvent(new Event('change'))"
        )
        wait_for(
            browser,
            "return new Set(Array.from(document.querySelectorAll('.md-search-result__link'))"
            ".map(a => (/\\/games\\/([^/]+)\\//.exec(a.href) || [])[1])).size > 1",
        )
    finally:
        browser.execute_script("window.localStorage.removeItem('casebook.search-game')")


def test_a_result_names_its_game_and_one_clause(browser, real):
    """Every result of a search is one clause (or page), under a title that names its game."""
    base, _, site = real
    search(browser, base, "secret passage")
    items = browser.execute_script(
        """return Array.from(document.querySelectorAll('.md-search-result__item')).slice(0, 5).map(item => ({
             title: item.querySelector('h1').textContent,
             clauses: item.querySelectorAll('a.md-search-result__link[href*="#"]').length}));"""
    )
    assert items, "no result"
    titles = [site.title(g.id) for g in site.games]
    for item in items:
        assert any(item["title"].startswith(t) for t in titles), item
        assert item["clauses"] <= 1, item


# -- links -------------------------------------------------------------------------------------------------


class Links(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.links: list[tuple[str, str]] = []  # (tag, url)
        self.ids: set[str] = set()

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        for key in ("id", "name"):
            if attrs.get(key):
                self.ids.add(attrs[key])
        for key in ("href", "src"):
            if attrs.get(key) and not (tag == "link" and attrs.get("rel") in ("canonical",)):
                self.links.append((tag, attrs[key]))


def crawl(base: str) -> tuple[int, list[str], list[str]]:
    """Every page reachable from the home page; (pages, broken links, resources from off the machine)."""
    host = urllib.parse.urlsplit(base).netloc
    pages: dict[str, Links] = {}
    todo, wanted, broken, offsite, unreachable = [base], [], [], [], set()
    while todo:
        url = todo.pop()
        if url in pages:
            continue
        try:
            with urllib.request.urlopen(url, timeout=10) as answer:
                kind = answer.headers.get_content_type()
                body = answer.read()
        except urllib.error.URLError as exc:
            broken.append(f"{url}: {exc}")
            pages[url] = Links()
            unreachable.add(url)
            continue
        parser = Links()
        if kind == "text/html":
            parser.feed(body.decode("utf-8", "replace"))
        pages[url] = parser
        for tag, link in parser.links:
            absolute = urllib.parse.urljoin(url, link)
            parts = urllib.parse.urlsplit(absolute)
            if parts.scheme not in ("http", "https"):
                continue
            if parts.netloc != host:
                if tag in ("script", "link", "img", "iframe"):
                    offsite.append(f"{url} loads {absolute}")
                continue
            target = urllib.parse.urlunsplit(parts._replace(fragment=""))
            if parts.fragment:
                wanted.append((url, target, urllib.parse.unquote(parts.fragment)))
            if target not in pages:
                todo.append(target)
    for source, target, anchor in wanted:
        if (
            target in pages and target not in unreachable and anchor not in pages[target].ids
        ):  # a broken page: told once
            broken.append(f"{source} → {target}#{anchor}: no such anchor")
    return len(pages), broken, offsite


@pytest.mark.parametrize("which", ["toy", "real"])
def test_no_page_has_a_broken_link_or_needs_the_internet(which, request):
    base, out, site = request.getfixturevalue(which)
    count, broken, offsite = crawl(base)
    expected = 1 + 3 * len(site.games) + sum(len(g.sections) for g in site.games)
    assert count >= expected, f"the crawl reached only {count} pages"
    assert not broken, "broken links:\n" + "\n".join(broken[:30])
    assert not offsite, "the site must work offline, but:\n" + "\n".join(offsite[:30])
