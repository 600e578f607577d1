"""The start screen's view, as frozen dataclasses (:meth:`app.start.StartForm.view`, drawn by
:func:`app.render.start`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from app.help import Section
from app.settings import Choice


@dataclass(frozen=True)
class TableChoice:
    """A table the player may choose (a preset)."""

    value: str
    label: str
    chosen: bool


@dataclass(frozen=True)
class TournamentChoice:
    """The tournament, as a table to choose: its rounds and the bots' one level."""

    value: str
    label: str
    chosen: bool
    rounds: int
    round_choices: tuple[Choice, ...]
    level: str
    levels: tuple[Choice, ...]


@dataclass(frozen=True)
class RuleOption:
    """A table rule: a switch or a drop-down (its invalid choices not enabled), with its help."""

    name: str
    label: str
    help: str
    kind: Literal["switch", "choice"]
    value: str
    choices: tuple[Choice, ...]


@dataclass(frozen=True)
class OptionGroup:
    """The table rules of one group ('Deck', 'Scoring', ...)."""

    name: str
    options: tuple[RuleOption, ...]


@dataclass(frozen=True)
class BotSeat:
    """A bot's seat and its level."""

    seat: int
    name: str
    level: str
    levels: tuple[Choice, ...]


@dataclass(frozen=True)
class StartView:
    """Everything the start screen shows."""

    tables: tuple[TableChoice, ...]
    tournament: TournamentChoice
    groups: tuple[OptionGroup, ...]
    rules_text: str
    changed: bool
    seats: tuple[BotSeat, ...]
    pace_ms: int
    paces: tuple[Choice, ...]
    autoplay: bool
    deal: str
    message: str
    help: list[Section]
