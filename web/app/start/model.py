"""The start screen's view, as named tuples (:meth:`app.start.form.StartForm.view`, drawn by
:func:`app.start.render.start`)."""

from __future__ import annotations

from typing import Literal, NamedTuple

from app.html.tags import Choice
from app.table.help import Section


class TableChoice(NamedTuple):
    """A table the player may choose (a preset)."""

    value: str
    label: str
    chosen: bool


class TournamentChoice(NamedTuple):
    """The tournament, as a table to choose: its rounds and the bots' one level."""

    value: str
    label: str
    chosen: bool
    rounds: int
    round_choices: tuple[Choice, ...]
    level: str
    levels: tuple[Choice, ...]


class RuleOption(NamedTuple):
    """A table rule: a switch or a drop-down (its invalid choices not enabled), with its help."""

    name: str
    label: str
    help: str
    kind: Literal["switch", "choice"]
    value: str
    choices: tuple[Choice, ...]


class OptionGroup(NamedTuple):
    """The table rules of one group ('Deck', 'Scoring', ...)."""

    name: str
    options: tuple[RuleOption, ...]


class BotSeat(NamedTuple):
    """A bot's seat and its level."""

    seat: int
    name: str
    level: str
    levels: tuple[Choice, ...]


class StartView(NamedTuple):
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


class GameInProgress(NamedTuple):
    """A game under Resume on the start screen: its save's id, what it is, its score and save time."""

    id: str
    title: str
    detail: str


class ConfirmView(NamedTuple):
    """The Delete question (or Leave, for a game not saved): what would be lost, and the action and
    value that go ahead."""

    title: str
    what: str
    action: str
    value: str
    yes: str = "Delete"
    no: str = "Keep it"
    export: str = ""
    """The download action offered first ('' for none)."""
