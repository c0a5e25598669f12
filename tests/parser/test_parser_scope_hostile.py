"""Scope defects found by adversarial testing through the service (DESIGN
section 4, 3a): each of these once let a tailgate or a window move against
the person's words. Every case asserts the control is never in `actions`
and what was said of it; polite requests must still act.
"""

from __future__ import annotations

import pytest

WINDOW = "window.set_position"
TAILGATE = "tailgate.set"
SUNROOF = "sunroof.set_position"


def _read(parser, text, seat=None):
    return parser.parse(text, seat=seat).to_json()


def _said(result, capability):
    return {m["said"] for m in result["mentions"] if m["capability"] == capability}


def _acted(result, capability):
    return [a["target"] for a in result["actions"] if a["capability"] == capability]


# -- 1: "actually don't" with no comma is a negation, not a retraction + correction


@pytest.mark.parametrize(
    "text",
    [
        "actually don't open the tailgate",
        "actually do not open the tailgate",
        "Actually, don't open the tailgate.",
        "actually never open the tailgate",
        "actually, never open the trunk",
        "no actually don't open it the tailgate",
        "no actually don't open the tailgate",
        "actually dont open the boot",
        "其实别开后备箱",
        "还是别开后备箱了",
        "其实不要打开后备箱",
        "算了别开后备箱",
    ],
)
def test_actually_dont_negates(parser, text):
    r = _read(parser, text)
    assert _acted(r, TAILGATE) == []
    assert _said(r, TAILGATE) and _said(r, TAILGATE) <= {"negated", "held"}
    assert not r["complete"]


# -- 2: a denied request is no command


@pytest.mark.parametrize(
    "text",
    [
        "I didn't ask you to open the tailgate",
        "i did not ask you to open the tailgate",
        "I never asked you to open the tailgate",
        "I never said open the tailgate",
        "i didn't say open the trunk",
        "nobody told you to open the tailgate",
        "我没让你开后备箱",
        "我没说要开后备箱",
        "我没叫你打开后备箱",
        "我可没让你打开尾门",
    ],
)
def test_denied_request_is_no_command(parser, text):
    r = _read(parser, text)
    assert _acted(r, TAILGATE) == []
    said = _said(r, TAILGATE)
    assert said and said <= {"negated", "held"}


# -- 3: the control as the subject is a question; "you" as the addressee a request


@pytest.mark.parametrize(
    "text, capability",
    [
        ("could the tailgate be open", TAILGATE),
        ("can the tailgate open in the rain", TAILGATE),
        ("would the sunroof open at this speed", SUNROOF),
        ("can the sunroof open while driving", SUNROOF),
        ("could the trunk open by itself", TAILGATE),
        ("will the windows open in the car wash", WINDOW),
        ("后备箱能在下雨天打开吗", TAILGATE),
    ],
)
def test_control_as_subject_is_question(parser, text, capability):
    r = _read(parser, text)
    assert _acted(r, capability) == []
    said = _said(r, capability)
    assert said and said <= {"question", "held", "negated"}
    assert "command" not in said


@pytest.mark.parametrize(
    "text, capability",
    [
        ("could you open the tailgate", TAILGATE),
        ("can you open the sunroof please", SUNROOF),
        ("would you open the sunroof", SUNROOF),
        ("你能打开后备箱吗", TAILGATE),
        ("能不能打开天窗", SUNROOF),
    ],
)
def test_polite_request_still_acts(parser, text, capability):
    r = _read(parser, text)
    assert _acted(r, capability)
    assert r["complete"]


# -- 4: "my", "mine", 我的 are the speaker's member, never the driver's alias


@pytest.mark.parametrize(
    "text", ["open my window", "打开我的车窗", "打开 my window", "open 我的车窗", "open my side window"]
)
@pytest.mark.parametrize("seat", ["passenger", "rear_left"])
def test_my_is_the_speaker(parser, text, seat):
    r = _read(parser, text, seat)
    assert _acted(r, WINDOW) == [seat]
    assert all(m["target"] in (seat, None) for m in r["mentions"])


def test_my_with_seat_unknown_is_catalog_default(parser):
    assert _acted(_read(parser, "open my window"), WINDOW) == ["driver"]
    assert _acted(_read(parser, "打开 my window"), WINDOW) == ["driver"]


