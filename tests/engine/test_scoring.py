"""Scoring a hand: the worked checks of RULES.md, slams, tables, misere, other head counts."""

from __future__ import annotations

import pytest

from engine.bids import Bid
from engine.cards import DIAMONDS, HEARTS, SPADES, Card, format_cards
from engine.decks import Deck
from engine.hand import Hand
from engine.rules import PRESETS, Rules
from engine.scoring import HandResult, score_hand
from engine.trumps import trump_order
from tests.conftest import make_hand, rules_of, run


def score(rules: Rules | str, bid: str, declarer: int, bidders: tuple[int, ...],
          tricks: tuple[int, ...]) -> HandResult:
    return score_hand(rules_of(rules), Bid.parse(bid), declarer, bidders, tricks)


def four(bidder_tricks: int) -> tuple[int, ...]:
    """Tricks per seat of four when seats 0 and 2 (the bidders) take ``bidder_tricks``."""
    return (bidder_tricks, 10 - bidder_tricks, 0, 0)


class TestWorkedChecks:
    """RULES.md: 8H take 7: -300 / +30; 7H take 8: 200; 8C take 9: 260; 7S take 10: 250 slam;
    8H take 10: 300, no slam."""

    @pytest.mark.parametrize("bid, took, bidders, defenders, made, slam", [
        ("8H", 7, -300, 30, False, False),
        ("7H", 8, 200, 20, True, False),
        ("8C", 9, 260, 10, True, False),
        ("7S", 10, 250, 0, True, True),
        ("8H", 10, 300, 0, True, False),
    ])
    def test_score_hand(self, bid: str, took: int, bidders: int, defenders: int, made: bool,
                        slam: bool) -> None:
        r = score("standard", bid, 0, (0, 2), four(took))
        assert r.points == (bidders, defenders) and r.made is made and r.slam is slam
        assert r.bidders_tricks == took and not r.thrown_in

    @pytest.mark.parametrize("bid, took, bidders, defenders", [
        ("8H", 7, -300, 30), ("7H", 8, 200, 20), ("8C", 9, 260, 10), ("7S", 10, 250, 0),
        ("8H", 10, 300, 0)])
    def test_played_out(self, bid: str, took: int, bidders: int, defenders: int) -> None:
        b = Bid.parse(bid)
        h = play_exactly(b.denomination, took, bid)
        assert h.result is not None and h.result.bidders_tricks == took
        assert h.result.points[h.rules.side_of(1)] == bidders
        assert h.result.points[h.rules.side_of(0)] == defenders
        assert sum(h.won) == 10 and len(h.tricks) == 10


def exact_deal(trump: int, took: int) -> tuple[list[str], str]:
    """A standard deal where seat 1, bidding in ``trump`` and leading its highest cards, takes
    exactly ``took`` tricks: the top trumps and low cards of a suit of the other colour; its
    partner holds only the lowest cards of the two remaining suits."""
    deck = Deck.STANDARD
    order = trump_order(deck, trump)

    def suit(s: int) -> list[Card]:
        return sorted((c for c in deck.cards if order.suit[c] == s), key=lambda c: order.power[c])

    other = SPADES if trump in (DIAMONDS, HEARTS) else HEARTS
    rest = [s for s in range(4) if s not in (trump, other)]
    trumps, low = suit(trump)[::-1], suit(other)
    declarer = trumps[:took] + low[:10 - took]
    partner = suit(rest[0])[:5] + suit(rest[1])[:5]
    leftover = suit(rest[0])[5:] + suit(rest[1])[5:]
    kitty, leftover = leftover[-3:], leftover[:-3]
    defenders = trumps[took:] + low[10 - took:] + leftover
    hands = [defenders[0::2], declarer, defenders[1::2], partner]
    return [format_cards(h) for h in hands], format_cards(kitty)


