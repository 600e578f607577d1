"""The game saved in the browser: resuming after a reload, unreadable saves, no storage."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from app.store.saves import scope
from e2e.conftest import BASE_PATH
from e2e.pages import GAME_TIMEOUT_MS, App, ResumeList, StartScreen, TableScreen
from e2e.scenarios import Scenario, find, passer

NOTICE = "#app .app-notice >> visible=true"
PREFIX = scope(BASE_PATH)
STORAGE_DISABLED = """Object.defineProperty(window, "localStorage", {
    get() { throw new DOMException("The operation is insecure.", "SecurityError"); }});"""


def refusing(part: str) -> str:
    """A page script: the browser's storage is full for every key that holds ``part``."""
    return """const setItem = Storage.prototype.setItem;
Storage.prototype.setItem = function (key, value) {
    if (key.includes(%s)) throw new DOMException("full", "QuotaExceededError");
    return setItem.call(this, key, value);
};""" % json.dumps(part)


STORAGE_FULL = refusing("#game/")


def opened(browser: Browser, site_url: str, script: str) -> tuple[BrowserContext, Page]:
    """A new browser profile with ``script`` run in each page, the app open and ready."""
    context = browser.new_context(base_url=site_url)
    context.add_init_script(script)
    page = context.new_page()
    app = App(page)
    app.open()
    app.expect_ready()
    return context, page


def played_scenario() -> Scenario:
    """A deal where the player passes and a bot's contract is played out."""
    return find("standard", lambda s: s.session.hand.contract is not None, passer)


def snapshot(table: TableScreen) -> dict[str, object]:
    """What the table shows: the player's cards, the trick, the scores, the contract."""
    return {"hand": table.cards.evaluate_all("cs => cs.map((c) => c.getAttribute('aria-label'))"),
            "trick": table.trick.inner_text() if table.trick.count() else "",
            "totals": table.totals(),
            "top": table.top.locator(".contract").inner_text()}


@pytest.mark.probe("reloads")
def test_a_reload_resumes_mid_trick(page: Page) -> None:
    scenario = played_scenario()
    plays = [i for i, (kind, _) in enumerate(scenario.plan) if kind == "play"]
    trick = next(n for n, t in enumerate(scenario.session.hand.tricks) if n and t.leader != 0)
    stop = plays[trick]  # the player's turn in a trick another seat led: cards are on the table
    app, start, table = App(page), StartScreen(page), TableScreen(page)
    app.open()
    app.expect_ready()
    start.start(deal=scenario.code, level="Normal")
    for step in scenario.plan[:stop]:
        table.take(step)
    app.expect_turn("you")
    before = snapshot(table)
    expect(table.trick.locator(".trick-card")).not_to_have_count(0)

    page.reload(wait_until="domcontentloaded")
    app.expect_ready()
    app.expect_turn("you")
    assert snapshot(table) == before
    pace = table.open_dialog("Menu").get_by_role("combobox", name="Bot pause")
    expect(pace).to_have_value("0")
    table.close_dialog()
    for step in scenario.plan[stop:]:
        table.take(step)
    app.expect_turn("hand-over")
    assert tuple(table.totals()) == scenario.session.match.totals


@pytest.mark.probe("saves")
def test_an_unreadable_save_is_kept_and_exportable(page: Page) -> None:
    app, start = App(page), StartScreen(page)
    app.open()
    app.expect_ready()
    for raw, problem in (('{"schema": 1, "app": "0.1.0", "settings": {', "not valid JSON"),
                         ('{"schema": 7, "app": "9.0.0", "checksum": "x"}', "newer version")):
        page.evaluate("([key, raw]) => localStorage.setItem(key, raw)", [PREFIX + "game/unreadable", raw])
        page.reload(wait_until="domcontentloaded")
        app.expect_ready()
        app.expect_turn("start")
        notice = page.locator(NOTICE)
        expect(notice).to_contain_text("could not be resumed")
        expect(notice).to_contain_text(problem)
        with page.expect_download() as info:
            notice.get_by_role("button", name="Export the unreadable save").click()
        assert Path(info.value.path()).read_text() == raw
    page.locator(NOTICE).get_by_role("button", name="Dismiss").click()
    expect(page.locator(NOTICE)).to_have_count(0)
    start.start()
    app.expect_turn(re.compile("^(you|bot)$"))
    assert page.evaluate("(p) => Object.keys(localStorage).filter((k) => k.startsWith(p + 'game/')).length",
                         PREFIX) == 1


@pytest.mark.probe("saves")
def test_without_storage_the_game_plays_and_says_it_cannot_save(browser: Browser, site_url: str) -> None:
    for script, words in ((STORAGE_DISABLED, "does not let the game save"),
                          (STORAGE_FULL, "storage is full")):
        context, page = opened(browser, site_url, script)
        app, start, table = App(page), StartScreen(page), TableScreen(page)
        start.start(level="Easy")
        expect(page.locator(NOTICE)).to_contain_text(words)
        app.expect_turn(re.compile("^(you|hand-over)$"))
        expect(table.hand.get_by_role("button").first).to_be_visible()
        context.close()


@pytest.mark.probe("saves")
def test_a_game_finished_into_full_storage_keeps_its_save(browser: Browser, site_url: str) -> None:
    """The History entry cannot be written: the game's save stays, and a later visit with room
    moves the game into History."""
    context, page = opened(browser, site_url, refusing("#finished/"))
    app, start, table = App(page), StartScreen(page), TableScreen(page)
    start.start(deal="1-1-500", autoplay=True, level="Easy")
    app.expect_turn("game-over", timeout=GAME_TIMEOUT_MS)
    totals = table.totals()
    expect(page.locator(NOTICE)).to_contain_text("storage is full")
    app.expect_answered()
    keys = "(p) => Object.keys(localStorage).filter((k) => k.startsWith(p)).map((k) => k.slice(p.length))"
    kept = page.evaluate(keys, PREFIX)
    assert [k for k in kept if k.startswith("game/")], kept  # the save is still there
    assert not [k for k in kept if k.startswith("finished/")], kept
    state = context.storage_state()
    context.close()

    context = browser.new_context(base_url=site_url, storage_state=state)  # room again
    page = context.new_page()
    app, table = App(page), TableScreen(page)
    app.open()
    app.expect_ready()
    ResumeList(page).resume()  # the game's end, kept: it moves to History now
    app.expect_turn("game-over")
    assert tuple(table.totals()) == tuple(totals)
    app.expect_answered()
    assert not [k for k in page.evaluate(keys, PREFIX) if k.startswith("game/")]
    table.open_dialog("Menu").get_by_role("button", name="History & stats").click()
    expect(table.dialog.locator("ol.games li").first).to_contain_text(" to ".join(str(t) for t in totals))
    context.close()
