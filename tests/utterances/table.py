"""Loading and validating the parser's utterance table (``tests/utterances/*.yaml``,
``v2/*.yaml`` and ``v3/*.yaml``), and the pending rows (``pending/*.yaml``) that
are checked here but not run against the parser until the parser reads them.

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
from utterances import timed_clarify  # tests/ is on sys.path (pytest rootdir insertion)

TABLE_DIR = Path(__file__).resolve().parent

V2_DIR = TABLE_DIR / "v2"
V3_DIR = TABLE_DIR / "v3"
#: Rows written ahead of the parser (``schedule``, ``clarify``): loaded by
#: :func:`load_pending` only, never by :func:`load_table`.
PENDING_DIR = TABLE_DIR / "pending"

ENTRY_KEYS = frozenset({"text", "expect", "kind", "tags", "seat"})
REQUIRED_ENTRY_KEYS = frozenset({"text", "expect"})
#: The keys of the parser's JSON result (DESIGN section 4, revision 2).
EXPECT_KEYS = (
    "language",
    "actions",
    "needs",
    "mentions",
    "negated",
    "queries",
    "follow_up",
    "unplaced",
    "schedule",
    "clarify",
    "complete",
)
#: Keys every expectation must assert; the others are asserted only where a
#: row gives them (a row leaves out what the spec does not settle). Rows in
#: the first table (top-level files) assert the six keys of revision 1.
REQUIRED_EXPECT_KEYS = frozenset({"actions"})
V1_REQUIRED_EXPECT_KEYS = frozenset({"language", "actions", "needs", "mentions", "negated", "complete"})
KINDS = ("command", "non_command")
LANGUAGES = ("en", "zh")
#: Speaker seats (DESIGN section 3a); a row without ``seat`` is an unknown speaker.
SEATS = ("driver", "passenger", "rear_left", "rear_right", "outside")
SAID = ("command", "question", "statement", "wish", "negated", "held")
DIRECTIONS = ("increase", "decrease", "set", "on", "off", "open", "close", "activate")
FOLLOW_UPS = ("me_too", "more", "undo")
ACTION_KEYS = frozenset({"capability", "target", "parameters", "vague"})
MENTION_KEYS = frozenset({"capability", "target", "said", "direction"})
QUERY_KEYS = frozenset({"capability", "target"})
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
        # revision 2 (tests/utterances/v2)
        "scope",  # hostile scope: a hold, negation, question, statement or wish that must reach its clause
        "retraction",  # "never mind", "cancel that", "算了", "取消": holds every clause before it
        "correction",  # "no, the sunroof", "I mean", "不对": acts only on what follows
        "exclusion",  # "all windows except the driver's": the group minus the excluded members
        "reported_speech",  # "he said ...", "他说", quoted or not: held
        "statement",  # a statement about a control ("the window is open"): said statement
        "wish",  # "keep it closed", "I hope it stays closed": said wish
        "query",  # a state question answered locally: `queries`
        "follow_up",  # "me too", "a bit more", "undo": `follow_up`
        "asr",  # speech-recogniser text: no punctuation, lower case, fillers, run-ons
        "mixed_language",  # aliases of one language inside text of the other
        "fahrenheit",  # a Fahrenheit value converted to Celsius (nearest 0.5)
        "relative",  # an adjust_* change, vague or explicit
        "parameter_word",  # low/medium/high/max/min, 一半/全开/一条缝/a crack ...
        "seat",  # a speaker seat: "my", a target-less seat/window/zone control
        "named_place",  # a place the control lacks ("rear fan off"), kept by name for the executor to refuse
        "plural",  # a plural control noun: every fitted member
        "mode_name",  # a mode by its name alone or with "please"
        "haste",  # adverbs of haste keep a text complete
        "weather",  # weather talk: no need, no action
        "travel",  # travel and navigation talk
        "music",  # music and media talk
        "idiom",  # idioms holding comfort words ("cold feet", "热门", "this song is fire")
        "punctuation",  # the meaning rests on punctuation: not re-parsed without it
        # revision 3 (tests/utterances/pending)
        "timed",  # a delay, clock time or duration: `schedule` entries (section 5a)
    }
)
NON_COMMAND_TAGS = frozenset(
    {"question", "chitchat", "adversarial", "statement", "wish", "weather", "travel", "music", "idiom"}
)
#: Tags of a hostile scope row, one of which goes with ``scope``.
SCOPE_KINDS = frozenset(
    {
        "retraction",
        "correction",
        "exclusion",
        "conditional",
        "reported_speech",
        "negation",
        "question",
        "statement",
        "wish",
        "query",
        "extra_text",
    }
)

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
    seat: str | None = None
    """The speaker's seat passed to the parser (None: unknown)."""

    @property
    def id(self) -> str:
        seat = f"@{self.seat}" if self.seat else ""
        return f"{self.file}:{self.index}:{self.text}{seat}"

    @property
    def v2(self) -> bool:
        return self.file.startswith("v2/")

    @property
    def language(self) -> str:
        return self.expect["language"]

    def asserts(self, key: str) -> bool:
        return key in self.expect

    @property
    def mentions(self) -> list[dict[str, Any]] | None:
        return self.expect.get("mentions")


