"""Stats that count (issue 15, item 9): the hands of a game not finished are in History & stats."""
from __future__ import annotations

import re

from playwright.sync_api import Browser, expect

from e2e.pages import App, StartScreen, TableScreen
from e2e.site.test_axe import violations
from e2e.site.test_layout import VIEWPORTS

HANDS = 2


def test_two_hands_of_a_game_not_finished_are_in_the_stats(browser: Browser, site_url: str) -> None:
    context = browser.new_context(base_url=site_url, viewport=VIEWPORTS["desktop"], bypass_csp=True)
    try:
        page = context.new_page()
        app, table = App(page), TableScreen(page)
        app.open()
        app.expect_ready()
        StartScreen(page).start(deal="1-3-abc", autoplay=True)
        dialog = table.open_dialog("Scores")
        page.wait_for_function(f"document.querySelectorAll('#dialog table.sheet tbody tr').length >= {HANDS}",
                               timeout=240_000)
        table.close_dialog()
        table.tool("Menu").click()  # auto-play off: the game stops, not finished
        dialog.get_by_role("checkbox", name="Auto-play my hand").set_checked(False)
        table.close_dialog()
        app.expect_turn(re.compile("^(you|hand-over)$"), timeout=120_000)
        table.open_dialog("Scores")
        rows = dialog.locator("table.sheet tbody tr")
        hands = rows.count()
        assert hands >= HANDS
        mine = sum(int(t.replace("−", "-")) for t in rows.evaluate_all(
            "rows => rows.map(r => r.querySelector('td.num .sub').textContent.replace('+', ''))"))
        table.close_dialog()
        table.open_dialog("Menu").get_by_role("button", name="History & stats").click()
        lines = dialog.locator("ul.stats li")
        expect(lines.first).to_have_text("Games won: 0 of 0")  # no game finished
        expect(lines.last).to_have_text(f"Average points per hand: {mine / hands:.1f} over {hands} hands")
        expect(dialog.get_by_role("table", name="Your contracts: made of bid")).to_be_visible()
        partners = dialog.get_by_role("table", name="With each level of partner")
        partner = partners.get_by_role("row", name=re.compile("^Normal"))
        assert partner.locator("td").all_inner_texts()[:2] == ["0 of 0", str(hands)]
        assert violations(page, "History & stats with a game in progress") == []
    finally:
        context.close()
