"""Where a long frame's time goes: a DevTools performance trace of a throttled game, split by kind and by function.

    python -m bench.trace_play [color-match|color-rows|daifugo] [--moves N] [--site DIR] [--motion] [--keep FILE]

The same phone, CPU slowdown, seeded local gateway, CPUs' pace (``--pace``) and moves as `bench_play_frames` (a
390×844 phone, CPU slowed 4×, prefers reduced motion unless ``--motion``), with Chromium's tracing on
(`Tracing.start` over the DevTools protocol: the timeline's events and the V8 sampling profiler). For each main-thread task over 50 ms it prints its
time split into script (by entry: a WebSocket message, a click, an animation-frame callback), style recalculation
(with the elements restyled), layout (with the objects laid out), paint, pre-paint and layerize, and garbage
collection; then the script time of all long tasks by function (self time, from the profiler's samples) and the
sum of each kind. For readable function names trace an unminified build: ``cd frontend && npx vite build --minify
false --outDir /tmp/unminified-dist --emptyOutDir`` and ``--site /tmp/unminified-dist``. ``--keep`` writes the raw
trace (loads in DevTools' Performance panel).
"""

from __future__ import annotations

import argparse
import json
import shutil
from collections import Counter, defaultdict
from pathlib import Path

from bench.bench_play_frames import RATE, TABLES, gateway_env, product_pace, take_turn

CATEGORIES = ",".join((
    "devtools.timeline", "disabled-by-default-devtools.timeline", "disabled-by-default-devtools.timeline.frame",
    "blink.user_timing", "toplevel", "v8.execute", "disabled-by-default-v8.cpu_profiler",
))
LONG_US = 50_000
#: The kinds a task's time is split into, by trace event name (the outermost of each kind counts).
KINDS = {
    "script": {"FunctionCall", "EventDispatch", "TimerFire", "FireAnimationFrame", "EvaluateScript", "v8.compile",
               "RunMicrotasks", "v8.run", "V8.Execute"},
    "style": {"UpdateLayoutTree", "ScheduleStyleRecalculation", "RecalculateStyles"},
    "layout": {"Layout"},
    "paint": {"Paint", "PaintImage", "RasterTask"},
    "prepaint": {"PrePaint", "Layerize", "UpdateLayer", "Commit", "UpdateLayerTree"},
    "gc": {"MinorGC", "MajorGC", "V8.GCScavenger", "V8.GCIncrementalMarking", "V8.GCFinalizeMC", "BlinkGC.AtomicPhase"},
}
KIND_OF = {name: kind for kind, names in KINDS.items() for name in names}


def record(game: str, moves: int, site_dir: Path | None, motion: bool, pace: str) -> list[dict]:
    """Plays `moves` of `game` with tracing on; returns the trace's events."""
    from playwright.sync_api import sync_playwright

    from devserver.testing import running_gateway
    from tools.browser.driver import launch, phone, solo_start

    with sync_playwright() as playwright, running_gateway(env=gateway_env(pace), site_dir=site_dir) as gateway:
        browser = launch(playwright)
        with phone(browser, service_workers="block", motion=motion) as context:
            page = context.new_page()
            cdp = context.new_cdp_session(page)
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": RATE})
            solo_start(page, gateway.base_url + "/", game, cpus=3)
            page.wait_for_selector(TABLES[game], timeout=60_000)
            events: list[dict] = []
            cdp.on("Tracing.dataCollected", lambda data: events.extend(data["value"]))
            cdp.send("Tracing.start", {"traceConfig": {"includedCategories": CATEGORIES.split(",")},
                                       "transferMode": "ReportEvents"})
            played = 0
            while played < moves and take_turn(page, game):
                played += 1
            done = []
            cdp.on("Tracing.tracingComplete", lambda _: done.append(True))
            cdp.send("Tracing.end")
            # The trace comes in events after the call returns; the sync API delivers them while it waits.
            while not done:
                page.wait_for_timeout(100)
        browser.close()
    return events


