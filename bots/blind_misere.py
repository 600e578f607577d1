"""Blind misere, decided without the cards: only a desperate game calls it.

A blind misere is called before its bidder looks, so the call may read the
observation's public part only, never ``obs.hand``: the scores and the rules.
Its 1000 is made well under half the time on unseen cards, so its expected
score is negative; it is worth its risk only when the game is lost anyway: an
opponent is one modest bid from the target while this side is a whole target
behind, and the 1000 would take this side out.
"""

from __future__ import annotations

from typing import Final

from engine.actions import make_bid
from engine.bids import BLIND_MISERE
from engine.observation import Observation

from bots.protocol import Decision

CLOSE: Final = 0.3
"""An opponent within this share of the target of winning is one modest bid from it."""


def desperate(obs: Observation) -> bool:
    """Whether the scores make a blind 1000 the side's best chance (read from the scores
    and rules only: the same whatever the cards)."""
    rules = obs.rules
    target = rules.target
    if not target or len(obs.totals) != rules.sides:
        return False
    ours = obs.totals[rules.side_of(obs.seat)]
    theirs = max(t for side, t in enumerate(obs.totals) if side != rules.side_of(obs.seat))
    return (theirs >= target * (1 - CLOSE) and theirs - ours >= target
            and ours + rules.bid_value(BLIND_MISERE) >= target)


def blind_call(obs: Observation) -> Decision | None:
    """The blind misere, if it is legal now and the game is desperate; else None (look)."""
    action = make_bid(BLIND_MISERE)
    if action in obs.legal_actions and desperate(obs):
        return Decision(action, "bid blind misere: the opponents are about to win and only a "
                                "1000 can catch them")
    return None
