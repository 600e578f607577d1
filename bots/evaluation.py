"""Hand evaluation: tricks a hand is worth in each denomination, misere danger,
and the cards to put back in the kitty.

:func:`features` counts what a hand holds (joker, bowers, top cards, length,
voids); the fits at the end, measured on self-play for each table shape, turn
the counts into the tricks a side expects with an average partner and kitty.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from engine.bids import NO_TRUMPS
from engine.cards import JOKER_ID, NO_SUIT, SECOND_JOKER_ID, Card, cards_of, mask_of
from engine.decks import Deck
from engine.rules import Rules
from engine.trumps import TrumpOrder, trump_order

from bots.knowledge import above_masks

JOKERS: Final = (1 << JOKER_ID) | (1 << SECOND_JOKER_ID)
_RUFF_BONUS: Final = 0.5
"""Tricks a void is worth in the kitty discard when trumps are long (the
regression undervalues it: most forced contracts lack the trumps to ruff)."""


def _by_power(mask: int, power: tuple[int, ...]) -> list[int]:
    """Cards of a mask, strongest first."""
    return sorted(cards_of(mask), key=power.__getitem__, reverse=True)


@lru_cache(maxsize=None)
def _tops(deck: Deck, trump: int, joker_suit: int) -> tuple[tuple[int, ...], ...]:
    """Each effective suit's cards, strongest first (index ``NO_SUIT`` for jokers)."""
    order = trump_order(deck, trump, joker_suit)
    return tuple(tuple(_by_power(m, order.power)) for m in order.masks)


SUIT_FEATURES: Final = ("trumps", "joker", "right bower", "left bower", "ace of trumps",
                        "king of trumps", "side aces", "side ace-kings", "guarded side kings",
                        "voids", "singletons", "doubletons")
NT_FEATURES: Final = ("jokers", "aces", "ace-kings", "guarded kings", "guarded queens",
                      "long cards", "stopped suits", "voids")


def features(hand: int, deck: Deck, denomination: int,
             joker_suit: int = NO_SUIT) -> tuple[int, ...]:
    """What a hand holds that takes tricks in a denomination: the counts named
    by :data:`SUIT_FEATURES` (a trump suit) or :data:`NT_FEATURES` (no trumps,
    where a joker given a suit counts as that suit's top card)."""
    nt = denomination == NO_TRUMPS
    trump = NO_SUIT if nt else denomination
    tops = _tops(deck, trump, joker_suit)
    tops_held = tops_with_second = guarded_second = guarded_third = 0
    voids = singles = doubles = long_cards = stopped = 0
    for s in range(4):
        if s == trump:
            continue
        ladder = tops[s]
        length = sum(1 for c in ladder if hand >> c & 1)
        top = hand >> ladder[0] & 1
        second = hand >> ladder[1] & 1
        tops_held += top
        tops_with_second += top & second
        guarded_second += second & (not top) & (length >= 2)
        guarded_third += (hand >> ladder[2] & 1) & (length >= 3)
        stopped += top | (second & (length >= 2)) | ((hand >> ladder[2] & 1) & (length >= 3))
        voids += length == 0
        singles += length == 1
        doubles += length == 2
        long_cards += max(0, length - 4)
    if nt:
        jokers = sum(1 for c in tops[NO_SUIT] if hand >> c & 1)
        return (jokers, tops_held, tops_with_second, guarded_second, guarded_third, long_cards,
                stopped, voids)
    trumps = tops[trump]
    return (sum(1 for c in trumps if hand >> c & 1), *(hand >> c & 1 for c in trumps[:5]),
            tops_held, tops_with_second, guarded_second, voids, singles, doubles)


@dataclass(frozen=True)
class Fit:
    """A side's tricks as declarer: ``intercept + weights . features(hand)``,
    with ``sigma`` the spread of the actual result around it."""

    weights: tuple[float, ...]
    intercept: float
    sigma: float

    def tricks(self, x: tuple[int, ...]) -> float:
        return self.intercept + sum(w * v for w, v in zip(self.weights, x))


def no_trumps_fit(hand: int, deck: Deck) -> bool:
    """Joker discipline: no trumps only with the joker and two stopped suits, or
    all four suits stopped."""
    stopped = features(hand, deck, NO_TRUMPS)[6]
    return stopped >= 4 or bool(hand & JOKERS) and stopped >= 2


