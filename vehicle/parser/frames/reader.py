"""A clause read as a frame in any word order, from vocabulary (DESIGN §4, rev 3).

It is the parser's one matcher. People say "air circulation on", "boost
temp in my vehicle", "rear defogger off", "主驾车窗开小", "风大一点": the
words that matter stand in any order. This reader covers a clause body
with words of :mod:`vehicle.parser.frames.framewords` (controls, targets,
actions, amounts, units, numbers and glue): of the ways to cut it into
known words, the one with the fewest pieces, then the longest control
words. Its semantics, in full:

1. Every word must be covered: one unknown word and the clause is not a
   frame (unknown words never act).
2. Exactly one control (temperature set/adjust count as one); a compound
   ("rear window defogger", "后挡风加热") names the control and a target;
   a signed word ("warmer", "凉快一点") names the temperature and a way.
3. At most one action word and one generic verb (set, change, 调), which
   gives way to the other when it comes first ("turn the fan up", "设置关
   掉"); after it, the generic verb starts a command of its own ("open the
   driver window set the passenger side to 22", "打开空调风量调到三档"). A
   verb after the value starts one too. A bare "on" before a target is a
   preposition ("ac off on the driver side") unless it is the only action
   word ("massage on driver seat"); a signed word's way counts only when no action word says one ("turn the
   heat down"), and never with max/min ("cooler max" is not clear).
4. The operation: a max/min amount wins; "by N" changes by N; a number
   after "to" (or with no way) sets it; with a way and a number but no
   "to", it changes by it ("boost the fan 2"); "half", a level word, or a
   way alone. A position's up/down is close/open. A little with more/less
   is the vague step; open a little is a crack.
5. No way and no amount is a bare control, a frame with nothing to do of
   its own (``keep``: "no, the sunroof"); "set" with nothing to set is no
   frame.
6. A mode or peripheral by name (no
   place, no value; a mode said alone starts, a peripheral needs a verb);
   a colour (a bare light word with one is the ambient light, never with
   车灯 or "headlights"); a clause with no control (places, a value, an end
   of the range), which borrows the previous clause's; 再 / "N more" / "by
   N" after open or close moves a position on from where it is.

The result is a :class:`.frame.Frame`; the rest of the parser (scope,
borrowing, resolution, assembly) reads only that.
"""

from __future__ import annotations

import re

from .cover import cover
from .frame import TAILGATE, Frame
from .framewords import Meaning, Words

SET_TEMPERATURE = "climate.set_temperature"
TEMPERATURE = frozenset({SET_TEMPERATURE, "climate.adjust_temperature"})
_POSITIONS = frozenset({"window.set_position", "sunroof.set_position", "sunshade.set_position"})
#: A level word with its unit ("中挡", "高档"): what the climate has a level of is its blower.
_LEVEL_WORD = re.compile(r"[低中高]档|[低中高]挡")
#: Signed words that are also the AC's name when switched on or off.
_COOLING = frozenset({"cool", "cooler"})
#: Signed words that are plain adjectives: a way only as the verb that leads the clause ("cool
#: the driver side a little"; only these two are verbs) or with a verb ("make the left side warm");
#: alone ("cool", "so cool") they answer or exclaim, and "cold" alone would be the person's need,
#: not its opposite. "hot off the press": an adjective switched on or off is no way either.
_PLAIN = frozenset({"cool", "warm", "cold", "hot"})
PLAIN_VERBS = frozenset({"cool", "warm"})
#: The classes a command may use, in the order a word's meanings are tried.
_ORDER = (
    "compounds",
    "signed",
    "controls",
    "modes",
    "peripherals",
    "targets",
    "colors",
    "amounts",
    "units",
    "actions",
    "to",
    "by",
    "further",
    "glue",
    "families",
    "verbs",
    "heights",
    "purposes",
)
#: The controls a mode's or a peripheral's name says (a peripheral is one press whatever the verb).
_MODE = "mode.activate"
_PERIPHERAL = "peripheral.trigger"
_TURN = {"open": "more", "on": "more", "close": "less", "off": "less"}
#: Verbs that are the defroster's name ("defog the windshield"): leading a clause that names more, it is on.
DEFROST_VERBS = frozenset({"defrost", "defog", "demist", "clear"})
#: Controls whose own word is the verb that switches them on, said alone ("defog", "recirculate").
VERB_ALONE = frozenset({"defog", "demist", "recirculate"})
#: A Chinese defroster said after its glass or before it (前挡除雾, 除雾一下前挡): the verb.
_ZH_DEFROST = ("除雾", "除霜", "去雾", "除个雾", "除下雾", "除个霜")
#: Words of how much a thing is so ("好红"): a colour after one is said of how it looks.
_DEGREE_WORDS = frozenset({"好", "太", "真", "很", "挺", "有点", "so", "too", "very", "really", "quite"})
#: The generic verb with "to" before a control that is only on or off: switched to is on (切换到内循环).
_SWITCH_TO = frozenset({"切换到", "切换为", "切换成", "切到", "换到", "换成", "switch", "change"})
#: Comparatives that are a way only before the number of it ("高两度"; "温度高" says how it is).
_BEFORE_A_NUMBER = frozenset({"高", "低"})
_NONE = Meaning("glue")
#: What only a light has (a glue word beside the ambient light: "氛围灯亮度调到50").
_LIGHT_WORDS = frozenset({"亮度", "颜色", "brightness", "color", "colour"})
#: Verbs whose way is the particle said with them ("turn … on"): alone, they say nothing to do.
PARTICLE_VERBS = frozenset(
    {"turn", "switch", "put", "kick", "whack", "chuck", "bung", "flick", "knock", "bump", "dial"}
)
#: The words before "back" that make it "again", not the rear ("set it back to 22", "turn that back on").
AGAIN_AFTER = frozenset({"it", "them", "that"})
_ON_OFF = frozenset({"climate.power", "climate.set_ac", "climate.set_defrost", "climate.set_recirculation"})


