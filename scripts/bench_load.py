#!/usr/bin/env python3
"""Measure how fast the built site starts, against the floor, in headless Chromium.

    python scripts/bench_load.py [--runs 3] [--rates 1,4] [--site DIR] [--before DIR] [--base /games/500/] [--cpu]
                                 [--no-sound]

Builds site/ (unless --site names a built one) and serves a copy of it on 127.0.0.1 with the
floor pages added: Pyodide alone from the same site running ``1+1``, on the page's thread
(floor.html) and in a worker as the game runs it (floor-worker.html: Chromium's CPU
throttling may spare workers, so this is the fair floor at x4); and where PyScript's part of the
game's start ends: a PyScript worker with the game's interpreter and plugins answering ``1+1``,
with no packages (floor-pyscript.html) and with the game's wheels installed but not imported
(floor-wheels.html). All register the same service worker, which precaches them too. For each
run and CPU rate
(``Emulation.setCPUThrottlingRate``: 1 is this machine, 4 a mid-range phone), the floor and
the game each load in a browser of their own with a new profile on disk:
cold (empty caches), then warm: that browser is closed once the service worker has cached every
file, and started again on the same profile with its network cut (installed and offline, opened
anew as a player would; a reload would run in the renderer process that still holds the first
page's memory). ``--before DIR`` adds the game from another built site (say, the last commit's),
served beside it and measured in the same run. In the game the benchmark picks "No pause" and
presses Deal with a deal where South bids first as soon as the start screen takes input, as
a player in a hurry would, then lets auto-play play the first hand (``--no-sound``: with the
start form's Sounds unticked, so no audio is made). It prints the medians of:
  first paint   first-contentful-paint
  start screen  the start screen as built is painted and takes input: the later of first paint and
                <body data-start="usable"> (floor: -)
  can act       <body data-turn="you">: the table is dealt and the player can bid, counted from
                when the benchmark sends its click (so a page thread too busy to take the click
                counts), as if sent the instant the start screen was usable (floor: 1+1 answered)
  worker ready  <body data-worker="ready">: the app's one worker answered (floor: 1+1 answered)
  memory        the browser's processes' resident memory added up, above the same browser with
                an empty page, once the first hand is dealt (floor: once 1+1 answered)
  after hand    the same at the first hand's end: by then the sounds' audio (about 80 MB in
                headless Chromium) is made, whichever click made it (floor: as memory)
  PSS           memory and after hand again, the processes' proportional memory added up
                (/proc/PID/smaps_rollup's Pss): resident memory counts a page shared by several
                processes once in each (every Chromium process maps the same libraries: the
                audio's own process is 82 MB resident, 27 MB proportional); proportional
                memory counts it once in all
  PSS, GC       PSS and after hand again, once the page's garbage is collected (DevTools'
                HeapProfiler.collectGarbage, twice): the DOM the app's answers replaced waits in
                Blink's heap for a collection (about 45 MB over a hand at "No pause"), memory the
                browser takes back when it needs it; taken at the player's turn and at the hand's
                end, after the figures above
  longest task  the page thread's longest task (PerformanceObserver 'longtask': 0 is none over
                50 ms), from the click to can act ("start"), and in the first hand ("hand"), from
                can act to its end, played by auto-play and the bots with no pause; the floors'
                until 1+1 is answered (in a worker: a page thread with nothing to do, which
                shows what the shared machine alone makes of a task)
  hand CPU      with --cpu: the CPU time of the page thread's costliest task in the hand (from
                Chromium's trace of the load, each task's thread time), less the collections that
                PSS, GC forces: a task's length counts the time its thread waited for a core,
                which on a machine of two cores, the bots' worker searching on one, can be most
                of it; this is the work. Tracing slows the game's loads: with --cpu, take the
                other figures from a run without it.
and the game's figures as ratios of the floor's, measured side by side in the same run (the
machine is shared: compare ratios). Times are from the start of navigation.
"""
from __future__ import annotations

