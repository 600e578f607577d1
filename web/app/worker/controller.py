"""The whole app without a DOM: which screen and dialog are shown, what each control
does, and the HTML of every region.

``web/main.py`` calls :meth:`App.dispatch` with a control's ``data-action`` and
``data-value``, then draws :meth:`App.regions`; it runs the bots by passing
:meth:`App.bot_request` to the worker and the answer to :meth:`App.bot_answer`.
"""

from __future__ import annotations

import json
from datetime import datetime
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

from engine.bids import Bid
from engine.deal import DealCode
from engine.errors import FiveHundredError
from engine.hand import Hand, Phase
from engine.match import Match
from engine.rules import Rules
from engine.seats import seat_name

from app.history import render as history_render
from app.history.model import FinishedGame, HistoryView, RealGame
from app.history.stats import Stats, standings_rows
from app.html import tags
from app.html.cards import minus
from app.pad import render as pad_render
from app.pad.model import Sheet
from app.pad.session import PadSession
from app.pad.store import ID_PREFIX, PadStore, dump as dump_pad, parse as parse_pad
from app.review import render as review_render
from app.start import games as games_render, render as start_render
from app.start.form import StartForm
from app.start.guide import PREF as GUIDE_PREF, Guide
from app.start.model import ConfirmView, GameInProgress
from app.store import links
from app.store.prefs import Preferences
from app.store.saves import (CANNOT_SAVE_FULL, CANNOT_SAVE_STALE, LINKED, SAVED_AGAIN, Problem, SavedGame, SaveError,
                             Saves, parse_game_file)
from app.table import dialogs, render as table_render
from app.table.cues import Cues
from app.table.help import rules_words
from app.table.model import TableView
from app.table.session import NAMES, Request, Session
from app.table.settings import TOURNAMENT, Settings, SettingsError, check_settings, default_settings
from app.table.view import table_view
from app.tournament import render as tournament_render
from app.tournament.session import ME, TournamentSession
from app.tournament.view import adjust_table, ordinal, others_view, round_bar, standings_view
from app.worker import render
from app.worker.model import LinkResult, ReplayView, ShareView

if TYPE_CHECKING:
    from app.review.ahead import ReviewAhead
    from app.review.review import Review
    from app.review.store import ReviewStore

DIALOGS: Final = ("sheet", "help", "menu", "history")
LEAVE: Final = "unsaved"
"""The value of New game (or Import) once the player said yes to leaving a game that could not be saved."""
CONFIRMS: Final = {"ask-delete": "delete", "ask-delete-kept": "delete-kept"}
"""Actions that ask before a Delete: the confirming dialog's action."""
DOWNLOADS: Final = ("export", "export-kept", "export-finished", "pad-export")
"""Actions that download a file (:meth:`App.download`)."""
PAD_STALE: Final = ("This score sheet was changed in another tab, so this tab took up the sheet as kept there "
                    "rather than overwrite it. The hand you were entering is still in the form.")
PAD_CHANGE_LOST: Final = "Your last change in this tab was not kept: make it again on this sheet."
PAD_STALE_DAMAGED: Final = ("This score sheet was changed in another tab and is now damaged ({}), so this tab "
                            "stopped saving it rather than overwrite it. Export the sheet here to keep it.")
PAD_NO_TOURNAMENT: Final = ("A tournament is rounds against the bots, with no score to keep on paper: choose a "
                            "table below to score a real game.")
STEPS: Final = {"+": 1, "-": -1}
"""The values of a step on and a step back (the replay's and the review's controls)."""
CASUAL: Final = ("normal", "imported")
"""The kinds of game (app.store.saves.KINDS) with undo: not a challenge, a shared deal, a replay or a tournament."""