@dataclass
class Table:
    entries: list[Entry] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    """One line per structural problem, naming the file and entry."""


def table_files() -> list[Path]:
    """The first table's files, then revision 2's (``v2/``) and revision 3's (``v3/``)."""
    first = sorted(p for p in TABLE_DIR.iterdir() if p.suffix in (".yaml", ".yml"))
    second = sorted(p for p in V2_DIR.iterdir() if p.suffix in (".yaml", ".yml")) if V2_DIR.is_dir() else []
    third = sorted(p for p in V3_DIR.iterdir() if p.suffix in (".yaml", ".yml")) if V3_DIR.is_dir() else []
    return first + second + third


def _file_name(path: Path) -> str:
    return path.relative_to(TABLE_DIR).as_posix()


def load_table() -> Table:
    """The rows the table tests run (first table, ``v2/``, ``v3/``)."""
    table = Table()
    files = table_files()
    if not files:
        table.problems.append(f"{TABLE_DIR}: no YAML files")
    _load_files(files, table)
    _flag_duplicates(table.entries, {}, table)
    return table


def pending_files() -> list[Path]:
    return sorted(p for p in PENDING_DIR.iterdir() if p.suffix in (".yaml", ".yml")) if PENDING_DIR.is_dir() else []


def load_pending() -> Table:
    """The pending rows (``pending/``), checked like ``v2/`` rows; a row whose
    (text, seat) the running table already has is a duplicate too, so wiring
    the files in later cannot give one utterance two expectations."""
    table = Table()
    files = pending_files()
    if not files:
        table.problems.append(f"{PENDING_DIR}: no YAML files")
    _load_files(files, table)
    running = {(e.text, e.seat): f"{e.file}[{e.index}]" for e in load_table().entries}
    _flag_duplicates(table.entries, running, table)
    return table


def _load_files(files: list[Path], table: Table) -> None:
    for path in files:
        name = _file_name(path)
        v2 = name.startswith(("v2/", "v3/", "pending/"))
        try:
            data = yaml.safe_load(path.read_text(encoding="utf-8"))
        except yaml.YAMLError as exc:
            table.problems.append(f"{name}: invalid YAML: {exc}")
            continue
        if not isinstance(data, list) or not data:
            table.problems.append(f"{name}: must be a non-empty list of entries")
            continue
        for index, raw in enumerate(data):
            where = f"{name}[{index}]"
            if isinstance(raw, dict) and isinstance(raw.get("text"), str):
                where += f" {raw['text']!r}"
            problems = structure_problems(raw, v2=v2)
            if problems:
                table.problems.extend(f"{where}: {p}" for p in problems)
                continue
            expect = dict(raw["expect"])
            # The language is always asserted: it follows from the text alone.
            expect.setdefault("language", expected_language(raw["text"]))
            table.entries.append(
                Entry(
                    file=name,
                    index=index,
                    text=raw["text"],
                    kind=raw.get("kind", "command"),
                    tags=tuple(raw.get("tags", ())),
                    expect=expect,
                    seat=raw.get("seat"),
                )
            )


