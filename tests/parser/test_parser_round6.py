"""Round 6 of understanding v3: a black-box red team's wrong actions (about 3,900 probes).

Every input here moved something (or stated a need) at the start of the round; the red
team, who had not read the parser, judged each from what a driver means and DESIGN §3a/§4.
Nothing may move for any of them; beside them, the same classes where acting is right.
"""

from __future__ import annotations

import pytest

from .acts import acts as _acts

#: The red team's inputs by class; none may act, schedule or state a need.
HELD = {
    # a Chinese negated bare verb or a hesitation after a command takes it back
    "C1": [
        "打开后备箱 别开",
        "打开后备箱 别开了",
        "打开后备箱 不开了",
        "打开后备箱 不打开了",
        "打开后备箱 不要打开",
        "打开后备箱 别打开",
        "打开后备箱 不要开",
        "打开后备箱 不准开",
        "打开后备箱 还是别开了",
        "打开后备箱 还是不开了",
        "打开后备箱 我不开了",
        "打开后备箱 不想开了",
        "打开后备箱，别开",
        "打开后备箱，不开了",
        "打开后备箱。不开了",
        "打开后备箱 慢着",
        "打开后备箱 慢着慢着",
        "打开后备箱 不是不是",
        "打开后备箱 不不不",
        "打开后备箱 不用不用",
        "打开后备箱 不了不了",
        "打开后备箱 开错了",
        "打开后备箱 不是后备箱",
        "打开后备箱 哈哈",
        "打开后备箱 回头再说",
        "打开后备箱 别急",
        "打开后备箱 开什么开",
        "打开后备箱 没有",
        "打开后备箱 没说",
        "打开后备箱 我没说",
        "打开后备箱 不是我说的",
        "打开后备箱 我随便说说",
        "打开后备箱 说着玩的",
        "打开天窗 别开",
        "打开天窗 不开了",
        "打开天窗 别开了",
        "打开天窗 不准开",
        "打开天窗 不用不用",
        "打开天窗 不不不",
        "打开天窗 慢着",
        "打开天窗 开错了",
        "打开天窗 哈哈",
        "打开天窗 回头再说",
        "打开天窗 不是天窗",
        "天窗打开 不开了",
        "打开车窗 别开",
        "打开车窗 不开了",
        "打开所有车窗 不开了",
        "打开所有车窗 别开了",
        "车窗全开 慢着",
        "打开空调 别开",
        "打开座椅加热 别开了",
        "打开座椅加热 不开了",
        "打开 后备箱 别开",
        "打开 后备箱 不 开了",
        "打开 天窗 别 开",
    ],
    # what happened or what someone else did, told in English
    "C3": [
        "the sunroof opened halfway",
        "the sunroof opened a crack",
        "the trunk popped open",
        "the windows rolled down",
        "my window rolled down",
        "the front windows rolled down",
        "the rear window popped open",
        "the passenger opened the window",
        "the passenger rolled down the window",
        "the front passenger opened the window",
        "the front passenger rolled down the window",
        "the driver rolled down the window",
        "the driver opened the sunroof",
        "the rear passenger opened the window",
        "the rear passengers opened the windows",
        "i hit the sunroof button",
        "i can open the sunroof by hand",
        "the trunk will open in 5 minutes",
    ],
    # what happened, told in Chinese with 了, and how long it has been on
    "C4": [
        "副驾车窗降下来了",
        "后面的窗户都开了",
        "所有车窗都开了",
        "天窗开了一半",
        "天窗开了一条缝",
        "车窗降下来了",
        "我的车窗降下来了",
        "前窗降下来了",
        "后排车窗降下来了",
        "主驾车窗降到一半了",
        "天窗开到一半了",
        "副驾开了窗",
        "副驾把窗户打开了",
        "后排把窗户打开了",
        "我按了后备箱按钮",
        "我按了天窗",
        "我开后备箱了",
        "天窗开了十分钟了",
        "空调开了一个小时了",
        "座椅加热开了半小时了",
        "温度升到30度了",
        "现在温度30度",
        "我把温度调到22度了",
    ],
    # another car
    "C5": [
        "the car in front opened its trunk",
        "the car in front just opened the trunk",
        "car in front tailgate open",
        "front car trunk open",
        "the car in front opened its sunroof",
        "a car in front opened the sunroof",
        "car in front sunroof open",
        "the car in front opened the windows",
        "the driver in front opened his window",
        "前面的车开了后备箱",
        "前车打开了后备箱",
        "前面的车打开了天窗",
        "前车开窗了",
        "前车车窗降下来了",
        "前面的车 打开了后备箱",
        "前车 开了 后备箱",
        "前面 的 车 开了 后备箱",
        "前面那辆车 开了 天窗",
    ],
    # a question spaced off its command
    "C6": [
        "打开天窗 会怎样",
        "开天窗 会怎么样",
        "打开天窗 会不会很吵",
        "开天窗 会冷吗",
        "开窗 会不会冷",
        "开窗 吵不吵",
        "开天窗 有用吗",
        "打开后备箱 安全吗",
        "打开后备箱 需要停车吗",
        "打开后备箱 怎么操作",
        "打开天窗 是哪个按钮",
        "打开天窗 有什么用",
        "打开后备箱 干什么",
        "打开后备箱 为什么",
        "为什么 打开后备箱",
        "谁 打开的后备箱",
        "谁 开的天窗",
        "什么时候 开的天窗",
        "打开天窗 你觉得呢",
        "打开天窗 你看呢",
        "打开天窗 怎么样",
        "打开天窗 吗",
        "开天窗 吗",
        "打开天窗 呢",
        "打开后备箱 可以吗",
        "打开后备箱 行吗",
        "打开后备箱 好不好",
        "打开后备箱 行不行",
        "打开天窗 好吗",
        "打开天窗 可不可以",
        "打开天窗 能不能",
    ],
    # words spaced by a recogniser keep their scope
    "C7": [
        "我 不想 开天窗",
        "我 不 想 开 天窗",
        "我 没 让你 开天窗",
        "不是 我 要开 天窗",
        "天窗 开了 吗",
        "后备箱 开了 没有",
        "要 开 天窗 吗",
        "开 天窗 吗",
        "打开 后备箱 吗",
        "打开后备箱 了吗",
        "你 开 天窗 了 吗",
        "警察 让 我 打开 后备箱",
        "我 刚才 开了 天窗",
        "孩子 打开了 车窗",
        "天窗 自己 开 了",
        "后备箱 自己 打开 了",
        "我 开了 后备箱",
        "后备箱 被 打开 了",
        "我 已经 打开天窗了",
        "我 打开了 天窗",
        "副驾 开了窗",
        "天窗 开了一半",
        "我自己 开后备箱",
        "我 自己 开 后备箱",
        "我 自己 来 开 天窗",
        "我 手动 开 天窗",
        "我 来 开 后备箱",
        "我 去 开 后备箱",
        "停好 车 再 开 后备箱",
        "停车 后 打开后备箱",
        "熄火 后 关 窗",
    ],
    # a song, a show or a book by its name
    "C8": [
        "play roll down the windows",
        "play roll down the window",
        "play windows down",
        "play open the trunk",
        "play pop the trunk",
        "play the song called open the sunroof",
        "play a song called open the tailgate",
        "play something called turn on the ac",
        "play turn up the heat",
        "play the podcast turn up the heat",
        "play the album close the windows",
        "put on roll down the windows",
        "put on the song open the trunk",
        "the book open the trunk",
        "播放开窗",
        "播放歌曲打开天窗",
        "放一首打开天窗",
        "来一首打开车窗",
        "播放关上窗",
        "播放开空调",
        "播放歌曲关窗",
        "放首歌叫关窗",
        "听一下开窗",
        "播放温度调高",
        "播放天窗开一半",
        "播放 开窗",
        "播放 歌曲 打开 天窗",
        "放 一首 打开 车窗",
        "来 一首 开窗",
    ],
    # a take-back after a command ('not really', 'not yet')
    "C10": [
        "open the tailgate not really",
        "open the trunk not really",
        "open the sunroof not really",
        "open the windows not really",
        "turn on the ac open the trunk not really",
        "open the trunk not that",
        "open the trunk not yet",
        "open the trunk not today",
        "open the trunk not a chance",
    ],
    # 'ok to …', 'so you want …'
    "C11": [
        "so you want the windows down",
        "ok to open the trunk",
    ],
    # what the driver does first, a word still to come
    "C12": [
        "first park then open the tailgate",
        "停车 然后打开后备箱",
        "听我口令打开后备箱",
    ],
    # one window of a pair, 'both' of four
    "C14": [
        "open the rear window",
        "open the back window",
        "close the rear window",
        "rear window down",
        "open the front window",
        "open both windows",
        "heat both seats",
        "@rear_left open the back window",
        "@rear_left open the rear window",
    ],
    # a mode or a peripheral said as a thing or a place
    "C18": [
        "i'm not tired no nap",
        "camping gear",
        "go to the garage",
    ],
    # no need of a place outside the car or of an idiom
    "C19": [
        "it's so hot in beijing",
        "it's hot in dubai",
        "it's cold in moscow",
        "it's freezing in canada",
        "i'm getting cold feet",
        "i'm cold at night in my bed",
        "play it's getting hot in here",
        "东北太冷了",
        "公司好冷",
        "宿舍太热了",
        "学校好冷",
        "我家好热",
        "外边热死了",
    ],
    # how it is now, a tag question
    "C20": [
        "天窗关好了吧",
        "二十二度刚刚好",
    ],
}
CASES = [(cls, text) for cls, texts in HELD.items() for text in texts]


