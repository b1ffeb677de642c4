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


def search_results(driver, base: str, words: str, start: str = "") -> list[list[str]]:
    """Type into the search box on page ``start``; for each result shown (in order), the links a reader sees in it.

    A link folded away under Material's "N more on this page" is not seen: it does not count.
    """
    search(driver, base, words, start)
    return driver.execute_script(
        """
        return Array.from(document.querySelectorAll('.md-search-result__item')).map(item =>
          Array.from(item.querySelectorAll('a.md-search-result__link'))
            .filter(a => !a.closest('details.md-search-result__more'))
            .map(a => a.href.split('?')[0] + (a.hash || '')));
        """
    )
