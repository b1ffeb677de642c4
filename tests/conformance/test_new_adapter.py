"""``casebook new-adapter`` (issue 45 item 1): its output answers ``hello`` before any rule is written, lists the
game's names (checked by the kit), and refuses every rule question as unsupported until it is written."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys

import pytest

from casebook.commands.new_adapter import LANGS, game_names
from casebook.errors import GameError
from casebook.impls import opened
from casebook.kit_bridge import name_problems
from tests.conformance.helpers import ROOT

SPEC = {
    "js": "kit:node {file}",
    "ts": "kit:node {js}",  # tsc writes the JavaScript beside the TypeScript
    "java": "kit:java {file}",  # Java 17 runs one source file, compiling it in memory (the JDK's launcher)
    "python": f"cmd:{sys.executable} {{file}}",
}
# the programs each language's adapter needs (run.sh's test step installs them from Debian: nodejs, node-typescript,
# default-jdk-headless); javac stands for the JDK, which the source launcher needs besides java
TOOLS = {"js": ["node"], "ts": ["node", "tsc"], "java": ["java", "javac"], "python": []}


def toolchain(lang: str) -> None:
    """Skip, saying why, where a language's programs are missing; under CI (CI=true) fail instead: CI installs
    them, and a test that cannot run there must not pass in silence."""
    missing = [tool for tool in TOOLS[lang] if shutil.which(tool) is None]
    if missing:
        reason = f"{', '.join(missing)} not installed: the {lang} adapter cannot run"
        if os.environ.get("CI") == "true":
            pytest.fail(reason)
        pytest.skip(reason)


def new_adapter(tmp_path, game: str, lang: str):
    out = tmp_path / f"{game}_adapter{LANGS[lang]}"
    run = subprocess.run(
        [sys.executable, "-m", "casebook.cli", "new-adapter", "--game", game, "--lang", lang, "--out", str(out)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    return run, out


def compiled(out, lang: str):
    """The adapter as its language runs it: TypeScript compiled by tsc (strict, so the stubs type-check)."""
    if lang == "ts":
        run = subprocess.run(
            ["tsc", "--strict", "--target", "es2019", str(out)], capture_output=True, text=True, timeout=300
        )
        assert run.returncode == 0, run.stdout + run.stderr
    return SPEC[lang].format(file=out, js=out.with_suffix(".js"))


def first_state(game: str) -> dict:
    with opened("reference") as reference:
        table = reference.new(game, {})
        return reference.state(table)


@pytest.mark.parametrize("lang", sorted(LANGS))
@pytest.mark.parametrize("game", ["pi", "cluedo_drei"])
def test_the_starting_adapter_answers_hello_and_refuses_every_rule_as_not_written(tmp_path, game, lang):
    toolchain(lang)
    run, out = new_adapter(tmp_path, game, lang)
    assert run.returncode == 0, run.stderr
    with opened(compiled(out, lang)) as impl:
        hello = impl.hello()
        assert list(hello["games"]) == [game] and hello["games"][game]["declines"] == []
        with pytest.raises(GameError) as refused:  # names pass the kit's check; the rules are not written yet
            impl.legal(impl.load(game, first_state(game)))
        assert refused.value.code == "unsupported" and "not written yet" in refused.value.message
    again, _ = new_adapter(tmp_path, game, lang)
    assert again.returncode == 2 and "never overwrites" in again.stderr


def test_the_names_listed_are_every_name_of_every_kind_once():
    names = game_names("cluedo_drei")
    schema = json.loads((ROOT / "casebook" / "schemas" / "cluedo_drei.json").read_text(encoding="utf-8"))["$defs"]
    assert list(names["suspect"]) == schema["suspect"]["enum"]
    assert names["face"] == {str(n): str(n) for n in schema["face"]["enum"]}
    assert any(isinstance(n, int) for n in schema["face"]["enum"])  # a die face 6 is listed and checked as "6"
    assert name_problems("cluedo_drei", names) == []
    assert name_problems("cluedo_drei", {**names, "card": dict(list(names["card"].items())[1:])}) != []
