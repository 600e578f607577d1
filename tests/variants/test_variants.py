"""The variants of RULES.md's "later" list, each a table rule: the set rule."""

from __future__ import annotations

import json

import pytest

from bots.sampled_play import Budget
from bots.registry import LEVELS, make_bot
from engine.bids import Bid
from engine.deal import DealCode
from engine.errors import IllegalActionError, PositionError
from engine.hand import Hand, Phase
from engine.match import Match
from engine.observation import observe
from engine.record import replay, to_record
from engine.rng import SplitMix64
from engine.rules import Rules
from engine.scoring import score_hand

SET_RULE = Rules.parse("standard,set-rule=on")


def _set_match(seed: int = 1) -> Match:
    """A match whose first hand the declarer (seat 1, 8S on any cards) was set in."""
    while True:
        match = Match(SET_RULE, DealCode(seed, dealer=0))
        hand = match.hand
        hand.apply("bid 8S")
        rng = SplitMix64(seed)
        while not hand.is_over:
            legal = hand.legal_actions()
            match.apply(legal[-1] if hand.phase == Phase.AUCTION else rng.choice(legal))
        assert match.sheet[-1].result.declarer == 1
        if match.sheet[-1].result.declarer_set:
            return match
        seed += 1


class TestSetRule:
    @pytest.mark.parametrize(("bid", "took", "is_set"), [
        ("7H", 5, True), ("7H", 6, False), ("8S", 6, True), ("8S", 7, False),
        ("10NT", 8, True), ("10NT", 9, False), ("6C", 4, True), ("6C", 5, False),
        ("MIS", 3, True), ("MIS", 2, False), ("OPEN-MIS", 3, True), ("7H", 7, False)])
    def test_a_set_is_one_trick_past_beating_the_contract_three_in_misere(
            self, bid: str, took: int, is_set: bool) -> None:
        b = Bid.parse(bid)
        tricks = (took, 0, 0, 10 - took) if not b.is_misere else (took, 0, 0, 0)
        result = score_hand(SET_RULE, b, 0, (0, 2), tricks)
        assert result.declarer_set is is_set
        assert score_hand(Rules(), b, 0, (0, 2), tricks).declarer_set is False
        assert result.points == score_hand(Rules(), b, 0, (0, 2), tricks).points
        assert ("set: the declarer may not bid next hand" in result.describe(SET_RULE)) is is_set

    def test_the_set_declarer_may_only_pass_in_the_next_hand(self) -> None:
        match = _set_match()
        hand = match.next_hand()
        assert hand.barred == 1 and hand.turn == 2
        for action in ("bid 6S", "pass", "pass"):
            assert "bid 7S" in [str(a) for a in hand.legal_actions()]
            hand.apply(action)
        assert hand.to_act == 1 and [str(a) for a in hand.legal_actions()] == ["pass"]
        with pytest.raises(IllegalActionError, match="you were set last hand"):
            hand.apply("bid 7S")
        hand.apply("pass")
        assert hand.phase == Phase.DISCARD and hand.declarer == 2

    def test_the_bar_lasts_one_hand(self) -> None:
        match = _set_match()
        hand = match.next_hand()
        while not hand.is_over:
            match.apply(hand.legal_actions()[-1])  # everyone passes: thrown in
        assert match.next_hand().barred == -1

    def test_without_the_rule_nobody_is_barred(self) -> None:
        match = Match(Rules(), DealCode(3))
        match.hand.apply("bid 8S")
        rng = SplitMix64(3)
        while not match.hand.is_over:
            legal = match.hand.legal_actions()
            match.apply(legal[-1] if match.hand.phase == Phase.AUCTION else rng.choice(legal))
        assert match.next_hand().barred == -1

    def test_a_barred_seat_round_trips_in_the_position_text(self) -> None:
        hand = _set_match().next_hand()
        hand.apply("bid 6S")
        text = hand.position()
        assert "barred" not in Hand.from_position(text.replace(" barred 1", "")).position()
        assert text.split("|")[1] == "1 barred 1"
        again = Hand.from_position(text)
        assert again.position() == text and again.barred == 1
        with pytest.raises(PositionError, match="set rule"):
            Hand.from_position("standard" + text[text.index("|"):])

    @pytest.mark.parametrize("level", LEVELS)
    def test_every_bot_level_passes_when_barred(self, level: str) -> None:
        hand = _set_match().next_hand()
        bots = [make_bot(level, SplitMix64(s), Budget(samples=2, nodes=4096)) for s in range(4)]
        while hand.phase == Phase.AUCTION:
            seat = hand.to_act
            action = bots[seat].act(observe(hand, seat))
            if seat == 1:
                assert str(action) == "pass"
            hand.apply(action, seat)

    def test_a_game_record_replays_the_bar(self) -> None:
        match = _set_match()
        match.next_hand().apply("bid 6S")
        again = replay(json.loads(json.dumps(to_record(match))))
        assert again.hand.barred == 1 and again.hand.position() == match.hand.position()
