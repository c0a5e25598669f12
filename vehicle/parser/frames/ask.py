"""What to ask when a command lacks what it needs (DESIGN section 4a, `clarify`).

A clause no frame could act on is read once more, for what it
*does* say:

* an action (and maybe an amount) with no control ("turn it up", "set it
  to 3", "open it", 调高一点): `missing: "control"`, the options the
  controls of the vocabulary's ``asks`` list that take that action and
  amount;
* a family word ("the lights", 开灯, "turn on my seat"): `missing:
  "target"`, the options the family's controls;
* two amounts for one control ("set it to 21 or 22", 三档或者四档), or a
  level beyond the control's range ("fan to 95 percent"), or half of
  what opens only fully ("open the trunk halfway"): `missing: "amount"`,
  the options each amount (the range's end, all the way open).

Every option is a complete action that the catalog accepts, on fitted
members the speaker's seat may operate; at most four, in the list's order.
A bare number never means a percentage ("set it to 3" is no window at 3 %).
When exactly one control fits, the question is a yes/no (`consent`): the
parser never picks a control the person did not name.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from vehicle.actions import Action
from vehicle.catalog import Catalog
from vehicle.plan import validate_action
from vehicle.seats import permits

from .complete import fahrenheit
from .cover import cover
from .frame import Frame
from .framewords import Meaning, Words
from .reader import AGAIN_AFTER, _op, _pick
from .resolve import Resolver

#: At most this many options (DESIGN 4a).
MAX_OPTIONS = 4
#: The classes of a clause with no control: a family word, then what a frame reads.
_BARE = ("families", "targets", "amounts", "units", "actions", "to", "by", "further", "glue")
_OR = {
    "en": re.compile(r"\b(\d+)((?:\s+(?:degrees|percent|level))?)\s+or\s+(\d+)((?:\s+(?:degrees|percent|level))?)\b"),
    # (一到两度 is a range: two amounts; 从20度到22度 is a change to the second)
    "zh": re.compile(
        r"(?<!从)(\d+)(度|档|级|%)?(?:或者|或是|或|还是|(?:到|至)(?=\d+(?:度|档|级|%)))(\d+)(度|档|级|%)?"
    ),
}

ReadBody = Callable[[str], "Frame | None"]


def two_amounts(text: str, language: str) -> bool:
    """Whether `text` says two amounts joined by "or" (a clause the run-on cutter must leave whole)."""
    return _OR[language].search(text) is not None


class Asker:
    """Builds a clause's `clarify`; one per parser (it holds no state of a parse)."""

    def __init__(self, catalog: Catalog, resolver: Resolver, words: dict[str, Words]) -> None:
        self._catalog = catalog
        self._resolver = resolver
        self._words = words

    def ask(
        self,
        body: str,
        frame: Frame | None,
        numbers: tuple[float, ...],
        language: str,
        seat: str | None,
        read: ReadBody,
        earlier: tuple[str, ...] = (),
    ) -> dict[str, Any] | Frame | None:
        """The clarify for a clause that did not resolve, None (nothing to ask), or
        the action it means when the one control named earlier in the utterance
        takes it ("the fan is too loud, turn it down": the fan)."""
        if not body:
            return None
        amounts = self._two_amounts(body, numbers, language, seat, read)
        if amounts is not None:
            return amounts
        if frame is not None and frame.device is not None:
            return self._beyond(frame, seat)
        controls = {self._catalog.control(c) for c in earlier if c in self._catalog.capabilities}
        if len(controls) == 1:
            frames: list[Frame] = []  # the option's frame: a referral is acted on as it
            referred = self._no_control(body, numbers, language, seat, tuple(controls), frames)
            if referred is not None and referred["missing"] == "consent" and frames:
                return frames[0]
        said: list[Frame] = []
        asked = self._no_control(body, numbers, language, seat, (), said)
        if asked is not None and asked["missing"] == "consent" and said and _DEGREES[language].search(body):
            return said[0]  # "switch to 26 degrees celsius": a clause said in degrees names the temperature
        if asked is not None and asked.pop("decided", False) and said:
            return said[0]  # a family word the amount or the seat's fitted controls narrow to one: that one
        return asked

    # -- missing control or target ----------------------------------------------

    def _no_control(
        self,
        body: str,
        numbers: tuple[float, ...],
        language: str,
        seat: str | None,
        only: tuple[str, ...] = (),
        frames: list[Frame] | None = None,
    ) -> dict | None:
        words = self._words[language]
        if words.names_other(body):
            return None  # "关闭车灯": the exterior lights, which the catalog lacks, are no interior light
        pieces = cover(words, body, _BARE)
        if pieces is None:
            return None
        picked = [(text, _pick_bare(meanings, pieces, k)) for k, (text, meanings) in enumerate(pieces)]
        families = {m.value for _, m in picked if m is not None and m.cls == "families"}
        if len(families) > 1:
            return None
        ways = [m.value for _, m in picked if m is not None and m.cls == "actions"]
        if not ways and not (language == "zh" and any(m is not None and m.value == "half" for _, m in picked)):
            return None  # no action (开一半 says one): nothing was asked of any control
        number, unit, to, by, number_after_to, targets = _values(picked, numbers)
        if number is False:
            return None
        family = families.pop() if families else None
        # (开大点 says "a bit" inside its action word; 把关上 lost its 那个, a pronoun, as a filler)
        bit = language == "zh" and any(
            m.cls == "actions" and m.value in ("more", "less") and t.endswith(("点", "些")) for t, m in picked if m
        )
        gap = (
            language == "zh"
            and body.startswith("把")
            and len(picked) > 1
            and getattr(picked[1][1], "cls", "") == "actions"
        )
        if (
            not family
            and not only
            and not (PRONOUN[language].search(body) or number is not None or _amount(picked) or bit or gap)
        ):
            return None  # "关闭", "activate", "need more now": too little said to ask about
        candidates = words.families[family] if family else (only or words.asks)
        if only and family:
            return None
        if not family and language == "zh":
            # 把它打开 / 把它关上 with nothing named: what opens and closes (打开 is also "turn on")
            ways = [{"on": "open", "off": "close"}.get(w, w) for w in ways]
        elif not family and _ROLL.search(body):
            # "roll it down": what opens and closes (it offered the temperature and the fan)
            ways = [{"down": "open", "less": "open", "up": "close", "more": "close"}.get(w, w) for w in ways]
        options = []
        for capability in candidates:
            action = self._option(capability, ways, picked, number, unit, number_after_to, by, targets, seat, frames)
            if action is not None and action not in options:
                options.append(action)
        if not options:
            return None
        if len(options) == 1:
            # "set the lights to 40 percent" (only the ambient light takes a brightness), "turn my seat on" from a
            # rear seat (only heating is fitted there): the family is narrowed by what was said or fitted, not
            # by what the seat may operate, so it acts; any other single option is asked
            decided = bool(family) and (number is not None and unit is not None or self._one_fitted(candidates, seat))
            return {**_clarify("consent", options[0].capability, options), "decided": decided}
        return _clarify("target" if family else "control", None, options[:MAX_OPTIONS])

    def _option(
        self,
        capability: str,
        ways: list[str],
        picked: list,
        number: float | None,
        unit: str | None,
        after_to: bool,
        by: bool,
        targets: tuple[str, ...],
        seat: str | None,
        frames: list[Frame] | None = None,
    ) -> Action | None:
        """The one action `capability` would take for what was said, if it can take it."""
        if capability not in self._catalog.capabilities:
            return None
        params = self._catalog.capabilities[capability].parameters
        if number is not None and unit is None and ("open_percent" in params or "brightness" in params):
            return None  # a bare number is no percentage
        if set(ways) & {"open", "close"} and not ("open_percent" in params or "open" in params):
            return None  # "open it": something that opens, not the fan
        if set(ways) & {"on", "off"} and ("open_percent" in params or "open" in params):
            return None  # "turn it on": something that switches, not a window or the tailgate
        vague_way = set(ways) <= {"more", "less", "up", "down", "set"} and unit != "percent"
        if "open_percent" in params and vague_way and not _position_amount(picked):
            return None  # "turn it up": a temperature or a level, not a window
        amounts = [m.value for _, m in picked if m is not None and m.cls == "amounts"]
        op = _op(capability, ways, [], amounts, number, after_to, by)
        if op is None:
            return None
        if op in ("max", "min", "half", "low", "medium", "high", "crack") or (
            op in ("on", "off", "open", "close", "fold", "unfold") and number is None
        ):
            number, unit = None, None
        mine = bool(targets) and all(t == "speaker" for t in targets)
        frame = Frame(device=capability, targets=targets, possessive=mine, op=op, number=number, unit=unit)
        res = self._resolver.resolve(frame, seat)
        if not res.resolved or len(res.actions) != 1:
            return None
        allowed = self._allowed(res.actions[0], seat)
        if allowed is not None and frames is not None:
            frames.append(frame)
        return allowed

    def _one_fitted(self, candidates, seat: str | None) -> bool:
        """Every capability of the family has the seat's own member and only one is fitted there."""
        caps = [c for c in candidates if c in self._catalog.capabilities]
        if seat is None or not caps or not all(seat in self._catalog.target_type(c).members for c in caps):
            return False
        return sum(self._catalog.fitted(c, seat) for c in caps) == 1

    def _allowed(self, action: Action, seat: str | None) -> Action | None:
        """`action` when the catalog accepts it and the seat may operate every fitted member of it."""
        checked = validate_action(self._catalog, action.capability, action.target, dict(action.parameters))
        if not isinstance(checked, Action):
            return None
        try:
            members = self._catalog.members(action.capability, action.target)
        except KeyError:
            return None
        fitted = [m for m in members if self._catalog.fitted(action.capability, m)]
        if not fitted or not all(permits(self._catalog, seat, action.capability, m) for m in fitted):
            return None
        return action

    # -- missing amount ------------------------------------------------------------

    def _two_amounts(
        self, body: str, numbers: tuple[float, ...], language: str, seat: str | None, read: ReadBody
    ) -> dict | None:
        """ "set it to 21 or 22", 风量调到三档或者四档: one option per amount, on one control."""
        m = _OR[language].search(body)
        if m is None:
            return None
        first, first_unit, second, second_unit = m.groups()
        options: list[Action] = []
        for value, unit in ((first, first_unit or second_unit), (second, second_unit or first_unit)):
            variant = body[: m.start()] + value + (unit or "") + body[m.end() :]
            found = self._one_action(variant, numbers, language, seat, read)
            if found is None:
                return None
            options.append(found)
        if len({(a.capability, a.target) for a in options}) != 1 or options[0] == options[1]:
            return None
        return _clarify("amount", options[0].capability, options)

    def _one_action(
        self, body: str, numbers: tuple[float, ...], language: str, seat: str | None, read: ReadBody
    ) -> Action | None:
        frame = read(body)
        if frame is not None and frame.device is not None:
            if language == "en":
                frame = fahrenheit(frame, body)  # "make the temperature 70 or 72": degrees Fahrenheit
            res = self._resolver.resolve(frame, seat)
            if res.resolved and len(res.actions) == 1:
                return self._allowed(res.actions[0], seat)
            return None
        asked = self._no_control(body, numbers, language, seat)
        if asked is None or asked["missing"] != "consent":
            return None
        return _action(asked["options"][0])

    def _beyond(self, frame: Frame, seat: str | None) -> dict | None:
        """ "fan to 95 percent", "blower at 50 percent": the level meant, asked (a percentage is
        no level: 50 % of 1-7 is 4), or a level past the range -> its end; else nothing."""
        capability = self._resolver.capability(frame)
        if (
            capability is not None
            and frame.op in ("half", "crack")
            and "open" in self._catalog.capabilities[capability].parameters
        ):
            # "open the trunk halfway" / "a crack": a tailgate opens all the way or not at all; asked, never guessed
            res = self._resolver.resolve(Frame(device=frame.device, targets=frame.targets, op="open"), seat)
            action = self._allowed(res.actions[0], seat) if res.resolved and len(res.actions) == 1 else None
            return None if action is None else _clarify("amount", capability, [action])
        if capability is None or frame.number is None or frame.op not in ("set", None):
            return None
        spec = self._catalog.capabilities[capability].parameters.get("level")
        if spec is None or frame.unit not in (None, "percent", "level"):
            return None
        high = spec.max
        if high is None:
            return None
        if frame.unit == "percent":  # "blower at 50 percent": the level that share of the range is
            if not 0 < frame.number <= 100:
                return None
            low = spec.min if spec.min is not None else 1
            level = max(int(low), int(frame.number * high / 100 + 0.5))
            said = Frame(device=frame.device, targets=frame.targets, op="set", number=float(level), unit="level")
        elif frame.number <= high:
            return None
        else:
            said = Frame(device=frame.device, targets=frame.targets, op="max")
        res = self._resolver.resolve(said, seat)
        if not res.resolved or len(res.actions) != 1:
            return None
        action = self._allowed(res.actions[0], seat)
        return None if action is None else _clarify("amount", capability, [action])