def play_exactly(trump: int, took: int, bid: str) -> Hand:
    """Play an :func:`exact_deal` out, everyone playing their most powerful legal card."""
    hands, kitty = exact_deal(trump, took)
    h = run(make_hand("standard", hands, kitty, dealer=0), f"bid {bid}", "pass", "pass", "pass",
            *(f"discard {c}" for c in kitty.split()))
    while not h.is_over:
        h.apply(max(h.legal_actions(), key=lambda a: h.order.power[a]))
    return h


class TestSlam:
    def test_slam_off(self) -> None:
        assert score("standard,slam=off", "7S", 0, (0, 2), four(10)).points == (140, 0)

    def test_slam_only_below_250(self) -> None:
        assert score("standard", "8S", 0, (0, 2), four(10)).points == (250, 0)
        assert score("standard", "8C", 0, (0, 2), four(10)).points == (260, 0)
        assert not score("standard", "8C", 0, (0, 2), four(10)).slam

    def test_slam_needs_all_ten(self) -> None:
        assert score("standard", "6S", 0, (0, 2), four(9)).points == (40, 10)

    def test_plus_100_on_any_bid_below_ten(self) -> None:
        r = score("tournament", "7S", 0, (0, 2), four(10))
        assert r.points == (240, 0) and r.slam
        assert score("tournament", "9NT", 0, (0, 2), four(10)).points == (520, 0)
        assert score("tournament", "10S", 0, (0, 2), four(10)).points == (440, 0)
        assert not score("tournament", "10S", 0, (0, 2), four(10)).slam

    def test_slam_with_other_tables(self) -> None:
        assert score("standard,scoring=original", "8D", 0, (0, 2), four(10)).points == (250, 0)
        assert score("standard,scoring=perfect", "8NT", 0, (0, 2), four(10)).points == (300, 0)


class TestScoringTables:
    @pytest.mark.parametrize("scoring, made, failed", [
        ("avondale", 260, -260), ("original", 160, -160), ("perfect", 240, -240)])
    def test_eight_clubs(self, scoring: str, made: int, failed: int) -> None:
        r = f"standard,scoring={scoring}"
        assert score(r, "8C", 1, (1, 3), (1, 9, 0, 0)).points == (10, made)
        assert score(r, "8C", 1, (1, 3), (3, 4, 0, 3)).points == (30, failed)

    @pytest.mark.parametrize("scoring, misere, open_misere", [
        ("avondale", 250, 500), ("original", 250, 500), ("perfect", 150, 250)])
    def test_misere_values(self, scoring: str, misere: int, open_misere: int) -> None:
        r = f"standard,scoring={scoring}"
        assert score(r, "MIS", 0, (0, 2), (0, 5, 0, 5)).points == (misere, 0)
        assert score(r, "OPEN-MIS", 0, (0, 2), (1, 5, 0, 4)).points == (-open_misere, 0)


class TestDefenders:
    def test_ten_a_trick_made_or_failed(self) -> None:
        assert score("standard", "6NT", 1, (1, 3), (2, 3, 2, 3)).points == (40, 120)
        assert score("standard", "6NT", 1, (1, 3), (3, 2, 2, 3)).points == (50, -120)

    def test_nothing_against_misere(self) -> None:
        r = score("standard", "MIS", 3, (1, 3), (4, 0, 6, 0))
        assert r.points == (0, 250) and r.made
        r = score("standard", "MIS", 3, (1, 3), (4, 0, 5, 1))
        assert r.points == (0, -250) and not r.made and not r.slam

    def test_all_pass_no_trumps_ten_a_trick_each_side(self) -> None:
        r = score_hand(PRESETS["standard"], None, None, (), (1, 2, 3, 4))
        assert r.points == (40, 60) and r.contract is None and r.made is None


