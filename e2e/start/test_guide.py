"""The first-game guide (issue 15, item 10): offered with the page's settings on a first visit,
shown on the table step by step, used by keyboard, hidden for good by the player, reopened from
Rules, clean for axe-core."""
from __future__ import annotations

import re

from playwright.sync_api import Browser, expect

from e2e.pages import App, StartScreen, TableScreen
from e2e.site.test_axe import violations
from e2e.site.test_layout import VIEWPORTS, overlap
from e2e.table.test_look import DOCS

GUIDE = "First-game guide"


def test_the_guide_is_offered_shown_on_the_table_hidden_and_reopened(browser: Browser, site_url: str) -> None:
    context = browser.new_context(base_url=site_url, viewport=VIEWPORTS["phone"], bypass_csp=True)
    try:
        page = context.new_page()
        app, start, table = App(page), StartScreen(page), TableScreen(page)
        app.open()
        app.expect_ready()
        offer = start.root.get_by_role("checkbox", name=GUIDE)
        expect(offer).not_to_be_checked()  # optional: offered, not imposed
        offer.check()
        start.start(deal="1-3-abc")
        app.expect_turn("you")
        guide = table.arena.get_by_role("complementary", name=re.compile("^First game, 1 of 4: Bidding"))
        expect(guide).to_be_visible()
        expect(table.panel.get_by_role("button", name="Pass")).to_be_focused()  # the decision keeps the focus
        boxes = page.evaluate("""() => ['#arena', '.guide', '#panel', '#hand'].map((s) => {
            const r = document.querySelector(s).getBoundingClientRect();
            return {left: r.left, top: r.top, right: r.right, bottom: r.bottom}; })""")
        arena, box = boxes[0], boxes[1]
        assert arena["top"] <= box["top"] and box["bottom"] <= arena["bottom"] + 1, boxes  # on the felt
        assert all(overlap(box, other) == 0 for other in boxes[2:]), boxes  # the decision and the hand clear
        DOCS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=DOCS / "guide-phone.png")
        assert violations(page, "the first-game guide") == []
        steps = []
        for _ in range(3):  # by keyboard: Enter on Next, the focus stays on it
            nxt = table.arena.locator(".guide").get_by_role("button", name="Next")
            nxt.focus()
            page.keyboard.press("Enter")
            app.expect_turn("you")  # the worker has answered: the next step is drawn
            onward = table.arena.locator(".guide").get_by_role("button", name=re.compile("^(Next|Done)$"))
            expect(onward).to_be_focused()
            steps.append(table.arena.locator(".guide h2").inner_text())
        assert steps == ["First game, 2 of 4: The kitty", "First game, 3 of 4: The bowers",
                         "First game, 4 of 4: The joker"]
        expect(table.arena.get_by_role("button", name="Done")).to_be_focused()
        table.arena.get_by_role("button", name="Back").click()
        expect(table.arena.locator(".guide")).to_contain_text("J♥ counts as a diamond when diamonds are trumps")
        table.arena.get_by_role("button", name="Hide the guide").press("Enter")
        expect(table.arena.locator(".guide")).to_have_count(0)
        page.reload()  # remembered
        app.expect_ready()
        app.expect_turn("you")
        expect(table.arena.locator(".guide")).to_have_count(0)
        table.tool("Menu").click()
        expect(table.dialog.get_by_role("checkbox", name=GUIDE)).not_to_be_checked()
        table.close_dialog()
        table.open_dialog("Rules").get_by_role("button", name="Show the first-game guide").click()
        expect(table.dialog).to_be_hidden()
        expect(table.arena.locator(".guide h2")).to_have_text("First game, 1 of 4: Bidding")
    finally:
        context.close()
