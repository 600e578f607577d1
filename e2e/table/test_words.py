"""What a player reads: the loading screen in the game's words, the share dialog (Copy, the
table and rules in words), and links that say what they are when opened in a fresh browser.
Screenshots in screenshots/."""
from __future__ import annotations

import pytest

import re

from playwright.sync_api import Browser, Page, Route, expect

from app.store import links
from engine.deal import DealCode
from engine.rules import Rules
from e2e.pages import App, LoadingScreen, StartScreen, TableScreen
from e2e.scenarios import find, passer
from e2e.site.test_layout import SHOTS, VIEWPORTS

NOTICE = "#app .app-notice >> visible=true"
STANDARD = "Standard (4 players, partners)"


def test_the_loading_screen_speaks_the_games_words(browser: Browser, site_url: str) -> None:
    context = browser.new_context(base_url=site_url, viewport=VIEWPORTS["phone"])
    page = context.new_page()
    page.add_init_script("""window.addEventListener("DOMContentLoaded", () => {
        window.statuses = [];
        new MutationObserver(() => window.statuses.push(document.getElementById("loading-status").textContent))
            .observe(document.getElementById("loading-status"), {childList: true, characterData: true, subtree: true});
    });""")

    held: list[Route] = []
    released = False

    def hold(route: Route) -> None:  # the game's wheels arrive late, as on a slow first visit: once the page says so
        if released:
            route.continue_()
        else:
            held.append(route)

    context.route("**/*.whl", hold)  # the worker's fetches too (page.route sees only the page's)
    app, loading = App(page), LoadingScreen(page)
    app.open()
    expect(loading.status).to_have_text(re.compile(r"^(Setting up the table|Shuffling the cards|Dealing)… \d+%$"))
    expect(page.locator("#loading-slow")).to_contain_text("This is taking longer than usual", timeout=30_000)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=SHOTS / "phone-loading-slow.png")
    assert held, "no wheel was requested yet"
    released = True
    for route in held:
        route.continue_()
    app.expect_ready()
    said = page.evaluate("window.statuses")
    assert said and not [s for s in said if "Packages" in s or "Pyodide" in s], said
    context.close()


@pytest.mark.probe("links")
def test_share_dialog_and_a_shared_deal_opened_in_a_fresh_browser(browser: Browser, site_url: str) -> None:
    found = find("standard", lambda s: s.session.hand.contract is not None, passer)
    me = browser.new_context(base_url=site_url, viewport=VIEWPORTS["phone"],
                             permissions=["clipboard-read", "clipboard-write"])
    page = me.new_page()
    app, table = App(page), TableScreen(page)
    app.open()
    app.expect_ready()
    StartScreen(page).start(deal=found.code)
    app.expect_turn("you")
    table.open_dialog("Menu").get_by_role("button", name="Share this deal").click()
    dialog = table.dialog
    expect(dialog).to_contain_text(f"Whoever opens this link plays these same cards from your seat ({STANDARD})")
    dialog.get_by_role("button", name="Copy the link").click()
    expect(dialog.get_by_role("status")).to_have_text("Link copied: paste it in a message to a friend.")
    url = dialog.locator("input.share-url").input_value()
    assert page.evaluate("navigator.clipboard.readText()") == url
    page.screenshot(path=SHOTS / "phone-share-dialog.png")
    me.close()

    friend = browser.new_context(base_url=site_url, viewport=VIEWPORTS["phone"])
    other = friend.new_page()
    other.goto(url, wait_until="domcontentloaded")
    App(other).expect_ready()
    expect(other.locator(NOTICE)).to_contain_text(
        f"A deal shared with you: everyone who opens this link gets these cards. The table: {STANDARD}.")
    other.screenshot(path=SHOTS / "phone-shared-deal-opened.png")
    friend.close()


@pytest.mark.probe("links")
def test_a_challenge_link_says_the_result_it_claims(page: Page, site_url: str) -> None:
    found = find("standard", lambda s: s.session.hand.contract is not None, passer)
    hand = found.session.hand
    claimed = links.result_of(hand).describe(4)
    query = links.challenge_link(hand, DealCode.parse(found.code))
    page.goto(links.share_url(site_url, query), wait_until="domcontentloaded")
    App(page).expect_ready()
    expect(page.locator(NOTICE)).to_contain_text(
        f"Challenge: your friend's result, as the link claims it: {claimed}. Same cards, your turn: "
        f"can you do better? The table: {STANDARD}.")
    assert Rules.parse("standard").players == 4
