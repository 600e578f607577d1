"""Card order once the contract is known: effective suits, trick power, suit masks.

With a trump suit, the joker and the left bower become trumps (and, with the
mixed-fours deck, the 4 of the trump colour).  In no trumps and misere the
joker is the only trump: it keeps no suit (``NO_SUIT``) unless the bidder gives
it one, in which case it is the highest card of that suit.  With two jokers
(the French Canadian deck) both are trumps, the white joker (``JK``) above the
black one (``JK2``), so a trump suit has 14 trumps.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final, NamedTuple

from engine.cards import CARDS, FOUR, JACK, JOKER_ID, NO_SUIT, SECOND_JOKER_ID, card
from engine.decks import Deck

_TRUMP: Final = 200
_PLAIN: Final = 100


class TrumpOrder(NamedTuple):
    """Lookup tables for one contract, indexed by card id."""

    trump: int
    """The trump suit, or ``NO_SUIT`` in no trumps and misere (the suitless joker's 'suit')."""
    suit: tuple[int, ...]
    """Each card's effective suit."""
    power: tuple[int, ...]
    """Trick-taking power: trumps above every plain card; higher wins."""
    masks: tuple[int, ...]
    """Bit mask of the deck's cards by effective suit (index ``NO_SUIT`` too)."""


@lru_cache(maxsize=None)
def trump_order(deck: Deck, trump: int, joker_suit: int = NO_SUIT) -> TrumpOrder:
    """The order for a trump suit (or ``NO_SUIT`` for no trumps and misere)."""
    suit = [c.suit for c in CARDS]
    power = [_PLAIN + c.rank if not c.is_joker else 0 for c in CARDS]
    if trump == NO_SUIT:
        for j in (JOKER_ID, SECOND_JOKER_ID):
            if joker_suit == NO_SUIT:
                suit[j], power[j] = NO_SUIT, _TRUMP + 41 - (j - JOKER_ID)
            else:
                suit[j], power[j] = joker_suit, _PLAIN + 21 - (j - JOKER_ID)
    else:
        for c in deck.cards:
            if suit[c] == trump:
                power[c] += _TRUMP - _PLAIN
        right, left = card(trump, JACK), card(trump ^ 1, JACK)
        suit[left] = trump
        power[right], power[left] = _TRUMP + 30, _TRUMP + 29
        for j in (JOKER_ID, SECOND_JOKER_ID):
            suit[j], power[j] = trump, _TRUMP + 41 - (j - JOKER_ID)
        if deck is Deck.MIXED_FOURS:
            four = card(trump ^ 1, FOUR)
            if four in deck.cards:
                suit[four], power[four] = trump, _TRUMP + FOUR
    masks = [0] * 5
    for c in deck.cards:
        masks[suit[c]] |= 1 << c
    return TrumpOrder(trump, tuple(suit), tuple(power), tuple(masks))


ALL_SUITS_LED: Final = 0b1111
"""``suits_led`` once every suit has been led to a trick."""
_LEAD_SUITS: Final = tuple(tuple(tuple(s for s in range(4) if any_suit or not voids >> s & 1)
                                 or (0, 1, 2, 3) for voids in range(16)) for any_suit in (0, 1))


def may_lead_joker(suits_led: int, others: int) -> bool:
    """The joker-lead rule, first half: a suitless joker may be led once all four suits
    have been led, or when its leader holds nothing else (``others``: the other cards)."""
    return suits_led == ALL_SUITS_LED or not others


def joker_lead_suits(any_suit: bool, voids: int) -> tuple[int, ...]:
    """The joker-lead rule, second half: the suits a led suitless joker may name, any
    suit (``any_suit``), or only those its leader has not shown void in (all four if
    void in every one).

    >>> joker_lead_suits(True, 0b0011), joker_lead_suits(False, 0b0011)
    ((0, 1, 2, 3), (2, 3))
    """
    return _LEAD_SUITS[any_suit][voids & 15]
