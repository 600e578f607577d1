"""The worker's side of the page protocol: plain data in, plain data out.

The whole app (:class:`app.worker.controller.App`, its saves and the bots) runs in one
PyScript worker; the page's thread only draws what :meth:`Bridge.handle` answers
and passes on what the player does.  A message from the page::

    {"op": "start", "local": {key: value} | None, "session": {...} | None, "full": false,
     "unreadable": false,   (local is None: the store takes writes but cannot be read)
     "path": "/games/500/", "search": "?v=1...", "href": "...", "queued": [[action, value], ...]}
    {"op": "act", "action": "bid", "value": "7H"}      a control's data-action and data-value
                                                        (and "room": true, below)
    {"op": "tick"}                                      the bots' move (or auto-play's next hand) is due
    {"op": "storage", "key": k | None, "value": v | None, "local": {...}}   another tab wrote
    {"op": "refused", "area": "local", "key": k, "value": v | None}   the page could not write k
    {"op": "update-ready"}                              a new version of the site was installed

An "act" or "storage" message carries ``"room": true`` when the last answer said the store
was full and the page's probe now fits: room was made (in this tab, another, another copy).

and the answer::

    {"regions": {name: html}, "screen": "start", "marker": "start", "classes": {...},
     "sound": "", "writes": [[area, key, value | None], ...], "due": ms | None,
     "download": [name, text] | None, "full": false}   (the page's store refused a write: full)

Storage: a worker has no ``localStorage``.  The page hands over a snapshot of the site's
keys; :class:`MirrorStorage` keeps it behind the :class:`app.store.saves.Storage` interface and
journals every write, which the page applies, in order, with each answer.  A write the
page could not make (storage full) comes back as "refused": the mirror takes the page's
value again and refuses writes until something is removed.
"""

from __future__ import annotations

import time
import traceback
from collections.abc import Callable
from typing import Any, Final

from engine.errors import FiveHundredError

from app.store.prefs import Preferences
from app.store.saves import CANNOT_READ, CANNOT_SAVE_DISABLED, Saves, scope
from app.worker.controller import DOWNLOADS, App

AREAS: Final = ("local", "session")
"""The page's stores: localStorage and the tab's sessionStorage."""
SITE_KEYS: Final = "five-hundred"
"""Every key the app writes starts so (app.store.saves.scope, and the legacy keys)."""
AUTOPLAY_PAUSES: Final = 4
"""Auto-play waits this many bot pauses before it deals the next hand."""
TRICK_BEATS: Final = 2
"""A finished trick stays this many bot pauses before the sweep and the next lead: its last card
lands, then the player sees the whole trick a beat (none at no pause)."""
REVIEW_STEP_MS: Final = 1000
"""A playing hand review shows the next trick after this long."""

Write = tuple[str, str, str | None]
"""A write for the page to make: area, key, value (None: remove the key)."""


class StorageRefused(Exception):
    """The page's store refused a write (full): the mirror refuses until room is made."""


class MirrorStorage:
    """One of the page's stores, mirrored in the worker: reads answer at once from the
    snapshot, writes are journalled for the page (:class:`app.store.saves.Storage`)."""

    def __init__(self, area: str, data: dict[str, str], journal: list[Write], full: bool = False) -> None:
        self.area, self.data, self.journal = area, dict(data), journal
        self.full = full
        """The page's store is full: every write is refused until a key is removed."""

    def get(self, key: str) -> str | None:
        return self.data.get(key)

    def set(self, key: str, value: str) -> None:
        if self.full:
            raise StorageRefused(key)
        self.data[key] = value
        self.journal.append((self.area, key, value))

    def remove(self, key: str) -> None:
        if self.data.pop(key, None) is not None:
            self.full = False  # there may be room again: the next write is tried
        self.journal.append((self.area, key, None))

    def keys(self) -> list[str]:
        return list(self.data)

    def changed(self, key: str, value: str | None) -> None:
        """The page's store holds ``value`` under ``key`` (another tab's write, or a refusal)."""
        if value is None:
            self.data.pop(key, None)
        else:
            self.data[key] = value


