"""Round 15 of understanding v3: words people across regions say to a car.

Each input here acted on another control than the one named, or did nothing where the words decide,
before its fix; the counter-cases beside them are the same words where they must keep doing what they
did.
"""

from __future__ import annotations

import pytest

from .acts import acts as _acts

HEAT, ADJ_HEAT = "seat.set_heating", "seat.adjust_heating"
VENT, ADJ_VENT = "seat.set_ventilation", "seat.adjust_ventilation"
ADJ_TEMP, FAN, ADJ_FAN = "climate.adjust_temperature", "climate.set_fan_speed", "climate.adjust_fan_speed"
DEFROST = "climate.set_defrost"


@pytest.mark.parametrize(
    ("text", "seat", "acts"),
    [
        # the seat's temperature is its heating: the cabin's zones were raised (all four of them)
        ("turn the seat temperature up", None, [(ADJ_HEAT, "driver", {"delta_level": 1})]),
        ("passenger seat temperature down", None, [(ADJ_HEAT, "passenger", {"delta_level": -1})]),
        ("seat temp to max", "rear_left", [(HEAT, "rear_left", {"level": 3})]),
        ("座椅温度调高一点", None, [(ADJ_HEAT, "driver", {"delta_level": 1})]),
        ("座位的温度调到最高", "passenger", [(HEAT, "passenger", {"level": 3})]),
        ("主驾座椅温度调低", None, [(ADJ_HEAT, "driver", {"delta_level": -1})]),
        # the seat's own fan is its ventilation: the cabin's fan was raised ("turn the seat" left unplaced)
        ("turn the seat fan up", None, [(ADJ_VENT, "driver", {"delta_level": 1})]),
        ("seat fan to 3", "passenger", [(VENT, "passenger", {"level": 3})]),
        ("座椅风量调大", None, [(ADJ_VENT, "driver", {"delta_level": 1})]),
        ("座椅的风开到最大", "passenger", [(VENT, "passenger", {"level": 3})]),
        ("主驾座椅风量调到二档", None, [(VENT, "driver", {"level": 2})]),
        # all the way to (一直): the level it goes to (nothing acted)
        ("座椅加热一直调到最大", None, [(HEAT, "driver", {"level": 3})]),
        ("风量一直调到三档", None, [(FAN, "cabin", {"level": 3})]),
        # the counter-cases: the zone's temperature stays the zone's
        ("温度调高一点", "passenger", [(ADJ_TEMP, "passenger", {"delta_celsius": 1.0})]),
        ("turn the temperature up", None, [(ADJ_TEMP, "all", {"delta_celsius": 1.0})]),
        ("风量调大", None, [(ADJ_FAN, "cabin", {"delta_level": 1})]),
        ("turn the fan up", None, [(ADJ_FAN, "cabin", {"delta_level": 1})]),
    ],
)
def test_what_the_words_name_acts(parser, text, seat, acts):
    assert _acts(parser.parse(text, seat=seat).to_json()) == acts, text


@pytest.mark.parametrize(
    "text",
    ["what is the seat temperature", "座椅温度多少"],
)
def test_the_seat_temperature_asked_is_a_question_of_the_heating(parser, text):
    out = parser.parse(text).to_json()
    assert out["actions"] == [] and [q["capability"] for q in out["queries"]] == [HEAT], text


@pytest.mark.parametrize(
    "text",
    # the glass opened or closed is the glass, which nothing here moves: the defroster was switched
    ["open the rear glass", "close the windshield", "roll the rear glass down", "open the windshield"],
)
def test_the_glass_opened_is_no_defroster(parser, text):
    out = parser.parse(text).to_json()
    assert out["actions"] == [] and out["unplaced"] == [text], text


@pytest.mark.parametrize(
    ("text", "acts"),
    [
        ("turn the windscreen off", [(DEFROST, "front", {"on": False})]),
        ("rear windshield on", [(DEFROST, "rear", {"on": True})]),
        ("defog the back windshield", [(DEFROST, "rear", {"on": True})]),
        ("defrost the windshield", [(DEFROST, "front", {"on": True})]),
        ("打开后挡风玻璃", [(DEFROST, "rear", {"on": True})]),
    ],
)
def test_the_glass_switched_is_its_defroster(parser, text, acts):
    assert _acts(parser.parse(text).to_json()) == acts, text
