"""Relative changes (DESIGN section 3): every adjust_* resolves per member against
its confirmed value to its twin's absolute command; explicit amounts are never
clamped, vague ones stop at the range end, and a member at the end is refused."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from vehicle.actions import Action, Command
from vehicle.amounts import Words, adjust_success
from vehicle.can.codec import FrameCodec
from vehicle.can.dbc import load_vehicle_dbc
from vehicle.plan import ADJUST, ADJUSTS, adjust_capabilities, resolve_adjust, to_commands, twin_of, validate_action
from vehicle.refusals import Reason, Refusal

#: adjust capability -> (a member, its value parameter, the delta parameter, min, max)
TWINS = {
    "climate.adjust_temperature": ("driver", "celsius", "delta_celsius", 16.0, 30.0),
    "climate.adjust_fan_speed": ("cabin", "level", "delta_level", 1, 7),
    "seat.adjust_heating": ("passenger", "level", "delta_level", 0, 3),
    "seat.adjust_ventilation": ("driver", "level", "delta_level", 0, 3),
    "window.adjust_position": ("rear_right", "open_percent", "delta_percent", 0, 100),
    "sunroof.adjust_position": ("cabin", "open_percent", "delta_percent", 0, 100),
    "sunshade.adjust_position": ("cabin", "open_percent", "delta_percent", 0, 100),
}


@dataclass
class Confirmed:
    """Confirmed values as the state store reports them (capability, member) -> params."""

    controls: dict = field(default_factory=dict)

    def control(self, capability, member):
        got = self.controls.get((capability, member))
        return dict(got) if got is not None else None


@pytest.fixture(scope="module")
def codec(catalog):
    return FrameCodec(load_vehicle_dbc(None, catalog))


def _state(cap, member, value):
    return Confirmed({(ADJUSTS[cap], member): {TWINS[cap][1]: value}})


def test_every_adjust_twin_is_known_and_the_old_name_still_works(catalog):
    assert adjust_capabilities(catalog) == ADJUSTS
    assert set(ADJUSTS) == set(TWINS)
    assert ADJUST == "climate.adjust_temperature" and ADJUST in ADJUSTS
    for cap, twin in ADJUSTS.items():
        t = twin_of(catalog, cap)
        assert (t.control, t.value, t.delta) == (twin, TWINS[cap][1], TWINS[cap][2])
        assert twin_of(catalog, twin) is None  # a set is not a relative change


@pytest.mark.parametrize("cap", sorted(TWINS))
def test_explicit_change_resolves_to_the_twin_command_and_encodes(catalog, codec, cap):
    member, value, delta, lo, hi = TWINS[cap]
    start = lo + (1 if isinstance(lo, int) else 2.0)
    step = 1 if isinstance(lo, int) else 0.5
    out = to_commands(catalog, _state(cap, member, start), Action(cap, member, {delta: step}))
    assert out == [Command(ADJUSTS[cap], member, {value: start + step})]
    assert type(out[0].parameters[value]) is type(lo)
    # no new CAN message: the adjust has none, its twin's carries the result
    assert cap not in codec.dbc.controls
    codec.encode_command(out[0], 3)


@pytest.mark.parametrize("cap", sorted(TWINS))
def test_no_confirmed_value_is_state_unknown(catalog, cap):
    member, value, delta, _, _ = TWINS[cap]
    for state in (
        Confirmed(),
        _state(cap, member, None),
        _state(cap, member, True),
        _state(cap, member, "22"),
        _state(cap, member, math.nan),
        Confirmed({(ADJUSTS[cap], member): {}}),
    ):
        [r] = to_commands(catalog, state, Action(cap, member, {delta: 1}))
        assert isinstance(r, Refusal) and r.reason == Reason.STATE_UNKNOWN, state
        assert r.message("en") and r.message("zh")


@pytest.mark.parametrize("cap", sorted(TWINS))
def test_explicit_amount_past_the_end_is_refused_never_clamped(catalog, cap):
    member, value, delta, lo, hi = TWINS[cap]
    near_top = hi - (1 if isinstance(hi, int) else 0.5)
    [up] = to_commands(catalog, _state(cap, member, near_top), Action(cap, member, {delta: 2}))
    assert isinstance(up, Refusal) and up.reason == Reason.OUT_OF_RANGE
    assert up.detail["current_value"] == near_top and up.detail["limit_value"] == hi
    near_bottom = lo + (1 if isinstance(lo, int) else 0.5)
    [down] = to_commands(catalog, _state(cap, member, near_bottom), Action(cap, member, {delta: -2}))
    assert isinstance(down, Refusal) and down.reason == Reason.OUT_OF_RANGE and down.detail["limit_value"] == lo


def test_explicit_refusal_names_current_value_and_limit(catalog):
    st = Confirmed(
        {
            ("climate.set_temperature", "driver"): {"celsius": 29.5},
            ("climate.set_fan_speed", "cabin"): {"level": 6},
            ("window.set_position", "driver"): {"open_percent": 80},
        }
    )
    r = resolve_adjust(catalog, st, "driver", 1.0)
    assert r.message("en") == (
        "Driver temperature is at 29.5 degrees, so raising it by 1 degree would go past "
        "the highest setting, 30 degrees."
    )
    assert r.message("zh") == "主驾温度现在是29.5度，调高1度会超过最高的30度。"
    fan = resolve_adjust(catalog, st, "cabin", 3, "climate.adjust_fan_speed")
    assert fan.message("en") == "Fan speed is at level 6, so raising it by 3 levels would go past the highest level, 7."
    assert fan.message("zh") == "风量现在是6档，调高3档会超过最高的7档。"
    win = resolve_adjust(catalog, st, "driver", 30, "window.adjust_position")
    assert win.message("en") == "Driver window is at 80 percent, so opening it by 30 percent would go past fully open."
    assert win.message("zh") == "主驾车窗现在是百分之80，开大百分之30会超过全开。"


@pytest.mark.parametrize("cap", sorted(TWINS))
def test_vague_change_stops_at_the_end_then_is_refused_there(catalog, cap):
    member, value, delta, lo, hi = TWINS[cap]
    near_top = hi - (1 if isinstance(hi, int) else 0.5)
    [cmd] = to_commands(catalog, _state(cap, member, near_top), Action(cap, member, {delta: 2}, vague=True))
    assert cmd == Command(ADJUSTS[cap], member, {value: hi})
    [at_end] = to_commands(catalog, _state(cap, member, hi), Action(cap, member, {delta: 1}, vague=True))
    assert isinstance(at_end, Refusal) and at_end.reason == Reason.OUT_OF_RANGE
    assert at_end.detail["limit_value"] == hi
    [floor] = to_commands(catalog, _state(cap, member, lo), Action(cap, member, {delta: -1}, vague=True))
    assert isinstance(floor, Refusal) and floor.detail["limit_value"] == lo
    # an explicit amount at the end is refused too (it would leave the range)
    [explicit] = to_commands(catalog, _state(cap, member, hi), Action(cap, member, {delta: 1}))
    assert isinstance(explicit, Refusal) and explicit.reason == Reason.OUT_OF_RANGE


def test_vague_at_the_end_says_so(catalog):
    st = Confirmed(
        {
            ("climate.set_fan_speed", "cabin"): {"level": 7},
            ("seat.set_heating", "driver"): {"level": 0},
            ("window.set_position", "passenger"): {"open_percent": 100},
            ("sunshade.set_position", "cabin"): {"open_percent": 0},
            ("climate.set_temperature", "rear_left"): {"celsius": 16.0},
        }
    )
    fan = resolve_adjust(catalog, st, "cabin", 1, "climate.adjust_fan_speed", vague=True)
    assert fan.message("en") == "Fan speed is already at its highest level, 7."
    assert fan.message("zh") == "风量已经是最高的7档。"
    seat = resolve_adjust(catalog, st, "driver", -1, "seat.adjust_heating", vague=True)
    assert seat.message("en") == "Driver seat heating is already at its lowest level, 0."
    assert seat.message("zh") == "主驾座椅加热已经是最低的0档。"
    win = resolve_adjust(catalog, st, "passenger", 20, "window.adjust_position", vague=True)
    assert win.message("en") == "Passenger window is already fully open."
    assert win.message("zh") == "副驾车窗已经全开了。"
    shade = resolve_adjust(catalog, st, "cabin", -20, "sunshade.adjust_position", vague=True)
    assert shade.message("en") == "Sunshade is already fully closed." and shade.message("zh") == "遮阳帘已经全关了。"
    temp = resolve_adjust(catalog, st, "rear_left", -0.5, vague=True)
    assert temp.message("en") == "Rear left temperature is already at its lowest setting, 16 degrees."


def test_fan_level_zero_is_not_a_level(catalog):
    st = Confirmed({("climate.set_fan_speed", "cabin"): {"level": 2}})
    assert validate_action(catalog, "climate.set_fan_speed", "cabin", {"level": 0}).reason == Reason.OUT_OF_RANGE
    assert resolve_adjust(catalog, st, "cabin", -3, "climate.adjust_fan_speed", vague=True) == Command(
        "climate.set_fan_speed", "cabin", {"level": 1}
    )
    r = resolve_adjust(catalog, st, "cabin", -2, "climate.adjust_fan_speed")
    assert isinstance(r, Refusal) and r.detail["limit_value"] == 1 and "lowest level, 1" in r.message("en")


def test_group_resolves_per_member(catalog):
    st = Confirmed(
        {
            ("window.set_position", "driver"): {"open_percent": 10},
            ("window.set_position", "passenger"): {"open_percent": 95},
            ("window.set_position", "rear_left"): {"open_percent": 100},
        }
    )
    action = validate_action(catalog, "window.adjust_position", "all", {"delta_percent": 20}, vague=True)
    out = to_commands(catalog, st, action)
    assert out[0] == Command("window.set_position", "driver", {"open_percent": 30})
    assert out[1] == Command("window.set_position", "passenger", {"open_percent": 100})
    assert out[2].reason == Reason.OUT_OF_RANGE and out[3].reason == Reason.STATE_UNKNOWN
    explicit = to_commands(catalog, st, Action("window.adjust_position", "all", {"delta_percent": 20}))
    assert [type(x).__name__ for x in explicit] == ["Command", "Refusal", "Refusal", "Refusal"]


def test_not_fitted_member_is_not_fitted_not_unknown(catalog):
    [r] = to_commands(catalog, Confirmed(), Action("seat.adjust_ventilation", "rear_left", {"delta_level": 1}))
    assert r.reason == Reason.NOT_FITTED


def test_confirmed_value_off_the_grid_is_not_a_safe_start(catalog):
    st = Confirmed(
        {("climate.set_temperature", "driver"): {"celsius": 22.3}, ("climate.set_fan_speed", "cabin"): {"level": 3.0}}
    )
    assert resolve_adjust(catalog, st, "driver", 0.5).reason == Reason.STATE_UNKNOWN
    # an integral float from a status decodes to the int the codec expects
    cmd = resolve_adjust(catalog, st, "cabin", 1, "climate.adjust_fan_speed")
    assert cmd == Command("climate.set_fan_speed", "cabin", {"level": 4}) and type(cmd.parameters["level"]) is int


def test_vague_flag_is_strict(catalog):
    ok = validate_action(catalog, "climate.adjust_fan_speed", None, {"delta_level": 1}, vague=True)
    assert isinstance(ok, Action) and ok.vague and ok.to_json()["vague"] is True
    for bad in ("yes", 1, None, [True]):
        r = validate_action(catalog, "climate.adjust_fan_speed", None, {"delta_level": 1}, vague=bad)
        assert isinstance(r, Refusal) and r.reason == Reason.INVALID_PARAMETER, bad
    r = validate_action(catalog, "climate.set_fan_speed", None, {"level": 3}, vague=True)
    assert isinstance(r, Refusal) and r.reason == Reason.INVALID_PARAMETER


def test_adjust_success_names_where_it_ended():
    fan = adjust_success(Words("fan speed", "风量"), "level", "delta_level", 1, [5])
    assert (fan.en, fan.zh) == ("Fan speed raised to level 5.", "风量已调高到5档。")
    temps = adjust_success(
        Words("temperature in all zones", "全车温度"), "celsius", "delta_celsius", -2.0, [20.0, 21.5]
    )
    assert (temps.en, temps.zh) == ("Temperature in all zones lowered by 2 degrees.", "全车温度已调低2度。")
    win = adjust_success(Words("driver window", "主驾车窗"), "open_percent", "delta_percent", 30, [60])
    assert (win.en, win.zh) == ("Driver window opened to 60 percent.", "主驾车窗已开大到百分之60。")
    shut = adjust_success(Words("sunroof", "天窗"), "open_percent", "delta_percent", -100, [0])
    assert (shut.en, shut.zh) == ("Sunroof closed.", "天窗已关闭。")


def _grid(lo, hi, step):
    n = int(round((hi - lo) / step))
    return st.integers(0, n).map(lambda k: lo + k * step if isinstance(lo, float) else lo + k)


@settings(max_examples=300, deadline=None)
@given(data=st.data(), cap=st.sampled_from(sorted(TWINS)), vague=st.booleans())
def test_property_explicit_exact_vague_clamped_always_encodable(catalog, codec, data, cap, vague):
    """Whatever the start and amount: an explicit result is exactly start+delta
    or a refusal, a vague one moves the asked way and stays in range, and every
    command encodes through the real DBC codec."""
    member, value, delta_name, lo, hi = TWINS[cap]
    step = 0.5 if isinstance(lo, float) else 1
    dparam = catalog.capabilities[cap].parameters[delta_name]
    start = data.draw(_grid(lo, hi, step))
    delta = data.draw(
        _grid(float(dparam.min), float(dparam.max), 0.5)
        if step == 0.5
        else st.integers(int(dparam.min), int(dparam.max))
    )
    action = validate_action(catalog, cap, member, {delta_name: delta}, vague=vague)
    if isinstance(action, Refusal):
        assert delta == 0
        return
    [out] = to_commands(catalog, _state(cap, member, start), action)
    if isinstance(out, Refusal):
        assert out.reason == Reason.OUT_OF_RANGE
        assert not (lo <= start + delta <= hi) if not vague else start == (hi if delta > 0 else lo)
        return
    got = out.parameters[value]
    assert lo <= got <= hi and (got > start if delta > 0 else got < start)
    if not vague:
        assert got == start + delta
    else:
        assert got == min(start + delta, hi) if delta > 0 else got == max(start + delta, lo)
    codec.encode_command(out, 0)


def test_adjust_sentence_for_the_executor(catalog):
    from vehicle.adjust import adjust_sentence

    assert (
        adjust_sentence(catalog, "climate.adjust_fan_speed", "cabin", {"delta_level": 1}, [5], "en")
        == "Fan speed raised to level 5."
    )
    assert (
        adjust_sentence(
            catalog, "climate.adjust_temperature", "all", {"delta_celsius": 1.0}, [23.0, 23.0, 23.0, 23.0], "zh"
        )
        == "全车温度已调高到23度。"
    )
    assert (
        adjust_sentence(catalog, "window.adjust_position", "passenger", {"delta_percent": -30}, [20], "zh")
        == "副驾车窗已关小到百分之20。"
    )
    assert adjust_sentence(catalog, "climate.set_fan_speed", "cabin", {"level": 5}, [5], "en") is None
    assert adjust_sentence(catalog, "climate.adjust_fan_speed", "cabin", {"delta_level": 1}, [], "en") is None
