"""Numbers read once into placeholders (vehicle.parser.text.numbers)."""

from __future__ import annotations

import pytest

from vehicle.parser.text.normalize import detect_language, normalize


@pytest.mark.parametrize(
    ("text", "values"),
    [
        ("set it to 21", (21.0,)),
        ("set it to 21.5", (21.5,)),
        ("set it to 21,5", (21.5,)),
        ("twenty two", (22.0,)),
        ("twenty-one and a half degrees", (21.5,)),
        ("21 and a half", (21.5,)),
        ("seventy two", (72.0,)),
        ("one hundred and fifty percent", (150.0,)),
        ("twenty one point five", (21.5,)),
        ("level one", (1.0,)),
        ("open the passenger one", ()),  # a pronoun, not a number
        ("set the fan to one", (1.0,)),  # text2num leaves a lone "one" a word by default
        ("set the fan to zero", (0.0,)),
        ("a hundred percent", (100.0,)),
        ("set it to hundred", ()),  # a bare "hundred" is no number (as 百 is not)
        ("twenty one point oh five", (21.05,)),
        ("set it to twenty two three", (22.0, 3.0)),
        ("fan level three and a half", (3.5,)),
        ("heat the second row", ()),  # an ordinal is a word, never a value
        ("ｓｅｔ ｉｔ ｔｏ ２１", (21.0,)),  # full width, NFKC
        ("二十一度", (21.0,)),
        ("二十一度半", (21.5,)),
        ("21度半", (21.5,)),
        ("二十一点五度", (21.5,)),
        ("两档", (2.0,)),
        ("三档", (3.0,)),
        ("3挡", (3.0,)),
        ("百分之三十", (30.0,)),
        ("百分之一百五十", (150.0,)),
        ("３０％", (30.0,)),
        ("十八度", (18.0,)),
        ("十分钟后", ()),  # revision 3: a delay is a time (section 5a), never a value
    ],
)
def test_numbers_are_read_once(text, values):
    assert normalize(text).numbers == values


@pytest.mark.parametrize("text", ["高一点", "开一半", "开一点", "调一下", "两边", "十分感谢", "一会儿"])
def test_chinese_words_with_numerals_stay_words(text):
    assert normalize(text).numbers == ()


def test_placeholders_replace_numbers_in_the_text():
    norm = normalize("set the driver to 21 and the passenger to 23.5")
    assert norm.text == "set driver to 0 and passenger to 1"
    assert norm.numbers == (21.0, 23.5)


@pytest.mark.parametrize(
    ("text", "language"),
    [("turn on the AC", "en"), ("打开AC", "zh"), ("AC 打开", "zh"), ("", "en"), ("２１", "en")],
)
def test_language_is_zh_with_a_cjk_ideograph(text, language):
    assert detect_language(text) == language
    assert normalize(text).language == language


def test_normalisation_is_case_and_punctuation_blind():
    assert normalize("TURN ON THE A/C!!").text == normalize("turn on the ac").text
    assert normalize("打开空调。").text == normalize("打开空调").text
