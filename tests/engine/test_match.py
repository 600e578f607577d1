"""The game across hands: dealer rotation, running totals, and how it ends."""

from __future__ import annotations

import dataclasses

import pytest

from engine import PRESETS, DealCode, IllegalActionError, Rules
from engine.bids import Bid
from engine.match import Match, Outcome, game_outcome
from engine.rng import SplitMix64, derive_seed
from engine.scoring import HandResult
from tests.playout import finish_hand, play_match

STANDARD = PRESETS["standard"]


def result(rules: Rules, contract: str | None, declarer: int, points: tuple[int, ...],
           made: bool = True) -> HandResult:
    bid = Bid.parse(contract) if contract else None
    bidders = tuple(p for p in range(rules.players) if rules.side_of(p) == rules.side_of(declarer))
    return HandResult(bid, declarer, bidders, (0,) * rules.players, points, made)


class TestDealing:
    def test_dealer_passes_left_and_seeds_derive_from_the_first(self) -> None:
        match = Match(STANDARD, DealCode(1234, dealer=2))
        rng = SplitMix64(9)
        for number in range(5):
            hand = match.hand
            assert hand.dealer == (2 + number) % 4
            assert match.deal_code(number).seed == (1234 if number == 0 else derive_seed(1234, number))
            finish_hand(hand, rng)
            if match.is_over:
                break
            match.next_hand()

    def test_thrown_in_hand_passes_the_deal(self) -> None:
        match = Match(STANDARD, DealCode(5, 0))
        for _ in range(4):
            match.apply("pass")
        assert match.hand.result is not None and match.hand.result.thrown_in
        assert match.totals == (0, 0)
        assert match.next_hand().dealer == 1

    def test_next_hand_needs_the_current_hand_over(self) -> None:
        match = Match(STANDARD, DealCode(5, 0))
        with pytest.raises(IllegalActionError):
            match.next_hand()


class TestTotals:
    def test_sheet_rows_add_up(self) -> None:
        match = Match(STANDARD, DealCode(77, 0))
        play_match(match, SplitMix64(3))
        running = [0, 0]
        for row in match.sheet:
            running = [t + p for t, p in zip(running, row.result.points)]
            assert list(row.totals) == running
        assert match.totals == tuple(running)

    @pytest.mark.parametrize("name", sorted(PRESETS))
    def test_every_preset_plays_a_game(self, name: str) -> None:
        match = Match(PRESETS[name], DealCode(11, 0))
        play_match(match, SplitMix64(5), max_hands=30)
        assert len(match.totals) == PRESETS[name].sides
        assert len(match.sheet) == len(match.hands)


class TestGameEnd:
    def test_bidders_reaching_target_on_own_bid_win(self) -> None:
        out = game_outcome(STANDARD, (520, 100), result(STANDARD, "7H", 0, (200, 30)))
        assert out == Outcome(0, "bid")

    def test_defenders_tricks_alone_never_win_by_default(self) -> None:
        last = result(STANDARD, "8H", 1, (30, 300))
        assert game_outcome(STANDARD, (510, 320), last) is None

    def test_defenders_can_win_in_american(self) -> None:
        rules = PRESETS["american"]
        last = result(rules, "7S", 1, (40, -140), made=False)
        assert game_outcome(rules, (505, -140), last) == Outcome(0, "tricks")

    def test_both_over_target_bidders_win(self) -> None:
        rules = PRESETS["american"]
        last = result(rules, "7H", 1, (30, 200))
        assert game_outcome(rules, (520, 560), last) == Outcome(1, "bid")
        last0 = result(rules, "7H", 0, (200, 30))
        assert game_outcome(rules, (510, 600), last0) == Outcome(0, "bid")

    def test_out_backwards(self) -> None:
        last = result(STANDARD, "10NT", 0, (-520, 20), made=False)
        assert game_outcome(STANDARD, (-500, 200), last) == Outcome(1, "backwards", 0)

    def test_point_spread(self) -> None:
        rules = dataclasses.replace(STANDARD, point_spread=True)
        last = result(rules, "8S", 0, (-240, 20), made=False)
        assert game_outcome(rules, (-200, 300), last) == Outcome(1, "spread", 0)
        assert game_outcome(STANDARD, (-200, 300), last) is None

    def test_other_target(self) -> None:
        rules = dataclasses.replace(STANDARD, target=1000)
        last = result(rules, "7H", 0, (200, 30))
        assert game_outcome(rules, (800, 0), last) is None
        assert game_outcome(rules, (1000, 0), last) == Outcome(0, "bid")

    def test_no_target_never_ends(self) -> None:
        rules = PRESETS["tournament"]
        last = result(rules, "10NT", 0, (-520, 20), made=False)
        assert game_outcome(rules, (-5000, 5000), last) is None

    def test_three_sides_out_backwards_highest_other_wins(self) -> None:
        rules = PRESETS["cutthroat"]
        last = HandResult(Bid.parse("9NT"), 2, (2,), (3, 4, 3), (30, 40, -420), False)
        assert game_outcome(rules, (100, 250, -520), last) == Outcome(1, "backwards", 2)

    def test_finished_game_refuses_actions(self) -> None:
        match = Match(STANDARD, DealCode(77, 0))
        play_match(match, SplitMix64(3))
        assert match.is_over
        with pytest.raises(IllegalActionError):
            match.apply("pass")
        with pytest.raises(IllegalActionError):
            match.next_hand()
