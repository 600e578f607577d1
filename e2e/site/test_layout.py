"""The table on a phone in portrait and on a desktop: screenshots, and the main controls
neither overlap each other nor leave the screen.  Screenshots go to screenshots/."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect

from app.table.answers import answer
from app.table.session import PLAYER, Session
from engine.deal import DealCode
from engine.cards import Card
from e2e.pages import App, StartScreen, TableScreen
from e2e.scenarios import bidder, find, settings_for, seven_in_longest

SHOTS = Path(__file__).resolve().parents[2] / "screenshots"  # not test-results/: pytest-playwright empties it
VIEWPORTS: dict[str, ViewportSize] = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 800}}
SIDEWAYS: ViewportSize = {"width": 844, "height": 390}
"""A phone held sideways."""
BOXES = """() => {
  const boxes = [];
  const add = (selector, group) => document.querySelectorAll(selector).forEach((el) => {
    const r = el.getBoundingClientRect();
    if (r.width && r.height && el.checkVisibility()) boxes.push({
      group, name: (el.getAttribute("aria-label") || el.textContent).trim().slice(0, 40),
      left: r.left, top: r.top, right: r.right, bottom: r.bottom });
  });
  add("#top button, #panel button, #panel select, #start button, #start select, #start input", "control");
  add("#arena .seat", "seat");
  add("#arena .trick, #arena .auction", "center");
  add("#hand .card", "hand");
  return [boxes, innerWidth, innerHeight];
}"""


def check_layout(page: Page, name: str, scrolls: bool = False) -> None:
    """Screenshot, then: every box on screen (``scrolls``: within the screen's width, the page
    scrolling down to the rest); no two overlap (but the cards of the fan)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=SHOTS / f"{name}.png")
    boxes, width, height = page.evaluate(BOXES)
    assert boxes, name
    bottom = float("inf") if scrolls else height + 1
    off = [b["name"] for b in boxes if b["left"] < -1 or b["top"] < -1 or b["right"] > width + 1 or b["bottom"] > bottom]
    assert off == [], f"{name}: off screen: {off}"
    clashes = [(a["name"], b["name"]) for i, a in enumerate(boxes) for b in boxes[i + 1:]
               if not (a["group"] == b["group"] == "hand") and overlap(a, b) > 1]
    assert clashes == [], f"{name}: overlapping: {clashes}"


def overlap(a: dict[str, Any], b: dict[str, Any]) -> float:
    w: float = min(a["right"], b["right"]) - max(a["left"], b["left"])
    h: float = min(a["bottom"], b["bottom"]) - max(a["top"], b["top"])
    return max(w, 0) * max(h, 0)


TABLES = {"standard": "Standard", "cutthroat": "Cutthroat", "american": "American"}
"""Tables whose seats and play look alike (the others have tests of their own)."""


@pytest.mark.parametrize("device", [*VIEWPORTS, "sideways"])
@pytest.mark.parametrize("preset", list(TABLES))
def test_table_fits_phone_and_desktop(table_page: Page, preset: str, device: str) -> None:
    table_page.set_viewport_size(VIEWPORTS.get(device, SIDEWAYS))
    try:
        scenario = find(preset, lambda s: s.session.hand.declarer == PLAYER, bidder(seven_in_longest), by_auction=True)
        start, table = StartScreen(table_page), TableScreen(table_page)
        short = device == "sideways"  # the start screen scrolls on a short screen
        device = f"{preset}-{device}"
        start.show_rules(False)
        if not short:  # the earlier tests' games are listed to resume: the start screen scrolls down to Deal
            check_layout(table_page, f"{device}-1-start", scrolls=True)
        start.start(table=TABLES[preset], deal=scenario.code)
        table.app.expect_turn("you")
        check_layout(table_page, f"{device}-2-auction")
        table.take(scenario.plan[0])
        table.app.expect_turn("you")
        table.tap(table.cards.nth(3))
        check_layout(table_page, f"{device}-3-kitty")
        table.tap(table.cards.nth(3))
        for i, step in enumerate(scenario.plan[1:], 1):
            if i == 4:  # a card selected, in the middle of a trick
                table.app.expect_turn("you")
                table.tap(table.card(Card.parse(step[1]).name))
                check_layout(table_page, f"{device}-4-play")
                table.play_button.click()
                continue
            table.take(step)
        table.app.expect_turn("hand-over")
        check_layout(table_page, f"{device}-5-hand-over")
        table.open_dialog("Scores")
        table_page.screenshot(path=SHOTS / f"{device}-6-scores.png")
        table.close_dialog()
    finally:
        table_page.set_viewport_size(VIEWPORTS["phone"])


@pytest.mark.parametrize("device", list(VIEWPORTS))
def test_a_first_visit_sees_the_whole_start_screen(browser: Browser, site_url: str, device: str) -> None:
    """A new player's start screen, with no game to resume, fits the screen: Deal needs no scrolling."""
    context = browser.new_context(base_url=site_url, viewport=VIEWPORTS[device])
    try:
        page = context.new_page()
        app = App(page)
        app.open()
        app.expect_ready()
        StartScreen(page).show_rules(False)
        expect(page.get_by_role("button", name="Deal", exact=True)).to_be_in_viewport(ratio=1)
        check_layout(page, f"first-visit-{device}-start")
    finally:
        context.close()


@pytest.mark.parametrize("device", ["desktop", "sideways"])
def test_a_finished_game_fits_beside_the_last_trick(table_page: Page, tmp_path: Path, device: str) -> None:
    """A whole game (the bots', simulated here) imported at its end: the result, the score sheet
    and the buttons overlap neither the last trick, its caption nor the seats."""
    session = Session({**settings_for(level="easy"), "autoplay": True}, DealCode(7, 3))
    while not session.match.is_over:
        while (request := session.bot_request()) is not None:
            session.apply_bot(request, answer(request))
        if not session.match.is_over:
            session.next_hand()
    game = tmp_path / "game.json"
    game.write_text(json.dumps(session.record()))
    table_page.set_viewport_size(VIEWPORTS.get(device, SIDEWAYS))
    try:
        table = TableScreen(table_page)
        StartScreen(table_page).start(deal="1-0-1")
        table.open_dialog("Menu").get_by_role("button", name="History & stats").click()
        table.dialog.get_by_label("Import a game file").set_input_files(game)
        table.app.expect_turn("game-over")
        expect(table.trick.locator(".trick-card")).to_have_count(4)
        if device == "sideways":  # the panel beside the table scrolls: its buttons come into view
            table.panel.get_by_role("button", name="New game").scroll_into_view_if_needed()
            expect(table.panel.get_by_role("button", name="New game")).to_be_in_viewport(ratio=1)
            table_page.screenshot(path=SHOTS / f"{device}-game-over.png")
        else:  # the whole score sheet under the table: the page scrolls down to it
            check_layout(table_page, f"{device}-game-over", scrolls=True)
        parts = table_page.evaluate("""() => ['.trick-title', '.trick', '#panel .game-over']
            .map((s) => document.querySelector(s).getBoundingClientRect())
            .map((r) => ({left: r.left, top: r.top, right: r.right, bottom: r.bottom}))""")
        caption, trick, result = parts
        assert overlap(caption, result) == 0 and overlap(trick, result) == 0, parts
    finally:
        table_page.set_viewport_size(VIEWPORTS["phone"])
