"""The whole game by keyboard alone: Tab to a control, Enter to use it, focus always visible."""
from __future__ import annotations

import pytest
from playwright.sync_api import Locator, Page, expect

from app.table.session import PLAYER
from engine.cards import Card
from e2e.pages import HAND_OVER, App, StartScreen, TableScreen
from e2e.scenarios import bidder, find, seven_in_longest

FOCUS_SHOWN = """(el) => {
  const style = getComputedStyle(el), svg = el.querySelector("svg");
  return el.matches(":focus-visible") && (style.outlineStyle !== "none" ||
         (svg !== null && getComputedStyle(svg).boxShadow.includes("rgb(255, 215, 94)")));
}"""


IN_GROUP = """(el) => { const group = el.closest("[data-roving]");
  return group !== null && group.contains(document.activeElement); }"""


def press_until_focused(page: Page, target: Locator, limit: int = 80) -> int:
    """Tab (then Shift+Tab) through the page until ``target`` has the focus, which must show; in a
    group that is one Tab stop (the hand, the bids), arrows from its first button on. Returns
    the keys pressed."""
    handle = target.element_handle()
    pressed = 0
    for key in ("Tab", "Shift+Tab"):
        for _ in range(limit):
            if page.evaluate(IN_GROUP, handle) and not page.evaluate("(el) => document.activeElement === el", handle):
                page.keyboard.press("Home")
                pressed += 1
                while not page.evaluate("(el) => document.activeElement === el", handle) and pressed < 2 * limit:
                    page.keyboard.press("ArrowRight")
                    pressed += 1
            if page.evaluate("(el) => document.activeElement === el", handle):
                assert page.evaluate(FOCUS_SHOWN, handle), "the focus is not visible"
                return pressed
            page.keyboard.press(key)
            pressed += 1
    raise AssertionError(f"could not reach {target} with the keyboard")


@pytest.mark.probe("accessibility")
def test_a_hand_played_by_keyboard_only(table_page: Page) -> None:
    scenario = find("standard", lambda s: s.session.hand.declarer == PLAYER, bidder(seven_in_longest), by_auction=True)
    app, table, start = App(table_page), TableScreen(table_page), StartScreen(table_page)
    start.choose_table("Standard")  # set up with the mouse; from here on, keys only
    start.pace.select_option(label="No pause")
    start.autoplay.set_checked(False)  # the form keeps the last game's choices
    deal = start.deal_code
    press_until_focused(table_page, deal)
    table_page.keyboard.type(scenario.code)
    table_page.keyboard.press("Enter")  # submits the form: deals
    app.expect_turn("you")
    expect(table.panel.get_by_role("button", name="Pass")).to_be_focused()  # the first decision, not the page's top
    for kind, value in scenario.plan:
        app.expect_turn("you")
        # the focus is on something the player can use now, never on a card that cannot be played
        assert table_page.evaluate("""() => document.activeElement.closest('#table') !== null
            && document.activeElement.getAttribute('aria-disabled') !== 'true'"""), \
            (kind, table_page.evaluate("document.activeElement.outerHTML.slice(0, 200)"))
        if kind == "bid":
            press_until_focused(table_page, table.bid_button(value))
            table_page.keyboard.press("Enter")
        elif kind == "discard":
            for c in value.split():
                press_until_focused(table_page, table.card(Card.parse(c).name))
                table_page.keyboard.press("Enter")
            press_until_focused(table_page, table.put_back)
            table_page.keyboard.press("Enter")
        else:
            assert kind == "play"
            card = table.card(Card.parse(value).name)
            press_until_focused(table_page, card)
            table_page.keyboard.press("Enter")
            expect(card).to_have_attribute("aria-pressed", "true")
            table_page.keyboard.press("Enter")
    app.expect_turn(HAND_OVER)
    next_hand = table.panel.get_by_role("button", name="Next hand")
    expect(next_hand).to_be_focused()  # the next decision has the focus
    table_page.keyboard.press("Enter")
    app.expect_turn("you")  # the second hand is dealt (dealer South: West bids first)