class Bridge:
    """The app in the worker, answering the page's messages."""

    def __init__(self, seed: Callable[[], int] = lambda: 0) -> None:
        self.seed = seed
        self.app: App | None = None
        self.journal: list[Write] = []
        self.stores: dict[str, MirrorStorage] = {}
        self.review_stepped = 0.0
        """When a playing hand review last stepped on (time.monotonic)."""
        self.ahead_failed = False
        """Working the review out ahead failed (:meth:`idle`): it is not tried again."""

    def handle(self, message: dict[str, Any]) -> dict[str, Any]:
        """Do what the page asks; the answer says what to draw and to write."""
        op = message.get("op")
        download = None
        if op == "start":
            self.start(message)
        app = self.app
        if app is None:
            raise ValueError(f"{op!r} before 'start'")
        try:
            if message.get("room"):
                self.room_made(app)
            download = self.do(app, op, message)
        except Exception as e:  # noqa: BLE001 (a bug of ours: the game goes back to its save, never freezes)
            traceback.print_exc()  # the browser's console
            app.recover(e)
        return self.answer(app, download)

    def do(self, app: App, op: object, message: dict[str, Any]) -> tuple[str, str] | None:
        """What a message other than 'start' asks; a file to download, if any."""
        if op in ("act", "tick"):
            self.room_for_games(app)
        if op == "act":
            action, value = str(message.get("action", "")), str(message.get("value", ""))
            if action in DOWNLOADS:
                return app.download(action, value)
            self.act(app, action, value)
        elif op == "tick":
            self.tick(app)
        elif op == "storage":
            self.storage_changed(app, message)
        elif op == "refused":
            self.refused(app, message)
        elif op == "update-ready":
            app.notice = ("A new version of Five Hundred is ready: reload the page to use it. "
                          "Your game is saved and carries on where it was.")
        return None

    def room_for_games(self, app: App) -> None:
        """The page's store was found full: before the next action or move the analyses kept
        give way (:meth:`App.make_room`), as a Delete would, and the game's next save is tried.
        Never while a refusal is handled: the page reports every write after a refused one,
        and a store written to again before those reports are in could drop a save."""
        store = self.stores.get("local")
        if store is not None and store.full:
            app.make_room()

    def room_made(self, app: App) -> None:
        """The page's store has room again: writes are tried again, the game's save first."""
        store = self.stores.get("local")
        if store is not None and store.full:
            store.full = False
            app.room_made()

    def start(self, message: dict[str, Any]) -> None:
        """Start the app on the page's snapshot of its stores, then do what the player did
        on the start screen before Python was ready."""
        for area in AREAS:
            data = message.get(area)
            if isinstance(data, dict):
                full = area == "local" and bool(message.get("full"))
                self.stores[area] = MirrorStorage(area, data, self.journal, full)
        prefix = scope(str(message.get("path", "/")))
        local, tab = self.stores.get("local"), self.stores.get("session")
        saves = Saves(local, prefix=prefix, tab=tab,
                      unusable=CANNOT_READ if message.get("unreadable") else CANNOT_SAVE_DISABLED)
        self.app = App(seed=self.seed, saves=saves, query=str(message.get("search", "")),
                       page_url=str(message.get("href", "")), prefs=Preferences(local, prefix))
        for action, value in message.get("queued", []):
            self.act(self.app, str(action), str(value))

    def act(self, app: App, action: str, value: str) -> None:
        """A control's action; a hint is asked of the bots at once."""
        if action == "hint":
            from app.table.answers import answer  # the bots are imported when first asked: none before the first table
            request = app.bot_request("hint")
            if request is not None:
                app.bot_answer(request, answer(request))
            return
        if action == "dialog" and not value and not app.dialog:
            return  # the dialog closed itself after the app had closed it
        app.dispatch(action, value)
        if action == "review-play":  # the next trick a whole step from when this one is drawn
            self.review_stepped = time.monotonic()

    def tick(self, app: App) -> None:
        """The pause is over: a bot acts; or a tournament's other table makes a move; or the
        hand review works out its next pieces (:meth:`review_slice`), or steps on to the next
        trick; or auto-play deals the next hand."""
        if self._trick_kept(app):
            return
        request = app.bot_request()
        if request is not None:
            self.bot_move(app, request)
        elif app.others_playing:
            app.play_on()
        elif app.review_request() is not None:
            self.review_slice(app)
        elif self._review_step_due(app) == 0:
            app.dispatch("review-step", "+")
            self.review_stepped = time.monotonic()  # (after the step's work: a whole step shown)
        elif app.autoplay_next:
            app.dispatch("next")

    @staticmethod
    def bot_move(app: App, request: dict[str, Any]) -> None:
        """A bot's move; if the bot fails (an illegal answer, or a bug of ours), ever simpler
        bots are asked in turn (app.table.answers.fallbacks), so the game goes on; if the last fails
        too, its error is raised (the page shows it, the game saved as of the last move)."""
        from app.table.answers import answer, fallbacks  # imported when first asked, as in act
        asks = [request, *fallbacks(request)]
        for i, ask in enumerate(asks):
            try:
                app.bot_answer(request, answer(ask))
                return
            except Exception as e:  # noqa: BLE001 (the next, simpler bot plays instead)
                if i == len(asks) - 1:
                    raise
                if not isinstance(e, FiveHundredError):
                    traceback.print_exc()  # a bug: the browser's console

    @staticmethod
    def review_slice(app: App) -> None:
        """Pieces of the review's analysis, one after another while those answered have
        searched less than a tenth of a slice (:data:`app.table.answers.SLICE_NODES`): a hand's many
        cheap pieces come in one answer, a dear piece in several, and the page's input waits
        for little more than one slice."""
        from app.table.answers import SLICE_NODES, answer
        spent = 0
        while spent < SLICE_NODES // 10 and (piece := app.review_request()) is not None:
            try:
                reply = answer(piece)
            except Exception as e:  # noqa: BLE001 (the review says so; the game is not concerned)
                app.review_answer(piece, None, f"the analysis failed ({e}).")
                return
            spent += int(reply["nodes"])
            app.review_answer(piece, reply)

    def idle(self) -> bool:
        """Between the page's messages: a slice of the review of the table's hand worked out
        ahead (:meth:`app.worker.controller.App.work_ahead`); False when there is nothing to search.
        A failure there is the browser console's, never the game's: it stops working ahead."""
        if self.app is None or self.ahead_failed:
            return False
        try:
            return self.app.work_ahead()
        except Exception:  # noqa: BLE001 (the review after the hand works it out itself)
            traceback.print_exc()
            self.ahead_failed = True
            return False

    @staticmethod
    def _trick_kept(app: App) -> bool:
        """A finished trick stays until the player taps it away (their preference)."""
        return bool(app.prefs.values["trick_stays"]) and app.session is not None and app.session.trick_waits()

    def _review_step_due(self, app: App) -> int | None:
        """In how many ms a playing review shows its next trick (None: it is not playing)."""
        if not app.review_playing:
            return None
        return max(0, round(REVIEW_STEP_MS - (time.monotonic() - self.review_stepped) * 1000))

    def storage_changed(self, app: App, message: dict[str, Any]) -> None:
        """Another tab wrote a key (None: it cleared the store, and ``local`` is all of it)."""
        store = self.stores.get("local")
        if store is None:
            return
        key = message.get("key")
        if key is None:
            store.data = dict(message.get("local") or {})
        elif str(key).startswith(SITE_KEYS):
            value = message.get("value")
            store.changed(str(key), None if value is None else str(value))
        else:
            return
        app.storage_changed(str(key or ""))

    def refused(self, app: App, message: dict[str, Any]) -> None:
        """The page could not write a key (its store is full): take back the page's value,
        refuse writes from now on (until a key is removed: the player's Delete, or the analyses
        kept giving way before the next action, :meth:`room_for_games`), and save again, which
        says why it cannot."""
        store = self.stores.get(str(message.get("area")))
        if store is None:
            return
        value = message.get("value")
        store.changed(str(message.get("key")), None if value is None else str(value))
        store.full = True
        saves = app.saves
        if saves is not None and app.game_id:
            saves.load(app.game_id)  # this page's revision is the stored one again
            app.save()

    def due(self, app: App) -> int | None:
        """In how many ms the page should send a tick (None: nothing to wait for)."""
        session = app.session
        pace = int(session.settings["pace_ms"]) if session is not None else 0
        if session is not None and app.screen == "table" and session.state == "bot":
            if self._trick_kept(app):
                return None
            return pace * TRICK_BEATS if session.trick_done() else pace
        if app.others_playing:
            return 0  # the other table's next move, at once: the page's input comes first between moves
        if app.review_request() is not None:
            return 0  # the review's next piece, at once: the page's input comes first between pieces
        if (step := self._review_step_due(app)) is not None:
            return step
        return pace * AUTOPLAY_PAUSES if app.autoplay_next else None

    def answer(self, app: App, download: tuple[str, str] | None = None) -> dict[str, Any]:
        writes, self.journal[:] = list(self.journal), []
        local = self.stores.get("local")
        return {"regions": app.regions(), "screen": app.screen, "marker": app.marker,
                "classes": app.prefs.body_classes, "sound": app.sound(), "writes": writes,
                "due": self.due(app), "download": list(download) if download else None,
                "full": bool(local is not None and local.full)}
