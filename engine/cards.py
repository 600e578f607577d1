"""Cards as cheap named integers, with a short text form.

A card is a :class:`Card`, an ``int`` subclass: ``suit * 16 + rank`` for the
suited cards, then the jokers and the second copies of the doubled six-handed
deck.  Hot code works on plain ints and bit masks; the subclass only adds
``str``/``repr``.  Text forms: ``"JH"``, ``"10S"``, ``"13D"``, ``"JK"`` (the
joker, the white one where there are two), ``"JK2"`` (the black joker of the
French Canadian deck), ``"2S'"`` (the second copy of the 2 of spades in the
doubled deck).

>>> jh = Card.parse("jh")
>>> jh, str(jh), jh.name, jh.suit == HEARTS, int(jh)
(Card.parse('JH'), 'JH', 'jack of hearts', True, 60)
>>> format_cards(sorted(parse_cards("JK, 10S 2S'")))
"10S JK 2S'"
>>> Card.parse("1H")
Traceback (most recent call last):
...
engine.errors.InvalidActionError: not a card: '1H'
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final, TypeAlias

from engine.errors import InvalidActionError

Suit: TypeAlias = int
SPADES: Final = 0
CLUBS: Final = 1
DIAMONDS: Final = 2
HEARTS: Final = 3
SUITS: Final = (SPADES, CLUBS, DIAMONDS, HEARTS)
SUIT_LETTERS: Final = "SCDH"
SUIT_NAMES: Final = ("spades", "clubs", "diamonds", "hearts")
SUIT_SYMBOLS: Final = ("\u2660", "\u2663", "\u2666", "\u2665")
NO_SUIT: Final = 4
"""The 'suit' of a suitless joker in no trumps or misere."""

Rank: TypeAlias = int
# Rank indices follow the plain-suit order, low to high: A K Q J 13 12 11 10 ... 2.
RANK_TEXT: Final = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13",
                    "J", "Q", "K", "A")
RANK_NAMES: Final = ("two", "three", "four", "five", "six", "seven", "eight", "nine",
                     "ten", "eleven", "twelve", "thirteen", "jack", "queen", "king", "ace")
TWO, THREE, FOUR, FIVE, SIX, SEVEN, EIGHT, NINE, TEN = range(9)
ELEVEN, TWELVE, THIRTEEN, JACK, QUEEN, KING, ACE = range(9, 16)

JOKER_ID: Final = 64
SECOND_JOKER_ID: Final = 65
_COPY_BASE: Final = 66
# Second copies in the doubled deck: 2s and 3s of every suit, red 4s.
_COPIED: Final = tuple((s, r) for r in (TWO, THREE) for s in SUITS) + ((DIAMONDS, FOUR), (HEARTS, FOUR))
CARD_COUNT: Final = _COPY_BASE + len(_COPIED)

_SUIT_OF: list[int] = [c >> 4 for c in range(64)] + [NO_SUIT, NO_SUIT] + [s for s, _ in _COPIED]
_RANK_OF: list[int] = [c & 15 for c in range(64)] + [-1, -1] + [r for _, r in _COPIED]


class Card(int):
    """One physical card.  Compare and hash as its int id."""

    __slots__ = ()

    @property
    def suit(self) -> Suit:
        """Printed suit (``NO_SUIT`` for a joker)."""
        return _SUIT_OF[self]

    @property
    def rank(self) -> Rank:
        """Rank index (-1 for a joker)."""
        return _RANK_OF[self]

    @property
    def is_joker(self) -> bool:
        return self in (JOKER_ID, SECOND_JOKER_ID)

    @property
    def is_copy(self) -> bool:
        """The second copy of a doubled card."""
        return self >= _COPY_BASE

    @property
    def base(self) -> Card:
        """The first copy of this card (itself unless it is a second copy)."""
        return CARDS[self.suit * 16 + self.rank] if self.is_copy else self

    @property
    def name(self) -> str:
        """Words for people and screen readers: 'jack of hearts', 'joker'; a doubled deck's
        second copy says so: 'two of spades (second deck)'."""
        if self == JOKER_ID:
            return "joker"
        if self == SECOND_JOKER_ID:
            return "black joker"
        name = f"{RANK_NAMES[self.rank]} of {SUIT_NAMES[self.suit]}"
        return f"{name} (second deck)" if self.is_copy else name

    def __str__(self) -> str:
        return _TEXT[self]

    def __repr__(self) -> str:
        return f"Card.parse({_TEXT[self]!r})"

    @staticmethod
    def parse(text: str) -> Card:
        """Parse a card's text form ('JH', '10s', 'jk', "2S'"), case-insensitive."""
        card = _BY_TEXT.get(text.strip().upper())
        if card is None:
            raise InvalidActionError(f"not a card: {text!r}")
        return card


def _text(c: int) -> str:
    if c == JOKER_ID:
        return "JK"
    if c == SECOND_JOKER_ID:
        return "JK2"
    mark = "'" if c >= _COPY_BASE else ""
    return RANK_TEXT[_RANK_OF[c]] + SUIT_LETTERS[_SUIT_OF[c]] + mark


CARDS: Final = tuple(Card(c) for c in range(CARD_COUNT))
"""Every card there is, indexed by id."""
_TEXT: Final = tuple(_text(c) for c in range(CARD_COUNT))
_BY_TEXT: Final = {t: CARDS[c] for c, t in enumerate(_TEXT)}
JOKER: Final = CARDS[JOKER_ID]
SECOND_JOKER: Final = CARDS[SECOND_JOKER_ID]


def card(suit: Suit, rank: Rank) -> Card:
    """The first copy of the card of this suit and rank."""
    return CARDS[suit * 16 + rank]


def copy_of(suit: Suit, rank: Rank) -> Card:
    """The second copy of a doubled card."""
    return CARDS[_COPY_BASE + _COPIED.index((suit, rank))]


def mask_of(cards: Iterable[int]) -> int:
    """The bit mask of a collection of cards."""
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def ids_of(mask: int) -> list[int]:
    """The card ids in a bit mask, lowest first (plain ints, for hot code)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def cards_of(mask: int) -> list[Card]:
    """The cards in a bit mask, in id order."""
    out = []
    while mask:
        low = mask & -mask
        out.append(CARDS[low.bit_length() - 1])
        mask ^= low
    return out


def parse_cards(text: str) -> list[Card]:
    """Parse cards separated by spaces or commas."""
    return [Card.parse(t) for t in text.replace(",", " ").split()]


def format_cards(cards: Iterable[int]) -> str:
    return " ".join(_TEXT[c] for c in cards)