def _seat_and_text(text: str) -> tuple[str | None, str]:
    if text.startswith("@"):
        seat, _, rest = text[1:].partition(" ")
        return seat, rest
    return None, text


@pytest.mark.parametrize(("cls", "text"), CASES, ids=[f"{c}:{t}" for c, t in CASES])
def test_the_red_teams_inputs_move_nothing(parser, cls, text):
    seat, said = _seat_and_text(text)
    result = (parser.parse(said, seat=seat) if seat else parser.parse(said)).to_json()
    assert (_acts(result), result["needs"], result["schedule"]) == ([], [], []), (cls, text)


WIN, TAIL, ROOF = "window.set_position", "tailgate.set", "sunroof.set_position"


@pytest.mark.parametrize(
    ("text", "acts"),
    [
        # a take-back of one thing after a list forbids that thing only (it did it and dropped the rest)
        ("open the windows and the tailgate never mind the tailgate", [(WIN, "all", {"open_percent": 100})]),
        ("open the trunk and the sunroof forget the trunk", [(ROOF, "cabin", {"open_percent": 100})]),
        ("open the sunroof and the windows no windows", [(ROOF, "cabin", {"open_percent": 100})]),
        ("open the windows and the tailgate cancel the tailgate", [(WIN, "all", {"open_percent": 100})]),
        ("turn on the ac and open the trunk never mind the trunk", [("climate.set_ac", "cabin", {"on": True})]),
        # two places said of one member are that member (three windows opened)
        ("open the rear passenger window", [(WIN, "rear_right", {"open_percent": 100})]),
        ("open the driver side rear window", [(WIN, "rear_left", {"open_percent": 100})]),
        ("open the rear window on the driver's side", [(WIN, "rear_left", {"open_percent": 100})]),
        ("open the front driver window", [(WIN, "driver", {"open_percent": 100})]),
        ("heat the rear passenger seat", [("seat.set_heating", "rear_right", {"level": 2})]),
        ("打开后排副驾侧车窗", [(WIN, "rear_right", {"open_percent": 100})]),
        ("打开主驾后排车窗", [(WIN, "rear_left", {"open_percent": 100})]),
        # a count of the members named is no amount (they opened 2 %)
        (
            "open the two back windows",
            [(WIN, "rear_left", {"open_percent": 100}), (WIN, "rear_right", {"open_percent": 100})],
        ),
        ("打开四个车窗", [(WIN, "all", {"open_percent": 100})]),
        ("车窗开到三成", [(WIN, "driver", {"open_percent": 30})]),
        # "less cold" is warmer, "less warm" cooler (each went the other way)
        ("make it less cold", [("climate.adjust_temperature", "all", {"delta_celsius": 1.0})]),
        ("make it less hot in here", [("climate.adjust_temperature", "all", {"delta_celsius": -1.0})]),
        # the same words, asked now, still act
        ("打开后备箱", [(TAIL, "cabin", {"open": True})]),
        ("把空调关了", [("climate.power", "cabin", {"on": False})]),
        (
            "open the rear windows",
            [(WIN, "rear_left", {"open_percent": 100}), (WIN, "rear_right", {"open_percent": 100})],
        ),
        ("play some music and open the window", [(WIN, "driver", {"open_percent": 100})]),
        ("open the garage door", [("peripheral.trigger", "garage_door", {})]),
    ],
)
def test_what_is_asked_acts_and_only_that(parse, text, acts):
    assert _acts(parse(text)) == acts


