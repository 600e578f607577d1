"""Every variant's games as text: a position's text and our game record replay the
variant's hands, and PTN, which cannot say the variants' rules, refuses to write them."""

from __future__ import annotations

import json
import re

import pytest

from engine.bids import Bid
from engine.deal import DealCode
from engine.hand import Hand, Phase
from engine.match import Match
from engine.ptn import PtnError, dumps
from engine.record import replay, to_record
from engine.rng import SplitMix64
from engine.rules import Rules

VARIANTS = [  # a variant's table, the bid seat 1 opens its first hand with, a call made if offered
    ("standard,blind-misere=on", "BLIND-MIS", None),
    ("standard,double-nullo=on", "DOUBLE-NULLO", None),
    ("standard,hi-lo=on", "HI-LO", None),
    ("standard,breach=on", "7S", "breach"),
    ("standard,set-rule=on", "8S", None),
    ("french-canadian", "6S", None),
]


def _played(rules: Rules, bid: str, call: str | None, seed: int = 4) -> Match:
    """A match whose first hand seat 1 won with ``bid`` (everyone else passing), played out
    at random (``call`` made whenever offered), and three calls of the next hand unless
    the game is over (a blind misere's 1000 ends it either way)."""
    match = Match(rules, DealCode(seed, dealer=0))
    match.apply(f"bid {bid}")
    rng = SplitMix64(seed)
    while not match.hand.is_over:
        legal = [str(a) for a in match.hand.legal_actions()]
        match.apply("pass" if match.hand.phase == Phase.AUCTION
                    else call if call in legal else rng.choice(legal))
    if not match.is_over:
        hand = match.next_hand()
        for _ in range(3):
            match.apply(rng.choice(hand.legal_actions()))
    return match


@pytest.mark.parametrize(("table", "bid", "call"), VARIANTS)
def test_positions_and_game_records_replay_and_ptn_refuses_the_rule(
        table: str, bid: str, call: str | None) -> None:
    rules = Rules.parse(table)
    match = _played(rules, bid, call)
    first = match.hands[0]
    assert match.sheet[0].result.contract == Bid.parse(bid)
    assert call is None or f",{call}," in first.position()
    for hand in match.hands:
        text = hand.position()
        again = Hand.from_position(text)
        assert again.position() == text and again.result == hand.result
    replayed = replay(json.loads(json.dumps(to_record(match))))
    assert replayed.sheet == match.sheet and replayed.hand.position() == match.hand.position()
    with pytest.raises(PtnError, match=f"PTN cannot say these rules: {re.escape(str(rules))}"):
        dumps(match)
