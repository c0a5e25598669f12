"""The actions of a parse result, as (capability, target, parameters): what the round tests compare."""

from __future__ import annotations


def acts(result: dict) -> list[tuple[str, str, dict]]:
    return [(a["capability"], a["target"], a["parameters"]) for a in result["actions"]]
