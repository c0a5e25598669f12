"""Reading a spaced (English) clause with generated Python: :mod:`.fastread`'s
dynamic programming with sequences and alternatives as their own functions.

:mod:`.fastgen` does this for unspaced texts; a spaced one also carries
the start-of-word flag, so a state here is ``position << 1 | flag`` and
outcomes are ``{state: (literal characters, entities)}``, in hassil's
order, each the one hassil ranks first for its state (as
:func:`.fastread._keep_best` keeps them). Sequences and alternatives are
generated (kept outcomes looked up and head characters checked inline);
literals, word choices, lists and numbers are :mod:`.fastread`'s steps as
closures. Per text, the memo holds the skip table under -1 and the end of
its non-space text under -2.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from hassil.util import fold_case

from .fastgen import _merge, _merge_lines, define
from .fastindex import ALT, CHUNK, LIST, NUM, SEQ, WORDS, starts
from .fastread import _NUMBER, _walk, skip_table

_ASCII_WORDS = re.compile(r"[a-z0-9' ]+")
_NONE: dict = {}
Spaced = Callable[[str, str, int, dict], dict[int, tuple[int, tuple]]]


def memo_for(text: str) -> dict:
    """A new memo for `text`: its skip table (position -> first non-space at or
    after it) and where only whitespace is left (as :class:`.fastread.Reader`)."""
    return {-1: skip_table(text), -2: len(text.rstrip())}


def best(outcomes: dict, end: int) -> tuple[int, tuple] | None:
    """:meth:`.fastread.Reader.best` over a sentence's outcomes."""
    found = None
    for state, outcome in outcomes.items():
        if state >> 1 >= end and (found is None or outcome[0] > found[0]):
            found = outcome
    return found


def _chunk(node: tuple) -> Spaced:
    _, _, text, word_end, count, lead, lead_rx, raw_rx = node
    if not text:
        return lambda t, f, p, m: {p: (0, ())}
    lead_match, raw_match, text_space, flag = lead_rx.match, raw_rx.match, text.isspace(), int(word_end)

    def read(t: str, f: str, p: int, m: dict) -> dict:
        if p & 1:
            at = m[-1][p >> 1]
            if not lead:
                return {at << 1 | flag: (0, ())}
            found = lead_match(t, at)
            return {found.end() << 1 | flag: (count, ())} if found is not None else _NONE
        found = raw_match(t, p >> 1)
        if found is not None:
            return {found.end() << 1 | flag: (count, ())}
        return {p: (0, ())} if text_space and p >> 1 >= m[-2] else _NONE
    return read


def _words(node: tuple) -> Spaced:
    _, _, items, by_lead, lead_always, by_raw, raw_always = node
    reads = [_chunk(item) for item in items]
    lead_table = {k: [reads[i] for i in v] for k, v in by_lead.items()}
    lead_default = [reads[i] for i in lead_always]
    raw_table = {k: [reads[i] for i in v] for k, v in by_raw.items()}
    raw_default = [reads[i] for i in raw_always]

    def read(t: str, f: str, p: int, m: dict) -> dict:
        if p & 1:
            at = m[-1][p >> 1]
            tried = lead_table.get(f[at:at + 1], lead_default)
        else:
            tried = raw_table.get(f[p >> 1:(p >> 1) + 1], raw_default)
        out: dict = {}
        for fn in tried:
            found = fn(t, f, p, m)
            if found:
                _merge(out, found)
        return out
    return read


def _number(node: tuple) -> Spaced:
    _, _, slot, low, high = node

    def read(t: str, f: str, p: int, m: dict) -> dict:
        if p >> 1 >= len(t):
            return _NONE
        found = _NUMBER.match(t, p >> 1)
        if found is None:
            return _NONE
        said = found.group(1)
        value = float(said)
        if not low <= value <= high:
            return _NONE
        return {found.end() << 1 | (p & 1): (0, ((slot, value, said),))}
    return read


