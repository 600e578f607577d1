#!/usr/bin/env python3
"""Measure the hand review in the browser: each hand's whole analysis, as a player waits for it.

    python3 scripts/bench_review.py [--games 3] [--seed 1] [--site DIR] [--at-table HANDS --pace MS] [--again]

Plays whole standard games in CPython (bots at every seat, the player's too, from seeded
deals), imports each game file into the built site in headless Chromium (History & stats ->
Import), opens its last hand's review from History and steps back hand by hand with Previous
hand (at once, or after ``--think`` ms). For every hand that reached the play it times, on the page's clock, from the click that
opens the hand's review to "Analysis complete." drawn: the worker's slices of search
(app.table.answers.SLICE_NODES), the answers between them and the page's drawing all count. It prints
each hand's contract and time, then the median and the worst (goal: the whole hand within 2 s).
The machine is shared: report its load (printed) with the figures.

With ``--at-table HANDS`` it instead plays that many hands at the table in the browser (the
player's seat by auto-play, the bots pausing ``--pace`` ms, from the deal of ``--seed``) and
opens each hand's review from the table as soon as the hand is over, as a player does: the
worker has worked the analysis out ahead during the play (app.review.ahead).

With ``--again`` it then reloads the page (a new worker, with what the browser kept) and
reviews the game's hands from History once more, as a player coming back to a game does: the
analyses worked out are kept (app.review.store). With ``--at-table`` the game must end
within HANDS hands for this.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import Locator, Page, expect, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "web")]
import build  # noqa: E402
from engine.deal import DealCode  # noqa: E402
from engine.record import to_record  # noqa: E402
from tests.app.test_view import whole_game  # noqa: E402

TIMEOUT_MS = 120_000
RECORD = """() => {  // once a page: window.reviewTimes, emptied for each game
  window.reviewTimes = [];
  let opened = null;
  addEventListener('click', (event) => {
    if (event.target.closest('[data-action=review-open], [data-action=review-hand]')) opened = performance.now();
  }, true);
  const dialog = document.getElementById('dialog');
  new MutationObserver(() => {
    const progress = dialog.querySelector('.review-progress');
    if (opened !== null && progress?.textContent === 'Analysis complete.') {
      window.reviewTimes.push(performance.now() - opened);  // (the array of the game reviewed now)
      opened = null;
    }
  }).observe(dialog, {childList: true, subtree: true, characterData: true});
}"""


def review_game(page: Page, game: Path, reviewable: list[bool], think: int = 0) -> list[float]:
    """Import ``game``, review its hands from the last to the first (:func:`review_history`)."""
    open_history(page)
    page.locator("#dialog").get_by_label("Import a game file").set_input_files(str(game))
    expect(page.locator("body")).to_have_attribute("data-turn", "game-over", timeout=TIMEOUT_MS)
    return review_history(page, reviewable, think)


def review_history(page: Page, reviewable: list[bool], think: int = 0) -> list[float]:
    """Review the newest finished game's hands from History, from the last to the first, each
    looked at for ``think`` ms once its analysis is complete; the times of those that reached
    the play, last hand first."""
    page.evaluate("() => { window.reviewTimes = []; }")
    dialog = open_history(page)
    dialog.locator("ol.games li").first.get_by_role("button", name=re.compile("^Review")).click()
    done = 0
    for number in reversed(range(len(reviewable))):
        expect(dialog.locator(".review-hands")).to_contain_text(f"Hand {number + 1} of {len(reviewable)}")
        if reviewable[number]:
            done += 1
            page.wait_for_function(f"() => window.reviewTimes.length >= {done}", timeout=TIMEOUT_MS)
        if number:
            page.wait_for_timeout(think)
            dialog.get_by_role("button", name="Previous hand").click()
    times: list[float] = page.evaluate("window.reviewTimes")
    page.keyboard.press("Escape")
    return times


def open_history(page: Page) -> Locator:
    """Open History & stats, from the start screen or the table's Menu: the dialog."""
    dialog = page.locator("#dialog")
    if page.locator("body").get_attribute("data-turn") == "start":
        page.get_by_role("button", name="History & stats").click()
    else:
        page.get_by_role("button", name="Menu").click()
        dialog.get_by_role("button", name="History & stats").click()
    return dialog


def reload(page: Page) -> None:
    """Reload the page (the worker starts afresh with what the browser kept) and time reviews again."""
    page.reload(wait_until="domcontentloaded")
    expect(page.locator("body")).to_have_attribute("data-ready", "true", timeout=TIMEOUT_MS)
    page.evaluate(RECORD)


