"""Reply words through the service in-process (ASGI transport, virtual bus, in-process ECU):
a relative change says where it ended, and a Chinese reply of several
sentences has no space between them (issue 12)."""

from __future__ import annotations

import re

from .test_local_turns import new_session, say


def test_a_relative_change_says_where_it_ended(service):
    with service.client() as c:
        sid = new_session(c)
        assert say(c, sid, "set the driver side to 21 degrees")["status"] == "applied"
        zh = say(c, sid, "主驾温度调高2度", source="voice")
        [action] = zh["actions"]
        assert action["capability"] == "climate.adjust_temperature" and action["status"] == "applied", action
        assert action["message"] == zh["reply_text"] == "主驾温度已调高到23度。"
        tap = {"capability": "climate.adjust_temperature", "target": "driver", "parameters": {"delta_celsius": -1.5}}
        r = c.post("/api/v1/actions", json=tap)
        assert r.status_code == 200 and r.json()["status"] == "applied", r.text
        assert r.json()["message"] == "Driver temperature lowered to 21.5 degrees."


def test_chinese_sentences_join_without_spaces(service):
    with service.client() as c:
        sid = new_session(c)
        reply = say(c, sid, "打开空调，把主驾车窗打开一半", source="voice")
        assert reply["language"] == "zh" and len(reply["actions"]) == 2, reply
        assert reply["status"] == "applied", reply
        text = reply["reply_text"]
        assert re.search(r"\s", text) is None and re.search(r"[A-Za-z]", text) is None, text
        assert text == "".join(a["message"] for a in reply["actions"])


def test_a_chinese_offline_reply_is_one_run_of_sentences(service):
    """Actions done, a control it could not place, the offline note: no space between them."""
    with service.client() as c:
        sid = new_session(c)
        reply = say(c, sid, "打开空调，把车窗弄一下", source="voice")
        assert reply["handled_by"] == "local" and reply["language"] == "zh", reply
        text = reply["reply_text"]
        assert [a["capability"] for a in reply["actions"]] == ["climate.power"], reply
        assert text.startswith("空调已打开。"), text
        assert "没有助手，我无法确定要对车窗做什么。" in text and text.endswith(
            "助手暂时离线，我仍然可以控制车内设备。"
        ), text
        assert re.search(r"\s", text) is None and re.search(r"[A-Za-z]", text) is None, text
