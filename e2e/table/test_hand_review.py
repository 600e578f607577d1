"""The hand review: opened after a hand and from History, stepped trick by trick by keyboard
and by Play, its numbers those of the Python solver on the same record, axe-clean."""
from __future__ import annotations

import json
import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from app.review.review import Review
from app.table.answers import answer
from bots.review import start_of_play
from bots.solver import Solver
from engine.deal import DealCode
from engine.record import to_record
from app.table.session import PLAYER
from e2e.pages import App, StartScreen, TableScreen
from e2e.scenarios import bidder, find, seven_in_longest
from e2e.site.test_axe import violations
from e2e.site.test_layout import SHOTS, VIEWPORTS

ANALYSIS_TIMEOUT_MS = 180_000  # the whole hand's analysis in the worker, on a machine shared by many jobs
SCENARIO = find("standard", lambda s: s.session.hand.declarer == PLAYER, bidder(seven_in_longest), by_auction=True)


def analysed(record: dict[str, Any], number: int = -1) -> Review:
    """The review of a record's hand with every piece answered here, in CPython."""
    review = Review(record, number)
    while (request := review.request()) is not None:
        review.take(request, answer(request))
    return review


def expect_analysis(dialog: Locator, review: Review) -> None:
    """The dialog shows the analysis of ``review``, piece for piece, once it is complete."""
    expect(dialog.locator(".review-progress")).to_have_text("Analysis complete.", timeout=ANALYSIS_TIMEOUT_MS)
    view = review.view()
    hand = review.hand
    dd = Solver(start_of_play(hand)).tricks()
    assert f"could have taken {dd} trick" in view.summary
    expect(dialog.locator(".review-summary")).to_have_text(view.summary)
    expect(dialog.locator(".review-lines li")).to_have_text([line.text for line in view.lines])
    expect(dialog.locator(".review-contracts li")).to_have_text([f"{c.side}: {c.text}"
                                                                 for c in view.contracts])
    if view.turning:
        expect(dialog.locator(".review-turning")).to_have_text(view.turning)
    expect(dialog.locator(".review-others li")).to_have_text([line.text for cards in view.others for line in cards.lines])
    expect(dialog.locator(".review-deal")).to_have_text([view.auction, view.kitty])


@contextmanager
def hand_played(browser: Browser, site_url: str, viewport: str, pace: str = "No pause") -> Iterator[tuple[Page, TableScreen]]:
    """A new page at ``viewport`` where the scenario's hand has been played to its end."""
    context = browser.new_context(base_url=site_url, viewport=VIEWPORTS[viewport], bypass_csp=True,
                                  accept_downloads=True)
    try:
        page = context.new_page()
        app, start, table = App(page), StartScreen(page), TableScreen(page)
        app.open()
        app.expect_ready()
        start.start(deal=SCENARIO.code, pace=pace)
        for step in SCENARIO.plan:
            table.take(step)
        app.expect_turn("hand-over")
        yield page, table
    finally:
        context.close()


