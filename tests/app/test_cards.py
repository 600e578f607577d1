"""The hand as a player holds it, and card and bid text (web/app/html/cards.py)."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "web"))
from app.html.cards import SUIT_COLOURS, bid_short, colour, hand_order, short  # noqa: E402
from engine.bids import Bid  # noqa: E402
from engine.cards import JOKER, Card, parse_cards  # noqa: E402
from engine.decks import Deck  # noqa: E402
from engine.rules import Rules  # noqa: E402
from engine.trumps import trump_order  # noqa: E402

HAND = tuple(parse_cards("JK JH JD AH 5H 4D KS QS 7C 8C AD"))


def texts(cards: list[Card]) -> list[str]:
    return [str(c) for c in cards]


def test_trumps_first_with_both_bowers_and_the_joker() -> None:
    order = hand_order(Rules(), HAND, Bid.parse("7H"))
    assert texts(order) == ["JK", "JH", "JD", "AH", "5H", "KS", "QS", "AD", "4D", "8C", "7C"]


def test_before_a_contract_and_in_no_trumps_the_joker_is_last() -> None:
    for contract in (None, Bid.parse("8NT"), Bid.parse("MIS")):
        order = hand_order(Rules(), HAND, contract)
        assert order[-1] == JOKER
        assert texts(order[:3]) == ["KS", "QS", "AH"]


def test_a_joker_given_a_suit_heads_that_suit() -> None:
    order = hand_order(Rules(), HAND, Bid.parse("7NT"), joker_suit=1)
    assert texts(order) == ["KS", "QS", "AH", "JH", "5H", "JK", "8C", "7C", "AD", "JD", "4D"]


def test_colours_alternate_when_the_suits_allow() -> None:
    hand = tuple(parse_cards("AS KS AC KC AD 5H 6H"))
    order = hand_order(Rules(), hand, Bid.parse("7S"))
    suits = [trump_order(Rules().deck, 0).suit[c] for c in order]
    groups = [s for i, s in enumerate(suits) if i == 0 or suits[i - 1] != s]
    assert groups == [0, 3, 1, 2]  # spades, hearts, clubs, diamonds
    assert all(SUIT_COLOURS[a] != SUIT_COLOURS[b] for a, b in zip(groups, groups[1:]))


def test_mixed_fours_trump_colour_four_joins_the_trumps() -> None:
    rules = Rules(deck=Deck.MIXED_FOURS)
    hand = tuple(parse_cards("4H AC 5D AD"))
    assert texts(hand_order(rules, hand, Bid.parse("7D"))) == ["AD", "5D", "4H", "AC"]


@pytest.mark.parametrize("seed", range(30))
def test_order_is_a_permutation(seed: int) -> None:
    from engine.hand import Hand
    hand = Hand.new(Rules(), seed)
    cards = tuple(hand.hand_of(0))
    for contract in (None, Bid.parse("7S"), Bid.parse("9H"), Bid.parse("10NT")):
        assert sorted(hand_order(Rules(), cards, contract)) == sorted(cards)


def test_text_forms() -> None:
    assert short(Card.parse("10H")) == "10♥"
    assert short(JOKER) == "JK"
    assert colour(Card.parse("QD")) == "red" and colour(Card.parse("QC")) == "black" and colour(JOKER) == "joker"
    assert [bid_short(Bid.parse(b)) for b in ("7H", "10NT", "MIS", "OPEN-MIS")] == ["7♥", "10NT", "Misère", "Open misère"]
