"""Reading an unspaced (Chinese) clause with generated Python: :mod:`.fastread`'s
dynamic programming, specialised per node.

:mod:`.fastread` reads any text with one generic function per node kind;
most of a Chinese read's time went to the calls and outcome tuples
between them. Here every sequence, alternative and word choice becomes
its own Python function (source generated once per grammar, compiled
with ``exec``), literals and numbers are tested inline in the sequences
that hold them, and a sequence keeps plain local variables while it has
only one way to be where it is.

It reads only clauses without whitespace (nearly every Chinese clause:
CJK whitespace is removed before); there nothing is ever skipped, and the
start-of-word flag :mod:`.fastread` carries changes nothing that follows
(an unspaced grammar never looks at it), so outcomes are kept per end
position alone: ``{end: (literal characters, entities)}``, in hassil's
order, each the one hassil ranks first for that end (a better one found
later moves to the back, as :func:`.fastread._keep_best` orders them).
A literal of characters without case (CJK, digits) is compared as a
string; any other keeps its ``re.IGNORECASE`` pattern. The head-character
checks, list candidate order and number reading are :mod:`.fastread`'s.

An optional item (a choice with an empty alternative) is passed over
without a call where none of its other items can start at the next
character (caseless first characters only, or a list's own trie keys);
a list referenced several times for one slot is read once per position;
lists are read by :mod:`.fastlist`.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from .fastindex import ALT, CHUNK, LIST, NUM, SEQ, WORDS, starts
from .fastlist import ListPlan
from .fastread import _NUMBER

#: Characters that ``re.IGNORECASE`` matches only by themselves (and that fold to themselves).
_CASELESS = re.compile(r"[一-鿿㐀-䶿぀-ヿ가-힯0-9%&]*")
#: No outcome (shared; never changed).
_NONE: dict = {}
#: One node read at a position: end -> (literal characters, entities).
Flat = Callable[[str, str, int, dict], dict[int, tuple[int, tuple]]]
_ALWAYS, _NEVER, _AT_END, _EXACT, _PATTERN = range(5)


def _chunk_kind(node: tuple) -> int:
    """How a literal reads a text without whitespace (see :func:`.fastread._chunk`)."""
    text, lead = node[2], node[5]
    if not text or not lead:
        return _ALWAYS  # the empty pattern matches anywhere
    if lead.isspace():
        return _AT_END  # it cannot match; at the end it is no loss
    if any(char.isspace() for char in lead):
        return _NEVER
    return _EXACT if _CASELESS.fullmatch(lead) else _PATTERN


def _merge(out: dict, more: dict) -> None:
    for end, found in more.items():
        old = out.get(end)
        if old is None:
            out[end] = found
        elif found[0] > old[0]:
            del out[end]
            out[end] = found


class _Generator:
    def __init__(self, heads: dict[int, frozenset[str]], shared: set[int], roots: list[tuple]) -> None:
        self.heads = heads
        self.shared = set(shared)
        #: node id -> the id of the first reference to the same list for the same slot (read once for both)
        self.same: dict[int, int] = {}
        first: dict[tuple[int, str], int] = {}
        for node in _lists(roots):
            ident = first.setdefault((id(node[3]), node[2]), node[1])
            if ident != node[1]:
                self.same[node[1]] = ident
                self.shared.add(ident)
        self.lines: list[str] = []
        self.env: dict[str, Any] = {"E": _NONE, "NUMBER": _NUMBER.match, "merge": _merge, "words": _words_read}
        self.names: dict[int, str] = {}
        self.lists: list[tuple[str, ListPlan]] = []
        self.plans: dict[int, ListPlan] = {}
        self.starts: dict = {}

    def const(self, name: str, value: Any) -> str:
        self.env[name] = value
        return name

    def fn(self, node: tuple) -> str:
        """The name of the function reading `node` (generated on first use)."""
        ident = self.same.get(node[1], node[1])
        name = self.names.get(ident)
        if name is not None:
            return name
        name = self.names[ident] = f"n{ident}"
        body = f"_n{ident}" if ident in self.shared else name
        kind = node[0]
        if kind == LIST:
            plan = self.plans[ident] = ListPlan(node, _chunk_kind, _EXACT, _PATTERN)
            self.lists.append((body, plan))
            for value_node in plan.reads:
                self.fn(value_node)
        elif kind == SEQ:
            self._sequence(node, body)
        elif kind == ALT:
            self._alternative(node, body)
        elif kind == NUM:
            self._number(node, body)
        else:
            self._words(node, body)
        if ident in self.shared:
            assert ident < 1 << 16
            self.lines += [f"def {name}(t, f, p, m):", f"    k = p << 16 | {ident}", "    r = m.get(k)",
                           "    if r is None:", f"        r = m[k] = {body}(t, f, p, m)", "    return r"]
        return name

    def call(self, node: tuple, var: str, at: str, pad: str) -> list[str]:
        """Lines setting `var` to the outcomes of `node` read at `at` (kept
        outcomes looked up here, a literal tested here)."""
        if node[0] == CHUNK:
            how, lead, count = _chunk_kind(node), node[5], node[4]
            if how == _ALWAYS:
                return [f"{pad}{var} = {{{at}: ({count}, ())}}"]
            if how == _EXACT:
                return [f"{pad}{var} = {{{at} + {len(lead)}: ({count}, ())}} if t.startswith({lead!r}, {at}) else E"]
        name = self.fn(node)
        ident = self.same.get(node[1], node[1])
        if ident not in self.shared:
            return [f"{pad}{var} = {name}(t, f, {at}, m)"]
        return [f"{pad}k = {at} << 16 | {ident}", f"{pad}{var} = m.get(k)",
                f"{pad}if {var} is None:", f"{pad}    {var} = m[k] = _{name}(t, f, {at}, m)"]

    def _need(self, node: tuple) -> str | None:
        need = self.heads.get(node[1])
        return None if need is None else self.const(f"H{node[1]}", need)

    def _sequence(self, node: tuple, name: str) -> None:
        """Items in turn: while there is one way so far it is (q, c, x) and
        ``cur`` is None; with several, ``cur`` holds them."""
        out = [f"def {name}(t, f, p, m):"]
        if not node[2]:
            self.lines += [*out, "    return E"]
            return
        out += ["    n = len(t)", "    q = p", "    c = 0", "    x = ()", "    cur = None"]
        many = False  # whether there can be several ways so far
        for item in node[2]:
            if item[0] == CHUNK and _chunk_kind(item) == _NEVER:
                out.append("    return E")
                break
            if many:
                out.append("    if cur is None:")
                out += self._one(item, "        ")
                out.append("    else:")
                out += self._several(item, "        ")
            else:
                out += self._one(item, "    ")
            many = many or item[0] not in (CHUNK, NUM)
        else:
            out.append("    return {q: (c, x)} if cur is None else cur")
        self.lines += out

    def _optional(self, node: tuple) -> str | None:
        """For a choice that reads nothing unless one of its headed items can start
        here, the constant holding those items' first characters."""
        if node[0] not in (ALT, WORDS):
            return None
        heads: set[str] = set()
        empty = False
        for item in node[2]:
            if item[0] == CHUNK and _chunk_kind(item) == _ALWAYS and not item[4]:
                empty = True
                continue
            if item[0] == LIST:  # what its trie walk can start with (exactly as it reads)
                self.fn(item)
                chars = self.plans[self.same.get(item[1], item[1])].heads()
                if chars is None:
                    return None
                heads |= chars
                continue
            chars, can_be_empty = starts(item, self.starts)
            if chars is None or can_be_empty or not all(char == "-" or _CASELESS.fullmatch(char) for char in chars):
                return None  # (a cased first character may match one folding otherwise)
            heads |= chars
        return self.const(f"U{node[1]}", frozenset(heads)) if empty else None

    def _one(self, item: tuple, pad: str) -> list[str]:
        """One item read after the one way (q, c, x)."""
        kind = item[0]
        if kind == CHUNK:
            how, lead, count = _chunk_kind(item), item[5], item[4]
            out = []
            if how == _AT_END:
                out.append(f"{pad}if q < n: return E")
            elif how == _EXACT:
                out += [f"{pad}if not t.startswith({lead!r}, q): return E", f"{pad}q += {len(lead)}"]
            elif how == _PATTERN:
                rx = self.const(f"R{item[1]}", item[6].match)
                out += [f"{pad}mm = {rx}(t, q)", f"{pad}if mm is None: return E", f"{pad}q = mm.end()"]
            if count:
                out.append(f"{pad}c += {count}")
            return out
        if kind == NUM:
            slot, low, high = item[2], item[3], item[4]
            return [f"{pad}mm = NUMBER(t, q) if q < n else None", f"{pad}if mm is None: return E",
                    f"{pad}s_ = mm.group(1)", f"{pad}v = float(s_)", f"{pad}if not {low!r} <= v <= {high!r}: return E",
                    f"{pad}q = mm.end()", f"{pad}x = x + (({slot!r}, v, s_),)"]
        out = []
        optional = self._optional(item)
        if optional is not None:
            out.append(f"{pad}if f[q:q + 1] in {optional}:")
            pad += "    "
        need = self._need(item)
        if need is not None:
            out.append(f"{pad}if f[q:q + 1] not in {need}: return E")
        return out + [*self.call(item, "r", "q", pad), f"{pad}if not r: return E", f"{pad}if len(r) == 1:",
                      f"{pad}    ((q, (c2, x2)),) = r.items()", f"{pad}    c += c2", f"{pad}    if x2: x += x2",
                      f"{pad}elif c or x:", f"{pad}    cur = {{}}", f"{pad}    for e, (c2, x2) in r.items():",
                      f"{pad}        cur[e] = (c + c2, x + x2 if x2 else x)", f"{pad}else:", f"{pad}    cur = r"]

    def _several(self, item: tuple, pad: str) -> list[str]:
        """One item read after each of the ways in ``cur``; back to one way when one is left."""
        kind = item[0]
        body = pad + "    "
        out = [f"{pad}nxt = {{}}", f"{pad}for q, (c, x) in cur.items():"]
        if kind == CHUNK:
            how, lead, count = _chunk_kind(item), item[5], item[4]
            if how == _ALWAYS:
                out.append(f"{body}nxt[q] = (c + {count}, x)")
            elif how == _AT_END:
                out.append(f"{body}if q >= n: nxt[q] = (c, x)")
            elif how == _EXACT:
                out.append(f"{body}if t.startswith({lead!r}, q): nxt[q + {len(lead)}] = (c + {count}, x)")
            else:
                rx = self.const(f"R{item[1]}", item[6].match)
                out += [f"{body}mm = {rx}(t, q)", f"{body}if mm is not None:", f"{body}    e = mm.end()",
                        *_merge_lines(body + "    ", f"c + {count}", "x")]
        elif kind == NUM:
            slot, low, high = item[2], item[3], item[4]
            out += [f"{body}mm = NUMBER(t, q) if q < n else None", f"{body}if mm is None: continue",
                    f"{body}s_ = mm.group(1)", f"{body}v = float(s_)", f"{body}if not {low!r} <= v <= {high!r}: continue",
                    f"{body}e = mm.end()", *_merge_lines(body, "c", f"x + (({slot!r}, v, s_),)")]
        else:
            optional = self._optional(item)
            if optional is not None:
                out += [f"{body}if f[q:q + 1] not in {optional}:", f"{body}    e = q",
                        *_merge_lines(body + "    ", "c", "x"), f"{body}    continue"]
            need = self._need(item)
            if need is not None:
                out.append(f"{body}if f[q:q + 1] not in {need}: continue")
            out += [*self.call(item, "r", "q", body), f"{body}for e, (c2, x2) in r.items():",
                    *_merge_lines(body + "    ", "c + c2", "x + x2 if x2 else x")]
        return out + [f"{pad}if not nxt: return E", f"{pad}if len(nxt) == 1:",
                      f"{pad}    ((q, (c, x)),) = nxt.items()", f"{pad}    cur = None", f"{pad}else:", f"{pad}    cur = nxt"]

    def _alternative(self, node: tuple, name: str) -> None:
        out = [f"def {name}(t, f, p, m):", "    ch = f[p:p + 1]", "    out = E", "    own = False"]
        for item in node[2]:
            need = self._need(item)
            pad = "    "
            if need is not None:
                out.append(f"    if ch in {need}:")
                pad = "        "
            out += [*self.call(item, "r", "p", pad), f"{pad}if r:", f"{pad}    if not out:", f"{pad}        out = r",
                    f"{pad}    else:", f"{pad}        if not own:", f"{pad}            out = dict(out)",
                    f"{pad}            own = True", f"{pad}        merge(out, r)"]
        self.lines += [*out, "    return out"]

    def _number(self, node: tuple, name: str) -> None:
        _, _, slot, low, high = node
        self.lines += [f"def {name}(t, f, p, m):", "    if p >= len(t): return E", "    mm = NUMBER(t, p)",
                       "    if mm is None: return E", "    s_ = mm.group(1)", "    v = float(s_)",
                       f"    if not {low!r} <= v <= {high!r}: return E",
                       f"    return {{mm.end(): (0, (({slot!r}, v, s_),))}}"]

    def _words(self, node: tuple, name: str) -> None:
        """Alternative literals (or one): those whose first character is here, in order."""
        if node[0] == CHUNK:
            items, by_lead, always = (node,), {}, (0,)
        else:
            items, by_lead, always = node[2], node[3], node[4]
        entries = [(_chunk_kind(n), n[5], len(n[5]), n[4], n[6].match) for n in items]
        self.env[f"T{name}"] = {k: tuple(entries[i] for i in v) for k, v in by_lead.items()}
        self.env[f"D{name}"] = tuple(entries[i] for i in always)
        self.lines += [f"def {name}(t, f, p, m):", f"    return words(t, p, T{name}.get(f[p:p + 1], D{name}))"]


