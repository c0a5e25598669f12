"""How well the parser understands command sets written by people outside the project.

    .venv/bin/python bench/understanding.py [--ext DIR] [--asr] [--show N] [--only SUBSTRING]

Reads the development half of each external set (``DIR/dev/*.jsonl``,
default ``../shared/data/ext`` from the project root; evaluation data only,
never copied into the project) and scores the parser in-process with the
sets' own scorer (``DIR/score_ext.py``): per file, the rows passed, the
positive rows passed (the figure held to 95 %), actions and needs on rows
that command nothing, and actions of a family a positive row did not ask
for. ``--asr`` sends each text as a speech recogniser would (lower case, no
punctuation); without it both forms are scored. Not part of ``make test``:
the project's tests never depend on that folder.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib.util
import io
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def _scorer(ext: Path):
    spec = importlib.util.spec_from_file_location("score_ext", ext / "score_ext.py")
    if spec is None or spec.loader is None:
        raise SystemExit(f"no scorer at {ext / 'score_ext.py'}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--ext", type=Path, default=ROOT.parent / "shared" / "data" / "ext")
    ap.add_argument("--asr", action="store_true", help="only the recogniser form")
    ap.add_argument("--show", type=int, default=0, help="print the first N failing rows per file")
    ap.add_argument("--only", default="", help="only files whose name holds this")
    args = ap.parse_args(argv)
    if not (args.ext / "dev").is_dir():
        print(f"no development sets at {args.ext / 'dev'}: nothing to score")
        return 1
    scorer = _scorer(args.ext)
    from vehicle.catalog import load_catalog
    from vehicle.parser import Parser

    parser = Parser(load_catalog())
    files = sorted(p for p in (args.ext / "dev").glob("*.jsonl") if args.only in p.name)
    forms = (True,) if args.asr else (False, True)
    summary: list[tuple[str, str, str]] = []
    for asr in forms:
        for path in files:
            rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
            for row in rows:  # the negative sets command nothing; some rows do not say so
                row.setdefault("expect", "none")
            started = time.perf_counter()
            lines = []
            for row in rows:
                text = (scorer.asr(row["text"]) if asr else row["text"]).replace("\n", " ")
                lines.append(json.dumps(parser.parse(text).to_json(), ensure_ascii=False))
            took = time.perf_counter() - started
            out = io.StringIO()
            with contextlib.redirect_stdout(out):
                n, ok, false_act, false_need, extra, npos, okpos = scorer.score(
                    rows, lines, args.show, path.name + (" [asr]" if asr else "")
                )
            if args.show:
                print(out.getvalue().rstrip())
            form = "asr" if asr else "typed"
            if npos:
                figure = (
                    f"positives {okpos}/{npos} ({okpos / npos:.1%}), none-rows acting {false_act}, needs {false_need}"
                )
            else:
                per = 10000 / max(n, 1)
                figure = (
                    f"{n} rows: actions {false_act} ({false_act * per:.1f}/10k), "
                    f"needs {false_need} ({false_need * per:.1f}/10k)"
                )
            summary.append(
                (path.stem, form, f"{figure}; unexpected-family {extra}; {1000 * took / max(len(rows), 1):.2f} ms/row")
            )
    width = max(len(s[0]) for s in summary)
    for stem, form, figure in summary:
        print(f"{stem:<{width}}  {form:<5}  {figure}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
