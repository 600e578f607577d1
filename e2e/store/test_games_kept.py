"""No game is ever lost: games in progress side by side (New game, imports, links), Delete only
after a yes, two tabs, two copies of the site under two paths, old and hostile saves, storage full
to the last byte, and a page whose Python cannot start.  Each test is a trust probe (trust.py)."""
from __future__ import annotations

import json
import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

import build
from app.store import links, saves
from app.table.settings import default_settings
from e2e.conftest import BASE_PATH
from engine import PRESETS, DealCode
from engine.match import Match
from engine.rules import Rules
from e2e.pages import PYTHON_START_TIMEOUT_MS, App, ResumeList, StartScreen, TableScreen
from e2e.scenarios import Scenario, find, passer

NOTICE = "#app .app-notice >> visible=true"
SHOTS = Path(__file__).resolve().parents[2] / "screenshots"  # not test-results/: pytest-playwright empties it
PREFIX = saves.scope(BASE_PATH)
GAMES = "(prefix) => Object.keys(localStorage).filter((k) => k.startsWith(prefix + 'game/')).sort()"
FILL_STORAGE = """() => {  // fill the origin's quota to the last character
    let n = 0;
    for (const size of [1000000, 10000, 100, 1]) {
        try { for (;;) localStorage.setItem(`filler/${n++}`, "x".repeat(size)); } catch (e) {}
    }
}"""


def bidding() -> Scenario:
    """A deal where the player passes every bid and a bot's contract is played."""
    return find("standard", lambda s: s.session.hand.contract is not None, passer)


def games(page: Page, prefix: str = PREFIX) -> list[str]:
    return list(page.evaluate(GAMES, prefix))


def fresh(context: BrowserContext, url: str = "./") -> tuple[Page, App]:
    page = context.new_page()
    page.goto(url, wait_until="domcontentloaded")
    app = App(page)
    app.expect_ready()
    return page, app


def at_origin(context: BrowserContext) -> tuple[Page, App]:
    """A page on the site's origin that has not started the app (to write its storage first)."""
    page = context.new_page()
    page.goto("./favicon.svg")
    return page, App(page)


def legacy_save(match: Match, schema: int = 2) -> str:
    """A host-wide save of an earlier version (schema 2, under five-hundred/current)."""
    body = {"schema": schema, "app": "0.1.0", "saved_at": "2026-11-29T14:55:56+00:00",
            "settings": default_settings("standard"),
            "record": json.loads(saves.dump_save(default_settings("standard"), match, "x", "y"))["record"],
            "tournament": None}
    return json.dumps({**body, "checksum": saves.CHECKSUMS[schema](body)})


# --- saves ---------------------------------------------------------------------------------------


@pytest.mark.probe("saves")
def test_new_game_keeps_the_game_in_progress_and_only_delete_removes_it(context: BrowserContext) -> None:
    page, app = fresh(context)
    start, table, resume = StartScreen(page), TableScreen(page), ResumeList(page)
    found = bidding()
    start.start(deal=found.code)
    table.take(found.plan[0])
    app.expect_turn(re.compile("^(you|bot|hand-over)$"))
    table.new_game()  # no question asked: nothing is lost
    expect(resume.games).to_have_count(1)
    assert re.fullmatch(r"Standard \(4 players, partners\) hand 1, score 0 to 0, saved .* UTC", resume.texts()[0])
    start.start(table="Cutthroat")
    app.expect_turn(re.compile("^(you|bot)$"))
    table.new_game()
    expect(resume.games).to_have_count(2)
    assert resume.texts()[0].startswith("Cutthroat") and len(games(page)) == 2
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=SHOTS / "saves-resume-list.png")
    expect(resume.root.locator("details.more-games summary")).to_have_text("1 more game in progress")
    resume.game(1).get_by_role("button", name=re.compile("^Delete")).click()
    expect(resume.dialog.get_by_role("heading", name="Delete this game?")).to_be_visible()
    page.screenshot(path=SHOTS / "saves-delete-question.png")
    page.keyboard.press("Escape")  # as Keep it
    expect(resume.dialog).to_be_hidden()
    resume.delete(1, confirm=False)  # Keep it
    expect(resume.games).to_have_count(2)
    resume.delete(0)
    expect(resume.games).to_have_count(1)
    assert len(games(page)) == 1
    resume.resume(0)
    app.expect_turn(re.compile("^(you|bot|hand-over)$"))
    expect(table.top).to_be_visible()
    page.reload(wait_until="domcontentloaded")  # the tab's own game comes back
    app.expect_ready()
    app.expect_turn(re.compile("^(you|bot|hand-over)$"))


