"""Validating any implementation: the machinery behind ``casebook verify``, ``fuzz``, ``replay`` and ``perft``.

``runner`` runs the suite (pytest) against an implementation wrapped in
``validating``'s checks; ``report`` folds the verdicts per clause (pure: no
pytest); ``differential`` plays an implementation beside the reference
(fuzz, replay); ``perft`` counts action sequences; ``suite`` finds the
rules suite and its edition.  The commands themselves live in
``casebook/commands/`` (one module each).
"""
