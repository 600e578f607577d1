"""The page's preferences (the four-colour deck, sounds), kept in the browser's storage
between visits; unlike a game's settings they hold for every game."""

from __future__ import annotations

import json
from typing import Final

from app.store.saves import Storage
from app.table.model import Preference
from app.table.settings import PREFERENCES, check_preferences

KEY: Final = "prefs"
"""Its key, after the site's prefix (app.store.saves.scope)."""
CLASSES: Final = {"four_colour": "four-colour", "trick_stays": "trick-stays", "sound": "sounds-on"}
"""The preferences the page shows by a class on <body> (style.css; sound.js reads sounds-on)."""
AT_THE_TABLE: Final = ("trick_stays",)
"""Offered in the table's menu only: the start screen's room goes to the Deal button."""


class Preferences:
    """Read once, written on each change; a storage that fails only means they are not kept."""

    def __init__(self, storage: Storage | None = None, prefix: str = "") -> None:
        self.storage, self.key = storage, prefix + KEY
        raw = self._read()
        try:
            data = json.loads(raw) if raw else None
        except ValueError:
            data = None
        self.values = check_preferences(data)
        self.first = raw is None
        """None kept yet: nothing chosen on this site (the first-game guide is offered)."""

    def set(self, name: str, on: bool) -> None:
        if name not in self.values:
            return
        self.values[name] = on
        self.first = False
        if self.storage is not None:
            try:
                self.storage.set(self.key, json.dumps(self.values))
            except Exception:  # full or refused: the choice holds for this visit
                pass

    @property
    def body_classes(self) -> dict[str, bool]:
        """Each class of CLASSES, and whether <body> has it."""
        return {cls: self.values[name] for name, cls in CLASSES.items()}

    def view(self, start: bool = False) -> tuple[Preference, ...]:
        """The preferences as checkboxes (``start``: those the start screen offers)."""
        return tuple(Preference(name=name, label=label, on=self.values[name]) for name, label in PREFERENCES.items()
                     if not (start and name in AT_THE_TABLE))

    def _read(self) -> str | None:
        if self.storage is None:
            return None
        try:
            return self.storage.get(self.key)
        except Exception:
            return None
