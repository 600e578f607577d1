"""A misere's trick start settled without searching it: the counted side (the bidder, or
the pair in a double nullo) safe for the rest of the hand.

It is safe when it holds no joker and, in each suit, each counted player's cards lie
below the other players' (its lowest below their lowest, its second lowest below their
second lowest, and so on), and, when it is on lead, the leader holds a suit whose counted
cards all lie below all of theirs.  Whatever they lead, each counted player then has a
card below it (the highest such keeps the order), or is void and throws its highest card
of a suit: the counted side never wins a trick, so it never leads again.  Cards of
distinct powers and no piles: not with the doubled deck or two players.
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
        leads = count[pos]  # the counted side to lead: it needs a suit to lead into
        for s in plain:
            ours_s, theirs_s = ours & s, theirs & s
            if not ours_s:
                continue
            for p in ours_at:
                mine, their = up[p] & s, theirs_s
                while mine and their:  # its i-th lowest below their i-th lowest
                    low = their & -their
                    if mine & -mine > low:
                        return False
                    mine ^= mine & -mine
                    their ^= low
            if leads and up[pos] & s and theirs_s and ours_s < theirs_s & -theirs_s:  # all below theirs
                leads = 0
        return not leads

    return safe
