"""Understanding v3 through the real service (issue 17's defects, DESIGN §4 rev 3).

Each case goes in as words (no assistant: the offline path, where the parser
alone decides) and is checked on what the simulated ECU itself holds and on
the command frames the service wrote: a piece no one could read never lets a
command through, a negation reaches only its own clause, a hedge asks, a
correction acts, an unknown request never hides a known one.
"""

from __future__ import annotations

import pytest


def say(c, sid: str, text: str) -> dict:
    r = c.post(f"/api/v1/sessions/{sid}/messages", json={"text": text})
    assert r.status_code == 200, r.text
    return r.json()


def say_from(c, text: str, seat: str):
    """`text` said from `seat` in a new session; the response (asserted 200)."""
    sid = c.post("/api/v1/sessions").json()["session_id"]
    r = c.post(f"/api/v1/sessions/{sid}/messages", json={"text": text, "seat": seat})
    assert r.status_code == 200, r.text
    return r


def tap(c, capability: str, target: str, **parameters) -> None:
    r = c.post("/api/v1/actions", json={"capability": capability, "target": target, "parameters": parameters})
    assert r.json()["status"] == "applied", r.text


def ecu(svc, capability: str, member: str) -> dict:
    return svc.runtime.simulator.control(capability, member)


@pytest.fixture
def car(inproc, command_ids):
    """Parked, child lock off, every opening closed, AC and climate off, fan at 2."""
    with inproc.client() as c:
        assert c.put("/api/v1/sim/vehicle", json={"speed_kph": 0, "gear": "P", "child_lock": False}).status_code == 200
        tap(c, "tailgate.set", "cabin", open=False)
        tap(c, "sunroof.set_position", "cabin", open_percent=0)
        for member in ("driver", "passenger", "rear_left", "rear_right"):
            tap(c, "window.set_position", member, open_percent=0)
        tap(c, "climate.power", "cabin", on=False)
        tap(c, "climate.set_fan_speed", "cabin", level=2)
    inproc.frames = lambda: len(inproc.command_frames(command_ids))
    return inproc


def _nothing_moves(car, text: str) -> dict:
    with car.client() as c:
        sid = c.post("/api/v1/sessions").json()["session_id"]
        before = car.frames()
        reply = say(c, sid, text)
        assert car.frames() == before, f"{text!r} sent a command frame: {reply}"
        assert [a for a in reply["actions"] if a["status"] == "applied"] == [], text
    assert ecu(car, "tailgate.set", "cabin")["open"] is False, text
    assert ecu(car, "sunroof.set_position", "cabin")["open_percent"] == 0, text
    return reply


@pytest.mark.parametrize(
    "text",
    [
        "open the tailgate, nope",
        "open the tailgate, nah",
        "open the tailgate, hold on",
        "open the tailgate, oops wrong one",
        "打开天窗，no",
        "打开天窗，哦不",
        "打开天窗，没事了",
        "打开天窗，当我没说",
    ],
)
def test_an_unread_piece_after_a_command_holds_it(car, text):
    """§4: unknown words never act; a short piece after a command holds its sentence."""
    _nothing_moves(car, text)


@pytest.mark.parametrize(
    "text",
    [
        "don't 打开后备箱",
        "maybe open the tailgate",
        "open the sunroof, maybe",
        "要不开下天窗",
        "我自己开后备箱",
        "open the tailgate?",
        "开后备箱？",
    ],
)
def test_mixed_negation_hedges_and_statements_move_nothing(car, text):
    _nothing_moves(car, text)


def test_an_unpunctuated_condition_holds_the_whole_text(car):
    _nothing_moves(car, "open the passenger window when we get home open the tailgate")
    assert ecu(car, "window.set_position", "passenger")["open_percent"] == 0