@pytest.mark.probe("saves")
def test_a_tournament_waits_under_resume(context: BrowserContext) -> None:
    page, app = fresh(context)
    table, resume = TableScreen(page), ResumeList(page)
    StartScreen(page).start_tournament(rounds=7)
    expect(table.round_bar).to_contain_text("Round 1 of 7")
    table.new_game()
    expect(resume.games).to_have_count(1)
    assert re.fullmatch(r"Tournament round 1 of 7, score .*", resume.texts()[0])
    resume.resume(0)
    expect(table.round_bar).to_contain_text("Round 1 of 7")


@pytest.mark.probe("saves")
def test_an_old_host_wide_save_moves_in_and_resumes(context: BrowserContext) -> None:
    match = Match(PRESETS["standard"], DealCode(4321, 3))
    for action in ("bid 7H", "pass"):
        match.apply(action)
    page, app = at_origin(context)
    page.evaluate("([key, raw]) => localStorage.setItem(key, raw)", [saves.LEGACY_CURRENT, legacy_save(match)])
    page.goto("./", wait_until="domcontentloaded")
    app.expect_ready()
    app.expect_turn(re.compile("^(you|bot)$"))  # resumed where it was, as before the update
    expect(TableScreen(page).arena).to_contain_text("7♥")
    assert page.evaluate("(key) => localStorage.getItem(key)", saves.LEGACY_CURRENT) is None
    assert len(games(page)) == 1


@pytest.mark.probe("saves")
def test_storage_full_at_load_resumes_and_points_to_delete(context: BrowserContext) -> None:
    page, app = fresh(context)
    table = TableScreen(page)
    found = bidding()
    StartScreen(page).start(deal=found.code)
    app.expect_turn("you")
    hand = table.cards.all_inner_texts()
    page.evaluate(FILL_STORAGE)
    page.reload(wait_until="domcontentloaded")
    app.expect_ready()
    app.expect_turn("you")  # the intact game resumed
    assert table.cards.all_inner_texts() == hand
    notice = page.locator(NOTICE)
    expect(notice).to_contain_text("storage is full")
    expect(notice).not_to_contain_text("disabled")
    expect(notice).to_contain_text("Delete, under Resume a game on the start screen")
    table.new_game()
    resume = ResumeList(page)
    expect(resume.games).to_have_count(1)
    expect(resume.games.first.get_by_role("button", name=re.compile("^Delete"))).to_be_visible()
    page.get_by_role("button", name="History & stats").click()
    expect(table.dialog.get_by_role("heading", name="History & stats")).to_be_visible()


@pytest.mark.probe("saves")
def test_a_corrupt_list_of_kept_aside_saves_orphans_none(context: BrowserContext) -> None:
    page, app = at_origin(context)
    page.evaluate("""(q) => {
        localStorage.setItem(q, "[{broken");
        localStorage.setItem(q + "/0", "{kept first");
        localStorage.setItem(q + "/4", "{kept later, orphaned by the old list");
    }""", saves.LEGACY_QUARANTINE)
    page.goto("./", wait_until="domcontentloaded")
    app.expect_ready()
    page.get_by_role("button", name="History & stats").click()
    kept = TableScreen(page).dialog.locator("ul.kept li")
    expect(kept).to_have_count(2)
    texts = []
    for item in kept.all():
        with page.expect_download() as info:
            item.get_by_role("button", name="Export").click()
        texts.append(Path(info.value.path()).read_text())
    assert sorted(texts) == ["{kept first", "{kept later, orphaned by the old list"]


# --- imports and links -------------------------------------------------------------------------------


@pytest.mark.probe("imports")
def test_an_import_starts_beside_the_game_in_progress(context: BrowserContext) -> None:
    page, app = fresh(context)
    table, resume = TableScreen(page), ResumeList(page)
    found = bidding()
    StartScreen(page).start(deal=found.code)
    table.take(found.plan[0])
    with page.expect_download() as info:
        table.open_dialog("Menu").get_by_role("button", name="Export game").click()
    table.close_dialog()
    table.new_game()
    StartScreen(page).start(table="Cutthroat")
    app.expect_turn(re.compile("^(you|bot)$"))
    dialog = table.open_dialog("Menu")
    dialog.get_by_role("button", name="History & stats").click()
    dialog.get_by_label("Import a game file").set_input_files(info.value.path())
    expect(page.locator(NOTICE)).to_contain_text("Game imported.")
    table.new_game()
    expect(resume.games).to_have_count(3)  # the standard game, the cutthroat game, the imported one
    assert any(t.startswith("Standard (4 players, partners), imported game") for t in resume.texts())


