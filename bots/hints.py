"""Hints: what the best bot would do for the player's seat, and why in plain words."""

from __future__ import annotations

from engine.observation import Observation
from engine.rng import MASK64, SplitMix64

from bots.protocol import Decision
from bots.registry import make_bot


def hint(obs: Observation) -> Decision:
    """The best bot's decision for the seat of ``obs``, which must be to act.

    The bot's generator is seeded from the public history, so the same
    position gets the same hint (the expert's card play also depends on how
    much it can search within its time budget).
    """
    if not obs.legal_actions:
        raise ValueError(f"seat {obs.seat} is not to act")
    return make_bot("expert", SplitMix64(_seed(obs))).decide(obs)


def _seed(obs: Observation) -> int:
    seed = obs.seat + 1
    for seat, action in obs.history:
        seed = (seed * 1_000_003 + seat * 401 + (-1 if action is None else action)) & MASK64
    return seed
