"""Cards, bids, actions, decks and card order: values, text forms, round trips."""

from __future__ import annotations

import pytest

from engine.actions import ACTIONS, Action
from engine.bids import BIDS, MISERE, NO_TRUMPS, OPEN_MISERE, Bid, bid
from engine.cards import (CARDS, CLUBS, DIAMONDS, HEARTS, JOKER, NO_SUIT, SECOND_JOKER, SPADES,
                          Card, card, cards_of, copy_of, format_cards, mask_of, parse_cards)
from engine.decks import Deck
from engine.errors import FiveHundredError, InvalidActionError
from engine.trumps import trump_order
from tests.conftest import cards

NAMESPACE = {"Card": Card, "Bid": Bid, "Action": Action}
TEXTED_ACTIONS = [a for a in ACTIONS if str(a)]


class TestCard:
    @pytest.mark.parametrize("c", CARDS, ids=str)
    def test_text_round_trips(self, c: Card) -> None:
        assert Card.parse(str(c)) == c
        assert Card.parse(str(c).lower()) == c
        assert eval(repr(c), NAMESPACE) == c

    def test_ids_are_suit_and_rank(self) -> None:
        jh = Card.parse("JH")
        assert (jh, jh.suit, jh.rank, jh.name) == (3 * 16 + 12, HEARTS, 12, "jack of hearts")
        assert Card.parse("10S") == card(SPADES, 8) and str(card(SPADES, 8)) == "10S"
        assert Card.parse("13D").name == "thirteen of diamonds"

    def test_jokers_and_copies(self) -> None:
        assert (JOKER, SECOND_JOKER) == (64, 65)
        assert Card.parse("JK") == JOKER and JOKER.suit == NO_SUIT and JOKER.rank == -1
        assert JOKER.is_joker and JOKER.name == "joker" and str(SECOND_JOKER) == "JK2"
        copy = Card.parse("2S'")
        assert copy == copy_of(SPADES, 0) and copy.is_copy and copy.base == Card.parse("2S")
        assert (copy.suit, copy.rank, copy.name) == (SPADES, 0, "two of spades (second deck)")
        assert not Card.parse("2S").is_copy and Card.parse("2S").base == Card.parse("2S")

    @pytest.mark.parametrize("text", ["", "1S", "JX", "ZZ", "11", "4S'", "JK3", "J H"])
    def test_bad_text_is_invalid(self, text: str) -> None:
        with pytest.raises(InvalidActionError):
            Card.parse(text)

    def test_errors_are_value_errors(self) -> None:
        assert issubclass(InvalidActionError, FiveHundredError)
        assert issubclass(FiveHundredError, ValueError)

    def test_masks_round_trip(self) -> None:
        assert cards_of(mask_of(CARDS)) == list(CARDS)
        some = cards("JK 10H 2S' 5C")
        assert cards_of(mask_of(some)) == sorted(some)
        assert parse_cards("JK, 10h 2s'") == [JOKER, Card.parse("10H"), Card.parse("2S'")]
        assert format_cards(some) == "JK 10H 2S' 5C"


class TestBid:
    @pytest.mark.parametrize("b", BIDS, ids=str)
    def test_text_round_trips(self, b: Bid) -> None:
        assert Bid.parse(str(b)) == b
        assert Bid.parse(str(b).lower()) == b
        assert eval(repr(b), NAMESPACE) == b

    def test_values(self) -> None:
        seven_hearts = Bid.parse("7H")
        assert (seven_hearts, seven_hearts.tricks, seven_hearts.denomination) == (8, 7, HEARTS)
        assert seven_hearts.name == "seven hearts" and bid(7, HEARTS) == seven_hearts
        assert Bid.parse("10NT").name == "ten no trumps" and Bid.parse("10nt").tricks == 10
        assert Bid.parse("MIS") == MISERE and MISERE.is_misere and not MISERE.is_open
        assert OPEN_MISERE.is_misere and OPEN_MISERE.is_open and str(OPEN_MISERE) == "OPEN-MIS"
        assert MISERE.tricks == 0 and MISERE.denomination == NO_TRUMPS
        assert (MISERE.name, OPEN_MISERE.name) == ("misere", "open misere")

    @pytest.mark.parametrize("text", ["5H", "11S", "7X", "MISERE", "", "pass"])
    def test_bad_text_is_invalid(self, text: str) -> None:
        with pytest.raises(InvalidActionError):
            Bid.parse(text)


