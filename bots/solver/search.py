"""The search: a boolean alpha-beta over single cards answering "can the
counted side take ``need`` of the tricks to come?", and the root it starts
from, which the solver moves by whole cards (``push``/``pop``).

At a trick start the transposition table's bounds may answer at once, then
the sure trump tricks and the quick tricks (``quick.py``); else the leads are
tried in order, a table entry's best move first, else the last lead that
settled a trick start as many tricks from the end with the same leader where
the first in order did not (a killer move).  Followers' ordered moves
are memoised (``Moves.follow_memo``).  The table and every function the loop
calls are local variables of the closures built here: ``node`` is the hot
loop, and CPython reads a closure's cells faster than attributes.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import NamedTuple

from engine.actions import ACTIONS, LEAD_JOKER_BASE, Action
from engine.cards import JOKER_ID

from bots.solver.board import Board, Root
from bots.solver.moves import NAMED, Moves
from bots.solver.quick import QuickTricks
from bots.solver.transposition import Transpositions


class SearchTimeout(Exception):
    """Raised inside a search when its deadline or its node limit passes."""


@dataclass(slots=True)
class Limits:
    """Nodes searched so far (counted in blocks of 4096) and when to stop."""

    deadline: float | None
    """A ``time.monotonic`` value, or none."""
    node_limit: int | None
    nodes: int = 0


class Search(NamedTuple):
    """The search functions of one board (closures over its tables)."""

    probe: Callable[[int], bool]
    """Whether the counted side takes at least so many of the tricks to come."""
    push: Callable[[int], None]
    pop: Callable[[], None]
    action: Callable[[int], Action]
    """The engine's action for a move."""
    searched: Callable[[], int]
    """The nodes searched so far, exactly."""


