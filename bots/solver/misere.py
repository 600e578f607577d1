"""A misere's trick start settled without searching it: the counted side (the bidder, or
the pair in a double nullo) safe for the rest of the hand.

It is safe when it holds no joker, each of its cards lies below every card the other
players hold in its suit, and, when it is on lead, the leader holds a suit they hold too: whatever
is led the others' card beats its own or it is void, so it never wins a trick, never
leads again, and what is left keeps the same order.  Cards of distinct powers and no
piles: not with the doubled deck or two players.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.cards import NO_SUIT

from bots.solver.board import Board


def misere_safe_of(board: Board) -> Callable[[int], bool]:
    """Whether the counted side takes no trick from a trick start on, ``pos`` to lead."""
    up, count, seg = board.up, board.count, board.seg
    ours_at = [p for p in range(board.n) if count[p] and board.active[p]]
    theirs_at = [p for p in range(board.n) if not count[p] and board.active[p]]
    jokers, plain = seg[NO_SUIT], seg[:NO_SUIT]

    def safe(pos: int) -> bool:
        ours = theirs = 0
        for p in ours_at:
            ours |= up[p]
        if ours & jokers:
            return False
        for p in theirs_at:
            theirs |= up[p]
        leads = count[pos]  # a counted leader needs a suit they hold too: their card beats its own
        for s in plain:
            mine = ours & s
            if mine:
                low = theirs & s
                low &= -low  # their lowest card of the suit
                if mine > low > 0:  # one of ours is above it
                    return False
                if low and up[pos] & s:
                    leads = 0
        return not leads

    return safe
