#!/usr/bin/env python3
"""Measure how fast the built site starts in headless Chromium.

    python scripts/bench_load.py [--runs 3] [--site DIR] [--base /games/500/]

Builds site/ (unless --site names a built one), serves it on 127.0.0.1 and, for
each run, opens it in a browser with a new profile (cold: empty cache), then
reloads it (warm: the HTTP cache; the server asks for revalidation, so warm
loads get 304s). A profile on disk, as a person's browser has: Playwright's
default incognito context caches in memory, where the 9.6 MB wasm did not
stay. As soon as the start screen is up, the benchmark presses Deal with a deal
where South bids first, as a player in a hurry would. It prints the medians of:
  first paint    first-contentful-paint: the loading screen (the table's shell)
  start screen   <body data-ready="true">: Python drew the start screen, which takes input
  can act        <body data-turn="you">: the table is dealt and the player can bid, counted
                 from the moment the benchmark sends its click (so a page thread too busy to
                 take the click counts), as if it were sent the instant the start screen came
                 up (the benchmark's own reaction time, from the start screen to sending the
                 click, is taken out)
  worker ready   <body data-worker="ready">: the bots' worker answered (it starts after
                 the start screen; until then the bots play on the page's thread)
  transferred    bytes the server sent (file bodies, page and worker; counted by the server,
                 since a service worker hides its fetches from the page's resource timing)
Times are from the start of navigation.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

from playwright.sync_api import Page, sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import build  # noqa: E402

TIMEOUT_MS = 120_000
DEAL = "1-3-1"  # dealer East: South bids first
# Records when the readiness markers appear, in ms since navigation started.
RECORD_MARKERS = """
window.__marks = {};
new MutationObserver(() => {
  const data = document.body?.dataset ?? {};
  const marks = {ready: data.ready === "true", worker: data.worker === "ready", act: data.turn === "you"};
  for (const [name, set] of Object.entries(marks)) {
    if (set && !(name in window.__marks)) window.__marks[name] = performance.now();
  }
}).observe(document, {attributes: true, subtree: true, attributeFilter: ["data-ready", "data-worker", "data-turn"]});
"""


class Load(NamedTuple):
    first_paint_ms: float
    start_screen_ms: float
    can_act_ms: float
    worker_ready_ms: float
    transferred_bytes: int


def measure(page: Page, navigate: Callable[[], object], handler: type[build.SiteHandler]) -> Load:
    """Navigate, deal as soon as the start screen is up, wait for every marker; record what that took."""
    if page.url.startswith("http"):
        page.evaluate("localStorage.clear(); sessionStorage.clear()")  # no saved game: the start screen, as on a first visit
    sent_before = handler.bytes_sent
    navigate()
    page.wait_for_function("'ready' in window.__marks", timeout=TIMEOUT_MS)
    origin = page.evaluate("performance.timeOrigin")  # the page's clock, in ms since the epoch
    page.fill("#deal-code", DEAL)
    sent = time.time() * 1000 - origin  # on the page's clock: when the click is sent, not when it is taken
    page.click("#start-form button[type=submit]")
    page.wait_for_function("'act' in window.__marks && 'worker' in window.__marks", timeout=TIMEOUT_MS)
    marks = page.evaluate("window.__marks")
    first_paint = page.evaluate("performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN")
    transferred = handler.bytes_sent - sent_before
    return Load(first_paint, marks["ready"], marks["ready"] + marks["act"] - sent, marks["worker"], transferred)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--site", type=Path, help="an already built site folder (default: build site/)")
    parser.add_argument("--base", default="/", help="URL path to serve the site under")
    args = parser.parse_args()
    if args.site is None:
        build.build()
    cold: list[Load] = []
    warm: list[Load] = []
    with build.serving_with_handler(args.site or build.SITE, args.base) as (url, handler), \
            sync_playwright() as playwright:
        for _ in range(args.runs):
            with tempfile.TemporaryDirectory() as profile:
                context = playwright.chromium.launch_persistent_context(
                    profile, executable_path=build.CHROMIUM, args=build.CHROMIUM_ARGS)
                context.add_init_script(RECORD_MARKERS)
                page = context.pages[0]
                cold.append(measure(page, lambda: page.goto(url), handler))
                warm.append(measure(page, page.reload, handler))
                context.close()
    print(f"{url}: medians of {args.runs} runs, headless Chromium")
    print(f"{'':6} {'first paint':>12} {'start screen':>13} {'can act':>10} {'worker ready':>13} {'transferred':>12}")
    for name, loads in (("cold", cold), ("warm", warm)):
        first_paint, start, act, worker, transferred = (statistics.median(column) for column in zip(*loads))
        print(f"{name:6} {first_paint:>9.0f} ms {start:>10.0f} ms {act:>7.0f} ms {worker:>10.0f} ms "
              f"{transferred / 1e6:>9.2f} MB")


if __name__ == "__main__":
    main()