@pytest.mark.parametrize(
    "text,held",
    [
        ("打开车窗别动后备箱打开空调", ("tailgate.set", "open")),
        ("关上车窗别动天窗打开空调", ("sunroof.set_position", "open_percent")),
    ],
)
def test_a_chinese_run_on_negation_reaches_only_its_own_clause(car, text, held):
    with car.client() as c:
        if text.startswith("关上"):
            tap(c, "window.set_position", "driver", open_percent=50)
        sid = c.post("/api/v1/sessions").json()["session_id"]
        reply = say(c, sid, text)
    applied = {a["capability"] for a in reply["actions"] if a["status"] == "applied"}
    assert applied == {"window.set_position", "climate.power"}, reply
    assert ecu(car, "climate.power", "cabin")["on"] is True
    expected = 100 if text.startswith("打开") else 0
    assert ecu(car, "window.set_position", "driver")["open_percent"] == expected
    capability, parameter = held
    assert ecu(car, capability, "cabin")[parameter] in (False, 0)


def test_an_exclusion_after_the_group_keeps_the_driver_window_closed(car):
    with car.client() as c:
        sid = c.post("/api/v1/sessions").json()["session_id"]
        reply = say(c, sid, "open all windows, driver excluded")
    assert sorted(a["target"] for a in reply["actions"] if a["status"] == "applied") == [
        "passenger",
        "rear_left",
        "rear_right",
    ]
    assert ecu(car, "window.set_position", "driver")["open_percent"] == 0
    assert ecu(car, "window.set_position", "passenger")["open_percent"] == 100


@pytest.mark.parametrize("text", ["open the window and no trunk", "open the windows but no trunk", "no trunk please"])
def test_no_before_the_trunk_never_opens_it(car, text):
    """ "and no trunk" was read as "…, no, the trunk": the window taken back, the trunk opened."""
    with car.client() as c:
        sid = c.post("/api/v1/sessions").json()["session_id"]
        say(c, sid, text)
    assert ecu(car, "tailgate.set", "cabin")["open"] is False, text


@pytest.mark.parametrize(
    "text",
    ["close the windows except the rear, and the rear to 30", "关闭所有车窗 除了后排 后排开到30"],
)
def test_a_member_left_out_and_named_again_gets_what_it_was_told(car, text):
    """The front windows went to 30 % (the second clause swallowed by the exclusion's list),
    then the rear ones were refused as "said not to change" (the exclusion's negation)."""
    with car.client() as c:
        tap(c, "window.set_position", "driver", open_percent=60)
        tap(c, "window.set_position", "passenger", open_percent=60)
        sid = c.post("/api/v1/sessions").json()["session_id"]
        reply = say(c, sid, text)
    assert reply["actions"] and all(a["status"] == "applied" for a in reply["actions"]), reply
    assert [ecu(car, "window.set_position", m)["open_percent"] for m in ("driver", "passenger")] == [0, 0]
    assert [ecu(car, "window.set_position", m)["open_percent"] for m in ("rear_left", "rear_right")] == [30, 30]


@pytest.mark.parametrize(
    "text,capability,parameter,value",
    [
        ("open the sunroof no wait close the sunroof", "sunroof.set_position", "open_percent", 0),
        ("打开天窗 不对 关上天窗", "sunroof.set_position", "open_percent", 0),
        ("set the fan to 3 no 4", "climate.set_fan_speed", "level", 4),
    ],
)
def test_a_self_correction_acts_on_the_correction(car, text, capability, parameter, value):
    with car.client() as c:
        tap(c, "sunroof.set_position", "cabin", open_percent=100)
        sid = c.post("/api/v1/sessions").json()["session_id"]
        reply = say(c, sid, text)
    [action] = reply["actions"]
    assert action["status"] == "applied", reply
    assert ecu(car, capability, "cabin")[parameter] == value
    assert "not to change" not in reply["reply_text"]