import argparse
import base64
import functools
import json
import os
import re
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, ExitStack, contextmanager, nullcontext
from pathlib import Path
from typing import Any, NamedTuple

from playwright.sync_api import BrowserContext, Page, Playwright, expect, sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import build  # noqa: E402
from sitebuild import pwa  # noqa: E402

TIMEOUT_MS = 180_000
DEAL = "1-3-1"  # dealer East: South bids first
FLOOR_RUN = """const { loadPyodide } = await import("./pyodide/pyodide.mjs");
const pyodide = await loadPyodide({ indexURL: new URL("./pyodide/", location.href).href });
const answer = String(pyodide.runPython("1+1"));
"""
FLOOR = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Floor</title>
<script type="module">
navigator.serviceWorker?.register("./sw.js").then(() => navigator.serviceWorker.ready)
  .then(() => { document.documentElement.dataset.offline = "ready"; });
%s
</script></head>
<body><h1>Floor</h1></body></html>
"""
FLOORS = {
    "floor.html": FLOOR % (FLOOR_RUN + 'document.body.dataset.ready = "true";'),
    "floor-worker.html": FLOOR % """new Worker("./floor-worker.js", { type: "module" }).onmessage = () => {
  document.body.dataset.ready = "true";
};""",
    "floor-worker.js": FLOOR_RUN + "postMessage(answer);\n",
}
"""The floor pages: Pyodide alone on the page's thread, and in a worker as the game runs it."""
PYSCRIPT_RUN = """const tag = document.querySelector('script[type="py"][worker]');
await import("./pyscript/core.js");
while (!tag.xworker) await new Promise((resolve) => setTimeout(resolve, 10));
const exports = await tag.xworker.ready;
await (exports?.handle ? exports : tag.xworker.sync).handle("1+1");
document.body.dataset.ready = "true";
</script>
<py-config>%s</py-config><mpy-config>%s</mpy-config>
<script type="py" worker name="floor" src="./floor.py" config="./%s">"""


def pyscript_floors(site: Path) -> dict[str, str]:
    """Pages that stop where PyScript's part of the game's start ends: a PyScript worker with the
    game's config (its interpreter, plugins and PyScript's compiled modules) answering ``1+1``:
    with the game's wheels installed but not imported (floor-wheels.html), and with no packages
    (floor-pyscript.html); each preloads PyScript's files as the game's page does."""
    config = (site / "pyscript.toml").read_text()
    plugins = next(line for line in config.splitlines() if line.startswith("plugins"))
    preloads = "".join(re.findall(r'<link rel="modulepreload" href="\./pyscript/[^"]+">', (site / "index.html").read_text()))
    no_packages = "".join(line for line in config.splitlines(keepends=True) if not line.startswith("packages"))
    pages: dict[str, str] = {}
    for name, toml in (("floor-pyscript", no_packages), ("floor-wheels", config)):
        pages[f"{name}.toml"] = toml
        page = FLOOR % (PYSCRIPT_RUN % (plugins, plugins, f"{name}.toml"))
        pages[f"{name}.html"] = page.replace("<head>", "<head>" + preloads, 1)
    pages["floor.py"] = 'def handle(text: str) -> str:\n    return str(eval(text))\n\n\n__export__ = ["handle"]\n'
    return pages


# Records when the markers appear (ms since navigation started) and the page thread's long tasks.
RECORD = """
window.__marks = {};
window.__tasks = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__tasks.push([e.startTime, e.duration]);
}).observe({type: "longtask", buffered: true});
new MutationObserver(() => {
  const data = document.body?.dataset ?? {};
  const marks = {start: data.start === "usable", ready: data.ready === "true", worker: data.worker === "ready",
                 act: data.turn === "you", over: /^(hand-over|game-over)$/.test(data.turn ?? "")};
  for (const [name, set] of Object.entries(marks)) {
    if (set && !(name in window.__marks)) {
      window.__marks[name] = performance.now();
      performance.mark("bench-" + name);  // in the trace too (--cpu)
    }
  }
}).observe(document, {attributes: true, subtree: true,
                      attributeFilter: ["data-start", "data-ready", "data-worker", "data-turn"]});
"""
NAN = float("nan")


