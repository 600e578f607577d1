"""Deals from a seed, and the versioned deal code (docs/DEALING.md).

Version 1: the deck in canonical (id) order is shuffled by :class:`SplitMix64`
seeded with the seed, then dealt from the top in packets starting with the
player left of the dealer: 3 each, 1 to the kitty, 4 each, 1, 3 each, 1
(a kitty of five: 3 each, 3, 4 each, 2, 3 each; the French Canadian kitty of
six: 3 each, 3, 3 each, 3, 4 each): the packets are the deck's own data.  Two
players then get their piles: five face-down cards each, then five face-up
cards each on top.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from engine.cards import Card
from engine.errors import DealCodeError
from engine.rng import MASK64, SplitMix64
from engine.rules import Rules

DEAL_VERSION: Final = 1
_CODE = re.compile(r"^(\d+)-(\d)-([0-9a-z]{1,13})$")


@dataclass(frozen=True)
class DealCode:
    """A deal's seed, dealer and format version; text ``1-<dealer>-<seed base 36>``."""

    seed: int
    dealer: int = 0
    version: int = DEAL_VERSION

    def __str__(self) -> str:
        return f"{self.version}-{self.dealer}-{_base36(self.seed)}"

    def __repr__(self) -> str:
        return f"DealCode.parse({str(self)!r})"

    @staticmethod
    def parse(text: str) -> DealCode:
        m = _CODE.match(text.strip().lower())
        if not m:
            raise DealCodeError(f"not a deal code: {text!r} (expected like 1-0-k3x9a)")
        version, dealer, seed = int(m[1]), int(m[2]), int(m[3], 36)
        if version != DEAL_VERSION:
            raise DealCodeError(f"deal code version {version} is not known (this is version "
                                f"{DEAL_VERSION})")
        if seed > MASK64:
            raise DealCodeError(f"deal code seed out of range: {text!r}")
        return DealCode(seed, dealer, version)


def _base36(n: int) -> str:
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    out = ""
    while True:
        n, r = divmod(n, 36)
        out = digits[r] + out
        if not n:
            return out


@dataclass(frozen=True)
class Deal:
    """The cards of one hand: each seat's hand, the kitty, and two players' piles.

    ``piles[player]`` holds five ``(face_down, face_up)`` pairs.
    """

    hands: tuple[tuple[Card, ...], ...]
    kitty: tuple[Card, ...]
    piles: tuple[tuple[tuple[Card, Card], ...], ...] = ()


def deal_cards(rules: Rules, code: DealCode) -> Deal:
    """Deal the cards for ``rules`` from a deal code.

    >>> from engine.rules import PRESETS
    >>> d = deal_cards(PRESETS["standard"], DealCode.parse("1-0-1"))
    >>> [len(h) for h in d.hands], len(d.kitty)
    ([10, 10, 10, 10], 3)
    """
    if not 0 <= code.dealer < rules.players:
        raise DealCodeError(f"dealer {code.dealer} is not a seat of {rules.players} players")
    cards = list(rules.deck.cards)
    SplitMix64(code.seed).shuffle(cards)
    n = rules.players
    order = [(code.dealer + 1 + i) % n for i in range(n)]
    hands: list[list[Card]] = [[] for _ in range(n)]
    kitty: list[Card] = []
    top = 0
    packets = rules.deck.packets
    for each, to_kitty in zip(packets[::2], packets[1::2]):
        for seat in order:
            hands[seat] += cards[top:top + each]
            top += each
        kitty += cards[top:top + to_kitty]
        top += to_kitty
    piles: tuple[tuple[tuple[Card, Card], ...], ...] = ()
    if rules.table.has_piles:
        down = {seat: cards[top + 5 * i: top + 5 * i + 5] for i, seat in enumerate(order)}
        up = {seat: cards[top + 10 + 5 * i: top + 15 + 5 * i] for i, seat in enumerate(order)}
        top += 20
        piles = tuple(tuple(zip(down[s], up[s])) for s in range(n))
    assert top == len(cards), "the deal must use every card"
    return Deal(tuple(tuple(h) for h in hands), tuple(kitty), piles)


deal = deal_cards
"""The old name of :func:`deal_cards` (web/app calls it so)."""