@pytest.mark.parametrize(
    "text,capability,parameter,value",
    [
        ("关闭大灯播放音乐打开空调", "climate.power", "on", True),
        ("navigate home and turn on the climate", "climate.power", "on", True),
        ("air circulation on", "climate.set_recirculation", "on", True),
        ("打開車窗", "window.set_position", "open_percent", 100),
        ("uh turn on the um climate", "climate.power", "on", True),
    ],
)
def test_strangers_words_act(car, text, capability, parameter, value):
    """Frames in any order, Traditional Chinese, fillers, and an unknown request
    that no longer hides the known one (the unknown one is not done)."""
    with car.client() as c:
        sid = c.post("/api/v1/sessions").json()["session_id"]
        reply = say(c, sid, text)
    member = "driver" if capability.startswith("window") else "cabin"
    assert ecu(car, capability, member)[parameter] == value, reply


@pytest.mark.parametrize(
    "text", ["百度浏览器打开", "你好零度打开录像", "cancel my 5:30 pm table reservation", "85度c", "turn it up please"]
)
def test_names_clock_times_and_bare_pronouns_set_nothing(car, text):
    with car.client() as c:
        sid = c.post("/api/v1/sessions").json()["session_id"]
        before = car.frames()
        reply = say(c, sid, text)
    assert car.frames() == before and reply["actions"] == [], reply


@pytest.mark.parametrize(
    "text,capability,place",
    [
        ("ac on in the rear right only", "climate.set_ac", "rear_right"),
        ("hvac off in the back only", "climate.power", "rear"),
        ("set my rear fans to 3", "climate.set_fan_speed", "rear"),
        ("后排风量调到三档", "climate.set_fan_speed", "rear"),
    ],
)
def test_a_place_the_control_lacks_is_refused_by_name_never_widened(car, text, capability, place):
    """The car has one cabin AC, fan and climate: "rear only" is understood and
    refused for that place; the one cabin control is never set instead."""
    with car.client() as c:
        tap(c, "climate.power", "cabin", on=True)
        sid = c.post("/api/v1/sessions").json()["session_id"]
        before = car.frames()
        fan, power, ac = (
            ecu(car, cap, "cabin") for cap in ("climate.set_fan_speed", "climate.power", "climate.set_ac")
        )
        reply = say(c, sid, text)
        assert car.frames() == before, reply
    [action] = reply["actions"]
    assert (action["capability"], action["target"], action["status"]) == (capability, place, "rejected"), reply
    assert action["reason"] == "unknown_target", reply
    assert "no such position" in reply["reply_text"] or "没有这个位置" in reply["reply_text"], reply
    after = tuple(ecu(car, cap, "cabin") for cap in ("climate.set_fan_speed", "climate.power", "climate.set_ac"))
    assert after == (fan, power, ac)


@pytest.mark.parametrize(
    "text,capability,parameter,value",
    [
        ("can i turn on the climate", "climate.power", "on", True),
        ("is it possible to set the fan to 5", "climate.set_fan_speed", "level", 5),
        ("power on the cool", "climate.set_ac", "on", True),
        ("switch to outside air", "climate.set_recirculation", "on", False),
        ("风量降到底", "climate.set_fan_speed", "level", 1),
    ],
)
def test_leave_asked_cool_fresh_air_and_the_bottom_act(car, text, capability, parameter, value):
    """Asking leave is a request like "could you"; "cool" switched is the AC;
    outside air is the recirculation off; 到底 with a down verb is the lowest level."""
    with car.client() as c:
        tap(c, "climate.set_recirculation", "cabin", on=True)
        tap(c, "climate.set_fan_speed", "cabin", level=4)
        sid = c.post("/api/v1/sessions").json()["session_id"]
        reply = say(c, sid, text)
    assert ecu(car, capability, "cabin")[parameter] == value, reply


@pytest.mark.parametrize("text", ["switch the auto air conditioning system to off", "stop changing the fan"])
def test_another_control_and_a_stop_of_doing_move_nothing(car, text):
    """ "auto" makes the control another one the catalog lacks; "stop changing" forbids."""
    with car.client() as c:
        tap(c, "climate.power", "cabin", on=True)
        tap(c, "climate.set_ac", "cabin", on=True)
        sid = c.post("/api/v1/sessions").json()["session_id"]
        before = car.frames()
        reply = say(c, sid, text)
        assert car.frames() == before, reply
    assert ecu(car, "climate.set_ac", "cabin")["on"] is True


