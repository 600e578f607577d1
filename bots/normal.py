"""The normal bot: a strong hand-written player (see :mod:`bots.bidding` and
:mod:`bots.play`) that counts out the last tricks (:mod:`bots.sampled_play`)."""

from __future__ import annotations

from dataclasses import replace
from typing import Final

from engine.hand import Phase
from engine.observation import Observation
from engine.rng import SplitMix64

from bots import bidding, breach, play
from bots.protocol import Bot, Decision
from bots.sampled_play import Budget, solved_play

ENDGAME_LEFT: Final = 4
"""Tricks left from which the normal bot plays by solving sampled deals, as a good
player counts out the ending (from six tricks left it gains no more: docs/BOTS.md)."""
ENDGAME: Final = Budget(samples=16, nodes=40_000)
"""The work of one such decision: the last four tricks' deals are small to solve
(16 deals gain 1.3 points a deal over 8: docs/BOTS.md)."""


class NormalBot(Bot):
    """Counts tricks to bid, plays as partners do, tracks every card, and solves
    sampled deals for the last few tricks."""

    level = "normal"

    def __init__(self, rng: SplitMix64, endgame_left: int = ENDGAME_LEFT, cap: float = ENDGAME.cap) -> None:
        super().__init__(rng)
        self.endgame_left = endgame_left
        """Tricks left from which it solves sampled deals (0: never, the hand-written
        play throughout)."""
        self.endgame = ENDGAME if cap == ENDGAME.cap else replace(ENDGAME, cap=cap)
        """The ending's work; ``cap`` its wall-clock safety cap (none in the arena and the
        tests, where a decision must not depend on the machine's load)."""

    def decide(self, obs: Observation) -> Decision:
        phase = obs.phase
        if phase == Phase.PLAY:
            card = play.play(obs)
            if 10 - len(obs.tricks) > self.endgame_left:
                return card
            return solved_play(obs, self.rng, self.endgame, card)
        if phase == Phase.AUCTION:
            return bidding.choose_bid(obs)
        if phase == Phase.DISCARD:
            return bidding.discard(obs)
        if phase == Phase.CALL:
            return bidding.call(obs)
        if phase == Phase.BREACH:
            return breach.decide(obs)
        return bidding.joker(obs)