def main_thread(events: list[dict]) -> tuple[int, int]:
    """The renderer's main thread (pid, tid): the `CrRendererMain` with the most events."""
    names = {(e["pid"], e["tid"]) for e in events if e.get("ph") == "M" and e.get("name") == "thread_name"
             and e["args"].get("name") == "CrRendererMain"}
    counts = Counter((e["pid"], e["tid"]) for e in events if (e["pid"], e["tid"]) in names)
    return counts.most_common(1)[0][0]


def spans(events: list[dict], thread: tuple[int, int]) -> list[dict]:
    """The thread's events as complete spans (`X`, or `B`/`E` paired), each with `ts`, `end`, `name`, `args`."""
    out, open_ = [], defaultdict(list)
    for e in sorted((e for e in events if (e["pid"], e["tid"]) == thread), key=lambda e: e["ts"]):
        if e["ph"] == "X":
            out.append({"ts": e["ts"], "end": e["ts"] + e.get("dur", 0), "name": e["name"], "args": e.get("args", {})})
        elif e["ph"] == "B":
            open_[e["name"]].append(e)
        elif e["ph"] == "E" and open_[e["name"]]:
            begin = open_[e["name"]].pop()
            out.append({"ts": begin["ts"], "end": e["ts"], "name": e["name"],
                        "args": {**begin.get("args", {}), **e.get("args", {})}})
    return sorted(out, key=lambda s: (s["ts"], -s["end"]))


def describe(span: dict) -> str:
    """A script entry's name: the event's type, the function's name and place, the timer or frame callback."""
    data = span["args"].get("data", {}) or {}
    if span["name"] == "EventDispatch":
        return f"event {data.get('type')}"
    if span["name"] == "FunctionCall":
        return f"call {data.get('functionName') or '?'} {str(data.get('url', '')).rsplit('/', 1)[-1]}:{data.get('lineNumber')}"
    return span["name"]


def split(inner: list[dict]) -> tuple[dict[str, float], list[str]]:
    """A frame's time by kind (the outermost events of each kind) and what each part was (entries, elements,
    objects). A style or layout a script forces is counted in both, and marked "forced"."""
    kinds: dict[str, float] = defaultdict(float)
    notes: list[str] = []
    covered: dict[str, list[tuple[float, float]]] = defaultdict(list)
    for span in inner:
        kind = KIND_OF.get(span["name"])
        if not kind or any(a <= span["ts"] and span["end"] <= b for a, b in covered[kind]):
            continue
        covered[kind].append((span["ts"], span["end"]))
        ms = (span["end"] - span["ts"]) / 1000
        kinds[kind] += ms
        data = span["args"].get("elementCount") or (span["args"].get("data") or {}).get("elementCount")
        if kind == "script":
            if ms >= 2:
                notes.append(f"{describe(span)} {ms:.0f}")
        else:
            forced = ", forced" if any(a <= span["ts"] < b for a, b in covered["script"]) else ""
            if kind == "style":
                notes.append(f"style {ms:.0f} ({data} el{forced})")
            elif kind == "layout":
                begin = span["args"].get("beginData", {})
                notes.append(f"layout {ms:.0f} ({begin.get('dirtyObjects')}/{begin.get('totalObjects')} obj{forced})")
    return kinds, notes


def samples(events: list[dict]) -> list[tuple[float, list[str]]]:
    """The V8 profiler's samples: (time, stack of `function file:line`, innermost first)."""
    nodes: dict[int, dict] = {}
    out: list[tuple[float, list[str]]] = []
    start = {e["id"]: e["args"]["data"]["startTime"] for e in events if e["name"] == "Profile"}
    clock: dict[str, float] = {}
    for e in sorted((e for e in events if e["name"] == "ProfileChunk"), key=lambda e: e["ts"]):
        data = e["args"]["data"]
        profile = data.get("cpuProfile", {})
        for node in profile.get("nodes", []):
            frame = node["callFrame"]
            nodes[node["id"]] = {"parent": node.get("parent"),
                                 "name": f"{frame.get('functionName') or '(anonymous)'} "
                                         f"{frame.get('url', '').rsplit('/', 1)[-1]}:{frame.get('lineNumber', -1) + 1}"}
        t = clock.get(e["id"], start.get(e["id"], 0))
        for node_id, delta in zip(profile.get("samples", []), data.get("timeDeltas", [])):
            t += delta
            stack, at = [], node_id
            while at in nodes:
                stack.append(nodes[at]["name"])
                at = nodes[at]["parent"]
            out.append((t, stack))
        clock[e["id"]] = t
    return out


