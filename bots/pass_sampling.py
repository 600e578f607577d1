"""Sampling the hidden cards of a double nullo, whose kitty pass moves cards between partners.

The caller took the kitty and passed its ``k`` discards to partner, who then put
``k`` back.  So the cards out of play are the partner's discards alone (the
caller's went to partner), and the caller's passed cards lie with partner or
among those discards.  :class:`PassSampler` places the unseen cards so (in
the play only, where the expert samples), then rebuilds a deal the history
replays on: the partner's first hand is its cards less those it was passed, the
caller's its cards and passed cards less a kitty.  Which cards were passed, where
the seat cannot know it, is any choice that replays: the play does not depend
on it.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.actions import Action, discard
from engine.cards import cards_of, mask_of
from engine.deal import Deal
from engine.hand import Hand, Phase
from engine.observation import Observation
from engine.rng import SplitMix64

from bots.sampling import Sampler


class PassSampler(Sampler):
    """A :class:`~bots.sampling.Sampler` for a double nullo in the play."""

    def __init__(self, obs: Observation,
                 model: Callable[[Observation], Action] | None = None) -> None:
        super().__init__(obs, model)
        assert obs.phase == Phase.PLAY and obs.contract is not None and obs.contract.passes_discards
        rules = obs.rules
        self.caller = obs.declarer
        self.partner = rules.table.partner_of(obs.declarer)
        n = self.n
        mine = mask_of(obs.discards)
        seen = 0
        for p in range(n):
            seen |= self.known[p] | self.played[p]
        if obs.seat != self.caller:
            seen |= mine  # the partner's own discards are out of play
        self.unseen = rules.deck.mask & ~seen
        self.room[n] = 0 if obs.seat == self.partner else rules.kitty_size
        self.allowed = self._constraints()
        if obs.seat == self.caller:  # the cards it passed: with partner, or put back by partner
            for c in cards_of(mine & self.unseen):
                self.allowed[c] &= 1 << self.partner | 1 << n
        self._passes: dict[Deal, tuple[int, int]] = {}

    def deal(self, placed: list[int], rng: SplitMix64) -> Deal:
        obs = self.obs
        caller, partner, n = self.caller, self.partner, self.n
        k = obs.rules.kitty_size
        hands = [self.known[p] | placed[p] | self.played[p] for p in range(self.players)]
        put_back = placed[n] | (mask_of(obs.discards) if obs.seat == partner else 0)
        with_partner = hands[partner] | put_back
        passed = mask_of(obs.discards) if obs.seat == caller else \
            mask_of(cards_of(with_partner)[:k])
        hands[partner] = with_partner & ~passed
        taken = hands[caller] | passed
        kitty = mask_of(obs.kitty) if obs.seat == caller else mask_of(cards_of(taken)[:k])
        hands[caller] = taken & ~kitty
        deal = Deal(tuple(tuple(cards_of(h)) for h in hands), tuple(cards_of(kitty)), ())
        self._passes[deal] = (passed, put_back)
        return deal

    def replay(self, deal: Deal) -> Hand:
        obs = self.obs
        passed, put_back = self._passes[deal]
        hidden = {self.caller: cards_of(passed), self.partner: cards_of(put_back)}
        hand = Hand(obs.rules, deal, obs.dealer)
        for seat, action in obs.history:
            hand.push(action if action is not None else discard(hidden[seat].pop()))
        return hand


def sampler_for(obs: Observation,
                model: Callable[[Observation], Action] | None = None) -> Sampler:
    """The sampler for this observation's hand: a double nullo's, or the usual one."""
    if obs.contract is not None and obs.contract.passes_discards:
        return PassSampler(obs, model)
    return Sampler(obs, model)
