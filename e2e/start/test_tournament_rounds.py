"""A tournament: started from the start screen, a whole round of four hands on auto-play, the
standings checked against the same tournament simulated here with the page's bots, resumed after
a reload (at the standings and in the middle of the next round), and the standings screen on a
phone and a desktop (screenshots in screenshots/, no overlaps)."""
from __future__ import annotations

import json
import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from app.html.cards import minus
from app.html.tags import points
from app.store.saves import GAME, TAB_GAME, dump_save, scope
from app.table.answers import answer
from app.table.settings import HUMAN, TOURNAMENT, default_settings
from app.tournament.session import TournamentSession
from app.tournament.view import standings_view
from engine import __version__
from e2e.conftest import BASE_PATH
from e2e.pages import GAME_TIMEOUT_MS, App, StandingsScreen, StartScreen, TableScreen
from e2e.site.test_layout import SHOTS, VIEWPORTS, check_layout, overlap

STANDINGS = ("#standings h1, #standings .standings-summary, #standings .round-table, #standings table, "
             "#standings .next-tables, #standings button")
START = "#start select, #start input, #start button"
BOXES = """(selector) => {
  const boxes = [];
  document.querySelectorAll(selector).forEach((el) => {
    const r = el.getBoundingClientRect();
    if (r.width && r.height && el.checkVisibility()) boxes.push({
      name: (el.getAttribute("aria-label") || el.textContent).trim().slice(0, 40),
      left: r.left, top: r.top, right: r.right, bottom: r.bottom, scroll: el.scrollWidth - el.clientWidth });
  });
  return [boxes, innerWidth];
}"""


def saved(page: Page) -> dict[str, Any]:
    """The save of the tab's own game (its id is in the tab's sessionStorage)."""
    data: dict[str, Any] = json.loads(page.evaluate(
        "(p) => localStorage.getItem(p + 'game/' + sessionStorage.getItem(p + 'tab-game'))", scope(BASE_PATH)))
    return data


def play_own_round(ts: TournamentSession) -> TournamentSession:
    """``ts`` with the player's table's round played as the page plays it: the bots (auto-play
    included) answer the same requests, each hand over goes on to the next."""
    session = ts.session
    while not ts.round_played:
        while (request := session.bot_request()) is not None:
            session.apply_bot(request, answer(request))
        if not ts.round_played:
            session.next_hand()
    return ts


def simulate(seed: int, rounds: int, settings: dict[str, Any]) -> TournamentSession:
    """The tournament's first round as the page plays it (:func:`play_own_round`), then the round
    ends and the other table plays."""
    ts = play_own_round(TournamentSession.new(settings, seed, rounds))
    ts.end_round()
    while ts.others_playing:  # the other table, a move a tick of the worker
        ts.play_on()
    return ts


def snapshot(table: TableScreen) -> dict[str, Any]:
    """What the table shows of the round: the bar, the players and totals, the cards, the scores."""
    return {"bar": table.round_bar.inner_text(), "seats": table.arena.locator(".seat-who").all_inner_texts(),
            "hand": table.cards.evaluate_all("cs => cs.map((c) => c.getAttribute('aria-label'))"),
            "totals": table.totals()}


