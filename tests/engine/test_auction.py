"""The auction: order, outranking, passing out, misere bidding, one round, inkles, raises."""

from __future__ import annotations

import pytest

from engine.actions import Action
from engine.bids import Bid
from engine.errors import IllegalActionError, InvalidActionError, NotYourTurnError
from engine.hand import Hand, Phase
from engine.rules import PRESETS, Rules
from tests.conftest import rules_of, run


def new(rules: Rules | str = "standard", dealer: int = 0, seed: int = 1) -> Hand:
    return Hand.new(rules_of(rules), seed, dealer)


def bids(hand: Hand) -> list[str]:
    """The legal actions of the auction as plain bid text ('7H', 'pass')."""
    return [str(a.bid) if a.bid is not None else str(a) for a in hand.legal_actions()]


class TestAuctionOrder:
    @pytest.mark.parametrize("name", ["standard", "cutthroat", "two-handed", "five-handed",
                                      "six-handed"])
    def test_starts_left_of_the_dealer(self, name: str) -> None:
        r = PRESETS[name]
        for dealer in range(r.players):
            h = new(r, dealer)
            assert h.phase == Phase.AUCTION and h.to_act == (dealer + 1) % r.players

    def test_opening_bids_and_pass(self) -> None:
        legal = bids(new())
        assert legal[:5] == ["6S", "6C", "6D", "6H", "6NT"] and legal[-1] == "pass"
        assert "MIS" not in legal and "OPEN-MIS" in legal

    def test_each_bid_must_outrank_the_last(self) -> None:
        h = run(new(), "7H")
        assert bids(h)[0] == "7NT" and "7D" not in bids(h)
        with pytest.raises(IllegalActionError, match="seven diamonds does not beat seven hearts"):
            h.apply("7D")
        with pytest.raises(IllegalActionError):
            h.apply("bid 7H")

    def test_a_player_who_passes_is_out(self) -> None:
        h = run(new(), "7S", "pass", "pass", "7H")
        assert h.to_act == 1
        run(h, "8S")
        assert h.to_act == 0  # seats 2 and 3 passed

    def test_ends_when_all_but_one_have_passed(self) -> None:
        h = run(new(), "pass", "7D", "pass", "pass")
        assert h.phase == Phase.DISCARD and h.declarer == 2 and h.to_act == 2
        assert h.contract == Bid.parse("7D") and len(h.hand_of(2)) == 13

    def test_last_player_left_may_still_bid(self) -> None:
        h = run(new(), "pass", "pass", "pass")
        assert h.phase == Phase.AUCTION and h.to_act == 0 and "6S" in bids(h)
        assert run(h, "6S").phase == Phase.DISCARD and h.declarer == 0

    def test_all_pass_redeal(self) -> None:
        h = run(new(), "pass", "pass", "pass", "pass")
        assert h.is_over and h.result is not None and h.result.thrown_in
        assert h.result.points == (0, 0) and h.contract is None and h.to_act == -1
        assert h.legal_actions() == []
        with pytest.raises(IllegalActionError, match="the hand is over"):
            h.apply("pass")

    def test_all_pass_plays_in_no_trumps(self) -> None:
        h = run(new("standard,all_pass=no-trumps", dealer=2), "pass", "pass", "pass", "pass")
        assert h.phase == Phase.PLAY and h.contract is None and h.declarer == -1
        assert h.to_act == 3 and h.order.trump == 4

    def test_history_records_seats(self) -> None:
        h = run(new(dealer=3), "7S", "pass")
        assert h.history == [(0, Action.parse("bid 7S")), (1, Action.parse("pass"))]


class TestAuctionErrors:
    def test_not_your_turn(self) -> None:
        h = new()
        with pytest.raises(NotYourTurnError, match="it is seat 1's turn, not seat 2's"):
            h.apply("7H", seat=2)
        h.apply("7H", seat=1)
        assert h.to_act == 2

    def test_not_your_turn_is_an_illegal_action(self) -> None:
        assert issubclass(NotYourTurnError, IllegalActionError)

    def test_unparsable_text(self) -> None:
        with pytest.raises(InvalidActionError):
            new().apply("7X")
        with pytest.raises(InvalidActionError):
            new().apply("bid")

    def test_cards_and_discards_are_not_bids(self) -> None:
        h = new()
        for text in ("JK:H", "discard JH", "call JH", "alone", "joker H"):
            with pytest.raises(IllegalActionError):
                h.apply(text)
        assert "auction phase" in h.why_illegal(Action.parse("JK:H"))
        assert h.history == []

    def test_ints_are_accepted(self) -> None:
        h = new()
        h.apply(Action.parse("bid 7H"))
        h.apply(330)
        assert [str(a) for _, a in h.history] == ["bid 7H", "pass"]


