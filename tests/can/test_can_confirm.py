"""The confirmation table (DESIGN section 9): every pending command ends
exactly once, and an entry that ended can never be confirmed afterwards.

The sender skips its own clean-up after a confirmed wait, because ``offer``
takes a confirmed entry out of the table before it wakes the sender; these
tests hold the table to that.
"""

from __future__ import annotations

import threading

import pytest

from vehicle.can.codec import ControlStatus
from vehicle.can.confirm import Confirmations

pytestmark = pytest.mark.unit

STATUS_ID = 0x441


def status(echo: int, position: int = 70) -> ControlStatus:
    return ControlStatus(STATUS_ID, 1, echo, "sunshade.set_position", {"cabin": {"open_percent": position}})


def shows(position: int):
    return lambda s: isinstance(s, ControlStatus) and s.values["cabin"]["open_percent"] == position


def test_an_echo_that_arrived_first_confirms_at_once_and_only_once():
    table = Confirmations()
    first = table.expect(STATUS_ID, 3, shows(70))
    table.offer(status(echo=3))
    assert table.wait(first, 5.0) is True
    # the entry is gone: a second pending with the same counter is confirmed by the next echo alone
    second = table.expect(STATUS_ID, 3, shows(70))
    assert table.wait(second, 0.0) is False
    assert second.confirmed is False


def test_an_echo_with_the_right_counter_but_other_values_confirms_nothing():
    table = Confirmations()
    pending = table.expect(STATUS_ID, 3, shows(70))
    table.offer(status(echo=3, position=20))
    table.offer(status(echo=4, position=70))
    assert table.wait(pending, 0.01) is False


def test_a_timed_out_entry_is_gone_and_a_late_echo_confirms_nothing():
    table = Confirmations()
    late = table.expect(STATUS_ID, 5, shows(70))
    assert table.wait(late, 0.01) is False
    table.offer(status(echo=5))
    assert late.confirmed is False
    fresh = table.expect(STATUS_ID, 5, shows(70))
    table.offer(status(echo=5))
    assert table.wait(fresh, 5.0) is True and late.confirmed is False


def test_an_echo_from_another_thread_wakes_the_sender():
    table = Confirmations()
    pending = table.expect(STATUS_ID, 7, shows(70))
    threading.Timer(0.05, table.offer, args=(status(echo=7),)).start()
    assert table.wait(pending, 5.0) is True


def test_close_wakes_every_sender_unconfirmed():
    table = Confirmations()
    waiting = [table.expect(STATUS_ID, c, shows(70)) for c in (1, 2)]
    threading.Timer(0.05, table.close).start()
    assert [table.wait(p, 5.0) for p in waiting] == [False, False]
    table.offer(status(echo=1))
    assert not any(p.confirmed for p in waiting)
