"""Human sentences for action results, in the utterance's language.

Written from the real result only (never from what the model claimed); the
sentences themselves are data in the message table (``vehicle.wording``).
``voice=True`` makes them speakable (DESIGN section 6): no markdown, emoji,
``°`` or ``%``; units as words.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from vehicle.catalog import Catalog
from vehicle.wording import status_sentence as vehicle_status_sentence
from vehicle.wording import success_sentence


def success(
    catalog: Catalog,
    capability: str,
    target: str | None,
    params: dict[str, Any],
    lang: str,
    voice: bool,
    results: Sequence[Any] = (),
    before: Sequence[Any] = (),
) -> str:
    """The sentence for an applied action (its words: ``catalog/messages.yaml``, sections success and adjusted).

    ``before``: each member's value confirmed before the action, so a move is
    worded the way it went (a window set smaller is "closed to", not "opened to").
    """
    return success_sentence(catalog, capability, target, params, lang, voice, results, before)


def status_sentence(status: str, catalog: Catalog, capability: str, target: str | None, lang: str) -> str:
    """The sentence of an unconfirmed, failed, already applied or dry-run action (section statuses)."""
    return vehicle_status_sentence(status, catalog, capability, target, lang)


def speakable(text: str, lang: str = "en", fragment: bool = False) -> str:
    """Strip what a TTS voice should not read: markdown marks, emoji, symbols.

    ``fragment=True`` is for streamed deltas: spacing is kept as it came, so
    consecutive fragments still join into words."""
    if lang == "zh":
        out = re.sub(r"(\d+(?:\.\d+)?)\s*%", r"百分之\1", text).replace("°C", "度").replace("°", "度")
    else:
        out = (
            text.replace(" °C", " degrees").replace("°C", " degrees").replace("°", " degrees").replace("%", " percent")
        )
        out = re.sub(r"\s*km/h\b", " kilometres per hour", out)
    out = "".join(
        ch for ch in out if ch not in "*_`#>|~" and not (0x1F000 <= ord(ch) <= 0x1FFFF or 0x2600 <= ord(ch) <= 0x27BF)
    )
    if fragment:
        return out
    return re.sub(r"\s+([,.;:!?，。；：！？])", r"\1", " ".join(out.split()))
