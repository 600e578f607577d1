"""Trust probes of the browser's storage: copies of the site at overlapping paths of one origin,
storage full as a state that ends, storage that cannot be read, double presses, a reload in the
kitty.  Each starts from storage written by hand (or a saved position), never a whole game."""
from __future__ import annotations

import json
import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

import build
from app.store import saves
from app.table.settings import default_settings
from e2e.conftest import BASE_PATH
from e2e.pages import App, ResumeList, StartScreen, TableScreen
from app.html.cards import card_name
from e2e.scenarios import bidder, find, seven_in_longest
from e2e.store.test_games_kept import FILL_STORAGE, NOTICE, SHOTS, at_origin, bidding, fresh, games
from engine import PRESETS, DealCode
from engine.cards import Card
from engine.record import to_record
from engine.rng import SplitMix64
from e2e.site.test_axe import violations
from e2e.site.test_layout import SIDEWAYS, VIEWPORTS, overlap
from tests.playout import play_match
from app.table.session import PLAYER
from engine.match import Match

GAME_ID = "0123456789ab"
STORED = """(prefix) => Object.fromEntries(Object.keys(localStorage).filter((k) => k.startsWith(prefix))
    .map((k) => [k, localStorage.getItem(k)]))"""


def a_save(revision: int = 1) -> str:
    """A game in progress after two bids, as the app saves it."""
    match = Match(PRESETS["standard"], DealCode(4321, 3))
    for action in ("bid 7H", "pass"):
        match.apply(action)
    return saves.dump_save(default_settings("standard"), match, "0.3.0", "2026-12-01T00:00:00.000+00:00",
                           revision=revision)


def finished_entry() -> str:
    return json.dumps({"id": "f" * 16, "finished_at": "2026-12-01T00:00:00.000+00:00", "n": 0,
                       "settings": default_settings("standard"), "summary": {}, "record": None, "kind": "normal"})


def stored(page: Page, prefix: str) -> dict[str, str]:
    return dict(page.evaluate(STORED, prefix))