def _words_read(t: str, p: int, tried: tuple) -> dict:
    """The ends of the literals `tried` at `p`, the first of most literal characters per end."""
    out: dict = {}
    for how, lead, size, count, pattern in tried:
        if how == _EXACT:
            if not t.startswith(lead, p):
                continue
            end = p + size
        elif how == _PATTERN:
            found = pattern(t, p)
            if found is None:
                continue
            end = found.end()
        elif how == _ALWAYS or (how == _AT_END and p >= len(t)):
            end = p
        else:
            continue
        old = out.get(end)
        if old is None:
            out[end] = (count, ())
        elif count > old[0]:
            del out[end]
            out[end] = (count, ())
    return out


def _merge_lines(pad: str, chunks: str, ents: str) -> list[str]:
    """Keep (end `e`, `chunks`, `ents`) in ``nxt`` unless an earlier way there reads as many literals."""
    return [f"{pad}cc = {chunks}", f"{pad}o = nxt.get(e)", f"{pad}if o is None:", f"{pad}    nxt[e] = (cc, {ents})",
            f"{pad}elif cc > o[0]:", f"{pad}    del nxt[e]", f"{pad}    nxt[e] = (cc, {ents})"]
def _lists(roots: list[tuple]) -> list[tuple]:
    """Every list reference reached from `roots`, in the order first reached."""
    seen: set[int] = set()
    found: list[tuple] = []
    stack = list(reversed(roots))
    while stack:
        node = stack.pop()
        if node[1] in seen:
            continue
        seen.add(node[1])
        if node[0] == LIST:
            found.append(node)
        elif node[0] in (SEQ, ALT, WORDS):
            stack.extend(reversed(node[2]))
    return found


def define(lines: list[str], env: dict[str, Any], filename: str) -> None:
    """Compile generated functions into `env` one at a time: ``compile`` keeps
    the interpreter lock throughout, and all at once took ~0.3 s, a stall
    for every other thread (it runs in the background, beside the parser)."""
    begins = [i for i, line in enumerate(lines) if line.startswith("def ")] + [len(lines)]
    for begin, end in zip(begins, begins[1:]):
        exec(compile("\n".join(lines[begin:end]), filename, "exec"), env)


def compile_reads(roots: list[tuple], heads: dict[int, frozenset[str]], shared: set[int]) -> list[Flat]:
    """One function per sentence reading a whitespace-free text: ``fn(text,
    fold_case(text), 0, memo)`` -> {end: (literal characters, entities)}; one
    ``memo`` dict per text, shared by the sentences read with it."""
    gen = _Generator(heads, shared, roots)
    names = [gen.fn(root) for root in roots]
    define(gen.lines, gen.env, "<fastgen>")
    reads = {ident: gen.env[name] for ident, name in gen.names.items() if name in gen.env}
    for body, plan in gen.lists:
        gen.env[body] = plan.bind(reads)
    return [gen.env[name] for name in names]


__all__ = ["Flat", "compile_reads", "define"]
