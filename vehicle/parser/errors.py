"""Errors of the parser package.

::

    ParserError                    root: anything the parser refuses
     └─ VocabularyError            an invalid vocabulary file (also a CatalogError,
                                   so `n7web catalog check` reports it with the
                                   file, the path inside it and the problem)

``Parser.parse`` itself never raises for any text: an utterance it cannot
read is an incomplete result, not an error.
"""

from __future__ import annotations

from vehicle.catalog import CatalogError


class ParserError(Exception):
    """Root of every error the parser package raises."""


class VocabularyError(ParserError, CatalogError):
    """A vocabulary file that does not load: names file, path and problem."""

    def __init__(self, file: str, path: str, problem: str) -> None:
        CatalogError.__init__(self, file, path, problem)


__all__ = ["ParserError", "VocabularyError"]
