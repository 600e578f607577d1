"""The yardstick bot: the normal bot exactly as it was at commit d0f5476."""

from __future__ import annotations

from engine.hand import Phase
from engine.observation import Observation

from bots.protocol import Bot, Decision
from bots.yardstick import bidding, play


class YardstickBot(Bot):
    """Counts tricks to bid, plays as partners do, tracks every card (frozen)."""

    level = "yardstick"

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
        return bidding.joker(obs)
