"""Deterministic utterance parser (DESIGN section 4).

    from vehicle.parser import Parser, ParseResult
    parser = Parser(catalog)          # loads and validates catalog/templates, warms up
    result = parser.parse(text, seat="rear_left")   # pure, thread-safe, no I/O; seat=None: unknown
    result.to_json()                  # exactly the DESIGN section 4 object

hassil 3.13.0 is the template matcher, kept behind :mod:`.matcher`;
everything it lacks is in this package: normalisation and numbers
(:mod:`.normalize`, :mod:`.numbers`), cutting (:mod:`.clauses`,
:mod:`.runon`), the markers of a clause (:mod:`.markers`), the reach of
negations and holds (:mod:`.scope`), exclusions (:mod:`.exclude`),
follow-ups (:mod:`.followup`), mixed language (:mod:`.mixed`), resolution
against the catalog and the speaker's seat (:mod:`.resolve`) and the final
object (:mod:`.assemble`).
"""
from __future__ import annotations

from .engine import Parser
from .errors import ParserError, TemplateError
from .result import ParseResult

__all__ = ["ParseResult", "Parser", "ParserError", "TemplateError"]