def test_catalog_driver_has_no_possessive_alias(catalog):
    aliases = catalog.targets["driver"].aliases
    assert "my" not in aliases.get("en") and "我的" not in aliases.get("zh")


# -- 5: exclusions with the speaker


@pytest.mark.parametrize(
    "text",
    [
        "open all the windows except my window",
        "open all the windows except mine",
        "open all windows but not mine",
        "open every window except mine",
        "除了我的 其他车窗都打开",
        "除了我的车窗 其他都打开",
        "除了我 其他车窗都打开",
        "除了我这边 其他车窗都打开",
        "打开所有车窗 我这边除外",
        "open all windows except for me",
        "open all the windows except my side",
    ],
)
def test_except_mine_from_passenger(parser, text):
    r = _read(parser, text, "passenger")
    assert sorted(_acted(r, WINDOW)) == ["driver", "rear_left", "rear_right"]
    negated = [m["target"] for m in r["negated"] if m["capability"] == WINDOW]
    assert negated == ["passenger"]
    assert not any(m["target"] == "passenger" and m["said"] == "command" for m in r["mentions"])


def test_except_mine_seat_unknown_is_default(parser):
    r = _read(parser, "open all the windows except mine")
    assert sorted(_acted(r, WINDOW)) == ["passenger", "rear_left", "rear_right"]
    assert [m["target"] for m in r["negated"]] == ["driver"]


# -- 6: a plural group minus a member, without "all"


@pytest.mark.parametrize(
    "text",
    [
        "open the windows except the driver's",
        "open the windows except the driver's window",
        "close the windows except the driver's",
        "open the windows but not the driver's",
    ],
)
def test_plural_group_except_member(parser, text):
    r = _read(parser, text)
    assert sorted(_acted(r, WINDOW)) == ["passenger", "rear_left", "rear_right"]
    driver = [m["said"] for m in r["mentions"] if m["target"] == "driver"]
    assert driver == ["negated"]


# -- 7: unpunctuated negation before a question


@pytest.mark.parametrize(
    "text",
    [
        "don't open the tailgate what's the weather",
        "do not open the tailgate what is the weather",
        "never open the trunk how's the weather",
        "别开后备箱 今天天气怎么样",
    ],
)
def test_negation_before_question_kept(parser, text):
    r = _read(parser, text)
    assert _acted(r, TAILGATE) == []
    assert _said(r, TAILGATE) == {"negated"}
    assert not r["complete"]


# -- found on the way: "one" said after a member is no number


@pytest.mark.parametrize(
    "text, seat, kept",
    [
        ("open every window except the driver's one", None, "driver"),
        ("open every window except my one", "passenger", "passenger"),
    ],
)
def test_except_ones_is_no_position(parser, text, seat, kept):
    r = _read(parser, text, seat)
    assert {a["target"] for a in r["actions"]} == {"driver", "passenger", "rear_left", "rear_right"} - {kept}
    assert all(a["parameters"] == {"open_percent": 100} for a in r["actions"])
    assert [m["target"] for m in r["negated"]] == [kept]


def test_except_a_group_the_type_lacks_mentions_its_members(parser):
    r = _read(parser, "close all windows except the rear ones")
    assert _acted(r, WINDOW) == ["driver", "passenger"]
    assert [m["target"] for m in r["negated"]] == ["rear_left", "rear_right"]


def test_actually_dont_after_a_command_holds_it(parser):
    r = _read(parser, "open the window actually don't open the sunroof")
    assert r["actions"] == []
    assert _said(r, WINDOW) == {"held"} and _said(r, SUNROOF) == {"negated"}


def test_my_beside_another_member_is_the_speaker(parser):
    r = _read(parser, "打开我的和主驾的车窗", "passenger")
    assert _acted(r, WINDOW) == ["passenger", "driver"]


@pytest.mark.parametrize(
    ("text", "seat", "closed", "set_to"),
    [
        # the members left out are named again: what follows says what they do
        ("close the windows except the rear, and the rear to 30", "driver", {"driver", "passenger"}, 30),
        ("close the windows except the rear and the rear windows to 30", "driver", {"driver", "passenger"}, 30),
        ("关闭所有车窗 除了后排 后排开到30", "driver", {"driver", "passenger"}, 30),
    ],
)
def test_a_member_left_out_then_named_again_gets_its_own_command(parser, text, seat, closed, set_to):
    """It set the front windows to 30 % (the list "rear, and rear" swallowed the second
    clause, whose amount then went to the group); the rear windows stayed as they were."""
    acted = {a["target"]: a["parameters"]["open_percent"] for a in _read(parser, text, seat)["actions"]}
    assert acted == {**dict.fromkeys(closed, 0), "rear_left": set_to, "rear_right": set_to}


