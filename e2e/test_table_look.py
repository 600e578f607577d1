"""The table's cards on a phone held upright and sideways and on a desktop (issue 15, item 2):
the court cards and backs drawn, the bots' hands fanned with a count, the player's hand sized
to the screen (two rows from eleven cards on a phone).  Screenshots at the auction, the kitty
and the play go to docs/screenshots/, the ones the README shows."""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from app.cards import rank_text
from app.session import PLAYER
from app.svg import FACES
from engine.cards import Card
from pages import App, StartScreen, TableScreen
from scenarios import bidder, find, seven_in_longest
from test_axe import violations
from test_layout import BOXES, SIDEWAYS, VIEWPORTS, overlap

DOCS = Path(__file__).resolve().parents[1] / "docs" / "screenshots"
DEVICES = {"phone": VIEWPORTS["phone"], "sideways": SIDEWAYS, "desktop": VIEWPORTS["desktop"]}
SMALLEST = {"phone": 72, "sideways": 44, "desktop": 70}
"""The least width of a card of the hand, in CSS pixels."""
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
    scenario = find("standard", lambda s: s.session.hand.declarer == PLAYER, bidder(seven_in_longest))
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
        for i, step in enumerate(scenario.plan[1:], 1):
            if i == 4:  # a card chosen, in the middle of a trick
                app.expect_turn("you")
                table.tap(table.card(Card.parse(step[1]).name))
                look(page, device, "play")
                assert violations(page, f"the play, {device}") == []
                break
            table.take(step)
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
