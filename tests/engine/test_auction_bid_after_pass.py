"""Bidding after a pass, a table rule (off by default): a seat that passed may bid again
once someone changes the denomination of the highest bid."""

from __future__ import annotations

import pytest

from engine.bids import Bid
from engine.deal import DealCode, deal_cards
from engine.errors import IllegalActionError, RulesError
from engine.hand import Hand, Phase
from engine.rng import SplitMix64
from engine.rules import OPTIONS, Rules
from tests.conftest import random_playout, run
from tests.engine.test_auction import bids, new

ON = "standard,bid_after_pass=on"


class TestTheRule:
    def test_off_by_default_and_named_by_its_option(self) -> None:
        assert not Rules().bid_after_pass
        r = Rules.parse(ON)
        assert r.bid_after_pass and str(r) == ON and Rules.parse(str(r)) == r
        option = next(f for f in OPTIONS if f.name == "bid_after_pass")
        assert option.metadata["group"] == "Auction" and option.metadata["label"] == "Bid after a pass"

    def test_not_with_the_one_round_auction(self) -> None:
        with pytest.raises(RulesError, match="bidding after a pass needs an auction that goes round"):
            Rules.parse("american,bid_after_pass=on")

    def test_off_a_passed_seat_never_comes_back(self) -> None:
        h = run(new(), "7S", "pass", "7H", "pass", "pass")
        assert h.phase == Phase.DISCARD and h.contract == Bid.parse("7H") and h.declarer == 3


class TestWhoMayBid:
    """Dealer 0: seat 1 speaks first."""

    def test_a_passed_seat_is_skipped_while_the_denomination_stays(self) -> None:
        h = run(new(ON), "7S", "pass", "8S")
        assert h.to_act == 0
        run(h, "pass")
        assert h.to_act == 1  # seat 2 passed: 8S over 7S is no change
        run(h, "pass")
        assert h.phase == Phase.DISCARD and h.contract == Bid.parse("8S") and h.declarer == 3

    @pytest.mark.parametrize("change", ["7H", "8H", "7NT"])
    def test_a_change_at_the_same_or_a_higher_level_brings_it_back(self, change: str) -> None:
        h = run(new(ON), "7S", "pass", change, "pass", "pass")
        assert h.phase == Phase.AUCTION and h.to_act == 2
        assert Bid.parse(change) not in [a.bid for a in h.legal_actions()]
        run(h, "9S")
        assert h.high == Bid.parse("9S") and h.high_bidder == 2

    def test_every_seat_that_passed_comes_back_and_speaks_in_turn(self) -> None:
        h = run(new(ON), "7S", "pass", "pass", "7H")
        assert h.high_bidder == 0 and h.to_act == 1
        run(h, "pass")
        assert h.to_act == 2
        run(h, "pass")
        assert h.to_act == 3
        run(h, "pass")
        assert h.phase == Phase.DISCARD and h.contract == Bid.parse("7H") and h.declarer == 0

    def test_the_bidding_ends_when_all_but_the_highest_passed_since_the_change(self) -> None:
        h = run(new(ON), "7S", "pass", "7H", "pass", "pass")
        run(h, "pass")  # seat 2, back after 7H, passes again: no one may change it now
        assert h.phase == Phase.DISCARD and h.contract == Bid.parse("7H") and h.declarer == 3

    def test_a_second_change_brings_them_back_again(self) -> None:
        h = run(new(ON), "7S", "pass", "7H", "pass", "pass", "8S")
        assert h.to_act == 3
        run(h, "pass")
        assert h.to_act == 0  # passed after 7H, back after 8S
        run(h, "pass", "pass")
        assert h.contract == Bid.parse("8S") and h.declarer == 2

    def test_the_first_bid_changes_nothing(self) -> None:
        h = run(new(ON), "pass", "7S", "pass", "pass")
        assert h.phase == Phase.DISCARD and h.declarer == 2  # seat 1 passed before any bid

    def test_all_pass_is_still_all_pass(self) -> None:
        h = run(new(ON), "pass", "pass", "pass", "pass")
        assert h.is_over and h.result is not None and h.result.thrown_in


