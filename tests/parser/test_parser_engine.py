"""Behaviour of the parser as a whole (DESIGN section 4 and the parser contract).

The utterance table (tests/utterances) covers phrasing; these tests pin the
engine's rules one by one: shapes and JSON types, defaults and groups,
repeats and conflicts, negation and conditions, `complete`, purity.
"""

from __future__ import annotations

import json
import threading

from hypothesis import given, settings
from hypothesis import strategies as st

from vehicle.actions import Action, Mention
from vehicle.parser import ParseResult

KEYS = [
    "language",
    "actions",
    "needs",
    "mentions",
    "negated",
    "queries",
    "follow_up",
    "unplaced",
    "schedule",
    "clarify",
    "complete",
]


def _actions(result):
    return [(a["capability"], a["target"], a["parameters"]) for a in result["actions"]]


def _mentions(result, key="mentions"):
    return [(m["capability"], m["target"]) for m in result[key]]


def test_design_example_exactly(parse):
    assert parse("set the driver side to 21 degrees") == {
        "language": "en",
        "actions": [{"capability": "climate.set_temperature", "target": "driver", "parameters": {"celsius": 21.0}}],
        "needs": [],
        "mentions": [
            {"capability": "climate.set_temperature", "target": "driver", "said": "command", "direction": "set"}
        ],
        "negated": [],
        "queries": [],
        "follow_up": None,
        "unplaced": [],
        "schedule": [],
        "clarify": None,
        "complete": True,
    }


def test_json_keys_and_types(parse):
    result = parse("set the fan to 3 and open the sunroof to 40 percent and set the temperature to 22")
    assert list(result) == KEYS
    params = [a["parameters"] for a in result["actions"]]
    assert params == [{"level": 3}, {"open_percent": 40}, {"celsius": 22.0}]
    assert type(params[0]["level"]) is int and type(params[1]["open_percent"]) is int
    assert type(params[2]["celsius"]) is float
    assert json.loads(json.dumps(result)) == result


def test_result_object_round_trips(parser):
    result = parser.parse("打开空调")
    assert isinstance(result, ParseResult)
    assert result.actions == (Action("climate.power", "cabin", {"on": True}),)
    assert result.mentions == (Mention("climate.power", None, "command", "on"),)
    assert result.to_json()["language"] == "zh"


def test_empty_text_is_the_empty_result(parse):
    for text in ("", "   ", "，。", "?"):
        result = parse(text)
        assert result["actions"] == [] and result["mentions"] == [] and result["complete"] is False


def test_no_target_said_is_the_catalog_default(parse):
    assert _actions(parse("close the window")) == [("window.set_position", "driver", {"open_percent": 0})]
    assert _actions(parse("close the windows")) == [("window.set_position", "all", {"open_percent": 0})]
    assert _mentions(parse("close the windows")) == [("window.set_position", None)]
    assert _actions(parse("set the temperature to 22")) == [("climate.set_temperature", "all", {"celsius": 22.0})]
    assert _actions(parse("turn on the defrost")) == [("climate.set_defrost", "front", {"on": True})]


def test_groups_the_type_has_stay_groups(parse):
    assert _actions(parse("close all windows")) == [("window.set_position", "all", {"open_percent": 0})]
    assert _actions(parse("set the rear temperature to 19")) == [("climate.set_temperature", "rear", {"celsius": 19.0})]


def test_groups_the_type_lacks_expand_in_canonical_order(parse):
    assert _actions(parse("open the rear windows")) == [
        ("window.set_position", "rear_left", {"open_percent": 100}),
        ("window.set_position", "rear_right", {"open_percent": 100}),
    ]
    assert [t for _, t, _ in _actions(parse("turn on the seat heating for both front seats"))] == [
        "driver",
        "passenger",
    ]
    # a group the type lacks becomes its fitted members only (DESIGN rev 2)
    vent = _actions(parse("turn on the seat ventilation for all seats"))
    assert [t for _, t, _ in vent] == ["driver", "passenger"]


