"""A game's settings as plain data, ready to be saved:

    {"rules": "standard", "levels": ["human", "normal", "normal", "normal"],
     "pace_ms": 700, "autoplay": False}

``levels`` has one entry per seat: "human" for the player's seat (0, South),
a bot level for the others.
"""

from __future__ import annotations

from typing import Any, Final

from bots.registry import LEVELS
from engine.errors import FiveHundredError
from engine.rules import Rules

from app.html.tags import Choice

HUMAN: Final = "human"
TABLES: Final = ("standard", "cutthroat", "two-handed", "five-handed", "six-handed", "six-handed-pairs", "american",
                   "french-canadian")
"""The presets offered on the start screen for a game (the tournament has its own start)."""
TOURNAMENT: Final = "tournament"
"""The start screen's choice of a tournament (app.tournament.session), with the preset of that name."""
DEFAULT_LEVEL: Final = "normal"
PACES_MS: Final = (0, 300, 700, 1200, 2000)
DEFAULT_PACE_MS: Final = 700
AUTOPLAY_LEVEL: Final = "normal"
"""The bot that plays the player's seat when auto-play is on."""
FALLBACK_LEVELS: Final = {"expert": "normal", "normal": "easy"}
"""The simpler bot that plays when a bot fails to answer (a bug of ours), each in turn
down to the easy bot, which searches nothing (the normal bot solves its last tricks)."""

Settings = dict[str, Any]

PREFERENCES: Final = {"four_colour": "Four-colour deck", "sound": "Sounds", "one_tap": "Play a card with one tap",
                      "guide": "First-game guide", "trick_stays": "Keep a finished trick on the table until I tap it"}
"""The page's own settings, for every game (app.store.prefs keeps them between visits), with their labels."""
DEFAULT_PREFERENCES: Final = {"four_colour": False, "sound": True, "one_tap": False, "guide": False,
                              "trick_stays": False}
"""Sound on: short, quiet cues a player expects from a card game, turned off in one tap.  A card
is played by a tap then Play (or a second tap) unless one tap is chosen.  A finished trick
shows for the bots' pause unless it is kept until the player taps."""


def check_preferences(data: Any) -> dict[str, bool]:
    """Stored preferences as clean data: each one known and true or false, else its default."""
    given = data if isinstance(data, dict) else {}
    return {name: given[name] if isinstance(given.get(name), bool) else default
            for name, default in DEFAULT_PREFERENCES.items()}


def pace_choices() -> tuple[Choice, ...]:
    """The bot pauses offered, for a drop-down."""
    return tuple(Choice(p, "No pause" if p == 0 else f"{p / 1000:g} s") for p in PACES_MS)


class SettingsError(ValueError):
    """Settings that cannot start a game, with a message for the player."""


def default_settings(table: str = "standard") -> Settings:
    rules = Rules.parse(table)
    return {"rules": str(rules), "levels": [HUMAN] + [DEFAULT_LEVEL] * (rules.players - 1),
            "pace_ms": DEFAULT_PACE_MS, "autoplay": False}


def check_settings(data: Any) -> tuple[Settings, Rules]:
    """Settings as clean plain data, and their rules; or a SettingsError saying what is wrong."""
    if not isinstance(data, dict):
        raise SettingsError("settings must be an object")
    try:
        rules = Rules.parse(str(data.get("rules", "")))
    except FiveHundredError as e:
        raise SettingsError(f"Table rules: {e}") from None
    levels = data.get("levels")
    if (not isinstance(levels, list) or len(levels) != rules.players or levels[0] != HUMAN
            or any(level not in LEVELS for level in levels[1:])):
        raise SettingsError(f"levels must be 'human' then a bot level ({', '.join(LEVELS)}) "
                            f"for each of the other {rules.players - 1} seats")
    pace = data.get("pace_ms")
    if not isinstance(pace, int) or isinstance(pace, bool) or not 0 <= pace <= 10_000:
        raise SettingsError("pace_ms must be a whole number of milliseconds, 0 to 10000")
    autoplay = data.get("autoplay")
    if not isinstance(autoplay, bool):
        raise SettingsError("autoplay must be true or false")
    return {"rules": str(rules), "levels": list(levels), "pace_ms": pace, "autoplay": autoplay}, rules
