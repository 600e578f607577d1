"""The app with saves and links: autosave and resume, notices, history, game files, shared deals."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from engine import DealCode
from engine.rules import Rules

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "web"))
from app.store import links  # noqa: E402
from app.store.saves import CANNOT_SAVE_DISABLED, Saves  # noqa: E402
from app.table.answers import answer  # noqa: E402
from app.table.settings import TABLES  # noqa: E402
from app.worker.controller import App  # noqa: E402
from tests.app.test_saves import ID, KEY, PREFIX, FakeStorage, clock  # noqa: E402

PAGE = "https://example.org/500/index.html"


def new_app(storage: FakeStorage | None, query: str = "", tab: FakeStorage | None = None) -> App:
    """The page, opened (or reloaded, in the tab whose sessionStorage is ``tab``)."""
    return App(seed=lambda: 7, saves=Saves(storage, clock=clock, tab=tab), query=query, page_url=PAGE + "?old=1")


def run_bots(app: App) -> None:
    while (request := app.bot_request()) is not None:
        app.bot_answer(request, answer(request))


def play_on(app: App, actions: int) -> None:
    """The bots and the player (passing, then the first legal card) for ``actions`` of the player's."""
    for _ in range(actions):
        run_bots(app)
        session = app.session
        assert session is not None
        if session.state != "you":
            return
        legal = session.hand.legal_actions()
        phase = session.hand.phase.name
        if phase == "AUCTION":
            app.dispatch("bid", "pass")
        elif phase == "JOKER":
            app.dispatch("joker", "4")
        else:
            action = legal[0]
            card = action.played_card
            assert card is not None
            app.dispatch("card", str(int(card)))
            app.dispatch("card", str(int(card)))
            if action.named_suit is not None:
                app.dispatch("name", str(action.named_suit))


@pytest.mark.parametrize("table", TABLES)
def test_every_action_is_saved_and_a_new_page_resumes_it(table: str) -> None:
    storage, tab = FakeStorage(), FakeStorage()
    app = new_app(storage, tab=tab)
    app.dispatch("set:table", table)
    app.dispatch("set:pace", "0")
    app.dispatch("start", f"1-{Rules.parse(table).players - 1}-abc")
    play_on(app, 6)
    assert app.session is not None
    if app.session.state == "hand-over":  # everyone passed: the next hand
        app.dispatch("next")
        play_on(app, 6)
    assert app.session.hand.phase.name == "PLAY"
    before = [a for h in app.session.match.hands for a in h.history]
    again = new_app(storage, tab=tab)
    assert again.session is not None and again.notice == ""
    assert [a for h in again.session.match.hands for a in h.history] == before
    assert again.session.settings == app.session.settings


def test_a_damaged_save_is_kept_exportable_and_said() -> None:
    storage, tab = FakeStorage(), FakeStorage()
    storage.data[KEY], tab.data[PREFIX + "tab-game"] = "{damaged <b>", ID
    app = new_app(storage, tab=tab)
    assert app.session is None and "could not be resumed" in app.notice
    html = app.regions()["start"]
    assert "Export the unreadable save" in html and "<b>" not in html
    assert app.download("export-kept", app.kept) == ("five-hundred-unreadable-save.json", "{damaged <b>")
    app.dispatch("dismiss")
    assert app.notice == "" and "app-notice" not in app.regions()["start"]


def test_no_storage_plays_and_says_so() -> None:
    app = new_app(None)
    assert app.notice == CANNOT_SAVE_DISABLED
    app.dispatch("start", "")
    play_on(app, 3)
    assert app.session is not None and CANNOT_SAVE_DISABLED.split("(")[0] in app.regions()["arena"]
    assert app.download("export", "") is not None


def test_a_finished_game_goes_to_the_history_and_imports_back() -> None:
    storage = FakeStorage()
    app = new_app(storage)
    app.dispatch("set:autoplay", "on")
    app.dispatch("start", "1-3-abc")
    assert app.session is not None
    while app.session.state != "game-over":
        run_bots(app)
        app.dispatch("next")
    assert not [k for k in storage.data if k.startswith(PREFIX + "game/")]
    view = app.history_view()
    assert list(view.stats) == Saves(storage).stats().lines() and view.stats[0].startswith("Games won: ")
    assert " of 1 (" in view.stats[0] and len(view.games) == 1
    app.dispatch("dialog", "history")
    assert "History &amp; stats" in app.regions()["dialog"]
    name, text = app.download("export-finished", "0") or ("", "")
    assert name == "five-hundred-game-1.json"
    fresh = new_app(FakeStorage())
    fresh.dispatch("import", text)
    assert fresh.notice.startswith("Game imported.") and fresh.session is not None
    assert fresh.session.match.totals == app.session.match.totals
    fresh.dispatch("import", "not a game")
    assert fresh.notice.startswith("That file could not be imported")


