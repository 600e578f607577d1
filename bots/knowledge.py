"""What one seat knows during the play, derived from its Observation alone.

:class:`Knowledge` tracks where the unseen cards can be (unseen cards minus
the suits each position has shown void in), who plays on whose side this
hand, and the state of the trick on the table.  Cards are bit masks of card
ids, as in the engine.
"""

from __future__ import annotations

from functools import lru_cache

from engine.cards import NO_SUIT, cards_of, mask_of
from engine.decks import Deck
from engine.observation import Observation
from engine.table import DECLARING, UNKNOWN
from engine.trumps import TrumpOrder, trump_order


@lru_cache(maxsize=None)
def above_masks(deck: Deck, trump: int, joker_suit: int = NO_SUIT) -> tuple[int, ...]:
    """For each card id, the deck's cards of the same effective suit with more power."""
    order = trump_order(deck, trump, joker_suit)
    out = [0] * len(order.power)
    for suit in order.masks:
        higher = 0
        for c in sorted(cards_of(suit), key=order.power.__getitem__, reverse=True):
            out[c] = higher
            higher |= 1 << c
    return tuple(out)


class Knowledge:
    """Facts a seat can derive from its observation during the play."""

    def __init__(self, obs: Observation) -> None:
        rules = obs.rules
        self.obs = obs
        self.n = n = rules.positions
        self.me = obs.position
        self.trump = NO_SUIT if obs.contract is None else obs.contract.denomination
        """The trump suit, ``NO_SUIT`` in no trumps, misere or with no contract."""
        self.order: TrumpOrder = trump_order(rules.deck, self.trump, obs.joker_suit)
        self.above = above_masks(rules.deck, self.trump, obs.joker_suit)
        self.mine = mask_of(obs.playable)
        known = [0] * n
        known[obs.seat] = mask_of(obs.hand)
        for s, up in enumerate(obs.piles_up):
            known[rules.players + s] = mask_of(up)
        if obs.exposed:
            known[obs.declarer] = mask_of(obs.exposed)
        played = mask_of(obs.trick_cards)
        for t in obs.tricks:
            played |= mask_of(t.cards)
        seen = played | mask_of(obs.discards)
        for k in known:
            seen |= k
        self.unseen = rules.deck.mask & ~seen
        masks = self.order.masks
        self.possible: list[int] = []
        for p in range(n):
            hidden = obs.held_counts[p] - known[p].bit_count()
            void = 0
            for s in range(4):  # a pile's voids say nothing of its face-down cards
                if obs.voids[p] >> s & 1 and p < rules.players:
                    void |= masks[s]
            self.possible.append(known[p] | (self.unseen & ~void if hidden > 0 else 0))
        self.team = _teams(obs)
        mine = self.team[self.me]
        self.ally = [mine != UNKNOWN and t == mine for t in self.team]
        self.opponents = [p for p in range(n) if obs.active[p] and not self.ally[p]]

    # --- the trick on the table ---------------------------------------------
    def winner(self) -> tuple[int, int]:
        """The position winning the current trick and its card, or (-1, -1)."""
        order, led = self.order, self.obs.led
        best, pos, card = -1, -1, -1
        for p, c in zip(self.obs.trick_positions, self.obs.trick_cards):
            s = order.suit[c]
            if (s == led or s == order.trump) and order.power[c] > best:
                best, pos, card = order.power[c], p, c
        return pos, card

    def beats(self, card: int, best: int) -> bool:
        """Would ``card`` beat ``best`` on the current trick?"""
        order = self.order
        s = order.suit[card]
        return (s == self.obs.led or s == order.trump) and order.power[card] > order.power[best]

    def later(self) -> list[int]:
        """Positions still to play to the current trick after this seat."""
        obs = self.obs
        start = obs.trick_positions[0] if obs.trick_positions else self.me
        out = []
        p = self.next_position(self.me)
        while p != start:
            out.append(p)
            p = self.next_position(p)
        return out

    def next_position(self, p: int) -> int:
        """The next active position clockwise."""
        active = self.obs.active
        q = (p + 1) % self.n
        while not active[q]:
            q = (q + 1) % self.n
        return q

    def led_suit(self, card: int) -> int:
        """The suit led to this trick, or that ``card`` would lead."""
        return self.obs.led if self.obs.led >= 0 else self.order.suit[card]

    def may_beat(self, p: int, card: int) -> bool:
        """Might position ``p`` hold a card that beats ``card`` on this trick?"""
        order, led = self.order, self.led_suit(card)
        poss = self.possible[p]
        if poss & self.above[card] & order.masks[led]:
            return True
        trumps = poss & order.masks[order.trump]
        if not trumps or led == order.trump or poss & order.masks[led]:
            return False
        if order.suit[card] != order.trump:
            return True
        return bool(trumps & self.above[card])

    def safe(self, card: int) -> bool:
        """Would ``card`` win the trick whatever the opponents still to play hold?"""
        return not any(self.may_beat(p, card) for p in self.later() if not self.ally[p])

    # --- cards outstanding ----------------------------------------------------
    def opponents_hold(self) -> int:
        """Every card some opponent may hold."""
        m = 0
        for p in self.opponents:
            m |= self.possible[p]
        return m

    def master(self, card: int) -> bool:
        """No opponent can hold a higher card of its effective suit."""
        return not self.above[card] & self.opponents_hold()

    def suit_of(self, card: int) -> int:
        return self.order.suit[card]

    def in_suit(self, mask: int, suit: int) -> int:
        return mask & self.order.masks[suit]

    def power(self, card: int) -> int:
        return self.order.power[card]

    def lowest(self, mask: int) -> int:
        """The card of least power in a non-empty mask."""
        return min(cards_of(mask), key=self.order.power.__getitem__)

    def highest(self, mask: int) -> int:
        return max(cards_of(mask), key=self.order.power.__getitem__)

    @property
    def declaring(self) -> bool:
        """Is this seat on the declaring side?"""
        return self.obs.declarer >= 0 and self.team[self.me] == DECLARING

    @property
    def misere(self) -> bool:
        """The declarer plays to take no more tricks: a misere, or a hi-lo once it has its five."""
        contract = self.obs.contract
        return contract is not None and (contract.is_misere or contract.is_hi_lo
                                         and not self.short_of_hi_lo)

    @property
    def short_of_hi_lo(self) -> bool:
        """A hi-lo whose bidder has fewer than its five tricks yet."""
        contract = self.obs.contract
        return (contract is not None and contract.is_hi_lo
                and self.obs.won[self.obs.declarer] < contract.tricks)

    def void_in(self, p: int, suit: int) -> bool:
        """Has position ``p`` shown void, or can it hold no card of the suit?"""
        return bool(self.obs.voids[p] >> suit & 1) or not self.possible[p] & self.order.masks[suit]


def _teams(obs: Observation) -> list[int]:
    """The team of each position as this seat knows it (with no contract, the scoring sides)."""
    table = obs.rules.table
    if obs.declarer < 0:
        return [table.side_of(c) for c in table.controller]
    return [obs.sides.team(p) for p in range(table.positions)]
