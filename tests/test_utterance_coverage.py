"""Proves from the expectations alone (no parser) that the utterance table
covers the spec: every capability x target form x language, every parameter
word of DESIGN section 4, enough non-commands, negations, conditions,
multi-command and out-of-range cases, and every comfort need in both
languages. Revision 2's own minimums are in test_utterance_coverage_v2.py.
"""

from __future__ import annotations

import re
import unicodedata

import pytest
from utterances import table as table_mod  # tests/ is on sys.path (pytest rootdir insertion)

from vehicle.catalog import MODE_TYPE, PERIPHERAL_TYPE, load_catalog

TABLE = table_mod.load_table()
ENTRIES = TABLE.entries
LANGS = table_mod.LANGUAGES
CATALOG = load_catalog()


def _forms(capability: str) -> list[str | None]:
    """Target forms a capability must be covered in: None = the default form
    (no target said), then every member and group of its target type."""
    cap = CATALOG.capabilities[capability]
    if cap.target_type in (MODE_TYPE, PERIPHERAL_TYPE):
        return list(CATALOG.valid_targets(capability))
    if cap.target_type == "cabin":
        return [None]
    return [None, *CATALOG.valid_targets(capability)]


_UNSAID = object()  # a mention whose target the row does not assert
FORMS = [(lang, cap, form) for lang in LANGS for cap in CATALOG.capabilities for form in _forms(cap)]


def test_table_loads():
    assert not TABLE.problems, "\n".join(TABLE.problems)


def test_expected_forms_match_the_spec():
    """The forms derived from the catalog are the ones DESIGN section 3 lists."""
    members = ["driver", "passenger", "rear_left", "rear_right"]
    assert _forms("climate.set_temperature") == [None, *members, "rear", "all"]
    assert _forms("climate.adjust_temperature") == [None, *members, "rear", "all"]
    assert _forms("seat.set_heating") == [None, *members]
    assert _forms("reading_light.set") == [None, *members]
    assert _forms("window.set_position") == [None, *members, "all"]
    assert _forms("climate.set_defrost") == [None, "front", "rear"]
    assert _forms("mode.activate") == ["nap", "car_wash", "pet", "camping"]
    assert _forms("peripheral.trigger") == ["garage_door", "fragrance_diffuser", "rear_fridge"]
    for cabin_cap in (
        "climate.power",
        "climate.set_fan_speed",
        "climate.set_ac",
        "climate.set_recirculation",
        "sunroof.set_position",
        "sunshade.set_position",
        "ambient_light.set",
        "mirror.fold",
        "tailgate.set",
    ):
        assert _forms(cabin_cap) == [None]


@pytest.mark.parametrize("lang,capability,form", FORMS, ids=[f"{lang}:{c}:{f}" for lang, c, f in FORMS])
def test_capability_target_form_is_covered(lang, capability, form):
    hits = [
        e.id
        for e in ENTRIES
        if e.language == lang
        and any(m["capability"] == capability and m.get("target", _UNSAID) == form for m in (e.mentions or ()))
        and (e.expect["actions"] or e.expect.get("negated") or "unresolved" in e.tags)
    ]
    assert hits, f"no {lang} utterance mentions {capability} with target {form!r}"
    # Resolvable forms must also be exercised as an action, not only a mention.
    acted = [
        e.id
        for e in ENTRIES
        if e.language == lang
        and any(
            a["capability"] == capability
            and (
                a["target"] == form
                if form is not None
                else any(m["capability"] == capability and m.get("target", _UNSAID) is None for m in e.mentions or ())
            )
            for a in e.expect["actions"]
        )
    ]
    assert acted, f"no {lang} utterance turns {capability} / {form!r} into an action"