class TestAction:
    @pytest.mark.parametrize("a", TEXTED_ACTIONS, ids=str)
    def test_text_round_trips(self, a: Action) -> None:
        assert Action.parse(str(a)) == a
        assert Action.parse("  " + str(a).lower().replace(" ", "   ") + " ") == a
        assert eval(repr(a), NAMESPACE) == a
        assert a.name

    def test_every_kind(self) -> None:
        jh = Card.parse("JH")
        play = Action.parse("JH")
        assert int(play) == jh and play.played_card == jh and play.name == "play jack of hearts"
        lead = Action.parse("JK:H")
        assert (lead, lead.played_card, lead.named_suit) == (76 + HEARTS, JOKER, HEARTS)
        assert lead.name == "lead the joker, calling hearts"
        discard = Action.parse("discard JH")
        assert (discard, discard.discarded_card, discard.played_card) == (100 + jh, jh, None)
        call = Action.parse("call JH")
        assert (call, call.called_card) == (200 + jh, jh)
        assert call.name == "call the jack of hearts as partner"
        seven = Action.parse("bid 7h")
        assert (seven, seven.bid, seven.name) == (300 + 8, Bid.parse("7H"), "bid seven hearts")
        assert str(seven) == "bid 7H" and str(Action.parse("bid mis")) == "bid MIS"
        assert Action.parse("OPEN-MIS").bid == OPEN_MISERE and Action.parse("mis").bid == MISERE
        assert Action.parse("8nt").bid == Bid.parse("8NT")
        assert (Action.parse("pass"), Action.parse("alone")) == (330, 331)
        diamonds, none = Action.parse("joker D"), Action.parse("joker none")
        assert diamonds == 332 + DIAMONDS and diamonds.named_suit == DIAMONDS
        assert none == 336 and none.named_suit == NO_SUIT
        assert Action.parse("joker none").name == "keep the joker without a suit"
        assert Action.parse("joker C").name == "make the joker a club"

    def test_bid_text_that_reads_as_a_card_is_the_card_except_in_the_auction(self) -> None:
        seven_hearts = Card.parse("7H")
        assert Action.parse("7H").played_card == seven_hearts
        assert Action.parse("10s").played_card == Card.parse("10S")
        assert Action.parse("7H", auction=True).bid == Bid.parse("7H")
        assert Action.parse("pass", auction=True) == 330
        assert Action.parse("bid 7H", auction=True).bid == Bid.parse("7H")

    def test_texts_are_unique(self) -> None:
        assert len({str(a) for a in TEXTED_ACTIONS}) == len(TEXTED_ACTIONS)

    def test_kinds_do_not_overlap(self) -> None:
        for a in TEXTED_ACTIONS:
            kinds = [a.played_card is not None, a.discarded_card is not None,
                     a.called_card is not None, a.bid is not None, a in (330, 331), a >= 332]
            assert sum(kinds) == 1, a

    @pytest.mark.parametrize("text", ["", "discard", "call", "discard XX", "JK:N", "bid 7X",
                                      "bid pass", "joker", "joker NT", "7H 8H", "play JH"])
    def test_bad_text_is_invalid(self, text: str) -> None:
        with pytest.raises(InvalidActionError):
            Action.parse(text)


class TestDeck:
    COUNTS = {Deck.STANDARD: 43, Deck.FULL: 45, Deck.MIXED_FOURS: 43, Deck.PIQUET: 33,
              Deck.FULL_52: 53, Deck.SIX_HANDED: 63, Deck.DOUBLED: 63, Deck.FRENCH_CANADIAN: 46}
    KITTIES = {Deck.FULL: 5, Deck.FRENCH_CANADIAN: 6}

    @pytest.mark.parametrize("deck", list(Deck), ids=lambda d: d.value)
    def test_size_order_and_kitty(self, deck: Deck) -> None:
        assert len(deck.cards) == len(set(deck.cards)) == self.COUNTS[deck]
        assert list(deck.cards) == sorted(deck.cards) and deck.mask == mask_of(deck.cards)
        assert JOKER in deck.cards and (SECOND_JOKER in deck.cards) is (deck is Deck.FRENCH_CANADIAN)
        assert deck.kitty_size == self.KITTIES.get(deck, 3)
        assert Deck(deck.value) is deck and deck.description

    def test_compositions(self) -> None:
        def has(deck: Deck, text: str) -> bool:
            return set(cards(text)) <= set(deck.cards)

        standard = Deck.STANDARD
        assert has(standard, "4D 4H 5S 5C AS JK") and not any(
            c in standard.cards for c in cards("4S 4C 3H 2D"))
        assert has(Deck.FULL, "4S 4C 4D 4H") and Card.parse("3H") not in Deck.FULL.cards
        assert has(Deck.MIXED_FOURS, "4C 4H") and not has(Deck.MIXED_FOURS, "4S") and not has(
            Deck.MIXED_FOURS, "4D")
        assert min(c.rank for c in Deck.PIQUET.cards if c != JOKER) == 5  # the sevens
        assert set(Deck.FULL_52.cards) == {card(s, r) for s in range(4) for r in range(16)
                                           if not 9 <= r <= 11} | {JOKER}
        assert has(Deck.SIX_HANDED, "11S 12S 11C 12C 11D 12D 13D 11H 12H 13H")
        assert not has(Deck.SIX_HANDED, "13S") and not has(Deck.SIX_HANDED, "13C")
        doubled = [c for c in Deck.DOUBLED.cards if c.is_copy]
        assert sorted(str(c) for c in doubled) == sorted(
            "2S' 2C' 2D' 2H' 3S' 3C' 3D' 3H' 4D' 4H'".split())


