"""Claims: the rest of the tricks are a seat's for certain, proven from its own view.

The proof is a sound sufficient condition on the seat's :class:`Observation`
alone, whatever the hidden cards are: the seat is on lead, and every card it
holds wins when led in the claim's order (:func:`claim_order`: trumps from the
top, then the plain cards, a suitless joker last).  A trump wins when no card
still unseen by the seat is a higher trump; a plain card wins when no unseen
card is higher in its suit, and no unseen trump can be left to ruff it: there
are at most as many unseen trumps as the seat's own trumps, so that leading
those first draws every one (each player holding trumps must follow to a
trump lead).  An unseen suitless joker beats anything: no claim then.  Cards
of equal power (a doubled deck's twins) are not sure winners.  No claim in a
misère, nor from two players' piles.
"""

from __future__ import annotations

from engine.actions import Action, play
from engine.cards import NO_SUIT, Card, ids_of, mask_of
from engine.hand import Phase
from engine.observation import Observation
from engine.trumps import TrumpOrder, may_lead_joker, trump_order


def _order(obs: Observation) -> TrumpOrder:
    trump = NO_SUIT if obs.contract is None else obs.contract.denomination
    return trump_order(obs.rules.deck, trump, obs.joker_suit)


def unseen(obs: Observation) -> int:
    """Cards the seat has not seen leave play: neither its own nor played (nor, for the
    declarer, put back in the kitty)."""
    played = mask_of(c for t in obs.tricks for c in t.cards) | mask_of(obs.trick_cards)
    return obs.rules.deck.mask & ~mask_of(obs.hand) & ~played & ~mask_of(obs.discards)


def claim_order(obs: Observation) -> list[Card] | None:
    """The seat's cards in the order that takes every trick left, whatever the unseen cards
    are; None when that cannot be proven (or the seat is not on lead)."""
    if (obs.phase != Phase.PLAY or obs.to_act != obs.seat or obs.trick_cards or obs.position != obs.seat
            or (obs.contract is not None and not obs.contract.is_trick_bid) or not obs.hand):
        return None
    order = _order(obs)
    hidden = unseen(obs)
    trump = order.trump
    if any(order.suit[c] == NO_SUIT for c in ids_of(hidden)):
        return None
    hidden_trumps = [c for c in ids_of(hidden) if order.suit[c] == trump] if trump != NO_SUIT else []
    mine = sorted(obs.hand, key=lambda c: -order.power[c])
    trumps = [c for c in mine if trump != NO_SUIT and order.suit[c] == trump]
    plain = [c for c in mine if c not in trumps and order.suit[c] != NO_SUIT]
    jokers = [c for c in mine if order.suit[c] == NO_SUIT]
    if len(hidden_trumps) > len(trumps):
        return None
    for c in mine:
        suit = order.suit[c]
        if suit != NO_SUIT and any(order.suit[h] == suit and order.power[h] >= order.power[c] for h in ids_of(hidden)):
            return None
    if jokers and (len(jokers) > 1 or not may_lead_joker(_suits_led(obs) | _suits(order, trumps + plain), 0)):
        return None
    return trumps + plain + jokers


def claim_play(obs: Observation) -> Action:
    """The claim's next card (a led suitless joker names the first suit it may)."""
    cards = claim_order(obs)
    if not cards:
        raise ValueError("no claim here")
    card = cards[0]
    if _order(obs).suit[card] == NO_SUIT:
        return next(a for a in obs.legal_actions if a.played_card == card)
    return play(card)


def _suits_led(obs: Observation) -> int:
    """Suits led so far (a bit per suit)."""
    return sum(1 << s for s in {t.led for t in obs.tricks})


def _suits(order: TrumpOrder, cards: list[Card]) -> int:
    return sum(1 << s for s in {order.suit[c] for c in cards} if s < 4)