class Load(NamedTuple):
    first_paint_ms: float
    start_screen_ms: float
    can_act_ms: float
    worker_ready_ms: float
    memory_mb: float
    memory_after_hand_mb: float
    memory_pss_mb: float
    memory_after_hand_pss_mb: float
    memory_pss_gc_mb: float
    memory_after_hand_pss_gc_mb: float
    longest_start_task_ms: float
    longest_hand_task_ms: float
    longest_hand_task_cpu_ms: float = NAN


def bench_site(site: Path, target: Path) -> Path:
    """A copy of the built site with the floor pages, its manifest and service worker rebuilt."""
    shutil.copytree(site, target)
    for name, text in (FLOORS | pyscript_floors(site)).items():
        (target / name).write_text(text)
    files: build.SiteFiles = {p.relative_to(target).as_posix(): p for p in build.files_under(target)
                              if p != target / build.MANIFEST}
    saved = build.SITE
    build.SITE = target
    try:
        manifest = build.write_site(files)
    finally:
        build.SITE = saved
    pwa.finish(target, manifest)
    return target


def family(profile: str) -> set[int]:
    """The processes of the browser that uses ``profile``: the browser and all its children."""
    parents: dict[int, int] = {}
    roots = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
            cmdline = Path(f"/proc/{entry}/cmdline").read_bytes()
        except OSError:
            continue
        parents[int(entry)] = int(stat.rsplit(")", 1)[1].split()[1])
        if f"--user-data-dir={profile}".encode() in cmdline and b"--type=" not in cmdline:
            roots.append(int(entry))
    found = set(roots)
    grew = True
    while grew:
        grew = False
        for pid, parent in parents.items():
            if parent in found and pid not in found:
                found.add(pid)
                grew = True
    return found


def added_up_mb(profile: str, file: str, field: str) -> float:
    """``field`` (in kB) of ``/proc/PID/file`` added up over the browser's processes, in MB."""
    total_kb = 0
    for pid in family(profile):
        try:
            for line in Path(f"/proc/{pid}/{file}").read_text().splitlines():
                if line.startswith(field):
                    total_kb += int(line.split()[1])
        except OSError:
            continue
    return total_kb / 1024


def resident_mb(profile: str) -> float:
    """The resident memory of the browser's processes added up (a page shared by several
    processes, as their libraries' are, counts once in each)."""
    return added_up_mb(profile, "status", "VmRSS:")


def proportional_mb(profile: str) -> float:
    """The proportional memory of the browser's processes added up (PSS: a page shared by ``n``
    processes counts ``1/n`` in each, so once in all: the memory the browser really takes)."""
    return added_up_mb(profile, "smaps_rollup", "Pss:")


@contextmanager
def browser(playwright: Playwright, rate: float, profile: str, offline: bool = False) -> Iterator[tuple[BrowserContext, Page]]:
    """A browser on the profile folder ``profile``, its page's CPU slowed ``rate`` times."""
    context = playwright.chromium.launch_persistent_context(
        profile, executable_path=build.CHROMIUM, args=build.CHROMIUM_ARGS, offline=offline)
    try:
        context.add_init_script(RECORD)
        page = context.pages[0]
        if rate != 1:
            context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": rate})
        yield context, page
    finally:
        context.close()


def marks(page: Page) -> dict[str, float]:
    return dict(page.evaluate("window.__marks"))


def first_paint(page: Page) -> float:
    return float(page.evaluate("performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN"))


