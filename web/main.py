"""The page's DOM layer, run by PyScript on Pyodide: draws the regions that app.controller.App
renders, turns clicks, changes and keys into App.dispatch calls, and runs the bots, in the
PyScript worker "bots" (worker.py) or, while it is not ready or if it fails, here on the
page's own thread.

Readiness markers on <body> (see index.html): data-ready, data-worker, data-turn.
"""
import asyncio
import json
from typing import Any

import js
from pyodide.ffi import JsProxy, create_proxy, to_js
from pyscript import workers

from app import svg
from app.bots import answer, fallback
from app.controller import DOWNLOADS, App
from app.prefs import Preferences
from app.saves import Saves, scope, web_storage
from engine.errors import FiveHundredError
from engine.rng import SplitMix64

document = js.document
WORKER_TIMEOUT_S = 30
WORKER_START_TIMEOUT_S = 50
REVIEW_TIMEOUT_S = 120  # one piece of a hand review (an exact solve: slow on a busy machine)
WORKER_TAG = {"type": "py", "worker": "", "name": "bots", "src": "./worker.py", "config": "./pyscript.toml"}
REGIONS = ("start", "standings", "top", "arena", "panel", "hand")
SCREENS = ("start", "table", "standings")


def js_object(data: dict[str, Any]) -> JsProxy:
    return to_js(data, dict_converter=js.Object.fromEntries)


def attribute(element: Any, name: str) -> str:
    """An element's attribute, '' when it has none."""
    return str(element.getAttribute(name) or "")


def new_seed() -> int:
    """A fresh seed for a deal nobody chose: the clock, mixed."""
    return SplitMix64(int(js.Date.now()) * 1_000_003 + int(js.performance.now() * 1000)).next_u64()


