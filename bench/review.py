"""The hand review's analysis time per hand, piece by piece as the worker answers it
(bots/review.py): the bidder's double-dummy tricks, every card played, each side's
best contract; and the nodes searched (the same on any machine, under any load).  Hands
dealt from seeds and played by the normal bots.

    python3 bench/review.py [hands]                 (CPython)
    node bench/pyodide_review.mjs [site] [hands]    (Pyodide: runs this file)
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

if __name__ == "__main__":  # run from a checkout (Pyodide runs it from the wheel)
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bots import review  # noqa: E402
from bots.registry import make_bot  # noqa: E402
from engine.hand import Hand  # noqa: E402
from engine.observation import observe  # noqa: E402
from engine.rng import SplitMix64  # noqa: E402
from engine.rules import PRESETS  # noqa: E402


def played_hands(count: int, seed: int = 7) -> list[Hand]:
    """``count`` standard hands that reached the play, played by the normal bots."""
    rng, out = SplitMix64(seed), list[Hand]()
    while len(out) < count:
        hand = Hand.new(PRESETS["standard"], rng.next_u64(), rng.below(4))
        bots = [make_bot("normal", rng.fork()) for _ in range(4)]
        while not hand.is_over:
            hand.push(bots[hand.to_act].act(observe(hand, hand.to_act)))
        if hand.contract is not None and hand.tricks:
            out.append(hand)
    return out


def review_times(hand: Hand) -> tuple[float, float, float, int]:
    """(the bidder's tricks and every card, everything, the slowest piece), in seconds,
    and the nodes searched in all, the pieces asked of one :class:`bots.review.Analysis` in the
    order the review asks them."""
    pieces = []
    analysis = review.Analysis(hand)
    start = time.perf_counter()
    guess = analysis.makeable()
    pieces.append(time.perf_counter() - start)
    for trick in range(1, 11):
        t = time.perf_counter()
        verdicts = analysis.trick_verdicts(trick, None, guess)
        pieces.append(time.perf_counter() - t)
        if verdicts:
            guess = verdicts[-1].played
    core = time.perf_counter() - start
    for side in review.sides(hand):
        t = time.perf_counter()
        analysis.best_contract(side)
        pieces.append(time.perf_counter() - t)
    return core, time.perf_counter() - start, max(pieces), analysis.searched


def main(count: int) -> str:
    rows = []
    for number, hand in enumerate(played_hands(count)):
        rows.append(review_times(hand))
        *times, searched = rows[-1]
        print(f"hand {number + 1} ({hand.contract}): " + ", ".join(f"{t * 1000:.0f} ms" for t in times)
              + f", {searched} nodes", flush=True)
    lines = [f"Python {sys.version.split()[0]}, {count} hands (standard, played by the normal bots)"]
    for column, name in enumerate(("bidder's tricks and every card", "the whole review",
                                   "the slowest single piece")):
        values = [r[column] for r in rows]
        lines.append(f"{name:34s} median {statistics.median(values) * 1000:7.0f} ms, "
                     f"worst {max(values) * 1000:7.0f} ms")
    nodes = [r[3] for r in rows]
    lines.append(f"{'nodes searched, the whole review':34s} median {statistics.median(nodes):7.0f},    "
                 f"worst {max(nodes):7.0f}")
    return "\n".join(lines)


if __name__ == "__main__":
    print(main(int(sys.argv[1]) if len(sys.argv) > 1 else 20))
