"""Which messages answer a question, and which option they choose (DESIGN section 4a):
the words of ``catalog/answers.yaml`` and the options' own control words, nothing else."""

from __future__ import annotations

import pytest

from app.turn.answers import answer_words, read_answer
from app.turn.questions import Option, Question

pytestmark = pytest.mark.unit

AMBIENT = {"capability": "ambient_light.set", "target": "cabin", "parameters": {"brightness": 100}}
READING = {"capability": "reading_light.set", "target": "driver", "parameters": {"on": True}}
HEATING = {"capability": "seat.set_heating", "target": "driver", "parameters": {"level": 3}}
FAN = {"capability": "climate.set_fan_speed", "target": "cabin", "parameters": {"level": 3}}
VENT = {"capability": "seat.set_ventilation", "target": "driver", "parameters": {"level": 3}}
T21 = {"capability": "climate.set_temperature", "target": "driver", "parameters": {"celsius": 21.0}}
T22 = {"capability": "climate.set_temperature", "target": "driver", "parameters": {"celsius": 22.0}}
DRIVER_HEAT = {"capability": "seat.set_heating", "target": "driver", "parameters": {"level": 2}}
PASSENGER_HEAT = {"capability": "seat.set_heating", "target": "passenger", "parameters": {"level": 2}}


def question(*actions, labels=None) -> Question:
    if len(actions) == 1:
        options = (Option("yes", "Yes", (actions[0],)),)
    else:
        labels = labels or [a["capability"] for a in actions]
        options = tuple(Option(str(i + 1), labels[i], (a,)) for i, a in enumerate(actions))
    return Question("q_test", "clarify", "?", None, options, expires_at=1e12)


def chosen(catalog, q, text):
    choice = read_answer(catalog, q, text)
    return None if choice is None else (choice.kind, choice.option_ids)


YES_NO = question(READING)


@pytest.mark.parametrize(
    "text",
    [
        "yes",
        "Yes.",
        "yeah",
        "sure",
        "Sure, do it!",
        "ok",
        "OK please",
        "go ahead",
        "yes please",
        "好",
        "好的",
        "好的。",
        "是的",
        "对",
        "可以",
        "行",
        "嗯",
        "可以的吧",
        "對",
    ],
)
def test_yes_words_pick_the_one_option(catalog, text):
    assert chosen(catalog, YES_NO, text) == ("yes", ("yes",))


@pytest.mark.parametrize(
    "text",
    [
        "no",
        "No.",
        "nope",
        "don't",
        "never mind",
        "Never mind!",
        "no thanks",
        "不用",
        "不要",
        "算了",
        "算了吧。",
        "不用了",
    ],
)
def test_no_words_decline(catalog, text):
    assert chosen(catalog, YES_NO, text) == ("no", ())


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "please",
        "yes no",
        "no, open the window",
        "yes and open the window",
        "open the tailgate",
        "maybe",
        "what?",
        "好的 打开车窗",
        "不用 打开空调",
        "the reading light",
    ],  # option words do not answer a yes/no
)
def test_anything_else_is_no_answer(catalog, text):
    assert chosen(catalog, YES_NO, text) is None


LIGHTS = question(AMBIENT, READING, labels=["ambient light", "driver reading light"])


@pytest.mark.parametrize(
    "text,ids",
    [
        ("the reading light", ("2",)),
        ("Reading light, please.", ("2",)),
        ("ambient", None),  # a part of a word is not the word
        ("ambient light", ("1",)),
        ("mood lighting", ("1",)),  # an alias of the capability
        ("阅读灯", ("2",)),
        ("氛围灯吧", ("1",)),
        ("the first one", ("1",)),
        ("second", ("2",)),
        ("The second one.", ("2",)),
        ("the last one", ("2",)),
        ("第一个", ("1",)),
        ("第二个吧", ("2",)),
        ("第二個", ("2",)),  # Traditional, read as Simplified
        ("閱讀燈", ("2",)),
        ("both", ("1", "2")),
        ("Both, please!", ("1", "2")),
        ("都要", ("1", "2")),
        ("the reading light and the ambient light", ("1", "2")),
        ("yes the first one", ("1",)),
        ("yes", None),  # which one is not said
        ("the third one", None),  # there is no third: no guess
        ("no", ()),
        ("都不要", ()),
    ],
)
def test_options_by_words_place_or_both(catalog, text, ids):
    got = chosen(catalog, LIGHTS, text)
    if ids is None:
        assert got is None
    elif ids == ():
        assert got == ("no", ())
    else:
        assert got == ("options", ids)


def test_words_naming_several_options_alike_choose_none(catalog):
    """The driver's or the passenger's seat heating: "seat heating" says neither."""
    seats = question(DRIVER_HEAT, PASSENGER_HEAT, labels=["driver seat heating", "passenger seat heating"])
    assert chosen(catalog, seats, "seat heating") is None
    assert chosen(catalog, seats, "the passenger") == ("options", ("2",))
    assert chosen(catalog, seats, "副驾") == ("options", ("2",))
    assert chosen(catalog, seats, "driver") == ("options", ("1",))


def test_a_control_question_by_its_control_words(catalog):
    """ "set it to 3": fan speed, seat heating or seat ventilation."""
    q = question(FAN, HEATING, VENT, labels=["fan speed", "driver seat heating", "driver seat ventilation"])
    assert chosen(catalog, q, "the fan") == ("options", ("1",))
    assert chosen(catalog, q, "seat heating") == ("options", ("2",))
    assert chosen(catalog, q, "座椅通风") == ("options", ("3",))
    assert chosen(catalog, q, "the third one") == ("options", ("3",))


def test_an_amount_question_by_its_values(catalog):
    """ "set it to 21 or 22": the value names the option."""
    q = question(T21, T22, labels=["21 degrees", "22 degrees"])
    assert chosen(catalog, q, "22") == ("options", ("2",))
    assert chosen(catalog, q, "21 degrees") == ("options", ("1",))
    assert chosen(catalog, q, "22度") == ("options", ("2",))
    assert chosen(catalog, q, "23") is None


def test_the_words_table_is_one_meaning_per_word():
    table = answer_words()
    assert table["yes"] == ("yes", None) and table["算了"] == ("no", None)
    assert table["second one"] == ("ordinal", 2) and table["第一个"] == ("ordinal", 1)
    assert table["都要"] == ("both", None) and table["please"] == ("fillers", None)


@pytest.mark.parametrize(
    "doc,problem",
    [
        ('en: {"yes": ["ok"], "no": ["ok"]}', "already a yes word"),
        ("en: {maybe: [perhaps]}", "unknown word class"),
        ('en: {ordinals: {0: ["zeroth"]}}', "a place"),
        ('en: {"yes": [""]}', "non-empty string"),
        ("- just a list", "must map languages"),
    ],
)
def test_a_malformed_words_table_is_refused_by_name(tmp_path, doc, problem):
    path = tmp_path / "answers.yaml"
    path.write_text(doc, encoding="utf-8")
    with pytest.raises(ValueError, match=problem):
        answer_words(str(path))