@pytest.mark.probe("links")
def test_a_link_starts_beside_the_game_in_progress(context: BrowserContext, site_url: str) -> None:
    page, app = fresh(context)
    StartScreen(page).start(table="Cutthroat")
    app.expect_turn(re.compile("^(you|bot)$"))
    url = links.share_url(site_url, links.deal_link(Rules.parse("standard"), DealCode.parse("1-0-abc")))
    page.goto(url, wait_until="domcontentloaded")
    app.expect_ready()
    app.expect_turn(re.compile("^(you|bot)$"))
    TableScreen(page).new_game()
    resume = ResumeList(page)
    expect(resume.games).to_have_count(2)
    assert sorted(t.split(" hand")[0] for t in resume.texts()) == [
        "Cutthroat (3 players)", "Standard (4 players, partners), shared deal"]


# --- tabs ---------------------------------------------------------------------------------------------


@pytest.mark.probe("tabs")
def test_a_tab_behind_another_says_so_and_never_overwrites_it(context: BrowserContext) -> None:
    found = bidding()
    a, app_a = fresh(context)
    table_a = TableScreen(a)
    StartScreen(a).start(deal=found.code)
    table_a.take(found.plan[0])
    app_a.expect_turn("you")
    b, app_b = fresh(context)  # a second tab: it chooses under Resume
    ResumeList(b).resume(0)
    table_b = TableScreen(b)
    table_b.take(found.plan[1])
    app_b.expect_turn("you")  # the bots have played up to the player's turn again: the save is still
    (key,) = games(b)
    newer = b.evaluate("(key) => localStorage.getItem(key)", key)
    notice = a.locator(NOTICE)
    expect(notice).to_contain_text("This game was played on in another tab")  # told at once
    SHOTS.mkdir(exist_ok=True)
    a.screenshot(path=SHOTS / "saves-tab-behind.png")
    table_a.set_pace()  # an action in the tab behind: not saved over the newer moves
    assert a.evaluate("(key) => localStorage.getItem(key)", key) == newer
    notice.get_by_role("button", name="Reload the game").click()
    expect(a.locator(NOTICE)).to_have_count(0)
    expect(table_a.arena).to_have_text(table_b.arena.text_content() or "")
    table_b.new_game()  # and a new game in one tab leaves the other's game alone
    StartScreen(b).start(table="Cutthroat")
    app_b.expect_turn(re.compile("^(you|bot)$"))
    assert len(games(a)) == 2 and a.evaluate("(key) => localStorage.getItem(key)", key) is not None


# --- subpaths -----------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def two_copies(site_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The built site under two paths of one server (one origin): /games/500/ and /other/500/."""
    root = tmp_path_factory.mktemp("host")
    for path in ("games/500", "other/500"):
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        shutil.copytree(build.SITE, root / path)
    with build.serving(root, "/") as url:
        yield url


@pytest.mark.probe("subpaths")
def test_two_copies_under_two_paths_never_share_a_game(browser: Browser, two_copies: str) -> None:
    context = browser.new_context()
    first, app_first = fresh(context, two_copies + "games/500/")
    StartScreen(first).start(deal="1-3-abc")
    app_first.expect_turn(re.compile("^(you|bot)$"))
    other, app_other = fresh(context, two_copies + "other/500/")
    app_other.expect_turn("start")
    expect(ResumeList(other).games).to_have_count(0)
    StartScreen(other).start(table="Cutthroat")
    app_other.expect_turn(re.compile("^(you|bot)$"))
    TableScreen(other).new_game()
    expect(ResumeList(other).games).to_have_count(1)
    assert len(games(other, saves.scope("/games/500/"))) == 1 and len(games(other, saves.scope("/other/500/"))) == 1
    first.reload(wait_until="domcontentloaded")
    app_first.expect_ready()
    app_first.expect_turn(re.compile("^(you|bot)$"))
    TableScreen(first).new_game()
    expect(ResumeList(first).games).to_have_count(1)
    assert ResumeList(first).texts()[0].startswith("Standard")
    context.close()


# --- injection ------------------------------------------------------------------------------------------


def nan_save() -> str:
    """A version-0 save holding NaN, with a valid checksum."""
    match = Match(PRESETS["standard"], DealCode(99, 3))
    body = {"schema": 0, "app": "0.0.9", "saved_at": "2025-01-02T03:04:05+00:00",
            "settings": {"rules": "standard", "bots": ["easy"] * 3, "pace": float("nan")},
            "game": {"rules": "standard", "deal": str(match.first), "hands": [[]]}}
    return json.dumps({**body, "checksum": saves.CHECKSUMS[0](body)})


