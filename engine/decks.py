"""The decks of every table in RULES.md, each in its canonical (id) order."""

from __future__ import annotations

from enum import Enum
from typing import Final

from engine.cards import (ACE, DIAMONDS, FOUR, FIVE, HEARTS, JOKER, SECOND_JOKER, SEVEN, SUITS, TEN, THIRTEEN, TWO, Card, card, copy_of, mask_of)

_PLAIN: Final = (*range(TWO, TEN + 1), *range(THIRTEEN + 1, ACE + 1))  # no 11-13
_FROM = {r: tuple(x for x in _PLAIN if x >= r) for r in (TWO, FOUR, FIVE, SEVEN)}


class Deck(Enum):
    """A deck: its value is its name in rules strings."""

    STANDARD = "43"
    """No 2s, 3s or black 4s, one joker."""
    FULL = "45"
    """No 2s or 3s, one joker; a kitty of five."""
    MIXED_FOURS = "43-mixed"
    """No 2s, 3s, 4 of spades or 4 of diamonds; the 4 of the trump colour is a trump."""
    PIQUET = "33"
    """7s and up, one joker (three players)."""
    FULL_52 = "53"
    """52 cards and a joker (five players)."""
    SIX_HANDED = "63"
    """52, a joker, 11s and 12s in every suit, 13s in the red suits."""
    DOUBLED = "63-doubled"
    """52, a joker, and a second deck's 2s, 3s and red 4s."""
    FRENCH_CANADIAN = "46"
    """No 2s or 3s, two jokers (the white one above the black one); a kitty of six."""

    @property
    def cards(self) -> tuple[Card, ...]:
        """Every card of the deck, in id order (the canonical order)."""
        return _CARDS[self]

    @property
    def mask(self) -> int:
        return _MASKS[self]

    @property
    def packets(self) -> tuple[int, ...]:
        """The deal's packets, in pairs: cards to each player, then cards to the kitty."""
        return _PACKETS.get(self, (3, 1, 4, 1, 3, 1))

    @property
    def kitty_size(self) -> int:
        return _KITTY_SIZES[self]

    @property
    def jokers(self) -> int:
        """The deck's jokers as a bit mask."""
        return _JOKER_MASKS[self]

    @property
    def two_jokers(self) -> bool:
        """The deck holds the white joker (``JK``) and the black one (``JK2``)."""
        return bool(self.jokers & 1 << SECOND_JOKER)

    def card_name(self, c: Card) -> str:
        """Words for a card of this deck: with two jokers, 'white joker' and 'black joker'."""
        return "white joker" if c == JOKER and self.two_jokers else c.name

    @property
    def description(self) -> str:
        return _DESCRIPTIONS[self]


def _suit(suit: int, ranks: tuple[int, ...]) -> list[Card]:
    return [card(suit, r) for r in ranks]


def _build(deck: Deck) -> tuple[Card, ...]:
    cards: list[Card] = [JOKER, SECOND_JOKER] if deck is Deck.FRENCH_CANADIAN else [JOKER]
    if deck is Deck.PIQUET:
        for s in SUITS:
            cards += _suit(s, _FROM[SEVEN])
    elif deck in (Deck.STANDARD, Deck.FULL, Deck.MIXED_FOURS, Deck.FRENCH_CANADIAN):
        low = {Deck.STANDARD: (FIVE, FIVE, FOUR, FOUR), Deck.FULL: (FOUR,) * 4,
               Deck.MIXED_FOURS: (FIVE, FOUR, FIVE, FOUR), Deck.FRENCH_CANADIAN: (FOUR,) * 4}[deck]
        for s in SUITS:
            cards += _suit(s, _FROM[low[s]])
    else:
        for s in SUITS:
            cards += _suit(s, _FROM[TWO])
        if deck is Deck.SIX_HANDED:
            for s in SUITS:
                cards += _suit(s, (THIRTEEN - 2, THIRTEEN - 1))
            cards += [card(DIAMONDS, THIRTEEN), card(HEARTS, THIRTEEN)]
        elif deck is Deck.DOUBLED:
            cards += [copy_of(s, r) for r in (TWO, TWO + 1) for s in SUITS]
            cards += [copy_of(DIAMONDS, FOUR), copy_of(HEARTS, FOUR)]
    return tuple(sorted(cards))


_CARDS: Final = {d: _build(d) for d in Deck}
_MASKS: Final = {d: mask_of(cs) for d, cs in _CARDS.items()}
_JOKER_MASKS: Final = {d: mask_of(c for c in cs if c.is_joker) for d, cs in _CARDS.items()}
_PACKETS: Final = {Deck.FULL: (3, 3, 4, 2, 3, 0), Deck.FRENCH_CANADIAN: (3, 3, 3, 3, 4, 0)}
"""The deals that differ from 3 each, 1 to the kitty, 4 each, 1, 3 each, 1."""
_KITTY_SIZES: Final = {d: sum(d.packets[1::2]) for d in Deck}
_DESCRIPTIONS: Final = {d: (d.__doc__ or "").strip() for d in Deck}
assert all(len(_CARDS[d]) == int(d.value[:2]) for d in Deck)
