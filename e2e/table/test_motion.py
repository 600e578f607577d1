"""The table's motion and direct play (issue 15, items 1 and 3): cards travel from the hand
or the seat to the trick and the trick to its winner, and every animation ends on the table the
engine holds, no ghost left behind; a click during an animation acts at once; under reduced
motion nothing travels; a card dragged to the table is played, one dropped elsewhere goes back;
a finished trick can be kept on the table until the player taps it."""
from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, expect

from app.table.session import Session
from app.table.view import table_view
from engine.cards import Card
from e2e.pages import App, StartScreen, TableScreen
from e2e.scenarios import Scenario, bot_wins_first_trick, replayed

COUNT = """() => {  // count the animations started (Element.animate: web/motion.js's only way)
  if (window.motionStarted !== undefined) return;
  window.motionStarted = 0;
  const animate = Element.prototype.animate;
  Element.prototype.animate = function (...args) { window.motionStarted++; return animate.apply(this, args); };
}"""
STILL = """() => document.getAnimations().every((a) => a instanceof CSSAnimation || a instanceof CSSTransition)
  && !document.querySelector('.motion-layer > *')"""
"""No card travels and no ghost is left: the table as drawn (a seat's pulse is CSS)."""
TRAVELLING = "() => document.getAnimations().some((a) => !(a instanceof CSSAnimation || a instanceof CSSTransition))"
STILL_TIMEOUT_MS = 10_000


@pytest.fixture(scope="module")
def scenario() -> Scenario:
    return bot_wins_first_trick()


@pytest.fixture
def page(table_page: Page) -> Iterator[Page]:
    """The shared page, counting the animations it starts; set back to full motion after."""
    table_page.evaluate(COUNT)
    table_page.evaluate("() => { window.motionStarted = 0; }")
    yield table_page
    table_page.emulate_media(reduced_motion="no-preference")


def shown_trick(page: Page) -> list[str]:
    """The trick's cards as the page names them ('North: ten of spades'), without their states."""
    return [label.split(",")[0] for label in page.locator("#arena .trick-card").evaluate_all(
        "cards => cards.map((c) => c.getAttribute('aria-label'))")]


def engine_trick(session: Session) -> list[str]:
    return [f"{t.seat}: {t.card.label}" for t in table_view(session).trick.cards]


def still(page: Page) -> None:
    page.wait_for_function(STILL, timeout=STILL_TIMEOUT_MS)


@pytest.mark.slow
def test_every_animation_ends_on_the_table_the_engine_holds(page: Page, scenario: Scenario) -> None:
    app, table = App(page), TableScreen(page)
    StartScreen(page).start(deal=scenario.code, pace="1.2 s")
    plays = 0
    for _, step, session in replayed(scenario):
        app.expect_turn("you")
        still(page)
        assert shown_trick(page) == engine_trick(session)
        assert [c.split(",")[0] for c in table.cards.evaluate_all("cs => cs.map((c) => c.getAttribute('aria-label'))")] \
            == [c.label for c in table_view(session).hand]
        if plays == 6:  # the first trick (won by a bot, swept to it) and half the next one
            break
        plays += step[0] == "play"
        table.take(step)
    assert page.evaluate("window.motionStarted") > 20  # dealt, played, swept: they did travel


def test_a_click_during_an_animation_acts_at_once(page: Page, scenario: Scenario) -> None:
    table = TableScreen(page)
    StartScreen(page).start(deal=scenario.code, pace="2 s")
    page.wait_for_function(TRAVELLING, timeout=STILL_TIMEOUT_MS)  # the hand being dealt
    page.evaluate("""() => {
      window.atPress = null;
      addEventListener('pointerdown', () => {  // before the page's own listeners (on the document)
        window.atPress = document.getAnimations().filter((a) => !(a instanceof CSSAnimation || a instanceof CSSTransition)).length;
      }, {capture: true, once: true});
      addEventListener('pointerdown', () => { window.afterPress = document.getAnimations()
        .filter((a) => !(a instanceof CSSAnimation || a instanceof CSSTransition) && a.playState === 'running').length; },
        {once: true});
    }""")
    table.tool("Scores").click()
    expect(table.dialog.get_by_role("heading", name="Scores")).to_be_visible()
    assert page.evaluate("window.atPress") > 0  # the click came while cards travelled
    assert page.evaluate("window.afterPress") == 0  # and finished them at once
    assert page.evaluate(STILL)
    table.close_dialog()


