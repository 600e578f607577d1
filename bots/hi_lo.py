"""Hi-lo for the normal bot: when to bid it (its play is in :mod:`bots.play`).

The bid: the chance of exactly five, measured on self-play of the normal bot
by the hand's count in no trumps (:func:`bots.evaluation.expected_tricks`)
with the joker, scores it as any bid is scored (value times ``2p - 1``).
Measured (4000 deals, the bidder's partner folded, normal bots all round,
the bidder playing to win until five and then as in a misere), no count
makes it a third of the time, so at the standard table the normal bot's
expected score for hi-lo is always below a pass and it does not bid it.
"""

from __future__ import annotations

from typing import Final

from engine.bids import HI_LO, NO_TRUMPS
from engine.rules import Rules

from bots.evaluation import JOKERS, expected_tricks

CHANCE: Final[dict[int, float]] = {6: 0.24, 7: 0.3, 8: 0.16}
"""Chance to take exactly five by the hand's rounded count in no trumps (with
partner and kitty, as the count is fitted), holding the joker, measured on
self-play of the normal bot at the standard table; other counts, or no joker,
are not bid."""


def chance(rules: Rules, hand: int) -> float:
    """The measured chance of exactly five tricks on this hand (0 if not a hi-lo hand)."""
    if not hand & JOKERS:
        return 0.0
    return CHANCE.get(round(expected_tricks(rules, hand, NO_TRUMPS)), 0.0)


def score(rules: Rules, hand: int) -> float:
    """Expected points of bidding hi-lo on this hand: its value times ``2p - 1``.

    >>> from engine.cards import mask_of
    >>> from engine.rules import Rules
    >>> score(Rules(hi_lo=True), mask_of(["AS", "KS"])) == -350
    True
    """
    return rules.bid_value(HI_LO) * (2 * chance(rules, hand) - 1)
