"""Cards, bids and scores for people: short text, words, suit symbols, the hand's order, and
numbers with a real minus sign."""

from __future__ import annotations

from itertools import permutations
from typing import Final

from engine.bids import DENOMINATION_NAMES, Bid
from engine.cards import NO_SUIT, RANK_TEXT, SECOND_JOKER, SUIT_SYMBOLS, Card
from engine.decks import Deck
from engine.rules import Rules
from engine.trumps import trump_order

NT_SYMBOL: Final = "NT"
SUIT_COLOURS: Final = ("black", "black", "red", "red")
_COLOUR_CYCLE: Final = (0, 3, 1, 2)
"""Spades, hearts, clubs, diamonds: black and red in turn."""


def minus(n: int) -> str:
    """A number as people read it, with a real minus sign: '−40'."""
    return str(n).replace("-", "−")


def rank_text(card: Card) -> str:
    """The index printed in a card's corner: '10', 'J', 'A'; 'JK' for a joker."""
    return "JK" if card.is_joker else RANK_TEXT[card.rank]


def card_name(card: Card, deck: Deck | None = None) -> str:
    """Words for a card: 'jack of hearts'; a doubled deck's second copy says so:
    'two of spades (second deck)' (the engine's name, as in hints and refusals); with two
    jokers in the ``deck``, 'white joker' and 'black joker'."""
    return card.name if deck is None else deck.card_name(card)


def short(card: Card) -> str:
    """Rank and suit symbol: '10♥', 'J♠', 'JK'."""
    return "JK" if card.is_joker else RANK_TEXT[card.rank] + SUIT_SYMBOLS[card.suit]


def colour(card: Card, deck: Deck | None = None) -> str:
    """'red', 'black', or 'joker'; with two jokers in the ``deck``, 'joker white' and
    'joker black' (CSS classes: the two are drawn apart)."""
    if not card.is_joker:
        return SUIT_COLOURS[card.suit]
    if deck is None or not deck.two_jokers:
        return "joker"
    return "joker black" if card == SECOND_JOKER else "joker white"


def denomination_symbol(denomination: int) -> str:
    return NT_SYMBOL if denomination == NO_SUIT else SUIT_SYMBOLS[denomination]


def bid_short(bid: Bid) -> str:
    """'7♥', '8NT', 'Misère', 'Open misère', 'Blind misère', 'Double nullo', 'Hi-lo'."""
    if not bid.is_trick_bid:
        return bid.name.capitalize().replace("isere", "isère")
    return f"{bid.tricks}{denomination_symbol(bid.denomination)}"


def suit_word(suit: int) -> str:
    """'hearts', or 'no trumps' for ``NO_SUIT``."""
    return DENOMINATION_NAMES[suit]


def hand_order(rules: Rules, cards: tuple[Card, ...], contract: Bid | None,
               joker_suit: int = NO_SUIT) -> list[Card]:
    """A hand as a player holds it: grouped by suit as the cards play (the bowers
    and the joker with the trumps, the trumps first), high to low within a suit,
    colours alternating where the suits allow, a suitless joker at the end."""
    trump = NO_SUIT if contract is None else contract.denomination
    order = trump_order(rules.deck, trump, joker_suit)
    groups: dict[int, list[Card]] = {}
    for c in cards:
        groups.setdefault(order.suit[c], []).append(c)
    plain = [s for s in _COLOUR_CYCLE if s in groups and s != trump]
    start = [trump] if trump != NO_SUIT and trump in groups else []
    suits = start + list(min(permutations(plain), key=lambda p: _clashes(start + list(p))))
    if NO_SUIT in groups and trump == NO_SUIT:
        suits.append(NO_SUIT)
    return [c for s in suits for c in sorted(groups[s], key=lambda c: -order.power[c])]


def _clashes(suits: list[int]) -> int:
    """Neighbouring suits of the same colour."""
    return sum(SUIT_COLOURS[a] == SUIT_COLOURS[b] for a, b in zip(suits, suits[1:]))