def read(words: Words, body: str, numbers: tuple[float, ...]) -> Frame | None:
    """The frame `body` says, or None (see the module docstring for the rules)."""
    pieces = cover(words, body, _ORDER)
    if pieces is None:
        return None
    if words.names_other(body):
        return None  # "把车灯调成红色", "打开车窗窗帘": a thing the catalog lacks that holds a word of one it has
    return _frame(pieces, numbers, words.language)


def _frame(
    pieces: list[tuple[str, dict[str, Meaning] | None]], numbers: tuple[float, ...], language: str
) -> Frame | None:
    controls: list[str] = []
    targets: list[str] = []
    ways: list[str] = []
    signed: list[str] = []
    amounts: list[str] = []
    number: float | None = None
    unit: str | None = None
    unit_first = False  # the unit said before its number ("level 3")
    to = by = False
    number_after_to = False
    plural = False
    possessive: list[bool] = []
    prepositions = 0
    seat_said = False
    comparative = False  # a comparative after the value ("eight degrees higher") ends the frame
    cooling = False  # "cool"/"cooler" with on/off names the AC ("turn on the cool", "cooler off in the back")
    plain = False  # a plain adjective that neither leads the clause as its verb nor follows one
    sides: list[str] = []  # each target's own words ("right side": a side, not the passenger as such)
    adjective = False  # "warm", "cold", "hot": never switched on or off
    named: list[str] = []  # the modes and peripherals said
    colors: list[str] = []
    family = ""  # a word for several controls ("lights", 灯): with a colour, the only light that has one
    further = False  # "再开一点": a position moved on from where it stands
    verb_only = False  # a family's verb alone ("ventilate mine"): read only with its family word
    purposes: list[str] = []  # why it is done ("开窗透气"): only of its own control, switched on or opened
    split_places = False
    placed_first = False  # a place said before the first control
    both = ""  # the word 都 read as "all": after members named, "both"
    limits: list[frozenset[str]] = []  # the only ways a compound said may take (the glass alone: on, off)
    defrost_said = False  # a defroster named by its own word, not by the glass alone
    for k, (text, meanings) in enumerate(pieces):
        if meanings is None:
            if number is not None:
                return None  # two numbers: not one frame
            following = pieces[k + 1][1] if k + 1 < len(pieces) else None
            if following is not None and ("controls" in following or "compounds" in following):
                return None  # "open two windows": a count of controls, never a value (nor which ones)
            index = int(text)
            if index >= len(numbers):
                return None
            number = numbers[index]
            number_after_to = to
            continue
        meaning = _pick(meanings, pieces, k)
        cls = meaning.cls
        if comparative and cls in ("compounds", "signed", "controls", "targets", "actions", "amounts"):
            return None  # "… to 21 lower the rear left window": the comparative was a verb
        if cls == "compounds":
            controls.append(meaning.value)
            targets.append(meaning.extra)
            limits.append(meaning.ways)
            defrost_said = defrost_said or (meaning.value == "climate.set_defrost" and not meaning.ways)
        elif cls == "signed":
            controls.append(meaning.value)
            signed.append(meaning.extra)
            following_text = pieces[k + 1][0] if k + 1 < len(pieces) else ""
            cooling = cooling or (text in _COOLING and following_text != "off")
            leads = k == 0 and any(m is not None and "glue" not in m for _, m in pieces[1:])
            plain = plain or (text in _PLAIN and not (leads and text in PLAIN_VERBS))
            adjective = adjective or (text in _PLAIN and text not in _COOLING)
        elif cls in ("modes", "peripherals"):
            if cls == "modes" and k and pieces[k - 1][0] in ("a", "an") and "mode" not in text:
                return None  # "i need a nap", "i need a car wash": the thing itself, not the car's mode
            controls.append(_MODE if cls == "modes" else _PERIPHERAL)
            named.append(meaning.value)
        elif cls == "colors":
            if k and pieces[k - 1][0] in _DEGREE_WORDS:
                return None  # "灯光好红", "the lights are so red": how it looks, no command
            colors.append(meaning.value)
        elif cls == "families":
            family = family or meaning.value
        elif cls == "further":
            further = True
        elif cls == "verbs":
            verb_only = True  # "ventilate": a verb only of a family's control, with that family named
        elif cls == "purposes":
            purposes.append(meaning.value)
        elif cls == "controls":
            controls.append(meaning.value)
            defrost_said = defrost_said or meaning.value == "climate.set_defrost"
            plural = plural or (text.endswith("s") and not text.endswith(("ss", "us")) and text.isascii())
        elif cls == "targets":
            placed_first = placed_first or not controls
            seat_said = seat_said or "seat" in text or "座椅" in text or "座位" in text
            following = pieces[k + 1][1] if k + 1 < len(pieces) else None
            if meaning.value == "speaker" and following is not None and "targets" in following:
                continue  # "my rear left window", "my back fans": a place of the car, not the speaker's too
            before = pieces[k - 1][1] if k else None
            if (
                text == "back"
                and before is not None
                and ("controls" in before or "compounds" in before or pieces[k - 1][0] in AGAIN_AFTER)
                and following is not None
                and ("actions" in following or "to" in following)
            ):
                continue  # "roll the window back down", "set the temperature back to 22": again, not the rear
            if meaning.value not in targets:
                targets.append(meaning.value)
                possessive.append(meaning.value == "speaker")
                sides.append(text)
                both = text if meaning.value == "all" and text in _BOTH else both
            if placed_first and controls and targets[0] != meaning.value and language == "zh" and len(controls) == 1:
                split_places = True  # "打开主驾座椅加热 副驾三档": a place before the control, another after
        elif cls == "amounts":
            amounts.append(meaning.value)
        elif cls == "units":
            if number is not None:
                unit = meaning.value
            elif language == "en" and k + 1 < len(pieces) and pieces[k + 1][1] is None:
                unit, unit_first = meaning.value, True  # "level 3": the ambient light has no level 3
            elif language == "zh":
                return None  # "打开后备箱档位设置": a unit with no value names a setting, not this command
        elif cls == "actions":
            if text in _BEFORE_A_NUMBER and (k + 1 >= len(pieces) or pieces[k + 1][1] is not None):
                if not (ways and ways[-1] in ("set", "on") and k + 1 == len(pieces)):
                    return None
                amounts.append("high" if text == "高" else "low")  # "风量调到低": the level said after "to"
                continue
            if number is not None and not (" " not in text and meaning.value in ("more", "less", "up", "down")):
                # "set the driver side to 21 degrees turn on …": a verb after the value starts a command
                # (a comparative does not: "eight degrees higher")
                return None
            if number is not None:
                comparative = True
            ways.append(meaning.value)
        elif cls == "glue" and meaning.value == "on":
            prepositions += 1
        elif cls == "to":
            to = True
        elif cls == "by":
            by = True
    if any(limit and not set(ways) <= limit for limit in limits):
        return None  # "open the rear glass", "close the windshield": the glass, not its defroster
    window_said = "window.set_position" in controls
    # a side window (a member's, or "side window") has no defroster: only the front and rear glass do
    side_glass = window_said and (
        any(t in ("driver", "passenger", "rear_left", "rear_right") for t in targets)
        or any("side" in t for t, _ in pieces)
    )
    if "climate.set_defrost" in controls and "window.set_position" in controls and limits and not defrost_said:
        return None  # "打开前挡窗户", "前挡的玻璃关上": the glass and a window named, no defroster
    if "climate.set_defrost" in controls and "window.set_position" in controls and _window_opened_for(pieces):
        return None  # "开窗除雾", "打开车窗除雾": the window is what is opened (to defog), not the glass heated
    if "climate.set_defrost" in controls and "window.set_position" in controls:
        # "defroster on for the rear window": the window names the glass, not a control
        controls = [c for c in controls if c != "window.set_position"]
        targets = ["rear" if t in ("rear", "rear_left", "rear_right") else t for t in targets][:1]
    if len(controls) == 2 and controls[0] == "climate.power" and controls[1] != "climate.power":
        # "空调开启除雾", "关闭空调内循环", "关闭空调前挡除雾": the climate system named first, then one of
        # its functions (leading the clause, or right after it): that function, never the whole system
        at = next((k for k, (_, m) in enumerate(pieces) if m is not None and "controls" in m), 0)
        after = next((m for _, m in pieces[at + 1 :] if m is not None and "glue" not in m), None)
        function = after is not None and any(c in after for c in ("controls", "compounds"))
        if controls[1].startswith("climate.") and (at == 0 or function):
            controls = controls[1:]
    if both and len(targets) > 1:
        # "把主驾副驾座椅加热都打开": 都 after members named is "both", never every seat (the rear ones too)
        k = sides.index(both)
        del sides[k], possessive[k]
        targets.remove("all")
    targets = _one_place(targets, sides, pieces)
    if colors and family == "light" and not controls and _colour_after_family(pieces):
        controls = ["ambient_light.set"]  # "make the lights red": of the lights only the ambient light has a colour
    elif family == "light" and not controls and not colors and ways and set(ways) <= {"more", "less", "up", "down"}:
        controls = ["ambient_light.set"]  # "dim the lights": only the ambient light has a brightness
    elif family == "seat" and controls and all(c.startswith("seat.") for c in controls):
        pass  # "seat heating for all seats": the seats are where, not another control
    elif (
        (family or seat_said or any(m is not None and "families" in m for _, m in pieces))
        and pieces[0][1] is not None
        and "verbs" in pieces[0][1]
        and sum(1 for _, m in pieces if m is not None and "verbs" in m) == 1
        and set(controls) <= TEMPERATURE | {pieces[0][1]["verbs"].value}
        and not (ways or set(amounts) - {"little"} or colors or number is not None or prepositions)
    ):
        # "heat my seat", "warm up the seats", "cool down the driver seat", 通风一下座椅: the family's
        # verb (vocabulary `families.<family>.verbs`) says which of its controls comes on
        controls, ways, signed, plain, adjective = [pieces[0][1]["verbs"].value], ["on"], [], False, False
        cooling, verb_only = False, False
        plural = plural or pieces[-1][0] in ("seats",)
    elif family:
        return None  # "turn on the lights": which one is asked about (DESIGN 4a), never guessed here
    opened = set(ways) <= {"on", "open"}
    if verb_only and pieces[-1][1] is not None and "purposes" in pieces[-1][1] and opened:
        # "开窗通风", "open the windows to ventilate": why the window opens, not a seat's ventilation
        verb_only, purposes = False, [pieces[-1][1]["purposes"].value]
    if purposes and (set(purposes) != set(controls) or not opened):
        return None  # "关窗透气", "turn on the ac to air out": a purpose of another control, or undone
    if verb_only:
        return None  # "heat the passenger seat and ventilate mine": not the previous clause's control
    if not controls:
        return _fragment(targets, possessive, ways, signed, amounts, number, unit, by, colors)
    if (
        language == "zh"
        and len(pieces) > 1
        and pieces[-1][0] == "一下"
        and pieces[-2][1] is not None
        and pieces[-2][1].get("controls", _NONE).value.startswith("seat.")
        and pieces[-2][0].endswith(("加热", "通风", "按摩"))
    ):
        # "副驾座椅通风一下": the seat function said as its verb, then 一下: that verb done (on, unless
        # another way is said: "关闭座椅加热一下" is off), never "a little"
        ways, amounts = ways or ["on"], [a for a in amounts if a != "little"]
    families = {SET_TEMPERATURE if c in TEMPERATURE else c for c in controls}
    if len(families) != 1:
        return None
    device = families.pop()
    if device != "ambient_light.set" and any(t in _LIGHT_WORDS for t, _ in pieces):
        return None  # "天窗亮度调低", "lower the window brightness": a light or a glass's tint, never the glass moved
    if unit_first and device == SET_TEMPERATURE:
        unit = None  # "the temp to level seventy six": a way of saying the set-point, in degrees
    if device in (_MODE, _PERIPHERAL):
        if device == _PERIPHERAL and ways == ["set"] and any(t in PARTICLE_VERBS for t, _ in pieces):
            return None  # "turn the garage | heat up": a verb whose way is its particle, with none said
        return _named(device, named, targets, ways, amounts, number, colors)
    if colors:
        if len(set(colors)) > 1 or {w for w in ways if w not in ("set", "on")} or amounts:
            return None
        # a colour of another control than the ambient light is a command the resolver refuses
        # ("把阅读灯调成蓝色": the reading light is on or off only)
        # "turn the ambient light on in blue": on (brightness 100) in that colour
        lit = "on" if "on" in ways and number is None else "set"
        return Frame(device=device, targets=tuple(targets), op=lit, number=number, unit=unit, color=colors[0])
    first = pieces[0][0]
    if not ways and not signed and not amounts and number is None and len(pieces) > 1:
        if (
            device == "climate.set_defrost"
            and first in DEFROST_VERBS
            and not side_glass
            and set(targets) <= {"front", "rear"}
        ):
            # (a side window has no defroster: "defog the left front window" is no command; the rear
            # window's is the rear defroster)
            ways = ["on"]  # "defog the windshield", "defrost the car"
        elif device == "mirror.fold" and pieces[-1][0] == "in":
            ways = ["fold"]  # "mirrors in"
    if not ways and not signed and number is None and _said_as_verb(device, pieces, window_said, targets):
        ways = ["on"]  # "defog", "recirculate", 前挡除雾, 加热座椅: the control's word is the verb
    if device in _POSITIONS and not ways and any(t.startswith("crack") for t, _ in pieces):
        ways = ["open"]  # "crack the window a little": crack is the way and how far
    if ways == ["set"] and device in _ON_OFF and number is None and not amounts and not signed:
        lead = " ".join(t for t, _ in pieces[:2]) if language == "en" else first
        if first in _SWITCH_TO and (language == "zh" or lead.endswith(" to")):
            ways = ["on"]  # "切换到内循环", "switch to recirculation": the state switched to
    if device in _POSITIONS:
        said = [w for w in ways if w != "set"]
        if further and len(said) == 1 and said[0] in _TURN:
            ways = [_TURN[said[0]]]  # "天窗再开一点", "再开百分之三十": from where it stands
        elif len(said) == 2 and "more" in said and set(said) & set(_TURN):
            # "open the window a bit more", "close it 10 percent more": the way and how much further
            ways = [_TURN[next(w for w in said if w in _TURN)]]
    if device == "climate.power" and _LEVEL_WORD.search(" ".join(t for t, _ in pieces)):
        # "空调调到中挡": a level word said of the climate is its blower's (a level number: the resolver)
        device = "climate.set_fan_speed"
    if cooling and set(ways) & {"on", "off"} and set(ways) <= {"on", "off", "set"} and number is None and not amounts:
        # a temperature is not switched: "power on the cool" is the AC ("cool off", a way, is not)
        device, signed = "climate.set_ac", []
    if device == SET_TEMPERATURE and seat_said:
        return None  # "heating for the driver seat": the seat's heating or the cabin's? not a guess
    if prepositions and not signed and not any(w != "set" for w in ways):
        ways.append("on")  # "massage on driver seat": the only "on" is the action
    if (
        language == "en"
        and len(ways) == 2
        and ways[0] == ways[1] != "set"
        and " " not in pieces[-1][0]
        and "actions" in (pieces[-1][1] or {})
    ):
        ways = ways[:1]  # "extend the mirrors out": the way said again after its object is one way
    specific = [w for w in ways if w != "set"]
    if len(specific) > 1 or len(ways) - len(specific) > 1:
        return None  # two verbs: two commands for the run-on cutter ("关闭后备箱关闭空调")
    if len(ways) == 2 and ways[0] != "set":
        # the generic verb after another starts a command of its own: "open the driver window set the
        # passenger side to 22", "打开空调风量调到三档" ("turn the fan up", "设置关掉" are one)
        return None
    if signed and signed[0] in ("on", "off") and not ways and first.split()[0] in VERB_ALONE:
        ways = [signed[0]]  # "recirculate the air": the word that says the state is the verb too
    if signed and signed[0] in ("on", "off"):
        # "switch to outside air", "打开外循环": the word says the state, once a verb asks for it
        # ("i need fresh air" is a need); "turn off fresh air" is not clear
        if not ways or {w for w in ways if w not in ("on", "set")} or len(set(signed)) > 1:
            return None
        ways, signed = [signed[0]], []
    if (plain and not ways) or (adjective and set(ways) & {"on", "off"}):
        return None  # "cool", "so cool": no verb, so no way; "hot off the press", "warm on": no way either
    if signed and set(amounts) & {"max", "min"}:
        return None  # "cooler max": the coolest setting or the strongest cooling?
    if signed and set(specific) <= {"more", "less"} and len(set(signed)) == 1:
        # "cool the left rear some more": "more" says how much, the signed word which way
        ways = [w for w in ways if w not in ("more", "less")]
    if split_places and (number is not None or set(amounts) - {"little"}):
        return None  # its amount is of the place after the control only (the driver's seat went to 3 too)
    if len(set(targets)) > 1 and "little" in amounts and set(amounts) - {"little"}:
        return None  # "the front windows a crack and the rear ones halfway": an amount each, not one for all
    crack = any("crack" in t or "缝" in t for t, m in pieces if m is not None and "amounts" in m)
    height = _height(pieces)
    op = _op(device, ways, signed, amounts, number, number_after_to, by, further, height, crack)
    if op is None:
        return None
    lifted = (device in _POSITIONS or device == TAILGATE) and (height is not None or bool({"up", "down"} & set(ways)))
    if (
        op in ("max", "min", "half", "low", "medium", "high", "crack")
        or op in ("on", "off", "open", "close", "fold", "unfold")
        and number is None
    ):
        number, unit = None, None
    return Frame(
        device=device,
        targets=tuple(targets),
        possessive=bool(possessive) and all(possessive),
        op=op,
        number=number,
        unit=unit,
        plural=plural and not targets,
        lifted=lifted,
    )


