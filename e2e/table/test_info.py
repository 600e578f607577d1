"""What the table tells the player, at the desktop, a phone upright and a phone sideways: the
auction as a grid by round and seat whose calls open their reasons, fitting between six seats;
the hint marking what it suggests without moving the table; the bids and the hand one Tab stop
each, arrows within; axe-core on each of these."""
from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect

from e2e.pages import App, StartScreen, TableScreen
from e2e.site.test_axe import violations
from e2e.site.test_layout import SIDEWAYS, VIEWPORTS

SIZES: dict[str, ViewportSize] = {**VIEWPORTS, "sideways": SIDEWAYS}
SIX = "Six-handed, two teams"
SIX_DEAL = "1-0-b"
"""South deals: five bots call before South; after South's 6NT North-West bids 7♥, a second round."""
KITTY_DEAL = "1-3-7"
"""South bids first, and takes the kitty at 10NT (tests/app/test_hints.py)."""
BOXES = """(selector) => [...document.querySelectorAll(selector)].map((el) => {
  const r = el.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; })"""


@pytest.fixture(params=list(SIZES))
def sized(request: pytest.FixtureRequest, table_page: Page) -> Iterator[Page]:
    """The shared page at each size, the phone's again after."""
    table_page.set_viewport_size(SIZES[request.param])
    yield table_page
    table_page.set_viewport_size(VIEWPORTS["phone"])


def boxes(page: Page, selector: str) -> list[list[float]]:
    found: list[list[float]] = page.evaluate(BOXES, selector)
    return found


def overlaps(a: list[float], b: list[float]) -> bool:
    return a[0] < b[2] - 1 and b[0] < a[2] - 1 and a[1] < b[3] - 1 and b[1] < a[3] - 1


def test_the_six_handed_auction_is_a_grid_in_view_whose_calls_tell_their_reasons(sized: Page) -> None:
    app, start, table = App(sized), StartScreen(sized), TableScreen(sized)
    start.start(SIX, SIX_DEAL)
    table.take(("bid", "bid 6NT"))
    app.expect_turn("you")
    grid = table.arena.locator("table.calls")
    expect(grid.locator("thead th")).to_have_count(6)
    expect(grid.locator("tbody tr")).to_have_count(2)
    first = grid.locator("tbody tr").first.locator("td").first.locator(".call-cell")  # from the dealer's left
    expect(first).to_have_accessible_name("Pass, South-West: pass")
    calls, seats = boxes(sized, "#arena .call-cell"), boxes(sized, "#arena .seat")
    center = boxes(sized, "#arena .center")[0]
    assert len(calls) == 7
    for call in calls:  # each call whole in the middle of the table, none under a seat box
        assert center[1] - 1 <= call[1] and call[3] <= center[3] + 1, (call, center)
        assert not any(overlaps(call, seat) for seat in seats), (call, seats)
    why = sized.locator(".why:popover-open")
    grid.get_by_role("button").first.click()  # a tap opens the bot's own reason
    expect(why).to_have_count(1)
    expect(why).to_contain_text("South-West, Pass: their best is")
    sized.keyboard.press("Escape")
    expect(why).to_have_count(0)
    high = grid.locator(".call-cell.high")
    expect(high).to_have_accessible_name(re.compile(r"^7♥, North-West: seven hearts, the high call$"))
    high.focus()
    sized.keyboard.press("Enter")
    expect(why).to_contain_text("North-West, 7♥: ")
    sized.keyboard.press("Escape")
    mine = grid.get_by_role("button", name=re.compile("^6NT, South"))  # the player's own: what it says
    mine.click()
    expect(why).to_contain_text("South, 6NT: strength in every suit, about 6 tricks with partner and the kitty.")
    sized.keyboard.press("Escape")


