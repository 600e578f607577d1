"""Blind misère at the table: turned on at the start screen, the player's cards dealt face
down with two choices (look, or call blind misère), both by keyboard, and the contract
played to a score on the sheet."""
from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from engine import DealCode
from e2e.pages import StartScreen, TableScreen
from e2e.site.test_axe import AXE, SERIOUS
from e2e.scenarios import Scenario, bidder, declared, settings_for, simulate

BLIND = "standard,blind_misere=on"


def blind_scenario() -> Scenario:
    """South speaks first (East deals) and calls blind misère."""
    settings = settings_for("standard")
    settings["rules"] = BLIND
    scenario = simulate(settings, DealCode(1, 3), bidder(lambda s: "bid BLIND-MIS"))
    assert declared(scenario, "BLIND-MIS")
    return scenario


def start_blind(page: Page, code: str) -> None:
    """The start screen: Standard, normal bots, the usual rules plus blind misère."""
    StartScreen(page).start_with_rule(code, "Blind misere", "blind misère on",
                                      "A misere bid as a player's first call, before looking at the cards: worth 1000")


def test_looking_turns_the_cards_up_and_ends_the_blind_call(table_page: Page) -> None:
    table = TableScreen(table_page)
    start_blind(table_page, blind_scenario().code)
    table.app.expect_turn("you")
    expect(table.hand.get_by_role("img", name="Your hand, 10 cards face down: you have not looked")).to_be_visible()
    expect(table.cards.filter(has_text=re.compile("^$"))).to_have_count(0)
    expect(table.bid_button("bid BLIND-MIS")).to_be_visible()
    expect(table.bid_button("pass")).to_have_count(0)
    if not table_page.evaluate("typeof window.axe !== 'undefined'"):
        table_page.evaluate(AXE.read_text())  # evaluated by the browser's debugger: no CSP
    assert table_page.evaluate(SERIOUS) == []  # the face-down hand: no serious axe violation
    look = table.hand.get_by_role("button", name="Look at my cards")
    look.focus()
    look.press("Enter")
    expect(table.hand.get_by_role("group", name="Your hand, 10 cards")).to_be_visible()
    expect(look).to_have_count(0)
    expect(table.bid_button("pass")).to_be_visible()
    expect(table.panel.get_by_role("button", name=re.compile("^Blind misère"))).to_have_count(0)
    expect(table.open_dialog("Rules")).to_contain_text("Blind misère (1000 points, the value in every scoring table")
    table.close_dialog()


def test_a_blind_misere_called_by_keyboard_is_played_to_a_score(table_page: Page) -> None:
    found = blind_scenario()
    table = TableScreen(table_page)
    start_blind(table_page, found.code)
    table.app.expect_turn("you")
    blind = table.bid_button("bid BLIND-MIS")
    expect(blind).to_have_accessible_name(re.compile("^Blind misère 1000 before looking, above every bid"))
    blind.focus()
    blind.press("Enter")
    for step in found.plan[1:]:
        table.take(step)
    result = found.session.hand.result
    assert result is not None
    expect(table.panel).to_contain_text(f"Blind misere: the bidders took {result.bidders_tricks} trick")
    table.app.expect_turn(re.compile("^(hand-over|game-over)$"))
    assert table.totals() == [1000 if result.made else -1000, 0]
