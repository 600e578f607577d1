"""The two-handed table in the browser: a whole hand played from the hand and the piles, checked
against the engine, and the layout on a phone and a desktop.  Screenshots go to
screenshots/two-handed-*.png."""
from __future__ import annotations

import itertools
import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from app.table.answers import answer
from app.table.session import PLAYER, Session
from engine.cards import Card
from engine.deal import DealCode
from engine.observation import observe
from e2e.pages import HAND_OVER, StartScreen, TableScreen
from e2e.scenarios import Scenario, bidder, find, perform, seven_in_longest
from e2e.table.test_hand import expect_scores_match_engine
from e2e.site.test_layout import SHOTS, VIEWPORTS, check_layout, overlap

TABLE = "Two-handed"
CAPTIONS = ["You", "North", "Your piles", "North's piles"]


def declared_by_player() -> Scenario:
    """A hand the player bids and plays, North dealing (so South bids first)."""
    return find("two-handed", lambda s: s.session.hand.declarer == PLAYER, bidder(seven_in_longest), dealer=1,
                by_auction=True)


def expected_places(session: Session, seat: int) -> list[list[Any]]:
    """What a player's piles should show now, as TableScreen.pile_places reads them."""
    places = observe(session.hand, PLAYER).piles[seat]
    if not any(up is not None or down for up, down in places):
        return []
    return [[up.name if up is not None else "", down] for up, down in places]


def run_bots(session: Session) -> None:
    while session.state == "bot":
        request = session.bot_request()
        assert request is not None
        session.apply_bot(request, answer(request))


def test_a_whole_two_handed_hand_from_the_hand_and_the_piles(table_page: Page) -> None:
    scenario = declared_by_player()
    kinds = [kind for kind, _ in scenario.plan]
    assert "pile" in kinds and "play" in kinds
    start, table = StartScreen(table_page), TableScreen(table_page)
    start.start(table=TABLE, deal=scenario.code)
    table.app.expect_turn("you")
    expect(table.arena.locator(".seat")).to_have_count(2)
    expect(table.arena.locator(".piles")).to_have_count(2)
    expect(table.arena.get_by_role("group", name="North's piles: 5 face up, 5 face down")).to_be_visible()
    expect(table.arena.get_by_role("group", name="Your piles: 5 face up, 5 face down")).to_be_visible()
    expect(table.arena.locator(".piles button")).to_have_count(0)  # nothing to tap before play

    shadow = Session(scenario.settings, DealCode.parse(scenario.code))
    ways = itertools.cycle(["click", "twice", "keys"])
    turned_up = 0
    first_pile = kinds.index("pile")
    for i, step in enumerate(scenario.plan):
        run_bots(shadow)
        table.app.expect_turn("you")
        for seat, place in ((0, "south"), (1, "north")):
            assert table.pile_places(place) == expected_places(shadow, seat), (i, place)
        if step[0] == "discard":
            expect(table.cards).to_have_count(13)
            expect(table.hand.get_by_role("button", name=re.compile("from the kitty"))).to_have_count(3)
            assert [name for name, _ in table.pile_places("south")].count("") == 0  # the kitty is not for the piles
        if step[0] == "pile":
            expect(table.panel).to_contain_text("Your piles'")
            expect(table.panel).to_contain_text("Tap a face-up card of your piles")
            expect(table.arena.locator(".piles-south.to-act")).to_have_count(1)
            expect(table.hand.locator('.card:not([aria-disabled="true"])')).to_have_count(0)
            expect(table.arena.locator(".piles-north button")).to_have_count(0)
            if i == first_pile:  # the arrow keys move along the piles' face-up cards
                pile_cards = table.arena.locator(".piles-south .card")
                expect(pile_cards).to_have_count(5)  # none played yet
                pile_cards.first.focus()
                table_page.keyboard.press("ArrowRight")
                expect(pile_cards.nth(1)).to_be_focused()
                table_page.keyboard.press("ArrowLeft")
                expect(pile_cards.first).to_be_focused()
        if step[0] == "play" and shadow.hand.playable(shadow.piles):
            expect(table.arena.locator('.piles-south .card:not([aria-disabled="true"])')).to_have_count(0)
        if i == first_pile:
            refused = table.cards.first
            table.tap(refused, force=True)
            expect(table.notice).to_have_text(re.compile("^You can't play the .*: it is your piles' turn"))
        hand = shadow.hand
        before = len(hand.tricks)
        perform(shadow, step)
        table.take(step, next(ways) if step[0] in ("play", "pile") else "click")
        if len(hand.tricks) > before and shadow.piles in hand.tricks[-1].positions:
            played = hand.tricks[-1].cards[hand.tricks[-1].positions.index(shadow.piles)]
            turned_up += played in hand.under  # the card beneath it is face up now
    table.app.expect_turn(HAND_OVER)
    assert turned_up > 0
    expect(table.arena.locator(".piles")).to_have_count(0)  # every pile card played
    expect(table.trick.locator(".trick-card")).to_have_count(4)
    assert sorted(table.trick.locator(".trick-who").all_inner_texts()) == sorted(CAPTIONS)
    expect(table.arena.locator(".trick-title")).to_contain_text(re.compile(r"^Trick 10, won by "))
    expect_scores_match_engine(table, scenario)