@pytest.fixture(scope="module")
def host(site_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The built site at / and again at /game/ and /review/ of one server (one origin)."""
    root = tmp_path_factory.mktemp("overlapping")
    shutil.copytree(build.SITE, root, dirs_exist_ok=True)
    for below in ("game", "review"):
        shutil.copytree(build.SITE, root / below)
    with build.serving(root, "/") as url:
        yield url


@pytest.fixture
def origin(browser: Browser, host: str) -> Iterator[BrowserContext]:
    context = browser.new_context(base_url=host, viewport={"width": 390, "height": 844},
                                  accept_downloads=True, service_workers="block")
    yield context
    context.close()


# --- overlapping paths ---------------------------------------------------------------------------


@pytest.mark.probe("subpaths")
def test_a_copy_at_the_root_never_takes_the_games_of_a_copy_at_game(origin: BrowserContext) -> None:
    """Issue 39, 1: the copy at / read five-hundred@/game/game/<id> as its own game."""
    below = saves.scope("/game/")
    page, app = at_origin(origin)
    page.evaluate("(entries) => { for (const [k, v] of entries) localStorage.setItem(k, v); }", [
        [below + "game/" + GAME_ID, a_save()], [below + "kept/0", "{kept below"],
        [below + f"finished/{GAME_ID}.{'f' * 16}", finished_entry()]])
    theirs = stored(page, below)
    page.goto("./", wait_until="domcontentloaded")
    app.expect_ready()
    app.expect_turn("start")
    expect(ResumeList(page).games).to_have_count(0)
    expect(page.locator(NOTICE)).to_have_count(0)
    page.get_by_role("button", name="History & stats").click()
    expect(TableScreen(page).dialog).to_be_visible()  # open first: a count of none holds before it is
    expect(TableScreen(page).dialog.locator("ul.kept li")).to_have_count(0)
    page.keyboard.press("Escape")
    StartScreen(page).start(deal="1-3-abc")
    app.expect_turn(re.compile("^(you|bot)$"))
    assert stored(page, below) == theirs
    other, app_other = fresh(origin, "/game/")
    app_other.expect_turn("start")
    expect(ResumeList(other).games).to_have_count(1)
    assert stored(other, below) == theirs


@pytest.mark.probe("subpaths")
def test_the_keys_of_earlier_versions_move_into_their_own_copy(origin: BrowserContext) -> None:
    """Before '#' ended a copy's prefix, five-hundred@/game/<id> was the game of the copy at / and
    five-hundred@/game/game/<id> that of the copy at /game/: each moves into its own copy."""
    page, app = at_origin(origin)
    root_save, below_save = a_save(3), a_save(5)
    page.evaluate("(entries) => { for (const [k, v] of entries) localStorage.setItem(k, v); }", [
        [f"five-hundred@/game/{GAME_ID}", root_save], [f"five-hundred@/game/game/{GAME_ID}", below_save]])
    page.goto("./", wait_until="domcontentloaded")
    app.expect_ready()
    expect(ResumeList(page).games).to_have_count(1)
    other, app_other = fresh(origin, "/game/")
    expect(ResumeList(other).games).to_have_count(1)
    assert stored(other, "five-hundred@") == {saves.scope("/") + f"game/{GAME_ID}": root_save,
                                               saves.scope("/game/") + f"game/{GAME_ID}": below_save}


@pytest.mark.probe("subpaths")
def test_a_full_copy_at_the_root_frees_room_from_its_own_keys_only(origin: BrowserContext) -> None:
    """Issue 39, 2: the copy at /, finding storage full, deleted the older half of every key that
    started five-hundred@/review/: the games of the copy at /review/."""
    below = saves.scope("/review/")
    page, app = at_origin(origin)
    own_reviews = [[saves.scope("/") + f"review/{n:024x}", '{"at":%d,"a":{}}' % n] for n in range(4)]
    page.evaluate("(entries) => { for (const [k, v] of entries) localStorage.setItem(k, v); }", [
        [below + "game/" + GAME_ID, a_save()], [below + f"finished/{GAME_ID}.{'f' * 16}", finished_entry()],
        *own_reviews])
    theirs = stored(page, below)
    page.evaluate(FILL_STORAGE)
    page.goto("./", wait_until="domcontentloaded")
    app.expect_ready()
    StartScreen(page).start(deal="1-3-abc")  # storage full: the analyses kept at / give way
    app.expect_turn(re.compile("^(you|bot)$"))
    TableScreen(page).open_dialog("Menu")
    app.expect_answered()
    assert len(stored(page, saves.scope("/") + "review/")) < len(own_reviews)
    assert stored(page, below) == theirs


# --- storage full, a state that ends ----------------------------------------------------------------

PREFIX = saves.scope(BASE_PATH)
FREE_A_MEGABYTE = "() => localStorage.removeItem('filler/0')"  # as a Delete of big games would


def full_at_the_table(context: BrowserContext) -> tuple[Page, App, TableScreen]:
    """A game started in full storage: it cannot be saved, and says so."""
    page, app = at_origin(context)
    page.evaluate(FILL_STORAGE)
    page.goto("./", wait_until="domcontentloaded")
    app.expect_ready()
    StartScreen(page).start(deal=bidding().code)
    app.expect_turn("you")
    expect(page.locator(NOTICE)).to_contain_text("cannot be saved")
    assert games(page) == []
    return page, app, TableScreen(page)


@pytest.mark.probe("tabs")
def test_room_made_in_another_tab_saves_the_game_again(context: BrowserContext) -> None:
    """Issue 39, 3: a tab that hit full storage never saved again; reloaded, its game was gone."""
    page, app, table = full_at_the_table(context)
    other, _ = at_origin(context)
    other.evaluate(FREE_A_MEGABYTE)
    expect(page.locator(NOTICE)).to_contain_text("the game is saved again")
    assert len(games(page)) == 1
    table.take(bidding().plan[0])
    app.expect_turn(re.compile("^(you|bot|hand-over)$"))
    hand = table.cards.all_inner_texts()
    page.reload(wait_until="domcontentloaded")
    app.expect_ready()
    app.expect_turn(re.compile("^(you|bot|hand-over)$"))
    assert table.cards.all_inner_texts() == hand


@pytest.mark.probe("saves")
def test_room_made_without_a_word_is_found_at_the_next_action(context: BrowserContext) -> None:
    page, app, table = full_at_the_table(context)
    page.evaluate(FREE_A_MEGABYTE)  # this tab's own write: no storage event
    table.take(bidding().plan[0])
    expect(page.locator(NOTICE)).to_contain_text("the game is saved again")
    assert len(games(page)) == 1


@pytest.mark.probe("saves")
def test_leaving_a_game_that_could_not_be_saved_asks_and_offers_its_export(context: BrowserContext) -> None:
    """Issue 39, 4: the notice sent the player to the start screen, and New game lost the game."""
    page, app, table = full_at_the_table(context)
    dialog = table.open_dialog("Menu")
    dialog.get_by_role("button", name="New game").click()
    expect(dialog.get_by_role("heading", name="Leave this game?")).to_be_visible()
    with page.expect_download() as info:
        dialog.get_by_role("button", name="Export game").click()
    assert json.loads(Path(info.value.path()).read_text())["hands"]
    dialog.get_by_role("button", name="Stay").click()
    expect(dialog).to_be_hidden()
    app.expect_turn("you")
    table.open_dialog("Menu").get_by_role("button", name="New game").click()
    dialog.get_by_role("button", name="Leave without it").click()
    app.expect_turn("start")


@pytest.mark.probe("saves")
def test_a_big_damaged_save_in_full_storage_is_listed_and_can_be_deleted(context: BrowserContext) -> None:
    """Issue 39, 5: too big to move aside without room, it was in neither Resume nor History."""
    page, app = at_origin(context)
    page.evaluate("([key, raw]) => localStorage.setItem(key, raw)", [PREFIX + "game/" + GAME_ID, "{" + "x" * 400_000])
    page.evaluate(FILL_STORAGE)
    page.goto("./", wait_until="domcontentloaded")
    app.expect_ready()
    expect(page.locator(NOTICE)).to_contain_text("kept where it was")
    page.get_by_role("button", name="History & stats").click()
    dialog = TableScreen(page).dialog
    expect(dialog.locator("ul.kept li")).to_have_count(1)
    dialog.get_by_role("button", name=re.compile("^Delete the save kept aside")).click()
    dialog.get_by_role("button", name="Delete", exact=True).click()
    expect(dialog).to_be_hidden()
    app.expect_answered()
    assert games(page) == []
    StartScreen(page).start(deal=bidding().code)  # the room made is the game's
    app.expect_turn("you")
    assert len(games(page)) == 1


# --- double presses -------------------------------------------------------------------------------


@pytest.mark.probe("rapid input")
def test_a_double_click_on_deal_starts_one_game(context: BrowserContext) -> None:
    """Issue 39, 7."""
    page, app = fresh(context)
    StartScreen(page).deal_button.dblclick()
    app.expect_turn(re.compile("^(you|bot)$"))
    app.expect_answered()
    assert len(games(page)) == 1


# --- storage that cannot be read ------------------------------------------------------------------

UNREADABLE = """(() => {
    Storage.prototype.getItem = function () { throw new DOMException("denied", "SecurityError"); };
})();"""


@pytest.mark.probe("saves")
def test_storage_that_writes_but_cannot_be_read_is_said_at_once(browser: Browser, site_url: str) -> None:
    """Issue 39, 6: no notice while playing, and the game gone after a reload."""
    context = browser.new_context(base_url=site_url, viewport={"width": 390, "height": 844})
    context.add_init_script(UNREADABLE)  # a profile of its own: the script stays in the profile
    page, app = fresh(context)
    expect(page.locator(NOTICE)).to_contain_text("not read them back")
    StartScreen(page).start(deal=bidding().code)
    app.expect_turn("you")
    expect(page.locator(NOTICE)).to_contain_text("not read them back")
    context.close()


# --- a reload in the kitty --------------------------------------------------------------------------


@pytest.mark.probe("reloads")
def test_the_cards_chosen_for_the_kitty_survive_a_reload(context: BrowserContext) -> None:
    """Issue 39, 8: the game itself came back, without the cards already chosen to put back."""
    scenario = find("standard", lambda s: s.session.hand.declarer == PLAYER, bidder(seven_in_longest), by_auction=True)
    page, app = fresh(context)
    table = TableScreen(page)
    StartScreen(page).start(deal=scenario.code)
    discard = next(value for kind, value in scenario.plan if kind == "discard").split()
    for step in scenario.plan[:[kind for kind, _ in scenario.plan].index("discard")]:
        table.take(step)
    app.expect_turn("you")
    chosen = [table.card(card_name(Card.parse(c))) for c in discard[:2]]
    for card in chosen:
        table.tap(card)
    app.expect_answered()
    page.reload(wait_until="domcontentloaded")
    app.expect_ready()
    app.expect_turn("you")
    for card in chosen:
        expect(card).to_have_attribute("aria-pressed", "true")
    expect(table.hand.locator('[aria-pressed="true"]')).to_have_count(2)


# --- accessibility of what these cases show ------------------------------------------------------------


def finished_game_file(tmp_path: Path) -> Path:
    """A whole game (random play to its end: many hands, a long score sheet) as a game file."""
    match = Match(PRESETS["standard"], DealCode(77, 3))
    play_match(match, SplitMix64(77))
    assert match.is_over
    path = tmp_path / "finished.json"
    path.write_text(json.dumps(to_record(match, {"settings": default_settings("standard")})))
    return path


@pytest.mark.probe("accessibility")
@pytest.mark.parametrize("device", ["phone", "desktop"])
def test_the_game_over_sheet_and_the_leave_question_pass_axe(browser: Browser, site_url: str, device: str,
                                                               tmp_path: Path) -> None:
    """Issue 39, 9: the game-over score sheet scrolled where the keyboard could not reach."""
    context = browser.new_context(base_url=site_url, viewport=VIEWPORTS[device], bypass_csp=True,
                                  accept_downloads=True)
    try:
        page, app = fresh(context)
        table = TableScreen(page)
        page.get_by_role("button", name="History & stats").click()
        table.dialog.get_by_label("Import a game file").set_input_files(finished_game_file(tmp_path))
        app.expect_turn("game-over")
        sheet = table.root.get_by_role("region", name="Score sheet")
        expect(sheet).to_be_visible()
        found = violations(page, "game over")
        sheet.focus()
        expect(sheet).to_be_focused()
        page.evaluate(FILL_STORAGE)
        table.new_game()
        StartScreen(page).start(deal=bidding().code)
        app.expect_turn("you")
        table.open_dialog("Menu").get_by_role("button", name="New game").click()
        expect(table.dialog.get_by_role("heading", name="Leave this game?")).to_be_visible()
        found += violations(page, "Leave question")
    finally:
        context.close()
    assert found == [], "\n".join(found)


NOTICE_LAYOUT = """() => {
  const boxes = [];
  const add = (selector, group) => document.querySelectorAll(selector).forEach((el) => {
    const r = el.getBoundingClientRect();
    if (r.width && r.height && el.checkVisibility()) boxes.push({
      group, name: group + ": " + (el.getAttribute("aria-label") || el.textContent).trim().slice(0, 30),
      within: el.closest(".app-notice") ? "notice" : el.closest("#panel") ? "panel" : "",  // its own
      left: r.left, top: r.top, right: r.right, bottom: r.bottom });
  });
  add("#app .app-notice", "notice");
  add("#arena .seat", "seat");
  add("#arena .trick, #arena .auction, #arena .auction-empty", "center");
  add("#panel", "panel");
  add("#hand .hand", "hand");
  add("#top button, #panel button, #panel select", "control");
  return [boxes, innerWidth, innerHeight];
}"""


@pytest.mark.probe("accessibility")
@pytest.mark.parametrize("device", [*VIEWPORTS, "sideways"])
def test_the_storage_full_notice_leaves_the_table_whole(browser: Browser, site_url: str, device: str) -> None:
    """The notice that a game cannot be saved pushed the panel over the arena on a phone, and South's
    name, on the panel's paper then, read at 3.32:1."""
    context = browser.new_context(base_url=site_url, viewport=VIEWPORTS.get(device, SIDEWAYS), bypass_csp=True)
    try:
        page, app, table = full_at_the_table(context)
        found, clashes = notice_at_the_table(page, f"storage-full-notice-{device}-auction")
        plan = bidding().plan
        for step in plan[:[kind for kind, _ in plan].index("play")]:
            table.take(step)
            app.expect_turn(re.compile("^(you|bot)$"))
        app.expect_turn("you")
        expect(page.locator(NOTICE)).to_contain_text("cannot be saved")
        more = notice_at_the_table(page, f"storage-full-notice-{device}-play")
        found, clashes = found + more[0], clashes + more[1]
        rest = page.locator(NOTICE).get_by_text("To make room, delete games")
        expect(rest).to_be_hidden()
        page.locator(NOTICE).get_by_text("The game cannot be saved").click()  # the rest of the words, on request
        expect(rest).to_be_visible()
        page.screenshot(path=SHOTS / f"storage-full-notice-{device}-more.png")
        page.locator(NOTICE).get_by_text("The game cannot be saved").click()
        expect(rest).to_be_hidden()
    finally:
        context.close()
    assert found == [], "\n".join(found)
    assert clashes == [], "\n".join(clashes)


def notice_at_the_table(page: Page, name: str) -> tuple[list[str], list[str]]:
    """A screenshot; axe's serious and critical violations; boxes off the screen or over others."""
    App(page).expect_answered()
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=SHOTS / f"{name}.png")
    found = violations(page, name)
    boxes, width, height = page.evaluate(NOTICE_LAYOUT)
    missing = {"notice", "seat", "center", "panel", "hand"} - {b["group"] for b in boxes}
    off = [b["name"] for b in boxes
           if b["left"] < -1 or b["top"] < -1 or b["right"] > width + 1 or b["bottom"] > height + 1]
    over = [(a["name"], b["name"]) for i, a in enumerate(boxes) for b in boxes[i + 1:]
            if a["within"] != b["group"] and b["within"] != a["group"] and overlap(a, b) > 1]
    wrong = (("missing", missing), ("off screen", off), ("overlapping", over))
    return found, [f"{name}: {what}: {bad}" for what, bad in wrong if bad]
