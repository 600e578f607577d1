"""Benchmark: how often a hi-lo is made, by the bot that plays it, on the same deals.

No bot bids hi-lo at the standard table (bots/hi_lo.py), so games hardly show its play: here
on each deal the first speaker (seat 1) bids hi-lo and the others pass, then the bidder is
played by each ``--level`` in turn against the normal bot's defence (its partner sits out),
the kitty put back by the bidder's bot.  Prints the hi-lo's made of each level and the deals
where they differ.  Deterministic: the same seeds each run.
``python bench/hi_lo_play.py --deals 40 --level normal --level expert``
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bots.sampled_play import Budget  # noqa: E402
from bots.registry import LEVELS, make_bot  # noqa: E402
from engine.hand import Hand, Phase  # noqa: E402
from engine.observation import observe  # noqa: E402
from engine.rng import SplitMix64, derive_seed  # noqa: E402
from engine.rules import Rules  # noqa: E402

RULES = Rules.parse("standard,hi_lo=on")
BIDDER = 1


def made(level: str, deal: int, budget: Budget) -> bool:
    """Whether the hi-lo of ``deal`` is made with ``level`` playing the bidder."""
    hand = Hand.new(RULES, derive_seed(3, deal), dealer=0)
    hand.apply("bid HI-LO")
    while hand.phase == Phase.AUCTION:
        hand.apply("pass")
    bots = [make_bot(level if s == BIDDER else "normal", SplitMix64(derive_seed(deal, s)), budget)
            for s in range(RULES.players)]
    while not hand.is_over:
        seat = hand.to_act
        hand.apply(bots[seat].act(observe(hand, seat)), seat)
    assert hand.result is not None
    return bool(hand.result.made)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--level", choices=LEVELS, action="append")
    parser.add_argument("--samples", type=int, default=Budget().samples)
    parser.add_argument("--nodes", type=int, default=Budget().nodes)
    args = parser.parse_args()
    levels = args.level or ["normal", "expert"]
    budget = Budget(samples=args.samples, nodes=args.nodes)
    rows = {level: [made(level, d, budget) for d in range(args.deals)] for level in levels}
    for level, row in rows.items():
        print(f"{level:8s} made {sum(row)} of {args.deals} hi-los")
    differ = [d for d in range(args.deals) if len({rows[lv][d] for lv in levels}) > 1]
    print(f"deals where they differ: {len(differ)} {differ}")


if __name__ == "__main__":
    main()
