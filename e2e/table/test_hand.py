"""Whole hands played through the page as a person plays them, checked against the engine."""
from __future__ import annotations

import itertools
import re

from playwright.sync_api import Page, expect

from app.table.session import PLAYER
from engine.actions import PASS_ID
from engine.cards import Card
from engine.hand import Phase
from engine.record import replay
from e2e.pages import HAND_OVER, StartScreen, TableScreen
from e2e.scenarios import (Scenario, bidder, declared, find, first_refusal, holds_joker, no_trumps_with_joker, passer,
                           seven_in_longest)


def expect_scores_match_engine(table: TableScreen, scenario: Scenario) -> None:
    """The totals shown are the engine's, replaying the exported record, and the simulation's."""
    record = table.export()
    match = replay(record)
    assert match.totals == scenario.session.match.totals
    assert tuple(table.totals()) == match.totals
    result = match.hand.result
    assert result is not None
    expect(table.panel).to_contain_text(result.describe(match.rules) if not result.thrown_in else "thrown in")


def test_a_whole_hand_bid_kitty_and_ten_tricks(table_page: Page) -> None:
    scenario = find("standard", lambda s: s.session.hand.declarer == PLAYER, bidder(seven_in_longest), by_auction=True)
    start, table = StartScreen(table_page), TableScreen(table_page)
    start.start(deal=scenario.code)

    table.app.expect_turn("you")
    expect(table.seat("West")).to_contain_text("Sam · Normal bot")  # a name, and the level
    expect(table.seat("East").locator(".chip")).to_have_text("D")  # dealer East: South bids first
    expect(table.bid_button("bid 6S")).to_have_accessible_name("6♠ 40 points: six spades")
    expect(table.bid_button("bid 10NT")).to_have_accessible_name("10NT 520 points: ten no trumps")
    expect(table.panel.get_by_role("button", name=re.compile("^Misère "))).to_have_count(0)  # no seven bid yet
    expect(table.panel.get_by_role("button", name=re.compile("^Open misère "))).to_have_count(1)

    ways = itertools.cycle(["click", "twice", "keys"])
    for step in scenario.plan:
        if step[0] == "discard":
            table.app.expect_turn("you")
            expect(table.cards).to_have_count(13)
            expect(table.hand.get_by_role("button", name=re.compile("from the kitty"))).to_have_count(3)
            calls = [(s, a) for s, a in scenario.session.hand.history if a.bid is not None or a == PASS_ID]
            expect(table.arena.locator(".call-cell")).to_have_count(len(calls))
            expect(table.arena.locator(".call-cell").last).to_contain_text("Pass")
        table.take(step, next(ways))
    table.app.expect_turn(HAND_OVER)
    expect(table.cards).to_have_count(0)
    expect(table.top).to_contain_text(re.compile(r"\d+ tricks?"))
    expect_scores_match_engine(table, scenario)

    table.tool("Scores").click()
    expect(table.dialog.locator("table.sheet tbody tr")).to_have_count(1)
    table.close_dialog()


def test_an_illegal_card_is_refused_with_the_reason(table_page: Page) -> None:
    scenario = find("standard", lambda s: s.session.hand.declarer == PLAYER and first_refusal(s) is not None,
                    bidder(seven_in_longest), auction=lambda s: s.session.hand.declarer == PLAYER)
    refusal = first_refusal(scenario)
    assert refusal is not None
    index, card, suit = refusal
    name = Card.parse(card).name
    start, table = StartScreen(table_page), TableScreen(table_page)
    start.start(deal=scenario.code)
    for step in scenario.plan[:index]:
        table.take(step)
    table.app.expect_turn("you")
    refused = table.card(name)
    expect(refused).to_have_attribute("aria-disabled", "true")
    table.tap(refused, force=True)
    expect(table.notice).to_have_text(re.compile(f"^You can't play the {name}: you must follow {suit}"))
    expect(refused).to_be_visible()
    expect(table.play_button).to_be_disabled()
    for step in scenario.plan[index:]:
        table.take(step)
    table.app.expect_turn(HAND_OVER)


