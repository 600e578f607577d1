"""Claim: offered at the player's turns exactly where bots/claim.py proves it from the
player's own view (computed here on the same deal), and a claim plays the rest out, a reload
after it too."""
from __future__ import annotations

import json
import re

from playwright.sync_api import Page, expect

from app.store.saves import scope
from app.table.session import PLAYER
from bots.claim import claim_order
from engine.hand import Hand, Phase
from engine.observation import observe
from engine.record import replay
from e2e.conftest import BASE_PATH
from e2e.pages import HAND_OVER, StartScreen, TableScreen
from e2e.scenarios import Scenario, bidder, find, seven_in_longest


def claims(scenario: Scenario) -> list[int]:
    """At each of the player's card plays in the simulated hand, the tricks a claim would take (0: none)."""
    done = scenario.session.hand
    hand = Hand(done.rules, done.deal, done.dealer)
    out = []
    for seat, action in done.history:
        if hand.phase == Phase.PLAY and seat == PLAYER:
            cards = claim_order(observe(hand, PLAYER))
            out.append(len(cards) if cards and len(cards) > 1 else 0)
        hand.push(action)
    return out


def claim_deal() -> Scenario:
    """A hand where a claim is offered to the player, not at their first card. The search starts
    at the first deal that met it (1-3-t): each deal before it is played out to know (seconds)."""
    return find("standard", lambda s: any(claims(s)) and not claims(s)[0], bidder(seven_in_longest),
                seeds=range(29, 5000))


def test_claim_is_offered_only_where_it_is_proven_and_plays_the_rest_out(table_page: Page) -> None:
    scenario = claim_deal()
    offers = claims(scenario)
    first = next(i for i, n in enumerate(offers) if n)
    start, table = StartScreen(table_page), TableScreen(table_page)
    start.start(deal=scenario.code)
    claim = table.panel.get_by_role("button", name=re.compile("^Claim the remaining"))
    plays = iter(range(len(offers)))
    for step in scenario.plan:
        table.app.expect_turn("you")
        if step[0] == "play":
            index = next(plays)
            if index == first:
                break
            expect(claim).to_have_count(0)
        else:
            expect(claim).to_have_count(0)
        table.take(step)
    expect(claim).to_have_text(f"Claim the remaining {offers[first]} tricks")
    claim.click()
    table.app.expect_turn(HAND_OVER)
    match = replay(table.export())
    hand = match.hands[0]
    assert all(t.winner == PLAYER for t in hand.tricks[-offers[first]:])
    assert len([a for s, a in hand.history if s == PLAYER and a.played_card is not None]) == 10


def test_a_claim_survives_a_reload(table_page: Page) -> None:
    """Claim, reload at once: the hand plays out as claimed, and the save says the hand was claimed."""
    scenario = claim_deal()
    offers = claims(scenario)
    first = next(i for i, n in enumerate(offers) if n)
    start, table = StartScreen(table_page), TableScreen(table_page)
    start.start(deal=scenario.code)
    claim = table.panel.get_by_role("button", name=re.compile("^Claim the remaining"))
    plays = iter(range(len(offers)))
    for step in scenario.plan:
        table.app.expect_turn("you")
        if step[0] == "play" and next(plays) == first:
            break
        table.take(step)
    table.set_pace("1.2 s")  # the reload comes while the claim plays out
    claim.click()
    table.app.expect_turn("bot")  # the claim plays the player's cards now
    table_page.reload(wait_until="domcontentloaded")
    table.app.expect_ready()
    table.set_pace()  # the rest of the claim at once
    table.app.expect_turn(HAND_OVER)
    hand = replay(table.export()).hands[0]
    assert all(t.winner == PLAYER for t in hand.tricks[-offers[first]:])
    saved = json.loads(table_page.evaluate(
        "(p) => localStorage.getItem(p + 'game/' + sessionStorage.getItem(p + 'tab-game'))", scope(BASE_PATH)))
    assert saved["claims"] == [0]