def test_the_hint_marks_its_bid_and_the_kittys_three_cards_and_moves_nothing(sized: Page) -> None:
    app, start, table = App(sized), StartScreen(sized), TableScreen(sized)
    start.start("Standard", KITTY_DEAL)
    app.expect_turn("you")
    regions = "#arena .arena, #panel, #hand, #panel .bidding"
    before = boxes(sized, regions)
    table.panel.get_by_role("button", name="Hint").click()
    expect(table.hint_note).to_have_text(re.compile("^Hint: "), timeout=30_000)
    after = boxes(sized, regions)
    shift = max(abs(a - b) for box, other in zip(before, after) for a, b in zip(box, other))
    assert shift == 0, (before, after)
    marked = table.panel.locator(".hinted")
    expect(marked).to_have_count(1)
    expect(marked).to_have_accessible_description(re.compile("^Hint: "))
    table.arena.get_by_role("button", name="Close the hint").click()  # its words lie over the seats below
    expect(table.hint_note).to_be_hidden()
    expect(marked).to_have_count(0)
    table.take(("bid", "bid 10NT"))
    app.expect_turn("you")
    expect(table.put_back).to_be_visible()
    table.panel.get_by_role("button", name="Hint").click()
    expect(table.hint_note).to_have_text(re.compile("^Hint: put back the "), timeout=30_000)
    cards = table.hand.locator(".card.hinted")
    expect(cards).to_have_count(3)
    words = table.hint_note.inner_text()
    for label in cards.evaluate_all("els => els.map((e) => e.getAttribute('aria-label').split(',')[0])"):
        assert label in words, (label, words)
    expect(cards.first).to_have_accessible_description(re.compile("^Hint: put back"))


def test_the_bids_and_the_hand_are_one_tab_stop_each_with_arrows_within(table_page: Page) -> None:
    """Reaching 8♥ from Pass: two Shift+Tabs to the bids (Open misère between), then arrows;
    reaching Put back from the hand: three Shift+Tabs (Undo and Hint between)."""
    app, start, table = App(table_page), StartScreen(table_page), TableScreen(table_page)
    start.start("Standard", KITTY_DEAL)
    app.expect_turn("you")
    keys = table_page.keyboard
    expect(table.bid_button("pass")).to_be_focused()
    keys.press("Shift+Tab")
    expect(table.bid_button("bid OPEN-MIS")).to_be_focused()
    keys.press("Shift+Tab")
    expect(table.bid_button("bid 6S")).to_be_focused()  # the grid's one Tab stop: its first bid
    for key, bid in (("ArrowDown", "7S"), ("ArrowDown", "8S"), ("ArrowRight", "8C"), ("ArrowRight", "8D"),
                     ("ArrowRight", "8H"), ("ArrowUp", "7H"), ("End", "10NT"), ("Home", "6S"), ("ArrowLeft", "6S")):
        keys.press(key)
        expect(table.bid_button(f"bid {bid}")).to_be_focused()
    keys.press("Tab")  # out of the grid, past the rest of its bids
    expect(table.bid_button("bid OPEN-MIS")).to_be_focused()
    keys.press("Shift+Tab")
    expect(table.bid_button("bid 6S")).to_be_focused()  # back in: where it was left
    keys.press("End")
    expect(table.bid_button("bid 10NT")).to_be_focused()
    keys.press("Enter")
    app.expect_turn("you")
    hand = table.hand.get_by_role("button")
    expect(hand.first).to_be_focused()
    for i in range(3):  # three cards chosen with arrows and Enter
        keys.press("Enter")
        expect(hand.nth(i)).to_have_attribute("aria-pressed", "true")
        keys.press("ArrowRight")
    presses = 0
    while not table.put_back.evaluate("(el) => document.activeElement === el") and presses < 20:
        keys.press("Shift+Tab")
        presses += 1
    assert presses == 3  # Undo, Hint, then Put back
    assert hand.evaluate_all("els => els.filter((e) => e.tabIndex === 0).length") == 1


@pytest.mark.probe("accessibility")
@pytest.mark.parametrize("size", list(SIZES))
def test_no_serious_accessibility_violation_in_the_grid_its_reasons_and_the_hint(
        browser: Browser, site_url: str, size: str) -> None:
    context = browser.new_context(base_url=site_url, viewport=SIZES[size], bypass_csp=True)
    try:
        page = context.new_page()
        app, start, table = App(page), StartScreen(page), TableScreen(page)
        app.open()
        app.expect_ready()
        start.start(SIX, SIX_DEAL)
        app.expect_turn("you")
        found = violations(page, "six-handed auction")
        table.arena.locator("table.calls").get_by_role("button").first.click()
        expect(page.locator(".why:popover-open")).to_have_count(1)
        found += violations(page, "a call's reason open")
        page.keyboard.press("Escape")
        table.panel.get_by_role("button", name="Hint").click()
        expect(table.hint_note).to_be_visible(timeout=30_000)
        found += violations(page, "the hint shown in the auction")
        table.new_game()
        start.start("Standard", KITTY_DEAL)
        table.take(("bid", "bid 10NT"))
        app.expect_turn("you")
        table.panel.get_by_role("button", name="Hint").click()
        expect(table.hand.locator(".card.hinted")).to_have_count(3, timeout=30_000)
        found += violations(page, "the kitty's hint shown")
        assert not found, "\n".join(found)
    finally:
        context.close()
