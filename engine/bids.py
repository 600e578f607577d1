"""Bids (contracts) as cheap named integers with a short text form.

``Bid`` ids: ``(tricks - 6) * 5 + denomination`` for the 25 trick bids, then
misere and open misere, then the variants' bids (blind misere, double nullo).
Denominations run spades, clubs, diamonds, hearts, no trumps (0-4), the
bidding order.  How bids rank against each other depends
on the table rules (where misere sits): see :func:`engine.rules.Rules.bid_order`.

>>> b = Bid.parse("8nt")
>>> b, b.name, b.tricks, b.denomination == NO_TRUMPS
(Bid.parse('8NT'), 'eight no trumps', 8, True)
>>> [str(x) for x in (bid(7, 3), MISERE, OPEN_MISERE, HI_LO)]
['7H', 'MIS', 'OPEN-MIS', 'HI-LO']
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
BLIND_MISERE_ID: Final = 27
"""Blind misere: a misere called before the bidder looks at its cards."""
DOUBLE_NULLO_ID: Final = 28
"""Double nullo: both partners of the bidding side play, to take no trick."""
HI_LO_ID: Final = 29
"""Hi-lo: exactly five tricks won and five lost."""
HI_LO_TRICKS: Final = 5
_SPECIAL: Final = {BLIND_MISERE_ID: ("BLIND-MIS", "blind misere"),
                   DOUBLE_NULLO_ID: ("DOUBLE-NULLO", "double nullo"), HI_LO_ID: ("HI-LO", "hi-lo")}
"""The variants' bids: text and name."""


class Bid(int):
    """A contract that can be bid: tricks and denomination, or a misere."""

    __slots__ = ()

    @property
    def is_misere(self) -> bool:
        """A bid to take no trick: misere, open misere, blind misere, double nullo."""
        return self >= MISERE_ID and self != HI_LO_ID

    @property
    def is_open(self) -> bool:
        return self == OPEN_MISERE_ID

    @property
    def passes_discards(self) -> bool:
        """The declarer passes its discards to partner, who discards as many (double nullo)."""
        return self == DOUBLE_NULLO_ID

    @property
    def is_hi_lo(self) -> bool:
        """Hi-lo: the bidder takes exactly five tricks, playing alone in no trumps."""
        return self == HI_LO_ID

    @property
    def partner_folds(self) -> bool:
        """The bidder plays alone, partners (and two players' piles) sitting out:
        a misere (but double nullo) or a hi-lo."""
        return self >= MISERE_ID and self != DOUBLE_NULLO_ID

    @property
    def is_trick_bid(self) -> bool:
        """A bid of so many tricks or more in a denomination (not misere, not hi-lo)."""
        return self < MISERE_ID

    def made_by(self, took: int) -> bool:
        """Whether the bidder's side taking ``took`` tricks makes this contract:
        none for a misere, exactly five for a hi-lo, else at least the tricks bid.

        >>> [b.made_by(5) for b in (bid(7, 0), HI_LO, MISERE)], HI_LO.made_by(6)
        ([False, True, False], False)
        """
        if self.is_misere:
            return took == 0
        return took == self.tricks if self == HI_LO_ID else took >= self.tricks

    @property
    def tricks(self) -> int:
        """Tricks contracted (0 for a misere, five for a hi-lo)."""
        if self == HI_LO_ID:
            return HI_LO_TRICKS
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
        if self in _SPECIAL:
            return _SPECIAL[self][1]
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
    if b in _SPECIAL:
        return _SPECIAL[b][0]
    return f"{b // 5 + 6}{DENOMINATION_TEXT[b % 5]}"


BIDS: Final = tuple(Bid(b) for b in range(HI_LO_ID + 1))
_TEXT: Final = tuple(_text(b) for b in range(len(BIDS)))
_BY_TEXT: Final = {t: BIDS[b] for b, t in enumerate(_TEXT)}
MISERE: Final = BIDS[MISERE_ID]
OPEN_MISERE: Final = BIDS[OPEN_MISERE_ID]
BLIND_MISERE: Final = BIDS[BLIND_MISERE_ID]
DOUBLE_NULLO: Final = BIDS[DOUBLE_NULLO_ID]
HI_LO: Final = BIDS[HI_LO_ID]


def bid(tricks: int, denomination: Denomination) -> Bid:
    """The bid of so many tricks in a denomination."""
    return BIDS[(tricks - 6) * 5 + denomination]