class App:
    """The start screen, then a game at the table (or a tournament: its rounds at the table,
    the standings between them)."""

    def __init__(self, settings: Settings | None = None, seed: Callable[[], int] = lambda: 0,
                 saves: Saves | None = None, query: str = "", page_url: str = "",
                 prefs: Preferences | None = None) -> None:
        self.form = StartForm(settings)
        self.prefs = prefs or Preferences()
        """The page's own settings (four-colour deck, sounds, the guide), for every game."""
        self.guide = Guide(self.prefs)
        self.cues = Cues()
        self.session: Session | None = None
        self.tournament: TournamentSession | None = None
        """The tournament being played, whose player's table is ``session``."""
        self.dialog = ""
        self.seed = seed
        """A fresh seed for each new game without a deal code."""
        self._game = 0
        """Counts games, so that an answer for an earlier game is never applied."""
        self.saves = saves
        self.first_visit = self.prefs.first and not (saves is not None and (saves.games() or saves.history()))
        """Nothing kept yet, neither settings nor games: the first table offers the guide."""
        self.page_url = page_url
        self.notice = saves.status if saves is not None else ""
        """About saving, a link or an update: shown above the screen until dismissed."""
        self.kept = ""
        """The key of an unreadable save the notice is about (it can be exported)."""
        self.link: links.Link | None = None
        """The shared deal being played (its first hand), if the game came from a link."""
        self.shared = ShareView("", "", "")
        """The 'share' dialog's title, link and words."""
        self.replay_step = 0
        self.review: Review | None = None
        """The hand under review (the 'review' dialog), with its analysis so far."""
        self.ahead: ReviewAhead | None = None
        """The review of the table's hand worked out ahead (made when first needed)."""
        self.game_id = ""
        """The saved game being played (its key in the store)."""
        self.kind = "normal"
        """How it began (app.store.saves.KINDS)."""
        self.link_query = ""
        self.confirm = ("", "")
        """A Delete (or leaving a game not saved) waiting for the player's yes: its action and value."""
        self.unsaved = False
        """The game at the table could not be saved (storage full or disabled): leaving it asks first."""
        self.importing = ""
        """A game file waiting for that yes."""
        self.pad: PadSession | None = None
        """The score pad of a game played with real cards, if one is open (app.pad)."""
        self.pad_id = ""
        """Its key in the store ('' for a sheet opened read-only from a link)."""
        self.pad_saved = ""
        """The pad as last saved (app.pad.store.dump, undated): a tap that changes nothing writes nothing."""
        self.pad_read: str | None = None
        """The pad's text as this tab last read or wrote it (None: not kept yet): another text kept
        means another tab wrote the sheet since, and this tab takes it up rather than overwrite it."""
        if saves is not None:
            saves.games()  # read once: a save that cannot even be listed goes aside, and the player is told
            if saves.moved_aside:
                self.notice, self.kept = saves.moved_aside[-1].message, saves.moved_aside[-1].key
            elif damaged := self._pads().damaged():
                self.notice, self.kept = (f"A score sheet could not be opened: {damaged[-1].problem}. It is kept as "
                                          "it was: you can export or delete it from History & stats."), damaged[-1].key
        if not self._open_link(query):
            failed = self.notice if query else ""
            resumed = self._resume(self.saves.tab_game if self.saves is not None else "")
            if failed:
                self.notice = failed + (" Your saved game carries on instead." if resumed else
                                        " Resume a game in progress below, or deal a new one.")

    @property
    def screen(self) -> str:
        if self.pad is not None:
            return "pad"
        if self.tournament is not None and (self.tournament.between_rounds or self.tournament.others_playing):
            return "standings"
        return "table" if self.session is not None else "start"

    @property
    def marker(self) -> str:
        """For <body data-turn>: 'start', 'standings' (a tournament between rounds, or over), or the
        session's state ('you', 'bot', 'hand-over', 'game-over')."""
        screen = self.screen
        if self.others_playing:
            return "others-playing"
        return self.session.state if screen == "table" and self.session is not None else screen

    @property
    def others_playing(self) -> bool:
        """A tournament's other table plays its round (a move a tick: :meth:`play_on`)."""
        return self.tournament is not None and self.tournament.others_playing

    def play_on(self) -> None:
        """A move at the tournament's other table; the round's end is saved."""
        if self.tournament is not None:
            self.tournament.play_on()
            if self.tournament.between_rounds:
                self.save()

    @property
    def autoplay_next(self) -> bool:
        """Whether auto-play is to go on to the next hand now (the page waits a moment first)."""
        session = self.session
        return (self.screen == "table" and session is not None and session.state == "hand-over"
                and bool(session.settings["autoplay"]))

    def sound(self) -> str:
        """The sound for what happened at the table since the last call (app.table.cues); '' for none,
        and always with sounds off."""
        cue = self.cues.after(self.session.match if self.session is not None else None)
        return cue if self.prefs.values["sound"] else ""

    def dispatch(self, action: str, value: str = "") -> None:
        """Do what a control asks: ``action`` and ``value`` from its data attributes."""
        self._dispatch(action, value)
        self.save()

    def _dispatch(self, action: str, value: str) -> None:
        prefix, _, name = action.partition(":")
        if action in PAD_ACTIONS:
            PAD_ACTIONS[action](self, value)
        elif self.pad is not None and action.startswith("pad-"):
            self._take_up_pad()
            self.pad.act(action, value)
        elif name and prefix in SETTERS:
            SETTERS[prefix](self, name, value)
        elif action in ACTIONS:
            ACTIONS[action](self, value)
        elif self.session is not None and action in TABLE_ACTIONS:
            TABLE_ACTIONS[action](self.session, value)

    def _open_dialog(self, value: str) -> None:
        self.dialog = value if value in DIALOGS or (value == "replay" and self._replaying()) else ""
        self.confirm = ("", "")  # closed: a Delete not confirmed is not done

    def _new_game(self, value: str = "") -> None:
        """Back to the start screen with this game's settings; the game in progress stays saved, under Resume
        (one that could not be saved only after a yes: :data:`LEAVE`)."""
        if self.unsaved and value != LEAVE:
            self.confirm, self.dialog = ("new-game", LEAVE), "confirm"
            return
        if self.session is not None:
            self.form = StartForm(self.session.settings)
            if self.tournament is not None:
                self.form.set("table", TOURNAMENT)
                self.form.rounds = self.tournament.tournament.rounds
        self._leave()

    def _resume_other(self, game_id: str) -> None:
        self._leave()
        self._resume(game_id)

    def _ask(self, action: str, value: str) -> None:
        """Ask before a Delete (``action`` one of CONFIRMS)."""
        self.confirm, self.dialog = (CONFIRMS[action], value), "confirm"

    def _dismiss(self, _: str = "") -> None:
        self.notice, self.kept = "", ""

    def _step_replay(self, value: str) -> None:
        """The replay's step: a number, or '+' / '-' (a step on or back from the step shown, so that
        clicks sent before the redraw each count)."""
        steps = len(self.link.actions) if self.link is not None else 0
        step = self.replay_step + STEPS[value] if value in STEPS else _number(value)
        if step >= 0 or value in STEPS:
            self.replay_step = max(0, min(steps, step))

    def _guide(self, value: str) -> None:
        """The first-game guide's steps; opened from Rules, it closes the dialog."""
        self.guide.act(value)
        self.dialog = "" if value == "open" else self.dialog

    def _tap(self, value: str) -> None:
        """A tap on a card: played at once if the player chose one tap (app.store.prefs)."""
        if self.session is not None:
            self.session.tap(_number(value), one_tap=self.prefs.values["one_tap"])

    def _next(self, _: str = "") -> None:
        """After a hand: the next one, or a tournament's round results after its last."""
        if self.tournament is not None and self.tournament.round_played:
            self.tournament.end_round()
        elif self.session is not None:
            self.session.next_hand()

    def _next_round(self, _: str = "") -> None:
        if self.tournament is not None and self.tournament.between_rounds:
            self.tournament.next_round()
            self._begin(self.tournament.session, self.tournament, game_id=self.game_id)

    def start(self, deal_code: str) -> None:
        """Start a game with the form's settings and an optional deal code (or a tournament); only
        from the start screen (a second press of Deal, sent before the first was drawn, starts none)."""
        if self.screen != "start":
            return
        self.form.set("deal", deal_code)
        tournament = None
        try:
            if self.form.table == TOURNAMENT:
                tournament = TournamentSession.new(self.form.checked(), self.seed(), self.form.rounds)
                session = tournament.session
            else:
                session = Session.new(self.form.checked(), self.form.deal, self.seed())
        except (SettingsError, FiveHundredError) as e:
            self.form.fail(e)
            return
        self._clear_notice()
        self._begin(session, tournament)

    def _leave(self) -> None:
        """Back to the start screen; the game stays saved."""
        self.session, self.tournament, self.dialog, self.link = None, None, "", None
        self.game_id, self.link_query, self.unsaved = "", "", False
        self.pad, self.pad_id = None, ""
        if self.saves is not None:
            self.saves.tab_game = ""
        self._clear_notice()

    def _delete(self, action: str, value: str) -> None:
        """The player confirmed a Delete: a game in progress, or a kept-aside save."""
        if self.confirm != (action, value) or self.saves is None:
            return
        self.confirm, self.dialog = ("", ""), ""
        DELETES[action](self, self.saves, value)

    def _delete_game(self, saves: Saves, game_id: str) -> None:
        """A game in progress, or a score pad (never the one at the table)."""
        if game_id.startswith(ID_PREFIX):
            self._pads().delete(game_id)
        elif game_id != self.game_id:
            saves.delete(game_id)

    def _delete_kept(self, saves: Saves, key: str) -> None:
        """A save kept aside; its notice goes with it."""
        saves.delete_quarantined(key)
        if key == self.kept:
            self.notice, self.kept = "", ""

    def _clear_notice(self) -> None:
        """A new game: a passing notice (a link's, an import's) is done with."""
        if not self.kept:
            self.notice = self.saves.status if self.saves is not None else ""

    def _begin(self, session: Session, tournament: TournamentSession | None = None, kind: str = "",
               game_id: str = "") -> None:
        """Play a game: a new one (saved beside the others under a new id), or ``game_id``'s."""
        self.session, self.tournament, self.dialog, self.unsaved = session, tournament, "", False
        self.pad, self.pad_id = None, ""  # a game file imported over the score pad
        self.kind = kind or ("tournament" if tournament is not None else "normal")
        session.undo_allowed = self.kind in CASUAL
        self._game += 1
        if self.saves is not None:
            self.game_id = game_id or self.saves.new_id()
            self.saves.tab_game = self.game_id
        if not game_id:
            self.save()

    def _begin_saved(self, loaded: SavedGame, kind: str = "", game_id: str = "") -> None:
        """Play on from a save or a game file: a game, or a tournament."""
        tournament = loaded.tournament
        session = tournament.session if tournament is not None else Session.resume(loaded.settings, loaded.match)
        session.claims = list(loaded.claims)
        session.pick_again(loaded.picks)
        self._begin(session, tournament, kind or loaded.kind, game_id)

    # --- the score pad -------------------------------------------------------------------
    def _pads(self) -> PadStore:
        saves = self.saves
        return PadStore(saves.storage, saves.prefix, saves.clock) if saves is not None else PadStore(None, "")

    def _start_pad(self, _: str = "") -> None:
        """A score pad for a game with real cards, at the start form's table and rules, with
        the names used last at a table of as many players."""
        if self.screen != "start" or self._pad_refused():
            return
        try:
            sheet = Sheet(check_settings(self.form.settings)[1])
        except (SettingsError, FiveHundredError) as e:
            self.form.fail(e)
            return
        self._clear_notice()
        self._open_pad(PadSession(sheet, self._pads().names(sheet.rules.players)), self._pads().new_id())

    def _pad_refused(self) -> str:
        """Why the start form's choice cannot be scored on the pad ('' if it can)."""
        return PAD_NO_TOURNAMENT if self.form.table == TOURNAMENT else ""

    def _open_pad(self, pad: PadSession, pad_id: str, read: str | None = None) -> None:
        self.pad, self.pad_id, self.dialog, self.pad_saved, self.pad_read = pad, pad_id, "", "", read
        if self.saves is not None and pad_id:
            self.saves.tab_game = pad_id

    def _resume_pad(self, pad_id: str) -> bool:
        """Keep score on a sheet kept; False (and a notice) if it cannot be read."""
        pads = self._pads()
        try:
            pad = pads.load(pad_id)
        except (SaveError, ValueError) as e:
            self.notice = f"That score sheet could not be opened: {e}. It is kept as it was."
            self.kept = pads.key(pad_id) if pads.stored(pad_id) is not None else ""
            return False
        self._open_pad(pad, pad_id, pads.stored(pad_id))
        return True

    def _take_up_pad(self) -> bool:
        """Another tab wrote the sheet since this one read it: take up the sheet it kept, the hand
        being entered kept in the form, and say so; True if it did. A sheet kept damaged is not
        overwritten either: this tab stops saving, and says so."""
        pad, pads = self.pad, self._pads()
        raw = pads.stored(self.pad_id) if pad is not None and self.pad_id else None
        if pad is None or raw is None or raw == self.pad_read:
            return False  # (a sheet deleted in another tab is kept again by this one's next save)
        try:
            newer = parse_pad(raw)
        except (SaveError, ValueError) as e:
            self.notice, self.kept = PAD_STALE_DAMAGED.format(e), pads.key(self.pad_id)
            return False
        pad.take_up(newer)
        self.pad_read, self.pad_saved, self.notice = raw, dump_pad(pad), PAD_STALE
        return True

    def _share_pad(self, _: str = "") -> None:
        """The link that shows the sheet, read-only, to the others at the table."""
        if self.pad is None:
            return
        query = links.sheet_link(dump_pad(self.pad))
        self.shared = ShareView("Share the score sheet", links.share_url(self.page_url, query),
                                "Whoever opens this link sees the score sheet as it is now, read-only:")
        self.dialog = "share"

    def _import_pad(self, text: str) -> bool:
        """Keep score on from an exported score sheet, beside the sheets kept; False if it is none."""
        try:
            pad = parse_pad(text)
        except (SaveError, ValueError):
            return False
        self._leave()
        self._open_pad(pad, self._pads().new_id())
        self.notice = "Score sheet imported. Any game you were playing is kept under Resume on the start screen."
        return True

    def _open_pad_link(self, query: str) -> bool:
        """Show a score sheet a link shares, read-only; False if the link holds none."""
        try:
            text = links.decode_sheet(query)
            if text is None:
                return False
            pad = parse_pad(text)
        except (links.LinkError, SaveError, ValueError) as e:
            self.notice = str(e) if isinstance(e, links.LinkError) else f"This link's score sheet is damaged: {e}."
            return True
        pad.read_only = True
        self._open_pad(pad, "")
        return True

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
        applied = session.apply_bot(request, answer)
        if applied:
            self.save()
        return applied

    # --- the hand review ------------------------------------------------------------------
    def _open_review(self, value: str) -> None:
        """'review-open': value '' for the table's last hand, else a History game's index."""
        self.review = self._review_of(value)
        self.dialog = "review" if self.review is not None else ""

    def _in_review(self, action: str, value: str) -> None:
        """A control of the open review (REVIEW_ACTIONS)."""
        if self.review is not None and self.dialog == "review":
            REVIEW_ACTIONS[action](self.review, value)

    def _review_of(self, value: str) -> Review | None:
        """A review of the table's last hand played, or of the last hand of a finished game."""
        record: Any = None
        if not value and self.session is not None and self.session.hand.is_over:
            record, source = self.session.record(), "table"
        elif value.isdigit() and self.saves is not None and int(value) < len(history := self.saves.history()):
            record, source = history[int(value)].get("record"), "history"
        if not isinstance(record, dict):
            return None
        review = self.review
        if review is not None and review.record == record:  # reopened: the analysis so far is kept, and goes on
            review.stopped = ""
            return review
        from app.review.review import Review  # imported when first needed: the solver is large
        try:
            review = Review(record, -1, source, self._review_store())
        except FiveHundredError:
            self.notice = "That game's record could not be replayed, so it cannot be reviewed."
            return None
        if source == "table" and self.ahead is not None:
            self.ahead.seed(review)
        return review

    def work_ahead(self) -> bool:
        """Search a slice of the review of the table's hand ahead (:mod:`app.review.ahead`),
        unless a review is open (it searches its own); a piece searched in one go only while the
        bots are to act (in their pause) or the hand is over, never while the player is to act.
        False when there is nothing to search."""
        if self.session is None or self.dialog == "review":
            return False
        hand = self.session.hand
        if not hand.play_begun:  # before the play: nothing to import yet
            return False
        if self.ahead is None:
            from app.review.ahead import ReviewAhead  # imported when first needed, as Review
            self.ahead = ReviewAhead(self._review_store())
        return self.ahead.work(hand, whole=self.session.state != "you")

    def _review_store(self) -> ReviewStore | None:
        """Where hands' analyses are kept (:mod:`app.review.store`), if storage can be read."""
        saves = self.saves
        if saves is None or saves.storage is None:
            return None
        from app.review.store import ReviewStore  # imported when first needed, as Review
        return ReviewStore(saves.storage, saves.prefix, saves.clock)

    def make_room(self) -> None:
        """The page's store is full: the older half of the analyses kept give way to the games."""
        if (store := self._review_store()) is not None:
            store.make_room()

    def review_request(self) -> Request | None:
        """The next piece of the review's analysis for the bots' worker (None: nothing to ask)."""
        return self.review.request() if self.review is not None and self.dialog == "review" else None

    @property
    def review_playing(self) -> bool:
        """The review is open and stepping on by itself."""
        return self.review is not None and self.dialog == "review" and self.review.playing

    def review_answer(self, request: Request, answer: dict[str, Any] | None, failure: str = "") -> None:
        """A piece of the analysis for the review (``failure``: why none came; the analysis stops)."""
        if self.review is None:
            return
        if answer is None:
            self.review.stopped = failure
        else:
            self.review.take(request, answer)

    def export(self) -> dict[str, Any] | None:
        """The game record to download, if a game is on."""
        return self.session.record() if self.session is not None else None

    # --- saves -------------------------------------------------------------------------
    def save(self) -> None:
        """Save the game in progress (a finished one goes to the history); say so if it cannot be."""
        if self.pad is not None and self.pad_id and self.saves is not None:
            stored = self._pads().stored(self.pad_id)
            if stored is not None and stored != self.pad_read:  # written elsewhere since this tab's last look
                if self._take_up_pad():
                    self.notice += " " + PAD_CHANGE_LOST
            elif (now := dump_pad(self.pad)) != self.pad_saved:
                if (written := self._pads().save(self.pad_id, self.pad)) is not None:
                    self.pad_saved, self.pad_read = now, written
                else:
                    self.notice = self.saves.unusable if self.saves.storage is None else CANNOT_SAVE_FULL
            return
        if self.saves is None or self.session is None or not self.game_id:
            return
        tournament = self.tournament
        saves, settings, match = self.saves, self.session.settings, self.session.match
        if tournament is not None and tournament.between_rounds and tournament.tournament.is_over:
            standings = tournament.tournament.standings()
            mine = next(s for s in standings if s.player == ME)
            outcome = f"{ordinal(mine.place)} of {len(standings)}, {mine.total} points"
            final = [{"place": s.place, "name": NAMES[s.player], "total": s.total} for s in standings]
            saved = saves.stale(self.game_id) or saves.finish(self.game_id, settings, match, self.kind, outcome, final)
        else:
            saved = saves.save(self.game_id, settings, match, tournament.to_data() if tournament else None,
                               self.kind, self.link_query, self.session.claims, [int(c) for c in self.session.picks])
        self.unsaved = not saved and saves.status != CANNOT_SAVE_STALE
        if not saved and not self.kept:
            self.notice = saves.status
        elif saved and saves.can_save and self.notice == CANNOT_SAVE_FULL:  # room was made: it no longer holds
            self.notice = SAVED_AGAIN

    def room_made(self) -> None:
        """The page's store, found full, has room again (a Delete in another tab or copy, or
        anything else): what could not be moved is moved, and the game's save is tried again."""
        if self.saves is None:
            return
        self.saves.migrate()
        if self.session is not None:
            self.save()
        elif self.notice == CANNOT_SAVE_FULL:
            self.notice = ""

    def recover(self, error: Exception) -> None:
        """Something of ours failed in the middle of an action: the game goes back to where it
        was last saved (nothing the player had is lost) and says so, dialogs closed."""
        game_id = self.game_id or self.pad_id
        self.dialog, self.confirm = "", ("", "")
        if not (game_id and self._resume(game_id)):
            self._leave()  # no save to go back to: the start screen, the games kept under Resume
        self.notice = (f"Something went wrong on our side ({type(error).__name__}: {error}). "
                       "The game is back where it was last saved; please tell us if it happens again.")

    def storage_changed(self, key: str) -> None:
        """Another tab wrote ``key`` ('' when it cleared storage): stop if it is this game, take up the
        sheet if it is this score pad's."""
        if self.pad is not None and self.pad_id and key in ("", self._pads().key(self.pad_id)):
            self._take_up_pad()
        if (self.saves is not None and self.game_id and key in ("", self.saves.key(self.game_id))
                and self.saves.stale(self.game_id) and not self.kept):
            self.notice = CANNOT_SAVE_STALE

    def _resume(self, game_id: str) -> bool:
        """Play on from a game in progress; False (and a notice, if it is unreadable) if it cannot."""
        if self.saves is None or not game_id:
            return False
        if game_id.startswith(ID_PREFIX):
            return self._resume_pad(game_id)
        loaded = self.saves.load(game_id)
        if isinstance(loaded, Problem):
            self.notice, self.kept = loaded.message, loaded.key
            return False
        if loaded is None:
            return False
        self._take_link(loaded)
        self._begin_saved(loaded, game_id=game_id)
        self.notice = loaded.notice or (self.saves.status if self.notice == CANNOT_SAVE_STALE else self.notice)
        return True

    def _take_link(self, loaded: SavedGame) -> None:
        """The link the game came from, if any: a challenge's result is compared with it."""
        self.link = None
        try:
            self.link = links.decode(loaded.link) if loaded.link else None
        except (links.LinkError, ValueError):
            pass  # the game plays on without the link's results
        self.link_query = loaded.link if self.link is not None else ""

    def import_game(self, text: str) -> None:
        """Play on from a game file (the engine's record, as exported); leaving a game that could
        not be saved only after a yes (:data:`LEAVE`)."""
        if self.unsaved and text != LEAVE:
            self.importing, self.confirm, self.dialog = text, ("import", LEAVE), "confirm"
            return
        if text == LEAVE:
            text, self.importing = self.importing, ""
        try:
            loaded = parse_game_file(text)
        except SaveError as e:
            if not self._import_pad(text):
                self.notice, self.dialog = f"That file could not be imported: {e}.", ""  # the notice shows
            return
        self._take_link(loaded)
        kind = loaded.kind if loaded.kind in LINKED and self.link is not None else "imported"
        self._begin_saved(loaded, "tournament" if loaded.tournament is not None else kind)
        self.notice = "Game imported. Any game you were playing is kept under Resume on the start screen."
        if self.link is not None and self.kind in LINKED:
            self.notice += " " + link_words(self.link)

    def download(self, action: str, value: str) -> tuple[str, str] | None:
        """A file to download for a DOWNLOADS action: its name and text."""
        if action == "pad-export" and self.pad is not None:
            return f"five-hundred-score-sheet-{len(self.pad.sheet.rows)}-hands.json", dump_pad(self.pad)
        if action == "export" and self.session is not None:
            match, settings = self.session.match, self.session.settings
            text = (self.saves.export_game(settings, match, self.kind, self.link_query) if self.saves is not None
                    else json.dumps(self.session.record(), indent=1))
            return f"five-hundred-{match.first}.json", text
        if self.saves is None:
            return None
        if action == "export-kept":
            kept = self.saves.export_quarantined(value)
            return None if kept is None else ("five-hundred-unreadable-save.json", kept)
        if action == "export-finished" and value.lstrip("-").isdigit():
            game = self.saves.export_finished(int(value))
            return None if game is None else (f"five-hundred-game-{int(value) + 1}.json", game)
        return None

    def history_view(self) -> HistoryView:
        saves = self.saves
        history = saves.history() if saves is not None else []
        games = []
        for index, entry in enumerate(history):
            found = entry.get("summary")
            summary: dict[str, Any] = found if isinstance(found, dict) else {}
            won = summary.get("won")
            totals = summary.get("totals")
            score = " to ".join(str(t) for t in totals) if isinstance(totals, list) else ""
            result = f"{'won' if won is True else 'lost' if won is False else 'unfinished'} {score}"
            outcome = entry.get("outcome")
            games.append(FinishedGame(position=index, exportable=isinstance(entry.get("record"), dict),
                                      standings=standings_rows(entry.get("standings")),
                                      label=f"{_date_words(entry.get('finished_at'))}, " + (
                                          f"Tournament: {outcome}" if isinstance(outcome, str)
                                          else f"{_rules_words(summary.get('rules'))}: {result}"
                                               f"{_last_contract(summary)}")))
        stats = saves.stats() if saves is not None else Stats()
        pads = self._pads().pads() if saves is not None else []
        real = tuple(RealGame(p.id, f"{_date_words(p.saved_at)}, {_rules_words(p.rules)}: "
                                    f"{'finished' if p.over else 'in progress'}, {' to '.join(map(minus, p.totals))} "
                                    f"after {tags.plural(p.hands, 'hand')}") for p in pads)
        lines = tuple(stats.lines())
        if pads:
            lines += (f"Real games on the score pad, apart from these statistics: {sum(p.over for p in pads)} "
                      f"finished, {sum(not p.over for p in pads)} in progress, {tags.plural(sum(p.hands for p in pads), 'hand')}.",)
        return HistoryView(stats=lines, figures=stats.tables(), games=tuple(games[::-1]),
                           kept=tuple(sorted([*saves.quarantined(), *self._pads().damaged()], key=lambda e: (e.at, e.key))
                                      if saves is not None else ()), real=real)

    def games_view(self) -> tuple[GameInProgress, ...]:
        """The games in progress, the last played first, for the Resume list."""
        games = self.saves.games() if self.saves is not None else []
        pads = [p for p in self._pads().pads() if not p.over] if self.saves is not None else []
        return tuple(GameInProgress(id=p.id, title=f"Score pad (a real game): {_rules_words(p.rules)}",
                                    detail=_game_detail(p.totals, p.hands + 1, "", p.saved_at)) for p in pads) + tuple(
            GameInProgress(id=g.id, title=_game_title(g.kind, g.rules),
                           detail=_game_detail(g.totals, g.hands, g.round, g.saved_at)) for g in games)

    def confirm_view(self) -> ConfirmView:
        """What the Delete (or Leave) dialog asks about."""
        action, value = self.confirm
        if value == LEAVE:
            return ConfirmView(title="Leave this game?", what="This game could not be saved (this site's storage "
                               "is full or disabled): leaving it loses it. Export it first to keep it as a file, "
                               "which Import (History & stats) plays on.", action=action, value=value,
                               yes="Leave without it", no="Stay", export="export")
        if action == "delete":
            game = next((g for g in self.games_view() if g.id == value), None)
            what = f"{game.title}: {game.detail}." if game else "This game."
            return ConfirmView(title="Delete this game?", what=what, action=action, value=value)
        kept = next((k for k in self.history_view().kept if k.key == value), None)
        what = f"Kept aside {kept.at[:16].replace('T', ' ')}: {kept.problem}." if kept else "This save."
        return ConfirmView(title="Delete this unreadable save?", what=what, action=action, value=value)

    # --- links ---------------------------------------------------------------------------
    def _open_link(self, query: str) -> bool:
        """Start the game a link shares, beside the games in progress, or show the score sheet
        it shares; False (and a notice) if there is none or it is broken."""
        if self._open_pad_link(query):
            return self.pad is not None
        try:
            link = links.decode(query)
        except (links.LinkError, ValueError) as e:
            self.notice = str(e) if isinstance(e, links.LinkError) else "This link is damaged."
            return False
        if link is None:
            return False
        if link.seat != 0:
            self.notice = "This link is for another seat than South."
            return False
        self.link, self.link_query = link, query.lstrip("?")
        self._begin(Session(default_settings(link.rules), DealCode.parse(link.deal)),
                    kind={"deal": "shared"}.get(link.kind, link.kind))
        self.notice = " ".join(n for n in (self.notice, link_words(link)) if n)
        if link.kind == "replay":
            self.dialog, self.replay_step = "replay", 0
        return True

    def share(self, kind: str) -> None:
        """Show a link: 'deal' (this hand's cards), 'challenge' or 'replay' (the shared hand, played)."""
        session = self.session
        if session is None:
            return
        match = session.match
        hand = match.hands[0]
        table = rules_words(match.rules)
        if kind not in SHARES or (kind != "deal" and not hand.is_over):
            return
        query, title, words = SHARES[kind](match, table)
        self.shared, self.dialog = ShareView(title, links.share_url(self.page_url, query), words), "share"

    def _replaying(self) -> bool:
        return self.link is not None and self.link.kind == "replay"

    def replay_view(self, link: links.Link) -> ReplayView:
        """The shared hand replayed up to ``replay_step`` actions."""
        rules = Rules.parse(link.rules)
        match = Match(rules, DealCode.parse(link.deal))
        hand: Hand = match.hand
        steps = len(link.actions)
        step = max(0, min(steps, self.replay_step))
        lines = []
        for action in link.actions[:step]:
            seat = hand.to_act
            hand.apply(action, seat)
            lines.append(f"{seat_name(rules.players, seat)}: {hand.history[-1][1].name}")
        title = link.result.describe(rules.players) if link.result else ""
        return ReplayView(lines=tuple(lines[-12:]), step=step, steps=steps, title=title)

    def _link_results(self) -> str:
        """The challenge and replay links (and both results) after a shared hand is played."""
        session, link = self.session, self.link
        if session is None or link is None or len(session.match.hands) != 1 or not session.hand.is_over:
            return ""
        players = session.rules.players
        mine = links.result_of(session.hand).describe(players)
        results: tuple[LinkResult, ...] = ()
        if link.result is not None and link.kind == "challenge":
            results = (LinkResult("The result the link claims", link.result.describe(players)), LinkResult("You", mine))
        return render.link_results(results)

    # --- drawing ------------------------------------------------------------------------
    def regions(self) -> dict[str, str]:
        """HTML for each region of the current screen (and 'dialog', '' when closed)."""
        said = (self.notice, self.kept, self.notice == CANNOT_SAVE_STALE)
        notice = render.app_notice(*said) if self.notice else ""
        if self.pad is not None:
            return {"pad": notice + pad_render.pad(self.pad), "dialog": self._dialog(None)}
        if self.session is None:
            resume = games_render.resume_list(self.games_view(), self._pad_refused())
            return {"start": notice + start_render.start(self.form.view(), resume, self.prefs.view(start=True)),
                    "dialog": self._dialog(None)}
        tournament = self.tournament
        if tournament is not None and tournament.others_playing:
            return {"standings": notice + tournament_render.others_playing(others_view(tournament)),
                    "dialog": self._dialog(table_view(self.session))}
        if tournament is not None and tournament.between_rounds:
            return {"standings": notice + tournament_render.standings(standings_view(tournament)),
                    "dialog": self._dialog(table_view(self.session))}  # the menu stays open over the standings
        view = table_view(self.session, self.prefs.values["one_tap"])
        bar = ""
        if tournament is not None:
            view = adjust_table(view, tournament)
            bar = tournament_render.round_bar(round_bar(tournament))
        regions = table_render.table(view)
        regions["top"] = bar + regions["top"]
        if self.session.state == "game-over":  # a phone hides the arena then: the notice tops the result
            regions["panel"] = notice + regions["panel"]
            regions["arena"] += self._guide_html()
        else:
            regions["arena"] = ((render.app_notice(*said, table=True) if self.notice else "") + regions["arena"]
                                + self._guide_html())
        regions["panel"] += self._link_results()
        if tricks := self.session.claimable():
            regions["panel"] += tags.tag("div", tags.button(
                f"Claim the remaining {tricks} tricks", "claim", key="claim", cls="btn"), class_="row claim")
        regions["dialog"] = self._dialog(view)
        return regions

    def _guide_html(self) -> str:
        """The first-game guide over the felt, or on a first visit its offer (until answered; during
        the first hand's bidding, where the guide would start)."""
        session = self.session
        assert session is not None
        if self.first_visit and self.prefs.first and len(session.match.hands) == 1 \
                and session.hand.phase == Phase.AUCTION:
            return self.guide.offer()
        return self.guide.html(session.rules, session.hand.phase)

    def _dialog(self, view: TableView | None) -> str:
        draw = DIALOG_HTML.get(self.dialog)
        if draw is not None:
            return draw(self)
        return dialogs.dialog(self.dialog, view, self.prefs.view()) if self.dialog and view is not None else ""

    def _confirm_html(self) -> str:
        return games_render.confirm_dialog(self.confirm_view()) if self.confirm[0] else ""

    def _replay_html(self) -> str:
        return render.replay_dialog(self.replay_view(self.link)) if self.link is not None else ""

    def _review_html(self) -> str:
        return review_render.dialog(self.review.view()) if self.review is not None else ""


