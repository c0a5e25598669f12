"""--can-log: every frame sent and received, flushed after each one."""

from __future__ import annotations

import subprocess
import sys

import can
import pytest

from vehicle.actions import Command
from vehicle.can.errors import LinkConfigError
from vehicle.can.link import LinkConfig
from vehicle.catalog import default_catalog_dir


def read_frames(path):
    with can.LogReader(str(path)) as reader:
        return list(reader)


@pytest.mark.parametrize("suffix", [".log", ".asc"])
def test_log_is_flushed_after_every_frame(tmp_path, make_link, make_sim, events, suffix):
    path = tmp_path / f"frames{suffix}"
    link = make_link(can_log=str(path))
    make_sim()
    events.wait_for(lambda n, _: n == "vehicle.changed")
    [outcome] = link.execute([Command("tailgate.set", "cabin", {"open": True})])
    assert outcome.status == "applied"
    # read while the link is still open: nothing is waiting in a buffer
    text = path.read_text()
    if suffix == ".log":
        assert f"341#{outcome.frames[0].data.hex().upper()} T" in text  # the command, transmitted
        assert "441#" in text and " R\n" in text  # its status, received
    else:
        assert "341" in text and "Tx" in text and "441" in text and "Rx" in text
    stats = link.stats()
    link.close()
    frames = read_frames(path)
    assert len(frames) == stats["tx_frames"] + stats["rx_frames"]
    sent = [f for f in frames if not f.is_rx]
    assert [(f.arbitration_id, bytes(f.data)) for f in sent] == [(0x341, outcome.frames[0].data)]
    assert all(not f.is_extended_id for f in frames)


def test_cantools_can_decode_the_candump_log(tmp_path, make_link, make_sim, events):
    path = tmp_path / "frames.log"
    link = make_link(can_log=str(path))
    make_sim()
    events.wait_for(lambda n, _: n == "vehicle.changed")
    assert link.execute([Command("sunshade.set_position", "cabin", {"open_percent": 70})])[0].status == "applied"
    decoded = subprocess.run(
        [sys.executable, "-m", "cantools", "decode", "--single-line", str(default_catalog_dir() / "n7web.dbc")],
        input=path.read_text(),
        capture_output=True,
        text=True,
        timeout=30,
        check=True,
    ).stdout
    assert "Sunshade_Cmd(" in decoded and "OpenPercent: 70 %" in decoded


def test_blf_is_refused_with_a_pointer_to_logconvert(tmp_path):
    with pytest.raises(LinkConfigError) as info:
        LinkConfig(can_log=str(tmp_path / "frames.blf"))
    assert "python -m can.logconvert" in str(info.value)
    assert not (tmp_path / "frames.blf").exists()
