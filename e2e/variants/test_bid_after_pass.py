"""Bidding after a pass turned on at the start screen: the player passes, is skipped while the
bots keep the denomination, and bids again once a bot changes it (a screenshot in screenshots/)."""
from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Page, expect

from app.table.session import PLAYER, Session
from engine.observation import observe
from e2e.pages import StartScreen, TableScreen
from e2e.scenarios import Scenario, Step, auction_over, find

BID_AFTER_PASS = "standard,bid_after_pass=on"
SHOTS = Path(__file__).resolve().parents[2] / "screenshots"  # not test-results/: pytest-playwright empties it
BACK = "You passed, but the denomination has changed since: you may bid again."


def comes_back(session: Session) -> Step:
    """Pass; once back in the bidding, make the lowest trick bid."""
    obs = observe(session.hand, PLAYER)
    if obs.back_after_pass:
        return ("bid", str(next(a for a in obs.legal_actions if a.bid is not None and a.bid.is_trick_bid)))
    return ("bid", "pass")


def skipped_then_back(scenario: Scenario) -> bool:
    """South (seat 0, first to speak) passes, is skipped at least once (East's call followed by
    West's), then bids again."""
    calls = [s for s, _ in scenario.session.hand.history]
    if [kind for kind, _ in scenario.plan] != ["bid", "bid"] or scenario.plan[1] == ("bid", "pass"):
        return False
    back = calls.index(PLAYER, 1)
    return any(calls[i:i + 2] == [3, 1] for i in range(back))


def scenario() -> Scenario:
    # from the first deal that met it (1-3-15a): a search from 1 takes seconds, played by the page's
    # bots; any later deal does as well
    return find(BID_AFTER_PASS, skipped_then_back, comes_back, seeds=range(1486, 5000), until=auction_over,
                by_auction=True)


def test_the_player_passes_is_skipped_then_bids_again_after_a_change(table_page: Page) -> None:
    found = scenario()
    history = found.session.hand.history
    back = [s for s, _ in history].index(PLAYER, 1)
    start = StartScreen(table_page)
    start.start_with_rule(found.code, "Bid after a pass", "bid after a pass on",
                          "A player who passed may bid again once someone changes the denomination")
    table = TableScreen(table_page)
    table.app.expect_turn("you")
    expect(table.panel).not_to_contain_text(BACK)
    table.set_pace("0.3 s")  # slow enough to see the bids barred while the player is out
    table.take(found.plan[0])
    expect(table.panel).to_contain_text("is bidding…")
    expect(table.panel.locator(".bidding")).to_have_count(0)
    table.app.expect_turn("you")
    expect(table.panel).to_contain_text(BACK)
    labels = table.root.locator(".auction .call-cell").evaluate_all("els => els.map((e) => e.getAttribute('aria-label'))")
    whos = [label.split(", ")[1].split(":")[0] for label in labels]  # '7♣, East: seven clubs'; the grid reads in order
    assert len(whos) == back
    assert any(whos[i:i + 2] == ["East", "West"] for i in range(len(whos) - 1))  # South skipped
    first = next(a.bid for _, a in history[back:] if a.bid is not None)
    high = next(a.bid for _, a in reversed(history[:back]) if a.bid is not None)
    assert first is not None and high is not None
    expect(table.bid_button(f"bid {high}")).to_have_count(0)  # only bids above the high one
    SHOTS.mkdir(exist_ok=True)
    table_page.screenshot(path=SHOTS / "bid-after-pass.png")
    table.set_pace()
    table.take(found.plan[1])
    expect(table.root.locator(".auction .call-cell").nth(back)).to_have_attribute(
        "aria-label", re.compile(f"^[^,]+, South: {first.name}"))
    expect(table.open_dialog("Rules")).to_contain_text("Bidding after a pass: once you pass you are out")
    table.close_dialog()
