"""``casebook mutate``'s command line: the list of mutants, and a run that cannot judge says so (exit 2)."""

from __future__ import annotations

from casebook.cli import main


def test_list_names_each_mutant_its_clauses_and_the_marked_equivalents(capsys):
    assert main(["mutate", "--game", "pi", "--list", "--clause", "PI-SOLV-02"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert any(line.startswith("pi:hand:score-4th-is-2  [PI-SOLV-02]") for line in lines), lines
    assert any(
        "pi:hand:fifth-discovery-turn-earns-1" in line and line.endswith("(marked equivalent)") for line in lines
    ), lines
    assert all("PI-SOLV-02" in line for line in lines)


def test_an_unknown_game_cannot_run(capsys, tmp_path):
    assert main(["mutate", "--game", "chess", "--out", str(tmp_path)]) == 2
    assert "no game 'chess'" in capsys.readouterr().out
    assert not list(tmp_path.iterdir())
