"""The French Canadian game in the browser: its preset on the start screen, both jokers
drawn apart and named, a hand of it played by the player to a score on the sheet."""
from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page, expect

from app.table.session import PLAYER
from engine.cards import JOKER, SECOND_JOKER, Card
from engine.deal import deal
from engine.rules import PRESETS
from e2e.pages import StartScreen, TableScreen
from e2e.scenarios import Scenario, Step, bidder, find, seven_in_longest

FC = PRESETS["french-canadian"]
SHOTS = Path(__file__).resolve().parents[2] / "screenshots"  # not test-results/: pytest-playwright empties it


def both_jokers() -> Scenario:
    """A deal where South holds both jokers, opens seven in the longest suit, declares and
    plays the hand out."""
    return find("french-canadian", lambda s: s.session.hand.declarer == PLAYER
                and s.session.hand.result is not None, bidder(seven_in_longest),
                pre=lambda rules, code: {JOKER, SECOND_JOKER} <= set(deal(rules, code).hands[PLAYER]),
                auction=lambda s: s.session.hand.declarer == PLAYER)


def take(table: TableScreen, step: Step) -> None:
    """A planned step; a joker is tapped by its name at this table ('white joker')."""
    kind, value = step
    if kind == "lead-joker":
        joker, suit = value.split(":")
        table.app.expect_turn("you")
        table.lead_joker(table.card(FC.deck.card_name(Card.parse(joker))), suit)
    elif kind == "play" and Card.parse(value).is_joker:
        table.app.expect_turn("you")
        table.tap(table.card(FC.deck.card_name(Card.parse(value))))
        table.play_button.click()
    else:
        table.take(step)


def test_french_canadian_hand_with_both_jokers_to_a_score(table_page: Page) -> None:
    found = both_jokers()
    start, table = StartScreen(table_page), TableScreen(table_page)
    expect(start.deal_button).to_be_visible()
    start.choose_table("French Canadian")
    expect(start.table.locator("option:checked")).to_have_text(
        "French Canadian (two jokers, kitty of six, to 1000)")
    for select in start.root.locator("fieldset.bots select").all():
        select.select_option(label="Normal")
    start.pace.select_option(label="No pause")
    start.autoplay.set_checked(False)
    start.deal_code.fill(found.code)
    start.show_rules()
    expect(start.option("Failed bids score to the defenders")).to_be_checked()
    expect(start.rules).to_contain_text("Points are never subtracted")
    start.deal_button.click()
    take(table, found.plan[0])  # the bid
    kitty = [s for s in found.plan if s[0] == "discard"]
    table.app.expect_turn("you")
    expect(table.card("white joker")).to_be_visible()
    expect(table.card("black joker")).to_be_visible()
    expect(table.hand.locator("svg.cf.joker.white")).to_have_count(1)
    expect(table.hand.locator("svg.cf.joker.black")).to_have_count(1)
    SHOTS.mkdir(exist_ok=True)
    table_page.screenshot(path=str(SHOTS / "french-canadian-hand.png"))
    table.card("white joker").screenshot(path=str(SHOTS / "french-canadian-white-joker.png"))
    table.card("black joker").screenshot(path=str(SHOTS / "french-canadian-black-joker.png"))
    assert kitty and len(kitty[0][1].split()) == 6  # a kitty of six put back
    for step in found.plan[1:]:
        take(table, step)
    result = found.session.hand.result
    assert result is not None
    table.app.expect_turn("hand-over")
    expect(table.panel).to_contain_text(result.describe(FC).split(":")[0])
    assert table.totals() == list(found.session.match.totals)
    expect(table.open_dialog("Rules")).to_contain_text(
        "the white joker (“la blanche”) ranks above the black joker")
    table.close_dialog()