def _list(node: tuple, reads: dict[int, Spaced]) -> Spaced:
    """:func:`.fastread._list`; at a start of word, a value of plain ASCII words
    found by the trie walk is read by the walk itself (its folded text is the
    text's, so its pattern matches: ``fold_case`` unifies what ``re.IGNORECASE``
    does, and no other character folds to one of these)."""
    slot, compiled = node[2], node[3]
    walked = {id(v) for v in _values(compiled.by_word)}

    def entry(v: Any) -> tuple:
        plain = v.chunk_len is not None
        direct = None
        if plain and id(v) in walked and v.node[0] == CHUNK and _ASCII_WORDS.fullmatch(fold_case(v.node[5])):
            direct = len(v.node[5])
        return reads[v.node[1]], v.chunk_len, bool(v.node[2].strip()) if plain else True, v.out, direct

    tried = {id(v): entry(v) for v in compiled.values}
    by_word, unindexed, every = compiled.by_word, compiled.unindexed, compiled.values
    by_raw, raw_unindexed = compiled.by_raw, compiled.raw_unindexed

    def read(t: str, f: str, p: int, m: dict) -> dict:
        pos, s = p >> 1, p & 1
        size = len(t)
        if pos >= size:
            return _NONE
        at = -1
        if s:
            at = m[-1][pos]
            if at < size:  # hassil's get_candidates: indexed values by key length, then the others
                values = _walk(by_word, f, at, size)
                values.extend(unindexed)
            else:
                values = every
                at = -1
        else:  # every value in list order (those that cannot match here left out)
            values = _walk(by_raw, f, pos, size)
            values.extend(raw_unindexed)
            if len(values) > 1:
                values.sort(key=_index)
        out: dict = {}
        seen: set[int] = set()
        left = size - pos
        for value in values:
            fn, chunk_len, readable, value_out, direct = tried[id(value)]
            if chunk_len is not None and (left < chunk_len or not readable):
                continue
            if direct is not None and at >= 0:
                end = at + direct
                if end not in seen:
                    seen.add(end)
                    said = t[pos:end]
                    out[end << 1 | s] = (0, ((slot, said if value_out is None else value_out, said),))
                continue
            for state in fn(t, f, p, m):
                end = state >> 1
                if end in seen:
                    continue  # an earlier value ends here too, and the rest reads the same
                seen.add(end)
                said = t[pos:end]
                out[end << 1 | s] = (0, ((slot, said if value_out is None else value_out, said),))
        return out
    return read


def _values(trie: dict):
    for values, children in trie.values():
        yield from values
        yield from _values(children)


def _index(value: Any) -> int:
    return value.index


