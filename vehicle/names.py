"""Human names of controls and groups, in English and Chinese.

Every sentence about a control (refusals, results, questions) names it the
same way: "driver temperature" / "主驾温度", "all windows" / "全部车窗".
How a member and a group read comes from the message table (section ``names``).
"""

from __future__ import annotations

from .catalog import MODE_TYPE, PERIPHERAL_TYPE, Catalog
from .catalog.message_table import messages

#: The last catalog named and its names: every gate and refusal names its
#: control (a dozen times per action), and a catalog never changes once loaded.
_named: tuple[Catalog | None, dict[tuple[str, str | None], tuple[str, str]]] = (None, {})
_MAX_NAMED = 4096


def control_name(catalog: Catalog, capability: str, target: str | None) -> tuple[str, str]:
    """Human name of a control on a target, in English and Chinese."""
    global _named
    named = _named  # one read: the names below are this catalog's, whatever other threads do
    if named[0] is not catalog:
        named = _named = (catalog, {})
    names = named[1]
    key = (capability, target)
    name = names.get(key)
    if name is None:
        name = _name(catalog, capability, target)
        if len(names) < _MAX_NAMED:  # a model may name any target: the cache stays bounded
            names[key] = name
    return name


def _name(catalog: Catalog, capability: str, target: str | None) -> tuple[str, str]:
    cap = catalog.capabilities.get(capability)
    if cap is None:
        return (capability, capability)
    if cap.target_type in (MODE_TYPE, PERIPHERAL_TYPE) and target:
        return (catalog.target_label(capability, target, "en"), catalog.target_label(capability, target, "zh"))
    table = messages()
    # How a group reads in a sentence ("Temperature in all zones raised by 2 degrees").
    group = f"{cap.target_type}_{target}"
    if target and catalog.is_group(capability, target) and table.has("names", group):
        return (
            table.text("names", group, "en", label=cap.label.en),
            table.text("names", group, "zh", label=cap.label.zh),
        )
    if target and target != "cabin" and target in catalog.targets:
        en, zh = (
            table.text(
                "names",
                "member",
                lang,
                member=catalog.target_label(capability, target, lang),
                label=cap.label.get(lang),
            )
            for lang in ("en", "zh")
        )
        return (en, zh)
    return (cap.label.en, cap.label.zh)


__all__ = ["control_name"]
