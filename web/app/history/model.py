"""The History & stats dialog's view, as named tuples (built by
:meth:`app.worker.controller.App.history_view`, drawn by :func:`app.history.render.history_dialog`)."""

from __future__ import annotations

from typing import NamedTuple

from app.history.stats import StatsTables


class QuarantineEntry(NamedTuple):
    """A save that could not be read, kept aside (app.store.saves): its key, why, and when."""

    key: str
    problem: str
    at: str


class FinishedGame(NamedTuple):
    """A finished game in History: what it was, and whether its record can be exported."""

    position: int
    """Its place in History's list."""
    exportable: bool
    label: str
    standings: list[list[str]]
    """A tournament's final standings: place, name, points (app.history.stats.standings_rows)."""


class RealGame(NamedTuple):
    """A game played with real cards, kept on the score pad (app.pad): opened again from History."""

    id: str
    label: str


class HistoryView(NamedTuple):
    """The History & stats dialog."""

    stats: tuple[str, ...]
    figures: StatsTables
    """The stats' tables (app.history.stats.Stats.tables)."""
    games: tuple[FinishedGame, ...]
    kept: tuple[QuarantineEntry, ...]
    """Saves that could not be read, kept aside (app.store.saves)."""
    real: tuple[RealGame, ...] = ()
    """Games played with real cards (the score pad), the last first: apart from the statistics."""
