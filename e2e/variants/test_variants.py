"""The variants of RULES.md's "later" list, each played on its start screen option; a
Trickster Cards PTN record imported."""
from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Page, expect

from engine.ptn import SAMPLE
from e2e.pages import StartScreen, TableScreen
from e2e.scenarios import Scenario, bidder, declared, find

SET_RULE = "standard,set_rule=on"


def set_scenario() -> Scenario:
    """A deal where South opens 8NT, keeps it and is set (six tricks or fewer)."""
    def set_in_8nt(scenario: Scenario) -> bool:
        result = scenario.session.hand.result
        return declared(scenario, "8NT") and result is not None and result.declarer_set

    return find(SET_RULE, set_in_8nt, bidder(lambda s: "bid 8NT"), seeds=range(1, 2000))


def test_the_set_rule_bars_the_set_player_from_the_next_auction(table_page: Page) -> None:
    found = set_scenario()
    table = TableScreen(table_page)
    StartScreen(table_page).start_with_rule(found.code, "Set rule", "set rule on")
    for step in found.plan:
        table.take(step)
    expect(table.panel).to_contain_text("set: the declarer may not bid next hand")
    table.next_hand.click()
    table.app.expect_turn("you")
    expect(table.panel).to_contain_text("You were set last hand (the set rule): you may only pass.")
    expect(table.panel.get_by_role("button", name=re.compile(r"^(Bid|Misère|6|7|8|9|10)"))).to_have_count(0)
    expect(table.bid_button("pass")).to_be_visible()
    expect(table.open_dialog("Rules")).to_contain_text("Set rule: a declarer set by one trick more")
    table.close_dialog()
    table.bid_button("pass").click()
    table.app.expect_turn(re.compile("^(you|bot|hand-over)$"))


NOTICE = "#app .app-notice >> visible=true"


def import_file(page: Page, path: Path) -> None:
    """Import a file from History & stats, as a player does."""
    table = TableScreen(page)
    dialog = table.open_dialog("Menu")
    dialog.get_by_role("button", name="History & stats").click()
    dialog.get_by_label("Import a game file").set_input_files(path)


def test_a_ptn_record_imports_to_review_and_unsupported_ones_say_why(table_page: Page,
                                                                    tmp_path: Path) -> None:
    start, table = StartScreen(table_page), TableScreen(table_page)
    start.start(deal="1-3-1")
    table.app.expect_turn(re.compile("^(you|bot)$"))
    bridge = tmp_path / "bridge.ptn"
    bridge.write_text('[Event "A bridge game"]\n[GameCode "Bridge"]\n')
    import_file(table_page, bridge)
    expect(table_page.locator(NOTICE)).to_contain_text(
        "That file could not be imported: the PTN record does not replay here "
        "(not a record of 500: the game is 'Bridge')")
    record = tmp_path / "trickster.ptn"
    record.write_text(SAMPLE)
    import_file(table_page, record)
    expect(table_page.locator(NOTICE)).to_contain_text("Game imported.")
    table.app.expect_turn("game-over")
    assert table.totals() == [340, 510]  # the record's GameScores, after its last hand
    expect(table.panel).to_contain_text("Six clubs")
