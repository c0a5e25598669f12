"""The console's words: the ``console`` section of ``catalog/messages.yaml``.

The page's own words (badges, tabs, hints, errors, statuses) are data like
the rest of the catalog, so a console shows the same words in English and
Chinese without keeping copies in JavaScript. They live in the one message
table with every other sentence the service says (see
:mod:`vehicle.catalog.message_table`), which refuses to load a key without
its Chinese (or English) entry, an empty entry, or entries whose
``{placeholders}`` differ; ``n7web catalog check`` runs this check. This
module keeps the shape the console route serves: key -> language -> text.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .message_table import MESSAGES_FILE, MessageTable, load_message_table, table_from_dict

__all__ = ["MESSAGES_FILE", "console_words", "load_messages", "messages_from_dict"]


def console_words(table: MessageTable) -> dict[str, dict[str, str]]:
    """The ``console`` section as ``{key: {"en": ..., "zh": ...}}``."""
    return {key: dict(entry.text) for key, entry in table.section("console").items()}


def messages_from_dict(doc: Any, file: str = MESSAGES_FILE) -> dict[str, dict[str, str]]:
    """Validate the whole table; returns the console's key -> language -> text."""
    return console_words(table_from_dict(doc, file))


def load_messages(directory: str | Path) -> dict[str, dict[str, str]]:
    """Read and validate the table in a catalog directory; the console's words."""
    return console_words(load_message_table(directory))
