"""Benchmark: random complete hands per second in CPython, for each preset.

Every action is drawn uniformly from the legal actions, from the deal to the
score (thrown-in hands count as hands).  Deterministic: the same seeds each
run.  Usage: ``python bench/engine.py [--hands N] [--preset NAME] [--repeat R]``.
"""

from __future__ import annotations

import argparse
import platform
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import PRESETS, Hand, Rules  # noqa: E402
from engine.rng import SplitMix64  # noqa: E402


def hands_per_second(rules: Rules, hands: int, seed: int = 1) -> float:
    """Play ``hands`` random hands and return the rate."""
    rng = SplitMix64(seed)
    players = rules.players
    start = time.perf_counter()
    for i in range(hands):
        hand = Hand.new(rules, rng.next_u64(), i % players)
        while not hand.is_over:
            legal = hand.legal_actions()
            hand.push(legal[rng.below(len(legal))])
    return hands / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=3000)
    parser.add_argument("--repeat", type=int, default=3, help="best of R runs")
    parser.add_argument("--preset", choices=sorted(PRESETS), action="append")
    args = parser.parse_args()
    print(f"Python {platform.python_version()} ({platform.python_implementation()}), "
          f"{args.hands} random hands per run, best of {args.repeat}")
    for name in args.preset or list(PRESETS):
        best = max(hands_per_second(PRESETS[name], args.hands) for _ in range(args.repeat))
        print(f"{name:18s} {best:8.0f} hands/s")


if __name__ == "__main__":
    main()