def sure_tricks(hand: int, deck: Deck, denomination: int) -> int:
    """Tricks the hand takes by itself: its trumps less the top three trumps it
    lacks, and its side aces (no trumps: jokers and aces)."""
    x = features(hand, deck, denomination)
    if denomination == NO_TRUMPS:
        return x[0] + x[1]
    return max(0, x[0] - 3 + x[1] + x[2] + x[3]) + x[6]


def fit_for(rules: Rules, denomination: int) -> Fit:
    """The fit for this table's shape (a kitty of five uses the kitty of three's)."""
    fits = FITS.get((rules.players, rules.team_size, rules.kitty_size)) or \
        FITS[rules.players, rules.team_size, 3]
    return fits[denomination == NO_TRUMPS]


def expected_tricks(rules: Rules, hand: int, denomination: int,
                    joker_suit: int = NO_SUIT) -> float:
    """Tricks a side expects declaring a denomination, from one hand, at this table."""
    return fit_for(rules, denomination).tricks(features(hand, rules.deck, denomination,
                                                        joker_suit))


def contract_discards(rules: Rules, hand: int, denomination: int, count: int) -> list[Card]:
    """The ``count`` cards to put back for a trick contract: the lowest cards of
    side suits but never an ace, choosing how many from each suit to keep the
    hand worth the most tricks (voids for ruffing)."""
    return ranked_discards(rules, hand, denomination, count)[0]


def ranked_discards(rules: Rules, hand: int, denomination: int, count: int) -> list[list[Card]]:
    """Ways to put back ``count`` cards for a trick contract, best first by
    :func:`contract_discards`'s value (ties in the order tried)."""
    trump = NO_SUIT if denomination == NO_TRUMPS else denomination
    order = trump_order(rules.deck, trump)
    suits = [s for s in range(4) if s != trump]
    tops = _tops(rules.deck, trump, NO_SUIT)
    ladders = [sorted(cards_of(hand & order.masks[s] & ~(1 << tops[s][0])),
                      key=order.power.__getitem__) for s in suits]
    ranked: list[tuple[float, int, list[Card]]] = []
    for i, split in enumerate(_splits(count, [len(x) for x in ladders])):
        out = [c for ladder, k in zip(ladders, split) for c in ladder[:k]]
        kept = hand & ~mask_of(out)
        value = expected_tricks(rules, kept, denomination) + _RUFF_BONUS * _ruffing_voids(
            kept, order)
        ranked.append((-value, i, out))
    plans = [out for _, _, out in sorted(ranked)] or [[]]
    if len(plans[0]) < count:  # too few other cards: shed the lowest of the rest too
        rest = sorted(cards_of(hand & ~mask_of(plans[0]) & ~JOKERS), key=order.power.__getitem__)
        plans = [plans[0] + rest[:count - len(plans[0])]]
    return plans


def _ruffing_voids(hand: int, order: TrumpOrder) -> int:
    """Side suits the hand is void in, as many as it has trumps to spare for
    ruffing them (beyond four to draw the opponents')."""
    if order.trump == NO_SUIT:
        return 0
    voids = sum(1 for s in range(4) if s != order.trump and not hand & order.masks[s])
    return min(voids, max(0, (hand & order.masks[order.trump]).bit_count() - 4))


def _splits(total: int, limits: list[int]) -> list[tuple[int, ...]]:
    """Ways to take ``total`` (or as many as there are) from piles of these sizes."""
    total = min(total, sum(limits))
    out: list[tuple[int, ...]] = [()]
    for limit in limits:
        out = [x + (k,) for x in out for k in range(min(limit, total - sum(x)) + 1)]
    return [x for x in out if sum(x) == total]