@pytest.mark.parametrize(
    "text,opened",
    [
        ("open my rear left window", ["rear_left"]),
        ("打开我的左后车窗", ["rear_left"]),
        ("open my window and the rear left one", ["driver", "rear_left"]),
    ],
)
def test_my_before_a_place_is_the_cars_not_the_speakers_too(car, text, opened):
    """From the driver's seat, "my rear left window" is that window of my car: the
    driver's own window stays closed (it used to open as well)."""
    with car.client() as c:
        r = say_from(c, text, "driver")
    for member in ("driver", "passenger", "rear_left", "rear_right"):
        want = 100 if member in opened else 0
        assert ecu(car, "window.set_position", member)["open_percent"] == want, (text, member, r.json())


@pytest.mark.parametrize(
    "text,opened",
    [
        ("open all windows except my rear left one", ["driver", "passenger", "rear_right"]),
        ("除了我的左后车窗 其他车窗都打开", ["driver", "passenger", "rear_right"]),
        ("open all windows except mine", ["passenger", "rear_left", "rear_right"]),
    ],
)
def test_an_exclusion_of_my_place_keeps_that_window_closed(car, text, opened):
    """ "except my rear left one" excludes the rear-left window (it used to exclude
    the speaker's own and open the rear left)."""
    with car.client() as c:
        r = say_from(c, text, "driver")
    for member in ("driver", "passenger", "rear_left", "rear_right"):
        want = 100 if member in opened else 0
        assert ecu(car, "window.set_position", member)["open_percent"] == want, (text, member, r.json())


@pytest.mark.parametrize("text", ["remind me to open the tailgate", "提醒我打开后备箱"])
def test_a_reminder_opens_nothing_now(car, text):
    _nothing_moves(car, text)


@pytest.mark.parametrize(
    "text",
    [
        "open my rear left window no wait close it",
        "打开我的左后车窗 不对 关上",
        "open the rear left window, no wait, close it",
        "打开左后车窗，不对，关上",
    ],
)
def test_a_correction_that_names_no_place_acts_on_the_place_just_named(car, text):
    """ "no wait close it" closes the rear-left window that was just named; it used to
    close the driver's window (the control's default member), which no one named."""
    with car.client() as c:
        tap(c, "window.set_position", "driver", open_percent=50)
        tap(c, "window.set_position", "rear_left", open_percent=100)
        r = say_from(c, text, "driver")
    assert ecu(car, "window.set_position", "rear_left")["open_percent"] == 0, (text, r.json())
    assert ecu(car, "window.set_position", "driver")["open_percent"] == 50, (text, r.json())
    for member in ("passenger", "rear_right"):
        assert ecu(car, "window.set_position", member)["open_percent"] == 0, (text, member)


def test_open_and_close_of_one_window_in_one_breath_moves_nothing(car):
    """ "open the rear left window and close it": two ways for one window, the rear left
    one (it used to open that one and close the driver's)."""
    with car.client() as c:
        tap(c, "window.set_position", "driver", open_percent=50)
        sid = c.post("/api/v1/sessions").json()["session_id"]
        before = car.frames()
        r = c.post(f"/api/v1/sessions/{sid}/messages", json={"text": "open the rear left window and close it"})
        assert r.status_code == 200, r.text
        assert car.frames() == before, r.json()
    assert ecu(car, "window.set_position", "driver")["open_percent"] == 50
    assert ecu(car, "window.set_position", "rear_left")["open_percent"] == 0


