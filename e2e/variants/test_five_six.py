"""Five and six at the table: the partner picker and the partner revealed when the called card is
played, the six-handed deck and its doubled-cards option, misère with the partners' hands laid
down; whole hands checked against the engine; the layouts of five and six seats on a phone and a
desktop (screenshots in screenshots/, no overlaps)."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from app.html.cards import card_name
from app.table.help import rules_words
from app.table.partners import called_played
from app.table.session import PLAYER
from engine.cards import ELEVEN, SUIT_NAMES, THIRTEEN, TWELVE, Card
from engine.deal import DealCode
from engine.observation import observe
from engine.rules import Rules
from engine.seats import seat_name
from e2e.pages import HAND_OVER, StartScreen, TableScreen
from e2e.scenarios import Scenario, bidder, find, passer, replayed, seven_in_longest, shown_hand
from e2e.table.test_hand import expect_scores_match_engine
from e2e.site.test_layout import SHOTS, VIEWPORTS, check_layout

TITLES = {"five-handed": "Five-handed", "six-handed": "Six-handed, two teams", "six-handed-pairs": "Six-handed, three teams"}
DEALER = {"five-handed": 4, "six-handed": 5, "six-handed-pairs": 5}
"""East or South-East deals: South bids first."""


def declarer_with_partner(scenario: Scenario) -> bool:
    """The player won the auction, called a card, and another seat holds it."""
    hand = scenario.session.hand
    return hand.declarer == PLAYER and hand.called is not None and hand.partner != PLAYER


def player_declares(table: str) -> Scenario:
    """The player wins the auction (and at five calls a partner)."""
    return find(table, lambda s: s.session.hand.declarer == PLAYER and
                (table != "five-handed" or declarer_with_partner(s)), bidder(seven_in_longest), dealer=DEALER[table],
                auction=lambda s: s.session.hand.declarer == PLAYER)


def misere(table: str) -> Scenario:
    """A bot wins the auction with a misère."""
    def wanted(scenario: Scenario) -> bool:
        contract = scenario.session.hand.contract
        return contract is not None and contract.is_misere
    return find(table, wanted, passer, dealer=DEALER[table], seeds=range(1, 400), by_auction=True)


def test_five_handed_call_a_partner_through_the_picker(table_page: Page) -> None:
    scenario = player_declares("five-handed")
    called, partner = scenario.session.hand.called, scenario.session.hand.partner
    assert called is not None
    partner_seat = TableScreen(table_page).seat(seat_name(5, partner))
    start, table = StartScreen(table_page), TableScreen(table_page)
    start.start(table=TITLES["five-handed"], deal=scenario.code)
    table.app.expect_turn("you")
    expect(table.arena.locator(".seat")).to_have_count(5)
    expect(table.side_totals).to_have_count(5)
    for _, step, session in replayed(scenario):
        table.app.expect_turn("you")
        if step[0] == "call":
            legal = [a.called_card for a in session.hand.legal_actions() if a.called_card is not None]
            cells = table.call_picker.get_by_role("button")
            expect(cells).to_have_count(len(legal))
            expect(cells.first).to_be_focused()  # the strongest card: the one the plan calls
            expect(cells.first).to_have_accessible_name(card_name(called))
            held = session.hand.hand_of(PLAYER)[0]
            expect(table.call_picker.get_by_role("button", name=card_name(held), exact=True)).to_have_count(0)
            expect(table.panel.get_by_role("button", name="Play alone")).to_be_visible()
            expect(table.panel.get_by_role("button", name="Call a card")).to_be_disabled()
            suits = table.call_picker.get_by_role("group")  # arrows: along a suit, to the suit below, above
            trumps = SUIT_NAMES[session.hand.contract.denomination]  # type: ignore[union-attr]
            expect(suits.first).to_have_accessible_name(f"Trumps: {trumps}")
            cells.first.press("ArrowDown")
            expect(suits.nth(1).get_by_role("button").first).to_be_focused()
            table_page.keyboard.press("ArrowRight")
            expect(suits.nth(1).get_by_role("button").nth(1)).to_be_focused()
            table_page.keyboard.press("ArrowUp")
            expect(suits.first.get_by_role("button").nth(1)).to_be_focused()
            table.take(step, "keys")
            continue
        if step[0] == "play":
            expect(table.top).to_contain_text("You bid seven")
            if called.is_joker:  # no suit symbol to draw: the word
                expect(table.top).to_contain_text("calling the joker")
            else:
                expect(table.top.get_by_role("img", name=card_name(called))).to_be_visible()
            expect(table.seat("South")).to_contain_text("Bidder")
            if called_played(observe(session.hand, PLAYER)):
                expect(partner_seat.locator(".role-tag")).to_have_text("Partner")
                expect(table.top).to_contain_text(f"{seat_name(5, partner)} holds it: your partner.")
            else:  # secret until the card is played
                expect(table.arena.locator(".role-tag.partner")).to_have_count(0)
                expect(table.top).to_contain_text("Whoever holds it is your partner, secret until it is played.")
        table.take(step)
    table.app.expect_turn(HAND_OVER)
    expect(partner_seat.locator(".role-tag")).to_have_text("Partner")
    expect(table.panel).to_contain_text(f"You and {seat_name(5, partner)} were partners: each scores half the bid.")
    expect_scores_match_engine(table, scenario)
    sheet = table.open_dialog("Scores")
    expect(sheet.locator("tbody tr").first).to_contain_text(f"South & {seat_name(5, partner)}")
    table.close_dialog()


def test_six_handed_whole_hand_with_the_63_card_deck(table_page: Page) -> None:
    scenario = player_declares("six-handed")
    start, table = StartScreen(table_page), TableScreen(table_page)
    start.start(table=TITLES["six-handed"], deal=scenario.code)
    table.app.expect_turn("you")
    expect(table.arena.locator(".seat")).to_have_count(6)
    expect(table.top.locator(".side-name")).to_have_text(["You & North-West & North-East",
                                                            "South-West & North & South-East"])
    first = next(replayed(scenario))[2]
    names = [card_name(c) for c in shown_hand(first)]  # 13, 12, 11 between the queen and the 10
    assert any(c.rank in (ELEVEN, TWELVE, THIRTEEN) for c in shown_hand(first))
    expect(table.cards).to_have_count(len(names))
    assert table.cards.evaluate_all("cards => cards.map((c) => c.getAttribute('aria-label'))") == names
    for step in scenario.plan:
        table.take(step)
    table.app.expect_turn(HAND_OVER)
    expect_scores_match_engine(table, scenario)


def test_six_handed_doubled_cards(table_page: Page) -> None:
    """The doubled-cards deck option: a second copy is named and marked apart; a whole hand."""
    rules = "six-handed,deck=63-doubled"
    scenario = find(rules, lambda s: s.session.hand.declarer == PLAYER and any(
        c.is_copy for c in s.session.hand.deal.hands[PLAYER]), bidder(seven_in_longest), dealer=DEALER["six-handed"],
        by_auction=True)
    start, table = StartScreen(table_page), TableScreen(table_page)
    start.choose_table(TITLES["six-handed"])
    start.show_rules()
    start.option("Deck").select_option("63-doubled")
    try:
        start.start(table=TITLES["six-handed"], deal=scenario.code)
        table.app.expect_turn("you")
        expect(table.open_dialog("Rules")).to_contain_text(f"Rules: {rules_words(Rules.parse(rules))}")
        table.close_dialog()
        copies = [c for c in scenario.session.hand.deal.hands[PLAYER] if c.is_copy]
        for c in copies:
            expect(table.card(card_name(c))).to_have_count(1)
        expect(table.hand.locator("svg.copy")).to_have_count(len(copies))
        for step in scenario.plan:
            table.take(step)
        table.app.expect_turn(HAND_OVER)
        expect_scores_match_engine(table, scenario)
    finally:  # the next game starts from the table's usual rules
        if table_page.locator("body").get_attribute("data-turn") != "start":
            table.new_game()
        start.root.get_by_role("button", name="Back to the table’s usual rules").click()


def test_six_handed_misere_partners_lay_their_hands_down(table_page: Page) -> None:
    """North-East bids misère: the player and North-West sit out, their hands laid down."""
    scenario = misere("six-handed")
    hand = scenario.session.hand
    out = [seat_name(6, s) for s in range(6) if not hand.active[s]]
    assert len(out) == 2 and out[0] == "South"
    start, table = StartScreen(table_page), TableScreen(table_page)
    start.start(table=TITLES["six-handed"], deal=scenario.code, pace="0.3 s")
    for step in scenario.plan:
        table.take(step)
    expect(table.trick.locator(".trick-card")).not_to_have_count(0, timeout=30_000)
    expect(table.top).to_contain_text(f"{seat_name(6, hand.declarer)} bids misere (250), to take no trick.")
    expect(table.top).to_contain_text(f"You and {out[1]} sit out, their hands laid down.")
    for name in out:
        expect(table.seat(name)).to_contain_text("Sitting out")
    other = table.seat(next(name for name in out if name != "South"))
    expect(other.get_by_role("img", name=re.compile("laid down: sitting out"))).to_be_visible()
    expect(table.panel).to_contain_text(f"{seat_name(6, hand.declarer)}'s misère: you sit out, your hand laid down.")
    expect(table.hand.get_by_role("group", name=re.compile("laid down: you sit out"))).to_be_visible()
    check_layout(table_page, "phone-six-handed-misere")
    table.set_pace()  # the rest of the hand at once: the pause was to see it in progress
    table.app.expect_turn(HAND_OVER, timeout=120_000)
    expect_scores_match_engine(table, scenario)


LAYOUTS = [(device, table) for table in TITLES for device in VIEWPORTS]


def fullest_trick(scenario: Scenario) -> int:
    """The index in the plan of the player's first play onto the fullest trick."""
    sizes = {index: len(session.hand.trick_cards) for index, step, session in replayed(scenario) if step[0] == "play"}
    return max(sizes, key=lambda i: (sizes[i], -i))