def _flag_duplicates(entries: list[Entry], seen: dict[tuple[str, str | None], str], table: Table) -> None:
    for e in entries:
        key = (e.text, e.seat)
        if key in seen:
            table.problems.append(f"{e.file}[{e.index}] {e.text!r}: duplicate of {seen[key]}")
        else:
            seen[key] = f"{e.file}[{e.index}]"


# ---------------------------------------------------------------- structure
def _non_string_keys(data: Any, path: str = "") -> list[str]:
    out: list[str] = []
    if isinstance(data, dict):
        for key, value in data.items():
            if not isinstance(key, str):
                out.append(f'{path or "<entry>"}: key {key!r} is not a string (quote "on"/"off"/"yes"/"no")')
            out.extend(_non_string_keys(value, f"{path}.{key}" if path else str(key)))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            out.extend(_non_string_keys(value, f"{path}[{i}]"))
    return out


def _is_scalar_param(value: Any) -> bool:
    return isinstance(value, (bool, int, float, str)) and value is not None


def _control_list_problems(name: str, value: Any, allowed: frozenset[str]) -> list[str]:
    """`mentions`, `negated` and `queries`: ``capability`` always; ``target``
    (null = none said), ``said`` and ``direction`` asserted where given."""
    if not isinstance(value, list):
        return [f"expect.{name} must be a list"]
    out = []
    for i, item in enumerate(value):
        where = f"expect.{name}[{i}]"
        if not isinstance(item, dict) or "capability" not in item or set(item) - allowed:
            out.append(f"{where} must have the key capability and only the keys {sorted(allowed)}")
            continue
        if not isinstance(item["capability"], str) or not item["capability"]:
            out.append(f"{where}.capability must be a non-empty string")
        if "target" in item and item["target"] is not None and not (isinstance(item["target"], str) and item["target"]):
            out.append(f"{where}.target must be a non-empty string or null")
        if "said" in item and item["said"] not in SAID:
            out.append(f"{where}.said must be one of {SAID}")
        if "direction" in item and item["direction"] is not None and item["direction"] not in DIRECTIONS:
            out.append(f"{where}.direction must be null or one of {DIRECTIONS}")
        if name == "negated" and item.get("said", "negated") not in ("negated", "held"):
            out.append(f"{where}.said must be negated or held")
    return out


def _action_problems(actions: Any, name: str = "expect.actions") -> list[str]:
    if not isinstance(actions, list):
        return [f"{name} must be a list"]
    out = []
    for i, a in enumerate(actions):
        where = f"{name}[{i}]"
        if not isinstance(a, dict) or not {"capability", "target", "parameters"} <= set(a) or set(a) - ACTION_KEYS:
            out.append(f"{where} must have the keys capability, target, parameters (and optionally vague: true)")
            continue
        if not isinstance(a["capability"], str) or not a["capability"]:
            out.append(f"{where}.capability must be a non-empty string")
        if not isinstance(a["target"], str) or not a["target"]:
            out.append(f"{where}.target must be a non-empty string")
        if "vague" in a and a["vague"] is not True:
            out.append(f"{where}.vague is written only as true (absent means not vague)")
        params = a["parameters"]
        if not isinstance(params, dict):
            out.append(f"{where}.parameters must be a mapping")
        else:
            for k, v in params.items():
                if not _is_scalar_param(v):
                    out.append(f"{where}.parameters.{k} must be a bool, int, float or string")
    return out


def _tag_problems(raw: dict[str, Any], kind: str) -> list[str]:
    tags = raw.get("tags", [])
    if not isinstance(tags, list) or not all(isinstance(t, str) for t in tags):
        return ["tags must be a list of strings"]
    out = []
    bad = [t for t in tags if t not in TAGS]
    if bad:
        out.append(f"unknown tags {bad} (known: {sorted(TAGS)})")
    if len(set(tags)) != len(tags):
        out.append("repeated tags")
    if set(tags) & NON_COMMAND_TAGS and kind != "non_command":
        out.append(f"entries tagged {sorted(set(tags) & NON_COMMAND_TAGS)} must be kind: non_command")
    if kind == "non_command" and not set(tags) & NON_COMMAND_TAGS:
        out.append(f"a non_command entry needs one of the tags {sorted(NON_COMMAND_TAGS)}")
    if "scope" in tags and not set(tags) & SCOPE_KINDS:
        out.append(f"a scope entry needs one of the tags {sorted(SCOPE_KINDS)}")
    return out