def _number(value: str) -> int:
    """A control's number (a card, a suit, a pause); -1 if it is not one."""
    return int(value) if value.lstrip("-").isdigit() else -1


def _asking(action: str) -> Callable[[App, str], None]:
    return lambda app, value: app._ask(action, value)


def _deleting(action: str) -> Callable[[App, str], None]:
    return lambda app, value: app._delete(action, value)


def _reviewing(action: str) -> Callable[[App, str], None]:
    return lambda app, value: app._in_review(action, value)


def _review_step(review: Review, value: str) -> None:
    """'+' / '-': the next or the previous trick, else the trick numbered."""
    if (number := _number(value)) >= 0 or value in STEPS:
        review.go(review.step + STEPS[value] if value in STEPS else number)


REVIEW_ACTIONS: Final[dict[str, Callable[[Review, str], None]]] = {
    "review-step": _review_step,
    "review-hand": lambda review, value: review.other_hand(_number(value)),
    "review-play": lambda review, value: review.play(value == "on"),
}
"""The review's controls (app.review.review.Review), while it is open."""


def _deal_link(match: Match, table: str) -> tuple[str, str, str]:
    return (links.deal_link(match.rules, match.deal_code(len(match.hands) - 1)), "Share this deal",
            f"Whoever opens this link plays these same cards from your seat ({table}):")