#: "roll it …" / "wind it …": a verb of what opens and closes.
_ROLL = re.compile(r"\b(?:roll|rolls|rolled|rolling|wind)\b")
#: A temperature's unit: the clause names the temperature (DESIGN 4).
_DEGREES = {
    "en": re.compile(r"\b(?:degrees?|celsius|centigrade|fahrenheit)\b"),
    "zh": re.compile(r"度"),
}
#: "turn it up", 把它打开: the words that point at a control not named.
PRONOUN = {"en": re.compile(r"\b(?:it|this|that|them|these|those)\b"), "zh": re.compile(r"它|这个|那个|这|那")}


def _amount(picked: list) -> bool:
    return any(m is not None and m.cls == "amounts" for _, m in picked)


def _position_amount(picked: list) -> bool:
    """Half, max, min or a crack: amounts that only a position takes."""
    return any(m is not None and m.cls == "amounts" and m.value in ("half", "max", "min") for _, m in picked)


def _pick_bare(meanings: dict[str, Meaning] | None, pieces: list, k: int) -> Meaning | None:
    if meanings is None:
        return None
    if "families" in meanings:
        return meanings["families"]
    return _pick(meanings, pieces, k)


def _values(picked: list, numbers: tuple[float, ...]) -> tuple:
    """(number, unit, to, by, number said after "to", targets) of a bare clause; number False: not one frame."""
    number: float | None = None
    unit = None
    to = by = after_to = False
    targets: list[str] = []
    for k, (text, meaning) in enumerate(picked):
        if meaning is None:
            index = int(text)
            if number is not None or index >= len(numbers):
                return False, None, False, False, False, ()
            number, after_to = numbers[index], to
        elif meaning.cls == "units" and number is not None:
            unit = meaning.value
        elif meaning.cls == "to":
            to = True
        elif meaning.cls == "by":
            by = True
        elif meaning.cls == "targets" and meaning.value not in targets:
            if text == "back" and 0 < k < len(picked) - 1 and picked[k - 1][0] in AGAIN_AFTER:
                continue  # "set it back to 22": again, not the rear
            targets.append(meaning.value)
    return number, unit, to, by, after_to, tuple(targets)


def _action(data: dict[str, Any]) -> Action:
    return Action(data["capability"], data["target"], dict(data["parameters"]), vague=bool(data.get("vague")))


def _clarify(missing: str, capability: str | None, options: list[Action]) -> dict[str, Any]:
    return {"missing": missing, "capability": capability, "options": [a.to_json() for a in options]}


__all__ = ["MAX_OPTIONS", "PRONOUN", "Asker", "two_amounts"]