def above(profile: str, empty: tuple[float, float]) -> tuple[float, float]:
    """The browser's resident and proportional memory above ``empty`` (:func:`fresh_empty`'s)."""
    return resident_mb(profile) - empty[0], proportional_mb(profile) - empty[1]


def collected(page: Page, profile: str, empty: tuple[float, float]) -> float:
    """The browser's proportional memory above ``empty`` once the page's garbage is collected
    (twice: the DOM's objects, Blink's garbage-collected heap, go with the JavaScript that held
    them; a worker's heap is its own and not collected)."""
    cdp = page.context.new_cdp_session(page)
    for _ in range(2):
        cdp.send("HeapProfiler.collectGarbage")
        page.wait_for_timeout(300)
    cdp.detach()
    return above(profile, empty)[1]


def floor_load(page: Page, url: str, empty: tuple[float, float], profile: str, name: str = "floor.html") -> Load:
    page.goto(url + name)
    page.wait_for_function("'ready' in window.__marks", timeout=TIMEOUT_MS)
    ready = marks(page)["ready"]
    longest = max((d for t, d in page.evaluate("window.__tasks") if t <= ready), default=0.0)
    memory, pss = above(profile, empty)
    pss_gc = collected(page, profile, empty)
    return Load(first_paint(page), NAN, ready, ready, memory, memory, pss, pss, pss_gc, pss_gc, longest, NAN)


TRACED = "toplevel,blink.user_timing"
"""What --cpu traces: every task with its thread time, and the marks that bound the hand."""


@contextmanager
def traced(page: Page) -> Iterator[list[dict[str, Any]]]:
    """Chromium's trace (all its processes) while the block runs: its events, once the block ends."""
    cdp = page.context.new_cdp_session(page)
    done: dict[str, Any] = {}
    cdp.on("Tracing.tracingComplete", lambda params: done.update(params))
    cdp.send("Tracing.start", {"categories": TRACED, "transferMode": "ReturnAsStream"})
    events: list[dict[str, Any]] = []
    yield events
    cdp.send("Tracing.end")
    while not done:
        page.wait_for_timeout(50)
    chunks = []
    while True:
        read = cdp.send("IO.read", {"handle": done["stream"], "size": 1 << 22})
        chunks.append(base64.b64decode(read["data"]) if read.get("base64Encoded") else read["data"].encode())
        if read.get("eof"):
            break
    cdp.send("IO.close", {"handle": done["stream"]})
    cdp.detach()
    found = json.loads(b"".join(chunks))
    events += found["traceEvents"] if isinstance(found, dict) else found


def costliest_task_ms(events: list[dict[str, Any]], start: str, end: str, skip: tuple[str, str]) -> float:
    """The most thread time (CPU) any task of the page's main thread took between the marks
    ``start`` and ``end``, leaving out those between the marks ``skip``."""
    marks = {e["name"]: e for e in events if e.get("cat") == "blink.user_timing"}
    pid = marks[start]["pid"]
    main = {e["tid"] for e in events if e.get("name") == "thread_name" and e["pid"] == pid
            and e["args"]["name"] == "CrRendererMain"}
    at = {name: marks[name]["ts"] for name in (start, end, *skip)}
    return max((e.get("tdur", 0) / 1000 for e in events
                if e.get("name") == "ThreadControllerImpl::RunTask" and e.get("ph") == "X" and e["pid"] == pid
                and e["tid"] in main and at[start] <= e["ts"] + e["dur"] and e["ts"] <= at[end]
                and not at[skip[0]] <= e["ts"] <= at[skip[1]]), default=0.0)