@pytest.mark.parametrize(
    "text,unplaced",
    [
        ("打开天窗调到记忆座椅二打开空调", "记忆座椅"),
        ("打开豪华模式空调风量调到三档", "豪华模式"),
        ("关闭车窗导航到公司打开空调", "导航到公司"),
    ],
)
def test_an_unknown_request_inside_a_chinese_run_on_hides_neither_neighbour(car, text, unplaced):
    """Unpunctuated, a request the catalog lacks (a seat memory, a mode this car has not,
    navigation) stands between known ones: those act, it is named as not done (the whole
    run-on used to be left unread, or "到公司" held it all as a condition)."""
    with car.client() as c:
        tap(c, "window.set_position", "driver", open_percent=100)
        sid = c.post("/api/v1/sessions").json()["session_id"]
        reply = say(c, sid, text)
    assert ecu(car, "climate.power", "cabin")["on"] is True or ecu(car, "climate.set_fan_speed", "cabin")["level"] == 3
    if text.startswith("打开天窗"):
        assert ecu(car, "sunroof.set_position", "cabin")["open_percent"] == 100, reply
    if text.startswith("关闭车窗"):
        assert ecu(car, "window.set_position", "driver")["open_percent"] == 0, reply
    assert unplaced in reply["reply_text"], reply
    assert ecu(car, "tailgate.set", "cabin")["open"] is False


@pytest.mark.parametrize("text", ["cool", "so cool", "cool, thanks", "hot", "cold"])
def test_a_plain_cool_or_warm_with_no_verb_changes_no_temperature(car, text):
    """ "cool" answers or exclaims: it used to lower every zone by a degree."""
    with car.client() as c:
        sid = c.post("/api/v1/sessions").json()["session_id"]
        before = car.frames()
        reply = say(c, sid, text)
        assert car.frames() == before, reply
        assert [a for a in reply["actions"] if a["status"] == "applied"] == [], reply


@pytest.mark.parametrize(
    "text,member,sign",
    [
        ("make the left side warm", "driver", 1),
        ("warm the passenger side up a little", "passenger", 1),
        ("make it cool on the driver side", "driver", -1),
    ],
)
def test_make_a_zone_warm_or_cool_changes_that_zone_only(car, text, member, sign):
    with car.client() as c:
        tap(c, "climate.set_temperature", "all", celsius=22.0)
        sid = c.post("/api/v1/sessions").json()["session_id"]
        reply = say(c, sid, text)
    for zone in ("driver", "passenger"):
        want = 22.0 + sign if zone == member else 22.0
        assert ecu(car, "climate.set_temperature", zone)["celsius"] == want, (text, zone, reply)


@pytest.mark.parametrize(
    "text,capability,member,others,parameter,value",
    [
        ("导航回家副驾车窗打开", "window.set_position", "passenger", ("driver", "rear_left"), "open_percent", 100),
        ("播放音乐主驾温度调到二十六度", "climate.set_temperature", "driver", ("passenger",), "celsius", 26.0),
    ],
)
def test_a_place_after_an_unknown_request_stays_with_its_own_command(
    car, text, capability, member, others, parameter, value
):
    """The place word that starts the known command belongs to it: "导航回家副驾车窗打开"
    used to open the driver's window (副驾 was dropped with the navigation request), and
    "播放音乐主驾温度调到二十六度" set every zone."""
    with car.client() as c:
        tap(c, "climate.set_temperature", "all", celsius=22.0)
        sid = c.post("/api/v1/sessions").json()["session_id"]
        reply = say(c, sid, text)
    assert ecu(car, capability, member)[parameter] == value, reply
    for other in others:
        assert ecu(car, capability, other)[parameter] == (0 if parameter == "open_percent" else 22.0), (other, reply)


def _windows(car) -> dict[str, int]:
    return {
        m: ecu(car, "window.set_position", m)["open_percent"]
        for m in ("driver", "passenger", "rear_left", "rear_right")
    }


