"""Human sentences for action results, in the utterance's language.

Written from the real result only (never from what the model claimed).
``voice=True`` makes them speakable (DESIGN section 6): no markdown, emoji,
``°`` or ``%``; units as words.
"""
from __future__ import annotations

import re
from typing import Any

from vehicle.catalog import MODE_TYPE, PERIPHERAL_TYPE, Catalog
from vehicle.plan import control_name


def _num(v: Any) -> str:
    if isinstance(v, float) and v.is_integer():
        return str(int(v))
    return str(v)


def _deg(v: Any, lang: str, voice: bool) -> str:
    if lang == "zh":
        return f"{_num(v)}度" if voice else f"{_num(v)}°C"
    return f"{_num(v)} degrees" if voice else f"{_num(v)} °C"


def _pct(v: Any, lang: str, voice: bool) -> str:
    if lang == "zh":
        return f"百分之{_num(v)}" if voice else f"{_num(v)}%"
    return f"{_num(v)} percent" if voice else f"{_num(v)}%"


def what(catalog: Catalog, capability: str, target: str | None, lang: str) -> str:
    en, zh = control_name(catalog, capability, target)
    return zh if lang == "zh" else en


def _cap(text: str, lang: str) -> str:
    return text if lang == "zh" or not text else text[0].upper() + text[1:]


def success(catalog: Catalog, capability: str, target: str | None, params: dict[str, Any], lang: str, voice: bool) -> str:
    """The sentence for an applied action."""
    zh = lang == "zh"
    name = what(catalog, capability, target, lang)
    cap = catalog.capabilities.get(capability)
    if cap is not None and cap.target_type == MODE_TYPE:
        return f"{name}已启动。" if zh else f"{_cap(name, lang)} started."
    if cap is not None and cap.target_type == PERIPHERAL_TYPE:
        return f"已按下{name}按键。" if zh else f"{_cap(name, lang)} button pressed."
    if "celsius" in params:
        v = _deg(params["celsius"], lang, voice)
        return f"{name}已设为{v}。" if zh else f"{_cap(name, lang)} set to {v}."
    if "delta_celsius" in params:
        d = params["delta_celsius"]
        v = _deg(abs(d), lang, voice)
        if zh:
            return f"{name}已{'调高' if d > 0 else '调低'}{v}。"
        return f"{_cap(name, lang)} {'raised' if d > 0 else 'lowered'} by {v}."
    if "level" in params:
        v = params["level"]
        return f"{name}已调到{v}档。" if zh else f"{_cap(name, lang)} set to level {v}."
    if "open_percent" in params:
        v = params["open_percent"]
        if zh:
            return f"{name}已关闭。" if v == 0 else f"{name}已打开。" if v == 100 else f"{name}已打开到{_pct(v, lang, voice)}。"
        state = "closed" if v == 0 else "opened" if v == 100 else f"opened to {_pct(v, lang, voice)}"
        return f"{_cap(name, lang)} {state}."
    if "folded" in params:
        return (f"{name}已{'折叠' if params['folded'] else '展开'}。" if zh
                else f"{_cap(name, lang)} {'folded' if params['folded'] else 'unfolded'}.")
    if "open" in params:
        return (f"{name}已{'打开' if params['open'] else '关闭'}。" if zh
                else f"{_cap(name, lang)} {'opened' if params['open'] else 'closed'}.")
    if "on" in params:
        return (f"{name}已{'打开' if params['on'] else '关闭'}。" if zh
                else f"{_cap(name, lang)} turned {'on' if params['on'] else 'off'}.")
    parts_en, parts_zh = [], []
    if "color" in params:
        parts_en.append(str(params["color"]))
        parts_zh.append(_COLORS_ZH.get(str(params["color"]), str(params["color"])))
    if "brightness" in params:
        parts_en.append(f"brightness {_pct(params['brightness'], 'en', voice)}")
        parts_zh.append(f"亮度{_pct(params['brightness'], 'zh', voice)}")
    if zh:
        return f"{name}已设为{'，'.join(parts_zh)}。"
    return f"{_cap(name, lang)} set to {', '.join(parts_en)}."


_COLORS_ZH = {"red": "红色", "orange": "橙色", "yellow": "黄色", "green": "绿色", "cyan": "青色",
              "blue": "蓝色", "purple": "紫色", "white": "白色"}

_STATUS = {
    "unconfirmed": ("{w}: sent, but the car did not confirm it.", "{w}：已发送，但车辆未确认。"),
    "failed": ("{w} could not be sent to the car.", "{w}无法发送到车辆。"),
    "already_applied": ("{w} was already done for this request.", "{w}在本次请求中已执行过。"),
    "dry_run": ("{w}: checked and encoded, nothing sent (dry run).", "{w}：已校验并编码，未发送（演练模式）。"),
}


def status_sentence(status: str, catalog: Catalog, capability: str, target: str | None, lang: str) -> str:
    en, zh = _STATUS[status]
    text = (zh if lang == "zh" else en).format(w=what(catalog, capability, target, lang))
    return _cap(text, lang)


def speakable(text: str, lang: str = "en", fragment: bool = False) -> str:
    """Strip what a TTS voice should not read: markdown marks, emoji, symbols.

    ``fragment=True`` is for streamed deltas: spacing is kept as it came, so
    consecutive fragments still join into words."""
    if lang == "zh":
        out = re.sub(r"(\d+(?:\.\d+)?)\s*%", r"百分之\1", text).replace("°C", "度").replace("°", "度")
    else:
        out = text.replace(" °C", " degrees").replace("°C", " degrees").replace("°", " degrees").replace("%", " percent")
        out = re.sub(r"\s*km/h\b", " kilometres per hour", out)
    out = "".join(ch for ch in out if ch not in "*_`#>|~" and not (0x1F000 <= ord(ch) <= 0x1FFFF or 0x2600 <= ord(ch) <= 0x27BF))
    if fragment:
        return out
    return re.sub(r"\s+([,.;:!?，。；：！？])", r"\1", " ".join(out.split()))
