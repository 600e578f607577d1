"""The exact-target probe: can the counted side end with exactly so many tricks against
best defence (a hi-lo is made by exactly five)?

A boolean search over single cards on the same board and moves as ``search.py``'s, with
its own goal: the counted side plays to take exactly the target, the others to miss it, so
a line is lost once the side has taken more than the target or can no longer reach it.
The quick tricks and sure trumps answer "at least" and do not apply; the table holds each
trick start's answer by the cards left, the suits led, the voids and the tricks still
needed.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from bots.solver.board import Board
from bots.solver.moves import NAMED, Moves
from bots.solver.search import Limits, SearchTimeout


def exact_of(board: Board, moves: Moves, limits: Limits) -> Callable[[int], bool]:
    """The probe "does the counted side take exactly ``need`` of the tricks to come?"
    over ``board`` from its root, counting its nodes into ``limits``."""
    seg, suit_of, power, bit = board.seg, board.suit_of, board.power, board.bit
    under, pile, nact, nxt, count, trump = (board.under, board.pile, board.nact, board.nxt,
                                            board.count, board.trump)
    up, state, voids, root, track = board.up, board.state, board.voids, board.root, board.track
    reps, lead_moves, follow_cands = moves.reps, moves.lead_moves, moves.follow_cands
    table: dict[tuple[int, ...], bool] = {}

    def node(pos: int, k: int, led_: int, wpos: int, wpow: int, tmask_: int, left: int,
             need: int) -> bool:
        """Whether the counted side takes exactly ``need`` of the ``left`` tricks to come
        (the one in play included)."""
        limits.nodes += 1
        if limits.node_limit is not None and limits.nodes > limits.node_limit:
            raise SearchTimeout
        if limits.deadline is not None and not limits.nodes & 1023 \
                and time.monotonic() > limits.deadline:
            raise SearchTimeout
        rem = state[0]
        wants = bool(count[pos])  # the counted side wants the target, the others not
        if k == 0:
            if need < 0 or need > left:
                return False
            if left == 0:
                return True
            key = (pos, need, rem, state[1], *up, *voids)
            known = table.get(key)
            if known is not None:
                return known
            result = not wants
            u, led_set = up[pos], state[1]
            for m in lead_moves(pos, rem, True):
                c = m & (NAMED - 1)
                up[pos] = u ^ bit[c]
                if pile[pos] and under[c] >= 0:
                    up[pos] |= bit[under[c]]
                nled = (m // NAMED - 1) if m >= NAMED else suit_of[c]
                if nled < 4:
                    state[1] = led_set | 1 << nled
                found = node(nxt[pos], 1, nled, pos, power[c], bit[c], left, need)
                up[pos], state[1] = u, led_set
                if found == wants:
                    result = wants
                    break
            table[key] = result
            return result
        u, void = up[pos], voids[pos]
        if track and not u & seg[led_]:
            voids[pos] = void | 1 << led_
        result = not wants
        for c in reps(follow_cands(pos, led_), rem, pile[pos]):
            up[pos] = u ^ bit[c]
            if pile[pos] and under[c] >= 0:
                up[pos] |= bit[under[c]]
            s = suit_of[c]
            w, wp = (pos, power[c]) if (s == led_ or s == trump) and power[c] > wpow \
                else (wpos, wpow)
            if k + 1 < nact:
                found = node(nxt[pos], k + 1, led_, w, wp, tmask_ | bit[c], left, need)
            else:
                state[0] = rem & ~(tmask_ | bit[c])
                found = node(w, 0, -1, -1, -1, 0, left - 1, need - count[w])
                state[0] = rem
            if found == wants:
                result = wants
                break
        up[pos], voids[pos] = u, void
        return result

    def probe(need: int) -> bool:
        r = root
        return node(r.pos, r.k, r.led, r.wpos, r.wpow, r.tmask, r.left, need)

    return probe
