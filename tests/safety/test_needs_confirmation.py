"""Step 6 and DESIGN section 4a: a model action on a control the person never mentioned is
held ``needs_confirmation`` (asked, never sent); one against what *was* said stays refused."""

from __future__ import annotations

import pytest

from vehicle.parser import Parser

from .support import act, cabin, parse, run, said, sent, verdicts

WARMER = act("climate.set_temperature", "driver", celsius=24.0)


def one(catalog, p, proposal, **kw):
    d = run(catalog, p, model=[proposal], **kw)
    [verdict] = [v for v, a in zip(verdicts(d), d.actions) if a.source == "model"]
    return verdict[3], d


def test_an_unmentioned_control_is_held_for_an_answer_and_nothing_is_sent(catalog):
    p = parse(mentions=(said("window.set_position", "driver", "open"),))
    reason, d = one(catalog, p, WARMER)
    assert reason == "needs_confirmation"
    assert sent(d) == []
    [action] = d.actions
    assert action.refusal is not None and action.refusal.reason.value == "needs_confirmation"
    assert all(m.refusal is not None and m.refusal.reason.value == "needs_confirmation" for m in action.members)


@pytest.mark.parametrize(
    "mention",
    [
        said("climate.set_temperature", "driver", "decrease"),  # the other way
        said("climate.set_temperature", "passenger", "increase"),  # another member
        said("climate.adjust_temperature", None, "decrease"),  # the twin names the same control
        said("climate.set_temperature", None, "increase", "question"),
        said("climate.set_temperature", None, None, "statement"),
        said("climate.set_temperature", None, None, "wish"),
        said("climate.set_temperature", None, None),  # no direction
    ],
)
def test_a_mentioned_control_stays_not_bound(catalog, mention):
    reason, d = one(catalog, parse(mentions=(mention,)), WARMER)
    assert reason == "not_bound_to_request"
    assert sent(d) == []


@pytest.mark.parametrize("how", ["negated", "held"])
def test_a_negated_or_held_control_is_never_a_confirmation(catalog, how):
    forbidden = said("climate.set_temperature", None, None, how)
    reason, d = one(catalog, parse(mentions=(forbidden,), negated=(forbidden,)), WARMER)
    assert reason == "negated_by_user"
    assert sent(d) == []


def test_a_need_that_covers_the_control_binds_or_refuses_but_never_asks(catalog):
    p = parse(needs=("cold",))
    # the cold need's set holds the temperature: the wrong way is refused, not asked
    reason, _ = one(catalog, p, act("climate.adjust_temperature", "all", delta_celsius=-2.0))
    assert reason == "not_bound_to_request"
    # the tailgate is in no need's set: asked
    reason, _ = one(catalog, p, act("tailgate.set", "cabin", open=True))
    assert reason == "needs_confirmation"


def test_validation_seat_rights_and_fitted_checks_come_first(catalog):
    p = parse(mentions=(said("window.set_position", None, "open"),))
    assert one(catalog, p, act("climate.set_temperature", "driver", celsius=40.0))[0] == "out_of_range"
    assert one(catalog, p, act("tailgate.set", "cabin", open=True), seat="rear_left")[0] == "seat_not_permitted"
    assert one(catalog, p, act("seat.set_ventilation", "rear_left", level=2))[0] == "not_fitted"
    # an interlock that refuses now refuses: nothing is asked that would be refused
    assert one(catalog, p, act("tailgate.set", "cabin", open=True), state=cabin(speed_kph=50.0, gear="D"))[0] not in (
        "needs_confirmation",
        None,
    )


def test_a_group_holds_only_the_members_that_pass_their_gates(catalog):
    """From rear_left, "all windows" the person never named: its own window is asked, the others refused."""
    p = parse(mentions=(said("sunroof.set_position", None, "open"),))
    d = run(catalog, p, model=[act("window.set_position", "all", open_percent=100)], seat="rear_left")
    [action] = d.actions
    by_member = {m.target: m.refusal.reason.value for m in action.members if m.refusal}
    assert by_member["rear_left"] == "needs_confirmation"
    assert {by_member[m] for m in ("driver", "passenger", "rear_right")} == {"seat_not_permitted"}
    assert sent(d) == []


def test_no_parse_binds_nothing_and_asks_nothing(catalog):
    assert one(catalog, None, WARMER)[0] == "not_bound_to_request"


def test_an_answered_confirmation_is_bound_by_the_answer(catalog):
    """The person said yes: the model's action goes through every gate and is sent."""
    d = run(catalog, parse(), direct=[(WARMER, "model")], confirmed=True)
    assert sent(d) == [("climate.set_temperature", "driver", {"celsius": 24.0})]
    assert d.actions[0].source == "model"
    # without an answer a direct model action binds as any model action: not sent
    d = run(catalog, parse(), direct=[(WARMER, "model")])
    assert sent(d) == []
    # the gates still hold for an answered one
    d = run(
        catalog, parse(), direct=[(act("tailgate.set", "cabin", open=True), "model")], confirmed=True, seat="rear_left"
    )
    assert verdicts(d)[0][3] == "seat_not_permitted"


@pytest.mark.parametrize(
    "text,proposal,expected",
    [
        ("open the driver window", WARMER, "needs_confirmation"),
        ("打开主驾车窗", WARMER, "needs_confirmation"),
        ("open the driver window and don't touch the temperature", WARMER, "negated_by_user"),
        ("打开主驾车窗 不要动温度", WARMER, "negated_by_user"),
        ("is the temperature high", WARMER, "not_bound_to_request"),
        ("lower the driver temperature", WARMER, "not_bound_to_request"),
        ("if it gets cold raise the temperature", WARMER, "negated_by_user"),
        ("open the tailgate?", act("tailgate.set", "cabin", open=True), "not_bound_to_request"),
        ("my neck is stiff", act("seat.set_massage", "driver", on=True), "needs_confirmation"),
    ],
)
def test_with_the_real_parser(catalog, text, proposal, expected):
    p = Parser(catalog).parse(text, seat="driver")
    reason, d = one(catalog, p, proposal, seat="driver")
    assert reason == expected, p.to_json()
    model_sent = [m.command for a in d.actions if a.source == "model" for m in a.pending_members()]
    assert model_sent == []  # the parser's own actions may go; the model's never does
