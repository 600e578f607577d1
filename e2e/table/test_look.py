"""The table's cards on a phone held upright and sideways and on a desktop (issue 15, item 2):
the court cards and backs drawn, the bots' hands fanned with a count, the player's hand sized
to the screen (two rows from eleven cards on a phone).  Screenshots at the auction, the kitty
the play (mid-trick) and the hand review are the README's: written to docs/screenshots/ only
when FIVE_HUNDRED_SCREENSHOTS=1 (else to screenshots/docs/, which git ignores), so that a test
run leaves the checkout clean:

    FIVE_HUNDRED_SCREENSHOTS=1 python3 -m pytest e2e/table/test_look.py e2e/start/test_guide.py -q
"""
from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from app.html.cards import rank_text
from app.html.svg import FACES
from app.table.session import PLAYER
from engine.cards import Card
from engine.rules import Rules
from engine.seats import seat_name
from e2e.pages import App, StartScreen, TableScreen
from e2e.scenarios import bidder, find, replayed, seven_in_longest
from e2e.site.test_axe import violations
from e2e.site.test_layout import BOXES, SHOTS, SIDEWAYS, VIEWPORTS, overlap

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs" / "screenshots" if os.environ.get("FIVE_HUNDRED_SCREENSHOTS") == "1" else ROOT / "screenshots" / "docs"
"""Where the README's screenshots go: docs/ when asked to renew them, else out of git's way."""
DEVICES = {"phone": VIEWPORTS["phone"], "sideways": SIDEWAYS, "desktop": VIEWPORTS["desktop"]}
SMALLEST = {"phone": 72, "sideways": 44, "desktop": 70}
"""The least width of a card of the hand, in CSS pixels."""
REVIEW_TIMEOUT_MS = 180_000  # the hand's analysis in the worker, on a machine shared by many jobs
STILL = "() => !document.querySelector('.motion-layer > *') && !document.getAnimations().some((a) => a.playState " \
        "=== 'running' && !(a instanceof CSSAnimation || a instanceof CSSTransition))"
"""No card on its way (web/motion.js): the screenshot shows the table as drawn."""
SHOWN = 25
"""The least width of a card left uncovered by the next one (its corner: rank and suit)."""
HAND = """() => [...document.querySelectorAll('#hand .card')].map((c) => {
  const r = c.getBoundingClientRect();
  return {left: r.left, top: r.top, right: r.right, bottom: r.bottom};
})"""
PANEL = "() => { const r = document.querySelector('#panel').getBoundingClientRect(); " \
        "return {left: r.left, top: r.top, right: r.right, bottom: r.bottom}; }"


def look(page: Page, device: str, name: str) -> None:
    """Screenshot to docs/, then: the hand's cards wide enough, each one's corner in view, none
    under the panel; every control, seat and card on screen, none over another."""
    DOCS.mkdir(parents=True, exist_ok=True)
    page.wait_for_function(STILL)
    page.screenshot(path=DOCS / f"{name}-{device}.png")
    cards: list[dict[str, Any]] = page.evaluate(HAND)
    panel = page.evaluate(PANEL)
    assert cards, name
    assert min(c["right"] - c["left"] for c in cards) >= SMALLEST[device], (name, cards[0])
    rows: dict[int, list[dict[str, Any]]] = {}
    for c in cards:
        rows.setdefault(round(c["top"] / 10), []).append(c)
    for row in rows.values():
        shown = [b["left"] - a["left"] for a, b in zip(row, row[1:])]
        assert min(shown, default=SHOWN) >= SHOWN, (name, shown)
    assert all(overlap(c, panel) == 0 for c in cards), (name, panel)
    boxes, width, height = page.evaluate(BOXES)
    off = [b["name"] for b in boxes if b["left"] < -1 or b["top"] < -1 or b["right"] > width + 1
           or b["bottom"] > height + 1]
    assert off == [], f"{name}: off screen: {off}"
    clashes = [(a["name"], b["name"]) for i, a in enumerate(boxes) for b in boxes[i + 1:]
               if not (a["group"] == b["group"] == "hand") and overlap(a, b) > 1]
    assert clashes == [], f"{name}: overlapping: {clashes}"


