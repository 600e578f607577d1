#!/usr/bin/env python3
"""Measure the table's motion (web/motion.js) in headless Chromium.

    nice -n 19 python3 scripts/bench_motion.py [--travels 24] [--clicks 8] [--site DIR] [--pace "1.2 s"]

Builds site/ (unless --site names a built one), serves it, opens a desktop-sized table
(1280x800) with a deal where South bids first, the chosen bot pause and auto-play on, so that
the bots and auto-play play out hands and every card travels to the trick and every trick to
its winner. A requestAnimationFrame loop on the page's thread stamps every frame; a *travel*
is a run of frames while a card animation (Web Animations, not the seats' CSS pulse) runs.
It prints, over the first ``--travels`` travels (before any click: a click finishes a travel):
  frames        the frames of a travel (median, least)
  dropped       the frames of a travel that came more than 1.5 x 16.7 ms after the one before
                (median, worst; goal: at most 2)
  longest gap   the longest time between two frames of a travel (median, worst)
and the page's answer to a click: the "Scores" button clicked ``--clicks`` times while a card
travels, and as many times with nothing moving (auto-play paused by the same pause), side by
side in one run: from the click's pointerdown to the animations finished (the table as drawn),
and to the dialog drawn with the worker's answer (median, worst; goal: at most 100 ms during an
animation). The machine is shared: report its load (uptime) with the figures.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect, sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import build  # noqa: E402

BASE = "/games/500/"
DEAL = "1-3-1"  # dealer East: South bids first
TIMEOUT_MS = 180_000
FRAME_MS = 1000 / 60
DROPPED_MS = 1.5 * FRAME_MS
RECORD = """() => {
  const moving = () => document.getAnimations().some((a) => !(a instanceof CSSAnimation || a instanceof CSSTransition)
                                                      && a.playState === 'running');
  window.travels = [];
  window.still = [];
  let current = null, was = null;
  const frame = (t) => {
    const now = moving();
    if (now !== was) { current = []; (now ? window.travels : window.still).push(current); was = now; }
    current.push(t);
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  window.clicks = [];
  window.fiveHundredTimes = [];  // web/page.js: each message to the worker, queued, sent, answered, drawn
  addEventListener('pointerdown', (event) => {
    const click = {at: event.timeStamp, moving: moving(), finished: null, answered: null};
    window.clicks.push(click);
    const dialog = document.getElementById('dialog');
    new MutationObserver((_, observer) => {
      if (dialog.open && dialog.querySelector('#dialog-title')) {
        click.answered = performance.now();
        observer.disconnect();
      }
    }).observe(dialog, {attributes: true, childList: true, subtree: true});
  }, true);
  addEventListener('pointerdown', () => {  // after the page's own listeners (web/motion.js finishes the travel)
    const click = window.clicks.at(-1);
    if (!moving()) click.finished = performance.now();
  });
}"""
MOVING = """() => document.getAnimations().some((a) => !(a instanceof CSSAnimation || a instanceof CSSTransition)
  && a.playState === 'running')"""


def start(page: Page, url: str, pace: str) -> None:
    page.goto(url, wait_until="domcontentloaded")
    expect(page.locator("body")).to_have_attribute("data-ready", "true", timeout=TIMEOUT_MS)
    page.get_by_role("combobox", name="Bot pause").select_option(label=pace)
    page.get_by_role("checkbox", name="Auto-play my hand").set_checked(True)
    page.get_by_role("textbox", name="Deal code").fill(DEAL)
    page.get_by_role("button", name="Deal").click()
    expect(page.locator("#arena .seat")).to_have_count(4, timeout=TIMEOUT_MS)
    page.evaluate(RECORD)


def click_scores(page: Page, moving: bool) -> None:
    """Click Scores while a card travels (or while nothing does), wait for the dialog, close it."""
    page.wait_for_function(MOVING if moving else f"() => !({MOVING})()", timeout=TIMEOUT_MS, polling=5)
    page.locator("#top").get_by_role("button", name="Scores").click(no_wait_after=True, timeout=TIMEOUT_MS)
    dialog = page.locator("#dialog")
    expect(dialog.get_by_role("heading", name="Scores")).to_be_visible(timeout=TIMEOUT_MS)
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden(timeout=TIMEOUT_MS)


def spread(values: list[float]) -> str:
    return f"median {statistics.median(values):6.1f}  worst {max(values):6.1f}" if values else "none"


def parts(clicks: list[dict[str, Any]], times: list[dict[str, Any]], moving: bool) -> str:
    """The clicks' answers in parts (web/page.js's record of each message): from pointerdown to
    the message queued, queued to sent to the worker (waiting for the messages before it), sent to
    answered (the worker), answered to drawn; and what the worker was doing while the worst waited."""
    steps: dict[str, list[float]] = {"to queued": [], "waiting": [], "worker": [], "drawing": []}
    worst, ahead = -1.0, ""
    for click in (c for c in clicks if c["moving"] == moving and c["answered"] is not None):
        mine = next((t for t in times if t["what"] == "dialog sheet" and t["queued"] >= click["at"]), None)
        if mine is None:
            continue
        for name, value in zip(steps, (mine["queued"] - click["at"], mine["at"] - mine["queued"],
                                       mine["answered"] - mine["at"], mine["drawn"] - mine["answered"])):
            steps[name].append(value)
        if mine["drawn"] - click["at"] > worst:
            worst = mine["drawn"] - click["at"]
            ahead = ", ".join(f"{t['what']} {t['answered'] - t['at']:.0f} ms" for t in times
                              if t["at"] < mine["at"] and t["answered"] > click["at"]) or "nothing"
    return "; ".join(f"{name} {spread(values)}" for name, values in steps.items()) + f"; ahead of the worst: {ahead}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--travels", type=int, default=24)
    parser.add_argument("--clicks", type=int, default=8)
    parser.add_argument("--pace", default="1.2 s", help="the bot pause, as the start screen names it")
    parser.add_argument("--site", type=Path, help="a built site (default: build site/)")
    args = parser.parse_args()
    site: Path = args.site or build.SITE
    if not args.site:
        build.build()
    print(f"load before: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f} "
          f"on {os.cpu_count()} cores (a machine shared with other jobs)")
    with build.serving(site, BASE) as url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=build.CHROMIUM, args=build.CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        start(page, url, args.pace)
        # the frames first, untouched by the clicks (a click finishes the travel it lands in)
        page.wait_for_function(f"() => window.travels.length > {args.travels}", timeout=TIMEOUT_MS * 4)
        travels: list[list[float]] = page.evaluate("window.travels")[:args.travels]
        still: list[list[float]] = page.evaluate("window.still")
        for i in range(args.clicks):  # alternate, so that both see the same game and load
            click_scores(page, moving=True)
            click_scores(page, moving=False)
        clicks = page.evaluate("window.clicks")
        times = page.evaluate("window.fiveHundredTimes")
        browser.close()
    frames = [len(t) for t in travels]
    size = round(statistics.median(frames))
    windows = [t[i:i + size] for t in still for i in range(0, len(t) - size + 1, size)][:len(travels)]
    print(f"pace {args.pace}: {len(travels)} travels; as many runs of {size} frames with nothing moving, side by side")
    print(f"  frames       median {statistics.median(frames):6.1f}  least {min(frames):6.1f}")
    for name, runs in (("travel", travels), ("still ", windows)):
        gaps = [[b - a for a, b in zip(t, t[1:])] for t in runs if len(t) > 1]
        dropped = [float(sum(g > DROPPED_MS for g in gs)) for gs in gaps]
        print(f"  {name} dropped {spread(dropped)}   (frames later than {DROPPED_MS:.1f} ms; goal <= 2)")
        print(f"  {name} longest gap {spread([max(g) for g in gaps])} ms")
    for moving in (True, False):
        chosen = [c for c in clicks if c["moving"] == moving and c["answered"] is not None]
        name = "during a travel" if moving else "nothing moving "
        finished = [c["finished"] - c["at"] for c in chosen if c["finished"] is not None]
        print(f"  click {name}: {len(chosen)} clicks; table as drawn {spread(finished)} ms; "
              f"answer drawn {spread([c['answered'] - c['at'] for c in chosen])} ms (goal <= 100)")
    for moving in (True, False):
        print(f"  where a click's time went ({'during a travel' if moving else 'nothing moving'}): " + parts(clicks, times, moving))
    print(f"load after: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f}")


if __name__ == "__main__":
    main()
