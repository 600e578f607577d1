"""axe-core (pinned in package.json, served to the test page only, never shipped in the site) on
every screen and dialog at phone, phone held sideways and desktop sizes: no serious or critical violation."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from app.table.session import PLAYER
from e2e.pages import App, StartScreen, TableScreen
from e2e.scenarios import bidder, find, seven_in_longest
from e2e.site.test_layout import SIDEWAYS, VIEWPORTS

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
SERIOUS = """async () => {
  const results = await axe.run(document, {resultTypes: ["violations"]});
  return results.violations.filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({id: v.id, impact: v.impact, help: v.help,
                  nodes: v.nodes.slice(0, 4).map((n) => n.target.join(" ") + ": " + n.failureSummary)}));
}"""


def violations(page: Page, where: str) -> list[str]:
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    found: list[dict[str, Any]] = page.evaluate(SERIOUS)
    return [f"{where}: {v['id']} ({v['impact']}): {v['help']}: {v['nodes']}" for v in found]


@pytest.mark.probe("accessibility")
@pytest.mark.parametrize("device", ["phone", "desktop", "sideways"])
def test_no_serious_accessibility_violation(browser: Browser, site_url: str, device: str) -> None:
    scenario = find("standard", lambda s: s.session.hand.declarer == PLAYER, bidder(seven_in_longest), by_auction=True)
    # the site's CSP allows no inline script: the test page lets axe in (the site never ships it)
    context = browser.new_context(base_url=site_url, viewport=VIEWPORTS.get(device, SIDEWAYS), bypass_csp=True)
    try:
        page = context.new_page()
        app, start, table = App(page), StartScreen(page), TableScreen(page)
        app.open()
        app.expect_ready()
        found = violations(page, "start screen")
        start.show_rules()
        found += violations(page, "start screen, rules open")
        start.start(deal=scenario.code)
        screens = {"bid": "auction", "discard": "kitty", "play": "play"}
        for step in scenario.plan[:3]:
            app.expect_turn("you")
            found += violations(page, screens[step[0]])
            table.take(step)
        app.expect_turn("you")
        expect(table.root.get_by_role("heading", level=1)).to_have_count(1)  # the table screen has its h1
        for tool, title in (("Scores", "Scores"), ("Rules", "How this table plays"), ("Menu", "Menu")):
            dialog = table.open_dialog(tool)
            expect(dialog.get_by_role("heading", name=title)).to_be_visible()
            found += violations(page, f"{tool} dialog")
            table.close_dialog()
        for button, heading in (("History & stats", "History & stats"), ("Share this deal", None)):
            dialog = table.open_dialog("Menu")
            dialog.get_by_role("button", name=button).click()
            if heading:
                expect(dialog.get_by_role("heading", name=heading)).to_be_visible()
            else:
                expect(dialog.get_by_role("heading", name="Menu")).to_be_hidden()
            found += violations(page, f"{button} dialog")
            page.keyboard.press("Escape")
            expect(table.dialog).to_be_hidden()
        table.new_game()  # the game waits under Resume
        found += violations(page, "start screen, a game to resume")
        start.root.get_by_role("button", name="Delete", exact=False).first.click()
        expect(table.dialog.get_by_role("button", name="Keep it")).to_be_visible()
        found += violations(page, "Delete question")
        table.dialog.get_by_role("button", name="Keep it").click()
        expect(table.dialog).to_be_hidden()
    finally:
        context.close()
    assert found == [], "\n".join(found)