def test_a_statement_of_how_long_it_has_been_on_schedules_nothing(parse):
    result = parse("天窗开了十分钟了")
    assert result["schedule"] == [] and result["actions"] == []
    assert [m["said"] for m in result["mentions"]] == ["statement"]


@pytest.mark.parametrize("text", ["i want it warmer", "i want it less cold"])
def test_the_way_it_should_go_is_no_need_of_the_opposite(parse, text):
    assert parse(text)["needs"] == []


# ---------------------------------------------------------------- a second pass over these fixes
#: A second black-box red team ran the first one's inputs again and about 1,600 of its own; these
#: moved something wrongly after the first fixes (or before them, and still did).
SECOND_PASS_HELD = [
    "open the trunk no don't open it",
    "open the trunk no keep it closed",
    "open the trunk no chance",
    "close the sunroof no keep it open",
    "open the sunroof and the trunk never mind both",
    "open the sunroof and the trunk cancel all that",
    "open the sunroof and the trunk forget everything",
    "open the sunroof and the trunk neither",
    "打开天窗和后备箱 都取消",
    "打开天窗和后备箱 全部取消",
    "打开天窗和后备箱 都别开了",
    "我不想 开天窗",
    "不必 打开后备箱",
    "我不打算 开天窗",
    "我怕 开天窗",
    "我担心 打开后备箱",
    "打开后备箱 让我想想",
    "打开后备箱 有没有危险",
    "我想听 打开后备箱",
    "给我放 打开天窗",
    "put on turn up the heat",
    "i'm not tired no nap",
]