# (language, regex on the NFKC-lowercased text, capability, parameter, typed value)
PARAMETER_WORDS = [
    # on / off -> level 2 / 0 for seat heating and ventilation
    ("en", r"\bon\b", "seat.set_heating", "level", 2),
    ("en", r"\boff\b", "seat.set_heating", "level", 0),
    ("en", r"\bon\b", "seat.set_ventilation", "level", 2),
    ("en", r"\boff\b", "seat.set_ventilation", "level", 0),
    ("zh", "打开", "seat.set_heating", "level", 2),
    ("zh", "开启", "seat.set_ventilation", "level", 2),
    ("zh", "关闭", "seat.set_heating", "level", 0),
    ("zh", "关掉", "seat.set_ventilation", "level", 0),
    # max / min
    ("en", r"\bmax\b", "climate.set_fan_speed", "level", 7),
    ("en", r"\bmax\b", "seat.set_heating", "level", 3),
    ("en", r"\bmaximum\b", "seat.set_ventilation", "level", 3),
    ("en", r"\bhighest\b", "climate.set_fan_speed", "level", 7),
    ("en", r"\bmin\b", "climate.set_fan_speed", "level", 1),
    ("en", r"\bminimum\b", "climate.set_fan_speed", "level", 1),
    ("en", r"\blowest\b", "seat.set_heating", "level", 1),
    ("zh", "最大", "climate.set_fan_speed", "level", 7),
    ("zh", "最大", "seat.set_ventilation", "level", 3),
    ("zh", "最高", "seat.set_heating", "level", 3),
    ("zh", "最小", "climate.set_fan_speed", "level", 1),
    ("zh", "最低", "seat.set_heating", "level", 1),
    # open / close on windows, sunroof, sunshade
    ("en", r"\bopen\b", "window.set_position", "open_percent", 100),
    ("en", r"\bclose\b", "window.set_position", "open_percent", 0),
    ("en", r"\bopen\b", "sunroof.set_position", "open_percent", 100),
    ("en", r"\bclose\b", "sunroof.set_position", "open_percent", 0),
    ("en", r"\bopen\b", "sunshade.set_position", "open_percent", 100),
    ("en", r"\bclose\b", "sunshade.set_position", "open_percent", 0),
    ("zh", "打开", "window.set_position", "open_percent", 100),
    ("zh", "关闭", "window.set_position", "open_percent", 0),
    ("zh", "打开", "sunroof.set_position", "open_percent", 100),
    ("zh", "关闭", "sunroof.set_position", "open_percent", 0),
    ("zh", "打开", "sunshade.set_position", "open_percent", 100),
    ("zh", "关闭", "sunshade.set_position", "open_percent", 0),
    # halfway / 一半 = 50
    ("en", r"\bhalfway\b", "window.set_position", "open_percent", 50),
    ("en", r"\bhalfway\b", "sunroof.set_position", "open_percent", 50),
    ("en", r"\bhalfway\b", "sunshade.set_position", "open_percent", 50),
    ("zh", "一半", "window.set_position", "open_percent", 50),
    ("zh", "一半", "sunroof.set_position", "open_percent", 50),
    ("zh", "一半", "sunshade.set_position", "open_percent", 50),
    # N percent / N% / 百分之N
    ("en", r"\d+ percent\b", "window.set_position", "open_percent", 30),
    ("en", r"\d+%", "sunroof.set_position", "open_percent", 40),
    ("en", r"\bpercent\b", "ambient_light.set", "brightness", 40),
    ("zh", r"\d+%", "window.set_position", "open_percent", 50),
    ("zh", "百分之三十", "window.set_position", "open_percent", 30),
    ("zh", "百分之", "ambient_light.set", "brightness", 40),
    # temperature without an amount: +1.0 / -1.0
    ("en", r"\bwarmer\b", "climate.adjust_temperature", "delta_celsius", 1.0),
    ("en", r"\ba bit warmer\b", "climate.adjust_temperature", "delta_celsius", 1.0),
    ("en", r"\bcooler\b", "climate.adjust_temperature", "delta_celsius", -1.0),
    ("en", r"\bup\b", "climate.adjust_temperature", "delta_celsius", 1.0),
    ("en", r"\bdown\b", "climate.adjust_temperature", "delta_celsius", -1.0),
    ("en", r"\bhigher\b", "climate.adjust_temperature", "delta_celsius", 1.0),
    ("en", r"\blower\b", "climate.adjust_temperature", "delta_celsius", -1.0),
    ("zh", "调高", "climate.adjust_temperature", "delta_celsius", 1.0),
    ("zh", "升高", "climate.adjust_temperature", "delta_celsius", 1.0),
    ("zh", "高一点", "climate.adjust_temperature", "delta_celsius", 1.0),
    ("zh", "调低", "climate.adjust_temperature", "delta_celsius", -1.0),
    ("zh", "低一点", "climate.adjust_temperature", "delta_celsius", -1.0),
    # to N -> set_*; by N -> adjust_* with the verb's sign
    ("en", r"\bto \d+ degrees\b", "climate.set_temperature", "celsius", 22.0),
    ("zh", "调到", "climate.set_temperature", "celsius", 22.0),
    ("zh", "设为", "climate.set_temperature", "celsius", 23.0),
    ("zh", "调成", "climate.set_temperature", "celsius", 20.0),
    ("zh", "设置为", "climate.set_temperature", "celsius", 24.0),
    ("en", r"\bup by \d", "climate.adjust_temperature", "delta_celsius", 2.0),
    ("en", r"\bwarmer by \d", "climate.adjust_temperature", "delta_celsius", 1.5),
    ("en", r"\blower .* by \d", "climate.adjust_temperature", "delta_celsius", -2.0),
    ("zh", r"调高两度", "climate.adjust_temperature", "delta_celsius", 2.0),
    ("zh", r"升高\d", "climate.adjust_temperature", "delta_celsius", 1.5),
    ("zh", r"降低\d", "climate.adjust_temperature", "delta_celsius", -3.0),
    ("zh", r"调低\d", "climate.adjust_temperature", "delta_celsius", -2.0),
    # ambient light on / off -> brightness 100 / 0; a colour alone
    ("en", r"\bon\b", "ambient_light.set", "brightness", 100),
    ("en", r"\boff\b", "ambient_light.set", "brightness", 0),
    ("en", r"\bblue\b", "ambient_light.set", "color", "blue"),
    ("zh", "打开", "ambient_light.set", "brightness", 100),
    ("zh", "关闭", "ambient_light.set", "brightness", 0),
    # booleans
    ("en", r"\bon\b", "climate.set_ac", "on", True),
    ("en", r"\boff\b", "climate.set_ac", "on", False),
    ("en", r"\bon\b", "climate.power", "on", True),
    ("en", r"\boff\b", "climate.power", "on", False),
    ("en", r"\bon\b", "climate.set_defrost", "on", True),
    ("en", r"\boff\b", "climate.set_defrost", "on", False),
    ("en", r"\bon\b", "climate.set_recirculation", "on", True),
    ("en", r"\boff\b", "climate.set_recirculation", "on", False),
    ("en", r"\bon\b", "reading_light.set", "on", True),
    ("en", r"\boff\b", "reading_light.set", "on", False),
    ("en", r"\bon\b", "seat.set_massage", "on", True),
    ("en", r"\boff\b", "seat.set_massage", "on", False),
    ("en", r"\bfold\b", "mirror.fold", "folded", True),
    ("en", r"\bunfold\b", "mirror.fold", "folded", False),
    ("en", r"\bopen\b", "tailgate.set", "open", True),
    ("en", r"\bclose\b", "tailgate.set", "open", False),
    ("zh", "打开", "climate.set_ac", "on", True),
    ("zh", "关闭", "climate.set_ac", "on", False),
    ("zh", "打开", "climate.power", "on", True),
    ("zh", "关闭", "climate.power", "on", False),
    ("zh", "打开", "climate.set_defrost", "on", True),
    ("zh", "关闭", "climate.set_defrost", "on", False),
    ("zh", "打开", "climate.set_recirculation", "on", True),
    ("zh", "关闭", "climate.set_recirculation", "on", False),
    ("zh", "打开", "reading_light.set", "on", True),
    ("zh", "关闭", "reading_light.set", "on", False),
    ("zh", "打开", "seat.set_massage", "on", True),
    ("zh", "关闭", "seat.set_massage", "on", False),
    ("zh", "打开", "tailgate.set", "open", True),
    ("zh", "关闭", "tailgate.set", "open", False),
    # fan "to N" / "speed N" / "N档"
    ("en", r"\bfan to \d\b", "climate.set_fan_speed", "level", 3),
    ("en", r"\bspeed \d\b", "climate.set_fan_speed", "level", 5),
    ("zh", r"\d档", "climate.set_fan_speed", "level", 3),
    # numbers: English number words
    ("en", r"\btwenty two\b", "climate.set_temperature", "celsius", 22.0),
    ("en", r"\btwenty-one and a half\b", "climate.set_temperature", "celsius", 21.5),
    ("en", r"\b21 and a half\b", "climate.set_temperature", "celsius", 21.5),
    ("en", r"\bseventy two\b", "climate.set_temperature", "celsius", 22.0),  # 72 F (revision 3)
    ("en", r"\bfour\b", "climate.set_fan_speed", "level", 4),
    ("en", r"\bforty percent\b", "window.set_position", "open_percent", 40),
    ("en", r"\d\.\d", "climate.set_temperature", "celsius", 22.5),
    # numbers: Chinese numerals
    ("zh", "二十一度", "climate.set_temperature", "celsius", 21.0),
    ("zh", "两档", "climate.set_fan_speed", "level", 2),
    ("zh", "两度", "climate.adjust_temperature", "delta_celsius", 2.0),
    ("zh", "二十一点五", "climate.set_temperature", "celsius", 21.5),
    ("zh", "二十一度半", "climate.set_temperature", "celsius", 21.5),
    ("zh", "百分之三十", "window.set_position", "open_percent", 30),
    ("zh", "3档", "seat.set_heating", "level", 3),
    ("zh", "三档", "seat.set_heating", "level", 3),
    # revision 2 level words: low = 1, medium = 2 (seats) / 4 (fan), high = maximum
    ("en", r"\blow\b", "climate.set_fan_speed", "level", 1),
    ("en", r"\blow\b", "seat.set_heating", "level", 1),
    ("en", r"\bmedium\b", "climate.set_fan_speed", "level", 4),
    ("en", r"\bmedium\b", "seat.set_ventilation", "level", 2),
    ("en", r"\bmid\b", "seat.set_heating", "level", 2),
    ("en", r"\bhigh\b", "seat.set_heating", "level", 3),
    ("en", r"\bhigh\b", "climate.set_fan_speed", "level", 7),
    ("en", r"\bmin\b", "seat.set_ventilation", "level", 1),
    ("zh", "低档", "climate.set_fan_speed", "level", 1),
    ("zh", "低档", "seat.set_heating", "level", 1),
    ("zh", "中档", "climate.set_fan_speed", "level", 4),
    ("zh", "中档", "seat.set_ventilation", "level", 2),
    ("zh", "高档", "seat.set_heating", "level", 3),
    ("zh", "高档", "climate.set_fan_speed", "level", 7),
    ("zh", "最小", "seat.set_ventilation", "level", 1),
    # revision 2 position words
    ("en", r"\ba crack\b", "window.set_position", "open_percent", 20),
    ("en", r"\bslightly\b", "window.set_position", "open_percent", 20),
    ("en", r"\ba little\b", "sunshade.set_position", "open_percent", 20),
    ("en", r"\ball the way\b", "sunroof.set_position", "open_percent", 100),
    ("en", r"\bfully\b", "window.set_position", "open_percent", 100),
    ("en", r"\bclose .*halfway\b", "window.set_position", "open_percent", 50),
    ("en", r"\bhalf\b", "sunroof.set_position", "open_percent", 50),
    ("zh", "一条缝", "sunroof.set_position", "open_percent", 20),
    ("zh", "一条缝", "window.set_position", "open_percent", 20),
    ("zh", "一点点", "sunroof.set_position", "open_percent", 20),
    ("zh", "全开", "sunroof.set_position", "open_percent", 100),
    ("zh", "开到底", "window.set_position", "open_percent", 100),
    ("zh", "全部打开", "window.set_position", "open_percent", 100),
    ("zh", "全关", "sunshade.set_position", "open_percent", 0),
    ("zh", "关到底", "window.set_position", "open_percent", 0),
    ("zh", "关一半", "window.set_position", "open_percent", 50),
    ("zh", "关到一半", "sunroof.set_position", "open_percent", 50),
    ("zh", "打开车窗一半", "window.set_position", "open_percent", 50),
    # revision 2 relative changes of levels and positions (adjust_*)
    ("en", r"\bfan up\b", "climate.adjust_fan_speed", "delta_level", 1),
    ("en", r"\bfan up by \d", "climate.adjust_fan_speed", "delta_level", 2),
    ("en", r"\bdown by three\b", "climate.adjust_fan_speed", "delta_level", -3),
    ("en", r"\bseat heating up\b", "seat.adjust_heating", "delta_level", 1),
    ("en", r"\bventilation down\b", "seat.adjust_ventilation", "delta_level", -1),
    ("en", r"\ba bit more\b", "window.adjust_position", "delta_percent", 20),
    ("en", r"\ba bit more\b", "sunroof.adjust_position", "delta_percent", 20),
    ("en", r"\ba little\b", "window.adjust_position", "delta_percent", -20),
    ("en", r"\ba little\b", "sunshade.adjust_position", "delta_percent", -20),
    ("en", r"\d+ percent more\b", "window.adjust_position", "delta_percent", 10),
    ("en", r"\d+ percent more\b", "sunroof.adjust_position", "delta_percent", 30),
    ("zh", "风量大一点", "climate.adjust_fan_speed", "delta_level", 1),
    ("zh", "风量小一点", "climate.adjust_fan_speed", "delta_level", -1),
    ("zh", "调高两档", "climate.adjust_fan_speed", "delta_level", 2),
    ("zh", "高一点", "seat.adjust_heating", "delta_level", 1),
    ("zh", "调低一档", "seat.adjust_ventilation", "delta_level", -1),
    ("zh", "再开一点", "window.adjust_position", "delta_percent", 20),
    ("zh", "再开一点", "sunroof.adjust_position", "delta_percent", 20),
    ("zh", "关小一点", "window.adjust_position", "delta_percent", -20),
    ("zh", "关小一点", "sunshade.adjust_position", "delta_percent", -20),
    ("zh", "再开百分之", "window.adjust_position", "delta_percent", 10),
    ("zh", "暖和一点", "climate.adjust_temperature", "delta_celsius", 1.0),
    ("zh", "凉快一点", "climate.adjust_temperature", "delta_celsius", -1.0),
    # revision 2 halves and Fahrenheit (nearest 0.5)
    ("en", r"\bhalf a degree\b", "climate.adjust_temperature", "delta_celsius", 0.5),
    ("en", r"\bby 0\.5\b", "climate.adjust_temperature", "delta_celsius", 0.5),
    ("zh", "半度", "climate.adjust_temperature", "delta_celsius", 0.5),
    ("zh", "二十二度半", "climate.set_temperature", "celsius", 22.5),
    ("en", r"\b70 degrees fahrenheit\b", "climate.set_temperature", "celsius", 21.0),
    ("en", r"\b72 f\b", "climate.set_temperature", "celsius", 22.0),
    ("en", r"\b71 degrees fahrenheit\b", "climate.set_temperature", "celsius", 21.5),
    ("zh", "华氏70度", "climate.set_temperature", "celsius", 21.0),
    ("zh", "华氏七十五度", "climate.set_temperature", "celsius", 24.0),
    ("zh", "华氏六十度", "climate.set_temperature", "celsius", 15.5),
    # full-width digits (NFKC)
    ("en", "[\uff10-\uff19]", "climate.set_fan_speed", "level", 5),
    ("zh", "[\uff10-\uff19]", "climate.set_temperature", "celsius", 22.0),
    ("zh", "[\uff10-\uff19]", "climate.set_fan_speed", "level", 5),
]