def test_a_possessive_names_no_target_on_a_control_without_seats(parse):
    assert _actions(parse("turn on my AC")) == [("climate.set_ac", "cabin", {"on": True})]
    assert _mentions(parse("turn on my AC")) == [("climate.set_ac", None)]
    assert _actions(parse("turn on my seat heating")) == [("seat.set_heating", "driver", {"level": 2})]


def test_target_list_spreads_over_its_command_in_spoken_order(parse):
    result = parse("passenger and driver to 22")
    assert _actions(result) == [
        ("climate.set_temperature", "passenger", {"celsius": 22.0}),
        ("climate.set_temperature", "driver", {"celsius": 22.0}),
    ]
    assert result["complete"] is True


def test_a_clause_without_a_control_takes_the_previous_one(parse):
    result = parse("set the driver seat heating to 3 and the passenger to 1")
    assert _actions(result) == [
        ("seat.set_heating", "driver", {"level": 3}),
        ("seat.set_heating", "passenger", {"level": 1}),
    ]
    result = parse("turn on the AC and the recirculation")
    assert _actions(result) == [
        ("climate.set_ac", "cabin", {"on": True}),
        ("climate.set_recirculation", "cabin", {"on": True}),
    ]


def test_identical_actions_collapse(parse):
    result = parse("turn on the AC and turn on the AC")
    assert _actions(result) == [("climate.set_ac", "cabin", {"on": True})]
    assert result["complete"] is True


def test_two_values_for_one_control_give_neither(parse):
    result = parse("open the sunroof and close the sunroof")
    assert result["actions"] == [] and result["complete"] is False
    assert _mentions(result) == [("sunroof.set_position", None)]
    # set and adjust are one physical control; a group overlaps its members
    result = parse("set the temperature to 22 and make the driver side warmer")
    assert result["actions"] == [] and result["complete"] is False
    # other controls in the same text survive
    result = parse("turn on the AC, open the sunroof and close the sunroof")
    assert _actions(result) == [("climate.set_ac", "cabin", {"on": True})] and result["complete"] is False


def test_color_and_brightness_of_the_ambient_light_combine(parse):
    result = parse("set the ambient light to blue at 40 percent")
    assert _actions(result) == [("ambient_light.set", "cabin", {"color": "blue", "brightness": 40})]


def test_negation_forbids_and_mentions(parse):
    result = parse("turn on the AC but don't open the windows")
    assert _actions(result) == [("climate.set_ac", "cabin", {"on": True})]
    assert _mentions(result, "negated") == [("window.set_position", None)]
    assert ("window.set_position", None) in _mentions(result)
    assert result["complete"] is True
    alone = parse("别开天窗")
    assert alone["actions"] == [] and alone["complete"] is False
    assert _mentions(alone, "negated") == [("sunroof.set_position", None)]


def test_a_negated_control_is_never_an_action(parse):
    result = parse("open the windows, don't open the windows")
    assert result["actions"] == [] and result["complete"] is False


def test_conditions_and_times_hold_their_controls(parse):
    for text in (
        "if it rains close the sunroof",
        "close the sunroof in 10 minutes",
        "如果下雨就关闭天窗",
        "十分钟后关闭天窗",
    ):
        result = parse(text)
        assert result["actions"] == [], text
        assert _mentions(result, "negated") == [("sunroof.set_position", None)], text
    result = parse("if it gets cold, turn on the seat heating")
    assert result["actions"] == [] and _mentions(result, "negated") == [("seat.set_heating", None)]


def test_a_condition_after_a_command_holds_it_too(parse):
    for text in ("open the garage door, when we get home", "打开车库门，等我到家"):
        result = parse(text)
        assert result["actions"] == [] and result["complete"] is False, text
        assert _mentions(result, "negated") == [("peripheral.trigger", "garage_door")], text


def test_a_timed_clause_holds_its_whole_sentence(parse):
    result = parse("close all windows and turn off the AC in 5 minutes")
    assert _actions(result) == []
    assert _mentions(result, "negated") == [("window.set_position", "all"), ("climate.set_ac", None)]
    result = parse("close all windows. turn off the AC in 5 minutes")
    assert _actions(result) == [("window.set_position", "all", {"open_percent": 0})]


