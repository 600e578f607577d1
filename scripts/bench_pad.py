#!/usr/bin/env python3
"""Measure the score pad's answer to an entry on a long sheet, in headless Chromium.

    nice -n 19 python3 scripts/bench_pad.py [--hands 60] [--measured 10] [--site DIR]

Builds site/ (unless --site names a built one), serves it, opens the score pad at the
Standard table on a phone-sized page (390x844) and enters ``--hands`` hands by clicks, four a
hand (who won the bidding, the contract, the tricks, Enter): six spades failed by each side in
turn, so that the game never ends. For the last ``--measured`` entries it prints the time from
the Enter's message to the sheet and the chart drawn (web/page.js ``fiveHundredTimes``: queued
to drawn; median, worst; goal: at most 100 ms at 60 hands), and how much of it the worker took
(its scoring, the sheet's HTML and its save). The machine is shared: report its load (uptime)
with the figures.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
from pathlib import Path

from playwright.sync_api import Page, expect, sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import build  # noqa: E402

BASE = "/games/500/"
TIMEOUT_MS = 180_000


def click(page: Page, key: str) -> None:
    """Click a control by its data-key and wait for the worker's answer to be drawn."""
    page.locator(f'#pad [data-key="{key}"]').click()
    expect(page.locator("body")).to_have_attribute("data-busy", "no", timeout=TIMEOUT_MS)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=60)
    parser.add_argument("--measured", type=int, default=10)
    parser.add_argument("--site", type=Path, help="a built site (default: build site/)")
    args = parser.parse_args()
    site: Path = args.site or build.SITE
    if not args.site:
        build.build()
    print(f"load before: {' '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} cores")
    with build.serving(site, BASE) as url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=build.CHROMIUM, args=build.CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 390, "height": 844})
        page.goto(url, wait_until="domcontentloaded")
        expect(page.locator("body")).to_have_attribute("data-ready", "true", timeout=TIMEOUT_MS)
        page.get_by_role("button", name="Score a real game").click()
        expect(page.locator("body")).to_have_attribute("data-turn", "pad", timeout=TIMEOUT_MS)
        page.evaluate("window.fiveHundredTimes = []")
        for hand in range(args.hands):
            declarer = hand % 2  # South, then West: each fails six spades in turn
            for key in (f"pad-declarer-{declarer}", "pad-bid-6S", "pad-tricks-5", "pad-enter"):
                click(page, key)
        rows = page.locator("#pad table.sheet tbody tr").count()
        times = [t for t in page.evaluate("window.fiveHundredTimes") if t["what"].startswith("pad-enter")]
        browser.close()
    assert rows == args.hands, f"{rows} hands on the sheet, not {args.hands}"
    last = times[-args.measured:]
    drawn = [t["drawn"] - t["queued"] for t in last]
    worker = [t["answered"] - t["at"] for t in last]
    print(f"{args.hands} hands on the sheet; the last {len(last)} entries:")
    print(f"  entry to sheet and chart drawn: median {statistics.median(drawn):.1f} ms, worst {max(drawn):.1f} ms"
          " (goal <= 100)")
    print(f"  of which the worker: median {statistics.median(worker):.1f} ms, worst {max(worker):.1f} ms")
    print(f"load after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