@pytest.mark.parametrize("text", SECOND_PASS_HELD)
def test_the_second_passes_inputs_move_nothing(parse, text):
    result = parse(text)
    assert (_acts(result), result["needs"], result["schedule"]) == ([], [], []), text


@pytest.mark.parametrize(
    ("text", "acts"),
    [
        # "no just / only X" keeps X (it did the other one)
        ("open the sunroof and the tailgate no just the sunroof", [(ROOF, "cabin", {"open_percent": 100})]),
        ("open all windows no only the driver window", [(WIN, "driver", {"open_percent": 100})]),
        # a member taken back from a group is left out of it
        (
            "open all windows never mind the driver's",
            [(WIN, m, {"open_percent": 100}) for m in ("passenger", "rear_left", "rear_right")],
        ),
        # 只 after a list keeps only what follows it
        ("打开天窗和后备箱 只开天窗", [(ROOF, "cabin", {"open_percent": 100})]),
        # a family word taken back holds the whole sentence rather than guess the member
        ("turn on the ac and heat my seat never mind the seat", []),
        # "left rear" is one window, as "rear left" is (the first fixes had lost it)
        ("open the left rear window", [(WIN, "rear_left", {"open_percent": 100})]),
        ("open the right side rear window", [(WIN, "rear_right", {"open_percent": 100})]),
        (
            "both windows in the back down halfway",
            [(WIN, "rear_left", {"open_percent": 50}), (WIN, "rear_right", {"open_percent": 50})],
        ),
        ("set the rear passenger side to 22", [("climate.set_temperature", "rear_right", {"celsius": 22.0})]),
        # a song beside a command is no title; a politeness tail is no reason to hold
        ("play a song and open the trunk", [(TAIL, "cabin", {"open": True})]),
        ("放首歌 关窗", [(WIN, "driver", {"open_percent": 0})]),
        ("open the trunk thanks a lot", [(TAIL, "cabin", {"open": True})]),
        ("打开后备箱 辛苦了", [(TAIL, "cabin", {"open": True})]),
    ],
)
def test_the_second_passes_commands_act_on_what_was_asked(parse, text, acts):
    assert _acts(parse(text)) == acts


