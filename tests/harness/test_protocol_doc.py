"""The protocol pages' example exchanges are real: each request, replayed on the toy games, gets the answer shown."""

from __future__ import annotations

import json

import pytest

from casebook.serve.stdio import handle
from casebook.site.html import esc
from casebook.site.protocol_doc import EXCHANGES, exchanges_markdown, protocol_markdown
from tests.harness.toys import make


def comparable(answer: dict) -> dict:
    """A refusal is judged by its data (typed code, a refused step's state): the wording of the message may change."""
    if "error" in answer:
        data = answer["error"].get("data") or {}
        return {"id": answer.get("id"), "refused": {k: v for k, v in data.items() if k != "message"}}
    return answer


@pytest.mark.parametrize("anchor, lines", [(e[0], e[3]) for e in EXCHANGES], ids=[e[0] for e in EXCHANGES])
def test_every_example_exchange_replays_exactly(anchor, lines):
    engine = make()  # a fresh engine per example: table ids start at 1
    for request, answer in lines:
        assert comparable(handle(engine, json.dumps(request))) == comparable(answer), f"{anchor}: {request}"


def test_the_protocol_page_shows_every_example_and_the_new_calls():
    page = protocol_markdown()
    for _, title, _, _ in EXCHANGES:
        assert esc(title) in page
    for word in ("clock", "describe", "step", "referee", "player"):
        assert word in page
    assert exchanges_markdown().count("<pre") == len(EXCHANGES)


def test_the_guide_shows_each_new_part_with_lines_that_are_json():
    from pathlib import Path

    guide = (Path(__file__).resolve().parents[2] / "casebook" / "conformance" / "validate-your-engine.md").read_text()
    for heading in ("the clock actor", "Simultaneous sealed choices", "Two roles", "step", "describe"):
        assert heading in guide
    lines = [line[2:] for line in guide.splitlines() if line.startswith(("→ ", "← "))]
    assert len(lines) >= 16
    for line in lines:
        json.loads(line)
