"""What one seat may see of a hand: the only input bots get.

Built by :func:`observe` from a :class:`~engine.hand.Hand`; it copies only
what the seat is entitled to: its own cards, its face-up piles and the
opponent's, the public history (other seats' discards hidden), the cards
played, the kitty and discards to the declarer alone, and the exposed hand of
an open misere after the first trick.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.actions import DISCARD_BASE, CALL_BASE, PASS, Action
from engine.bids import Bid
from engine.cards import Card, cards_of
from engine.hand import Hand, Phase, Trick
from engine.rules import Rules
from engine.table import Sides


@dataclass(frozen=True)
class Observation:
    """One seat's view of a hand."""

    rules: Rules
    seat: int
    dealer: int
    phase: Phase
    to_act: int
    """Seat to act (-1 when the hand is over)."""
    turn: int
    """Position to act: a seat, or for two players a pile position 2 or 3."""
    legal_actions: tuple[Action, ...]
    """This seat's legal actions, empty when it is not this seat's turn."""
    hand: tuple[Card, ...]
    """This seat's own hand."""
    piles_up: tuple[tuple[Card, ...], ...]
    """Two players: the face-up pile cards of each player (index = seat)."""
    piles_down: tuple[int, ...]
    """Two players: how many face-down pile cards each player still has."""
    piles_covering: tuple[tuple[Card, ...], ...]
    """Two players: the face-up pile cards that still lie on a face-down card."""
    piles: tuple[tuple[tuple[Card | None, bool], ...], ...]
    """Two players: each player's piles in their places on the table (index = seat), each
    as (its face-up card or None, whether a face-down card lies there)."""
    held_counts: tuple[int, ...]
    """Cards left at each position."""
    history: tuple[tuple[int, Action | None], ...]
    """Every action in order with its seat; another seat's discards are None."""
    contract: Bid | None
    declarer: int
    kitty: tuple[Card, ...]
    """The kitty, to the declarer once taken; empty for everyone else."""
    discards: tuple[Card, ...]
    """The cards this seat discarded: the declarer's, to the declarer only (in double
    nullo the declarer's went to partner, who then discarded its own)."""
    called: Card | None
    partner: int
    """A called partner's seat, once known to this seat (-1 otherwise)."""
    joker_suit: int
    active: tuple[bool, ...]
    """Positions that play this hand (a misere bidder's partners sit out)."""
    tricks: tuple[Trick, ...]
    trick_positions: tuple[int, ...]
    trick_cards: tuple[Card, ...]
    led: int
    """Effective suit led to the current trick (-1 before the lead)."""
    won: tuple[int, ...]
    """Tricks won by each position."""
    voids: tuple[int, ...]
    """Suits (bit per suit) each position has shown it cannot follow."""
    exposed: tuple[Card, ...]
    """An open misere bidder's remaining hand, once laid face up."""
    sides: Sides
    """Who scores with the declarer, as this seat knows it (a five-handed partner is
    secret until the called card shows, except to the partner)."""
    barred: int = -1
    """The seat that may only pass in this auction (set last hand: the set rule)."""
    totals: tuple[int, ...] = ()
    """The game's scores before this hand, one per side (empty outside a game)."""
    breacher: int = -1
    """The defender who called breach (the breach rule), -1 if none."""

    @property
    def position(self) -> int:
        """The position this seat plays now (its piles when ``turn`` is one)."""
        return self.turn if self.rules.table.has_piles and self.to_act == self.seat else self.seat

    @property
    def back_after_pass(self) -> bool:
        """This seat is to bid again after passing (bidding after a pass: someone has
        changed the denomination since)."""
        if self.phase != Phase.AUCTION or self.to_act != self.seat:
            return False
        calls = [a for s, a in self.history if s == self.seat]
        return bool(calls) and calls[-1] == PASS

    @property
    def playable(self) -> tuple[Card, ...]:
        """The cards this seat plays from now: its hand, or its face-up piles."""
        if self.position >= self.rules.players:
            return self.piles_up[self.seat]
        return self.hand


def observe(hand: Hand, seat: int) -> Observation:
    """The observation of ``seat`` (a seat, not a pile position)."""
    declarer = hand.declarer
    mine = seat == declarer
    history = tuple((s, a if s == seat or not DISCARD_BASE <= a < CALL_BASE else None)
                    for s, a in hand.history)
    players = hand.players
    piles_up = tuple(tuple(cards_of(hand.playable(p))) for p in range(players, hand.rules.positions))
    piles_down = tuple((hand.held[p] & ~hand.up[p]).bit_count()
                       for p in range(players, hand.rules.positions))
    piles_covering = tuple(tuple(c for c in up if c in hand.under) for up in piles_up)
    piles = tuple(tuple(_pile(hand, players + s, down, top) for down, top in pairs)
                  for s, pairs in enumerate(hand.deal.piles))
    partner = hand.partner if (hand.partner_known or seat == hand.partner) else -1
    to_act = hand.to_act
    exposed: tuple[Card, ...] = ()
    if hand.exposed and hand.phase == Phase.PLAY:
        exposed = tuple(cards_of(hand.held[declarer]))
    return Observation(
        rules=hand.rules, seat=seat, dealer=hand.dealer, phase=hand.phase, to_act=to_act,
        turn=hand.turn,
        legal_actions=tuple(hand.legal_actions()) if to_act == seat else (),
        hand=tuple(cards_of(hand.held[seat])), piles_up=piles_up, piles_down=piles_down,
        piles_covering=piles_covering, piles=piles,
        held_counts=tuple(m.bit_count() for m in hand.held), history=history,
        contract=hand.contract, declarer=declarer,
        kitty=tuple(cards_of(hand.kitty)) if mine and hand.phase > Phase.AUCTION else (),
        discards=tuple(cards_of(hand.discarded[seat])),
        called=hand.called, partner=partner, joker_suit=hand.joker_suit, active=hand.active,
        tricks=hand.tricks, trick_positions=hand.trick_pos,
        trick_cards=hand.trick_cards, led=hand.led, won=hand.won,
        voids=hand.voids, exposed=exposed, sides=hand.sides_seen_by(seat), barred=hand.barred,
        totals=hand.totals, breacher=hand.breacher)


def _pile(hand: Hand, position: int, down: Card, top: Card) -> tuple[Card | None, bool]:
    """One pile as anyone at the table sees it: its face-up card, and whether a face-down one
    lies there (under the top card, or alone once the top card is played to this trick)."""
    up = hand.up[position]
    if up >> top & 1:
        return top, True
    if up >> down & 1:
        return down, False
    return None, top in hand.trick_cards
