"""Exact-step validation (issue 8 defect d, DESIGN section 5 step 5).

A value is checked exactly as the encoder will encode it: what
``validate_action`` accepts, the real DBC codec carries unchanged; what the
codec would refuse (22.4999999999) is refused here, per action, with the
allowed range and step, never coerced."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from vehicle.actions import Action, Command
from vehicle.can.codec import FrameCodec
from vehicle.can.dbc import load_vehicle_dbc
from vehicle.can.errors import CodecError
from vehicle.plan import validate_action
from vehicle.refusals import Reason, Refusal


@pytest.fixture(scope="module")
def codec(catalog):
    return FrameCodec(load_vehicle_dbc(None, catalog))


@pytest.mark.parametrize("value", [22.4999999999, 22.5000000001, 22.25, 16.1, 29.75, 30.000000001, 15.999999999])
def test_off_grid_temperature_is_refused_with_range_and_step(catalog, codec, value):
    r = validate_action(catalog, "climate.set_temperature", "driver", {"celsius": value})
    assert isinstance(r, Refusal) and r.reason == Reason.OUT_OF_RANGE
    assert "from 16 to 30 degrees, in half-degree steps" in r.message("en")
    assert "16到30度，步长半度" in r.message("zh")
    assert repr(value) in r.message("en")  # the value as given, not a rounded one
    # the codec agrees: this value would not survive encoding
    with pytest.raises(CodecError):
        codec.encode_command(Command("climate.set_temperature", "driver", {"celsius": value}), 1)


@pytest.mark.parametrize("value", [math.nan, math.inf, -math.inf, float("1e309")])
def test_non_finite_numbers_are_refused_with_range(catalog, value):
    for cap, param in (("climate.set_temperature", "celsius"), ("climate.adjust_temperature", "delta_celsius")):
        r = validate_action(catalog, cap, "driver", {param: value})
        assert isinstance(r, Refusal) and r.reason == Reason.INVALID_PARAMETER
        assert "half-degree steps" in r.message("en") and "步长半度" in r.message("zh")


@pytest.mark.parametrize(
    "cap,target,param,value,reason",
    [
        ("climate.set_fan_speed", "cabin", "level", True, Reason.INVALID_PARAMETER),  # bool is never an int
        ("climate.set_fan_speed", "cabin", "level", False, Reason.INVALID_PARAMETER),
        ("climate.set_fan_speed", "cabin", "level", 3.0, Reason.INVALID_PARAMETER),  # JSON numbers are typed
        ("climate.set_fan_speed", "cabin", "level", 10**30, Reason.OUT_OF_RANGE),
        ("climate.set_fan_speed", "cabin", "level", "3", Reason.INVALID_PARAMETER),
        ("climate.set_fan_speed", "cabin", "level", None, Reason.INVALID_PARAMETER),
        ("climate.set_temperature", "driver", "celsius", True, Reason.INVALID_PARAMETER),
        ("climate.set_temperature", "driver", "celsius", [22.0], Reason.INVALID_PARAMETER),
        ("climate.set_temperature", "driver", "celsius", {"v": 22}, Reason.INVALID_PARAMETER),
        ("climate.adjust_temperature", "all", "delta_celsius", -0.0, Reason.OUT_OF_RANGE),
        ("climate.adjust_temperature", "all", "delta_celsius", 5e-324, Reason.OUT_OF_RANGE),
        ("climate.adjust_temperature", "all", "delta_celsius", 0.25, Reason.OUT_OF_RANGE),
        ("climate.adjust_fan_speed", "cabin", "delta_level", 0, Reason.OUT_OF_RANGE),
        ("window.set_position", "driver", "open_percent", 50.5, Reason.INVALID_PARAMETER),
        ("window.adjust_position", "driver", "delta_percent", -101, Reason.OUT_OF_RANGE),
        ("climate.set_ac", "cabin", "on", 1, Reason.INVALID_PARAMETER),  # an int is never a bool
        ("climate.set_ac", "cabin", "on", 0, Reason.INVALID_PARAMETER),
        ("climate.set_ac", "cabin", "on", "true", Reason.INVALID_PARAMETER),
        ("ambient_light.set", "cabin", "color", "Blue", Reason.INVALID_PARAMETER),
        ("ambient_light.set", "cabin", "brightness", 100.0, Reason.INVALID_PARAMETER),
    ],
)
def test_hostile_values_are_refused_never_coerced(catalog, cap, target, param, value, reason):
    r = validate_action(catalog, cap, target, {param: value})
    assert isinstance(r, Refusal), r
    assert r.reason == reason
    assert r.message("en") and r.message("zh")


def test_one_bad_action_is_refused_alone(catalog):
    """Per action: a bad value in one action says nothing about the next."""
    results = [
        validate_action(catalog, "climate.set_temperature", "all", {"celsius": 22.4999999999}),
        validate_action(catalog, "window.set_position", "driver", {"open_percent": 30}),
    ]
    assert isinstance(results[0], Refusal)
    assert results[1] == Action("window.set_position", "driver", {"open_percent": 30})


def test_every_grid_value_is_accepted_and_encodes(catalog, codec):
    """The check is exact, not stricter than the codec: the whole grid passes."""
    for cap in codec.dbc.controls:
        for name, param in catalog.capabilities[cap].parameters.items():
            if param.type not in ("int", "float"):
                continue
            step = param.effective_step
            n = int(round((param.max - param.min) / step))
            for k in range(n + 1):
                value = param.min + k * step if param.type == "float" else int(param.min) + k
                member = catalog.fitted_members(cap)[0]
                action = validate_action(catalog, cap, member, {name: value})
                assert isinstance(action, Action), (cap, value)
                codec.encode_command(Command(cap, member, {name: value}), k % 16)


def _values(param):
    """Everything a model might send for one parameter, biased to the edges."""
    anything = st.one_of(
        st.none(),
        st.booleans(),
        st.integers(),
        st.floats(),
        st.text(max_size=8),
        st.sampled_from(["on", "true", "1", "red", "blue", "white"]),
    )
    if param.type not in ("int", "float"):
        return anything
    step = param.effective_step or 1
    n = int(round((param.max - param.min) / step))
    on_grid = st.integers(-2, n + 2).map(lambda k: param.min + k * step)
    tiny = st.one_of(st.floats(-1e-6, 1e-6), st.sampled_from([1e-10, -1e-10, 1e-12, -3e-11, 2.0**-40]))
    near_grid = st.tuples(on_grid, tiny).map(lambda t: t[0] + t[1])
    next_to_grid = st.tuples(on_grid, st.sampled_from([math.inf, -math.inf])).map(lambda t: math.nextafter(t[0], t[1]))
    return st.one_of(
        anything,
        on_grid,
        near_grid,
        next_to_grid,
        on_grid.map(int),
        st.floats(min_value=param.min - 1, max_value=param.max + 1),
    )


@st.composite
def _proposals(draw, catalog, codec):
    cap = draw(st.sampled_from(sorted(codec.dbc.controls)))
    member = draw(st.sampled_from(catalog.fitted_members(cap)))
    params = {}
    for name, param in catalog.capabilities[cap].parameters.items():
        if param.optional and draw(st.booleans()):
            continue
        params[name] = draw(_values(param))
    return cap, member, params


@settings(max_examples=1500, deadline=None)
@given(data=st.data())
def test_property_whatever_validation_accepts_encodes_unchanged(catalog, codec, data):
    cap, member, params = data.draw(_proposals(catalog, codec))
    action = validate_action(catalog, cap, member, params)
    if isinstance(action, Refusal):
        assert action.message("en") and action.message("zh")
        return
    frame = codec.encode_command(Command(cap, member, action.parameters), 5)
    decoded = codec.decode_command(frame)
    assert decoded.command.parameters == action.parameters
