"""The breach rule turned on at the start screen: the player, defending, calls breach before
the first lead; the hand is scored with the breach, and the loser may only pass next hand."""
from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from app.table.session import Session
from engine.hand import Phase
from e2e.pages import StartScreen, TableScreen
from e2e.scenarios import Scenario, Step, find, first_legal

BREACH = "standard,breach=on"


def breacher(session: Session) -> Step:
    """Pass in the auction, call breach when asked, play the first legal card."""
    phase = session.hand.phase
    if phase == Phase.AUCTION:
        return ("bid", "pass")
    if phase == Phase.BREACH:
        return ("bid", "breach")
    return first_legal(session)


def breach_scenario() -> Scenario:
    """A deal where a bot's contract is breached by South and the breach fails (South barred)."""
    def failed(scenario: Scenario) -> bool:
        result = scenario.session.hand.result
        return ("bid", "breach") in scenario.plan and result is not None and result.barred == 0
    return find(BREACH, failed, breacher)


def test_the_player_calls_breach_and_loses_it(table_page: Page) -> None:
    found = breach_scenario()
    StartScreen(table_page).start_with_rule(found.code, "Breach", "breach on")
    table = TableScreen(table_page)
    hand = found.session.hand
    assert hand.contract is not None
    for step in found.plan:
        if step == ("bid", "breach"):
            table.app.expect_turn("you")
            expect(table.panel).to_contain_text(f"Breach {hand.contract.name}? If the defenders take")
            expect(table.bid_button("pass")).to_be_visible()
            table.panel.get_by_role("button", name=re.compile("^Breach [0-9]")).click()
        else:
            table.take(step)
    result = hand.result
    assert result is not None
    expect(table.panel).to_contain_text("not breached: the breaching side loses")
    assert table.totals() == list(found.session.match.totals)
    table.next_hand.click()
    table.app.expect_turn("you")
    expect(table.panel).to_contain_text("You lost a breach last hand (the breach rule): you may only pass.")
    expect(table.open_dialog("Rules")).to_contain_text("Breach: after a contract of seven or more")
    table.close_dialog()