@pytest.mark.parametrize(
    "text,seat",
    [
        ("停好车再打开后备箱", "driver"),
        ("at 6 open the tailgate", "driver"),
        ("只要温度超过30度就开空调", "driver"),
        ("吃完饭再打开车窗", "driver"),
        ("close the window at 9", "driver"),
        ("open the window not mine the passengers", "driver"),
        ("不是主驾 是副驾 打开车窗", "driver"),
        ("打开座椅加热 不是我的 是主驾的", "passenger"),
    ],
)
def test_red_team_a_held_or_denied_command_moves_nothing(car, text, seat):
    """A condition (停好车再, 只要…就, 吃完饭再), a bare clock hour ("at 6", "at 9") or a member
    denied with no control ("not mine the passenger's", 不是主驾) holds the command: each used
    to act now, on the denied member where there was one."""
    with car.client() as c:
        tap(c, "window.set_position", "driver", open_percent=50)
        sid = c.post("/api/v1/sessions").json()["session_id"]
        before = car.frames()
        r = c.post(f"/api/v1/sessions/{sid}/messages", json={"text": text, "seat": seat})
        assert r.status_code == 200, r.text
        assert car.frames() == before, r.json()
    assert _windows(car) == {"driver": 50, "passenger": 0, "rear_left": 0, "rear_right": 0}
    assert ecu(car, "tailgate.set", "cabin")["open"] is False
    assert ecu(car, "seat.set_heating", "passenger")["level"] == 0


@pytest.mark.parametrize(
    "text,opened",
    [
        ("打开副驾后面的车窗", {"rear_right"}),
        ("open the left side rear window", {"rear_left"}),
        ("打开前挡玻璃", set()),
        ("打开左后车窗 我是说右后车窗", {"rear_right"}),
        ("打开车窗 我是说真的", {"driver"}),  # "I mean it" takes nothing back
        ("open the rear window on the right side", {"rear_right"}),
        ("打开我后面的车窗", set()),
    ],
)
def test_red_team_one_member_named_one_member_moves(car, text, opened):
    """ "behind the passenger" is the rear right; "left side rear" one window; the windshield
    no side window; 我是说 corrects what came before (each moved two or three windows)."""
    with car.client() as c:
        sid = c.post("/api/v1/sessions").json()["session_id"]
        reply = say(c, sid, text)
    assert {m for m, v in _windows(car).items() if v} == opened, reply


def test_red_team_i_mean_takes_back_the_tailgate(car):
    with car.client() as c:
        sid = c.post("/api/v1/sessions").json()["session_id"]
        reply = say(c, sid, "打开后备箱 我是说天窗")
    assert ecu(car, "tailgate.set", "cabin")["open"] is False, reply
    assert ecu(car, "sunroof.set_position", "cabin")["open_percent"] == 100, reply


def test_red_team_dou_over_a_list_is_both_not_every_seat(car):
    """把空调和座椅加热都打开: 都 spans the two controls; it used to heat all four seats."""
    with car.client() as c:
        sid = c.post("/api/v1/sessions").json()["session_id"]
        reply = say(c, sid, "把空调和座椅加热都打开")
    for member in ("passenger", "rear_left", "rear_right"):
        assert ecu(car, "seat.set_heating", member)["level"] == 0, (member, reply)


@pytest.mark.parametrize("text", ["副驾冷", "副驾热", "the pet is hot"])
def test_red_team_how_a_seat_or_the_pet_feels_is_no_command(car, text):
    """ "副驾冷" (the passenger is cold) used to lower the passenger's temperature, the
    opposite of what helps; "the pet is hot" used to start pet mode."""
    with car.client() as c:
        tap(c, "climate.set_temperature", "all", celsius=22.0)
        sid = c.post("/api/v1/sessions").json()["session_id"]
        reply = say(c, sid, text)
    assert ecu(car, "climate.set_temperature", "passenger")["celsius"] >= 22.0, reply
    assert [a for a in reply["actions"] if a["capability"] == "mode.activate"] == [], reply


def test_red_team_the_place_said_first_is_the_lists(car):
    """副驾车窗和座椅加热都打开: the passenger's seat heating, never the driver's."""
    with car.client() as c:
        tap(c, "seat.set_heating", "driver", level=0)
        sid = c.post("/api/v1/sessions").json()["session_id"]
        reply = say(c, sid, "副驾车窗和座椅加热都打开")
    assert ecu(car, "seat.set_heating", "driver")["level"] == 0, reply
    assert ecu(car, "seat.set_heating", "passenger")["level"] > 0, reply


