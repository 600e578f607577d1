"""The kitty on the table: face down in the middle during the auction, named
for screen readers, and seen to go to the declarer when the auction ends (web/motion.js records
the flight it scheduled); nothing travels under reduced motion."""
from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, expect

from app.table.session import PLAYER
from e2e.pages import App, StartScreen, TableScreen
from e2e.scenarios import bidder, find, seven_in_longest
from e2e.site.test_layout import SHOTS


def test_the_kitty_lies_in_the_middle_then_goes_to_the_declarer(table_page: Page) -> None:
    page, table = table_page, TableScreen(table_page)
    scenario = find("standard", lambda s: s.session.hand.declarer == PLAYER, bidder(seven_in_longest),
                    auction=lambda s: s.session.hand.declarer == PLAYER)
    page.emulate_media(reduced_motion="no-preference")
    StartScreen(page).start(deal=scenario.code, pace="0.3 s")
    App(page).expect_turn("you")
    kitty = page.locator("#arena .center").get_by_role("img", name="The kitty: 3 cards face down")
    expect(kitty).to_be_visible()
    page.screenshot(path=SHOTS / "phone-kitty-auction.png")
    page.evaluate("() => { window.fiveHundredMotion = []; }")
    for step in scenario.plan[:next(i for i, (kind, _) in enumerate(scenario.plan) if kind == "discard")]:
        table.take(step)  # the auction
    App(page).expect_turn("you")  # the kitty is the player's to put back
    expect(kitty).to_have_count(0)
    events: list[dict[str, Any]] = page.evaluate("() => { const e = window.fiveHundredMotion;"
                                                 " delete window.fiveHundredMotion; return e; }")
    assert [e["card"] for e in events if e["kind"] == "kitty"] == ["south"], events
    expect(page.get_by_role("button", name="from the kitty")).to_have_count(3)  # in the hand, named so