def test_complete_needs_everything_read(parse):
    assert parse("turn on the AC please")["complete"] is True
    assert parse("麻烦帮我打开空调，谢谢")["complete"] is True
    assert parse("turn on the AC and tell me a joke")["complete"] is False
    assert _actions(parse("turn on the AC and tell me a joke")) == [("climate.set_ac", "cabin", {"on": True})]
    assert parse("is the AC on?")["actions"] == []
    assert parse("I'm freezing") == {
        "language": "en",
        "actions": [],
        "needs": ["cold"],
        "mentions": [],
        "negated": [],
        "queries": [],
        "follow_up": None,
        "unplaced": [],
        "schedule": [],
        "clarify": None,
        "complete": False,
    }
    both = parse("I'm cold, turn on the seat heating")
    assert both["needs"] == ["cold"] and both["actions"] and both["complete"] is False


def test_unresolved_phrases_are_mentioned_not_acted_on(parse):
    for text, cap in [
        ("change the temperature", "climate.set_temperature"),
        ("exit nap mode", "mode.activate"),
    ]:
        result = parse(text)
        assert result["actions"] == [] and result["complete"] is False, text
        assert [m["capability"] for m in result["mentions"]] == [cap], text


def test_values_are_emitted_as_spoken(parse):
    assert _actions(parse("set the temperature to 72 degrees")) == [
        ("climate.set_temperature", "all", {"celsius": 72.0})
    ]
    assert _actions(parse("set the fan to 9")) == [("climate.set_fan_speed", "cabin", {"level": 9})]
    assert _actions(parse("set the temperature to twenty-one and a half")) == [
        ("climate.set_temperature", "all", {"celsius": 21.5})
    ]
    assert parse("set the temperature to 72 degrees")["complete"] is True


def test_parse_is_deterministic_and_thread_safe(parser):
    texts = [
        "turn on the AC and set the fan to 3",
        "把温度调到二十一度半",
        "open the rear windows halfway",
        "主驾和副驾温度调到22度",
        "don't open the sunroof",
        "I'm freezing",
        "nap mode",
        "打开车库门",
    ] * 5
    expected = [parser.parse(t).to_json() for t in texts]
    results: list = [None] * 8
    errors: list = []

    def work(k: int) -> None:
        try:
            results[k] = [parser.parse(t).to_json() for t in texts]
        except Exception as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=work, args=(k,)) for k in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    assert all(r == expected for r in results)


def test_long_texts_and_huge_numbers_act_on_nothing(parse):
    long = parse("turn on the AC and open the sunroof and " * 100)
    assert long["actions"] == [] and long["complete"] is False
    assert ("climate.set_ac", None) in _mentions(long)
    for text in ("set the temperature to " + "9" * 5000, "温度调到" + "一" * 900 + "度", "set the fan to 1e400"):
        result = parse(text)
        assert result["actions"] == [] and result["complete"] is False, text[:40]


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=60))
def test_any_text_gives_a_well_formed_result(parser, text):
    result = parser.parse(text).to_json()
    assert list(result) == KEYS
    assert result["language"] in ("en", "zh")
    assert isinstance(result["complete"], bool)
    if result["complete"]:
        assert (result["actions"] or result["follow_up"]) and not result["needs"]
    if result["follow_up"]:
        assert result["actions"] == [] and result["follow_up"] in ("me_too", "more", "undo")
    json.dumps(result, ensure_ascii=False)


@settings(max_examples=150, deadline=None)
@given(
    st.lists(
        st.sampled_from(
            [
                "turn on the AC",
                "open the sunroof",
                "set the fan to",
                "driver",
                "and",
                "don't",
                "please",
                "21",
                "twenty",
                "half",
                "warmer",
                "if",
                "打开",
                "空调",
                "主驾",
                "温度",
                "调到",
                "度",
                "别",
                "，",
                "吗",
                "?",
            ]
        ),
        max_size=8,
    )
)
def test_word_salad_never_raises(parser, words):
    parser.parse(" ".join(words))