class Page:
    """The app on the page: drawing, events, bots."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.drawn: dict[str, str] = {}
        self.worker = "starting"
        self.bots: Any = None  # the worker's exports, once it is ready
        self.bots_running = False
        self.reviewing = False
        self.review_clock = False
        self.handlers: list[JsProxy] = []

    # --- drawing --------------------------------------------------------------------------
    def draw(self) -> None:
        """Draw every region whose HTML changed, keeping focus and open <details> where they were."""
        regions = self.app.regions()
        active = document.activeElement
        focus_key = attribute(active, "data-key") if active else ""
        opened = {attribute(d, "data-key") for d in document.querySelectorAll("details[open][data-key]")}
        for screen in SCREENS:
            document.getElementById(screen).hidden = self.app.screen != screen
        for name in REGIONS:
            html = regions.get(name)
            if html is not None and self.drawn.get(name) != html:
                document.getElementById(name).innerHTML = html
                self.drawn[name] = html
        for key in opened:
            for d in document.querySelectorAll(f'details[data-key="{key}"]'):
                d.open = True
        self.draw_dialog(regions.get("dialog", ""))
        self.restore_focus(focus_key)
        document.body.dataset.turn = self.app.marker
        for name, on in self.app.prefs.body_classes.items():
            document.body.classList.toggle(name, on)
        cue = self.app.sound()
        if cue and hasattr(js.window, "playSound"):  # web/sound.js
            js.window.playSound(cue)

    def draw_dialog(self, html: str) -> None:
        dialog = document.getElementById("dialog")
        if html and self.drawn.get("dialog") != html:
            dialog.innerHTML = html
            if hasattr(js.navigator, "share"):
                for control in dialog.querySelectorAll("[data-action=web-share]"):
                    control.hidden = False
        self.drawn["dialog"] = html
        if html and not dialog.open:
            dialog.showModal()
        elif not html and dialog.open:
            dialog.close()

    def restore_focus(self, key: str) -> None:
        """Focus the control that had it before the redraw, else (focus lost: on nothing, or on
        a screen now hidden) the next decision; a redrawn card that cannot be played now gives
        its focus to the next decision too."""
        scope = document.getElementById("dialog" if document.getElementById("dialog").open else self.app.screen)
        target = scope.querySelector(f'[data-key="{key}"]') if key else None
        active = document.activeElement
        if target and target != active and attribute(target, "aria-disabled") == "true":
            target = None
        if not target and (not active or active == document.body or not scope.contains(active)
                           or attribute(active, "aria-disabled") == "true"):
            target = scope.querySelector("[data-autofocus]")
        if target and target != active:
            target.focus(js_object({"preventScroll": True}))

    # --- events ---------------------------------------------------------------------------
    def bind(self) -> None:
        root = document.getElementById("app")
        for kind, handler in (("click", self.on_click), ("change", self.on_change),
                              ("submit", self.on_submit), ("keydown", self.on_key)):
            proxy = create_proxy(handler)
            self.handlers.append(proxy)
            root.addEventListener(kind, proxy)
        proxy = create_proxy(lambda _event: self.act("dialog", ""))
        self.handlers.append(proxy)
        document.getElementById("dialog").addEventListener("close", proxy)

    def on_click(self, event: Any) -> None:
        control = event.target.closest("button[data-action]")
        if control:
            self.act(attribute(control, "data-action"), attribute(control, "data-value"))

    def on_change(self, event: Any) -> None:
        control = event.target
        action = attribute(control, "data-action")
        if action and control.tagName != "BUTTON":
            if control.type == "file":
                asyncio.ensure_future(self.import_file(control))
                return
            if control.type == "text":  # the page already shows what was typed: no redraw under the pointer
                self.app.dispatch(action, str(control.value))
                return
            value = ("on" if control.checked else "off") if control.type == "checkbox" else str(control.value)
            self.act(action, value)

    def on_submit(self, event: Any) -> None:
        event.preventDefault()
        deal = document.getElementById("deal-code")  # a tournament has none
        self.act("start", str(deal.value) if deal else "")

    def on_key(self, event: Any) -> None:
        """Left and right arrows move along the cards of the hand, of the player's piles, and of a
        suit in the partner picker; up and down move to the suit above or below there."""
        key = str(event.key)
        card = event.target.closest(".hand .card, .piles .card, .call-card")
        if card and key in ("ArrowLeft", "ArrowRight"):
            cards = card.closest(".hand, .piles, .call-cards").querySelectorAll(".card, .call-card")
            index = js.Array.prototype.indexOf.call(cards, card) + (-1 if key == "ArrowLeft" else 1)
            if 0 <= index < cards.length:
                event.preventDefault()
                cards.item(index).focus()
        elif card and key in ("ArrowUp", "ArrowDown") and card.matches(".call-card"):
            suit = card.closest(".call-suit")
            other = suit.previousElementSibling if key == "ArrowUp" else suit.nextElementSibling
            if other:
                event.preventDefault()
                cells = other.querySelectorAll(".call-card")
                column = js.Array.prototype.indexOf.call(card.parentElement.children, card)
                cells.item(min(column, cells.length - 1)).focus()

    def act(self, action: str, value: str) -> None:
        if action in ("copy-link", "web-share"):
            asyncio.ensure_future(self.share_link(action, value))
            return
        if action in DOWNLOADS:
            self.download(action, value)
            return
        if action == "hint":
            asyncio.ensure_future(self.hint())
            return
        if action == "dialog" and not value and not self.app.dialog:
            return
        self.app.dispatch(action, value)
        self.draw()
        asyncio.ensure_future(self.run_bots())
        asyncio.ensure_future(self.run_review())

    async def share_link(self, action: str, url: str) -> None:
        """Copy a link to the clipboard, or hand it to the system's share sheet; say how it went."""
        status = document.querySelector("#dialog .copy-status")
        try:
            if action == "web-share":
                await js.navigator.share(js_object({"title": "Five Hundred", "url": url}))
                return
            await js.navigator.clipboard.writeText(url)
            words = "Link copied: paste it in a message to a friend."
        except Exception:  # noqa: BLE001 (refused, or no clipboard: the link is there to select)
            words = "The link could not be copied here: select it above and copy it."
        if status:
            status.textContent = words

    def download(self, action: str, value: str) -> None:
        """Download a file the app makes: the game record, a finished game, an unreadable save."""
        file = self.app.download(action, value)
        if file is None:
            return
        name, text = file
        blob = js.Blob.new(to_js([text]), js_object({"type": "application/json"}))
        url = js.URL.createObjectURL(blob)
        link = document.createElement("a")
        link.href = url
        link.download = name
        document.body.append(link)
        link.click()
        link.remove()
        js.setTimeout(create_proxy(lambda: js.URL.revokeObjectURL(url)), 1000)

    async def import_file(self, control: Any) -> None:
        """Read the chosen game file, then play on from it."""
        files = control.files
        if not files or not files.length:
            return
        text = str(await files.item(0).text())
        control.value = ""
        self.act("import", text)

    def watch_updates(self) -> None:
        """Say when pwa.js reports that a new version was installed (the save is kept)."""
        def ready(_event: Any = None) -> None:
            self.app.notice = ("A new version of Five Hundred is ready: reload the page to use it. "
                               "Your game is saved and carries on where it was.")
            self.draw()
        proxy = create_proxy(ready)
        self.handlers.append(proxy)
        js.window.addEventListener("five-hundred:update-ready", proxy)
        if document.documentElement.hasAttribute("data-update"):
            ready()

    def watch_storage(self) -> None:
        """Hear of another tab's writes: the start screen's list changes, a game played on
        elsewhere stops being saved here (the app says so)."""
        def changed(event: Any) -> None:
            self.app.storage_changed(str(event.key or ""))
            self.draw()
        proxy = create_proxy(changed)
        self.handlers.append(proxy)
        js.window.addEventListener("storage", proxy)

    # --- bots -----------------------------------------------------------------------------
    async def start_worker(self) -> None:
        """Add the bots' worker tag (PyScript starts it), wait until it answers a ping."""
        script = document.createElement("script")
        for name, value in WORKER_TAG.items():
            script.setAttribute(name, value)
        # PyScript reports a worker that cannot start (its script cannot be fetched, say) only as an
        # unhandled rejection on the page: while the worker starts, one means it failed.
        failed: asyncio.Future[None] = asyncio.get_running_loop().create_future()

        def on_failure(event: Any) -> None:
            if not failed.done():
                failed.set_exception(RuntimeError(str(getattr(event, "reason", None) or event.message)))

        listener = create_proxy(on_failure)
        for kind in ("unhandledrejection", "error"):
            js.window.addEventListener(kind, listener)
        document.body.append(script)
        try:
            self.bots = await self.worker_or_failure(workers["bots"], failed)
            await self.worker_or_failure(self.call_worker('{"fn": "ping"}'), failed)
        except Exception as e:  # noqa: BLE001 (any failure: the bots play here instead)
            js.console.warn(f"bots worker failed, bots play on the page: {e!r}")
            self.worker = "failed"
        else:
            self.worker = "ready"
            js.window.fiveHundred = js_object({"bots": self.bots})  # for tests: fiveHundred.bots.call(text)
        finally:
            for kind in ("unhandledrejection", "error"):
                js.window.removeEventListener(kind, listener)
            listener.destroy()
            failed.cancel()
        document.body.dataset.worker = self.worker

    @staticmethod
    async def worker_or_failure(step: Any, failed: "asyncio.Future[None]") -> Any:
        """The result of a step of the worker's start, unless the start fails or takes too long."""
        task = asyncio.ensure_future(step)
        done, _ = await asyncio.wait([task, failed], timeout=WORKER_START_TIMEOUT_S,
                                     return_when=asyncio.FIRST_COMPLETED)
        if task in done:
            return task.result()
        task.cancel()
        if failed in done:
            failed.result()  # raises why
        raise TimeoutError("the worker did not start in time")

    async def call_worker(self, text: str) -> str:
        return str(await self.bots.call(text))

    async def ask(self, request: dict[str, Any]) -> dict[str, str]:
        """The bots' answer: from the worker when it is ready, else a quick bot here."""
        if self.worker == "ready":
            try:
                return dict(json.loads(await asyncio.wait_for(self.call_worker(json.dumps(request)), WORKER_TIMEOUT_S)))
            except Exception as e:  # noqa: BLE001
                js.console.warn(f"bots worker failed, bots play on the page: {e}")
                self.worker = "failed"
                document.body.dataset.worker = self.worker
        return answer(fallback(request))

    async def run_bots(self) -> None:
        """Let the bots act, each after the pause the player chose, until the player is to act.
        A call while the loop runs returns at once: the loop looks at the game again after every
        pause, so what the player did meanwhile (Next hand, say) is never left waiting."""
        if self.bots_running:
            return
        self.bots_running = True
        try:
            while True:
                request = self.app.bot_request()
                session = self.app.session
                if request is None or session is None:
                    if session is None or not self.app.autoplay_next:
                        return
                    await asyncio.sleep(session.settings["pace_ms"] * 4 / 1000)
                    if self.app.session is session and self.app.autoplay_next:
                        self.app.dispatch("next")
                        self.draw()
                    continue  # whatever the player did during the pause, look again at who is to act
                started = js.performance.now()
                reply = await self.ask(request)
                await asyncio.sleep(max(0, session.settings["pace_ms"] - (js.performance.now() - started)) / 1000)
                try:
                    self.app.bot_answer(request, reply)
                except FiveHundredError as e:
                    js.console.error(f"bot answer {reply} refused: {e}; a quick bot plays instead")
                    self.app.bot_answer(request, answer(fallback(request)))
                self.draw()
        finally:
            self.bots_running = False

    async def run_review(self) -> None:
        """The hand review's analysis from the worker (here if it failed), a piece at a time, drawn as
        each piece comes; and, while the review plays, a trick a second."""
        asyncio.ensure_future(self.play_review())
        if self.reviewing:
            return
        self.reviewing = True
        try:
            while (request := self.app.review_request()) is not None:
                if self.worker == "starting":
                    await asyncio.sleep(0.2)
                    continue
                try:
                    reply = (json.loads(await asyncio.wait_for(self.call_worker(json.dumps(request)), REVIEW_TIMEOUT_S))
                             if self.worker == "ready" else answer(request))
                    self.app.review_answer(request, reply)
                except Exception as e:  # noqa: BLE001 (the review says so; the game is not concerned)
                    js.console.warn(f"hand review failed: {e!r}")
                    self.app.review_answer(request, None, "the bots' thread did not answer in time.")
                self.draw()
        finally:
            self.reviewing = False

    async def play_review(self) -> None:
        if self.review_clock:
            return
        self.review_clock = True
        try:
            while self.app.review_playing:
                await asyncio.sleep(1)
                if self.app.review_playing:
                    self.app.dispatch("review-step", "+")
                    self.draw()
        finally:
            self.review_clock = False

    async def hint(self) -> None:
        request = self.app.bot_request("hint")
        if request is None or self.app.session is None:
            return
        self.app.session.notice = "Thinking about a hint…"
        self.draw()
        self.app.bot_answer(request, await self.ask(request))
        self.draw()


saves = Saves(web_storage(js.window), prefix=scope(str(js.location.pathname)),
              tab=web_storage(js.window, "sessionStorage"))
prefs = Preferences(web_storage(js.window), scope(str(js.location.pathname)))
page = Page(App(seed=new_seed, saves=saves, query=str(js.location.search), page_url=str(js.location.href),
                prefs=prefs))
document.body.insertAdjacentHTML("afterbegin", svg.sprite())
if js.location.search:  # a link was opened: reloading resumes the saved game, not the link
    js.history.replaceState(None, "", str(js.location.pathname))
page.bind()
page.watch_updates()
page.watch_storage()
page.draw()
document.getElementById("loading").hidden = True
document.getElementById("app").hidden = False
document.body.dataset.ready = "true"
asyncio.ensure_future(page.start_worker())
asyncio.ensure_future(page.run_bots())  # a resumed or shared game may be at a bot's turn
