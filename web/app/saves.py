"""Saved games: the game in progress, finished games, and saves that could not be read.

Everything lives in a small string store (:class:`Storage`: the page adapts
``window.localStorage`` with :func:`web_storage`), under these keys:

- ``five-hundred/current``: the game (or tournament) in progress, a *save*
  (below), rewritten after every action;
- ``five-hundred/history``: finished games, oldest first, a JSON list of
  ``{"id", "finished_at", "settings", "summary", "record"}`` (``summary`` from
  :func:`app.stats.summarize`; ``record`` is dropped from all but the last
  :data:`HISTORY_RECORDS` games);
- ``five-hundred/quarantine``: saves that could not be loaded, a JSON list of
  ``{"key", "problem", "at"}``, each raw text kept verbatim under its ``key``
  (``five-hundred/quarantine/<n>``).

A save, schema 2::

    {"schema": 2, "app": "0.1.0", "saved_at": "2026-11-29T14:55:56+00:00",
     "settings": {"rules": "standard", "levels": ["human", "normal", "normal", "normal"],
                  "pace_ms": 700, "autoplay": false},           (app.settings checks them)
     "record": <engine.record.to_record(match)>,
     "tournament": null,
     "checksum": <sha256, hex, of the canonical JSON of every other field>}

In a tournament, ``settings`` and ``record`` are the player's table's game this
round (or the round just finished) and ``tournament`` is
:meth:`app.tournament.TournamentSession.to_data`::

    {"seed": 1234, "rounds": 6, "between_rounds": false,
     "played": [[[["bid 7H", "pass", ...], ...4 hands], ...per table], ...per finished round]}

Schema 1 is schema 2 without ``tournament``; :func:`migrate_1_to_2` adds it.

Schema 0, the earlier format, which :func:`parse_save` still reads (upgraded
by :func:`migrate_0_to_1`)::

    {"schema": 0, "app": "0.0.9", "saved_at": "...",
     "settings": {"rules": "standard", "bots": ["normal", "normal", "normal"], "pace": 0.6},
     "game": {"rules": "standard", "deal": "1-0-k3x9a", "hands": [["7H", "pass", ...], ...]},
     "checksum": <CRC-32, 8 hex digits, of the canonical JSON of every other field>}

(bids written bare, "7H", which is also a card; the human implied at seat 0;
the pace in seconds; no autoplay.)

Loading replays the whole record with every action checked.  A save that is
corrupt, tampered with, or from an unknown (older or newer) schema is never
dropped: it moves to the quarantine, where it can be exported, and the loader
returns a :class:`Problem` with a message for the player.
"""

from __future__ import annotations

import hashlib
import json
import time
import zlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any, Final, Protocol

from engine import __version__
from engine.deal import DealCode
from engine.errors import FiveHundredError
from engine.match import Match
from engine.record import FORMAT, replay, to_record
from engine.rules import Rules

from app.settings import HUMAN, Settings, SettingsError, check_settings, default_settings
from app.stats import Stats, aggregate, summarize
from app.tournament import TournamentSession

SCHEMA: Final = 2
PREFIX: Final = "five-hundred/"
CURRENT: Final = PREFIX + "current"
HISTORY: Final = PREFIX + "history"
QUARANTINE: Final = PREFIX + "quarantine"
PROBE: Final = PREFIX + "probe"
HISTORY_RECORDS: Final = 50
"""Finished games whose full record is kept (for export); older ones keep their summary."""
HISTORY_GAMES: Final = 1000
"""Finished games kept at all (their summaries feed the statistics)."""

CANNOT_SAVE_DISABLED: Final = ("This browser does not let the game save (storage is disabled, as "
                               "in private browsing). You can play, but the game is lost when the "
                               "tab closes.")
CANNOT_SAVE_FULL: Final = ("The game cannot be saved: this site's storage is full. You can play "
                           "on, but the game is lost when the tab closes. Deleting old games or "
                           "kept-aside saves makes room.")
CANNOT_SAVE_BLOCKED: Final = ("The game cannot be saved: an unreadable saved game could not be "
                              "moved aside (storage is full), and saving would overwrite it. "
                              "Export it, or delete it, to save again.")


class Storage(Protocol):
    """A string store like ``window.localStorage``; any method may raise when storage
    is disabled, and ``set`` when it is full."""

    def get(self, key: str) -> str | None: ...

    def set(self, key: str, value: str) -> None: ...

    def remove(self, key: str) -> None: ...


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


@dataclass(frozen=True)
class Problem:
    """Why the saved game could not be resumed; its raw data is kept under ``key``."""

    message: str
    key: str


@dataclass(frozen=True)
class QuarantineEntry:
    key: str
    problem: str
    at: str


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


