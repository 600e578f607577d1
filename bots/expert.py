"""The expert bot: plays its cards by solving sampled deals double dummy.

In the play, each decision deals the unseen cards many ways consistent with
what the seat has seen (:mod:`bots.sampling`; early in the hand the deals are
drawn to fit the auction as the normal bot would have bid it), solves each
deal for every legal card (:mod:`bots.solver`), and scores each card by the
points its side gets: making or beating the contract, then tricks.  The
normal bot's card is played unless another card is clearly better on the
samples (by more than the noise of the sample); when following, among cards
that do exactly as well on every sample the cheapest is played.  A
:class:`Budget` of counts (deals, search nodes) bounds the work, so a seed
gives the same play on any machine.  After taking up the kitty for a trick
contract it weighs the normal bot's few best ways to put it back, and in no
trumps and misere each suit for the joker, the same way: on sampled deals
solved double dummy, the normal bot's choice kept unless another is clearly
better.  Bids, misere discards and calls come from the normal bot.  In a hi-lo
each card is judged by the solver's exact-target probe (can the bidder still take
exactly five?), made or not, where other contracts count the tricks.
"""

from __future__ import annotations

import time
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeVar

from engine.actions import Action, discard as discard_action
from engine.cards import CARDS, NO_SUIT, mask_of
from engine.hand import Hand, Phase
from engine.observation import Observation, observe
from engine.rng import SplitMix64
from engine.scoring import score_hand
from engine.trumps import trump_order

from bots.evaluation import ranked_discards
from bots.protocol import Bot, Decision
from bots.pass_sampling import sampler_for
from bots.solver import SearchTimeout, Solver, declaring_positions

if TYPE_CHECKING:
    from bots.normal import NormalBot

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
DISCARD_CANDIDATES = 3
"""Ways to put back the kitty solved on sampled deals: the normal bot's best few."""
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