# ---------------------------------------------------------------- a third red team: new classes
#: A third black-box red team (about 2,600 probes of classes the first two had not tried).
THIRD_HELD = [
    # a clock time with its minutes and no 分 is a time (it ran now, or the minutes were an amount)
    "七点三十打开天窗",
    "十一点二十打开后备箱",
    # the temperature or a level now, told
    "车里三十度",
    "车内都二十八度了",
    "二十八度太热了",
    "座椅加热三档太烫了",
    "28 degrees in the car",
    # a threshold is when, never a setting
    "到二十五度就关空调",
    "二十四度以上开窗",
    "at 28 degrees turn on the ac",
    "turn off the ac at 22 degrees",
    # an hour after a change that says its own way
    "turn up the fan at 5",
    # said to someone in the car
    "老婆，把窗户打开",
    "师傅 开一下后备箱",
    "honey, close the sunroof",
    "kids, close the windows",
    # the time now, told
    "七点半了 关天窗",
    # going somewhere, the animal itself
    "go to the car wash",
    "let's go camping",
    "my pet",
    # what opens and closes has no "off" to cancel to
    "cancel the sunroof",
]


@pytest.mark.parametrize("text", THIRD_HELD)
def test_the_third_red_teams_inputs_move_nothing_now(parse, text):
    assert _acts(parse(text)) == [], text


@pytest.mark.parametrize(
    ("text", "acts"),
    [
        ("已经十分钟了 关窗", [(WIN, "driver", {"open_percent": 0})]),  # now, and never undone later
        ("十分钟前开的窗 关上", [(WIN, "driver", {"open_percent": 0})]),  # 前 of a time is no "front"
        ("open the window up", [(WIN, "driver", {"open_percent": 100})]),  # it closed it
        ("close the windows down", [(WIN, "all", {"open_percent": 0})]),  # it opened them
        ("set temperature to 72°f", [("climate.set_temperature", "all", {"celsius": 22.0})]),
        ("二十二度", [("climate.set_temperature", "all", {"celsius": 22.0})]),
        ("start pet mode", [("mode.activate", "pet", {})]),
        ("cancel ac", [("climate.set_ac", "cabin", {"on": False})]),
    ],
)
def test_the_third_red_teams_commands_act_once_and_right(parse, text, acts):
    result = parse(text)
    assert _acts(result) == acts and result["schedule"] == [], text


def test_a_clock_time_without_fen_is_scheduled(parse):
    result = parse("七点三十打开天窗")
    assert [(e["at"], e["actions"][0]["capability"]) for e in result["schedule"]] == [("07:30", ROOF)]


def test_two_ways_in_one_frame_never_depend_on_the_process():
    """A verb and its phrasal particle keep the verb; two ways otherwise read as none. Which one a set
    held used to follow the hash seed: "open it all up" offered to close everything in some processes."""
    from vehicle.parser.frames.reader import _op  # the reader's own rule, tested where it is decided

    assert _op("window.set_position", ["open", "up"], [], [], None, False, False) == "open"
    assert _op("window.set_position", ["up", "open"], [], [], None, False, False) == "open"
    assert _op("window.set_position", ["close", "down"], [], [], None, False, False) == "close"
    assert _op("climate.power", ["on", "off"], [], [], None, False, False) is None