#: A row and a side said of one thing ("the rear window on the right side", 右边的后排车窗): one member.
_ROW_AND_SIDE = {
    ("rear", "left"): "rear_left",
    ("rear", "right"): "rear_right",
    ("front", "left"): "driver",
    ("front", "right"): "passenger",
}
_LIST_WORDS = frozenset({"and", "or", "和", "跟", "与", "或", "及"})


#: Words of "all" that, after members named, mean all of those (都: "both").
_BOTH = frozenset({"都", "全都"})


def _one_place(targets: list[str], sides: list[str], pieces: list) -> list[str]:
    """A row and a side with no "and" between are one member, never both rows' and both sides'."""
    if len(targets) != 2 or any(text in _LIST_WORDS for text, _ in pieces):
        return targets
    row = next((t for t in targets if t in ("rear", "front")), None)
    side_word = next((w for t, w in zip(targets, sides) if t in ("driver", "passenger")), "")
    side = (
        "left"
        if ("left" in side_word or "左" in side_word)
        else "right"
        if ("right" in side_word or "右" in side_word)
        else None
    )
    member = _ROW_AND_SIDE.get((row, side)) if row and side else None
    return [member] if member else targets


def _pick(meanings: dict[str, Meaning], pieces: list, k: int) -> Meaning:
    """A word's meaning here: "on" before a target is a preposition; else the
    first class in :data:`_ORDER` it has."""
    action = meanings.get("actions")
    if action is not None and pieces[k][0] == "on" and k + 1 < len(pieces):
        following = pieces[k + 1][1]
        if following is not None and "targets" in following:
            return Meaning("glue", "on")  # "ac off on the driver side"; alone it is still "on"
    for cls in _ORDER:
        if cls in meanings:
            return meanings[cls]
    raise AssertionError("a word with no meaning")


