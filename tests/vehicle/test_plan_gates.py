"""Strict plan validation, relative adjust resolution and the hardware gates."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import pytest

from vehicle.actions import Action, Command
from vehicle.gates import GateContext, check_command, expand_mode
from vehicle.plan import resolve_adjust, to_commands, validate_action
from vehicle.refusals import Reason, Refusal, all_reasons


@dataclass
class Reading:
    speed_kph: float | None = 0.0
    gear: str | None = "P"


@dataclass
class StubState:
    """The three reads the gates make, set directly (unit level only)."""

    reading: Reading = field(default_factory=Reading)
    stale: bool = False
    controls: dict = field(default_factory=dict)

    def is_stale(self):
        return self.stale

    def vehicle(self):
        return self.reading

    def control(self, capability, member):
        return self.controls.get((capability, member))


@pytest.mark.parametrize(
    "cap,target,params,reason",
    [
        ("climate.warp", "cabin", {}, Reason.UNKNOWN_CAPABILITY),
        ("climate.set_temperature", "rear_middle", {"celsius": 21.0}, Reason.UNKNOWN_TARGET),
        ("window.set_position", "rear", {"open_percent": 10}, Reason.UNKNOWN_TARGET),
        ("climate.set_temperature", "driver", {"celsius": 72.0}, Reason.OUT_OF_RANGE),
        ("climate.set_temperature", "driver", {"celsius": 21.3}, Reason.OUT_OF_RANGE),
        ("climate.set_temperature", "driver", {"celsius": "21"}, Reason.INVALID_PARAMETER),
        ("climate.set_temperature", "driver", {"celsius": True}, Reason.INVALID_PARAMETER),
        ("climate.set_temperature", "driver", {}, Reason.INVALID_PARAMETER),
        ("climate.set_temperature", "driver", {"celsius": 21.0, "fahrenheit": 70}, Reason.INVALID_PARAMETER),
        ("climate.adjust_temperature", "all", {"delta_celsius": 0.0}, Reason.OUT_OF_RANGE),
        ("climate.set_fan_speed", "cabin", {"level": 2.0}, Reason.INVALID_PARAMETER),
        ("climate.set_fan_speed", "cabin", {"level": 8}, Reason.OUT_OF_RANGE),
        ("climate.set_ac", "cabin", {"on": 1}, Reason.INVALID_PARAMETER),
        ("ambient_light.set", "cabin", {}, Reason.INVALID_PARAMETER),
        ("ambient_light.set", "cabin", {"color": "magenta"}, Reason.INVALID_PARAMETER),
        ("mode.activate", "disco", {}, Reason.UNKNOWN_TARGET),
        ("mode.activate", "nap", {"fast": True}, Reason.INVALID_PARAMETER),
    ],
)
def test_validate_refuses(catalog, cap, target, params, reason):
    result = validate_action(catalog, cap, target, params)
    assert isinstance(result, Refusal)
    assert result.reason == reason
    assert result.message("en") and result.message("zh")


def test_out_of_range_names_allowed_range_never_clamps(catalog):
    r = validate_action(catalog, "climate.set_temperature", "driver", {"celsius": 72.0})
    assert r.message("en") == (
        "Driver temperature can be set from 16 to 30 degrees, in half-degree steps, so 72 degrees is not possible."
    )
    assert r.message("zh") == "主驾温度72度超出范围，可设16到30度，步长半度。"


@pytest.mark.parametrize(
    "cap,target,params",
    [
        ("climate.set_temperature", "driver", {"celsius": 72.0}),
        ("climate.set_temperature", "driver", {"celsius": 22.25}),
        ("climate.set_temperature", "all", {"celsius": float("nan")}),
        ("climate.adjust_temperature", "rear", {"delta_celsius": 9.0}),
        ("climate.adjust_fan_speed", "cabin", {"delta_level": 0}),
        ("climate.set_fan_speed", "cabin", {"level": 0}),
        ("window.set_position", "all", {"open_percent": -5}),
        ("sunroof.adjust_position", "cabin", {"delta_percent": 250}),
        ("seat.set_heating", "rear_left", {"level": 1.5}),
        ("climate.set_ac", "cabin", {"on": "yes"}),
        ("ambient_light.set", "cabin", {"color": "magenta"}),
        ("ambient_light.set", "cabin", {}),
        ("climate.set_temperature", "driver", {}),
        ("climate.set_temperature", "driver", {"fahrenheit": 70}),
        ("climate.warp", "cabin", {}),
        ("window.set_position", "rear_middle", {"open_percent": 10}),
    ],
)
def test_refusal_sentences_are_natural_in_both_languages(catalog, cap, target, params):
    """Issue 12: no English, no stray spaces and no symbols in the Chinese; no
    placeholders or code words in either; a range is said in words."""
    r = validate_action(catalog, cap, target, params)
    en, zh = r.message("en"), r.message("zh")
    for text in (en, zh):
        assert "?" not in text and "{" not in text and "_" not in text
        assert "°" not in text and "%" not in text and "steps of 0.5" not in text
    assert re.search(r"[A-Za-z]", zh) is None, zh
    assert " " not in zh, zh
    assert en[0].isupper() and en.endswith(".")
    assert zh.endswith("。")
    assert "fahrenheit" not in en and "warp" not in en and "rear_middle" not in en  # untrusted names are not echoed


def test_group_refusal_names_the_group(catalog):
    """A refusal for a whole group names the group, not only its first member."""
    from vehicle.plan import control_name
    from vehicle.refusals import group_refusal

    st = StubState(
        controls={
            ("climate.set_temperature", m): {"celsius": 30.0}
            for m in ("driver", "passenger", "rear_left", "rear_right")
        }
    )
    out = to_commands(catalog, st, Action("climate.adjust_temperature", "all", {"delta_celsius": 1.0}, vague=True))
    r = group_refusal(control_name(catalog, "climate.adjust_temperature", "all"), out)
    assert r.message("en") == "Temperature in all zones is already at its highest setting, 30 degrees."
    assert r.message("zh") == "全车温度已经是最高的30度。"
    unknown = to_commands(catalog, StubState(), Action("window.adjust_position", "all", {"delta_percent": 20}))
    r = group_refusal(control_name(catalog, "window.adjust_position", "all"), unknown)
    assert r.reason == Reason.STATE_UNKNOWN and "all windows" in r.message("en") and "全部车窗" in r.message("zh")
    different = StubState(
        controls={
            ("climate.set_temperature", m): {"celsius": t}
            for m, t in (("driver", 28.0), ("passenger", 29.5), ("rear_left", 27.0), ("rear_right", 30.0))
        }
    )
    out = to_commands(catalog, different, Action("climate.adjust_temperature", "all", {"delta_celsius": 5.0}))
    r = group_refusal(control_name(catalog, "climate.adjust_temperature", "all"), out)
    assert r.message("en") == "Temperature in all zones can't go past the highest setting, 30 degrees."
    assert r.message("zh") == "全车温度不能超过最高的30度。"
    wins = StubState(
        controls={
            ("window.set_position", m): {"open_percent": p}
            for m, p in (("driver", 90), ("passenger", 100), ("rear_left", 95), ("rear_right", 99))
        }
    )
    out = to_commands(catalog, wins, Action("window.adjust_position", "all", {"delta_percent": 20}))
    r = group_refusal(control_name(catalog, "window.adjust_position", "all"), out)
    assert (r.message("en"), r.message("zh")) == (
        "All windows can't go further than fully open.",
        "全部车窗不能超过全开。",
    )
    mixed = [unknown[0], Refusal(Reason.NOT_FITTED, ("rear left seat ventilation", "左后座椅通风"))]
    assert group_refusal(("x", "x"), mixed) is unknown[0]
    assert group_refusal(("x", "x"), []) is None


def test_validate_accepts_and_defaults(catalog):
    assert validate_action(catalog, "climate.set_temperature", None, {"celsius": 21}) == Action(
        "climate.set_temperature", "all", {"celsius": 21}
    )
    assert validate_action(catalog, "ambient_light.set", "cabin", {"color": "blue"}).parameters == {"color": "blue"}
    assert validate_action(catalog, "peripheral.trigger", "rear_fridge", {}).target == "rear_fridge"


def test_adjust_against_confirmed_setpoint(catalog):
    st = StubState(
        controls={
            ("climate.set_temperature", "driver"): {"celsius": 22.0},
            ("climate.set_temperature", "passenger"): {"celsius": 29.5},
        }
    )
    assert resolve_adjust(catalog, st, "driver", 1.5) == Command("climate.set_temperature", "driver", {"celsius": 23.5})
    over = resolve_adjust(catalog, st, "passenger", 1.0)
    assert over.reason == Reason.OUT_OF_RANGE and "29.5" in over.message("en")
    unknown = resolve_adjust(catalog, st, "rear_left", 1.0)
    assert unknown.reason == Reason.STATE_UNKNOWN
    out = to_commands(catalog, st, Action("climate.adjust_temperature", "all", {"delta_celsius": 1.0}))
    assert [type(x).__name__ for x in out] == ["Command", "Refusal", "Refusal", "Refusal"]


def _ctx(catalog, **kw):
    return GateContext(catalog, kw.pop("state", StubState()), **kw)


def test_presence_and_peripherals(catalog):
    ctx = _ctx(catalog)
    assert check_command(ctx, Command("seat.set_ventilation", "rear_left", {"level": 1})).reason == Reason.NOT_FITTED
    assert check_command(ctx, Command("seat.set_massage", "rear_right", {"on": True})).reason == Reason.NOT_FITTED
    assert check_command(ctx, Command("seat.set_ventilation", "passenger", {"level": 1})) is None
    assert check_command(ctx, Command("peripheral.trigger", "rear_fridge")).reason == Reason.INACTIVE_PERIPHERAL
    assert check_command(ctx, Command("peripheral.trigger", "garage_door")) is None


def test_tailgate_interlocks(catalog):
    cmd = Command("tailgate.set", "cabin", {"open": True})
    assert check_command(_ctx(catalog), cmd) is None
    moving = StubState(Reading(30.0, "D"))
    assert check_command(_ctx(catalog, state=moving), cmd).reason == Reason.INTERLOCK_SPEED
    in_drive = StubState(Reading(0.0, "D"))
    r = check_command(_ctx(catalog, state=in_drive), cmd)
    assert r.reason == Reason.INTERLOCK_GEAR and "P" in r.message("en")
    assert check_command(_ctx(catalog, state=StubState(stale=True)), cmd).reason == Reason.INTERLOCK_UNKNOWN
    assert check_command(_ctx(catalog, state=StubState(Reading(None, None))), cmd).reason == Reason.INTERLOCK_UNKNOWN
    # closing the tailgate is not interlocked
    assert check_command(_ctx(catalog, state=moving), Command("tailgate.set", "cabin", {"open": False})) is None


def test_sunroof_speed_interlock_only_on_increase(catalog):
    fast = StubState(Reading(130.0, "D"), controls={("sunroof.set_position", "cabin"): {"open_percent": 40}})
    ctx = _ctx(catalog, state=fast)
    assert (
        check_command(ctx, Command("sunroof.set_position", "cabin", {"open_percent": 60})).reason
        == Reason.INTERLOCK_SPEED
    )
    assert check_command(ctx, Command("sunroof.set_position", "cabin", {"open_percent": 10})) is None
    assert (
        check_command(
            _ctx(catalog, state=StubState(Reading(120.0, "D"))),
            Command("sunroof.set_position", "cabin", {"open_percent": 60}),
        )
        is None
    )
    unknown_pos = StubState(Reading(130.0, "D"))
    assert (
        check_command(
            _ctx(catalog, state=unknown_pos), Command("sunroof.set_position", "cabin", {"open_percent": 5})
        ).reason
        == Reason.INTERLOCK_SPEED
    )


def test_closing_is_never_gated_on_unknown_or_stale_state(catalog):
    """Defect h: a fully closed sunroof needs no speed, whatever is known of the car."""
    for state in (StubState(stale=True), StubState(Reading(None, None)), StubState(Reading(200.0, "D"), stale=True)):
        ctx = _ctx(catalog, state=state)
        assert check_command(ctx, Command("sunroof.set_position", "cabin", {"open_percent": 0})) is None
        assert check_command(ctx, Command("tailgate.set", "cabin", {"open": False})) is None
        assert check_command(ctx, Command("sunroof.set_position", "cabin", {"open_percent": 5})).reason in (
            Reason.INTERLOCK_UNKNOWN,
            Reason.INTERLOCK_SPEED,
        )
    # a smaller opening than the confirmed one is closing, stale or not
    stale_open = StubState(stale=True, controls={("sunroof.set_position", "cabin"): {"open_percent": 80}})
    assert (
        check_command(_ctx(catalog, state=stale_open), Command("sunroof.set_position", "cabin", {"open_percent": 30}))
        is None
    )


def test_execution_mode_gate(catalog):
    cmd = Command("climate.set_ac", "cabin", {"on": True})
    assert check_command(_ctx(catalog, execution_mode="hardware"), cmd).reason == Reason.EXECUTION_MODE
    assert check_command(_ctx(catalog, execution_mode="hardware", armed=True), cmd) is None


def test_modes_all_or_nothing(catalog):
    cmds, refusal, _ = expand_mode(_ctx(catalog), "nap")
    assert refusal is None
    assert len(cmds) == 1 + 4 + 1 + 4 + 1 + 1 + 1
    cmds, refusal, _ = expand_mode(_ctx(catalog, state=StubState(Reading(0.0, "D"))), "nap")
    assert refusal.reason == Reason.INTERLOCK_GEAR
    _, refusal, _ = expand_mode(_ctx(catalog, state=StubState(Reading(5.0, "P"))), "car_wash")
    assert refusal.reason == Reason.INTERLOCK_SPEED
    _, refusal, _ = expand_mode(_ctx(catalog, state=StubState(stale=True)), "camping")
    assert refusal.reason == Reason.INTERLOCK_UNKNOWN
    _, refusal, _ = expand_mode(_ctx(catalog, state=StubState(Reading(80.0, "D"))), "pet")
    assert refusal is None


def test_mode_steps_and_their_verdicts(catalog):
    from vehicle.gates import check_mode, mode_commands

    cmds = mode_commands(catalog, "car_wash")
    assert [(c.capability, c.member) for c in cmds][:5] == [
        ("window.set_position", m) for m in ("driver", "passenger", "rear_left", "rear_right")
    ] + [("sunroof.set_position", "cabin")]
    refusal, verdicts = check_mode(_ctx(catalog, execution_mode="hardware"), "car_wash", cmds)
    assert refusal.reason == Reason.EXECUTION_MODE and "car wash" in refusal.message("en").lower()
    assert all(v.reason == Reason.EXECUTION_MODE for v in verdicts)


def test_every_reason_has_both_messages():
    for code in all_reasons():
        r = Refusal(Reason(code), ("the sunroof", "天窗"))
        assert r.message("en") and r.message("zh") and "{" not in r.message("en") + r.message("zh")
    required = {
        "unknown_capability",
        "unknown_target",
        "invalid_parameter",
        "out_of_range",
        "state_unknown",
        "not_fitted",
        "inactive_peripheral",
        "interlock_speed",
        "interlock_gear",
        "interlock_unknown",
        "execution_mode",
    }
    assert required <= set(all_reasons())


def test_every_reason_and_variant_reads_naturally_in_both_languages():
    """Every refusal sentence, with the details its producers give: no
    placeholder left, Chinese without English words or spaces (issue 12)."""
    from vehicle.amounts import Words
    from vehicle.refusals import _MESSAGES

    detail = {
        "allowed": Words("from 16 to 30 degrees, in half-degree steps", "16到30度，步长半度"),
        "value": Words("72 degrees", "72度"),
        "current": Words("29.5 degrees", "29.5度"),
        "change": Words("raising it by 1 degree", "调高1度"),
        "end": Words("highest setting", "最高"),
        "limit": Words("30 degrees", "30度"),
        "needs": Words("a colour or a brightness", "颜色或亮度"),
        "seat": Words("rear-left", "左后"),
        "speed": "130",
        "gear": "P",
        "mode": "unarmed hardware",
    }
    seen = set()
    for reason, variant in _MESSAGES:
        seen.add(reason)
        r = Refusal(reason, ("driver window", "主驾车窗"), {**detail, "variant": variant})
        en, zh = r.message("en"), r.message("zh")
        assert "?" not in en + zh and "{" not in en + zh, (reason, variant)
        assert re.search(r"[A-Za-z]", zh) is None and " " not in zh, (reason, variant, zh)
        assert en[0].isupper() and en[-1] == "." and zh[-1] == "。", (reason, variant)
    assert seen == set(Reason)
    assert Refusal(Reason.INTERLOCK_GEAR, ("tailgate", "尾门"), {"gear": "P"}).message("zh") == "尾门需要先挂入驻车挡。"
