"""Links: share a deal, challenge a friend to beat a result, replay a hand; broken links."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from app.store import links
from engine.deal import DealCode
from engine.rules import Rules
from e2e.pages import App, StartScreen, TableScreen
from e2e.scenarios import Scenario, find, passer

NOTICE = "#app .app-notice >> visible=true"


def scenario() -> Scenario:
    return find("standard", lambda s: s.session.hand.contract is not None, passer)


def hand_shown(table: TableScreen) -> list[str]:
    return list(table.cards.evaluate_all("cs => cs.map((c) => c.getAttribute('aria-label'))"))


def shown_link(page: Page, button: str) -> str:
    """Click a sharing button, read the link from the dialog, close it."""
    page.get_by_role("button", name=button).click()
    dialog = TableScreen(page).dialog
    expect(dialog).to_be_visible()
    url = dialog.locator("input.share-url").input_value()
    TableScreen(page).close_dialog()
    return url


def open_link(context: BrowserContext, url: str) -> tuple[Page, TableScreen]:
    page = context.new_page()
    page.goto(url, wait_until="domcontentloaded")
    App(page).expect_ready()
    return page, TableScreen(page)


@pytest.mark.probe("links")
def test_a_shared_deal_opens_in_a_fresh_browser(page: Page, browser: Browser, site_url: str) -> None:
    found = scenario()
    app, table = App(page), TableScreen(page)
    app.open()
    app.expect_ready()
    StartScreen(page).start(deal=found.code)
    app.expect_turn("you")
    table.open_dialog("Menu")
    url = shown_link(page, "Share this deal")
    assert url.startswith(site_url + f"?v=1&r=standard&d={found.code}&s=0&k=")

    friend = browser.new_context(base_url=site_url)
    other, other_table = open_link(friend, url)
    App(other).expect_turn("you")
    assert hand_shown(other_table) == hand_shown(table)
    assert other.evaluate("location.search") == ""  # a reload resumes the game, not the link
    friend.close()


@pytest.mark.probe("links")
@pytest.mark.slow
def test_challenge_and_replay_links_between_two_browsers(browser: Browser, site_url: str) -> None:
    found = scenario()
    expected = links.result_of(found.session.hand).describe(4)
    url = links.share_url(site_url, links.deal_link(Rules.parse("standard"), DealCode.parse(found.code)))
    me, friend = browser.new_context(base_url=site_url), browser.new_context(base_url=site_url)

    page, table = open_link(me, url)
    table.set_pace()
    for step in found.plan:
        table.take(step)
    table.app.expect_turn("hand-over")
    challenge = shown_link(page, "Challenge a friend")
    replay = shown_link(page, "Replay link")
    assert "&c=" in challenge and "&a=" in replay

    other, other_table = open_link(friend, challenge)
    other_table.set_pace()
    for step in found.plan:
        other_table.take(step)
    other_table.app.expect_turn("hand-over")
    results = other_table.panel.get_by_role("group", name="Results")
    expect(results.locator(".link-result")).to_have_count(2)
    expect(results.locator(".link-result").first).to_contain_text("The result the link claims")
    expect(results.locator(".link-result").first).to_contain_text(expected)
    expect(results.locator(".link-result").last).to_contain_text(expected)

    viewer, viewer_table = open_link(friend, replay)
    dialog = viewer_table.dialog
    expect(dialog.get_by_role("heading", name="Replay")).to_be_visible()
    link = links.decode(replay.split("?", 1)[1])
    assert link is not None
    steps = len(link.actions)
    expect(dialog.locator(".replay-step")).to_have_text(f"Step 0 of {steps}")
    for _ in range(6):
        dialog.get_by_role("button", name="Next").click()
    expect(dialog.locator(".replay-step")).to_have_text(f"Step 6 of {steps}")
    expect(dialog.locator(".replay-lines li")).to_have_count(6)
    dialog.get_by_role("button", name="Previous").click()
    expect(dialog.locator(".replay-lines li")).to_have_count(5)
    me.close()
    friend.close()


@pytest.mark.probe("links")
def test_broken_links_say_why_and_what_happens_instead(page: Page) -> None:
    good = links.deal_link(Rules.parse("standard"), DealCode.parse("1-0-abc"))
    fields = {"v": "1", "r": "nonsense", "d": "1-0-abc", "s": "0"}
    broken = {
        "?v=1&r=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E&d=1-0-abc&s=0&k=abcdef": "rules is not readable",
        good.replace("d=1-0-abc", "d=1-0-abd"): "checksum does not match",
        good.replace("v=1", "v=7"): "newer version",
        links._query(fields): "rules that this version does not have",  # a valid checksum
    }
    app = App(page)
    for query, words in broken.items():
        page.goto("./" + query, wait_until="domcontentloaded")
        app.expect_ready()
        app.expect_turn("start")
        notice = page.locator(NOTICE)
        expect(notice).to_contain_text(words)
        expect(notice).to_contain_text("Resume a game in progress below, or deal a new one.")
        expect(page.locator("#app img")).to_have_count(0)
    StartScreen(page).start()
    app.expect_turn(re.compile("^(you|bot)$"))
    dealt = TableScreen(page).cards.all_inner_texts()
    page.goto("./" + good.replace("v=1", "v=7"), wait_until="domcontentloaded")  # in the same tab
    app.expect_ready()
    expect(page.locator(NOTICE)).to_contain_text("Your saved game carries on instead.")
    app.expect_turn(re.compile("^(you|bot)$"))
    assert TableScreen(page).cards.all_inner_texts() == dealt
