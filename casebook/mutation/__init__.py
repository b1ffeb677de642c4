"""How firmly the examples pin each rule: mutants of the reference engines, run against the rules suite (issue 31).

Not to be confused with ``casebook/properties/hostile_states.py`` (hostile *states* fed to ``load``): this package
changes the *rules* of a reference engine, one change at a time, and asks whether the game's scenarios and property
tests notice.  The kit keeps each engine's rules as data (``machine.py``'s rows, ``rules.py``'s counts), and each row
cites its clauses, so a change and the clauses it touches are known together:

    tables.py   the mutants, generated from the tables (operators below) and read from the hand-written lists
    patch.py    applies one mutant in the engine process, at import time: no file is ever edited
    worker.py   a process that collects the game's tests once, then judges each mutant in a fork of that session
    runner.py   every mutant of a game on J workers, a time limit each; results/mutation/<game>.json

Operators (``tables.OPERATORS``): drop a row's condition, negate it, swap two rows of one trigger (row order is
meaning), drop a row's before/after callback, change a count of ``rules.py`` by one, offer a player's move to the
next seat; and the hand-written mutants of ``statemachines/<game>/mutants.py`` (a text of the engine replaced
inside the function, method or constant it names as its anchor).
A mutant no example could notice is marked by hand in ``statemachines/<game>/equivalent-mutants.yml`` with why.
"""
