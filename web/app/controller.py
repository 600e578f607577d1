"""The whole app without a DOM: which screen and dialog are shown, what each control
does, and the HTML of every region.

``web/main.py`` calls :meth:`App.dispatch` with a control's ``data-action`` and
``data-value``, then draws :meth:`App.regions`; it runs the bots by passing
:meth:`App.bot_request` to the worker and the answer to :meth:`App.bot_answer`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from engine.errors import FiveHundredError

from app import render
from app.session import Request, Session
from app.settings import Settings, SettingsError
from app.start import StartForm
from app.view import table_view

DIALOGS: Final = ("sheet", "help", "menu")


class App:
    """The start screen, then a game at the table."""

    def __init__(self, settings: Settings | None = None, seed: Callable[[], int] = lambda: 0) -> None:
        self.form = StartForm(settings)
        self.session: Session | None = None
        self.dialog = ""
        self.seed = seed
        """A fresh seed for each new game without a deal code."""
        self._drawn_actions = -1
        self._game = 0
        """Counts games, so that an answer for an earlier game is never applied."""

    @property
    def screen(self) -> str:
        return "table" if self.session is not None else "start"

    @property
    def marker(self) -> str:
        """For <body data-turn>: 'start', or the session's state ('you', 'bot', 'hand-over', 'game-over')."""
        return self.session.state if self.session is not None else "start"

    def dispatch(self, action: str, value: str = "") -> None:
        """Do what a control asks: ``action`` and ``value`` from its data attributes."""
        if action.startswith("set:"):
            self.form.set(action[4:], value)
        elif action == "reset-rules":
            self.form.reset_rules()
        elif action == "start":
            self.start(value)
        elif action == "dialog":
            self.dialog = value if value in DIALOGS else ""
        elif action == "new-game":
            if self.session is not None:
                self.form = StartForm(self.session.settings)
            self.session, self.dialog = None, ""
        elif self.session is not None:
            self._table_action(self.session, action, value)

    def start(self, deal_code: str) -> None:
        """Start a game with the form's settings and an optional deal code."""
        self.form.set("deal", deal_code)
        try:
            self.session = Session.new(self.form.checked(), self.form.deal, self.seed())
        except (SettingsError, FiveHundredError) as e:
            self.form.fail(e)
            return
        self.dialog = ""
        self._drawn_actions = -1
        self._game += 1

    def _table_action(self, session: Session, action: str, value: str) -> None:
        number = int(value) if value.lstrip("-").isdigit() else -1
        if action == "card":
            session.tap(number)
        elif action == "play":
            session.play_selected()
        elif action == "bid":
            session.bid(value)
        elif action == "discard":
            session.discard()
        elif action == "joker":
            session.give_joker(number)
        elif action == "name":
            session.name_suit(number)
        elif action == "cancel":
            session.cancel()
        elif action == "next":
            session.next_hand()
        elif action == "review":
            session.toggle_review()
        elif action == "autoplay":
            session.set_autoplay(value == "on")
        elif action == "pace" and number >= 0:
            session.set_pace(number)

    # --- bots ---------------------------------------------------------------------------
    def bot_request(self, fn: str = "decide") -> Request | None:
        """A request for the bots ('decide' when a bot is to act, 'hint' on the player's turn)."""
        request = self.session.bot_request(fn) if self.session is not None else None
        return None if request is None else {**request, "game": self._game}

    def bot_answer(self, request: Request, answer: dict[str, str]) -> bool:
        """Apply a bot's answer (or show a hint); False if it came too late to count."""
        session = self.session
        if session is None or request.get("game") != self._game:
            return False
        if request["fn"] == "hint":
            session.show_hint(request, answer)
            return True
        return session.apply_bot(request, answer)

    def export(self) -> dict[str, Any] | None:
        """The game record to download, if a game is on."""
        return self.session.record() if self.session is not None else None

    # --- drawing ------------------------------------------------------------------------
    def regions(self) -> dict[str, str]:
        """HTML for each region of the current screen (and 'dialog', '' when closed)."""
        if self.session is None:
            return {"start": render.start(self.form.view())}
        view = table_view(self.session)
        actions = sum(len(h.history) for h in self.session.match.hands)
        fresh, self._drawn_actions = actions != self._drawn_actions, actions
        regions = render.table(view, fresh)
        regions["dialog"] = render.dialog(self.dialog, view) if self.dialog else ""
        return regions
