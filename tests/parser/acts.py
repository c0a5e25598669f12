"""The actions of a parse result, as (capability, target, parameters): what the round tests compare."""

from __future__ import annotations


def acts(result: dict) -> list[tuple[str, str, dict]]:
    return [(a["capability"], a["target"], a["parameters"]) for a in result["actions"]]


def directed_commands(result: dict) -> list[dict]:
    """The command mentions with a direction: what a model's action could bind to (DESIGN 5, step 6)."""
    return [m for m in result["mentions"] if m["said"] == "command" and m.get("direction")]