def _op(
    device: str,
    ways: list[str],
    signed: list[str],
    amounts: list[str],
    number: float | None,
    after_to: bool,
    by: bool,
    further: bool = False,
    heights: str | None = None,
    crack: bool = False,
) -> str | None:
    # two ways said are not read ("open … and close …" is two frames), except a verb with the particle of
    # a phrasal verb ("open it all up", "close it down"); which one a set held used to depend on the
    # process's hash seed ("open it all up" offered to close everything in some processes)
    specific = list(dict.fromkeys(w for w in ways if w != "set"))
    if len(specific) > 1:
        verbs = [w for w in specific if w not in ("up", "down")]
        if len(verbs) != 1 or verbs[0] not in ("open", "close"):
            return None
        specific = verbs
    way = specific[0] if specific else None
    if way is None and signed:
        if len(set(signed)) > 1:
            return None
        way = signed[0]
    positional = device in _POSITIONS
    if positional and heights and way not in ("open", "close"):
        # (an explicit open or close wins over the height word said with it: "open the window up" opened
        # nothing and closed it, "close the windows down" opened them)
        way = heights  # "车窗调高", "降主驾车窗", "bump up the window": how high the glass goes
        if number is not None and not after_to:
            return "less" if way == "up" else "more"  # "车窗降低百分之三十": by that much
    if positional and way in ("up", "down") and number is not None and not after_to:
        return "less" if way == "up" else "more"  # "车窗下降百分之三十": by that much (it was set to 30 %)
    if positional and way in ("on", "off"):
        way = "open" if way == "on" else "close"  # "车窗关一点": a little, not shut
    if positional and way in ("up", "down"):
        way = "close" if way == "up" else "open"
    elif device == TAILGATE and way in ("up", "down"):
        way = "open" if way == "up" else "close"  # a tailgate is raised to open it, unlike a window
    elif way in ("up", "down"):
        way = "more" if way == "up" else "less"
    if positional and further and way in ("open", "close") and number is None and not set(amounts) - {"little"}:
        return "more" if way == "open" else "less"  # "车窗再降一点": on from where it stands, never set to a crack
    said = set(amounts) - {"little"}
    if len(said) > 1:
        return None
    amount = said.pop() if said else None
    if amount == "end":  # "到底", "all the way": the end the way goes to ("风量降到底" is the lowest)
        amount = "min" if way == "less" and not positional else "max"
    if amount in ("max", "min"):
        if number is not None:
            return None  # "把温度全部打开到21": the end or the value said?
        if positional:
            if way in ("close", "off", "less") and amount == "max":
                return "close"
            if way in ("open", "on", "more", None) and amount == "max":
                return "open"
            return None
        if way in ("off", "close"):
            return None
        return amount
    if amount is not None:
        return amount if number is None else None
    if number is not None:
        if by:
            if positional and way in ("open", "close"):
                return "more" if way == "open" else "less"  # "open the window by 10 percent"
            return way if way in ("more", "less") else None
        if after_to or way in (None, "on", "open"):
            return "set"
        if way in ("more", "less"):
            return way
        return None
    little = "little" in amounts
    if way in ("more", "less"):
        return way
    if not positional and little and (further or way in ("off", "close")) and way in ("on", "open", "off", "close"):
        return "more" if way in ("on", "open") else "less"  # "座椅加热再关一点点", "风量再开一点": a level moved on
    if way in ("open", "on") and little and positional:
        return "crack"  # "车窗打开一点", "开一条缝"
    if little and device in _WHOLE_ONLY and way in ("open", "on"):
        return None  # "open the trunk a crack", "氛围灯开一点": it opens or lights fully, not a little
    if way == "close" and little and positional:
        return "less"
    if way is None and not ways and crack and positional and not signed and not heights:
        return "crack"  # "… and the passenger window a crack": its own amount, never the one before it (50 %)
    if way is None and not ways:
        return "keep"  # a control and nothing to do with it: a correction's "no, the sunroof", "and the AC too"
    if way is None or way == "set":
        return None  # the generic verb alone: nothing to set
    return way


