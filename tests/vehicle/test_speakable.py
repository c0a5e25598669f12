"""Every reply the service can say is speakable as written (DESIGN section 6, issue 12).

Over every refusal reason and each of its variants, every action status and
every success sentence, in both languages, with the details the real
producers give (ranges, amounts, changes, ends and seats from the shipped
catalog), passed through the project's own ``speakable()``: no ``°``, ``%``,
markdown or emoji; no English letters in Chinese; no stray spaces; and
nothing left for ``speakable()`` to repair (the table is speakable as it is).
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass

import pytest

from app.executor.wording import speakable
from vehicle.adjust import resolve, twin_of
from vehicle.amounts import (
    PARAMETER_WORDS,
    Words,
    amount,
    change_words,
    end_words,
    join_choices,
    level_limit,
    range_words,
)
from vehicle.catalog import load_catalog
from vehicle.catalog.message_table import messages
from vehicle.names import control_name
from vehicle.plan import check_value
from vehicle.refusals import Reason, Refusal, group_refusal
from vehicle.seats import SEAT_WORDS
from vehicle.wording import (
    join_list,
    join_sentences,
    state_sentence,
    status_sentence,
    success_sentence,
    turn_sentence,
)

CATALOG = load_catalog()
MARKDOWN = set("*_`#>|~[]")
STATUSES = ("unconfirmed", "failed", "already_applied", "dry_run")


def problems(text: str, lang: str) -> list[str]:
    """What would make a voice stumble over ``text``; empty when it is clean."""
    found = []
    if not text or text != text.strip():
        found.append("empty or padded")
    if "°" in text or "%" in text or "km/h" in text:
        found.append("unit symbol")
    if MARKDOWN & set(text):
        found.append("markdown")
    if any(0x1F000 <= ord(c) <= 0x1FFFF or 0x2600 <= ord(c) <= 0x27BF for c in text):
        found.append("emoji")
    if "{" in text or "}" in text or "?" in text:
        found.append("unfilled placeholder")
    if lang == "zh":
        if re.search(r"[A-Za-z]", text):
            found.append("English in Chinese")
        if re.search(r"\s", text):
            found.append("space in Chinese")
        if not text.endswith(("。", "？", "！")):
            found.append("no full stop")
    else:
        if "  " in text or re.search(r"\s[,.;:!?]", text):
            found.append("stray space")
        if not (text[0].isupper() and text.endswith((".", "?", "!"))):
            found.append("not a sentence")
    return found


def assert_speakable(text: str, lang: str, case: object) -> None:
    spoken = speakable(text, lang)
    assert spoken == text, (case, text, spoken)
    assert problems(spoken, lang) == [], (case, text, problems(spoken, lang))


def names() -> list[tuple[str, str]]:
    """The name of every control on every target (groups, modes and peripherals included)."""
    return sorted({control_name(CATALOG, cap, t) for cap in CATALOG.capabilities for t in CATALOG.valid_targets(cap)})


def numeric_parameters():
    for cap in CATALOG.capabilities.values():
        yield from cap.parameters.items()


def details() -> list[dict]:
    """Refusal details as the producers build them, over every catalog parameter."""
    out = []
    seats = list(SEAT_WORDS.values())
    needs = join_choices([PARAMETER_WORDS[n] for n in ("color", "brightness")])
    for (name, param), seat, gear, mode in zip(
        itertools.cycle(numeric_parameters()),
        itertools.cycle(seats),
        itertools.cycle("PRND"),
        itertools.cycle(("simulation", "dry_run", "hardware", "unarmed hardware")),
    ):
        if param.type in ("int", "float"):
            up = name != "delta_percent"
            value = (param.max or 0) + 5
            out.append(
                {
                    "allowed": range_words(param, name),
                    "value": amount(value, name) if not name.startswith("delta_") else change_words(value, name),
                    "current": amount(param.max, name),
                    "change": change_words(2, name),
                    "end": end_words(name, up),
                    "limit": level_limit(param.max, name),
                    "needs": needs,
                    "seat": seat,
                    "speed": "130",
                    "gear": gear,
                    "mode": mode,
                }
            )
        else:
            out.append(
                {
                    "allowed": range_words(param, name),
                    "value": Words("plaid", "格子"),
                    "needs": needs,
                    "seat": seat,
                    "speed": "5",
                    "gear": gear,
                    "mode": mode,
                    "current": Words("off", "关"),
                    "change": change_words(-1, "delta_level"),
                    "end": end_words("open_percent", False),
                    "limit": level_limit(0, "level"),
                }
            )
        if len(out) >= 24:
            return out
    return out


def reason_variants() -> list[tuple[Reason, str | None]]:
    table = messages().section("refusals")
    return [(r, v) for r in Reason for v in (None, *table[r.value].variants)]


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize(("reason", "variant"), reason_variants(), ids=lambda x: str(getattr(x, "value", x)))
def test_every_refusal_reason_and_variant_is_speakable(reason, variant, lang):
    for what, detail in zip(itertools.cycle(names()), details()):
        refusal = Refusal(reason, what, {**detail, "variant": variant})
        assert_speakable(refusal.message(lang), lang, (reason, variant, what))
    if "{" not in messages().message("refusals", reason.value).get(lang, variant).replace("{what}", ""):
        # a refusal about no named control still reads as a sentence ("该操作" / "this action")
        assert_speakable(Refusal(reason, ("", ""), {"variant": variant}).message(lang), lang, (reason, variant))


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_refusals_from_the_real_producers_are_speakable(lang):
    """Values checked by the plan and relative changes resolved at range ends."""
    seen = set()
    for cap_id, cap in CATALOG.capabilities.items():
        what = control_name(CATALOG, cap_id, cap.default_target)
        for name, param in cap.parameters.items():
            for bad in ("warm", True, -1000, 1000, 17.25, None):
                refusal = check_value(what, name, param, bad)
                if refusal is not None:
                    seen.add((refusal.reason, refusal.detail.get("variant")))
                    assert_speakable(refusal.message(lang), lang, (cap_id, name, bad))
        twin = twin_of(CATALOG, cap_id)
        if twin is None:
            continue
        p = CATALOG.capabilities[twin.control].parameters[twin.value]
        member = CATALOG.target_type(twin.control).members[0]
        for current, delta, vague in ((p.max, 1, False), (p.min, -1, True), (p.max - 1, 10, False), (None, 1, False)):
            refusal = resolve(CATALOG, Confirmed({twin.value: current}), twin, member, delta, vague)
            assert isinstance(refusal, Refusal), (cap_id, current, delta)
            seen.add((refusal.reason, refusal.detail.get("variant")))
            assert_speakable(refusal.message(lang), lang, (cap_id, current, delta))
    assert {
        (Reason.OUT_OF_RANGE, "beyond"),
        (Reason.OUT_OF_RANGE, "at_end_position"),
        (Reason.STATE_UNKNOWN, None),
        (Reason.INVALID_PARAMETER, "bool"),
    } <= seen


@dataclass
class Confirmed:
    values: dict

    def control(self, capability, member):
        return dict(self.values) if self.values.get(next(iter(self.values))) is not None else None


def test_a_refusal_for_all_four_zones_names_the_group_in_both_languages():
    members = CATALOG.members("climate.set_temperature", "all")
    refusals = [Refusal(Reason.STATE_UNKNOWN, control_name(CATALOG, "climate.set_temperature", m)) for m in members]
    group = group_refusal(control_name(CATALOG, "climate.set_temperature", "all"), refusals)
    assert group is not None
    assert group.message("en") == (
        "The current setting is not known yet for temperature in all zones, so it can't be raised or lowered."
    )
    assert group.message("zh") == "全车温度当前设定未知，无法相对调节。"


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("status", STATUSES)
def test_every_status_is_speakable_for_every_control(status, lang):
    for cap in CATALOG.capabilities:
        for target in CATALOG.valid_targets(cap):
            assert_speakable(status_sentence(status, CATALOG, cap, target, lang), lang, (status, cap, target))


def sample_parameters(cap_id: str) -> list[dict]:
    cap = CATALOG.capabilities[cap_id]
    if not cap.parameters:
        return [{}]
    out = []
    for name, param in cap.parameters.items():
        if param.type == "bool":
            out += [{name: True}, {name: False}]
        elif param.type == "enum":
            out += [{name: c} for c in param.choices or ()]
        else:
            out += [
                {name: v}
                for v in {
                    param.min,
                    param.max,
                    (param.min + param.max) / 2 if param.type == "float" else (param.min + param.max) // 2,
                }
                if v != 0 or not name.startswith("delta_")
            ]
    if len(cap.parameters) > 1:
        out.append({n: (p.choices[0] if p.type == "enum" else p.max) for n, p in cap.parameters.items()})
    return out


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_every_success_sentence_is_speakable_for_voice(lang):
    count = 0
    for cap in CATALOG.capabilities:
        for target in CATALOG.valid_targets(cap):
            for params in sample_parameters(cap):
                assert_speakable(success_sentence(CATALOG, cap, target, params, lang, voice=True), lang, (cap, params))
                count += 1
    assert count > 150


def test_success_on_screen_writes_units_short_and_by_voice_as_words():
    params = {"celsius": 22.5}
    assert (
        success_sentence(CATALOG, "climate.set_temperature", "driver", params, "en")
        == "Driver temperature set to 22.5 °C."
    )
    assert (
        success_sentence(CATALOG, "climate.set_temperature", "driver", params, "zh", voice=True)
        == "主驾温度已设为22.5度。"
    )
    light = {"color": "purple", "brightness": 30}
    assert success_sentence(CATALOG, "ambient_light.set", "cabin", light, "zh", voice=True).endswith(
        "已设为紫色，亮度百分之30。"
    )


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_turn_replies_are_speakable(lang):
    for key, entry in messages().section("turns").items():
        for variant in (None, *entry.variants):
            need = CATALOG.needs["cold"].label.get(lang)
            what = join_list(["车窗", "天窗"] if lang == "zh" else ["window", "sunroof"], lang)
            assert_speakable(turn_sentence(key, lang, variant, need=need, what=what), lang, (key, variant))


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_every_state_answer_is_speakable(lang):
    """Answers to state questions, for every control that holds state, known and not yet known."""
    count = 0
    for cap_id, cap in CATALOG.capabilities.items():
        if not cap.holds_state:
            continue
        for member in CATALOG.target_type(cap_id).members:
            what = control_name(CATALOG, cap_id, member)[lang == "zh"]
            for params in [*sample_parameters(cap_id), None]:
                if params is not None and set(params) != set(cap.parameters):
                    continue
                assert_speakable(state_sentence(what, params, lang), lang, (cap_id, member, params))
                count += 1
    assert count > 60
    assert state_sentence("tailgate", {"open": False}, "en") == "The tailgate is closed."
    assert state_sentence("尾门", {"open": False}, "zh") == "尾门是关着的。"
    light = {"color": "red", "brightness": 30}
    assert state_sentence("ambient light", light, "en") == "The ambient light is red and at 30 percent brightness."


def test_lists_join_in_each_language():
    assert join_list(["the windows", "the sunroof", "the AC"], "en") == "the windows, the sunroof and the AC"
    assert join_list(["车窗", "天窗", "空调"], "zh") == "车窗、天窗和空调"
    assert join_list(["红色", "绿色", "蓝色"], "zh", "or") == "红色、绿色或蓝色"
    assert join_list(["one"], "en") == "one" and join_list([], "zh") == ""


def test_sentences_join_without_spaces_in_chinese_and_with_one_in_english():
    zh = [
        success_sentence(CATALOG, "climate.set_ac", "cabin", {"on": True}, "zh", voice=True),
        status_sentence("unconfirmed", CATALOG, "window.set_position", "all", "zh"),
        " ",
        None,
        turn_sentence("offline", "zh"),
    ]
    joined = join_sentences(zh, "zh")
    assert joined == "制冷已打开。全部车窗已发送，但车辆没有确认。助手暂时离线，我仍然可以控制车内设备。"
    assert_speakable(joined, "zh", "joined")
    en = [" Fan speed set to level 3. ", "", "The tailgate closed."]
    assert join_sentences(en, "en") == "Fan speed set to level 3. The tailgate closed."
    assert join_sentences([], "zh") == ""


def test_the_checker_catches_what_it_is_for():
    """The rules above fail on the sentences issue 12 found."""
    assert "English in Chinese" in problems("允许 16 to 30 in steps of 0.5。", "zh")
    assert "space in Chinese" in problems("车窗已打开。 天窗已关闭。", "zh")
    assert "unit symbol" in problems("Temperature set to 22 °C.", "en")
    assert "stray space" in problems("Fan set to level 3 .", "en")
    assert "markdown" in problems("**Done**.", "en")
    assert "emoji" in problems("Done 🔥.", "en")
