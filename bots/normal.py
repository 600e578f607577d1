"""The normal bot: a strong hand-written player (see :mod:`bots.bidding` and
:mod:`bots.play`)."""

from __future__ import annotations

from engine.hand import Phase
from engine.observation import Observation

from bots import bidding, breach, play
from bots.protocol import Bot, Decision


class NormalBot(Bot):
    """Counts tricks to bid, plays as partners do, tracks every card."""

    level = "normal"

    def decide(self, obs: Observation) -> Decision:
        phase = obs.phase
        if phase == Phase.PLAY:
            return play.play(obs)
        if phase == Phase.AUCTION:
            return bidding.choose_bid(obs)
        if phase == Phase.DISCARD:
            return bidding.discard(obs)
        if phase == Phase.CALL:
            return bidding.call(obs)
        if phase == Phase.BREACH:
            return breach.decide(obs)
        return bidding.joker(obs)
