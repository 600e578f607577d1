"""The solver's moves: the legal cards, one card per run of touching cards,
and the order the search tries them in.

A move is a card's index, or for a joker led in no trumps
``card + NAMED * (named suit + 1)``.  Leads go winners first (top cards,
leads to a partner's top card, suits only a partner can ruff), then lowest
first, suits an opponent can ruff last; followers try the cheapest card that
wins the trick for their side against the players still to come where their
side needs it (``threat``), else the cheapest winner over an opponent, else
their lowest cards.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple, Protocol

from engine.cards import ids_of
from engine.trumps import joker_lead_suits, may_lead_joker

from bots.solver.board import Board

NAMED = 128
"""Joker leads are encoded as ``card + NAMED * (named suit + 1)``."""
_TIER = 1 << 10
"""A step in lead ordering scores, above any card's power."""


class Reps(Protocol):
    def __call__(self, cands: int, rem: int, is_pile: bool) -> list[int]: ...


class LeadMoves(Protocol):
    def __call__(self, pos: int, rem: int, grouped: bool) -> list[int]: ...


class FollowCands(Protocol):
    def __call__(self, pos: int, led_: int) -> int: ...


class OrderLeads(Protocol):
    def __call__(self, pos: int, moves: list[int], rem: int) -> list[int]: ...


class OrderFollows(Protocol):
    def __call__(self, pos: int, moves: list[int], led_: int, wpos: int, wpow: int,
                 beat: int) -> list[int]: ...


class Threat(Protocol):
    def __call__(self, pos: int, later: int, led_: int, wpos: int, wpow: int) -> int: ...


class Moves(NamedTuple):
    """The move functions of one board: closures over its tables (the search reads them into
    its own; a class's methods cost it 5% in CPython), each typed by its signature."""

    reps: Reps
    """One card per run of touching cards, highest first."""
    lead_moves: LeadMoves
    """The leads of a position, grouped or every card; a joker once for each suit it names."""
    follow_cands: FollowCands
    """The cards a position may play to the suit led."""
    order_leads: OrderLeads
    """Leads in the order the search tries them (in place)."""
    order_follows: OrderFollows
    """Follows in the order the search tries them (in place, but in a misère)."""
    threat: Threat
    """The power a follower must beat to win the trick for its side, or -1."""
    follow_memo: dict[tuple[int, int, int, int], list[int]]
    """Ordered follows by (cards of the led suit held, of it left, an opponent's winning power,
    the place in the trick): the order made the first time, the later players' cards as they
    were then (an order is a guess: a stale one may cost nodes, never a value)."""
    at_root: Callable[[], list[int]]
    """Every legal move at the root, unordered, touching cards apart."""
    groups_at_root: Callable[[], list[list[int]]]
    """The legal moves at the root in runs of touching cards, each headed by the one searched."""