def test_red_team_a_hot_pet_is_a_need_not_pet_mode(car):
    """宠物太热了: the need is answered (cooler), pet mode is not started."""
    with car.client() as c:
        sid = c.post("/api/v1/sessions").json()["session_id"]
        reply = say(c, sid, "宠物太热了")
    assert [a for a in reply["actions"] if a["capability"] == "mode.activate"] == [], reply


@pytest.mark.parametrize(
    "text,heated",
    [
        ("打开副驾车窗 它的座椅加热也打开", {"passenger"}),
        ("open the passenger window and turn on her seat heating", {"passenger"}),
        ("turn on her seat heating", set()),
        ("打开她的座椅加热", set()),
    ],
)
def test_red_team_whose_seat_is_the_place_just_named_never_the_drivers(car, text, heated):
    """ "its"/"her" seat heating is that of the member just named; with none named, no one
    can tell whose it is (it used to heat the driver's seat)."""
    with car.client() as c:
        for member in ("driver", "passenger"):
            tap(c, "seat.set_heating", member, level=0)
        r = say_from(c, text, "driver")
    on = {m for m in ("driver", "passenger") if ecu(car, "seat.set_heating", m)["level"] > 0}
    assert on == heated, r.json()


@pytest.mark.parametrize(
    "text,opened",
    [
        ("除了主驾 车窗打开", set()),
        ("除了我 开窗", set()),
        ("除开主驾 全部车窗打开", {"passenger", "rear_left", "rear_right"}),
        ("open the windows but not the drivers", {"passenger", "rear_left", "rear_right"}),
        ("but the passenger open the windows", {"driver", "rear_left", "rear_right"}),
        ("副驾的狗热 打开它的窗", {"passenger"}),
        ("open all windows not the drivers", {"passenger", "rear_left", "rear_right"}),
        ("but the driver windows down", set()),
        ("except 主驾 车窗打开", set()),
    ],
)
def test_red_team_the_member_left_out_stays_as_it_is(car, text, opened):
    """An exclusion said but not read ("除了主驾 车窗打开": besides, or except?) holds; one read
    leaves its member out. Each used to move the excluded window (or the speaker's)."""
    with car.client() as c:
        r = say_from(c, text, "driver")
    assert {m for m, v in _windows(car).items() if v} == opened, r.json()


def test_red_team_a_duration_of_one_of_two_commands_schedules_neither(car):
    """ "open the tailgate for 2 minutes and close the windows": the duration used to undo the
    windows too, reopening them after two minutes; now nothing is done or scheduled."""
    with car.client() as c:
        tap(c, "window.set_position", "driver", open_percent=50)
        sid = c.post("/api/v1/sessions").json()["session_id"]
        # the service is shared by the module: other tests' (cancelled) jobs are listed too
        before = {j["id"] for j in c.get("/api/v1/jobs").json().get("jobs", [])}
        reply = say(c, sid, "open the tailgate for 2 minutes and close the windows")
        assert [j for j in c.get("/api/v1/jobs").json().get("jobs", []) if j["id"] not in before] == [], reply
    assert ecu(car, "tailgate.set", "cabin")["open"] is False
    assert _windows(car)["driver"] == 50


@pytest.mark.parametrize("text", ["the passenger is cold", "副驾冷死了", "the kids in the back are freezing"])
def test_red_team_someone_elses_need_warms_nothing_of_the_speakers(car, text):
    """From the driver's seat, "the passenger is cold" used to state the driver's need: the
    offline plan then heated the driver's seat and zone."""
    with car.client() as c:
        tap(c, "seat.set_heating", "driver", level=0)
        tap(c, "climate.set_temperature", "all", celsius=22.0)
        r = say_from(c, text, "driver")
    assert ecu(car, "seat.set_heating", "driver")["level"] == 0, r.json()
    assert ecu(car, "climate.set_temperature", "driver")["celsius"] == 22.0, r.json()
