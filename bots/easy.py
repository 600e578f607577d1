"""The easy bot: a beginner's partner, loose but never absurd.

It bids only with real strength (counted simply: trumps, top trumps, aces;
never misere, no trumps only with the joker; a blind misere only as the normal
bot does, when the scores make it desperate), plays high to win and low
when partner is winning, does not trump partner's winner, saves the joker
when partner plays after it, and remembers nothing but the trick on the
table.
"""

from __future__ import annotations

from engine.actions import ACTIONS, ALONE, LEAD_JOKER_BASE, PASS, discard, joker_suit
from engine.bids import NO_TRUMPS
from engine.cards import ACE, CARDS, JACK, NO_SUIT, SUIT_NAMES, card, cards_of, mask_of
from engine.hand import Phase
from engine.observation import Observation
from engine.trumps import trump_order

from bots.blind_misere import blind_call
from bots.evaluation import JOKERS
from bots.knowledge import Knowledge
from bots.protocol import Bot, Decision


def simple_count(hand: int, obs: Observation, denomination: int) -> float:
    """A beginner's trick count: trumps, half more for each top trump, side aces,
    and one for partner and kitty."""
    rules = obs.rules
    trump = NO_SUIT if denomination == NO_TRUMPS else denomination
    order = trump_order(rules.deck, trump)
    aces = sum(1 for s in range(4) if s != trump and hand >> card(s, ACE) & 1)
    if denomination == NO_TRUMPS:
        return (hand & JOKERS).bit_count() + 1.5 * aces + 1
    trumps = hand & order.masks[trump]
    top = cards_of(JOKERS) + [card(trump, JACK), card(trump ^ 1, JACK), card(trump, ACE)]
    return trumps.bit_count() + 0.5 * sum(1 for c in top if hand >> c & 1) + aces + 1


class EasyBot(Bot):
    """Plays by a handful of beginner's rules."""

    level = "easy"

    def decide(self, obs: Observation) -> Decision:
        phase = obs.phase
        if phase == Phase.AUCTION:
            return self._bid(obs)
        if phase == Phase.DISCARD:
            return self._discard(obs)
        if phase == Phase.CALL:
            return self._call(obs)
        if phase == Phase.JOKER:
            return Decision(joker_suit(NO_SUIT), "keep the joker without a suit")
        if phase == Phase.BREACH:
            return Decision(PASS, "pass: leave breach calls to stronger players")
        return self._play(obs)

    def _bid(self, obs: Observation) -> Decision:
        blind = blind_call(obs)  # before looking at the cards
        if blind is not None:
            return blind
        hand = mask_of(obs.hand)
        noise = self.rng.random() - 0.5
        counts = [simple_count(hand, obs, d) + noise for d in range(5)]
        if not hand & JOKERS:
            counts[NO_TRUMPS] = 0.0
        d = max(range(5), key=counts.__getitem__)
        level = min(8, int(counts[d] - 0.5))
        bids = [a for a in obs.legal_actions if (b := a.bid) is not None and b.is_trick_bid
                and b.denomination == d and b.tricks <= level
                and not obs.rules.is_inkle(b)]
        if bids:
            a = max(bids)
            return Decision(a, f"{a.name}: you count {counts[d]:.0f} tricks")
        return Decision(PASS, "pass: not enough tricks for a bid")

    def _discard(self, obs: Observation) -> Decision:
        contract = obs.contract
        assert contract is not None
        trump = NO_SUIT if contract.denomination == NO_TRUMPS else contract.denomination
        order = trump_order(obs.rules.deck, trump)
        if contract.is_misere:  # its blind misere, a partner's double nullo: keep the low cards
            c = max(obs.hand, key=lambda x: (order.power[x], x))
            return Decision(discard(c), f"put back the {c.name}, a high card")
        side = [c for c in obs.hand if order.suit[c] != trump and not 1 << c & JOKERS]
        c = min(side or obs.hand, key=lambda x: (order.power[x], x))
        return Decision(discard(c), f"put back the {c.name}, a low card")

    def _call(self, obs: Observation) -> Decision:
        contract = obs.contract
        assert contract is not None
        trump = NO_SUIT if contract.denomination == NO_TRUMPS else contract.denomination
        order = trump_order(obs.rules.deck, trump)
        calls = [a for a in obs.legal_actions if a != ALONE]
        a = max(calls, key=lambda x: order.power[x.called_card or 0])
        return Decision(a, f"call the {CARDS[a.called_card or 0].name}")

    def _play(self, obs: Observation) -> Decision:
        legal = obs.legal_actions
        if len(legal) == 1:
            return Decision(legal[0], "it is the only card you can play")
        kn = Knowledge(obs)
        cards = [int(a) for a in legal if a < LEAD_JOKER_BASE]
        if not cards:
            return Decision(legal[0], "lead the joker")
        if kn.misere:
            return _lowest(kn, [c for c in cards if not 1 << c & kn.order.masks[NO_SUIT]]
                           or cards, "play low so the bidder must win")
        if not obs.trick_cards:
            return self._lead(kn, cards)
        pos, best = kn.winner()
        if kn.ally[pos]:
            return _lowest(kn, cards, "partner is winning: play low")
        winners = [c for c in cards if kn.beats(c, best)]
        if not winners:
            return _lowest(kn, cards, "you cannot win: play low")
        if not kn.later():
            c = kn.lowest(mask_of(winners))
            return Decision(ACTIONS[c], f"win the trick with the {CARDS[c].name}")
        if any(kn.ally[p] for p in kn.later()):
            winners = [c for c in winners if not 1 << c & JOKERS]
            if not winners:
                return _lowest(kn, cards, "save the joker: partner plays after you")
        c = kn.highest(mask_of(winners))
        if kn.suit_of(c) != obs.led:
            c = kn.lowest(mask_of(winners))
            return Decision(ACTIONS[c], f"trump with the {CARDS[c].name}")
        return Decision(ACTIONS[c], f"play high to win: the {CARDS[c].name}")

    def _lead(self, kn: Knowledge, cards: list[int]) -> Decision:
        trumps = [c for c in cards if kn.suit_of(c) == kn.trump and kn.trump != NO_SUIT]
        if kn.declaring and trumps:
            c = kn.highest(mask_of(trumps))
            return Decision(ACTIONS[c], f"lead trumps: the {CARDS[c].name}")
        aces = [c for c in cards if CARDS[c].rank == ACE and kn.suit_of(c) != kn.trump]
        if aces:
            c = self.rng.choice(aces)
            return Decision(ACTIONS[c], f"lead the {CARDS[c].name}")
        side = [c for c in cards if kn.suit_of(c) != kn.trump] or cards
        longest = max(range(5), key=lambda s: sum(1 for c in side if kn.suit_of(c) == s))
        c = kn.lowest(mask_of([c for c in side if kn.suit_of(c) == longest]))
        return Decision(ACTIONS[c], f"lead low from your longest suit, {SUIT_NAMES[longest]}")


def _lowest(kn: Knowledge, cards: list[int], why: str) -> Decision:
    follow = [c for c in cards if kn.suit_of(c) == kn.obs.led]
    pool = follow or [c for c in cards if kn.suit_of(c) != kn.trump and not 1 << c & JOKERS] \
        or cards
    c = kn.lowest(mask_of(pool))
    return Decision(ACTIONS[c], f"{why}: the {CARDS[c].name}")