def web_storage(window: Any) -> Storage | None:
    """``window.localStorage`` as a :class:`Storage`, or None when the browser refuses
    it (reading the property itself throws when storage is disabled)."""
    try:
        store = window.localStorage
    except Exception:
        return None
    return None if store is None else _WebStorage(store)


class Saves:
    """The saved-games store of one page.  ``can_save`` and ``status`` say whether the
    last write worked; writing never raises, so the game plays on without storage."""

    def __init__(self, storage: Storage | None, app_version: str = __version__,
                 clock: Callable[[], float] = time.time) -> None:
        self.app_version = app_version
        self.clock = clock
        self.storage = storage if storage is not None and _usable(storage) else None
        self.status = "" if self.storage is not None else CANNOT_SAVE_DISABLED
        """Why the game cannot be saved, for the player; empty when the last write worked."""
        self._blocked: QuarantineEntry | None = None
        """An unreadable save that stayed under CURRENT: it could not be moved aside."""

    @property
    def can_save(self) -> bool:
        """Whether the last write worked (and storage is there at all)."""
        return not self.status

    # --- the game in progress ------------------------------------------------------
    def save(self, settings: Settings, match: Match, tournament: dict[str, Any] | None = None) -> bool:
        """Save the game (and the tournament it is a round of, as plain data) after an action;
        a game that is over moves to the history."""
        if match.is_over:
            return self.finish(settings, match)
        if self._blocked:
            self.status = CANNOT_SAVE_BLOCKED
            return False
        return self._set(CURRENT, dump_save(settings, match, self.app_version, self._now(), tournament))

    def load(self) -> SavedGame | Problem | None:
        """The saved game in progress, None if there is none, or a Problem (its raw
        data moved to the quarantine) if it cannot be resumed."""
        raw = self._get(CURRENT)
        if raw is None:
            return None
        try:
            return parse_save(raw)
        except SaveError as e:
            reason = str(e)
        key = self._quarantine(raw, reason)
        if key is None:
            key = CURRENT
            self._blocked = QuarantineEntry(CURRENT, reason, self._now())
            kept = "It is kept as it was, but storage is full, so this game cannot be saved."
        else:
            self._remove(CURRENT)
            kept = "It has been kept aside: you can export it from the saved games list."
        return Problem(f"Your saved game could not be resumed: {reason}. {kept} "
                       f"A new game starts.", key)

    def discard(self) -> None:
        """Forget the game in progress (a new game starts)."""
        if not self._blocked:
            self._remove(CURRENT)

    # --- finished games --------------------------------------------------------------
    def finish(self, settings: Settings, match: Match) -> bool:
        """Move a game to the history (once, however often it is called)."""
        history = self._history()
        if history is None:
            return False
        game_id = _game_id(match)
        if not history or history[-1].get("id") != game_id:
            history.append({"id": game_id, "finished_at": self._now(), "settings": settings,
                            "summary": summarize(match), "record": to_record(match)})
            del history[:-HISTORY_GAMES]
            for old in history[:-HISTORY_RECORDS]:
                old["record"] = None
            if not self._set(HISTORY, json.dumps(history, separators=(",", ":"))):
                return False
        if not self._blocked:
            self._remove(CURRENT)
        return True

    def history(self) -> list[dict[str, Any]]:
        """Finished games, oldest first (see the module docstring)."""
        return self._history() or []

    def stats(self) -> Stats:
        """Statistics over every finished game kept."""
        return aggregate(e["summary"] for e in self.history() if isinstance(e.get("summary"), dict))

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

    # --- quarantine --------------------------------------------------------------------
    def quarantined(self) -> list[QuarantineEntry]:
        """Saves that could not be loaded, oldest first."""
        kept = [QuarantineEntry(e["key"], e["problem"], e["at"]) for e in self._quarantine_index()]
        return kept + [self._blocked] if self._blocked else kept

    def export_quarantined(self, key: str) -> str | None:
        """The raw text of a kept-aside save, exactly as it was found."""
        if not any(e.key == key for e in self.quarantined()):
            return None
        return self._get(key)

    def delete_quarantined(self, key: str) -> None:
        """Forget a kept-aside save for good."""
        if self._blocked and key == CURRENT:
            self._blocked = None
            self._remove(CURRENT)
            self.status = ""
            return
        index = [e for e in self._quarantine_index() if e["key"] != key]
        if self._set(QUARANTINE, json.dumps(index)):
            self._remove(key)

    # --- game files ----------------------------------------------------------------------
    def export_game(self, settings: Settings, match: Match) -> str:
        """A game file: the engine's game record, with the settings in its "meta"."""
        return json.dumps(to_record(match, {"settings": settings, "app": self.app_version,
                                            "exported_at": self._now()}), indent=1)

    # --- storage, never raising ----------------------------------------------------------
    def _now(self) -> str:
        return datetime.fromtimestamp(self.clock(), timezone.utc).isoformat(timespec="seconds")

    def _get(self, key: str) -> str | None:
        if self.storage is None:
            return None
        try:
            return self.storage.get(key)
        except Exception:
            self.status = CANNOT_SAVE_DISABLED
            return None

    def _set(self, key: str, value: str) -> bool:
        if self.storage is None:
            self.status = CANNOT_SAVE_DISABLED
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
                self.status = CANNOT_SAVE_DISABLED

    def _history(self) -> list[dict[str, Any]] | None:
        """The stored history; None if it is unreadable and could not be moved aside."""
        raw = self._get(HISTORY)
        if raw is None:
            return []
        try:
            history = json.loads(raw)
        except (ValueError, RecursionError):
            history = None
        if isinstance(history, list) and all(isinstance(e, dict) for e in history):
            return history
        if self._quarantine(raw, "the list of finished games is damaged") is None:
            return None
        self._remove(HISTORY)
        return []

    def _quarantine_index(self) -> list[dict[str, str]]:
        raw = self._get(QUARANTINE)
        try:
            index = json.loads(raw) if raw else []
        except (ValueError, RecursionError):
            index = []
        if not isinstance(index, list):
            return []
        return [e for e in index if isinstance(e, dict)
                and all(isinstance(e.get(k), str) for k in ("key", "problem", "at"))]

    def _quarantine(self, raw: str, problem: str) -> str | None:
        """Keep raw text aside under a new key; the key, or None if it could not be written."""
        index = self._quarantine_index()
        taken = {e["key"] for e in index}
        number = len(index)
        while f"{QUARANTINE}/{number}" in taken or self._get(f"{QUARANTINE}/{number}") is not None:
            number += 1
        key = f"{QUARANTINE}/{number}"
        if not self._set(key, raw):
            return None
        index.append({"key": key, "problem": problem, "at": self._now()})
        if not self._set(QUARANTINE, json.dumps(index)):
            self._remove(key)
            return None
        return key


