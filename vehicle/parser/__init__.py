"""Deterministic utterance parser (DESIGN section 4).

    from vehicle.parser import Parser, ParseResult
    parser = Parser(catalog)          # loads and checks catalog/vocabulary, warms up
    result = parser.parse(text, seat="rear_left")   # pure, thread-safe, no I/O; seat=None: unknown
    result.to_json()                  # exactly the DESIGN section 4 object

Its layers, in the order a text goes through them:

1. :mod:`vehicle.parser.text`: normalisation and numbers;
2. :mod:`vehicle.parser.clauses`: clauses, run-ons and the reach of
   negations and holds;
3. :mod:`vehicle.parser.frames`: a frame per clause (the vocabulary, in
   any word order) and its meaning in the catalog;
4. assembly, here: :mod:`.engine` runs the steps and :mod:`.assemble`
   builds the :class:`ParseResult` (:mod:`.result`).
"""

from __future__ import annotations

from .engine import Parser
from .errors import ParserError, VocabularyError
from .result import ParseResult

__all__ = ["ParseResult", "Parser", "ParserError", "VocabularyError"]
