"""The worker's side of the page protocol (app.worker.bridge): a page's snapshot of its stores in, the
writes to make and what to draw out; the bots' pace as a due time; storage full and other tabs."""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from engine.deal import DealCode

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "web"))
from app.store.saves import (CANNOT_READ, CANNOT_SAVE_DISABLED, CANNOT_SAVE_FULL, CANNOT_SAVE_STALE,  # noqa: E402
                             SAVED_AGAIN, scope)
from app.table.answers import answer  # noqa: E402
from app.table.session import Session  # noqa: E402
from app.table.settings import default_settings  # noqa: E402
from app.worker.bridge import Bridge, MirrorStorage, StorageRefused  # noqa: E402

PATH = "/games/500/"
PREFIX = scope(PATH)
DEAL = "1-3-1"  # dealer East: South bids first


class Page:
    """A page's two stores, which apply the answers' writes as page.js does."""

    def __init__(self, local: dict[str, str] | None = None, refuse: str = "", quota: int | None = None) -> None:
        self.stores: dict[str, dict[str, str] | None] = {"local": local if local is not None else {}, "session": {}}
        self.refuse = refuse
        """Writes to keys containing this fail, as in a full store."""
        self.quota = quota
        """The most characters the local store holds (writes past it fail)."""
        self.refused: list[dict[str, Any]] = []

    def apply(self, answer: dict[str, Any]) -> dict[str, Any]:
        for area, key, value in answer["writes"]:
            store = self.stores[area]
            assert store is not None
            if value is None:
                store.pop(key, None)
            elif self.refuse and self.refuse in key or area == "local" and self.quota is not None and (
                    sum(len(k) + len(v) for k, v in store.items() if k != key) + len(key) + len(value) > self.quota):
                self.refused.append({"op": "refused", "area": area, "key": key, "value": store.get(key)})
            else:
                store[key] = value
        return answer


def started(page: Page, **message: Any) -> tuple[Bridge, dict[str, Any]]:
    bridge = Bridge(seed=lambda: 7)
    stores = {area: (None if store is None else dict(store)) for area, store in page.stores.items()}
    return bridge, page.apply(bridge.handle({"op": "start", **stores, "path": PATH, **message}))


def test_the_start_screen_comes_with_the_choices_made_before_python() -> None:
    page = Page()
    _, answer = started(page, queued=[["set:level:1", "easy"], ["set:deal", DEAL]])
    assert answer["screen"] == answer["marker"] == "start" and answer["due"] is None
    start = answer["regions"]["start"]
    assert '<option value="easy" selected>' in start and f'value="{DEAL}"' in start
    assert page.stores["local"] == {}  # the probe was written and removed


def test_a_deal_queued_before_python_is_dealt_and_saved() -> None:
    page = Page()
    bridge, answer = started(page, queued=[["start", DEAL]])
    assert answer["marker"] == "you"
    assert [k for k in page.stores["local"] or {}] == [next(iter(page.stores["local"] or {}))]
    assert next(iter(page.stores["local"] or {})).startswith(PREFIX + "game/")
    assert list(page.stores["session"] or {}) == [PREFIX + "tab-game"]


def test_the_bots_move_when_the_page_says_their_pause_is_over() -> None:
    page = Page()
    bridge, answer = started(page, queued=[["set:pace", "300"], ["start", DEAL]])
    answer = page.apply(bridge.handle({"op": "act", "action": "bid", "value": "pass"}))
    assert answer["marker"] == "bot" and answer["due"] == 300  # the page keeps the timer
    moves = 0
    while answer["marker"] == "bot":
        answer = page.apply(bridge.handle({"op": "tick"}))
        moves += 1
    assert moves >= 1 and answer["marker"] in ("you", "hand-over")
    assert answer["due"] is None or answer["marker"] == "hand-over"


def test_a_download_is_handed_to_the_page() -> None:
    bridge, _ = started(Page(), queued=[["start", DEAL]])
    answer = bridge.handle({"op": "act", "action": "export", "value": ""})
    name, text = answer["download"]
    assert name.startswith("five-hundred-") and DEAL in text


