"""Parser latency over the utterance table (both languages).

    .venv/bin/python bench/parser.py [--rounds N] [--table DIR]

Prints the one-off costs (importing the parser, loading the catalog,
building the parser: vocabulary loaded, checked and both languages warmed)
and then, per language, p50 / p99 / max of one `parse` call over every
utterance of ``tests/utterances/**/*.yaml`` repeated N times (each call
timed on its own, in a shuffled order so no utterance always follows the
same one; the parser keeps up to 1,024 whole results and the table is
larger, so most of these reads are fresh ones over kept clause frames, as
varied voice commands are), then the same with every kept frame and
result emptied before each parse: that is the figure the 2 ms p99 target
is held to. Then several unpunctuated run-ons of about 300 characters per
language, each parsed once right after ``clear_cache()`` (first sight), and
their maximum. The target is p99 <= 2 ms per utterance and a 300-character
run-on within 25 ms. Wall time is
the contract; CPU time (thread, or process for the run-ons) is printed next to it because on a shared,
loaded machine the wall-clock tail mostly measures the scheduler. The objects built at start are
frozen out of the garbage collector first, as the service does; a full collection that still runs
inside a timed run-on is named on its line (it is counted in the figure).
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def _texts(table: Path) -> list[str]:
    import yaml

    texts: list[str] = []
    for path in sorted(table.rglob("*.yaml")):
        for entry in yaml.safe_load(path.read_text(encoding="utf-8")) or []:
            if isinstance(entry, dict) and isinstance(entry.get("text"), str):
                texts.append(entry["text"])
    return texts


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=30)
    ap.add_argument("--table", default=str(ROOT / "tests" / "utterances"))
    ap.add_argument("--seed", type=int, default=7)
    args = ap.parse_args()

    t0 = time.perf_counter()
    from vehicle.catalog import load_catalog
    from vehicle.parser import Parser
    from vehicle.parser.text.normalize import detect_language

    t1 = time.perf_counter()
    catalog = load_catalog()
    t2 = time.perf_counter()
    parser = Parser(catalog)
    t3 = time.perf_counter()

    print(
        f"import {1000 * (t1 - t0):.0f} ms, catalog load {1000 * (t2 - t1):.0f} ms, "
        f"parser build (vocabulary + warm-up) {1000 * (t3 - t2):.0f} ms"
    )

    texts = _texts(Path(args.table))
    if not texts:
        print(f"no utterances under {args.table}", file=sys.stderr)
        return 1
    first = {}
    parser.clear_cache()
    for text in texts:  # first sight of each utterance (cold routes included)
        s = time.perf_counter()
        parser.parse(text)
        first.setdefault(detect_language(text), []).append(1000 * (time.perf_counter() - s))

    order = [t for _ in range(args.rounds) for t in texts]
    random.Random(args.seed).shuffle(order)
    times: dict[str, list[float]] = {}
    cpu: dict[str, list[float]] = {}
    per_text: dict[str, list[float]] = {}
    cold: dict[str, list[float]] = {}
    cold_wall: dict[str, list[float]] = {}
    for text in order[: len(texts) * 2]:  # every clause unseen: the frame cache emptied first
        parser.clear_cache()
        c = time.thread_time_ns()
        s = time.perf_counter()
        parser.parse(text)
        cold_wall.setdefault(detect_language(text), []).append(1000 * (time.perf_counter() - s))
        cold.setdefault(detect_language(text), []).append((time.thread_time_ns() - c) / 1e6)
    for text in order:
        c = time.thread_time_ns()
        s = time.perf_counter()
        parser.parse(text)
        ms = 1000 * (time.perf_counter() - s)
        cms = (time.thread_time_ns() - c) / 1e6
        lang = detect_language(text)
        times.setdefault(lang, []).append(ms)
        cpu.setdefault(lang, []).append(cms)
        per_text.setdefault(text, []).append(ms)

    load = ""
    if hasattr(os, "getloadavg"):
        load = f", load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs"
    print(f"{len(texts)} utterances x {args.rounds} rounds{load}")
    for lang in sorted(times):
        ms, cms = times[lang], cpu[lang]
        print(
            f"  {lang}: n={len(ms)} wall p50 {statistics.median(ms):.3f} ms  p99 {_pct(ms, 0.99):.3f} ms  "
            f"max {max(ms):.3f} ms | thread CPU p50 {statistics.median(cms):.3f} ms  p99 {_pct(cms, 0.99):.3f} ms "
            f"| first sight p50 {statistics.median(first[lang]):.3f} ms  p99 {_pct(first[lang], 0.99):.3f} ms  "
            f"max {max(first[lang]):.3f} ms"
        )
        cw = cold_wall[lang]
        print(
            f"      cache emptied before each parse (n={len(cw)}): wall p50 {statistics.median(cw):.3f} ms  "
            f"p99 {_pct(cw, 0.99):.3f} ms | thread CPU p50 {statistics.median(cold[lang]):.3f} ms  "
            f"p99 {_pct(cold[lang], 0.99):.3f} ms  max {max(cold[lang]):.3f} ms"
        )
    slow = sorted(per_text.items(), key=lambda kv: -statistics.median(kv[1]))[:5]
    print("  slowest (median):")
    for text, ms in slow:
        print(f"    {statistics.median(ms):.3f} ms  {text}")
    print("  run-ons, first sight (each parsed once right after clear_cache(); target 25 ms):")
    full_gc = _FullCollections()
    for lang, texts_ in RUN_ONS.items():
        wall, cpu_ms = [], []
        for text in texts_:
            parser.clear_cache()  # first sight: no clause of it seen before
            full_gc.reset()
            c = time.process_time()
            s = time.perf_counter()
            result = parser.parse(text)
            wall.append(1000 * (time.perf_counter() - s))
            cpu_ms.append(1000 * (time.process_time() - c))
            print(
                f"    {lang} {len(text)} chars, {len(result.actions)} actions, complete={result.complete}: "
                f"wall {wall[-1]:.2f} ms | process CPU {cpu_ms[-1]:.2f} ms{full_gc.note()}"
            )
        print(
            f"  run-on {lang} first sight, max of {len(texts_)}: wall {max(wall):.2f} ms | process CPU {max(cpu_ms):.2f} ms"
        )
    full_gc.close()
    return 0


class _FullCollections:
    """Notes a full (generation 2) garbage collection that runs inside a timed
    parse: one takes tens of milliseconds in this process whatever the parser
    does, and lands on whichever parse happens to trigger it. Reported, not
    taken out of the figure."""

    def __init__(self) -> None:
        self._ms: list[float] = []
        self._start = 0.0
        gc.callbacks.append(self._callback)

    def _callback(self, phase: str, info: dict) -> None:
        if info.get("generation") != 2:
            return
        if phase == "start":
            self._start = time.perf_counter()
        else:
            self._ms.append(1000 * (time.perf_counter() - self._start))

    def reset(self) -> None:
        self._ms.clear()

    def note(self) -> str:
        return "".join(f" (a full garbage collection of {ms:.0f} ms ran inside)" for ms in self._ms)

    def close(self) -> None:
        gc.callbacks.remove(self._callback)


#: Unpunctuated run-ons as a speech recogniser sends them: English of about 300
#: characters; Chinese of about 200 and one of 298 (37 commands, none repeated:
#: a Chinese character says more, so 300 of them are a longer command than 300 English ones).
RUN_ONS = {
    "en": (
        (
            "um turn on the ac set the fan to five open the sunroof halfway close the rear windows set the driver side "
            "to twenty one degrees turn on the passenger seat heating fold the mirrors turn on the ambient light and set "
            "it to blue then turn on the recirculation and open the driver window a crack and set the passenger side to 23"
        ),
        (
            "please close the sunroof and set the fan to three then turn off the ac turn on the driver seat heating set the "
            "passenger side to twenty two degrees open the rear left window halfway close the passenger window turn on the "
            "reading light and set the ambient light to red also turn off the recirculation and close the tailgate"
        ),
        (
            "open the driver window set the driver side to nineteen degrees turn on the rear defrost turn off the passenger "
            "seat heating open the sunroof a crack set the fan to two close the rear windows unfold the mirrors turn on the "
            "ac and set the ambient light to green then close the tailgate and set the passenger side to 24 degrees"
        ),
    ),
    "zh": (
        (
            "嗯打开空调风量调到三档主驾温度调到二十二度副驾温度调到二十三度关闭左后车窗右后车窗打开一半天窗打开一半"
            "然后把主驾座椅加热打开副驾座椅通风调到二档左后座椅加热调到一档右后座椅加热调到最高再把氛围灯调成蓝色"
            "折叠后视镜打开内循环打开遮阳帘主驾阅读灯打开副驾阅读灯打开左后阅读灯关闭右后阅读灯关闭顺便打开香氛再把主驾座椅按摩打开"
            "副驾座椅按摩关闭尾门关上前挡除雾打开后窗除霜打开主驾车窗开一条缝副驾车窗关上制冷打开后排温度调到二十四度"
        ),
        (
            "空调打开温度调到二十度风量调到二档关闭天窗打开主驾车窗副驾车窗打开一半左后车窗关上右后车窗打开一条缝"
            "然后打开主驾座椅加热副驾座椅加热调到二档氛围灯调成红色打开阅读灯关闭遮阳帘展开后视镜打开后窗除霜关闭前挡除雾"
            "还有主驾座椅通风调到三档副驾座椅按摩打开尾门打开关闭香氛后排温度调到二十五度打开制冷左后座椅加热打开右后座椅通风打开"
            "另外主驾温度调到十九度副驾温度调到二十度风量调到最大再把氛围灯调成绿色然后关闭主驾阅读灯"
        ),
        (
            "嗯麻烦你先把空调打开风量调到四档主驾驶温度调到二十一度副驾驶温度调到二十二度后排温度调到二十三度打开主驾驶车窗副驾驶车窗关上左后车窗打开一半右后车窗开一条缝天窗关闭再把遮阳帘打开然后主驾驶座椅加热调到"
            "二档副驾驶座椅加热关闭左后座椅加热调到一档右后座椅加热调到三档主驾驶座椅通风调到一档副驾驶座椅通风打开左后座椅通风调到二档右后座椅通风调到三档右后座椅按摩打开左后座椅按摩关闭再把氛围灯调成紫色展开后视"
            "镜关闭内循环前挡除雾关闭后窗除霜关闭还有主驾阅读灯关闭副驾阅读灯打开左后阅读灯打开右后阅读灯打开帮我把尾门打开制冷关闭香氛打开另外把主驾驶座椅按摩打开副驾驶座椅按摩关闭顺便打开后排冰箱再打开车库门"
        ),
    ),
}


if __name__ == "__main__":
    raise SystemExit(main())
