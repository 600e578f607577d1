"""The start screen: tables, rules with only valid combinations, bots, deal codes, rules help."""
from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from e2e.pages import StartScreen, TableScreen


def test_rule_options_allow_only_valid_combinations(table_page: Page) -> None:
    start = StartScreen(table_page)
    start.choose_table("Standard")
    start.show_rules()
    start.rules.get_by_role("button", name=re.compile("usual rules")).click()
    target, spread = start.option("Target"), start.option("Point spread")
    expect(spread).to_be_enabled()
    target.select_option(label="No target")
    expect(spread).to_be_disabled()  # a point spread needs a target
    expect(start.rules).to_contain_text("changed: no target")  # in words, not the rules string
    start.rules.get_by_role("button", name=re.compile("usual rules")).click()
    expect(start.option("Target")).to_have_value("500")
    expect(start.option("Point spread")).to_be_enabled()
    expect(start.option("Deck").locator("option")).to_have_count(4)  # 43, 43 mixed fours, 45, 46 (French Canadian)


def test_table_choice_sets_seats_and_rules_help(table_page: Page) -> None:
    start = StartScreen(table_page)
    start.choose_table("Cutthroat")
    expect(start.root.locator("fieldset.bots select")).to_have_count(2)
    expect(start.level("North")).to_have_count(0)
    help_ = start.root.locator("details.help-inline")
    help_.locator("summary").click()
    expect(help_).to_contain_text("33 cards")
    expect(help_).to_contain_text("each keeping their own score")
    start.choose_table("Standard")
    expect(start.root.locator("fieldset.bots select")).to_have_count(3)
    expect(help_).to_contain_text("43 cards")
    expect(help_.get_by_role("table", name="Bid values")).to_contain_text("520")


def test_a_bad_deal_code_gets_a_clear_message(table_page: Page) -> None:
    start = StartScreen(table_page)
    start.autoplay.set_checked(False)  # the form keeps the last game's choices: this deal is played by hand
    start.deal_code.fill("hello")
    start.deal_button.click()
    expect(start.message).to_have_text(re.compile(r"^Deal code: not a deal code: 'hello' \(expected like 1-0-k3x9a\)"))
    start.deal_code.fill("1-7-abc")
    start.deal_button.click()
    expect(start.message).to_have_text("Deal code: dealer 7 is not a seat of 4 players")
    start.deal_code.fill("1-2-abc")
    start.deal_button.click()
    table = TableScreen(table_page)
    table.app.expect_turn("you")
    expect(table.seat("North").locator(".chip")).to_have_text("D")


def test_changed_rules_in_words_on_the_start_screen_and_at_the_table(table_page: Page) -> None:
    start, table = StartScreen(table_page), TableScreen(table_page)
    start.choose_table("Standard")
    start.show_rules()
    start.rules.get_by_role("button", name=re.compile("usual rules")).click()
    start.option("Misere").uncheck()
    start.option("Target").select_option(label="1000")
    expect(start.rules.locator("summary")).to_have_text("Table rules (changed: misère off, game to 1000)")
    start.deal_button.click()
    words = "Rules: Standard (4 players, partners); changed: misère off, game to 1000"
    for tool in ("Scores", "Rules"):
        expect(table.open_dialog(tool).locator(".rules-words")).to_have_text(words)
        table.close_dialog()
    table.open_dialog("Menu").get_by_role("button", name="Share this deal").click()
    expect(table.dialog).to_contain_text("(Standard (4 players, partners); changed: misère off, game to 1000)")
    table_page.keyboard.press("Escape")
    expect(table.dialog).to_be_hidden()


def test_rules_help_at_the_table(table_page: Page) -> None:
    start, table = StartScreen(table_page), TableScreen(table_page)
    start.start(table="Cutthroat", deal="1-0-1")
    dialog = table.open_dialog("Rules")
    expect(dialog.get_by_role("heading", name="How this table plays")).to_be_visible()
    expect(dialog).to_contain_text("33 cards: ace down to 7 in every suit")
    expect(dialog).to_contain_text("Open misère (500 points)")
    table_page.keyboard.press("Escape")
    expect(table.dialog).to_be_hidden()
