"""Loading and validating the parser's utterance table (``tests/utterances/*.yaml``).

Shared by ``tests/test_utterance_table.py`` and ``tests/test_utterance_coverage.py``
(loaded by path, so this directory needs no package). Nothing here imports the
parser: the table's own structure and its agreement with the catalog are
checked without it.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

TABLE_DIR = Path(__file__).resolve().parent

ENTRY_KEYS = frozenset({"text", "expect", "kind", "tags"})
REQUIRED_ENTRY_KEYS = frozenset({"text", "expect"})
EXPECT_KEYS = ("language", "actions", "needs", "mentions", "negated", "complete")
KINDS = ("command", "non_command")
LANGUAGES = ("en", "zh")
TAGS = frozenset(
    {
        "question",  # a question: no action, complete false
        "chitchat",  # small talk: no action, complete false
        "adversarial",  # a statement about controls that is not a command
        "negation",  # "don't", "never", "别", "不要", "不用"
        "conditional",  # "if", "when", "in 5 minutes", "如果", "等…再", "…分钟后"
        "multi",  # several commands / clauses in one utterance
        "conflict",  # two different values for one control: neither action
        "collapse",  # an identical action repeated: one action
        "group",  # a target group or list expanded to members
        "out_of_range",  # a value outside the range or off its step, emitted as spoken
        "need",  # a comfort need
        "unresolved",  # a control phrase left to the model, or a family word alone
        "politeness",  # politeness frames that keep a text complete
        "normalisation",  # case, NFKC width, trailing punctuation
        "extra_text",  # a command plus something else: complete false
    }
)
NON_COMMAND_TAGS = frozenset({"question", "chitchat", "adversarial"})

_CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0002ffff]")


def expected_language(text: str) -> str:
    """DESIGN section 4: "zh" if the text holds a CJK ideograph, else "en"."""
    return "zh" if _CJK.search(unicodedata.normalize("NFKC", text)) else "en"


@dataclass(frozen=True)
class Entry:
    file: str
    index: int
    text: str
    kind: str
    tags: tuple[str, ...]
    expect: dict[str, Any]

    @property
    def id(self) -> str:
        return f"{self.file}:{self.index}:{self.text}"

    @property
    def language(self) -> str:
        return self.expect["language"]

    @property
    def mentions(self) -> list[dict[str, Any]] | None:
        return self.expect.get("mentions")


@dataclass
class Table:
    entries: list[Entry] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    """One line per structural problem, naming the file and entry."""


def table_files() -> list[Path]:
    return sorted(p for p in TABLE_DIR.iterdir() if p.suffix in (".yaml", ".yml"))


def load_table() -> Table:
    table = Table()
    files = table_files()
    if not files:
        table.problems.append(f"{TABLE_DIR}: no YAML files")
    for path in files:
        try:
            data = yaml.safe_load(path.read_text(encoding="utf-8"))
        except yaml.YAMLError as exc:
            table.problems.append(f"{path.name}: invalid YAML: {exc}")
            continue
        if not isinstance(data, list) or not data:
            table.problems.append(f"{path.name}: must be a non-empty list of entries")
            continue
        for index, raw in enumerate(data):
            where = f"{path.name}[{index}]"
            if isinstance(raw, dict) and isinstance(raw.get("text"), str):
                where += f" {raw['text']!r}"
            problems = structure_problems(raw)
            if problems:
                table.problems.extend(f"{where}: {p}" for p in problems)
                continue
            table.entries.append(
                Entry(
                    file=path.name,
                    index=index,
                    text=raw["text"],
                    kind=raw.get("kind", "command"),
                    tags=tuple(raw.get("tags", ())),
                    expect=raw["expect"],
                )
            )
    seen: dict[str, str] = {}
    for e in table.entries:
        if e.text in seen:
            table.problems.append(f"{e.file}[{e.index}] {e.text!r}: duplicate of {seen[e.text]}")
        else:
            seen[e.text] = f"{e.file}[{e.index}]"
    return table


# ---------------------------------------------------------------- structure
def _non_string_keys(data: Any, path: str = "") -> list[str]:
    out: list[str] = []
    if isinstance(data, dict):
        for key, value in data.items():
            if not isinstance(key, str):
                out.append(f"{path or '<entry>'}: key {key!r} is not a string (quote \"on\"/\"off\"/\"yes\"/\"no\")")
            out.extend(_non_string_keys(value, f"{path}.{key}" if path else str(key)))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            out.extend(_non_string_keys(value, f"{path}[{i}]"))
    return out


def _is_scalar_param(value: Any) -> bool:
    return isinstance(value, (bool, int, float, str)) and value is not None


def _control_list_problems(name: str, value: Any) -> list[str]:
    if not isinstance(value, list):
        return [f"expect.{name} must be a list"]
    out = []
    for i, item in enumerate(value):
        where = f"expect.{name}[{i}]"
        if not isinstance(item, dict) or set(item) != {"capability", "target"}:
            out.append(f"{where} must have exactly the keys capability, target")
            continue
        if not isinstance(item["capability"], str) or not item["capability"]:
            out.append(f"{where}.capability must be a non-empty string")
        if item["target"] is not None and not (isinstance(item["target"], str) and item["target"]):
            out.append(f"{where}.target must be a non-empty string or null")
    return out


def structure_problems(raw: Any) -> list[str]:
    """Everything wrong with one raw entry's shape (empty when well formed)."""
    if not isinstance(raw, dict):
        return ["an entry must be a mapping"]
    out = _non_string_keys(raw)
    if out:
        return out
    unknown = set(raw) - ENTRY_KEYS
    missing = REQUIRED_ENTRY_KEYS - set(raw)
    if unknown:
        out.append(f"unknown keys {sorted(unknown)}")
    if missing:
        out.append(f"missing keys {sorted(missing)}")
    if out:
        return out
    if not isinstance(raw["text"], str) or not raw["text"].strip():
        out.append("text must be a non-empty string")
    kind = raw.get("kind", "command")
    if kind not in KINDS:
        out.append(f"kind must be one of {KINDS}, not {kind!r}")
    tags = raw.get("tags", [])
    if not isinstance(tags, list) or not all(isinstance(t, str) for t in tags):
        out.append("tags must be a list of strings")
    else:
        bad = [t for t in tags if t not in TAGS]
        if bad:
            out.append(f"unknown tags {bad} (known: {sorted(TAGS)})")
        if len(set(tags)) != len(tags):
            out.append("repeated tags")
        if set(tags) & NON_COMMAND_TAGS and kind != "non_command":
            out.append("question/chitchat/adversarial entries must be kind: non_command")
        if kind == "non_command" and not set(tags) & NON_COMMAND_TAGS:
            out.append("a non_command entry needs one of the tags question, chitchat, adversarial")
    exp = raw["expect"]
    if not isinstance(exp, dict):
        return out + ["expect must be a mapping"]
    required = set(EXPECT_KEYS) - ({"mentions"} if kind == "non_command" else set())
    unknown = set(exp) - set(EXPECT_KEYS)
    missing = required - set(exp)
    if unknown:
        out.append(f"expect: unknown keys {sorted(unknown)}")
    if missing:
        out.append(f"expect: missing keys {sorted(missing)}")
    if unknown or missing:
        return out
    if exp["language"] not in LANGUAGES:
        out.append(f"expect.language must be one of {LANGUAGES}")
    if not isinstance(exp["complete"], bool):
        out.append("expect.complete must be true or false")
    if not isinstance(exp["needs"], list) or not all(isinstance(n, str) for n in exp["needs"]):
        out.append("expect.needs must be a list of strings")
    actions = exp["actions"]
    if not isinstance(actions, list):
        out.append("expect.actions must be a list")
    else:
        for i, a in enumerate(actions):
            where = f"expect.actions[{i}]"
            if not isinstance(a, dict) or set(a) != {"capability", "target", "parameters"}:
                out.append(f"{where} must have exactly the keys capability, target, parameters")
                continue
            if not isinstance(a["capability"], str) or not a["capability"]:
                out.append(f"{where}.capability must be a non-empty string")
            if not isinstance(a["target"], str) or not a["target"]:
                out.append(f"{where}.target must be a non-empty string")
            params = a["parameters"]
            if not isinstance(params, dict):
                out.append(f"{where}.parameters must be a mapping")
            else:
                for k, v in params.items():
                    if not _is_scalar_param(v):
                        out.append(f"{where}.parameters.{k} must be a bool, int, float or string")
    for name in ("mentions", "negated"):
        if name in exp:
            out.extend(_control_list_problems(name, exp[name]))
    return out