SHARES: Final[dict[str, Callable[[Match, str], tuple[str, str, str]]]] = {
    "deal": _deal_link,
    "challenge": lambda match, table: (links.challenge_link(match.hands[0], match.first), "Challenge a friend",
                                       f"Your friend plays the same cards ({table}) and sees both results:"),
    "replay": lambda match, _: (links.replay_link(match.hands[0], match.first), "Replay link",
                                "This link shows the hand trick by trick:"),
}
"""The links App.share shows, by kind (a challenge or replay once the first hand is over): the
link's query, the dialog's title and its words ('deal': this hand's cards, with the table's
rules in words)."""
DELETES: Final[dict[str, Callable[[App, Saves, str], None]]] = {"delete": App._delete_game,
                                                               "delete-kept": App._delete_kept}
"""What a confirmed Delete deletes, by the confirming action (CONFIRMS' values)."""
DIALOG_HTML: Final[dict[str, Callable[[App], str]]] = {
    "confirm": App._confirm_html,
    "history": lambda app: history_render.history_dialog(app.history_view()),
    "share": lambda app: render.share_dialog(app.shared),
    "replay": App._replay_html,
    "review": App._review_html,
}
"""The dialogs drawn from the app's own state; the others ('sheet', 'help', 'menu') from the table's view."""


