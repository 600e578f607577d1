"""Double nullo at the table: turned on at the start screen, called by the player, the
discards passed to partner, both partners playing to a score on the sheet."""
from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from e2e.pages import StartScreen, TableScreen
from e2e.scenarios import Scenario, bidder, declared, find

NULLO = "standard,double_nullo=on"


def nullo_scenario() -> Scenario:
    """South speaks first (East deals), calls double nullo and keeps it."""
    return find(NULLO, lambda s: declared(s, "DOUBLE-NULLO"), bidder(lambda s: "bid DOUBLE-NULLO"),
                seeds=range(1, 200))


def test_double_nullo_is_called_passed_to_partner_and_scored(table_page: Page) -> None:
    found = nullo_scenario()
    start, table = StartScreen(table_page), TableScreen(table_page)
    start.start_with_rule(found.code, "Double nullo", "double nullo on",
                          "Both partners play to take no trick, worth 450")
    table.app.expect_turn("you")
    nullo = table.bid_button("bid DOUBLE-NULLO")
    expect(nullo).to_have_accessible_name(re.compile("^Double nullo 450 both partners play"))
    table.take(found.plan[0])
    table.app.expect_turn("you")
    expect(table.panel).to_contain_text("Choose 3 cards to give your partner")
    for step in found.plan[1:]:
        table.take(step)
    result = found.session.hand.result
    assert result is not None and result.bidders == (0, 2)
    expect(table.panel).to_contain_text(f"Double nullo: the bidders took {result.bidders_tricks} trick")
    table.app.expect_turn(re.compile("^(hand-over|game-over)$"))
    assert table.totals() == [450 if result.made else -450, 0]
    expect(table.open_dialog("Rules")).to_contain_text("Double nullo (450 points")
    table.close_dialog()