def test_no_trumps_joker_suit_prompt_and_naming_the_led_suit(table_page: Page) -> None:
    scenario = find("standard", no_trumps_with_joker, bidder(lambda s: "bid 7NT", keep_joker=True), pre=holds_joker)
    start, table = StartScreen(table_page), TableScreen(table_page)
    start.start(deal=scenario.code)
    for step in scenario.plan:
        table.app.expect_turn("you")
        if step[0] == "joker":
            expect(table.panel).to_contain_text("give it a suit")
            for suit in ("spades", "clubs", "diamonds", "hearts", "Keep it without a suit"):
                expect(table.panel.get_by_role("button", name=suit)).to_be_visible()
        if step[0] == "play" and step[1] == "JK":
            raise AssertionError("the plan keeps the joker to lead it")
        if step[0] == "lead-joker":
            expect(table.card("joker")).not_to_have_attribute("aria-disabled", "true")
        table.take(step)
    table.app.expect_turn(HAND_OVER)
    expect_scores_match_engine(table, scenario)


def test_open_misere_partner_sits_out_and_the_hand_is_shown(table_page: Page) -> None:
    scenario = find("standard", lambda s: declared(s, "OPEN-MIS", 1), passer, by_auction=True)
    start, table = StartScreen(table_page), TableScreen(table_page)
    start.start(deal=scenario.code)
    west, east = table.seat("West"), table.seat("East")
    plays = [i for i, (kind, _) in enumerate(scenario.plan) if kind == "play"]
    for i, step in enumerate(scenario.plan):
        if i == plays[0]:
            table.app.expect_turn("you")
            expect(table.top).to_contain_text("West bids open misere (500), to take no trick.")
            expect(east).to_contain_text("Sitting out")
            expect(east.get_by_role("img", name=re.compile("laid down: sitting out"))).to_be_visible()
            expect(west.locator(".exposed")).to_have_count(0)  # not before the first trick is over
        if i == plays[1]:
            table.app.expect_turn("you")
            exposed = west.get_by_role("list", name="West's open hand").get_by_role("img")
            expect(exposed).to_have_count(9)
        table.take(step)
    table.app.expect_turn(HAND_OVER)
    expect_scores_match_engine(table, scenario)


def test_three_player_cutthroat(table_page: Page) -> None:
    scenario = find("cutthroat", lambda s: s.session.hand.declarer == PLAYER, bidder(seven_in_longest), dealer=2,
                    by_auction=True)
    start, table = StartScreen(table_page), TableScreen(table_page)
    start.start(table="Cutthroat", deal=scenario.code)
    table.app.expect_turn("you")
    expect(table.arena.locator(".seat")).to_have_count(3)
    expect(table.seat("North")).to_have_count(0)
    expect(table.side_totals).to_have_count(3)
    for step in scenario.plan:
        table.take(step)
    table.app.expect_turn(HAND_OVER)
    expect_scores_match_engine(table, scenario)
    sheet = table.open_dialog("Scores")
    expect(sheet.locator("thead th.num")).to_have_text(["You", "West", "East"])
    table.close_dialog()


def test_a_thrown_in_hand_is_announced(table_page: Page) -> None:
    # easy bots: they pass every bid on the 18th deal, the normal ones first on the 1866th (30 s to find)
    scenario = find("standard", lambda s: s.session.hand.result is not None and s.session.hand.result.thrown_in,
                    passer, until=lambda session: session.hand.phase != Phase.AUCTION, level="easy")
    start, table = StartScreen(table_page), TableScreen(table_page)
    start.start(deal=scenario.code, level="Easy")
    for step in scenario.plan:
        table.take(step)
    table.app.expect_turn("hand-over")
    expect(table.panel).to_contain_text("Everyone passed: the hand is thrown in. No score.")
    expect(table.panel).to_contain_text("South deals next.")
    expect(table.arena.locator(".call-cell.pass")).to_have_count(4)
    table.next_hand.click()
    expect(table.seat("South").locator(".chip")).to_have_text("D")
