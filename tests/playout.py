"""Play for tests: uniform legal actions from a SplitMix64, or bots at every seat."""

from __future__ import annotations

from collections.abc import Sequence

from bots.protocol import Bot
from engine.hand import Hand
from engine.match import Match
from engine.observation import observe
from engine.rng import SplitMix64


def finish_hand(hand: Hand, rng: SplitMix64) -> None:
    """Play random legal actions until the hand is over."""
    while not hand.is_over:
        legal = hand.legal_actions()
        hand.apply(legal[rng.below(len(legal))])


def play_match(match: Match, rng: SplitMix64, max_hands: int = 200) -> None:
    """Play random hands until the game ends (or ``max_hands``)."""
    while True:
        while not match.hand.is_over:
            legal = match.hand.legal_actions()
            match.apply(legal[rng.below(len(legal))])
        if match.is_over or len(match.hands) >= max_hands:
            return
        match.next_hand()


def bots_play_match(match: Match, bots: Sequence[Bot], max_hands: int) -> None:
    """Each seat's bot plays from its own observation until the game ends (or ``max_hands``)."""
    while not match.is_over and len(match.hands) < max_hands:
        hand = match.hand
        while not hand.is_over:
            seat = hand.to_act
            match.apply(bots[seat].act(observe(hand, seat)), seat)
        if not match.is_over:
            match.next_hand()
