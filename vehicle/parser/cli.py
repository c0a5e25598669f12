"""``n7web parse [--json] [--seat SEAT] [--catalog DIR] [TEXT ...]``: utterances to JSON.

With TEXT, prints one JSON object (DESIGN section 4). Without, reads one
utterance per stdin line and prints exactly one object per line, in order,
flushed as it goes, in one process: an empty line gives the empty result,
and an internal error on one line gives that line's object with "error"
set (a short message, no traceback) while the batch goes on. Input and
output are UTF-8 whatever the locale. ``--seat`` (driver, passenger,
rear_left, rear_right, outside; default unknown) is the speaker of every
line (DESIGN section 3a).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, TextIO

from vehicle.actions import SEAT_VALUES
from vehicle.catalog import CatalogError, load_catalog

from .engine import Parser
from .result import ParseResult
from .text.normalize import detect_language


def _utf8(stream: TextIO, errors: str) -> None:
    reconfigure = getattr(stream, "reconfigure", None)
    if reconfigure is not None:
        reconfigure(encoding="utf-8", errors=errors)


def _line(parser: Parser, text: str, seat: str | None = None) -> dict[str, Any]:
    try:
        return parser.parse(text, seat=seat).to_json()
    except Exception as exc:  # one bad line must not end the batch
        out = ParseResult(language=_language(text)).to_json()
        out["error"] = f"internal error: {type(exc).__name__}"
        return out


def _language(text: str) -> str:
    try:
        return detect_language(text)
    except Exception:
        return "en"


def _emit(obj: dict[str, Any], out: TextIO) -> None:
    out.write(json.dumps(obj, ensure_ascii=False) + "\n")
    out.flush()


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(
        prog="n7web parse", description="Parse utterances to the parser's JSON object (see docs/parser.md)."
    )
    ap.add_argument("--json", action="store_true", help="print JSON (the only output format; accepted for clarity)")
    ap.add_argument("--seat", default=None, choices=SEAT_VALUES, help="the speaker's seat (default: unknown)")
    ap.add_argument("--catalog", default=None, help="catalog directory (default: the shipped catalog)")
    ap.add_argument("text", nargs="*", help="the utterance; without it, one utterance per stdin line")
    args = ap.parse_args(argv)
    _utf8(sys.stdout, "strict")
    _utf8(sys.stdin, "replace")
    try:
        catalog = load_catalog(args.catalog)
        parser = Parser(catalog, args.catalog)
    except CatalogError as exc:
        print(f"n7web parse: invalid catalog: {exc}", file=sys.stderr)
        return 2
    if args.text:
        _emit(_line(parser, " ".join(args.text), args.seat), sys.stdout)
        return 0
    for raw in sys.stdin:
        _emit(_line(parser, raw.rstrip("\r\n"), args.seat), sys.stdout)
    return 0


__all__ = ["main"]
