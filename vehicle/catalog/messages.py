"""The console's bilingual message table, ``catalog/console_messages.yaml``.

The page's own words (badges, tabs, hints, errors, statuses) are data like
the rest of the catalog, so a console shows the same words in English and
Chinese without keeping copies in JavaScript. A key without its Chinese (or
English) entry, an empty entry, or entries whose ``{placeholders}`` differ
would show a broken page in one language only, so the table refuses to load
instead; ``n7web catalog check`` runs this check.
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from .catalog import CatalogError
from .models import LANGUAGES

MESSAGES_FILE = "console_messages.yaml"
_PLACEHOLDER = re.compile(r"\{([a-z_]+)\}")
_KEY = re.compile(r"^[a-z0-9_]+(\.[a-z0-9_]+)*$")


def messages_from_dict(doc: Any, file: str = MESSAGES_FILE) -> dict[str, dict[str, str]]:
    """Validate ``{"messages": {key: {en, zh}}}``; returns key -> language -> text."""
    if not isinstance(doc, dict) or set(doc) != {"messages"}:
        raise CatalogError(file, "", "must be a mapping with the one key 'messages'")
    table = doc["messages"]
    if not isinstance(table, dict) or not table:
        raise CatalogError(file, "messages", "must be a non-empty mapping")
    out: dict[str, dict[str, str]] = {}
    for key, entry in table.items():
        path = f"messages.{key}"
        if not isinstance(key, str) or not _KEY.match(key):
            raise CatalogError(file, "messages", f"key {key!r} must be dotted lower-case words")
        if not isinstance(entry, dict):
            raise CatalogError(file, path, "must be a mapping of language to text")
        extra = sorted(set(entry) - set(LANGUAGES), key=str)
        if extra:
            raise CatalogError(file, f"{path}.{extra[0]}", "unknown language")
        for lang in LANGUAGES:
            text = entry.get(lang)
            if text is None:
                raise CatalogError(file, f"{path}.{lang}", "missing (every message needs en and zh)")
            if not isinstance(text, str) or not text.strip():
                raise CatalogError(file, f"{path}.{lang}", "must be non-empty text")
        names = {lang: sorted(set(_PLACEHOLDER.findall(entry[lang]))) for lang in LANGUAGES}
        if len({tuple(v) for v in names.values()}) != 1:
            raise CatalogError(file, path, f"placeholders differ between languages: {names}")
        out[key] = {lang: entry[lang] for lang in LANGUAGES}
    return out


def load_messages(directory: str | Path) -> dict[str, dict[str, str]]:
    """Read and validate the table in a catalog directory."""
    from .loader import read_yaml

    path = Path(directory) / MESSAGES_FILE
    if not path.exists():
        raise CatalogError(MESSAGES_FILE, "", "file is missing")
    return messages_from_dict(read_yaml(path))
