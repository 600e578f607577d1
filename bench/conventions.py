"""What a convention card is worth in duplicate deals (bots/conventions.py).

``python3 bench/conventions.py --card joker-6nt --measure understanding --deals 2000``

Every deal is played twice for each side of the four-handed table, the other
side's normal bots bidding naturally and drawing the same generators both times.
``understanding``: the side's first seat bids by the card both times; its
partner reads it by the card, then as natural (it knows no card: it reads and
bids naturally, but opens by the card, so that only the reading differs).
The card's table rules (:attr:`bots.conventions.Card.needs`) are on in both
plays.  ``cost``: both partners bid by the card, then both naturally.
A deal's figure is the mean over the two sides of what the side scored less the
other side, the card's play less the other play; the 95% interval as the arena's.
"""

from __future__ import annotations

import argparse
import dataclasses
import multiprocessing
import statistics
import sys
from collections.abc import Sequence

from engine.observation import Observation
from engine.rng import SplitMix64, derive_seed
from engine.rules import Convention, Rules

from bots.arena import half_width, play_hand
from bots.conventions import CARDS, OPENING, situation
from bots.protocol import Bot, Decision
from bots.registry import make_bot


class Deaf(Bot):
    """A bot that reads no card: it sees its table with every side natural, but opens by its
    side's card (an opening shows its cards whoever reads it, so both plays open alike)."""

    def __init__(self, inner: Bot) -> None:
        super().__init__(inner.rng)
        self.inner = inner
        self.level = inner.level

    def decide(self, obs: Observation) -> Decision:
        if situation(obs.rules, obs.history, obs.seat)[0] == OPENING:
            return self.inner.decide(obs)
        rules = dataclasses.replace(obs.rules, convention=Convention.NATURAL,
                                    their_convention=Convention.NATURAL)
        return self.inner.decide(dataclasses.replace(obs, rules=rules))


def side_rules(rules: Rules, side: int, card: Convention) -> Rules:
    """``rules`` with ``side`` playing ``card`` and the other side natural."""
    natural = Convention.NATURAL
    return dataclasses.replace(rules, convention=card if side == 0 else natural,
                               their_convention=natural if side == 0 else card)


def play_deal(job: tuple[Rules, Convention, str, str, int, int]) -> float:
    """Deal ``i``'s figure (see the module's words)."""
    rules, card, measure, level, seed, i = job
    deal_seed = derive_seed(seed, i)
    total = 0.0
    for side in range(rules.sides):
        got = []
        for by_card in (True, False):
            rng = SplitMix64(derive_seed(seed, i * 8 + side))
            table = side_rules(rules, side, card if by_card or measure == "understanding"
                               else Convention.NATURAL)
            bots = [make_bot(level, rng.fork()) for _ in range(rules.players)]
            if not by_card:
                reader = side + rules.sides  # the first seat's partner
                bots[reader] = Deaf(bots[reader])
            hand = play_hand(table, deal_seed, i % rules.players, bots)
            assert hand.result is not None
            points = hand.result.points
            got.append(points[side] - statistics.fmean(p for k, p in enumerate(points) if k != side))
        total += got[0] - got[1]
    return total / rules.sides


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--card", type=Convention, required=True)
    parser.add_argument("--measure", choices=("understanding", "cost"), required=True)
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--preset", default="standard")
    parser.add_argument("--level", default="normal")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--every", type=int, default=100, help="print the figure so far every N deals")
    args = parser.parse_args(argv)
    rules = Rules.parse(",".join([args.preset, *(f"{name}=on" for name in CARDS[args.card].needs)]))
    jobs = [(rules, args.card, args.measure, args.level, args.seed, i) for i in range(args.deals)]
    diffs: list[float] = []
    with multiprocessing.Pool(args.jobs) as pool:
        for d in pool.imap(play_deal, jobs, chunksize=2):
            diffs.append(d)
            if len(diffs) % args.every == 0 or len(diffs) == args.deals:
                report(args, rules, diffs)
    return 0


def report(args: argparse.Namespace, rules: Rules, diffs: list[float]) -> None:
    """The figure so far (deals 0 to ``len(diffs) - 1``)."""
    mean, margin = statistics.fmean(diffs), half_width(diffs)
    changed = sum(1 for d in diffs if d)
    print(f"{args.card} {args.measure}, {args.level} bots, rules {rules}, {len(diffs)} deals "
          f"(changed {changed}), seed {args.seed}: {mean:+.1f} points a deal, 95% interval "
          f"[{mean - margin:+.1f}, {mean + margin:+.1f}]", flush=True)


if __name__ == "__main__":
    sys.exit(main())
