"""Saved games: every game in progress, finished games, and saves that could not be read.

Everything lives in a small string store (:class:`Storage`: the page adapts
``window.localStorage`` with :func:`web_storage`), under keys scoped to the
site's own directory (:func:`scope`: ``five-hundred@/games/500/#``), so two
copies of the site on one host never share a key, whatever their paths:

- ``<scope>game/<id>``: one game (or tournament) in progress, a *save* (below),
  rewritten after every action; every game in progress has its own key, and
  only :meth:`Saves.delete` (the player's Delete) or finishing it removes it;
- ``<scope>finished/<game id>.<record id>``: one finished game,
  ``{"id", "finished_at", "n", "settings", "summary", "record", "kind"}``, and a
  tournament's ``"outcome"`` and ``"standings"`` (``summary`` from
  :func:`app.history.stats.summarize`; ``record`` is dropped from all but the last
  :data:`HISTORY_RECORDS` games; ``n``: how many were kept before it, to order
  games finished in one millisecond); each game its own key, so two tabs that
  finish games at once never write over each other's;
- ``<scope>history``: where earlier versions kept the finished games, one JSON
  list of such entries, oldest first: still read, and only ever shortened;
- ``<scope>kept/<n>``: a save that could not be loaded, verbatim, and
  ``<scope>kept/<n>/about``: ``{"problem", "at"}``; the list is the keys
  themselves, so no index can be lost;
- ``<scope>review/<name>``: a hand's review analysis, kept so that it is not searched
  again (:mod:`app.review.store`): no game, and the first to go when storage is full.

The tab's own game (the one a reload resumes) is named in the tab's
``sessionStorage`` under ``<scope>tab-game``.  Each save carries a
``revision``; a page writes a game only over the revision it last read or
wrote, so a tab that fell behind another never overwrites newer state
(:meth:`Saves.stale`).

Before version 0.2 there was one host-wide game, ``five-hundred/current``, a
list ``five-hundred/quarantine`` of ``five-hundred/quarantine/<n>`` keys and
``five-hundred/history``: a page moves them into its own scope when it starts
(:meth:`Saves.migrate`), losing nothing.  Later versions wrote the scope without its
closing ``#``; a page moves its own keys from there too (:meth:`Saves._move_in`).

A save, schema 3::

    {"schema": 3, "app": "0.1.0", "saved_at": "2026-11-29T14:55:56+00:00",
     "settings": {"rules": "standard", "levels": ["human", "normal", "normal", "normal"],
                  "pace_ms": 700, "autoplay": false},           (app.table.settings checks them)
     "record": <engine.record.to_record(match)>,
     "tournament": null,
     "kind": "normal",        (KINDS: how the game began)
     "link": "",              (the query of the link it came from, if any)
     "revision": 12,
     "totals": [120, -40],    (the score, for the Resume list, which reads no record)
     "claims": [0],           (only when there are some: hands the player claimed)
     "picks": [12, 40],       (only when there are some: cards chosen for the kitty)
     "checksum": <sha256, hex, of the canonical JSON of every other field>}

In a tournament, ``settings`` and ``record`` are the player's table's game this
round (or the round just finished) and ``tournament`` is
:meth:`app.tournament.session.TournamentSession.to_data`::

    {"seed": 1234, "rounds": 6, "between_rounds": false,
     "played": [[[["bid 7H", "pass", ...], ...4 hands], ...per table], ...per finished round]}

Schema 2 is schema 3 without ``kind``, ``link``, ``revision`` and ``totals``
(:func:`migrate_2_to_3`); schema 1 is schema 2 without ``tournament``
(:func:`migrate_1_to_2`).

Schema 0, the earlier format, which :func:`parse_save` still reads (upgraded
by :func:`migrate_0_to_1`)::

    {"schema": 0, "app": "0.0.9", "saved_at": "...",
     "settings": {"rules": "standard", "bots": ["normal", "normal", "normal"], "pace": 0.6},
     "game": {"rules": "standard", "deal": "1-0-k3x9a", "hands": [["7H", "pass", ...], ...]},
     "checksum": <CRC-32, 8 hex digits, of the canonical JSON of every other field>}

(bids written bare, "7H", which is also a card; the human implied at seat 0;
the pace in seconds; no autoplay.)

Text is checked before JSON reads it (:func:`read_json`: size and nesting
caps, no NaN or Infinity), so no save, file or link reaches Python's
recursion limit.  Loading replays the whole record with every action checked.
A save that is corrupt, tampered with, or from an unknown (older or newer)
schema is never dropped: it is kept aside, where it can be exported, and the
loader returns a :class:`Problem` with a message for the player.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import time
import zlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any, Final, NamedTuple, Protocol

from engine import __version__
from engine.cards import CARDS
from engine.deal import DealCode
from engine.errors import FiveHundredError
from engine.match import Match
from engine.record import FORMAT, replay, to_record
from engine.rules import Rules

from app.history.model import QuarantineEntry
from app.history.stats import Stats, aggregate, partnered, summarize
from app.table.settings import HUMAN, Settings, SettingsError, check_settings, default_settings
from app.tournament.session import TournamentSession

SCHEMA: Final = 3
KINDS: Final = ("normal", "shared", "challenge", "replay", "imported", "tournament")
"""How a game in progress began: at the start screen, from a link (a shared deal, a
challenge, a replay), from a game file, or a tournament."""
LINKED: Final = ("shared", "challenge", "replay")
"""The kinds of game a link began: a game file keeps the kind and the link (its rules: no undo
in a challenge, whose result is compared with the link's)."""
LEGACY_PREFIX: Final = "five-hundred/"
LEGACY_CURRENT: Final = LEGACY_PREFIX + "current"
LEGACY_HISTORY: Final = LEGACY_PREFIX + "history"
LEGACY_QUARANTINE: Final = LEGACY_PREFIX + "quarantine"
GAME: Final = "game/"
PAD: Final = "pad/"
"""Score sheets (app.pad.store): one that cannot be read is exported and deleted as a save kept aside."""
HISTORY: Final = "history"
FINISHED: Final = "finished/"
KEPT: Final = "kept/"
ABOUT: Final = "/about"
PROBE: Final = "probe"
TAB_GAME: Final = "tab-game"
SCOPE_END: Final = "#"
"""Ends a copy's key prefix (:func:`scope`): a URL's path never holds it."""
OWN_KEYS: Final = re.compile(r"(game/[0-9a-f]{12}|finished/[0-9a-f]{12}\.[0-9a-f]{16}|kept/\d+(/about)?"
                             r"|review/[0-9a-f]{24}|pad/[0-9a-f]{12}|pad-names|history|prefs)\Z")
"""The keys a copy wrote after its open prefix (:func:`_open_scope`), as the app names them:
another copy's, below it, never match (``game/game/<id>`` is not a game's key)."""
HISTORY_RECORDS: Final = 50
"""Finished games whose full record is kept (for export); older ones keep their summary."""
HISTORY_GAMES: Final = 1000
"""Finished games kept at all (their summaries feed the statistics)."""
MAX_CHARS: Final = 1_000_000
"""The longest save, game file or history read (a long game's save is some 20 KB)."""
MAX_DEPTH: Final = 32
"""The deepest nesting of arrays and objects read (a save nests 6 deep)."""

CANNOT_SAVE_DISABLED: Final = ("This browser does not let the game save (storage is disabled, as "
                               "in private browsing). You can play, but the game is lost when the "
                               "tab closes.")
CANNOT_READ: Final = ("This browser lets the game write its saves but not read them back (its storage is "
                       "blocked or broken). You can play, but the game is lost when the tab closes.")
CANNOT_SAVE_FULL: Final = ("The game cannot be saved: this site's storage is full. You can play "
                           "on, but the game is lost when the tab closes. To make room, delete "
                           "games you no longer need (Delete, under Resume a game on the start "
                           "screen) or saves that could not be read (History & stats).")
SAVED_AGAIN: Final = "Room was made in this site's storage: the game is saved again."
CANNOT_SAVE_STALE: Final = ("This game was played on in another tab, so this tab stopped saving it "
                            "(it would overwrite the newer moves). Reload the game to carry on "
                            "from where the other tab left it.")


class Storage(Protocol):
    """A string store like ``window.localStorage``; any method may raise when storage
    is disabled, and ``set`` when it is full."""

    def get(self, key: str) -> str | None: ...

    def set(self, key: str, value: str) -> None: ...

    def remove(self, key: str) -> None: ...

    def keys(self) -> list[str]: ...


class SaveError(ValueError):
    """A save or game file that cannot be loaded; the message says why, for people."""


@dataclass
class SavedGame:
    """A game read back from storage or a file, replayed and checked."""

    settings: Settings
    match: Match
    saved_at: str
    notice: str = ""
    """Something the player may like to know, e.g. that an old save was upgraded."""
    tournament: TournamentSession | None = None
    """The tournament the game is a round of, if any."""
    kind: str = "normal"
    link: str = ""
    """The query of the link the game came from ('' if none)."""
    revision: int = 0
    claims: tuple[int, ...] = ()
    """The hands whose rest the player claimed (:attr:`app.table.session.Session.claims`)."""
    picks: tuple[int, ...] = ()
    """The cards the player chose to put back in the kitty, not yet put back (:attr:`app.table.session.Session.picks`)."""


class Problem(NamedTuple):
    """Why a saved game could not be resumed; its raw data is kept under ``key``."""

    message: str
    key: str


class GameEntry(NamedTuple):
    """A game in progress as the Resume list shows it (read without replaying it)."""

    id: str
    kind: str
    rules: str
    totals: tuple[int, ...]
    hands: int
    saved_at: str
    round: str = ""
    """In a tournament: 'round 2 of 6'."""


def scope(pathname: str) -> str:
    """The key prefix of the site at ``location.pathname``: its directory's, closed by
    :data:`SCOPE_END`, which no pathname holds (the browser escapes it), so no copy's prefix
    starts another's keys, whatever copies sit above or below it on the host."""
    return f"{_open_scope(pathname)}{SCOPE_END}"


def _open_scope(pathname: str) -> str:
    """The key prefix of version 0.2 to 0.3 (no end): the keys of a copy at ``/`` began those of
    a copy at ``/game/``, and its clean-up removed them (:meth:`Saves.migrate` moves them in)."""
    return f"five-hundred@{pathname[:pathname.rfind('/') + 1] or '/'}"


class _WebStorage:
    def __init__(self, local_storage: Any) -> None:
        self._store = local_storage

    def get(self, key: str) -> str | None:
        value = self._store.getItem(key)
        return value if isinstance(value, str) else None  # JS null arrives as pyodide's jsnull

    def set(self, key: str, value: str) -> None:
        self._store.setItem(key, value)

    def remove(self, key: str) -> None:
        self._store.removeItem(key)

    def keys(self) -> list[str]:
        return [str(self._store.key(i)) for i in range(int(self._store.length))]


def web_storage(window: Any, name: str = "localStorage") -> Storage | None:
    """``window.localStorage`` (or ``sessionStorage``) as a :class:`Storage`, or None when the
    browser refuses it (reading the property itself throws when storage is disabled)."""
    try:
        store = getattr(window, name)
    except Exception:
        return None
    return None if store is None else _WebStorage(store)


class Saves:
    """The saved-games store of one page.  ``can_save`` and ``status`` say whether the
    last write worked; writing never raises, so the game plays on without storage.
    ``tab``: the tab's own store (``sessionStorage``), naming the game a reload resumes."""

    def __init__(self, storage: Storage | None, app_version: str = __version__,
                 clock: Callable[[], float] = time.time, prefix: str = scope("/"),
                 tab: Storage | None = None, unusable: str = CANNOT_SAVE_DISABLED) -> None:
        self.app_version = app_version
        self.clock = clock
        self.prefix = prefix
        self.tab = tab
        self.unusable = unusable
        """Why there is no storage, said when it is missing: disabled, or it cannot be read
        (the page could not read it back, :data:`CANNOT_READ`)."""
        self.storage, self.status = _usable(storage, prefix + PROBE, unusable)
        """Why the game cannot be saved, for the player; empty when the last write worked."""
        self._revisions: dict[str, int] = {}
        """Each game's revision this page last read or wrote."""
        self._stored: dict[str, str] = {}
        """Each game as this page last read or wrote it (:func:`_content`): a save of the same is no write."""
        self._listed: dict[str, tuple[str, GameEntry]] = {}
        """Each game's entry in the Resume list, by its key, with the text it was read from."""
        self.moved_aside: list[Problem] = []
        """Games in progress :meth:`games` found unreadable, and kept aside (or in place)."""
        self._unmovable: dict[str, tuple[str, str]] = {}
        """Unreadable games in progress too big to move aside in full storage, by key: their problem
        and when it was found.
        They are listed as kept aside (:meth:`quarantined`), read and deleted where they are."""
        if self.storage is not None:
            self.migrate()

    @property
    def can_save(self) -> bool:
        """Whether the last write worked (and storage is there at all)."""
        return not self.status

    def key(self, game_id: str) -> str:
        """The storage key of a game in progress."""
        return f"{self.prefix}{GAME}{game_id}"

    # --- the games in progress -----------------------------------------------------
    def new_id(self) -> str:
        """A fresh id for a new game (never one in use)."""
        while True:
            game_id = os.urandom(6).hex()  # as secrets.token_hex(6), without importing secrets at start
            if self._get(self.key(game_id)) is None:
                return game_id

    def games(self) -> list[GameEntry]:
        """Every game in progress, the last saved first; one that cannot even be listed
        is kept aside (and listed there)."""
        found = []
        for key in self._keys(self.prefix + GAME):
            raw = self._get(key)
            if raw is None:
                continue
            listed = self._listed.get(key)
            try:
                entry = listed[1] if listed and listed[0] == raw else _entry(key[len(self.prefix + GAME):], raw)
            except SaveError as e:
                kept = self._quarantine(raw, str(e))
                if kept is not None:
                    self._remove(key)
                    self._unmovable.pop(key, None)
                    self.moved_aside.append(Problem(f"A saved game could not be resumed: {e}. It has been kept "
                                                    f"aside: you can export it from History & stats.", kept))
                elif key not in self._unmovable:
                    self._unmovable[key] = (str(e), self._now())
                    self.moved_aside.append(Problem(
                        f"A saved game could not be resumed: {e}. Storage is full, so it is kept where it was: "
                        f"you can export or delete it from History & stats.", key))
                continue
            self._listed[key] = (raw, entry)
            found.append(entry)
        return sorted(found, key=lambda e: e.saved_at, reverse=True)

    def save(self, game_id: str, settings: Settings, match: Match, tournament: dict[str, Any] | None = None,
             kind: str = "normal", link: str = "", claims: Sequence[int] = (), picks: Sequence[int] = ()) -> bool:
        """Save a game (and the tournament it is a round of, as plain data) after an action,
        unless another tab saved it since this page last did; a finished game moves to the history
        (saved as finished first: if its History entry cannot be written, the save keeps the end)."""
        if self.stale(game_id):
            self.status = CANNOT_SAVE_STALE
            return False
        content = _content(settings, match, tournament, kind, link, claims, picks)
        saved = self._stored.get(game_id) == content and self._get(self.key(game_id)) is not None  # as stored
        if not saved:
            revision = self._revisions.get(game_id, 0) + 1
            saved = self._set(self.key(game_id), dump_save(settings, match, self.app_version, self._now(), tournament,
                                                           kind, link, revision, claims, picks))
            if saved:
                self._revisions[game_id], self._stored[game_id] = revision, content
        if match.is_over and tournament is None:
            return self.finish(game_id, settings, match, kind)
        return saved

    def stale(self, game_id: str) -> bool:
        """Whether another page saved this game since this page last read or wrote it."""
        raw = self._get(self.key(game_id))
        if raw is None:
            return False  # deleted or finished elsewhere: saving keeps this tab's game
        return _revision(raw) != self._revisions.get(game_id)

    def load(self, game_id: str) -> SavedGame | Problem | None:
        """A game in progress, None if there is none, or a Problem (its raw data kept
        aside) if it cannot be resumed."""
        key = self.key(game_id)
        raw = self._get(key)
        if raw is None:
            return None
        try:
            loaded = parse_stored(raw)
        except SaveError as e:
            reason = str(e)
        else:
            self._revisions[game_id] = loaded.revision
            if not loaded.notice:  # (an upgraded save is written again, in the current schema)
                self._stored[game_id] = _content(loaded.settings, loaded.match,
                                                 loaded.tournament.to_data() if loaded.tournament else None,
                                                 loaded.kind, loaded.link, loaded.claims, loaded.picks)
            if self.status == CANNOT_SAVE_STALE:
                self.status = ""  # read afresh: this page is no longer behind
            return loaded
        kept_key = self._quarantine(raw, reason)
        if kept_key is None:
            kept = "It is kept as it was, but storage is full: it could not be moved aside."
            kept_key = key
        else:
            self._remove(key)
            kept = "It has been kept aside: you can export it from History & stats."
        return Problem(f"A saved game could not be resumed: {reason}. {kept}", kept_key)

    def delete(self, game_id: str) -> None:
        """The player's Delete: forget a game in progress for good."""
        self._remove(self.key(game_id))
        self._revisions.pop(game_id, None)
        if self.tab_game == game_id:
            self.tab_game = ""

    @property
    def tab_game(self) -> str:
        """The id of the game this tab plays ('' if none): a reload resumes it."""
        try:
            return (self.tab.get(self.prefix + TAB_GAME) or "") if self.tab is not None else ""
        except Exception:
            return ""

    @tab_game.setter
    def tab_game(self, game_id: str) -> None:
        try:
            if self.tab is not None:
                self.tab.set(self.prefix + TAB_GAME, game_id)
        except Exception:
            pass  # a reload then shows the start screen, with the game under Resume

    # --- finished games --------------------------------------------------------------
    def finish(self, game_id: str, settings: Settings, match: Match, kind: str = "normal",
               outcome: str = "", standings: list[dict[str, Any]] | None = None) -> bool:
        """Move a game to the history (once, however often it is called); ``outcome``: a
        tournament's ('3rd of 8, 1240 points'; its last round's game is the record), with its
        final ``standings`` ({"place", "name", "total"} each)."""
        games = self._games()
        if games is None:
            return False
        record_id = _game_id(match)
        key = f"{self.prefix}{FINISHED}{game_id}.{record_id}"
        legacy = [e for k, e in games if k is None]
        if self._get(key) is None and not (legacy and legacy[-1].get("id") == record_id):
            entry = {"id": record_id, "finished_at": self._now(), "n": len(games), "settings": settings,
                     "summary": summarize(match), "record": to_record(match), "kind": kind,
                     **({"outcome": outcome} if outcome else {}), **({"standings": standings} if standings else {})}
            if not self._set(key, _compact(entry)):
                return False
            self._trim(_oldest_first([*games, (key, entry)]))
        self._remove(self.key(game_id))
        self._revisions.pop(game_id, None)
        return True

    def _trim(self, games: list[tuple[str | None, dict[str, Any]]]) -> None:
        """Keep the last HISTORY_GAMES of ``games`` (:meth:`_games`), and the records of the last
        HISTORY_RECORDS."""
        dropped = {id(e) for _, e in games[:-HISTORY_GAMES]}
        stripped = {id(e) for _, e in games[-HISTORY_GAMES:-HISTORY_RECORDS] if e.get("record") is not None}
        legacy = [e for key, e in games if key is None]
        if any(id(e) in dropped or id(e) in stripped for e in legacy):
            self._set(self.prefix + HISTORY, _compact([{**e, "record": None} if id(e) in stripped else e
                                                       for e in legacy if id(e) not in dropped]))
        for key, entry in games:
            if key is not None and id(entry) in dropped:
                self._remove(key)
            elif key is not None and id(entry) in stripped:
                self._set(key, _compact({**entry, "record": None}))

    def history(self) -> list[dict[str, Any]]:
        """Finished games, oldest first (see the module docstring)."""
        return self._history() or []

    def stats(self) -> Stats:
        """Statistics over every game kept: the finished ones (a tournament's last round is no
        game), and the hands of those in progress (read without replaying for good: nothing
        is kept aside or marked read here; one that cannot be read is left out)."""
        finished = [partnered(e["summary"], e.get("settings")) for e in self.history()
                    if isinstance(e.get("summary"), dict) and "outcome" not in e]
        playing = []
        for key in self._keys(self.prefix + GAME):
            try:
                game = parse_stored(self._get(key) or "")
            except SaveError:
                continue
            playing.append(partnered(summarize(game.match), game.settings))
        return aggregate(finished + playing)

    def export_finished(self, index: int) -> str | None:
        """A finished game as a game file (None if its record is no longer kept)."""
        history = self.history()
        if not -len(history) <= index < len(history):
            return None
        entry = history[index]
        record = entry.get("record")
        if not isinstance(record, dict):
            return None
        return json.dumps({**record, "meta": {"settings": entry.get("settings"), "app": self.app_version,
                                              "exported_at": self._now()}}, indent=1)

    # --- kept aside ------------------------------------------------------------------------
    def quarantined(self) -> list[QuarantineEntry]:
        """Saves that could not be loaded, oldest first."""
        kept = []
        for key in self._keys(self.prefix + KEPT):
            if key.endswith(ABOUT):
                continue
            about = _about(self._get(key + ABOUT))
            kept.append(QuarantineEntry(key, about.get("problem", "it could not be read"), about.get("at", "")))
        kept += [QuarantineEntry(key, problem, at) for key, (problem, at) in self._unmovable.items()
                 if self._get(key) is not None]
        return sorted(kept, key=lambda e: (e.at, e.key))

    def export_quarantined(self, key: str) -> str | None:
        """The raw text of a kept-aside (or unreadable, unmovable) save or score sheet, exactly as it was found."""
        if not key.startswith((self.prefix + KEPT, self.prefix + GAME, self.prefix + PAD)) or key.endswith(ABOUT):
            return None
        return self._get(key)

    def delete_quarantined(self, key: str) -> None:
        """The player's Delete: forget a kept-aside save for good."""
        if self.export_quarantined(key) is not None:
            self._remove(key)
            self._remove(key + ABOUT)
            self._unmovable.pop(key, None)
            if self.status == CANNOT_SAVE_FULL:
                self.status = ""  # room was made: the next save tries again

    # --- game files ----------------------------------------------------------------------
    def export_game(self, settings: Settings, match: Match, kind: str = "normal", link: str = "") -> str:
        """A game file: the engine's game record, with the settings in its "meta" (and the kind of
        game and its link, for a game a link began: :data:`LINKED`)."""
        linked = {"kind": kind, "link": link} if kind in LINKED and link else {}
        return json.dumps(to_record(match, {"settings": settings, "app": self.app_version,
                                            "exported_at": self._now(), **linked}), indent=1)

    # --- the host-wide saves of earlier versions -------------------------------------------
    def migrate(self) -> None:
        """Move this copy's keys of earlier versions into its scope: those under its open prefix
        (:meth:`_move_in`), the host-wide game and kept-aside saves (renamed as they are, so they
        fit even in full storage); and copy the host-wide history."""
        self._move_in()
        legacy = self._get(LEGACY_CURRENT)
        if legacy is not None:
            game_id = self.new_id()
            if self._rename(LEGACY_CURRENT, self.key(game_id), legacy):
                self.tab_game = game_id  # this page resumes it, as it did before
        index = _legacy_index(self._get(LEGACY_QUARANTINE))
        for key in self._keys(LEGACY_QUARANTINE + "/"):
            raw = self._get(key)
            if raw is not None and self._quarantine(raw, index.get(key, "it could not be read")):
                self._remove(key)
        if index or self._get(LEGACY_QUARANTINE) is not None:
            self._remove(LEGACY_QUARANTINE)
        old_history = self._get(LEGACY_HISTORY)
        if old_history is not None and self._get(self.prefix + HISTORY) is None:
            self._set(self.prefix + HISTORY, old_history)  # the host-wide one stays, for other copies

    def _move_in(self) -> None:
        """Move the keys this copy wrote under its open prefix (:func:`_open_scope`; only its own,
        :data:`OWN_KEYS`) and the tab's game under its scope: each is written before the old is
        removed, so one that finds storage full stays where it is, moved at a later start or when
        room is made (:meth:`migrate` again)."""
        if not self.prefix.endswith(SCOPE_END):
            return
        old = self.prefix.removesuffix(SCOPE_END)
        for key in self._keys(old):
            part = key[len(old):]
            raw = self._get(key)
            if raw is None or not OWN_KEYS.match(part):
                continue
            moved = self._get(self.prefix + part)
            if moved is None and not self._set(self.prefix + part, raw):
                return
            if moved in (None, raw):
                self._remove(key)
        try:
            tab_game = self.tab.get(old + TAB_GAME) if self.tab is not None else None
            if tab_game and self.tab is not None:
                self.tab.set(self.prefix + TAB_GAME, tab_game)
                self.tab.remove(old + TAB_GAME)
        except Exception:
            pass  # a reload then shows the start screen, with the game under Resume

    def _rename(self, old: str, new: str, raw: str) -> bool:
        self._remove(old)
        if self._set(new, raw):
            return True
        self._set(old, raw)  # its own room: it fits back
        return False

    # --- storage, never raising ----------------------------------------------------------
    def _now(self) -> str:
        """The time of a save, to the millisecond: two games saved within one second (a new game
        started at once after another) still list the last saved first."""
        return datetime.fromtimestamp(self.clock(), timezone.utc).isoformat(timespec="milliseconds")

    def _keys(self, start: str) -> list[str]:
        if self.storage is None:
            return []
        try:
            return sorted(k for k in self.storage.keys() if k.startswith(start))
        except Exception:
            return []

    def _get(self, key: str) -> str | None:
        if self.storage is None:
            return None
        try:
            return self.storage.get(key)
        except Exception:
            self.status = self.unusable
            return None

    def _set(self, key: str, value: str) -> bool:
        if self.storage is None:
            self.status = self.unusable
            return False
        try:
            self.storage.set(key, value)
        except Exception:
            self.status = CANNOT_SAVE_FULL
            return False
        self.status = ""
        return True

    def _remove(self, key: str) -> None:
        if self.storage is not None:
            try:
                self.storage.remove(key)
            except Exception:
                self.status = self.unusable

    def _history(self) -> list[dict[str, Any]] | None:
        """The finished games, oldest first; None if the old list is unreadable and could not
        be moved aside."""
        games = self._games()
        return None if games is None else [entry for _, entry in games]

    def _games(self) -> list[tuple[str | None, dict[str, Any]]] | None:
        """Each finished game's key (None: in the old list) and entry, oldest first."""
        legacy = self._legacy_history()
        if legacy is None:
            return None
        games: list[tuple[str | None, dict[str, Any]]] = [(None, e) for e in legacy]
        return _oldest_first(games + list(self._finished()))

    def _finished(self) -> list[tuple[str, dict[str, Any]]]:
        """Each finished game's key and entry; one that cannot be read is kept aside."""
        found = []
        for key in self._keys(self.prefix + FINISHED):
            raw = self._get(key) or ""
            try:
                entry = read_json(raw)
            except SaveError:
                entry = None
            if isinstance(entry, dict):
                found.append((key, entry))
            elif self._quarantine(raw, "a finished game's entry is damaged") is not None:
                self._remove(key)
        return found

    def _legacy_history(self) -> list[dict[str, Any]] | None:
        """The list of finished games of earlier versions ([] if none); None if it is
        unreadable and could not be moved aside."""
        raw = self._get(self.prefix + HISTORY)
        if raw is None:
            return []
        try:
            history = read_json(raw)
        except SaveError:
            history = None
        if isinstance(history, list) and all(isinstance(e, dict) for e in history):
            return history
        if self._quarantine(raw, "the list of finished games is damaged") is None:
            return None
        self._remove(self.prefix + HISTORY)
        return []

    def _quarantine(self, raw: str, problem: str) -> str | None:
        """Keep raw text aside under a new key; the key, or None if it could not be written."""
        number = len(self._keys(self.prefix + KEPT))
        while self._get(f"{self.prefix}{KEPT}{number}") is not None:
            number += 1
        key = f"{self.prefix}{KEPT}{number}"
        if not self._set(key, raw):
            return None
        self._set(key + ABOUT, json.dumps({"problem": problem, "at": self._now()}))
        return key  # without its "about", it is still listed (the key is the list)


def _usable(storage: Storage | None, probe: str, unusable: str) -> tuple[Storage | None, str]:
    """The store if it can be read at all, and why it cannot be written ('' if it can)."""
    if storage is None:
        return None, unusable
    try:
        storage.get(probe)
    except Exception:
        return None, unusable
    try:
        storage.set(probe, "1")
        storage.remove(probe)
    except Exception:
        return storage, CANNOT_SAVE_FULL  # nearly full: what is saved can still be resumed
    return storage, ""


def _game_id(match: Match) -> str:
    """Names a game by its record, so finishing it twice keeps it once."""
    return _sha256(to_record(match))[:16]


def _content(settings: Settings, match: Match, tournament: dict[str, Any] | None, kind: str, link: str,
             claims: Sequence[int], picks: Sequence[int]) -> str:
    """What a save holds but its time and revision: an action that changed none of it (a dialog
    opened) writes nothing, and in full storage has nothing unsaved."""
    return _compact([settings, to_record(match), tournament, kind, link, list(claims), list(picks)])


def _revision(raw: str) -> int | None:
    try:
        data = read_json(raw)
    except SaveError:
        return None
    revision = data.get("revision", 0) if isinstance(data, dict) else None
    return revision if type(revision) is int else None


def _about(raw: str | None) -> dict[str, str]:
    try:
        data = read_json(raw) if raw else {}
    except SaveError:
        data = {}
    return {k: v for k, v in data.items() if isinstance(v, str)} if isinstance(data, dict) else {}


def _legacy_index(raw: str | None) -> dict[str, str]:
    """The earlier versions' list of kept-aside saves: each key's problem."""
    try:
        index = read_json(raw) if raw else []
    except SaveError:
        index = []
    return {e["key"]: e["problem"] for e in index if isinstance(e, dict) and isinstance(e.get("key"), str)
            and isinstance(e.get("problem"), str)} if isinstance(index, list) else {}


def _entry(game_id: str, raw: str) -> GameEntry:
    """A game in progress for the Resume list, from its save (an older schema is replayed),
    or a SaveError if it cannot be read at all."""
    data = read_json(raw)
    if isinstance(data, dict) and data.get("schema") == SCHEMA:
        record, settings, tournament = data.get("record"), data.get("settings"), data.get("tournament")
        kind, saved_at = data.get("kind"), data.get("saved_at")
        hands = record.get("hands") if isinstance(record, dict) else None
        rules = settings.get("rules") if isinstance(settings, dict) else None
        totals = data.get("totals")
        if (kind not in KINDS or not isinstance(saved_at, str) or not isinstance(hands, list)
                or not isinstance(rules, str) or not isinstance(totals, list)
                or not all(type(t) is int for t in totals)):
            raise SaveError("the save is damaged (a field is missing or malformed)")
        return GameEntry(game_id, str(kind), rules, tuple(totals), len(hands), saved_at, _round(tournament))
    loaded = parse_stored(raw)
    return GameEntry(game_id, loaded.kind, str(loaded.match.rules), tuple(loaded.match.totals),
                     len(loaded.match.hands), loaded.saved_at,
                     _round(loaded.tournament.to_data() if loaded.tournament else None))


def _round(tournament: Any) -> str:
    if not isinstance(tournament, dict):
        return ""
    played, rounds = tournament.get("played"), tournament.get("rounds")
    if not isinstance(played, list) or type(rounds) is not int:
        return ""
    return f"round {min(rounds, len(played) + (0 if tournament.get('between_rounds') else 1))} of {rounds}"


def _oldest_first(games: list[tuple[str | None, dict[str, Any]]]) -> list[tuple[str | None, dict[str, Any]]]:
    """Finished games (key, entry) in the order they finished; ``n`` orders those of one millisecond."""
    return sorted(games, key=lambda g: (str(g[1].get("finished_at", "")), _number(g[1].get("n"))))


def _compact(data: Any) -> str:
    return json.dumps(data, separators=(",", ":"))


def _number(value: Any) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def read_json(text: str, max_chars: int = MAX_CHARS, what: str = "save") -> Any:
    """JSON text read safely: a SaveError if it is too long, nests deeper than
    :data:`MAX_DEPTH`, holds NaN or Infinity, or is not valid JSON."""
    if len(text) > max_chars:
        raise SaveError(f"the {what} is damaged (it is far too long: {len(text):,} characters)")
    depth = deepest = 0
    for bracket in _BRACKETS.sub("", _STRINGS.sub("", text)):
        depth += 1 if bracket in "[{" else -1
        deepest = max(deepest, depth)
        if deepest > MAX_DEPTH:
            raise SaveError(f"the {what} is damaged (it nests deeper than any game)")
    try:
        return json.loads(text, parse_constant=_no_constant)
    except (ValueError, RecursionError):
        raise SaveError(f"the {what} is damaged (it is not valid JSON)") from None


_STRINGS: Final = re.compile(r'"(?:[^"\\]|\\.)*"')
_BRACKETS: Final = re.compile(r"[^\[\]{}]")


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number a save holds")


# --- the save format -----------------------------------------------------------------


def dump_save(settings: Settings, match: Match, app_version: str, saved_at: str,
              tournament: dict[str, Any] | None = None, kind: str = "normal", link: str = "",
              revision: int = 1, claims: Sequence[int] = (), picks: Sequence[int] = ()) -> str:
    """A save of the current schema, as JSON text (``claims``: the hands the player claimed;
    ``picks``: the cards chosen for the kitty; each a field only when there are some: a save
    without it has none)."""
    body = {"schema": SCHEMA, "app": app_version, "saved_at": saved_at,
            "settings": settings, "record": to_record(match), "tournament": tournament,
            "kind": kind, "link": link, "revision": revision, "totals": list(match.totals),
            **({"claims": list(claims)} if claims else {}), **({"picks": list(picks)} if picks else {})}
    return json.dumps({**body, "checksum": _sha256(body)}, separators=(",", ":"))


def parse_save(raw: str) -> SavedGame:
    """Read a save of any known schema: check it, upgrade it, replay it."""
    data = read_json(raw)
    if not isinstance(data, dict):
        raise SaveError("the save is damaged (it is not a saved game)")
    schema = data.get("schema")
    if type(schema) is not int:
        raise SaveError("the save is damaged (it has no format number)")
    app = data.get("app") if isinstance(data.get("app"), str) else "an unknown version"
    if schema > SCHEMA:
        raise SaveError(f"it was saved by a newer version of Five Hundred ({app}, save format "
                        f"{schema}), and this version reads formats up to {SCHEMA}")
    if schema not in CHECKSUMS:
        raise SaveError(f"it was saved in format {schema} by {app}, which this version "
                        f"cannot upgrade")
    body = {k: v for k, v in data.items() if k != "checksum"}
    if data.get("checksum") != CHECKSUMS[schema](body):
        raise SaveError("the save is damaged or was edited (its checksum does not match)")
    notice = ""
    while schema < SCHEMA:
        body = MIGRATIONS[schema](body)
        schema += 1
        notice = f"Your saved game was upgraded from the save format of version {app}."
    saved_at = body.get("saved_at")
    record = body.get("record")
    if not isinstance(saved_at, str) or not isinstance(record, dict):
        raise SaveError("the save is damaged (a field is missing)")
    kind, link, revision = body.get("kind"), body.get("link"), body.get("revision")
    claims, picks = body.get("claims", []), body.get("picks", [])
    if (kind not in KINDS or not isinstance(link, str) or type(revision) is not int or not isinstance(claims, list)
            or not isinstance(picks, list) or not all(type(n) is int and 0 <= n < len(CARDS) for n in picks)):
        raise SaveError("the save is damaged (a field is malformed)")
    match = _replay(record)
    if not all(type(n) is int and 0 <= n < len(match.hands) for n in claims):
        raise SaveError("the save is damaged (a claim is of no hand of the game)")
    settings = _settings(body.get("settings"), match.rules)
    tournament = body.get("tournament")
    restored = None
    if tournament is not None:
        try:
            restored = TournamentSession.restore(tournament, settings, match)
        except ValueError as e:
            raise SaveError(f"the save is damaged (its tournament: {e})") from None
    return SavedGame(settings, match, saved_at, notice, restored, str(kind), link, revision, tuple(claims),
                     tuple(picks))


def parse_stored(raw: str) -> SavedGame:
    """:func:`parse_save` for text found in storage, which anything may have written: any
    failure is a SaveError, so the page always starts and the save is kept aside."""
    try:
        return parse_save(raw)
    except SaveError:
        raise
    except Exception as e:  # noqa: BLE001 (a save no check foresaw must not stop the page)
        raise SaveError(f"the save could not be read ({type(e).__name__})") from None


def parse_game_file(text: str) -> SavedGame:
    """Read an exported game file (an engine record with settings in "meta"), a save
    (e.g. one exported from the quarantine), or a Trickster Cards PTN record."""
    if _PTN.match(text):
        return _ptn_game(text)
    data = read_json(text, what="file")
    if isinstance(data, dict) and "schema" in data:
        return parse_save(text)
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError("the file is not a game of Five Hundred")
    match = _replay(data)
    meta = data.get("meta")
    settings = meta.get("settings") if isinstance(meta, dict) else None
    exported_at = meta.get("exported_at") if isinstance(meta, dict) else None
    kind, link = (meta.get("kind"), meta.get("link")) if isinstance(meta, dict) else (None, None)
    linked = kind in LINKED and isinstance(link, str) and bool(link)
    return SavedGame(default_settings(str(match.rules)) if settings is None
                     else _settings(settings, match.rules),
                     match, exported_at if isinstance(exported_at, str) else "",
                     kind=str(kind) if linked else "normal", link=str(link) if linked else "")


_PTN: Final = re.compile(r'\s*(%[^\n]*\n\s*)*\[[A-Za-z]+ "')
"""The start of a PTN file: comments, then a tag."""


def _ptn_game(text: str) -> SavedGame:
    """A game replayed from a PTN record with our rules, to play on or review."""
    if len(text) > MAX_CHARS:
        raise SaveError(f"the file is far too long ({len(text):,} characters)")
    from engine import ptn  # imported when first needed: a PTN file is rare
    try:
        match = ptn.replay(text)
    except FiveHundredError as e:
        raise SaveError(f"the PTN record does not replay here ({e})") from None
    except RecursionError:
        raise SaveError("the PTN record does not replay here") from None
    return SavedGame(default_settings(str(match.rules)), match, "")


def _settings(data: Any, rules: Rules) -> Settings:
    """Settings read from storage or a file, checked, and for the game's rules."""
    try:
        settings, settings_rules = check_settings(data)
    except SettingsError as e:
        raise SaveError(f"the save is damaged (its settings: {e})") from None
    if settings_rules != rules:
        raise SaveError("the save is damaged (its settings name other rules than its game)")
    return settings


def _replay(record: dict[str, Any]) -> Match:
    try:
        return replay(record)
    except FiveHundredError as e:
        raise SaveError(f"the game does not replay ({e})") from None
    except RecursionError:
        raise SaveError("the game does not replay") from None


def _canonical(body: Mapping[str, Any]) -> bytes:
    return json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True).encode()