def misere_danger(hand: int, deck: Deck) -> float:
    """How likely the hand is to be forced to take a trick in misere (0 is safe).

    The ``i``-th lowest card of a suit (from 0) is safe while at most ``2i``
    cards of the suit rank below it: the defenders run out of lower cards
    before the hand runs out of cards to play under theirs.  The joker is
    the worst card of all.
    """
    order = trump_order(deck, NO_SUIT)
    above = above_masks(deck, NO_SUIT)
    danger = 4.0 * (hand & JOKERS).bit_count()
    for s in range(4):
        suit = order.masks[s]
        for i, c in enumerate(sorted(cards_of(hand & suit), key=order.power.__getitem__)):
            below = (suit & ~above[c] & ~(1 << c)).bit_count()
            danger += min(max(0, below - 2 * i - 1), 3)
    return danger


def misere_discards(hand: int, deck: Deck, count: int) -> list[int]:
    """The ``count`` most dangerous cards for a misere, chosen greedily."""
    out: list[int] = []
    for _ in range(count):
        rest = hand & ~mask_of(out)
        out.append(min(cards_of(rest), key=lambda c: misere_danger(rest & ~(1 << c), deck)))
    return out


def misere_fit(hand: int, deck: Deck, spare: int) -> float:
    """Danger left once the ``spare`` worst cards are discarded."""
    return misere_danger(hand & ~mask_of(misere_discards(hand, deck, spare)), deck)


# Fitted by least squares (light ridge) on self-play of the normal bot, per
# table shape (players, team size, kitty size) -> (trump suit, no trumps): a
# random seat forced to declare seven of each denomination, its side's tricks
# regressed on its hand's features; sigma is the spread of the tricks around
# the fit for hands worth a bid.
FITS: Final[dict[tuple[int, int, int], tuple[Fit, Fit]]] = {
    (4, 2, 5): (  # american
        Fit((0.52, 0.77, 0.54, 0.38, 0.29, 0.17, 0.51, 0.14, 0.16, 0.13, 0.18, 0.07), 3.61, 1.64),
        Fit((1.56, 0.65, 0.62, 0.61, 0.14, -0.10, -0.05, -0.06), 4.36, 1.51)),
    (3, 1, 3): (  # cutthroat
        Fit((0.87, 1.14, 0.59, 0.41, 0.11, 0.13, 0.73, 0.47, 0.33, 0.30, 0.10, -0.01), 0.03, 1.35),
        Fit((2.57, 1.04, 0.88, 0.71, 0.24, 0.31, -0.05, -0.02), 0.89, 1.38)),
    (5, 1, 3): (  # five-handed
        Fit((0.45, 0.59, 0.57, 0.17, 0.13, 0.22, 0.56, 0.44, 0.22, 0.23, 0.14, 0.02), 3.59, 1.49),
        Fit((0.96, 0.79, 0.75, 0.68, 0.31, 0.05, -0.10, -0.12), 4.41, 1.38)),
    (6, 3, 3): (  # six-handed
        Fit((0.30, 0.56, 0.43, 0.24, 0.27, 0.22, 0.34, 0.27, 0.11, 0.47, 0.39, 0.14), 3.80, 1.71),
        Fit((1.23, 0.58, 0.59, 0.43, 0.27, 0.02, -0.07, -0.03), 4.51, 1.49)),
    (6, 2, 3): (  # six-handed-pairs; intercepts raised by 0.5 from the fit (1.93, 2.18): with the
        # fit's, 88% of the sixes bid were made and 59% of hands thrown in; now about 70% and 24%
        Fit((0.44, 0.86, 0.41, 0.52, 0.23, 0.23, 0.55, 0.19, 0.17, 0.11, 0.10, -0.01), 2.43, 1.58),
        Fit((1.50, 0.90, 0.58, 0.64, 0.44, -0.06, -0.06, -0.16), 2.68, 1.50)),
    (4, 2, 3): (  # standard
        Fit((0.51, 0.74, 0.51, 0.27, 0.19, 0.20, 0.44, 0.21, 0.11, 0.12, 0.09, 0.02), 3.45, 1.60),
        Fit((1.48, 0.57, 0.57, 0.51, 0.10, -0.06, 0.02, -0.11), 4.05, 1.41)),
    (2, 1, 3): (  # two-handed
        Fit((0.56, 0.75, 0.60, 0.40, 0.24, 0.21, 0.56, 0.20, 0.17, 0.05, 0.15, -0.04), 1.66, 1.47),
        Fit((1.81, 0.84, 0.49, 0.57, 0.25, 0.16, -0.10, -0.93), 2.64, 1.44)),
}