def game_load(page: Page, url: str, empty: tuple[float, float], profile: str, cpu: bool = False,
              sound: bool = True) -> Load:
    """Load the game, deal at once, let auto-play play the first hand (``cpu``: traced;
    ``sound``: with the start form's Sounds as it is, else unticked)."""
    tracing: AbstractContextManager[list[dict[str, Any]]] = traced(page) if cpu else nullcontext([])
    with tracing as events:
        load = _game_load(page, url, empty, profile, sound)
    if not cpu:
        return load
    return load._replace(longest_hand_task_cpu_ms=costliest_task_ms(
        events, "bench-act", "bench-over", ("bench-collect", "bench-collected")))


def _game_load(page: Page, url: str, empty: tuple[float, float], profile: str, sound: bool) -> Load:
    page.goto(url)
    page.wait_for_function("'start' in window.__marks", timeout=TIMEOUT_MS)
    page.select_option('#start-form select[data-action="set:pace"]', "0")
    if not sound:
        page.uncheck('#start-form input[data-action="pref:sound"]')
    page.fill("#deal-code", DEAL)
    origin = page.evaluate("performance.timeOrigin")  # the page's clock, in ms since the epoch
    sent = time.time() * 1000 - origin  # when the click is sent, not when it is taken
    page.click("#start-form button[type=submit]")
    page.wait_for_function("'act' in window.__marks && 'worker' in window.__marks", timeout=TIMEOUT_MS)
    memory, pss = above(profile, empty)
    page.evaluate("performance.mark('bench-collect')")
    pss_gc = collected(page, profile, empty)  # the player's turn: the game waits for the click
    page.evaluate("performance.mark('bench-collected')")
    found = marks(page)
    page.locator("#top").get_by_role("button", name="Menu").click()
    page.locator("#dialog").get_by_role("checkbox", name="Auto-play my hand").check()
    page.locator("#dialog").get_by_role("button", name="Close").click()
    page.wait_for_function("'over' in window.__marks", timeout=TIMEOUT_MS)
    over = marks(page)["over"]
    memory_after_hand, pss_after_hand = above(profile, empty)
    pss_after_hand_gc = collected(page, profile, empty)
    tasks = page.evaluate("window.__tasks")
    start = max(found["start"], first_paint(page))
    return Load(first_paint(page), start, start + found["act"] - sent, found["worker"], memory, memory_after_hand,
                pss, pss_after_hand, pss_gc, pss_after_hand_gc,
                max((d for t, d in tasks if sent <= t + d and t <= found["act"]), default=0.0),
                max((d for t, d in tasks if found["act"] <= t + d and t <= over), default=0.0))


def installed(page: Page, url: str) -> None:
    """Wait until the service worker has cached every file; then clear the site's storage (the
    start screen, as on a first visit), on a page that does not write it."""
    expect(page.locator("html")).to_have_attribute("data-offline", "ready", timeout=TIMEOUT_MS)
    page.goto(url + "floor.html")  # precached too: the game's page stops, and its auto-play with it
    page.evaluate("localStorage.clear(); sessionStorage.clear()")


def fresh_empty(page: Page, profile: str) -> tuple[float, float]:
    """The browser's resident and proportional memory with an empty page."""
    page.goto("about:blank")
    page.wait_for_timeout(500)
    return resident_mb(profile), proportional_mb(profile)


LOADS: dict[str, Callable[..., Load]] = {
    "floor": floor_load,
    "floor in worker": functools.partial(floor_load, name="floor-worker.html"),
    "floor in PyScript": functools.partial(floor_load, name="floor-pyscript.html"),
    "floor in PyScript, wheels": functools.partial(floor_load, name="floor-wheels.html"),
    "game": game_load,
    "game before": game_load,
}
"""What each load measures (``game before``: the game from --before's site)."""


