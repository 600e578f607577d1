"""The score pad on a phone: a real game's hands entered in a few taps, refused, undone,
corrected, kept over a reload, shared read-only; axe-core on its screens; a screenshot. One sheet
in two tabs, a damaged sheet kept, and no pad for a tournament."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from e2e.pages import App, ResumeList
from e2e.site.test_axe import violations
from e2e.site.test_layout import VIEWPORTS

SHOTS = Path(__file__).resolve().parents[2] / "screenshots"  # not test-results/: pytest-playwright empties it


class PadScreen:
    """The score pad (app/pad/render.py)."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.root = page.locator("#pad")
        self.entry = self.root.locator(".pad-entry")
        self.totals = self.root.locator(".pad-total")
        self.status = self.root.locator(".pad-status")
        self.message = self.root.locator(".pad-message")
        self.taps = 0

    def tap(self, group: str, name: str) -> None:
        """Tap a button of the entry form's group (its legend), and wait for the answer."""
        self.entry.locator("fieldset", has=self.page.locator("legend", has_text=group)).get_by_role(
            "button", name=re.compile(f"^{re.escape(name)}( |$)")).click()
        self.taps += 1
        App(self.page).expect_answered()

    def enter(self) -> None:
        self.root.get_by_role("button", name=re.compile("^(Enter the hand|Correct it)$")).click()
        self.taps += 1
        App(self.page).expect_answered()

    def hand(self, declarer: str, contract: str, tricks: int) -> int:
        """Enter a made or failed trick contract; the taps it took."""
        before = self.taps
        self.tap("Who won the bidding", declarer)
        self.tap("Contract", contract)
        self.tap("Tricks taken by", str(tricks))
        self.enter()
        return self.taps - before

    def shown_totals(self) -> list[str]:
        return [t.replace("\u2212", "-") for t in self.totals.all_inner_texts()]


def open_pad(page: Page) -> PadScreen:
    app = App(page)
    app.open()
    app.expect_ready()
    page.get_by_role("button", name="Score a real game").click()
    app.expect_turn("pad")
    return PadScreen(page)


@pytest.mark.probe("accessibility")
def test_a_real_game_scored_on_a_phone(browser: Browser, site_url: str) -> None:
    context = browser.new_context(base_url=site_url, viewport=VIEWPORTS["phone"], bypass_csp=True, has_touch=True)
    try:
        page = context.new_page()
        pad = open_pad(page)
        found = violations(page, "score pad, empty")
        expect(pad.root.get_by_label("Dealer")).to_have_value("0")  # South deals first, filled in
        assert pad.hand("West", "8♥", 9) == 4  # declarer, contract, tricks, confirm
        assert pad.shown_totals() == ["10", "300"]
        expect(pad.root.locator(".pad-last")).to_contain_text(
            "Eight hearts by West: the bidders took 9 tricks, made (300 points); defenders score 10 a trick. "
            "South & North +10, West & East +300.")
        expect(pad.root.get_by_label("Dealer")).to_have_value("1")  # the deal passes left
        pad.tap("Who won the bidding", "North")
        pad.tap("Contract", "7♠")
        pad.enter()
        expect(pad.message).to_have_text("Choose the tricks taken.")  # refused, said
        found += violations(page, "score pad, an entry refused")
        pad.tap("Tricks taken by", "6")
        expect(pad.root.locator(".pad-preview")).to_contain_text("failed (minus 140)")
        pad.enter()
        assert pad.shown_totals() == ["-130", "340"]
        page.get_by_role("button", name="Undo the last hand").click()
        App(page).expect_answered()
        assert pad.shown_totals() == ["10", "300"]
        pad.hand("North", "7♠", 8)
        assert pad.shown_totals() == ["150", "320"]
        page.get_by_label("Correct a hand").select_option(label="Hand 1: 8♥ West")
        App(page).expect_answered()
        expect(pad.entry.get_by_role("heading", name="Correct hand 1")).to_be_visible()
        pad.tap("Tricks taken by", "7")
        pad.enter()
        assert pad.shown_totals() == ["170", "-280"]  # hand 1 failed now: minus 300, South's side 30; the rest rescored
        found += violations(page, "score pad, a sheet of two hands")
        page.screenshot(path=SHOTS / "score-pad-phone.png", full_page=True)

        page.reload(wait_until="domcontentloaded")  # mid-game: the sheet comes back
        App(page).expect_ready()
        App(page).expect_turn("pad")
        assert pad.shown_totals() == ["170", "-280"]

        page.get_by_role("button", name="Share the sheet").click()
        dialog = page.locator("#dialog")
        expect(dialog).to_be_visible()
        found += violations(page, "score pad, share dialog")
        url = dialog.locator("input.share-url").input_value()
        assert url.startswith(site_url + "?v=1&g=")
        friend = browser.new_context(base_url=site_url, viewport=VIEWPORTS["phone"], bypass_csp=True)
        other = friend.new_page()
        other.goto(url, wait_until="domcontentloaded")
        App(other).expect_ready()
        App(other).expect_turn("pad")
        shared = PadScreen(other)
        assert shared.shown_totals() == ["170", "-280"]
        expect(shared.root).to_contain_text("read-only")
        expect(shared.entry).to_have_count(0)
        found += violations(other, "score pad, shared read-only")
        friend.close()

        page.keyboard.press("Escape")
        expect(dialog).to_be_hidden()
        pad.hand("South", "10NT", 10)  # the game ends: said where the form was, in sight
        expect(pad.root.get_by_role("region", name="Game over")).to_be_in_viewport()
        expect(pad.root.get_by_role("region", name="Game over")).to_contain_text(
            "South & North won: reached the target on their own bid.")
        found += violations(page, "score pad, game over")
        page.get_by_role("button", name="History & stats").click()
        expect(dialog.get_by_role("heading", name="Real games (score pad)")).to_be_visible()
        expect(dialog).to_contain_text("Real games on the score pad, apart from these statistics: 1 finished")
        found += violations(page, "History, a real game in it")
    finally:
        context.close()
    assert found == [], "\n".join(found)