# ---------------------------------------------------------------- self-consistency
def consistency_problems(e: Entry) -> list[str]:
    """What contradicts the contract inside one well-formed expectation."""
    exp = e.expect
    out = []
    if expected_language(e.text) != exp["language"]:
        out.append(f"language should be {expected_language(e.text)!r} for this text")
    if exp["complete"] and (not exp["actions"] or exp["needs"]):
        out.append("complete true needs actions and no needs")
    if e.kind == "non_command":
        if exp["actions"] or exp["complete"] or exp["needs"] or exp["negated"]:
            out.append("a non_command has no actions, needs or negated entries and is not complete")
    keys = [(a["capability"], a["target"], tuple(sorted(a["parameters"].items()))) for a in exp["actions"]]
    if len(set(keys)) != len(keys):
        out.append("identical actions must collapse into one")
    mentions = exp.get("mentions")
    if mentions is not None:
        pairs = [(m["capability"], m["target"]) for m in mentions]
        if len(set(pairs)) != len(pairs):
            out.append("mentions must be deduplicated")
        for n in exp["negated"]:
            if (n["capability"], n["target"]) not in pairs:
                out.append(f"negated {n} is not in mentions")
        for a in exp["actions"]:
            if (a["capability"], a["target"]) not in pairs and (a["capability"], None) not in pairs:
                out.append(f"action {a['capability']}/{a['target']} has no mention")
    negated = [(n["capability"], n["target"]) for n in exp["negated"]]
    if len(set(negated)) != len(negated):
        out.append("negated must be deduplicated")
    if ("negation" in e.tags or "conditional" in e.tags) and not exp["negated"]:
        out.append("a negation/conditional entry must have negated entries")
    if "conflict" in e.tags and (exp["actions"] or exp["complete"]):
        out.append("a conflict gives no action and complete false")
    if "need" in e.tags and (not exp["needs"] or exp["complete"]):
        out.append("a need entry has needs and is not complete")
    if "unresolved" in e.tags and exp["complete"]:
        out.append("an unresolved entry is not complete")
    if "extra_text" in e.tags and exp["complete"]:
        out.append("an extra_text entry is not complete")
    return out