class TestOtherHeadCounts:
    def test_cutthroat_defenders_score_personally(self) -> None:
        r = score("cutthroat", "7H", 2, (2,), (2, 1, 7))
        assert r.points == (20, 10, 200)

    def test_two_handed(self) -> None:
        r = score("two-handed", "6S", 0, (0,), (5, 5))
        assert r.points == (-40, 50)

    @pytest.mark.parametrize("share, made, failed", [("half", 150, -150), ("full", 300, -300)])
    def test_five_handed_partner_share(self, share: str, made: int, failed: int) -> None:
        r = f"five-handed,partner_share={share}"
        assert score(r, "8H", 0, (0, 3), (5, 1, 0, 3, 1)).points == (made, 10, 0, made, 10)
        assert score(r, "8H", 0, (0, 3), (4, 1, 1, 3, 1)).points == (failed, 10, 10, failed, 10)

    def test_five_handed_lone_bidder_takes_it_all(self) -> None:
        r = score("five-handed", "8H", 4, (4,), (0, 1, 0, 0, 9))
        assert r.points == (0, 10, 0, 0, 300)
        r = score("five-handed", "MIS", 2, (2,), (3, 3, 0, 2, 2))
        assert r.points == (0, 0, 250, 0, 0)

    def test_five_handed_half_a_slam(self) -> None:
        assert score("five-handed", "7S", 0, (0, 1), (6, 4, 0, 0, 0)).points == (125, 125, 0, 0, 0)

    def test_six_handed_teams_of_three(self) -> None:
        r = score("six-handed", "9D", 1, (1, 3, 5), (1, 3, 1, 3, 0, 2))
        assert r.points == (20, -380)

    def test_six_handed_three_teams_of_two(self) -> None:
        r = score("six-handed-pairs", "7D", 1, (1, 4), (1, 4, 2, 0, 3, 0))
        assert r.points == (10, 180, 20)


class TestPlayedHands:
    """Hands played through :class:`Hand` score like :func:`score_hand`."""

    def test_five_handed_partner_and_defenders(self) -> None:
        h = Hand.new(PRESETS["five-handed"], 4, 4)
        run(h, "7NT", "pass", "pass", "pass", "pass")
        for c in h.legal_actions()[:3]:
            h.apply(c)
        called = next(c for c in h.hand_of(3) if c != Card.parse("JK"))
        run(h, f"call {called}")
        if h.phase.name == "JOKER":
            h.apply("joker none")
        while not h.is_over:
            h.apply(h.legal_actions()[0])
        assert h.result is not None and h.result.bidders == (0, 3)
        took = h.won[0] + h.won[3]
        value = (250 if took == 10 else 220) // 2 if took >= 7 else -220 // 2
        assert h.result.points[0] == h.result.points[3] == value
        for seat in (1, 2, 4):
            assert h.result.points[seat] == 10 * h.won[seat]

    def test_all_pass_no_trumps(self) -> None:
        h = Hand.new(Rules.parse("standard,all_pass=no-trumps"), 6)
        run(h, "pass", "pass", "pass", "pass")
        while not h.is_over:
            h.apply(h.legal_actions()[-1])
        assert h.result is not None and h.result.contract is None
        assert h.result.points == (10 * (h.won[0] + h.won[2]), 10 * (h.won[1] + h.won[3]))
        assert h.result.describe(h.rules).startswith("Everyone passed")


class TestDescribe:
    def test_plain_words(self) -> None:
        r = Rules()
        assert score(r, "8H", 0, (0, 2), four(7)).describe(r) == (
            "Eight hearts: the bidders took 7 tricks, failed (minus 300); defenders score 10 a "
            "trick.")
        assert score(r, "7S", 0, (0, 2), four(10)).describe(r) == (
            "Seven spades: the bidders took 10 tricks, made, slam (250 points); defenders score "
            "10 a trick.")
        assert score(r, "MIS", 0, (0, 2), (1, 9, 0, 0)).describe(r) == (
            "Misere: the bidders took 1 trick, failed (minus 250); defenders score nothing "
            "against misere.")
        two = Rules.parse("two-handed")
        assert score(two, "7H", 1, (1,), (3, 7)).describe(two) == (
            "Seven hearts: the bidder took 7 tricks, made (200 points); the defender scores 10 a trick.")
        thrown = HandResult(None, None, (), (0,) * 4, (0, 0), thrown_in=True)
        assert thrown.describe(r) == "Thrown in: no contract, no score."