def test_open_it_all_up_offers_to_open(parse):
    options = parse("open it all up")["clarify"]["options"]
    assert options and all(o["parameters"] in ({"open_percent": 100}, {"open": True}) for o in options)


@pytest.mark.parametrize(
    ("text", "acts"),
    [
        # an amount said of one control is not another's (it set the sunroof to 30 %: a closed one opened)
        ("close the windows to 30 percent and the sunroof", [(WIN, "all", {"open_percent": 30})]),
        ("set the temperature to 22 and the fan", [("climate.set_temperature", "all", {"celsius": 22.0})]),
        # the same control, or a way with no amount, is still shared
        (
            "open the driver window halfway and the passenger window",
            [(WIN, "driver", {"open_percent": 50}), (WIN, "passenger", {"open_percent": 50})],
        ),
        (
            "turn up the heat and the fan",
            [
                ("climate.adjust_temperature", "all", {"delta_celsius": 1.0}),
                ("climate.adjust_fan_speed", "cabin", {"delta_level": 1}),
            ],
        ),
    ],
)
def test_an_amount_is_shared_only_by_the_same_control(parse, text, acts):
    assert _acts(parse(text)) == acts


@pytest.mark.parametrize("text", ["maybe undo", "undo?", "me too?", "a bit more?", "maybe a bit more", "再大一点？"])
def test_a_follow_up_said_as_a_question_or_a_hedge_is_not_done(parse, text):
    """The service applied them (every zone undone for "maybe undo"); said in full, the same is asked."""
    assert parse(text)["follow_up"] is None


@pytest.mark.parametrize(("text", "kind"), [("undo", "undo"), ("me too", "me_too"), ("再大一点吧", "more")])
def test_a_plain_follow_up_is_still_one(parse, text, kind):
    assert parse(text)["follow_up"] == kind


@pytest.mark.parametrize(
    ("text", "after_s"),
    [("open the sunroof in 10 minutes no 5", 300), ("open the sunroof in 10 minutes i mean 20", 1200)],
)
def test_a_delay_corrected_by_a_bare_number_is_the_new_delay(parse, text, after_s):
    """It was read as an amount: the sunroof to 5 % in 10 minutes."""
    schedule = parse(text)["schedule"]
    assert [(e["after_s"], e["actions"][0]["parameters"]) for e in schedule] == [(after_s, {"open_percent": 100})]


def test_a_delay_spaced_word_by_word_is_still_a_delay(parse):
    """ "十 分钟 后 开 后备箱" opened the tailgate now: the words are one clause, and the delay is read."""
    result = parse("十 分钟 后 开 后备箱")
    assert result["actions"] == []
    assert [(e["after_s"], e["actions"][0]["capability"]) for e in result["schedule"]] == [(600, TAIL)]


# ---------------------------------------------------------------- the last read of the change
@pytest.mark.parametrize(
    "text",
    [
        # a negation before 只: forbidden, never the correction 只 makes after a list
        "不要 只开天窗",
        "别 只开后备箱",
        # a negation before a list with its verb last is the whole list's (it reached the first member:
        # the tailgate opened)
        "不要把天窗和后备箱打开",
        "别把空调和车窗都打开",
        "不要天窗和后备箱都打开",
        "不要把座椅加热和通风打开",
    ],
)
def test_a_negation_before_only_or_before_a_list_moves_nothing(parse, text):
    assert _acts(parse(text)) == [], text


def test_the_same_list_without_the_negation_still_opens_both(parse):
    assert _acts(parse("把天窗和后备箱打开")) == [
        (ROOF, "cabin", {"open_percent": 100}),
        (TAIL, "cabin", {"open": True}),
    ]


def test_a_question_mark_after_the_last_member_of_a_list_asks_the_list(parse):
    """ "open the window and the sunroof?" opened the window (the "?" reached the sunroof only)."""
    assert _acts(parse("open the window and the sunroof?")) == []
    assert len(_acts(parse("open the window and the sunroof"))) == 2