class ExpertBot(Bot):
    """Samples deals and solves them double dummy; decides within a budget of counts."""

    level = "expert"

    def __init__(self, rng: SplitMix64, budget: Budget | None = None) -> None:
        super().__init__(rng)
        self.budget = budget or Budget()
        self._normal: NormalBot | None = None
        self._kitty: tuple[int, tuple[Action, ...]] = (0, ())
        """The rest of the kitty plan, and the hand it was made for."""

    @property
    def normal(self) -> NormalBot:
        """The normal bot, for the auction and as a tie-break in the play."""
        if self._normal is None:
            from bots.normal import NormalBot
            self._normal = NormalBot(self.rng.fork())
        return self._normal

    def decide(self, obs: Observation) -> Decision:
        if obs.phase == Phase.DISCARD and obs.contract is not None and not obs.contract.is_misere:
            return self._discard(obs)
        if obs.phase == Phase.JOKER:
            return self._joker(obs)
        if obs.phase != Phase.PLAY:
            return self.normal.decide(obs)
        legal = obs.legal_actions
        if len(legal) == 1:
            return Decision(legal[0], "it is the only card you can play")
        return self._play(obs)

    # --- the play -------------------------------------------------------------
    def _play(self, obs: Observation) -> Decision:
        budget = self.budget
        cap = time.monotonic() + budget.cap
        nodes = 0
        normal = self.normal.decide(obs)
        baseline = normal.action
        # Early on, deals are drawn to fit the auction as the normal bot would
        # have bid it (dearer, but it is when the hidden cards matter most).
        sampler = sampler_for(obs, model=self.normal.act if len(obs.tricks) < MODEL_TRICKS else None)
        narrow = 10 - len(obs.tricks) > EXACT_LEFT
        # a hi-lo's tricks (exactly so many make it), 0 for other contracts
        hi_lo = obs.contract.tricks if obs.contract is not None and obs.contract.is_hi_lo else 0
        legal = obs.legal_actions
        utils: dict[Action, list[float]] = {a: [] for a in legal}
        wins = dict.fromkeys(legal, 0)
        while len(utils[baseline]) < budget.samples and nodes < budget.nodes:
            hand = sampler.sample(self.rng)
            scores = Scores(hand, obs.seat)
            # the first deal is solved whatever the clock (its nodes bound it), so a
            # loaded machine still plays from at least one solved deal
            solver = Solver(hand, scores.counted, deadline=cap if utils[baseline] else None,
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
            if len(utils[baseline]) >= MIN_SAMPLES and _settled(utils):
                break
        samples = len(utils[baseline])
        if not samples:
            return normal
        action = _choice(utils, baseline)
        if obs.trick_cards and not narrow and samples >= MIN_SAMPLES:
            # following: the cheapest card that does exactly as well
            same = [a for a in legal if utils[a] == utils[action]]
            action = min(same, key=lambda a: _cost(obs, a))
        goal = _goal(obs)
        if action == baseline:
            why = normal.reason
        else:
            why = (f"{action.name}: {goal} in {wins[action]} of {samples} sampled deals, "
                   f"against {wins[baseline]} for the {_card_words(baseline)}")
            return Decision(action, why)
        why = f"{why}: {goal} in {wins[action]} of {samples} sampled deals"
        if wins[action] < samples and wins[action] == max(wins.values()) and len(legal) > 1:
            why += ", and no other card does better"
        return Decision(action, why)


    # --- the kitty --------------------------------------------------------------
    def _discard(self, obs: Observation) -> Decision:
        """Put back the kitty in the best of the normal bot's few best ways,
        judged on sampled deals solved double dummy (chosen at the first card)."""
        contract = obs.contract
        assert contract is not None
        hand = mask_of(obs.hand)
        made_for, rest = self._kitty
        if rest and made_for == hand:
            self._kitty = (hand & ~(1 << (rest[0].discarded_card or 0)), rest[1:])
            return Decision(rest[0], f"put back the {_card_words(rest[0])}, as planned")
        normal = self.normal.decide(obs)
        left = obs.rules.kitty_size - len(obs.discards)
        plans = ranked_discards(obs.rules, hand, contract.denomination, left)[:DISCARD_CANDIDATES]
        options = [tuple(discard_action(c) for c in p) for p in plans if len(p) == left]
        if len(options) < 2 or options[0][0] != normal.action:
            return normal
        utils, samples = self._solve_options(obs, options, self.budget.kitty * self.budget.nodes)
        best = _choice(utils, options[0]) if samples >= MIN_SAMPLES else options[0]
        self._kitty = (hand & ~(1 << (best[0].discarded_card or 0)), best[1:])
        if best == options[0]:
            return normal
        gain = (sum(utils[best]) - sum(utils[options[0]])) / samples
        return Decision(best[0], f"put back the {', '.join(map(_card_words, best))}: "
                                 f"{gain:+.0f} points a deal on {samples} sampled deals against "
                                 f"the {', '.join(map(_card_words, options[0]))}")

    def _joker(self, obs: Observation) -> Decision:
        """The joker's suit (no trumps, misere) that does best on sampled deals
        solved double dummy; the normal bot's choice unless another is clearly better."""
        normal = self.normal.decide(obs)
        options: list[tuple[Action, ...]] = [
            (normal.action,), *((a,) for a in obs.legal_actions if a != normal.action)]
        if len(options) == 1:
            return normal
        utils, samples = self._solve_options(obs, options, self.budget.kitty * self.budget.nodes)
        best = _choice(utils, options[0]) if samples >= MIN_SAMPLES else options[0]
        if best == options[0]:
            return normal
        gain = (sum(utils[best]) - sum(utils[options[0]])) / samples
        return Decision(best[0], f"{best[0].name}: {gain:+.0f} points a deal on {samples} "
                                 f"sampled deals against {options[0][0].name}")

    def _solve_options(self, obs: Observation, options: list[tuple[Action, ...]], limit: int
                       ) -> tuple[dict[tuple[Action, ...], list[float]], int]:
        """Each option (the seat's next actions before the play) scored on the
        same sampled deals, the rest of the way to the play as the normal bot
        goes, each deal probed double dummy (is the contract made?): at most
        the budget's samples, a deal whose searches pass the ``limit`` of
        nodes (or the wall-clock cap: the normal bot's choice stands without
        deals) left unused.  Returns the scores and the deals solved."""
        budget = self.budget
        cap = time.monotonic() + budget.cap
        nodes = 0
        sampler = sampler_for(obs)
        utils: dict[tuple[Action, ...], list[float]] = {o: [] for o in options}
        samples = 0
        while samples < budget.samples and nodes < limit:
            hand = sampler.sample(self.rng)
            row = []
            try:
                for option in options:
                    pushed = 0
                    for a in option:
                        hand.push(a)
                        pushed += 1
                    while hand.phase not in (Phase.PLAY, Phase.OVER):  # the breach round, too
                        hand.push(self.normal.decide(observe(hand, hand.to_act)).action)
                        pushed += 1
                    scores = Scores(hand, obs.seat)
                    solver = Solver(hand, scores.counted, deadline=cap, node_limit=limit - nodes)
                    contract = scores.contract
                    assert contract is not None
                    need = 1 if contract.is_misere else contract.tricks
                    try:  # one probe: made or not (a whole deal's exact count costs far more)
                        row.append(scores.utility(need if solver.can_take(need) else need - 1))
                    finally:
                        nodes += solver.nodes
                        for _ in range(pushed):
                            hand.pop()
            except SearchTimeout:
                break
            for option, u in zip(options, row):
                utils[option].append(u)
            samples += 1
        return utils, samples


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


def _card_words(action: Action) -> str:
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


def _choice(utils: Mapping[K, list[float]], baseline: K) -> K:
    """The best option (card) on average, if it clearly beats the normal bot's; else that one."""
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