def test_under_reduced_motion_nothing_travels(page: Page, scenario: Scenario) -> None:
    page.emulate_media(reduced_motion="reduce")
    app, table = App(page), TableScreen(page)
    StartScreen(page).start(deal=scenario.code, pace="1.2 s")
    for _, step, session in replayed(scenario):
        app.expect_turn("you")
        assert page.evaluate("document.getAnimations().length") == 0
        assert shown_trick(page) == engine_trick(session)
        if step[0] == "play":
            table.take(step)
            app.expect_turn("you")
            expect(page.locator("#arena .trick-card")).not_to_have_count(0)
            assert page.evaluate("document.getAnimations().length") == 0
            break
        table.take(step)
    assert page.evaluate("window.motionStarted") == 0


def drag(page: Page, card: str, to: str) -> None:
    """Press a card of the hand, carry it to the middle of the element ``to``, let go."""
    box = TableScreen(page).card(card).bounding_box()
    end = page.locator(to).bounding_box()
    assert box and end
    page.mouse.move(box["x"] + 12, box["y"] + 30)
    page.mouse.down()
    page.mouse.move(end["x"] + end["width"] / 2, end["y"] + end["height"] / 2, steps=8)
    page.mouse.up()


def test_a_card_dragged_to_the_table_is_played(page: Page, scenario: Scenario) -> None:
    app, table = App(page), TableScreen(page)
    StartScreen(page).start(deal=scenario.code, pace="2 s")  # the card stays in view before the bots follow
    step = next(step for step in scenario.plan if step[0] == "play")
    for s in scenario.plan[:scenario.plan.index(step)]:
        table.take(s)
    app.expect_turn("you")
    name = Card.parse(step[1]).name
    drag(page, name, "#top")  # off the table: it goes back to the hand
    app.expect_turn("you")
    expect(table.card(name)).to_be_visible()
    expect(page.locator("#arena .trick-card")).to_have_count(0)
    still(page)  # back in its place (it travelled there)
    drag(page, name, "#arena .center")
    expect(page.locator("#arena .trick-card").first).to_have_attribute("aria-label", re.compile(f"^South: {name}"))
    expect(table.card(name)).to_have_count(0)
    still(page)  # the card travelled from where it was dropped, and nothing is left over


def test_a_finished_trick_can_stay_until_the_player_taps(page: Page, scenario: Scenario) -> None:
    app, table = App(page), TableScreen(page)
    keep = "Keep a finished trick on the table until I tap it"
    StartScreen(page).start(deal=scenario.code, pace="No pause")
    menu = table.open_dialog("Menu")
    menu.get_by_role("checkbox", name=keep).check()
    expect(menu.get_by_role("checkbox", name=keep)).to_be_checked()
    table.close_dialog()
    first = scenario.session.hand.tricks[0]
    winner = Session(scenario.settings, scenario.session.match.first).seat_name(first.winner)
    for step in scenario.plan:
        table.take(step)
        if step[0] == "play":
            break
    title = page.locator("#arena .trick-title")
    expect(title).to_have_text(f"Trick 1, won by {winner}")  # no pause, and yet it stays
    go_on = page.get_by_role("button", name="Next trick")
    expect(go_on).to_be_visible()
    app.expect_turn("bot")
    expect(page.locator("#arena .trick-card")).to_have_count(4)
    page.locator("#arena .trick").click(position={"x": 5, "y": 5})  # a tap on the table goes on
    expect(title).to_have_text("Trick 2")
    expect(go_on).to_have_count(0)
    menu = table.open_dialog("Menu")
    menu.get_by_role("checkbox", name=keep).uncheck()
    expect(menu.get_by_role("checkbox", name=keep)).not_to_be_checked()
    table.close_dialog()
