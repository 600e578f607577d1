"""The transposition table: bounds on the counted side's tricks still to come
at trick starts, and the best move found there.

An entry is ``(lower bound, upper bound, best move)``.  Where cards have
distinct powers and there are no piles (a "relative" board), the table is
keyed by the leader and the :func:`shape` of the cards left: the hands up to
the ranks of the cards among those left, a number kept up to date trick by
trick, so positions that differ only in which low cards are gone share an
entry.  Else it is keyed by the exact cards.  Where the suits led so far
change what may be played (a joker led in no trumps), they key it too, and
the voids where a led joker's suit depends on them.  The search
(``search.py``) builds the keys inline: it is the hot loop.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from bots.solver.board import SUITS, Board

Entry = tuple[int, int, int]
"""Lower bound, upper bound, best move (``-1`` for none)."""


class Transpositions(NamedTuple):
    """The table of one board and its keys' shapes (closures over its tables)."""

    table: dict[tuple[int, ...], Entry]
    shape: Callable[[], int]
    shape_after: Callable[[int, int, int], int]


def transpositions_of(board: Board) -> Transpositions:
    """An empty table for ``board`` and its shape functions."""
    n, seg, up, state = board.n, board.seg, board.up, board.state
    suit_of, lower, bit = board.suit_of, board.lower, board.bit
    nibbles = range(len(lower) + SUITS)
    low = [(1 << 4 * j) - 1 for j in nibbles]
    """The nibbles below the ``j``-th, as a mask."""
    high = [-1 << 4 * j for j in nibbles]
    """The ``j``-th nibble and every one above it, as a mask."""

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

    return Transpositions({}, shape, shape_after)
