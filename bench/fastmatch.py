"""Per-clause matching time: hassil's walk (route, prune, recognize_best) vs the compiled matcher.

    .venv/bin/python bench/fastmatch.py [--rounds N]

Collects every clause the parser asks ``match`` about while it parses the
utterance table (as written, lower case, as a recogniser sends it; unknown
seat and rear left) and the run-ons of ``bench/parser.py`` with every part
between two cut points, then times one ``match`` call per clause, per
language, p50 / p99 / mean over N rounds (the best round of each clause is
not taken: every call counts):

* reference: :func:`match_reference` with every cache kept (the lexicon's
  per-text scan too, so later rounds are repeats), with the text unseen
  (``bench/parser.py``'s first sight: per-word-combination routes kept), and
  with every cache emptied before each call (as after a restart);
* compiled: :func:`match` (templates compiled once; it keeps only the
  sentences chosen per first characters), and with that emptied too, and
  with the generic reads of :mod:`vehicle.parser.fastread` instead of the
  ones generated per node (as in the first second after start).

It also prints the one-off cost of compiling each language (on the caller's
thread, then the gates and generated reads in the background). No timing is asserted anywhere.
"""
from __future__ import annotations

import argparse
import gc
import importlib.util
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def table_texts() -> list[str]:
    """Every row of the utterance table as written, in lower case and as a recogniser sends it."""
    from utterances.table import load_table
    from utterances.voice import asr_form

    texts: dict[str, None] = {}
    for entry in load_table().entries:
        for text in (entry.text, entry.text.lower(), asr_form(entry.text)):
            texts[text] = None
    return list(texts)


def run_on_texts() -> list[str]:
    """The run-ons of ``bench/parser.py`` and every part of them between two cut points."""
    from vehicle.parser.runon import cut_points

    spec = importlib.util.spec_from_file_location("bench_parser", ROOT / "bench" / "parser.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    texts: dict[str, None] = {}
    for language, run_ons in module.RUN_ONS.items():
        for text in run_ons:
            bounds = [0, *cut_points(text, language), len(text)]
            for i, a in enumerate(bounds):
                for b in bounds[i + 1 :]:
                    texts[text[a:b]] = None
    return list(texts)


def clauses_asked(catalog, texts: list[str], seats=(None, "rear_left")) -> list[tuple[str, str, tuple[float, ...]]]:
    """Every (language, clause body, numbers) a parser asks ``match`` about while
    it parses `texts` from `seats` (with the reference matcher)."""
    import vehicle.parser.engine as engine
    from vehicle.parser import Parser
    from vehicle.parser.matcher import match_reference

    seen: dict[tuple[str, str, tuple[float, ...]], None] = {}

    def observed(grammar, body, numbers):
        seen[grammar.language, body, numbers] = None
        return match_reference(grammar, body, numbers)

    original = engine.match
    engine.match = observed
    try:
        parser = Parser(catalog)
        for text in texts:
            for seat in seats:
                parser.parse(text, seat)
    finally:
        engine.match = original
    return list(seen)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()

    from vehicle.catalog import default_catalog_dir, load_catalog
    from vehicle.parser import Parser
    from vehicle.parser.templates import load_templates
    from vehicle.parser.fastmatch import FastMatcher
    from vehicle.parser.matcher import compiled, match, match_reference

    catalog = load_catalog()
    templates = load_templates(default_catalog_dir(), catalog)
    for language, grammar in templates.grammars.items():  # before any parser compiled (and kept) the gates
        start = time.perf_counter()
        fast = FastMatcher(grammar.intents, language)
        built = time.perf_counter()
        fast.gates_ready()
        print(f"compiling {language}: {1000 * (built - start):.0f} ms on the caller's thread, then its gates and "
              f"reads {1000 * (time.perf_counter() - built):.0f} ms in the background (first in the process)")
    parser = Parser(catalog)
    grammars = parser.templates.grammars
    for grammar in grammars.values():
        compiled(grammar).gates_ready()  # timed with every gate in use
    clauses = clauses_asked(catalog, table_texts() + run_on_texts())
    print(f"{len(clauses)} distinct clauses the parser asks about "
          f"({sum(1 for c in clauses if c[0] == 'en')} en, {sum(1 for c in clauses if c[0] == 'zh')} zh), "
          f"{args.rounds} rounds")

    def timed(fn, forget=None):
        def run(grammar, body, numbers):
            if forget is not None:
                forget(grammar)
            start = time.perf_counter()
            fn(grammar, body, numbers)
            return time.perf_counter() - start
        return run

    def unseen(grammar):  # as bench/parser.py's first sight: texts forgotten, word combinations kept
        grammar.lexicon.clear_cache()

    def restart(grammar):  # every cache emptied
        grammar.router.clear_cache()
        grammar.lexicon.clear_cache(True)

    def forget_keys(grammar):
        compiled(grammar).clear_cache()

    def generic(grammar, body, numbers):  # the generated reads set aside for one call
        fast = compiled(grammar)
        generated, fast._flat = fast._flat, None
        try:
            return match(grammar, body, numbers)
        finally:
            fast._flat = generated

    ways = (
        ("compiled", timed(match)),
        ("compiled, all emptied", timed(match, forget_keys)),
        ("compiled, generic reads", timed(generic)),
        ("reference, all kept", timed(match_reference)),
        ("reference, text unseen", timed(match_reference, unseen)),
        ("reference, all emptied", timed(match_reference, restart)),
    )
    for language in ("en", "zh"):
        grammar = grammars[language]
        assert compiled(grammar) is not None
        mine = [c for c in clauses if c[0] == language]
        for name, way in ways:
            times: list[float] = []
            gc.collect()
            gc.disable()
            try:
                for _ in range(args.rounds):
                    for _, body, numbers in mine:
                        times.append(1e6 * way(grammar, body, numbers))
            finally:
                gc.enable()
            print(f"  {language} {name:<24} n={len(times):>5}  p50 {statistics.median(times):7.1f} us  "
                  f"p99 {_pct(times, 0.99):7.1f} us  mean {statistics.fmean(times):7.1f} us")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
