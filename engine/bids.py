"""Bids (contracts) as cheap named integers with a short text form.

``Bid`` ids: ``(tricks - 6) * 5 + denomination`` for the 25 trick bids, then
misere and open misere.  Denominations run spades, clubs, diamonds, hearts,
no trumps (0-4), the bidding order.  How bids rank against each other depends
on the table rules (where misere sits): see :func:`engine.rules.Rules.bid_order`.

>>> b = Bid.parse("8nt")
>>> b, b.name, b.tricks, b.denomination == NO_TRUMPS
(Bid.parse('8NT'), 'eight no trumps', 8, True)
>>> [str(x) for x in (bid(7, 3), MISERE, OPEN_MISERE)]
['7H', 'MIS', 'OPEN-MIS']
"""

from __future__ import annotations

from typing import Final, TypeAlias

from engine.cards import SUIT_LETTERS, SUIT_NAMES
from engine.errors import InvalidActionError

Denomination: TypeAlias = int
NO_TRUMPS: Final = 4
DENOMINATION_TEXT: Final = (*SUIT_LETTERS, "NT")
DENOMINATION_NAMES: Final = (*SUIT_NAMES, "no trumps")
_NUMBER_NAMES: Final = {6: "six", 7: "seven", 8: "eight", 9: "nine", 10: "ten"}

MISERE_ID: Final = 25
OPEN_MISERE_ID: Final = 26


class Bid(int):
    """A contract that can be bid: tricks and denomination, or a misere."""

    __slots__ = ()

    @property
    def is_misere(self) -> bool:
        """Misere or open misere."""
        return self >= MISERE_ID

    @property
    def is_open(self) -> bool:
        return self == OPEN_MISERE_ID

    @property
    def tricks(self) -> int:
        """Tricks contracted (0 for a misere)."""
        return 0 if self >= MISERE_ID else self // 5 + 6

    @property
    def denomination(self) -> Denomination:
        """Trump suit, or ``NO_TRUMPS`` (misere plays as no trumps)."""
        return NO_TRUMPS if self >= MISERE_ID else self % 5

    @property
    def name(self) -> str:
        """Words: 'seven hearts', 'eight no trumps', 'misere', 'open misere'."""
        if self == MISERE_ID:
            return "misere"
        if self == OPEN_MISERE_ID:
            return "open misere"
        return f"{_NUMBER_NAMES[self.tricks]} {DENOMINATION_NAMES[self.denomination]}"

    def __str__(self) -> str:
        return _TEXT[self]

    def __repr__(self) -> str:
        return f"Bid.parse({_TEXT[self]!r})"

    @staticmethod
    def parse(text: str) -> Bid:
        """Parse '7H', '8nt', 'MIS', 'OPEN-MIS'."""
        bid = _BY_TEXT.get(text.strip().upper())
        if bid is None:
            raise InvalidActionError(f"not a bid: {text!r}")
        return bid


def _text(b: int) -> str:
    if b == MISERE_ID:
        return "MIS"
    if b == OPEN_MISERE_ID:
        return "OPEN-MIS"
    return f"{b // 5 + 6}{DENOMINATION_TEXT[b % 5]}"


BIDS: Final = tuple(Bid(b) for b in range(OPEN_MISERE_ID + 1))
_TEXT: Final = tuple(_text(b) for b in range(len(BIDS)))
_BY_TEXT: Final = {t: BIDS[b] for b, t in enumerate(_TEXT)}
MISERE: Final = BIDS[MISERE_ID]
OPEN_MISERE: Final = BIDS[OPEN_MISERE_ID]


def bid(tricks: int, denomination: Denomination) -> Bid:
    """The bid of so many tricks in a denomination."""
    return BIDS[(tricks - 6) * 5 + denomination]