def _window_opened_for(pieces: list) -> bool:
    """A verb, then the window, then the defroster's word ("开窗除雾"): the window is the verb's object."""
    kinds = [next(iter(m)) if m else "" for _, m in pieces]
    for k, (_, m) in enumerate(pieces):
        if m is not None and m.get("controls", _NONE).value == "window.set_position":
            return (
                k > 0
                and kinds[k - 1] == "actions"
                and any(
                    n is not None and n.get("controls", _NONE).value == "climate.set_defrost"
                    for _, n in pieces[k + 1 :]
                )
            )
    return False


def _said_as_verb(device: str, pieces: list, window_said: bool, targets: list[str]) -> bool:
    """The control's own word is the verb that switches it on: "defog" or "recirculate" alone,
    a defroster said of its glass in Chinese (前挡除雾, 除雾一下前挡: never a side window's),
    加热座椅 / 通风座椅 (the verb before the seat)."""
    texts = [t for t, m in pieces if m is None or "glue" not in m or len(m) > 1]
    if len(texts) == 1 and texts[0] in VERB_ALONE:
        return True
    zh = any(not t.isascii() for t, _ in pieces)
    if not zh:
        return False
    if device == "climate.set_defrost" and any(t.endswith(_ZH_DEFROST) for t, _ in pieces):
        return not window_said and bool(targets) and set(targets) <= {"front", "rear"}
    if not (device.startswith("seat.") or device in _ON_OFF):
        return False
    # 把主驾座椅加热(一下): 把 puts the seat first and 加热 is the verb; 加热座椅: the verb before the seat
    verb_last = pieces[0][0] in ("把", "将") and pieces[-1][0].endswith(("加热", "通风", "按摩"))
    return verb_last or any(t[:2] in ("加热", "通风", "按摩") and t.endswith("座椅") for t, _ in pieces)


