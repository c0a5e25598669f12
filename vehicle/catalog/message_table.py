"""The bilingual message table, ``catalog/messages.yaml`` (DESIGN sections 6, 6a).

Every sentence the service says lives in one table so that a Chinese reply
never borrows an English word and a change of wording is one edit. The
table is data, so it is checked like the rest of the catalog: a sentence the
code fills with values it does not have (an unknown ``{placeholder}``), a
language missing, or the two languages naming different values would show up
as a broken reply in one language only, at the worst moment. Loading refuses
such a table, naming the file and the key path.

:data:`SCHEMA` is the contract between the table and the code: per section,
the placeholders the code fills and the keys it reads.
"""

from __future__ import annotations

import re
import string
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from .catalog import CatalogError
from .models import LANGUAGES

MESSAGES_FILE = "messages.yaml"
_KEY = re.compile(r"^[A-Za-z0-9_]+$")
_DOTTED = re.compile(r"^[a-z0-9_]+(\.[a-z0-9_]+)*$")


@dataclass(frozen=True, slots=True)
class Section:
    """What the code expects of one section of the table."""

    placeholders: frozenset[str] | None
    """Names the code fills; None: any (the console fills its own)."""
    required: tuple[str, ...] = ()
    """Keys the code reads."""
    languages: tuple[str, ...] = LANGUAGES
    dotted: bool = False
    """Keys are dotted lower-case words (``badge.can.up``) rather than one word."""


def _s(
    placeholders: str | None, required: str = "", languages: tuple[str, ...] = LANGUAGES, dotted: bool = False
) -> Section:
    names = None if placeholders is None else frozenset(placeholders.split())
    return Section(names, tuple(required.split()), languages, dotted)


#: Refusal reason codes (the wire values of ``vehicle.refusals.Reason``).
REFUSAL_REASONS = (
    "unknown_capability unknown_target invalid_parameter out_of_range state_unknown not_fitted "
    "inactive_peripheral interlock_speed interlock_gear interlock_unknown execution_mode "
    "not_bound_to_request negated_by_user seat_not_permitted child_lock too_many_actions "
    "nothing_to_do conflicting_actions send_failed needs_confirmation"
)

SCHEMA: dict[str, Section] = {
    "refusals": _s("what allowed value current change end limit speed gear mode seat needs", REFUSAL_REASONS),
    "gears": _s("", "P R N D"),
    "seats": _s("", "driver passenger rear_left rear_right outside unknown"),
    "execution_modes": _s("", "simulation dry_run hardware unarmed_hardware"),
    "statuses": _s("what", "unconfirmed failed already_applied dry_run"),
    "success": _s("what value", "mode peripheral celsius level open_percent open on folded settings brightness"),
    "adjusted": _s(
        "what value", "raised_to lowered_to opened_to closed_to raised_by lowered_by opened_by closed_by opened closed"
    ),
    "units": _s("n", "degrees level levels percent"),
    "ranges": _s("min max top range step choices", "bool levels degrees percent change with_step steps"),
    "lists": _s("first last", "or comma settings and also"),
    "bool_choices": _s("", "on open folded"),
    "changes": _s("amount", "raise lower open close none"),
    "ends": _s("", "highest_level lowest_level highest_setting lowest_setting fully_open fully_closed"),
    "parameters": _s("", "color brightness"),
    "colors": _s("", "red orange yellow green cyan blue purple white"),
    "names": _s("label member", "member zone_all zone_rear window_all any"),
    # timed commands (app/jobs)
    "jobs": _s(
        "n what when value delay time count",
        "seconds minutes hours when will_start will_press will_raise will_lower will_celsius will_level "
        "will_open_percent will_open will_on will_folded will_change goes_back then_back back_changed "
        "back_nothing too_many_jobs invalid_time missed interrupted cancelled cancelled_all cancelled_one "
        "nothing_to_cancel nothing_to_cancel_for cancel_not_permitted",
    ),
    "turns": _s(
        "need what",
        "offline interrupted nothing_to_follow comfort_plan "
        "unplaced restarted undo_changed left_alone undo_mode undo_left me_too_mode",
    ),
    "queries": _s(
        "what state value",
        "sentence unknown on off open closed folded unfolded fully_open open_by celsius level brightness",
    ),
    "questions": _s(
        "what value action options",
        "confirm choose declined no_question not_asked yes no act_mode act_peripheral act_set act_raise_to act_lower_to "
        "act_raise_by act_lower_by act_open act_close act_open_to act_on act_off act_fold act_unfold",
    ),
    "model": _s("", "rules", languages=("en",)),
    "console": _s(None, "brand", dotted=True),
}


@dataclass(frozen=True, slots=True)
class Message:
    """One entry: its text per language and its variants."""

    text: dict[str, str]
    variants: dict[str, Message] = field(default_factory=dict)

    def get(self, language: str, variant: str | None = None) -> str:
        """The template in a language (English when the entry has no such language)."""
        entry = self.variants.get(variant, self) if variant is not None else self
        return entry.text.get(language) or entry.text["en"]


