"""The search: a boolean alpha-beta over single cards answering "can the
counted side take ``need`` of the tricks to come?", and the root it starts
from, which the solver moves by whole cards (``push``/``pop``).

At a trick start the transposition table's bounds may answer at once (the
exact position's, else its class's), then
the sure trump tricks and the quick tricks (``quick.py``); else the leads are
tried in order, a table entry's best move first, else the last lead that
settled a trick start as many tricks from the end with the same leader where
the first in order did not (a killer move).  Followers' ordered moves
are memoised (``Moves.follow_memo``).  The table and every function the loop
calls are local variables of the closures built here (:func:`nodes_of`), which
CPython reads faster than attributes: a trick start's node and a follower's,
the pieces a trick start calls once (its cut-offs, its leads), and no call more
a node (the last player's loop apart cost 6% in CPython).  Each answer
also says which cards' ranks it rests on (``rel``, where the solver keeps
classes of positions): where a trick's winner beat a card of its suit, the
lowest card of the winner's run of touching cards (it was played for the whole
run: resting on the winner alone, a lower card of the run is unproved, and the
tests hold a position where that gave a card a trick too many); the cards a
sure or quick trick was counted with; and those of the answers below it that it
needed.  A trick start's bound is kept for the class of positions that differ
only below them (``transposition``).
The last player of a trick reads the next trick start's table entry itself,
and the shape a table is keyed by is made card by card as they are played.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from engine.actions import ACTIONS, LEAD_JOKER_BASE, Action
from engine.cards import JOKER_ID

from bots.solver.board import Board, Root
from bots.solver.moves import NAMED, Moves
from bots.solver.quick import QuickTricks
from bots.solver.transposition import Entry, Tops, Transpositions


class SearchTimeout(Exception):
    """Raised inside a search when its deadline or its node limit passes."""


@dataclass(slots=True)
class Limits:
    """Nodes searched so far (counted in blocks of 4096) and when to stop."""

    deadline: float | None
    """A ``time.monotonic`` value, or none."""
    node_limit: int | None
    nodes: int = 0


class Search:
    """The search of one board from its root (:func:`nodes_of`), which the solver moves by whole
    cards."""

    probe: Callable[[int], bool]
    """Whether the counted side takes at least so many of the tricks to come."""
    searched: Callable[[], int]
    """The nodes searched so far, exactly."""

    def __init__(self, board: Board, moves: Moves, quick_tricks: QuickTricks,
                 transpositions: Transpositions, limits: Limits, misere_safe: Callable[[int], bool],
                 keep_classes: bool) -> None:
        """The search over ``board`` with these pieces, counting into ``limits``; ``keep_classes``:
        keep bounds for classes of positions too, where the board allows."""
        self._board = board
        self._stack: list[tuple[Root, int, int, int, int]] = []
        self.probe, self.searched = nodes_of(board, moves, quick_tricks, transpositions, limits,
                                             misere_safe, keep_classes)

    def push(self, m: int) -> None:
        """Play move ``m`` at the root."""
        b = self._board
        up, state, voids, under, pile, suit_of, power = (b.up, b.state, b.voids, b.under, b.pile,
                                                         b.suit_of, b.power)
        r = b.root
        pos, k = r.pos, r.k
        c = m & (NAMED - 1)
        card = b.bit[c]
        self._stack.append((Root(pos, k, r.led, r.wpos, r.wpow, r.tmask, r.left, r.extra),
                            up[pos], state[0], state[1], voids[pos]))
        up[pos] ^= card
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
            if (s == nled or s == b.trump) and power[c] > r.wpow:
                npos, npow = pos, power[c]
            else:
                npos, npow = r.wpos, r.wpow
            if b.track and s != nled:
                voids[pos] |= 1 << nled
        if k + 1 == b.nact:
            state[0] &= ~(r.tmask | card)
            r.pos, r.k, r.led, r.wpos, r.wpow, r.tmask = npos, 0, -1, -1, -1, 0
            r.left -= 1
            r.extra += b.count[npos]
        else:
            r.pos, r.k, r.led = b.nxt[pos], k + 1, nled
            r.wpos, r.wpow, r.tmask = npos, npow, r.tmask | card

    def pop(self) -> None:
        """Take back the last :meth:`push`."""
        saved, u, rem, led_set, v = self._stack.pop()
        b = self._board
        r = b.root
        r.pos, r.k, r.led, r.wpos, r.wpow = saved.pos, saved.k, saved.led, saved.wpos, saved.wpow
        r.tmask, r.left, r.extra = saved.tmask, saved.left, saved.extra
        b.up[r.pos] = u
        b.state[0], b.state[1] = rem, led_set
        b.voids[r.pos] = v

    def action(self, m: int) -> Action:
        """The engine's action for a move."""
        c = m & (NAMED - 1)
        card = self._board.card_of[c]
        if m >= NAMED:
            return ACTIONS[LEAD_JOKER_BASE + (card - JOKER_ID) * 4 + m // NAMED - 1]
        return ACTIONS[card]


def nodes_of(board: Board, moves: Moves, quick_tricks: QuickTricks,
             transpositions: Transpositions, limits: Limits, misere_safe: Callable[[int], bool],
             keep_classes: bool) -> tuple[Callable[[int], bool], Callable[[], int]]:
    """The search's nodes over ``board`` (closures over its tables): the probe from the root and
    the count of nodes searched (:class:`Search`)."""
    n, seg, suit_of, power = board.n, board.seg, board.suit_of, board.power
    bit, below = board.bit, board.below
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
    tt, classes, shape, shape_after, low, high, tops_of, cards_of, mask_of, lengths = transpositions
    lower = board.lower
    plain_key = relative and not keyed_led  # a trick start's key: (leader, shape)
    part = relative and keep_classes  # bounds kept for classes of positions too (``transposition``)
    rel = 0
    """The cards whose ranks the last answer of a node rests on (where ``part``)."""
    last_rel = 0
    """The same for the last answer of :func:`last_trick`."""
    # per tricks left and leader, the last lead that settled a trick start where the lead
    # ordered first did not: tried first where the table holds no best move (a killer move)
    killers = [-1] * ((root.left + 1) * n)
    plain_segs = [seg[s] for s in board.plain]
    fresh: list[Entry] = [(0, left, -1, (), ()) for left in range(root.left + 1)]
    """A trick start's entry before any search, by tricks left."""
    ticks = 4096

    def spend() -> None:
        """Count a block of nodes; past the deadline or the node limit, stop."""
        nonlocal ticks
        ticks = 4096
        limits.nodes += 4096
        if limits.node_limit is not None and limits.nodes > limits.node_limit:
            raise SearchTimeout
        if limits.deadline is not None and time.monotonic() > limits.deadline:
            raise SearchTimeout

    def class_bound(gkey: tuple[int, ...], sh: int, rem: int, need: int) -> int:
        """A bound kept for the class of a trick start's position that settles it: 1 made, 0
        not, -1 none (``rel``: what it rests on)."""
        nonlocal rel
        g = classes.get(gkey)
        if g is not None:
            for mask, by_shape in g.items():
                e = by_shape.get(sh & mask)
                if e is not None and (e[0] >= need or e[1] < need):
                    rel = cards_of(e[2], rem)
                    return int(e[0] >= need)
        return -1

    def keep_class(gkey: tuple[int, ...], sh: int, rem: int, left: int, made: bool, need: int,
                   tops: Tops) -> None:
        """Keep a trick start's new bound for its class of positions (``transposition``)."""
        g = classes.get(gkey)
        if g is None:
            g = classes[gkey] = {}
        mask = mask_of(tops, rem)
        by_shape = g.get(mask)
        if by_shape is None:
            by_shape = g[mask] = {}
        lb, ub, _ = by_shape.get(sh & mask, (0, left, tops))
        by_shape[sh & mask] = (max(lb, need), ub, tops) if made else (lb, min(ub, need - 1), tops)

    def last_trick(pos: int, need: int) -> bool:
        """Whether the counted side takes the last trick, ``pos`` leading (``need``: 1, or 0)."""
        nonlocal last_rel
        c = up[pos].bit_length() - 1
        cards = bit[c]
        led_ = suit_of[c]  # a led suitless joker wins whatever suit it names
        best, winner = power[c], pos
        p = nxt[pos]
        while p != pos:
            d = up[p].bit_length() - 1
            cards |= bit[d]
            sd = suit_of[d]
            if (sd == led_ or sd == trump) and power[d] > best:
                best, winner = power[d], p
            p = nxt[p]
        if part:  # where the winner beat a card of its suit: the best such card
            c = up[winner].bit_length() - 1
            beaten = cards & seg[suit_of[c]] & ~bit[c]
            last_rel = bit[beaten.bit_length() - 1] if beaten else 0
        return count[winner] >= need

    def trick_start(pos: int, left: int, need: int, sh: int) -> bool:
        """Whether the counted side takes ``need`` of the ``left`` tricks to come, ``pos`` to
        lead (``0 < need <= left``, ``left >= 2``); ``sh``: the :func:`shape` of the cards left
        (relative tables)."""
        nonlocal ticks, rel
        ticks -= 1
        if not ticks:
            spend()
        rem = state[0]
        key = (pos, sh) if relative else (pos, *up)
        if keyed_led:
            key = (*key, state[1], *voids) if track else (*key, state[1])
        ent = tt.get(key)
        if ent is None:
            ent = fresh[left]
        else:
            if ent[0] >= need:
                if part:
                    rel = cards_of(ent[3], rem)
                return True
            if ent[1] < need:
                if part:
                    rel = cards_of(ent[4], rem)
                return False
        gkey = None
        if part and left > 2:  # (two tricks from the end a search is cheaper than the classes)
            gkey = lengths(pos)
            if keyed_led:
                gkey = (*gkey, state[1], *voids) if track else (*gkey, state[1])
            known = class_bound(gkey, sh, rem, need)
            if known >= 0:
                return bool(known)
        best_move = ent[2]
        if misere_cut and misere_safe(pos):
            made, rel, need = 0, rem, 1  # safe: no trick at all, resting on every rank
        else:
            made = cut_off(pos, rem, left, need)
            if made < 0:
                m = leads(pos, rem, left, need, sh, best_move)
                made = maxer[pos] if m >= 0 else not maxer[pos]
                if m >= 0:
                    best_move = m
        tops = tops_of(rel, rem) if part else ()
        if made:
            tt[key] = (need, ent[1], best_move, tops, ent[4])
        else:
            tt[key] = (ent[0], need - 1, best_move, ent[3], tops)
        if gkey is not None:
            keep_class(gkey, sh, rem, left, bool(made), need, tops)
        return bool(made)

    def cut_off(pos: int, rem: int, left: int, need: int) -> int:
        """A trick start settled by sure trump tricks or by tricks the side on lead is sure of:
        1 made, 0 not, -1 neither (``rel``: what it rests on)."""
        nonlocal rel
        trump_run = 0  # the side's trump tricks that quick tricks leave alone
        t = rem & tseg
        if t and sure_on:
            theirs, ours, first = sure_tricks(t, rem)
            if ours >= need or left - theirs < need:
                rel = t  # resting on the trumps' ranks
                return int(ours >= need)
            if first != pos:  # else quick tricks cash the top trumps
                trump_run = ours if count[pos] else theirs
        if quick_on:
            goal = (need if count[pos] else left - need + 1) - trump_run
            if quick(pos, rem, goal) or entry(pos, rem, goal):
                if part:
                    rel = side_tops(pos, rem)
                return count[pos]
        return -1

    def side_tops(pos: int, rem: int) -> int:
        """What quick tricks rest on: the trumps and the suits whose top the side on lead holds."""
        out = rem & tseg
        for g in plain_segs:
            r = rem & g
            top = r.bit_length() - 1
            if r and maxer[next(p for p in range(n) if up[p] >> top & 1)] == maxer[pos]:
                out |= r
        return out

    def leads(pos: int, rem: int, left: int, need: int, sh: int, best_move: int) -> int:
        """The lead that settles a trick start for the side on lead, or -1 where none does
        (``rel``: what the answer rests on); tried first: the table's ``best_move``, else the
        killer move."""
        nonlocal rel
        moves = lead_moves(pos, rem, True)
        slot = left * n + pos
        if len(moves) > 1:
            moves = order_leads(pos, moves, rem)
            first = best_move if best_move >= 0 and best_move in moves else killers[slot]
            if first >= 0 and first in moves:
                moves.remove(first)
                moves.insert(0, first)
        is_max = maxer[pos]
        u = up[pos]
        led_set = state[1]
        on_pile = pile[pos]
        npos = nxt[pos]
        csh = 0
        acc = 0
        cut = -1
        for m in moves:
            c = m & (NAMED - 1)
            up[pos] = u ^ bit[c]
            if on_pile and under[c] >= 0:
                up[pos] |= 1 << under[c]
            nled = (m // NAMED - 1) if m >= NAMED else suit_of[c]
            if nled < 4:
                state[1] = led_set | (1 << nled)
            if relative:
                j = (rem & lower[c]).bit_count() + suit_of[c]
                csh = sh >> 4 & high[j] | sh & low[j]
            if follow(npos, 1, nled, pos, power[c], bit[c], left, need, csh) == is_max:
                cut = m
                acc = rel
                if m != moves[0]:
                    killers[slot] = m
                break
            acc |= rel
        up[pos] = u
        state[1] = led_set
        rel = acc
        return cut

    def follow(pos: int, k: int, led_: int, wpos: int, wpow: int, tmask_: int, left: int,
               need: int, sh: int) -> bool:
        """Whether the counted side takes ``need`` of the ``left`` tricks to come (the one in
        play included), ``pos`` following; ``sh``: the :func:`shape` of the cards left but those
        of the trick so far (made card by card as they are played, :func:`shape_after` inline).
        The last player reads the next trick start's table entry itself."""
        nonlocal ticks, rel
        ticks -= 1
        if not ticks:
            spend()
        rem = state[0]
        f = up[pos] & seg[led_]
        on_pile = pile[pos]
        beat = -1  # no threat to weigh: the last to play, a misère (else weighed below)
        if k + 1 < nact and quick_on and (on_pile or not f):
            beat = threat(pos, nact - k - 1, led_, wpos, wpow)
        if on_pile or not f:
            moves = reps(follow_cands(pos, led_), rem, on_pile)
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
            cur = rem & ~tmask_  # the cards ``sh`` holds
            csh = 0
            acc = 0
            for c in moves:
                up[pos] = u ^ bit[c]
                if on_pile and under[c] >= 0:
                    up[pos] |= 1 << under[c]
                s = suit_of[c]
                if relative:
                    j = (cur & lower[c]).bit_count() + s
                    csh = sh >> 4 & high[j] | sh & low[j]
                if (s == led_ or s == trump) and power[c] > wpow:
                    res = follow(npos, k + 1, led_, pos, power[c], tmask_ | bit[c], left, need,
                                 csh)
                else:
                    res = follow(npos, k + 1, led_, wpos, wpow, tmask_ | bit[c], left, need,
                                 csh)
                if res == is_max:
                    acc = rel
                    break
                acc |= rel
            else:
                res = not is_max
            rel = acc
        else:
            after = rem & ~tmask_  # the cards left but the trick's others: those ``sh`` holds
            acc = 0
            # the card winning so far (where ``rel`` is kept): the highest trump, else of the
            # suit led
            wcard = ((tmask_ & seg[trump]) or (tmask_ & seg[led_])).bit_length() - 1 if part else -1
            for c in moves:
                up[pos] = u ^ bit[c]
                if on_pile and under[c] >= 0:
                    up[pos] |= 1 << under[c]
                s = suit_of[c]
                if (s == led_ or s == trump) and power[c] > wpow:
                    w, wc = pos, c
                else:
                    w, wc = wpos, wcard
                trick_rel = 0  # where the winner beat a card of its suit: the lowest of its run
                if part and (tmask_ | bit[c]) & seg[suit_of[wc]] & ~bit[wc]:
                    held = up[w]  # the run's other cards, still held
                    b = rem & below[wc]
                    while b and held >> b.bit_length() - 1 & 1:
                        wc = b.bit_length() - 1
                        b ^= bit[wc]
                    trick_rel = bit[wc]
                rest = need - count[w]
                if rest <= 0:
                    res = True
                    rel = 0
                elif rest >= left:
                    res = False
                    rel = 0
                elif left == 2:
                    res = last_trick(w, rest)
                    rel = last_rel
                else:
                    nsh = 0
                    if relative:
                        j = (after & lower[c]).bit_count() + s
                        nsh = sh >> 4 & high[j] | sh & low[j]
                    ent = tt.get((w, nsh)) if plain_key else None  # the next trick start's entry
                    if ent is not None and (ent[0] >= rest or ent[1] < rest):
                        ticks -= 1  # it counts as the node it settles
                        if not ticks:
                            spend()
                        res = ent[0] >= rest
                        if part:
                            rel = cards_of(ent[3] if res else ent[4], after & ~bit[c])
                    else:
                        state[0] = after & ~bit[c]
                        res = trick_start(w, left - 1, rest, nsh)
                        state[0] = rem
                if res == is_max:
                    acc = rel | trick_rel
                    break
                acc |= rel | trick_rel
            else:
                res = not is_max
            rel = acc
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
        sh = shape_after(shape(), r.tmask, state[0]) if relative else 0
        if r.k == 0:
            return trick_start(r.pos, r.left, need, sh)
        return follow(r.pos, r.k, r.led, r.wpos, r.wpow, r.tmask, r.left, need, sh)

    def searched() -> int:
        return limits.nodes + 4096 - ticks

    return probe, searched