def _same_typed(a: object, b: object) -> bool:
    return type(a) is type(b) and a == b


@pytest.mark.parametrize(
    "lang,pattern,capability,parameter,value",
    PARAMETER_WORDS,
    ids=[f"{w[0]}:{w[1]}:{w[2]}.{w[3]}={w[4]!r}" for w in PARAMETER_WORDS],
)
def test_parameter_word_is_covered(lang, pattern, capability, parameter, value):
    rx = re.compile(pattern)
    # The raw text is searched too so that full-width digits are seen before NFKC.
    hits = [
        e.id
        for e in ENTRIES
        if e.language == lang
        and (rx.search(e.text) or rx.search(unicodedata.normalize("NFKC", e.text).lower()))
        and any(
            a["capability"] == capability
            and parameter in a["parameters"]
            and _same_typed(a["parameters"][parameter], value)
            for a in e.expect["actions"]
        )
    ]
    assert hits, f"no {lang} utterance matching /{pattern}/ expects {capability} {parameter}={value!r}"


def _count(tag: str, lang: str | None = None) -> int:
    return sum(1 for e in ENTRIES if tag in e.tags and (lang is None or e.language == lang))


@pytest.mark.parametrize(
    "tags,minimum",
    [
        (("question",), 15),
        (("chitchat",), 10),
        (("adversarial",), 20),
        (("negation", "conditional"), 10),
        (("multi",), 10),
        (("out_of_range",), 6),
        (("conflict",), 4),
        (("unresolved",), 8),
        (("politeness",), 8),
    ],
)
def test_category_counts(tags, minimum):
    entries = [e for e in ENTRIES if set(tags) & set(e.tags)]
    assert len(entries) >= minimum, f"{tags}: {len(entries)} < {minimum}"
    for lang in LANGS:
        in_lang = [e for e in entries if e.language == lang]
        assert len(in_lang) >= max(2, minimum // 3), f"{tags}: only {len(in_lang)} in {lang}"


def test_non_commands_have_no_action():
    for tag in sorted(table_mod.NON_COMMAND_TAGS):
        for e in ENTRIES:
            if tag in e.tags:
                assert e.kind == "non_command", e.id
                assert e.expect["actions"] == [] and e.expect.get("complete") is not True, e.id


def test_required_adversarial_examples_present():
    texts = {e.text: e for e in ENTRIES}
    for text in ("the temperature outside is 25 degrees", "告诉我怎么打开天窗"):
        assert text in texts, f"missing required example {text!r}"
        e = texts[text]
        assert "adversarial" in e.tags and e.expect["actions"] == [] and e.expect["complete"] is False


def test_negation_and_conditionals_cover_both_kinds():
    for lang in LANGS:
        assert _count("negation", lang) >= 3, lang
        assert _count("conditional", lang) >= 3, lang
        # at least one where a forbidden control sits next to an executed one
        assert any(e.language == lang and e.expect.get("negated") and e.expect["actions"] for e in ENTRIES), lang


def test_multi_entries_have_several_controls():
    for e in ENTRIES:
        if "multi" in e.tags and not {"conflict", "collapse", "extra_text"} & set(e.tags):
            controls = sum(len(e.expect.get(k) or ()) for k in ("actions", "negated", "needs", "queries"))
            assert controls >= 2, e.id


def test_out_of_range_entries_really_are():
    catalog = CATALOG
    for e in ENTRIES:
        if "out_of_range" in e.tags:
            assert table_mod.out_of_range_values(e, catalog), f"{e.id}: no value outside range or step"
            assert e.expect.get("complete") is True, f"{e.id}: out-of-range values are emitted with complete true"


def test_only_tagged_entries_are_out_of_range():
    catalog = CATALOG
    for e in ENTRIES:
        if "out_of_range" not in e.tags:
            assert not table_mod.out_of_range_values(e, catalog), f"{e.id} is out of range but not tagged"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("need", sorted(CATALOG.needs))
def test_every_need_in_both_languages(need, lang):
    alone = [e for e in ENTRIES if e.language == lang and e.expect.get("needs") == [need] and not e.expect["actions"]]
    assert alone, f"no {lang} utterance expresses the need {need!r} alone"


@pytest.mark.parametrize("lang", LANGS)
def test_need_plus_command(lang):
    assert any(
        e.language == lang and e.expect.get("needs") and e.expect["actions"] and e.expect.get("complete") is False
        for e in ENTRIES
    ), lang
