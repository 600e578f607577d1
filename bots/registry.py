"""Bots by level name: ``make_bot("normal", rng)``."""

from __future__ import annotations

import importlib
from typing import Final

from engine.rng import SplitMix64

from bots.easy import EasyBot
from bots.normal import NormalBot
from bots.protocol import Bot
from bots.yardstick.bot import YardstickBot

LEVELS: Final = ("easy", "normal", "expert")
"""The levels a player can choose."""
YARDSTICK: Final = "yardstick"
"""The frozen bot every strength figure is measured against (not for players)."""


def make_bot(level: str, rng: SplitMix64) -> Bot:
    """A bot of a level; "expert" falls back to the normal bot if it is not installed."""
    if level == "easy":
        return EasyBot(rng)
    if level == "normal":
        return NormalBot(rng)
    if level == YARDSTICK:
        return YardstickBot(rng)
    if level == "expert":
        try:
            expert: type[Bot] = importlib.import_module("bots.expert").ExpertBot
        except ImportError:
            return NormalBot(rng)
        return expert(rng)
    raise ValueError(f"unknown bot level {level!r}; known: {', '.join((*LEVELS, YARDSTICK))}")