# ---------------------------------------------------------------- catalog agreement
def catalog_problems(e: Entry, catalog: Any) -> list[str]:
    """Expected capabilities, targets, parameter names and types exist in the
    catalog. Ranges and steps are deliberately not checked (out-of-range values
    are emitted as spoken)."""
    out = []
    exp = e.expect
    for i, a in enumerate(exp["actions"]):
        where = f"actions[{i}]"
        cap = catalog.capabilities.get(a["capability"])
        if cap is None:
            out.append(f"{where}: unknown capability {a['capability']!r}")
            continue
        if a["target"] not in catalog.valid_targets(a["capability"]):
            out.append(
                f"{where}: target {a['target']!r} is not valid for {a['capability']} "
                f"(valid: {catalog.valid_targets(a['capability'])})"
            )
        params = a["parameters"]
        unknown = set(params) - set(cap.parameters)
        if unknown:
            out.append(f"{where}: unknown parameters {sorted(unknown)} for {a['capability']}")
        for name, spec in cap.parameters.items():
            if name not in params:
                if not spec.optional:
                    out.append(f"{where}: missing parameter {name!r}")
                continue
            problem = spec.check(params[name])
            if problem and problem[0] != "out_of_range":
                out.append(f"{where}: parameter {name}={params[name]!r}: {problem[1]}")
            if spec.type == "float" and not isinstance(params[name], float):
                out.append(f"{where}: parameter {name} must be written as a float (e.g. 21.0)")
        if cap.at_least_one and not params:
            out.append(f"{where}: {a['capability']} needs at least one parameter")
    for name in ("mentions", "negated"):
        for i, m in enumerate(exp.get(name) or []):
            where = f"{name}[{i}]"
            if m["capability"] not in catalog.capabilities:
                out.append(f"{where}: unknown capability {m['capability']!r}")
            elif m["target"] is not None and m["target"] not in catalog.valid_targets(m["capability"]):
                out.append(f"{where}: target {m['target']!r} is not valid for {m['capability']}")
            elif m["target"] is None and catalog.capabilities[m["capability"]].default_target is None:
                out.append(f"{where}: {m['capability']} is always mentioned with its id as target")
    for n in exp["needs"]:
        if n not in catalog.needs:
            out.append(f"unknown need {n!r}")
    return out


def out_of_range_values(e: Entry, catalog: Any) -> list[str]:
    """Expected parameter values outside their range or off their step."""
    found = []
    for a in e.expect["actions"]:
        cap = catalog.capabilities.get(a["capability"])
        if cap is None:
            continue
        for name, value in a["parameters"].items():
            spec = cap.parameters.get(name)
            if spec is not None and (problem := spec.check(value)) and problem[0] == "out_of_range":
                found.append(f"{a['capability']}.{name}={value!r}")
    return found
