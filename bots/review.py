"""The hand review: a finished hand analysed double dummy, one piece at a time.

Every value is the declaring side's tricks at the end of the hand with best
play by all, every card known (:class:`bots.solver.Solver`).  The pieces:

* :func:`makeable`: what the declarer's side could have taken from the first
  lead on;
* :func:`trick_verdicts`: for one trick, each card a seat played there, the
  tricks it gave up against the best card, and whether it was the turning
  point (the best card would have made, or set, the contract where the card
  played did not);
* :func:`denomination_tricks`: a side's tricks had it declared a given suit
  or no trumps, with the hands as they were when play began, and
  :func:`best_contract`: from those, the best-scoring contract the side could
  have made among those that beat every bid of the other sides.

Each piece replays the hand from its deal, so the pieces can be asked for in
any order and by separate requests (the bots' worker answers one a request).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from engine.actions import ALONE, PASS, Action, discard, joker_suit, make_bid
from engine.bids import Bid
from engine.cards import NO_SUIT, cards_of
from engine.deal import Deal
from engine.hand import Hand, Phase

from bots.solver import SearchTimeout, Solver, declaring_positions

NODE_LIMIT = 1_000_000
"""Nodes one solver of the bidder's tricks or a trick's verdicts may search before the piece
gives up (its answer is then None): a piece's time stays bounded, and so does the bots'
worker's, which answers it."""
CONTRACT_NODE_LIMIT = 100_000
"""The same for a side's tricks in one denomination (ten such pieces a hand)."""


@dataclass(frozen=True)
class Verdict:
    """One card played, against the best card in its place."""

    trick: int
    """1 to 10."""
    seat: int
    card: str
    """The card played, as the play's text ('KH'; 'JK:H' for a suitless joker led, calling hearts)."""
    played: int
    """The declaring side's final tricks after the card played (best play after it)."""
    best: int
    """The same after the best card (the position's value)."""
    best_card: str
    """A best play, as text; the card played when it was one."""
    lost: int
    """Tricks the card gave up to the other side (0 for a best card)."""
    turning: bool
    """The best card would have changed the contract's outcome (made or set)."""


@dataclass(frozen=True)
class Contract:
    """A side's best contract double dummy."""

    side: int
    seat: int
    """Who would have declared it."""
    bid: str
    """The contract as text ('8S'); '' when none beating the auction can be made."""
    tricks: int
    """The side's tricks in that contract (0 when none)."""
    settled: bool
    """False when a probe ran out of its node budget: the answer is a lower bound."""


def start_of_play(hand: Hand) -> Hand:
    """A fresh copy of ``hand`` (finished or not) at its first lead."""
    fresh = Hand(hand.rules, hand.deal, hand.dealer)
    for _, action in hand.history:
        if fresh.phase == Phase.PLAY:
            break
        fresh.push(action)
    if fresh.phase != Phase.PLAY:
        raise ValueError("the hand never reached the play")
    return fresh


def plays(hand: Hand) -> Iterator[tuple[int, Hand, Action]]:
    """(trick number, the position before the play, the play) for every card played;
    the position is one hand, moved on between steps."""
    fresh = start_of_play(hand)
    start = len(fresh.history)
    for _, action in hand.history[start:]:
        yield len(fresh.tricks) + 1, fresh, action
        fresh.push(action)


def made(hand: Hand, tricks: int) -> bool:
    """Whether the declaring side's final ``tricks`` make the hand's contract."""
    contract = hand.contract
    assert contract is not None
    return contract.made_by(tricks)


def makeable(hand: Hand, node_limit: int = NODE_LIMIT) -> int | None:
    """The declaring side's tricks double dummy from the first lead (None contract: position
    0's side); None if the search passed ``node_limit`` nodes."""
    try:
        return Solver(start_of_play(hand), node_limit=node_limit).tricks()
    except SearchTimeout:
        return None


def trick_verdicts(hand: Hand, trick: int, seat: int, guess: int | None = None,
                   node_limit: int = NODE_LIMIT) -> list[Verdict] | None:
    """The cards ``seat`` played in ``trick`` (its hand and, two players, its piles), each
    against the best card; ``guess``: the value before the trick, if known (it saves probes);
    None if a search passed ``node_limit`` nodes."""
    try:
        return _verdicts(hand, trick, seat, guess, node_limit)
    except SearchTimeout:
        return None


def _verdicts(hand: Hand, trick: int, seat: int, guess: int | None, node_limit: int) -> list[Verdict]:
    out = []
    for number, position, action in plays(hand):
        if number > trick:
            break
        if number < trick or position.controller[position.turn] != seat:
            continue
        counted = declaring_positions(position)
        played = _after(position, action, counted, guess, node_limit)
        solver = Solver(position, counted, node_limit=node_limit)
        maximise = (position.turn in counted) != (position.contract is not None and position.contract.is_misere)
        # one probe tells whether a better card was there; only then its value and a card for it
        best, best_action = played, action
        if solver.can_take(played + 1) if maximise else not solver.can_take(played):
            best = solver.tricks(played + 1 if maximise else played - 1)
            values = solver.values(best, best) if maximise else solver.values(best, best + 1)
            best_action = next(a for a in sorted(values) if values[a] == best)
        lost = abs(best - played)
        turning = position.contract is not None and made(position, best) != made(position, played)
        out.append(Verdict(number, seat, str(action), played, best, str(best_action), lost, turning))
        guess = played
    return out


