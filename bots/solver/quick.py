"""Bounds that settle a trick start without searching it.

Each player's trumps win a trick each but where the other side plays a higher
one (counted run by run from the top: :func:`QuickTricks.sure_tricks`); the
leader can cash top trumps, then top cards of plain suits while every player
who may ruff follows (``quick``), or lead to a partner's top cards
(``entry``).  Sure tricks and partners need cards of distinct powers: not
with the doubled deck.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from engine.cards import NO_SUIT

from bots.solver.board import Board


class QuickTricks(NamedTuple):
    """The quick-trick functions of one board (closures over its tables)."""

    quick: Callable[[int, int, int], bool]
    entry: Callable[[int, int, int], bool]
    sure_tricks: Callable[[int, int], tuple[int, int, int]]


def quick_tricks_of(board: Board) -> QuickTricks:
    """The quick-trick functions of ``board``."""
    n, seg, up, down, active, count = (board.n, board.seg, board.up, board.down,
                                       board.active, board.count)
    trump, plain, tseg, has_piles = board.trump, board.plain, board.tseg, board.has_piles

    def top_cards(mine: int, r: int) -> int:
        """How many of the highest cards ``r`` left in a suit ``mine`` holds in a row:
        those above the highest one ``mine`` lacks."""
        return (r >> (r & ~mine).bit_length()).bit_count()

    def quick(pos: int, rem: int, target: int) -> bool:
        """Whether the leader can cash ``target`` tricks from the top without
        losing the lead: top trumps, then top cards of plain suits, each only
        while every other player who may still hold a trump has to follow."""
        mine = up[pos]
        if not rem & tseg & ~mine:
            total = 0
            for s in range(4):
                r = rem & seg[s]
                if r and mine >> (r.bit_length() - 1) & 1:
                    total += top_cards(mine & r, r)
            return total >= target
        run = top_cards(mine & tseg, rem & tseg) if trump != NO_SUIT else 0
        if run >= target:
            return True
        tops = plain_tops(mine, rem)
        if run + sum(t for _, t in tops) < target:
            return False
        # Those who may ruff, by their face-up cards: a pile may turn up more
        # cards, but may also have thrown some away under the top trumps.
        rufflers = []
        for p in range(n):
            if p != pos and active[p]:
                t = (up[p] | (rem & down[p])) & tseg
                if t and (has_piles or t.bit_count() > run):
                    rufflers.append(up[p])
        spent = run if has_piles else 0
        for r, top in tops:
            top = unruffed(top, r, rufflers, spent)
            if top > 0:
                run += top
        return run >= target

    def plain_tops(mine: int, rem: int) -> list[tuple[int, int]]:
        """The plain suits whose highest card left ``mine`` holds: each suit's
        cards left and how many of its top cards ``mine`` holds in a row."""
        out = []
        for s in plain:
            r = rem & seg[s]
            if r and mine >> (r.bit_length() - 1) & 1:
                out.append((r, top_cards(mine & r, r)))
        return out

    def unruffed(top: int, r: int, rufflers: list[int], spent: int) -> int:
        """How many of ``top`` winners in the suit ``r`` cash before one of the
        hands ``rufflers`` (``spent`` of each one's cards there gone) runs out."""
        for u in rufflers:
            length = (u & r).bit_count() - spent
            if length < top:
                top = length
        return top

    # Partners to lead to (not with doubled cards: a twin played first would win).
    mates = [[q for q in range(n) if q != p and active[q] and count[q] == count[p]]
             for p in range(n)] if board.sure_on else [[] for _ in range(n)]

    def entry(pos: int, rem: int, target: int) -> bool:
        """Whether the leader can lead to a partner's top card of a plain suit,
        and the partner then cash ``target`` tricks from the top of the plain
        suits (that one included), each only while every other player who may
        hold a trump has to follow."""
        mine = up[pos]
        for q in mates[pos]:
            tops = plain_tops(up[q], rem)
            if not any(mine & r for r, _ in tops) or sum(t for _, t in tops) < target:
                continue
            rufflers = [up[p] for p in range(n)
                        if p != q and active[p] and (up[p] | (rem & down[p])) & tseg]
            total = 0
            reach = False
            for r, top in tops:
                top = unruffed(top, r, rufflers, 0)
                if top:
                    total += top
                    reach = reach or bool(mine & r)
            if reach and total >= target:
                return True
        return False

    sure_memo: dict[tuple[int, ...], tuple[int, int, int]] = {}

    def sure_tricks(t: int, rem: int) -> tuple[int, int, int]:
        """Tricks the trumps ``t`` left in play make for sure, for the other side
        and for the counted side, and who holds the highest.  A player's trumps
        each win a trick but where the other side plays a higher trump to it:
        taken run by run from the top."""
        if has_piles:
            hs = tuple([(up[p] | (rem & down[p])) & t for p in range(n)])
        else:
            hs = tuple(map(t.__and__, up))
        got = sure_memo.get(hs)
        if got is None:
            sure = [0, 0]
            above = [0, 0]  # trumps above the run, by side
            own = [0] * n
            first = -1
            while t:
                b = 1 << (t.bit_length() - 1)
                p = next((p for p in range(n) if hs[p] & b), -1)
                if p < 0:
                    break
                if first < 0:
                    first = p
                run = 0
                while t & b and hs[p] & b:
                    run += 1
                    t ^= b
                    b = 1 << (t.bit_length() - 1) if t else 0
                side = count[p]
                own[p] += run
                if own[p] - above[1 - side] > sure[side]:
                    sure[side] = own[p] - above[1 - side]
                above[side] += run
            got = sure_memo[hs] = (sure[0], sure[1], first)
        return got

    return QuickTricks(quick, entry, sure_tricks)