def ranked(deck: Deck, trump: int, suit: int, joker_suit: int = NO_SUIT) -> str:
    """The cards of an effective suit, highest first, as text."""
    order = trump_order(deck, trump, joker_suit)
    mine = [c for c in deck.cards if order.suit[c] == suit]
    return format_cards(sorted(mine, key=lambda c: -order.power[c]))


class TestTrumpOrder:
    def test_trump_suit_order(self) -> None:
        assert ranked(Deck.STANDARD, HEARTS, HEARTS) == "JK JH JD AH KH QH 10H 9H 8H 7H 6H 5H 4H"
        assert ranked(Deck.STANDARD, SPADES, SPADES) == "JK JS JC AS KS QS 10S 9S 8S 7S 6S 5S"

    def test_left_bower_leaves_its_printed_suit(self) -> None:
        assert ranked(Deck.STANDARD, HEARTS, DIAMONDS) == "AD KD QD 10D 9D 8D 7D 6D 5D 4D"
        assert ranked(Deck.STANDARD, CLUBS, SPADES) == "AS KS QS 10S 9S 8S 7S 6S 5S"

    def test_plain_suits_rank_ace_high_jack_between_queen_and_ten(self) -> None:
        assert ranked(Deck.STANDARD, HEARTS, CLUBS) == "AC KC QC JC 10C 9C 8C 7C 6C 5C"

    def test_trumps_beat_plain_cards(self) -> None:
        order = trump_order(Deck.STANDARD, HEARTS)
        assert order.power[Card.parse("4H")] > max(order.power[c] for c in Deck.STANDARD.cards
                                                   if order.suit[c] != HEARTS)

    def test_no_trumps_joker_is_the_only_trump(self) -> None:
        order = trump_order(Deck.STANDARD, NO_SUIT)
        assert order.trump == NO_SUIT and order.suit[JOKER] == NO_SUIT
        assert order.masks[NO_SUIT] == mask_of([JOKER])
        assert ranked(Deck.STANDARD, NO_SUIT, HEARTS) == "AH KH QH JH 10H 9H 8H 7H 6H 5H 4H"
        assert ranked(Deck.STANDARD, NO_SUIT, DIAMONDS) == "AD KD QD JD 10D 9D 8D 7D 6D 5D 4D"
        assert order.power[JOKER] > max(order.power[c] for c in Deck.STANDARD.cards if c != JOKER)

    def test_joker_given_a_suit_is_its_highest_card(self) -> None:
        assert ranked(Deck.STANDARD, NO_SUIT, CLUBS, CLUBS) == "JK AC KC QC JC 10C 9C 8C 7C 6C 5C"
        order = trump_order(Deck.STANDARD, NO_SUIT, CLUBS)
        assert order.masks[NO_SUIT] == 0 and order.suit[JOKER] == CLUBS

    def test_mixed_fours_four_of_trump_colour_is_the_lowest_trump(self) -> None:
        deck = Deck.MIXED_FOURS
        assert ranked(deck, SPADES, SPADES) == "JK JS JC AS KS QS 10S 9S 8S 7S 6S 5S 4C"
        assert ranked(deck, DIAMONDS, DIAMONDS) == "JK JD JH AD KD QD 10D 9D 8D 7D 6D 5D 4H"
        assert ranked(deck, CLUBS, CLUBS) == "JK JC JS AC KC QC 10C 9C 8C 7C 6C 5C 4C"
        assert ranked(deck, HEARTS, HEARTS) == "JK JH JD AH KH QH 10H 9H 8H 7H 6H 5H 4H"
        for trump in range(4):
            assert len(ranked(deck, trump, trump).split()) == 13  # always 13 trumps
        assert ranked(deck, SPADES, CLUBS) == "AC KC QC 10C 9C 8C 7C 6C 5C"

    def test_six_handed_13_12_11_between_queen_and_ten(self) -> None:
        assert ranked(Deck.SIX_HANDED, SPADES, DIAMONDS) == (
            "AD KD QD JD 13D 12D 11D 10D 9D 8D 7D 6D 5D 4D 3D 2D")
        assert ranked(Deck.SIX_HANDED, DIAMONDS, DIAMONDS) == (
            "JK JD JH AD KD QD 13D 12D 11D 10D 9D 8D 7D 6D 5D 4D 3D 2D")

    def test_doubled_deck_copies_have_equal_power(self) -> None:
        for trump in (SPADES, HEARTS, NO_SUIT):
            order = trump_order(Deck.DOUBLED, trump)
            for c in Deck.DOUBLED.cards:
                if c.is_copy:
                    assert order.power[c] == order.power[c.base]
                    assert order.suit[c] == order.suit[c.base]

    @pytest.mark.parametrize("deck", list(Deck), ids=lambda d: d.value)
    def test_masks_partition_the_deck(self, deck: Deck) -> None:
        for trump in range(5):
            order = trump_order(deck, trump)
            assert sum(order.masks) == deck.mask
            assert all(order.masks[order.suit[c]] >> c & 1 for c in deck.cards)
