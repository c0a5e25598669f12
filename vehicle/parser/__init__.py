"""Deterministic utterance parser (DESIGN section 4).

    from vehicle.parser import Parser, ParseResult
    parser = Parser(catalog)          # loads and validates catalog/templates, warms up
    result = parser.parse(text)       # pure, thread-safe, no I/O
    result.to_json()                  # exactly the DESIGN section 4 object

hassil 3.13.0 is the template matcher, kept behind :mod:`.matcher`;
everything it lacks (normalisation, numbers, clauses, negation, conditions,
targets, defaults, conflicts, `complete`) is in this package.
"""
from __future__ import annotations

from .engine import Parser
from .errors import ParserError, TemplateError
from .result import ParseResult

__all__ = ["ParseResult", "Parser", "ParserError", "TemplateError"]
