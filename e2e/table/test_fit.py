"""Nothing clipped or covered: on a phone held sideways the trick is
at least two thirds the size of a card in hand and "Review this hand" is whole on the screen at
the end of a hand; an opened share link's banner covers neither West nor the bid prompt; the game
over's score sheet is read whole, the page scrolling to it, not in a box of a few rows; six
seats' fans of backs stay on a phone's screen. Screenshots go to screenshots/."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from app.table.answers import answer
from app.table.session import PLAYER, Session
from engine.deal import DealCode
from e2e.pages import App, StartScreen, TableScreen
from e2e.scenarios import bidder, find, settings_for, seven_in_longest
from e2e.variants.test_five_six import TITLES, player_declares
from e2e.site.test_layout import SHOTS, SIDEWAYS, VIEWPORTS, overlap
from e2e.store.test_shared_links import open_link, scenario as shared_scenario, shown_link

SIZES = {**VIEWPORTS, "sideways": SIDEWAYS}
BOX = """(selector) => [...document.querySelectorAll(selector)].filter((e) => e.checkVisibility()).map((e) => {
  const r = e.getBoundingClientRect();
  return {left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width, height: r.height}; })"""


def boxes(page: Page, selector: str) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = page.evaluate(BOX, selector)
    return found


def on_screen(page: Page, box: dict[str, Any]) -> bool:
    size = page.viewport_size
    assert size is not None
    return bool(box["left"] >= -1 and box["top"] >= -1 and box["right"] <= size["width"] + 1
                and box["bottom"] <= size["height"] + 1)


def test_sideways_the_trick_is_large_and_the_review_in_view(table_page: Page) -> None:
    page = table_page
    scenario = find("standard", lambda s: s.session.hand.declarer == PLAYER, bidder(seven_in_longest), by_auction=True)
    page.set_viewport_size(SIDEWAYS)
    try:
        start, table = StartScreen(page), TableScreen(page)
        start.start(deal=scenario.code)
        for i, step in enumerate(scenario.plan):
            if i == 5:  # a few tricks in: cards on the table and in hand
                table.app.expect_turn("you")
                expect(page.locator("#arena .trick-card")).not_to_have_count(0)
                page.screenshot(path=SHOTS / "sideways-trick.png")
                trick, hand = boxes(page, "#arena .trick-card"), boxes(page, "#hand .card")
                assert min(t["width"] for t in trick) >= 2 / 3 * max(h["width"] for h in hand), (trick, hand)
                assert all(on_screen(page, b) for b in trick + hand)
            table.take(step)
        table.app.expect_turn("hand-over")
        page.screenshot(path=SHOTS / "sideways-hand-over.png")
        review = table.panel.get_by_role("button", name="Review this hand")
        expect(review).to_be_in_viewport(ratio=1)
        box, panel = review.bounding_box(), boxes(page, "#panel")[0]
        assert box is not None and box["y"] + box["height"] <= min(panel["bottom"], SIDEWAYS["height"]) + 1, (box, panel)
    finally:
        page.set_viewport_size(VIEWPORTS["phone"])


@pytest.mark.parametrize("device", list(SIZES))
def test_a_shared_links_banner_covers_neither_west_nor_the_bid(browser: Browser, site_url: str, device: str) -> None:
    found = shared_scenario()
    context = browser.new_context(base_url=site_url, viewport=SIZES[device])
    try:
        page = context.new_page()
        app = App(page)
        app.open()
        app.expect_ready()
        StartScreen(page).start(deal=found.code)
        app.expect_turn("you")
        TableScreen(page).open_dialog("Menu")
        other, _ = open_link(context, shown_link(page, "Share this deal"))
        App(other).expect_turn("you")
        other.screenshot(path=SHOTS / f"{device}-shared-link.png")
        notice, west, prompt = (boxes(other, s)[0] for s in ("#app .app-notice", "#arena .seat-west", "#panel .status"))
        assert overlap(notice, west) == 0 and overlap(west, prompt) == 0 and overlap(notice, prompt) == 0, \
            (notice, west, prompt)
        assert all(on_screen(other, b) for b in (notice, west, prompt))
    finally:
        context.close()


@pytest.fixture(scope="module")
def finished_game(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A whole game of the bots' (simulated here), to import at its end."""
    session = Session({**settings_for(level="easy"), "autoplay": True}, DealCode(7, 3))
    while not session.match.is_over:
        while (request := session.bot_request()) is not None:
            session.apply_bot(request, answer(request))
        if not session.match.is_over:
            session.next_hand()
    game = tmp_path_factory.mktemp("game") / "game.json"
    game.write_text(json.dumps(session.record()))
    return game


@pytest.mark.parametrize("device", list(SIZES))
def test_the_game_overs_score_sheet_is_read_whole(table_page: Page, finished_game: Path, device: str) -> None:
    page = table_page
    page.set_viewport_size(SIZES[device])
    try:
        table = TableScreen(page)
        StartScreen(page).start(deal="1-0-1")
        table.open_dialog("Menu").get_by_role("button", name="History & stats").click()
        table.dialog.get_by_label("Import a game file").set_input_files(finished_game)
        table.app.expect_turn("game-over")
        wrap = table.panel.locator(".sheet-wrap")
        rows = wrap.locator("tbody tr")
        expect(rows).not_to_have_count(0)
        assert wrap.evaluate("(w) => w.scrollHeight <= w.clientHeight + 1")  # no box of its own to scroll
        rows.last.scroll_into_view_if_needed()
        expect(rows.last).to_be_in_viewport(ratio=1)  # the page (or the panel beside the table) scrolls to it
        page.screenshot(path=SHOTS / f"{device}-game-over-sheet.png", full_page=True)
        page.evaluate("() => scrollTo(0, 0)")
    finally:
        page.set_viewport_size(VIEWPORTS["phone"])


def test_six_seats_fans_stay_on_a_phones_screen(table_page: Page) -> None:
    page, start, table = table_page, StartScreen(table_page), TableScreen(table_page)
    scenario = player_declares("six-handed")
    start.start(table=TITLES["six-handed"], deal=scenario.code)
    seen = 0
    for step in scenario.plan[:4]:  # while the player bids, the fans give the auction's grid their room
        table.app.expect_turn("you")
        fans = boxes(page, "#arena .mini")
        assert all(on_screen(page, b) for b in fans), [b for b in fans if not on_screen(page, b)]
        seen += len(fans)
        if step[0] == "play":
            page.screenshot(path=SHOTS / "phone-six-handed-fans.png")
        table.take(step)
    assert seen
