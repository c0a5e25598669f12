"""The catalog's words per language, as slot lists for the grammar.

Aliases live in the catalog YAML only (one source of truth); this module
turns them into hassil slot lists at load, normalised the same way as the
text they will be matched against, and refuses an alias that would be
ambiguous (two controls, two targets) instead of picking one silently.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from vehicle.catalog import MODE_TYPE, PERIPHERAL_TYPE, Catalog
from vehicle.catalog.catalog import SPEAKER

from ..errors import TemplateError
from ..text.normalize import normalize

#: Characters with a meaning in hassil template syntax: never in an alias.
_TEMPLATE_CHARS = re.compile(r"[(){}<>\[\]|@:,]")
#: Range of the number placeholder list (indexes into the numbers read).
MAX_NUMBERS = 100


def capability_list(capability: str) -> str:
    """Name of the generated list of one capability's aliases."""
    return "dev_" + capability.replace(".", "_")


@dataclass(frozen=True, slots=True)
class Vocabulary:
    """One language's catalog words, normalised, each mapped to its id.

    The grammar reads them as slot lists; the mention spotter reads the same
    tables, so a word means the same thing on both paths.
    """

    language: str
    devices: dict[str, str]
    """Alias -> capability id (modes and peripherals have their own tables)."""
    by_capability: dict[str, tuple[str, ...]]
    """Capability id -> its aliases (for the per-capability lists)."""
    targets: dict[str, str]
    """Alias -> target id."""
    modes: dict[str, str]
    peripherals: dict[str, str]
    colors: tuple[str, ...]
    """Colour choices of the catalog (their own English names)."""
    needs: dict[str, str]
    """Comfort phrase -> need id."""
    signed: frozenset[str] = frozenset()
    """Words of a capability that acts on another one's control and that the
    control itself does not use ("warmer", "cooler" of the temperature
    adjustment): they carry a direction, so only the templates that give
    them their sign read them, never the generic {device} list."""

    def slot_lists(self) -> dict[str, dict[str, Any]]:
        """The generated hassil lists, in hassil's dict form."""

        def values(table: dict[str, str]) -> dict[str, Any]:
            return {"values": [{"in": alias, "out": ident} for alias, ident in table.items()]}

        lists = {
            "device": values({a: c for a, c in self.devices.items() if a not in self.signed}),
            "target": values(self.targets),
            "mode": values(self.modes),
            "peripheral": values(self.peripherals),
            "color": {"values": [{"in": c, "out": c} for c in self.colors]},
            "number": {"range": {"from": 0, "to": MAX_NUMBERS - 1, "digits": True, "words": False}},
        }
        for cap, aliases in self.by_capability.items():
            lists[capability_list(cap)] = {"values": [{"in": a, "out": cap} for a in aliases]}
        return lists

    def list_outputs(self) -> dict[str, frozenset[Any]]:
        """Generated list name -> the values it can put into a slot."""
        outs: dict[str, frozenset[Any]] = {
            "device": frozenset(self.devices.values()),
            "target": frozenset(self.targets.values()),
            "mode": frozenset(self.modes.values()),
            "peripheral": frozenset(self.peripherals.values()),
            "color": frozenset(self.colors),
            "number": frozenset(),
        }
        for cap in self.by_capability:
            outs[capability_list(cap)] = frozenset({cap})
        return outs


def canonical(alias: str, language: str, file: str, path: str) -> str:
    """An alias in the form the matcher sees text in; refuse what cannot match."""
    norm = normalize(alias)
    text = norm.text
    if not text or norm.numbers or _TEMPLATE_CHARS.search(text):
        raise TemplateError(file, path, f"alias {alias!r} cannot be matched (empty, a number or template syntax)")
    if language == "zh":
        text = text.replace(" ", "")
    return text


def build_vocabulary(catalog: Catalog, language: str, speaker: frozenset[str] = frozenset()) -> Vocabulary:
    """Read one language's words out of the catalog, refusing ambiguity.

    `speaker`: the possessive words ("my", 我的), read as the target
    :data:`SPEAKER` -- the speaker's own member, resolved with the seat.
    """
    cfile = catalog.files.get("capabilities", "capabilities.yaml")
    devices: dict[str, str] = {}
    by_cap: dict[str, tuple[str, ...]] = {}
    for cid, cap in catalog.capabilities.items():
        if cap.target_type in (MODE_TYPE, PERIPHERAL_TYPE):
            continue  # "mode" alone is a family word; modes have their own list
        path = f"capabilities.{cid}.aliases.{language}"
        aliases = []
        for alias in cap.aliases.get(language):
            text = canonical(alias, language, cfile, path)
            other = devices.get(text)
            if other is not None and catalog.control(other) != catalog.control(cid):
                raise TemplateError(cfile, path, f"alias {alias!r} also names {other}")
            devices.setdefault(text, cid)
            if text not in aliases:
                aliases.append(text)
        by_cap[cid] = tuple(aliases)
    signed = frozenset(
        alias
        for cid, aliases in by_cap.items()
        if catalog.control(cid) != cid
        for alias in aliases
        if alias not in by_cap.get(catalog.control(cid), ())
    )
    return Vocabulary(
        language=language,
        devices=devices,
        signed=signed,
        by_capability=by_cap,
        targets=_table(
            {**{t: info.aliases.get(language) for t, info in catalog.targets.items()}, SPEAKER: tuple(sorted(speaker))},
            language,
            catalog.files.get("targets", "targets.yaml"),
            "targets",
        ),
        modes=_table(
            {m: mode.aliases.get(language) for m, mode in catalog.modes.items()},
            language,
            catalog.files.get("modes", "modes.yaml"),
            "modes",
        ),
        peripherals=_table(
            {p: per.aliases.get(language) for p, per in catalog.peripherals.items()},
            language,
            catalog.files.get("peripherals", "peripherals.yaml"),
            "peripherals",
        ),
        colors=_colors(catalog),
        needs=_table(
            {n: need.aliases.get(language) for n, need in catalog.needs.items()},
            language,
            catalog.files.get("needs", "needs.yaml"),
            "needs",
        ),
    )


def _table(aliases: dict[str, tuple[str, ...]], language: str, file: str, section: str) -> dict[str, str]:
    table: dict[str, str] = {}
    for ident, words in aliases.items():
        path = f"{section}.{ident}.aliases.{language}"
        for alias in words:
            text = canonical(alias, language, file, path)
            if table.get(text, ident) != ident:
                raise TemplateError(file, path, f"alias {alias!r} also names {table[text]!r}")
            table[text] = ident
    return table


def _colors(catalog: Catalog) -> tuple[str, ...]:
    for cap in catalog.capabilities.values():
        param = cap.parameters.get("color")
        if param is not None and param.choices:
            return tuple(param.choices)
    return ()


__all__ = ["MAX_NUMBERS", "Vocabulary", "build_vocabulary", "canonical", "capability_list"]