def _sha256(body: Mapping[str, Any]) -> str:
    return hashlib.sha256(_canonical(body)).hexdigest()


def _crc32(body: Mapping[str, Any]) -> str:
    return f"{zlib.crc32(_canonical(body)):08x}"


def migrate_0_to_1(body: dict[str, Any]) -> dict[str, Any]:
    """Schema 0 to 1: the game becomes an engine record (bids "7H" become "bid 7H"),
    the settings gain the human's seat, the pace in ms and autoplay."""
    game, settings = body.get("game"), body.get("settings")
    if not isinstance(game, dict) or not isinstance(settings, dict):
        raise SaveError("the old save is damaged (a field is missing)")
    bots, pace = settings.get("bots"), settings.get("pace")
    hands, rules, deal = game.get("hands"), game.get("rules"), game.get("deal")
    if (not isinstance(bots, list) or isinstance(pace, bool) or not isinstance(pace, int | float)
            or not isinstance(hands, list)
            or not isinstance(rules, str) or not isinstance(deal, str) or not hands):
        raise SaveError("the old save is damaged (a field is malformed)")
    try:
        match = Match(Rules.parse(rules), DealCode.parse(deal))
        for number, actions in enumerate(hands):
            if number:
                match.next_hand()
            if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
                raise SaveError(f"the old save is damaged (hand {number + 1} is malformed)")
            for text in actions:
                match.apply(text)  # in the auction, "7H" reads as the bid
    except FiveHundredError as e:
        raise SaveError(f"the old save does not replay ({e})") from None
    new_settings = {"rules": rules, "levels": [HUMAN, *bots], "pace_ms": round(pace * 1000),
                    "autoplay": False}
    return {"schema": 1, "app": body.get("app"), "saved_at": body.get("saved_at"),
            "settings": new_settings, "record": to_record(match)}


def migrate_1_to_2(body: dict[str, Any]) -> dict[str, Any]:
    """Schema 1 to 2: a save may hold a tournament; a schema 1 save holds none."""
    return {**body, "schema": 2, "tournament": None}


def migrate_2_to_3(body: dict[str, Any]) -> dict[str, Any]:
    """Schema 2 to 3: a save says how its game began, and counts its revisions."""
    return {**body, "schema": 3, "kind": "normal" if body.get("tournament") is None else "tournament",
            "link": "", "revision": 0}


CHECKSUMS: Final[dict[int, Callable[[Mapping[str, Any]], str]]] = {0: _crc32, 1: _sha256, 2: _sha256,
                                                                    3: _sha256}
"""How each known schema computes its checksum."""
MIGRATIONS: Final[dict[int, Callable[[dict[str, Any]], dict[str, Any]]]] = {0: migrate_0_to_1,
                                                                            1: migrate_1_to_2,
                                                                            2: migrate_2_to_3}
"""Schema n to n + 1."""