def test_the_review_after_a_hand_steps_trick_by_trick_with_the_solvers_numbers(browser: Browser,
                                                                              site_url: str) -> None:
    with hand_played(browser, site_url, "phone") as (page, table):
        record = table.export()
        assert record["hands"] == to_record(SCENARIO.session.match)["hands"]  # the hand simulated here
        dialog = table.dialog
        review_button = table.panel.get_by_role("button", name="Review this hand")
        review_button.focus()
        page.keyboard.press("Enter")
        expect(dialog.get_by_role("heading", name="Hand review")).to_be_visible()
        review = analysed(record)
        expect(dialog.locator(".review-title")).to_have_text(review.view().title)
        expect_analysis(dialog, review)
        found = violations(page, "hand review")

        # by keyboard: Next trick has the focus; each step shows the trick and the hands left
        next_trick = dialog.get_by_role("button", name="Next trick")
        expect(next_trick).to_be_focused()
        for step in (1, 2):
            page.keyboard.press("Enter")
            review.go(step)
            trick = review.view().trick
            assert trick is not None
            expect(dialog.locator(".review-trick-title")).to_have_text(trick.title)
            expect(dialog.locator(".review-step")).to_have_text(f"Trick {step} of 10")
            played = dialog.locator(".review-played")  # the trick's cards, each before its player
            expect(played).to_have_count(4)
            for i, c in enumerate(trick.cards):
                expect(played.nth(i)).to_have_attribute("aria-label", f"{c.who}: {c.card.label}"
                                                        + (", won the trick" if c.winner else ""))
            expect(dialog.locator(".review-played.winner")).to_have_count(1)
        seats = dialog.locator(".review-seat")  # every hand face up in its place, after two tricks
        expect(seats).to_have_count(4)
        expect(seats.first.locator("[role=img]")).to_have_count(8)
        expect(dialog.locator(".review-seat.at-north [role=img]")).to_have_count(8)
        dialog.get_by_role("button", name="Back").click()
        expect(dialog.locator(".review-step")).to_have_text("Trick 1 of 10")
        dialog.get_by_role("button", name="Play").click()
        expect(dialog.locator(".review-step")).to_have_text("Trick 3 of 10")
        dialog.get_by_role("button", name="Pause").click()
        expect(dialog.get_by_role("button", name="Play")).to_be_visible()
        found += violations(page, "hand review, a trick shown")
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=SHOTS / "phone-review.png", full_page=True)
        dialog.locator(".review-analysis").screenshot(path=SHOTS / "phone-review-analysis.png")
        page.keyboard.press("Escape")
        expect(dialog).to_be_hidden()
    assert found == [], "\n".join(found)


FIRST_PROGRESS = """() => new MutationObserver((_, observer) => {
  const progress = document.querySelector(".review-progress");
  if (progress) { window.firstProgress = progress.textContent; observer.disconnect(); }
}).observe(document.body, { childList: true, subtree: true })"""
"""Keeps the review's progress as it is first drawn, in ``window.firstProgress``."""


FIRST_PROGRESS_OF = """(title) => { window.firstProgress = null; new MutationObserver((_, observer) => {
  const progress = document.querySelector(".review-progress");
  if (progress && document.querySelector(".review-title")?.textContent === title) {
    window.firstProgress = progress.textContent; observer.disconnect();
  }
}).observe(document.body, { childList: true, subtree: true, characterData: true }); }"""
"""Keeps the review's progress as first drawn for the hand of that title, in ``window.firstProgress``."""


@pytest.mark.slow
def test_the_review_after_a_hand_opens_with_its_analysis_worked_out_during_the_play(
        browser: Browser, site_url: str) -> None:
    """While the player thinks and the bots pause, the worker works out the hand's review so
    far: opened at once after the last card, the review shows the analysis done but for the
    last tricks (the player's Review button is pressed as soon as it shows), then complete."""
    with hand_played(browser, site_url, "desktop", pace="0.3 s") as (page, table):
        page.evaluate(FIRST_PROGRESS)
        table.panel.get_by_role("button", name="Review this hand").click()
        dialog = table.dialog
        expect(dialog.locator(".review-progress")).to_be_visible()
        first = page.evaluate("window.firstProgress")  # as the review was first drawn
        review = analysed(SCENARIO.session.record())  # the hand played here (the test above checks the record)
        pieces = len(review.pieces)
        done = pieces if first == "Analysis complete." else int(re.search(r"(\d+) of", first).group(1))  # type: ignore[union-attr]
        assert done >= pieces - 2, first  # the figure, both contracts, the tricks but the last one or two
        expect_analysis(dialog, review)


