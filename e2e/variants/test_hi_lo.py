"""Hi-lo turned on at the start screen and bid by the player, played to a score on the sheet."""
from __future__ import annotations

from playwright.sync_api import Page, expect

from e2e.pages import StartScreen, TableScreen
from e2e.scenarios import Scenario, bidder, declared, find

HI_LO = "standard,hi_lo=on"


def hi_lo_scenario() -> Scenario:
    """A deal where South opens hi-lo and keeps it (the bots do not outbid it)."""
    return find(HI_LO, lambda s: declared(s, "HI-LO"), bidder(lambda s: "bid HI-LO"), by_auction=True)


def test_hi_lo_is_offered_bid_played_and_scored(table_page: Page) -> None:
    found = hi_lo_scenario()
    start = StartScreen(table_page)
    expect(start.deal_button).to_be_visible()
    start.show_rules()
    expect(start.rules).to_contain_text("A bid to win exactly five tricks and lose five, worth 350")
    start.start_with_rule(found.code, "Hi-lo", "hi-lo on")
    table = TableScreen(table_page)
    table.app.expect_turn("you")
    expect(table.bid_button("bid HI-LO")).to_contain_text("exactly five tricks, between 9♣ and 9♦")
    expect(table.open_dialog("Rules")).to_contain_text("Hi-lo (350 points, in every scoring table")
    table.close_dialog()
    for step in found.plan:
        table.take(step)
    result = found.session.hand.result
    assert result is not None
    expect(table.panel).to_contain_text(result.describe(found.session.rules))
    expect(table.panel).to_contain_text("Hi-lo: the bidders took")
    assert table.totals() == list(found.session.match.totals)
