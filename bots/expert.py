"""The expert bot: plays its cards by solving sampled deals double dummy
(:mod:`bots.sampled_play`: early in the hand the deals are drawn to fit the
auction as the normal bot would have bid it), with a :class:`Budget` of counts.

After taking up the kitty for a trick contract it weighs the normal bot's few
best ways to put it back, and in no trumps and misere each suit for the joker,
the same way: on sampled deals solved double dummy, the normal bot's choice kept
unless another is clearly better.  Bids, misere discards and calls come from the
normal bot.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from engine.actions import Action, discard as discard_action
from engine.cards import mask_of
from engine.hand import Phase
from engine.observation import Observation, observe
from engine.rng import SplitMix64

from bots import play
from bots.evaluation import ranked_discards
from bots.pass_sampling import sampler_for
from bots.protocol import Bot, Decision
from bots.sampled_play import MIN_SAMPLES, Budget, Scores, card_words, choice, solved_play
from bots.solver import SearchTimeout, Solver

if TYPE_CHECKING:
    from bots.normal import NormalBot

DISCARD_CANDIDATES = 3
"""Ways to put back the kitty solved on sampled deals: the normal bot's best few."""


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
        """The normal bot: the auction, the kitty's candidates, and the auction read when sampling."""
        if self._normal is None:
            from bots.normal import NormalBot
            self._normal = NormalBot(self.rng.fork(), cap=self.budget.cap)
        return self._normal

    def decide(self, obs: Observation) -> Decision:
        if obs.phase == Phase.DISCARD and obs.contract is not None and not obs.contract.is_misere:
            return self._discard(obs)
        if obs.phase == Phase.JOKER:
            return self._joker(obs)
        if obs.phase != Phase.PLAY:
            return self.normal.decide(obs)
        # the hand-written card is the baseline; the first tricks' deals fit the auction
        return solved_play(obs, self.rng, self.budget, play.play(obs), self.normal.act)

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
            return Decision(rest[0], f"put back the {card_words(rest[0])}, as planned")
        normal = self.normal.decide(obs)
        left = obs.rules.kitty_size - len(obs.discards)
        plans = ranked_discards(obs.rules, hand, contract.denomination, left)[:DISCARD_CANDIDATES]
        options = [tuple(discard_action(c) for c in p) for p in plans if len(p) == left]
        if len(options) < 2 or options[0][0] != normal.action:
            return normal
        utils, samples = self._solve_options(obs, options, self.budget.kitty * self.budget.nodes)
        best = choice(utils, options[0]) if samples >= MIN_SAMPLES else options[0]
        self._kitty = (hand & ~(1 << (best[0].discarded_card or 0)), best[1:])
        if best == options[0]:
            return normal
        gain = (sum(utils[best]) - sum(utils[options[0]])) / samples
        return Decision(best[0], f"put back the {', '.join(map(card_words, best))}: "
                                 f"{gain:+.0f} points a deal on {samples} sampled deals against "
                                 f"the {', '.join(map(card_words, options[0]))}")

    def _joker(self, obs: Observation) -> Decision:
        """The joker's suit (no trumps, misere) that does best on sampled deals
        solved double dummy; the normal bot's choice unless another is clearly better."""
        normal = self.normal.decide(obs)
        options: list[tuple[Action, ...]] = [
            (normal.action,), *((a,) for a in obs.legal_actions if a != normal.action)]
        if len(options) == 1:
            return normal
        utils, samples = self._solve_options(obs, options, self.budget.kitty * self.budget.nodes)
        best = choice(utils, options[0]) if samples >= MIN_SAMPLES else options[0]
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
