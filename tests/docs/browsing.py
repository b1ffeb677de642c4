"""Driving the built site in Debian's headless Chromium (Selenium): shared by the browser test
(test_browser.py) and the search evaluation (search_eval.py).

Chromium and its driver come from the Debian packages chromium and chromium-driver; Selenium
from the project's ``browser`` extra.
"""

from __future__ import annotations

import functools
import http.server
import os
import shutil
import threading
import time
import urllib.parse
from pathlib import Path

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMEDRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"
CHROMIUM_FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--window-size=1280,1000",
)


def missing_browser() -> str | None:
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "the selenium package is not installed (pip install -e '.[browser]')"
    for path in (CHROMIUM, CHROMEDRIVER):
        if not os.access(path, os.X_OK):
            return f"{path} is missing (apt-get install chromium chromium-driver)"
    return None


def start_browser():
    """Headless Chromium, as the tests drive it; the caller quits it."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in CHROMIUM_FLAGS:
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    driver.set_page_load_timeout(30)
    return driver


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):
        pass


def serve_folder(folder: Path) -> tuple[str, http.server.ThreadingHTTPServer]:
    """Serve a built site on 127.0.0.1 (a free port) from a thread; (its base URL, the server to shut down)."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(folder)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_address[1]}/", server


def wait_for(driver, script: str, timeout: float = 15.0):
    """Poll a JavaScript expression until it is truthy; return its value."""
    deadline = time.monotonic() + timeout
    while True:
        value = driver.execute_script(script)
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for: {script}")
        time.sleep(0.1)


def open_page(driver, url: str, ready: str = "true", timeout: float = 15.0) -> None:
    """Go to ``url`` and wait until its document is complete and ``ready`` (a JavaScript expression) holds.

    ``driver.get`` alone is not enough: chromedriver returns from it now and then while the new document is
    still being parsed (document.readyState 'loading', the end of the page not there yet).  Measured with
    Chromium 150: 2 of 80 gets of a plain 800 kB HTML page with no script or stylesheet, 2 to 5 of 60 of the
    site's game pages; CI's browser test read a board at once and found none of its places.
    """
    driver.get(url)
    try:
        wait_for(driver, f"return document.readyState === 'complete' && ({ready})", timeout)
    except AssertionError:
        state = driver.execute_script("return [location.href, document.readyState]")
        raise AssertionError(f"{url}: the page never showed {ready} (now at {state[0]}, {state[1]})") from None


def search(driver, base: str, words: str, start: str = "") -> list[str]:
    """Type into Material's search box on page ``start``; the result links (query string dropped) once they settle."""
    from selenium.webdriver.common.by import By

    open_page(driver, base + start, "document.querySelector('.md-search__input') !== null")
    driver.execute_script("document.querySelector('label[for=\"__search\"]').click()")
    driver.find_element(By.CSS_SELECTOR, ".md-search__input").send_keys(words)
    script = "return Array.from(document.querySelectorAll('.md-search-result__link')).map(a => a.href);"
    seen, stable, deadline = None, 0, time.monotonic() + 20
    while stable < 4:  # results are redrawn as each key arrives: wait until they stop changing
        if time.monotonic() > deadline:
            raise AssertionError(f"search results for {words!r} never settled: {seen}")
        time.sleep(0.15)
        links = driver.execute_script(script)
        stable = stable + 1 if links and links == seen else 0
        seen = links
    return [urllib.parse.urlunsplit(urllib.parse.urlsplit(link)._replace(query="")) for link in seen]


# The links a reader sees in each result shown, in order: a link folded away under Material's "N more on this
# page" is not seen, so it does not count.
READ_RESULTS = """
    return Array.from(document.querySelectorAll('.md-search-result__item')).map(item =>
      Array.from(item.querySelectorAll('a.md-search-result__link'))
        .filter(a => !a.closest('details.md-search-result__more'))
        .map(a => a.href.split('?')[0] + (a.hash || '')));
"""

# Asks each question in turn in the open page's search box, as a reader whose last key is up: the value set,
# then the keyup Material's search listens to (its query is the box's value then, the one the last typed key
# sends), and the result list read once Material has redrawn it for that query.  For each answer of its worker,
# Material rewrites the count above the list and redraws the list, in one go (the count is rewritten even when
# it reads as before, and with it an answer with no result shows), and the worker answers queries in order, so
# the first redraw after a question is its answer (20 ms without another: drawn).
ASK_EACH = """
    const questions = arguments[0], done = arguments[arguments.length - 1];
    const input = document.querySelector('.md-search__input');
    const shown = document.querySelector('.md-search-result');  // the count (.md-search-result__meta) and the list
    const read = new Function(arguments[1]);
    const answers = [];
    const ask = i => {
      if (i === questions.length) { done(answers); return; }
      let quiet = null;
      const answered = () => { observer.disconnect(); clearTimeout(never); answers.push(read()); ask(i + 1); };
      const observer = new MutationObserver(() => { clearTimeout(quiet); quiet = setTimeout(answered, 20); });
      const never = setTimeout(() => { observer.disconnect(); answers.push(null); ask(i + 1); }, 20000);
      observer.observe(shown, {childList: true, subtree: true});
      input.value = questions[i];
      input.dispatchEvent(new KeyboardEvent('keyup', {bubbles: true}));
    };
    ask(0);
"""


def search_each(driver, base: str, questions: list[str], start: str = "") -> list[list[list[str]]]:
    """Every question asked in the search box of page ``start``, one page load for all (the questions of a whole
    game in about a second, where opening the page and typing each took seconds a question); for each question,
    what :func:`search_results` gives for it.  The questions go through the page's own search, as typed ones do:
    Material's search box, casebook's worker around Material's, Material's drawing of the results."""
    if len(set(questions)) != len(questions):  # the box sends no query for the value it already holds
        raise ValueError("each question once: a repeated one would read the previous answer")
    open_page(driver, base + start, "document.querySelector('.md-search__input') !== null")
    driver.execute_script("document.querySelector('label[for=\"__search\"]').click()")
    driver.set_script_timeout(30 + 20 * len(questions))
    answers = driver.execute_async_script(ASK_EACH, questions, READ_RESULTS)
    unanswered = [q for q, a in zip(questions, answers) if a is None]
    assert not unanswered, f"the search on {base + start} never answered {unanswered}"
    return answers


def search_results(driver, base: str, words: str, start: str = "") -> list[list[str]]:
    """Type into the search box on page ``start``; for each result shown (in order), the links a reader sees in it.

    A link folded away under Material's "N more on this page" is not seen: it does not count.
    """
    search(driver, base, words, start)
    return driver.execute_script(READ_RESULTS)
