"""Bots for 500: each decides from its seat's Observation alone.

``make_bot(level, rng)`` builds one by level ("easy", "normal", "expert");
``hint(obs)`` says what the best bot would do; ``python -m bots.arena`` plays
duplicate matches between levels.
"""

from bots.protocol import Bot, Decision
from bots.registry import LEVELS, make_bot

__all__ = ["Bot", "Decision", "LEVELS", "make_bot"]
