"""Positions set up by hand: checked deals, the one-line text form, games from given scores."""

from __future__ import annotations

import pytest

from engine.deal import DealCode
from engine.errors import PositionError, RecordError
from engine.hand import _LOGS, Hand
from engine.match import Match
from engine.record import dumps, replay
from engine.rng import SplitMix64
from engine.rules import PRESETS
from tests.conftest import random_action, random_playout, snapshot

STANDARD = PRESETS["standard"]


class TestCheckedDeal:
    @pytest.mark.parametrize("hands, kitty, message", [
        (["AS AS", "", "", ""], "", "the ace of spades is dealt twice"),
        (["AS", "KS", "QS", "JS"], "AS", "the ace of spades is dealt twice"),
        (["2S", "", "", ""], "", "the two of spades is not in this table's deck"),
        (["JK2", "", "", ""], "", "the black joker is not in this table's deck"),
        (["AS", "", ""], "", "3 hands dealt to a table of 4"),
        (["AS", "KS", "QS", "JS"], "5H", "the kitty holds 1 card, not 3"),
        (["XX", "", "", ""], "", "not a card"),
    ])
    def test_faults_are_named(self, hands: list[str], kitty: str, message: str) -> None:
        with pytest.raises(PositionError, match=message):
            Hand.from_cards(STANDARD, hands, kitty)

    def test_a_full_deal_needs_ten_cards_each(self) -> None:
        full = Hand.new(STANDARD, 3).deal
        hands = [list(h) for h in full.hands]
        Hand.from_cards(STANDARD, hands, full.kitty)
        with pytest.raises(PositionError, match="seat 1 holds 9 cards, not 10"):
            Hand.from_cards(STANDARD, [hands[0], hands[1][1:], hands[2], hands[3]], full.kitty)
        with pytest.raises(PositionError, match="seat 0 holds 11 cards"):
            Hand.from_cards(STANDARD, [hands[0] + [hands[1][0]], hands[1][1:], *hands[2:]],
                            full.kitty, partial=True)

    def test_piles_only_at_two(self) -> None:
        with pytest.raises(PositionError, match="without them"):
            Hand.from_cards(STANDARD, ["AS", "", "", ""], piles=["5H+6H"], partial=True)
        with pytest.raises(PositionError, match="written down\\+up"):
            Hand.from_cards(PRESETS["two-handed"], ["AS", ""], piles=["5H", "6H+7H"],
                            partial=True)

    def test_dealer_must_sit_at_the_table(self) -> None:
        with pytest.raises(PositionError, match="dealer 4"):
            Hand.from_cards(STANDARD, ["AS", "", "", ""], dealer=4, partial=True)

    @pytest.mark.parametrize("name", list(PRESETS))
    def test_every_seeded_deal_passes(self, name: str) -> None:
        for seed in range(5):
            h = Hand.new(PRESETS[name], seed, seed % PRESETS[name].players)
            Hand.from_cards(h.rules, h.deal.hands, h.deal.kitty, h.deal.piles, h.dealer)


class TestPositionText:
    @pytest.mark.parametrize("name", list(PRESETS))
    def test_round_trip_at_every_step(self, name: str) -> None:
        rng = SplitMix64(5)
        for seed in range(3):
            for h in random_playout(Hand.new(PRESETS[name], seed, 1), rng):
                text = h.position()
                assert "\n" not in text
                again = Hand.from_position(text)
                assert again.position() == text and snapshot(again) == snapshot(h)

    def test_bad_texts_are_named(self) -> None:
        text = Hand.new(STANDARD, 1).position()
        rules, dealer, hands, kitty, piles, _ = text.split("|")
        with pytest.raises(PositionError, match="6 fields"):
            Hand.from_position("standard|0")
        with pytest.raises(PositionError, match="rules: unknown rules preset"):
            Hand.from_position(f"chess|{dealer}|{hands}|{kitty}|{piles}|")
        with pytest.raises(PositionError, match="dealer '9'"):
            Hand.from_position(f"{rules}|9|{hands}|{kitty}|{piles}|")
        with pytest.raises(PositionError,
                           match="action 2 \\('bid 6S'\\): .*six spades does not beat"):
            Hand.from_position(f"{rules}|{dealer}|{hands}|{kitty}|{piles}|bid 7S,bid 6S")

    def test_a_short_position(self) -> None:
        h = Hand.from_position("standard|3|AS KS/5S 6S/7S 8S/9S 10S|4H 5H 6H||bid 7S",
                               partial=True)
        assert h.high_bidder == 0 and h.to_act == 1


class TestSnapshotRule:
    def test_every_attribute_but_the_logs_is_immutable(self) -> None:
        rng = SplitMix64(2)
        for name in PRESETS:
            for h in random_playout(Hand.new(PRESETS[name], 4), rng):
                for key, value in vars(h).items():
                    if key in (*_LOGS, "_undo", "under"):
                        continue
                    hash(value)  # a list or dict here would break push/pop's snapshots

    def test_pop_restores_after_every_push(self) -> None:
        rng = SplitMix64(9)
        for name in PRESETS:
            h = Hand.new(PRESETS[name], 6)
            while not h.is_over:
                before = snapshot(h)
                action = random_action(h, rng)
                h.push(action)
                after = snapshot(h)
                assert h.pop() == action and snapshot(h) == before
                h.push(action)
                assert snapshot(h) == after


class TestMatchFromTotals:
    def test_starts_from_given_scores_and_dealer(self) -> None:
        m = Match(STANDARD, DealCode(8, 3), totals=(450, -200))
        assert m.totals == (450, -200) and m.hand.dealer == 3
        rng = SplitMix64(3)
        while not m.is_over:
            if m.hand.is_over:
                m.next_hand()
            m.apply(random_action(m.hand, rng))
        assert m.sheet[-1].totals == tuple(
            t + sum(r.result.points[s] for r in m.sheet) for s, t in enumerate((450, -200)))

    def test_the_record_keeps_the_scores(self) -> None:
        m = Match(STANDARD, DealCode(8, 3), totals=(450, -200))
        m.apply("bid 6S")
        again = replay(dumps(m))
        assert again.start_totals == (450, -200) and again.totals == (450, -200)
        assert "totals" not in dumps(Match(STANDARD, DealCode(8)))

    @pytest.mark.parametrize("totals, message", [
        ((0,), "2 whole numbers"), ((500, 0), "already over"), ((0, -500), "already over"),
    ])
    def test_bad_scores(self, totals: tuple[int, ...], message: str) -> None:
        with pytest.raises(PositionError, match=message):
            Match(STANDARD, DealCode(1), totals=totals)

    def test_a_record_with_bad_scores(self) -> None:
        with pytest.raises(RecordError, match="hand 1: .*already over"):
            replay({"format": "five-hundred-record", "version": 1, "rules": "standard",
                    "totals": [600, 0], "hands": [{"deal": "1-0-1", "actions": []}]})
