"""Hints: what the best bot would do for the player's seat, and why in plain words."""

from __future__ import annotations

from engine.hand import Hand, Phase
from engine.observation import Observation, observe
from engine.rng import MASK64, SplitMix64

from bots.protocol import Bot, Decision
from bots.registry import make_bot


def hint(obs: Observation) -> Decision:
    """The best bot's decision for the seat of ``obs``, which must be to act.

    The bot's generator is seeded from the public history, so the same
    position gets the same hint (the expert's card play also depends on how
    much it can search within its time budget).
    """
    return _bot(obs).decide(obs)


def hints(hand: Hand, seat: int) -> list[Decision]:
    """The hint for ``seat``, to act in ``hand``: while it puts back the kitty, every card it
    has still to choose (one bot asked card by card: the expert plans the whole put-back at
    its first), else the one decision.  ``hand`` is left as it was."""
    obs = observe(hand, seat)
    bot = _bot(obs)
    out = [bot.decide(obs)]
    pushed = 0
    while hand.phase == Phase.DISCARD:
        hand.push(out[-1].action)
        pushed += 1
        if hand.phase != Phase.DISCARD or hand.to_act != seat:
            break
        out.append(bot.decide(observe(hand, seat)))
    for _ in range(pushed):
        hand.pop()
    return out


def _bot(obs: Observation) -> Bot:
    if not obs.legal_actions:
        raise ValueError(f"seat {obs.seat} is not to act")
    return make_bot("expert", SplitMix64(_seed(obs)))


def _seed(obs: Observation) -> int:
    seed = obs.seat + 1
    for seat, action in obs.history:
        seed = (seed * 1_000_003 + seat * 401 + (-1 if action is None else action)) & MASK64
    return seed