def review_at_table(page: Page, hands: int, pace: int, seed: int) -> list[tuple[str, float]]:
    """Play ``hands`` hands by auto-play (fewer if the game ends), opening each one's review as soon as it is over:
    for each hand its contract (or 'thrown in') and the time to "Analysis complete." (0 if thrown in)."""
    body, dialog = page.locator("body"), page.locator("#dialog")
    page.get_by_role("combobox", name="Bot pause").select_option(label="No pause" if not pace else f"{pace / 1000:g} s")
    page.get_by_role("checkbox", name="Auto-play my hand").set_checked(True)
    page.get_by_label("Deal code").fill(str(DealCode(seed, 0)))
    page.get_by_role("button", name="Deal").click()
    page.evaluate(RECORD)
    rows: list[tuple[str, float]] = []
    for number in range(hands):
        expect(body).to_have_attribute("data-turn", re.compile("^(hand|game)-over$"), timeout=TIMEOUT_MS)
        over = body.get_attribute("data-turn") == "game-over"
        button = page.get_by_role("button", name=re.compile("^Review (this|the last) hand$"))
        title = ""
        if button.count():
            button.click()
            page.wait_for_function(f"() => window.reviewTimes.length >= {len(rows) + 1}", timeout=TIMEOUT_MS)
            title = dialog.locator(".review-title").text_content() or ""
            page.keyboard.press("Escape")
        rows.append((title.split(": ", 1)[-1].split(" by ")[0] or "thrown in",
                     page.evaluate("window.reviewTimes")[-1] if title else 0.0))
        print(f"hand {number + 1}: {rows[-1][0]} {rows[-1][1]:.0f} ms", flush=True)
        if over:
            break
        expect(body).to_have_attribute("data-turn", re.compile("^(you|bot)$"), timeout=TIMEOUT_MS)  # the next hand
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1, help="the first game's deal seed (then seed + 1, ...)")
    parser.add_argument("--site", type=Path, help="a built site (default: build site/)")
    parser.add_argument("--at-table", type=int, default=0, metavar="HANDS",
                        help="review HANDS hands from the table as each ends, played by auto-play")
    parser.add_argument("--pace", type=int, default=700, help="the bots' pause at the table, ms (with --at-table)")
    parser.add_argument("--think", type=int, default=0, metavar="MS",
                        help="look at each hand reviewed from History for MS ms before the previous one "
                             "(the review works the hand before out meanwhile)")
    parser.add_argument("--again", action="store_true",
                        help="then reload the page and review the game's hands from History again (the "
                             "analyses kept, app.review.store); with --at-table, once the game is over")
    args = parser.parse_args()
    site: Path = args.site or build.SITE
    if not args.site:
        build.build()
    print(f"load before: {' '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} cores")
    rows: list[tuple[str, float]] = []
    with tempfile.TemporaryDirectory() as folder, build.serving(site, "/") as url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=build.CHROMIUM, args=build.CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        page.goto(url, wait_until="domcontentloaded")
        expect(page.locator("body")).to_have_attribute("data-ready", "true", timeout=TIMEOUT_MS)
        if args.at_table:
            played = review_at_table(page, args.at_table, args.pace, args.seed)
            rows = [row for row in played if row[1]]
            if args.again and page.locator("body").get_attribute("data-turn") == "game-over":
                reload(page)
                reloaded = review_history(page, [bool(t) for _, t in played])
                print("from History after a reload: " + ", ".join(f"{t:.0f} ms" for t in reloaded), flush=True)
                rows += [(f"{c} (again)", t) for (c, _), t in zip(rows[::-1], reloaded)]
        else:
            page.get_by_role("button", name="Deal").click()  # a table, whose Menu imports the games
            expect(page.locator("body")).to_have_attribute("data-turn", re.compile("you|bot"), timeout=TIMEOUT_MS)
            page.evaluate(RECORD)
        for g in range(0 if args.at_table else args.games):
            session = whole_game(DealCode(args.seed + g, 0))
            hands = session.match.hands
            game = Path(folder) / f"game-{g}.json"
            game.write_text(json.dumps({**to_record(session.match), "meta": {"settings": session.settings}}))
            reviewable = [h.contract is not None and bool(h.tricks) for h in hands]
            times = review_game(page, game, reviewable, args.think)
            contracts = [str(h.contract) for h, r in zip(hands, reviewable) if r][::-1]
            rows += list(zip(contracts, times))
            print(f"game {g + 1}: " + ", ".join(f"{c} {t:.0f} ms" for c, t in zip(contracts, times)), flush=True)
            if args.again:
                reload(page)
                times = review_history(page, reviewable)
                rows += [(f"{c} (again)", t) for c, t in zip(contracts, times)]
                print(f"game {g + 1} again: " + ", ".join(f"{c} {t:.0f} ms" for c, t in zip(contracts, times)),
                      flush=True)
        browser.close()
    if not rows:
        print("no hand reviewed (with --at-table and no pause, auto-play deals on at once: give a pace)")
        return
    for again in (False, True):
        picked = [(c, t) for c, t in rows if c.endswith(" (again)") == again]
        if picked:
            times = [t for _, t in picked]
            print(f"{len(times)} hands reviewed{' again, from History after a reload' if again else ''}: the "
                  f"whole analysis median {statistics.median(times):.0f} ms, worst {max(times):.0f} ms "
                  f"({picked[times.index(max(times))][0]}); within 2 s: {sum(t <= 2000 for t in times)} of {len(times)}")
    print(f"load after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