def check_two_handed_layout(page: Page, name: str) -> None:
    """The table's layout checks, and the piles' places and the trick's cards clear of everything else."""
    check_layout(page, name)
    boxes = page.evaluate("""() => {
      const boxes = [];
      const add = (selector, group) => document.querySelectorAll(selector).forEach((el) => {
        const r = el.getBoundingClientRect();
        if (r.width && r.height && el.checkVisibility()) boxes.push({group, name: el.className,
          left: r.left, top: r.top, right: r.right, bottom: r.bottom});
      });
      add("#arena .pile", "pile");
      add("#arena .trick-card", "trick");
      add("#arena .seat, #arena .trick-title, #arena .auction, #panel, #hand .card", "other");
      return boxes;
    }""")
    clashes = [(a["name"], b["name"]) for i, a in enumerate(boxes) for b in boxes[i + 1:]
               if not a["group"] == b["group"] == "other" and overlap(a, b) > 1]
    assert clashes == [], f"{name}: overlapping: {clashes}"


@pytest.mark.parametrize("device", list(VIEWPORTS))
def test_two_handed_table_fits_phone_and_desktop(table_page: Page, device: str) -> None:
    table_page.set_viewport_size(VIEWPORTS[device])
    try:
        scenario = declared_by_player()
        start, table = StartScreen(table_page), TableScreen(table_page)
        start.start(table=TABLE, deal=scenario.code)
        table.app.expect_turn("you")
        check_two_handed_layout(table_page, f"two-handed-{device}-1-auction")
        shots = {"discard": 2, "pile": 3, "play": 4}  # the kitty, then a play of each kind mid-hand
        for i, (kind, value) in enumerate(scenario.plan):
            number = shots.pop(kind, None) if kind == "discard" or i >= 6 else None
            if number is None:
                table.take((kind, value))
            elif kind == "discard":
                table.app.expect_turn("you")
                table.tap(table.cards.nth(3))
                check_two_handed_layout(table_page, f"two-handed-{device}-{number}-kitty")
                table.tap(table.cards.nth(3))
                table.take((kind, value))
            else:  # a card selected, then played
                table.app.expect_turn("you")
                name = Card.parse(value).name
                table.tap(table.pile_card(name) if kind == "pile" else table.card(name))
                check_two_handed_layout(table_page, f"two-handed-{device}-{number}-{kind}")
                table.play_button.click()
        assert shots == {}
        table.app.expect_turn(HAND_OVER)
        check_two_handed_layout(table_page, f"two-handed-{device}-5-hand-over")
        table.open_dialog("Rules")
        expect(table.dialog).to_contain_text("five piles of two cards")
        table_page.screenshot(path=SHOTS / f"two-handed-{device}-6-rules.png")
        table.close_dialog()
    finally:
        table_page.set_viewport_size(VIEWPORTS["phone"])