def structure_problems(raw: Any, v2: bool = False) -> list[str]:
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
    if "seat" in raw and raw["seat"] not in SEATS:
        out.append(f"seat must be one of {SEATS} (leave it out for an unknown speaker)")
    kind = raw.get("kind", "command")
    if kind not in KINDS:
        out.append(f"kind must be one of {KINDS}, not {kind!r}")
    out.extend(_tag_problems(raw, kind))
    exp = raw["expect"]
    if not isinstance(exp, dict):
        return out + ["expect must be a mapping"]
    if v2:
        required = set(REQUIRED_EXPECT_KEYS)
    else:
        required = set(V1_REQUIRED_EXPECT_KEYS) - ({"mentions"} if kind == "non_command" else set())
    unknown = set(exp) - set(EXPECT_KEYS)
    missing = required - set(exp)
    if unknown:
        out.append(f"expect: unknown keys {sorted(unknown)}")
    if missing:
        out.append(f"expect: missing keys {sorted(missing)}")
    if unknown or missing:
        return out
    if "language" in exp and exp["language"] not in LANGUAGES:
        out.append(f"expect.language must be one of {LANGUAGES}")
    if "complete" in exp and not isinstance(exp["complete"], bool):
        out.append("expect.complete must be true or false")
    if "needs" in exp and (not isinstance(exp["needs"], list) or not all(isinstance(n, str) for n in exp["needs"])):
        out.append("expect.needs must be a list of strings")
    if "follow_up" in exp and exp["follow_up"] is not None and exp["follow_up"] not in FOLLOW_UPS:
        out.append(f"expect.follow_up must be null or one of {FOLLOW_UPS}")
    out.extend(_action_problems(exp["actions"]))
    for name in ("mentions", "negated"):
        if name in exp:
            out.extend(_control_list_problems(name, exp[name], MENTION_KEYS))
    if "queries" in exp:
        out.extend(_control_list_problems("queries", exp["queries"], QUERY_KEYS))
    if "schedule" in exp:
        out.extend(timed_clarify.schedule_problems(exp["schedule"], _action_problems))
    if "clarify" in exp:
        out.extend(timed_clarify.clarify_problems(exp["clarify"], _action_problems))
    return out


# ---------------------------------------------------------------- self-consistency
def _pair(item: dict[str, Any]) -> tuple[str, Any]:
    return (item["capability"], item.get("target", "<any>"))