def test_a_write_the_page_refuses_says_storage_is_full_and_keeps_the_revision() -> None:
    page = Page(refuse="#game/")
    bridge, answer = started(page, queued=[["start", DEAL]])
    assert page.refused
    for refused in page.refused:  # one for each write refused, as page.js sends them
        answer = page.apply(bridge.handle(refused))
    assert CANNOT_SAVE_FULL.split(":")[0] in answer["regions"]["arena"]
    assert CANNOT_SAVE_STALE.split(",")[0] not in answer["regions"]["arena"]
    assert page.stores["local"] == {}


def test_storage_full_at_start_is_said_and_a_delete_makes_room() -> None:
    store = MirrorStorage("local", {}, [], full=True)
    try:
        store.set("k", "v")
    except StorageRefused:
        pass
    else:
        raise AssertionError("a full store takes no write")
    store.data["old"] = "x"
    store.remove("old")
    store.set("k", "v")
    assert store.data == {"k": "v"} and store.journal[-1] == ("local", "k", "v")
    _, answer = started(Page(), full=True)
    assert CANNOT_SAVE_FULL.split(":")[0] in answer["regions"]["start"]


def test_disabled_storage_plays_and_says_it_cannot_save() -> None:
    page = Page()
    page.stores["local"] = None
    bridge, answer = started(page, queued=[["start", DEAL]])
    assert answer["marker"] == "you" and [w for w in answer["writes"] if w[0] == "local"] == []
    assert CANNOT_SAVE_DISABLED.split("(")[0] in answer["regions"]["arena"]


def test_another_tabs_write_stops_this_tab_saving_its_game() -> None:
    page = Page()
    bridge, _ = started(page, queued=[["start", DEAL]])
    (key,) = page.stores["local"] or {}
    other, _ = started(Page(dict(page.stores["local"] or {})), queued=[["resume", key.rsplit("/", 1)[1]]])
    newer = page.apply(other.handle({"op": "act", "action": "bid", "value": "pass"}))
    (_, _, value), *_ = [w for w in newer["writes"] if w[1] == key]
    answer = page.apply(bridge.handle({"op": "storage", "key": key, "value": value}))
    assert CANNOT_SAVE_STALE.split(",")[0] in answer["regions"]["arena"]
    answer = page.apply(bridge.handle({"op": "act", "action": "bid", "value": "pass"}))
    assert not [w for w in answer["writes"] if w[1] == key]  # never written over the newer moves


def test_the_workers_entry_module_answers_json_text() -> None:
    """web/main.py, as PyScript runs it in the worker: its exports take and give JSON text."""
    spec = importlib.util.spec_from_file_location("worker_main", Path(__file__).resolve().parents[2] / "web" / "main.py")
    assert spec is not None and spec.loader is not None
    main = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(main)
    assert main.__export__ == ["handle", "call"]
    assert json.loads(main.call('{"fn": "ping"}'))["python"] == sys.version.split()[0]
    session = Session(default_settings(), DealCode(7, 0))
    request = session.bot_request()
    assert request is not None
    assert json.loads(main.call(json.dumps(request))) == answer(request)
    first = json.loads(main.handle(json.dumps({"op": "start", "local": {}, "session": {}, "path": PATH,
                                               "queued": [["start", DEAL]]})))
    assert first["marker"] == "you" and first["writes"]


LATER = ("bots.easy", "bots.normal", "bots.yardstick", "bots.expert", "bots.review", "bots.solver", "bots.hints",
         "app.table.answers", "app.review.review", "engine.ptn", "importlib.metadata")
"""Modules the worker imports when first asked, not before it has answered the first table."""
FIRST_TABLE = f"""
import json, runpy, sys
main = runpy.run_path({str(Path(__file__).resolve().parents[2] / "web" / "main.py")!r})
answer = json.loads(main["handle"](json.dumps({{"op": "start", "local": {{}}, "session": {{}}, "path": "/",
                                               "queued": [["start", {DEAL!r}]]}})))
assert answer["marker"] == "you", answer["marker"]
print(json.dumps(sorted(sys.modules)))
"""