@pytest.mark.parametrize("device", list(DEVICES))
def test_the_table_looks_like_cards(browser: Browser, site_url: str, device: str) -> None:
    scenario = find("standard", lambda s: s.session.hand.declarer == PLAYER, bidder(seven_in_longest), by_auction=True)
    context = browser.new_context(base_url=site_url, viewport=DEVICES[device], bypass_csp=True)
    try:
        page = context.new_page()
        app, table = App(page), TableScreen(page)
        app.open()
        app.expect_ready()
        StartScreen(page).start(deal=scenario.code)
        app.expect_turn("you")
        fans = page.locator("#arena .mini-hand")
        expect(fans).to_have_count(3)
        for fan in fans.all():  # the bots' backs fanned, their count in figures, the name unchanged
            expect(fan).to_have_attribute("aria-label", "10 cards")
            expect(fan.locator(".count")).to_have_text("10")
            expect(fan.locator(".mini")).to_have_count(10)
        look(page, device, "auction")
        table.take(scenario.plan[0])
        app.expect_turn("you")
        expect(table.cards).to_have_count(13)
        look(page, device, "kitty")
        assert violations(page, f"the kitty, {device}") == []
        mid_trick = next(i for i, step, session in replayed(scenario)
                         if i > 3 and step[0] == "play" and session.hand.trick_cards)
        for i, step in enumerate(scenario.plan[1:], 1):
            if i == mid_trick:  # a card chosen, in the middle of a trick
                app.expect_turn("you")
                table.tap(table.card(Card.parse(step[1]).name))
                look(page, device, "play")
                assert violations(page, f"the play, {device}") == []
                table.play_button.click()
                continue
            table.take(step)
        app.expect_turn("hand-over")
        table.panel.get_by_role("button", name="Review this hand").click()
        dialog = table.dialog
        expect(dialog.locator(".review-progress")).to_have_text("Analysis complete.", timeout=REVIEW_TIMEOUT_MS)
        dialog.get_by_role("button", name="Next trick").click()
        expect(dialog.locator(".review-step")).to_have_text("Trick 1 of 10")
        page.screenshot(path=DOCS / f"review-{device}.png")
        assert violations(page, f"the review, {device}") == []
    finally:
        context.close()


def test_every_court_card_has_its_own_figure(browser: Browser, site_url: str) -> None:
    """The jacks, queens and kings each drawn with their rank's figure twice, the joker as a
    jester; their names stay the cards' words."""
    context = browser.new_context(base_url=site_url, viewport=VIEWPORTS["desktop"])
    try:
        page = context.new_page()
        app = App(page)
        app.open()
        app.expect_ready()
        StartScreen(page).start(deal=find("standard", lambda s: any(
            c.is_joker or rank_text(c) in FACES for c in s.session.hand.hand_of(PLAYER)),
            bidder(seven_in_longest)).code)
        app.expect_turn("you")
        found = page.locator("#hand .card").evaluate_all("""cards => cards.map(c => [c.getAttribute('aria-label'),
            [...c.querySelectorAll('use')].map(u => u.getAttribute('href')).filter(h => /court|jester/.test(h))])""")
        figures = {"jack": "#court-J", "queen": "#court-Q", "king": "#court-K"}
        seen = 0
        for label, uses in found:
            rank = re.match(r"(jack|queen|king|joker)", label)
            if rank is None:
                assert uses == [], label
            elif rank[1] == "joker":
                assert uses == ["#jester"], label
                seen += 1
            else:
                assert uses == [figures[rank[1]]] * 2, label
                seen += 1
        assert seen
        boxes = page.evaluate("""() => [...document.querySelectorAll('#hand .card use[href^="#court"]')]
            .map(u => u.getBoundingClientRect().width)""")
        assert boxes and min(boxes) > 20  # drawn, not empty
    finally:
        context.close()


CAPTIONS = """() => [...document.querySelectorAll('#arena .trick-who')].map((caption) => {
  const range = document.createRange();
  range.selectNodeContents(caption);
  const r = range.getBoundingClientRect();
  const y = r.top + r.height / 2;
  const seen = [r.left + 1, (r.left + r.right) / 2, r.right - 1].every((x) => caption.contains(document.elementFromPoint(x, y)));
  return {text: caption.textContent, seen, inside: r.left >= 0 && r.right <= innerWidth};
})"""
"""Each seat's caption in the trick: its text, whether it shows whole (on top at both ends and in
the middle, nothing over it) and within the screen."""


@pytest.mark.parametrize("table", ["five-handed", "six-handed"])
@pytest.mark.parametrize("device", ["phone", "desktop"])  # sideways, five and six seats crowd the table still
def test_every_seat_of_a_crowded_trick_is_captioned_in_full(table_page: Page, device: str, table: str) -> None:
    """Five and six seats: the first trick, all its cards down, shown again by Last trick, each
    card with the whole name of the seat that played it ('North-West', never 'North-Wes')."""
    from e2e.variants.test_five_six import TITLES, player_declares
    table_page.set_viewport_size(DEVICES[device])
    try:
        scenario = player_declares(table)
        screen = TableScreen(table_page)
        StartScreen(table_page).start(table=TITLES[table], deal=scenario.code)
        for step in scenario.plan:
            screen.take(step)
            if step[0] == "play":
                break
        screen.app.expect_turn("you")
        players = Rules.parse(table).players
        review = screen.tool("Last trick")
        if review.is_enabled():  # the next trick is under way (else the first one shows still, the player to lead)
            review.click()
        expect(table_page.locator("#arena .trick-who")).to_have_count(players)
        table_page.wait_for_function(STILL)
        SHOTS.mkdir(parents=True, exist_ok=True)
        table_page.screenshot(path=SHOTS / f"captions-{table}-{device}.png")
        captions = table_page.evaluate(CAPTIONS)
        assert sorted(c["text"] for c in captions) == sorted(seat_name(players, s) if s else "You"
                                                            for s in range(players))
        assert [c["text"] for c in captions if not (c["seen"] and c["inside"])] == [], captions
    finally:
        table_page.set_viewport_size(VIEWPORTS["phone"])