def test_a_finished_game_in_history_is_reviewed_hand_by_hand(table_page: Page, tmp_path: Path) -> None:
    from tests.app.test_view import whole_game
    session = whole_game(DealCode(11, 0))
    record = {**to_record(session.match), "meta": {"settings": session.settings}}
    game = tmp_path / "game.json"
    game.write_text(json.dumps(record))
    table = TableScreen(table_page)
    table_page.get_by_role("button", name="History & stats").click()
    table.dialog.get_by_label("Import a game file").set_input_files(str(game))
    table.app.expect_turn("game-over")
    dialog = table.open_dialog("Menu")
    dialog.get_by_role("button", name="History & stats").click()
    newest = dialog.locator("ol.games li").first
    newest.get_by_role("button", name=re.compile("^Review")).click()
    expect(dialog.get_by_role("heading", name="Hand review")).to_be_visible()
    hands = len(session.match.hands)
    expect(dialog.locator(".review-hands")).to_contain_text(f"Hand {hands} of {hands}")
    dialog.get_by_role("button", name="Previous hand").click()
    expect(dialog.locator(".review-hands")).to_contain_text(f"Hand {hands - 1} of {hands}")
    review = analysed(session.record(), hands - 2)
    expect(dialog.locator(".review-title")).to_have_text(review.view().title)
    if review.reviewable:
        expect_analysis(dialog, review)
    table.close_dialog()


def test_a_reviewed_games_hands_open_complete_the_one_before_and_after_a_reload(
        browser: Browser, site_url: str, tmp_path: Path) -> None:
    """While the player looks at a hand's review from History, the hand before it is worked
    out, and opens complete; a hand's analysis once worked out is kept in the browser's
    storage: after a reload its review opens complete as first drawn, nothing searched again."""
    from tests.app.test_view import whole_game
    session = whole_game(DealCode(11, 0))
    game = tmp_path / "game.json"
    game.write_text(json.dumps({**to_record(session.match), "meta": {"settings": session.settings}}))
    last, before = analysed(session.record()), analysed(session.record(), -2)
    assert last.reviewable and before.reviewable
    context = browser.new_context(base_url=site_url, viewport=VIEWPORTS["desktop"], bypass_csp=True)
    kept = "() => Object.keys(localStorage).filter((k) => k.includes('#review/')).length"
    try:
        page = context.new_page()
        app, table = App(page), TableScreen(page)
        dialog = table.dialog
        app.open()
        app.expect_ready()
        page.get_by_role("button", name="History & stats").click()
        dialog.get_by_label("Import a game file").set_input_files(str(game))
        app.expect_turn("game-over")
        for opened in range(2):
            if opened:  # a reload: the worker starts afresh, with what the browser kept
                page.reload()
                app.expect_ready()
            if page.locator("body").get_attribute("data-turn") == "start":
                page.get_by_role("button", name="History & stats").click()
            else:
                table.open_dialog("Menu").get_by_role("button", name="History & stats").click()
            page.evaluate(FIRST_PROGRESS_OF, last.view().title)
            dialog.locator("ol.games li").first.get_by_role("button", name=re.compile("^Review")).click()
            expect(dialog.get_by_role("heading", name="Hand review")).to_be_visible()
            expect_analysis(dialog, last)
            if opened:
                assert page.evaluate("window.firstProgress") == "Analysis complete."
            page.wait_for_function(f"() => ({kept})() >= 2", timeout=ANALYSIS_TIMEOUT_MS)  # the hand before's too
            page.evaluate(FIRST_PROGRESS_OF, before.view().title)
            dialog.get_by_role("button", name="Previous hand").click()
            expect(dialog.locator(".review-title")).to_have_text(before.view().title)
            expect_analysis(dialog, before)
            assert page.evaluate("window.firstProgress") == "Analysis complete."
            table.close_dialog()
        # at least these two: while the player reads the hand before, the worker works ahead on the
        # one before that, and keeps it too once done (on a loaded machine, sooner or later)
        assert page.evaluate(kept) >= 2
    finally:
        context.close()
