"""A double-dummy solver for the play phase: every card known, best play by all.

The position comes from an engine :class:`~engine.hand.Hand` in the play
phase (possibly mid-trick) and is copied into a compact form: each card gets
an index ``suit * W + rank`` where ``suit`` is its effective suit under
``hand.order`` (``NO_SUIT`` for a suitless joker) and ``rank`` its place by
trick power within that suit, so a hand is one bit mask and "the highest card
of a suit" is a ``bit_length``.  The rules (effective suits, powers, following,
the suitless joker, forced jokers in misere, two players' piles, partners
sitting out) come from the engine; :meth:`Solver.legal_actions` matches
``Hand.legal_actions`` and the tests check it.

The search answers "can the counted side take at least k tricks?" with a
boolean alpha-beta over single cards and a transposition table at trick
starts holding bounds on the tricks still to come.  Where cards have distinct
powers and there are no piles, the table is keyed by the ranks of the cards
among those left (a number kept up to date trick by trick, so positions that
differ only in which low cards are gone share an entry), else by the exact
cards.  Touching cards in one hand are searched once.  Before searching a
trick start, bounds may settle it: each player's trumps win a trick each but
where the other side plays a higher one (counted run by run from the top);
the leader can cash top trumps, then top cards of plain suits while every
player who may ruff follows, or lead to a partner's top cards; those tricks
add to the side's sure trump tricks when the leader does not hold the top
trump (sure tricks and partners need cards of distinct powers: no doubled
deck).  A table entry's best move is tried first; other leads go winners
first (top cards, leads to a partner's top card, suits only a partner can
ruff), then lowest first, suits an opponent can ruff last; followers try the
cheapest winner over an opponent, else their lowest cards.  Exact trick
counts come from a few such null-window probes.  In a misere the counted side
is the bidder and the defenders maximise its tricks (only the sure trump
tricks apply there).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable

from engine.actions import ACTIONS, LEAD_JOKER_BASE, Action
from engine.cards import JOKER_ID, NO_SUIT, ids_of
from engine.decks import Deck
from engine.hand import Hand, Phase
from engine.rules import JokerLead
from engine.trumps import joker_lead_suits, may_lead_joker

_SUITS = 5
_NAMED = 128
"""Joker leads are encoded as ``card + _NAMED * (named suit + 1)``."""
_TIER = 1 << 10
"""A step in lead ordering scores, above any card's power."""


class SearchTimeout(Exception):
    """Raised inside a search when its deadline or its node limit passes."""


