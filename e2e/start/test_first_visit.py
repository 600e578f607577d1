"""A first visit and who is who: a new player's first table offers
the first-game guide (the answer remembered), which starts at the bidding; the player's partner is
marked at their seat in words, the bots named as people; the kitty lies face down in the middle.
axe-core finds nothing serious on the offer and the table, at the three sizes."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, expect

from e2e.pages import App, StartScreen, TableScreen
from e2e.site.test_axe import violations
from e2e.site.test_layout import SHOTS, SIDEWAYS, VIEWPORTS

SIZES = {**VIEWPORTS, "sideways": SIDEWAYS}


@pytest.mark.parametrize("device", list(SIZES))
def test_a_first_visit_is_offered_the_guide_and_sees_who_is_who(browser: Browser, site_url: str,
                                                                 device: str) -> None:
    context = browser.new_context(base_url=site_url, viewport=SIZES[device], bypass_csp=True)
    try:
        page = context.new_page()
        app, start, table = App(page), StartScreen(page), TableScreen(page)
        app.open()
        app.expect_ready()
        start.start(deal="1-3-abc")
        app.expect_turn("you")
        offer = table.arena.get_by_role("complementary", name="New to Five Hundred?")
        expect(offer).to_be_visible()
        expect(table.panel.get_by_role("button", name="Pass")).to_be_focused()  # the decision keeps the focus
        page.screenshot(path=SHOTS / f"first-visit-offer-{device}.png")
        found = violations(page, "the guide's offer")
        offer.get_by_role("button", name="Show me the guide").click()
        expect(offer).to_have_count(0)
        expect(table.arena.locator(".guide h2")).to_have_text(re.compile("^First game, 1 of 4: Bidding"))
        north = table.seat("North")
        expect(north.locator(".partner-tag")).to_have_text("Partner")
        expect(table.arena.get_by_role("region", name=re.compile("^North, your partner: Jim"))).to_be_visible()
        expect(table.seat("West").locator(".seat-who")).to_have_text(re.compile("^Sam · "))
        expect(table.seat("East").locator(".seat-who")).to_have_text(re.compile("^Tina · "))
        expect(table.arena.get_by_role("img", name="The kitty: 3 cards face down")).to_be_visible()
        page.screenshot(path=SHOTS / f"first-visit-table-{device}.png")
        found += violations(page, "the table, the guide, the kitty and the partner")
        assert found == []
        table.arena.get_by_role("button", name="Hide the guide").click()
        expect(table.arena.locator(".guide")).to_have_count(0)  # the worker has it, and keeps it
        page.reload()  # remembered: neither the offer nor the guide comes back
        app.expect_ready()
        app.expect_turn("you")
        table.new_game()
        start.start(deal="1-3-abc")
        app.expect_turn("you")
        expect(table.arena.locator(".guide")).to_have_count(0)
    finally:
        context.close()