def _set_pace(session: Session, value: str) -> None:
    if (pace := _number(value)) >= 0:
        session.set_pace(pace)


SETTERS: Final[dict[str, Callable[[App, str, str], None]]] = {
    "set": lambda app, name, value: app.form.set(name, value),
    "pref": lambda app, name, value: (app.guide.turned(value == "on") if name == GUIDE_PREF
                                      else app.prefs.set(name, value == "on")),
}
"""Actions 'set:NAME' (the start form's settings) and 'pref:NAME' (the page's)."""
ACTIONS: Final[dict[str, Callable[[App, str], object]]] = {
    "reset-rules": lambda app, _: app.form.reset_rules(),
    "start": App.start,
    "dialog": App._open_dialog,
    "new-game": App._new_game,
    "resume": App._resume_other,
    "reload-game": lambda app, _: app._resume(app.game_id),
    **{ask: _asking(ask) for ask in CONFIRMS},
    **{delete: _deleting(delete) for delete in CONFIRMS.values()},
    "dismiss": App._dismiss,
    "guide": App._guide,
    "import": App.import_game,
    "share": App.share,
    "replay-step": App._step_replay,
    "next": App._next,
    "card": App._tap,
    "next-round": App._next_round,
    "review-open": App._open_review,
    **{review: _reviewing(review) for review in REVIEW_ACTIONS},
}
"""What each control does, by its data-action; the table's own are TABLE_ACTIONS."""
PAD_ACTIONS: Final[dict[str, Callable[[App, str], object]]] = {
    "pad-start": App._start_pad,
    "pad-share": App._share_pad,
}
"""The score pad's controls of the app's own (the others: app.pad.session.ACTIONS)."""
TABLE_ACTIONS: Final[dict[str, Callable[[Session, str], object]]] = {
    "play": lambda session, _: session.play_selected(),
    "play-card": lambda session, value: session.play(_number(value)),  # dropped on the table (web/drag.js)
    "go-on": lambda session, _: session.go_on(),
    "bid": Session.bid,
    "look": lambda session, _: session.look(),
    "discard": lambda session, _: session.discard(),
    "call-card": lambda session, value: session.choose_call(_number(value)),
    "call": lambda session, _: session.call_partner(),
    "alone": lambda session, _: session.play_alone(),
    "joker": lambda session, value: session.give_joker(_number(value)),
    "name": lambda session, value: session.name_suit(_number(value)),
    "cancel": lambda session, _: session.cancel(),
    "review": lambda session, _: session.toggle_review(),
    "undo": lambda session, _: session.undo(),
    "hint-close": lambda session, _: session.close_hint(),
    "claim": lambda session, _: session.claim(),
    "autoplay": lambda session, value: session.set_autoplay(value == "on"),
    "pace": _set_pace,
}
"""The player's actions at the table (app.table.session.Session), while a game is on."""