class TestMisereBidding:
    def test_only_after_a_seven(self) -> None:
        h = new()
        assert "MIS" not in bids(h)
        with pytest.raises(IllegalActionError, match="only once someone has bid seven"):
            h.apply("MIS")
        run(h, "6NT")
        assert "MIS" not in bids(h)
        run(h, "7S")
        assert "MIS" in bids(h)
        run(h, "MIS")
        assert h.high == Bid.parse("MIS")

    def test_any_time(self) -> None:
        h = new("standard,misere_anytime=on")
        assert "MIS" in bids(h)
        run(h, "MIS", "pass", "pass", "pass")
        assert h.contract == Bid.parse("MIS") and h.declarer == 1

    def test_ranks_above_sevens_below_eights(self) -> None:
        h = run(new("standard,misere_anytime=on"), "7NT")
        assert "MIS" in bids(h)
        run(h, "MIS")
        assert bids(h)[0] == "8S"
        assert "MIS" not in bids(run(new("standard,misere_anytime=on"), "8S"))

    def test_ranks_between_eight_spades_and_eight_clubs(self) -> None:
        h = run(new("standard,misere_rank=8S-8C"), "7S", "8S")
        assert bids(h)[:2] == ["MIS", "8C"]
        run(h, "MIS")
        assert bids(h)[0] == "8C"

    def test_open_misere_any_time_between_ten_diamonds_and_ten_hearts(self) -> None:
        h = new()
        assert "OPEN-MIS" in bids(h)
        run(h, "10D")
        assert bids(h) == ["OPEN-MIS", "10H", "10NT", "pass"]
        run(h, "OPEN-MIS")
        assert bids(h) == ["10H", "10NT", "pass"]

    def test_misere_off(self) -> None:
        h = run(new("standard,misere=off"), "7S")
        assert "MIS" not in bids(h) and "OPEN-MIS" in bids(h)
        with pytest.raises(IllegalActionError, match="not played at this table"):
            h.apply("MIS")

    def test_open_misere_off(self) -> None:
        h = new("standard,open_misere=off")
        assert "OPEN-MIS" not in bids(h)
        with pytest.raises(IllegalActionError, match="not played at this table"):
            h.apply("OPEN-MIS")


class TestOneRoundAuction:
    def test_each_player_speaks_once(self) -> None:
        h = new("standard,one_round_auction=on")
        run(h, "7S", "pass", "7H")
        assert h.phase == Phase.AUCTION and h.to_act == 0
        assert run(h, "pass").phase == Phase.DISCARD
        assert h.declarer == 3 and h.contract == Bid.parse("7H")

    def test_a_passed_player_still_speaks_in_turn(self) -> None:
        h = run(new("standard,one_round_auction=on"), "pass", "pass", "pass")
        assert h.to_act == 0
        run(h, "6S")
        assert h.declarer == 0

    def test_all_pass_redeals(self) -> None:
        h = run(new("standard,one_round_auction=on"), "pass", "pass", "pass", "pass")
        assert h.result is not None and h.result.thrown_in

    def test_american(self) -> None:
        h = run(new("american"), "6S", "pass", "7C", "pass")
        assert h.declarer == 3 and h.phase == Phase.DISCARD and len(h.hand_of(3)) == 15


class TestInkle:
    def test_only_the_first_two_to_speak_may_bid_six(self) -> None:
        h = new("standard,inkle=on")
        assert "6S" in bids(h)
        run(h, "6S")
        assert "6C" in bids(h)
        run(h, "pass")
        assert bids(h)[0] == "7S"
        with pytest.raises(IllegalActionError, match="only the first two to speak may bid six"):
            h.apply("6NT")

    def test_redeal_when_nobody_bids_above_six(self) -> None:
        h = run(new("standard,inkle=on"), "6S", "6H", "pass", "pass")
        assert h.to_act == 1 and bids(h)[0] == "7S"
        run(h, "pass")
        assert h.is_over and h.result is not None and h.result.thrown_in

    def test_a_seven_over_an_inkle_plays(self) -> None:
        h = run(new("standard,inkle=on"), "6S", "pass", "7D", "pass", "pass")
        assert h.phase == Phase.DISCARD and h.contract == Bid.parse("7D")

    def test_american_one_round_inkle(self) -> None:
        h = run(new("american"), "pass", "6NT", "pass", "pass")
        assert h.result is not None and h.result.thrown_in


class TestRaiseOwnBid:
    def test_the_last_bidder_may_raise_when_more_than_one_bid(self) -> None:
        h = run(new("standard,raise_own_bid=on"), "7S", "7H", "pass", "pass", "pass")
        assert h.phase == Phase.AUCTION and h.to_act == 2
        assert bids(h)[0] == "7NT" and bids(h)[-1] == "pass"
        assert run(h, "8H").phase == Phase.DISCARD
        assert h.contract == Bid.parse("8H") and h.declarer == 2

    def test_declining_to_raise_keeps_the_bid(self) -> None:
        h = run(new("standard,raise_own_bid=on"), "7S", "7H", "pass", "pass", "pass", "pass")
        assert h.phase == Phase.DISCARD and h.contract == Bid.parse("7H") and h.declarer == 2

    def test_no_raise_when_only_one_player_bid(self) -> None:
        h = run(new("standard,raise_own_bid=on"), "7S", "pass", "pass", "pass")
        assert h.phase == Phase.DISCARD and h.contract == Bid.parse("7S")

    def test_off_by_default(self) -> None:
        h = run(new(), "7S", "7H", "pass", "pass", "pass")
        assert h.phase == Phase.DISCARD and h.contract == Bid.parse("7H")

    def test_with_one_round(self) -> None:
        h = run(new("standard,raise_own_bid=on,one_round_auction=on"), "7S", "7H", "pass", "pass")
        assert h.phase == Phase.AUCTION and h.to_act == 2
        run(h, "9H")
        assert h.contract == Bid.parse("9H")


class TestLegalBidList:
    def test_bids_rise_then_pass(self, preset: Rules) -> None:
        h = Hand.new(preset, 3)
        legal = h.legal_actions()
        assert legal[-1] == Action.parse("pass")
        orders = [preset.bid_order(a.bid) for a in legal[:-1] if a.bid is not None]
        assert orders == sorted(orders) and len(orders) == len(legal) - 1
