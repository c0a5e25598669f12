"""Which compiled sentences a clause can possibly match, decided cheaply.

:mod:`.fastmatch` reads a sentence exactly (hassil's best parse), which
costs Python steps; most sentences cannot read a given clause at all. Two
filters, both *sound* (they only drop a sentence that cannot match, never
decide a parse, so the answer stays hassil's):

* an index on the first few non-space characters a match can start with
  (every way through the sentence's lists and alternatives, folded, spaces
  dropped; a number or an uncommon character ends the prefix early);
* a regular expression per sentence accepting a superset of the texts
  hassil accepts: whitespace before every literal may be skipped, a number
  is any run of digits, and the rest as hassil reads it (``re.IGNORECASE``,
  literal chunks, every list value). It runs in the regex engine, so a
  sentence that fails costs about a microsecond.

Nodes are :mod:`.fastmatch`'s tuples: ``(kind, id, ...)``.
"""
from __future__ import annotations

import re
import threading

from hassil.util import fold_case

CHUNK, SEQ, ALT, LIST, NUM, WORDS = range(6)
_CJK_CHAR = re.compile(r"[一-鿿㐀-䶿぀-ヿ가-힯]")
_SPACE = re.compile(r"\s+")
_SIMPLE_RUN = re.compile(r"[a-z0-9'%&一-鿿㐀-䶿぀-ヿ가-힯]*")  # characters :func:`simple` accepts
#: Prefix sets larger than this are cut shorter (the index only gets coarser).
_MOST_PREFIXES = 4000


def simple(char: str) -> bool:
    """A character whose ``re.IGNORECASE`` matches are exactly its ``fold_case``
    equals (the index keys on it; any other character ends a prefix)."""
    return ("a" <= char <= "z") or ("0" <= char <= "9") or char in "'%&" or bool(_CJK_CHAR.match(char))


def keys(folded: str, size: int) -> tuple[str, str]:
    """A clause's index keys: its first and its last `size` folded non-space
    characters (the last ones last first), each cut before the first uncommon
    one. A sentence is looked up under every beginning of a key."""
    bare = _SPACE.sub("", folded)
    first = bare[: min(size, _SIMPLE_RUN.match(bare).end())]
    bare = bare[::-1]
    return first, bare[: min(size, _SIMPLE_RUN.match(bare).end())]


def prefixes(node: tuple, size: int, backwards: bool = False,
             memo: dict[tuple[int, str, int, bool], frozenset[tuple[str, bool]]] | None = None) -> set[str]:
    """Every key (see :func:`keys`) a text this node matches can have: strings
    of `size` characters, or shorter where a match may go on with something
    unknown (a number, an uncommon character) or ends. `backwards`: the same
    for the text read from its end (its last characters, last first).
    `memo`: what a node makes of one prefix, shared by the sentences of a
    grammar (rules such as ``<dev>`` are in most of them)."""
    memo = {} if memo is None else memo
    states: set[tuple[str, bool]] = {("", False)}
    states = _walk(node, states, size, backwards, memo)
    if len(states) > _MOST_PREFIXES:
        return prefixes(node, size - 1, backwards, memo) if size > 1 else {""}
    return {text for text, _ in states}


def _walk(node: tuple, states: set[tuple[str, bool]], size: int, backwards: bool,
          memo: dict[tuple[int, str, int, bool], frozenset[tuple[str, bool]]]) -> set[tuple[str, bool]]:
    """States are (prefix so far, closed); a closed prefix is final."""
    done = {s for s in states if s[1]}
    open_ = [s[0] for s in states if not s[1]]
    if not open_:
        return states
    if len(states) > _MOST_PREFIXES:
        return {(text, True) for text, _ in states}
    out = set(done)
    for text in open_:
        key = (node[1], text, size, backwards)
        found = memo.get(key)
        if found is None:
            found = memo[key] = frozenset(_walk_one(node, text, size, backwards, memo))
        out |= found
    return out


def _walk_one(node: tuple, text: str, size: int, backwards: bool,
              memo: dict[tuple[int, str, int, bool], frozenset[tuple[str, bool]]]) -> set[tuple[str, bool]]:
    """The states one open prefix `text` becomes after `node`."""
    kind = node[0]
    if kind == CHUNK:
        out = set()
        for texts in {node[2], node[5]}:
            words = _SPACE.sub("", fold_case(texts))
            if backwards:
                words = words[::-1]
            out.add(_extend(text, words, size))
        if node[2].isspace():  # hassil may read nothing at the end of the text
            out.add((text, False))
        return out
    if kind == NUM:
        return {(text, True)}
    if kind == SEQ:
        if not node[2]:
            return set()
        current = {(text, False)}
        for item in (reversed(node[2]) if backwards else node[2]):
            current = _walk(item, current, size, backwards, memo)
        return current
    items = node[2] if kind in (ALT, WORDS) else [v.node for v in node[3].values if v.chunk_len is None or v.node[2].strip()]
    out = set()
    start = {(text, False)}
    for item in items:
        out |= _walk(item, start, size, backwards, memo)
    return out


def _extend(text: str, words: str, size: int) -> tuple[str, bool]:
    for char in words:
        if len(text) >= size:
            return text, True
        if not simple(char):
            return text, True
        text += char
    return text, len(text) >= size