#: Controls that open or light fully with no amount: "a little" of them is not theirs to give.
_WHOLE_ONLY = frozenset({"tailgate.set", "ambient_light.set"})


def _height(pieces: list) -> str | None:
    """ "up" or "down" when the words say how high (vocabulary `heights`), if they say one way."""
    said = {m["heights"].value for _, m in pieces if m is not None and "heights" in m}
    return said.pop() if len(said) == 1 else None


def _colour_after_family(pieces: list[tuple[str, dict[str, Meaning] | None]]) -> bool:
    """ "lights red", "把灯调成蓝色": the colour said of the lights; before them it names a thing
    ("turn on the red light", "green light, go")."""
    kinds = [next((c for c in ("families", "colors") if m is not None and c in m), "") for _, m in pieces]
    return "families" in kinds and "colors" in kinds[kinds.index("families") :]


def _fragment(
    targets: list[str],
    possessive: list[bool],
    ways: list[str],
    signed: list[str],
    amounts: list[str],
    number: float | None,
    unit: str | None,
    by: bool,
    colors: list[str],
) -> Frame | None:
    """A clause naming no control, which takes the previous clause's (:meth:`.frame.Frame.borrow`):
    places alone ("and the passenger side"), a value ("I mean 22", "to 23 for the passenger"),
    a colour, or an end ("the rear at max"). A way with no control is no frame: what is
    turned up is asked about (DESIGN 4a)."""
    if signed or by or any(w != "set" for w in ways) or len(set(colors)) > 1:
        return None
    extreme = [a for a in amounts if a in ("max", "min")]
    if len(amounts) != len(extreme) or len(extreme) > 1 or (extreme and (number is not None or not targets)):
        return None
    if colors:
        op = "set"
    elif extreme:
        op = extreme[0]
    elif number is not None:
        op = "set"
    elif targets and not ways:
        op = "keep"
    else:
        return None
    return Frame(
        targets=tuple(targets),
        possessive=bool(possessive) and all(possessive),
        op=op,
        number=number if op == "set" else None,
        unit=unit if op == "set" else None,
        color=colors[0] if colors else None,
    )


