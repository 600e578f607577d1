"""The American table played through the page: one round of bidding, inkles, a kitty of five."""
from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from app.table.session import PLAYER
from e2e.pages import HAND_OVER, StartScreen, TableScreen
from e2e.scenarios import bidder, find, seven_in_longest
from e2e.table.test_hand import expect_scores_match_engine

AMERICAN = "American"


def test_a_whole_american_hand_one_call_each_and_a_kitty_of_five(table_page: Page) -> None:
    scenario = find("american", lambda s: s.session.hand.declarer == PLAYER, bidder(seven_in_longest), by_auction=True)
    start, table = StartScreen(table_page), TableScreen(table_page)
    start.start(table=AMERICAN, deal=scenario.code)

    table.app.expect_turn("you")
    expect(table.panel).to_contain_text("one round only")
    expect(table.bid_button("bid 6S")).to_have_accessible_name("6♠ 40 points: six spades, an inkle")
    assert [kind for kind, _ in scenario.plan].count("bid") == 1  # nobody speaks twice
    for step in scenario.plan:
        if step[0] == "discard":
            table.app.expect_turn("you")
            expect(table.cards).to_have_count(15)
            expect(table.hand.get_by_role("button", name=re.compile("from the kitty"))).to_have_count(5)
            expect(table.arena.locator(".call-cell")).to_have_count(4)
            expect(table.panel).to_contain_text("Choose 5 cards to put back")
        table.take(step)
    table.app.expect_turn(HAND_OVER)
    expect(table.cards).to_have_count(0)
    expect_scores_match_engine(table, scenario)


def test_fifteen_cards_fit_a_phone_while_choosing_the_kitty(table_page: Page) -> None:
    scenario = find("american", lambda s: s.session.hand.declarer == PLAYER, bidder(seven_in_longest), by_auction=True)
    start, table = StartScreen(table_page), TableScreen(table_page)
    start.start(table=AMERICAN, deal=scenario.code)
    table.take(scenario.plan[0])
    table.app.expect_turn("you")
    expect(table.cards).to_have_count(15)
    width = table_page.viewport_size["width"] if table_page.viewport_size else 390
    for card in table.cards.all():
        box = card.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width
        table.tap(card)  # each card's corner can be reached: tapping it picks it, again puts it back
        expect(card).to_have_attribute("aria-pressed", "true")
        table.tap(card)
        expect(card).to_have_attribute("aria-pressed", "false")