def test_the_worker_answers_the_first_table_before_it_imports_the_bots() -> None:
    """Importing is most of the worker's start in Pyodide: the bots, the hand review and PTN wait
    until they are asked for (South bids first here, so no bot is asked)."""
    root = Path(__file__).resolve().parents[2]
    run = subprocess.run([sys.executable, "-c", FIRST_TABLE], capture_output=True, text=True, check=True,
                         env={**os.environ, "PYTHONPATH": os.pathsep.join((str(root), str(root / "web")))})
    loaded = json.loads(run.stdout)
    assert [m for m in loaded if m in LATER or m.startswith(tuple(f"{later}." for later in LATER))] == []
    assert "app.worker.controller" in loaded and "engine.hand" in loaded


def test_the_hand_review_works_out_its_cheap_pieces_in_one_tick_and_plays_a_trick_a_step() -> None:
    page = Page()
    bridge, answer = started(page, queued=[["set:pace", "300"], ["start", DEAL], ["autoplay", "on"]])
    while answer["marker"] != "hand-over":
        answer = page.apply(bridge.handle({"op": "tick"}))
    app = bridge.app
    assert app is not None
    answer = page.apply(bridge.handle({"op": "act", "action": "review-open", "value": ""}))
    assert answer["due"] == 0  # the first piece of the analysis, at once
    review = app.review
    assert review is not None and review.done == 0
    ticks = 0
    while answer["due"] == 0:
        answer = page.apply(bridge.handle({"op": "tick"}))
        ticks += 1
    assert "Analysis complete." in answer["regions"]["dialog"]
    assert review.done == len(review.pieces) > 2 * ticks  # the cheap pieces come several a tick
    answer = page.apply(bridge.handle({"op": "act", "action": "review-play", "value": "on"}))
    assert 900 <= answer["due"] <= 1000  # the next trick a step from now
    bridge.review_stepped = 0.0  # as if the step's time had passed
    assert review.step == 0
    answer = page.apply(bridge.handle({"op": "tick"}))
    assert review.step == 1
    answer = page.apply(bridge.handle({"op": "act", "action": "dialog", "value": ""}))
    assert answer["due"] == 1200  # closed: nothing but auto-play's next hand (four pauses)


def test_a_tick_of_the_review_searches_little_more_than_one_slice() -> None:
    import app.table.answers as bots
    from bots.review import CONTRACT_NODE_LIMIT
    assert CONTRACT_NODE_LIMIT <= bots.SLICE_NODES  # the one piece searched in one go
    page = Page()
    bridge, answer = started(page, queued=[["set:pace", "300"], ["start", "1-3-2"], ["autoplay", "on"]])
    while answer["marker"] != "hand-over":
        answer = page.apply(bridge.handle({"op": "tick"}))
    answer = page.apply(bridge.handle({"op": "act", "action": "review-open", "value": ""}))
    review = bridge.app.review if bridge.app else None
    assert review is not None
    ticks, searched = [], 0
    while answer["due"] == 0:
        answer = page.apply(bridge.handle({"op": "tick"}))
        assert bots._analysis is not None
        ticks.append(bots._analysis[2].searched - searched)
        searched = bots._analysis[2].searched
    assert review.done == len(review.pieces) > len(ticks) > 1
    # the pieces answered before the last searched under a tenth of a slice; the last one slice at
    # most (the solver counts its nodes in blocks of 4096)
    assert max(ticks) < bots.SLICE_NODES // 10 + bots.SLICE_NODES + 4096, ticks


def test_a_bot_that_fails_is_replaced_by_a_quick_bot_and_the_game_goes_on(monkeypatch: Any) -> None:
    import app.table.answers
    page = Page()
    bridge, answer = started(page, queued=[["set:pace", "300"], ["start", DEAL]])
    answer = page.apply(bridge.handle({"op": "act", "action": "bid", "value": "pass"}))
    assert answer["marker"] == "bot"
    real = app.table.answers.answer
    failed: list[dict[str, Any]] = []

    def failing(request: dict[str, Any]) -> dict[str, Any]:
        if not failed:  # the bot's first decision hits a bug
            failed.append(request)
            raise IndexError("a bug in a bot")
        return real(request)

    monkeypatch.setattr(app.table.answers, "answer", failing)
    assert bridge.app is not None and bridge.app.session is not None
    calls = len(bridge.app.session.hand.history)
    answer = page.apply(bridge.handle({"op": "tick"}))
    assert failed and len(bridge.app.session.hand.history) == calls + 1  # the quick bot's call, in its place
    assert "went wrong" not in answer["regions"]["arena"]


