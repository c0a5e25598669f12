"""The pipeline's own sentences (the executor words each action)."""
from __future__ import annotations

from typing import Any

OFFLINE = {
    "en": "The assistant is offline right now; I can still control the cabin.",
    "zh": "助手暂时离线；我仍然可以控制车内设备。",
}
NEED_INTRO = {
    "en": "Running the {need} comfort plan.",
    "zh": "正在执行“{need}”舒适方案。",
}
UNPLACED = {
    "en": "Without the assistant I couldn't work out what to do with the {what}.",
    "zh": "没有助手，我无法确定要对{what}做什么。",
}
INTERRUPTED = {
    "en": "Stopped as you asked; nothing more was sent to the car.",
    "zh": "已按你的要求停止；没有再向车辆发送任何操作。",
}
RESTARTED = {
    "en": "The service restarted before this message was answered.",
    "zh": "服务在回答这条消息之前重启了。",
}


def say(table: dict[str, str], language: str, **kw: Any) -> str:
    return table.get(language, table["en"]).format(**kw)


def join(actions: list[dict[str, Any]]) -> str:
    return " ".join(a["message"] for a in actions if a.get("message"))