def check_screen(page: Page, name: str, selector: str) -> None:
    """Screenshot of a whole screen (it may scroll); its parts within the width, none overlapping."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=SHOTS / f"{name}.png", full_page=True)
    boxes, width = page.evaluate(BOXES, selector)
    assert len(boxes) >= 5, name
    off = [b["name"] for b in boxes if b["left"] < -1 or b["right"] > width + 1 or b["scroll"] > 1]
    assert off == [], f"{name}: off screen: {off}"
    clashes = [(a["name"], b["name"]) for i, a in enumerate(boxes) for b in boxes[i + 1:] if overlap(a, b) > 1]
    assert clashes == [], f"{name}: overlapping: {clashes}"


@pytest.mark.probe("reloads")
@pytest.mark.slow
def test_a_tournament_round_standings_and_reloads(page: Page) -> None:
    app, start, table, standings = App(page), StartScreen(page), TableScreen(page), StandingsScreen(page)
    page.set_viewport_size(VIEWPORTS["phone"])
    app.open()
    app.expect_ready()
    start.choose_table("Tournament")
    expect(start.deal_code).to_have_count(0)  # a tournament is dealt from its own seed
    expect(start.root.get_by_role("combobox", name="Rounds")).to_have_value("6")
    check_screen(page, "phone-1-tournament-start", START)
    start.start_tournament(rounds=6, autoplay=True)
    expect(table.round_bar).to_contain_text(re.compile(r"Round 1 of 6, hand [1-4] of 4"))
    expect(table.seat("West").locator(".seat-who")).to_have_text(re.compile(r"^Ada · −?\d+$"))
    app.expect_turn("standings", timeout=GAME_TIMEOUT_MS)

    data = saved(page)
    ts = simulate(data["tournament"]["seed"], 6, data["settings"])
    assert data["tournament"]["played"] == ts.to_data()["played"]  # the very hands of the simulation
    view = standings_view(ts)
    expected = [[str(s.place), s.name, points(s.points), minus(s.total)] for s in view.standings]
    expect(standings.title).to_have_text("Round 1 of 6: results")
    expect(standings.summary).to_have_text(view.summary)
    assert standings.standings() == expected
    for shown, t in zip(standings.tables.all(), view.tables):
        for pair in t.pairs:
            expect(shown).to_contain_text(pair.name)
        expect(shown.locator("p")).to_have_text(t.text)
        expect(shown.locator(".moves")).to_have_count(1)
    expect(standings.next_tables).to_have_text([f"Table {t.number}: {t.pairs[0]} against {t.pairs[1]}"
                                                for t in view.next_tables])

    page.reload(wait_until="domcontentloaded")
    app.expect_ready()
    app.expect_turn("standings")
    assert standings.standings() == expected
    for device in ("phone", "desktop"):
        page.set_viewport_size(VIEWPORTS[device])
        check_screen(page, f"{device}-7-tournament-standings", STANDINGS)
    page.set_viewport_size(VIEWPORTS["phone"])

    standings.next_round.click()
    table.tool("Menu").dispatch_event("click")  # auto-play with no pause redraws the top bar all the time
    expect(table.dialog).to_be_visible()
    table.dialog.get_by_role("checkbox", name="Auto-play my hand").uncheck()
    table.close_dialog()
    app.expect_turn(re.compile("^(you|hand-over)$"))
    expect(table.round_bar).to_contain_text(re.compile(r"Round 2 of 6, hand [1-4] of 4"))
    check_layout(page, "phone-8-tournament-table")
    before = snapshot(table)
    page.reload(wait_until="domcontentloaded")
    app.expect_ready()
    app.expect_turn(re.compile("^(you|hand-over)$"))
    assert snapshot(table) == before
    round_two = saved(page)
    assert round_two["tournament"]["played"] == data["tournament"]["played"]
    assert not round_two["tournament"]["between_rounds"]


@pytest.mark.probe("rapid input")
def test_a_tournament_on_auto_play_can_be_stopped(page: Page) -> None:
    """Auto-play with no pause: the menu opened during a round stays open when the round ends,
    and the standings have a menu of their own; auto-play turned off there stops at the next round."""
    app, start, table, standings = App(page), StartScreen(page), TableScreen(page), StandingsScreen(page)
    page.set_viewport_size(VIEWPORTS["phone"])
    app.open()
    app.expect_ready()
    start.start_tournament(rounds=6, autoplay=True)
    expect(table.round_bar).to_contain_text("Round 1 of 6")
    table.tool("Menu").dispatch_event("click")  # auto-play with no pause redraws the top bar all the time
    expect(table.dialog.get_by_role("heading", name="Menu")).to_be_visible()
    app.expect_turn("standings", timeout=GAME_TIMEOUT_MS)
    expect(table.dialog.get_by_role("heading", name="Menu")).to_be_visible()  # still open over the standings
    table.close_dialog()
    standings.root.get_by_role("button", name="Menu").click()
    menu = table.dialog
    expect(menu.get_by_role("button", name="New game")).to_be_visible()
    menu.get_by_role("checkbox", name="Auto-play my hand").uncheck()
    table.close_dialog()
    standings.next_round.click()
    app.expect_turn("you")  # the player's own turn: auto-play is off
    expect(table.round_bar).to_contain_text("Round 2 of 6, hand 1 of 4")


EXPERT_ROUND_MS = 1_800_000
"""A round of the expert bots at the other table, in the one worker, on a loaded machine."""


def round_played(seed: int, level: str) -> tuple[str, str]:
    """The save (its key and text) of a tournament whose player's table has played its first
    round's four hands, on auto-play at no pause, with bots of ``level`` in its settings. The
    hands are played here by the normal bots (the expert takes as long as the other table's whole
    round): what is tested is the other table, which the page then plays at ``level``."""
    settings = default_settings(TOURNAMENT)
    settings.update(levels=[HUMAN] + ["normal"] * 3, pace_ms=0, autoplay=True)
    ts = play_own_round(TournamentSession.new(settings, seed, 6))
    settings["levels"] = [HUMAN] + [level] * 3
    return (scope(BASE_PATH) + GAME + "expert-round",
            dump_save(settings, ts.session.match, __version__, "2026-12-01T10:00:00+00:00", ts.to_data(), "tournament"))


@pytest.mark.slow
def test_an_expert_tournament_plays_the_other_table_in_the_worker(page: Page) -> None:
    """At expert level the other table is played by the expert, in the worker, a move a tick:
    its progress shows, the page answers meanwhile, then the standings come. The tab resumes a
    tournament whose player's table has played its round (injected: :func:`round_played`)."""
    app, table, standings = App(page), TableScreen(page), StandingsScreen(page)
    page.set_viewport_size(VIEWPORTS["desktop"])
    key, raw = round_played(7, "expert")
    page.goto("./favicon.svg")  # the site's origin, without starting the app
    page.evaluate("([key, raw, tab, id]) => { localStorage.setItem(key, raw); sessionStorage.setItem(tab, id); }",
                  [key, raw, scope(BASE_PATH) + TAB_GAME, key.rsplit("/", 1)[1]])
    app.open()
    app.expect_ready()
    app.expect_turn("others-playing", timeout=EXPERT_ROUND_MS)
    expect(standings.title).to_have_text("Round 1 of 6: the other table is playing")
    expect(standings.root.get_by_role("status")).to_contain_text(
        re.compile(r"^[0-3] of 4 hands played there, by the expert bots"))
    standings.root.get_by_role("button", name="Menu").click()  # the page answers while the table plays
    expect(table.dialog.get_by_role("heading", name="Menu")).to_be_visible()
    table.close_dialog()
    app.expect_turn("standings", timeout=EXPERT_ROUND_MS)
    expect(standings.title).to_have_text("Round 1 of 6: results")
    data = saved(page)
    assert data["settings"]["levels"][1:] == ["expert"] * 3
    (played,) = data["tournament"]["played"]
    assert [len(hands) for hands in played] == [4, 4]
