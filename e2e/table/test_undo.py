"""Undo in a casual game (the exact position back, the record replays, the saved game keeps it),
none in a shared deal or a tournament; and playing a card with one tap."""
from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, expect

from app.html.cards import card_name
from app.store import links
from app.table.session import PLAYER
from engine.cards import Card, cards_of
from engine.deal import DealCode
from engine.record import replay
from engine.rules import Rules
from e2e.pages import App, StartScreen, TableScreen
from e2e.scenarios import Scenario, find, passer


def scenario() -> Scenario:
    """A hand where the player passes, then plays at least three cards."""
    return find("standard", lambda s: sum(k == "play" for k, _ in s.plan) >= 3, passer)


def position(table: TableScreen) -> dict[str, Any]:
    """What the player sees of the hand: the cards in hand, the trick, the bidding, the contract."""
    labels = "els => els.map(e => e.getAttribute('aria-label'))"
    return {"hand": table.cards.evaluate_all(labels),
            "trick": table.arena.locator(".trick-card").evaluate_all(labels),
            "calls": table.arena.locator(".call-cell").all_inner_texts(),
            "contract": table.top.locator(".contract").all_inner_texts()}


def test_undo_restores_the_exact_position_and_the_record_replays(table_page: Page) -> None:
    page = table_page
    found = scenario()
    app, table = App(page), TableScreen(page)
    StartScreen(page).start(deal=found.code)
    undo = table.panel.get_by_role("button", name="Undo: take back your last call or card")
    plays = iter(found.plan)
    table.take(next(plays))  # the pass
    app.expect_turn("you")
    expect(undo).to_be_visible()
    seen: list[dict[str, Any]] = []
    for step in plays:
        if step[0] != "play" or len(seen) == 2:
            break
        app.expect_turn("you")
        seen.append(position(table))
        table.take(step)
        app.expect_turn("you")
    assert len(seen) == 2
    undo.click()  # the second card, and the bots' cards after it
    app.expect_turn("you")
    expect(table.notice).to_contain_text("Taken back: your ")
    assert position(table) == seen[1]
    page.keyboard.press("u")  # the first card, by the key
    app.expect_turn("you")
    assert position(table) == seen[0]
    expect(table.trick.locator(".trick-card")).to_have_count(len(seen[0]["trick"]))

    record = table.export()
    undos = record["hands"][0]["undos"]
    assert len(undos) == 2 and undos[1][0] < undos[0][0]  # the second took back fewer actions than were played
    match = replay(record)
    hand_names = {c.name for c in cards_of(match.hand.held[PLAYER])}
    assert {label.split(",")[0] for label in seen[0]["hand"]} == hand_names
    assert [u for u in match.undos[0]] == [tuple(u) for u in undos]

    page.reload(wait_until="domcontentloaded")  # the saved game keeps the undone position
    app.expect_ready()
    app.expect_turn("you")
    assert position(table) == seen[0]


def test_no_undo_in_a_shared_deal_or_a_tournament(table_page: Page, site_url: str) -> None:
    page = table_page
    app, table = App(page), TableScreen(page)
    query = links.deal_link(Rules.parse("standard"), DealCode.parse(scenario().code))
    page.goto(links.share_url(site_url, query), wait_until="domcontentloaded")
    app.expect_ready()
    for game in ("shared deal", "tournament"):
        if game == "tournament":
            table.new_game()
            StartScreen(page).start_tournament()
        table.open_dialog("Menu").get_by_role("combobox", name="Bot pause").select_option(label="No pause")
        table.close_dialog()
        app.expect_turn("you")
        calls = table.arena.locator(".call-cell").count()
        table.take(("bid", "pass"))
        expect(table.arena.locator(".call-cell")).not_to_have_count(calls)
        app.expect_turn("you")
        expect(table.tool("Last trick")).to_be_visible()
        expect(page.get_by_role("button", name="Undo: take back your last call or card")).to_have_count(0)
        shown = position(table)
        page.keyboard.press("u")
        assert position(table) == shown, game


def test_one_tap_plays_a_card_and_is_kept_between_visits(table_page: Page) -> None:
    page = table_page
    app, table = App(page), TableScreen(page)
    start = StartScreen(page)
    one_tap = start.root.get_by_role("checkbox", name="Play a card with one tap")
    expect(one_tap).not_to_be_checked()  # tap then Play by default
    one_tap.check()
    app.expect_answered()  # the page has written the setting the worker's answer carries
    page.reload(wait_until="domcontentloaded")
    app.expect_ready()
    expect(one_tap).to_be_checked()
    found = scenario()
    start.start(deal=found.code)
    table.take(found.plan[0])  # the pass
    app.expect_turn("you")
    expect(table.panel).to_contain_text("Tap a card to play it.")
    expect(table.play_button).to_have_count(0)
    kind, card = found.plan[1]
    assert kind == "play"
    name = card_name(Card.parse(card))
    count = table.cards.count()
    table.tap(table.card(name))  # one tap: played
    expect(table.card(name)).to_have_count(0)
    expect(table.cards).to_have_count(count - 1)
    menu = table.open_dialog("Menu")
    expect(menu.get_by_role("checkbox", name="Play a card with one tap")).to_be_checked()
    menu.get_by_role("checkbox", name="Play a card with one tap").uncheck()  # the page's other tests tap then Play
    table.close_dialog()
    expect(table.panel).to_contain_text("then Play")
