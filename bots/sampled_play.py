"""The play chosen by solving sampled deals double dummy: the expert's every card,
and the normal bot's last few tricks.

Each decision deals the unseen cards many ways consistent with what the seat has
seen (:mod:`bots.sampling`; early in the hand the deals can be drawn to fit the
auction as a bot would have bid it), solves each deal for every legal card
(:mod:`bots.solver`), and scores each card by the points its side gets: making or
beating the contract, then tricks.  A baseline card (the hand-written play's) is
played unless another card is clearly better on the samples (by more than the
noise of the sample); when following, among cards that do exactly as well on
every sample the cheapest is played.  A :class:`Budget` of counts (deals, search
nodes) bounds the work, so a seed gives the same play on any machine.  In a hi-lo
each card is judged by the solver's exact-target probe (can the bidder still take
exactly five?), made or not, where other contracts count the tricks.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import TypeVar

from engine.actions import Action
from engine.cards import NO_SUIT
from engine.hand import Hand
from engine.observation import Observation
from engine.rng import SplitMix64
from engine.scoring import score_hand
from engine.trumps import trump_order

from bots.pass_sampling import sampler_for
from bots.protocol import Decision
from bots.solver import SearchTimeout, Solver, declaring_positions

K = TypeVar("K", bound=Hashable)
"""What the samples score: a card, or a few actions before the play."""
MIN_SAMPLES = 8
"""Deals to solve before stopping early because the choice is clear, and
before the kitty or the joker's suit departs from the normal bot's."""
EXACT_LEFT = 7
"""With more tricks left than this, each card is only solved against the
contract (made or not), which takes one search instead of several."""
MODEL_TRICKS = 5
"""Tricks played before the sampler drops its bidding model for a cheaper fit."""
TIE = 5.0
"""Average score differences (points per deal) too small to prefer one card."""


@dataclass(frozen=True)
class Budget:
    """The work of one decision, bounded by counts so that the same seed gives
    the same play on a fast or a slow machine; the wall clock is a safety cap."""

    samples: int = 16
    """Deals to solve at most."""
    nodes: int = 25_000
    """Search nodes (counted by the solver in blocks of 4096) for the whole
    decision: a search that would go past them is abandoned, its deal unused."""
    kitty: int = 4
    """The kitty's search nodes as a multiple of ``nodes`` (the kitty is chosen
    once a hand, on whole deals: dearer to solve)."""
    cap: float = 0.8
    """Seconds after which a search still running is abandoned (never the first
    deal's): a safety cap that keeps the slowest decisions in Pyodide under a
    second (there, a few positions reach it, and only those may play
    differently on another machine)."""


def solved_play(obs: Observation, rng: SplitMix64, budget: Budget, baseline: Decision,
                model: Callable[[Observation], Action] | None = None) -> Decision:
    """The card that does best on deals sampled with ``rng`` and solved double dummy
    within ``budget``; ``baseline`` (the hand-written play's) unless another card is
    clearly better.  ``model`` bids for the other seats when the first tricks' deals
    are drawn to fit the auction (none: the cheaper fit throughout)."""
    legal = obs.legal_actions
    if len(legal) == 1:
        return Decision(legal[0], "it is the only card you can play")
    cap = time.monotonic() + budget.cap
    nodes = 0
    # Early on, deals are drawn to fit the auction as the model would have bid it
    # (dearer, but it is when the hidden cards matter most).
    sampler = sampler_for(obs, model=model if len(obs.tricks) < MODEL_TRICKS else None)
    narrow = 10 - len(obs.tricks) > EXACT_LEFT
    # a hi-lo's tricks (exactly so many make it), 0 for other contracts
    hi_lo = obs.contract.tricks if obs.contract is not None and obs.contract.is_hi_lo else 0
    utils: dict[Action, list[float]] = {a: [] for a in legal}
    wins = dict.fromkeys(legal, 0)
    base = baseline.action
    while len(utils[base]) < budget.samples and nodes < budget.nodes:
        hand = sampler.sample(rng)
        scores = Scores(hand, obs.seat)
        # the first deal is solved whatever the clock (its nodes bound it), so a
        # loaded machine still plays from at least one solved deal
        solver = Solver(hand, scores.counted, deadline=cap if utils[base] else None,
                        node_limit=budget.nodes - nodes)
        try:
            values = _hi_lo_values(solver, legal, hi_lo) if hi_lo \
                else solver.values(*scores.window(narrow))
        except SearchTimeout:
            break
        nodes += solver.nodes
        for a in legal:
            utils[a].append(scores.utility(values[a]))
            wins[a] += scores.good(values[a])
        if len(utils[base]) >= MIN_SAMPLES and _settled(utils):
            break
    samples = len(utils[base])
    if not samples:
        return baseline
    action = choice(utils, base)
    if obs.trick_cards and not narrow and samples >= MIN_SAMPLES:
        # following: the cheapest card that does exactly as well
        same = [a for a in legal if utils[a] == utils[action]]
        action = min(same, key=lambda a: _cost(obs, a))
    goal = _goal(obs)
    if action != base:
        return Decision(action, f"{action.name}: {goal} in {wins[action]} of {samples} sampled deals, "
                                f"against {wins[base]} for the {card_words(base)}")
    why = f"{baseline.reason}: {goal} in {wins[action]} of {samples} sampled deals"
    if wins[action] < samples and wins[action] == max(wins.values()) and len(legal) > 1:
        why += ", and no other card does better"
    return Decision(action, why)


def _hi_lo_values(solver: Solver, legal: Sequence[Action], five: int) -> dict[Action, int]:
    """Each card's final tricks in a hi-lo as far as they decide it: ``five`` where the
    bidder can still take exactly that many after the card against best play, one fewer
    where not (the exact-target probe; most tricks would not tell)."""
    out = {}
    for a in legal:
        solver.play(a)
        try:
            out[a] = five if solver.can_take_exactly(five) else five - 1
        finally:
            solver.unplay()
    return out


def card_words(action: Action) -> str:
    """The card an action plays, in words: 'eight of hearts'."""
    card = action.played_card
    card = action.discarded_card if card is None else card
    return action.name if card is None else card.name


def _gap(better: list[float], worse: list[float]) -> tuple[float, float]:
    """Mean and standard error of the paired differences ``better - worse``."""
    n = len(better)
    diffs = [b - w for b, w in zip(better, worse)]
    mean = sum(diffs) / n
    if n < 2:
        return mean, abs(mean)
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean, (var / n) ** 0.5


def choice(utils: Mapping[K, list[float]], baseline: K) -> K:
    """The best option (card) on average, if it clearly beats the baseline; else the baseline."""
    best = max(utils, key=lambda a: sum(utils[a]))
    mean, se = _gap(utils[best], utils[baseline])
    return best if mean > TIE and mean > 1.5 * se else baseline


def _settled(utils: dict[Action, list[float]]) -> bool:
    """Is every card either equal to the best on every sample or clearly worse?"""
    best = max(utils, key=lambda a: sum(utils[a]))
    for a, u in utils.items():
        mean, se = _gap(utils[best], u)
        if u != utils[best] and not (mean > TIE and mean > 3 * se):
            return False
    return True


class Scores:
    """How the counted side's final tricks in a fully known hand turn into points
    for a seat's side (its points less the others', on average)."""

    def __init__(self, hand: Hand, seat: int) -> None:
        rules = hand.rules
        contract = hand.contract
        self.contract = contract
        self.counted = declaring_positions(hand, seat)
        if contract is None:
            self.mine = True
            self.table: list[float] = [10.0 * t - 10.0 * (10 - t) for t in range(11)]
            return
        declarer = hand.declarer
        sides = hand.sides
        bidders = sides.seats
        self.mine = seat in bidders
        """The seat is on the declarer's side (scored with it)."""
        defender = next(s for s in range(rules.players) if s not in bidders)
        bid_sides = sides.scoring_sides
        self.table = []
        for t in range(11):
            tricks = [0] * rules.players
            tricks[declarer] = t
            tricks[defender] = 10 - t
            points = score_hand(rules, contract, declarer, bidders, tuple(tricks)).points
            ours = [points[s] for s in range(rules.sides) if s in bid_sides]
            theirs = [points[s] for s in range(rules.sides) if s not in bid_sides]
            self.table.append(sum(ours) / len(ours) - sum(theirs) / len(theirs))

    def window(self, narrow: bool) -> tuple[int, int]:
        """Trick counts worth telling apart: all of them, or just made / not made."""
        if not narrow or self.contract is None:
            return (0, 10)
        need = 1 if self.contract.is_misere else self.contract.tricks
        return (need, need)

    def utility(self, tricks: int) -> float:
        u = self.table[max(0, min(10, tricks))]
        return u if self.mine else -u

    def made(self, tricks: int) -> bool:
        """Does this count make the contract?"""
        assert self.contract is not None
        return self.contract.made_by(tricks)

    def good(self, tricks: int) -> bool:
        """Does this count make (or beat) the contract, for this seat?"""
        if self.contract is None:
            return self.mine == (tricks >= 5)
        return self.made(tricks) == self.mine


def _cost(obs: Observation, a: Action) -> int:
    """How much a card is worth keeping: its trick power."""
    card = a.played_card
    if card is None:
        return 0
    contract = obs.contract
    trump = NO_SUIT if contract is None else contract.denomination
    return trump_order(obs.rules.deck, trump, obs.joker_suit).power[card]


def _goal(obs: Observation) -> str:
    """What a good result is for this seat, in words."""
    contract = obs.contract
    ours = _declaring(obs)
    if contract is None:
        return "takes half the tricks or more"
    if contract.is_misere:
        return "keeps the misere clean" if ours else "sets the misere"
    return "makes the contract" if ours else "beats the contract"


def _declaring(obs: Observation) -> bool:
    """Does this seat play for the contract (as far as it knows)?"""
    return obs.declarer < 0 or obs.seat in obs.sides.seats
