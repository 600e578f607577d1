"""The start screen: the table, its rules (only valid combinations), the bots, a deal code;
or a tournament, its rounds and the bots' level."""

from __future__ import annotations

import dataclasses
from typing import Any, Final

from bots.conventions import CARDS
from bots.registry import LEVELS
from engine.errors import FiveHundredError
from engine.rules import OPTIONS, PRESET_TITLES, Convention, Rules
from engine.seats import seat_name
from engine.tournament import ROUNDS

from app.html.tags import Choice
from app.start.model import BotSeat, OptionGroup, RuleOption, StartView, TableChoice, TournamentChoice
from app.table.help import CHOICE_LABELS, option_text, rule_changes, rules_help
from app.table.settings import (DEFAULT_LEVEL, TABLES, TOURNAMENT, Settings, SettingsError, check_settings,
                                default_settings, pace_choices)
from app.tournament.view import tournament_help

FIXED: Final = ("players", "team_size")
"""Options the table itself decides."""
CONVENTION_FIELDS: Final = ("convention", "their_convention")
"""The options naming a side's convention card."""
LEVEL_LABELS: Final = {"easy": "Easy", "normal": "Normal", "expert": "Expert"}


class StartForm:
    """What the player has chosen on the start screen so far."""

    def __init__(self, settings: Settings | None = None) -> None:
        settings, self.rules = check_settings(settings or default_settings())
        preset = str(self.rules).split(",")[0]
        self.table = preset if preset in TABLES else TABLES[0]
        self.levels: list[str] = settings["levels"]
        self.pace_ms: int = settings["pace_ms"]
        self.autoplay: bool = settings["autoplay"]
        self.deal = ""
        self.message = ""
        self.rounds = ROUNDS[0]
        """The rounds of a tournament."""

    @property
    def settings(self) -> Settings:
        return {"rules": str(self.rules), "levels": list(self.levels), "pace_ms": self.pace_ms,
                "autoplay": self.autoplay}

    def set(self, name: str, value: str) -> None:
        """Change one field: 'table' (a preset of TABLES, or TOURNAMENT), 'rule:<option>',
        'level:<seat>' ('level:all' for every bot), 'pace', 'autoplay', 'deal', 'rounds'."""
        self.message = ""
        kind, _, key = name.partition(":")
        if kind == "table" and value in (*TABLES, TOURNAMENT) and value != self.table:
            self.table = value
            self.rules = Rules.parse(value)
            self.levels = (self.levels + [DEFAULT_LEVEL] * 6)[:self.rules.players]
            if value == TOURNAMENT:  # one level for all seven bots
                self.levels[1:] = [self.levels[1]] * (len(self.levels) - 1)
        elif kind == "rule":
            needs = CARDS[Convention(value)].needs if key in CONVENTION_FIELDS and value in list(
                Convention) else ()  # a card played with table rules sets them with it
            try:
                self.rules = Rules.parse(",".join([f"{self.rules},{key}={value}",
                                                   *(f"{n}=on" for n in needs)]))
            except FiveHundredError as e:
                self.message = f"Table rules: {e}"
        elif kind == "level" and key.isdigit() and 0 < int(key) < len(self.levels) and value in LEVELS:
            self.levels[int(key)] = value
        elif kind == "level" and key == "all" and value in LEVELS:
            self.levels[1:] = [value] * (len(self.levels) - 1)
        elif kind == "rounds" and value.isdigit() and int(value) in ROUNDS:
            self.rounds = int(value)
        elif kind == "pace" and value.isdigit():
            self.pace_ms = int(value)
        elif kind == "autoplay":
            self.autoplay = value == "on"
        elif kind == "deal":
            self.deal = value.strip()

    def reset_rules(self) -> None:
        self.rules = Rules.parse(self.table)

    def checked(self) -> Settings:
        """The settings to start with, or a SettingsError."""
        return check_settings(self.settings)[0]

    def fail(self, error: SettingsError | FiveHundredError) -> None:
        self.message = str(error)

    def view(self) -> StartView:
        """The start screen."""
        rules, preset = self.rules, Rules.parse(self.table)
        groups: dict[str, list[RuleOption]] = {}
        for f in OPTIONS:
            if f.name in FIXED:
                continue
            current = getattr(rules, f.name)
            values = [v for v in list(f.metadata["choices"]) or [True, False]
                      if v == current or _allowed(preset, f.name, v)]  # what this table could play
            if current not in values:
                values.append(current)
            if len(values) < 2:
                continue  # not a choice at this table (the players, a five-handed rule...)
            valid = [v for v in values if _allowed(rules, f.name, v)]
            labels = CHOICE_LABELS.get(f.name, {})
            groups.setdefault(f.metadata["group"], []).append(RuleOption(
                name=f.name, label=f.metadata["label"], help=f.metadata["help"],
                kind="switch" if isinstance(current, bool) else "choice", value=option_text(current),
                choices=tuple(Choice(option_text(v), labels.get(option_text(v), option_text(v)), v in valid)
                              for v in values)))
        tournament = self.table == TOURNAMENT
        if tournament:  # the format's own table rules, but for the sides' convention cards
            groups = {g: [o for o in options if o.name in CONVENTION_FIELDS] for g, options in groups.items()}
            groups = {g: options for g, options in groups.items() if options}
        levels = tuple(Choice(v, LEVEL_LABELS.get(v, v)) for v in LEVELS)
        return StartView(
            tables=tuple(TableChoice(t, PRESET_TITLES[t], t == self.table) for t in TABLES),
            tournament=TournamentChoice(TOURNAMENT, "Tournament (you and 7 bots)", tournament, self.rounds,
                                        tuple(Choice(n, f"{n} rounds") for n in ROUNDS), self.levels[1], levels),
            groups=tuple(OptionGroup(g, tuple(options)) for g, options in groups.items()),
            rules_text=rule_changes(rules, self.table),
            changed=str(rules) != self.table,
            seats=tuple(BotSeat(s, seat_name(rules.players, s), self.levels[s], levels)
                        for s in range(1, rules.players) if not tournament),
            pace_ms=self.pace_ms,
            paces=pace_choices(),
            autoplay=self.autoplay,
            deal=self.deal,
            message=self.message,
            help=tournament_help(rules, self.rounds) if tournament else rules_help(rules),
        )


def _allowed(rules: Rules, name: str, value: Any) -> bool:
    """Whether this one change to the rules still makes a table that can be played."""
    try:
        dataclasses.replace(rules, **{name: value})
    except FiveHundredError:
        return False
    return True
