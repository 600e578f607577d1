"""Benchmark: random complete hands per second in CPython, for each preset.

Every action is drawn uniformly from the legal actions, from the deal to the
score (thrown-in hands count as hands).  Deals come from our SplitMix64 deal
codes; the harness picks actions with ``random.Random`` (its C generator costs
the least, so the figure is the engine's).  Deterministic for a Python
version.  Usage: ``python bench/engine.py [--hands N] [--preset NAME] [--repeat R]``.
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import PRESETS, Hand, Rules  # noqa: E402
from engine.rng import SplitMix64  # noqa: E402


def hands_per_second(rules: Rules, hands: int, seed: int = 1) -> float:
    """Play ``hands`` random hands and return the rate."""
    seeds = SplitMix64(seed)
    pick = random.Random(seed).random
    players = rules.players
    start = time.perf_counter()
    for i in range(hands):
        hand = Hand.new(rules, seeds.next_u64(), i % players)
        while hand.result is None:
            legal = hand.legal_actions()
            hand.push(legal[int(pick() * len(legal))])
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
