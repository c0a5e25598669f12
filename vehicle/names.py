"""Human names of controls and groups, in English and Chinese.

Every sentence about a control (refusals, results, questions) names it the
same way: "driver temperature" / "主驾温度", "all windows" / "全部车窗".
"""
from __future__ import annotations

from .catalog import MODE_TYPE, PERIPHERAL_TYPE, Catalog

#: How a group reads in a sentence ("Temperature in all zones raised by 2 degrees").
_GROUP_NAMES: dict[tuple[str, str], tuple[str, str]] = {
    ("zone", "all"): ("{label} in all zones", "全车{label}"),
    ("zone", "rear"): ("{label} in the rear zones", "后排{label}"),
    ("window", "all"): ("all windows", "全部车窗"),
}


def control_name(catalog: Catalog, capability: str, target: str | None) -> tuple[str, str]:
    """Human name of a control on a target, in English and Chinese."""
    cap = catalog.capabilities.get(capability)
    if cap is None:
        return (capability, capability)
    if cap.target_type in (MODE_TYPE, PERIPHERAL_TYPE) and target:
        return (catalog.target_label(capability, target, "en"), catalog.target_label(capability, target, "zh"))
    en, zh = cap.label.en, cap.label.zh
    group = _GROUP_NAMES.get((cap.target_type, target or ""))
    if group is not None:
        return (group[0].format(label=en), group[1].format(label=zh))
    if target and target != "cabin" and target in catalog.targets:
        en = f"{catalog.target_label(capability, target, 'en')} {en}"
        zh = f"{catalog.target_label(capability, target, 'zh')}{zh}"
    return (en, zh)


__all__ = ["control_name"]