@pytest.mark.probe("injection")
@pytest.mark.parametrize("key, raw", [
    (PREFIX + "game/nested", "[" * 100_000),
    (saves.LEGACY_CURRENT, "[" * 100_000),
    (saves.LEGACY_CURRENT, nan_save()),
    (PREFIX + "game/nan", nan_save().replace('"schema": 0', '"schema": 0 ', 1)),
], ids=["nested", "nested, old key", "NaN, old key", "NaN, edited"])
def test_a_hostile_save_is_kept_aside_and_the_page_starts(context: BrowserContext, key: str, raw: str) -> None:
    page, app = at_origin(context)
    page.evaluate("([key, raw]) => localStorage.setItem(key, raw)", [key, raw])
    page.goto("./", wait_until="domcontentloaded")
    app.expect_ready()
    app.expect_turn("start")
    notice = page.locator(NOTICE)
    expect(notice).to_contain_text("could not be resumed")
    with page.expect_download() as info:
        notice.get_by_role("button", name="Export the unreadable save").click()
    assert Path(info.value.path()).read_text() == raw
    page.get_by_role("button", name="History & stats").click()
    dialog = TableScreen(page).dialog
    dialog.get_by_role("button", name=re.compile("^Delete the save kept aside")).click()
    expect(dialog.get_by_role("heading", name="Delete this unreadable save?")).to_be_visible()
    dialog.get_by_role("button", name="Delete", exact=True).click()
    expect(dialog).to_be_hidden()
    assert page.evaluate("(p) => Object.keys(localStorage).filter((k) => k.startsWith(p))", PREFIX) == []


@pytest.mark.probe("injection")
def test_a_nested_game_file_or_link_is_refused_and_the_page_plays_on(context: BrowserContext,
                                                                     tmp_path: Path) -> None:
    for query, says in (("%5B" * 5000, "too long"), ("%5B" * 1000, "rules is not readable")):
        page, app = fresh(context, f"./?v=1&r={query}&d=1-0-abc&s=0&k=abcdef")
        expect(page.locator(NOTICE)).to_contain_text(says)
    nested = tmp_path / "nested.json"
    nested.write_text("[" * 10_000 + "]" * 10_000)
    page.get_by_role("button", name="History & stats").click()
    TableScreen(page).dialog.get_by_label("Import a game file").set_input_files(nested)
    expect(page.locator(NOTICE)).to_contain_text("could not be imported: the file is damaged (it nests deeper")
    StartScreen(page).start()  # the runtime lives on
    app.expect_turn(re.compile("^(you|bot)$"))


# --- a page whose Python cannot start ---------------------------------------------------------------------


@pytest.mark.probe("reloads")
def test_a_runtime_that_cannot_start_shows_one_error_and_offers_the_saves(browser: Browser, site_url: str) -> None:
    context = browser.new_context(base_url=site_url, service_workers="block", accept_downloads=True)
    page, _ = at_origin(context)
    page.evaluate("([key, raw]) => localStorage.setItem(key, raw)", [PREFIX + "game/precious", '{"a game": 1}'])
    context.route(re.compile(r"/main\.py(\?.*)?$"), lambda route: route.fulfill(
        body='raise RuntimeError("the page broke")', content_type="text/x-python"))
    page.goto("./", wait_until="domcontentloaded")
    body = page.locator("body")
    expect(body).to_have_attribute("data-ready", "error", timeout=PYTHON_START_TIMEOUT_MS)
    status = page.locator("#loading-status")
    expect(status).to_contain_text("Five Hundred could not start")
    expect(status).to_contain_text("Your saved games are safe in this browser")
    with page.expect_download() as info:
        page.get_by_role("button", name="Download your saved games").click()
    assert json.loads(Path(info.value.path()).read_text()) == {PREFIX + "game/precious": '{"a game": 1}'}
    expect(page.get_by_role("button", name="Reload")).to_be_visible()
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=SHOTS / "saves-cannot-start.png")
    context.close()


@pytest.mark.probe("reloads")
def test_an_answer_that_cannot_be_drawn_says_so_and_a_reload_goes_on(context: BrowserContext) -> None:
    page, app = fresh(context)
    start, table = StartScreen(page), TableScreen(page)
    found = bidding()
    start.start(deal=found.code)
    table.take(found.plan[0])
    app.expect_turn(re.compile("^(you|bot|hand-over)$"))
    kept, cards = games(page), table.cards.all_inner_texts()
    page.evaluate("() => { HTMLDialogElement.prototype.showModal = () => { throw new Error('the dialog broke'); }; }")
    table.tool("Menu").click()  # the answer comes, and drawing it fails
    expect(page.locator("body")).to_have_attribute("data-ready", "error")
    expect(page.locator("body")).to_have_attribute("data-turn", "error")
    status = page.locator("#loading-status")
    expect(status).to_contain_text("Something went wrong on our side: the dialog broke.")
    expect(status).to_contain_text("reloading the page goes on from there")
    assert games(page) == kept
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=SHOTS / "saves-broken-answer.png")
    expect(page.get_by_role("button", name="Reload")).to_be_focused()
    page.keyboard.press("Enter")
    app.expect_ready()
    app.expect_turn(re.compile("^(you|bot|hand-over)$"))
    assert table.cards.all_inner_texts() == cards and games(page) == kept
