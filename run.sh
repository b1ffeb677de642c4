#!/usr/bin/env bash
# Casebook's two entry points, for a fresh machine that has only python3:
#
#   ./run.sh docs   set up, run the scenarios against the reference, build and serve the living docs
#   ./run.sh test   set up, check the format and lint (ruff), run every test: in process, what a transport
#                   can change again over stdio and over WebSocket, the long property runs, a sample of rule
#                   mutants, the docs built strict, the browser test alone
#
# Set-up is idempotent: a virtualenv in .venv, the project installed editable
# (with uv from the package index where it installs, else pip), and (for the
# browser test and the Node example engine, as root) Debian's chromium, chromedriver and nodejs.
set -euo pipefail
cd "$(dirname "$0")"

say() { printf '\n\033[1m== %s\033[0m  (%d s in)\n' "$*" "$SECONDS"; }  # the seconds since start: where the time goes

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else return 1; fi
}

apt_install() {  # apt_install PACKAGE... : install missing Debian packages, once
  local missing=()
  for pkg in "$@"; do dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg"); done
  [ ${#missing[@]} = 0 ] && return 0
  say "installing ${missing[*]} from Debian"
  as_root apt-get update -qq &&
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
}

setup() {
  if [ ! -x .venv/bin/python ]; then
    say "creating .venv"
    python3 -m venv .venv 2>/dev/null || { apt_install python3-venv && python3 -m venv .venv; }
  fi
  say "installing Casebook and its packages into .venv"
  # uv resolves and installs in parallel, several times faster than pip (most of a busy machine's
  # start-up was pip); it comes from the package index like any package, and pip does the job where
  # uv cannot be had.  --no-compile: Python compiles what it imports when it first imports it.
  [ -x .venv/bin/uv ] ||
    .venv/bin/python -m pip install -q --no-compile --disable-pip-version-check uv >/dev/null 2>&1 || true
  if ! { [ -x .venv/bin/uv ] &&
         .venv/bin/uv pip install -q --native-tls --python .venv/bin/python -e ".[browser,test,cluster]"; }; then
    .venv/bin/python -m pip install -q --no-compile --disable-pip-version-check -e ".[browser,test,cluster]"
  fi
  export PATH="$PWD/.venv/bin:$PATH"  # so the stdio runs find `casebook serve`
  # Compiled and assertion-rewritten modules are kept (in the ignored __pycache__ folders): dozens of processes
  # import the suite (pytest, its workers, the served engines, each mutant's run), and each paid about 3 s of
  # CPU to compile it again where PYTHONDONTWRITEBYTECODE was set.
  unset PYTHONDONTWRITEBYTECODE
  mkdir -p results
}

case "${1:-}" in
  docs)
    setup
    # Serve first, judge fully after: the scenarios alone take seconds, so the site is up in
    # about a minute; the full verify (schemas checked, property tests: minutes) and the
    # example engine then run in the background and rebuild the site with their verdicts
    # (refresh the page; progress in results/background.log).  A failing clause is shown in
    # the docs, not fatal here.
    say "running the scenarios against the reference engine"
    pytest -q -n auto -p no:cacheprovider step_defs --cucumberjson=results/cucumber.json || true
    export NO_MKDOCS_2_WARNING=1
    # the first build's Conformance page says the reference is being validated, and where progress goes
    CASEBOOK_VALIDATING=results/background.log casebook docs build --results results
    say "serving the living rulebook on http://127.0.0.1:${PORT:-8000}/"
    echo "   the property tests and the example engine go on in the background, a few minutes (2 cores):"
    echo "   progress in results/background.log; the site is rebuilt with their verdicts when they end"
    (
      casebook verify --impl reference --no-progress -n auto || true
      # only the example engine needs Node: not before the first page
      command -v node >/dev/null || apt_install nodejs || true
      if command -v node >/dev/null; then
        casebook verify --impl "cmd:node examples/node-cluedo/engine.js" --name node-cluedo-example \
          --no-progress || true
      fi
      casebook docs build --results results && echo "== the site now has every verdict: refresh the page"
    ) > results/background.log 2>&1 &
    exec casebook docs serve --addr "127.0.0.1:${PORT:-8000}"
    ;;
  test)
    setup
    # Node runs the example engine (the tests that judge it are skipped without it); the docs need no Node
    # (mermaid comes from the package index, casebook/site/vendor.py).  tsc and the JDK run `casebook new-adapter
    # --lang ts|java`'s output (tests/conformance/test_new_adapter.py fails under CI=true without them): on Debian 12,
    # 7 MB and 116 MB to download; the JDK's two packages unpack in ~3 s, node-typescript installed in ~5 s.
    apt_install chromium chromium-driver nodejs node-typescript default-jdk-headless ||
      echo "(no root: the browser test and the Node, TypeScript and Java tests will say they are skipped)"
    export NO_MKDOCS_2_WARNING=1
    say "the formatter and the linter (ruff, configured in pyproject.toml): seconds, so a bad line fails first"
    ruff format --check .
    ruff check .
    # -n auto: one pytest-xdist worker per core; the Cucumber JSON still holds every scenario.
    # Nothing runs twice unless a transport can change its result: -m impl (set by casebook's
    # plugin) is every scenario and every test that asks for the implementation under test.
    say "every test, in process (the long property runs are the third step)"
    # The browser test is the last step, alone: it builds and serves the site from this run's results.
    # Two workers a core here (worksteal: an idle worker takes queued tests from a busy one): many of these tests wait
    # (a 30 s deadline run, wheel and sdist builds, verify subprocesses), and with one worker a core the cores idled a
    # quarter of the step (1.46 of 2 busy).  On 2 cores, back to back: 157-162 s against 189-190 s with -n 2.  The
    # transport steps below keep one a core: their served engines take the rest (-n 4 took 83-90 s there, -n 2 64-66 s).
    pytest -q -n "$(( $(nproc) * 2 ))" --dist worksteal -m "not slow" --cucumberjson=results/cucumber.json \
      --ignore=tests/docs/test_browser.py
    say "what a transport can change, against the reference served over stdio:" \
      "every scenario, the property tests on their fixed seeds"
    # The long random games over a transport on a fixed sample of seeds (each game's first ones; in process they all
    # ran above): what a transport could change (framing, ordering, timeouts) shows in any game, and these games were
    # both transport steps' critical path (Feuerdiamant's 50 took 74 s over stdio, 333 s over WebSocket at load).
    export CASEBOOK_FD_GAMES=12 CASEBOOK_HEIST_GAMES=8 CASEBOOK_SD_GAMES=8
    pytest -q -n auto -m impl --impl="cmd:casebook serve" -p no:cacheprovider
    say "the same selection, against the reference served over WebSocket (casebook serve --listen)"
    casebook serve --listen 127.0.0.1:0 > results/ws-address 2> results/ws-server.log &
    ws_server=$!
    trap 'kill "$ws_server" 2>/dev/null || true' EXIT
    for _ in $(seq 150); do [ -s results/ws-address ] && break; sleep 0.2; done
    [ -s results/ws-address ] || { echo "casebook serve --listen did not start:"; cat results/ws-server.log; exit 1; }
    pytest -q -n auto -m impl --impl="$(head -n 1 results/ws-address)" -p no:cacheprovider
    kill "$ws_server"
    unset CASEBOOK_FD_GAMES CASEBOOK_HEIST_GAMES CASEBOOK_SD_GAMES
    say "the long property runs (marked slow), in process"
    pytest -q -n auto -m slow -p no:cacheprovider || [ $? = 5 ]  # 5: none marked slow
    say "a sample of rule mutants per game: every one must be noticed (casebook mutate; the full run is on demand)"
    # 6 mutants of each game, the same every time, 2 at a time (about 3 minutes on 2 cores); a survivor not marked
    # equivalent in statemachines/<game>/equivalent-mutants.yml fails the step, a mutant stopped after 60 s does not (a
    # rule change that loops; a forgotten set-up callback no longer does: the kit refuses a move that changes
    # nothing, a kill in seconds).  The sample goes beside the results the site reads
    # (results/mutation/, a full run's): a sample is no clause's strength.
    casebook mutate --game cluedo_drei --game feuerdiamant --game heist --game pi --game small_detectives \
      --sample 6 --jobs 2 --timeout 60 --out results/mutation-sample
    say "the living docs, built strict"
    casebook docs build --results results --strict
    say "the browser test, alone: the site as a reader sees it in headless Chromium"
    # No retry: each page is read once chromedriver's get() has truly loaded it (browsing.open_page waits for
    # readyState 'complete' and the element read; get() came back mid-parse now and then, the old flake).
    # CASEBOOK_SITE: the real site is the one the step above built strict (the test checks it is current).
    CASEBOOK_SITE=build/site pytest -q -p no:cacheprovider tests/docs/test_browser.py
    ;;
  *)
    echo "usage: ./run.sh docs | test" >&2
    exit 2
    ;;
esac