@dataclass(frozen=True, slots=True)
class MessageTable:
    """The validated table: section -> key -> :class:`Message`."""

    sections: dict[str, dict[str, Message]]

    def message(self, section: str, key: str) -> Message:
        return self.sections[section][key]

    def has(self, section: str, key: str, variant: str | None = None) -> bool:
        entry = self.sections.get(section, {}).get(key)
        return entry is not None and (variant is None or variant in entry.variants)

    def text(self, section: str, key: str, language: str, variant: str | None = None, **values: Any) -> str:
        """The sentence, filled; an unknown variant reads as the entry's general sentence."""
        template = self.sections[section][key].get(language, variant)
        return template.format_map(values) if values or "{" in template else template

    def pair(self, section: str, key: str, variant: str | None = None, **values: Any) -> tuple[str, str]:
        """(English, Chinese) of one sentence."""
        return (self.text(section, key, "en", variant, **values), self.text(section, key, "zh", variant, **values))

    def section(self, name: str) -> dict[str, Message]:
        return self.sections[name]


def placeholders(template: str, file: str, path: str) -> frozenset[str]:
    """The ``{names}`` a template uses; a positional or malformed field is refused."""
    try:
        fields = [f for _, f, _, _ in string.Formatter().parse(template) if f is not None]
    except ValueError as exc:
        raise CatalogError(file, path, f"malformed template: {exc}") from None
    for name in fields:
        if not re.fullmatch(r"[a-z_]+", name):
            raise CatalogError(file, path, f"placeholder {{{name}}} is not a plain name")
    return frozenset(fields)


def _message(entry: Any, spec: Section, file: str, path: str, nested: bool = False) -> Message:
    if not isinstance(entry, dict):
        raise CatalogError(file, path, "must be a mapping of language to text")
    allowed = set(spec.languages) | ({"variants"} if not nested else set())
    extra = sorted(set(entry) - allowed, key=str)
    if extra:
        raise CatalogError(
            file, f"{path}.{extra[0]}", "unknown language (an entry has " + ", ".join(sorted(allowed)) + ")"
        )
    text: dict[str, str] = {}
    for lang in spec.languages:
        value = entry.get(lang)
        if value is None:
            raise CatalogError(file, f"{path}.{lang}", f"missing (every message needs {' and '.join(spec.languages)})")
        if not isinstance(value, str) or not value.strip():
            raise CatalogError(file, f"{path}.{lang}", "must be non-empty text")
        text[lang] = value
    names = {lang: placeholders(text[lang], file, f"{path}.{lang}") for lang in spec.languages}
    if len(set(names.values())) != 1:
        shown = "; ".join(f"{lang}: {', '.join(sorted(n)) or 'none'}" for lang, n in names.items())
        raise CatalogError(file, path, f"placeholders differ between languages ({shown})")
    used = next(iter(names.values()))
    if spec.placeholders is not None and not used <= spec.placeholders:
        unknown = sorted(used - spec.placeholders)[0]
        known = ", ".join(sorted(spec.placeholders)) or "none"
        raise CatalogError(file, path, f"unknown placeholder {{{unknown}}} (this section fills: {known})")
    variants: dict[str, Message] = {}
    raw = entry.get("variants")
    if raw is not None:
        if not isinstance(raw, dict) or not raw:
            raise CatalogError(file, f"{path}.variants", "must be a non-empty mapping")
        for name, sub in raw.items():
            if not isinstance(name, str) or not _KEY.match(name):
                raise CatalogError(
                    file, f"{path}.variants", f"variant {name!r} must be a plain word (quote on/off/yes/no)"
                )
            variants[name] = _message(sub, spec, file, f"{path}.variants.{name}", nested=True)
    return Message(text, variants)


def table_from_dict(doc: Any, file: str = MESSAGES_FILE) -> MessageTable:
    """Validate the table's document against :data:`SCHEMA`."""
    if not isinstance(doc, dict):
        raise CatalogError(file, "", "must be a mapping of sections")
    for name in doc:
        if name not in SCHEMA:
            raise CatalogError(file, str(name), "unknown section (known: " + ", ".join(SCHEMA) + ")")
    sections: dict[str, dict[str, Message]] = {}
    for name, spec in SCHEMA.items():
        body = doc.get(name)
        if body is None and not spec.required:
            body = {}
        if not isinstance(body, dict):
            raise CatalogError(file, name, "missing" if body is None else "must be a mapping")
        entries: dict[str, Message] = {}
        for key, entry in body.items():
            if spec.dotted and not (isinstance(key, str) and _DOTTED.match(key)):
                raise CatalogError(file, name, f"key {key!r} must be dotted lower-case words")
            if not spec.dotted and not (isinstance(key, str) and _KEY.match(key)):
                raise CatalogError(file, name, f"key {key!r} must be a plain word (quote on/off/yes/no)")
            entries[key] = _message(entry, spec, file, f"{name}.{key}")
        for key in spec.required:
            if key not in entries:
                raise CatalogError(file, f"{name}.{key}", "missing (the code reads it)")
        sections[name] = entries
    return MessageTable(sections)


def load_message_table(directory: str | Path) -> MessageTable:
    """Read and validate ``messages.yaml`` in a catalog directory."""
    from .loader import read_yaml

    path = Path(directory) / MESSAGES_FILE
    if not path.exists():
        raise CatalogError(MESSAGES_FILE, "", "file is missing")
    return table_from_dict(read_yaml(path))


@lru_cache(maxsize=1)
def messages() -> MessageTable:
    """The shipped table, loaded once (the words every module speaks with)."""
    from .loader import default_catalog_dir

    return load_message_table(default_catalog_dir())


__all__ = [
    "MESSAGES_FILE",
    "SCHEMA",
    "Message",
    "MessageTable",
    "Section",
    "load_message_table",
    "messages",
    "table_from_dict",
]