@pytest.mark.parametrize("device, table", LAYOUTS, ids=[f"{d}-{t}" for d, t in LAYOUTS])
def test_five_and_six_seats_fit_phone_and_desktop(table_page: Page, device: str, table: str) -> None:
    """The auction, the partner picker, a card selected before the last play to a trick, the
    result (its score the engine's) and the score sheet: nothing overlaps or leaves the screen."""
    table_page.set_viewport_size(VIEWPORTS[device])
    try:
        scenario = player_declares(table)
        shot, selected = f"{device}-{table}", fullest_trick(scenario)
        start, screen = StartScreen(table_page), TableScreen(table_page)
        start.start(table=TITLES[table], deal=scenario.code)
        screen.app.expect_turn("you")
        check_layout(table_page, f"{shot}-1-auction")
        for index, step in enumerate(scenario.plan):
            screen.app.expect_turn("you")
            if step[0] == "call":
                check_layout(table_page, f"{shot}-2-call")
            if index == selected:
                screen.tap(screen.card(Card.parse(step[1]).name))
                check_layout(table_page, f"{shot}-3-play")
                screen.play_button.click()
                continue
            screen.take(step)
        screen.app.expect_turn("hand-over")
        check_layout(table_page, f"{shot}-4-hand-over")
        expect_scores_match_engine(screen, scenario)
        screen.open_dialog("Scores")
        table_page.screenshot(path=SHOTS / f"{shot}-5-scores.png")
        screen.close_dialog()
    finally:
        table_page.set_viewport_size(VIEWPORTS["phone"])


def test_the_dealer_to_act_keeps_its_heading_on_a_phone(table_page: Page) -> None:
    """Six-handed at 390 px: South-East deals and is to act, with the dealer chip and the
    thinking dot: its heading stays inside its seat and on the screen."""
    start, table = StartScreen(table_page), TableScreen(table_page)
    start.start(table=TITLES["six-handed"], deal=str(DealCode(1, DEALER["six-handed"])), pace="2 s")
    table.app.expect_turn("you")
    table.bid_button("pass").click()
    seat = table.seat("South-East")
    expect(seat).to_have_class(re.compile(r"\bto-act\b"), timeout=60_000)
    expect(seat.locator(".chip")).to_be_visible()
    boxes = seat.evaluate("""(seat) => [seat, ...seat.querySelectorAll('.seat-head > *, .thinking')]
        .map((el) => { const r = el.getBoundingClientRect(); return [r.left, r.right, innerWidth]; })""")
    (left, right, width), parts = boxes[0], boxes[1:]
    assert 0 <= left and right <= width, boxes
    assert all(left - 1 <= l and r <= right + 1 for l, r, _ in parts), boxes
    check_layout(table_page, "phone-six-handed-dealer-to-act")
