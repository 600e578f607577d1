"""The transposition table: bounds on the counted side's tricks still to come
at trick starts, and the best move found there.

Where cards have distinct powers and there are no piles (a "relative" board),
the table is keyed by the leader and the :func:`shape` of the cards left: the
hands up to the ranks of the cards among those left, a number kept up to date
trick by trick, so positions that differ only in which low cards are gone
share an entry.  Else it is keyed by the exact cards.  Where the suits led so
far change what may be played (a joker led in no trumps), they key it too, and
the voids where a led joker's suit depends on them.  The search (``search.py``)
builds the keys inline: it is the hot loop.

On a relative board, where the solver is asked to (``Solver(classes=True)``:
the review's), a bound also holds for every position with the same
leader and as many cards of each suit in each hand that differs only below the
cards whose ranks it rests on (partition search, as in Ginsberg's GIB and
Haglund's DDS): where a trick's winner beat a card of its suit, a bound rests
on the lowest card of the winner's run of touching cards (the search played it
for the whole run; in the last trick, on the best card it beat), on every card
of the suits a sure or quick trick was counted in, and on
every card where a misère's bidder was found safe; in each suit its
:data:`Tops` are the cards down to the lowest of those.  Such a bound is kept in
a second table (``classes``), keyed by the leader and the suits' lengths in each
hand (and the suits led and voids, as above), under the part of the shape its
tops hold; the search looks there when the exact table has no answer.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from bots.solver.board import SUITS, Board

Tops = tuple[tuple[int, int], ...]
"""The cards a bound rests on: for each suit with any, (suit, how many of its cards left
from the top)."""
Entry = tuple[int, int, int, Tops, Tops]
"""Lower bound, upper bound, best move (``-1`` for none), the tops of each bound."""
Classes = dict[tuple[int, ...], dict[int, dict[int, tuple[int, int, Tops]]]]
"""Per leader and lengths (``lengths``), per mask of the shape, per shape under it: the lower
bound, the upper bound, and the tops they rest on (the mask's cards)."""


class Transpositions(NamedTuple):
    """The tables of one board and the functions of their keys (closures over its tables)."""

    table: dict[tuple[int, ...], Entry]
    classes: Classes
    shape: Callable[[], int]
    shape_after: Callable[[int, int, int], int]
    low: list[int]
    """The nibbles below the ``j``-th, as a mask (the search inlines :func:`shape_after` of one card)."""
    high: list[int]
    """The ``j``-th nibble and every one above it, as a mask."""
    tops_of: Callable[[int, int], Tops]
    cards_of: Callable[[Tops, int], int]
    mask_of: Callable[[Tops, int], int]
    lengths: Callable[[int], tuple[int, ...]]


def transpositions_of(board: Board) -> Transpositions:
    """Empty tables for ``board`` and the functions of their keys."""
    n, w, seg, up, state = board.n, board.w, board.seg, board.up, board.state
    suit_of, lower, below, bit = board.suit_of, board.lower, board.below, board.bit
    nibbles = range(len(lower) + SUITS)
    low = [(1 << 4 * j) - 1 for j in nibbles]
    high = [-1 << 4 * j for j in nibbles]
    from_top: dict[int, list[int]] = {}
    """A suit's cards left, shifted down to its first index: their indices from the top."""
    suits = [s for s in range(SUITS) if seg[s] & state[0]]
    segs = [seg[s] for s in suits]

    def shape() -> int:
        """The hands up to the ranks of played cards, as one number: per suit
        from the last, a marker nibble 8, then a nibble for each card left from
        the top, its holder (0 for a card in the trick)."""
        out = 0
        for s in range(SUITS - 1, -1, -1):
            out = out << 4 | 8
            r = state[0] & seg[s]
            while r:
                c = r.bit_length() - 1
                r ^= 1 << c
                out = out << 4 | next((p for p in range(n) if up[p] >> c & 1), 0)
        return out

    def shape_after(sh: int, played: int, rem: int) -> int:
        """``sh`` once the cards ``played`` (from ``rem``, the cards left) are gone."""
        while played:  # highest first, so the nibbles of those left to cut stay put
            c = played.bit_length() - 1
            played ^= bit[c]
            j = (rem & lower[c]).bit_count() + suit_of[c]  # c's nibble
            sh = sh >> 4 & high[j] | sh & low[j]
        return sh

    def tops_of(cards: int, rem: int) -> Tops:
        """The tops of a bound resting on the ranks of ``cards`` (of ``rem``, the cards left):
        in each suit, the cards left down to the lowest of them."""
        out = []
        for s in suits:
            x = cards & seg[s]
            if x:
                c = (x & -x).bit_length() - 1
                out.append((s, (rem & seg[s] & ~below[c]).bit_count()))
        return tuple(out)

    def cards_of(tops: Tops, rem: int) -> int:
        """The cards of ``rem`` the ranks of which ``tops`` rest on: the lowest of each suit's
        tops is enough (the tops of a bound found from it are the cards above it too)."""
        out = 0
        for s, k in tops:
            r = (rem & seg[s]) >> s * w
            order = from_top.get(r)
            if order is None:
                order = from_top[r] = [i for i in range(w - 1, -1, -1) if r >> i & 1]
            out |= 1 << s * w + order[k - 1]
        return out

    def mask_of(tops: Tops, rem: int) -> int:
        """The nibbles of the shape of ``rem`` the cards of ``tops`` take."""
        out = 0
        for s, k in tops:
            j = (rem & lower[(rem & seg[s]).bit_length() - 1]).bit_count() + s  # the suit's top
            out |= low[j + 1] ^ low[j + 1 - k]
        return out

    class HandLengths(dict[int, int]):
        """A hand's cards in each suit, a byte each, by the hand."""

        def __missing__(self, hand: int) -> int:
            out = 0
            for g in segs:
                out = out << 8 | (hand & g).bit_count()
            self[hand] = out
            return out

    of_hand = HandLengths().__getitem__

    def lengths(pos: int) -> tuple[int, ...]:
        """The leader and each hand's cards in each suit: a key of ``classes``."""
        return (pos, *map(of_hand, up))

    return Transpositions({}, {}, shape, shape_after, low, high, tops_of, cards_of, mask_of, lengths)
