"""Score pads kept: each sheet under ``<scope>pad/<id>``, saved after every entry, and the
players' names under ``<scope>pad-names`` (by the number of players, for the next game).

A sheet's value, compact::

    {"schema": 1, "saved_at": "2026-12-06T07:00:00.000+00:00", "names": ["Ann", "Bob", "Cat", "Dan"],
     "sheet": {"rules": "standard", "first_dealer": 0,
               "entries": [{"dealer": 0, "contract": "8H", "declarer": 1, "tricks": [1, 9]}, ...]}}

Every entry is checked and scored again on load (:meth:`app.pad.model.Sheet.from_data`): a
damaged sheet is not opened, and says why; it stays where it is, listed with the saves that
could not be read (:meth:`PadStore.damaged`), until the player's own Delete.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable
from datetime import datetime, timezone
from typing import Any, Final, NamedTuple

from app.history.model import QuarantineEntry
from app.pad.model import Sheet
from app.pad.session import PadSession
from app.store.saves import PAD, SaveError, Storage, read_json

NAMES: Final = "pad-names"
SCHEMA: Final = 1
ID_PREFIX: Final = "pad-"
"""A pad's id in the Resume list, apart from the games' (app.store.saves ids are bare hex)."""


class PadEntry(NamedTuple):
    """A sheet in progress, for the Resume list."""

    id: str
    rules: str
    totals: tuple[int, ...]
    hands: int
    saved_at: str
    over: bool


class PadStore:
    """The sheets kept in ``storage`` under ``prefix`` (the site's scope, as app.store.saves.Saves).
    Writing never raises: :meth:`save` says whether it worked."""

    def __init__(self, storage: Storage | None, prefix: str, clock: Callable[[], float] = time.time) -> None:
        self.storage, self.prefix, self.clock = storage, prefix, clock

    def new_id(self) -> str:
        return ID_PREFIX + os.urandom(6).hex()

    def key(self, pad_id: str) -> str:
        return f"{self.prefix}{PAD}{pad_id.removeprefix(ID_PREFIX)}"

    def save(self, pad_id: str, session: PadSession) -> str | None:
        """Keep the sheet and its names (the names also for the next game at this many players):
        the text kept (:meth:`stored` reads it back), None if it could not be written."""
        now = datetime.fromtimestamp(self.clock(), timezone.utc).isoformat(timespec="milliseconds")
        text = dump(session, now)
        names = self._names()
        names[str(session.rules.players)] = session.names
        if self._set(self.key(pad_id), text) and self._set(self.prefix + NAMES, json.dumps(names)):
            return text
        return None

    def stored(self, pad_id: str) -> str | None:
        """The sheet's text as kept now (None if there is none): another tab may have written it."""
        return self._get(self.key(pad_id))

    def load(self, pad_id: str) -> PadSession:
        """The sheet kept under ``pad_id``; SaveError (or ValueError) if it is missing or damaged."""
        raw = self._get(self.key(pad_id))
        if raw is None:
            raise SaveError("the score sheet is not there")
        return parse(raw)

    def delete(self, pad_id: str) -> None:
        if self.storage is not None:
            try:
                self.storage.remove(self.key(pad_id))
            except Exception:  # noqa: BLE001 (storage disabled: nothing to delete)
                pass

    def pads(self) -> list[PadEntry]:
        """The sheets kept that can be read, the last saved first."""
        found = []
        start = self.prefix + PAD
        for key in self._keys():
            try:
                data = read_json(self._get(key) or "", what="score sheet")
                session = parse_data(data)
            except (ValueError, SaveError):
                continue
            sheet = session.sheet
            found.append(PadEntry(ID_PREFIX + key.removeprefix(start), str(sheet.rules), sheet.totals,
                                  len(sheet.rows), str(data.get("saved_at", "")), sheet.outcome is not None))
        return sorted(found, key=lambda p: p.saved_at, reverse=True)

    def damaged(self) -> list[QuarantineEntry]:
        """The sheets kept that cannot be read, each with why and when it was saved ('' if that
        cannot be read either); they are left as they are (app.store.saves exports and deletes them)."""
        found = []
        for key in self._keys():
            raw = self._get(key)
            if raw is None:
                continue
            try:
                parse(raw)
            except (ValueError, SaveError) as e:
                try:
                    data = read_json(raw, what="score sheet")
                except SaveError:
                    data = {}
                at = data.get("saved_at") if isinstance(data, dict) else None
                found.append(QuarantineEntry(key, str(e), at if isinstance(at, str) else ""))
        return found

    def _keys(self) -> list[str]:
        try:
            keys = self.storage.keys() if self.storage is not None else []
        except Exception:  # noqa: BLE001 (unreadable: none listed)
            return []
        return [k for k in keys if k.startswith(self.prefix + PAD)]

    def names(self, players: int) -> list[str]:
        """The names last used at a table of so many players ([] if none)."""
        names = self._names().get(str(players))
        return [str(n) for n in names] if isinstance(names, list) else []

    def _names(self) -> dict[str, Any]:
        try:
            names = json.loads(self._get(self.prefix + NAMES) or "{}")
        except ValueError:
            return {}
        return names if isinstance(names, dict) else {}

    def _get(self, key: str) -> str | None:
        try:
            return self.storage.get(key) if self.storage is not None else None
        except Exception:  # noqa: BLE001 (unreadable: as if not there)
            return None

    def _set(self, key: str, value: str) -> bool:
        try:
            if self.storage is None:
                return False
            self.storage.set(key, value)
        except Exception:  # noqa: BLE001 (full or disabled: the caller says so)
            return False
        return True


def dump(session: PadSession, saved_at: str = "") -> str:
    """A sheet and its names as the compact JSON text kept and exported."""
    return json.dumps({"schema": SCHEMA, "saved_at": saved_at, "names": session.names,
                       "sheet": session.sheet.to_data()}, separators=(",", ":"))


def parse(text: str) -> PadSession:
    """A sheet from :func:`dump`'s text (a kept sheet, or an exported file); SaveError or
    ValueError says what is wrong with it."""
    return parse_data(read_json(text, what="score sheet"))


def parse_data(data: Any) -> PadSession:
    if not isinstance(data, dict) or data.get("schema") != SCHEMA:
        raise SaveError("not a score sheet of this version")
    names = data.get("names", [])
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise SaveError("the players' names are damaged")
    try:
        return PadSession(Sheet.from_data(data.get("sheet")), names)
    except ValueError as e:
        raise SaveError(f"the score sheet is damaged ({e})") from None