class TestMisere:
    """Misere plays in no trumps: it changes a suit bid, not a no trumps bid."""

    def test_a_misere_over_a_suit_is_a_change(self) -> None:
        h = run(new(ON), "7S", "pass", "MIS", "pass", "pass")
        assert h.to_act == 2 and "8S" in bids(h)

    def test_a_misere_over_no_trumps_is_not(self) -> None:
        h = run(new(ON), "7NT", "pass", "MIS", "pass", "pass")
        assert h.phase == Phase.DISCARD and h.contract == Bid.parse("MIS")

    def test_a_suit_over_a_misere_is_and_open_misere_over_misere_is_not(self) -> None:
        h = run(new(ON), "7S", "MIS", "pass", "pass", "8H", "pass")
        assert h.to_act == 3  # back: 8H changes misere's no trumps
        h = run(new(ON), "7S", "MIS", "pass", "pass", "OPEN-MIS", "pass")
        assert h.contract == Bid.parse("OPEN-MIS") and h.declarer == 1  # seats 3 and 0 stay out

    def test_a_seat_back_after_a_pass_may_not_call_blind_misere(self) -> None:
        h = run(new(ON + ",blind_misere=on"), "7S", "pass", "7H", "pass", "pass")
        assert h.to_act == 2 and "BLIND-MIS" not in bids(h)
        assert "BLIND-MIS" in bids(new(ON + ",blind_misere=on"))


class TestWithRaiseOwnBid:
    def test_a_raise_in_the_same_denomination_ends_the_bidding(self) -> None:
        h = run(new(ON + ",raise_own_bid=on"), "7S", "7H", "pass", "pass", "pass")
        assert h.phase == Phase.AUCTION and h.to_act == 2
        assert run(h, "8H").phase == Phase.DISCARD
        assert h.contract == Bid.parse("8H") and h.declarer == 2

    def test_a_raise_in_another_denomination_brings_everyone_back(self) -> None:
        h = run(new(ON + ",raise_own_bid=on"), "7S", "7H", "pass", "pass", "pass", "8NT")
        assert h.phase == Phase.AUCTION and h.to_act == 3 and not h.raising
        run(h, "pass", "pass", "9S")  # seat 1 outbids the raise
        assert h.high_bidder == 1 and h.to_act == 2
        run(h, "pass", "pass", "pass")
        assert h.raising and h.to_act == 1  # the last bidder left may raise again
        run(h, "pass")
        assert h.contract == Bid.parse("9S") and h.declarer == 1

    def test_off_the_raise_in_another_denomination_ends_it(self) -> None:
        h = run(new("standard,raise_own_bid=on"), "7S", "7H", "pass", "pass", "pass", "8NT")
        assert h.phase == Phase.DISCARD and h.contract == Bid.parse("8NT")


class TestSetRule:
    def test_a_barred_seat_brought_back_may_still_only_pass(self) -> None:
        rules = Rules.parse(ON + ",set_rule=on")
        h = Hand(rules, deal_cards(rules, DealCode(1, 0)), 0, barred=2)
        run(h, "7S", "pass", "7H", "pass", "pass")
        assert h.to_act == 2 and bids(h) == ["pass"]
        with pytest.raises(IllegalActionError, match="you were set last hand"):
            h.apply("8S")


@pytest.mark.parametrize("table", ["cutthroat", "standard", "five-handed", "six-handed",
                                   "six-handed-pairs"])
class TestEveryHeadCount:
    def test_barred_until_a_change_then_back(self, table: str) -> None:
        h = new(f"{table},bid_after_pass=on")
        n = h.players
        run(h, "7S", "pass")  # seats 1, 2
        third = 3 % n
        run(h, "8S")
        run(h, *["pass"] * (n - 2))
        assert h.phase == Phase.DISCARD and h.declarer == third  # seat 2 never came back
        h = run(new(f"{table},bid_after_pass=on"), "7S", "pass", "7H", *["pass"] * (n - 2))
        assert h.phase == Phase.AUCTION and h.to_act == 2
        assert run(h, "pass").phase == Phase.DISCARD and h.declarer == third

    def test_random_auctions_end_and_replay(self, table: str) -> None:
        """A seat speaks again after passing only once a bid has changed the denomination
        since its pass; the auction always ends; the position text replays it."""
        rules = Rules.parse(f"{table},bid_after_pass=on")
        came_back = 0
        for seed in range(60):
            rng = SplitMix64(seed)
            hand = Hand.new(rules, seed, seed % rules.players)
            for h in random_playout(hand, rng):
                if h.phase != Phase.AUCTION:
                    break
                passed_at = [i for i, (s, a) in enumerate(h.history) if s == h.to_act and a.bid is None]
                if passed_at:
                    later = [a.bid for _, a in h.history[passed_at[-1]:] if a.bid is not None]
                    before = [a.bid for _, a in h.history[:passed_at[-1]] if a.bid is not None]
                    denominations = {b.denomination for b in later} | {b.denomination for b in before[-1:]}
                    assert len(denominations) > 1
                    came_back += 1
            assert hand.phase != Phase.AUCTION
            assert Hand.from_position(hand.position()).position() == hand.position()
        assert came_back > 0


def test_two_players_it_changes_nothing() -> None:
    h = run(new("two-handed,bid_after_pass=on"), "pass", "7S")
    assert h.phase == Phase.DISCARD and h.declarer == 0

