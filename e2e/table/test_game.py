"""A whole game to its end, auto-played, checked against the engine; expert bots in the
browser; hints; the last trick."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from app.table.session import Session
from app.table.view import table_view
from engine.deal import DealCode
from engine.record import replay
from e2e.pages import GAME_TIMEOUT_MS, App, StartScreen, TableScreen
from e2e.scenarios import find, passer, settings_for
from e2e.site.test_layout import SHOTS


@pytest.mark.slow
def test_a_full_game_on_auto_play_matches_the_engine(table_page: Page) -> None:
    start, table = StartScreen(table_page), TableScreen(table_page)
    start.start(deal="1-1-500", autoplay=True, level="Easy")
    table.app.expect_turn("game-over", timeout=GAME_TIMEOUT_MS)

    record = table.export(table.panel.get_by_role("button", name="Export game"))
    match = replay(record)
    assert match.is_over
    rows = table.panel.locator("table.sheet tbody tr")
    expect(rows).to_have_count(len(match.sheet))
    for row, line in zip(rows.all(), match.sheet):
        totals = row.locator(".total").all_inner_texts()
        assert [int(t.replace("−", "-")) for t in totals] == list(line.totals)
    assert tuple(table.totals()) == match.totals

    session = Session(record["meta"]["settings"], DealCode.parse(record["hands"][0]["deal"]))
    session.match = match
    expect(table.panel.locator(".outcome")).to_have_text(table_view(session).outcome)
    expect(App(table_page).body).to_have_attribute("data-worker", "ready")  # the bots ran in the worker

    # the game is in the history, with its statistics; exported from there, then imported
    dialog = table.open_dialog("Menu")
    dialog.get_by_role("button", name="History & stats").click()
    expect(dialog.get_by_role("heading", name="History & stats")).to_be_visible()
    stats = dialog.locator("ul.stats li")
    expect(stats.first).to_have_text(re.compile(r"^Games won: \d+ of [1-9]"))
    expect(stats.last).to_have_text(re.compile(r"^Average points per hand: -?\d+\.\d over \d+ hands"))
    newest = dialog.locator("ol.games li").first
    expect(newest).to_contain_text(" to ".join(str(t) for t in match.totals))
    # the date, the table, the result and the last contract in words
    expect(newest).to_contain_text(re.compile(r"^\d{1,2} [A-Z][a-z]+ \d{4}, \d\d:\d\d, Standard \(4 players, partners\): "
                                              r"(won|lost) -?\d+ to -?\d+; last hand: [a-z ]+( by [A-Za-z-]+)?, (made|set)"))
    with table_page.expect_download() as info:
        newest.get_by_role("button", name="Export").click()
    assert replay(json.loads(Path(info.value.path()).read_text())).totals == match.totals
    dialog.get_by_label("Import a game file").set_input_files(info.value.path())
    expect(table_page.locator("#panel .app-notice")).to_contain_text("Game imported.")  # over the result
    table.app.expect_turn("game-over")
    assert tuple(table.totals()) == match.totals


def test_hint_and_last_trick(table_page: Page) -> None:
    scenario = find("standard", lambda s: True, passer)
    start, table = StartScreen(table_page), TableScreen(table_page)
    App(table_page).expect_worker_ready()
    start.start(deal=scenario.code)
    table.app.expect_turn("you")
    table.panel.get_by_role("button", name="Hint").click()
    expect(table.hint_note).to_have_text(re.compile(r"^Hint: (bid|pass)"), timeout=30_000)
    review = table.tool("Last trick")
    expect(review).to_be_disabled()  # no trick yet: and it looks it, hollow and dashed, not like a toggle on
    expect(review).to_have_css("border-top-style", "dashed")
    expect(review).to_have_css("background-color", "rgba(0, 0, 0, 0)")
    for step in scenario.plan:
        table.app.expect_turn("you")
        if review.is_enabled():
            break
        table.take(step)
    table.app.expect_turn("you")
    expect(table.trick).to_be_visible()
    review.click()
    expect(table.arena.locator(".trick-title")).to_have_text(re.compile(r"^Last trick: Trick \d+, won by "))
    expect(table.trick.locator(".trick-card")).to_have_count(4)
    review.click()
    expect(table.arena.locator(".trick-title")).not_to_contain_text("Last trick")


def test_settings_are_plain_data_in_the_record(table_page: Page) -> None:
    start, table = StartScreen(table_page), TableScreen(table_page)
    start.start(deal="1-0-abc", pace="0.3 s")
    table.app.expect_turn("you")
    record = table.export()
    assert record["hands"][0]["deal"] == "1-0-abc"
    assert record["meta"]["settings"] == {**settings_for(), "pace_ms": 300}


@pytest.mark.slow
def test_expert_bots_play_a_hand_in_the_worker(table_page: Page) -> None:
    """Three expert bots (the solver on sampled deals) play a whole hand in the browser."""
    start, table = StartScreen(table_page), TableScreen(table_page)
    App(table_page).expect_worker_ready()
    # auto-play goes straight on to the next hand: note every turn the page shows
    table_page.evaluate("""() => {
        window.turns = [];
        new MutationObserver(() => window.turns.push(document.body.dataset.turn))
            .observe(document.body, {attributes: true, attributeFilter: ["data-turn"]});
    }""")
    start.start(deal="1-1-500", autoplay=True, level="Expert")
    table_page.wait_for_function("window.turns.includes('hand-over')", timeout=GAME_TIMEOUT_MS)
    table_page.screenshot(path=SHOTS / "expert-hand.png")
    record = table.export()
    assert record["meta"]["settings"]["levels"][1:] == ["expert"] * 3
    first = replay(record).hands[0]  # every action legal, replayed by the engine
    assert first.is_over and len(first.tricks) in (0, 10)
    expect(App(table_page).body).to_have_attribute("data-worker", "ready")  # the bots ran there


@pytest.mark.probe("rapid input")
def test_next_hand_clicked_during_the_auto_play_pause_plays_on(table_page: Page) -> None:
    """Auto-play waits a moment after each hand: a click on Next hand then deals the next hand,
    and the bots bid it (the page used to sit on "West is bidding..." for ever)."""
    start, table = StartScreen(table_page), TableScreen(table_page)
    # the first time the hand is over, click Next hand at once: during the pause before auto-play's own
    table_page.evaluate("""() => {
        window.turns = [];
        new MutationObserver(() => {
            const turn = document.body.dataset.turn;
            window.turns.push(turn);
            if (turn === 'hand-over' && !window.clicked) {
                window.clicked = true;
                setTimeout(() => [...document.querySelectorAll('#panel button')]
                    .find(b => b.textContent === 'Next hand').click(), 0);
            }
        }).observe(document.body, {attributes: true, attributeFilter: ["data-turn"]});
    }""")
    # every seat passes the deal's first hand (thrown in at its auction's end): the pause after it
    # comes within seconds, not after a hand played at the pace
    start.start(deal="1-1-5k", pace="0.3 s", autoplay=True, level="Easy")
    table_page.wait_for_function("window.turns.filter(t => t === 'hand-over').length >= 2",
                                 timeout=GAME_TIMEOUT_MS)
    assert table_page.evaluate("window.clicked")
    assert len(replay(table.export()).hands) >= 2