@pytest.mark.parametrize(
    ("text", "others", "mine"),
    [
        ("open all windows except the driver's and the driver's to 50", 100, 50),
        ("open all windows except mine and mine to 20", 100, 20),
    ],
)
def test_the_one_left_out_named_again_is_the_only_one_with_that_amount(parser, text, others, mine):
    """Both used to set every other window to the amount said for the driver's."""
    acted = {a["target"]: a["parameters"]["open_percent"] for a in _read(parser, text, "driver")["actions"]}
    assert acted == {"driver": mine, "passenger": others, "rear_left": others, "rear_right": others}


@pytest.mark.parametrize(
    ("text", "acted"),
    [
        ("空调和座椅加热都打开", {("climate.power", "cabin"), ("seat.set_heating", "driver")}),
        ("座椅加热和通风都打开", {("seat.set_heating", "driver"), ("seat.set_ventilation", "driver")}),
        ("空调 天窗都关了", {("climate.power", "cabin"), ("sunroof.set_position", "cabin")}),
    ],
)
def test_a_list_before_dou_shares_the_verb_after_it(parser, text, acted):
    """The first control of the list did nothing (it waited for a verb before it)."""
    assert {(a["capability"], a["target"]) for a in _read(parser, text, "driver")["actions"]} == acted


@pytest.mark.parametrize(
    "text",
    [
        "如果冷的话 空调和座椅加热都打开",
        "他说空调和座椅加热都打开",
        "空调和座椅加热都别打开",
        "空调和座椅加热都打开 算了",
    ],
)
def test_a_list_before_dou_is_held_as_a_whole(parser, text):
    assert _read(parser, text, "driver")["actions"] == []


def test_turn_on_the_seat_heating_not_the_ventilation(parser):
    """ "ventilation" names the seat ventilation only after a seat control."""
    result = _read(parser, "turn on the seat heating not the ventilation", "driver")
    assert [(a["capability"], a["target"]) for a in result["actions"]] == [("seat.set_heating", "driver")]
    assert {m["capability"] for m in result["negated"]} == {"seat.set_ventilation"}
    assert _read(parser, "not the ventilation", "driver")["negated"] == []


@pytest.mark.parametrize(
    ("text", "forbidden"),
    [
        # "and no" / "but no" forbids; it used to take back the command and do the forbidden one
        ("open the window and no trunk", "tailgate.set"),
        ("open the windows but no sunroof", "sunroof.set_position"),
        ("ac on and no recirculation", "climate.set_recirculation"),
        # "no" opening the text forbids, with politeness after it
        ("no defog please", "climate.set_defrost"),
        ("no car wash please", "mode.activate"),
        ("no nap, thanks.", "mode.activate"),
        ("no one open the trunk", "tailgate.set"),
    ],
)
def test_no_before_a_control_forbids_it(parser, text, forbidden):
    result = _read(parser, text, "driver")
    assert forbidden not in [a["capability"] for a in result["actions"]], result["actions"]
    assert forbidden in [m["capability"] for m in result["negated"]]


def test_no_between_commas_is_still_a_correction(parser):
    result = _read(parser, "open the window, no, the trunk", "driver")
    assert [a["capability"] for a in result["actions"]] == ["tailgate.set"]


@pytest.mark.parametrize(
    "text", ["冷的话 空调和座椅加热都打开", "每天 空调和座椅加热都打开", "他把空调和座椅加热都打开了"]
)
def test_a_list_with_a_condition_a_habit_or_a_deed_moves_nothing(parser, text):
    """Only the member the marker was said beside was held (the seat heating acted)."""
    assert _read(parser, text, "driver")["actions"] == []


@pytest.mark.parametrize("text", ["除了天窗 都打开", "除了天窗 车窗都打开"])
def test_a_control_left_out_of_everything_is_never_the_one_opened(parser, text):
    """除了天窗 都打开 ("everything but the sunroof") opened the sunroof: who is left out is not
    read, so nothing of the sentence acts."""
    assert _read(parser, text, "driver")["actions"] == []
