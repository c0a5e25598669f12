"""A clause's frame made whole: what it borrows from the clause before it, whose it is, its unit.

The frame reader reads each clause alone; these rules read what a clause
means beside the others ("and the passenger side to 23 degrees" is a
temperature, "its seat heating" the place just named, "72" in English
Fahrenheit). All pure.
"""

from __future__ import annotations

import re
from dataclasses import replace

from vehicle.catalog import Catalog

from ..clauses.cues import COMMAND_START, ZH_ALL, controls_in
from ..clauses.markers import Clause
from ..text.normalize import Normalized, to_celsius
from .frame import Frame
from .lexicon import Lexicon
from .resolve import ADJUST_TEMPERATURE, SEATED_TYPES, SET_TEMPERATURE, Resolver

_TEMPERATURE_DEVICES = (SET_TEMPERATURE, ADJUST_TEMPERATURE)
#: Words for every member, which 都 over a list is not.
_ZH_EVERY = re.compile(r"所有|全部|全车|整车|四个|四门|全都")
#: A side of the cabin ("the driver side"): a zone, which only the temperature has.
_ZONE_SIDE = re.compile(r"\b(?:driver|passenger|left|right|driver's|passenger's|co driver's)\s+side\b")
#: English temperatures said with no unit in this range are Fahrenheit ("72 degrees" has
#: a unit: it is read as said, and refused as out of range with the range named).
_BARE_FAHRENHEIT = (59.0, 86.0)
_CELSIUS_SAID = re.compile(r"celsius|centigrade|°\s*c\b|\d\s*c\b|\bdegrees? c\b")


#: Whose: a person's ("her seat heating", 她的座椅加热) or a thing's ("its seat heating", 它的).
_PERSON_OWNS = re.compile(r"\b(?:her|his|their|hers)\b|她的|他的|他们的|她们的|给她|给他")
_IT_OWNS = re.compile(r"\bits\b|它的")


def complete_frame(
    catalog: Catalog,
    resolver: Resolver,
    frame: Frame,
    previous: Frame | None,
    cl: Clause,
    language: str,
    excluded: tuple[str, ...],
    listed: bool = False,
) -> Frame:
    """Borrow from the previous clause; a lone "<targets> to N" is a temperature.

    "degrees" names the temperature even after another control: in "open
    the driver window and set the passenger side to 23 degrees" the second
    clause must not borrow the window.
    """
    if (
        frame.device is None
        and frame.unit == "degrees"
        and frame.op == "set"
        and frame.number is not None
        and previous is not None
        and previous.device not in _TEMPERATURE_DEVICES
    ):
        frame = replace(frame, device=SET_TEMPERATURE)
    if (
        frame.device is None
        and frame.op == "set"
        and frame.number is not None
        and frame.unit is None
        and language == "en"
        and _ZONE_SIDE.search(cl.text)
        and COMMAND_START["en"].match(cl.body)
    ):
        # "close the passenger window set the driver side to 21": a command of its own on a
        # side of the cabin is that side's temperature, as alone; a window never borrows it
        frame = replace(frame, device=SET_TEMPERATURE)
    own = frame.targets  # the places this clause names itself, before any are borrowed
    if listed and "all" in frame.targets and not _ZH_EVERY.search(cl.text):
        # 都 over a list is "both" (the vocabulary reads 都 as all): 主驾和副驾都调到22度
        frame = replace(frame, targets=tuple(t for t in frame.targets if t != "all"))
    if frame.device is None or frame.op == "keep":
        frame = frame.borrow(previous)
    if (
        frame.device is None
        and previous is None
        and frame.op == "set"
        and frame.number is not None
        and (frame.unit == "degrees" or (frame.unit is None and frame.targets))
    ):
        frame = replace(frame, device=SET_TEMPERATURE)
    if listed and previous is not None and previous.targets and frame.device and not frame.targets:
        cap = catalog.capabilities.get(frame.device)
        before = catalog.capabilities.get(previous.device or "")
        # (a glass is no seat: "把后挡除雾和座椅加热都关了" is the speaker's seat, not the rear ones)
        if (
            cap is not None
            and cap.target_type in SEATED_TYPES
            and before is not None
            and before.target_type in SEATED_TYPES
        ):
            # "副驾车窗和座椅加热都打开": the place said first is the place of the whole list
            frame = frame.at_places_of(previous)
    plural = frame.plural or (language == "zh" and bool(ZH_ALL.search(cl.text)) and not listed)
    speaker = cl.speaker or frame.speaker  # a borrowed "my" ("open my window and close it")
    excluded = excluded or frame.excluded
    if own and frame.device and resolver.names_only_left_out(frame.device, own, excluded):
        excluded = ()  # "…except the rear, and the rear to 30": a clause naming only those left out says what they do
    if (plural, speaker, excluded) == (frame.plural, frame.speaker, frame.excluded):
        return frame
    return replace(frame, plural=plural, speaker=speaker, excluded=excluded)


def levels_the_on(before: Frame | None, frame: Frame | None, cl: Clause, lexicon: Lexicon) -> bool:
    """`frame`, said with no control of its own, gives the level of the control `before` switched on."""
    return (
        before is not None
        and frame is not None
        and before.op == "on"
        and frame.device == before.device
        and frame.targets == before.targets
        # (a bare number is the level too: "turn on the seat heater and set it to 3")
        and (
            frame.op in ("low", "medium", "high")
            or (frame.op == "set" and (frame.unit == "level" or frame.unit is None and frame.number is not None))
        )
        and not controls_in(cl.body, lexicon)
    )


def of_whom(frame: Frame, text: str, places: tuple[str, ...], seated: bool = False) -> Frame | None:
    """ "打开副驾车窗 它的座椅加热也打开": a pronoun's member is the place just named; a person
    ("her seat") with no place named is no member this parser can tell, so nothing acts
    (it used to be the speaker's or the driver's)."""
    if frame.targets or frame.speaker or not frame.device:
        return frame
    person = bool(_PERSON_OWNS.search(text))
    if not person and not _IT_OWNS.search(text):
        return frame
    if places:
        return replace(frame, targets=places)
    return None if person or seated else frame


def fahrenheit(frame: Frame, raw: str) -> Frame:
    """ "set the temp to 72" is 72 °F (22.0 °C) in English: no one sets a cabin to 72 °C."""
    low, high = _BARE_FAHRENHEIT
    if (
        frame.device in _TEMPERATURE_DEVICES
        and frame.op == "set"
        and frame.number is not None
        and frame.unit is None
        and low <= frame.number <= high
        and not _CELSIUS_SAID.search(raw)
    ):
        return replace(frame, number=to_celsius(frame.number))
    return frame


def fahrenheit_change(frame: Frame, norm: Normalized) -> Frame:
    """ "nine degrees fahrenheit higher" changes by 9 * 5/9 = 5.0 degrees: a change said in
    Fahrenheit is converted as a difference, not as the temperature it would be."""
    if frame.op not in ("more", "less", "up", "down") or frame.number is None:
        return frame
    for celsius, said in norm.fahrenheit:
        if celsius == frame.number:
            return replace(frame, number=round(said * 5.0 / 9.0 * 2.0) / 2.0)
    return frame


__all__ = ["complete_frame", "fahrenheit", "fahrenheit_change", "levels_the_on", "of_whom"]
