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
"""
from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from .fastindex import ALT, CHUNK, LIST, NUM, SEQ, WORDS

#: Characters that ``re.IGNORECASE`` matches only by themselves (and that fold to themselves).
_CASELESS = re.compile(r"[一-鿿㐀-䶿぀-ヿ가-힯0-9%&]*")
_NUMBER = re.compile(r"(\s*-?[0-9]+)")  # hassil's INTEGER_START (as in .fastread)
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
    def __init__(self, heads: dict[int, frozenset[str]], shared: set[int]) -> None:
        self.heads = heads
        self.shared = shared
        self.lines: list[str] = []
        self.env: dict[str, Any] = {"E": _NONE, "NUMBER": _NUMBER.match, "merge": _merge, "words": _words_read}
        self.names: dict[int, str] = {}
        self.lists: list[tuple[tuple, str]] = []

    def const(self, name: str, value: Any) -> str:
        self.env[name] = value
        return name

    def fn(self, node: tuple) -> str:
        """The name of the function reading `node` (generated on first use)."""
        ident = node[1]
        name = self.names.get(ident)
        if name is not None:
            return name
        name = self.names[ident] = f"n{ident}"
        body = f"_n{ident}" if ident in self.shared else name
        kind = node[0]
        if kind == LIST:
            self.lists.append((node, body))
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
        if node[1] not in self.shared:
            return [f"{pad}{var} = {name}(t, f, {at}, m)"]
        return [f"{pad}k = {at} << 16 | {node[1]}", f"{pad}{var} = m.get(k)",
                f"{pad}if {var} is None:", f"{pad}    {var} = m[k] = _{name}(t, f, {at}, m)"]

    def _need(self, node: tuple) -> str | None:
        need = self.heads.get(node[1])
        return None if need is None else self.const(f"H{node[1]}", need)

    def _sequence(self, node: tuple, name: str) -> None:
        out = [f"def {name}(t, f, p, m):"]
        if not node[2]:
            self.lines += [*out, "    return E"]
            return
        out += ["    n = len(t)", "    q = p", "    c = 0", "    x = ()"]
        many = False  # whether the ways so far are several (in `cur`)
        for item in node[2]:
            kind = item[0]
            if kind == CHUNK:
                how, lead, count = _chunk_kind(item), item[5], item[4]
                if how == _NEVER:
                    out.append("    return E")
                    break
                if not many:
                    if how == _AT_END:
                        out.append("    if q < n: return E")
                    elif how == _EXACT:
                        out += [f"    if not t.startswith({lead!r}, q): return E", f"    q += {len(lead)}"]
                    elif how == _PATTERN:
                        rx = self.const(f"R{item[1]}", item[6].match)
                        out += [f"    mm = {rx}(t, q)", "    if mm is None: return E", "    q = mm.end()"]
                    if count:
                        out.append(f"    c += {count}")
                elif how == _ALWAYS:
                    if count:
                        out.append(f"    cur = {{e: (c + {count}, x) for e, (c, x) in cur.items()}}")
                elif how == _AT_END:
                    out += ["    cur = {e: v for e, v in cur.items() if e >= n}", "    if not cur: return E"]
                elif how == _EXACT:
                    out += [f"    cur = {{e + {len(lead)}: (c + {count}, x) for e, (c, x) in cur.items()"
                            f" if t.startswith({lead!r}, e)}}", "    if not cur: return E"]
                else:
                    rx = self.const(f"R{item[1]}", item[6].match)
                    out += ["    nxt = {}", "    for q, (c, x) in cur.items():", f"        mm = {rx}(t, q)",
                            "        if mm is not None:", "            e = mm.end()",
                            *_merge_lines("        ", f"c + {count}", "x"),
                            "    if not nxt: return E", "    cur = nxt"]
                continue
            if kind == NUM:
                slot, low, high = item[2], item[3], item[4]
                read = ["mm = NUMBER(t, q) if q < n else None", "if mm is not None:",
                        "    s_ = mm.group(1)", "    v = float(s_)", f"    if {low!r} <= v <= {high!r}:"]
                if not many:
                    out += ["    " + line for line in read[:1]] + ["    if mm is None: return E", "    s_ = mm.group(1)",
                            "    v = float(s_)", f"    if not {low!r} <= v <= {high!r}: return E", "    q = mm.end()",
                            f"    x = x + (({slot!r}, v, s_),)"]
                else:
                    out += ["    nxt = {}", "    for q, (c, x) in cur.items():"] + ["        " + line for line in read]
                    out += ["                e = mm.end()", *_merge_lines("                ", "c", f"x + (({slot!r}, v, s_),)"),
                            "    if not nxt: return E", "    cur = nxt"]
                continue
            need = self._need(item)
            if not many:
                if need is not None:
                    out.append(f"    if f[q:q + 1] not in {need}: return E")
                out += [*self.call(item, "cur", "q", "    "), "    if not cur: return E", "    if c or x:",
                        "        cur = {e: (c + c2, x + x2 if x2 else x) for e, (c2, x2) in cur.items()}"]
                many = True
            else:
                out += ["    nxt = {}", "    for q, (c, x) in cur.items():"]
                if need is not None:
                    out.append(f"        if f[q:q + 1] not in {need}: continue")
                out += [*self.call(item, "r", "q", "        "), "        for e, (c2, x2) in r.items():",
                        *_merge_lines("            ", "c + c2", "x + x2 if x2 else x"),
                        "    if not nxt: return E", "    cur = nxt"]
        else:
            out.append("    return cur" if many else "    return {q: (c, x)}")
        self.lines += out

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
def _list(node: tuple, env: dict[str, Any], names: dict[int, str]) -> Flat:
    """A list read (see :func:`.fastread._list`, unspaced): the values whose text
    starts here (a walk of the list's trie) and the others, in list order;
    the first value to reach an end keeps it. A value of caseless literal
    characters found in the trie is read by the walk itself, its outcome
    made once: each trie node holds what is tried when the walk ends there."""
    slot, compiled = node[2], node[3]

    def made(value: Any, sub: int, said: str) -> tuple:
        return (value.index, sub), len(said), (0, ((slot, said if value.out is None else value.out, said),))

    def entry(value: Any) -> tuple:
        plain = value.chunk_len is not None
        return (value.index, 0), None, (env[names[value.node[1]]], value.chunk_len,
                                        bool(value.node[2].strip()) if plain else True, value.out)

    def tried(entries: list[tuple]) -> tuple[bool, tuple]:
        """(all read by the walk, what to try): (size, outcome) first per size, or every entry in list order."""
        entries = sorted(entries, key=_first)
        if all(e[1] is not None for e in entries):
            sizes: dict[int, tuple] = {}
            for _, size, outcome in entries:
                sizes.setdefault(size, outcome)
            return True, tuple(sizes.items())
        return False, tuple((size, found) for _, size, found in entries)

    keyed: dict[str, list[tuple]] = {}  # folded text -> entries found by walking it
    for key, (values, _) in _entries(compiled.by_raw):
        keyed.setdefault(key, []).extend(made(v, 0, v.node[5]) if _walked_exactly(v) else entry(v) for v in values)
    unindexed = []
    for value in compiled.raw_unindexed:
        words = _caseless_words(value)
        if words is None:
            unindexed.append(entry(value))
        for sub, word in enumerate(words or ()):  # (a|b) values: each word found by the walk, in its order
            keyed.setdefault(word, []).append(made(value, sub, word))
    trie: dict = {}
    for key, entries in keyed.items():
        here = trie
        for char in key[:-1]:
            here = here.setdefault(char, [[], {}])[1]
        here.setdefault(key[-1], [[], {}])[0].extend(entries)

    def convert(level: dict, above: list[tuple]) -> dict:
        out = {}
        for char, (entries, children) in level.items():
            here = above + entries
            out[char] = (tried(here + unindexed), convert(children, here))
        return out

    trie = convert(trie, [])
    root = tried(unindexed)

    def read(t: str, f: str, p: int, m: dict) -> dict:
        size = len(t)
        if p >= size:
            return _NONE
        here, at, (walked, entries) = trie, p, root
        while at < size:
            step = here.get(f[at])
            if step is None:
                break
            (walked, entries), here = step
            at += 1
        if walked:
            return {p + d: outcome for d, outcome in entries}
        out: dict = {}
        left = size - p
        for d, found in entries:
            if d is not None:
                end = p + d
                if end not in out:
                    out[end] = found
                continue
            fn, chunk_len, readable, value_out = found
            if chunk_len is not None and (left < chunk_len or not readable):
                continue
            for end in fn(t, f, p, m):
                if end not in out:
                    said = t[p:end]
                    out[end] = (0, ((slot, said if value_out is None else value_out, said),))
        return out
    return read


def _first(entry: tuple) -> int:
    return entry[0]


def _entries(trie: dict, above: str = ""):
    """(key, (values, children)) of every node of a fastmatch list trie."""
    for char, (values, children) in trie.items():
        yield above + char, (values, children)
        yield from _entries(children, above + char)


def _caseless_words(value: Any) -> list[str] | None:
    """The words of a value that is a choice of caseless literals, each all of
    its text ("(红色|红)"); None for any other value."""
    node = value.node
    if value.chunk_len is not None or node[0] != WORDS:
        return None
    if not all(_chunk_kind(item) == _EXACT for item in node[2]):
        return None
    return [item[5] for item in node[2]]


def _walked_exactly(value: Any) -> bool:
    """Whether finding a value in the list's trie is reading it: one caseless literal, all of its text."""
    node = value.node
    return (value.chunk_len is not None and node[0] == CHUNK and _chunk_kind(node) == _EXACT
            and value.chunk_len == len(node[5]))


def compile_reads(roots: list[tuple], heads: dict[int, frozenset[str]], shared: set[int]) -> list[Flat]:
    """One function per sentence reading a whitespace-free text: ``fn(text,
    fold_case(text), 0, memo)`` -> {end: (literal characters, entities)}; one
    ``memo`` dict per text, shared by the sentences read with it."""
    gen = _Generator(heads, shared)
    names = [gen.fn(root) for root in roots]
    done = 0
    while done < len(gen.lists):  # the reads of values not read by the trie walk are generated too
        node = gen.lists[done][0]
        walked = {id(v) for _, (values, _) in _entries(node[3].by_raw) for v in values}
        for value in node[3].values:
            if (id(value) not in walked or not _walked_exactly(value)) and _caseless_words(value) is None:
                gen.fn(value.node)
        done += 1
    exec(compile("\n".join(gen.lines), "<fastgen>", "exec"), gen.env)
    for node, body in gen.lists:
        gen.env[body] = _list(node, gen.env, gen.names)
    return [gen.env[name] for name in names]


__all__ = ["Flat", "compile_reads"]