def frames(events: list[dict], thread: tuple[int, int]) -> list[tuple[float, float]]:
    """The main thread's animation frames as (start, end): the trace's `AnimationFrame` spans, which the
    `long-animation-frame` entries report (the tasks of a frame and its rendering update)."""
    begun: dict[str, float] = {}
    out = []
    for e in sorted((e for e in events if e["name"] == "AnimationFrame" and (e["pid"], e["tid"]) == thread), key=lambda e: e["ts"]):
        key = str(e.get("id2", e.get("id")))
        if e["ph"] == "b":
            begun[key] = e["ts"]
        elif e["ph"] == "e" and key in begun:
            out.append((begun.pop(key), e["ts"]))
    return out


def analyse(events: list[dict]) -> None:
    thread = main_thread(events)
    all_spans = spans(events, thread)
    windows = frames(events, thread)
    long_frames = [(a, b) for a, b in windows if b - a > LONG_US]
    print(f"{len(windows)} frames, {len(long_frames)} over 50 ms, {sum(1 for a, b in windows if b - a > 100_000)} over 100 ms")
    totals: dict[str, float] = defaultdict(float)
    taken = samples(events)
    for start, end in long_frames:
        inner = [s for s in all_spans if start <= s["ts"] and s["end"] <= end]
        kinds, notes = split(inner)
        for kind, ms in kinds.items():
            totals[kind] += ms
        print(f"- {(end - start) / 1000:.0f} ms: " + ", ".join(f"{k} {v:.0f}" for k, v in sorted(kinds.items(), key=lambda kv: -kv[1])))
        print("    " + "; ".join(notes))
        inside: Counter[str] = Counter()
        for i, (at, stack) in enumerate(taken):
            if stack and start <= at <= end and stack[0] not in ("(program) :0", "(idle) :0", "(root) :0"):
                inside[" < ".join(stack[:4])] += min((taken[i + 1][0] - at) / 1000 if i + 1 < len(taken) else 0, 5)
        for stack, ms in inside.most_common(4):
            if ms >= 3:
                print(f"    {ms:.0f} ms in {stack}")
    print("all long frames: " + ", ".join(f"{k} {v:.0f} ms" for k, v in sorted(totals.items(), key=lambda kv: -kv[1])))
    self_ms: Counter[str] = Counter()
    total_ms: Counter[str] = Counter()
    for i, (at, stack) in enumerate(taken):
        if not stack or not any(a <= at <= b for a, b in long_frames):
            continue
        gap = min((taken[i + 1][0] - at) / 1000 if i + 1 < len(taken) else 0, 5)
        self_ms[stack[0]] += gap
        for name in set(stack):
            total_ms[name] += gap
    print("script in long frames by function, self time (ms):")
    for name, ms in self_ms.most_common(25):
        print(f"  {ms:7.1f}  {name}")
    print("... and total time (ms, with callees):")
    for name, ms in total_ms.most_common(30):
        print(f"  {ms:7.1f}  {name}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("game", nargs="?", default="color-match", choices=sorted(TABLES))
    parser.add_argument("--moves", type=int, default=8)
    parser.add_argument("--site", type=Path, default=None)
    parser.add_argument("--motion", action="store_true")
    parser.add_argument("--keep", type=Path, default=None)
    parser.add_argument("--pace", default=None, help="seconds between CPU moves (default: the product's)")
    parser.add_argument("--read", type=Path, default=None, help="analyse a kept trace instead of recording one")
    args = parser.parse_args()
    if args.read:
        events = json.loads(args.read.read_text())["traceEvents"]
    else:
        if not shutil.which("chromium") and not Path("/usr/bin/chromium").exists():
            raise SystemExit("Debian's chromium is not installed (`make chromium`)")
        events = record(args.game, args.moves, args.site, args.motion, args.pace or product_pace())
    if args.keep:
        args.keep.write_text(json.dumps({"traceEvents": events}))
    analyse(events)


if __name__ == "__main__":
    main()
