"""The hand review: a finished hand analysed double dummy, one piece at a time.

Every value is the declaring side's tricks at the end of the hand with best
play by all, every card known (:class:`bots.solver.Solver`); in a misere, whether
the bidder takes a trick at all (:func:`misere_value`).  The pieces:

* :func:`makeable`: what the declarer's side could have taken from the first
  lead on;
* :func:`trick_verdicts`: for one trick, each card played there (or a seat's), the
  tricks it gave up against the best card, and whether it was a turning
  point (the best card would have made, or set, the contract where the card
  played did not).  The value before a card is the value after the card before it:
  the figure and every card's values make one story, each change of the count made by
  a card (any seat's: a defender's slip too), which :func:`contradictions` checks;
* :meth:`Analysis.best_contract`: a side's best-scoring contract among those
  that beat every bid of the other sides, had it declared with the hands as
  they were when play began (:func:`best_contract`: found by probing whether
  a contract makes, from the best found so far up, not by solving every
  denomination exactly).

An :class:`Analysis` answers the pieces of one hand, in any order, keeping its
solvers (and their transposition tables, with bounds kept for classes of positions:
about half the nodes on the long searches) from piece to piece: the bots' worker
answers one piece a request and keeps the last hand's analysis.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from engine.actions import ALONE, PASS, Action, discard, joker_suit, make_bid
from engine.bids import Bid
from engine.cards import NO_SUIT, cards_of
from engine.deal import Deal
from engine.hand import Hand, Phase

from bots.solver import SearchTimeout, Solver, declaring_positions

ANSWERS = 3
"""The version of the answers: raise it with any change that makes a piece's answer differ
(the solver's values, the budgets below), so that answers kept from before
(app.review.store) are not shown.  tests/app/test_review_store.py pins some answers to it."""
NODE_LIMIT = 1_000_000
"""Nodes the bidder's figure or one trick's verdicts may search before the piece gives up
(its answer is then None): a piece's time stays bounded, and so does the bots' worker's,
which answers it."""
CONTRACT_NODE_LIMIT = 25_000
"""The same for a side's best contract (its answer is then a lower bound): within one slice of
the worker's (app.table.answers.SLICE_NODES).  Over the 50 hands of seeds 1-6, 14 and 38 of
scripts/bench_review.py's games, 80 of the 100 sides' answers are settled at this budget with
bounds kept for classes of positions (``Solver(classes=True)``), as many as at 50,000 nodes without
them, in less time (each node dearer), 88 at 50,000."""


@dataclass(frozen=True)
class Verdict:
    """One card played, against the best card in its place."""

    trick: int
    """1 to 10."""
    seat: int
    card: str
    """The card played, as the play's text ('KH'; 'JK:H' for a suitless joker led, calling hearts)."""
    played: int
    """The declaring side's final tricks after the card played (best play after it; a misere:
    :func:`misere_value`)."""
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


class Analysis:
    """The pieces of one hand's review, its solvers kept from piece to piece: one
    moved through the play as it went (its transposition table serves every trick's
    verdicts and the bidder's figure), one for each side and denomination (the declared one
    is the first: its figure is the bidder's).  A piece's searches are bounded by its node
    budget (a solver whose search passed it is kept, its table too).  The hand may be
    finished, or in play and played on (pushed) between pieces: a trick's verdicts need
    that trick played."""

    def __init__(self, hand: Hand) -> None:
        self.hand = hand
        self._start = start_of_play(hand)
        self._counted = declaring_positions(self._start)
        self._play: tuple[Solver, Hand] | None = None
        """The solver through the play and the engine's position beside it."""
        self._at = 0
        """Cards played in the play solver's position."""
        self._solvers: dict[tuple[object, ...], Solver] = {}
        """The sides' solvers by :func:`_board_key` of their first lead."""
        self.figure: int | None = None
        """The bidder's figure (:meth:`makeable`) once worked out."""
        self._values: dict[int, int] = {}
        """Exact values of the play's positions worked out so far, by cards played: a card's
        value before is then known, not searched."""

    def makeable(self, node_limit: int = NODE_LIMIT) -> int | None:
        """The declaring side's tricks double dummy from the first lead (None contract:
        position 0's side; a misere: :func:`misere_value`); None if the search passed
        ``node_limit`` nodes."""
        try:
            solver, _ = self._moved(0, node_limit)
            self.figure = self._values[0] = _value(solver, self._start, _likely(self.hand, self._counted))
        except SearchTimeout:
            return None
        return self.figure

    def trick_verdicts(self, trick: int, seat: int | None = None, guess: int | None = None,
                       node_limit: int = NODE_LIMIT) -> list[Verdict] | None:
        """The cards played in ``trick`` (only ``seat``'s: its hand and, two players, its piles,
        if given), each against the best card; ``guess``: the value before the trick, if known
        (it saves probes); None if the searches passed ``node_limit`` nodes in all."""
        out = []
        try:
            for ply, (number, position, action) in enumerate(plays(self.hand)):
                if number > trick:
                    break
                if number < trick or seat is not None and position.controller[position.turn] != seat:
                    continue
                solver, position = self._moved(ply, node_limit)
                node_limit = 0  # the budget is the piece's
                before = self._values.get(ply)
                verdict = _verdict(solver, position, action, self._counted, number,
                                   position.controller[position.turn], before, guess)
                self._values[ply], self._values[ply + 1] = verdict.best, verdict.played
                out.append(verdict)
                guess = verdict.played
        except SearchTimeout:
            return None
        return out

    def _moved(self, ply: int, node_limit: int) -> tuple[Solver, Hand]:
        """The play solver and its position after ``ply`` cards, its budget set anew unless
        ``node_limit`` is 0."""
        if self._play is None:
            self._play = Solver(self._start, self._counted, classes=True), start_of_play(self.hand)
            self._at = 0
        solver, position = self._play
        if node_limit:
            solver.budget(node_limit)
        while self._at > ply:
            solver.unplay()
            position.pop()
            self._at -= 1
        played = self.hand.history[len(self._start.history):]
        while self._at < ply:
            _, action = played[self._at]
            solver.play(action)
            position.push(action)
            self._at += 1
        return solver, position

    def best_contract(self, side: int, node_limit: int = CONTRACT_NODE_LIMIT) -> Contract:
        """:func:`best_contract` of the side double dummy, with the hands as play began (the
        kitty as the declarer put it back), each contract declared by :func:`side_declarer`;
        its probes' searches within ``node_limit`` nodes in all (past it the answer is a lower
        bound, not ``settled``).  The declared denomination's figure is the bidder's."""
        seat = side_declarer(self.hand, side)
        counted = self.hand.table.side_positions(side)
        declared = _board_key(self._start, self._counted)
        budget = [node_limit]

        def take(bid: Bid) -> bool:
            made_up = _contract_hand(self._start, seat, bid)
            key = _board_key(made_up, counted)
            if key == declared:
                if self.figure is None and self.makeable(max(1, budget[0])) is None:
                    raise SearchTimeout
                assert self.figure is not None
                return self.figure >= bid.tricks
            solver = self._solvers.get(key) or Solver(made_up, counted, classes=True)
            self._solvers[key] = solver
            solver.budget(budget[0])
            before = solver.nodes
            try:
                return solver.can_take(bid.tricks)
            finally:
                budget[0] = max(0, budget[0] - (solver.nodes - before))

        first = self.hand.contract.denomination if self.hand.contract is not None and side == self._side else None
        return best_contract(self.hand, side, take, first)

    @property
    def searched(self) -> int:
        """Nodes its solvers searched so far, exactly (the same pieces search the same nodes)."""
        return sum(s.searched for s in self._solvers.values()) + (0 if self._play is None else self._play[0].searched)

    @property
    def _side(self) -> int:
        """The declaring side."""
        return self.hand.table.side_of(self.hand.declarer)


def _likely(hand: Hand, counted: Iterable[int]) -> int:
    """The likely value at the first lead, where its null-window probes start: the ``counted``
    positions' tricks as ``hand`` was played (so far), or the tricks contracted if more.  The
    probes just below the value cost nearly as much as the value's own, so a set contract's
    probes start at the contract and step down, not up from the tricks taken: over the trick
    contracts of twelve whole games (scripts/bench_review.py's, seeds 1-12), 19% fewer nodes,
    the worst 224k instead of 627k."""
    contract = hand.contract
    taken = sum(hand.won[p] for p in counted)
    return taken if contract is None else max(taken, contract.tricks)


def _board_key(hand: Hand, counted: Iterable[int]) -> tuple[object, ...]:
    """What a solver of ``hand`` at its first lead depends on: equal keys, equal values."""
    contract = hand.contract
    trumps = None if contract is None else (contract.denomination, contract.is_misere)
    return (hand.rules, hand.held, tuple(sorted(hand.under.items())), hand.turn, trumps, hand.joker_suit,
            hand.active, tuple(sorted(counted)))


def makeable(hand: Hand, node_limit: int = NODE_LIMIT) -> int | None:
    """:meth:`Analysis.makeable` of a hand on its own."""
    return Analysis(hand).makeable(node_limit)


def trick_verdicts(hand: Hand, trick: int, seat: int | None = None, guess: int | None = None,
                   node_limit: int = NODE_LIMIT) -> list[Verdict] | None:
    """:meth:`Analysis.trick_verdicts` of a hand on its own."""
    return Analysis(hand).trick_verdicts(trick, seat, guess, node_limit)


def _verdict(solver: Solver, position: Hand, action: Action, counted: list[int], number: int,
             seat: int, before: int | None, guess: int | None) -> Verdict:
    """``action`` played at ``position`` (where ``solver`` stands) against the best card;
    ``before``: the position's value if known exactly, else ``guess``: its likely value."""
    misere = _is_misere(position)
    maximise = (position.turn in counted) != misere
    played = _after(solver, position, action, counted, guess if before is None else before,
                    None if before is None or misere else maximise)
    best, best_action = played, action
    if before is not None:
        best = before
    elif misere and played == (1 if maximise else 0):  # nothing beats taking a trick, or none
        pass
    elif solver.can_take(played + 1) if maximise else not solver.can_take(played):
        # one probe told that a better card was there: now its value
        best = (played + 1 if maximise else played - 1) if misere else solver.tricks(
            played + 1 if maximise else played - 1)
    if best != played:
        reaching = solver.play_reaching(best, maximise)
        assert reaching is not None  # the position's value is reached by some play
        best_action = reaching
    lost = abs(best - played)
    turning = position.contract is not None and made(position, best) != made(position, played)
    return Verdict(number, seat, str(action), played, best, str(best_action), lost, turning)


def _after(solver: Solver, position: Hand, action: Action, counted: list[int], guess: int | None,
           maximise: bool | None = None) -> int:
    """The value after ``action``, exactly (``guess``: the likely value, to start the probes from;
    a misere: :func:`misere_value`).  ``maximise`` given, ``guess`` is the value before, which the
    card cannot pass (above it when the card's side maximises, below it else): one probe tells
    a best card."""
    position.push(action)
    try:
        if position.is_over:
            taken = sum(position.won[p] for p in counted)
            return min(taken, 1) if _is_misere(position) else taken
    finally:
        position.pop()
    solver.play(action)
    try:
        if maximise is not None and guess is not None:
            if solver.can_take(guess) if maximise else not solver.can_take(guess + 1):
                return guess
            return solver.tricks(guess - 1 if maximise else guess + 1)
        return _value(solver, position, guess)
    finally:
        solver.unplay()


def _is_misere(hand: Hand) -> bool:
    return hand.contract is not None and hand.contract.is_misere


def _value(solver: Solver, position: Hand, guess: int | None) -> int:
    """The solver's value of its position: the counted side's tricks, or in a misere
    :func:`misere_value`."""
    return misere_value(solver) if _is_misere(position) else solver.tricks(guess)


def misere_value(solver: Solver) -> int:
    """A misere's value: 1 if the defenders can make the bidder (double nullo: the pair) take
    a trick, else 0.  A misere is made or set by its first trick taken, so this one probe
    judges every card, where the exact count of the bidder's tricks is a far longer search."""
    return int(solver.can_take(1))


def sides(hand: Hand) -> list[int]:
    """The table's sides, in seat order of their first seat."""
    table = hand.table
    return sorted({table.side_of(s) for s in range(hand.players)}, key=lambda s: table.side_seats(s)[0])


def _contracts(hand: Hand, side: int) -> list[Bid]:
    """The suit and no-trump bids that may be a contract at this table (an inkle may not) and
    beat every bid of the other sides in the hand's auction, lowest first."""
    rules = hand.rules
    ours = set(hand.table.side_seats(side))
    floor = max((rules.bid_order(a.bid) for s, a in hand.history if a.bid is not None and s not in ours),
                default=-1)
    return [b for b in rules.biddable if b.is_trick_bid and not rules.is_inkle(b)
            and rules.bid_order(b) > floor]


def best_contract(hand: Hand, side: int, take: Callable[[Bid], bool],
                  first: int | None = None) -> Contract:
    """The side's best-scoring suit or no-trump contract among those beating every bid of the
    other sides in the auction, ``take(bid)`` telling whether the side makes ``bid`` (it may
    raise :class:`SearchTimeout`: the answer so far is then a lower bound, not ``settled``).

    Not every denomination is solved exactly: the first (``first``'s, else no trumps) is asked
    from its highest contract down, until one makes (a side's first denomination is often its
    best, and the probe of a high contract that makes settles the lower ones); each other is
    asked only whether it makes the lowest contract there that beats the best found so far, and
    on up while it does."""
    rules = hand.rules
    candidates = _contracts(hand, side)
    seat = side_declarer(hand, side)
    best: Bid | None = None
    order = sorted({b.denomination for b in candidates}, key=lambda d: (d != first, -d))

    def worth(b: Bid) -> tuple[int, int]:
        return rules.bid_value(b), rules.bid_order(b)

    try:
        for d in order:
            bids = [c for c in candidates if c.denomination == d]
            if best is None:  # the first: from the top down
                best = next((b for b in sorted(bids, key=worth, reverse=True) if take(b)), None)
                continue
            for b in bids:
                if worth(b) <= worth(best):
                    continue
                if not take(b):
                    break
                best = b
    except SearchTimeout:
        return Contract(side, seat, "" if best is None else str(best), 0 if best is None else best.tricks, False)
    return Contract(side, seat, "" if best is None else str(best), 0 if best is None else best.tricks, True)


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




def contradictions(hand: Hand, figure: int | None, verdicts: Iterable[Verdict]) -> list[str]:
    """What a review of the finished ``hand`` states (the bidder's ``figure``, None if not
    worked out, and the cards' ``verdicts``) that exact solves, by a solver of its own built
    afresh, do not bear out: each count must be the exact value of its position (the best
    card's too), the count before a card the count after the card before it (no change
    that no card made), and a turning point must change the outcome.

    Only the positions a count is stated for are solved: a piece the review gave up on past its
    budget is often the hand's longest search.  The solver's own exact value of a position
    bounds every card's there (none passes it for the side on play), so one probe tells a card
    that keeps it, as in :func:`_verdict`; a best card that is the card played is not solved
    again.  The solver keeps bounds for classes of positions, as the review's does (its values
    are the plain search's, which tests/bots/test_solver.py holds both to): at five players the
    plain search took 60 s of CPU on a first lead that took it 1.6 s."""
    out: list[str] = []
    start = start_of_play(hand)
    counted = declaring_positions(start)
    solver = Solver(start, counted, classes=True)
    judged = {(v.trick, v.card): v for v in verdicts}
    wanted = set() if figure is None else {0}  # plies whose values a stated count is compared with
    for ply, (number, _, action) in enumerate(plays(hand)):
        if (number, str(action)) in judged:
            wanted |= {ply, ply + 1}
    guess = _likely(hand, counted)
    value: int | None = None
    if 0 in wanted:
        value = guess = _value(solver, start, guess)
        if figure is not None and figure != value:
            out.append(f"the figure {figure} is {value} exactly")
    stated = figure
    last = len(hand.history) - len(start.history) - 1
    for ply, (number, position, action) in enumerate(plays(hand)):
        after = None
        maximise = None if value is None or _is_misere(position) else position.turn in counted
        if ply + 1 in wanted:
            after = guess = _after(solver, position, action, counted, guess, maximise)
        v = judged.get((number, str(action)))
        if v is not None:
            assert value is not None and after is not None
            where = f"trick {number}, {v.card}"
            if stated is not None and v.best != stated:
                out.append(f"{where}: the count before it is {v.best}, after the card before {stated}")
            best_after = after if v.best_card == v.card else _after(
                solver, position, Action.parse(v.best_card), counted, value, maximise)
            if (v.best, v.played, best_after) != (value, after, value):
                out.append(f"{where}: best {v.best}, played {v.played}, the best card's {best_after}; "
                           f"exactly {value}, {after}")
            if v.lost != abs(v.best - v.played):
                out.append(f"{where}: {v.lost} lost, from {v.best} to {v.played}")
            if hand.contract is not None and v.turning != (made(position, value) != made(position, after)):
                out.append(f"{where}: turning point {v.turning}, made {made(position, value)} then {made(position, after)}")
        stated = None if v is None else v.played
        if ply < last:
            solver.play(action)
        value = after
    return out
