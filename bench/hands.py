"""Benchmark: random complete hands per second in CPython, for each preset.

Every action is drawn uniformly from the legal actions, from the deal to the
score (thrown-in hands count as hands).  Deals come from our SplitMix64 deal
codes; the harness picks actions with ``random.Random`` (its C generator costs
the least, so the figure is the engine's).  Deterministic for a Python
version.  Usage: ``python bench/hands.py [--hands N] [--preset NAME] [--repeat R]``.

``--against DIR`` compares another tree (say ``git worktree add /tmp/old d0f5476``) with
this one side by side: one worker process per tree, asked in turn (only one runs at a
time, which goes first alternating), ``--repeat`` rounds of ``--hands`` hands a preset,
the best rate of each kept, in CPU time (other work on the machine slows it less than
the clock); then the after/before ratio of each preset and the load average seen.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import PRESETS, Hand, Rules  # noqa: E402
from engine.rng import SplitMix64  # noqa: E402


def hands_per_second(rules: Rules, hands: int, seed: int = 1,
                     clock: Callable[[], float] = time.perf_counter) -> float:
    """Play ``hands`` random hands and return the rate."""
    seeds = SplitMix64(seed)
    pick = random.Random(seed).random
    players = rules.players
    start = clock()
    for i in range(hands):
        hand = Hand.new(rules, seeds.next_u64(), i % players)
        while hand.result is None:
            legal = hand.legal_actions()
            hand.push(legal[int(pick() * len(legal))])
    return hands / (clock() - start)


def worker() -> None:
    """Answer lines ``PRESET HANDS`` on stdin with the rate in CPU time (for ``--against``),
    0 for a preset this tree does not have."""
    for line in sys.stdin:
        name, hands = line.split()
        rate = hands_per_second(PRESETS[name], int(hands), clock=time.process_time) \
            if name in PRESETS else 0.0
        print(rate, flush=True)


def compare(other: Path, presets: list[str], hands: int, rounds: int) -> None:
    """This tree against ``other`` side by side (see the module's docstring)."""
    trees = [other.resolve(), Path(__file__).resolve().parent.parent]
    # the tree's engine imported first, so this file's own imports find it already loaded
    code = ("import sys, runpy; sys.path.insert(0, sys.argv[1]); import engine, engine.rng; "
            f"runpy.run_path({str(Path(__file__).resolve())!r}, run_name='worker')")
    workers = [subprocess.Popen([sys.executable, "-c", code, str(t)], stdin=subprocess.PIPE,
                                stdout=subprocess.PIPE, text=True) for t in trees]
    best = {name: [0.0, 0.0] for name in presets}
    loads = []
    for r in range(rounds):
        for name in presets:
            for k in (0, 1) if r % 2 == 0 else (1, 0):
                stdin, stdout = workers[k].stdin, workers[k].stdout
                assert stdin is not None and stdout is not None
                stdin.write(f"{name} {hands}\n")
                stdin.flush()
                best[name][k] = max(best[name][k], float(stdout.readline()))
            loads.append(os.getloadavg()[0])
    for w in workers:
        assert w.stdin is not None
        w.stdin.close()
        w.wait()
    print(f"{trees[0]} (before) and {trees[1]} (after): {rounds} rounds of {hands} hands, "
          f"CPU time, best of each; load average {min(loads):.1f} to {max(loads):.1f}")
    for name in presets:
        before, after = best[name]
        ratio = f"after/before {after / before:.3f}" if before and after else "(one tree lacks it)"
        print(f"{name:18s} before {before:6.0f}  after {after:6.0f} hands/s  {ratio}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=3000)
    parser.add_argument("--repeat", type=int, default=3, help="best of R runs")
    parser.add_argument("--preset", choices=sorted(PRESETS), action="append")
    parser.add_argument("--against", type=Path, help="another tree to compare, side by side")
    args = parser.parse_args()
    if args.against:
        compare(args.against, args.preset or list(PRESETS), args.hands, args.repeat)
        return
    print(f"Python {platform.python_version()} ({platform.python_implementation()}), "
          f"{args.hands} random hands per run, best of {args.repeat}")
    for name in args.preset or list(PRESETS):
        best = max(hands_per_second(PRESETS[name], args.hands) for _ in range(args.repeat))
        print(f"{name:18s} {best:8.0f} hands/s")


if __name__ == "__main__":
    main()
elif __name__ == "worker":
    worker()