def _usable(storage: Storage) -> bool:
    """Whether the store can be read and written at all."""
    try:
        storage.get(CURRENT)
        storage.set(PROBE, "1")
        storage.remove(PROBE)
    except Exception:
        return False
    return True


def _game_id(match: Match) -> str:
    """Names a game by its record, so finishing it twice keeps it once."""
    return _sha256(to_record(match))[:16]


# --- the save format -----------------------------------------------------------------


def dump_save(settings: Settings, match: Match, app_version: str, saved_at: str,
              tournament: dict[str, Any] | None = None) -> str:
    """A save of the current schema, as JSON text."""
    body = {"schema": SCHEMA, "app": app_version, "saved_at": saved_at,
            "settings": settings, "record": to_record(match), "tournament": tournament}
    return json.dumps({**body, "checksum": _sha256(body)}, separators=(",", ":"))


def parse_save(raw: str) -> SavedGame:
    """Read a save of any known schema: check it, upgrade it, replay it."""
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):
        raise SaveError("the save is damaged (it is not valid JSON)") from None
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
    match = _replay(record)
    settings = _settings(body.get("settings"), match.rules)
    tournament = body.get("tournament")
    if tournament is None:
        return SavedGame(settings, match, saved_at, notice)
    try:
        restored = TournamentSession.restore(tournament, settings, match)
    except ValueError as e:
        raise SaveError(f"the save is damaged (its tournament: {e})") from None
    return SavedGame(settings, match, saved_at, notice, restored)


def parse_game_file(text: str) -> SavedGame:
    """Read an exported game file (an engine record with settings in "meta"), or a save
    (e.g. one exported from the quarantine)."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise SaveError("the file is not a game of Five Hundred (it is not valid JSON)") from None
    if isinstance(data, dict) and "schema" in data:
        return parse_save(text)
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError("the file is not a game of Five Hundred")
    match = _replay(data)
    meta = data.get("meta")
    settings = meta.get("settings") if isinstance(meta, dict) else None
    exported_at = meta.get("exported_at") if isinstance(meta, dict) else None
    return SavedGame(default_settings(str(match.rules)) if settings is None
                     else _settings(settings, match.rules),
                     match, exported_at if isinstance(exported_at, str) else "")


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


CHECKSUMS: Final[dict[int, Callable[[Mapping[str, Any]], str]]] = {0: _crc32, 1: _sha256, 2: _sha256}
"""How each known schema computes its checksum."""
MIGRATIONS: Final[dict[int, Callable[[dict[str, Any]], dict[str, Any]]]] = {0: migrate_0_to_1,
                                                                            1: migrate_1_to_2}
"""Schema n to n + 1."""