class Solver:
    """Double-dummy values of one fully known position.

    ``counted`` lists the positions whose tricks are counted (default: the
    declaring side, the declarer alone in a misere, or position 0's side when
    everyone passed).  Values are the counted side's tricks at the end of the
    hand, tricks already won included.  ``deadline`` (a ``time.monotonic``
    value) makes long searches raise :class:`SearchTimeout`, and so does
    ``node_limit``, once the search has counted more nodes than that.
    """

    def __init__(self, hand: Hand, counted: Iterable[int] | None = None,
                 deadline: float | None = None, node_limit: int | None = None) -> None:
        if hand.phase != Phase.PLAY:
            raise ValueError("the solver needs a hand in the play phase")
        self.nodes = 0
        """Nodes searched, in blocks of 4096."""
        rules = hand.rules
        n = rules.positions
        contract = hand.contract
        misere = contract is not None and contract.is_misere
        if counted is None:
            counted = declaring_positions(hand)
        counted_set = set(counted)
        self.count = [1 if p in counted_set else 0 for p in range(n)]
        self.maxer = [bool(self.count[p]) != misere for p in range(n)]
        self.won = sum(hand.won[p] for p in counted_set)
        self.left = max(hand.held[p].bit_count() for p in range(n) if hand.active[p])
        """Tricks still to play, the current one included."""
        self._deadline = deadline
        self._node_limit = node_limit
        self._build(hand, misere)

    # --- public API -----------------------------------------------------------
    def can_take(self, target: int) -> bool:
        """Whether the counted side can end the hand with at least ``target`` tricks."""
        return self._probe_future(target - self.won - self._root[7])

    def tricks(self, guess: int | None = None) -> int:
        """The counted side's tricks at the end of the hand with best play."""
        base = self.won + self._root[7]
        return base + self._exact(guess - base if guess is not None else None, 0, 10)

    def legal_actions(self) -> list[Action]:
        """The legal plays now, as the engine's actions (sorted)."""
        return sorted(self._action(m) for m in self._root_moves())

    def values(self, low: int = 0, high: int = 10) -> dict[Action, int]:
        """The final tricks of the counted side after each legal play now, exact
        within ``low..high``: a value below ``low`` reads ``low - 1``, one above
        ``high`` reads ``high`` (a narrow window needs fewer probes)."""
        out: dict[Action, int] = {}
        guess: int | None = None
        for group in self._root_groups():
            self._push(group[0])
            try:
                base = self.won + self._root[7]
                v = base + self._exact(None if guess is None else guess - base,
                                       low - base, high - base)
            finally:
                self._pop()
            guess = v
            for m in group:
                out[self._action(m)] = v
        return out

    # --- internals ------------------------------------------------------------
    def _exact(self, guess: int | None, low: int = 0, high: int = 10) -> int:
        """Future counted tricks from the root state, by null-window probes,
        clipped to ``low - 1..high``."""
        lo, hi = max(low, 0), min(high, self._root[6])
        if lo > hi:
            return low - 1 if low > self._root[6] else high
        if guess is None:
            guess = (lo + hi + 1) // 2
        guess = min(max(guess, lo), hi)
        # Step from the guess: values are usually at or next to it.
        if self._probe_future(guess):
            while guess < hi and self._probe_future(guess + 1):
                guess += 1
            return guess
        guess -= 1
        while guess >= lo and not self._probe_future(guess):
            guess -= 1
        return guess

    def _build(self, hand: Hand, misere: bool) -> None:
        rules = hand.rules
        order = hand.order
        deck_cards = rules.deck.cards
        trump = order.trump
        groups = [sorted((c for c in deck_cards if order.suit[c] == s),
                         key=lambda c: (order.power[c], c)) for s in range(_SUITS)]
        w = max(len(g) for g in groups)
        size = _SUITS * w
        idx_of: dict[int, int] = {}
        card_of = [-1] * size
        suit_of = [NO_SUIT] * size
        power = [0] * size
        below = [0] * size
        seg = [((1 << w) - 1) << (s * w) for s in range(_SUITS)]
        for s, g in enumerate(groups):
            for r, card in enumerate(g):
                i = s * w + r
                idx_of[card] = i
                card_of[i] = card
                suit_of[i] = s
                power[i] = order.power[card]
                below[i] = seg[s] & ((1 << i) - 1)

        def compact(mask: int) -> int:
            out = 0
            while mask:
                low = mask & -mask
                out |= 1 << idx_of[low.bit_length() - 1]
                mask ^= low
            return out

        n = rules.positions
        players = rules.players
        under = [-1] * size
        down = [0] * n
        for top, bottom in hand.under.items():
            under[idx_of[top]] = idx_of[bottom]
        for p in range(players, n):
            for top, bottom in hand.under.items():
                if (hand.held[p] | _played_by(hand, p)) >> top & 1:
                    down[p] |= 1 << idx_of[bottom]
        up = [compact(hand.playable(p)) for p in range(n)]
        pile = [p >= players for p in range(n)]
        trick_pos = hand.trick_pos
        trick_cards = [idx_of[c] for c in hand.trick_cards]
        for p, c in zip(trick_pos, trick_cards):
            if under[c] >= 0 and pile[p]:
                up[p] |= 1 << under[c]
        tmask = 0
        for c in trick_cards:
            tmask |= 1 << c
        remaining = tmask
        for p in range(n):
            remaining |= compact(hand.held[p])
        active = hand.active
        nact = sum(active)
        nxt = list(hand.next_pos)
        count = self.count
        maxer = self.maxer
        jseg = seg[NO_SUIT] if trump == NO_SUIT else 0
        tseg = seg[trump]
        for p in range(n):
            if not active[p]:  # a partner sitting out a misere never plays
                tseg &= ~compact(hand.held[p])
        joker_any = rules.joker_lead == JokerLead.ANY
        forced = rules.misere_joker_forced and misere
        track = bool(jseg) and not joker_any
        keyed_led = bool(jseg)
        quick_on = not misere
        twins = rules.deck is Deck.DOUBLED
        """Cards of equal power: touching only with their twin, no sure tricks."""
        sure_on = not twins
        has_piles = rules.table.has_piles
        relative = sure_on and not has_piles
        tt: dict[tuple[int, ...], tuple[int, int, int]] = {}
        st = self
        ticks = 4096

        # root state: position to play, cards in the trick, led suit, winner
        win_pos, win_pow = -1, -1
        led = hand.led
        for p, c in zip(trick_pos, trick_cards):
            s = suit_of[c]
            if (s == led or s == trump) and power[c] > win_pow:
                win_pow, win_pos = power[c], p
        root = [hand.turn, len(trick_cards), led, win_pos, win_pow, tmask, self.left, 0]
        stack: list[tuple[list[int], int, int, int, int]] = []
        state = [remaining, hand.suits_led]
        voids = list(hand.voids)

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
                cands ^= 1 << c
                b = rem & below[c]
                while b:
                    d = b.bit_length() - 1
                    if not cands >> d & 1 or twins and power[d] != power[c]:
                        break
                    cands ^= 1 << d
                    b ^= 1 << d
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
                    out += [j + _NAMED * (s + 1) for s in suits]
            return out

        def follow_cands(pos: int, led_: int) -> int:
            mine = up[pos]
            f = mine & seg[led_]
            if f:
                return f
            if forced and mine & jseg:
                return mine & jseg
            return mine

        plain = [s for s in range(4) if s != trump]

        def top_cards(mine: int, r: int) -> int:
            """How many of the highest cards ``r`` left in a suit ``mine`` holds in a row."""
            run = 0
            while r:
                b = 1 << (r.bit_length() - 1)
                if not mine & b:
                    break
                run += 1
                r ^= b
            return run

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
                 for p in range(n)] if sure_on else [[] for _ in range(n)]

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

        lower = [below[i] | ((1 << (i - i % w)) - 1) for i in range(size)]

        def shape() -> int:
            """The hands up to the ranks of played cards, as one number: per suit
            from the last, a marker nibble 8, then a nibble for each card left from
            the top, its holder (0 for a card in the trick)."""
            out = 0
            for s in range(_SUITS - 1, -1, -1):
                out = out << 4 | 8
                r = state[0] & seg[s]
                while r:
                    c = r.bit_length() - 1
                    r ^= 1 << c
                    out = out << 4 | next((p for p in range(n) if up[p] >> c & 1), 0)
            return out

        def shape_after(sh: int, played: int, rem: int) -> int:
            """``sh`` once the cards ``played`` (from ``rem``, the cards left) are gone."""
            while played:
                c = played.bit_length() - 1
                played ^= 1 << c
                i = ((rem & lower[c]).bit_count() + suit_of[c]) << 2
                sh = (sh >> (i + 4)) << i | (sh & ((1 << i) - 1))
            return sh

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
                st.nodes += 4096
                if st._node_limit is not None and st.nodes > st._node_limit:
                    raise SearchTimeout
                if st._deadline is not None and time.monotonic() > st._deadline:
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
                if len(moves) > 1:
                    moves = order_leads(pos, moves, rem)
                    if hint >= 0 and hint in moves:
                        moves.remove(hint)
                        moves.insert(0, hint)
                is_max = maxer[pos]
                result = not is_max
                best_move = hint
                u = up[pos]
                led_set = state[1]
                on_pile = pile[pos]
                npos = nxt[pos]
                for m in moves:
                    c = m & (_NAMED - 1)
                    up[pos] = u ^ (1 << c)
                    if on_pile and under[c] >= 0:
                        up[pos] |= 1 << under[c]
                    nled = (m // _NAMED - 1) if m >= _NAMED else suit_of[c]
                    if nled < 4:
                        state[1] = led_set | (1 << nled)
                    if node(npos, 1, nled, pos, power[c], 1 << c, left, need, sh) == is_max:
                        result = is_max
                        best_move = m
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
            if on_pile:
                moves = reps(follow_cands(pos, led_), rem, True)
                if len(moves) > 1:
                    moves = order_follows(pos, moves, led_, wpos, wpow)
            elif not f:
                moves = reps(follow_cands(pos, led_), rem, False)
                if len(moves) > 1:
                    moves = order_follows(pos, moves, led_, wpos, wpow)
            elif not f & (f - 1):
                moves = [f.bit_length() - 1]
            else:
                fkey = (f, rem & seg[led_], wpow if maxer[wpos] != maxer[pos] else -1)
                moves = follow_memo.get(fkey)  # type: ignore[assignment]
                if moves is None:
                    moves = order_follows(pos, reps(f, rem, False), led_, wpos, wpow)
                    follow_memo[fkey] = moves
            is_max = maxer[pos]
            u = up[pos]
            void = voids[pos]
            if track and not f:
                voids[pos] = void | (1 << led_)
            if k + 1 < nact:
                npos = nxt[pos]
                for c in moves:
                    up[pos] = u ^ (1 << c)
                    if on_pile and under[c] >= 0:
                        up[pos] |= 1 << under[c]
                    s = suit_of[c]
                    if (s == led_ or s == trump) and power[c] > wpow:
                        res = node(npos, k + 1, led_, pos, power[c], tmask_ | 1 << c, left,
                                   need, sh)
                    else:
                        res = node(npos, k + 1, led_, wpos, wpow, tmask_ | 1 << c, left,
                                   need, sh)
                    if res == is_max:
                        break
                else:
                    res = not is_max
            else:
                for c in moves:
                    up[pos] = u ^ (1 << c)
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
                        played = tmask_ | 1 << c
                        state[0] = rem & ~played
                        res = node(w, 0, -1, -1, -1, 0, left - 1, rest,
                                   shape_after(sh, played, rem) if relative else 0)
                        state[0] = rem
                    if res == is_max:
                        break
                else:
                    res = not is_max
            up[pos] = u
            voids[pos] = void
            return res

        def order_leads(pos: int, moves: list[int], rem: int) -> list[int]:
            """Cashing winners and leads to a partner's winners first, then the rest,
            lowest first; a suit only a partner can ruff counts as a winner, one an
            opponent can ruff goes last."""
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
                c = m & (_NAMED - 1)
                if m >= _NAMED:
                    return -2 * _TIER
                s = suit_of[c]
                tier = 4 * _TIER if ruffs >> s & 1 else -2 * _TIER if mate_ruffs >> s & 1 else 0
                r = rem & seg[s]
                above = r & ~below[c] & ~(1 << c)
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

        follow_memo: dict[tuple[int, int, int], list[int]] = {}

        def cheapest_winner(moves: list[int], led_: int, wpow: int) -> list[int]:
            """The lowest card that beats ``wpow`` moved to the front (a new list)."""
            for i, c in enumerate(moves):
                if power[c] > wpow and (suit_of[c] == led_ or suit_of[c] == trump):
                    return [c] + moves[:i] + moves[i + 1:] if i else moves
            return moves

        def order_follows(pos: int, moves: list[int], led_: int, wpos: int,
                          wpow: int) -> list[int]:
            """Lowest first; against an opponent's winner, the cheapest winner first."""
            moves.sort(key=power.__getitem__)
            return moves if maxer[wpos] == maxer[pos] else cheapest_winner(moves, led_, wpow)

        def moves_at_root() -> list[int]:
            pos, k, led_ = root[0], root[1], root[2]
            if k == 0:
                return lead_moves(pos, state[0], False)
            return ids_of(follow_cands(pos, led_))

        def groups_at_root() -> list[list[int]]:
            pos, k, led_ = root[0], root[1], root[2]
            rem = state[0]
            if k == 0:
                mine = up[pos]
                full = ids_of(mine & ~(mine & jseg))
                heads = lead_moves(pos, rem, True)
            else:
                full = ids_of(follow_cands(pos, led_))
                heads = reps(follow_cands(pos, led_), rem, pile[pos])
            out = []
            for h in heads:
                if h >= _NAMED:
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

        def probe_future(need: int) -> bool:
            if st._deadline is not None and time.monotonic() > st._deadline:
                raise SearchTimeout
            pos, k, led_, wpos, wpow, tm, left, _ = root
            if k == 0:
                if need <= 0 or need > left:
                    return need <= 0
                if left == 1:
                    return last_trick(pos, need)
            return node(pos, k, led_, wpos, wpow, tm, left, need, shape() if relative else 0)

        def push(m: int) -> None:
            pos, k, led_, wpos, wpow, tm, left, extra = root
            c = m & (_NAMED - 1)
            bit = 1 << c
            stack.append((list(root), up[pos], state[0], state[1], voids[pos]))
            up[pos] ^= bit
            if under[c] >= 0 and pile[pos]:
                up[pos] |= 1 << under[c]
            s = suit_of[c]
            if k == 0:
                nled = (m // _NAMED - 1) if m >= _NAMED else s
                if nled < 4:
                    state[1] |= 1 << nled
                npos, npow = pos, power[c]
            else:
                nled = led_
                if (s == nled or s == trump) and power[c] > wpow:
                    npos, npow = pos, power[c]
                else:
                    npos, npow = wpos, wpow
                if track and s != nled:
                    voids[pos] |= 1 << nled
            if k + 1 == nact:
                state[0] &= ~(tm | bit)
                root[:] = [npos, 0, -1, -1, -1, 0, left - 1, extra + count[npos]]
            else:
                root[:] = [nxt[pos], k + 1, nled, npos, npow, tm | bit, left, extra]

        def pop() -> None:
            r, u, rem, led_set, v = stack.pop()
            root[:] = r
            up[r[0]] = u
            state[0], state[1] = rem, led_set
            voids[r[0]] = v

        def action(m: int) -> Action:
            c = m & (_NAMED - 1)
            if m >= _NAMED:
                return ACTIONS[LEAD_JOKER_BASE + (card_of[c] - JOKER_ID) * 4 + m // _NAMED - 1]
            return ACTIONS[card_of[c]]

        self._probe_future: Callable[[int], bool] = probe_future
        self._push: Callable[[int], None] = push
        self._pop: Callable[[], None] = pop
        self._root_moves: Callable[[], list[int]] = moves_at_root
        self._root_groups: Callable[[], list[list[int]]] = groups_at_root
        self._action: Callable[[int], Action] = action
        self._root = root


def _played_by(hand: Hand, position: int) -> int:
    """Cards a position has played so far (finished tricks and the current one)."""
    out = 0
    for t in hand.tricks:
        for p, card in zip(t.positions, t.cards):
            if p == position:
                out |= 1 << card
    for p, c in zip(hand.trick_pos, hand.trick_cards):
        if p == position:
            out |= 1 << c
    return out


def declaring_positions(hand: Hand, seat: int = 0) -> list[int]:
    """Positions whose tricks count for the declarer's side (for a hand everyone
    passed, ``seat``'s side)."""
    if hand.contract is None:
        table = hand.table
        return list(table.side_positions(table.side_of(seat)))
    return list(hand.sides.positions)