def median(loads: list[Load], field: str) -> float:
    values = [getattr(load, field) for load in loads]
    return statistics.median(values) if not any(v != v for v in values) else NAN


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--rates", default="1,4", help="CPU slow-down rates, comma-separated")
    parser.add_argument("--site", type=Path, help="an already built site folder (default: build site/)")
    parser.add_argument("--before", type=Path, help="another built site, whose game is measured beside it")
    parser.add_argument("--base", default="/", help="URL path to serve the site under")
    parser.add_argument("--cpu", action="store_true", help="trace the game's loads: the hand's costliest task in CPU")
    parser.add_argument("--no-sound", action="store_true", help="deal with Sounds unticked: no audio is made")
    args = parser.parse_args()
    if args.site is None:
        build.build()
    rates = [float(r) for r in args.rates.split(",")]
    loads = {what: functools.partial(load, cpu=args.cpu, sound=not args.no_sound) if what.startswith("game") else load
             for what, load in LOADS.items() if args.before or what != "game before"}
    results: dict[tuple[float, str, str], list[Load]] = {}
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as playwright, ExitStack() as servers:
        urls: dict[str, str] = {what: servers.enter_context(build.serving(
            bench_site(args.before if what == "game before" else args.site or build.SITE, Path(tmp) / what), args.base))
            for what in ("game", "game before") if what in loads}
        url = urls["game"]
        for _ in range(args.runs):
            for rate in rates:
                for what, load in loads.items():
                    site_url = urls.get(what, url)
                    with tempfile.TemporaryDirectory() as profile:
                        for state in ("cold", "warm"):
                            with browser(playwright, rate, profile, offline=state == "warm") as (context, page):
                                empty = fresh_empty(page, profile)
                                measured = load(page, site_url, empty, profile)
                                results.setdefault((rate, what, state), []).append(measured)
                                print(f"x{rate:g} {state} {what}: {measured}", file=sys.stderr, flush=True)
                                if state == "cold":
                                    installed(page, site_url)
    fields = Load._fields
    print(f"{url}: medians of {args.runs} runs, headless Chromium, side by side")
    print(f"{'':52} {'first paint':>11} {'start screen':>12} {'can act':>9} {'worker':>9} {'memory':>9} "
          f"{'after hand':>10} {'PSS':>9} {'after hand':>10} {'PSS, GC':>9} {'after hand':>10} "
          f"{'longest task: start':>19} {'hand':>7} {'hand CPU':>8}")
    pyscript = [what for what in loads if "PyScript" in what]
    for rate in rates:
        for state in ("cold", "warm"):
            label = f"x{rate:g} {state}"
            for what in loads:
                m = [median(results[(rate, what, state)], f) for f in fields]
                print(f"{label + ' ' + what:52} {m[0]:>8.0f} ms {m[1]:>9.0f} ms {m[2]:>6.0f} ms {m[3]:>6.0f} ms "
                      f"{m[4]:>6.0f} MB {m[5]:>7.0f} MB {m[6]:>6.0f} MB {m[7]:>7.0f} MB {m[8]:>6.0f} MB "
                      f"{m[9]:>7.0f} MB {m[10]:>16.0f} ms {m[11]:>4.0f} ms {m[12]:>5.0f} ms")
            pairs = [(game, floor) for game in loads if game.startswith("game")
                     for floor in ("floor", "floor in worker", *pyscript)]
            pairs += [(floor, "floor in worker") for floor in pyscript]
            for what, floor in pairs:
                ratio = [median(results[(rate, what, state)], f) / median(results[(rate, floor, state)], f)
                         for f in ("can_act_ms", "memory_mb", "memory_after_hand_mb", "memory_pss_mb",
                                   "memory_after_hand_pss_mb", "memory_pss_gc_mb", "memory_after_hand_pss_gc_mb")]
                print(f"{label + ' ' + what + ' / ' + floor:52} {'':>11} {'':>12} {ratio[0]:>8.2f}x {'':>9} "
                      f"{ratio[1]:>8.2f}x {ratio[2]:>9.2f}x {ratio[3]:>8.2f}x {ratio[4]:>9.2f}x "
                      f"{ratio[5]:>8.2f}x {ratio[6]:>9.2f}x")


if __name__ == "__main__":
    main()