class _Generator:
    def __init__(self, heads: dict[int, frozenset[str]], shared: set[int]) -> None:
        self.heads = heads
        self.shared = shared
        self.lines: list[str] = []
        self.env: dict[str, Any] = {"E": _NONE, "merge": _merge}
        self.names: dict[int, str] = {}
        self.later: list[tuple[str, tuple]] = []  # (name, node) made as closures after the code
        self.starts: dict = {}

    def fn(self, node: tuple) -> str:
        ident = node[1]
        name = self.names.get(ident)
        if name is not None:
            return name
        name = self.names[ident] = f"n{ident}"
        body = f"_n{ident}" if ident in self.shared else name
        if node[0] == SEQ:
            self._sequence(node, body)
        elif node[0] == ALT:
            self._alternative(node, body)
        else:
            self.later.append((body, node))
            if node[0] == LIST:
                for value in node[3].values:
                    self.fn(value.node)
        if ident in self.shared:
            assert ident < 1 << 16
            self.lines += [f"def {name}(t, f, p, m):", f"    k = p << 16 | {ident}", "    r = m.get(k)",
                           "    if r is None:", f"        r = m[k] = {body}(t, f, p, m)", "    return r"]
        return name

    def call(self, node: tuple, at: str, pad: str) -> list[str]:
        """Lines setting ``r`` to the outcomes of `node` read from state `at`."""
        name = self.fn(node)
        if node[1] not in self.shared:
            return [f"{pad}r = {name}(t, f, {at}, m)"]
        return [f"{pad}k = {at} << 16 | {node[1]}", f"{pad}r = m.get(k)",
                f"{pad}if r is None:", f"{pad}    r = m[k] = _{name}(t, f, {at}, m)"]

    def _need(self, node: tuple, state: str, pad: str, fail: str) -> list[str]:
        need = self.heads.get(node[1])
        if need is None:
            return []
        self.env[f"H{node[1]}"] = need
        return [f"{pad}a = K[{state} >> 1]", f"{pad}if f[a:a + 1] not in H{node[1]}: {fail}"]

    def _sequence(self, node: tuple, name: str) -> None:
        """Items in turn: while there is one way so far it is (q, c, x); from
        the first item that may give several, ``cur`` holds them (a sequence
        kept in two forms from there on compiled to twice the code, ~0.5 s)."""
        out = [f"def {name}(t, f, p, m):"]
        if not node[2]:
            self.lines += [*out, "    return E"]
            return
        out += ["    K = m[-1]", "    q = p", "    c = 0", "    x = ()", "    cur = None"]
        many = False  # whether there can be several ways so far (then they are in ``cur``)
        for item in node[2]:
            if item[0] == CHUNK and not item[2]:
                continue  # reads nothing, changes nothing
            if many:
                out += self._several(item)
            else:
                out += self._one(item)
                if item[0] != CHUNK:
                    many = True
                    out += ["    if cur is None:", "        cur = {q: (c, x)}"]
        self.lines += [*out, "    return cur" if many else "    return {q: (c, x)}"]

    def _one(self, item: tuple) -> list[str]:
        """One item read after the one way (q, c, x)."""
        if item[0] == CHUNK:
            _, ident, text, word_end, count, lead, lead_rx, raw_rx = item
            self.env[f"L{ident}"], self.env[f"W{ident}"] = lead_rx.match, raw_rx.match
            flag = int(word_end)
            add = [f"        c += {count}"] if count else []
            out = ["    if q & 1:", "        a = K[q >> 1]"]
            if not lead:
                out.append(f"        q = a << 1 | {flag}")
            else:
                out += [f"        mm = L{ident}(t, a)", "        if mm is None: return E",
                        f"        q = mm.end() << 1 | {flag}", *add]
            out += ["    else:", f"        mm = W{ident}(t, q >> 1)", "        if mm is not None:",
                    f"            q = mm.end() << 1 | {flag}", *_indent(add)]
            if text.isspace():
                out += ["        elif q >> 1 >= m[-2]:", "            pass"]
            return out + ["        else:", "            return E"]
        out = []
        pad = "    "
        optional = self._optional(item)
        if optional is not None:
            out += ["    a = K[q >> 1]", f"    if f[a:a + 1] in {optional}:"]
            pad = "        "
        return out + [*self._need(item, "q", pad, "return E"), *self.call(item, "q", pad), f"{pad}if not r: return E",
                      f"{pad}if len(r) == 1:", f"{pad}    ((q, (c2, x2)),) = r.items()", f"{pad}    c += c2",
                      f"{pad}    if x2: x += x2", f"{pad}elif c or x:", f"{pad}    cur = {{}}",
                      f"{pad}    for e, (c2, x2) in r.items():", f"{pad}        cur[e] = (c + c2, x + x2 if x2 else x)",
                      f"{pad}else:", f"{pad}    cur = r"]

    def _several(self, item: tuple) -> list[str]:
        """One item read after each way in ``cur``."""
        out = ["    nxt = {}", "    for q, (c, x) in cur.items():"]
        if item[0] == CHUNK:
            out += self._chunk_step(item)
        else:
            optional = self._optional(item)
            if optional is not None:
                out += ["        a = K[q >> 1]", f"        if f[a:a + 1] not in {optional}:", "            e = q",
                        *_merge_lines("            ", "c", "x"), "            continue"]
            out += [*self._need(item, "q", "        ", "continue"), *self.call(item, "q", "        "),
                    "        for e, (c2, x2) in r.items():", *_merge_lines("            ", "c + c2", "x + x2 if x2 else x")]
        return out + ["    if not nxt: return E", "    cur = nxt"]

    def _chunk_step(self, item: tuple) -> list[str]:
        """A literal read after each way in ``cur`` (see :func:`_chunk`)."""
        _, ident, text, word_end, count, lead, lead_rx, raw_rx = item
        self.env[f"L{ident}"], self.env[f"W{ident}"] = lead_rx.match, raw_rx.match
        flag = int(word_end)
        out = ["        if q & 1:", "            a = K[q >> 1]"]
        if not lead:
            out += [f"            e = a << 1 | {flag}", "            cc = c"]
        else:
            out += [f"            mm = L{ident}(t, a)", "            if mm is None: continue",
                    f"            e = mm.end() << 1 | {flag}", f"            cc = c + {count}"]
        out += ["        else:", f"            mm = W{ident}(t, q >> 1)", "            if mm is not None:",
                f"                e = mm.end() << 1 | {flag}", f"                cc = c + {count}"]
        if text.isspace():
            out += ["            elif q >> 1 >= m[-2]:", "                e = q", "                cc = c"]
        out += ["            else:", "                continue"]
        return out + ["        o = nxt.get(e)", "        if o is None:", "            nxt[e] = (cc, x)",
                      "        elif cc > o[0]:", "            del nxt[e]", "            nxt[e] = (cc, x)"]

    def _optional(self, node: tuple) -> str | None:
        """For a choice reading nothing unless one of its other items can start at
        the next non-space character, the constant holding those characters (the
        items' head checks, all at once)."""
        if node[0] not in (ALT, WORDS):
            return None
        heads: set[str] = set()
        empty = False
        for item in node[2]:
            if item[0] == CHUNK and not item[2]:
                empty = True
                continue
            chars, can_be_empty = starts(item, self.starts)
            if chars is None or can_be_empty:
                return None
            heads |= chars
        if not empty:
            return None
        self.env[f"U{node[1]}"] = frozenset(heads)
        return f"U{node[1]}"

    def _alternative(self, node: tuple, name: str) -> None:
        out = [f"def {name}(t, f, p, m):", "    a = m[-1][p >> 1]", "    ch = f[a:a + 1]", "    out = E",
               "    own = False"]
        for item in node[2]:
            need = self.heads.get(item[1])
            pad = "    "
            if need is not None:
                self.env[f"H{item[1]}"] = need
                out.append(f"    if ch in H{item[1]}:")
                pad = "        "
            out += [*self.call(item, "p", pad), f"{pad}if r:", f"{pad}    if not out:", f"{pad}        out = r",
                    f"{pad}    else:", f"{pad}        if not own:", f"{pad}            out = dict(out)",
                    f"{pad}            own = True", f"{pad}        merge(out, r)"]
        self.lines += [*out, "    return out"]


def _indent(lines: list[str]) -> list[str]:
    return ["    " + line for line in lines]


def compile_spaced(roots: list[tuple], heads: dict[int, frozenset[str]], shared: set[int]) -> list[Spaced]:
    """One function per sentence: ``fn(text, fold_case(text), 1, memo_for(text))``
    -> {state: (literal characters, entities)}; see :func:`best`."""
    gen = _Generator(heads, shared)
    names = [gen.fn(root) for root in roots]
    define(gen.lines, gen.env, "<fastspaced>")
    made = {CHUNK: _chunk, WORDS: _words, NUM: _number}
    lists = []
    for body, node in gen.later:
        if node[0] == LIST:
            lists.append((body, node))
        else:
            gen.env[body] = made[node[0]](node)
    reads = {ident: gen.env[name] for ident, name in gen.names.items() if name in gen.env}
    for body, node in lists:
        gen.env[body] = _list(node, reads)
    return [gen.env[name] for name in names]


__all__ = ["Spaced", "best", "compile_spaced", "memo_for"]