def _after(position: Hand, action: Action, counted: list[int], guess: int | None, node_limit: int) -> int:
    """The value after ``action``, exactly (``guess``: the likely value, to start the probes from)."""
    position.push(action)
    try:
        if position.is_over:
            return sum(position.won[p] for p in counted)
        return Solver(position, counted, node_limit=node_limit).tricks(guess)
    finally:
        position.pop()


def sides(hand: Hand) -> list[int]:
    """The table's sides, in seat order of their first seat."""
    table = hand.table
    return sorted({table.side_of(s) for s in range(hand.players)}, key=lambda s: table.side_seats(s)[0])


def denomination_tricks(hand: Hand, side: int, denomination: int,
                        node_limit: int = CONTRACT_NODE_LIMIT) -> int | None:
    """The side's tricks double dummy had it declared ``denomination`` (a suit or no
    trumps) with the hands as play began (the kitty as the declarer put it back), the
    contract bid by :func:`side_declarer`: exact if it makes a contract in that
    denomination beating the auction (:func:`_contracts`), else -1; None if a search passed
    ``node_limit`` nodes."""
    bids = [b for b in _contracts(hand, side) if b.denomination == denomination]
    if not bids:
        return -1
    made_up = _contract_hand(start_of_play(hand), side_declarer(hand, side), bids[0])
    solver = Solver(made_up, hand.table.side_positions(side), node_limit=node_limit)
    tricks = bids[0].tricks
    try:
        if not solver.can_take(tricks):
            return -1
        while tricks < 10 and solver.can_take(tricks + 1):
            tricks += 1
    except SearchTimeout:
        return None
    return tricks


def _contracts(hand: Hand, side: int) -> list[Bid]:
    """The suit and no-trump bids that may be a contract at this table (an inkle may not) and
    beat every bid of the other sides in the hand's auction, lowest first."""
    rules = hand.rules
    ours = set(hand.table.side_seats(side))
    floor = max((rules.bid_order(a.bid) for s, a in hand.history if a.bid is not None and s not in ours),
                default=-1)
    return [b for b in rules.biddable if b.is_trick_bid and not (rules.inkle and b.tricks == 6)
            and rules.bid_order(b) > floor]


def best_contract(hand: Hand, side: int, tricks: dict[int, int | None]) -> Contract:
    """The side's best-scoring suit or no-trump contract that beats every bid of the other
    sides in the auction and that its ``tricks`` in each denomination
    (:func:`denomination_tricks`) make; a denomination whose tricks are unknown (None) is
    left out, and the answer is then not ``settled``."""
    rules = hand.rules
    candidates = _contracts(hand, side)
    makes = [b for b in candidates if (t := tricks.get(b.denomination)) is not None and t >= b.tricks]
    settled = all(tricks.get(b.denomination) is not None for b in candidates)
    seat = side_declarer(hand, side)
    if not makes:
        return Contract(side, seat, "", 0, settled)
    b = max(makes, key=lambda b: (rules.bid_value(b), rules.bid_order(b)))
    return Contract(side, seat, str(b), b.tricks, settled)


def side_declarer(hand: Hand, side: int) -> int:
    """Who declares the side's contracts in :func:`denomination_tricks`: the declarer for the
    declaring side, else the side's seat that bid highest, else its first seat after the dealer."""
    ours = set(hand.table.side_seats(side))
    if hand.contract is not None and hand.declarer in ours:
        return hand.declarer
    bids = [(hand.rules.bid_order(a.bid), s) for s, a in hand.history if a.bid is not None and s in ours]
    if bids:
        return max(bids)[1]
    return next(s for k in range(1, hand.players + 1) if (s := (hand.dealer + k) % hand.players) in ours)


def _contract_hand(start: Hand, declarer: int, contract: Bid) -> Hand:
    """A hand at its first lead with the cards of ``start`` (the kitty: its discards) and
    ``contract`` bid by ``declarer`` alone, everyone else passing."""
    players = start.players
    kitty = cards_of(start.discards) if start.discards else list(start.deal.kitty)
    hands = tuple(tuple(cards_of(start.held[s])) for s in range(players))
    made_up = Hand(start.rules, Deal(hands, tuple(kitty), start.deal.piles), (declarer - 1) % players)
    made_up.apply(make_bid(contract))
    while made_up.phase == Phase.AUCTION:
        made_up.apply(PASS)
    if made_up.phase == Phase.DISCARD:
        for c in kitty:
            made_up.apply(discard(c))
    if made_up.phase == Phase.CALL:
        made_up.apply(ALONE)
    if made_up.phase == Phase.JOKER:
        made_up.apply(joker_suit(NO_SUIT))
    return made_up


