"""Sampling the hidden cards: whole deals consistent with one seat's observation.

:class:`Sampler` reads only an :class:`~engine.observation.Observation` and
works out where each unseen card may be: in the hidden part of a position's
hand (never in a suit the position has shown void in; two players' face-down
pile cards are unconstrained), among the declarer's hidden discards, or in the
kitty during the auction.  A called card (five players) lies with the partner,
or with some seat other than the declarer; the declarer of a no-trump contract
or misere holds the joker exactly when it was given a suit-or-none choice; a
player who discarded instead of playing a forced joker in misere has none.

Each sample assigns the unseen cards at random to those places (most
constrained cards first, each to a place chosen in proportion to its room,
retrying on a dead end), then rebuilds a full engine :class:`~engine.hand.Hand`:
the initial deal (cards played put back, hidden discards as the kitty, piles
re-stacked so that every past pile play was possible, each in its place on the
table) and the public history
replayed with ``Hand.push``, hidden discards replaced by the sampled ones.
The rebuilt hand is at the same point as the observed one, with every card
known, ready for the solver.  Auction inferences weight the draws: with a
bidding model (a bot), deals on which the model would have bid as the other
seats did are preferred; without one, bidders are expected to hold trumps,
aces or (for misere) low cards.  What a call shows by its maker's convention
card (:mod:`bots.conventions`) holds in every deal: a partner who opened six no
trumps under Joker 6NT holds the joker.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.actions import JOKER_SUIT_BASE, Action, discard
from engine.bids import NO_TRUMPS, Bid
from engine.cards import (ACE, CARDS, JACK, JOKER_ID, NO_SUIT, SECOND_JOKER_ID, Card, cards_of, ids_of,
                          mask_of)
from engine.decks import Deck
from engine.deal import Deal
from engine.hand import Hand, Phase
from engine.observation import Observation, observe
from engine.rng import SplitMix64
from engine.trumps import trump_order

from bots import conventions

_RETRIES = 50
"""Random placements tried before a matching that finds one if any exists (and pile stackings)."""
_INFER_TRIES = 12
"""Deals drawn for one sample when fitting the auction."""
_HIGH = {d: mask_of(c for c in d.cards if c.is_joker or c.rank >= JACK) for d in Deck}
"""Cards a misere bidder would rather not hold: jacks and up, the joker."""
_TOPS = {d: mask_of(c for c in d.cards if c.is_joker or c.rank == ACE) for d in Deck}
"""The no-trump bidder's stoppers: aces and the joker."""