KIND_LABELS: Final = {"shared": "shared deal", "challenge": "challenge", "replay": "replayed deal",
                      "imported": "imported game"}


def _game_title(kind: str, rules: str) -> str:
    """'Standard (4 players, partners)', 'Tournament', 'Cutthroat (3 players), shared deal'; changed
    rules in words."""
    if kind == "tournament":
        return "Tournament"
    title = _rules_words(rules) or rules
    return f"{title}, {KIND_LABELS[kind]}" if kind in KIND_LABELS else title


def _game_detail(totals: tuple[int, ...], hands: int, tournament_round: str, saved_at: str) -> str:
    """'hand 3, score 120 to −40, saved 29 November 2026, 14:55 UTC'."""
    score = " to ".join(minus(t) for t in totals)
    where = tournament_round or f"hand {hands}"
    return f"{where}, score {score}, saved {_date_words(saved_at)} UTC"


def link_words(link: links.Link) -> str:
    """What an opened link is, said on open: a shared deal, or a challenge (with the result the
    link claims: anyone can make a link), at which table."""
    rules = Rules.parse(link.rules)
    table = f"The table: {rules_words(rules)}."
    if link.kind == "challenge" and link.result is not None:
        return (f"Challenge: your friend's result, as the link claims it: {link.result.describe(rules.players)}. "
                f"Same cards, your turn: can you do better? {table}")
    if link.kind == "deal":
        return f"A deal shared with you: everyone who opens this link gets these cards. {table}"
    return ""


