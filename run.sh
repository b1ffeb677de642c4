#!/usr/bin/env bash
# Casebook's two entry points, for a fresh machine that has only python3:
#
#   ./run.sh docs   set up, run the suite against the reference, build and serve the living docs
#   ./run.sh test   set up, run every test: in process, over stdio, docs build, browser
#
# Set-up is idempotent: a virtualenv in .venv, the project installed editable,
# and (for the browser test, as root) Debian's chromium and chromedriver.
set -euo pipefail
cd "$(dirname "$0")"

say() { printf '\n\033[1m== %s\033[0m\n' "$*"; }

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else return 1; fi
}

apt_install() {  # apt_install PACKAGE... : install missing Debian packages, once
  local missing=()
  for pkg in "$@"; do dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg"); done
  [ ${#missing[@]} = 0 ] && return 0
  say "installing ${missing[*]} from Debian"
  as_root apt-get update -qq && as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
}

setup() {
  if [ ! -x .venv/bin/python ]; then
    say "creating .venv"
    python3 -m venv .venv 2>/dev/null || { apt_install python3-venv && python3 -m venv .venv; }
  fi
  say "installing Casebook and its packages into .venv"
  # --no-compile: Python compiles what it imports when it first imports it; compiling every
  # installed package up front took 40 % of the install on a busy machine
  .venv/bin/python -m pip install -q --no-compile --disable-pip-version-check -e ".[browser,test]"
  # Node: the docs vendor mermaid from the npm registry; the example engine runs on it.
  command -v npm >/dev/null || apt_install nodejs npm || echo "(no npm: the docs build will say how to supply mermaid)"
  export PATH="$PWD/.venv/bin:$PATH"  # so the stdio runs find `casebook serve`
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
    pytest -q -p no:cacheprovider step_defs --cucumberjson=results/cucumber.json || true
    export NO_MKDOCS_2_WARNING=1
    casebook docs build --results results
    say "serving the living rulebook on http://127.0.0.1:${PORT:-8000}/ (property tests go on in the background)"
    (
      casebook verify --impl reference --no-progress -n auto || true
      if command -v node >/dev/null; then
        casebook verify --impl "cmd:node examples/node-cluedo/engine.js" --name node-cluedo-example --no-progress || true
      fi
      casebook docs build --results results && echo "== the site now has every verdict: refresh the page"
    ) > results/background.log 2>&1 &
    exec casebook docs serve --addr "127.0.0.1:${PORT:-8000}"
    ;;
  test)
    setup
    apt_install chromium chromium-driver || echo "(no root: the browser test will say it is skipped)"
    # -n auto: one pytest-xdist worker per core; the Cucumber JSON still holds every scenario
    say "the whole suite, in process"
    pytest -q -n auto --cucumberjson=results/cucumber.json
    say "the whole suite again, against the reference served over stdio"
    pytest -q -n auto --impl="cmd:casebook serve" -p no:cacheprovider
    say "the living docs, built strict"
    export NO_MKDOCS_2_WARNING=1
    casebook docs build --results results --strict
    ;;
  *)
    echo "usage: ./run.sh docs | test" >&2
    exit 2
    ;;
esac
