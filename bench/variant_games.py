"""Bots play whole games at a table until they have played so many hands: every action checked
by the engine, each game to its end; prints the games, hands, the games that ended and the
contracts of the variants' own bids (made or not).

``python bench/variant_games.py --level normal --hands 200 --rules standard,blind-misere=on``
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bots.sampled_play import Budget  # noqa: E402
from bots.registry import make_bot  # noqa: E402
from engine.deal import DealCode  # noqa: E402
from engine.match import Match  # noqa: E402
from engine.observation import observe  # noqa: E402
from engine.rng import SplitMix64  # noqa: E402
from engine.rules import VARIANT_BIDS, Rules  # noqa: E402

MAX_HANDS = 300
"""Hands after which a game that has not ended counts as not ended."""


def play_games(level: str, hands: int, rules: Rules, seed: int) -> Counter[str]:
    """Games of ``level`` bots at every seat until ``hands`` hands are played."""
    rng = SplitMix64(seed)
    out: Counter[str] = Counter()
    while out["hands"] < hands:
        bots = [make_bot(level, rng.fork(), Budget(samples=4, nodes=4000)) for _ in range(rules.players)]
        match = Match(rules, DealCode(rng.next_u64() >> 1, rng.below(rules.players)))
        while True:
            hand = match.hand
            while not hand.is_over:
                seat = hand.to_act
                match.apply(bots[seat].act(observe(hand, seat)), seat)
            out["hands"] += 1
            result = match.sheet[-1].result
            if result.contract in VARIANT_BIDS:
                out[f"{result.contract} {'made' if result.made else 'failed'}"] += 1
            if match.is_over or len(match.hands) >= MAX_HANDS:
                break
            match.next_hand()
        out["games"] += 1
        out["ended"] += match.is_over
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--level", default="normal")
    parser.add_argument("--hands", type=int, default=200)
    parser.add_argument("--rules", default="standard,blind-misere=on,double-nullo=on")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    start = time.perf_counter()
    counts = play_games(args.level, args.hands, Rules.parse(args.rules), args.seed)
    print(f"{args.level} at {args.rules}: {dict(counts)} in {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