MONTHS: Final = ("January", "February", "March", "April", "May", "June", "July", "August", "September",
                  "October", "November", "December")


def _date_words(stamp: Any) -> str:
    """'2026-12-01T20:03:11' in words: '1 December 2026, 20:03' (the text itself if it is not a date)."""
    text = str(stamp or "")
    try:
        day = datetime.fromisoformat(text)
    except ValueError:
        return text
    return f"{day.day} {MONTHS[day.month - 1]} {day.year}, {day:%H:%M}"


def _last_contract(summary: dict[str, Any]) -> str:
    """'; last hand: seven hearts by North, made' from a saved game's summary ('' if none)."""
    hands = summary.get("hands")
    if not isinstance(hands, list) or not hands or not isinstance(hands[-1], dict):
        return ""
    last = hands[-1]
    try:
        contract = Bid.parse(str(last.get("contract")))
        players = Rules.parse(str(summary.get("rules"))).players
    except FiveHundredError:
        return ""
    declarer = last.get("declarer")
    by = f" by {seat_name(players, declarer)}" if isinstance(declarer, int) and 0 <= declarer < players else ""
    return f"; last hand: {contract.name}{by}, {'made' if last.get('made') else 'set'}"


def _rules_words(text: Any) -> str:
    """A saved game's rules string in words ('' if it is not one)."""
    try:
        return rules_words(Rules.parse(str(text)))
    except FiveHundredError:
        return ""