class Sampler:
    """Deals consistent with one observation; build once, sample many times."""

    def __init__(self, obs: Observation,
                 model: Callable[[Observation], Action] | None = None) -> None:
        self.obs = obs
        self.model = model
        """A bidding model for the auction inferences (see :meth:`fit`)."""
        rules = obs.rules
        n = rules.positions
        players = rules.players
        self.n, self.players = n, players
        played = [0] * n
        self.plays: list[list[int]] = [[] for _ in range(n)]
        for t in obs.tricks:
            for p, c in zip(t.positions, t.cards):
                played[p] |= 1 << c
                self.plays[p].append(c)
        for p, c in zip(obs.trick_positions, obs.trick_cards):
            played[p] |= 1 << c
            self.plays[p].append(c)
        self.played = played
        known = [0] * n
        known[obs.seat] = mask_of(obs.hand)
        for i, up in enumerate(obs.piles_up):
            known[players + i] = mask_of(up)
        if obs.exposed:
            known[obs.declarer] = mask_of(obs.exposed)
        self.known = known
        mine_declaring = obs.seat == obs.declarer
        hidden_discards = sum(1 for s, a in obs.history if a is None)
        seen = mask_of(obs.discards) | mask_of(obs.kitty)
        for p in range(n):
            seen |= known[p] | played[p]
        self.unseen = rules.deck.mask & ~seen
        # places: 0..n-1 the hidden part of each position, n the hidden discards,
        # n + 1 the kitty (auction only)
        room = [obs.held_counts[p] - known[p].bit_count() for p in range(n)]
        room.append(0 if mine_declaring else hidden_discards)
        room.append(rules.kitty_size if obs.phase == Phase.AUCTION else 0)
        self.room = room
        self.natural = self._constraints()
        """Places of each unseen card by the play alone, every call read as natural."""
        self.allowed = self._by_cards(self.natural)
        last: dict[int, Bid] = {}
        for seat, a in obs.history:
            if a is not None and a.bid is not None and seat != obs.seat:
                last[seat] = a.bid
        self.bids = [(seat, b) for seat, b in last.items() if self.room[seat] > 0]
        """Other seats' highest bids, for the auction inferences."""

    def _constraints(self) -> dict[int, int]:
        """For each unseen card, a bit mask of the places it may be in."""
        obs = self.obs
        rules = obs.rules
        n, players = self.n, self.players
        open_places = sum(1 << i for i, r in enumerate(self.room) if r > 0)
        contract = obs.contract
        trump = NO_SUIT if contract is None else contract.denomination
        self._order = order = trump_order(rules.deck, trump, obs.joker_suit)
        banned = [0] * (n + 2)
        for p in range(players):
            for s in range(4):
                if obs.voids[p] >> s & 1:
                    banned[p] |= order.masks[s]
        jokers = order.masks[NO_SUIT] if trump == NO_SUIT else 0
        misere = contract is not None and contract.is_misere
        if misere and rules.misere_joker_forced and jokers:
            for t in obs.tricks:
                for p, c in zip(t.positions[1:], t.cards[1:]):
                    if order.suit[c] != t.led and not jokers >> c & 1:
                        banned[p] |= jokers
        out: dict[int, int] = {}
        for c in cards_of(self.unseen):
            places = open_places
            for i in range(n + 2):
                if banned[i] >> c & 1:
                    places &= ~(1 << i)
            out[c] = places
        declarer = obs.declarer
        past_call = obs.phase in (Phase.JOKER, Phase.PLAY, Phase.OVER, Phase.BREACH)
        if contract is not None and contract.denomination == NO_TRUMPS and past_call:
            named = any(a is not None and a >= JOKER_SUIT_BASE for _, a in obs.history)
            for j in cards_of(rules.deck.mask & (1 << JOKER_ID | 1 << SECOND_JOKER_ID)):
                if j in out:
                    out[j] = (1 << declarer) if named else out[j] & ~(1 << declarer)
        called = obs.called
        if called is not None and called in out:
            if obs.partner >= 0:
                out[called] &= 1 << obs.partner
            else:
                out[called] &= ((1 << players) - 1) & ~(1 << declarer)
        return out

    def _by_cards(self, allowed: dict[int, int]) -> dict[int, int]:
        """``allowed`` narrowed by what the other seats' calls showed by their cards
        (:func:`bots.conventions.readings`): a card shown lies with its caller (or in
        the declarer's hidden discards), a card denied elsewhere (a declarer's denial
        ends with the kitty).  A call that breaks its card as this seat sees it (a
        card shown that the caller cannot hold, one denied that it played) reads as
        natural: it narrows nothing."""
        obs = self.obs
        out = dict(allowed)
        took_kitty = obs.declarer >= 0 and obs.phase != Phase.AUCTION
        for seat, shown in conventions.readings(obs.rules, obs.history):
            if seat == obs.seat:
                continue
            theirs = self.known[seat] | self.played[seat]
            if shown.denied & theirs:
                continue
            places = 1 << seat | (1 << self.n if took_kitty and seat == obs.declarer else 0)
            needed: list[int] = []
            for held in shown.held:
                if held & theirs:
                    continue
                options = [c for c in cards_of(held) if out.get(c, 0) & places]
                if not options:
                    break
                if len(options) == 1:
                    needed += options
            else:
                for c in needed:
                    out[c] &= places
                if not (took_kitty and seat == obs.declarer):
                    for c in cards_of(shown.denied & self.unseen):
                        out[c] &= ~(1 << seat)
        return out

    # --- sampling -------------------------------------------------------------
    def assign(self, rng: SplitMix64) -> list[int]:
        """Masks of the unseen cards placed in each place (see ``room``)."""
        items = list(self.allowed.items())
        for _ in range(_RETRIES):
            rng.shuffle(items)
            items.sort(key=lambda kv: kv[1].bit_count())
            got = self._try(items, rng)
            if got is not None:
                return got
        got = self._match(rng)
        if got is None and self.allowed is not self.natural:
            self.allowed = self.natural  # the calls' meanings clash: read them as natural
            return self.assign(rng)
        if got is None:
            raise ValueError("no deal is consistent with this observation")
        return got

    def _try(self, items: list[tuple[int, int]], rng: SplitMix64) -> list[int] | None:
        room = list(self.room)
        out = [0] * len(room)
        for c, places in items:
            total = 0
            for i in ids_of(places):
                total += room[i]
            if total == 0:
                return None
            x = rng.below(total)
            for i in ids_of(places):
                x -= room[i]
                if x < 0:
                    room[i] -= 1
                    out[i] |= 1 << c
                    break
        return out

    def _match(self, rng: SplitMix64) -> list[int] | None:
        """A consistent placement, or None if there is none: the cards matched to the places'
        room by augmenting paths, cards and places taken in a random order.  Its work grows
        with the cards times the places' links; a search placing card after card and
        backtracking took minutes on a tight five-handed position (38 million steps)."""
        allowed, room = self.allowed, self.room
        members: list[list[int]] = [[] for _ in room]

        seen = 0  # the places the path from the card being placed has visited

        def place(c: int) -> bool:
            """Put ``c`` in a place with room, moving cards already placed along a path."""
            nonlocal seen
            options = ids_of(allowed[c])
            rng.shuffle(options)
            for i in options:
                if seen >> i & 1 or not room[i]:
                    continue
                seen |= 1 << i
                if len(members[i]) < room[i]:
                    members[i].append(c)
                    return True
                for d in members[i]:
                    if place(d):
                        members[i].remove(d)
                        members[i].append(c)
                        return True
            return False

        cards = list(allowed)
        rng.shuffle(cards)
        for c in cards:
            seen = 0
            if not place(c):
                return None
        return [sum(1 << c for c in held) for held in members]

    def sample(self, rng: SplitMix64, infer: bool = True) -> Hand:
        """One complete hand consistent with the observation, at the same point.

        With ``infer``, deals that fit the auction badly are drawn less often:
        each draw is kept with the probability :meth:`fit` gives it, and after
        a few draws the best fit so far is taken."""
        if not infer or not self.bids and self.model is None:
            return self.replay(self.deal(self.assign(rng), rng))
        best: tuple[float, Deal | None] = (-1.0, None)
        for _ in range(_INFER_TRIES):
            deal = self.deal(self.assign(rng), rng)
            w = self.fit(deal)
            if rng.random() < w:
                return self.replay(deal)
            if w > best[0]:
                best = (w, deal)
        assert best[1] is not None
        return self.replay(best[1])

    def fit(self, deal: Deal) -> float:
        """How well a deal fits the other seats' bids and passes, in (0, 1].

        With a bidding ``model`` (a bot's choice from an auction observation):
        each call the model would not have made divides the fit by five.
        Without one, a suit bid wants trumps, a no-trump bid aces and the
        joker, a misere few high cards."""
        obs = self.obs
        if self.model is not None:
            w = 1.0
            hand = Hand(obs.rules, deal, obs.dealer)
            for seat, action in obs.history:
                if hand.phase != Phase.AUCTION or action is None:
                    break
                if seat != obs.seat and self.model(observe(hand, seat)) != action:
                    w *= 0.2
                hand.push(action)
            return w
        w = 1.0
        deck = obs.rules.deck
        for seat, bid in self.bids:
            cards = mask_of(deal.hands[seat])
            if bid.is_misere:
                high = cards & _HIGH[deck]
                w *= 0.5 ** max(0, high.bit_count() - 1)
            elif bid.denomination == NO_TRUMPS:
                tops = (cards & _TOPS[deck]).bit_count()
                w *= min(1.0, 0.5 ** (2 - tops))
            else:
                trumps = (cards & trump_order(deck, bid.denomination).masks[bid.denomination])
                w *= min(1.0, 0.5 ** (bid.tricks - 2 - trumps.bit_count()))
        return w

    # --- rebuilding a hand ------------------------------------------------------
    def deal(self, placed: list[int], rng: SplitMix64) -> Deal:
        """The initial deal behind these hidden placements: cards played put
        back, hidden discards as the kitty, the piles re-stacked."""
        obs = self.obs
        rules = obs.rules
        n, players = self.n, self.players
        held = [self.known[p] | placed[p] for p in range(n)]
        discards = mask_of(obs.discards) | placed[n]
        hands = [held[p] | self.played[p] for p in range(players)]
        kitty = placed[n + 1]
        if obs.declarer >= 0 and obs.phase != Phase.AUCTION:
            d = obs.declarer
            kitty = mask_of(obs.kitty) if obs.kitty else discards
            for c in cards_of(held[d])[:rules.kitty_size - kitty.bit_count()]:
                kitty |= 1 << c  # discarding still going on: any held cards will do
            hands[d] = (hands[d] | discards) & ~kitty
        piles = tuple(self._piles(p, placed[p], rng) for p in range(players, n))
        # the hidden discards last in the kitty: the replay takes them from the end
        kitty_cards = cards_of(kitty & ~placed[n]) + cards_of(placed[n])
        return Deal(tuple(tuple(cards_of(h)) for h in hands), tuple(kitty_cards), piles)

    def replay(self, deal: Deal) -> Hand:
        """The hand from this deal with the public history replayed, hidden
        discards replaced by the kitty's cards (the sampled discards)."""
        obs = self.obs
        hand = Hand(obs.rules, deal, obs.dealer)
        hidden = [c for c in deal.kitty if c not in obs.discards]
        for _, action in obs.history:
            if action is None:
                action = discard(hidden.pop())
            hand.push(action)
        return hand

    def _piles(self, p: int, down: int, rng: SplitMix64) -> tuple[tuple[Card, Card], ...]:
        """Five (face-down, face-up) pairs consistent with a pile position's plays.

        The observation tells which face-up cards still cover a face-down one;
        the rest of the stacking is drawn at random among those under which
        every past play was possible: a card is played only once face up, and
        no card of a suit the position did not follow was showing then."""
        obs = self.obs
        order = self._order
        plays = self.plays[p]
        finished = len(obs.tricks)
        when: list[int] = [i for i, t in enumerate(obs.tricks) if p in t.positions]
        if p in obs.trick_positions:
            when.append(finished)
        fails: list[list[int]] = [[] for _ in range(5)]
        tricks = [(t.positions, t.cards, t.led) for t in obs.tricks]
        tricks.append((obs.trick_positions, obs.trick_cards, obs.led))
        for i, (positions, cards, led) in enumerate(tricks):
            for k, (q, c) in enumerate(zip(positions, cards)):
                if q == p and k and order.suit[c] != led:
                    fails[led].append(i)

        strict = True  # stackings strictly consistent with the plays (else any that fits the table)

        def clear(c: int, first: int, last: int) -> bool:
            """No failure to follow the suit of ``c`` in tricks first..last."""
            return not strict or not any(first <= t <= last for t in fails[order.suit[c]])

        up = ids_of(self.known[p])
        downs = ids_of(down)
        rng.shuffle(downs)
        current = p in obs.trick_positions
        done = len(plays) - current
        budget = 0  # stacking steps left for the current choice of covering cards

        def roles(i: int, free: list[tuple[int, int]], pairs: list[tuple[int, int]],
                  turned: list[int]) -> list[tuple[int, int]] | None:
            """Decide, play by play, whether each finished play was a top or a down."""
            nonlocal budget
            budget -= 1
            if budget < 0:
                return None
            if i == done:
                return match(free, pairs, turned)
            c, t = plays[i], when[i]
            options: list[tuple[int, int] | None] = [None] if clear(c, 0, t - 1) else []
            options += [(top, tt) for top, tt in free if tt < t and clear(c, tt + 1, t - 1)]
            rng.shuffle(options)
            for o in options:
                if o is None:
                    got = roles(i + 1, free + [(c, t)], pairs, turned)
                else:
                    got = roles(i + 1, [f for f in free if f != o], pairs + [(c, o[0])], turned)
                if got is not None:
                    return got
            return None

        def match(free: list[tuple[int, int]], pairs: list[tuple[int, int]],
                  turned: list[int]) -> list[tuple[int, int]] | None:
            """Put each turned-up card under a top played before it showed."""
            if not turned:
                return pairs if not free else None
            c, rest = turned[0], turned[1:]
            options = [f for f in free if clear(c, f[1] + 1, finished)]
            rng.shuffle(options)
            for f in options:
                got = match([g for g in free if g != f], pairs + [(c, f[0])], rest)
                if got is not None:
                    return got
            return None

        covering = tuple(c for c in up
                         if c in obs.piles_covering[p - self.obs.rules.players])
        y = len(downs) - len(covering)  # 1: the card played to this trick lay on a down card
        turned = [c for c in up if c not in covering]
        base = list(zip(downs, covering))
        if y:
            base.append((downs[-1], plays[-1]))
        elif current:
            turned.append(plays[-1])
        # Strictly consistent stackings first; if the search gives up on them,
        # any stacking that leaves the table as it is now.
        for strict in (True, False):
            if y not in ((0, 1) if current else (0,)) or y and not clear(plays[-1], 0, finished - 1):
                continue
            budget = 2000
            got = roles(0, [], base, turned)
            if got is not None:
                return self._in_places(p, got)
        raise ValueError(f"no stacking of position {p}'s piles leaves them as they are")

    def _in_places(self, p: int, pairs: list[tuple[int, int]]) -> tuple[tuple[Card, Card], ...]:
        """The (face-down, face-up) pairs of a pile position in the places where the
        observation shows them: each pair goes where the table shows what it shows now."""
        up = self.known[p]
        current = p in self.obs.trick_positions

        def shows(down: int, top: int) -> tuple[int | None, bool]:
            if up >> top & 1:
                return top, True
            if up >> down & 1:
                return down, False
            return None, current and top == self.plays[p][-1]

        left = list(pairs)
        placed = []
        for place in self.obs.piles[p - self.players]:
            pair = next(q for q in left if shows(*q) == place)
            left.remove(pair)
            placed.append((CARDS[pair[0]], CARDS[pair[1]]))
        return tuple(placed)