def starts(node: tuple, memo: dict[int, tuple[frozenset[str] | None, bool]]) -> tuple[frozenset[str] | None, bool]:
    """(folded first non-space characters a match can read, None if not known;
    whether it can read nothing but whitespace). A node that cannot read
    nothing is not tried where the text's next character is not among them."""
    found = memo.get(node[1])
    if found is not None:
        return found
    kind = node[0]
    chars: frozenset[str] | None
    if kind == CHUNK:
        bare = node[5].lstrip() if node[2] else ""
        head = fold_case(bare[:1]) if bare else ""
        if not bare:
            chars, empty = frozenset(), True
        elif len(head) == 1 and simple(head):
            chars, empty = frozenset(head), False
        else:
            chars, empty = None, False
    elif kind == NUM:
        chars, empty = frozenset("0123456789-"), False
    elif kind == SEQ:
        chars, empty = frozenset(), not node[2]
        if node[2]:
            empty = True
            for item in node[2]:
                sub, sub_empty = starts(item, memo)
                chars = None if chars is None or sub is None else chars | sub
                if not sub_empty:
                    empty = False
                    break
    else:
        if kind == LIST:
            items = [v.node for v in node[3].values if v.chunk_len is None or v.node[2].strip()]
        else:
            items = node[2]
        chars, empty = frozenset(), False
        for item in items:
            sub, sub_empty = starts(item, memo)
            chars = None if chars is None or sub is None else chars | sub
            empty = empty or sub_empty
    memo[node[1]] = (chars, empty)
    return chars, empty


def gate(node: tuple, spaced: bool, memo: dict[int, str]) -> str:
    """A regular expression accepting every text hassil reads with `node` (and more)."""
    found = memo.get(node[1])
    if found is not None:
        return found
    kind = node[0]
    if kind == CHUNK:
        text = node[5]  # English: the chunk left-stripped; Chinese: without CJK whitespace
        if node[2] == "":
            found = ""
        elif spaced:
            found = r"\s*+" + re.escape(text) if text else ""
        else:
            found = f"(?:{re.escape(text)})?" if text.isspace() else re.escape(text)
    elif kind == NUM:
        found = r"\s*+-?[0-9]++"
    elif kind == SEQ:
        found = "".join(gate(item, spaced, memo) for item in node[2]) if node[2] else "(?!)"
    else:
        if kind in (ALT, WORDS):
            items = node[2]
        else:
            items = [v.node for v in node[3].values if v.chunk_len is None or v.node[2].strip()]
        found = _choice(items, spaced, memo)
    memo[node[1]] = found
    return found


def _choice(items, spaced: bool, memo: dict[int, str]) -> str:
    """Alternatives, the plain words among them as one character trie (the
    regex engine tries alternatives one by one; a trie decides each character once)."""
    words: list[str] = []
    others: list[str] = []
    empty = False
    for item in items:
        if item[0] == SEQ and len(item[2]) == 1:
            item = item[2][0]
        if item[0] == CHUNK and (item[2] == "" or (spaced and not item[5])):
            empty = True  # reads nothing (whitespace is skipped by what follows)
        elif item[0] == CHUNK and not (not spaced and item[5].isspace()):
            words.append(item[5])
        else:
            others.append(gate(item, spaced, memo))
    parts = []
    if words:
        trie = _trie(sorted(set(words)))
        parts.append(r"\s*+" + trie if spaced else trie)
    parts.extend(dict.fromkeys(others))
    if empty:
        parts.append("")
    if not parts:
        return "(?!)"
    return parts[0] if len(parts) == 1 and not empty else "(?:" + "|".join(parts) + ")"


def _trie(words: list[str]) -> str:
    tree: dict = {}
    for word in words:
        node = tree
        for char in word:
            node = node.setdefault(char, {})
        node[""] = {}
    return _emit(tree)


def _emit(tree: dict) -> str:
    ends = "" in tree
    branches = [re.escape(char) + _emit(sub) for char, sub in tree.items() if char != ""]
    if not branches:
        return ""
    if len(branches) == 1 and not ends:
        return branches[0]
    return "(?:" + "|".join(branches) + (")?" if ends else ")")


def gate_source(node: tuple, spaced: bool, memo: dict[int, str]) -> str:
    """:func:`gate` for a whole sentence: the text read to its end (whitespace may follow)."""
    return gate(node, spaced, memo) + r"\s*+"


def compile_gate(source: str) -> re.Pattern[str]:
    """A sentence's gate (:func:`gate_source`) compiled.

    Compiling the English gates takes about a second, so they are kept for
    the process: another parser built from the same templates reuses them.
    """
    with _LOCK:
        found = _COMPILED.get(source)
    if found is None:
        found = re.compile(source, re.IGNORECASE)
        with _LOCK:
            if len(_COMPILED) >= _MOST_GATES:
                _COMPILED.clear()
            _COMPILED[source] = found
    return found


_COMPILED: dict[str, re.Pattern[str]] = {}
_MOST_GATES = 2048
_LOCK = threading.Lock()


__all__ = ["ALT", "CHUNK", "LIST", "NUM", "SEQ", "WORDS", "compile_gate", "gate_source", "keys", "prefixes", "simple", "starts"]