def test_score_a_real_game_pressed_before_python_opens_the_pad_once_it_is_up(page: Page) -> None:
    app = App(page)
    app.open()
    app.expect_start_usable()
    page.locator("#table-choice").select_option("cutthroat")  # a choice made before Python, kept
    page.get_by_role("button", name="Score a real game").click()
    app.expect_ready()
    app.expect_turn("pad")
    expect(PadScreen(page).root.locator(".pad-head")).to_contain_text("Cutthroat (3 players)")


@pytest.mark.probe("tabs")
def test_one_sheet_in_two_tabs_takes_up_the_other_tabs_hands_and_overwrites_none(context: BrowserContext) -> None:
    a = context.new_page()
    pad_a = open_pad(a)
    pad_a.hand("West", "8♥", 9)
    b = context.new_page()
    App(b).open()
    App(b).expect_ready()
    ResumeList(b).resume(0)
    App(b).expect_turn("pad")
    pad_b = PadScreen(b)
    pad_b.hand("North", "7♠", 8)
    notice = a.locator("#app .app-notice >> visible=true")
    expect(notice).to_contain_text("This score sheet was changed in another tab")  # told at once
    assert pad_a.shown_totals() == ["150", "320"]
    pad_a.hand("East", "6♦", 6)  # entered on the newer sheet, not over it
    assert pad_a.shown_totals() == ["190", "400"]
    expect(b.locator("#app .app-notice >> visible=true")).to_contain_text("changed in another tab")
    expect(pad_b.totals.first).to_have_text("190")
    assert pad_b.shown_totals() == ["190", "400"]


def test_a_damaged_sheet_is_named_listed_and_kept_until_deleted(context: BrowserContext) -> None:
    page = context.new_page()
    pad = open_pad(page)
    pad.hand("West", "8♥", 9)
    key = page.evaluate("() => Object.keys(localStorage).find((k) => k.includes('#pad/'))")
    raw = page.evaluate("(key) => localStorage.getItem(key)", key).replace('"tricks":[1,9]', '"tricks":[1,10]')
    page.evaluate("([key, raw]) => localStorage.setItem(key, raw)", [key, raw])
    page.reload(wait_until="domcontentloaded")  # the tab's sheet comes back no more: said, kept
    app = App(page)
    app.expect_ready()
    expect(page.locator("#app .app-notice >> visible=true")).to_contain_text(
        "could not be opened: the score sheet is damaged (hand 1: The tricks add up to 11")
    page.get_by_role("button", name="History & stats").click()
    dialog = page.locator("#dialog")
    expect(dialog).to_contain_text("add up to 11")
    assert page.evaluate("(key) => localStorage.getItem(key)", key) == raw
    dialog.get_by_role("button", name=re.compile("^Delete")).first.click()
    dialog.get_by_role("button", name=re.compile("^Delete")).first.click()  # the yes
    app.expect_answered()
    assert page.evaluate("(key) => localStorage.getItem(key)", key) is None


def test_no_pad_for_a_tournament_and_the_reason_beside_it(page: Page) -> None:
    app = App(page)
    app.open()
    app.expect_ready()
    page.locator("#table-choice").select_option("tournament")
    app.expect_answered()
    expect(page.get_by_role("button", name="Score a real game")).to_be_disabled()
    expect(page.locator("#pad-refused")).to_contain_text("A tournament is rounds against the bots")
    page.locator("#table-choice").select_option("standard")
    app.expect_answered()
    expect(page.get_by_role("button", name="Score a real game")).to_be_enabled()