def consistency_problems(e: Entry) -> list[str]:
    """What contradicts the contract inside one well-formed expectation."""
    exp = e.expect
    actions = exp["actions"]
    needs = exp.get("needs")
    negated = exp.get("negated")
    complete = exp.get("complete")
    follow_up = exp.get("follow_up")
    out = []
    if expected_language(e.text) != exp["language"]:
        out.append(f"language should be {expected_language(e.text)!r} for this text")
    if complete and (not (actions or follow_up or exp.get("schedule")) or needs or needs is None):
        out.append("complete true needs actions (or a schedule or a follow-up) and asserts needs: []")
    if e.kind == "non_command":
        if actions or complete or needs or negated or follow_up:
            out.append("a non_command has no actions, needs, negated entries or follow-up and is not complete")
    keys = [
        (a["capability"], a["target"], tuple(sorted(a["parameters"].items())), a.get("vague", False)) for a in actions
    ]
    if len(set(keys)) != len(keys):
        out.append("identical actions must collapse into one")
    for a in actions:
        if a.get("vague") and ".adjust_" not in a["capability"]:
            out.append(f"only an adjust_* action can be vague, not {a['capability']}")
    mentions = exp.get("mentions")
    if mentions is not None:
        pairs = [_pair(m) for m in mentions]
        if len(set(pairs)) != len(pairs):
            out.append("mentions must be deduplicated")
        for n in negated or ():
            if _pair(n) not in pairs and (n["capability"], "<any>") not in pairs:
                out.append(f"negated {n} is not in mentions")
        fully_targeted = all("target" in m for m in mentions)
        for a in actions if fully_targeted else ():
            if (a["capability"], a["target"]) not in pairs and (a["capability"], None) not in pairs:
                out.append(f"action {a['capability']}/{a['target']} has no mention")
        for m in mentions:
            if (
                m.get("said") in ("negated", "held")
                and negated is not None
                and _pair(m) not in {_pair(n) for n in negated}
            ):
                out.append(f"mention {m} is {m['said']} but not in negated")
    if negated is not None:
        npairs = [_pair(n) for n in negated]
        if len(set(npairs)) != len(npairs):
            out.append("negated must be deduplicated")
    if (
        "negation" in e.tags or "conditional" in e.tags or "retraction" in e.tags or "reported_speech" in e.tags
    ) and not negated:
        out.append("a negation/conditional/retraction/reported-speech entry must assert negated entries")
    if "conflict" in e.tags and (actions or complete):
        out.append("a conflict gives no action and complete false")
    if "need" in e.tags and (not needs or complete):
        out.append("a need entry has needs and is not complete")
    if "unresolved" in e.tags and complete:
        out.append("an unresolved entry is not complete")
    if "extra_text" in e.tags and complete:
        out.append("an extra_text entry is not complete")
    if "query" in e.tags and not exp.get("queries"):
        out.append("a query entry asserts its queries")
    if "follow_up" in e.tags and "follow_up" not in exp:
        out.append("a follow_up entry asserts follow_up")
    if "relative" in e.tags and not any(".adjust_" in a["capability"] for a in actions):
        out.append("a relative entry expects an adjust_* action")
    if "exclusion" in e.tags and not negated:
        out.append("an exclusion entry mentions the excluded members as negated")
    if e.v2 and "scope" in e.tags and actions and "exclusion" not in e.tags and not negated and not exp.get("queries"):
        out.append("a scope entry with actions asserts what was negated, held or asked")
    out.extend(timed_clarify.consistency_problems(e.tags, exp))
    return out


# ---------------------------------------------------------------- catalog agreement
def catalog_problems(e: Entry, catalog: Any) -> list[str]:
    """Expected capabilities, targets, parameter names and types exist in the
    catalog. Ranges and steps are deliberately not checked (out-of-range values
    are emitted as spoken)."""
    exp = e.expect

    named_place = "named_place" in e.tags

    def check(actions: list[dict[str, Any]], name: str) -> list[str]:
        return _catalog_action_problems(actions, name, catalog, named_place)

    out = check(exp["actions"], "actions")
    out.extend(timed_clarify.catalog_problems(e.seat, exp, catalog, check))
    for name in ("mentions", "negated", "queries"):
        for i, m in enumerate(exp.get(name) or []):
            where = f"{name}[{i}]"
            if m["capability"] not in catalog.capabilities:
                out.append(f"{where}: unknown capability {m['capability']!r}")
            elif "target" not in m:
                continue
            elif (
                m["target"] is not None
                and m["target"] not in catalog.valid_targets(m["capability"])
                and not (named_place and m["target"] in catalog.targets)
            ):
                out.append(f"{where}: target {m['target']!r} is not valid for {m['capability']}")
            elif m["target"] is None and catalog.capabilities[m["capability"]].default_target is None:
                out.append(f"{where}: {m['capability']} is always mentioned with its id as target")
    for n in exp.get("needs") or ():
        if n not in catalog.needs:
            out.append(f"unknown need {n!r}")
    return out


def _catalog_action_problems(
    actions: list[dict[str, Any]], prefix: str, catalog: Any, named_place: bool = False
) -> list[str]:
    """Each action's capability, target, parameter names and types (ranges not checked).

    `named_place`: a place the control's type lacks, kept by name so the
    executor refuses it ("rear fan off" on the one cabin fan; tag `named_place`).
    """
    out = []
    for i, a in enumerate(actions):
        where = f"{prefix}[{i}]"
        cap = catalog.capabilities.get(a["capability"])
        if cap is None:
            out.append(f"{where}: unknown capability {a['capability']!r}")
            continue
        if a["target"] not in catalog.valid_targets(a["capability"]) and not (
            named_place and a["target"] in catalog.targets
        ):
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
