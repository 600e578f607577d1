"""Benchmark: how long the bots take to decide, in CPython, by level and phase.

Plays ``--hands`` hands of each preset with every seat taken by the level
and prints, for bids (the auction) and the rest (kitty, call, joker, play),
the median, 99th percentile and worst decision time in milliseconds.
Deterministic in its decisions for a seed; the times depend on the machine.
Usage: ``python bench/decision_times.py [--level L] [--hands N] [--preset P ...] [--seed S]``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bots.registry import make_bot  # noqa: E402
from engine import PRESETS, Hand, Phase, Rules  # noqa: E402
from engine.observation import observe  # noqa: E402
from engine.rng import SplitMix64, derive_seed  # noqa: E402


def times(level: str, rules: Rules, hands: int, seed: int) -> dict[str, list[float]]:
    """Seconds per decision, bids and other decisions apart."""
    out: dict[str, list[float]] = {"bids": [], "play": []}
    rng = SplitMix64(seed)
    for i in range(hands):
        bots = [make_bot(level, rng.fork()) for _ in range(rules.players)]
        hand = Hand.new(rules, derive_seed(seed, i), i % rules.players)
        while not hand.is_over:
            seat = hand.to_act
            obs = observe(hand, seat)
            start = time.perf_counter()
            action = bots[seat].act(obs)
            out["bids" if hand.phase == Phase.AUCTION else "play"].append(
                time.perf_counter() - start)
            hand.apply(action, seat)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--level", default="normal")
    parser.add_argument("--hands", type=int, default=20)
    parser.add_argument("--preset", nargs="*", default=["standard", "american", "six-handed"])
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    for preset in args.preset:
        for kind, ts in times(args.level, PRESETS[preset], args.hands, args.seed).items():
            ts.sort()
            print(f"{args.level} {preset:>11} {kind:>4}: {len(ts)} decisions, ms median "
                  f"{1000 * statistics.median(ts):.2f}, 99th percentile "
                  f"{1000 * ts[int(len(ts) * 0.99)]:.2f}, worst {1000 * ts[-1]:.1f}")


if __name__ == "__main__":
    main()