def search_of(board: Board, moves: Moves, quick_tricks: QuickTricks,
              transpositions: Transpositions, limits: Limits,
              misere_safe: Callable[[int], bool]) -> Search:
    """The search over ``board`` with these pieces, counting into ``limits``."""
    n, seg, suit_of, power, card_of = board.n, board.seg, board.suit_of, board.power, board.card_of
    bit = board.bit
    under, pile, nact, nxt = board.under, board.pile, board.nact, board.nxt
    count, maxer, trump, tseg = board.count, board.maxer, board.trump, board.tseg
    track, keyed_led, quick_on = board.track, board.keyed_led, board.quick_on
    sure_on, relative, misere_cut = board.sure_on, board.relative, board.misere_cut
    up, state, voids, root = board.up, board.state, board.voids, board.root
    reps, lead_moves, follow_cands = moves.reps, moves.lead_moves, moves.follow_cands
    order_leads, order_follows, follow_memo = (moves.order_leads, moves.order_follows,
                                               moves.follow_memo)
    threat = moves.threat
    quick, entry, sure_tricks = quick_tricks
    tt, shape, shape_after = transpositions
    stack: list[tuple[Root, int, int, int, int]] = []
    # per tricks left and leader, the last lead that settled a trick start where the lead
    # ordered first did not: tried first where the table holds no best move (a killer move)
    killers = [-1] * ((root.left + 1) * n)
    ticks = 4096

    def last_trick(pos: int, need: int) -> bool:
        c = up[pos].bit_length() - 1
        led_ = suit_of[c]  # a led suitless joker wins whatever suit it names
        best, winner = power[c], pos
        p = nxt[pos]
        while p != pos:
            d = up[p].bit_length() - 1
            sd = suit_of[d]
            if (sd == led_ or sd == trump) and power[d] > best:
                best, winner = power[d], p
            p = nxt[p]
        return count[winner] >= need

    def node(pos: int, k: int, led_: int, wpos: int, wpow: int, tmask_: int,
             left: int, need: int, sh: int) -> bool:
        """Whether the counted side takes ``need`` of the ``left`` tricks to come;
        at a trick start ``0 < need <= left`` and ``left >= 2``.  ``sh`` is the
        :func:`shape` of the cards left at the trick start (relative tables)."""
        nonlocal ticks
        ticks -= 1
        if not ticks:
            ticks = 4096
            limits.nodes += 4096
            if limits.node_limit is not None and limits.nodes > limits.node_limit:
                raise SearchTimeout
            if limits.deadline is not None and time.monotonic() > limits.deadline:
                raise SearchTimeout
        rem = state[0]
        if k == 0:
            hint = -1
            lb, ub = 0, left
            key = (pos, sh) if relative else (pos, *up)
            if keyed_led:
                key = (*key, state[1], *voids) if track else (*key, state[1])
            ent = tt.get(key)
            if ent is not None:
                lb, ub, hint = ent
                if lb >= need:
                    return True
                if ub < need:
                    return False
            if misere_cut and misere_safe(pos):
                tt[key] = (lb, 0, hint)
                return False
            trump_run = 0  # the side's trump tricks that quick tricks leave alone
            t = rem & tseg
            if t and sure_on:
                theirs, ours, first = sure_tricks(t, rem)
                if ours >= need:
                    tt[key] = (need if need > lb else lb, ub, hint)
                    return True
                if left - theirs < need:
                    tt[key] = (lb, need - 1 if need - 1 < ub else ub, hint)
                    return False
                if first != pos:  # else quick tricks cash the top trumps
                    trump_run = ours if count[pos] else theirs
            if quick_on:  # tricks the side on lead is sure of, as a cut-off
                goal = (need if count[pos] else left - need + 1) - trump_run
                if quick(pos, rem, goal) or entry(pos, rem, goal):
                    if count[pos]:
                        tt[key] = (need if need > lb else lb, ub, hint)
                        return True
                    tt[key] = (lb, need - 1 if need - 1 < ub else ub, hint)
                    return False
            moves = lead_moves(pos, rem, True)
            slot = left * n + pos
            if len(moves) > 1:
                moves = order_leads(pos, moves, rem)
                first = hint if hint >= 0 and hint in moves else killers[slot]
                if first >= 0 and first in moves:
                    moves.remove(first)
                    moves.insert(0, first)
            is_max = maxer[pos]
            result = not is_max
            best_move = hint
            u = up[pos]
            led_set = state[1]
            on_pile = pile[pos]
            npos = nxt[pos]
            for m in moves:
                c = m & (NAMED - 1)
                up[pos] = u ^ bit[c]
                if on_pile and under[c] >= 0:
                    up[pos] |= 1 << under[c]
                nled = (m // NAMED - 1) if m >= NAMED else suit_of[c]
                if nled < 4:
                    state[1] = led_set | (1 << nled)
                if node(npos, 1, nled, pos, power[c], bit[c], left, need, sh) == is_max:
                    result = is_max
                    best_move = m
                    if m != moves[0]:
                        killers[slot] = m
                    break
            up[pos] = u
            state[1] = led_set
            if result:
                tt[key] = (need if need > lb else lb, ub, best_move)
            else:
                tt[key] = (lb, need - 1 if need - 1 < ub else ub, best_move)
            return result
        f = up[pos] & seg[led_]
        on_pile = pile[pos]
        beat = -1  # no threat to weigh: the last to play, a misère (else weighed below)
        if k + 1 < nact and quick_on and (on_pile or not f):
            beat = threat(pos, nact - k - 1, led_, wpos, wpow)
        if on_pile:
            moves = reps(follow_cands(pos, led_), rem, True)
            if len(moves) > 1:
                moves = order_follows(pos, moves, led_, wpos, wpow, beat)
        elif not f:
            moves = reps(follow_cands(pos, led_), rem, False)
            if len(moves) > 1:
                moves = order_follows(pos, moves, led_, wpos, wpow, beat)
        elif not f & (f - 1):
            moves = [f.bit_length() - 1]
        else:
            fkey = (f, rem & seg[led_], wpow if maxer[wpos] != maxer[pos] else -1, k)
            moves = follow_memo.get(fkey)  # type: ignore[assignment]
            if moves is None:
                if k + 1 < nact and quick_on:
                    beat = threat(pos, nact - k - 1, led_, wpos, wpow)
                moves = order_follows(pos, reps(f, rem, False), led_, wpos, wpow, beat)
                follow_memo[fkey] = moves
        is_max = maxer[pos]
        u = up[pos]
        void = voids[pos]
        if track and not f:
            voids[pos] = void | (1 << led_)
        if k + 1 < nact:
            npos = nxt[pos]
            for c in moves:
                up[pos] = u ^ bit[c]
                if on_pile and under[c] >= 0:
                    up[pos] |= 1 << under[c]
                s = suit_of[c]
                if (s == led_ or s == trump) and power[c] > wpow:
                    res = node(npos, k + 1, led_, pos, power[c], tmask_ | bit[c], left,
                               need, sh)
                else:
                    res = node(npos, k + 1, led_, wpos, wpow, tmask_ | bit[c], left,
                               need, sh)
                if res == is_max:
                    break
            else:
                res = not is_max
        else:
            after = rem & ~tmask_  # the cards left but the trick's others
            sh_after = -1  # their shape, made once a child needs it
            for c in moves:
                up[pos] = u ^ bit[c]
                if on_pile and under[c] >= 0:
                    up[pos] |= 1 << under[c]
                s = suit_of[c]
                w = pos if (s == led_ or s == trump) and power[c] > wpow else wpos
                rest = need - count[w]
                if rest <= 0:
                    res = True
                elif rest >= left:
                    res = False
                elif left == 2:
                    res = last_trick(w, rest)
                else:
                    state[0] = after & ~bit[c]
                    if relative and sh_after < 0:
                        sh_after = shape_after(sh, tmask_, rem)
                    res = node(w, 0, -1, -1, -1, 0, left - 1, rest,
                               shape_after(sh_after, bit[c], after) if relative else 0)
                    state[0] = rem
                if res == is_max:
                    break
            else:
                res = not is_max
        up[pos] = u
        voids[pos] = void
        return res

    def probe(need: int) -> bool:
        if limits.deadline is not None and time.monotonic() > limits.deadline:
            raise SearchTimeout
        r = root
        if r.k == 0:
            if need <= 0 or need > r.left:
                return need <= 0
            if r.left == 1:
                return last_trick(r.pos, need)
        return node(r.pos, r.k, r.led, r.wpos, r.wpow, r.tmask, r.left, need,
                    shape() if relative else 0)

    def push(m: int) -> None:
        r = root
        pos, k = r.pos, r.k
        c = m & (NAMED - 1)
        b = bit[c]
        stack.append((Root(pos, k, r.led, r.wpos, r.wpow, r.tmask, r.left, r.extra),
                      up[pos], state[0], state[1], voids[pos]))
        up[pos] ^= b
        if under[c] >= 0 and pile[pos]:
            up[pos] |= 1 << under[c]
        s = suit_of[c]
        if k == 0:
            nled = (m // NAMED - 1) if m >= NAMED else s
            if nled < 4:
                state[1] |= 1 << nled
            npos, npow = pos, power[c]
        else:
            nled = r.led
            if (s == nled or s == trump) and power[c] > r.wpow:
                npos, npow = pos, power[c]
            else:
                npos, npow = r.wpos, r.wpow
            if track and s != nled:
                voids[pos] |= 1 << nled
        if k + 1 == nact:
            state[0] &= ~(r.tmask | b)
            r.pos, r.k, r.led, r.wpos, r.wpow, r.tmask = npos, 0, -1, -1, -1, 0
            r.left -= 1
            r.extra += count[npos]
        else:
            r.pos, r.k, r.led = nxt[pos], k + 1, nled
            r.wpos, r.wpow, r.tmask = npos, npow, r.tmask | b

    def pop() -> None:
        saved, u, rem, led_set, v = stack.pop()
        r = root
        r.pos, r.k, r.led, r.wpos, r.wpow = saved.pos, saved.k, saved.led, saved.wpos, saved.wpow
        r.tmask, r.left, r.extra = saved.tmask, saved.left, saved.extra
        up[r.pos] = u
        state[0], state[1] = rem, led_set
        voids[r.pos] = v

    def action(m: int) -> Action:
        c = m & (NAMED - 1)
        if m >= NAMED:
            return ACTIONS[LEAD_JOKER_BASE + (card_of[c] - JOKER_ID) * 4 + m // NAMED - 1]
        return ACTIONS[card_of[c]]

    def searched() -> int:
        return limits.nodes + 4096 - ticks

    return Search(probe, push, pop, action, searched)