def test_a_failing_bot_gives_way_to_ever_simpler_ones_down_to_the_easy_bot(monkeypatch: Any) -> None:
    import app.table.answers
    page = Page()
    bridge, _ = started(page, queued=[["set:level:1", "expert"], ["set:pace", "300"], ["start", DEAL]])
    page.apply(bridge.handle({"op": "act", "action": "bid", "value": "pass"}))
    real, asked = app.table.answers.answer, []

    def failing(request: dict[str, Any]) -> dict[str, Any]:
        asked.append(request["level"])
        if request["level"] != "easy":  # a bug in the solver both searching bots use
            raise RuntimeError("a bug in the search")
        return real(request)

    monkeypatch.setattr(app.table.answers, "answer", failing)
    assert bridge.app is not None and bridge.app.session is not None
    calls = len(bridge.app.session.hand.history)
    assert bridge.app.session.hand.to_act == 1
    page.apply(bridge.handle({"op": "tick"}))
    assert asked == ["expert", "normal", "easy"] and len(bridge.app.session.hand.history) == calls + 1

    def broken(request: dict[str, Any]) -> dict[str, Any]:
        raise RuntimeError("every bot fails")

    monkeypatch.setattr(app.table.answers, "answer", broken)
    answer = page.apply(bridge.handle({"op": "tick"}))  # the last one's error: the game back at its save
    assert len(bridge.app.session.hand.history) == calls + 1
    assert "Something went wrong on our side (RuntimeError" in answer["regions"]["arena"]


def test_an_action_that_fails_on_our_bug_goes_back_to_the_save_and_says_so(monkeypatch: Any) -> None:
    import app.worker.controller
    page = Page()
    bridge, answer = started(page, queued=[["start", DEAL]])
    saved = dict(page.stores["local"] or {})
    assert answer["marker"] == "you"

    def half_done(session: Session, value: str) -> None:
        session.hand.apply("pass")  # a change made, then a bug before it is saved
        raise KeyError("a bug of ours")

    monkeypatch.setitem(app.worker.controller.TABLE_ACTIONS, "bid", half_done)
    answer = page.apply(bridge.handle({"op": "act", "action": "bid", "value": "pass"}))
    assert "Something went wrong on our side (KeyError" in answer["regions"]["arena"]
    assert answer["marker"] == "you" and page.stores["local"] == saved  # the game as saved, nothing lost
    assert bridge.app is not None and bridge.app.session is not None and not bridge.app.session.hand.history
    monkeypatch.undo()
    answer = page.apply(bridge.handle({"op": "act", "action": "bid", "value": "pass"}))  # and it plays on
    assert answer["marker"] == "bot" and page.stores["local"] != saved
    answer = page.apply(bridge.handle({"op": "act", "action": "dismiss", "value": ""}))
    assert "went wrong" not in answer["regions"]["arena"]


def test_between_messages_the_worker_works_the_review_out_ahead_and_a_failure_there_stops_it(
        monkeypatch: Any) -> None:
    """web/main.py runs the bridge's idle work when no message comes, slice after slice, until
    there is none; a bug there is the console's: the game goes on, the work ahead stops."""
    import asyncio
    spec = importlib.util.spec_from_file_location("worker_main", Path(__file__).resolve().parents[2] / "web" / "main.py")
    assert spec is not None and spec.loader is not None
    main = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(main)
    answer = json.loads(main.handle(json.dumps({"op": "start", "local": {}, "session": {}, "path": PATH,
                                                "queued": [["set:pace", "300"], ["start", DEAL], ["autoplay", "on"]]})))
    bridge = main.bridge
    app = bridge.app
    while not app.session.hand.tricks:  # the bots bid and play a trick
        answer = json.loads(main.handle(json.dumps({"op": "tick"})))
    assert app.ahead is None and main._idle_due  # nothing searched yet, a slice due
    loop = asyncio.get_event_loop()
    slices = 0
    while main._idle_due:  # no message comes
        loop.run_until_complete(asyncio.sleep(main.IDLE_S))
        slices += 1
    assert app.ahead is not None and {"makeable", "trick 1"} <= set(app.ahead.answers) and slices > 1
    assert not bridge.idle()  # all done: it stops until the next message

    def broken() -> bool:
        raise RuntimeError("a bug of ours")
    monkeypatch.setattr(app, "work_ahead", broken)
    answer = json.loads(main.handle(json.dumps({"op": "tick"})))
    while main._idle_due:
        loop.run_until_complete(asyncio.sleep(main.IDLE_S))
    assert bridge.ahead_failed and not bridge.idle()
    while answer["marker"] != "hand-over":  # the game goes on
        answer = json.loads(main.handle(json.dumps({"op": "tick"})))


