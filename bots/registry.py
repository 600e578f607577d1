"""Bots by level name: ``make_bot("normal", rng)``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from engine.rng import SplitMix64

if TYPE_CHECKING:
    from bots.sampled_play import Budget
    from bots.protocol import Bot

LEVELS: Final = ("easy", "normal", "expert")
"""The levels a player can choose."""
YARDSTICK: Final = "yardstick"
"""The frozen bot every strength figure is measured against (not for players)."""


def make_bot(level: str, rng: SplitMix64, budget: Budget | None = None) -> Bot:
    """A bot of a level; ``budget`` bounds the expert's work (its default if None), and
    its wall-clock cap bounds the normal bot's ending too.
    An expert that cannot be imported raises ImportError: no bot stands in for it."""
    # Each level's modules are imported when first needed: naming LEVELS loads no bot.
    if level == "easy":
        from bots.easy import EasyBot
        return EasyBot(rng)
    if level == "normal":
        from bots.normal import NormalBot
        return NormalBot(rng) if budget is None else NormalBot(rng, cap=budget.cap)
    if level == YARDSTICK:
        from bots.yardstick.bot import YardstickBot
        return YardstickBot(rng)
    if level == "expert":
        from bots.expert import ExpertBot  # imported when first needed: it is the largest
        return ExpertBot(rng, budget)
    raise ValueError(f"unknown bot level {level!r}; known: {', '.join((*LEVELS, YARDSTICK))}")