def moves_of(board: Board) -> Moves:
    """The move functions of ``board``."""
    n, seg, suit_of, power, below = board.n, board.seg, board.suit_of, board.power, board.below
    bit, by_power = board.bit, board.power.__getitem__
    up, pile, active, maxer = board.up, board.pile, board.active, board.maxer
    trump, plain, tseg, jseg = board.trump, board.plain, board.tseg, board.jseg
    joker_any, forced, twins = board.joker_any, board.forced, board.twins
    state, voids, root = board.state, board.voids, board.root
    misere = not board.quick_on  # nobody wants a trick: every seat ducks

    def reps(cands: int, rem: int, is_pile: bool) -> list[int]:
        """One card per run of touching cards (highest first), a new list.
        With doubled cards only twins touch: a card tying with a twin held
        elsewhere does not play like the one below it."""
        if not cands & (cands - 1):
            return [cands.bit_length() - 1] if cands else []
        if is_pile:
            return ids_of(cands)[::-1]
        out = []
        while cands:
            c = cands.bit_length() - 1
            out.append(c)
            cands ^= bit[c]
            b = rem & below[c]
            while b:
                d = b.bit_length() - 1
                if not cands & bit[d] or twins and power[d] != power[c]:
                    break
                cands ^= bit[d]
                b ^= bit[d]
        return out

    def lead_moves(pos: int, rem: int, grouped: bool) -> list[int]:
        mine = up[pos]
        jk = mine & jseg
        cands = mine & ~jk
        if grouped:
            out = reps(cands, rem, pile[pos])
        else:
            out = ids_of(cands)
        if jk and may_lead_joker(state[1], cands):
            suits = joker_lead_suits(joker_any, voids[pos])
            for j in ids_of(jk):
                out += [j + NAMED * (s + 1) for s in suits]
        return out

    def follow_cands(pos: int, led_: int) -> int:
        mine = up[pos]
        f = mine & seg[led_]
        if f:
            return f
        if forced and mine & jseg:
            return mine & jseg
        return mine

    def order_leads(pos: int, moves: list[int], rem: int) -> list[int]:
        """Cashing winners and leads to a partner's winners first, then the rest,
        lowest first; a suit only a partner can ruff counts as a winner, one an
        opponent can ruff goes last.  In a misère: lowest first."""
        if misere:
            moves.sort(key=lambda m: power[m & (NAMED - 1)])
            return moves
        side = maxer[pos]
        ruffs = 0  # plain suits an opponent can ruff
        mate_ruffs = 0  # plain suits a partner can ruff
        for p in range(n):
            if p != pos and active[p] and up[p] & tseg:
                for s in plain:
                    if not up[p] & seg[s]:
                        if maxer[p] != side:
                            ruffs |= 1 << s
                        else:
                            mate_ruffs |= 1 << s

        def score(m: int) -> int:
            c = m & (NAMED - 1)
            if m >= NAMED:
                return -2 * _TIER
            s = suit_of[c]
            tier = 4 * _TIER if ruffs >> s & 1 else -2 * _TIER if mate_ruffs >> s & 1 else 0
            r = rem & seg[s]
            above = r & ~below[c] & ~bit[c]
            if not above:
                return tier - 2 * _TIER + power[c]
            top = above.bit_length() - 1
            for p in range(n):
                if up[p] >> top & 1:
                    if p != pos and maxer[p] == side:
                        return tier - _TIER
                    break
            return tier + power[c]
        moves.sort(key=score)
        return moves

    def cheapest_winner(moves: list[int], led_: int, wpow: int) -> bool:
        """Whether a card of ``moves`` beats ``wpow``; the lowest that does moved to the
        front (in place)."""
        for i, c in enumerate(moves):
            if power[c] > wpow and (suit_of[c] == led_ or suit_of[c] == trump):
                if i:
                    moves.insert(0, moves.pop(i))
                return True
        return False

    nxt = board.nxt

    def threat(pos: int, later: int, led_: int, wpos: int, wpow: int) -> int:
        """The power a card of ``pos`` must beat to win the trick for its side against the
        players still to come (``later`` of them): the winner's if an opponent's, and the
        best card a later opponent may play (its top card of the led suit, else its top
        trump); -1 where the side's winner already beats every later opponent, or a later
        partner can beat them all."""
        side = maxer[pos]
        opp = mate = -1
        p = pos
        for _ in range(later):
            p = nxt[p]
            held = up[p]
            f = held & seg[led_]
            if not f:
                f = held & tseg
            if f:
                top = power[f.bit_length() - 1]
                if maxer[p] == side:
                    if top > mate:
                        mate = top
                elif top > opp:
                    opp = top
        if maxer[wpos] == side:
            return -1 if wpow > opp or mate > opp else opp
        beat = wpow if wpow > opp else opp
        return -1 if mate > beat else beat

    def order_follows(pos: int, moves: list[int], led_: int, wpos: int, wpow: int,
                      beat: int) -> list[int]:
        """Lowest first; where the side must win the trick itself (``beat``: :func:`threat`),
        the cheapest card that beats every later opponent first, else the cheapest winner
        over an opponent's winner.  In a misère the highest card that ducks the winner
        first, then the lower, then the cards that win."""
        moves.sort(key=by_power)
        if misere:
            wins = [power[c] > wpow and (suit_of[c] == led_ or suit_of[c] == trump) for c in moves]
            return [c for c, w in zip(moves[::-1], wins[::-1]) if not w] + [c for c, w in zip(moves, wins) if w]
        if beat < 0 or not cheapest_winner(moves, led_, beat):
            if maxer[wpos] != maxer[pos]:
                cheapest_winner(moves, led_, wpow)
        return moves

    def at_root() -> list[int]:
        """Every legal move at the root, unordered, touching cards apart."""
        if root.k == 0:
            return lead_moves(root.pos, state[0], False)
        return ids_of(follow_cands(root.pos, root.led))

    def groups_at_root() -> list[list[int]]:
        """The legal moves at the root in runs of touching cards, each run a
        list headed by the card the search plays for it."""
        pos = root.pos
        rem = state[0]
        if root.k == 0:
            mine = up[pos]
            full = ids_of(mine & ~(mine & jseg))
            heads = lead_moves(pos, rem, True)
        else:
            full = ids_of(follow_cands(pos, root.led))
            heads = reps(follow_cands(pos, root.led), rem, pile[pos])
        out = []
        for h in heads:
            if h >= NAMED:
                out.append([h])
                continue
            grp = [h]
            if not pile[pos]:
                b = rem & below[h]
                while b:
                    d = b.bit_length() - 1
                    if d not in full or twins and power[d] != power[h]:
                        break
                    grp.append(d)
                    b ^= 1 << d
            out.append(grp)
        return out

    return Moves(reps, lead_moves, follow_cands, order_leads, order_follows, threat, {},
                 at_root, groups_at_root)