def test_room_made_elsewhere_saves_the_game_again_and_says_so() -> None:
    """Issue 39, 3: a tab that started its game in full storage saved it never again."""
    page = Page()
    bridge, answer = started(page, full=True, queued=[["start", DEAL]])
    assert answer["full"] and not any("#game/" in k for k in page.stores["local"] or {})
    assert CANNOT_SAVE_FULL.split(":")[0] in answer["regions"]["arena"]
    answer = page.apply(bridge.handle({"op": "storage", "key": PREFIX + "game/gone", "value": None, "room": True}))
    assert not answer["full"] and any("#game/" in k for k in page.stores["local"] or {})
    assert SAVED_AGAIN.split(":")[1] in answer["regions"]["arena"]


def test_leaving_a_game_that_could_not_be_saved_asks_first_and_offers_its_export() -> None:
    """Issue 39, 4: New game threw away the game that storage full kept from being saved."""
    page = Page()
    bridge, answer = started(page, full=True, queued=[["start", DEAL]])
    answer = page.apply(bridge.handle({"op": "act", "action": "new-game", "value": ""}))
    assert answer["screen"] == "table" and "Leave this game?" in answer["regions"]["dialog"]
    assert 'data-action="export"' in answer["regions"]["dialog"]
    answer = page.apply(bridge.handle({"op": "act", "action": "dialog", "value": ""}))  # Stay
    assert answer["screen"] == "table" and answer["regions"]["dialog"] == ""
    answer = page.apply(bridge.handle({"op": "act", "action": "new-game", "value": "unsaved"}))
    assert answer["screen"] == "start"


def test_a_second_deal_sent_before_the_first_was_drawn_starts_no_game() -> None:
    page = Page()
    bridge, _ = started(page)
    for _ in range(2):
        answer = page.apply(bridge.handle({"op": "act", "action": "start", "value": ""}))
    assert answer["screen"] == "table"
    assert sum("#game/" in k for k in page.stores["local"] or {}) == 1


def test_storage_that_cannot_be_read_is_said_at_once() -> None:
    """Issue 39, 6: a store that takes writes but cannot read them back was taken as working."""
    page = Page()
    page.stores["local"] = None
    bridge, answer = started(page, unreadable=True)
    assert CANNOT_READ.split("(")[0] in answer["regions"]["start"]
    answer = page.apply(bridge.handle({"op": "act", "action": "start", "value": DEAL}))
    assert CANNOT_READ.split("(")[0] in answer["regions"]["arena"]


def test_an_import_over_a_game_that_could_not_be_saved_asks_first() -> None:
    page = Page()
    bridge, _ = started(page, full=True, queued=[["start", DEAL]])
    text = bridge.handle({"op": "act", "action": "export", "value": ""})["download"][1]
    answer = page.apply(bridge.handle({"op": "act", "action": "import", "value": text}))
    assert "Leave this game?" in answer["regions"]["dialog"] and "Game imported" not in answer["regions"]["arena"]
    assert bridge.app is not None and bridge.app.kind == "normal"
    answer = page.apply(bridge.handle({"op": "act", "action": "import", "value": "unsaved"}))
    assert answer["regions"]["dialog"] == "" and bridge.app.kind == "imported"