def _named(
    device: str,
    named: list[str],
    targets: list[str],
    ways: list[str],
    amounts: list[str],
    number: float | None,
    colors: list[str],
) -> Frame | None:
    """A mode ("nap mode", "进入午休模式") or a learned peripheral ("open the garage door"): one of
    them, at no place and with no value. A mode said alone is started; a peripheral needs a verb."""
    if len(set(named)) != 1 or set(targets) - {"speaker"} or set(amounts) - {"little"} or number is not None or colors:
        return None
    said = {w for w in ways if w != "set"}
    if device == _PERIPHERAL:
        # one press whatever the verb ("push the garage door opener", 把车库门放下来), but a verb is said
        return Frame(device=device, targets=(named[0],), op="trigger") if ways else None
    if said <= {"on", "open"}:
        return Frame(device=device, targets=(named[0],), op="activate")
    if said <= {"off", "close"}:
        return Frame(device=device, targets=(named[0],), op="exit")
    return None


#: The frame reader's order of word classes, for a caller that asks which word a clause ends in.
ORDER = _ORDER

__all__ = [
    "AGAIN_AFTER",
    "PARTICLE_VERBS",
    "DEFROST_VERBS",
    "ORDER",
    "PLAIN_VERBS",
    "SET_TEMPERATURE",
    "TEMPERATURE",
    "VERB_ALONE",
    "read",
]
