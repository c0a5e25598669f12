"""Cancelling timers by voice (DESIGN section 5a): "cancel the timer(s)", "cancel the seat
heating timer", "取消定时", "别定时了", "取消座椅加热的定时".

The words are data (``catalog/timers.yaml``). An utterance is a cancel when
it holds a cancel word and a timer word; the controls the parser mentions
pick the timers (``catalog.control``: set and adjust are one control),
and with none every pending timer is meant. A seat cancels only timers
whose every action it may operate (a rear passenger cannot cancel the
driver's window timer).
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import Any

from vehicle.catalog import Catalog
from vehicle.catalog.loader import read_yaml
from vehicle.parser.text.normalize import normalize
from vehicle.seats import seat_refusal

from .model import Job

WORDS_FILE = "timers.yaml"
DEFAULT_CATALOG = Path(__file__).resolve().parents[2] / "catalog"


@lru_cache(maxsize=4)
def words(directory: str | None = None) -> dict[str, dict[str, tuple[str, ...]]]:
    """The cancel and timer words per language; a malformed file is refused with its name."""
    path = Path(directory or DEFAULT_CATALOG) / WORDS_FILE
    doc = read_yaml(path)
    out: dict[str, dict[str, tuple[str, ...]]] = {}
    for lang in ("en", "zh"):
        entry = doc.get(lang) if isinstance(doc, dict) else None
        if not isinstance(entry, dict):
            raise ValueError(f"{WORDS_FILE}: {lang} must be a mapping")
        out[lang] = {}
        for kind in ("cancel", "timer"):
            items = entry.get(kind)
            if not isinstance(items, list) or not items or not all(isinstance(w, str) and w.strip() for w in items):
                raise ValueError(f"{WORDS_FILE}: {lang}.{kind} must be a non-empty list of words")
            out[lang][kind] = tuple(w.lower() for w in items)
    return out


def _has(text: str, items: tuple[str, ...], language: str) -> bool:
    if language == "zh":
        return any(w in text for w in items)
    return any(re.search(rf"\b{re.escape(w)}\b", text) for w in items)


def is_cancel(text: str, directory: str | None = None) -> bool:
    norm = normalize(text)
    table = words(directory)[norm.language]
    return _has(norm.text, table["cancel"], norm.language) and _has(norm.text, table["timer"], norm.language)


def named_controls(catalog: Catalog, parse: Any) -> set[str]:
    """The controls the utterance names (any way it said them)."""
    out: set[str] = set()
    for m in getattr(parse, "mentions", ()) or ():
        if m.capability in catalog.capabilities:
            out.add(catalog.control(m.capability))
    return out


def matches(catalog: Catalog, job: Job, controls: set[str]) -> bool:
    if not controls:
        return True
    return any(
        a.get("capability") in catalog.capabilities and catalog.control(a["capability"]) in controls
        for a in job.actions
    )


def permitted(catalog: Catalog, job: Job, seat: str | None) -> bool:
    """May ``seat`` operate every member of the job's actions (the child lock aside)?"""
    for a in job.actions:
        capability, target = a.get("capability"), a.get("target")
        if capability not in catalog.capabilities or not isinstance(target, str):
            return False
        try:
            members = catalog.members(capability, target) if capability != "mode.activate" else [target]
        except KeyError:
            members = [target]
        if any(seat_refusal(catalog, seat, capability, m, False) is not None for m in members):
            return False
    return True


__all__ = ["is_cancel", "matches", "named_controls", "permitted", "words"]