def test_a_shared_deal_and_a_challenge() -> None:
    app = new_app(FakeStorage())
    app.dispatch("start", "1-3-abc")
    app.dispatch("share", "deal")
    title, url = app.shared.title, app.shared.url
    assert title == "Share this deal" and url.startswith(PAGE + "?v=1&r=standard&d=1-3-abc&s=0&k=")
    assert app.dialog == "share" and "value=\"" + url.replace("&", "&amp;") in app.regions()["dialog"]

    storage = FakeStorage()
    friend = new_app(storage, url[len(PAGE):])
    assert friend.link is not None and friend.session is not None
    assert str(friend.session.match.first) == "1-3-abc"
    friend.dispatch("set:pace", "0")
    while not friend.session.hand.is_over:
        play_on(friend, 1)
    friend.dispatch("share", "challenge")
    challenge = friend.shared.url[len(PAGE):]
    friend.dispatch("share", "replay")
    replay = friend.shared.url[len(PAGE):]

    third = new_app(FakeStorage(), challenge)
    assert third.session is not None
    while not third.session.hand.is_over:
        play_on(third, 1)
    results = third.regions()["panel"]
    assert "The result the link claims" in results and results.count(links.result_of(third.session.hand).describe(4)) >= 2

    name, text = third.download("export", "") or ("", "")  # issue 39, 10: exported, it stays a challenge
    imported = new_app(FakeStorage())
    imported.dispatch("import", text)
    assert imported.kind == "challenge" and imported.session is not None and not imported.session.undo_allowed
    assert "The result the link claims" in imported.regions()["panel"]
    assert "Undo" not in imported.regions()["top"] + imported.regions()["panel"]

    viewer = new_app(FakeStorage(), replay)
    assert viewer.dialog == "replay"
    viewer.dispatch("replay-step", "3")
    assert "Step 3 of" in viewer.regions()["dialog"]
    for _ in range(2):  # two clicks on Next sent before the dialog is drawn again: both count
        viewer.dispatch("replay-step", "+")
    assert "Step 5 of" in viewer.regions()["dialog"]
    viewer.dispatch("replay-step", "-")
    assert "Step 4 of" in viewer.regions()["dialog"]
    for _ in range(9):  # back past the start stays at it, and a click on Next then counts
        viewer.dispatch("replay-step", "-")
    viewer.dispatch("replay-step", "+")
    assert "Step 1 of" in viewer.regions()["dialog"]


def test_a_link_starts_a_game_beside_the_game_in_progress() -> None:
    storage = FakeStorage()
    app = new_app(storage)
    app.dispatch("start", "1-3-abc")
    play_on(app, 2)
    query = links.deal_link(Rules.parse("standard"), DealCode.parse("1-0-xyz"))
    opened = new_app(storage, query)
    assert opened.kind == "shared" and opened.game_id != app.game_id
    assert {(g.id, g.kind) for g in Saves(storage).games()} == {(app.game_id, "normal"), (opened.game_id, "shared")}
    assert Saves(storage).history() == []


def test_broken_links_say_why_and_what_happens() -> None:
    good = links.deal_link(Rules.parse("standard"), DealCode.parse("1-0-abc"))
    for query, words in ((good.replace("d=1-0-abc", "d=1-0-abd"), "checksum does not match"),
                         (good.replace("v=1", "v=2"), "newer version"),
                         ("?v=1&r=<script>&d=1&s=0&k=aaaaaa", "rules is not readable"),
                         (good.replace("s=0", "s=2").rsplit("&k=", 1)[0], "checksum")):
        app = new_app(FakeStorage(), query)
        assert app.session is None and words in app.notice and app.notice.endswith(
            "Resume a game in progress below, or deal a new one.")
        assert "<script>" not in app.regions()["start"]
    assert new_app(FakeStorage(), "?utm=1").notice == ""
    storage, tab = FakeStorage(), FakeStorage()  # in a tab playing a game, the game carries on
    playing = new_app(storage, tab=tab)
    playing.dispatch("start", "1-3-abc")
    broken = new_app(storage, good.replace("v=1", "v=2"), tab=tab)
    assert broken.game_id == playing.game_id and broken.notice.endswith("Your saved game carries on instead.")
